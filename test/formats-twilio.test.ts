// Pure mapping of Twilio's Content API JSON: every shape of input, variables as samples (numbered
// from 1 per part, named kept), what is written without being carried ("left out") and what stops
// a template (issues), the category's sources, and export issues for what Twilio cannot carry.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toTwilio, twilioTemplates, twilioToFile } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';

const text = (body: string, variables?: Record<string, string>, extra: Record<string, unknown> = {}) => ({ friendly_name: 'a', language: 'en', ...(variables ? { variables } : {}), types: { 'twilio/text': { body } }, ...extra });

test('listing, array, one resource, a create request with its approval', () => {
  assert.equal(twilioTemplates({ contents: [text('x')], meta: {} }).map((x) => x.where), ['contents[0]']);
  assert.equal(twilioTemplates([text('x'), { content: text('y'), approval: { name: 'a', category: 'MARKETING' } }]).map((x) => [x.where, x.approval]), [['[0]', undefined], ['[1]', { name: 'a', category: 'MARKETING' }]]);
  assert.equal(twilioTemplates(text('x')).map((x) => x.where), ['(template)']);
  assert.throws(() => twilioTemplates({ hello: 1 }), /neither a Content listing/);
});

test('variables are the samples; a part numbers its own from 1; named ones keep their names', () => {
  const t = twilioToFile({ friendly_name: 'a', language: 'en_US', variables: { 1: 'Ana', 2: 'Elite', 3: 'x/1', 4: 'B7' }, types: { 'whatsapp/card': {
    header_text: 'Now {{2}}', body: 'Hi {{1}}, gate {{4}}.', actions: [{ type: 'URL', title: 'Open', url: 'https://o.example/{{3}}' }],
  } } }, '(template)');
  assert.equal(t.issues, []);
  assert.equal(t.value.header, { format: 'TEXT', text: 'Now {{1}}', examples: { 1: 'Elite' } });
  assert.equal(t.value.body, { text: 'Hi {{1}}, gate {{2}}.', examples: { 1: 'Ana', 2: 'B7' } });
  assert.equal(t.value.buttons, [{ type: 'URL', text: 'Open', url: 'https://o.example/{{1}}', example: 'https://o.example/x/1' }]);
  const n = twilioToFile(text('Hi {{first_name}}, welcome.', { first_name: 'Ana' }), '(template)');
  assert.equal(n.value.body, { text: 'Hi {{first_name}}, welcome.', examples: { first_name: 'Ana' } });
  const missing = twilioToFile(text('Hi {{1}}, welcome.'), '(template)');
  assert.equal(missing.issues.map((i) => i.field), ['types.twilio/text.body']);
});

test('an unset optional field written as null or an empty list is no field: a card with "media": [] and a text header, a URL action with "phone": null', () => {
  const card = twilioToFile({ friendly_name: 'sale', language: 'it', variables: null, types: { 'whatsapp/card': {
    header_text: "Saldi d'autunno", body: 'Sconti fino al 50%.', media: [], footer: null,
    actions: [{ type: 'URL', title: 'Apri', url: 'https://o.example/saldi', phone: null, code: null, id: null }],
  } } }, '(template)');
  assert.equal(card.issues, []);
  assert.equal(card.value.header, { format: 'TEXT', text: "Saldi d'autunno" });
  assert.equal(card.value.buttons, [{ type: 'URL', text: 'Apri', url: 'https://o.example/saldi' }]);
  // media: null as well
  const nulls = twilioToFile({ friendly_name: 'sale', language: 'it', types: { 'whatsapp/card': { header_text: 'Saldi', body: 'Sconti.', media: null } } }, '(template)');
  assert.equal(nulls.issues, []);
});

test('category: the approval request, else --category, else the kind, else UTILITY (said in the file)', () => {
  assert.is(twilioToFile(text('x'), 'w', { category: 'marketing' }).value.category, 'MARKETING');
  assert.is(twilioToFile(text('x', undefined, { approval_requests: { name: 'a', category: 'UTILITY' } }), 'w', { category: 'UTILITY' }, { category: 'MARKETING' }).value.category, 'UTILITY');
  assert.is(twilioToFile(text('x'), 'w', undefined, { category: 'MARKETING' }).value.category, 'MARKETING');
  const d = twilioToFile(text('x'), 'w');
  assert.is(d.value.category, 'UTILITY');
  assert.is(d.categoryChosen, true);
});

test('left out (written, listed): reply ids, other channels\' types, the catalog\'s products; issues (not written): the rest', () => {
  const q = twilioToFile({ friendly_name: 'a', language: 'en', types: { 'twilio/quick-reply': { body: 'Pick one, please.', actions: [{ title: 'Yes', id: 'y' }] }, 'twilio/text': { body: 'Reply YES.' }, 'twilio/list-picker': {} } }, 'w');
  assert.equal(q.issues, []);
  assert.equal(q.leftOut.map((i) => i.field), ['types.twilio/quick-reply.actions[0].id', 'types.twilio/text', 'types.twilio/list-picker']);
  assert.equal(twilioToFile({ friendly_name: 'a', language: 'en', types: { 'twilio/quick-reply': { body: 'Same.', actions: [{ title: 'Yes' }] }, 'twilio/text': { body: 'Same.' } } }, 'w').leftOut, []);
  const bad = twilioToFile({ friendly_name: 'a', language: 'en-US', extra: 1, types: { 'twilio/media': { body: 'See this.', media: ['https://x.example/a.bin', 'https://x.example/b.png'] } } }, 'w');
  assert.equal(bad.issues.map((i) => i.field), ['language', 'extra', 'types.twilio/media.media[1]', 'types.twilio/media.media']);
  assert.equal(twilioToFile({ friendly_name: 'a', language: 'en', types: { 'twilio/location': { latitude: 1, longitude: 2 } } }, 'w').issues.map((i) => i.field), ['types']);
});

test('export: what Twilio cannot carry is listed by field', () => {
  const issuesOf = (file: Record<string, unknown>) => toTwilio(fromFile({ channel: 'c', name: 'a', language: 'en', ...file }, 'ch', 'id')).issues.map((i) => i.field);
  assert.equal(issuesOf({ category: 'MARKETING', limited_time_offer: { text: 'Soon' }, body: { text: 'Deal.' }, buttons: [{ type: 'COPY_CODE', example: 'X' }] }), ['limited_time_offer']);
  assert.equal(issuesOf({ category: 'AUTHENTICATION', message_send_ttl_seconds: 60, body: {}, buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', supported_apps: [{ package_name: 'a.b', signature_hash: 'K8a/AINcGX7' }] }] }), ['message_send_ttl_seconds', 'buttons[0]']);
  assert.equal(issuesOf({ category: 'UTILITY', header: { format: 'IMAGE', example: 'https://cdn.example.com/x.bin' }, body: { text: 'Look.' } }), ['header.example']);
  assert.equal(issuesOf({ category: 'UTILITY', body: { text: 'Go.' }, footer: 'f', buttons: [{ type: 'FLOW', text: 'Go', flow: { id: '1' } }] }), ['buttons[0]']);
  assert.equal(toTwilio(fromFile({ channel: 'c', name: 'r', language: 'en', message: { type: 'text', message: 'Hi' } }, 'ch', 'id')).request, undefined);
});

test('export: an authentication file with WhatsApp\'s preset wording written out (as Meta\'s listing returns it) is no text of its own', () => {
  const auth = (body: Record<string, unknown>, footer?: unknown) => toTwilio(fromFile({ channel: 'c', name: 'a', language: 'en_US', category: 'AUTHENTICATION', body, ...(footer !== undefined ? { footer } : {}), buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy Code' }] }, 'ch', 'id'));
  const plain = auth({ text: '*{{1}}* is your verification code.', examples: { 1: '123456' } });
  assert.equal(plain.issues, []);
  assert.equal(plain.request!.content.types, { 'whatsapp/authentication': { add_security_recommendation: false, actions: [{ type: 'COPY_CODE', copy_code_text: 'Copy Code' }] } });
  const full = auth({ text: '{{1}} is your verification code. For your security, do not share this code.', examples: { 1: '123456' } }, 'This code expires in 5 minutes.');
  assert.equal(full.issues, []);
  assert.equal(full.request!.content.types, { 'whatsapp/authentication': { add_security_recommendation: true, code_expiration_minutes: 5, actions: [{ type: 'COPY_CODE', copy_code_text: 'Copy Code' }] } });
  assert.equal(auth({ text: 'Your code for Owl Air is {{1}}.', examples: { 1: '123456' } }).issues.map((i) => i.field), ['body.text']);
});

// trial K F12: Twilio allows {{FirstName}} (its variables page: "Allowed: {{IdName}}"); it was written as literal text, its sample
// dropped, and lint then refused the file. Now the lower-case snake form, with its sample, the rename said
test('a Twilio variable with capitals ({{FirstName}}) becomes the file\'s {{first_name}} with its sample, said; a name taken gets _2', () => {
  const t = twilioToFile(text('Hi {{FirstName}}, your order is ready for pickup at our store today.', { FirstName: 'Ana' }), '(template)');
  assert.equal(t.issues, []);
  assert.equal(t.value.body, { text: 'Hi {{first_name}}, your order is ready for pickup at our store today.', examples: { first_name: 'Ana' } });
  assert.equal(t.renumbered.map((i) => [i.field, i.message]), [['variables.FirstName', 'Twilio\'s {{FirstName}} is {{first_name}} in the file (a template file\'s placeholder names are lower-case letters, digits and _), with its sample']]);
  // across the resource: a card's header and body, an acronym, a name the resource already has, a URL's variable
  const card = twilioToFile({ friendly_name: 'a', language: 'en', variables: { OrderID: 'A-1', first_name: 'Ana', First_Name: 'Bo', Path: 'x/1' }, types: { 'whatsapp/card': {
    header_text: 'Order {{OrderID}}', body: 'Hi {{first_name}} and {{First_Name}}, order {{OrderID}} is ready.', actions: [{ type: 'URL', title: 'Open', url: 'https://o.example/{{Path}}' }] } } }, '(template)');
  assert.equal(card.issues, []);
  assert.equal(card.value.header, { format: 'TEXT', text: 'Order {{order_id}}', examples: { order_id: 'A-1' } });
  assert.equal(card.value.body, { text: 'Hi {{first_name}} and {{first_name_2}}, order {{order_id}} is ready.', examples: { first_name: 'Ana', first_name_2: 'Bo', order_id: 'A-1' } });
  assert.equal(card.value.buttons, [{ type: 'URL', text: 'Open', url: 'https://o.example/{{1}}', example: 'https://o.example/x/1' }]);
  assert.equal(card.renumbered.map((i) => i.field).filter((f) => f.startsWith('variables.')), ['variables.OrderID', 'variables.First_Name', 'variables.Path']);
});

test('VOICE_CALL: twilio/call-to-action\'s WhatsApp call button both ways; VOICE_CALL_REQUEST, PHONE beside it, a header or ttl_minutes are listed', () => {
  const cta = (actions: unknown[]) => twilioToFile({ friendly_name: 'a', language: 'en', types: { 'twilio/call-to-action': { body: 'Call us on WhatsApp.', actions } } }, '(template)');
  const pulled = cta([{ type: 'VOICE_CALL', title: 'Call us' }]);
  assert.equal(pulled.issues, []);
  assert.equal(pulled.value.buttons, [{ type: 'VOICE_CALL', text: 'Call us' }]);
  assert.match(cta([{ type: 'VOICE_CALL_REQUEST', title: 'Allow calls' }]).issues[0]!.message, /VOICE_CALL_REQUEST action \(Twilio's private beta/);
  const out = (file: Record<string, unknown>) => toTwilio(fromFile({ channel: 'c', name: 'a', language: 'en', category: 'UTILITY', body: { text: 'Call us on WhatsApp.' }, ...file }, 'ch', 'id'));
  const call = out({ buttons: [{ type: 'VOICE_CALL', text: 'Call us' }] });
  assert.equal(call.issues, []);
  assert.equal(call.request!.content.types, { 'twilio/call-to-action': { body: 'Call us on WhatsApp.', actions: [{ type: 'VOICE_CALL', title: 'Call us' }] } });
  const ttl = out({ buttons: [{ type: 'VOICE_CALL', text: 'Call us', ttl_minutes: 1440 }] });
  assert.equal(ttl.issues.map((i) => i.field), ['buttons[0].ttl_minutes']);
  assert.ok(ttl.request);
  const both = out({ buttons: [{ type: 'VOICE_CALL', text: 'Call us' }, { type: 'PHONE_NUMBER', text: 'Phone', phone_number: '+15550001111' }] });
  assert.equal(both.request, undefined);
  assert.match(both.issues[0]!.message, /one of the two call options/);
  const card = out({ footer: 'Owl Air', buttons: [{ type: 'VOICE_CALL', text: 'Call us' }] });
  assert.match(card.issues.find((i) => i.field === 'buttons[0]')!.message, /Twilio documents it only on twilio\/call-to-action/);
});

test('a media URL\'s variable: the sample kept; its file name said (export writes it back), another split listed (left out); numbers Twilio gave that the file changes: said by field', () => {
  const media = (url: string, value: string) => twilioToFile({ friendly_name: 'invoice_media', language: 'en', variables: { 1: value, 2: 'Pablo' },
    types: { 'twilio/media': { body: 'Hi {{2}}, your invoice is attached.', media: [url] } } }, '(template)');
  const r = media('https://cdn.owl.com/invoices/{{1}}', 'inv-1.pdf');
  assert.equal(r.issues, []);
  assert.equal(r.value.header, { format: 'DOCUMENT', example: 'https://cdn.owl.com/invoices/inv-1.pdf' });
  assert.equal(r.value.body, { text: 'Hi {{1}}, your invoice is attached.', examples: { 1: 'Pablo' } });
  assert.equal(r.leftOut, []);
  assert.equal(r.renumbered.map((i) => [i.field, i.message.slice(0, 30)]), [['types.twilio/media.media', "Twilio's {{1}} is the file nam"], ['types.twilio/media.body', "Twilio's {{2}} is {{1}} in the"]]);
  assert.match(r.renumbered[0]!.message, /takes the whole media URL when sending/);
  // Twilio's twilio/card example: a variable holding a path, not the file name alone, which export would not write back
  const path = media('https://cdn.owl.com/{{1}}', 'invoices/inv-1.pdf');
  assert.equal(path.value.header, { format: 'DOCUMENT', example: 'https://cdn.owl.com/invoices/inv-1.pdf' });
  assert.equal(path.leftOut.map((i) => i.field), ['types.twilio/media.media']);
  assert.match(path.leftOut[0]!.message, /takes the whole media URL when sending/);
  // a URL's variable becomes the button's own {{1}}: said; numbers that stay: nothing said
  const cta = twilioToFile({ friendly_name: 'a', language: 'en', variables: { 1: 'Ana', 2: 'x7' },
    types: { 'twilio/call-to-action': { body: 'Hi {{1}}, your trip is booked.', actions: [{ type: 'URL', title: 'Open', url: 'https://o.example/{{2}}' }] } } }, '(template)');
  assert.equal(cta.renumbered.map((i) => i.field), ['types.twilio/call-to-action.actions[0].url']);
  assert.equal(cta.leftOut, []);
});


test('a variable where WhatsApp takes a value: a COPY_CODE code is its sample (said), never the placeholder; a button text, phone or footer with one is refused', () => {
  const cta = (actions: unknown[], variables: Record<string, string> = { 1: 'Ola', 2: 'OLA15' }) => twilioToFile({ friendly_name: 'code_var', language: 'en', variables, types: { 'twilio/call-to-action': { body: 'Hi {{1}}, here is your personal discount code for this month.', actions } }, approval_requests: { name: 'code_var', category: 'MARKETING', status: 'approved' } }, '(template)');
  const t = cta([{ type: 'COPY_CODE', title: 'Copy', code: '{{2}}' }]);
  assert.equal(t.issues, []);
  assert.equal(t.leftOut, []);
  assert.equal(t.value.buttons, [{ type: 'COPY_CODE', text: 'Copy', example: 'OLA15' }]);
  assert.equal(t.renumbered.map((i) => i.field), ['types.twilio/call-to-action.actions[0].code']);
  assert.match(t.renumbered[0]!.message, /\{\{2\}\}.*'OLA15'/);
  // a fixed part beside the variable: the sample is the whole code, the fixed part listed
  const mixed = cta([{ type: 'COPY_CODE', title: 'Copy', code: 'VIP-{{2}}' }]);
  assert.equal(mixed.value.buttons, [{ type: 'COPY_CODE', text: 'Copy', example: 'VIP-OLA15' }]);
  assert.equal(mixed.leftOut.map((i) => i.field), ['types.twilio/call-to-action.actions[0].code']);
  // no sample: not written
  assert.equal(cta([{ type: 'COPY_CODE', title: 'Copy', code: '{{3}}' }]).issues.map((i) => i.field), ['types.twilio/call-to-action.actions[0].code']);
  // a literal code is the sample, as before
  assert.equal(cta([{ type: 'COPY_CODE', title: 'Copy', code: 'OLA15' }]).value.buttons, [{ type: 'COPY_CODE', text: 'Copy', example: 'OLA15' }]);
  assert.equal(cta([{ type: 'PHONE_NUMBER', title: 'Call', phone: '{{2}}' }]).issues.map((i) => i.field), ['types.twilio/call-to-action.actions[0].phone']);
  assert.equal(cta([{ type: 'URL', title: 'Hi {{2}}', url: 'https://o.example/a' }]).issues.map((i) => i.field), ['types.twilio/call-to-action.actions[0].title']);
  const card = twilioToFile({ friendly_name: 'c', language: 'en', variables: { 1: 'x' }, types: { 'whatsapp/card': { body: 'Hello there.', footer: 'Ref {{1}}' } } }, '(template)');
  assert.equal(card.issues.map((i) => i.field), ['types.whatsapp/card.footer']);
  const auth = twilioToFile({ friendly_name: 'a', language: 'en', variables: { 1: 'x' }, types: { 'whatsapp/authentication': { actions: [{ type: 'COPY_CODE', copy_code_text: '{{1}}' }] } } }, '(template)');
  assert.equal(auth.issues.map((i) => i.field), ['types.whatsapp/authentication.actions[0].copy_code_text']);
});

test('the name is the WhatsApp approval request\'s (friendly_name is Twilio\'s free-text description), friendly_name only without approval data', () => {
  const shipped = (friendly: string, language: string, approval?: Record<string, unknown>) => ({ friendly_name: friendly, language, variables: { 1: 'A-1' }, types: { 'twilio/text': { body: 'Your order {{1}} is on its way to you.' } }, ...(approval ? { approval_requests: approval } : {}) });
  const en = twilioToFile(shipped('Order shipped (v2)', 'en', { name: 'order_shipped_v2', category: 'UTILITY', status: 'approved' }), '(template)', { name: 'order_shipped_v2', category: 'UTILITY', status: 'approved' });
  assert.equal(en.issues, []);
  assert.is(en.name, 'order_shipped_v2');
  assert.is(en.value.name, 'order_shipped_v2');
  // one WhatsApp template in two languages: two resources under one approval name
  const es = twilioToFile(shipped('order_shipped_es', 'es', { name: 'order_shipped_v2', category: 'UTILITY' }), '(template)', { name: 'order_shipped_v2', category: 'UTILITY' });
  assert.equal(es.issues, []);
  assert.equal([es.name, es.language], ['order_shipped_v2', 'es']);
  // as twilioTemplates gives it: a listing of ContentAndApprovals, a create request's {content, approval}, an ApprovalRequests answer's whatsapp
  const [item] = twilioTemplates({ contents: [shipped('Order shipped (v2)', 'en', { name: 'order_shipped_v2', category: 'UTILITY' })] });
  assert.is(twilioToFile(item!.value, item!.where, item!.approval).name, 'order_shipped_v2');
  assert.is(twilioToFile(shipped('Free text', 'en'), 'w', { whatsapp: { name: 'order_shipped_v2', category: 'UTILITY' } }).name, 'order_shipped_v2');
  // no approval data: friendly_name is the name, and must be one WhatsApp takes
  assert.is(twilioToFile(shipped('order_shipped', 'en'), 'w').name, 'order_shipped');
  assert.equal(twilioToFile(shipped('Order shipped (v2)', 'en'), 'w').issues.map((i) => i.field), ['friendly_name']);
  // an approval name WhatsApp would not take: said at the approval's name
  assert.equal(twilioToFile(shipped('x', 'en', { name: 'Bad Name' }), 'w', { name: 'Bad Name' }).issues.map((i) => i.field), ['approval_requests.name']);
});

// trial K F10: a /v1/Content export's console name was refused as "not a WhatsApp template name", with nothing on where the
// name is; and Twilio's call-to-action page writes the phone action as PHONE (its API models as PHONE_NUMBER): it was refused
test('a /v1/Content export without approvals: the name refusal says to give /v1/ContentAndApprovals; a PHONE action is a PHONE_NUMBER button', () => {
  const refused = twilioToFile(text('Welcome {{1}}!', { 1: 'Ana' }, { friendly_name: 'Welcome-Message' }), 'contents[0]');
  assert.equal(refused.issues.map((i) => i.field), ['friendly_name']);
  assert.match(refused.issues[0]!.message, 'this export has no WhatsApp approval data, and friendly_name is only Twilio\'s description of the resource (renaming it changes nothing on WhatsApp): give the listing of GET /v1/ContentAndApprovals instead, whose approval_requests.name is the template\'s WhatsApp name');
  // with approval data, the approval's name is the one said
  assert.not.match(twilioToFile(text('x', undefined, { friendly_name: 'Free text' }), 'w', { name: 'Bad Name' }).issues[0]!.message, 'ContentAndApprovals');
  const cta = (type: string) => twilioToFile({ friendly_name: 'call_us', language: 'en', types: { 'twilio/call-to-action': { body: 'Call us any time, we are here.', actions: [{ type, title: 'Call', phone: '+15550001111' }] } } }, 'w');
  for (const type of ['PHONE', 'PHONE_NUMBER', 'phone']) {
    const t = cta(type);
    assert.equal(t.issues, [], type);
    assert.equal(t.value.buttons, [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '+15550001111' }]);
  }
  // a type with no place: the places offered are those that are written (VOICE_CALL_REQUEST is refused on its own)
  assert.equal(cta('FAX').issues.map((i) => i.message), ['FAX actions have no place here (URL, PHONE_NUMBER, COPY_CODE, VOICE_CALL)']);
});

// trial K F1 and F9: a whole-catalog twilio/catalog with the title Twilio's page asks for was refused ("a catalog template
// without items has no header"), and its id was called "the products"
test('twilio/catalog without items: body, footer and CATALOG button written; the title and the catalog id listed for what they are', () => {
  const t = twilioToFile({ friendly_name: 'spring_catalog', language: 'en', variables: { 1: 'Ana' },
    types: { 'twilio/catalog': { title: 'Spring picks', body: 'Hi {{1}}, browse our spring collection.', subtitle: 'Free shipping over $50', id: '1234567890', thumbnail_item_id: 'sku-1' } } }, 'w');
  assert.equal(t.issues, []);
  assert.equal(t.value.body, { text: 'Hi {{1}}, browse our spring collection.', examples: { 1: 'Ana' } });
  assert.is(t.value.footer, 'Free shipping over $50');
  assert.equal(t.value.buttons, [{ type: 'CATALOG', text: 'View catalog' }]);
  assert.is(t.value.header, undefined);
  const left = Object.fromEntries(t.leftOut.map((i) => [i.field, i.message]));
  assert.equal(Object.keys(left), ['types.twilio/catalog.id', 'types.twilio/catalog.thumbnail_item_id', 'types.twilio/catalog.title']);
  assert.match(left['types.twilio/catalog.id']!, 'the catalog\'s id \'1234567890\' (Meta Commerce Manager)');
  assert.not.match(left['types.twilio/catalog.id']!, 'the products');
  assert.match(left['types.twilio/catalog.title']!, 'the title \'Spring picks\': WhatsApp\'s catalog template (without items) has no header or title of its own');
  // with items, the title is the multi-product template's TEXT header, as before
  const mpm = twilioToFile({ friendly_name: 'picks', language: 'en', types: { 'twilio/catalog': { title: 'Our picks', body: 'Have a look at these.', id: '1', items: [{ id: 'a', section_title: 'A' }] } } }, 'w');
  assert.equal(mpm.value.header, { format: 'TEXT', text: 'Our picks' });
});

// trial K F14 (the pull half): with approval data naming the template, Twilio's friendly_name ("A string name used to describe
// the Content resource") was dropped without a word; it is the file's description (format.md: what the template is for)
test('friendly_name is the description where the approval request gives the name; not where it is the name or repeats it', () => {
  const r = (friendly: string, approval?: Record<string, unknown>) => twilioToFile({ friendly_name: friendly, language: 'en', variables: { 1: 'A-1' }, types: { 'twilio/text': { body: 'Your order {{1}} is on its way to you.' } }, ...(approval ? { approval_requests: approval } : {}) }, 'w', approval);
  assert.is(r('Order-Update-EN', { name: 'order_update', category: 'UTILITY' }).value.description, 'Order-Update-EN');
  assert.is(r('order_update', { name: 'order_update', category: 'UTILITY' }).value.description, undefined);
  assert.is(r('order_update').value.description, undefined);
});

test('shapes that are not Content listings: an ApprovalRequests answer, jq -s of pages: said of the file, with what to give instead', () => {
  assert.throws(() => twilioTemplates({ sid: 'HX1234', account_sid: 'AC1', whatsapp: { name: 'a', category: 'UTILITY', status: 'approved' }, url: 'https://content.twilio.com/v1/Content/HX1234/ApprovalRequests' }), /GET \/v1\/Content\/HX1234\/ApprovalRequests[^]*ContentAndApprovals/);
  assert.throws(() => twilioTemplates([{ contents: [text('x')], meta: {} }, { contents: [text('y')], meta: {} }]), /array of 2 listing pages[^]*\.contents\[\]/);
});

test('a URL variable\'s value is written as it stands in the address: a space percent-encoded, a path, a query and an escape kept (as a Meta import and send)', () => {
  const url = (v: string) => twilioToFile({ friendly_name: 'a', language: 'en_US', variables: { 1: 'Ana', 2: v }, types: { 'whatsapp/card': {
    body: 'Hi {{1}}.', actions: [{ type: 'URL', title: 'Track', url: 'https://o.example/track/{{2}}' }],
  } } }, '(template)');
  const sample = (v: string) => (url(v).value.buttons as { example?: string }[])[0]!.example;
  assert.is(sample('A 1042'), 'https://o.example/track/A%201042');
  assert.is(sample('Café'), 'https://o.example/track/Caf%C3%A9');
  assert.is(sample('A-1042?utm_source=wa'), 'https://o.example/track/A-1042?utm_source=wa');
  assert.is(sample('Caf%C3%A9'), 'https://o.example/track/Caf%C3%A9');
  assert.equal(url('A 1042').issues, []);
});

test('trial bh F5: a variable without a sample is refused with what to do: give it in the resource\'s variables and pull again', () => {
  const t = twilioToFile({ friendly_name: 'missing_sample', language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/text': { body: 'Hi {{1}}, your order {{2}} has shipped today.' } } }, '(template)');
  assert.equal(t.issues.map((i) => [i.field, i.message]), [['types.twilio/text.body', 'no sample of {{2}} in variables: WhatsApp reviews a template with a sample of each variable (and lint refuses a file without one); give it in the export ("variables": {"2": "<its sample>"} of this resource) and pull again']]);
  const url = twilioToFile({ friendly_name: 'missing_url', language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/call-to-action': { body: 'Hi {{1}}, track your order below.', actions: [{ type: 'URL', title: 'Track', url: 'https://shop.example.com/t/{{2}}' }] } } }, '(template)');
  assert.match(url.issues.map((i) => i.message).join('\n'), 'no sample of {{2}} in variables: WhatsApp reviews a template with a sample of each variable');
});

test.run();
