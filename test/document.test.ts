// The located document (src/files/document.ts): its value is the one `yaml` gives, from the
// cheapest reader that can give it; every position it answers, whichever reader answers it, is the
// one the full `yaml` reader gives; and it reads lazily: each reader at most once, `yaml` only on
// the first position the others cannot answer. Seeded property tests over generated template YAML
// written in many layouts (plain, quoted, block and folded scalars, flow and block collections).
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { documentStats, openDocument, type Path } from '../src/files/document.ts';
import { parseTemplateText } from '../src/files/parse.ts';
import { locate, locateRange } from '../src/files/locate.ts';

/** the parses each reader made while `f` ran */
function parses<T>(f: () => T): { result: T; text: number; fast: number; yaml: number } {
  const before = { ...documentStats };
  const result = f();
  return { result, text: documentStats.text - before.text, fast: documentStats.fast - before.fast, yaml: documentStats.yaml - before.yaml };
}

test('a file in the text layouts: value and positions from one pass of the text reader, no parser', () => {
  const text = templateText(7, 'realistic');
  const r = parses(() => {
    const doc = openDocument('t.yaml', text);
    return { doc, value: doc.value, name: doc.span(['name']), body: doc.span(['body', 'text']), key: doc.span(['category'], 'key') };
  });
  assert.equal([r.text, r.fast, r.yaml], [1, 0, 0]);
  assert.is(r.result.doc.reader, 'text');
  const full = parseTemplateText('t.yaml', text);
  assert.equal(r.result.value, full.value);
  assert.equal(r.result.name, locate(full, ['name']));
  assert.equal(r.result.body, locate(full, ['body', 'text']));
  assert.equal(r.result.key, locate(full, ['category'], 'key'));
});

test('a block scalar: js-yaml gives the value, the first position inside it upgrades to yaml, once', () => {
  const text = 'channel: shop\nname: a\nlanguage: en\ncategory: UTILITY\nbody:\n  text: |\n    Hello {{name}},\n    your order is ready.\n';
  const doc = openDocument('t.yaml', text);
  const first = parses(() => doc.value);
  assert.equal([first.text, first.fast, first.yaml], [1, 1, 0]);
  assert.is(doc.reader, 'fast');
  // a top-level scalar and a proven node: still no parse
  const cheap = parses(() => [doc.span(['name']), doc.span(['channel'], 'key')]);
  assert.is(cheap.yaml, 0);
  const full = parseTemplateText('t.yaml', text);
  const v = (full.value as { body: { text: string } }).body.text;
  const deep = parses(() => [doc.span(['body', 'text']), doc.rangeSpan(['body', 'text'], v, 6, 14), doc.span(['body', 'text'])]);
  assert.equal([deep.text, deep.fast, deep.yaml], [0, 0, 1]);
  assert.equal(deep.result, [locate(full, ['body', 'text']), locateRange(full, ['body', 'text'], v, 6, 14), locate(full, ['body', 'text'])]);
  assert.ok(doc.agrees());
  assert.equal(doc.loading(), []);
  // the value of the upgraded document is still js-yaml's, and resolving it parses nothing again
  const again = parses(() => doc.parsed());
  assert.is(again.yaml, 0);
  assert.equal(again.result.value, full.value);
});

test('a released document keeps its text: the same value and positions, read again by the cheapest reader', () => {
  const text = templateText(4, 'realistic');
  const doc = openDocument('t.yaml', text);
  const before = [doc.value, doc.span(['name']), doc.span(['body', 'text'])];
  doc.release();
  const after = parses(() => [doc.value, doc.span(['name']), doc.span(['body', 'text'])]);
  assert.equal(after.result, before);
  assert.equal([after.text, after.fast, after.yaml], [1, 0, 0]);
});

test('anchors, syntax errors, a list, a BOM, bytes that are not UTF-8: yaml reads them, with its loading findings', () => {
  const anchored = openDocument('t.yaml', 'channel: &c shop\nname: *c\nlanguage: en\n');
  assert.is(anchored.reader, 'yaml');
  assert.equal(anchored.value, { channel: 'shop', name: 'shop', language: 'en' });
  const broken = openDocument('t.yaml', 'name: [a\n');
  assert.is(broken.value, undefined);
  assert.ok(broken.loading().some((d) => d.kind === 'syntax'));
  const list = openDocument('t.yaml', '- a\n- b\n');
  assert.is(list.value, undefined);
  assert.equal(list.parsed().value, ['a', 'b']);
  const bom = openDocument('t.yaml', Buffer.from('\uFEFFname: a\n'));
  assert.equal(bom.value, { name: 'a' });
  assert.equal(bom.span(['name']), { line: 1, column: 7, endLine: 1, endColumn: 8 });
  const latin1 = openDocument('t.yaml', Uint8Array.from([0x6e, 0x3a, 0x20, 0xe9, 0x0a]));
  assert.is(latin1.value, undefined);
  assert.equal(latin1.loading().map((d) => d.kind), ['not-utf8']);
});

// ---- generated template YAML, in many layouts ----

const word = fc.constantFrom('Hello', 'order', 'is', 'ready', 'café', 'Grüße', '🎉', 'a-b', 'x_y', '42', 'yes', 'null', 'true', 'it\'s', 'say "hi"', '#tag', 'a: b', '50%', '{{name}}', '{{order_id}}', '{{1}}', '{{ spaced }}');
const sentence = fc.array(word, { minLength: 1, maxLength: 9 }).map((ws) => ws.join(' '));

/** a string written as YAML in one of several styles; undefined when the style cannot hold it */
function scalar(s: string, style: number, indent: string): string | undefined {
  switch (style) {
    case 0: return /^[A-Za-z][^:#{}[\],&*!|>'"%@`]*$/.test(s) && !/\s$/.test(s) && !/^(?:yes|no|null|true|false|on|off|~)$/i.test(s) ? s : undefined;
    case 1: return JSON.stringify(s);
    case 2: return `'${s.replace(/'/g, "''")}'`;
    case 3: return s.includes('\n') || /^\s|\s$/.test(s) ? undefined : `|\n${indent}  ${s}`;
    default: return s.includes('\n') || /^\s|\s$/.test(s) ? undefined : `>-\n${indent}  ${s}`;
  }
}
const write = (s: string, style: number, indent: string): string => scalar(s, style, indent) ?? JSON.stringify(s);

const templateYaml = fc.record({
  name: fc.constantFrom('order_update', 'welcome', 'x1'),
  language: fc.constantFrom('en_US', 'de', 'pt_BR'),
  body: sentence,
  footer: fc.option(sentence, { nil: undefined }),
  examples: fc.uniqueArray(fc.tuple(fc.constantFrom('name', 'order_id', 'city'), sentence), { selector: (x) => x[0], maxLength: 3 }),
  buttons: fc.array(sentence, { maxLength: 3 }),
  styles: fc.array(fc.nat(4), { minLength: 12, maxLength: 12 }),
  flow: fc.boolean(),
  comment: fc.boolean(),
  crlf: fc.boolean(),
}).map((t) => {
  const st = (i: number): number => t.styles[i % t.styles.length]!;
  const lines = [
    `${t.comment ? '# a template\n' : ''}channel: ${write('shop-whatsapp', st(0), '')}`,
    `name: ${write(t.name, st(1), '')}${t.comment ? ' # its name' : ''}`,
    `language: ${write(t.language, st(2), '')}`,
    'category: UTILITY',
    'body:',
    `  text: ${write(t.body, st(3), '  ')}`,
  ];
  if (t.examples.length) {
    if (t.flow) lines.push(`  examples: { ${t.examples.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(', ')} }`);
    else { lines.push('  examples:'); for (const [k, v] of t.examples) lines.push(`    ${k}: ${write(v, st(4 + k.length), '    ')}`); }
  }
  if (t.footer !== undefined) lines.push(`footer: ${write(t.footer, st(5), '')}`);
  if (t.buttons.length) {
    lines.push('buttons:');
    t.buttons.forEach((b, i) => lines.push(`  - type: QUICK_REPLY\n    text: ${write(b, st(6 + i), '    ')}`));
  }
  const text = `${lines.join('\n')}\n`;
  return t.crlf ? text.replace(/\n/g, '\r\n') : text;
});

/** every path of a value, with the string at it (if any) */
function paths(v: unknown, at: Path = []): { path: Path; s?: string }[] {
  const here = { path: at, ...(typeof v === 'string' ? { s: v } : {}) };
  if (Array.isArray(v)) return [here, ...v.flatMap((x, i) => paths(x, [...at, i]))];
  if (v && typeof v === 'object') return [here, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
  return [here];
}

test('a lone carriage return is a line break (YAML 1.2, and editors): positions count it, a comment after it is its own, and fmt is idempotent on it', async () => {
  const { formatBytes } = await import('../src/fmt/run.ts');
  const text = '# owner: growth team\r# reviewed 2026-03\nchannel: wa\nname: cr_test\r\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your parcel {{1}} is ready."\n  examples: { 1: A-1 }\n';
  for (const input of [text, Buffer.from(text, 'utf8')]) {
    const doc = openDocument('t.yaml', input);
    assert.is(doc.value?.name, 'cr_test');
    assert.is(doc.span(['channel']).line, 3, 'the lone CR ends line 1');
    assert.is(doc.span(['language']).line, 5, 'CR LF is one line break');
  }
  const once = formatBytes('t.yaml', Buffer.from(text, 'utf8'));
  assert.is(once.kind, 'changed');
  assert.ok(once.text!.startsWith('# owner: growth team\n# reviewed 2026-03\n'), once.text);
  assert.is(formatBytes('t.yaml', Buffer.from(once.text!, 'utf8')).kind, 'unchanged', 'a second fmt changes nothing');
});

test('property: the lazy document gives the value and every position the full yaml reader gives, each reader at most once', () => {
  const readers = { text: 0, fast: 0, yaml: 0, upgraded: 0 };
  fc.assert(fc.property(templateYaml, (text) => {
    const full = parseTemplateText('t.yaml', text);
    assert.ok(full.doc && full.problems.length === 0, text);
    const r = parses(() => {
      const doc = openDocument('t.yaml', text);
      assert.equal(doc.value, full.value, text);
      readers[doc.reader]++;
      for (const { path, s } of [...paths(full.value), { path: ['body', 'missing', 0] }, { path: ['nope'] }]) {
        assert.equal(doc.span(path), locate(full, path), `${JSON.stringify(path)}\n${text}`);
        assert.equal(doc.span(path, 'key'), locate(full, path, 'key'), `key ${JSON.stringify(path)}\n${text}`);
        if (s) {
          for (const [a, b] of [[0, s.length], [0, 1], [s.length >> 1, s.length], [1, 3]] as const) {
            assert.equal(doc.rangeSpan(path, s, a, b), locateRange(full, path, s, a, b), `${JSON.stringify(path)} [${a}, ${b})\n${text}`);
          }
        }
      }
      assert.ok(doc.agrees());
      return doc.reader;
    });
    assert.ok(r.text <= 1 && r.fast <= 1 && r.yaml <= 1, JSON.stringify(r));
    if (r.yaml === 1 && r.result !== 'yaml') readers.upgraded++;
  }), { numRuns: 400 });
  // the generator reaches every reader, and documents a faster reader read that upgraded for positions
  assert.ok(readers.text > 0 && readers.fast > 0 && readers.upgraded > 0, JSON.stringify(readers));
});


test('a text nested past the bound by indentation alone: the value is `yaml`\'s, with the nesting finding fmt gives (the faster readers read it in silence)', () => {
  let text = 'channel: whatsapp\nname: deepblock\nlanguage: en_US\ncategory: UTILITY\nbody:\n';
  for (let i = 1; i < 200; i++) text += `${'  '.repeat(i)}k${i}:\n`;
  text += `${'  '.repeat(200)}v: 1\n`;
  const doc = openDocument('t.yaml', text);
  assert.is(doc.value, undefined);
  assert.is(doc.reader, 'yaml');
  const expected = parseTemplateText('t.yaml', text).problems;
  assert.equal(doc.loading(), expected);
  assert.equal(expected.map((p) => `${p.kind}@${p.span.line}:${p.span.column}`), ['syntax@69:129']);
  // a template nested as templates are still goes to the text reader
  const plain = openDocument('t.yaml', templateText(3, 'realistic'));
  assert.is(plain.reader, 'text');
});

test.run();
