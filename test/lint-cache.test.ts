// The keys of the lint cache: the code fingerprint moves with any change to tplsync's code or
// schema, and a run's key with any change to a file's path or stat or to the settings.
import { cpSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeFingerprint } from '../src/lint/fingerprint.ts';
import { runKey, type FileStat } from '../src/lint/run-summary.ts';
import { ROOT, cleanup, tempDir } from './helpers.ts';

test('the code fingerprint changes with any code or schema file, and not with declarations', () => {
  const dir = tempDir();
  try {
    const code = path.join(dir, 'dist');
    const schema = path.join(dir, 'schema');
    mkdirSync(path.join(code, 'lint', 'rules'), { recursive: true });
    mkdirSync(schema);
    writeFileSync(path.join(code, 'lint', 'rules', 'a.js'), 'export const a = 1;\n');
    writeFileSync(path.join(code, 'x.cjs'), 'module.exports = 1;\n');
    writeFileSync(path.join(schema, 't.schema.json'), '{}\n');
    const fp = () => codeFingerprint(code, schema);
    const seen = new Set([fp()]);
    const change = (file: string, text: string): void => {
      writeFileSync(file, text);
      const now = fp();
      assert.not.ok(seen.has(now), `${file} changed the fingerprint`);
      seen.add(now);
    };
    change(path.join(code, 'lint', 'rules', 'a.js'), 'export const a = 2;\n');
    change(path.join(code, 'x.cjs'), 'module.exports = 2;\n');
    change(path.join(schema, 't.schema.json'), '{"type":"object"}\n');
    change(path.join(code, 'lint', 'new.js'), '\n');
    const before = fp();
    writeFileSync(path.join(code, 'lint', 'new.d.ts'), 'export {};\n');
    assert.is(fp(), before, 'declarations are not code');
  } finally { cleanup(dir); }
});

test('the build records the fingerprint of the built code', () => {
  const built = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'lint', 'fingerprint.json'), 'utf8')) as { fingerprint: string };
  assert.is(built.fingerprint, codeFingerprint(path.join(ROOT, 'dist'), path.join(ROOT, 'schema')));
});

test('a run key moves with every path, size, mtime and inode, and with the settings', () => {
  const stat = fc.record({ size: fc.nat(), mtimeMs: fc.double({ min: 0, max: 2e12, noNaN: true }), ctimeMs: fc.double({ min: 0, max: 2e12, noNaN: true }), ino: fc.nat() });
  fc.assert(fc.property(fc.array(fc.tuple(fc.string({ minLength: 1 }), stat), { minLength: 1, maxLength: 6 }), fc.nat(), fc.constantFrom('size', 'mtimeMs', 'ctimeMs', 'ino', 'path', 'settings'), (files, pick, what) => {
    const abs = files.map(([p]) => `/r/${p}`);
    const stats: FileStat[] = files.map(([, s]) => s);
    const key = runKey({ rules: {} }, abs, stats);
    assert.is(key, runKey({ rules: {} }, [...abs], stats.map((s) => ({ ...s }))), 'the same inputs, the same key');
    const i = pick % files.length;
    const moved = stats.map((s) => ({ ...s }));
    const paths = [...abs];
    let settings: unknown = { rules: {} };
    if (what === 'path') paths[i] = `${paths[i]}x`;
    else if (what === 'settings') settings = { rules: { a: 'off' } };
    else moved[i]![what] += 1;
    assert.is.not(runKey(settings, paths, moved), key, what);
  }));
  assert.is(runKey({}, ['/a'], [undefined]), undefined, 'a file without a stat: no key');
});

test('a recorded fingerprint older than a code file is not trusted (compiled again without the build)', async () => {
  const dir = tempDir();
  try {
    mkdirSync(path.join(dir, 'dist', 'lint'), { recursive: true });
    mkdirSync(path.join(dir, 'schema'));
    writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}\n');
    cpSync(path.join(ROOT, 'dist', 'lint', 'fingerprint.js'), path.join(dir, 'dist', 'lint', 'fingerprint.js'));
    writeFileSync(path.join(dir, 'dist', 'rule.js'), 'export const r = 1;\n');
    const recorded = 'f'.repeat(64);
    writeFileSync(path.join(dir, 'dist', 'lint', 'fingerprint.json'), JSON.stringify({ fingerprint: recorded }));
    const old = new Date(Date.now() - 60_000);
    for (const f of ['dist/rule.js', 'dist/lint/fingerprint.js']) utimesSync(path.join(dir, f), old, old);
    const ask = async (): Promise<string> => (await execa('node', ['--input-type=module', '-e', `import { rulesFingerprint } from ${JSON.stringify(pathToFileURL(path.join(dir, 'dist', 'lint', 'fingerprint.js')).href)}; console.log(rulesFingerprint());`])).stdout;
    assert.is(await ask(), recorded, 'a record newer than the code is used as it is');
    writeFileSync(path.join(dir, 'dist', 'rule.js'), 'export const r = 2;\n');
    assert.is(await ask(), codeFingerprint(path.join(dir, 'dist'), path.join(dir, 'schema')), 'newer code: computed afresh');
  } finally { cleanup(dir); }
});

test.run();
