// send --to: a number copied from an app in another script (Arabic-Indic digits, a pasted LRM or
// LRE...PDF) is refused with what is wrong named and the number to write; no invisible character is
// printed as it is (trial i, F6). Pure.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { receiverProblem } from '../src/send/send.ts';

test('a receiver with a pasted left-to-right mark: the mark named by code point, escaped in the quote, the number to write given', () => {
  const m = receiverProblem('\u200e+971501234567')!;
  assert.equal(m, 'The receiver "\\u200e+971501234567" holds an invisible character, U+200E LEFT-TO-RIGHT MARK (copied with it; it shows nothing): write +971501234567');
  const wrapped = receiverProblem('\u202a+971501234567\u202c')!;
  assert.match(wrapped, /U\+202A LEFT-TO-RIGHT EMBEDDING, U\+202C POP DIRECTIONAL FORMATTING/);
  assert.not.match(wrapped, /[\u200e\u202a\u202c]/);
});

test('a receiver in Arabic-Indic or Persian digits: ASCII digits asked for, the number given', () => {
  assert.equal(receiverProblem('+٩٧١٥٠١٢٣٤٥٦٧'), 'The receiver "+٩٧١٥٠١٢٣٤٥٦٧" is written in Arabic-Indic digits, where ASCII digits 0-9 are needed: write +971501234567');
  assert.match(receiverProblem('+۹۷۱۵۰۱۲۳۴۵۶۷')!, /Extended Arabic-Indic \(Persian, Urdu\) digits.*: write \+971501234567$/);
  // a number in ASCII digits with spaces: the number to write (trial-aw F1)
  assert.match(receiverProblem('+971 50 123 4567')!, /with spaces, dashes or brackets in it, which the API does not take: write \+971501234567$/);
  assert.equal(receiverProblem('+971501234567'), undefined);
});

test.run();
