// Seeded property: a template file exported as Twilio's Content create request (toTwilio) and read
// back by the pull-from-Twilio mapping gives the same canonical template, for every kind Twilio can
// carry: text, media, quick reply, call to action, WhatsApp card (text or media header, footer,
// mixed buttons), carousel and copy-code authentication; named and numbered placeholders. What
// WhatsApp takes when sending is a Twilio variable in the request, never the sample as fixed
// content: a COPY_CODE button's code, a media header's file name (a catalog is not exported:
// twilio-export-variables.test.ts).
import './seed.ts';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toTwilio, twilioTemplates, twilioToFile } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';

const sample = fc.stringMatching(/^[A-Za-z0-9]{1,10}$/);
const MEDIA: Record<string, string> = { IMAGE: 'm.png', VIDEO: 'm.mp4', DOCUMENT: 'm.pdf' };
/** a media sample under a folder or none (one with a query after its file name comes back without it, listed: twilio-export-variables.test.ts) */
const where = fc.record({ dir: fc.constantFrom('', 'img/', 'a/b-c/'), query: fc.constant('') });
const mediaUrl = (file: string, w: { dir: string; query: string }) => `https://cdn.example.com/${w.dir}${file}${w.query}`;
const url = (withPlaceholder: boolean, s: string) => (withPlaceholder
  ? { type: 'URL', text: 'Open', url: 'https://shop.example.com/o/{{1}}', example: `https://shop.example.com/o/${s}` }
  : { type: 'URL', text: 'Open', url: 'https://shop.example.com/orders' });
const BUTTONS = ['none', 'quick', 'cta', 'mixed'] as const;

const plain = fc.record({
  id: fc.nat(1_000_000),
  kind: fc.constantFrom('text', 'media', 'quick', 'cta', 'card'),
  named: fc.boolean(),
  header: fc.constantFrom(undefined, 'TEXT', 'IMAGE', 'VIDEO', 'DOCUMENT'),
  footer: fc.option(fc.constantFrom('Reply STOP to opt out', 'Thanks'), { nil: undefined }),
  buttons: fc.constantFrom(...BUTTONS),
  urlPlaceholder: fc.boolean(),
  copyText: fc.boolean(),
  category: fc.constantFrom('UTILITY', 'MARKETING'),
  language: fc.constantFrom('en', 'en_US', 'pt_BR'),
  s1: sample, s2: sample, s3: sample, code: sample, where,
}).map((g) => {
  const quick = [{ type: 'QUICK_REPLY', text: 'Yes' }, { type: 'QUICK_REPLY', text: 'No' }];
  const cta = [url(g.urlPlaceholder, g.s3), { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+4930123456' }, { type: 'COPY_CODE', ...(g.copyText ? { text: 'Copy' } : {}), example: g.code }];
  // the kinds of Twilio's types first (text, media, quick reply, call to action), then any combination (a WhatsApp card)
  const kind = g.kind;
  const header = kind === 'card' ? g.header : kind === 'media' ? (g.header === 'TEXT' || !g.header ? 'IMAGE' : g.header) : undefined;
  const footer = kind === 'card' ? g.footer : undefined;
  const pick = kind === 'quick' ? 'quick' : kind === 'cta' ? 'cta' : kind === 'card' ? g.buttons : 'none';
  const buttons = pick === 'quick' ? quick : pick === 'cta' ? cta : pick === 'mixed' ? [quick[0]!, cta[0]!] : [];
  Object.assign(g, { header, footer });
  return {
    channel: 'shop-whatsapp', name: `plain_${g.id}`, language: g.language, category: g.category,
    ...(g.header === 'TEXT' ? { header: { format: 'TEXT', text: g.named ? 'Hello {{who}} there' : 'Hello {{1}} there', examples: { [g.named ? 'who' : '1']: g.s1 } } }
      : g.header ? { header: { format: g.header, example: mediaUrl(MEDIA[g.header]!, g.where) } } : {}),
    body: g.named ? { text: 'Order {{order_id}} for {{name}} ships today.', examples: { order_id: g.s2, name: 'Ana' } } : { text: 'Order {{1}} for {{2}} ships today.', examples: { 1: g.s2, 2: 'Ana' } },
    ...(g.footer ? { footer: g.footer } : {}),
    ...(buttons.length ? { buttons } : {}),
  };
});

const carousel = fc.record({
  id: fc.nat(1_000_000),
  cards: fc.integer({ min: 2, max: 10 }),
  format: fc.constantFrom('IMAGE', 'VIDEO'),
  withBody: fc.boolean(),
  buttons: fc.constantFrom(['QUICK_REPLY'], ['URL'], ['PHONE_NUMBER'], ['QUICK_REPLY', 'URL'], ['URL', 'PHONE_NUMBER']),
  urlPlaceholder: fc.boolean(),
  named: fc.boolean(),
  samples: fc.array(sample, { minLength: 10, maxLength: 10 }),
  where,
}).map((g) => ({
  channel: 'shop-whatsapp', name: `carousel_${g.id}`, language: 'en_US', category: 'MARKETING',
  body: g.named ? { text: 'New arrivals for you, {{first_name}}: swipe.', examples: { first_name: 'Ana' } } : { text: 'New arrivals for you, {{1}}: swipe.', examples: { 1: 'Ana' } },
  carousel: Array.from({ length: g.cards }, (_, i) => ({
    header: { format: g.format, example: mediaUrl(`c${i}.${g.format === 'IMAGE' ? 'png' : 'mp4'}`, g.where) },
    ...(g.withBody ? { body: { text: `Card ${i} is fresh.` } } : {}),
    buttons: g.buttons.map((t) => (t === 'QUICK_REPLY' ? { type: t, text: 'Tell me more' } : t === 'PHONE_NUMBER' ? { type: t, text: 'Call us', phone_number: '+4930123456' } : url(g.urlPlaceholder, g.samples[i]!))),
  })),
}));

const authentication = fc.record({
  id: fc.nat(1_000_000),
  security: fc.option(fc.boolean(), { nil: undefined }),
  expiry: fc.option(fc.integer({ min: 1, max: 90 }), { nil: undefined }),
  label: fc.option(fc.constantFrom('Copy code', 'Copy verification code'), { nil: undefined }),
}).map((g) => ({
  channel: 'shop-whatsapp', name: `auth_${g.id}`, language: 'en', category: 'AUTHENTICATION',
  body: g.security !== undefined ? { add_security_recommendation: g.security } : {},
  ...(g.expiry !== undefined ? { footer: { code_expiration_minutes: g.expiry } } : {}),
  buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', ...(g.label ? { text: g.label } : {}) }],
}));

/**
 * Every COPY_CODE code and media URL of the request is a variable with its sample (else Twilio would
 * send the sample to everyone), and every action but the authentication's has the title Twilio's
 * models require.
 */
function sendTimeIsVariable(content: Record<string, unknown>): void {
  const vars = (content.variables ?? {}) as Record<string, string>;
  const variable = (s: string, what: string) => {
    const m = /\{\{([0-9]+)\}\}/.exec(s);
    assert.ok(m && vars[m[1]!], `${what} '${s}' is no variable with a sample: ${JSON.stringify(content)}`);
  };
  const walk = (v: unknown, key: string, inAuth: boolean): void => {
    if (Array.isArray(v)) { for (const x of v) walk(x, key, inAuth); return; }
    if (typeof v !== 'object' || v === null) {
      if (key === 'media' && typeof v === 'string') variable(v, 'the media URL');
      return;
    }
    const o = v as Record<string, unknown>;
    if (o.type === 'COPY_CODE' && !inAuth) { variable(String(o.code), 'the code'); assert.type(o.title, 'string'); }
    for (const [k, x] of Object.entries(o)) walk(x, k, inAuth || k === 'whatsapp/authentication');
  };
  walk(content.types, 'types', false);
}

test('pull-from-twilio(export-to-twilio(file)) is the canonical template of the file, every kind Twilio carries', () => {
  fc.assert(fc.property(fc.oneof(plain, carousel, authentication), (file) => {
    const c = fromFile(file, 'ch', 'id');
    const exported = toTwilio(c);
    assert.equal(exported.issues, []);
    assert.ok(exported.request);
    sendTimeIsVariable(exported.request.content);
    // JSON on the way, as the file `export --to twilio` writes carries it
    const [item] = twilioTemplates(JSON.parse(JSON.stringify([exported.request])));
    const back = twilioToFile(item!.value, item!.where, item!.approval);
    assert.equal(back.issues, []);
    assert.equal(back.leftOut, []);
    assert.equal(fromFile({ channel: file.channel, ...back.value }, 'ch', 'id'), c);
  }), { numRuns: 400 });
});

test.run();
