// What a reviewer found comparing lint with Meta's WhatsApp pages as they stood in 2026 (trial-ae,
// F1-F7): the limits and shapes Meta's current pages state, its own examples linting clean.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: NOW })], { severities: {} });
const found = (text: string, rule: string) => lint(text).filter((d) => d.ruleId === rule);
const MARKETING = 'channel: shop-whatsapp\nname: fixture\nlanguage: en_US\ncategory: MARKETING\n';

// F5: Meta's components page (Jun 2026) and coupon code page (May 2026): "Maximum 20 characters"
const coupon = (code: string) => `${MARKETING}body:\n  text: "Use the one-time code {{1}} to get 30% off of your entire order this week!"\n  examples: { 1: WINTER25 }\nbuttons:\n  - type: QUICK_REPLY\n    text: Unsubscribe\n  - type: COPY_CODE\n    example: ${code}\n`;

test('F5: a COPY_CODE code of 16 to 20 characters is a warning of copy-code-length-15, not an error; past 20 an error', () => {
  for (const code of ['WINTER2026FREESHIP', 'ABCDEFGHIJKLMNOPQRST', 'ABCDEFGHIJKLMNOP']) {
    assert.equal(found(coupon(code), 'copy-code-length'), [], code);
    const w = found(coupon(code), 'copy-code-length-15');
    assert.is(w.length, 1, code);
    assert.is(w[0]!.severity, 'warning');
    assert.match(w[0]!.message, new RegExp(`${code.length} characters: Meta's current pages allow 20, but older pages and some providers state 15`));
  }
  const e = found(coupon('ABCDEFGHIJKLMNOPQRSTU'), 'copy-code-length');
  assert.is(e.length, 1);
  assert.is(e[0]!.severity, 'error');
  assert.match(e[0]!.message, /21 characters; the limit is 20/);
  assert.equal(found(coupon('ABCDEFGHIJKLMNOPQRSTU'), 'copy-code-length-15'), []);
  assert.equal(found(coupon('ABCDEFGHIJKLMNO'), 'copy-code-length-15'), []);
});

test.run();
