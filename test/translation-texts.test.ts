// The texts lint hashes for every file (textsOf: path and text only, for translation-outdated)
// are exactly those of textFields (what `translations export` and `translated_from` use), in the
// same order; and textHash (the one-shot crypto.hash) is the first 8 hex digits of the SHA-256
// of the text's UTF-8, as translated files keep it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import yaml from 'js-yaml';
import { textFields, textHash, textsOf } from '../src/translations/units.ts';
import { templateText } from '../bench/generate.ts';
import { ROOT } from './helpers.ts';

const samples = ['whatsapp', 'rcs'].flatMap((d) => readdirSync(path.join(ROOT, 'templates', d)).map((f) => path.join(ROOT, 'templates', d, f)));

test('textsOf gives the paths and texts of textFields, in order, for every sample template and every kind of the mix', () => {
  const values = [
    ...samples.map((f) => yaml.load(readFileSync(f, 'utf8')) as Record<string, unknown>),
    ...Array.from({ length: 48 }, (_, i) => yaml.load(templateText(i, i % 2 ? 'mix' : 'dirty')) as Record<string, unknown>),
  ];
  assert.ok(values.length > 60);
  let texts = 0;
  for (const v of values) {
    const lean = textsOf(v);
    assert.equal(lean.map((f) => [f.path, f.text]), textFields(v).map((f) => [f.path, f.text]));
    texts += lean.length;
  }
  assert.ok(texts > values.length * 2, 'texts found');
});

test('property: textHash is the first 8 hex digits of the SHA-256 of the UTF-8 text', () => {
  fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => {
    assert.is(textHash(s), createHash('sha256').update(s, 'utf8').digest('hex').slice(0, 8));
  }), { seed: 21, numRuns: 500 });
});

test('what an action shows the customer is translated: a calendar event\'s title and description, a place\'s label and search, an autofill label', () => {
  // a trial found a new language's file kept these in English: export had no unit for them
  const rcs = yaml.load(`channel: shop-rcs
name: store_opening
language: en_US
message:
  richCards:
    - title: Our new store
      suggestions:
        - { action: create_calendar_event, text: Save the date, startTime: "2030-05-04T08:00:00Z", endTime: "2030-05-04T16:00:00Z", title: Store opening, description: Coffee and cake for everyone }
        - { action: view_location, text: Directions, latLong: { latitude: 52.52, longitude: 13.405 }, label: Our store in Berlin }
  suggestions:
    - { action: view_location, text: Find us, query: tplsync store Berlin }
    - { action: dial, text: Call us, phoneNumber: "+4930123456" }
`) as Record<string, unknown>;
  assert.equal(textFields(rcs).map((f) => [f.path.join('.'), f.text, f.limit]), [
    ['message.richCards.0.title', 'Our new store', 200],
    ['message.richCards.0.suggestions.0.text', 'Save the date', 25],
    ['message.richCards.0.suggestions.0.title', 'Store opening', 100],
    ['message.richCards.0.suggestions.0.description', 'Coffee and cake for everyone', 500],
    ['message.richCards.0.suggestions.1.text', 'Directions', 25],
    ['message.richCards.0.suggestions.1.label', 'Our store in Berlin', undefined],
    ['message.suggestions.0.text', 'Find us', 25],
    ['message.suggestions.0.query', 'tplsync store Berlin', undefined],
    ['message.suggestions.1.text', 'Call us', 25],
  ]);
  const otp = yaml.load(`channel: shop-whatsapp
name: login_code
language: en_US
category: AUTHENTICATION
buttons:
  - { type: OTP, otp_type: ONE_TAP, text: Copy code, autofill_text: Autofill, package_name: com.example.app, signature_hash: K8a/AINcGX7 }
`) as Record<string, unknown>;
  assert.equal(textFields(otp).map((f) => [f.path.join('.'), f.text, f.limit]), [['buttons.0.text', 'Copy code', 25], ['buttons.0.autofill_text', 'Autofill', 25]]);
  assert.equal(textsOf(rcs).length, 9);
});

test('an authentication template\'s body is WhatsApp\'s preset text: not a text to translate', () => {
  const auth = yaml.load('channel: shop-whatsapp\nname: login_code\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  text: "*{{1}}* is your verification code."\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Copy code }\n') as Record<string, unknown>;
  assert.equal(textFields(auth).map((f) => f.path.join('.')), ['buttons.0.text']);
});

test('an RCS text takes the sample of a name the WhatsApp body also uses from body.examples, as the format says', () => {
  // export gave the RCS message no samples note when its samples were the body's
  const both = yaml.load(`channel: shop
name: order_ready
language: en_US
category: UTILITY
body:
  text: "Hi {{name}}, order {{order}} is ready."
  examples: { name: Maria, order: A-1042 }
message:
  message: "Hi {{name}}, order {{order}} is ready at {{store}}."
  examples: { store: Berlin Mitte }
`) as Record<string, unknown>;
  const f = textFields(both).find((x) => x.path.join('.') === 'message.message');
  assert.equal(f?.samples, { name: 'Maria', order: 'A-1042', store: 'Berlin Mitte' });
  assert.equal(textFields(both).find((x) => x.path.join('.') === 'body.text')?.samples, { name: 'Maria', order: 'A-1042' });
});

test.run();
