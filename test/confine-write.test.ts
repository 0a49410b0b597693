// Writes the project's own settings direct stay inside the project: a linked templates folder
// (a repository can hold a symbolic link) does not lead `new` out of it, nor does the config's
// typesOut lead `types` out; a path the user names on the command line is theirs.
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { escapesProject } from '../src/files/confine-write.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = (extra = '') => `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A} }\nchannels: { wa: { kind: whatsapp } }\n${extra}`;

test('escapesProject: lexically, through a link, and not for what stays inside', () => {
  const root = tempDir('tplsync-confine-');
  const outside = tempDir('tplsync-outside-');
  try {
    mkdirSync(path.join(root, 'inside'));
    symlinkSync(outside, path.join(root, 'linked'));
    assert.is(escapesProject(root, path.join(root, 'inside', 'a.yaml')), undefined);
    assert.is(escapesProject(root, path.join(root, 'not-yet', 'deeper', 'a.ts')), undefined);
    assert.ok(escapesProject(root, path.join(root, '..', 'x.ts')));
    assert.match(escapesProject(root, path.join(root, 'linked', 'a.yaml'))!, path.basename(outside));
  } finally { cleanup(root); cleanup(outside); }
});

test('new refuses a project folder that is a link out of the project; a folder named outside is allowed', async () => {
  const dir = tempDir('tplsync-confine-');
  const outside = tempDir('tplsync-outside-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG() });
    symlinkSync(outside, path.join(dir, 'templates'));
    const r = await cliIn(['new', '--channel', 'wa', '--name', 'welcome', '--dir', 'templates'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'leads out of the project through a link');
    assert.equal(readdirSync(outside), [], 'nothing written outside');
    const named = await cliIn(['new', '--channel', 'wa', '--name', 'welcome', '--dir', outside], { cwd: dir });
    assert.is(named.exitCode, 0, named.stderr);
  } finally { cleanup(dir); cleanup(outside); }
});

test('pull (--id, --from) and translations export refuse a project folder that is a link out of it, as new does; nothing is written outside', async () => {
  const dir = tempDir('tplsync-confine-');
  const outside = tempDir('tplsync-outside-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG(),
      'meta.json': JSON.stringify({ data: [{ name: 'welcome', language: 'en_US', status: 'APPROVED', category: 'UTILITY', id: '1', components: [{ type: 'BODY', text: 'Hello there, your order is ready now.' }] }] }),
    });
    symlinkSync(outside, path.join(dir, 'templates'));
    const from = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'wa'], { cwd: dir });
    assert.is(from.exitCode, 3, from.stdout + from.stderr);
    assert.match(from.stderr, "templates (where the config's templates globs start) leads out of the project through a link");
    const byId = await cliIn(['pull', '--channel', 'wa', '--id', '2b9f160d-0000-4000-8000-000000000000', '--dir', 'templates/sub'], { cwd: dir });
    assert.is(byId.exitCode, 3, byId.stdout + byId.stderr);
    assert.match(byId.stderr, '--dir templates/sub leads out of the project through a link');
    // the templates themselves in a real folder; the translations folder a link
    const real = path.join(dir, 'real');
    mkdirSync(real);
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG().replace('templates/**/*.yaml', 'real/**/*.yaml'), 'real/a.en_US.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n' });
    symlinkSync(outside, path.join(dir, 'translations'));
    const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de'], { cwd: dir });
    assert.is(ex.exitCode, 3, ex.stdout + ex.stderr);
    assert.match(ex.stderr, 'translations/ (the default --out) leads out of the project through a link');
    assert.equal(readdirSync(outside), [], 'nothing written outside');
    const named = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', outside], { cwd: dir });
    assert.is(named.exitCode, 0, named.stderr);
  } finally { cleanup(dir); cleanup(outside); }
});

test('the embedded emulator\'s state is never written out of the project: a path leading out, a linked .tplsync', async () => {
  const dir = tempDir('tplsync-confine-emu-');
  const outside = tempDir('tplsync-outside-');
  try {
    const T = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup."\n  examples: { 1: Ana }\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG().replace('.tplsync/e.json', `${path.relative(dir, outside)}/state.json`), 'templates/order.yaml': T });
    let r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, "environments.local.emulator: the emulator's state would be written to");
    assert.match(r.stderr, 'outside the project\'s folder');
    // a .tplsync that is a link out of the project
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG() });
    symlinkSync(outside, path.join(dir, '.tplsync'));
    r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'through a linked folder');
    assert.equal(readdirSync(outside), [], 'nothing written outside');
  } finally { cleanup(dir); cleanup(outside); }
});

test('types refuses a typesOut that leads out of the project; --out names any path', async () => {
  const dir = tempDir('tplsync-confine-');
  const outside = tempDir('tplsync-outside-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG('typesOut: ../escaped-types.ts\n'),
      'templates/a.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const r = await cliIn(['types'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'typesOut in tplsync.config.yaml leads out of the project');
    assert.not.ok(existsSync(path.join(dir, '..', 'escaped-types.ts')));
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('typesOut: gen/types.ts\n') });
    symlinkSync(outside, path.join(dir, 'gen'));
    const linked = await cliIn(['types'], { cwd: dir });
    assert.is(linked.exitCode, 3, linked.stdout + linked.stderr);
    assert.equal(readdirSync(outside), []);
    const named = await cliIn(['types', '--out', path.join(outside, 't.ts')], { cwd: dir });
    assert.is(named.exitCode, 0, named.stderr);
  } finally { cleanup(dir); cleanup(outside); }
});

test.run();
