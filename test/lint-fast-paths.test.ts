// Property: the shortcuts lint takes before its slower checks answer as those checks would
// (seeded). A shortcut that says "nothing here" for a text the check would flag hides a finding.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commentAfterSpace } from '../src/lint/engine.ts';
import { lookalikeInHost, mayHoldLookalike } from '../src/lint/rules/characters.ts';

const textOf = (units: string[]): fc.Arbitrary<string> => fc.string({ unit: fc.constantFrom(...units), maxLength: 80 });

test('a comment after a space: the search for # answers as the regular expression did', () => {
  const REGEX = /[ \t]#[^\s#]/;
  fc.assert(fc.property(textOf(['#', ' ', '\t', '\n', '\r', 'a', '1', '\u00a0', '\u2028', ':', '"']), (t) => {
    assert.is(commentAfterSpace(t), REGEX.test(t), JSON.stringify(t));
  }), { numRuns: 3000 });
  // the cases by name: a tab before #, # at a text's start or end, ## (a heading, not a cut)
  assert.ok(commentAfterSpace('order\t#A-1'));
  assert.not.ok(commentAfterSpace('#A-1 at the start'));
  assert.not.ok(commentAfterSpace('ends with #'));
  assert.not.ok(commentAfterSpace('a ## b'));
  assert.not.ok(commentAfterSpace('a #\u00a0b'));
});

test('look-alike hosts: a text the shortcut passes over holds no host the rule would flag', () => {
  const HOST = /(?:\bhttps?:\/\/(?:[^\s/?#@{}()]*@)?|(?<![\p{L}\p{N}.-])(?=www\.))([^\s/?#:@{}()]+)/giu;
  const units = ['h', 't', 'p', 's', ':', '/', '.', 'w', 'W', 'x', 'n', 'X', 'N', '-', 'a', 'е', 'ο', 'é', ' ', '{', '}', '1', 'ğ'];
  const withPrefix = fc.tuple(fc.constantFrom('https://', 'http://', 'www.', 'WWW.', 'https://xn--', 'HTTPS://XN--', ''), textOf(units), textOf(units))
    .map(([p, a, b]) => `${a}${p}${b}`);
  fc.assert(fc.property(withPrefix, (t) => {
    const flagged = [...t.matchAll(HOST)].some((m) => lookalikeInHost(m[1]!) !== undefined);
    if (flagged) assert.ok(mayHoldLookalike(t), `passed over: ${JSON.stringify(t)}`);
  }), { numRuns: 5000 });
  assert.ok(mayHoldLookalike('see https://shop.acmе.example/x'));
  assert.ok(mayHoldLookalike('see https://shop.XN--ACM-TDD.example/x'));
  assert.not.ok(mayHoldLookalike('see https://shop.example.com/x'));
});

test.run();
