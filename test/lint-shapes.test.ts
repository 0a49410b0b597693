// A component written in the Cloud API's shape, or in another shape than the file's: one finding,
// with the line to write. `footer: { text: ... }` gave three errors (a missing
// code_expiration_minutes, an unknown key, and "only for AUTHENTICATION") and none said to write
// `footer: "..."`; a text where `body` or `header` is a mapping, one button where `buttons` is a list.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const HEAD = 'channel: shop-whatsapp\nname: order_note\nlanguage: en_US\n';

async function lintOne(text: string): Promise<string[]> {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_note.en_US.yaml': text });
    return (await lintInProcess(dir)).diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`);
  } finally { cleanup(dir); }
}

test('footer: { text: ... } in a UTILITY or MARKETING template: one finding, saying what to write', async () => {
  for (const category of ['UTILITY', 'MARKETING']) {
    const found = await lintOne(`${HEAD}category: ${category}\nbody:\n  text: "Your order has shipped and is on its way."\nfooter:\n  text: Reply STOP to opt out\n`);
    assert.equal(found, ['7:1 authentication-preset-keys A footer is plain text: write `footer: "Reply STOP to opt out"` (a footer mapping is only AUTHENTICATION\'s `{ code_expiration_minutes: N }`).'], category);
  }
  // code_expiration_minutes outside AUTHENTICATION: as before, at the key
  const expiry = await lintOne(`${HEAD}category: UTILITY\nbody:\n  text: "Your order has shipped and is on its way."\nfooter:\n  code_expiration_minutes: 10\n`);
  assert.equal(expiry, ['8:3 authentication-preset-keys code_expiration_minutes is only for AUTHENTICATION templates; a footer is plain text otherwise.']);
});

test('a text where body or header is a mapping, a mapping where buttons is a list: the line to write', async () => {
  const found = await lintOne(`${HEAD}category: UTILITY\nheader: "Order update"\nbody: "Your order has shipped and is on its way."\nbuttons:\n  type: QUICK_REPLY\n  text: Thanks\n`);
  assert.equal(found, [
    '5:9 schema header must be a mapping, not a string; write `header: { format: TEXT, text: "Order update" }`.',
    '6:7 schema body must be a mapping, not a string; write the text under it: `body: { text: "Your order has shipped and is on its ..." }`.',
    '8:3 schema buttons must be a list, not a mapping; write each button as an item of the list, starting with `- `.',
  ]);
});

test.run();
