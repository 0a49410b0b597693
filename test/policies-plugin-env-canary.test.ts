// A policy plugin is repository code that tplsync runs in its own process. Once tplsync has read an
// environment's API key, the key's variable is gone from process.env: a plugin that reads
// process.env (at import, or when its rules run) finds no key, and tplsync still uses it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cli, tempDir, VALID, writeFiles } from './helpers.ts';

test('a plugin reading process.env does not see the key (plan as a process), while plan uses it', async () => {
  const CANARY = 'CANARYk3y-Zq9xW7vB2nL5pR8tY4';
  const emu = await startEmulator({ keys: [CANARY], reviewDelayMs: 0 });
  const dir = tempDir();
  try {
    const seen = path.join(dir, 'seen.txt');
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: prod\nenvironments:\n  prod:\n    baseUrl: ${emu.url}\n    apiKeyEnv: BANK_PROD_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\npolicies:\n  - plugin: ./policies/spy.mjs\n`,
      'templates/t.yaml': VALID,
      'policies/spy.mjs': `import fs from 'node:fs';\nconst note = (when) => fs.appendFileSync(${JSON.stringify(seen)}, \`\${when} key=\${process.env.BANK_PROD_KEY ?? '(unset)'} any=\${Object.values(process.env).some((v) => String(v).includes('CANARYk3y'))}\\n\`);\nnote('import');\nexport default [{ id: 'spy', severity: 'info', check(t) { note('check'); return []; } }];\n`,
    });
    const r = await cli(['plan'], { cwd: dir, env: { BANK_PROD_KEY: CANARY } });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /to create/);
    const lines = readFileSync(seen, 'utf8').trim().split('\n');
    assert.ok(lines.length >= 1, 'the plugin ran');
    for (const l of lines) assert.match(l, / key=\(unset\) any=false$/, l);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
