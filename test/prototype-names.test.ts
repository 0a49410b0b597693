// Names from files and the command line are looked up in maps without a prototype: a channel,
// an environment or an alias called `constructor`, `toString` or `__proto__` is unknown (with the
// names the config has), never Object's own property (a crash, or "Environment 'Object'").
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const config = `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;

test('a template whose channel is constructor, toString or __proto__: unknown-channel (exit 1) in lint, plan and types', async () => {
  const dir = tempDir();
  try {
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      writeFiles(dir, { 'tplsync.config.yaml': config, 'templates/t.yaml': VALID.replace(/^channel: .*$/m, `channel: ${name}`) });
      for (const args of [['lint'], ['plan'], ['types', '--check']]) {
        const r = await cliIn(args, { cwd: dir });
        assert.is(r.exitCode, 1, `${args[0]} ${name}: ${r.stdout}${r.stderr}`);
        assert.match(r.stdout + r.stderr, new RegExp(`Channel alias '${name}' is not defined in the config \\(known: shop-whatsapp\\)`));
      }
    }
  } finally { cleanup(dir); }
});

test('a channel alias the config defines as constructor (with its kind and languages) works through lint, plan, types, apply and review; a {{constructor}} placeholder is refused (its sample would be found where none was written)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { constructor: ${CHANNEL_A} }\nchannels: { constructor: { kind: whatsapp, languages: [en_US] } }\n`,
      'templates/t.yaml': VALID.replace(/^channel: .*$/m, 'channel: constructor'),
    });
    for (const args of [['lint'], ['plan'], ['types'], ['apply', '--auto-approve'], ['review']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 0, `${args[0]}: ${r.stdout}${r.stderr}`);
    }
    writeFiles(dir, { 'templates/t.yaml': 'channel: constructor\nname: parcel\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your parcel with the {{constructor}} label has left our warehouse today."\n' });
    const r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout);
    assert.match(r.stdout, "{{constructor}} cannot be a placeholder's name in tplsync");
  } finally { cleanup(dir); }
});

test('--env constructor / __proto__ and pull --channel constructor: unknown, named with what the config has (exit 3)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config, 'templates/t.yaml': VALID });
    for (const env of ['constructor', '__proto__', 'toString']) {
      const r = await cliIn(['plan', '--env', env], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, `Unknown environment '${env}' (the config has: local)`);
    }
    // a rule id __proto__ is unknown, as constructor is (it was taken in silence)
    writeFiles(dir, { 'tplsync.config.yaml': `${config}rules: { __proto__: off }\n` });
    const rules = await cliIn(['lint'], { cwd: dir });
    assert.is(rules.exitCode, 3, rules.stderr);
    assert.match(rules.stderr, "rules: unknown rule id '__proto__'");
    writeFiles(dir, { 'tplsync.config.yaml': `${config}overrides:\n  - files: ["templates/**"]\n    rules: { __proto__: off }\n` });
    const over = await cliIn(['lint'], { cwd: dir });
    assert.is(over.exitCode, 3, over.stderr);
    assert.match(over.stderr, "overrides[0].rules: unknown rule id '__proto__'");
    writeFiles(dir, { 'tplsync.config.yaml': config });
    const p = await cliIn(['pull', '--channel', 'constructor', '--id', '2b9f160d-0000-4000-8000-000000000000'], { cwd: dir });
    assert.is(p.exitCode, 3, p.stderr);
    assert.match(p.stderr, "Channel 'constructor' is neither a UUID nor an alias of environment 'local' (shop-whatsapp)");
  } finally { cleanup(dir); }
});

test.run();
