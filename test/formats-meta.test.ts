// Pure mapping of Meta's template JSON: both parameter formats, every shape of input, the OTP
// button the listing returns as a URL, and kinds a file cannot carry reported by field.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { D360_STATE_KEYS, metaTemplates, metaToFile, toMeta } from '../src/formats/meta.ts';
import { fromFile } from '../src/model/canonical.ts';

test('listing, array, single template or create request', () => {
  assert.equal(metaTemplates({ data: [{ name: 'a' }], paging: {} }).map((x) => x.where), ['data[0]']);
  assert.equal(metaTemplates([{ name: 'a' }, { name: 'b' }]).map((x) => x.where), ['[0]', '[1]']);
  assert.equal(metaTemplates({ name: 'a', components: [] }).map((x) => x.where), ['(template)']);
  assert.throws(() => metaTemplates({ hello: 1 }), /neither a template listing/);
});

test('NAMED keeps names, POSITIONAL numbers; lower-case types; URL sample as a value of {{1}}', () => {
  const n = metaToFile({ name: 'a', language: 'en', category: 'utility', parameter_format: 'NAMED', components: [
    { type: 'body', text: 'Hi {{first_name}}, order {{order}} ships.', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }, { param_name: 'order', example: 'A1' }] } },
    { type: 'buttons', buttons: [{ type: 'url', text: 'Open', url: 'https://x.example/o/{{1}}', example: ['A1'] }] },
  ] }, '(template)');
  assert.equal(n.issues, []);
  assert.equal(n.value.body, { text: 'Hi {{first_name}}, order {{order}} ships.', examples: { first_name: 'Ana', order: 'A1' } });
  assert.equal((n.value.buttons as unknown[])[0], { type: 'URL', text: 'Open', url: 'https://x.example/o/{{1}}', example: 'https://x.example/o/A1' });
  const p = metaToFile({ name: 'a', language: 'en', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi {{1}} and {{2}}.', example: { body_text: [['x', 'y']] } }] }, '(template)');
  assert.equal(p.value.body, { text: 'Hi {{1}} and {{2}}.', examples: { 1: 'x', 2: 'y' } });
});

test('the OTP button the listing returns as a URL button becomes the OTP button', () => {
  const t = metaToFile({ name: 'a', language: 'en', category: 'AUTHENTICATION', components: [
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy', url: 'https://www.whatsapp.com/otp/code/?otp_type=ONE_TAP&cta_display_name=Autofill&package_name=com.ex.app&signature_hash=K8a%2FAINcGX7' }] },
  ] }, '(template)');
  assert.equal(t.value.buttons, [{ type: 'OTP', otp_type: 'ONE_TAP', text: 'Copy', autofill_text: 'Autofill', supported_apps: [{ package_name: 'com.ex.app', signature_hash: 'K8a/AINcGX7' }] }]);
});

test('a copy-code or one-tap button whose URL repeats the footer\'s code_expiration_minutes (as Meta\'s listing writes it) imports; another parameter is still refused', () => {
  const t = metaToFile({ name: 'login_otp_copy', language: 'en', category: 'AUTHENTICATION', components: [
    { type: 'BODY', text: '*{{1}}* is your verification code. For your security, do not share this code.', add_security_recommendation: true },
    { type: 'FOOTER', text: 'This code expires in 10 minutes.', code_expiration_minutes: 10 },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy code', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=10&code=otp{{1}}', example: ['https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=10&code=otp123456'] }] },
  ] }, 'data[0]');
  assert.equal(t.issues, []);
  assert.equal(t.value.buttons, [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }]);
  assert.equal(t.value.footer, { code_expiration_minutes: 10 });
  const odd = metaToFile({ name: 'a', language: 'en', category: 'AUTHENTICATION', components: [
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&redirect=https%3A%2F%2Fevil.example&code_expiration_minutes=abc' }] },
  ] }, 'data[0]');
  assert.equal(odd.issues.map((i) => i.message), ["'redirect' of the OTP button's URL has no place in a template file", "code_expiration_minutes of the OTP button's URL is 'abc', not a number of minutes"]);
  // the URL's expiry without a footer of it: the footer's; another than the footer's, or two: said
  const url = (q: string) => ({ type: 'URL', text: 'Copy code', url: `https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE${q}&code=otp{{1}}` });
  const read = (footer: unknown[], q: string) => metaToFile({ name: 'a', language: 'en', category: 'AUTHENTICATION', components: [...footer, { type: 'BUTTONS', buttons: [url(q)] }] }, 'data[0]');
  const none = read([], '&code_expiration_minutes=10');
  assert.equal(none.issues, []);
  assert.equal(none.value.footer, { code_expiration_minutes: 10 });
  assert.equal(read([{ type: 'FOOTER', code_expiration_minutes: 5 }], '&code_expiration_minutes=30').issues.map((i) => i.message), ["the OTP button's URL says the code expires in 30 minutes, the FOOTER component says 5: they must agree (the footer's code_expiration_minutes is the expiry); correct the export"]);
  // the footer as WhatsApp's text of the same expiry (a listing that gives the text alone): that expiry; a text of another, said
  assert.equal(read([{ type: 'FOOTER', text: 'This code expires in 10 minutes.' }], '&code_expiration_minutes=10').value.footer, { code_expiration_minutes: 10 });
  assert.equal(read([{ type: 'FOOTER', text: 'This code expires in 10 minutes.' }], '&code_expiration_minutes=10').issues, []);
  assert.match(read([{ type: 'FOOTER', text: 'This code expires in 15 minutes.' }], '&code_expiration_minutes=10').issues[0]?.message ?? '', 'says "This code expires in 15 minutes."');
  assert.match(read([{ type: 'FOOTER', code_expiration_minutes: 10 }], '&code_expiration_minutes=10&code_expiration_minutes=20').issues[0]?.message ?? '', 'gives code_expiration_minutes 2 times (10, 20)');
});

test('a number past 2^53 (a flow id without quotes) is refused where it stands, never written as another id; a time-to-live of null is none', () => {
  // JSON.parse read 9876543210987655 as 9876543210987656: the file would name another flow
  const json = '{"name":"salon_booking","language":"en_US","category":"MARKETING","components":[{"type":"BODY","text":"Book your next visit."},{"type":"BUTTONS","buttons":[{"type":"FLOW","text":"Book now","flow_id":9876543210987655,"flow_action":"NAVIGATE","navigate_screen":"APPOINTMENT"}]}]}';
  const t = metaToFile(JSON.parse(json), 'data[0]');
  assert.equal(t.issues.map((i) => [i.field, i.message]), [['components[1].buttons[0].flow_id', 'has more digits than a JSON number keeps exactly (the export lost its last ones): write it in the export as a string of digits, in quotes']]);
  const quoted = metaToFile(JSON.parse(json.replace('9876543210987655', '"9876543210987655"')), 'data[0]');
  assert.equal(quoted.issues, []);
  assert.equal((quoted.value.buttons as { flow: { id: string } }[])[0]!.flow.id, '9876543210987655');
  // an app id past 2^53: one issue, not two
  const app = metaToFile(JSON.parse('{"name":"a","language":"en","category":"MARKETING","components":[{"type":"BODY","text":"Open the app."},{"type":"BUTTONS","buttons":[{"type":"URL","text":"Open","url":"https://x.example/a","app_deep_link":{"meta_app_id":9123456789012345,"android_deep_link":"x://a"}}]}]}'), 'data[0]');
  assert.equal(app.issues.map((i) => i.field), ['components[1].buttons[0].app_deep_link.meta_app_id']);
  // Meta's listing after it reset a template's TTL on a change of category
  const ttl = metaToFile({ name: 'a', language: 'en', category: 'MARKETING', previous_category: 'UTILITY', message_send_ttl_seconds: null, components: [{ type: 'BODY', text: 'Hello.' }] }, 'data[0]');
  assert.equal(ttl.issues, []);
  assert.not.ok('message_send_ttl_seconds' in ttl.value);
});

test('not expressible: by field, never dropped', () => {
  const t = metaToFile({ name: 'a', language: 'en', category: 'MARKETING', sub_category: 'X', components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2UvcG5n:ARb'] } },
    { type: 'CALL_PERMISSION_REQUEST' },
    { type: 'CAROUSEL', cards: [{ components: [{ type: 'HEADER', format: 'PRODUCT' }] }] },
    { type: 'BUTTONS', buttons: [{ type: 'SPM', text: 'View' }, { type: 'QUICK_REPLY', text: 'x', payload: 'y' }] },
  ] }, 'data[0]');
  // format 1.2 carries the call permission request, product cards and SPM buttons (test/kinds-commerce.test.ts)
  assert.equal(t.issues.map((i) => i.field), ['sub_category', 'components[0].example.header_handle', 'components[3].buttons[1].payload']);
  assert.ok(t.issues.every((i) => i.template === 'a/en'));
  assert.is(t.value.call_permission_request, true);
  assert.equal(t.value.carousel, [{ header: { format: 'PRODUCT' } }]);
});

test('toMeta then metaToFile gives the same canonical template (named and numbered)', () => {
  for (const file of [
    { channel: 'c', name: 'a', language: 'en', category: 'MARKETING', header: { format: 'TEXT', text: 'Hi {{who}}', examples: { who: 'Ana' } }, body: { text: 'Code {{code}} is yours.', examples: { code: 'X1' } }, footer: 'f', buttons: [{ type: 'COPY_CODE', example: 'X1' }, { type: 'FLOW', text: 'Go', flow: { id: '1', action: 'navigate', navigateScreen: 'S' } }] },
    { channel: 'c', name: 'b', language: 'de', category: 'AUTHENTICATION', message_send_ttl_seconds: 60, body: { add_security_recommendation: true }, footer: { code_expiration_minutes: 5 }, buttons: [{ type: 'OTP', otp_type: 'ZERO_TAP', supported_apps: [{ package_name: 'a.b', signature_hash: 'K8a/AINcGX7' }], zero_tap_terms_accepted: true }] },
  ]) {
    const c = fromFile(file, 'ch', 'id');
    const back = metaToFile(toMeta(c).request, '(template)');
    assert.equal(back.issues, []);
    assert.equal(fromFile({ channel: 'c', ...back.value }, 'ch', 'id'), c);
  }
});

test('a name or language WhatsApp does not take, a placeholder without a sample: listed by field, not written (as from a Twilio export)', () => {
  const fields = (t: Record<string, unknown>) => metaToFile({ name: 'ok_name', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi {{1}}, it ships.', example: { body_text: [['Ana']] } }], ...t }, '(template)').issues.map((i) => i.field);
  assert.equal(fields({}), []);
  assert.equal(fields({ name: 'Bad-Name' }), ['name']);
  assert.equal(fields({ language: 'en-US' }), ['language']);
  assert.equal(fields({ components: [{ type: 'BODY', text: 'Hi {{1}}, order {{2}} ships.', example: { body_text: [['Ana']] } }] }), ['components[0].example']);
  assert.equal(fields({ components: [{ type: 'BODY', text: 'Hi {{1}}, it ships.' }] }), ['components[0].example']);
  assert.equal(fields({ components: [{ type: 'BODY', text: 'Hi there, it ships.' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://o.example/t/{{1}}' }] }] }), ['components[1].buttons[0].example']);
  assert.equal(fields({ components: [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Hi there, it ships.' }] }), ['components[0].example.header_handle']);
});

const GRAPH_NEXT = 'https://graph.facebook.com/v23.0/102290129340398/message_templates?limit=1&after=QVFIUm';
const promo = { name: 'spring_promo', language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: '1001', components: [{ type: 'BODY', text: 'Hello {{1}}, our spring collection is in store.', example: { body_text: [['Ana']] } }] };

test('360dialog\'s listing (GET /v1/configs/templates): read as Meta\'s, its wrapper and bookkeeping keys left out', () => {
  const listing = { count: 1, filters: {}, limit: 1000, offset: 0, sort: ['id'], total: 1, waba_templates: [{
    ...promo, namespace: 'c8ae5f90_307a_ca4c_b8f6_d1e2a2573574', external_id: '1001', partner_id: 'abcDEFpa', waba_account_id: 'WAcc123', quality_score: { score: 'GREEN', date: 1700000000 }, rejected_reason: 'NONE',
    modified_at: '2024-03-01T10:00:00Z', modified_by: { user_id: 'u1', user_name: 'Ana' }, created_at: '2024-03-01T09:00:00Z', created_by: { user_id: 'u1', user_name: 'Ana' }, updated_external: true,
  }] };
  const items = metaTemplates(listing);
  assert.equal(items.map((x) => x.where), ['waba_templates[0]']);
  const t = metaToFile(items[0]!.value, items[0]!.where, items[0]!.state);
  assert.equal(t.issues, []);
  assert.equal(t.value, { name: 'spring_promo', language: 'en_US', category: 'MARKETING', body: { text: 'Hello {{1}}, our spring collection is in store.', examples: { 1: 'Ana' } } });
  // 360dialog's keys are state only in its listing: in Meta's own, an unknown key is still said
  assert.equal(metaToFile({ ...promo, namespace: 'x' }, 'data[0]').issues.map((i) => i.field), ['namespace']);
});

test('shapes that are not template listings: said of the file, with what to give instead, not "missing" item by item', () => {
  // fetched with fields=name,status,language: no content
  assert.throws(() => metaTemplates({ data: [{ name: 'gift_card_expiry', status: 'APPROVED', language: 'en_US', id: '8002' }], paging: { next: GRAPH_NEXT } }), /fetched without the templates' content[^]*fields=name,language,category,components,parameter_format/);
  // a listing of another edge: phone numbers, flows
  assert.throws(() => metaTemplates({ data: [{ verified_name: 'Shop', display_phone_number: '+1 555 0100', quality_rating: 'GREEN', id: '1' }], paging: {} }), /not of message templates: its items have verified_name, display_phone_number, quality_rating[^]*message_templates\?fields=/);
  assert.throws(() => metaTemplates({ data: [{ id: '2', name: 'signup', status: 'PUBLISHED', categories: ['SIGN_UP'], validation_errors: [] }] }), /not of message templates: its items have categories, validation_errors/);
  // jq -s of two pages
  assert.throws(() => metaTemplates([{ data: [promo], paging: { next: GRAPH_NEXT } }, { data: [promo], paging: {} }]), /array of 2 listing pages[^]*jq -s '\[\.\[\]\.data\[\]\]'/);
  // templates still are read item by item (an item's own gaps said by field)
  assert.equal(metaTemplates({ data: [{ name: 'a' }], paging: {} }).length, 1);
  assert.equal(metaTemplates({ data: [promo, { name: 'b', language: 'en' }] }).length, 2);
});

test('a URL sample written as the value alone (as Meta writes it) is the whole URL it fills; export writes a card\'s as the value, a template\'s whole (trial-ae a)', () => {
  const card = (example: string) => ({ header: { format: 'IMAGE', example: 'https://cdn.example.com/a.png' }, body: { text: 'Only {{1}} left.', examples: { 1: 'two' } }, buttons: [{ type: 'URL', text: 'Buy', url: 'https://shop.example.com/p/{{1}}', example }] });
  const file = { channel: 'c', name: 'a', language: 'en', category: 'MARKETING', body: { text: 'New for you, {{1}}.', examples: { 1: 'Ana' } },
    carousel: [card('BLUE_ELF'), card('https://shop.example.com/p/BUDDHA')],
    buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example.com/shop?promo={{1}}', example: 'summer2023' }] };
  const c = fromFile(file, 'ch', 'id');
  assert.is(c.canonical.buttons[0]!.example, 'https://shop.example.com/shop?promo=summer2023');
  assert.equal(c.canonical.carousel!.map((x) => x.buttons[0]!.example), ['https://shop.example.com/p/BLUE_ELF', 'https://shop.example.com/p/BUDDHA']);
  const req = toMeta(c).request as { components: { type: string; buttons?: { example?: string[] }[]; cards?: { components: { type: string; buttons?: { example?: string[] }[] }[] }[] }[] };
  assert.equal(req.components.find((x) => x.type === 'BUTTONS')!.buttons![0]!.example, ['https://shop.example.com/shop?promo=summer2023']);
  const cards = req.components.find((x) => x.type === 'CAROUSEL')!.cards!;
  assert.equal(cards.map((k) => k.components.find((x) => x.type === 'BUTTONS')!.buttons![0]!.example), [['BLUE_ELF'], ['BUDDHA']]);
  // read back: the same template
  const back = metaToFile(toMeta(c).request, '(template)');
  assert.equal(fromFile({ channel: 'c', ...back.value }, 'ch', 'id'), c);
});

test('an authentication FOOTER whose text is WhatsApp\'s English expiry line, without code_expiration_minutes, is that preset: footer: { code_expiration_minutes: N } (trial-ar F1)', () => {
  const read = (text: string, o: { language?: string; category?: string } = {}) => metaToFile({ name: 'transfer_confirmation_code', language: o.language ?? 'en_US', category: o.category ?? 'AUTHENTICATION', components: [
    { type: 'BODY', text: '*{{1}}* is your verification code. For your security, do not share this code.', example: { body_text: [['771204']] } },
    { type: 'FOOTER', text },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy code', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp{{1}}', example: ['https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code=otp771204'] }] },
  ] }, 'data[7]');
  const t = read('This code expires in 5 minutes.');
  assert.equal(t.issues, []);
  assert.equal(t.value.footer, { code_expiration_minutes: 5 });
  assert.equal(read('This code expires in 1 minute.').value.footer, { code_expiration_minutes: 1 });
  // another text, another language's wording (which WhatsApp localises) and another category's footer: written as they are
  assert.is(read('Thanks for banking with us.').value.footer, 'Thanks for banking with us.');
  assert.is(read('Este código expira em 5 minutos.', { language: 'pt_BR' }).value.footer, 'Este código expira em 5 minutos.');
  const utility = metaToFile({ name: 'a', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Your code is ready.' }, { type: 'FOOTER', text: 'This code expires in 5 minutes.' }] }, 'data[0]');
  assert.is(utility.value.footer, 'This code expires in 5 minutes.');
  // the OTP button's URL with another expiry than the footer's words: said in the export's words
  const both = metaToFile({ name: 'a', language: 'en', category: 'AUTHENTICATION', components: [{ type: 'FOOTER', text: 'This code expires in 15 minutes.' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy code', url: 'https://www.whatsapp.com/otp/code/?otp_type=COPY_CODE&code_expiration_minutes=10&code=otp{{1}}' }] }] }, 'data[0]');
  assert.match(both.issues[0]?.message ?? '', 'the FOOTER component says "This code expires in 15 minutes."');
});

test('import errors name the real mistake: a numbering gap (not a missing sample), and samples given in the field of the other parameter_format (trial-ar F3)', () => {
  const issues = (format: string, components: unknown[]) => metaToFile({ name: 'a', language: 'en_US', category: 'UTILITY', parameter_format: format, components }, '[0]').issues.map((i) => `${i.field}: ${i.message}`);
  // {{1}} and {{3}} with two samples: the gap is named, with what the samples by position are
  assert.equal(issues('POSITIONAL', [{ type: 'BODY', text: 'Hi {{1}}, your transfer of {{3}} has been sent.', example: { body_text: [['Amira', 'EUR 20']] } }]),
    ['components[0].text: {{3}} is used but {{2}} is not; numbered placeholders run 1, 2, 3, ... without gaps (its 2 samples in example.body_text, given by position, are those of {{1}} and {{2}}): number them without gaps in the export']);
  // a header numbers its own from 1; too few samples beside a gap are counted, not called a sample missing of {{3}}
  assert.equal(issues('POSITIONAL', [{ type: 'HEADER', format: 'TEXT', text: 'Order {{2}}', example: { header_text: ['A1'] } }, { type: 'BODY', text: 'Hi {{1}}, {{4}} and {{5}} are ready.', example: { body_text: [['Amira']] } }]), [
    'components[0].text: {{2}} is used but {{1}} is not; numbered placeholders run 1, 2, 3, ... without gaps (its one sample in example.header_text, given by position, is that of {{1}}): number them without gaps in the export',
    'components[1].text: {{4}} is used but {{2}}, {{3}} are not; numbered placeholders run 1, 2, 3, ... without gaps, and example.body_text gives 1 sample for its 3 placeholders: number them without gaps in the export',
  ]);
  // NAMED placeholders with positional samples, and numbered ones with named samples: the samples are there, in the other field
  const named = issues('NAMED', [{ type: 'BODY', text: 'Hi {{first_name}}, see you on {{date}}.', example: { body_text: [['Amira', '1 May']] } }]);
  assert.is(named.length, 1, named.join('\n'));
  assert.match(named[0]!, /^components\[0\]\.example: the samples are there, but in example\.body_text, the field of numbered placeholders \(parameter_format POSITIONAL\); named placeholders \(NAMED: \{\{first_name\}\}, \{\{date\}\}\) take theirs in example\.body_text_named_params/);
  assert.match(named[0]!, '[{"param_name": "first_name", "example": "Amira"}, ...]');
  const numbered = issues('POSITIONAL', [{ type: 'BODY', text: 'Hi {{1}}, see you on {{2}}.', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Amira' }, { param_name: 'date', example: '1 May' }] } }]);
  assert.is(numbered.length, 1, numbered.join('\n'));
  assert.match(numbered[0]!, /^components\[0\]\.example: the samples are there, but in example\.body_text_named_params, .* numbered placeholders \(POSITIONAL: \{\{1\}\}, \{\{2\}\}\) take theirs by position in example\.body_text \(\[\["Amira", \.\.\.\]\]\)/);
  // a sample that is simply missing is still said so, with where the export gives it (trial bh F5: it said what was wrong, not what to do)
  const review = 'WhatsApp reviews a template with a sample of each placeholder (and lint refuses a file without one)';
  assert.equal(issues('POSITIONAL', [{ type: 'BODY', text: 'Hi {{1}} and {{2}}.', example: { body_text: [['Amira']] } }]), [`components[0].example: no sample of {{2}}: ${review}; give it in the export, by position in this component's example.body_text ([["Amira", "<sample of {{2}}>"]]), and pull again`]);
  assert.equal(issues('NAMED', [{ type: 'BODY', text: 'Hi {{first_name}} and {{date}}.', example: { body_text_named_params: [{ param_name: 'first_name', example: 'Amira' }] } }]), [`components[0].example: no sample of {{date}}: ${review}; give it in the export, by name in this component's example.body_text_named_params ([{"param_name": "date", "example": "<its sample>"}]), and pull again`]);
  assert.equal(issues('POSITIONAL', [{ type: 'BODY', text: 'Hi {{1}}.' }]), [`components[0].example: no sample of {{1}}: ${review}; give it in the export, by position in this component's example.body_text ([["<sample of {{1}}>"]]), and pull again`]);
  assert.equal(issues('POSITIONAL', [{ type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' }, { type: 'BODY', text: 'Your order is ready.' }]), [`components[0].example: no sample of {{1}}: ${review}; give it in the export, by position in this component's example.header_text (["<sample of {{1}}>"]), and pull again`]);
  // a URL button's placeholder and a media header without a sample: the same, in their fields
  assert.equal(issues('POSITIONAL', [{ type: 'BODY', text: 'Your order is ready.' }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Track', url: 'https://shop.example.com/t/{{1}}' }] }]),
    ['components[1].buttons[0].example: no sample of the URL\'s placeholder: WhatsApp reviews a URL button with a sample (and lint refuses a file without one); give it in the export ("example": ["https://shop.example.com/t/<a value>"] on this button) and pull again']);
  assert.equal(issues('POSITIONAL', [{ type: 'HEADER', format: 'IMAGE' }, { type: 'BODY', text: 'Your order is ready.' }]),
    ['components[0].example.header_handle: no sample: an IMAGE header needs a sample media URL (the listing returns one); give it in the export ("example": {"header_handle": ["https://<the address of a sample file>"]} in this component) and pull again']);
});

test('pull --from meta reads a carousel card\'s URL sample as the whole URL or as the value alone to the same file, as a template\'s (trial-ar F2)', () => {
  const listing = (card: string, top: string) => metaToFile({ name: 'card_offers', language: 'en_US', category: 'MARKETING', components: [
    { type: 'BODY', text: 'Pick a card.' },
    { type: 'CAROUSEL', cards: [1, 2].map(() => ({ components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.com/a.png'] } }, { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Apply now', url: 'https://northbank.example.com/cards/{{1}}', example: [card] }] }] })) },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'View', url: 'https://northbank.example.com/statements/{{1}}', example: [top] }] },
  ] }, 'data[0]');
  const whole = listing('https://northbank.example.com/cards/classic', 'https://northbank.example.com/statements/2026-04');
  assert.equal(whole.issues, []);
  assert.equal(listing('classic', '2026-04').value, whole.value);
  assert.is(((whole.value.carousel as { buttons: { example: string }[] }[])[0]!.buttons[0]!.example), 'https://northbank.example.com/cards/classic');
});

test('trial bh F5: Meta\'s settings of a template (delivery, creative optimizations, max price) are read and not written, said when not the default; a field tplsync does not know is refused with what to do', () => {
  const body = [{ type: 'BODY', text: 'Fresh deals every Friday at Acme.' }];
  const tpl = (extra: Record<string, unknown>) => ({ name: 'dof', language: 'en_US', category: 'MARKETING', components: body, ...extra });
  // what the listing gives every template: the defaults, nothing to say
  const plain = metaToFile(tpl({ is_primary_device_delivery_only: false, disable_ios_autofill: false, library_template_name: 'deals_1' }), 'data[0]');
  assert.equal([plain.issues, plain.notes], [[], undefined]);
  // another value, or a spec: written without it, said (a note, not a finding)
  const dof = metaToFile(tpl({ degrees_of_freedom_spec: { creative_features_spec: [{ key: 'TEXT_FORMATTING_OPTIMIZATION', value: { enroll_status: 'OPT_OUT' } }, { key: 'IMAGE_TOUCHUPS', value: { enroll_status: 'OPT_IN' } }] }, bid_spec: { bid_strategy: 'LOWEST_COST_WITH_BID_CAP', bid_amount: 87000 }, is_primary_device_delivery_only: true }), 'data[0]');
  assert.equal(dof.issues, []);
  assert.equal(dof.value, { name: 'dof', language: 'en_US', category: 'MARKETING', body: { text: 'Fresh deals every Friday at Acme.' } });
  assert.equal(dof.notes?.map((n) => n.field), ['degrees_of_freedom_spec', 'bid_spec', 'is_primary_device_delivery_only']);
  assert.match(dof.notes![0]!.message, /^TEXT_FORMATTING_OPTIMIZATION OPT_OUT, IMAGE_TOUCHUPS OPT_IN: the creative optimizations Meta may apply .* not written\. The template on the channel keeps it; a copy apply creates from the file .* has Meta's default/);
  assert.match(dof.notes![1]!.message, /^\{"bid_strategy":"LOWEST_COST_WITH_BID_CAP","bid_amount":87000\}: the maximum price per 1,000 deliveries/);
  assert.match(dof.notes![2]!.message, /^true: Meta's setting that delivers the template's messages to the recipient's primary device only/);
  // the form the trial gave (a value without enroll_status) is said alike
  assert.match(metaToFile(tpl({ degrees_of_freedom_spec: { creative_features_spec: [{ key: 'TEXT_FORMATTING_OPTIMIZATION', value: 'OPT_OUT' }] } }), 'data[0]').notes![0]!.message, /^TEXT_FORMATTING_OPTIMIZATION OPT_OUT: /);
  // a value of no boolean: refused, not taken for the other value
  assert.equal(metaToFile(tpl({ disable_ios_autofill: 'yes' }), 'data[0]').issues.map((i) => i.message), ['"yes" is not true or false: correct the export']);
  // a field tplsync does not know: refused, with the jq line that removes it from the export and the fields= that leaves it out
  const unknown = metaToFile(tpl({ some_future_field: { a: 1 } }), 'data[3]', [], { file: 'in/meta export.json' });
  assert.equal(unknown.issues.map((i) => i.field), ['some_future_field']);
  assert.match(unknown.issues[0]!.message, /^'some_future_field' is a field of Meta's template that tplsync does not know .*: not written\. To adopt the template without it, remove the field from the export \(jq 'del\(\.data\[\]\.some_future_field\)' 'in\/meta export\.json' > without\.json\) and pull that, or fetch the listing again with fields=name,language,category,components,parameter_format,sub_category,message_send_ttl_seconds,status,rejected_reason,id, which leaves it out$/);
  // in 360dialog's listing, an array, one template: the jq path of each, and no fields= (no Graph API listing to fetch again)
  const d360 = metaToFile(tpl({ some_future_field: 1 }), 'waba_templates[0]', D360_STATE_KEYS, { file: 'd360.json' }).issues[0]!.message;
  assert.match(d360, "(jq 'del(.waba_templates[].some_future_field)' d360.json > without.json) and pull that");
  assert.not.match(d360, 'fields=');
  assert.match(metaToFile(tpl({ 'odd-field': 1 }), '[1]', [], { file: 'a.json' }).issues[0]!.message, `(jq 'del(.[]["odd-field"])' a.json > without.json)`);
  assert.match(metaToFile(tpl({ some_future_field: 1 }), '(template)', [], { file: 'one.json' }).issues[0]!.message, "(jq 'del(.some_future_field)' one.json > without.json)");
});

test.run();
