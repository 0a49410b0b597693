// pull of a template whose file was deleted and not committed (trial-s F1): an RCS template has no
// Meta export to take names from (--names-from meta), and the channel numbers placeholders. The file
// git has at HEAD is the one pulled back: at its place, with its names and samples where its texts
// are the channel's once numbered; and lint, when a variant numbers what its siblings name, blames
// that variant, not the translations.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const EN = 'channel: rcs\nname: trip_reminder\nlanguage: en_US\nmessage:\n  type: text\n  message: "Your trip to {{city}} is coming up."\n  examples: { city: Lisbon }\n';
const DE = 'channel: rcs\nname: trip_reminder\nlanguage: de\nmessage:\n  type: text\n  message: "Ihre Reise nach {{city}} steht bevor."\n  examples: { city: Lissabon }\n';
const FILE = 'templates/rcs/trip_reminder.en_US.yaml';
const env = { TPLSYNC_API_KEY: 'k' };

test('F1: a deleted RCS file pulled back where git has it, with its names and samples; lint clean', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-deleted-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { rcs: ${CHANNEL_B} }\nchannels:\n  rcs: { kind: rcs }\n`, [FILE]: EN, 'templates/rcs/trip_reminder.de.yaml': DE });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    rmSync(path.join(dir, FILE));
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(CHANNEL_B, 'trip_reminder', 'en_US')], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    // at its place, not in templates/ (pull's --dir default)
    assert.not.ok(existsSync(path.join(dir, 'templates/trip_reminder.en_US.yaml')));
    // git's version says what the channel has: written back as git has it, byte for byte (trial-bm F2), its names and samples with it
    assert.is(readFileSync(path.join(dir, FILE), 'utf8'), EN);
    assert.match(r.stderr, `trip_reminder/en_US: its file was deleted (not committed): written back at ${FILE} as git has it`);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout);
    // trial-x F4: with --dir, written there, and said so: git's place stays deleted (it said "where git has it")
    rmSync(path.join(dir, FILE));
    const d = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(CHANNEL_B, 'trip_reminder', 'en_US'), '--dir', 'pulled'], { cwd: dir, env });
    assert.is(d.exitCode, 0, d.stderr);
    assert.ok(existsSync(path.join(dir, 'pulled/trip_reminder.en_US.yaml')));
    assert.not.ok(existsSync(path.join(dir, FILE)));
    assert.match(readFileSync(path.join(dir, 'pulled/trip_reminder.en_US.yaml'), 'utf8'), 'message: Your trip to {{city}} is coming up.');
    assert.match(readFileSync(path.join(dir, 'pulled/trip_reminder.en_US.yaml'), 'utf8'), /city: Lisbon/);
    assert.match(d.stderr, `trip_reminder/en_US: its file was deleted (not committed): written at pulled/trip_reminder.en_US.yaml (--dir), not where git has it: ${FILE} stays deleted (pull without --dir writes it back there), with the placeholder names`);
    assert.not.match(d.stderr, /, where git has it/);
    // verify-13 NEW-3: a deletion staged with `git rm` is a deletion not committed too (ls-files --deleted left it out:
    // pulled as a new file, its placeholders numbered, nothing said)
    rmSync(path.join(dir, 'pulled'), { recursive: true });
    git('rm', '-q', FILE);
    const staged = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(CHANNEL_B, 'trip_reminder', 'en_US')], { cwd: dir, env });
    assert.is(staged.exitCode, 0, staged.stderr);
    assert.match(staged.stderr, `trip_reminder/en_US: its file was deleted (not committed): written back at ${FILE} as git has it`);
    assert.is(readFileSync(path.join(dir, FILE), 'utf8'), EN);
  } finally { cleanup(dir); await emu.close(); }
});

// verify-15 NEW-B: a deleted file pulled back into a subfolder got the modeline counted for pull's default folder
// (templates/): `../schema/...` from templates/rcs/deep/ named no file, and the editor lost the schema. Each writer
// counts it from the folder the file is written in: the file written back, --force over it, --dir, new --dir.
test('NEW-B: the $schema modeline of a file written back in a nested folder names the schema from that folder', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-deleted-modeline-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  const nested = 'templates/rcs/deep/trip_reminder.en_US.yaml';
  const schemaOf = (file: string): string => {
    const line = /^# yaml-language-server: \$schema=(.+)$/m.exec(readFileSync(path.join(dir, file), 'utf8'))?.[1];
    assert.ok(line, `${file} has a modeline`);
    return path.join(path.dirname(path.join(dir, file)), line!);
  };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { rcs: ${CHANNEL_B} }\nchannels:\n  rcs: { kind: rcs }\n`, [nested]: EN,
      // the project's own schema, so that the path is one of the project's
      'schema/template.schema.json': '{}\n' });
    const schema = path.join(dir, 'schema/template.schema.json');
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const id = templateId(CHANNEL_B, 'trip_reminder', 'en_US');
    // git's version says otherwise than the channel (a text edit committed, not applied): written in pull's layout, with a
    // modeline (one that says what the channel has is written back as git has it, its own modeline or none)
    writeFiles(dir, { [nested]: EN.replace('coming up', 'near') });
    git('commit', '-qam', 'edit');
    rmSync(path.join(dir, nested));
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', id], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, `written back at ${nested}, where git has it`);
    assert.is(schemaOf(nested), schema);
    assert.match(readFileSync(path.join(dir, nested), 'utf8'), '$schema=../../../schema/template.schema.json');
    // pull --force over the file there: its own lines kept, no modeline added (a new file's); --dir of the deleted file
    // into another nested folder: the same count
    writeFiles(dir, { [nested]: EN.replace('coming up', 'soon') });
    assert.is((await cliIn(['pull', '--channel', 'rcs', '--id', id, '--force'], { cwd: dir, env })).exitCode, 0);
    assert.not.match(readFileSync(path.join(dir, nested), 'utf8'), /yaml-language-server|Pulled from/);
    rmSync(path.join(dir, nested));
    assert.is((await cliIn(['pull', '--channel', 'rcs', '--id', id, '--dir', 'elsewhere/a/b'], { cwd: dir, env })).exitCode, 0);
    assert.is(schemaOf('elsewhere/a/b/trip_reminder.en_US.yaml'), schema);
    const n = await cliIn(['new', '--name', 'fresh_note', '--channel', 'rcs', '--language', 'en_US', '--dir', 'templates/x/y/z'], { cwd: dir, env });
    assert.is(n.exitCode, 0, n.stdout + n.stderr);
    assert.is(schemaOf('templates/x/y/z/fresh_note.en_US.yaml'), schema);
  } finally { cleanup(dir); await emu.close(); }
});

test('F1: a variant that numbers the placeholders its siblings name is the one reported, with the names to write back', async () => {
  const dir = tempDir('tplsync-numbered-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: http://127.0.0.1:9\n    channels: { rcs: ${CHANNEL_B} }\nchannels:\n  rcs: { kind: rcs }\n`,
      'templates/trip_reminder.en_US.yaml': EN.replace('{{city}}', '{{1}}').replace('examples: { city: Lisbon }', 'examples: { 1: Lisbon }'),
      // de records that it was translated from en_US: before, the source judged it, and de was told to be translated again
      'templates/rcs/trip_reminder.de.yaml': `${DE}translated_from:\n  language: en_US\n  texts:\n    message.message: "00000000"\n` });
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const found = (JSON.parse(lint.stdout) as { diagnostics: { file: string; ruleId: string; message: string }[] }).diagnostics.filter((d) => d.ruleId === 'variant-mismatch');
    assert.equal(found.map((f) => f.file), ['templates/trip_reminder.en_US.yaml']);
    assert.match(found[0]!.message, 'The en_US variant of rcs/trip_reminder numbers its placeholders in message.message ({{1}}) where the de variant names them ({{city}})');
    assert.match(found[0]!.message, 'Write the names back in this file ({{1}} is {{city}}); the other variants need no new translation.');
    assert.not.match(found[0]!.message, /translate it again|translations export/);
  } finally { cleanup(dir); }
});

// trial-bm F2: `pull --all` after a lost checkout (the files deleted, not committed) wrote every file back in pull's layout:
// its comments, quotes, flow mappings and modeline rewritten, a diff of noise in every file. Where the channel's copy says what
// git's version says, that version is written back byte for byte, and said so; where it does not (a category the channel
// changed), the file is written as before: the channel's copy with the names and samples of git's version.
test('F2: pull --all after the files were deleted (not committed): each whose channel copy says what git\'s version says is written back as git has it, byte for byte; one re-categorised on the channel is written as before', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-deleted-asgit-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  const SHIPPED = [
    '# yaml-language-server: $schema=../../node_modules/tplsync/schema/template.schema.json',
    '# shipping notice, owned by the logistics team',
    'channel: wa',
    'name: order_shipped',
    'language: en_US',
    "category: 'UTILITY'",
    'body:',
    '  text: "Hi {{customer}}, your order {{order_id}} has left our warehouse."',
    '  examples:',
    '    customer: Maria   # first name',
    "    order_id: 'A-1042'",
    'buttons: [ { type: QUICK_REPLY, text: "Track it" } ]',
    '',
  ].join('\n');
  const NUMBERED = '# numbered, as the console wrote it\nchannel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order {{1}} is ready."   # pickup\n  examples: { 1: A-7 }\n';
  const PROMO = '# spring campaign\nchannel: wa\nname: spring_note\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{customer}}, spring is here."\n  examples: { customer: Ana }   # a first name\n';
  const files = { 'templates/wa/order_shipped.en_US.yaml': SHIPPED, 'templates/wa/order_ready.en_US.yaml': NUMBERED, 'templates/wa/spring_note.en_US.yaml': PROMO };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId, next: nextCursor }\nchannels:\n  wa: { kind: whatsapp }\n`, ...files });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    // the platform re-categorises one of them
    const moved = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: templateId(CHANNEL_A, 'spring_note', 'en_US'), category: 'MARKETING' }) });
    assert.is(moved.status, 200, await moved.text());
    // a lost checkout: every file deleted, not committed
    rmSync(path.join(dir, 'templates'), { recursive: true });
    const r = await cliIn(['pull', '--all', '--channel', 'wa'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    for (const f of ['templates/wa/order_shipped.en_US.yaml', 'templates/wa/order_ready.en_US.yaml']) {
      assert.is(readFileSync(path.join(dir, f), 'utf8'), files[f as keyof typeof files], `${f}: as git has it, byte for byte`);
      assert.match(r.stderr, `its file was deleted (not committed): written back at ${f} as git has it`);
    }
    assert.is(git('status', '--porcelain', '--', 'templates/wa/order_shipped.en_US.yaml', 'templates/wa/order_ready.en_US.yaml'), '', 'git sees no change');
    // the re-categorised one: the channel's copy, in pull's layout, with git's names and samples, as before
    const spring = 'templates/wa/spring_note.en_US.yaml';
    const text = readFileSync(path.join(dir, spring), 'utf8');
    assert.match(r.stderr, `spring_note/en_US: its file was deleted (not committed): written back at ${spring}, where git has it, with the placeholder names and samples of that version`);
    assert.match(text, 'category: MARKETING');
    assert.match(text, 'Hi {{customer}}, spring is here.');
    assert.match(text, /customer: Ana/);
    assert.match(text, '# Pulled from t by tplsync');
    assert.not.match(text, '# spring campaign');
    assert.not.match(r.stderr, `written back at ${spring} as git has it`);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
