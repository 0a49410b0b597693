// `export --to twilio` never drops a part silently: every top-level key, header format and button
// type of schema/template.schema.json is classified in TWILIO_EXPORT_PARTS, and each class is held
// by an example: a `written` part shows in the request (no issue), a `listed` one is named by
// field. A key the schema gains without a class (or without an example here) fails this test.
// Also: a URL's placeholder always takes the resource's numbering (issue 25).
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TWILIO_EXPORT_PARTS, toTwilio } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';

const schema = JSON.parse(readFileSync(new URL('../schema/template.schema.json', import.meta.url), 'utf8'));
const exportOf = (file: Record<string, unknown>) => toTwilio(fromFile({ channel: 'c', name: 'a', language: 'en', ...file }, 'ch', 'id'));

type Example = { file: Record<string, unknown>; field: string; shows?: string };
const body = { text: 'Hi {{1}}.', examples: { 1: 'Ana' } };
const util = (extra: Record<string, unknown>, field: string, shows?: string): Example => ({ file: { category: 'UTILITY', body, ...extra }, field, ...(shows ? { shows } : {}) });
const button = (b: Record<string, unknown>, shows?: string): Example => util({ buttons: [b] }, 'buttons[0]', shows);
const header = (h: Record<string, unknown>, shows?: string): Example => util({ category: 'MARKETING', header: h }, 'header', shows);

const KEYS: Record<string, Example> = {
  name: util({ name: 'order_ready' }, 'name', '"order_ready"'),
  description: util({ description: 'Order ready (pickup)' }, 'description', '"friendly_name":"Order ready (pickup)"'),
  language: util({ language: 'pt_BR' }, 'language', '"pt_BR"'),
  category: util({ category: 'MARKETING' }, 'category', '"MARKETING"'),
  header: util({ header: { format: 'TEXT', text: 'News' } }, 'header', '"News"'),
  body: util({}, 'body', 'Hi {{1}}.'),
  footer: util({ footer: 'Reply STOP to stop' }, 'footer', 'Reply STOP'),
  buttons: button({ type: 'QUICK_REPLY', text: 'Yes please' }, 'Yes please'),
  carousel: util({ category: 'MARKETING', carousel: [{ header: { format: 'IMAGE', example: 'https://cdn.example.com/a.png' }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] }] }, 'carousel', 'twilio/carousel'),
  sub_category: util({ sub_category: 'ORDER_STATUS' }, 'sub_category'),
  display_format: util({ display_format: 'ORDER_DETAILS', buttons: [{ type: 'ORDER_DETAILS', text: 'Review and pay' }] }, 'display_format'),
  message_send_ttl_seconds: util({ message_send_ttl_seconds: 600 }, 'message_send_ttl_seconds'),
  cta_url_link_tracking_opted_out: util({ cta_url_link_tracking_opted_out: true, buttons: [{ type: 'URL', text: 'Shop now', url: 'https://shop.example.com/spring' }] }, 'cta_url_link_tracking_opted_out'),
  limited_time_offer: util({ category: 'MARKETING', limited_time_offer: { text: 'Soon' }, buttons: [{ type: 'COPY_CODE', example: 'X1' }] }, 'limited_time_offer'),
  call_permission_request: util({ call_permission_request: true }, 'call_permission_request'),
  message: util({ message: { type: 'text', message: 'Hi' } }, 'message'),
};
const HEADERS: Record<string, Example> = {
  TEXT: header({ format: 'TEXT', text: 'Sale today' }, 'Sale today'),
  IMAGE: header({ format: 'IMAGE', example: 'https://cdn.example.com/a.png' }, 'a.png'),
  VIDEO: header({ format: 'VIDEO', example: 'https://cdn.example.com/a.mp4' }, 'a.mp4'),
  DOCUMENT: header({ format: 'DOCUMENT', example: 'https://cdn.example.com/a.pdf' }, 'a.pdf'),
  GIF: header({ format: 'GIF', example: 'https://cdn.example.com/a.mp4' }),
  LOCATION: header({ format: 'LOCATION' }),
  PRODUCT: header({ format: 'PRODUCT' }),
};
const BUTTONS: Record<string, Example> = {
  QUICK_REPLY: button({ type: 'QUICK_REPLY', text: 'Yes please' }, 'Yes please'),
  URL: button({ type: 'URL', text: 'Open', url: 'https://o.example/t/{{1}}', example: 'https://o.example/t/77' }, 'https://o.example/t/{{2}}'),
  PHONE_NUMBER: button({ type: 'PHONE_NUMBER', text: 'Call', phone_number: '+15550001111' }, '+15550001111'),
  COPY_CODE: button({ type: 'COPY_CODE', example: 'SAVE10' }, 'SAVE10'),
  CATALOG: { file: { category: 'MARKETING', body, buttons: [{ type: 'CATALOG', text: 'View catalog' }] }, field: 'buttons[0]' },
  OTP: { file: { category: 'AUTHENTICATION', body: { add_security_recommendation: true }, buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy it' }] }, field: 'buttons', shows: 'Copy it' },
  MPM: { file: { category: 'MARKETING', body, buttons: [{ type: 'MPM', text: 'View items' }] }, field: 'buttons[0]' },
  FLOW: button({ type: 'FLOW', text: 'Go', flow: { id: '1' } }),
  VOICE_CALL: button({ type: 'VOICE_CALL', text: 'Call us' }, '{"type":"VOICE_CALL","title":"Call us"}'),
  SPM: util({ category: 'MARKETING', header: { format: 'PRODUCT' }, buttons: [{ type: 'SPM', text: 'View' }] }, 'buttons[0]'),
  ORDER_DETAILS: button({ type: 'ORDER_DETAILS', text: 'Review and pay' }),
};

function holds(kind: string, schemaNames: string[], classes: Record<string, string>, examples: Record<string, Example>): void {
  for (const k of schemaNames) {
    const cls = classes[k];
    assert.ok(cls, `${kind} '${k}' of the schema: TWILIO_EXPORT_PARTS does not say whether export --to twilio writes it or lists it`);
    if (cls === 'tplsync') continue;
    const ex = examples[k];
    assert.ok(ex, `${kind} '${k}' (${cls}): no example in this test holds it`);
    const r = exportOf(ex.file);
    const fields = r.issues.map((i) => i.field);
    if (cls === 'listed') assert.ok(fields.some((f) => f === ex.field || f.startsWith(`${ex.field}.`) || f.startsWith(`${ex.field}[`)), `${kind} '${k}' is listed, but the export named only [${fields.join(', ')}]`);
    else {
      assert.equal(r.issues, [], `${kind} '${k}' is written, without an issue`);
      assert.ok(JSON.stringify(r.request).includes(ex.shows ?? "\u0000"), `${kind} '${k}': '${ex.shows}' not in ${JSON.stringify(r.request)}`);
    }
  }
}

test('every top-level key of the schema is written or listed by export --to twilio', () => {
  holds('key', Object.keys(schema.properties), TWILIO_EXPORT_PARTS.keys, KEYS);
});

test('every header format of the schema is written or listed', () => {
  holds('header format', schema.definitions.header.properties.format.enum, TWILIO_EXPORT_PARTS.headerFormats, HEADERS);
});

test('every button type of the schema is written or listed', () => {
  holds('button type', schema.definitions.button.properties.type.enum, TWILIO_EXPORT_PARTS.buttonTypes, BUTTONS);
});

// each key of a button kind Twilio writes: its value shows in the request, or the button is listed
const BUTTON_KEYS: { button: Record<string, unknown>; category?: string; shows?: string[]; listed?: string }[] = [
  { button: { type: 'QUICK_REPLY', text: 'Yes please' }, shows: ['"QUICK_REPLY"', 'Yes please'] },
  { button: { type: 'URL', text: 'Open', url: 'https://o.example/t/{{1}}', example: 'https://o.example/t/77' }, shows: ['"URL"', '"Open"', 'https://o.example/t/{{2}}', '"2":"77"'] },
  { button: { type: 'URL', text: 'Open', url: 'https://o.example/deals', app_deep_link: { meta_app_id: 634974688087057, android_deep_link: 'shop://deals/', android_fallback_playstore_url: 'https://o.example/d' } }, category: 'MARKETING', listed: 'buttons[0].app_deep_link' },
  { button: { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+15550001111' }, shows: ['"PHONE_NUMBER"', '"Call"', '+15550001111'] },
  { button: { type: 'COPY_CODE', text: 'Copy', example: 'SAVE10' }, shows: ['"COPY_CODE"', '"Copy"', '"code":"{{2}}"', '"2":"SAVE10"'] },
  { button: { type: 'VOICE_CALL', text: 'Call us' }, shows: ['"VOICE_CALL"', '"Call us"', 'twilio/call-to-action'] },
  { button: { type: 'VOICE_CALL', text: 'Call us', ttl_minutes: 1440 }, listed: 'buttons[0].ttl_minutes' },
  { button: { type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy it' }, category: 'AUTHENTICATION', shows: ['"COPY_CODE"', 'Copy it'] },
  { button: { type: 'OTP', otp_type: 'ONE_TAP', autofill_text: 'Fill', supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }] }, category: 'AUTHENTICATION', listed: 'buttons[0]' },
  { button: { type: 'OTP', otp_type: 'ZERO_TAP', zero_tap_terms_accepted: true, supported_apps: [{ package_name: 'com.example.app', signature_hash: 'K8a/AINcGX7' }] }, category: 'AUTHENTICATION', listed: 'buttons[0]' },
];

test('every key of a button kind Twilio writes is written or listed', () => {
  for (const branch of schema.definitions.button.allOf) {
    const type = branch.if.properties.type.const as string;
    if ((TWILIO_EXPORT_PARTS.buttonTypes as Record<string, string>)[type] !== 'written') continue;
    const def = schema.definitions[String(branch.then.$ref).split('/').pop()!];
    for (const key of Object.keys(def.properties)) assert.ok(BUTTON_KEYS.some((e) => e.button.type === type && e.button[key] !== undefined), `no example here sets '${key}' of a ${type} button`);
  }
  for (const e of BUTTON_KEYS) {
    const auth = e.category === 'AUTHENTICATION';
    const r = exportOf({ category: e.category ?? 'UTILITY', body: auth ? { add_security_recommendation: true } : body, buttons: [e.button] });
    const fields = r.issues.map((i) => i.field);
    if (e.listed) { assert.ok(fields.includes(e.listed), `${JSON.stringify(e.button)}: '${e.listed}' not in [${fields.join(', ')}]`); continue; }
    assert.equal(r.issues, [], JSON.stringify(e.button));
    for (const x of e.shows ?? []) assert.ok(JSON.stringify(r.request).includes(x), `'${x}' not in ${JSON.stringify(r.request)}`);
  }
});

test('format 1.2 kinds are listed, not turned into plain text (call permission, order status, order details)', () => {
  const call = exportOf({ category: 'MARKETING', body, call_permission_request: true });
  assert.equal(call.issues.map((i) => i.field), ['call_permission_request']);
  const status = exportOf({ category: 'UTILITY', sub_category: 'ORDER_STATUS', body });
  assert.equal(status.issues.map((i) => i.field), ['sub_category']);
  const details = exportOf({ category: 'UTILITY', display_format: 'ORDER_DETAILS', body, buttons: [{ type: 'ORDER_DETAILS', text: 'Review and pay' }] });
  assert.equal(details.issues.map((i) => i.field), ['display_format', 'buttons[0]']);
});

test('a PRODUCT header says Twilio has no single-product content type', () => {
  const r = exportOf({ category: 'MARKETING', header: { format: 'PRODUCT' }, body, buttons: [{ type: 'SPM', text: 'View' }] });
  assert.equal(r.issues.map((i) => i.field), ['header', 'buttons[0]']);
  for (const i of r.issues) assert.match(i.message, /no single-product \(PRODUCT header \/ SPM\) content type/);
  assert.not.match(r.issues.map((i) => i.message).join(' '), /file type/);
});

// trial K F14: every friendly_name was the WhatsApp name; Twilio's is a free-text description, which pull --from twilio writes as the file's
test('friendly_name is the file\'s description when it has one, else the template\'s name; the approval request keeps the name', () => {
  const described = exportOf({ name: 'order_update', category: 'UTILITY', body, description: 'Order-Update-EN' });
  assert.equal(described.issues, []);
  assert.is((described.request!.content as { friendly_name: string }).friendly_name, 'Order-Update-EN');
  assert.is((described.request!.approval as { name: string }).name, 'order_update');
  for (const description of [undefined, '', '  ']) {
    const plain = exportOf({ name: 'order_update', category: 'UTILITY', body, ...(description !== undefined ? { description } : {}) });
    assert.is((plain.request!.content as { friendly_name: string }).friendly_name, 'order_update');
  }
});

// Meta's limited-time-offer example: the body's {{1}} is the name, the URL's {{1}} its own
test('a URL placeholder takes the next number of the resource even when its sample does not fit the URL', () => {
  const file = (example: string) => ({
    category: 'MARKETING', body: { text: 'Hi {{1}}! Offer ends {{2}}.', examples: { 1: 'Pablo', 2: 'today' } },
    buttons: [{ type: 'URL', text: 'Book now', url: 'https://awesomedestinations.com/offers?code={{1}}', example }],
  });
  const fits = exportOf(file('https://awesomedestinations.com/offers?code=n3mtql'));
  assert.equal(fits.issues, []);
  const fitsContent = fits.request!.content as { variables: Record<string, string>; types: Record<string, { actions: { url: string }[] }> };
  assert.is(fitsContent.types['twilio/call-to-action']!.actions[0]!.url, 'https://awesomedestinations.com/offers?code={{3}}');
  assert.equal(fitsContent.variables, { 1: 'Pablo', 2: 'today', 3: 'n3mtql' });
  // the sample names another key of the query, as Meta's example does and lint accepts: its value is the variable's
  const other = exportOf(file('https://awesomedestinations.com/offers?ref=n3mtql'));
  assert.equal(other.issues, []);
  assert.equal((other.request!.content as { variables: Record<string, string> }).variables, { 1: 'Pablo', 2: 'today', 3: 'n3mtql' });
  // a sample of another address does not fill the URL: listed, the whole sample as the value
  const off = exportOf(file('https://elsewhere.example/offers?code=n3mtql'));
  assert.equal(off.issues.map((i) => i.field), ['buttons[0].url']);
  const content = off.request!.content as { variables: Record<string, string>; types: Record<string, { actions: { url: string }[] }> };
  assert.is(content.types['twilio/call-to-action']!.actions[0]!.url, 'https://awesomedestinations.com/offers?code={{3}}');
  assert.is(content.variables['1'], 'Pablo');
  assert.is(content.variables['3'], 'https://elsewhere.example/offers?code=n3mtql');
  assert.match(off.issues[0]!.message, /\{\{3\}\}/);
});

// TWILIO_PAGES.callToAction: a body of at most 640 characters; WhatsApp's own limit is 1,024
test('a body over 640 characters with link buttons is a whatsapp/card, not a call-to-action Twilio refuses; with a call button it is not exported', () => {
  const text = `Hi {{1}}, ${'your order is on its way and will arrive soon. '.repeat(14)}`.trim();
  assert.ok([...text].length > 640 && [...text].length <= 1024);
  const links = [{ type: 'URL', text: 'Track', url: 'https://o.example/track' }, { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+15550100000' }];
  const long = exportOf({ category: 'UTILITY', body: { text, examples: { 1: 'Ana' } }, buttons: links });
  assert.equal(long.issues, []);
  const types = (long.request!.content as { types: Record<string, { body: string; actions: unknown[] }> }).types;
  assert.equal(Object.keys(types), ['whatsapp/card']);
  assert.is(types['whatsapp/card']!.body, text);
  assert.is(types['whatsapp/card']!.actions.length, 2);
  const short = exportOf({ category: 'UTILITY', body, buttons: links });
  assert.equal(Object.keys((short.request!.content as { types: object }).types), ['twilio/call-to-action']);
  const call = exportOf({ category: 'UTILITY', body: { text, examples: { 1: 'Ana' } }, buttons: [{ type: 'VOICE_CALL', text: 'Call Now' }] });
  assert.is(call.request, undefined);
  assert.match(call.issues.map((i) => `${i.field}: ${i.message}`).join('\n'), /^body\.text: \d+ characters: Twilio's call-to-action takes a body of at most 640/m);
});

test.run();
