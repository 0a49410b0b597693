// One file nested past the bound is one finding at one place, whichever command reads it and
// however large the stack: lint (alone or the whole project, JSON or SARIF), fmt --check and
// lint --fix agree, and a child run with another --stack-size reports the same column. The
// column was where the stack ran out (790 alone, 791 in the project, 806 in fmt, 293 with
// --stack-size=400).
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, cleanup, cliEnv, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n';
const DEEP = `channel: shop-whatsapp\nname: deep\nlanguage: en_US\ncategory: UTILITY\nbody: ${'['.repeat(20000)}${']'.repeat(20000)}\n`;
// `body: ` then the 64th bracket opens the 65th level (the file's mapping is the first)
const WHERE = '5:70';

test('a file nested 20,000 deep: the same position in lint, lint of the project, fmt --check, lint --fix and with any stack size', async () => {
  const root = tempDir('tplsync-deep-');
  const dir = path.join(root, 'p');
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/deep.yaml': DEEP, 'templates/order_ready.en_US.yaml': VALID });
  try {
    const seen: string[] = [];
    const one = await cliIn(['lint', 'templates/deep.yaml', '-f', 'json'], { cwd: dir });
    const all = await cliIn(['lint', '-f', 'json'], { cwd: dir });
    for (const r of [one, all]) {
      const d = (JSON.parse(r.stdout) as { diagnostics: { file: string; line: number; column: number; ruleId: string }[] }).diagnostics.find((x) => x.file.endsWith('deep.yaml'));
      seen.push(d?.ruleId === 'yaml-syntax' ? `${d.line}:${d.column}` : r.stdout);
    }
    const fmt = await cliIn(['fmt', '--check', 'templates/deep.yaml'], { cwd: dir });
    seen.push(/deep\.yaml:(\d+:\d+)/.exec(fmt.stdout + fmt.stderr)?.[1] ?? fmt.stdout + fmt.stderr);
    const fix = await cliIn(['lint', '--fix'], { cwd: dir });
    seen.push(/yaml-syntax at (\d+:\d+)/.exec(fix.stdout + fix.stderr)?.[1] ?? fix.stdout + fix.stderr);
    for (const size of ['400', '2000']) {
      const r = await execa('node', [`--stack-size=${size}`, BIN, 'lint', 'templates/deep.yaml'], { cwd: dir, env: cliEnv(), extendEnv: false, reject: false, timeout: 60_000 });
      seen.push(/^\s+(\d+:\d+)\s+error/m.exec(String(r.stdout))?.[1] ?? String(r.stdout) + String(r.stderr));
    }
    assert.equal(seen, Array(seen.length).fill(WHERE));
  } finally { cleanup(root); }
});

test.run();
