// The `# yaml-language-server: $schema=` line of the files tplsync writes (init, new, pull) names
// the schema through the project's node_modules/tplsync when the project has it there, not the
// real path Node runs the package from: behind a link (pnpm's .pnpm/tplsync@1.2.3/..., a linked
// checkout) that path names one version's folder, or another folder of the machine.
import { existsSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { startEmulator } from '../src/emulator/server.ts';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, schemaModelinePath } from '../src/config/load.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

/** a project whose node_modules/tplsync is a link to this checkout, as pnpm and `npm link` make it */
function linkedProject(): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'));
  return dir;
}

test('the modeline names node_modules/tplsync/schema, from the folder a file is written to', async () => {
  const dir = linkedProject();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'environments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n' });
    const config = await loadConfig({ cwd: dir });
    assert.is(schemaModelinePath(config, path.join(dir, 'templates', 'deep')), '../../node_modules/tplsync/schema/template.schema.json');
  } finally { cleanup(dir); }
});

test('without tplsync in the project (npx, a global install), the modeline names where it runs from', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'environments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n' });
    const config = await loadConfig({ cwd: dir });
    const shown = schemaModelinePath(config, path.join(dir, 'templates'));
    assert.is(path.resolve(dir, 'templates', shown), path.join(ROOT, 'schema', 'template.schema.json'));
  } finally { cleanup(dir); }
});

test('init and new write the node_modules path into the config and the templates', async () => {
  const dir = linkedProject();
  try {
    const r = await cliIn(['init', '--yes', '--channel', 'wa'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), '$schema=node_modules/tplsync/schema/config.schema.json');
    const n = await cliIn(['new', '--name', 'order_ready', '--channel', 'wa', '--language', 'en_US'], { cwd: dir });
    assert.is(n.exitCode, 0, n.stdout + n.stderr);
    const written = n.stdout.match(/templates\/\S+\.yaml/)?.[0] ?? 'templates/order_ready.en_US.yaml';
    assert.match(readFileSync(path.join(dir, written), 'utf8'), '$schema=../node_modules/tplsync/schema/template.schema.json');
  } finally { cleanup(dir); }
});

// trial-t F11: a folder linked into the project (templates/Shared Bank -> ../../shared/bank-templates). pull --force wrote
// a modeline counted from the link's folder, which resolved only there: from the file's real folder (where git keeps it,
// where an editor opened on the shared folder looks) it named a file that does not exist. It is counted from the real folder.
test('pull --force into a template reached through a linked folder adds no modeline; a modeline of that folder resolves from the folder the file really lies in', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const root = tempDir('tplsync-modeline-linked-');
  const env = { TPLSYNC_API_KEY: 'k' };
  const tpl = (when: string) => `channel: wa\nname: loan_offer\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your loan offer is ready ${when}."\n  examples: { "1": Ana }\n`;
  try {
    const proj = path.join(root, 'packages', 'bank');
    writeFiles(root, {
      'packages/bank/tplsync.config.yaml': `templates: ["templates/*.yaml", "templates/Shared Bank/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n`,
      'shared/bank-templates/loan_offer.en_US.yaml': tpl('today'),
    });
    mkdirSync(path.join(proj, 'node_modules'));
    symlinkSync(ROOT, path.join(proj, 'node_modules', 'tplsync'));
    mkdirSync(path.join(proj, 'templates'));
    symlinkSync('../../../shared/bank-templates', path.join(proj, 'templates', 'Shared Bank'));
    const real = path.join(root, 'shared', 'bank-templates', 'loan_offer.en_US.yaml');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: proj, env })).exitCode, 0);
    writeFiles(root, { 'shared/bank-templates/loan_offer.en_US.yaml': tpl('now') });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: proj, env })).exitCode, 0);
    emu.advanceClock(25 * 3600_000);
    writeFiles(root, { 'shared/bank-templates/loan_offer.en_US.yaml': tpl('today') });
    const plan = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: proj, env })).stdout) as { changes: { publicId: string }[] };
    const pulled = await cliIn(['pull', '--channel', 'wa', '--id', plan.changes[0]!.publicId, '--force'], { cwd: proj, env });
    assert.is(pulled.exitCode, 0, pulled.stdout + pulled.stderr);
    const text = readFileSync(real, 'utf8');
    assert.match(text, 'ready now');
    // pull --force edits a file that exists in place: no modeline the user did not write
    assert.not.match(text, '$schema=');
    // the modeline a new file of that folder gets resolves from where the folder really lies
    const config0 = await loadConfig({ cwd: proj });
    const shown = schemaModelinePath(config0, path.join(proj, 'templates', 'Shared Bank'));
    assert.ok(shown);
    const from = path.resolve(path.dirname(realpathSync(real)), shown!);
    assert.ok(existsSync(from), `${shown} from ${path.dirname(real)}: ${from}`);
    assert.is(realpathSync(from), realpathSync(path.join(ROOT, 'schema', 'template.schema.json')));
    assert.match(shown!, 'node_modules/tplsync/schema/template.schema.json');
    // a folder of the project itself: as before
    const config = await loadConfig({ cwd: proj });
    assert.is(schemaModelinePath(config, path.join(proj, 'templates', 'deep')), '../../node_modules/tplsync/schema/template.schema.json');
    assert.is(schemaModelinePath(config, path.join(proj, 'templates', 'Shared Bank', 'sub')), '../../../packages/bank/node_modules/tplsync/schema/template.schema.json');
  } finally { cleanup(root); await emu.close(); }
});

test.run();
