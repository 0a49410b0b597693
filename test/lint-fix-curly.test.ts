// text-characters and its repair on a word processor's curly quotes typed where YAML quotes were
// meant (`text: “Hi {{1}}”`: YAML reads a plain text that starts with “ and ends with ”): the whole
// text wrapped in a curly pair is a finding, and the repair removes the pair, quoting the text
// with straight quotes only where YAML needs it (it starts with {{), in the file's own style.
// Curly quotes elsewhere in a text are prose: no finding, no change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { collectFindings, finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixText } from '../src/lint/fix.ts';
import { cleanText, curlyWrap } from '../src/lint/rules/characters.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const now = new Date('2026-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const ruleFindings = (text: string): string[] => collectFindings({ channel: CHANNEL_A, name: 'x_y', language: 'en_US', category: 'UTILITY', body: { text, examples: { 1: 'Ana' } } }, { now })
  .filter((f) => f.ruleId === 'text-characters').map((f) => f.message);
const QUOTES = /["'\u2018\u2019\u201A\u201C\u201D\u201E]/u;

test('curlyWrap: a text wrapped whole in a curly pair, in the pairs word processors type', () => {
  assert.equal(curlyWrap('\u201CHi {{1}}, your order is ready.\u201D'), { open: 0, close: 31 });
  assert.ok(curlyWrap('\u2018Your order\u2019s ready\u2019'), 'single quotes, an apostrophe inside');
  assert.ok(curlyWrap('\u201EHallo {{1}}, Ihre Bestellung ist da.\u201C'), 'German');
  assert.ok(curlyWrap('\u201EWitaj {{1}}\u201D'), 'Polish');
  assert.ok(curlyWrap('\u201AHallo {{1}}\u2018'), 'German single');
  assert.ok(curlyWrap('\u201DHej {{1}}\u201D'), 'Swedish');
  assert.ok(curlyWrap('\u201CHe said \u201Chi\u201D to {{1}}\u201D'), 'a quotation nested inside');
  assert.is(curlyWrap('\u00ABMerci {{1}}\u00BB'), undefined, 'guillemets are prose');
  assert.is(curlyWrap('\u201CYes\u201D or \u201CNo\u201D'), undefined, 'two quotations');
  assert.is(curlyWrap('\u2018Yes\u2019 or \u2018No\u2019'), undefined, 'two single quotations');
  assert.is(curlyWrap('He said \u201Chi\u201D'), undefined, 'a quotation at the end only');
  assert.is(curlyWrap('\u201CHi {{1}}'), undefined, 'no closing quote');
  assert.is(curlyWrap('\u201C\u201D'), undefined, 'nothing inside');
});

test('cleanText: the pair removed (the intended text is inside), prose quotes kept', () => {
  assert.is(cleanText('\u201CHi {{1}}, your order is ready.\u201D'), 'Hi {{1}}, your order is ready.');
  assert.is(cleanText('\u201C{{1}}, your order is ready for pickup at the store.\u201D'), '{{1}}, your order is ready for pickup at the store.');
  assert.is(cleanText('\u201CYour code is {{1}}\u201D'), 'Your code is {{1}}', 'the closing quote after a placeholder is the pair, not a quote around it');
  assert.is(cleanText('\u2018Your order\u2019s ready, {{1}}\u2019'), 'Your order\u2019s ready, {{1}}');
  assert.is(cleanText('\u201EHallo {{1}}, Ihre Bestellung ist da.\u201C'), 'Hallo {{1}}, Ihre Bestellung ist da.');
  assert.is(cleanText('\u200B\u201CHi {{1}}\u201D'), 'Hi {{1}}', 'a hidden character before the pair');
  assert.is(cleanText('\u201CCode \u201C{{1}}\u201D now\u201D'), 'Code \u201C{{1}}\u201D now', 'the pair removed, the quotes around the placeholder kept (typography)');
  assert.is(cleanText('He said \u201Chi\u201D to {{1}}'), 'He said \u201Chi\u201D to {{1}}');
  assert.is(cleanText('\u00ABMerci {{1}}\u00BB'), '\u00ABMerci {{1}}\u00BB');
});

test('the rule: one finding for a wrapped text naming both quotes, none for prose; what it finds the repair removes', () => {
  const wrapped = ruleFindings('\u201C{{1}}, your order is ready for pickup at the store.\u201D');
  assert.is(wrapped.length, 1, wrapped.join('\n'));
  assert.match(wrapped[0]!, 'wrapped in curly quotes');
  assert.match(wrapped[0]!, 'U+201C');
  assert.match(wrapped[0]!, 'U+201D');
  assert.is(ruleFindings('\u201CHi {{1}}, your order is ready.\u201D').length, 1);
  assert.is(ruleFindings('\u2018Hi {{1}}, your order\u2019s ready.\u2019').length, 1);
  assert.is(ruleFindings('\u201EHallo {{1}}, Ihre Bestellung ist da.\u201C').length, 1);
  assert.equal(ruleFindings('\u00ABBonjour {{1}}, votre commande est pr\u00EAte.\u00BB'), []);
  assert.equal(ruleFindings('He said \u201Chi\u201D to {{1}} at the store.'), []);
  for (const t of ['\u201CHi {{1}}, your order is ready.\u201D', '\u201CCode \u201C{{1}}\u201D now\u201D', '\u201CYour code is {{1}}\u201D']) assert.equal(ruleFindings(cleanText(t)), [], t);
});

test('quotes around a placeholder are typography (German \u201E{{2}}\u201C, English \u201C{{2}}\u201D): no finding, and lint --fix leaves them; a curly quote inside the braces is still one', () => {
  const file = (language: string, text: string): string => `channel: ${CHANNEL_A}\nname: versand_info\nlanguage: ${language}\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Anna, 2: Gie\u00DFkanne }\n`;
  const de = file('de', 'Hallo {{1}}, Ihr Artikel \u201E{{2}}\u201C wurde heute versandt und kommt bald bei Ihnen an.');
  const en = file('en_US', 'Hi {{1}}, your item \u201C{{2}}\u201D has shipped today and will arrive in two days, said \u201CMia\u201D.');
  for (const text of [de, en]) {
    assert.equal(findings(text).filter((d) => d.ruleId === 'text-characters'), [], text);
    const fixed = fixText(text, { findings, now });
    assert.is(fixed.text, text, 'the repair changes nothing');
    assert.equal(fixed.fixed, {});
  }
  const inside = findings(file('en_US', 'Hi {{1}}, your item {{\u201C2\u201D}} has shipped today.')).filter((d) => d.ruleId === 'text-characters');
  assert.is(inside.length, 1);
  assert.match(inside[0]!.message, 'is inside the placeholder {{\u201C2\u201D}}');
});

const head = `channel: ${CHANNEL_A}\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\n`;
const named = (name: string): string => head.replace('order_ready', name);

test('fixText: the pair removed in the file; quoted as the file quotes only when YAML needs it', () => {
  const plain = fixText(`${head}header:\n  format: TEXT\n  text: \u201C{{1}} is ready\u201D\n  examples: { 1: A1 }\nbody:\n  text: \u201CHi {{1}}, your order is ready.\u201D # pasted\n  examples: { 1: Ana }\n`, { findings, now });
  assert.match(plain.text, 'text: "{{1}} is ready"\n');
  assert.match(plain.text, 'text: Hi {{1}}, your order is ready. # pasted\n');
  assert.equal(plain.fixed, { 'text-characters': 2 });
  assert.equal(plain.left, []);
  const single = fixText(`${head}header:\n  format: TEXT\n  text: \u201C{{1}} is ready\u201D\n  examples: { 1: 'A1' }\nbody:\n  text: 'Hi {{1}}, your order is ready.'\n  examples: { 1: 'Ana' }\n`, { findings, now });
  assert.match(single.text, "text: '{{1}} is ready'\n");
  assert.is(fixText(single.text, { findings, now }).text, single.text, 'a second run changes nothing');
});

test('lint --fix on a project: each wrapped text is the text inside its pair, and lint is clean afterwards', async () => {
  const dir = tempDir('tplsync-fix-curly-');
  try {
    const files: Record<string, { yaml: string; path: string[]; intended: string }> = {
      'double.yaml': { yaml: `${named('double')}body:\n  text: \u201CHi {{1}}, your order is ready.\u201D\n  examples: { 1: Ana }\n`, path: ['body', 'text'], intended: 'Hi {{1}}, your order is ready.' },
      'leading.yaml': { yaml: `${named('leading')}header:\n  format: TEXT\n  text: \u201C{{1}}, your order is ready for pickup at the store.\u201D\n  examples: { 1: Ana }\nbody:\n  text: See you soon at the store.\n`, path: ['header', 'text'], intended: '{{1}}, your order is ready for pickup at the store.' },
      'single.yaml': { yaml: `${named('single')}body:\n  text: \u2018Hi {{1}}, your parcel is ready.\u2019\n  examples: { 1: Ana }\n`, path: ['body', 'text'], intended: 'Hi {{1}}, your parcel is ready.' },
      'german.yaml': { yaml: `${named('german').replace('en_US', 'de')}body:\n  text: \u201EHallo {{1}}, Ihre Bestellung ist da.\u201C\n  examples: { 1: Ana }\n`, path: ['body', 'text'], intended: 'Hallo {{1}}, Ihre Bestellung ist da.' },
    };
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["t/*.yaml"]\n', ...Object.fromEntries(Object.entries(files).map(([f, v]) => [`t/${f}`, v.yaml])) });
    const before = JSON.parse((await cliIn(['lint', '--format', 'json'], { cwd: dir })).stdout) as { diagnostics: { file: string; ruleId: string }[] };
    assert.equal(before.diagnostics.map((d) => `${path.basename(d.file)} ${d.ruleId}`).sort(), Object.keys(files).map((f) => `${f} text-characters`).sort());
    const fix = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.is(fix.exitCode, 0, fix.stdout + fix.stderr);
    for (const [f, v] of Object.entries(files)) {
      const value = v.path.reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], parse(readFileSync(path.join(dir, 't', f), 'utf8')));
      assert.is(value, v.intended, f);
      assert.not.ok(QUOTES.test(value as string), `${f}: no quote character left`);
    }
    const after = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.equal(JSON.parse(after.stdout).diagnostics, []);
    assert.is(after.exitCode, 0);
  } finally { cleanup(dir); }
});


test('a sample wrapped in a curly pair is warned as a text is, and --fix removes the pair (trial-q F5: “Ana” linted clean, and the reviewers read Hello “Ana”)', () => {
  const file = 'channel: shop-whatsapp\nname: g1\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your plan renews next week, thanks for staying with us."\n  examples: { 1: \u201CAna\u201D }\nbuttons:\n  - type: URL\n    text: Open\n    url: https://shop.example.com/o/{{1}}\n    example: \u201Chttps://shop.example.com/o/A-1\u201D\n';
  const got = findings(file).filter((d) => d.ruleId === 'text-characters');
  assert.equal(got.map((d) => `${d.line}:${d.column}`), ['7:18', '12:14'], JSON.stringify(got));
  assert.match(got[0]!.message, /The sample is wrapped in curly quotes \u201C and \u201D/);
  const fixed = fixText(file, { findings, now });
  assert.is(fixed.text, file.replace('\u201CAna\u201D', 'Ana').replace('\u201Chttps://shop.example.com/o/A-1\u201D', 'https://shop.example.com/o/A-1'));
  // prose quotes inside a sample stay, as in a text
  assert.equal(findings(file.replace('\u201CAna\u201D', 'Ana \u201CAnnie\u201D Smith').replace('\u201Chttps://shop.example.com/o/A-1\u201D', 'https://shop.example.com/o/A-1')).filter((d) => d.ruleId === 'text-characters'), []);
});

test.run();
