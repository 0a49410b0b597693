// The commerce and calling kinds of format 1.2 (single-product templates, product card carousels,
// call permission requests, order details and order status templates): a seeded round trip over
// generated templates of each (file -> write body -> emulator -> read -> canonical, no difference;
// the emulator's review approves them; pull's file of the read lints clean and is the same
// template), Meta's own create requests imported from their JSON lint clean, send names what it
// cannot carry, and the preview draws each.
import fc from 'fast-check';
import './seed.ts';
import { stringify } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { metaToFile, toMeta } from '../src/formats/meta.ts';
import { diffTemplates, fromFile } from '../src/model/canonical.ts';
import { unsendableParts } from '../src/model/meta.ts';
import { whatsapp } from '../src/preview/html.ts';
import { CHANNEL_A } from './helpers.ts';
import { COMMERCE_KINDS } from './kinds-commerce-arbitraries.ts';
import { findings, throughTheChannel } from './kinds-roundtrip.ts';

const SEED = 20261125;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 }); });
test.after(async () => { await emu.close(); });


async function roundTrip(t: Record<string, unknown>): Promise<void> {
  const { c, again } = await throughTheChannel(emu.url, t);
  // the same template (pull numbers the placeholders a file may have named: names are not compared)
  assert.equal(diffTemplates(c, again), [], 'the pulled file is the same template');
  // and out to Meta's create request and back
  const { description: _notCarried, ...rest } = t;
  const meta = toMeta(fromFile(rest, 'ch', 'id'));
  const imported = metaToFile(JSON.parse(JSON.stringify(meta.request)), '(template)');
  assert.equal(imported.issues, []);
  assert.equal(findings({ channel: 'shop-whatsapp', ...imported.value }), [], 'the imported file lints clean');
}

// endOnFailure: a shrunk case reuses a name the emulator already approved, and rewriting an APPROVED
// template meets the edit limit, which would hide the first failure behind another
for (const [kind, arb] of COMMERCE_KINDS) {
  test(`property (seeded): generated ${kind} round-trip file -> write body -> emulator -> read -> canonical unchanged, and through Meta's JSON`, async () => {
    await fc.assert(fc.asyncProperty(arb as fc.Arbitrary<Record<string, unknown>>, roundTrip), { numRuns: 25, seed: SEED, endOnFailure: true });
  });
}

// Meta's example create requests, as their pages print them (lowercase types, a one-sample
// body_text given as a string, named parameters)
const META_PRODUCT_CAROUSEL = {
  name: 'carousel_template_product_cards_v1', language: 'en_US', category: 'marketing',
  components: [
    { type: 'body', text: "Rare succulents for sale! {{1}}, add these unique plants to your collection. All three of these rare succulents are available for purchase on our website, and they come with a 100% satisfaction guarantee. Whether you're a seasoned succulent enthusiast or just starting your plant collection, these rare succulents are sure to impress. Shop now and add some unique and beautiful plants to your collection!", example: { body_text: 'Pablo' } },
    { type: 'carousel', cards: [
      { components: [{ type: 'header', format: 'product' }, { type: 'buttons', buttons: [{ type: 'spm', text: 'View' }] }] },
      { components: [{ type: 'header', format: 'product' }, { type: 'buttons', buttons: [{ type: 'spm', text: 'View' }] }] },
    ] },
  ],
};
const META_SPM = {
  name: 'spm_template_named_params', language: 'en_US', category: 'marketing', parameter_format: 'named',
  components: [
    { type: 'header', format: 'product' },
    { type: 'body', text: 'Use code {{code}} to get {{percent}} off our newest succulent!', example: { body_text_named_params: [{ param_name: 'code', example: '15OFF' }, { param_name: 'percent', example: '15%' }] } },
    { type: 'footer', text: 'Offer ends September 22, 2024' },
    { type: 'buttons', buttons: [{ type: 'spm', text: 'View' }] },
  ],
};
const META_CALL_PERMISSION = {
  name: 'vip_early_access_call', language: 'en_US', category: 'MARKETING', parameter_format: 'named',
  components: [
    { type: 'body', text: 'Hi {{first_name}}, as a Lucky Shrub VIP, get a first look at our rare new succulents before anyone else. Can we give you a quick call?', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Pablo' }] } },
    { type: 'call_permission_request' },
  ],
};
const META_ORDER_STATUS_READ = { id: '2345678901234567', name: 'order_update', status: 'APPROVED', category: 'UTILITY', sub_category: 'ORDER_STATUS', language: 'en_US', components: [{ type: 'BODY', text: 'Your order {{1}} has an update.', example: { body_text: [['ON-12853']] } }] };

test('Meta\'s own create requests (product carousel, SPM, call permission) and an order status read import into lint-clean files', () => {
  for (const json of [META_PRODUCT_CAROUSEL, META_SPM, META_CALL_PERMISSION, META_ORDER_STATUS_READ]) {
    const r = metaToFile(json, '(template)');
    assert.equal(r.issues, [], json.name);
    assert.equal(findings({ channel: 'shop-whatsapp', ...r.value }), [], `${json.name}:\n${stringify(r.value)}`);
  }
  const pcc = metaToFile(META_PRODUCT_CAROUSEL, '(template)').value;
  assert.equal((pcc.body as { examples: unknown }).examples, { 1: 'Pablo' }, 'the one sample given as a string is kept');
  assert.equal((pcc.carousel as unknown[])[0], { header: { format: 'PRODUCT' }, buttons: [{ type: 'SPM', text: 'View' }] });
  assert.is(metaToFile(META_CALL_PERMISSION, '(template)').value.call_permission_request, true);
  assert.is(metaToFile(META_ORDER_STATUS_READ, '(template)').value.sub_category, 'ORDER_STATUS');
  // what a file cannot carry is named, never dropped
  const odd = metaToFile({ ...META_SPM, sub_category: 'SOMETHING_ELSE', components: [{ type: 'header', format: 'product', example: { header_handle: ['https://x.example/a.png'] } }, ...META_SPM.components.slice(1)] }, '(template)');
  assert.equal(odd.issues.map((i) => i.field), ['sub_category', 'components[0].example']);
});

test('send names what the conversation request cannot carry; the preview draws each kind', () => {
  const file = (arb: fc.Arbitrary<unknown>) => fc.sample(arb, { numRuns: 1, seed: SEED })[0] as Record<string, unknown>;
  const [spm, products, call, details, status] = COMMERCE_KINDS.map(([, arb]) => fromFile(file(arb), CHANNEL_A, 'x'));
  assert.equal(unsendableParts(spm!).slice(0, 2), ['the product header', `button index 0, SPM "${spm!.canonical.buttons[0]!.text}"`]);
  assert.match(unsendableParts(products!)[0] ?? '', /^the product carousel of \d+ cards$/);
  assert.equal(unsendableParts(call!), ['the call permission request']);
  assert.ok(unsendableParts(details!).some((p) => /^button index 0, ORDER_DETAILS "(Review and Pay|Copy Pix code)"$/.test(p)), unsendableParts(details!).join('; '));
  assert.equal(unsendableParts(status!), ['the order status (sub_category ORDER_STATUS)']);
  assert.match(whatsapp(spm!), /class="media product" data-testid="product"><svg class="i" data-icon="bag"[^>]*>.*?<\/svg> product from the catalog/);
  assert.match(whatsapp(spm!), /data-type="SPM" dir="auto"><span class="icon"><svg class="i" data-icon="bag"[^>]*>.*?<\/svg><\/span> /);
  assert.equal(whatsapp(products!).match(/data-testid="product"/g)?.length, products!.canonical.carousel!.length);
  assert.match(whatsapp(call!), /data-testid="call-permission"[^]*Allow calls/);
  assert.match(whatsapp(details!), /data-type="ORDER_DETAILS" dir="auto"><span class="icon"><svg class="i" data-icon="receipt"[^>]*>.*?<\/svg><\/span> (Review and Pay|Copy Pix code)/);
  assert.match(whatsapp(status!), /data-testid="order-status"/);
});

test.run();
