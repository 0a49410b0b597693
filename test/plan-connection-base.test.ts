// A pull request's plan job runs the branch's config with the environment's secret: a branch that
// moves the environment's baseUrl sends the key to the new host, and the plan comment the reviewers
// read said nothing (trial-au F5). `plan --base REF` now compares the settings that decide where the
// key goes (baseUrl, apiKeyEnv, allowInsecureHttp) and the code that runs beside it (policy plugins,
// a JavaScript config) with REF's config, and says each one that differs in every format.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { connectionAtConfigText, connectionChanges } from '../src/config/connection-at.ts';
import type { EnvironmentConfig } from '../src/config/load.ts';
import { CHANNEL_A, cleanup, cliIn, refusedUrl, tempDir, VALID, writeFiles } from './helpers.ts';
import { git } from './drift-repo.ts';

const config = (url: string, extra = ''): string => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${url}\n    apiKeyEnv: DEV_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n${extra}`;
const PLUGIN = (id: string): string => `export default [{ id: 'acme/${id}', severity: 'info', check() { return []; } }];\n`;

test('a branch that points the environment at another host, adds a plugin and edits one: each said in the text, Markdown and JSON plan with --base; none when the branch leaves them', async () => {
  const KEY = 'dev-key-5Xq8Lw2Pc9';
  // the base's host, and the one the branch moves the key to (both answer the key, so that the plan runs through)
  const [old, other] = await Promise.all([startEmulator({ keys: [KEY], reviewDelayMs: 0 }), startEmulator({ keys: [KEY], reviewDelayMs: 0 })]);
  const dir = tempDir('tplsync-connection-base-');
  const env = { DEV_KEY: KEY };
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config(old.url, 'policies:\n  - plugin: ./policies/kept.mjs\n'),
      'policies/kept.mjs': PLUGIN('kept'),
      'templates/order_ready.yaml': VALID,
    });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'base');
    // a branch that changes only a template: nothing to say
    git(dir, 'checkout', '-q', '-b', 'text-only');
    writeFiles(dir, { 'templates/order_ready.yaml': VALID.replace('ready for pickup', 'ready to collect') });
    git(dir, 'commit', '-qam', 'text');
    for (const format of ['text', 'markdown', 'json']) {
      const r = await cliIn(['plan', '--base', 'main', '--format', format], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.not.match(r.stdout, /[Cc]onnection/, `${format}: no connection note when the branch leaves the config's connection`);
    }
    // the branch of F5: another baseUrl (a trailing slash alone is no change), a new plugin, the kept plugin edited
    git(dir, 'checkout', '-q', '-b', 'evil', 'main');
    writeFiles(dir, {
      'tplsync.config.yaml': config(`${other.url}/`, 'policies:\n  - plugin: ./policies/kept.mjs\n  - plugin: ./policies/new.mjs\n'),
      'policies/new.mjs': PLUGIN('new'),
    });
    writeFileSync(path.join(dir, 'policies', 'kept.mjs'), `// reads nothing\n${PLUGIN('kept')}`);
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'innocent');
    const said = [`baseUrl ${other.url}/ (was ${old.url})`, 'policy plugin ./policies/kept.mjs changed', 'policy plugin ./policies/new.mjs is new'];
    const text = await cliIn(['plan', '--base', 'main'], { cwd: dir, env });
    assert.is(text.exitCode, 0, text.stdout + text.stderr);
    assert.match(text.stdout, `! Connection of dev changed since main: ${said.join('; ')}. This plan ran with these settings and the environment's API key`);
    const md = await cliIn(['plan', '--base', 'main', '--format', 'markdown', '--output', 'plan.md'], { cwd: dir, env });
    assert.is(md.exitCode, 0, md.stdout + md.stderr);
    const comment = readFileSync(path.join(dir, 'plan.md'), 'utf8');
    assert.match(comment, `⚠️ **Connection of dev changed since main: ${said.join('; ')}.`);
    assert.ok(comment.indexOf('⚠️ **Connection') < comment.indexOf('✅') || !comment.includes('✅'), 'above the verdict');
    const json = await cliIn(['plan', '--base', 'main', '--format', 'json'], { cwd: dir, env });
    assert.equal((JSON.parse(json.stdout) as { connectionChanged: unknown }).connectionChanged, { base: 'main', changes: said });
    // said on stderr before the key is sent: a plan the new host then fails (nothing listening there: exit 7) says it too
    assert.match(text.stderr, `tplsync: warning: Connection of dev changed since main: ${said.join('; ')}.`);
    const gone = await refusedUrl();
    writeFiles(dir, { 'tplsync.config.yaml': config(gone, 'policies:\n  - plugin: ./policies/kept.mjs\n  - plugin: ./policies/new.mjs\n') });
    const failed = await cliIn(['plan', '--base', 'main', '--format', 'json'], { cwd: dir, env });
    assert.is(failed.exitCode, 7, failed.stdout + failed.stderr);
    assert.match(failed.stderr, `tplsync: warning: Connection of dev changed since main: baseUrl ${gone} (was ${old.url})`);
    assert.not.match(failed.stderr, KEY);
    git(dir, 'checkout', '-q', '--', 'tplsync.config.yaml');
    // without --base: nothing compared, nothing said
    const bare = await cliIn(['plan'], { cwd: dir, env });
    assert.not.match(bare.stdout, /Connection of/);
    assert.not.match(text.stdout + comment + json.stdout, KEY);
  } finally { cleanup(dir); await old.close(); await other.close(); }
});

const env = (o: Partial<EnvironmentConfig>): EnvironmentConfig => ({ name: 'prod', apiKeyEnv: 'TPLSYNC_API_KEY', allowInsecureHttp: false, channels: {}, ...o });
const read = (file: string, text: string): Extract<ReturnType<typeof connectionAtConfigText>, { kind: 'read' }> => {
  const r = connectionAtConfigText(file, text, 'prod');
  if (r.kind !== 'read') throw new Error(`${file}: ${r.kind}`);
  return r;
};

test('connectionChanges: baseUrl, apiKeyEnv (its default), allowInsecureHttp turned on, an environment new, from the emulator; the embedded emulator and a stricter setting say nothing', () => {
  const base = read('tplsync.config.yaml', 'environments:\n  prod:\n    baseUrl: https://API.example.com/\n    channels: {}\n  local:\n    emulator: .tplsync/e.json\n');
  assert.equal(connectionChanges(env({ baseUrl: 'https://api.example.com' }), [], base, new Set()), [], 'the same URL, written otherwise');
  assert.equal(connectionChanges(env({ baseUrl: 'https://evil.example' }), [], base, new Set()), ['baseUrl https://evil.example (was https://API.example.com/)']);
  assert.equal(connectionChanges(env({ baseUrl: 'https://api.example.com', apiKeyEnv: 'GITHUB_TOKEN' }), [], base, new Set()), ['apiKeyEnv GITHUB_TOKEN (was TPLSYNC_API_KEY)']);
  assert.equal(connectionChanges(env({ baseUrl: 'http://api.example.com', allowInsecureHttp: true }), [], base, new Set()), ['baseUrl http://api.example.com (was https://API.example.com/)', 'allowInsecureHttp true (was false)']);
  assert.equal(connectionChanges(env({ emulator: '/p/.tplsync/x.json' }), [], base, new Set()), [], 'the embedded emulator: the key goes nowhere');
  const local = read('c.yaml', 'environments:\n  prod:\n    emulator: .tplsync/e.json\n');
  assert.equal(connectionChanges(env({ baseUrl: 'https://api.example.com' }), [], local, new Set()), ['baseUrl https://api.example.com (was the embedded emulator .tplsync/e.json)']);
  const none = read('c.json', '{"environments":{"staging":{"baseUrl":"https://api.example.com"}}}');
  assert.equal(connectionChanges(env({ baseUrl: 'https://api.example.com', apiKeyEnv: 'K' }), [], none, new Set()), ["environment 'prod' is new (baseUrl https://api.example.com, apiKeyEnv K)"]);
  const strict = read('c.yaml', 'environments:\n  prod:\n    baseUrl: http://127.0.0.1:9\n    allowInsecureHttp: true\n');
  assert.equal(connectionChanges(env({ baseUrl: 'http://127.0.0.1:9' }), [], strict, new Set()), [], 'allowInsecureHttp turned off is no risk');
});

test('connectionAtConfigText: a script config is code, $import or no mapping is unread, package.json reads its "tplsync" key, plugins in order', () => {
  assert.equal(connectionAtConfigText('tplsync.config.ts', 'export default {}', 'prod'), { kind: 'code' });
  assert.equal(connectionAtConfigText('a/.tplsyncrc.cjs', 'module.exports = {}', 'prod'), { kind: 'code' });
  assert.equal(connectionAtConfigText('c.yaml', '$import: other.yaml\n', 'prod'), { kind: 'unread' });
  assert.equal(connectionAtConfigText('c.yaml', '- a\n', 'prod'), { kind: 'unread' });
  assert.equal(connectionAtConfigText('c.json', '{', 'prod'), { kind: 'unread' });
  assert.equal(connectionAtConfigText('package.json', '{"tplsync":{"environments":{"prod":{"baseUrl":"https://x.example","apiKeyEnv":"K","allowInsecureHttp":false}},"policies":[{"plugin":"./a.mjs"},{"id":"x"},{"plugin":"./b.mjs"}]}}', 'prod'),
    { kind: 'read', env: { baseUrl: 'https://x.example', apiKeyEnv: 'K' }, plugins: ['./a.mjs', './b.mjs'] });
  // an environment named like Object's own keys is no environment
  assert.equal(connectionAtConfigText('c.yaml', 'environments: {}\n', 'constructor'), { kind: 'read', plugins: [] });
});

test('plugins: one the base lacks is new, one whose file changed is said, one unchanged is not', () => {
  const base = read('c.yaml', 'environments:\n  prod:\n    emulator: e.json\npolicies:\n  - plugin: ./a.mjs\n  - plugin: ./b.mjs\n');
  assert.equal(connectionChanges(env({ emulator: '/x/e.json' }), ['./a.mjs', './b.mjs', './c.mjs'], base, new Set(['./b.mjs'])), ['policy plugin ./b.mjs changed', 'policy plugin ./c.mjs is new']);
});

test('a JavaScript config changed since the base: said as code, its settings compared when the base\'s is YAML', async () => {
  const dir = tempDir('tplsync-connection-js-');
  const emu = await startEmulator({ keys: ['js-key-8Hq2Lm4'], reviewDelayMs: 0 });
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(emu.url), 'templates/order_ready.yaml': VALID });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'base');
    git(dir, 'checkout', '-q', '-b', 'js');
    git(dir, 'rm', '-q', 'tplsync.config.yaml');
    writeFiles(dir, { 'tplsync.config.mjs': `export default { templates: ['templates/**/*.yaml'], defaultEnvironment: 'dev', environments: { dev: { baseUrl: '${emu.url}', apiKeyEnv: 'OTHER_KEY', channels: { 'shop-whatsapp': '${CHANNEL_A}' } } } };\n` });
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'js');
    const r = await cliIn(['plan', '--base', 'main'], { cwd: dir, env: { OTHER_KEY: 'js-key-8Hq2Lm4' } });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, 'Connection of dev changed since main: the config tplsync.config.mjs is code, and changed; apiKeyEnv OTHER_KEY (was DEV_KEY).');
    // both scripts, the base's cannot be read: the code alone is said
    git(dir, 'checkout', '-q', '-b', 'js2');
    writeFiles(dir, { 'tplsync.config.mjs': `// moved\n${readFileSync(path.join(dir, 'tplsync.config.mjs'), 'utf8')}` });
    git(dir, 'commit', '-qam', 'js2');
    const again = await cliIn(['plan', '--base', 'js'], { cwd: dir, env: { OTHER_KEY: 'js-key-8Hq2Lm4' } });
    assert.match(again.stdout, 'Connection of dev changed since js: the config tplsync.config.mjs is code, and changed. This plan');
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
