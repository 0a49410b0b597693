// pull --force over a file of the template keeps the file's comments at every depth (pure, in-process):
// a comment in the body, on a button or on a card stays where its value still is, when a value
// beside it changed on the channel; a value that is gone takes its comment with it.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { keepComments } from '../src/pull/keep-comments.ts';

const BEFORE = `# owned by the fulfilment team
channel: wa
name: order_update
language: en_US
category: UTILITY
body:
  # legal signed this wording off in March
  text: "Hi {{first_name}}, order {{order_id}} ships today." # keep the greeting short
  examples: { first_name: Ana, order_id: A-1042 }
buttons:
  # the tracking page, not the shop
  - type: URL
    text: Track order # 25 characters at most
    url: https://shop.example.com/t/{{1}}
    example: https://shop.example.com/t/A-1042
  - type: QUICK_REPLY
    text: Stop updates # opt-out, required by legal
`;

test('a value changed inside body and buttons: the comments beside it stay', () => {
  const written = BEFORE.replace(/#.*$/gm, '').replace('ships today', 'ships tomorrow').replace('Track order', 'Track my order');
  const out = keepComments(BEFORE, written);
  for (const c of ['# legal signed this wording off in March', '# keep the greeting short', '# the tracking page, not the shop', '# 25 characters at most', '# opt-out, required by legal', '# owned by the fulfilment team']) assert.ok(out.includes(c), `${c} lost:\n${out}`);
  const v = parse(out);
  assert.is(v.body.text, 'Hi {{first_name}}, order {{order_id}} ships tomorrow.');
  assert.is(v.buttons[0].text, 'Track my order');
  assert.equal(v, parse(written));
  // the comment stays on its own value, not on a neighbour
  assert.match(out, /text: "?Track my order"? # 25 characters at most/);
  assert.match(out, /ships tomorrow\."? # keep the greeting short/);
});

test('a button removed on the channel takes its comment; the other button keeps its own', () => {
  const written = BEFORE.replace(/#.*$/gm, '').replace(/  - type: QUICK_REPLY\n    text: Stop updates *\n/, '');
  const out = keepComments(BEFORE, written);
  assert.equal(parse(out), parse(written));
  assert.not.ok(out.includes('opt-out, required by legal'), out);
  assert.ok(out.includes('# 25 characters at most'), out);
});

test('a button added on the channel: the unchanged ones keep their comments, the new one is written', () => {
  const written = BEFORE.replace(/#.*$/gm, '') + '  - type: QUICK_REPLY\n    text: Talk to us\n';
  const out = keepComments(BEFORE, written);
  assert.equal(parse(out), parse(written));
  for (const c of ['# 25 characters at most', '# opt-out, required by legal']) assert.ok(out.includes(c), out);
});

const CARDS = `channel: rcs
name: spring_sale
language: en_US
message:
  type: rich_card
  richCards:
    # first card: shoes
    - title: Running shoes
      description: Light and fast
      fileUrl: https://cdn.example.com/shoes.png
    # second card: jackets
    - title: Rain jackets
      description: Dry all spring
      fileUrl: https://cdn.example.com/jackets.png
  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM }
`;

test('a card removed on the channel and another appended: each comment stays with its own card, the removed one\'s goes', () => {
  const written = CARDS.replace(/ *#.*\n/g, '').replace(/    - title: Running shoes\n.*\n.*\n/, '').replace('  rcsRichCardsOpts', '    - title: Umbrellas\n      description: For April\n      fileUrl: https://cdn.example.com/umbrellas.png\n  rcsRichCardsOpts');
  const out = keepComments(CARDS, written);
  assert.equal(parse(out), parse(written));
  assert.not.ok(out.includes('# first card: shoes'), out);
  assert.match(out, /# second card: jackets\n\s+- title: Rain jackets/);
  assert.not.match(out, /#[^\n]*\n\s+- title: Umbrellas/);
});

test('the first of two buttons removed: the remaining one keeps its own comment; a changed card keeps its comment wherever it now stands', () => {
  const written = BEFORE.replace(/#.*$/gm, '').replace(/  - type: URL\n(    .*\n){3}/, '');
  const out = keepComments(BEFORE, written);
  assert.equal(parse(out), parse(written));
  assert.not.ok(out.includes('# the tracking page, not the shop'), out);
  assert.match(out, /text: Stop updates # opt-out, required by legal/);
  // the first card removed and the second reworded: its comment stays on it
  const reworded = CARDS.replace(/ *#.*\n/g, '').replace(/    - title: Running shoes\n.*\n.*\n/, '').replace('Dry all spring', 'Dry all year');
  const cards = keepComments(CARDS, reworded);
  assert.equal(parse(cards), parse(reworded));
  assert.match(cards, /# second card: jackets\n\s+- title: Rain jackets\n\s+description: Dry all year/);
  assert.not.ok(cards.includes('# first card'), cards);
});

test('one button removed and another changed in the same pull: each comment stays with its own button', () => {
  const three = 'channel: wa\nname: opt\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Pick one."\nbuttons:\n  # A comment\n  - type: QUICK_REPLY\n    text: Alpha\n  # B comment\n  - type: QUICK_REPLY\n    text: Bravo\n  # C comment\n  - type: QUICK_REPLY\n    text: Charlie\n';
  const written = three.replace(/ *#.*\n/g, '').replace('  - type: QUICK_REPLY\n    text: Bravo\n', '').replace('text: Charlie', 'text: Charlie two');
  const out = keepComments(three, written);
  assert.equal(parse(out), parse(written));
  assert.match(out, /# A comment\n\s+- type: QUICK_REPLY\n\s+text: Alpha/);
  assert.match(out, /# C comment\n\s+- type: QUICK_REPLY\n\s+text: Charlie two/);
  assert.not.ok(out.includes('# B comment'), out);
});

const CAROUSEL = `channel: wa
name: new_arrivals
language: en_US
category: MARKETING
description: Spring arrivals
body:
  text: "New in for spring, {{1}}."
  examples: { 1: 4711 }
carousel:
  - header: { format: IMAGE, example: https://cdn.example.com/a.jpg }
    body: { text: Linen shirts }
    buttons: &buy_buttons # the same two on every card
      - { type: QUICK_REPLY, text: Buy now }
      - { type: QUICK_REPLY, text: Not for me }
  - header: { format: IMAGE, example: https://cdn.example.com/b.jpg }
    body: { text: Canvas shoes }
    buttons: *buy_buttons
`;

test('only the description changed on the channel: a number sample and an alias stay as the file writes them', () => {
  const written = JSON.parse(JSON.stringify(parse(CAROUSEL)));
  written.description = 'Spring arrivals, week 2';
  written.body.examples[1] = '4711';
  const out = keepComments(CAROUSEL, JSON.stringify(written));
  assert.equal(parse(out), { ...written, body: { ...written.body, examples: { 1: 4711 } } });
  // (the yaml library writes the comment after an anchor of a list on a line of its own)
  assert.is(out.replace(/\s+/g, ' '), CAROUSEL.replace('description: Spring arrivals', 'description: "Spring arrivals, week 2"').replace('&buy_buttons # the same two on every card', '# the same two on every card &buy_buttons').replace(/\s+/g, ' '));
});

test('the anchored buttons changed on the channel and the aliased ones did not: the alias is written out with its old value', () => {
  const written = JSON.parse(JSON.stringify(parse(CAROUSEL)));
  written.carousel[0].buttons[0].text = 'Buy it now';
  const out = keepComments(CAROUSEL, JSON.stringify(written));
  assert.equal(parse(out), written);
  assert.match(out, '&buy_buttons');
  assert.not.match(out, '*buy_buttons');
  // both changed alike: each says what the channel has
  const both = JSON.parse(JSON.stringify(parse(CAROUSEL)));
  both.carousel[0].buttons[1].text = 'Maybe later';
  both.carousel[1].buttons[1].text = 'Maybe later';
  assert.equal(parse(keepComments(CAROUSEL, JSON.stringify(both))), both);
  // the aliased buttons changed, the anchored ones did not
  const second = JSON.parse(JSON.stringify(parse(CAROUSEL)));
  second.carousel[1].buttons[0].text = 'Add to bag';
  const out3 = keepComments(CAROUSEL, JSON.stringify(second));
  assert.equal(parse(out3), second);
  assert.match(out3, '&buy_buttons');
});

test('two buttons whose URLs the channel swapped: each keeps its own node by type and label, a reference does not move to the other', () => {
  const HOST = 'https://shop.example.com';
  const fill = (t: string) => t.split('((shop_host))').join(HOST);
  const before = 'channel: wa\nname: parcel\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Your parcel is on its way.\nbuttons:\n  - type: URL # ours\n    text: Track parcel\n    url: ((shop_host))/track/{{1}}\n    example: ((shop_host))/track/A-1042\n  - type: URL\n    text: Help centre\n    url: https://shop.example.com/help\n';
  // what pull wrote: the reference where the file had it, on the Track parcel button (references-back.ts); the sample went with the URL
  const written = 'channel: wa\nname: parcel\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Your parcel is on its way.\nbuttons:\n  - type: URL\n    text: Track parcel\n    url: ((shop_host))/help\n  - type: URL\n    text: Help centre\n    url: https://shop.example.com/track/{{1}}\n    example: https://shop.example.com/track/A-1042\n';
  const out = parse(keepComments(before, written, fill));
  assert.equal(out.buttons.map((b: { text: string; url: string; example?: string }) => [b.text, b.url, b.example]), [['Track parcel', '((shop_host))/help', undefined], ['Help centre', 'https://shop.example.com/track/{{1}}', 'https://shop.example.com/track/A-1042']]);
});

test('nothing changed: the file as it was; a file without comments: what pull wrote', () => {
  const written = BEFORE.replace(/ *#.*$/gm, '').replace(/^\n/gm, '');
  assert.equal(parse(keepComments(BEFORE, written)), parse(written));
  assert.ok(keepComments(BEFORE, written).includes('# keep the greeting short'));
  assert.is(keepComments(written, written + 'footer: x\n'), written + 'footer: x\n');
});

// a time the canonical model holds as its instant (a calendar chip's startTime and endTime, rcsExpireOpts.expireTime): the file's
// offset is the channel's UTC with milliseconds, the same value, and the file's text of it stays with its card's layout and quotes
const CHIPS = `channel: shop-rcs
name: store_opening_day
language: en_US
message:
  type: rich_card
  richCards:
    - title: "Our new store opens"
      description: Opening Saturday, 10:00
      suggestions:  # exactly 4 on a card
        - { action: view_location, text: Directions, latLong: { latitude: 52.52, longitude: 13.405 }, label: Store Berlin }
        - action: create_calendar_event
          text: Save the date
          postbackData: save_date
          startTime: "2030-05-04T10:00:00+02:00"
          endTime: "2030-05-04T18:00:00+02:00"
          title: Store opening
        - { action: open_url, text: Website, postbackData: "https://shop.example.com/berlin", openUrlApplication: BROWSER }
        - { action: reply, text: Count me in, postbackData: rsvp_yes }
  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }
  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "2030-05-05T00:00:00+02:00" }
`;
/** what pull writes from the channel's copy (the API keeps the times in UTC with milliseconds), `description` its new text */
const pulledChips = (description: string, start = '2030-05-04T08:00:00.000Z'): string => `channel: shop-rcs
name: store_opening_day
language: en_US
message:
  type: rich_card
  richCards:
    - title: Our new store opens
      description: ${description}
      suggestions:
        - action: view_location
          text: Directions
          latLong:
            latitude: 52.52
            longitude: 13.405
          label: Store Berlin
        - action: create_calendar_event
          text: Save the date
          postbackData: save_date
          startTime: "${start}"
          endTime: "2030-05-04T16:00:00.000Z"
          title: Store opening
        - action: open_url
          text: Website
          postbackData: https://shop.example.com/berlin
          openUrlApplication: BROWSER
        - action: reply
          text: Count me in
          postbackData: rsvp_yes
  rcsRichCardsOpts:
    type: STANDALONE
    orientation: VERTICAL
  rcsExpireOpts:
    type: EXPIRE_TIME
    expireTime: "2030-05-04T22:00:00.000Z"
`;

test('times written with an offset are the channel\'s same instants: only the changed description differs, the chips keep their layout and the title its quotes', () => {
  const out = keepComments(CHIPS, pulledChips('Opening Saturday at 10:00'));
  const want = parse(CHIPS);
  want.message.richCards[0].description = 'Opening Saturday at 10:00';
  assert.equal(parse(out), want);
  // the file's own text of every line but the description's (yaml puts the comment after `suggestions:` on a line of its own, as fmt does)
  const lines = (t: string) => t.replace(/:  # exactly 4 on a card\n/, ':\n        # exactly 4 on a card\n').split('\n');
  const changed = lines(out).filter((l, i) => l !== lines(CHIPS)[i]);
  assert.equal(changed, ['      description: Opening Saturday at 10:00'], out);
});

test('a time the channel changed (another instant) is written as the channel has it; the other chips keep their layout', () => {
  const out = keepComments(CHIPS, pulledChips('Opening Saturday, 10:00', '2030-05-04T09:00:00.000Z'));
  const v = parse(out);
  assert.is(v.message.richCards[0].suggestions[1].startTime, '2030-05-04T09:00:00.000Z');
  assert.is(v.message.richCards[0].suggestions[1].endTime, '2030-05-04T18:00:00+02:00');
  assert.is(v.message.rcsExpireOpts.expireTime, '2030-05-05T00:00:00+02:00');
  assert.match(out, '- { action: reply, text: Count me in, postbackData: rsvp_yes }');
  assert.match(out, 'title: "Our new store opens"');
  assert.match(out, '# exactly 4 on a card');
});

test('a text that merely looks like a time is compared as text: only the model\'s time keys are instants', () => {
  const before = 'channel: rcs\nname: t\nlanguage: en_US\nmessage:\n  type: text\n  message: "2030-05-04T10:00:00+02:00" # as written\n';
  const written = 'channel: rcs\nname: t\nlanguage: en_US\nmessage:\n  type: text\n  message: "2030-05-04T08:00:00.000Z"\n';
  assert.is(parse(keepComments(before, written)).message.message, '2030-05-04T08:00:00.000Z');
});

test.run();
