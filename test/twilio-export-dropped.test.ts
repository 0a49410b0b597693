// `export --to twilio` chooses the content type from what is left once the parts Twilio's types have
// no place for are dropped (and listed): never a whatsapp/card with a body alone or `"actions": []`
// (Twilio's whatsapp/card "must include a body and at least one additional field"), and a part it
// lists as not carried is not written (trial z, F2 and F5). What is written reads back as the file
// without the dropped parts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toTwilio, twilioTemplates, twilioToFile } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const file = (t: Record<string, unknown>) => ({ channel: 'shop', name: 'survey_flow', language: 'en_US', category: 'MARKETING', ...t });
const exportOf = (t: Record<string, unknown>) => toTwilio(fromFile(file(t), 'ch', 'id'));
const typesOf = (r: ReturnType<typeof toTwilio>) => (r.request!.content as { types: Record<string, Record<string, unknown>> }).types;
const readBack = (request: unknown) => {
  const [item] = twilioTemplates(JSON.parse(JSON.stringify([request])));
  return twilioToFile(item!.value, item!.where, item!.approval);
};
type Btn = Record<string, unknown> & { type: string };
const body = { text: 'Hi {{1}}, tell us how we did in a two-minute survey.', examples: { 1: 'Sam' } };

// the parts Twilio has no place for, each dropped and listed
const HEADERS_DROPPED: Record<string, unknown> = {
  LOCATION: { format: 'LOCATION' },
  GIF: { format: 'GIF', example: 'https://cdn.example.com/anim/loop.mp4' },
  'a DOCUMENT sampled without a file type': { format: 'DOCUMENT', example: 'https://cdn.example.com/get?file=invoice.pdf' },
  'an IMAGE sampled without a file type': { format: 'IMAGE', example: 'https://cdn.example.com/media/12345' },
};
const BUTTONS_DROPPED: Record<string, Record<string, unknown> & { type: string }> = {
  FLOW: { type: 'FLOW', text: 'Start survey', flow: { id: '1234567890123456' } },
  ORDER_DETAILS: { type: 'ORDER_DETAILS', text: 'Review and pay' },
};

test('whatever is dropped, what is left is never a whatsapp/card with a body alone or with no actions, and each drop is listed', () => {
  const headers: [string, unknown][] = [['none', undefined], ['TEXT', { format: 'TEXT', text: 'Survey' }], ...Object.entries(HEADERS_DROPPED)];
  const buttons: [string, Btn[]][] = [['none', []], ['QUICK_REPLY', [{ type: 'QUICK_REPLY', text: 'Later' }]],
    ...Object.entries(BUTTONS_DROPPED).map(([k, b]): [string, Btn[]] => [k, [b]]),
    ['FLOW + QUICK_REPLY', [BUTTONS_DROPPED.FLOW!, { type: 'QUICK_REPLY', text: 'Later' }]]];
  for (const [hk, header] of headers) for (const [bk, bs] of buttons) for (const footer of [undefined, 'Owl Air']) {
    const t = { ...(header ? { header } : {}), body, ...(footer ? { footer } : {}), ...(bs.length ? { buttons: bs } : {}),
      ...(bs.some((b) => b.type === 'ORDER_DETAILS') ? { display_format: 'ORDER_DETAILS' } : {}) };
    const what = `header ${hk}, buttons ${bk}, footer ${footer ?? 'none'}`;
    const r = exportOf(t);
    assert.ok(r.request, `${what}: written`);
    const types = typesOf(r);
    const card = types['whatsapp/card'];
    if (card) {
      assert.ok(Object.keys(card).some((k) => k !== 'body' && k !== 'actions'), `${what}: a card with more than a body: ${JSON.stringify(card)}`);
      assert.ok(card.actions === undefined || (card.actions as unknown[]).length > 0, `${what}: no "actions": [] in ${JSON.stringify(card)}`);
    }
    // a listed header is not written
    if (hk in HEADERS_DROPPED) {
      assert.ok(r.issues.some((i) => i.field === 'header' || i.field.startsWith('header.')), `${what}: the header listed`);
      assert.not.ok(JSON.stringify(types).includes('cdn.example.com'), `${what}: the listed media is not written`);
    }
    bs.forEach((b, i) => { if (b.type in BUTTONS_DROPPED) assert.ok(r.issues.some((x) => x.field === `buttons[${i}]`), `${what}: buttons[${i}] listed`); });
    // the simplest type that carries what is left, as export.md says
    const left = { header: header !== undefined && !(hk in HEADERS_DROPPED), footer: footer !== undefined, buttons: bs.some((b) => !(b.type in BUTTONS_DROPPED)) };
    const want = left.header || left.footer ? 'whatsapp/card' : left.buttons ? 'twilio/quick-reply' : 'twilio/text';
    assert.equal(Object.keys(types), [want], what);
    // and it reads back, as the file less what was dropped
    assert.equal(readBack(r.request).issues, [], `${what}: pull --from twilio reads it back`);
  }
});

test('the trial\'s cases: a FLOW button alone, a LOCATION header, an order details template, a VOICE_CALL beside a quick reply', () => {
  const flow = exportOf({ body, buttons: [BUTTONS_DROPPED.FLOW] });
  assert.equal(typesOf(flow), { 'twilio/text': { body: body.text } });
  assert.equal(flow.issues.map((i) => i.field), ['buttons[0]']);
  assert.match(flow.issues[0]!.message, /a FLOW button/);

  const loc = exportOf({ category: 'UTILITY', header: { format: 'LOCATION' }, body });
  assert.equal(typesOf(loc), { 'twilio/text': { body: body.text } });
  assert.equal(loc.issues.map((i) => i.field), ['header']);

  const order = exportOf({ category: 'UTILITY', display_format: 'ORDER_DETAILS', header: { format: 'TEXT', text: 'Your order' }, body, footer: 'Shop', buttons: [BUTTONS_DROPPED.ORDER_DETAILS] });
  assert.equal(typesOf(order), { 'whatsapp/card': { body: body.text, header_text: 'Your order', footer: 'Shop' } });
  assert.equal(order.issues.map((i) => i.field).sort(), ['buttons[0]', 'display_format']);

  const call = exportOf({ body, buttons: [{ type: 'VOICE_CALL', text: 'Call us' }, { type: 'QUICK_REPLY', text: 'Later' }] });
  assert.equal(typesOf(call), { 'twilio/quick-reply': { body: body.text, actions: [{ type: 'QUICK_REPLY', title: 'Later' }] } });
  assert.equal(call.issues.map((i) => i.field), ['buttons[0]']);
  assert.match(call.issues[0]!.message, /VOICE_CALL.*written without it/);
});

test('a media sample whose file type does not tell its kind is listed and not written: no media, no file-name variable; pull reads the rest back', () => {
  const t = { category: 'UTILITY', header: { format: 'DOCUMENT', example: 'https://cdn.example.com/get?file=invoice.pdf' },
    body: { text: 'Hi {{1}}, your invoice is attached to this message as a document.', examples: { 1: 'Kim' } } };
  const r = exportOf(t);
  assert.equal(r.issues.map((i) => i.field), ['header.example']);
  assert.match(r.issues[0]!.message, /has no file type that tells its kind, not DOCUMENT.*written without the header/);
  assert.equal(r.request!.content, { friendly_name: 'survey_flow', language: 'en_US', variables: { 1: 'Kim' }, types: { 'twilio/text': { body: t.body.text } } });
  assert.is(r.numbered, undefined, 'no file-name variable is said');
  const back = readBack(r.request);
  assert.equal(back.issues, []);
  const { header: _dropped, ...rest } = t;
  assert.equal(fromFile({ channel: 'shop', ...back.value }, 'ch', 'id'), fromFile(file(rest), 'ch', 'id'));
  // a carousel card cannot lose its media: the template is listed and not exported
  const carousel = exportOf({ body: { text: 'New in.' }, carousel: [0, 1].map(() => ({ header: { format: 'IMAGE', example: 'https://cdn.example.com/img?id=7' }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] })) });
  assert.is(carousel.request, undefined);
  assert.match(carousel.issues.map((i) => i.message).join('\n'), /has no file type that tells its kind, not IMAGE.*not exported/);
});

test('a ONE_TAP or ZERO_TAP authentication template: written as a COPY_CODE button, the line saying so and naming the fields lost, exit 1 (trial bh F4)', async () => {
  const dir = tempDir('tplsync-twilio-otp-');
  const apps = 'supported_apps: [{ package_name: com.example.shop, signature_hash: K8a/AINcGX7 }]';
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/login_one_tap.en_US.yaml': `channel: shop-whatsapp\nname: login_one_tap\nlanguage: en_US\ncategory: AUTHENTICATION\nbody: { add_security_recommendation: false }\nfooter: { code_expiration_minutes: 5 }\nbuttons:\n  - { type: OTP, otp_type: ONE_TAP, text: Copy code, autofill_text: Autofill, ${apps} }\n`,
      'templates/login_zero_tap.en_US.yaml': `channel: shop-whatsapp\nname: login_zero_tap\nlanguage: en_US\ncategory: AUTHENTICATION\nbody: { add_security_recommendation: true }\nbuttons:\n  - { type: OTP, otp_type: ZERO_TAP, text: Copy code, zero_tap_terms_accepted: true, ${apps} }\n`,
    });
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    const r = await cliIn(['export', '--to', 'twilio', '--out', 'out.json'], { cwd: dir });
    // a part written without, as every other one export lists: the template is in the output, exit 1
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, "tplsync: login_one_tap/en_US (templates/login_one_tap.en_US.yaml): buttons[0]: Twilio's whatsapp/authentication has one action, COPY_CODE (https://www.twilio.com/docs/content/whatsappauthentication), and no one-tap or zero-tap autofill: written as a COPY_CODE button without otp_type ONE_TAP, supported_apps (com.example.shop) and autofill_text 'Autofill'");
    assert.match(r.stderr, "tplsync: login_zero_tap/en_US (templates/login_zero_tap.en_US.yaml): buttons[0]: Twilio's whatsapp/authentication has one action, COPY_CODE (https://www.twilio.com/docs/content/whatsappauthentication), and no one-tap or zero-tap autofill: written as a COPY_CODE button without otp_type ZERO_TAP, supported_apps (com.example.shop) and zero_tap_terms_accepted");
    assert.match(r.stderr, /Wrote 2 create requests/);
    const out = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as { content: { types: Record<string, unknown> } }[];
    assert.equal(out.map((x) => x.content.types), [
      { 'whatsapp/authentication': { add_security_recommendation: false, code_expiration_minutes: 5, actions: [{ type: 'COPY_CODE', copy_code_text: 'Copy code' }] } },
      { 'whatsapp/authentication': { add_security_recommendation: true, actions: [{ type: 'COPY_CODE', copy_code_text: 'Copy code' }] } },
    ]);
  } finally { cleanup(dir); }
});

test.run();
