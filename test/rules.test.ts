// Every rule has a failing and a passing fixture (test/fixtures/rules/<id>/{fail,pass}/):
// the failing one must report the rule at the position its `# expect: L:C` line names,
// the passing one must be completely clean.
import { readdirSync, readFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '../src/config/load.ts';
import { review } from '../src/emulator/state.ts';
import { finishProject, lintBytes, MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE } from '../src/lint/engine.ts';
import { RULES } from '../src/lint/registry.ts';
import { charLength, scanPlaceholders } from '../src/model/placeholders.ts';
import { lintProject } from '../src/lint/run.ts';
import { lintFile } from '../src/lint/run-file.ts';
import { renderRulesDoc } from '../scripts/gen-rules-doc.ts';
import { CHANNEL_A, cleanup, cliIn, CONFIG, FIXTURES, tempDir, VALID, writeBody, writeFiles } from './helpers.ts';

const dir = path.join(FIXTURES, 'rules');
/** rules whose failing input is made by a test (a 1 MiB file, an unreadable path, a plugin that throws: test/policies.test.ts, a link out of the project: test/hardening-files.test.ts) */
const GENERATED = new Set(['file-too-large', 'file-unreadable', 'policy-plugin-error', 'file-outside-project']);

test('every rule has a failing and a passing fixture', () => {
  const missing = RULES.filter((r) => !GENERATED.has(r.id) && !(existsSync(path.join(dir, r.id, 'fail')) && existsSync(path.join(dir, r.id, 'pass'))));
  assert.equal(missing.map((r) => r.id), []);
  const unknown = readdirSync(dir).filter((d) => !d.endsWith('.yaml') && !RULES.some((r) => r.id === d));
  assert.equal(unknown, [], 'fixture folders without a rule');
});

/**
 * The positions a failing fixture's first line names: `# expect: L:C` or several, `# expect: L:C L:C`.
 * An `# expect:` on any other line is refused: it would assert nothing (only the first line is read).
 */
function expectedPositions(text: string, name: string): string[] {
  const lines = text.split('\n');
  const late = lines.findIndex((l, i) => i > 0 && /^\s*#\s*expect\b/i.test(l));
  if (late >= 0) throw new Error(`${name}:${late + 1}: \`# expect:\` is read on the first line only; put every position there (\`# expect: L:C L:C\`)`);
  const first = lines[0] ?? '';
  if (!/^\s*#\s*expect\b/i.test(first)) return [];
  const m = /^# expect: (\d+:\d+(?: \d+:\d+)*)\s*$/.exec(first);
  if (!m) throw new Error(`${name}:1: write the first line as \`# expect: LINE:COLUMN\` (several separated by spaces), not ${JSON.stringify(first)}`);
  return m[1]!.split(' ');
}

test('expectedPositions: only the first line names positions; an expect line elsewhere is refused', () => {
  assert.equal(expectedPositions('# expect: 3:5\nchannel: a\n', 'x'), ['3:5']);
  assert.equal(expectedPositions('# expect: 3:5 9:1\nchannel: a\n', 'x'), ['3:5', '9:1']);
  assert.equal(expectedPositions('channel: a\n', 'x'), []);
  assert.throws(() => expectedPositions('# a comment first\n# expect: 99:1\nchannel: a\n', 'x'), /x:2: `# expect:` is read on the first line only/);
  assert.throws(() => expectedPositions('# expect: 3:5\n# expect: 9:1\n', 'x'), /x:2:/);
  assert.throws(() => expectedPositions('# expect 3:5\n', 'x'), /x:1: write the first line/);
});

test('every failing fixture names its positions on its first line only', () => {
  const wrong: string[] = [];
  for (const id of readdirSync(dir).filter((d) => existsSync(path.join(dir, d, 'fail')))) {
    for (const f of readdirSync(path.join(dir, id, 'fail'))) {
      try { expectedPositions(readFileSync(path.join(dir, id, 'fail', f), 'latin1'), `${id}/fail/${f}`); } catch (e) { wrong.push((e as Error).message); }
    }
  }
  assert.equal(wrong, []);
});

/**
 * The findings of other rules a passing fixture names on its first line (`# expect others: rcs-card-height@11:7`,
 * several separated by spaces): a text at its rule's limit that another rule rightly reports (a description of
 * RBM's 2000 characters, which no rich card shows whole). The fixture is clean of everything else.
 */
function othersExpected(text: string, name: string): string[] {
  const first = text.split('\n')[0] ?? '';
  if (!/^\s*#\s*expect\b/i.test(first)) return [];
  const m = /^# expect others: ([a-z0-9-]+@\d+:\d+(?: [a-z0-9-]+@\d+:\d+)*)\s*$/.exec(first);
  if (!m) throw new Error(`${name}:1: a passing fixture's first line names other rules' findings as \`# expect others: RULE@LINE:COLUMN\`, not ${JSON.stringify(first)}`);
  return m[1]!.split(' ');
}

test('othersExpected: a passing fixture names the other rules\' findings it holds on its first line', () => {
  assert.equal(othersExpected('# expect others: rcs-card-height@11:7\nchannel: a\n', 'x'), ['rcs-card-height@11:7']);
  assert.equal(othersExpected('# expect others: a-b@1:2 c@3:4\n', 'x'), ['a-b@1:2', 'c@3:4']);
  assert.equal(othersExpected('channel: a\n', 'x'), []);
  assert.throws(() => othersExpected('# expect: 3:5\n', 'x'), /x:1: a passing fixture's first line/);
});

/** what a length rule's message says: `... is 26 characters; the limit is 25.` */
const LENGTH_LIMIT = /is (\d+) characters; the limit is (\d+)\b/;
/** rules whose limit is on the text with the samples in, which no string of the file shows as it is (their failing fixtures are still checked at limit + 1) */
const RENDERED_LENGTH = new Set(['sample-length']);
/** the limits that a rule's findings on its failing fixture name */
async function failLimits(id: string): Promise<number[]> {
  const { diagnostics } = await lintProject(asProject(`${id}/fail`), [], dir, { now: new Date('2026-01-01T00:00:00Z') });
  return diagnostics.filter((d) => d.ruleId === id).flatMap((d) => { const m = LENGTH_LIMIT.exec(d.message); return m ? [Number(m[2])] : []; });
}
function stringsOf(v: unknown): string[] {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(stringsOf);
  if (v && typeof v === 'object') return Object.values(v).flatMap(stringsOf);
  return [];
}

const config = await loadConfig({ cwd: dir, configFile: path.join(dir, 'tplsync.config.yaml') });
/** each fixture folder linted as a project of its own: the config's globs take that folder only (cross-file rules that judge what a project lacks judge a whole project) */
const asProject = (folder: string) => ({ ...config, templates: [`${folder}/**/*.{yaml,yml}`] });

for (const rule of RULES) {
  if (GENERATED.has(rule.id)) continue;
  test(`${rule.id}: failing fixture reports it at the expected position`, async () => {
    const failDir = path.join(dir, rule.id, 'fail');
    const { diagnostics } = await lintProject(asProject(`${rule.id}/fail`), [], dir, { now: new Date('2026-01-01T00:00:00Z') });
    const expected: string[] = [];
    for (const f of readdirSync(failDir)) {
      const positions = expectedPositions(readFileSync(path.join(failDir, f), 'latin1'), `${rule.id}/fail/${f}`);
      // a per-file rule's failing file that names no position would assert nothing; only a cross-file rule's partner files (the other side of a duplicate, the source of a translation) may
      assert.ok(positions.length > 0 || rule.group === 'cross-file', `${rule.id}/fail/${f} names no expected position: its first line must be \`# expect: LINE:COLUMN\` (or a file of its own elsewhere)`);
      for (const p of positions) expected.push(`${f}:${p}`);
    }
    assert.ok(expected.length > 0, 'the fixture names its expected position');
    const got = diagnostics.filter((d) => d.ruleId === rule.id).map((d) => `${path.basename(d.file)}:${d.line}:${d.column}`);
    for (const e of expected) assert.ok(got.includes(e), `expected ${rule.id} at ${e}, got ${JSON.stringify(got)} / all: ${JSON.stringify(diagnostics.map((d) => `${d.ruleId}@${d.line}:${d.column}`))}`);
    for (const d of diagnostics.filter((x) => x.ruleId === rule.id)) {
      assert.ok(d.message.length > 10, 'the message says what to change');
      // a length limit's failing fixture sits one character over it, so that an off-by-one (`> limit + 1`) fails this test
      const over = LENGTH_LIMIT.exec(d.message);
      if (over) assert.is(Number(over[1]), Number(over[2]) + 1, `${rule.id}: the failing fixture at ${path.basename(d.file)}:${d.line}:${d.column} is ${over[1]} characters; make it exactly ${Number(over[2]) + 1} (the limit + 1)`);
      assert.ok(d.endLine > d.line || (d.endLine === d.line && d.endColumn >= d.column), 'the range is ordered');
    }
  });
  test(`${rule.id}: passing fixture is clean`, async () => {
    const { diagnostics } = await lintProject(asProject(`${rule.id}/pass`), [], dir, { now: new Date('2026-01-01T00:00:00Z') });
    // clean but for the other rules' findings a file names on its first line, each of which must be there
    const passDir = path.join(dir, rule.id, 'pass');
    const others = readdirSync(passDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name).flatMap((f) => othersExpected(readFileSync(path.join(passDir, f), 'utf8'), `${rule.id}/pass/${f}`).map((x) => `${f}:${x}`));
    assert.not.ok(others.some((x) => x.includes(`:${rule.id}@`)), `${rule.id}/pass names a finding of its own rule: that is a failing fixture`);
    const got = diagnostics.map((d) => `${path.basename(d.file)}:${d.ruleId}@${d.line}:${d.column}`);
    for (const x of others) assert.ok(got.includes(x), `${rule.id}/pass names ${x} on its first line, which lint did not report: ${JSON.stringify(got)}`);
    assert.equal(diagnostics.filter((d, i) => !others.includes(got[i]!)).map((d) => `${d.ruleId}@${d.line}:${d.column} ${d.message}`), []);
    // and a length limit's passing fixture holds a text exactly at the limit (the failing one is one over): `>= limit` fails this test
    if (RENDERED_LENGTH.has(rule.id)) return;
    const limits = new Set(await failLimits(rule.id));
    if (limits.size === 0) return;
    const lengths = new Set(readdirSync(passDir).flatMap((f) => stringsOf(parseYaml(readFileSync(path.join(passDir, f), 'utf8')))).map(charLength));
    for (const limit of limits) assert.ok(lengths.has(limit), `${rule.id}: no text of the passing fixture is exactly ${limit} characters (the limit); make one so`);
  });
}

// docs/rules.md prints each failing fixture as the rule's example: the tests above lint the fixture, these the
// example as the page prints it (trial-ax F2: a line cut after a word inside `{ ... }` lost its closing brace, so that
// 28 examples gave only yaml-syntax when copied, and a text cut short no longer broke the limit it showed).
const page = renderRulesDoc();
/** The files of a rule's example as the page prints them: the name it shows (none for a single file), and the text. */
function printedExamples(id: string): { name: string | undefined; text: string }[] {
  const section = page.split(/^### /m).find((s) => s.startsWith(`${id}\n`)) ?? '';
  const examples = /^\*\*Example:\*\*\n\n([\s\S]*?)\n\*\*Fix:\*\*/m.exec(section)?.[1] ?? '';
  return [...examples.matchAll(/(?:^`([^`\n]+)`:\n\n)?^```yaml\n([\s\S]*?)^```$/gm)].map((m) => ({ name: m[1], text: m[2]! }));
}
const MARKER = /^ *\^ reported here$/;
const ELIDED_RUN = /^(.*?)((.)\3{9}…\3{10})(.*)  # (\d+) characters$/u;
/**
 * A printed example as a file, the way the page says to copy it: the `^ reported here` lines left out (each marks the
 * line above it, at its column), a run shown as `aaaaaaaaaa…aaaaaaaaaa  # N characters` written out until the line has
 * N characters, `\xE9` the byte it stands for, blank lines at the end dropped. `asPrinted` only leaves the markers out.
 */
function asFile(printed: string): { bytes: Buffer; asPrinted: string; marks: string[] } {
  const lines: string[] = [];
  const marks: string[] = [];
  for (const l of printed.replace(/\n$/, '').split('\n')) {
    if (MARKER.test(l)) marks.push(`${lines.length}:${l.indexOf('^') + 1}`);
    else lines.push(l);
  }
  while (lines.at(-1) === '') lines.pop();
  const asPrinted = `${lines.join('\n')}\n`;
  const whole = lines.map((l) => {
    const m = ELIDED_RUN.exec(l);
    if (!m) return l;
    const [, before, , c, after, n] = m as unknown as [string, string, string, string, string, string];
    return `${before}${c.repeat(Number(n) - [...before].length - [...after].length)}${after}`;
  });
  const parts = `${whole.join('\n')}\n`.split('\\xE9');
  return { bytes: Buffer.concat(parts.flatMap((p, i) => (i ? [Buffer.from([0xe9]), Buffer.from(p)] : [Buffer.from(p)]))), asPrinted, marks };
}

test('asFile: markers name the line above them, runs are written out to the line\'s length, \\xE9 is the byte', () => {
  const f = asFile(`a: 1\nb: "xxxxxxxxxx…xxxxxxxxxx!"  # 40 characters\n   ^ reported here\n  ^ reported here\nc\\xE9: 2\n\n`);
  assert.equal(f.marks, ['2:4', '2:3']);
  assert.equal(f.bytes, Buffer.concat([Buffer.from(`a: 1\nb: "${'x'.repeat(34)}!"\nc`), Buffer.from([0xe9]), Buffer.from(': 2\n')]));
  assert.is(f.asPrinted, 'a: 1\nb: "xxxxxxxxxx…xxxxxxxxxx!"  # 40 characters\nc\\xE9: 2\n');
});

/**
 * The other rules a printed example may also report: each the same mistake seen by a second rule (or, for
 * too-many-findings, the findings it sums up). Any other finding is an incomplete example (an RCS card without its
 * rcsRichCardsOpts, a carousel mixing named and numbered placeholders): complete its fixture instead of listing it.
 */
const ALSO: Record<string, string[]> = {
  'header-location-category': ['authentication-header'], // a LOCATION header on an authentication template is a header there
  'placeholder-syntax': ['text-characters'], // the zero-width space inside the braces
  'text-characters': ['placeholder-syntax'], // curly quotes inside the braces
  'carousel-card-buttons': ['carousel-card-consistency'], // the card with a third button
  'carousel-product-cards': ['carousel-card-consistency'], // a body on one product card
  'authentication-custom-text': ['authentication-preset-text'], // a custom text at all
  'rcs-suggestions-count': ['rcs-card-height'], // five suggestions make the card too high
  'rcs-rendered-length': ['rcs-card-height'], // so does a long title
  'rcs-message-size': ['rcs-message-length'], // a message over the size is over the length too
  'too-many-findings': ['placeholder-sample'], // the findings it sums up
  'rcs-view-location-mixed': ['rcs-view-location-query'], // the query a label is beside searches the map on Android Messages only
};

const printedRoot = tempDir();
writeFileSync(path.join(printedRoot, 'tplsync.config.yaml'), readFileSync(path.join(dir, 'tplsync.config.yaml')));
const printedConfig = await loadConfig({ cwd: printedRoot, configFile: path.join(printedRoot, 'tplsync.config.yaml') });
test.after(() => cleanup(printedRoot));

for (const rule of RULES) {
  if (GENERATED.has(rule.id)) continue;
  test(`${rule.id}: its example, copied from docs/rules.md as printed, reports it where the page marks`, async () => {
    const examples = printedExamples(rule.id);
    assert.ok(examples.length > 0, 'the page prints an example');
    // a rule across files judges the files together; any other rule's files are examples of their own
    const projects = rule.group === 'cross-file' ? [examples] : examples.map((e) => [e]);
    for (const [i, files] of projects.entries()) {
      const folder = `${rule.id}/${i}`;
      const marks: string[] = [];
      for (const e of files) {
        const name = e.name ?? 'example.yaml';
        const f = asFile(e.text);
        mkdirSync(path.join(printedRoot, folder), { recursive: true });
        writeFileSync(path.join(printedRoot, folder, name), f.bytes);
        marks.push(...f.marks.map((m) => `${name}:${m}`));
        // shortened as printed, it still parses (a shortening that eats a closing brace is a yaml-syntax finding)
        if (rule.id !== 'yaml-syntax' && f.asPrinted !== f.bytes.toString('utf8')) {
          const syntax = lintBytes(name, Buffer.from(f.asPrinted), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'yaml-syntax');
          assert.equal(syntax.map((d) => `${d.line}:${d.column} ${d.message}`), [], `${name} as printed does not parse`);
        }
      }
      assert.ok(files.every((e) => asFile(e.text).marks.length > 0) || rule.group === 'cross-file', `${folder}: every file of a per-file rule's example marks where`);
      const { diagnostics } = await lintProject({ ...printedConfig, templates: [`${folder}/*.{yaml,yml}`] }, [], printedRoot, { now: new Date('2026-01-01T00:00:00Z') });
      const all = diagnostics.map((d) => `${path.basename(d.file)}:${d.ruleId}@${d.line}:${d.column}`);
      const got = diagnostics.filter((d) => d.ruleId === rule.id).map((d) => `${path.basename(d.file)}:${d.line}:${d.column}`);
      for (const m of marks) assert.ok(got.includes(m), `the page marks ${rule.id} at ${m}; the example as printed gives ${JSON.stringify(all)}`);
      const others = diagnostics.filter((d) => d.ruleId !== rule.id && !(ALSO[rule.id] ?? []).includes(d.ruleId));
      assert.equal(others.map((d) => `${path.basename(d.file)}:${d.ruleId}@${d.line}:${d.column} ${d.message}`), [], `the example of ${rule.id} gives findings of other rules: complete it (or, when it is the same mistake, list the rule in ALSO)`);
    }
  });
}

test('no printed example line is longer than 160 characters (a long text is wrapped in its fixture, as a quoted scalar over several lines)', () => {
  const long = RULES.flatMap((r) => printedExamples(r.id).flatMap((e) => e.text.split('\n').filter((l) => [...l].length > 160).map((l) => `${r.id}: ${l.slice(0, 60)}…`)));
  assert.equal(long, []);
});

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

/** lints one file's text through the whole engine (per file, then the project step) */
function lintText(text: string, name = 't.yaml'): import('../src/core/diagnostic.ts').Diagnostic[] {
  return finishProject([lintBytes(name, Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
}
const withBody = (body: string, examples = '{ 1: Ana }'): string => VALID.replace(/ {2}text: .*\n {2}examples: .*\n/, `  text: ${JSON.stringify(body)}\n  examples: ${examples}\n`);

test('placeholder-out-of-range: a huge number is one finding, and no rule counts up to it', () => {
  for (const n of ['99999999999999999999', '10000000', '1001']) {
    const diags = lintText(withBody(`Hello {{1}}, your order {{${n}}} is ready for pickup at the store.`));
    assert.equal(diags.map((d) => `${d.ruleId}@${d.line}:${d.column}`), ['placeholder-out-of-range@6:34'], n);
    assert.ok(JSON.stringify(diags).length < 1000, 'a short report');
  }
  // {{1000}} is still a placeholder: the gap below it is listed briefly
  const gap = lintText(withBody('Hello {{1}}, your order {{1000}} is ready for pickup at the store.', '{ 1: Ana, 1000: A1 }'));
  assert.equal(gap.map((d) => d.ruleId), ['placeholder-sequence']);
  assert.match(gap[0]!.message, /^\{\{1000\}\} is used but \{\{2\}\}, \{\{3\}\}, .*\{\{11\}\}, and 988 more are not;/);
  // in a URL button and a header too
  const url = lintText(`${VALID}buttons:\n  - type: URL\n    text: Open\n    url: https://shop.example.com/o/{{123456789012}}\n    example: https://shop.example.com/o/1\n`);
  assert.ok(url.some((d) => d.ruleId === 'placeholder-out-of-range' && d.line === 11 && d.column === 37), JSON.stringify(url));
});

test('the emulator\'s review rejects a huge placeholder number at once (it runs the same rules)', () => {
  const r = review(CHANNEL_A, writeBody('order_ready', 'Hello {{1}}, your order {{99999999999999999999}} is ready for pickup at the store.'), Date.parse('2026-01-01T00:00:00Z'));
  assert.is(r.verdict, 'REJECTED');
  assert.match(r.reason ?? '', /^placeholder-out-of-range: /);
});

test('placeholder-syntax points at the malformed placeholder, not at an earlier valid one (issue 11.15)', () => {
  const diags = lintText(withBody('Hello there {{name}}, your order {{id} is ready for pickup at the store.', '{ name: Ana }'));
  const syntax = diags.filter((d) => d.ruleId === 'placeholder-syntax');
  assert.equal(syntax.map((d) => [d.line, d.column, d.endColumn]), [[6, 43, 45]]);
  // the same with the text in a block scalar, where the value is not the source
  const block = lintText(VALID.replace(/ {2}text: .*\n/, '  text: |-\n    Hello there {{name}}, your order {{id} is\n    ready {{name}} for pickup at the store.\n').replace('{ 1: Ana }', '{ name: Ana }'));
  assert.equal(block.filter((d) => d.ruleId === 'placeholder-syntax').map((d) => [d.line, d.column]), [[7, 38]]);
});

test('property: every malformed placeholder is reported where it is, in quoted and block scalars', () => {
  const token = fc.constantFrom('{{', '}}', '{{name}}', '{{1}}', '{{id}', '{{ x }}', '{{}}', '{', '}', 'a', ' ', 'ok ', '{{{1}}}', '{{0}}');
  fc.assert(fc.property(fc.array(token, { minLength: 1, maxLength: 14 }), fc.constantFrom('double', 'single', 'block'), (parts, style) => {
    const body = `Dear customer ${parts.join('')} thanks`;
    // the tokens hold no quote or backslash: the source writes the text literally, from `column`
    const [text, line, column] = style === 'double' ? [`  text: "${body}"\n`, 6, 10]
      : style === 'single' ? [`  text: '${body}'\n`, 6, 10]
      : [`  text: |-\n    ${body}\n`, 7, 5];
    const file = VALID.replace(/ {2}text: .*\n/, text);
    const expected = scanPlaceholders(body).problems.filter((p) => p.kind !== 'forbidden' && p.kind !== 'range')
      .map((p) => `${line}:${column + p.start}-${column + p.end}`);
    const got = lintText(file).filter((x) => x.ruleId === 'placeholder-syntax').map((d) => `${d.line}:${d.column}-${d.endColumn}`);
    assert.equal(got.sort(), expected.sort(), `${style}: ${body}`);
  }), { seed: 11_15, numRuns: 400 });
});

test('a rule reports at most MAX_FINDINGS_PER_RULE findings per file, then one too-many-findings summary', () => {
  const keys = Array.from({ length: 120 }, (_, i) => `    unused_${i}: "a\\tb"\n`).join('');
  const extra = Array.from({ length: 20 }, (_, i) => `extra_${i}: 1\n`).join('');
  const file = `${VALID.replace('  examples: { 1: Ana }\n', `  examples:\n    1: Ana\n${keys}`)}${extra}`;
  const diags = lintText(file);
  assert.is(diags.length, MAX_FINDINGS_PER_FILE + 1);
  const byRule = (id: string): number => diags.filter((d) => d.ruleId === id).length;
  assert.ok(byRule('placeholder-sample') <= MAX_FINDINGS_PER_RULE && byRule('sample-format') <= MAX_FINDINGS_PER_RULE);
  const summary = diags.filter((d) => d.ruleId === 'too-many-findings');
  assert.is(summary.length, 1);
  // 120 + 120 + 20 findings, 100 shown
  assert.match(summary[0]!.message, /^160 more findings in this file are not shown \(/);
  assert.is(summary[0]!.severity, 'error');
  // off hides the summary, not the findings
  const off = finishProject([lintBytes('t.yaml', Buffer.from(file), { now: new Date() })], { severities: { 'too-many-findings': 'off' } });
  assert.is(off.length, MAX_FINDINGS_PER_FILE);
});

test('60,000 keys (under the 1 MiB cap): a bounded report with a summary, end to end', async () => {
  const dir = tempDir();
  try {
    const keys = Array.from({ length: 60_000 }, (_, i) => `k${i}: 1\n`).join('');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/big.yaml': VALID + keys });
    const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    const out = JSON.parse(r.stdout) as { diagnostics: { ruleId: string; message: string; line: number }[] };
    assert.ok(out.diagnostics.length <= MAX_FINDINGS_PER_FILE + 1, `${out.diagnostics.length} findings`);
    const summary = out.diagnostics.find((d) => d.ruleId === 'too-many-findings');
    assert.ok(summary, 'a summary');
    assert.match(summary!.message, new RegExp(`^${60_000 - MAX_FINDINGS_PER_RULE} more findings in this file are not shown \\(schema ${60_000 - MAX_FINDINGS_PER_RULE}\\)`));
    assert.is(summary!.line, 7 + MAX_FINDINGS_PER_RULE + 1, 'at the first finding left out');
  } finally { cleanup(dir); }
});

test('duplicate keys: still reported at the second key, in block and flow mappings, at any depth', () => {
  const diags = lintText(`${VALID}header: { format: TEXT, text: Hi, format: TEXT }\nbuttons:\n  - type: QUICK_REPLY\n    text: A\n    type: QUICK_REPLY\nname: again\n`);
  assert.equal(diags.filter((d) => d.ruleId === 'yaml-duplicate-key').map((d) => `${d.line}:${d.column}`), ['8:35', '12:5', '13:1']);
});

test.run();
