// The kinds of FORMAT 1.1 through the model: a seeded property test over generated carousels,
// limited-time offers and authentication templates (file -> write body -> emulator -> read ->
// canonical, no difference; the emulator's review approves them with the lint rules; pull's file
// of what was read lints clean), and the emulator rejecting a broken kind by the same rules.
import fc from 'fast-check';
import './seed.ts';
import { stringify } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { collectFindings } from '../src/lint/engine.ts';
import { RULES_BY_ID } from '../src/lint/registry.ts';
import { diffTemplates, fromFile, fromRead, fromWriteBody, kindCategory, toWriteBody } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';
import { templateMeta, unsendableParts } from '../src/model/meta.ts';
import { toFileValue } from '../src/model/to-file.ts';
import { checkParams, checkSendable, renderTemplate } from '../src/send/render.ts';
import { authenticationTemplate, carouselTemplate, offerTemplate } from './kinds-arbitraries.ts';
import { CHANNEL_A } from './helpers.ts';

const SEED = 20261122;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const errors = (t: Record<string, unknown>) => collectFindings(t, { now: new Date('2026-01-01T00:00:00Z') })
  .filter((f) => RULES_BY_ID.get(f.ruleId)?.severity === 'error').map((f) => `${f.ruleId} at ${f.path.join('.')}: ${f.message}`);

async function roundTrip(t: Record<string, unknown>): Promise<void> {
  assert.equal(errors(t), [], `the generated file lints clean:\n${stringify(t)}`);
  const id = templateId(CHANNEL_A, String(t.name), String(t.language));
  const c = fromFile(t, CHANNEL_A, id).canonical;
  const body = toWriteBody(c);
  assert.equal(diffTemplates(c, fromWriteBody(body, CHANNEL_A, id)), [], 'the write body maps back');
  const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
  await client.writeTemplate(CHANNEL_A, id, body);
  const read = (await client.getTemplate(CHANNEL_A, id))!;
  assert.is(read.statusText, 'APPROVED', `the review applies the same rules: ${read.rejectionReason ?? ''}`);
  const back = fromRead(read, CHANNEL_A);
  assert.equal(diffTemplates(c, back), [], `${String(t.name)} reads back as written`);
  // what pull would write lints clean, with the category the kind requires
  const pulled = toFileValue(back, { channel: 'shop-whatsapp', category: kindCategory(back) ?? 'UTILITY', publicId: id });
  assert.is(pulled.category, t.category);
  assert.equal(errors(pulled), [], `pulled file lints clean:\n${stringify(pulled)}`);
}

for (const [kind, arb] of [['carousels', carouselTemplate], ['limited-time offers', offerTemplate], ['authentication templates', authenticationTemplate]] as const) {
  test(`property (seeded): generated ${kind} round-trip file -> write body -> emulator -> read -> canonical unchanged`, async () => {
    await fc.assert(fc.asyncProperty(arb as fc.Arbitrary<Record<string, unknown>>, roundTrip), { numRuns: 40, seed: SEED });
  });
}

test('the emulator rejects a broken kind with the lint rule that breaks it', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
  const t = fc.sample(carouselTemplate, { numRuns: 1, seed: SEED })[0]! as Record<string, unknown> & { carousel: unknown[] };
  t.name = 'eleven_cards';
  t.carousel = Array.from({ length: 11 }, () => t.carousel[0]);
  const id = templateId(CHANNEL_A, 'eleven_cards', 'en_US');
  await client.writeTemplate(CHANNEL_A, id, toWriteBody(fromFile(t, CHANNEL_A, id).canonical));
  const read = (await client.getTemplate(CHANNEL_A, id))!;
  assert.is(read.statusText, 'REJECTED');
  assert.match(read.rejectionReason ?? '', /^carousel-cards: /);
  const auth = { channel: 'x', name: 'zero_tap', language: 'en_US', category: 'AUTHENTICATION', body: {}, buttons: [{ type: 'OTP', otp_type: 'ZERO_TAP', supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }] }] };
  const aid = templateId(CHANNEL_A, 'zero_tap', 'en_US');
  await client.writeTemplate(CHANNEL_A, aid, toWriteBody(fromFile(auth, CHANNEL_A, aid).canonical));
  assert.match((await client.getTemplate(CHANNEL_A, aid))!.rejectionReason ?? '', /^authentication-zero-tap-terms: /);
});

test('a carousel whose cards have no buttons (Meta: optional) lints clean, and pull writes its cards without a `buttons:` key', async () => {
  const t = { channel: 'shop-whatsapp', name: 'cards_without_buttons', language: 'en_US', category: 'MARKETING', body: { text: "Summer is here: swipe to see this week's picks." },
    carousel: [{ header: { format: 'IMAGE', example: 'https://cdn.example.com/mango.png' }, body: { text: 'Mangoes, sweet and ripe.' } }, { header: { format: 'IMAGE', example: 'https://cdn.example.com/lemon.png' }, body: { text: 'Lemons, a summer staple.' } }] };
  await roundTrip(t);
  const id = templateId(CHANNEL_A, t.name, t.language);
  const pulled = toFileValue(fromFile(t, CHANNEL_A, id).canonical, { channel: 'shop-whatsapp', category: 'MARKETING', publicId: id }) as { carousel: Record<string, unknown>[] };
  assert.equal(pulled.carousel.map((c) => Object.keys(c)), [['header', 'body'], ['header', 'body']]);
  // buttons on one card only: every card has the same components
  const one = { ...t, name: 'buttons_on_one_card', carousel: [{ ...t.carousel[0]!, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] }, t.carousel[1]!] };
  assert.equal(errors(one).map((e) => e.split(':')[0]), ['carousel-card-consistency at carousel.1']);
});

test('plan diffs a kind field by field', () => {
  const t = fc.sample(carouselTemplate, { numRuns: 1, seed: SEED })[0]! as Record<string, unknown>;
  const a = fromFile(t, CHANNEL_A, 'x').canonical;
  const b = JSON.parse(JSON.stringify(a)) as typeof a;
  b.carousel![1]!.header.example = 'https://cdn.example.com/other.png';
  b.carousel![0]!.buttons[0]!.text = 'Changed';
  assert.equal(diffTemplates(a, b).map((d) => d.path).sort(), ['carousel[0].buttons[0].text', 'carousel[1].header.example']);
  const offer = fromFile({ channel: 'x', name: 'o', language: 'en_US', category: 'MARKETING', limited_time_offer: { text: 'Sale!', has_expiration: false }, body: { text: 'Hello there, a sale is on.' }, buttons: [] }, CHANNEL_A, 'x').canonical;
  const remote = JSON.parse(JSON.stringify(offer)) as typeof offer;
  assert.equal(diffTemplates(offer, remote), [], 'has_expiration: false equals its absence');
  remote.limitedTimeOffer = { text: 'Sale!', hasExpiration: true };
  assert.equal(diffTemplates(offer, remote).map((d) => d.path), ['limitedTimeOffer.hasExpiration']);
});

test('a read that returns WhatsApp\'s own authentication text beside the flags equals the file (no perpetual diff)', () => {
  const t = { channel: 'x', name: 'otp', language: 'en_US', category: 'AUTHENTICATION', body: { add_security_recommendation: true }, footer: { code_expiration_minutes: 5 }, buttons: [{ type: 'OTP', otp_type: 'COPY_CODE' }] };
  const c = fromFile(t, CHANNEL_A, '7c9e6679-7425-40de-944b-e07fc1f90ae7').canonical;
  const read = {
    name: 'otp', publicId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', status: 2, statusText: 'APPROVED',
    chatapp: { name: 'otp', language: 'en_US', status: 'APPROVED', components: [
      { type: 'BODY', text: '*{{1}}* is your verification code. For your security, do not share this code.', add_security_recommendation: true },
      { type: 'FOOTER', text: 'This code expires in 5 minutes.', code_expiration_minutes: 5 },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
    ] },
  };
  const diff = diffTemplates(c, fromRead(read, CHANNEL_A));
  assert.equal(diff.map((d) => d.path), ['buttons[0].text'], 'only the label the file left to WhatsApp differs');
});

test('types and send get each kind from the model: card_<n> per card, code for authentication, refusals by name', () => {
  const carousel = fromFile(fc.sample(carouselTemplate.filter((t) => (t.carousel[0] as { body?: { examples?: object } }).body?.examples !== undefined), { numRuns: 1, seed: SEED })[0]!, CHANNEL_A, 'x');
  const m = templateMeta(carousel, 'shop-whatsapp');
  assert.equal(m.cards!.length, carousel.canonical.carousel!.length);
  assert.ok(m.cards!.every((card) => card.params.includes('1')), JSON.stringify(m.cards));
  assert.ok(unsendableParts(carousel).includes(`the carousel of ${carousel.canonical.carousel!.length} cards`));

  const authFile = { channel: 'x', name: 'otp', language: 'en_US', category: 'AUTHENTICATION', body: { add_security_recommendation: true }, footer: { code_expiration_minutes: 10 } };
  const auth = fromFile({ ...authFile, buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', autofill_text: 'Autofill', supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }] }] }, CHANNEL_A, 'x');
  const am = templateMeta(auth, 'shop-whatsapp');
  assert.equal(am.params, ['code']);
  // trial-w F1: a one-tap (or zero-tap) button hands the code to the app it names, which a text cannot: named, as a
  // coupon's copy-code button is, so that nothing says it was sent whole; a copy-code OTP button only copies what the text carries
  assert.equal(am.omitted, ['the one-tap autofill of button index 0, OTP (the code handed to com.example.app)']);
  assert.throws(() => checkSendable(am), /cannot carry: the one-tap autofill of button index 0, OTP \(the code handed to com\.example\.app\)\. Nothing was sent\. To send its text part alone, pass --text-only/);
  assert.equal(checkSendable(am, true), am.omitted);
  assert.equal(renderTemplate(am, checkParams(am, { code: '482913' })), {
    text: '*482913* is your verification code. For your security, do not share this code.\n\nThis code expires in 10 minutes.', suggestions: [],
  });
  assert.throws(() => checkParams(am, {}), /'code' is missing/);
  for (const [otp, more, said] of [['COPY_CODE', {}, undefined], ['ZERO_TAP', { zero_tap_terms_accepted: true }, ['the zero-tap hand-over of button index 0, OTP "Copy code" (the code handed to com.example.app)']]] as const) {
    const t = fromFile({ ...authFile, buttons: [{ type: 'OTP', otp_type: otp, text: 'Copy code', ...(otp === 'COPY_CODE' ? {} : { autofill_text: 'Autofill', supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }], ...more }) }] }, CHANNEL_A, 'x');
    assert.equal(templateMeta(t, 'shop-whatsapp').omitted, said, otp);
  }

  // trial-w F8: the conversation request has no time-to-live: a template's TTL is named (as an RCS expiry is), so a send
  // is refused unless text-only and lists it as left out; a copy-code OTP template is refused for it alone
  const ttl = templateMeta(fromFile({ ...authFile, message_send_ttl_seconds: 60, buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] }, CHANNEL_A, 'x'), 'shop-whatsapp');
  assert.equal(ttl.omitted, ['the time-to-live (message_send_ttl_seconds: 60)']);
  assert.throws(() => checkSendable(ttl), /cannot carry: the time-to-live \(message_send_ttl_seconds: 60\)\. Nothing was sent\. To send its text part alone, pass --text-only/);
  assert.equal(checkSendable(ttl, true), ttl.omitted);
  const utility = fromFile({ channel: 'x', name: 'u', language: 'en_US', category: 'UTILITY', message_send_ttl_seconds: 300, body: { text: 'Your table is ready. Please come to the counter within 5 minutes.' } }, CHANNEL_A, 'x');
  assert.equal(unsendableParts(utility), ['the time-to-live (message_send_ttl_seconds: 300)']);

  const offer = fromFile({ channel: 'x', name: 'o', language: 'en_US', category: 'MARKETING', limited_time_offer: { text: 'Expiring offer!', has_expiration: true }, body: { text: 'Use code {{1}} today only, friend.', examples: { 1: 'X1' } }, buttons: [{ type: 'COPY_CODE', example: 'X1' }, { type: 'URL', text: 'Book', url: 'https://x.example.com' }] }, CHANNEL_A, 'x');
  assert.equal(unsendableParts(offer), ['button index 0, COPY_CODE', 'the limited-time offer "Expiring offer!" with its countdown']);
});

test('Meta\'s older one-tap JSON carried over: one finding per mistake, each saying what to write', () => {
  const t = { channel: 'shop-whatsapp', name: 'autofill', language: 'en_US', category: 'authentication', body: { add_security_recommendation: true }, footer: { code_expiration_minutes: 5 },
    buttons: [{ type: 'OTP', otp_type: 'one_tap', text: 'Copy Code', autofill_text: 'Autofill', package_name: 'com.example.luckyshrub', signature_hash: 'K8a/AINcGX7' }] };
  const found = collectFindings(t, { now: new Date() }).map((f) => `${f.ruleId} ${f.path.join('.')}: ${f.message}`);
  assert.equal(found, [
    "category category: \"authentication\" is not a valid category; did you mean 'AUTHENTICATION'? (allowed: MARKETING, UTILITY, AUTHENTICATION)",
    "schema buttons.0.otp_type: \"one_tap\" is not a valid buttons[0].otp_type; did you mean 'ONE_TAP'? (allowed: COPY_CODE, ONE_TAP, ZERO_TAP)",
    "schema buttons.0.package_name: Unknown key 'package_name' in buttons[0]; write the app under `supported_apps: [{ package_name, signature_hash }]` (the Cloud API's current shape)",
    "schema buttons.0.signature_hash: Unknown key 'signature_hash' in buttons[0]; write the app under `supported_apps: [{ package_name, signature_hash }]` (the Cloud API's current shape)",
  ].sort((a, b) => found.indexOf(a) - found.indexOf(b)));
});

test('an offer code over 15 characters is one error (offer-code-length), not also the generic warning', () => {
  const t = { channel: 'shop-whatsapp', name: 'o', language: 'en_US', category: 'MARKETING', limited_time_offer: { text: 'Expiring offer!' },
    body: { text: 'Good news: take 25% off all packages this week only.' },
    buttons: [{ type: 'COPY_CODE', example: 'CARIBBEAN2025SUN' }, { type: 'URL', text: 'Book now!', url: 'https://travel.example.com/offers' }] };
  assert.equal(collectFindings(t, { now: new Date() }).map((f) => f.ruleId), ['offer-code-length']);
});

test.run();
