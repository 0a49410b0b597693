// A Twilio round trip (pull --from twilio, export --to twilio) keeps the numbers of the variables the
// resource had (trial bh F3): an app that sends the content by number today sends the same numbers to
// the resource the export re-creates. What the export brings in (a static media URL's file name, a
// static COPY_CODE code, which WhatsApp takes when sending and Twilio varies only through a variable)
// takes numbers after them, said by field with its number.
import './seed.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toTwilio, twilioTemplates, twilioToFile } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

type Rec = Record<string, unknown>;

/** Each variable of a resource's types: the fields (their path under the type, the type's name left out, since the export may pick another) that hold {{key}}. */
function fieldsOf(types: Rec): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const walk = (v: unknown, at: string): void => {
    if (typeof v === 'string') {
      for (const m of v.matchAll(/\{\{([^{}]+)\}\}/g)) out.set(m[1]!, [...(out.get(m[1]!) ?? []), at].sort());
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${at}[${i}]`));
    else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, at ? `${at}.${k}` : k);
  };
  for (const t of Object.values(types)) walk(t, '');
  return out;
}

/** pull --from twilio of the resource (with its approval), then export --to twilio of the file, as the functions the commands run */
function roundTrip(resource: Rec): ReturnType<typeof toTwilio> {
  const [item] = twilioTemplates(JSON.parse(JSON.stringify(resource)));
  const pulled = twilioToFile(item!.value, item!.where, item!.approval);
  assert.equal(pulled.issues, [], JSON.stringify(resource));
  return toTwilio(fromFile({ channel: 'shop', ...pulled.value }, 'ch', 'id'));
}

/** Every variable of the original keeps its number, its fields and its sample; every other one comes after the highest of them. */
function keepsNumbers(original: { variables: Record<string, string>; types: Rec }, r: ReturnType<typeof toTwilio>): void {
  assert.equal(r.issues, []);
  const content = r.request!.content as { variables?: Record<string, string>; types: Rec };
  const before = fieldsOf(original.types), after = fieldsOf(content.types);
  const vars = content.variables ?? {};
  for (const [key, fields] of before) {
    assert.equal(after.get(key), fields, `{{${key}}}: ${JSON.stringify(original)} exported as ${JSON.stringify(content)}`);
    assert.is(vars[key], original.variables[key], `{{${key}}}'s sample`);
  }
  const highest = Math.max(0, ...[...before.keys()].map(Number));
  for (const key of after.keys()) if (!before.has(key)) assert.ok(Number(key) > highest, `{{${key}}} is new and not after {{${highest}}}: ${JSON.stringify(content)}`);
}

// the trial's summer_carousel_tw: static card media, URL actions with {{2}} and {{3}}
const AC = 'ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const carousel = {
  sid: 'HX0000000000000000000000000000a006', account_sid: AC, friendly_name: 'Summer carousel', language: 'en',
  variables: { 1: 'Maria', 2: 'linen-shirt', 3: 'straw-hat' },
  types: { 'twilio/carousel': { body: 'Summer is coming, {{1}}! Pick your look.', cards: [
    { title: 'Linen shirt', body: 'Breathable and light.', media: 'https://cdn.example.com/img/linen.jpg', actions: [{ type: 'URL', title: 'Buy', url: 'https://shop.example.com/p/{{2}}' }, { type: 'QUICK_REPLY', title: 'More like this', id: 'more_linen' }] },
    { title: 'Straw hat', body: 'Shade in style.', media: 'https://cdn.example.com/img/hat.jpg', actions: [{ type: 'URL', title: 'Buy', url: 'https://shop.example.com/p/{{3}}' }, { type: 'QUICK_REPLY', title: 'More like this', id: 'more_hat' }] },
  ] } },
  url: 'https://content.twilio.com/v1/Content/HX0000000000000000000000000000a006', links: {},
};
const approval = { account_sid: AC, sid: carousel.sid, url: `${carousel.url}/ApprovalRequests`, whatsapp: { type: 'whatsapp', status: 'approved', name: 'summer_carousel_tw', category: 'MARKETING', content_type: 'twilio/carousel', rejection_reason: '', allow_category_change: true } };

test('the trial\'s carousel, pulled and exported: the URLs keep {{2}} and {{3}}, the static card media take {{4}} and {{5}}, each said with its number', async () => {
  const dir = tempDir('tplsync-twilio-numbers-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'content.json': JSON.stringify({ contents: [carousel], meta: { page: 0, page_size: 50, url: 'https://content.twilio.com/v1/Content?PageSize=50&Page=0', next_page_url: null, previous_page_url: null, key: 'contents' } }),
      'approvals.json': JSON.stringify([approval]),
    });
    const pulled = await cliIn(['pull', '--from', 'twilio', 'content.json', 'approvals.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    // the card titles, folded into the cards' bodies, and the quick replies' ids: listed
    assert.is(pulled.exitCode, 1, pulled.stderr);
    const exported = await cliIn(['export', '--to', 'twilio', '--out', 'out.json'], { cwd: dir });
    assert.is(exported.exitCode, 0, exported.stderr);
    const [request] = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as { content: { variables: Record<string, string>; types: Record<string, { cards: { media: string; actions: { url?: string }[] }[] }> } }[];
    const content = request!.content;
    // an app that sends {"2": ..., "3": ...} today fills the same buttons
    assert.equal(content.variables, { 1: 'Maria', 2: 'linen-shirt', 3: 'straw-hat', 4: 'linen.jpg', 5: 'hat.jpg' });
    const cards = content.types['twilio/carousel']!.cards;
    assert.equal(cards.map((c) => c.actions[0]!.url), ['https://shop.example.com/p/{{2}}', 'https://shop.example.com/p/{{3}}']);
    assert.equal(cards.map((c) => c.media), ['https://cdn.example.com/img/{{4}}', 'https://cdn.example.com/img/{{5}}']);
    assert.match(exported.stderr, /carousel\[0\]\.buttons\[0\]\.url: card_1\.button_0 \(the URL's \{\{1\}\} in the file\) is Twilio's \{\{2\}\}/);
    assert.match(exported.stderr, /carousel\[1\]\.buttons\[0\]\.url: card_2\.button_0 \(the URL's \{\{1\}\} in the file\) is Twilio's \{\{3\}\}/);
    assert.match(exported.stderr, /carousel\[0\]\.header\.example: the media URL's file name \(its sample 'linen\.jpg'\) is Twilio's \{\{4\}\}[^\n]*after the file's own variables/);
    assert.match(exported.stderr, /carousel\[1\]\.header\.example: the media URL's file name \(its sample 'hat\.jpg'\) is Twilio's \{\{5\}\}/);
    keepsNumbers(carousel, roundTrip({ ...carousel, approval_requests: approval.whatsapp }));
  } finally { cleanup(dir); }
});

test('a static code before a URL\'s variable: the URL keeps its number, the code takes the next', () => {
  const resource = { friendly_name: 'promo', language: 'en', variables: { 1: 'Ana', 2: 'spring' },
    types: { 'twilio/call-to-action': { body: 'Hi {{1}}, 25% off today.', actions: [{ type: 'COPY_CODE', title: 'Copy code', code: 'SPRING25' }, { type: 'URL', title: 'Shop', url: 'https://shop.example.com/c/{{2}}' }] } },
    approval_requests: { name: 'promo', category: 'MARKETING' } };
  const r = roundTrip(resource);
  keepsNumbers(resource, r);
  assert.equal((r.request!.content as { variables: Rec }).variables, { 1: 'Ana', 2: 'spring', 3: 'SPRING25' });
  assert.equal(r.numbered?.map((i) => i.field), ['buttons[0].example', 'buttons[1].url']);
  assert.match(r.numbered![0]!.message, /^the code the button copies \(its sample 'SPRING25'\) is Twilio's \{\{3\}\}/);
});

// Resources numbered as Twilio's pages number them (the body's variables first, then a text header's,
// then each URL's), with static media and static codes the export makes variables
const sample = fc.stringMatching(/^[a-z0-9]{1,8}$/);
const url = fc.record({ variable: fc.boolean(), s: sample });
const resources = fc.record({
  shape: fc.constantFrom('carousel', 'card', 'cta'),
  bodyVars: fc.integer({ min: 0, max: 3 }),
  header: fc.constantFrom('none', 'text', 'static-text', 'media'),
  footer: fc.boolean(),
  cards: fc.array(fc.record({ first: fc.constantFrom('url', 'quick'), second: fc.option(fc.constantFrom('url', 'quick'), { nil: undefined }), a: url, b: url }), { minLength: 2, maxLength: 4 }),
  buttons: fc.shuffledSubarray(['url1', 'url2', 'code', 'phone'] as const, { minLength: 1 }),
  u1: url, u2: url, code: sample, samples: fc.array(sample, { minLength: 4, maxLength: 4 }),
}).map((g) => {
  const variables: Record<string, string> = {};
  let n = 0;
  const v = (s: string) => { n++; variables[String(n)] = `${s}${n}`; return `{{${n}}}`; };
  const words = ['order', 'date', 'place'];
  const body = `Hi there${Array.from({ length: g.bodyVars }, (_, i) => `, your ${words[i]} ${v(g.samples[i]!)}`).join('')}. Thanks for shopping.`;
  const urlAction = (u: { variable: boolean; s: string }, i: number) => ({ type: 'URL', title: `Open ${i}`, url: u.variable ? `https://shop.example.com/p/${v(u.s)}` : `https://shop.example.com/p${i}` });
  const common = { friendly_name: 'Numbers', language: 'en' };
  if (g.shape === 'carousel') {
    const cards = g.cards.map((c, i) => {
      const action = (k: 'url' | 'quick', u: { variable: boolean; s: string }, j: number) => (k === 'url' ? urlAction(u, i * 2 + j) : { type: 'QUICK_REPLY', title: `More ${j}` });
      return { body: `Card ${i} is fresh.`, media: `https://cdn.example.com/img/c${i}.jpg`, actions: [action(c.first, c.a, 0), ...(c.second && c.second !== c.first ? [action(c.second, c.b, 1)] : [])] };
    });
    return { ...common, variables, types: { 'twilio/carousel': { body, cards } }, approval_requests: { name: 'numbers', category: 'MARKETING' } };
  }
  const header = g.shape === 'card' ? (g.header === 'text' ? { header_text: `Your ${v('head')} update` } : g.header === 'static-text' ? { header_text: 'Your update' } : g.header === 'media' ? { media: ['https://cdn.example.com/docs/invoice.pdf'] } : {}) : {};
  const actions = g.buttons.map((b, i) => (b === 'url1' ? urlAction(g.u1, i) : b === 'url2' ? urlAction(g.u2, i) : b === 'code' ? { type: 'COPY_CODE', title: 'Copy code', code: g.code.toUpperCase() } : { type: 'PHONE_NUMBER', title: 'Call', phone: '+15550100999' }));
  if (g.shape === 'cta') return { ...common, variables, types: { 'twilio/call-to-action': { body, actions } }, approval_requests: { name: 'numbers', category: 'UTILITY' } };
  return { ...common, variables, types: { 'whatsapp/card': { ...header, body, ...(g.footer ? { footer: 'Reply STOP to opt out' } : {}), actions } }, approval_requests: { name: 'numbers', category: 'UTILITY' } };
});

test('pulled and exported, every variable a Twilio resource had keeps its number, fields and sample; the ones the export brings in come after', () => {
  fc.assert(fc.property(resources, (resource) => keepsNumbers(resource, roundTrip(resource))), { numRuns: 300 });
});

test.run();
