// `pull --from twilio` says every Twilio variable the file holds otherwise: one variable used in two
// parts (the body and a URL, a text header, a code) is a parameter of each part on WhatsApp, a value
// the sender gives once per part, and that is said even where the digits do not change (trial z, F3).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { twilioToFile } from '../src/formats/twilio.ts';

const pull = (types: Record<string, unknown>, variables: Record<string, string>) =>
  twilioToFile({ friendly_name: 'shared', language: 'en', variables, types }, '(template)', { name: 'shared', category: 'UTILITY' });
const sharedLines = (r: ReturnType<typeof pull>) => r.renumbered.filter((i) => i.field.startsWith('variables.'));

test('a variable shared by the body and a URL is said by variable, with each field and the file\'s number there', () => {
  const r = pull({ 'twilio/call-to-action': { body: 'Your order {{1}} has shipped and is on its way to you.',
    actions: [{ type: 'URL', title: 'Track', url: 'https://track.example.com/{{1}}' }] } }, { 1: 'A-1' });
  assert.equal(r.issues, []);
  assert.equal(sharedLines(r).map((i) => i.field), ['variables.1']);
  const m = sharedLines(r)[0]!.message;
  assert.match(m, /Twilio's \{\{1\}\} fills 2 parts/);
  assert.match(m, /types\.twilio\/call-to-action\.body has \{\{1\}\}, types\.twilio\/call-to-action\.actions\[0\]\.url has \{\{1\}\}/);
});

test('a variable shared by a text header and the body, and by the body and a code, is said; the numbers the file has are named', () => {
  const hdr = pull({ 'whatsapp/card': { header_text: 'Flight {{1}} update', body: 'Your flight {{1}} now departs at {{2}}. Please be at the gate on time.', footer: 'Owl Air' } }, { 1: 'OA123', 2: '10:45' });
  assert.equal(hdr.issues, []);
  assert.equal(sharedLines(hdr).map((i) => i.field), ['variables.1']);
  // (the header's value is header_1 when sending: send --param header_1, not the body's 1)
  assert.match(sharedLines(hdr)[0]!.message, /header_text has \{\{1\}\} \(sent as header_1\), types\.whatsapp\/card\.body has \{\{1\}\}/);
  // the body's {{2}} shared with the header, where it is the header's {{1}}
  const moved = pull({ 'whatsapp/card': { header_text: 'Gate {{2}}', body: 'Flight {{1}} boards at gate {{2}}.', footer: 'Owl Air' } }, { 1: 'OA123', 2: 'B7' });
  assert.match(sharedLines(moved)[0]!.message, /Twilio's \{\{2\}\} fills 2 parts.*header_text has \{\{1\}\} \(sent as header_1\), types\.whatsapp\/card\.body has \{\{2\}\}/);
  const code = pull({ 'twilio/call-to-action': { body: 'Your code is {{1}}. Enjoy!', actions: [{ type: 'COPY_CODE', title: 'Copy', code: '{{1}}' }] } }, { 1: 'SAVE10' });
  assert.equal(sharedLines(code).map((i) => i.field), ['variables.1']);
  assert.match(sharedLines(code)[0]!.message, /body has \{\{1\}\}, .*actions\[0\]\.code has the code the button copies/);
});

test('verify-18 NEW-G: the same when the resource also names variables (its numbered ones named in the texts): one detection for both', () => {
  const r = pull({ 'twilio/call-to-action': { body: 'Hi {{name}}, your order {{1}} has shipped and is on its way to you.',
    actions: [{ type: 'URL', title: 'Track', url: 'https://track.example.com/{{1}}' }] } }, { name: 'Ana', 1: 'A-1' });
  assert.equal(r.issues, []);
  assert.equal(sharedLines(r).map((i) => i.field), ['variables.1']);
  const m = sharedLines(r)[0]!.message;
  assert.match(m, /Twilio's \{\{1\}\} fills 2 parts/);
  assert.match(m, /types\.twilio\/call-to-action\.body has \{\{v_1\}\}, types\.twilio\/call-to-action\.actions\[0\]\.url has \{\{1\}\}/);
  // in a text header, the body and a URL: three parts
  const three = pull({ 'whatsapp/card': { header_text: 'News from {{1}}', body: 'Hi {{name}}, our new store in {{1}} opens this Saturday with special prices for you.',
    actions: [{ type: 'URL', title: 'Open', url: 'https://shop.example.com/o/{{2}}' }, { type: 'URL', title: 'Map', url: 'https://maps.example.com/{{1}}' }] } }, { 1: 'Berlin', name: 'Ana', 2: 'A-1' });
  assert.equal(three.issues, []);
  assert.equal(sharedLines(three).map((i) => i.field), ['variables.1']);
  assert.match(sharedLines(three)[0]!.message, /Twilio's \{\{1\}\} fills 3 parts.*header_text has \{\{v_1\}\}, .*body has \{\{v_1\}\}, .*url has \{\{1\}\}/);
});

test('a variable in one part only, or a name shared by two texts (one Twilio variable either way back), is no such line', () => {
  const one = pull({ 'twilio/call-to-action': { body: 'Order {{1}}: {{1}} is on its way.', actions: [{ type: 'URL', title: 'Track', url: 'https://track.example.com/{{2}}' }] } }, { 1: 'A-1', 2: 'A-1' });
  assert.equal(sharedLines(one), []);
  const named = pull({ 'whatsapp/card': { header_text: 'Hi {{name}}', body: 'Hello {{name}}, your order shipped.', footer: 'Shop' } }, { name: 'Ana' });
  assert.equal(named.issues, []);
  assert.equal(sharedLines(named), []);
});

test.run();
