// The rules of loading own their code (src/lint/rules/loading.ts): src/files returns the problems of
// reading and parsing a file as data (src/files/problems.ts) and names no rule; each problem is
// claimed by exactly one rule through its loading hook, and lint and fmt report it under that
// rule's id, where and as the stage found it. The policy stage's problems go the same way.
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes, lintParsed } from '../src/lint/engine.ts';
import { RULES } from '../src/lint/registry.ts';
import type { LoadProblem, LoadProblemKind } from '../src/files/problems.ts';
import { FILE_START } from '../src/files/problems.ts';
import { loadingDiagnostics, ownersOf } from '../src/lint/stage-problems.ts';
import { readTemplateFile } from '../src/files/load.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { formatFile } from '../src/fmt/run.ts';
import { REFUSING_RULES } from '../src/lint/fix.ts';
import { ROOT } from './helpers.ts';

/** every kind of LoadProblem, with the rule that reports it (the type makes the list complete) */
const OWNER = {
  'too-large': 'file-too-large', unreadable: 'file-unreadable', 'outside-project': 'file-outside-project', 'not-utf8': 'encoding',
  syntax: 'yaml-syntax', 'duplicate-key': 'yaml-duplicate-key', 'alias-limit': 'yaml-alias-limit', documents: 'single-document', empty: 'schema',
} as const satisfies Record<LoadProblemKind, string>;

test('each kind of loading problem, and each of the policy stage, is claimed by exactly one rule', () => {
  for (const [kind, id] of Object.entries({ ...OWNER, 'plugin-load': 'policy-plugin-error', 'plugin-threw': 'policy-plugin-error' })) {
    const claimants = RULES.filter((r) => { let n = 0; r.checkLoading?.({ problems: [{ kind }], claim: () => { n++; } }); return n > 0; }).map((r) => r.id);
    assert.equal(claimants, [id], kind);
  }
  assert.throws(() => ownersOf([{ kind: 'no-such-kind' }]), /no rule reports a problem of kind 'no-such-kind'/);
});

test('src/files names no rule: its problems are data', () => {
  const dir = path.join(ROOT, 'src/files');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
    const src = readFileSync(path.join(dir, f), 'utf8');
    for (const r of RULES) assert.not.ok(src.includes(`'${r.id}'`), `src/files/${f} names '${r.id}'`);
  }
});

test('loading findings keep their order, positions and messages, under the owner\'s id', () => {
  const problems: LoadProblem[] = [
    { kind: 'duplicate-key', span: { line: 2, column: 1, endLine: 2, endColumn: 5 }, message: 'Map keys must be unique.' },
    { kind: 'syntax', span: FILE_START, message: 'Bad.' },
  ];
  assert.equal(loadingDiagnostics('a.yaml', problems), [
    { file: 'a.yaml', line: 2, column: 1, endLine: 2, endColumn: 5, ruleId: 'yaml-duplicate-key', message: 'Map keys must be unique.' },
    { file: 'a.yaml', line: 1, column: 1, endLine: 1, endColumn: 1, ruleId: 'yaml-syntax', message: 'Bad.' },
  ]);
});

const now = new Date('2026-01-01T00:00:00Z');
const lint = (text: string | Uint8Array) => lintBytes('t.yaml', typeof text === 'string' ? Buffer.from(text) : text, { now }).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`);

test('lint reports each loading problem under its rule', () => {
  assert.equal(lint(''), ['schema 1:1 The file is empty; a template file holds one template (channel, name, language, category, body).']);
  assert.equal(lint('a: 1\n---\nb: 2\n'), ['single-document 2:1 A template file holds exactly one YAML document; found 2. Move each template to its own file.']);
  assert.equal(lint(Buffer.from([0x61, 0x3a, 0x20, 0xff, 0x0a])), ['encoding 1:4 Byte 0xff at offset 3 is not valid UTF-8; save the file as UTF-8.']);
  // a NUL is valid UTF-8 and no text (a file cut short by a crash): said as the NUL it is, where the YAML reader named a key without a value
  assert.equal(lint(Buffer.from('channel: wa\nname: x\n\0')), ["encoding 3:1 A NUL byte (0x00) at offset 20: no text holds one (a file cut short by a crash, or joined with another program's bytes); delete it, or save the file as UTF-8 text."]);
  assert.match(lint('a: [\n')[0]!, /^yaml-syntax /);
  assert.match(lint('channel: a\nchannel: b\n')[0]!, /^yaml-duplicate-key 2:1 /);
  assert.equal(lint(Buffer.alloc(1024 * 1024 + 1, 0x61)).map((l) => l.split(' ')[0]), ['file-too-large']);
});

test('a refused and an unreadable file: lint and fmt report them under the same rules', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'loading-rules-'));
  try {
    const outside = mkdtempSync(path.join(tmpdir(), 'loading-rules-out-'));
    try {
      writeFileSync(path.join(outside, 'x.yaml'), 'channel: c\n');
      symlinkSync(path.join(outside, 'x.yaml'), path.join(dir, 'link.yaml'));
      const files = await discoverFiles({ dir, templates: ['**/*.yaml'] }, [dir], dir);
      const f = files[0]!;
      const r = readTemplateFile(f.file, f.abs);
      assert.ok(r.problem, 'refused');
      assert.equal(lintParsed(r.problem!, { now }).diagnostics.map((d) => d.ruleId), ['file-outside-project']);
      const fmt = formatFile(f, false);
      assert.is(fmt.kind, 'refused');
      if (fmt.kind === 'refused') assert.equal(loadingDiagnostics(fmt.file, fmt.problems).map((d) => d.ruleId), ['file-outside-project']);
    } finally { rmSync(outside, { recursive: true, force: true }); }
    const gone = readTemplateFile('gone.yaml', path.join(dir, 'gone.yaml'));
    assert.equal(lintParsed(gone.problem!, { now }).diagnostics.map((d) => `${d.ruleId} ${d.message}`), ['file-unreadable Cannot read the file: ENOENT.']);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('--fix leaves alone every file with a problem of loading: the ids of the loading rules', () => {
  assert.equal([...REFUSING_RULES].sort(), ['encoding', 'file-outside-project', 'file-too-large', 'file-unreadable', 'single-document', 'yaml-alias-limit', 'yaml-duplicate-key', 'yaml-syntax']);
});

test.run();
