// fast-check generators of template files of the kinds of FORMAT 1.1: media card carousels,
// limited-time offers and authentication templates. Every generated file is meant to lint clean
// (the property tests check that too), so that it can be applied and reviewed.
import fc from 'fast-check';

const word = fc.constantFrom('fresh', 'linen', 'summer', 'classic', 'light', 'warm', 'new', 'soft', 'bright', 'calm');
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '));
const sampleValue = fc.stringMatching(/^[A-Za-z0-9€]{1,12}$/);
const label = fc.stringMatching(/^[A-Z][a-z]{2,10}( [a-z]{2,8})?$/);

/** "Intro {{1}} words {{2}} words." with n numbered placeholders (text between and around them). */
function numberedText(n: number, lead: string): fc.Arbitrary<{ text: string; examples: Record<string, string> }> {
  return fc.tuple(fc.array(words(1, 3), { minLength: n + 1, maxLength: n + 1 }), fc.array(sampleValue, { minLength: n, maxLength: n }))
    .map(([gaps, values]) => {
      let text = `${lead} ${gaps[0]}`;
      for (let i = 1; i <= n; i++) text += ` {{${i}}} ${gaps[i]}`;
      return { text: `${text}.`, examples: Object.fromEntries(values.map((v, i) => [String(i + 1), v])) };
    });
}

// [] : a card without buttons (Meta: a card "can optionally include a body text and up to two buttons")
const CARD_BUTTON_SETS: readonly (readonly string[])[] = [[], ['QUICK_REPLY'], ['URL'], ['PHONE_NUMBER'], ['QUICK_REPLY', 'URL'], ['URL', 'QUICK_REPLY'], ['QUICK_REPLY', 'PHONE_NUMBER'], ['URL', 'PHONE_NUMBER'], ['QUICK_REPLY', 'QUICK_REPLY']];

function cardButton(type: string, i: number, withPlaceholder: boolean): Record<string, unknown> {
  if (type === 'QUICK_REPLY') return { type, text: i === 0 ? 'Tell me more' : 'Not for me' };
  if (type === 'PHONE_NUMBER') return { type, text: 'Call us', phone_number: '+4930123456' };
  return withPlaceholder
    ? { type, text: 'Buy', url: 'https://shop.example.com/p/{{1}}', example: 'https://shop.example.com/p/sample' }
    : { type, text: 'Buy', url: 'https://shop.example.com/shop' };
}

export const carouselTemplate = fc.record({
  id: fc.nat(1_000_000),
  cards: fc.integer({ min: 2, max: 10 }),
  format: fc.constantFrom('IMAGE', 'VIDEO'),
  withBody: fc.boolean(),
  placeholders: fc.integer({ min: 0, max: 2 }),
  buttons: fc.constantFrom(...CARD_BUTTON_SETS),
  urlPlaceholder: fc.boolean(),
  named: fc.boolean(),
  bodies: fc.array(numberedText(2, 'Card'), { minLength: 10, maxLength: 10 }),
}).map((g) => {
  const carousel = Array.from({ length: g.cards }, (_, i) => {
    const b = g.bodies[i]!;
    // keep the card's first `placeholders` placeholders
    const text = g.placeholders === 2 ? b.text : g.placeholders === 1 ? b.text.replace(/ \{\{2\}\}/, '') : b.text.replace(/ \{\{[12]\}\}/g, '');
    const kept = Object.entries(b.examples).filter(([k]) => Number(k) <= g.placeholders);
    // one parameter format for the bubble and the cards (Meta's parameter_format): named cards beside a named bubble
    const NAMES = ['price', 'size'];
    const examples = Object.fromEntries(g.named ? kept.map(([k, v]) => [NAMES[Number(k) - 1]!, v]) : kept);
    const cardText = g.named ? text.replace(/\{\{([12])\}\}/g, (_m, n: string) => `{{${NAMES[Number(n) - 1]}}}`) : text;
    return {
      header: { format: g.format, example: `https://cdn.example.com/c${i}.${g.format === 'IMAGE' ? 'png' : 'mp4'}` },
      ...(g.withBody ? { body: { text: cardText, ...(Object.keys(examples).length ? { examples } : {}) } } : {}),
      ...(g.buttons.length ? { buttons: g.buttons.map((t, k) => cardButton(t, k, g.urlPlaceholder)) } : {}),
    };
  });
  return {
    channel: 'shop-whatsapp', name: `carousel_${g.id}`, language: 'en_US', category: 'MARKETING',
    body: g.named
      ? { text: 'New arrivals for you, {{first_name}}: swipe to see them.', examples: { first_name: 'Ana' } }
      : { text: 'New arrivals for you, {{1}}: swipe to see them.', examples: { 1: 'Ana' } },
    carousel,
  };
});

export const offerTemplate = fc.record({
  id: fc.nat(1_000_000),
  text: fc.stringMatching(/^[A-Z][A-Za-z!]{0,7}( [A-Za-z!]{1,7})?$/),
  hasExpiration: fc.option(fc.boolean(), { nil: undefined }),
  header: fc.constantFrom(undefined, 'IMAGE', 'VIDEO'),
  body: numberedText(2, 'Good news'),
  code: fc.stringMatching(/^[A-Z0-9]{4,15}$/),
  copyCode: fc.boolean(),
  description: fc.option(words(1, 4), { nil: undefined }),
}).map((g) => {
  const withCode = g.hasExpiration === true || g.copyCode;
  return {
    channel: 'shop-whatsapp', name: `offer_${g.id}`, language: 'en_US', category: 'MARKETING',
    ...(g.description ? { description: g.description } : {}),
    ...(g.header ? { header: { format: g.header, example: `https://cdn.example.com/offer.${g.header === 'IMAGE' ? 'png' : 'mp4'}` } } : {}),
    limited_time_offer: { text: g.text, ...(g.hasExpiration !== undefined ? { has_expiration: g.hasExpiration } : {}) },
    body: g.body,
    buttons: [
      ...(withCode ? [{ type: 'COPY_CODE', example: g.code }] : []),
      { type: 'URL', text: 'Book now!', url: 'https://travel.example.com/offers?code={{1}}', example: `https://travel.example.com/offers?code=${g.code}` },
    ],
  };
});

const app = fc.record({
  package_name: fc.stringMatching(/^[a-z]{2,8}(\.[a-z][a-z0-9_]{0,10}){1,3}$/),
  signature_hash: fc.stringMatching(/^[A-Za-z0-9+/]{11}$/),
});

export const authenticationTemplate = fc.record({
  id: fc.nat(1_000_000),
  language: fc.constantFrom('en_US', 'en', 'de', 'pt_BR'),
  custom: fc.boolean(),
  security: fc.option(fc.boolean(), { nil: undefined }),
  expiry: fc.option(fc.integer({ min: 1, max: 90 }), { nil: undefined }),
  ttl: fc.option(fc.integer({ min: 30, max: 900 }), { nil: undefined }),
  otp: fc.constantFrom('COPY_CODE', 'ONE_TAP', 'ZERO_TAP'),
  label: fc.option(label, { nil: undefined }),
  autofill: fc.option(label, { nil: undefined }),
  apps: fc.array(app, { minLength: 1, maxLength: 5 }),
}).map((g) => ({
  channel: 'shop-whatsapp', name: `auth_${g.id}`, language: g.language, category: 'AUTHENTICATION',
  ...(g.ttl !== undefined ? { message_send_ttl_seconds: g.ttl } : {}),
  body: g.custom
    ? { text: '{{1}} is your verification code. For your security, do not share this code.', examples: { 1: '482913' } }
    : (g.security !== undefined ? { add_security_recommendation: g.security } : {}),
  ...(!g.custom && g.expiry !== undefined ? { footer: { code_expiration_minutes: g.expiry } } : {}),
  buttons: [{
    type: 'OTP', otp_type: g.otp,
    ...(g.label ? { text: g.label } : {}),
    ...(g.otp !== 'COPY_CODE' && g.autofill ? { autofill_text: g.autofill } : {}),
    ...(g.otp !== 'COPY_CODE' ? { supported_apps: g.apps } : {}),
    ...(g.otp === 'ZERO_TAP' ? { zero_tap_terms_accepted: true } : {}),
  }],
}));
