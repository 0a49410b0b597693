// SMS parts as a phone network counts them (3GPP TS 23.038 / 23.040): 160 GSM 7-bit septets in
// one SMS and 153 a part, the extension characters taking two; any other text as UCS-2, 70 code
// units in one SMS and 67 a part. Examples, a seeded property against a plain reference count,
// and the rule and preview that use it.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fromFile } from '../src/model/canonical.ts';
import { firstNonGsm, smsSize } from '../src/model/sms.ts';
import { renderRcs } from '../src/preview/rcs.ts';
import { CHANNEL_B, CONFIG, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const ID = '7563f4f9-7a7c-590e-8843-8b805ca99f15';

test('examples: GSM-7 and UCS-2 limits, extension characters, surrogate pairs', () => {
  assert.equal(smsSize('a'.repeat(160)), { encoding: 'GSM-7', units: 160, single: 160, perPart: 153, parts: 1 });
  assert.is(smsSize('a'.repeat(161)).parts, 2);
  assert.is(smsSize('a'.repeat(306)).parts, 2);
  assert.is(smsSize('a'.repeat(307)).parts, 3);
  assert.equal(smsSize('€'.repeat(80)), { encoding: 'GSM-7', units: 160, single: 160, perPart: 153, parts: 1 }, 'the euro sign takes two septets');
  assert.is(smsSize('€'.repeat(81)).parts, 2);
  assert.is(smsSize(`${'a'.repeat(152)}€${'a'.repeat(10)}`).parts, 2, 'an escape pair is not split: it starts the second part');
  assert.is(smsSize('ب'.repeat(70)).parts, 1);
  assert.equal(smsSize('ب'.repeat(71)), { encoding: 'UCS-2', units: 71, single: 70, perPart: 67, parts: 2 });
  assert.is(smsSize(`Hello “there”${'a'.repeat(60)}`).encoding, 'UCS-2', 'a curly quote makes an English text UCS-2');
  assert.is(smsSize('😀'.repeat(35)).units, 70, 'an emoji is two UTF-16 units');
  assert.is(smsSize(`${'a'.repeat(66)}😀`).parts, 1);
  assert.is(smsSize(`${'a'.repeat(66)}😀${'a'.repeat(4)}`).parts, 2, 'a surrogate pair is never split: it starts the second part');
  assert.is(smsSize('').parts, 1);
  assert.is(firstNonGsm('Café at 10:00 ✓'), '✓');
  assert.is(firstNonGsm('Ünïcode? no: Ü and ñ are GSM'), 'ï');
});

const gsmChar = fc.constantFrom(...'@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCXYZÄÖÑÜ§¿abcxyzäöñüà');
const extChar = fc.constantFrom(...'^{}\\[~]|€');
const otherChar = fc.constantFrom('ب', 'ש', 'क', '中', '“', '😀', '🇩🇪', 'ï');

test('property: parts match a reference that packs each part greedily, never splitting a character', () => {
  fc.assert(fc.property(fc.array(fc.oneof({ weight: 8, arbitrary: gsmChar }, { weight: 1, arbitrary: extChar }, { weight: 1, arbitrary: otherChar }), { maxLength: 500 }), (chars) => {
    const text = chars.join('');
    const size = smsSize(text);
    const gsm = chars.every((c) => !['ب', 'ש', 'क', '中', '“', '😀', '🇩🇪', 'ï'].includes(c));
    assert.is(size.encoding, gsm ? 'GSM-7' : 'UCS-2');
    // the reference: the units of each character (code points of a flag are separate characters)
    const units = [...text].map((c) => (gsm ? ('^{}\\[~]|€'.includes(c) ? 2 : 1) : c.length));
    const total = units.reduce((a, b) => a + b, 0);
    assert.is(size.units, total);
    const per = gsm ? 153 : 67;
    if (total <= (gsm ? 160 : 70)) assert.is(size.parts, 1);
    else {
      // every part but the last is full up to less than one character; the count is the fewest possible
      assert.ok(size.parts >= Math.ceil(total / per));
      assert.ok(size.parts <= Math.ceil(total / (per - 1)));
    }
  }), { seed: 2611, numRuns: 300 });
});

test('rcs-fallback-length: an Arabic fallback of 126 characters takes 2 parts; an English one of 160 takes 1', async () => {
  const file = (text: string, language: string) => `channel: shop-rcs\nname: store_opening\nlanguage: ${language}\nmessage:\n  type: text\n  message: The store opens Saturday\n  fallback:\n    text: ${JSON.stringify(text)}\n`;
  const ar = 'ا'.repeat(126);
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/ar.yaml': file(ar, 'ar'), 'templates/en.yaml': file('a'.repeat(160), 'en_US') });
  let diagnostics;
  try { ({ diagnostics } = await lintInProcess(dir)); } finally { cleanup(dir); }
  const found = diagnostics.filter((d) => d.ruleId === 'rcs-fallback-length');
  assert.equal(found.map((d) => d.file.split('/').pop()), ['ar.yaml']);
  assert.match(found[0]!.message, 'split into 2 SMS parts: 126 characters sent as UCS-2 (because of "ا" (U+0627)); 70 fit one SMS');
});

test('the preview counts the fallback\'s SMS parts in its encoding', () => {
  const t = (text: string) => fromFile({ channel: 'shop-rcs', name: 'store_opening', language: 'ar', message: { type: 'text', message: 'x', fallback: { text } } }, CHANNEL_B, ID);
  assert.match(renderRcs(t('ا'.repeat(126))), '126 characters sent as UCS-2, 2 SMS parts');
  assert.match(renderRcs(t('a'.repeat(160))), '160 characters of the GSM 7-bit alphabet, 1 SMS part');
});

test('the preview\'s SMS line gives the number lint gives: UTF-16 units of a UCS-2 text (an emoji two), septets of a GSM one (€ two)', async () => {
  // "عرض العيد " and 31 crescent moons: 41 code points, 72 UTF-16 code units; 80 euro signs: 80 code points, 160 septets
  const texts = { ar: `عرض العيد ${'🌙'.repeat(31)}`, en_US: `${'€'.repeat(80)}x` };
  const yaml = (language: string, text: string) => `channel: shop-rcs\nname: fb_emoji\nlanguage: ${language}\nmessage:\n  type: text\n  message: x\n  fallback:\n    text: ${JSON.stringify(text)}\n`;
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/ar.yaml': yaml('ar', texts.ar), 'templates/en.yaml': yaml('en_US', texts.en_US) });
  let diagnostics;
  try { ({ diagnostics } = await lintInProcess(dir)); } finally { cleanup(dir); }
  const said = (file: string) => diagnostics!.find((d) => d.ruleId === 'rcs-fallback-length' && d.file.endsWith(file))!.message;
  assert.match(said('ar.yaml'), 'split into 2 SMS parts: 72 characters sent as UCS-2');
  assert.match(said('en.yaml'), 'split into 2 SMS parts: 161 septets of the GSM 7-bit alphabet (81 characters: € takes two septets)');
  const shown = (language: 'ar' | 'en_US') => renderRcs(fromFile({ channel: 'shop-rcs', name: 'fb_emoji', language, message: { type: 'text', message: 'x', fallback: { text: texts[language] } } }, CHANNEL_B, ID));
  assert.match(shown('ar'), '<small>72 characters sent as UCS-2, 2 SMS parts</small>');
  assert.match(shown('en_US'), '<small>161 septets of the GSM 7-bit alphabet (81 characters: € takes two septets), 2 SMS parts</small>');
});

test('rcs-fallback-length: a text of 160 characters with one € is 161 septets, said so, the € named as the character that takes two', async () => {
  // the audit's fallback: 160 characters as an editor counts them, one of them €
  const text = 'Your order is ready for pickup today. Total due at the counter: 25 €. Bring your ID and this message. Store open 9-18. Reply STOP to opt out of messages now, o.';
  assert.is([...text].length, 160);
  const two = `Total [net]: 25 € ${'a'.repeat(142)}`;
  const yaml = (t: string) => `channel: shop-rcs\nname: fb_euro\nlanguage: en_US\nmessage:\n  type: text\n  message: x\n  fallback:\n    text: ${JSON.stringify(t)}\n`;
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/one.yaml': yaml(text), 'templates/two.yaml': yaml(two) });
  let diagnostics;
  try { ({ diagnostics } = await lintInProcess(dir)); } finally { cleanup(dir); }
  const said = (file: string) => diagnostics!.find((d) => d.ruleId === 'rcs-fallback-length' && d.file.endsWith(file))!.message;
  assert.match(said('one.yaml'), 'split into 2 SMS parts: 161 septets of the GSM 7-bit alphabet (160 characters: € takes two septets); 160 fit one SMS');
  assert.not.match(said('one.yaml'), '161 characters');
  assert.match(said('two.yaml'), `${[...two].length + 3} septets of the GSM 7-bit alphabet (${[...two].length} characters: [, ] and € take two septets each)`);
});

// the SMS carries the parameter's value, never the braces of a placeholder (which GSM-7 would
// count as two extension characters each): lint and the preview count the same text, the samples in
const withPlaceholder = (tail: number) => `Hi {{customer_full_name}} ${'y'.repeat(tail)}`;
const rcsWithSample = (text: string) => ({ channel: 'shop-rcs', name: 'store_opening', language: 'en_US', message: { type: 'text', message: 'Hello {{customer_full_name}}', examples: { customer_full_name: 'Maria Fernanda Oliveira da Silva' }, fallback: { text } } });

test('rcs-fallback-length counts the fallback as sent: the samples in, not the braces', async () => {
  // 3 + 32 + 1 + 120 = 156 characters sent: one SMS, though the text as written is 146 with 4 braces (8 septets)
  const dir = tempDir();
  const yaml = (tail: number) => `channel: shop-rcs\nname: store_opening\nlanguage: en_US\nmessage:\n  type: text\n  message: "Hello {{customer_full_name}}"\n  examples: { customer_full_name: Maria Fernanda Oliveira da Silva }\n  fallback:\n    text: ${JSON.stringify(withPlaceholder(tail))}\n`;
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/one.yaml': yaml(120), 'templates/two.yaml': yaml(130) });
  let diagnostics;
  try { ({ diagnostics } = await lintInProcess(dir)); } finally { cleanup(dir); }
  const found = diagnostics.filter((d) => d.ruleId === 'rcs-fallback-length');
  assert.equal(found.map((d) => d.file.split('/').pop()), ['two.yaml'], 'the 156-character SMS fits one part; the 166-character one does not');
  assert.match(found[0]!.message, 'split into 2 SMS parts: 166 characters of the GSM 7-bit alphabet with the samples filled in;');
  // the preview says the same of the same files
  const one = renderRcs(fromFile(rcsWithSample(withPlaceholder(120)), CHANNEL_B, ID));
  assert.match(one, '156 characters of the GSM 7-bit alphabet with the samples, 1 SMS part');
  const two = renderRcs(fromFile(rcsWithSample(withPlaceholder(130)), CHANNEL_B, ID));
  assert.match(two, '166 characters of the GSM 7-bit alphabet with the samples, 2 SMS parts');
});

test.run();
