// `export --to twilio` (a new user's trial, K): what WhatsApp takes when sending is a Twilio variable
// in the request, never the review sample written as fixed content every message would carry: a
// COPY_CODE button's code (F7) and a media header's file name (F8, Twilio's own "Using variables"
// card included). Every variable whose number is not the file's (a text header's, a URL's, F4) and
// each of these new ones is said by field (exit 0), as pull says its renumbering. A COPY_CODE action
// has the title Twilio's models require (F11); a catalog, whose id and title no file holds, is
// listed and not exported (F9). What is written reads back (pull --from twilio) as the file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toTwilio, twilioTemplates, twilioToFile } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

type Content = { variables?: Record<string, string>; types: Record<string, Record<string, unknown>> };
const file = (t: Record<string, unknown>) => ({ channel: 'shop', name: 'promo_code', language: 'en', category: 'MARKETING', ...t });
const exportOf = (t: Record<string, unknown>) => toTwilio(fromFile(file(t), 'ch', 'id'));
const contentOf = (r: ReturnType<typeof toTwilio>) => r.request!.content as unknown as Content;
/** the request as `export --to twilio` writes it, read back by pull --from twilio */
const readBack = (request: unknown) => {
  const [item] = twilioTemplates(JSON.parse(JSON.stringify([request])));
  return twilioToFile(item!.value, item!.where, item!.approval);
};
const sameBack = (t: Record<string, unknown>, r: ReturnType<typeof toTwilio>) => {
  const back = readBack(r.request);
  assert.equal(back.issues, []);
  assert.equal(back.leftOut, []);
  assert.equal(fromFile({ channel: 'shop', ...back.value }, 'ch', 'id'), fromFile(file(t), 'ch', 'id'));
  return back;
};

// F7: the trial's promo_code, pulled from Twilio's "code": "{{2}}"
const promo = {
  body: { text: 'Hi {{1}}, here is 25% off your next order.', examples: { 1: 'Ana' } },
  buttons: [{ type: 'COPY_CODE', text: 'Copy code', example: 'SPRING25' }, { type: 'URL', text: 'Shop now', url: 'https://shop.example.com/' }],
};

test('a COPY_CODE button\'s code is a variable with the sample as its value, said by field; it reads back as the file', () => {
  const r = exportOf(promo);
  assert.equal(r.issues, []);
  const content = contentOf(r);
  assert.equal(content.variables, { 1: 'Ana', 2: 'SPRING25' });
  assert.equal(content.types['twilio/call-to-action']!.actions, [{ type: 'COPY_CODE', title: 'Copy code', code: '{{2}}' }, { type: 'URL', title: 'Shop now', url: 'https://shop.example.com/' }]);
  assert.equal(r.numbered?.map((i) => i.field), ['buttons[0].example']);
  assert.match(r.numbered![0]!.message, /the code the button copies \(its sample 'SPRING25'\) is Twilio's \{\{2\}\}/);
  sameBack(promo, r);
  // in a WhatsApp card too (a header and a footer), after a URL's variable
  const card = { header: { format: 'TEXT', text: 'Spring sale' }, body: promo.body, footer: 'Shop Example',
    buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example.com/c/{{1}}', example: 'https://shop.example.com/c/spring' }, { type: 'COPY_CODE', example: 'SPRING25' }] };
  const c = exportOf(card);
  assert.equal(c.issues, []);
  assert.equal(contentOf(c).variables, { 1: 'Ana', 2: 'spring', 3: 'SPRING25' });
  assert.equal((contentOf(c).types['whatsapp/card']!.actions as Record<string, unknown>[])[1], { type: 'COPY_CODE', title: 'Copy offer code', code: '{{3}}' });
  sameBack(card, c);
});

test('a COPY_CODE button without text has the title Twilio requires: WhatsApp\'s own label, read back as no text', () => {
  const t = { body: promo.body, buttons: [{ type: 'COPY_CODE', example: 'SPRING25' }] };
  const r = exportOf(t);
  assert.equal(r.issues, []);
  assert.equal(contentOf(r).types['twilio/call-to-action']!.actions, [{ type: 'COPY_CODE', title: 'Copy offer code', code: '{{2}}' }]);
  const back = sameBack(t, r);
  assert.equal(back.value.buttons, [{ type: 'COPY_CODE', example: 'SPRING25' }]);
});

// F8: the trial's invoice_ready, pulled from Twilio's "media": ["https://cdn.example.com/invoices/{{2}}"]
test('a media header\'s URL varies by its file name, a variable with the sample\'s as its value, said by field; it reads back as the file', () => {
  const invoice = { name: 'invoice_ready', category: 'UTILITY', header: { format: 'DOCUMENT', example: 'https://cdn.example.com/invoices/inv-7731.pdf' }, body: { text: 'Your invoice {{1}} is ready. The PDF is attached.', examples: { 1: 'INV-7731' } } };
  const r = exportOf(invoice);
  assert.equal(r.issues, []);
  assert.equal(contentOf(r).variables, { 1: 'INV-7731', 2: 'inv-7731.pdf' });
  assert.equal(contentOf(r).types, { 'twilio/media': { body: 'Your invoice {{1}} is ready. The PDF is attached.', media: ['https://cdn.example.com/invoices/{{2}}'] } });
  assert.equal(r.numbered?.map((i) => i.field), ['header.example']);
  assert.match(r.numbered![0]!.message, /the media URL's file name \(its sample 'inv-7731\.pdf'\) is Twilio's \{\{2\}\}/);
  const back = sameBack(invoice, r);
  assert.equal(back.renumbered.map((i) => i.field), ['types.twilio/media.media']);
  // a query after the file name is no part of it (trial bh F5: Twilio's variable held 'spring.jpg?ccb=1-7&_nc_sid=...'): the variable
  // is the path's last part and ends the URL, as Twilio's media pages ask; the query is left out, and listed with the sample Twilio submits
  const query = { ...invoice, header: { format: 'IMAGE', example: 'https://cdn.example.com/i/a.png?v=2' } };
  const q = exportOf(query);
  assert.equal(contentOf(q).types['twilio/media']!.media, ['https://cdn.example.com/i/{{2}}']);
  assert.equal(contentOf(q).variables!['2'], 'a.png');
  assert.equal(q.issues.map((i) => [i.field, i.message]), [['header.example', 'written without the sample\'s query \'?v=2\': a Twilio media URL ends with its variable, the file name (\'a.png\'), so the sample Twilio submits for review is https://cdn.example.com/i/a.png: check that it serves the file, or give a sample URL without a query']]);
  assert.match(q.numbered![0]!.message, /the media URL's file name \(its sample 'a\.png'\) is Twilio's \{\{2\}\}/);
  // read back, it is the file without the query
  assert.equal(readBack(q.request).value.header, { format: 'IMAGE', example: 'https://cdn.example.com/i/a.png' });
  // Meta's signed CDN link (what pull --from meta writes from the listing): the variable is its file name; the link said
  const signed = 'https://scontent.whatsapp.net/v/t61.29466-34/spring.jpg?ccb=1-7&_nc_sid=8b1bef&oh=01_Q5AaIAbCdEf&oe=66F2A1B2';
  const m = exportOf({ ...invoice, header: { format: 'IMAGE', example: signed } });
  assert.equal(contentOf(m).types['twilio/media']!.media, ['https://scontent.whatsapp.net/v/t61.29466-34/{{2}}']);
  assert.equal(contentOf(m).variables!['2'], 'spring.jpg');
  assert.match(m.issues[0]!.message, "so the sample Twilio submits for review is https://scontent.whatsapp.net/v/t61.29466-34/spring.jpg, and the file's sample is a signed link of Meta's CDN (scontent.whatsapp.net) whose signature says it expires on 2024-09-24, which serves nothing without its query: host the file at a stable https:// address and give that as the sample");
  // a carousel card's alike
  const cards = { name: 'cards', category: 'MARKETING', body: { text: 'New arrivals for you: swipe.' }, carousel: [0, 1].map((i) => ({ header: { format: 'IMAGE', example: `https://cdn.example.com/c${i}.png#top` }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] })) };
  const c = exportOf(cards);
  assert.equal(contentOf(c).variables, { 1: 'c0.png', 2: 'c1.png' });
  assert.equal(c.issues.map((i) => i.field), ['carousel[0].header.example', 'carousel[1].header.example']);
  assert.match(c.issues[0]!.message, /^written without the sample's fragment '#top'/);
});

test('Twilio\'s own card of its "Using variables" page, pulled and exported: the media URL keeps a variable, the URL button\'s and the media\'s numbers said, each Twilio\'s own', () => {
  const twilio = { sid: 'HX00000000000000000000000000000f21', friendly_name: 'Owl Air elite status card template', language: 'en',
    variables: { 1: 'coupon_code', 2: 'docs', 3: 'library-logo-resource2x.width-1000.png' },
    types: { 'twilio/card': { title: 'Congratulations, you\'ve reached Elite status! Add code {{1}} for 10% off.', subtitle: 'To unsubscribe, reply Stop',
      actions: [{ url: 'https://twilio.com/{{2}}', title: 'Order Online', type: 'URL' }, { phone: '+15555554657', title: 'Call Us', type: 'PHONE_NUMBER' }],
      media: ['https://twilio-cms-prod.s3.amazonaws.com/{{3}}'] } },
    approval_requests: { name: 'owl_air_elite', category: 'MARKETING', content_type: 'twilio/card', status: 'approved' } };
  const [item] = twilioTemplates(twilio);
  const pulled = twilioToFile(item!.value, item!.where, item!.approval);
  assert.equal(pulled.issues, []);
  const t = { ...pulled.value };
  const r = toTwilio(fromFile({ channel: 'shop', ...t }, 'ch', 'id'));
  assert.equal(r.issues, []);
  const content = contentOf(r);
  // Twilio's own numbers come back (trial bh F3): the URL's {{2}}, then the media's file name, which the file has no number for, {{3}}
  assert.equal(content.types['whatsapp/card']!.media, ['https://twilio-cms-prod.s3.amazonaws.com/{{3}}']);
  assert.equal((content.types['whatsapp/card']!.actions as Record<string, unknown>[])[0]!.url, 'https://twilio.com/{{2}}');
  assert.equal(content.variables, twilio.variables);
  assert.equal(r.numbered?.map((i) => i.field), ['header.example', 'buttons[0].url']);
  assert.match(r.numbered![0]!.message, /^the media URL's file name \(its sample 'library-logo-resource2x\.width-1000\.png'\) is Twilio's \{\{3\}\}/);
  // named as send and the generated types name the value (trial av F5): button_0, not the URL's {{1}} (the body's "1" when sending)
  assert.match(r.numbered![1]!.message, /^button_0 \(the URL's \{\{1\}\} in the file\) is Twilio's \{\{2\}\}/);
});

test('a carousel card\'s media varies by its file name; a sample without a file name is listed and not exported (never a fixed sample)', () => {
  const card = (example: string) => ({ header: { format: 'IMAGE', example }, body: { text: 'New in' }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] });
  const t = { body: { text: 'Hi {{1}}, new arrivals for you.', examples: { 1: 'Ana' } }, carousel: [card('https://cdn.example.com/img/runner.png'), card('https://cdn.example.com/img/trail.png')] };
  const r = exportOf(t);
  assert.equal(r.issues, []);
  assert.equal((contentOf(r).types['twilio/carousel']!.cards as { media: string }[]).map((c) => c.media), ['https://cdn.example.com/img/{{2}}', 'https://cdn.example.com/img/{{3}}']);
  assert.equal(contentOf(r).variables, { 1: 'Ana', 2: 'runner.png', 3: 'trail.png' });
  sameBack(t, r);
  const bare = exportOf({ category: 'UTILITY', header: { format: 'IMAGE', example: 'https://cdn.example.com/' }, body: { text: 'Hello there.' } });
  assert.is(bare.request, undefined);
  assert.equal(bare.issues.filter((i) => /not exported/.test(i.message)).map((i) => i.field), ['header.example']);
  assert.match(bare.issues.map((i) => i.message).join('\n'), /no file name after its path's last '\/'/);
});

// F4: the trial's shared_var, pulled from a whatsapp/card whose header and body share Twilio's {{1}}
test('a text header\'s and a URL\'s placeholders take the numbers after the body\'s: each said by field; the body\'s and named ones are not', () => {
  const t = { category: 'UTILITY', header: { format: 'TEXT', text: 'Visit with {{1}}', examples: { 1: 'Dr. Lee' } },
    body: { text: 'Your visit with {{1}} is on {{2}}. See you soon, reply to confirm.', examples: { 1: 'Dr. Lee', 2: 'June 3' } },
    footer: 'Clinic', buttons: [{ type: 'URL', text: 'Directions', url: 'https://clinic.example.com/v/{{1}}', example: 'https://clinic.example.com/v/77' }] };
  const r = exportOf(t);
  assert.equal(r.issues, []);
  assert.equal(contentOf(r).variables, { 1: 'Dr. Lee', 2: 'June 3', 3: 'Dr. Lee', 4: '77' });
  assert.is(contentOf(r).types['whatsapp/card']!.header_text, 'Visit with {{3}}');
  assert.equal(r.numbered?.map((i) => [i.field, i.message.replace(/ \((?!the URL's).*$/, '')]), [['header.text', 'the file\'s {{1}} is Twilio\'s {{3}}'], ['buttons[0].url', 'button_0 (the URL\'s {{1}} in the file) is Twilio\'s {{4}}']]);
  sameBack(t, r);
  const named = exportOf({ category: 'UTILITY', header: { format: 'TEXT', text: 'Visit with {{doctor}}', examples: { doctor: 'Dr. Lee' } }, body: { text: 'Your visit is on {{day}}. Reply to confirm.', examples: { day: 'June 3' } }, footer: 'Clinic' });
  assert.equal(named.issues, []);
  assert.is(named.numbered, undefined);
  assert.is(exportOf({ category: 'UTILITY', body: t.body }).numbered, undefined);
});

// F9: Twilio's twilio/catalog needs the catalog's id and a title, which no file holds
test('a catalog template is listed, naming the id and title Twilio needs, and not exported', () => {
  const r = exportOf({ name: 'spring_catalog', body: { text: 'Hi {{1}}, browse our spring collection.', examples: { 1: 'Ana' } }, footer: 'Free shipping over $50', buttons: [{ type: 'CATALOG', text: 'View catalog' }] });
  assert.is(r.request, undefined);
  assert.equal(r.issues.map((i) => i.field), ['buttons[0]']);
  assert.match(r.issues[0]!.message, /needs the catalog's `id` \(from Meta Commerce Manager\) and a `title`.*not exported/);
});

test('export --to twilio on the command line: the variables said on stderr with exit 0, in the file written; a catalog listed with exit 1', async () => {
  const dir = tempDir('tplsync-twilio-vars-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop: ${CHANNEL_A} }\n`,
      'templates/promo_code.en.yaml': 'channel: shop\nname: promo_code\nlanguage: en\ncategory: MARKETING\nbody:\n  text: Hi {{1}}, here is 25% off your next order.\n  examples: { 1: Ana }\nbuttons:\n  - { type: COPY_CODE, example: SPRING25 }\n',
      'templates/invoice_ready.en_US.yaml': 'channel: shop\nname: invoice_ready\nlanguage: en_US\ncategory: UTILITY\nheader:\n  format: DOCUMENT\n  example: https://cdn.example.com/invoices/inv-7731.pdf\nbody:\n  text: Your invoice {{1}} is ready. The PDF is attached.\n  examples: { 1: INV-7731 }\n',
    });
    const r = await cliIn(['export', '--to', 'twilio', '--out', 'out.json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /invoice_ready\/en_US \(templates\/invoice_ready\.en_US\.yaml\) has other variable numbers in the request than in the file[^\n]*\n  header\.example: the media URL's file name \(its sample 'inv-7731\.pdf'\) is Twilio's \{\{2\}\}/);
    assert.match(r.stderr, /promo_code\/en \(templates\/promo_code\.en\.yaml\) has other variable numbers[^\n]*\n  buttons\[0\]\.example: the code the button copies \(its sample 'SPRING25'\) is Twilio's \{\{2\}\}/);
    const out = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as { content: Content }[];
    assert.equal(out.map((x) => x.content.variables), [{ 1: 'INV-7731', 2: 'inv-7731.pdf' }, { 1: 'Ana', 2: 'SPRING25' }]);
    writeFiles(dir, { 'templates/spring_catalog.en.yaml': 'channel: shop\nname: spring_catalog\nlanguage: en\ncategory: MARKETING\nbody:\n  text: Hi {{1}}, browse our spring collection.\n  examples: { 1: Ana }\nbuttons:\n  - { type: CATALOG, text: View catalog }\n' });
    const cat = await cliIn(['export', '--to', 'twilio', '--out', 'out.json'], { cwd: dir });
    assert.is(cat.exitCode, 1, cat.stderr);
    assert.match(cat.stderr, /spring_catalog\/en \(templates\/spring_catalog\.en\.yaml\): buttons\[0\]: a catalog template: Twilio's twilio\/catalog needs the catalog's `id`/);
    assert.is((JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')) as unknown[]).length, 2);
  } finally { cleanup(dir); }
});

test.run();
