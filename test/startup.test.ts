// Heavy modules load only where needed: lint and plan never load ts-morph or typescript;
// `types` does. And on a terminal, apply asks before writing.
import { cpSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, cleanup, tempDir } from './helpers.ts';

const PRELOAD = path.join(ROOT, 'bench', 'loaded-modules.mjs');
async function heavy(args: string[], cwd: string): Promise<string[]> {
  const r = await execa('node', ['--import', PRELOAD, BIN, ...args], { cwd, reject: false, env: { NO_COLOR: '1' } });
  const m = /heavy-modules (\[.*\])/.exec(String(r.stderr));
  assert.ok(m, `${args.join(' ')}: ${String(r.stderr)}`);
  return JSON.parse(m![1]!) as string[];
}

test('lint and plan load neither ts-morph nor typescript; types does', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    assert.equal(await heavy(['lint'], dir), []);
    assert.equal(await heavy(['plan'], dir), []);
    assert.equal(await heavy(['--version'], dir), []);
    assert.ok((await heavy(['types'], dir)).length > 0, 'the check itself can see ts-morph when it is loaded');
  } finally { cleanup(dir); }
});

test('on a terminal, apply asks first and writes nothing without "yes"', async () => {
  const which = await execa('sh', ['-c', 'command -v script'], { reject: false });
  if (which.exitCode !== 0) { console.log('  (skipped: the `script` command that provides a terminal is not installed)'); return; }
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    const r = await execa('script', ['-qec', `node ${BIN} apply`, '/dev/null'], { cwd: dir, input: 'no\n', reject: false, env: { NO_COLOR: '1' } });
    assert.match(String(r.stdout), /Type "yes" to go on/);
    assert.match(String(r.stdout), /Nothing was written/);
    const again = await execa('node', [BIN, 'plan'], { cwd: dir, reject: false, env: { NO_COLOR: '1' } });
    assert.match(String(again.stdout), /17 to create/);
  } finally { cleanup(dir); }
});

test.run();
