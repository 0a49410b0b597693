// Loading: every malformed input is a problem (src/files/problems.ts) with a position, never an exception.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTemplateBytes, parseTemplateText } from '../src/files/parse.ts';
import { firstInvalidUtf8 } from '../src/files/utf8.ts';
import { locate, locateInString } from '../src/files/locate.ts';

const ids = (text: string) => parseTemplateText('t.yaml', text).problems.map((d) => `${d.kind}@${d.span.line}:${d.span.column}`);

test('syntax errors carry a line and column', () => {
  const d = parseTemplateText('t.yaml', 'a: 1\nb: "unterminated\n').problems;
  assert.ok(d.length >= 1);
  assert.is(d[0]!.kind, 'syntax');
  assert.is(d[0]!.span.line, 2);
  assert.is(d[0]!.span.column, 4, 'at the opening quote');
});

test('duplicate keys are reported at the second key', () => {
  assert.equal(ids('name: a\nname: b\n'), ['duplicate-key@2:1']);
});

test('alias bombs are refused', () => {
  const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
  for (const [k, prev] of [['b', 'a'], ['c', 'b'], ['d', 'c'], ['e', 'd']] as const) bomb.push(`${k}: &${k} [${Array(10).fill(`*${prev}`).join(', ')}]`);
  const r = parseTemplateText('t.yaml', `${bomb.join('\n')}\n`);
  assert.equal(r.problems.map((d) => d.kind), ['alias-limit']);
  assert.is(r.doc, undefined);
});

test('an alias inside the node it names is refused at the alias, not followed without end; an alias of a sibling is read', () => {
  for (const [text, at] of [
    ['body: &b\n  text: x\n  examples: { 1: *b }\n', '3:18'],
    ['body: &b\n  text: x\n  self: *b\n', '3:9'],
    ['a: &a\n  - &inner [1, *a]\n', '2:16'],
  ] as const) {
    const r = parseTemplateText('t.yaml', text);
    assert.equal(r.problems.map((d) => `${d.kind}@${d.span.line}:${d.span.column}`), [`alias-limit@${at}`], text);
    assert.match(r.problems[0]!.message, /inside the value it names/);
    assert.is(r.doc, undefined);
  }
  const ok = parseTemplateText('t.yaml', 'a: &x [1, 2]\nb: *x\nc: { d: *x }\n');
  assert.equal(ok.problems, []);
  assert.equal(ok.value, { a: [1, 2], b: [1, 2], c: { d: [1, 2] } });
});

test('a second document is reported where it starts', () => {
  assert.equal(ids('a: 1\n---\nb: 2\n'), ['documents@2:1']);
});

test('non-UTF-8 bytes are reported at their line and column', () => {
  const bytes = Buffer.concat([Buffer.from('a: 1\nbb: x'), Buffer.from([0xff]), Buffer.from('\n')]);
  const d = parseTemplateBytes('t.yaml', bytes).problems;
  assert.equal(d.map((x) => `${x.kind}@${x.span.line}:${x.span.column}`), ['not-utf8@2:6']);
});

test('utf-8 validator agrees with Node on overlong, surrogate and truncated sequences', () => {
  for (const bytes of [[0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0x61, 0xe2, 0x82, 0xac]]) {
    const b = Uint8Array.from(bytes);
    assert.is(firstInvalidUtf8(b) === -1, Buffer.from(b).toString('utf8') === new TextDecoder().decode(b) && !Buffer.from(b).toString('utf8').includes('\ufffd'), String(bytes));
  }
});

test('a BOM is accepted', () => {
  const r = parseTemplateBytes('t.yaml', Buffer.from('\ufeffa: 1\n'));
  assert.equal(r.problems, []);
  assert.equal(r.value, { a: 1 });
});

test('locate points at keys, values and text inside strings', () => {
  const f = parseTemplateText('t.yaml', 'body:\n  text: "Hi {{name}}, {{name}}"\nbuttons:\n  - text: A\n  - text: B\n');
  assert.equal(locate(f, ['buttons', 1, 'text']), { line: 5, column: 11, endLine: 5, endColumn: 12 });
  assert.equal(locate(f, ['body', 'text'], 'key'), { line: 2, column: 3, endLine: 2, endColumn: 7 });
  assert.equal(locateInString(f, ['body', 'text'], '{{name}}', 1), { line: 2, column: 23, endLine: 2, endColumn: 31 });
  // a missing path points at the nearest existing key
  assert.is(locate(f, ['body', 'examples']).line, 1);
});

test('collections nested thousands deep are a syntax finding that says so, not the parser\'s stack overflow', () => {
  const text = `channel: shop-rcs\nname: deep\nlanguage: en_US\nx: ${'['.repeat(20000)}${']'.repeat(20000)}\n`;
  const problems = parseTemplateText('t.yaml', text).problems;
  assert.is(problems.length, 1);
  assert.is(problems[0]!.kind, 'syntax');
  assert.is(problems[0]!.span.line, 4);
  // at the bracket that opens the 65th level (the mapping is the first), not where the stack ran out
  assert.is(problems[0]!.span.column, 4 + 63);
  assert.match(problems[0]!.message, 'nests lists or mappings more than 64 levels deep');
  assert.not.match(problems[0]!.message, /call stack/i);
});

test('the nesting bound is explicit: block sequences, compact ones and indented mappings past 64 levels are found at the level that passes it; 64 levels read', () => {
  const head = 'channel: shop-rcs\nname: deep\nlanguage: en_US\n';
  const at = (text: string) => { const p = parseTemplateText('t.yaml', head + text).problems.find((x) => /levels deep/.test(x.message)); return p && `${p.span.line}:${p.span.column}`; };
  // `- - - x`: the line's first dash is the level of the key's value (2), each further one a level
  assert.is(at(`x:\n  ${'- '.repeat(100)}y\n`), `5:${3 + 2 * 63}`);
  assert.is(at(`x:\n${Array.from({ length: 100 }, (_, i) => `${' '.repeat(i + 1)}k${i}:\n`).join('')}`), '68:65');
  assert.is(at(`x: { a: [ ${'['.repeat(100)}\n ${']'.repeat(100)} ] }\n`), '4:72');
  // brackets in quoted, plain and block scalars and in comments are text, however many
  const text = `x:\n  a: "${'['.repeat(200)}"\n  b: Hi ${'['.repeat(200)}\n  c: |\n    ${'{'.repeat(200)}\n  # ${'['.repeat(200)}\n  d: '${'{'.repeat(200)}'\n`;
  assert.is(at(text), undefined);
  assert.is(parseTemplateText('t.yaml', head + text).problems.length, 0);
  // 64 levels in all (the mapping and 63 lists) read as YAML
  assert.is(at(`x: ${'['.repeat(63)}${']'.repeat(63)}\n`), undefined);
  assert.is(at(`x: ${'['.repeat(64)}${']'.repeat(64)}\n`), '4:67');
});

test('a tab as indentation is one finding a line, saying to indent with spaces; the key it lifted to the level above is no duplicate', () => {
  const problems = parseTemplateText('t.yaml', 'channel: shop-rcs\nname: tabs\nlanguage: en_US\nmessage:\n\ttype: text\n\tmessage: "hi"\n').problems;
  assert.equal(problems.map((x) => `${x.kind}@${x.span.line}`), ['syntax@5', 'syntax@6']);
  assert.match(problems[0]!.message, 'indent with spaces');
  // a real duplicate on a line without a syntax error is still reported
  assert.equal(ids('a: 1\na: 2\n'), ['duplicate-key@2:1']);
});

test('a duplicate key\'s span is the whole key (its quotes too), not its first character (trial-ba F3)', () => {
  const spans = (text: string) => parseTemplateText('t.yaml', text).problems.filter((d) => d.kind === 'duplicate-key').map((d) => `${d.span.line}:${d.span.column}-${d.span.endLine}:${d.span.endColumn}`);
  assert.equal(spans('category: UTILITY\nfooter: bye\ncategory: MARKETING\n"footer": again\n'), ['3:1-3:9', '4:1-4:9']);
  assert.equal(spans('header: { format: TEXT, text: Hi, format: TEXT }\n'), ['1:35-1:41']);
});

test.run();
