// Twilio Content API and RCS channels: pull --from twilio into a channel of `kind: rcs` writes the
// type Twilio sends over RCS (twilio/text, twilio/media, twilio/card, twilio/carousel: the pages that
// list RCS) as an RCS-only template, and refuses every other type by name with its reason;
// export --to twilio writes an RCS-only template as that type (never skips it), and pull reads it
// back to the same template. Also: Twilio's own documented carousel (cards with titles) on WhatsApp.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import './seed.ts';
import { rcsToTwilio, twilioToFile, TWILIO_NOT_ON_RCS } from '../src/formats/twilio.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const rcs = (types: Record<string, unknown>, variables?: Record<string, string>) =>
  twilioToFile({ friendly_name: 'spa_booking', language: 'en_GB', ...(variables ? { variables } : {}), types }, '[0]', undefined, { channelKind: 'rcs' });

test('RCS: twilio/text, twilio/media, twilio/card (rich card, chip list) and a twilio/text fallback become an RCS message', () => {
  const text = rcs({ 'twilio/text': { body: 'Your massage with {{1}} is at {{2}}.' } }, { 1: 'Mia', 2: '15:30' });
  assert.equal(text.issues, []);
  assert.equal(text.value, { name: 'spa_booking', language: 'en_GB', message: { type: 'text', message: 'Your massage with {{1}} is at {{2}}.', examples: { 1: 'Mia', 2: '15:30' } } });
  assert.not.ok('category' in text.value);
  const video = rcs({ 'twilio/media': { body: 'A tour of the spa', media: ['https://media.example.org/spa/tour.mp4'] } });
  assert.equal(video.value.message, { type: 'video', message: 'A tour of the spa', fileUrl: 'https://media.example.org/spa/tour.mp4' });
  // TWILIO_PAGES.card's RCS mapping: title, body (subtitle appended), media, QUICK_REPLY / URL / PHONE_NUMBER
  const card = rcs({
    'twilio/card': { title: 'Booking for {{1}}', subtitle: 'Bring a towel', body: 'Room 4', media: ['https://media.example.org/spa/room4.png'], actions: [
      { type: 'QUICK_REPLY', title: 'Confirm', id: 'confirm_booking' }, { type: 'URL', title: 'Directions', url: 'https://spa.example.org/map', webview_size: 'HALF' }, { type: 'PHONE_NUMBER', title: 'Call us', phone: '+442071234567' }] },
    'twilio/text': { body: 'Booking for {{1}}: room 4' },
  }, { 1: 'Mia' });
  assert.equal(card.issues, []);
  assert.equal(card.leftOut, []);
  assert.equal(card.value.message, {
    type: 'rich_card',
    richCards: [{ title: 'Booking for {{1}}', description: 'Room 4\nBring a towel', fileUrl: 'https://media.example.org/spa/room4.png', suggestions: [
      { action: 'reply', text: 'Confirm', postbackData: 'confirm_booking' },
      { action: 'open_url', text: 'Directions', postbackData: 'https://spa.example.org/map', openUrlApplication: 'WEBVIEW', webviewType: 'HALF' },
      { action: 'dial', text: 'Call us', phoneNumber: '+442071234567' }] }],
    rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'MEDIUM' },
    fallback: { text: 'Booking for {{1}}: room 4' },
    examples: { 1: 'Mia' },
  });
  const chips = rcs({ 'twilio/card': { body: 'Still coming?', actions: [{ type: 'QUICK_REPLY', title: 'Yes' }] } });
  assert.equal(chips.value.message, { type: 'text', message: 'Still coming?', suggestions: [{ action: 'reply', text: 'Yes', postbackData: 'Yes' }] });
});

test('RCS: the types Twilio does not send over RCS are refused by name with the reason; actions and variables RCS cannot hold too', () => {
  const refusedTypes: Record<string, unknown> = {
    'twilio/quick-reply': { body: 'Pick', actions: [{ type: 'QUICK_REPLY', title: 'A', id: 'a' }] },
    'twilio/call-to-action': { body: 'Visit', actions: [{ type: 'URL', title: 'Go', url: 'https://spa.example.org' }] },
    'twilio/list-picker': { body: 'Pick a slot', button: 'Slots', items: [{ item: '9:00', id: 's9', description: 'Morning' }] },
    'twilio/location': { latitude: 51.5, longitude: -0.12, label: 'Spa' },
    'twilio/catalog': { id: '1234', title: 'Shop', body: 'Our oils', thumbnail_item_id: 'oil1' },
    'twilio/flows': { body: 'Book', button_text: 'Start', subtitle: 'x', pages: [] },
    'whatsapp/authentication': { add_security_recommendation: true, actions: [{ type: 'COPY_CODE', copy_code_text: 'Copy' }] },
    'whatsapp/card': { body: 'Hi', footer: 'Spa', actions: [{ type: 'QUICK_REPLY', title: 'Ok' }] },
  };
  for (const [type, content] of Object.entries(refusedTypes)) {
    const r = rcs({ [type]: content });
    assert.equal(r.issues.map((i) => i.field), [`types.${type}`], type);
    assert.is(r.issues[0]!.message, TWILIO_NOT_ON_RCS[type], type);
    assert.match(r.issues[0]!.message, new RegExp(`${type}.*(WhatsApp only|WhatsApp and Facebook Messenger only)`));
  }
  // beside an RCS type, they are what Twilio sends elsewhere: listed, the RCS one written
  const both = rcs({ 'twilio/text': { body: 'Hi' }, 'twilio/quick-reply': { body: 'Hi', actions: [{ type: 'QUICK_REPLY', title: 'A' }] } });
  assert.equal(both.issues, []);
  assert.equal(both.leftOut.map((i) => i.field), ['types.twilio/quick-reply']);
  const badCard = rcs({ 'twilio/card': { title: 'Deal', media: ['https://media.example.org/{{1}}'], actions: [{ type: 'COPY_CODE', title: 'Copy', code: 'SPA10' }] } }, { 1: 'a.png' });
  assert.equal(badCard.issues.map((i) => i.field), ['types.twilio/card.media', 'types.twilio/card.actions[0].type']);
});

// Twilio's documented twilio/carousel example (https://www.twilio.com/docs/content/carousel, "Create a carousel template"), typed in from the page
const TWILIO_DOCS_CAROUSEL = {
  friendly_name: 'twilio_deal',
  language: 'en',
  variables: { 1: 'Twilio' },
  types: {
    'twilio/carousel': {
      body: 'New {{1}} merch just dropped! 👀',
      cards: [
        { title: 'Twilio Hoodie', body: 'Warm as owl feathers.', media: 'https://sienna-grasshopper-3262.twil.io/assets/hoodie.jpeg',
          actions: [{ type: 'QUICK_REPLY', title: 'I want it!', id: 'want_hoodie' }, { type: 'URL', title: 'I am taking this!', url: 'https://sienna-grasshopper-3262.twil.io/assets/hoodie.jpeg' }] },
        { title: 'Twilio Tote', body: 'Carry a little more.', media: 'https://sienna-grasshopper-3262.twil.io/assets/tote.jpeg',
          actions: [{ type: 'QUICK_REPLY', title: 'I want it!', id: 'want_tote' }, { type: 'URL', title: 'Take the tote!', url: 'https://sienna-grasshopper-3262.twil.io/assets/tote.jpeg' }] },
        { title: 'Twilio Bucket Hat', body: 'Stay in the shade.', media: 'https://sienna-grasshopper-3262.twil.io/assets/hat.jpeg',
          actions: [{ type: 'QUICK_REPLY', title: 'I want it!', id: 'want_hat' }, { type: 'URL', title: 'Hand me the hat!', url: 'https://sienna-grasshopper-3262.twil.io/assets/hat.jpeg' }] },
      ],
    },
  },
};

test('Twilio\'s documented carousel: on RCS each title is the rich card\'s title; on WhatsApp (no card title) folded into the card\'s body, said', () => {
  const onRcs = twilioToFile(TWILIO_DOCS_CAROUSEL, '(template)', undefined, { channelKind: 'rcs' });
  assert.equal(onRcs.issues, []);
  const m = onRcs.value.message as { message: string; richCards: { title: string; description: string; fileUrl: string; suggestions: unknown[] }[]; rcsRichCardsOpts: unknown };
  assert.is(m.message, 'New {{1}} merch just dropped! 👀');
  assert.equal(m.richCards.map((c) => c.title), ['Twilio Hoodie', 'Twilio Tote', 'Twilio Bucket Hat']);
  assert.equal(m.richCards[2], { title: 'Twilio Bucket Hat', description: 'Stay in the shade.', fileUrl: 'https://sienna-grasshopper-3262.twil.io/assets/hat.jpeg', suggestions: [
    { action: 'reply', text: 'I want it!', postbackData: 'want_hat' }, { action: 'open_url', text: 'Hand me the hat!', postbackData: 'https://sienna-grasshopper-3262.twil.io/assets/hat.jpeg' }] });
  assert.equal(m.rcsRichCardsOpts, { type: 'CAROUSEL', cardWidth: 'MEDIUM', mediaHeight: 'MEDIUM' });
  const onWhatsApp = twilioToFile(TWILIO_DOCS_CAROUSEL, '(template)');
  assert.equal(onWhatsApp.issues, []);
  const cards = onWhatsApp.value.carousel as { body: { text: string } }[];
  assert.equal(cards.map((c) => c.body.text), ['Twilio Hoodie\nWarm as owl feathers.', 'Twilio Tote\nCarry a little more.', 'Twilio Bucket Hat\nStay in the shade.']);
  assert.equal(onWhatsApp.leftOut.filter((i) => i.field.endsWith('.title')).map((i) => i.field), [0, 1, 2].map((i) => `types.twilio/carousel.cards[${i}].title`));
  assert.match(onWhatsApp.leftOut[0]!.message, /no title.*folds it into the card's body as its first line/);
});

test('WhatsApp: list-picker, location, flows, authentication, catalog: each imported or refused by name', () => {
  const wa = (types: Record<string, unknown>) => twilioToFile({ friendly_name: 'spa_x', language: 'en', types }, '[0]');
  for (const type of ['twilio/list-picker', 'twilio/location', 'twilio/flows']) {
    const r = wa({ [type]: { body: 'x' } });
    assert.ok(r.issues.some((i) => i.field === 'types' && i.message.includes(type)), type);
  }
  assert.equal(wa({ 'whatsapp/authentication': { add_security_recommendation: true, actions: [{ type: 'COPY_CODE', copy_code_text: 'Copy code' }] } }).issues, []);
  const cat = wa({ 'twilio/catalog': { id: '998877', title: 'Oils', body: 'Our oils', subtitle: 'Spa shop' } });
  assert.equal(cat.issues, []);
  assert.ok(cat.leftOut.some((i) => i.field === 'types.twilio/catalog.id'));
});

test('export of RCS-only templates: the Twilio type that sends each over RCS, pull reads back the same template; what Twilio cannot send is refused by name', () => {
  const files: Record<string, unknown>[] = [
    { name: 'spa_text', language: 'en_GB', message: { type: 'text', message: 'See you at {{time}}', examples: { time: '10:00' } } },
    { name: 'spa_chips', language: 'en_GB', message: { type: 'text', message: 'Rate your visit', suggestions: [{ action: 'reply', text: 'Great', postbackData: 'rate_5' }, { action: 'open_url', text: 'Review', postbackData: 'https://spa.example.org/review' }], fallback: { text: 'Rate your visit: spa.example.org/review' } } },
    { name: 'spa_file', language: 'en_GB', message: { type: 'file', message: 'Your invoice', fileUrl: 'https://media.example.org/inv/2211.pdf' } },
    { name: 'spa_card', language: 'en_GB', message: { type: 'rich_card', richCards: [{ title: 'Sauna night', description: 'Friday 20:00', fileUrl: 'https://media.example.org/sauna.jpg', suggestions: [{ action: 'dial', text: 'Book', phoneNumber: '+442079460000' }] }], rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'MEDIUM' } } },
    { name: 'spa_offers', language: 'en_GB', message: { type: 'rich_card', message: 'Offers for {{name}}', examples: { name: 'Mia' }, richCards: [
      { title: 'Oils', description: '20% off', fileUrl: 'https://media.example.org/oil.jpg', suggestions: [{ action: 'reply', text: 'Want', postbackData: 'oil' }] },
      { title: 'Towels', description: '2 for 1', fileUrl: 'https://media.example.org/towel.jpg', suggestions: [{ action: 'open_url', text: 'Shop', postbackData: 'https://spa.example.org/towels' }] }], rcsRichCardsOpts: { type: 'CAROUSEL', cardWidth: 'MEDIUM', mediaHeight: 'MEDIUM' } } },
  ];
  for (const f of files) {
    const r = rcsToTwilio(f);
    assert.equal(r.issues, [], String(f.name));
    assert.not.ok('approval' in r.request!, String(f.name));
    const back = twilioToFile(r.request!.content, '[0]', undefined, { channelKind: 'rcs' });
    assert.equal(back.issues, [], String(f.name));
    assert.equal(back.value, f, String(f.name));
  }
  assert.equal(Object.keys((rcsToTwilio(files[1]!).request!.content.types as object)), ['twilio/card', 'twilio/text']);
  const refused = rcsToTwilio({ name: 'spa_where', language: 'en', message: { type: 'text', message: 'Find us', suggestions: [{ action: 'view_location', text: 'Map', query: 'Spa London' }] } });
  assert.is(refused.request, undefined);
  assert.equal(refused.issues.map((i) => i.field), ['message.suggestions[0].action']);
  assert.match(refused.issues[0]!.message, /view_location suggestion: .*not exported$/);
});

test('CLI: pull --from twilio into an RCS channel, lint clean; export --to twilio and pull back: the same files; refused types named', async () => {
  const dir = tempDir('tplsync-twilio-rcs-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nchannels: { spa-rcs: { kind: rcs } }\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { spa-rcs: 5d2c7a10-3f4e-4b8a-9c1d-2e3f4a5b6c7d }\n',
      'listing.json': JSON.stringify({ contents: [
        { sid: 'HX1', friendly_name: 'spa_hello', language: 'en', variables: { 1: 'Mia' }, types: { 'twilio/text': { body: 'Hello {{1}}, welcome to the spa.' } } },
        { sid: 'HX2', friendly_name: 'spa_photo', language: 'en', types: { 'twilio/media': { body: 'Our new pool', media: ['https://media.example.org/pool.webp'] } } },
        { sid: 'HX3', friendly_name: 'spa_card', language: 'en', types: { 'twilio/card': { title: 'Yoga at 7', body: 'Mats provided', media: ['https://media.example.org/yoga.jpg'], actions: [{ type: 'QUICK_REPLY', title: 'Join', id: 'join_yoga' }] } } },
        { sid: 'HX4', friendly_name: 'spa_carousel', language: 'en', types: { 'twilio/carousel': { body: 'This week', cards: [
          { title: 'Mon', body: 'Pilates', media: 'https://media.example.org/mon.jpg', actions: [{ type: 'QUICK_REPLY', title: 'Book Mon', id: 'mon' }] },
          { title: 'Tue', body: 'Sauna', media: 'https://media.example.org/tue.jpg', actions: [{ type: 'URL', title: 'Details', url: 'https://spa.example.org/tue' }] }] } } },
        { sid: 'HX5', friendly_name: 'spa_menu', language: 'en', types: { 'twilio/quick-reply': { body: 'Pick', actions: [{ type: 'QUICK_REPLY', title: 'Spa' }] } } },
      ], meta: { next_page_url: null } }),
    });
    const pulled = await cliIn(['pull', '--from', 'twilio', 'listing.json', '--channel', 'spa-rcs'], { cwd: dir });
    assert.is(pulled.exitCode, 1, pulled.stderr);
    assert.match(pulled.stderr, /spa_menu\/en [^\n]*cannot be written[^\n]*\n  types\.twilio\/quick-reply: Twilio documents twilio\/quick-reply for WhatsApp and Facebook Messenger only/);
    assert.equal(readdirSync(path.join(dir, 'templates')).sort(), ['spa_card.en.yaml', 'spa_carousel.en.yaml', 'spa_hello.en.yaml', 'spa_photo.en.yaml']);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    const ex = await cliIn(['export', '--to', 'twilio', '--out', 'twilio.json'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    assert.is((JSON.parse(readFileSync(path.join(dir, 'twilio.json'), 'utf8')) as unknown[]).length, 4);
    const back = await cliIn(['pull', '--from', 'twilio', 'twilio.json', '--channel', 'spa-rcs', '--dir', 'back', '--force'], { cwd: dir });
    assert.is(back.exitCode, 0, back.stderr);
    const strip = (t: string) => t.split('\n').filter((l) => !l.startsWith('#')).join('\n');
    for (const f of readdirSync(path.join(dir, 'templates'))) assert.is(strip(readFileSync(path.join(dir, 'back', f), 'utf8')), strip(readFileSync(path.join(dir, 'templates', f), 'utf8')), f);
  } finally { cleanup(dir); }
});

test('rcsToTwilio: friendly_name is the name pull reads back; a description is noted as left out (format.md), not an issue; none said without one', () => {
  const file = { name: 'parcel_ready', language: 'fr', channel: 'rbm', description: 'Pickup notice for lockers', message: { type: 'text', message: 'Votre colis {{1}} est prêt.', examples: { 1: 'A12' } } };
  const r = rcsToTwilio(file);
  const content = (r.request as { content: { friendly_name: string } }).content;
  assert.is(content.friendly_name, 'parcel_ready');
  assert.ok(!JSON.stringify(r.request).includes('Pickup notice'));
  // trial-ax F1: tplsync's own, as --to meta notes it: not a finding (exit 0 for a lint-clean file)
  assert.equal(r.issues, []);
  const said = (r.notes ?? []).filter((i) => i.field === 'description');
  assert.is(said.length, 1);
  assert.match(said[0]!.message, /not in Twilio's resource, whose friendly_name holds the template's name on RCS[^;]*; the description is tplsync's own/);
  const { description: _d, ...bare } = file;
  assert.equal(rcsToTwilio(bare).notes ?? [], []);
  const doc = readFileSync(path.join(import.meta.dirname, '..', 'docs', 'format.md'), 'utf8');
  assert.match(doc, /for RCS, `friendly_name` is the template's name[^|]*description is noted and left out/);
});

test.run();
