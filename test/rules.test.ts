// Every rule has a failing and a passing fixture (test/fixtures/rules/<id>/{fail,pass}/):
// the failing one must report the rule at the position its `# expect: L:C` line names,
// the passing one must be completely clean.
import { readdirSync, readFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { RULES } from '../src/lint/registry.ts';
import { lintProject } from '../src/lint/run.ts';
import { lintFile } from '../src/lint/run-file.ts';
import { FIXTURES, tempDir, writeFiles, cleanup } from './helpers.ts';

const dir = path.join(FIXTURES, 'rules');
/** rules whose failing input is made by a test (a 1 MiB file, an unreadable path, a plugin that throws: test/policies.test.ts) */
const GENERATED = new Set(['file-too-large', 'file-unreadable', 'policy-plugin-error']);

test('every rule has a failing and a passing fixture', () => {
  const missing = RULES.filter((r) => !GENERATED.has(r.id) && !(existsSync(path.join(dir, r.id, 'fail')) && existsSync(path.join(dir, r.id, 'pass'))));
  assert.equal(missing.map((r) => r.id), []);
  const unknown = readdirSync(dir).filter((d) => !d.endsWith('.yaml') && !RULES.some((r) => r.id === d));
  assert.equal(unknown, [], 'fixture folders without a rule');
});

const config = await loadConfig({ cwd: dir, configFile: path.join(dir, 'tplsync.config.yaml') });

for (const rule of RULES) {
  if (GENERATED.has(rule.id)) continue;
  test(`${rule.id}: failing fixture reports it at the expected position`, async () => {
    const failDir = path.join(dir, rule.id, 'fail');
    const { diagnostics } = await lintProject(config, [failDir], dir, { now: new Date('2026-01-01T00:00:00Z') });
    const expected: string[] = [];
    for (const f of readdirSync(failDir)) {
      const m = /^# expect: (\d+):(\d+)/.exec(readFileSync(path.join(failDir, f), 'latin1'));
      if (m) expected.push(`${f}:${m[1]}:${m[2]}`);
    }
    assert.ok(expected.length > 0, 'the fixture names its expected position');
    const got = diagnostics.filter((d) => d.ruleId === rule.id).map((d) => `${path.basename(d.file)}:${d.line}:${d.column}`);
    for (const e of expected) assert.ok(got.includes(e), `expected ${rule.id} at ${e}, got ${JSON.stringify(got)} / all: ${JSON.stringify(diagnostics.map((d) => `${d.ruleId}@${d.line}:${d.column}`))}`);
    for (const d of diagnostics.filter((x) => x.ruleId === rule.id)) {
      assert.ok(d.message.length > 10, 'the message says what to change');
      assert.ok(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column), 'the range is ordered');
    }
  });
  test(`${rule.id}: passing fixture is clean`, async () => {
    const { diagnostics } = await lintProject(config, [path.join(dir, rule.id, 'pass')], dir, { now: new Date('2026-01-01T00:00:00Z') });
    assert.equal(diagnostics.map((d) => `${d.ruleId}@${d.line}:${d.column} ${d.message}`), []);
  });
}

test('file-too-large: a file over 1 MiB is reported without being parsed', () => {
  const t = tempDir();
  try {
    writeFiles(t, { 'big.yaml': `description: "${'x'.repeat(1024 * 1024)}"\n` });
    const r = lintFile('big.yaml', path.join(t, 'big.yaml'), new Date());
    assert.equal(r.diagnostics.map((d) => [d.ruleId, d.line, d.column]), [['file-too-large', 1, 1]]);
    writeFiles(t, { 'ok.yaml': `description: "${'x'.repeat(1000)}"\n` });
    assert.not.ok(lintFile('ok.yaml', path.join(t, 'ok.yaml'), new Date()).diagnostics.some((d) => d.ruleId === 'file-too-large'));
  } finally { cleanup(t); }
});

test('file-unreadable: a path that cannot be read is a finding, not a crash', () => {
  const t = tempDir();
  try {
    mkdirSync(path.join(t, 'dir.yaml'));
    const r = lintFile('dir.yaml', path.join(t, 'dir.yaml'), new Date());
    assert.equal(r.diagnostics.map((d) => d.ruleId), ['file-unreadable']);
    assert.match(r.diagnostics[0]!.message, /EISDIR/);
  } finally { cleanup(t); }
});

test.run();
