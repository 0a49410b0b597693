// `export --to twilio` writes no request that reads back as another template: a carousel card's
// body with a variable (Twilio's cards take none, and its {{1}} would be the resource's {{1}}), a
// single-product template (no Twilio content type), and a placeholder name over Twilio's 16
// characters are listed by template and field, and the template is left out of the output
// (issue 25, a new user's trial). What is written reads back (pull --from twilio) as the file.
import './seed.ts';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toTwilio, twilioTemplates, twilioToFile } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';

const file = (t: Record<string, unknown>) => ({ channel: 'shop', name: 'spring_sale', language: 'en', category: 'MARKETING', ...t });
const exportOf = (t: Record<string, unknown>) => toTwilio(fromFile(file(t), 'ch', 'id'));
/** the request as `export --to twilio` writes it, read back by pull --from twilio */
const readBack = (request: unknown) => {
  const [item] = twilioTemplates(JSON.parse(JSON.stringify([request])));
  return twilioToFile(item!.value, item!.where, item!.approval);
};

const card = (body?: Record<string, unknown>) => ({
  header: { format: 'IMAGE', example: 'https://cdn.example.com/shirt.png' },
  ...(body ? { body } : {}),
  buttons: [{ type: 'QUICK_REPLY', text: 'I want it' }],
});

test('a carousel card body with a variable is listed and not exported (its {{1}} would be the bubble\'s {{1}})', () => {
  const r = exportOf({
    body: { text: 'Hi {{1}}, new linen is in.', examples: { 1: 'Pablo' } },
    carousel: [card({ text: 'Linen shirt, now {{1}}', examples: { 1: '€39' } }), card({ text: 'Linen trousers' })],
  });
  assert.is(r.request, undefined, 'no request is written for it');
  assert.equal(r.issues.map((i) => [i.template, i.field]), [['spring_sale/en', 'carousel[0].body']]);
  assert.match(r.issues[0]!.message, /not exported/);
  assert.match(r.issues[0]!.message, /twilio\.com\/docs\/content\/carousel/);
});

test('a carousel whose cards have plain bodies is written and reads back with each sample bound to its own text', () => {
  const t = file({
    body: { text: 'Hi {{1}}, new linen is in.', examples: { 1: 'Pablo' } },
    carousel: [card({ text: 'Linen shirt' }), card({ text: 'Linen trousers' })],
  });
  const r = toTwilio(fromFile(t, 'ch', 'id'));
  assert.equal(r.issues, []);
  const back = readBack(r.request);
  assert.equal(back.issues, []);
  assert.equal(fromFile({ channel: 'shop', ...back.value }, 'ch', 'id'), fromFile(t, 'ch', 'id'));
});

test('a media carousel whose cards have no buttons is listed by card and not exported: Twilio\'s carousel needs 1 or 2 a card', () => {
  // WhatsApp's media carousel takes cards with 0 to 2 buttons; twilio/carousel "1 to 2 buttons in each card"
  const bare = { header: { format: 'VIDEO', example: 'https://cdn.example.com/launch/teaser.mp4' } };
  const r = exportOf({ body: { text: 'The autumn collection is here.' }, carousel: [bare, bare, bare] });
  assert.is(r.request, undefined, 'no request with "actions": [] is written');
  assert.equal(r.issues.filter((i) => /buttons/.test(i.field)).map((i) => [i.template, i.field]), [['spring_sale/en', 'carousel[0].buttons'], ['spring_sale/en', 'carousel[1].buttons'], ['spring_sale/en', 'carousel[2].buttons']]);
  for (const i of r.issues.filter((x) => /buttons/.test(x.field))) {
    assert.match(i.message, /a card without buttons: Twilio's carousel needs 1 or 2 buttons on each card/);
    assert.match(i.message, /twilio\.com\/docs\/content\/carousel.*not exported/);
  }
  // the same cards with a button each are written, one action a card
  const ok = exportOf({ body: { text: 'The autumn collection is here.' }, carousel: [card(), card()] });
  assert.ok(ok.request);
  const cards = ((ok.request!.content as { types: Record<string, { cards: { actions: unknown[] }[] }> }).types['twilio/carousel']!).cards;
  assert.equal(cards.map((c) => c.actions.length), [1, 1]);
});

test('a single-product template (PRODUCT header, SPM button) is listed by field and not exported', () => {
  const r = exportOf({ header: { format: 'PRODUCT' }, body: { text: 'Back in stock: {{1}}', examples: { 1: 'the linen shirt' } }, buttons: [{ type: 'SPM', text: 'View' }] });
  assert.is(r.request, undefined, 'no whatsapp/card with an empty media and no actions');
  assert.equal(r.issues.map((i) => i.field), ['header', 'buttons[0]']);
  for (const i of r.issues) assert.match(i.message, /single-product.*not exported/);
});

test('a placeholder name over 16 characters is listed at its field and the template not exported', () => {
  const r = exportOf({ category: 'UTILITY', body: { text: 'Hi {{customer_first_name}}, your order {{order_id}} shipped.', examples: { customer_first_name: 'Ana', order_id: 'A-1' } } });
  assert.is(r.request, undefined);
  assert.equal(r.issues.map((i) => i.field), ['body']);
  assert.match(r.issues[0]!.message, /\{\{customer_first_name\}\} is 19 characters.*16/);
  const header = exportOf({ category: 'UTILITY', header: { format: 'TEXT', text: 'For {{customer_first_name}}', examples: { customer_first_name: 'Ana' } }, body: { text: 'Your order shipped.' }, footer: 'Thanks' });
  assert.is(header.request, undefined);
  assert.equal(header.issues.map((i) => i.field), ['header.text']);
});

test('one name in the header and the body with two samples is listed: Twilio keeps one sample a variable', () => {
  const r = exportOf({ category: 'UTILITY', header: { format: 'TEXT', text: 'For {{name}}', examples: { name: 'Ana' } }, body: { text: 'Hi {{name}}, your order has shipped.', examples: { name: 'Bob' } }, footer: 'Thanks' });
  assert.equal(r.issues.map((i) => i.field), ['header.text']);
  assert.match(r.issues[0]!.message, /\{\{name\}\} has the sample 'Ana' here and 'Bob' in another text/);
  assert.equal((r.request!.content as { variables: Record<string, string> }).variables, { name: 'Bob' });
  const same = exportOf({ category: 'UTILITY', header: { format: 'TEXT', text: 'For {{name}}', examples: { name: 'Ana' } }, body: { text: 'Hi {{name}}, your order has shipped.', examples: { name: 'Ana' } }, footer: 'Thanks' });
  assert.equal(same.issues, []);
  const back = readBack(same.request);
  assert.equal(back.issues, []);
});

// seeded: a name is exported exactly when Twilio takes it as a key (at most 16 characters), and then comes back as itself
test('a named placeholder is exported exactly when its name fits a Twilio key, and reads back with its name and sample', () => {
  const name = fc.tuple(fc.constantFrom('a', 'b', 'order', 'customer'), fc.stringMatching(/^[a-z0-9_]{0,24}$/)).map(([h, t]) => `${h}${t}`);
  fc.assert(fc.property(name, fc.stringMatching(/^[A-Za-z0-9]{1,12}$/), (key, sample) => {
    const t = file({ category: 'UTILITY', body: { text: `Hello {{${key}}}, thanks.`, examples: { [key]: sample } } });
    const r = toTwilio(fromFile(t, 'ch', 'id'));
    if (key.length > 16) { assert.is(r.request, undefined); assert.equal(r.issues.map((i) => i.field), ['body']); return; }
    assert.equal(r.issues, []);
    const back = readBack(r.request);
    assert.equal(back.issues, []);
    assert.equal(fromFile({ channel: 'shop', ...back.value }, 'ch', 'id'), fromFile(t, 'ch', 'id'));
  }), { numRuns: 200 });
});

test.run();
