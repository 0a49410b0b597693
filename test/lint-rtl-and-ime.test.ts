// What an RTL or an IME writer types and lint must say (trial i): full-width braces typed for a
// placeholder, direction controls in samples, an invisible mark at the body's edge, a character written
// as a YAML escape, a phone number of Arabic-Indic digits, a Hebrew quote that closes a YAML string. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (lines: string[]) =>
  finishProject([lintBytes('t.yaml', Buffer.from(lines.join('\n') + '\n'), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const found = (lines: string[]): string[] => lint(lines).map((d) => `${d.ruleId}@${d.line}:${d.column}`);
const said = (lines: string[], rule: string): string[] => lint(lines).filter((d) => d.ruleId === rule).map((d) => d.message);
const wa = (language: string) => ['channel: shop-whatsapp', 'name: rtl_test', `language: ${language}`, 'category: UTILITY'];

test('placeholder-syntax: full-width braces typed by an IME (｛｛1｝｝, {｛1}}) are a malformed placeholder, with what to type', () => {
  const text = (t: string, ex = '') => [...wa('ja'), 'body:', `  text: "${t}"`, ...(ex ? [`  examples: { ${ex} }`] : [])];
  assert.equal(found(text('ご注文の荷物は｛｛1｝｝にお届けします。山田様ありがとうございました。')), ['placeholder-syntax@6:17']);
  const m = said(text('ご注文の荷物は｛｛1｝｝にお届けします。山田様ありがとうございました。'), 'placeholder-syntax')[0]!;
  assert.match(m, /full-width braces/);
  assert.match(m, /write \{\{1\}\}/);
  // mixed with half-width ones, with a full-width digit too, and beside a sample: the braces are named, not the sample
  assert.equal(found(text('ご注文の荷物は{｛1}}にお届けします。山田様ありがとうございました。')), ['placeholder-syntax@6:17']);
  assert.match(said(text('お届けは｛｛１｝｝です。山田様ありがとうございました。'), 'placeholder-syntax')[0]!, /write \{\{1\}\}/);
  assert.equal(found(text('ご注文の荷物は｛｛1｝｝にお届けします。山田様ありがとうございました。', '1: "12月10日"')), ['placeholder-syntax@6:17']);
  // a full-width brace in prose is no placeholder
  assert.equal(found(text('ご注文の荷物は｛本日｝{{1}}にお届けします。山田様ありがとうございました。', '1: "12月10日"')), []);
});

test.run();
