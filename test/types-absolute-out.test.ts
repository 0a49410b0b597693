// An absolute typesOut in the config (`typesOut: /tmp/t.ts`) was joined onto the config's folder
// and written as ./tmp/t.ts in silence ("wrote tmp/t.ts"): neither honoured nor refused. It is
// refused now, as a typesOut leading out of the project is; --out still writes anywhere.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

test('an absolute typesOut is refused (exit 3), nothing written; --out with an absolute path is the user\'s and is written', async () => {
  const dir = tempDir();
  const elsewhere = tempDir();
  try {
    const abs = path.join(elsewhere, 'types.ts');
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ntypesOut: ${abs}\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/t.yaml': VALID,
    });
    const r = await cliIn(['types'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, `typesOut in tplsync.config.yaml is an absolute path (${abs}); typesOut is a path inside the project`);
    assert.not.ok(existsSync(path.join(dir, abs)), 'not re-rooted inside the project');
    assert.not.ok(existsSync(abs));
    const c = await cliIn(['types', '--check'], { cwd: dir });
    assert.is(c.exitCode, 3, c.stderr);
    const o = await cliIn(['types', '--out', abs], { cwd: dir });
    assert.is(o.exitCode, 0, o.stderr);
    assert.ok(existsSync(abs));
  } finally { cleanup(dir); cleanup(elsewhere); }
});

// verify-9 #4: `typesOut: ~/types.ts` wrote into a folder named ~ inside the project
test('a typesOut starting with ~ is refused (exit 3): no shell reads the config', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ntypesOut: ~/v9_types.ts\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/t.yaml': VALID,
    });
    const r = await cliIn(['types'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'typesOut in tplsync.config.yaml starts with ~ (~/v9_types.ts)');
    assert.not.ok(existsSync(path.join(dir, '~')), 'no folder named ~');
  } finally { cleanup(dir); }
});

test.run();
