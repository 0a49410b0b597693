// placeholder-density counts words without a match array per word when a body has no character
// of a script written without spaces; a seeded property holds its verdict and message to the
// counting of every word through its match (the way it counted before), over texts that mix
// Latin, digits, punctuation, CJK and Thai, spaces and placeholders.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { scanPlaceholders } from '../src/model/placeholders.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const WORD = /[^\s\p{L}\p{N}]*[\p{L}\p{N}]\S*/gu;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/gu;

/** the message the rule gives, counted word by word through each match (the reference) */
function expected(body: string): string[] {
  const s = scanPlaceholders(body);
  const n = s.placeholders.length;
  if (n === 0) return [];
  let words = 0;
  let unspaced = 0;
  for (const text of s.texts) {
    for (const m of text.matchAll(WORD)) {
      const chars = m[0].match(UNSPACED)?.length ?? 0;
      if (chars > 0) unspaced += chars; else words++;
    }
  }
  const units = words + unspaced;
  if (units + n >= 3 * n + 1) return []; // words and placeholders together at least 3n+1
  const what = unspaced === 0 ? `${words} fixed word${words === 1 ? '' : 's'}`
    : words === 0 ? `${unspaced} fixed character${unspaced === 1 ? '' : 's'} (counted one by one in a script without spaces)`
    : `${units} fixed words and characters (characters of a script without spaces count one by one)`;
  return [`The body has ${n} placeholder${n === 1 ? '' : 's'} and ${what}; WhatsApp tends to reject fewer than ${2 * n + 1} (words and placeholders together at least ${3 * n + 1}).`];
}

const actual = (body: string): string[] => finishProject([lintBytes('t.yaml', Buffer.from(
  `channel: shop-whatsapp\nname: fixture\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: ${JSON.stringify(body)}\n  examples: { 1: A, 2: B }\n`,
), { now: NOW })], { severities: {} }).filter((d) => d.ruleId === 'placeholder-density').map((d) => d.message);

const token = fc.constantFrom('Hi', 'order', '42', 'x1', '.', ',', '!', '-', '—', '(ok)', '“so”', 'こんにちは', '様', '你好', 'สวัสดี', 'ไทย', 'café', 'über', '{{1}}', '{{2}}', ' ', '  ', '\u00a0');

test('property: the verdict and the counts are those of counting every word through its match', () => {
  fc.assert(fc.property(fc.array(token, { maxLength: 14 }), fc.array(fc.constantFrom(' ', ''), { maxLength: 14 }), (tokens, gaps) => {
    const body = tokens.map((t, i) => t + (gaps[i] ?? ' ')).join('').trim() || 'Hi';
    assert.equal(actual(body), expected(body), body);
  }), { seed: 21, numRuns: 400 });
});

test('the examples both roads take', () => {
  assert.equal(actual('Hi {{1}} ok.'), ['The body has 1 placeholder and 2 fixed words; WhatsApp tends to reject fewer than 3 (words and placeholders together at least 4).']);
  assert.equal(actual('你好{{1}}。'), ['The body has 1 placeholder and 2 fixed characters (counted one by one in a script without spaces); WhatsApp tends to reject fewer than 3 (words and placeholders together at least 4).']);
  assert.equal(actual('Hello {{1}}, your order is on its way.'), []);
});

test.run();
