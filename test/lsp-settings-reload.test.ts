// The server follows the config and the files on disk whatever the editor can watch. Seen in an
// editor trial (Neovim on Linux declares no dynamic registration of watched files): saving the
// config in the editor changed nothing until the server restarted, and templates changed on disk
// by git were never read again unless open. Now the config's save (didSave, or its didChange once
// the disk differs from what was loaded) reloads the project, and a client that cannot watch gets
// the server's own watcher of the project's folders (src/lsp/watch.ts).
import { mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { foldersToWatch, globBases } from '../src/lsp/watch.ts';
import { inProjectDir } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\nchannels:\n  wa: { kind: whatsapp }\nrules:\n  footer: warning\n';
const TEMPLATE = 'channel: wa\nname: legacy_one\nlanguage: en\ncategory: UTILITY\nbody:\n  text: "Your parcel {{1}} is ready at the desk, see you soon again."\n  examples: { 1: P-1 }\nfooter: "Thanks {{1}}"\n';

test('the config saved in the editor reloads the project with no watched-files notification (the client watches nothing)', () => inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/legacy/old.en.yaml': TEMPLATE }, async (dir) => {
  const config = path.join(dir, 'tplsync.config.yaml');
  const file = path.join(dir, 'templates/legacy/old.en.yaml');
  // the client registers watchers (so the server runs none of its own) but never reports a change: only didSave says it
  await withLsp(dir, { capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } }, async (c) => {
    await c.waitFor(() => JSON.stringify(c.codes(file)) === '[["footer",2]]', 'the footer warning');
    await c.open(config, CONFIG);
    const off = CONFIG.replace('footer: warning', 'footer: off');
    await c.change(config, off, 2);
    writeFileSync(config, off);
    await c.save(config);
    await c.waitFor(() => c.codes(file).length === 0, 'the footer finding gone after the save');
    // typed and saved by an editor that sends no didSave: its next didChange finds the disk changed
    const error = CONFIG.replace('footer: warning', 'footer: error');
    writeFileSync(config, error);
    await c.change(config, error, 3);
    await c.waitFor(() => JSON.stringify(c.codes(file)) === '[["footer",1]]', 'the footer an error after the next change');
  });
}));

test('a client that cannot watch: the server watches the project\'s folders itself (templates added, changed and deleted by git; the config)', () => inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/legacy/old.en.yaml': TEMPLATE }, async (dir) => {
  const config = path.join(dir, 'tplsync.config.yaml');
  const file = path.join(dir, 'templates/legacy/old.en.yaml');
  const twin = path.join(dir, 'templates/new/twin.en.yaml');
  await withLsp(dir, { capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: false } } } }, async (c) => {
    await c.waitFor(() => JSON.stringify(c.codes(file)) === '[["footer",2]]', 'the footer warning');
    assert.is(c.registrations.length, 0, 'nothing registered with a client that cannot watch');
    // a checkout: a new folder with a template of the same name (duplicate-template in both)
    mkdirSync(path.dirname(twin), { recursive: true });
    writeFileSync(twin, TEMPLATE);
    await c.waitFor(() => c.codes(file).some(([id]) => id === 'duplicate-template') && c.codes(twin).some(([id]) => id === 'duplicate-template'), 'the duplicate found');
    // changed on disk: renamed, no duplicate any more (the same body is a duplicate-content warning still)
    writeFileSync(twin, TEMPLATE.replace('legacy_one', 'legacy_two'));
    await c.waitFor(() => !c.codes(file).some(([id]) => id === 'duplicate-template'), 'the duplicate gone');
    // the config changed on disk (outside the editor)
    writeFileSync(config, CONFIG.replace('footer: warning', 'footer: off'));
    await c.waitFor(() => ![...c.codes(file), ...c.codes(twin)].some(([id]) => id === 'footer'), 'the config reloaded');
  });
}));

test('a policy plugin changed on disk (the watched-files notification names it alone) reloads the project with its new version', () => {
  const plugin = (v: string): string => `export default [{\n  id: 'brand/no-shouting', severity: 'warning',\n  check(ctx) { const t = ctx.t?.body?.text; const m = typeof t === 'string' ? /\\b[A-Z]{4,}\\b/.exec(t) : null; if (m) ctx.report(['body', 'text'], '${v}: no shouting: ' + m[0]); },\n}];\n`;
  return inProjectDir({
    'tplsync.config.yaml': `${CONFIG}policies:\n  - plugin: ./policies/brand.mjs\n`, 'policies/brand.mjs': plugin('V1'),
    'templates/shout.en.yaml': TEMPLATE.replace('is ready', 'is READY').replace('footer: "Thanks {{1}}"\n', ''),
  }, async (dir) => {
    const file = path.join(dir, 'templates/shout.en.yaml');
    const messages = (c: { diags: Map<string, { message: string }[]> }): string[] => (c.diags.get(uri(file)) ?? []).map((d) => d.message);
    await withLsp(dir, { capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } }, async (c) => {
      await c.waitFor(() => messages(c).includes('V1: no shouting: READY'), 'the plugin\'s finding');
      writeFileSync(path.join(dir, 'policies/brand.mjs'), plugin('V2'));
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(path.join(dir, 'policies/brand.mjs')), type: 2 }] });
      await c.waitFor(() => messages(c).includes('V2: no shouting: READY'), 'the new version\'s finding');
    });
  });
});

test('foldersToWatch: each file\'s folder and those between it and the root', () => {
  const r = path.join(path.sep, 'p');
  assert.equal([...foldersToWatch(r, [path.join(r, 'templates/a/b/x.yaml'), path.join(r, 'tplsync.config.yaml')])].sort(), [r, path.join(r, 'templates'), path.join(r, 'templates/a'), path.join(r, 'templates/a/b')].sort());
  // a file outside the root (a plugin elsewhere): its own folder only
  assert.equal([...foldersToWatch(r, [path.join(path.sep, 'q/plugin.mjs')])].sort(), [r, path.join(path.sep, 'q')].sort());
});

test('a client that cannot watch: a folder whose last template was deleted is still watched (restored, new files read); a folder renamed away is noticed (trial-r F1)', () => inProjectDir({
  'tplsync.config.yaml': CONFIG, 'templates/a/one.en.yaml': TEMPLATE, 'templates/b/two.en.yaml': TEMPLATE.replace('legacy_one', 'legacy_two').replace('Your parcel', 'Our parcel'),
}, async (dir) => {
  const one = path.join(dir, 'templates/a/one.en.yaml');
  const two = path.join(dir, 'templates/b/two.en.yaml');
  const three = path.join(dir, 'templates/b/three.en.yaml');
  const text = readFileSync(two, 'utf8');
  await withLsp(dir, { capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: false } } } }, async (c) => {
    await c.waitFor(() => JSON.stringify(c.codes(two)) === '[["footer",2]]', 'two published');
    // the folder's last template deleted (a checkout of a branch without it): its findings cleared
    const before = c.publications.length;
    unlinkSync(two);
    await c.waitFor(() => c.publications.slice(before).some((p) => p.uri === uri(two) && p.diagnostics.length === 0), 'two cleared');
    // written there again, with an error: read
    writeFileSync(two, text.replace('UTILITY', 'UTILTY'));
    await c.waitFor(() => c.codes(two).some(([id]) => id === 'category'), 'the restored file read');
    // a new file in that folder: read (a duplicate of one: both flagged)
    writeFileSync(three, TEMPLATE);
    await c.waitFor(() => c.codes(three).some(([id]) => id === 'duplicate-template') && c.codes(one).some(([id]) => id === 'duplicate-template'), 'the new file read');
    // the folder renamed out of the project (no folder watched sees it arrive): its files' findings cleared, the duplicate gone
    const away = `${dir}-b-old`;
    renameSync(path.join(dir, 'templates/b'), away);
    await c.waitFor(() => c.codes(two).length === 0 && c.codes(three).length === 0 && !c.codes(one).some(([id]) => id === 'duplicate-template'), 'the renamed folder noticed');
    // and renamed back: read again
    renameSync(away, path.join(dir, 'templates/b'));
    await c.waitFor(() => c.codes(two).some(([id]) => id === 'category') && c.codes(one).some(([id]) => id === 'duplicate-template'), 'the folder back');
  });
}));

test('a client that watches its workspace folder only (dynamic registration): a config above the folder changed on disk is read again (trial-r F7)', () => inProjectDir({
  'tplsync.config.yaml': CONFIG, 'templates/wa/old.en.yaml': TEMPLATE, 'templates/other/two.en.yaml': TEMPLATE.replace('legacy_one', 'legacy_two').replace('Your parcel', 'Our parcel'),
}, async (dir) => {
  const file = path.join(dir, 'templates/wa/old.en.yaml');
  const folder = path.join(dir, 'templates/wa');
  // string globs only (no relativePatternSupport): the client reports nothing outside the folder; the server watches that itself
  await withLsp(dir, { folders: [folder], capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } }, async (c) => {
    await c.waitFor(() => JSON.stringify(c.codes(file)) === '[["footer",2]]', 'the footer warning');
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replace('footer: warning', 'footer: off'));
    await c.waitFor(() => c.codes(file).length === 0, 'the config above the folder read again');
  });
  // a client that takes RelativePattern: the config and the templates globs registered anchored at the config's folder
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG);
  await withLsp(dir, { folders: [folder], capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true } } } }, async (c) => {
    await c.waitFor(() => JSON.stringify(c.codes(file)) === '[["footer",2]]', 'the footer warning');
    const patterns = (): unknown[] => (c.registrations as { registrations: { registerOptions: { watchers: { globPattern: unknown }[] } }[] }[])
      .flatMap((r) => r.registrations.flatMap((x) => x.registerOptions.watchers.map((w) => w.globPattern)));
    await c.waitFor(() => patterns().length > 2, 'the relative patterns registered');
    const base = uri(dir);
    assert.ok(patterns().some((g) => JSON.stringify(g) === JSON.stringify({ baseUri: base, pattern: 'tplsync.config.yaml' })), JSON.stringify(patterns()));
    assert.ok(patterns().some((g) => JSON.stringify(g) === JSON.stringify({ baseUri: base, pattern: 'templates/**/*.yaml' })), JSON.stringify(patterns()));
    // told of the config's change by the client (as VS Code does for a registered relative pattern): reloaded
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replace('footer: warning', 'footer: off'));
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(path.join(dir, 'tplsync.config.yaml')), type: 2 }] });
    await c.waitFor(() => c.codes(file).length === 0, 'the config read again');
  });
}));

test('globBases: the fixed folder of each glob under the config\'s folder; a negated glob none', () => {
  const r = path.join(path.sep, 'p');
  assert.equal(globBases(r, ['templates/**/*.{yaml,yml}', 'rcs/*.yaml', '!templates/legacy/**', 'one/file.yaml', '**/*.yaml']), [path.join(r, 'templates'), path.join(r, 'rcs'), path.join(r, 'one'), r]);
});

test.run();
