// An enum written in another case than the platform's (`category: marketing`, `format: image`,
// `type: url`, as Meta's own examples write them): the schema's "did you mean" is the one finding
// for each, and the other rules judge the value it means (no "an image header takes no media
// example", no "a limited-time offer needs a URL button" beside a URL button).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { foldEnumCase } from '../src/lint/fold-case.ts';
import { CONFIG, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const OFFER = `channel: shop-whatsapp
name: flash_offer
language: en_US
category: marketing
limited_time_offer: { text: Flash sale, has_expiration: true }
header: { format: image, example: https://cdn.example.com/flash.jpg }
body:
  text: "Hi {{1}}, take 20 percent off everything until midnight tonight."
  examples: { 1: Ana }
buttons:
  - { type: copy_code, example: FLASH20 }
  - { type: url, text: Shop now, url: "https://shop.example.com/flash/{{1}}", example: "https://shop.example.com/flash/a" }
`;

test('a template whose enums are in lower case: one schema finding per value, no finding of another rule', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/offer.yaml': OFFER });
    const r = await lintInProcess(dir);
    const found = r.diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`);
    assert.equal(found, ['4:11 category', '6:19 header-format', '11:13 schema', '12:13 schema']);
    assert.ok(r.diagnostics.every((d) => /did you mean/.test(d.message)), r.diagnostics.map((d) => d.message).join('\n'));
  } finally { cleanup(dir); }
});

test('foldEnumCase: the platform\'s spelling where a value is one in another case; the same object when nothing needs it', () => {
  const t = { category: 'UTILITY', header: { format: 'TEXT', text: 'Hi' }, buttons: [{ type: 'QUICK_REPLY', text: 'Ok' }] };
  assert.is(foldEnumCase(t), t);
  const f = foldEnumCase({ category: 'Utility', buttons: [{ type: 'otp', otp_type: 'one_tap' }, { type: 'Quick_Reply', text: 'x' }], carousel: [{ header: { format: 'video' }, buttons: [{ type: 'url' }] }] });
  assert.equal(f, { category: 'UTILITY', buttons: [{ type: 'OTP', otp_type: 'ONE_TAP' }, { type: 'QUICK_REPLY', text: 'x' }], carousel: [{ header: { format: 'VIDEO' }, buttons: [{ type: 'URL' }] }] });
  // not an enum value in any case: left as written (the schema says what is allowed)
  assert.equal(foldEnumCase({ category: 'promo', buttons: [{ type: 'link' }] }), { category: 'promo', buttons: [{ type: 'link' }] });
  // RCS's own lower-case values are not WhatsApp's enums
  const rcs = { message: { type: 'rich_card', richCards: [] } };
  assert.is(foldEnumCase(rcs), rcs);
});

test.run();
