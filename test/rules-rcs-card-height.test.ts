// A rich card taller than RBM's 344 dp is cut on the phone (rule rcs-card-height, a warning): lint
// says what is hidden, the height and the changes that make the card fit, at the card. It measures
// with the preview's own card model (src/model/rcs-card-fit.ts), the texts with their samples in, so
// that for every card lint and the preview agree on what the phone shows. In-process.
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fromFile } from '../src/model/canonical.ts';
import { renderTemplatePage } from '../src/preview/html.ts';
import { readTemplateValue } from '../src/files/value.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const heights = (text: string): string[] => lint(text).filter((d) => d.ruleId === 'rcs-card-height').map((d) => `${d.severity}@${d.line}:${d.column} ${d.message}`);

const chip = (text: string): string => `{ action: reply, text: ${text}, postbackData: ${text.toLowerCase().replace(/ /g, '_')} }`;
/** a rich_card template: its cards (each a title, a description, media or not, chips) and its rcsRichCardsOpts */
function cards(opts: string, list: { title?: string; description?: string; media?: boolean; chips?: number }[], examples = '{ first_name: Ana }'): string {
  const lines = ['channel: shop-rcs', 'name: card_height', 'language: en_US', 'message:', '  type: rich_card', '  richCards:'];
  list.forEach((c, i) => {
    const own: string[] = [];
    if (c.title !== undefined) own.push(`title: "${c.title}"`);
    if (c.description !== undefined) own.push(`description: "${c.description}"`);
    if (c.media !== false) own.push(`fileUrl: https://cdn.example.com/c${i}.jpg`);
    if (c.chips) own.push(`suggestions: [${['Book a table', 'See the menu', 'Call us', 'Directions'].slice(0, c.chips).map(chip).join(', ')}]`);
    own.forEach((l, j) => lines.push(`${j ? '      ' : '    - '}${l}`));
  });
  lines.push(`  examples: ${examples}`, `  rcsRichCardsOpts: ${opts}`);
  return `${lines.join('\n')}\n`;
}
const STANDALONE = (media: string) => `{ type: STANDALONE, orientation: VERTICAL, mediaHeight: ${media} }`;
const SHORT_TEXT = { title: 'Our spring menu', description: 'Six new dishes, {{first_name}}' };
const LONG = 'Asparagus with brown butter, wild garlic soup, lamb with spring peas, rhubarb tart and more, every day from noon until late.';

test('a card that fits says nothing: Google\'s advice (SHORT three suggestions, MEDIUM two, TALL none under a title and a description; four without media)', () => {
  assert.equal(heights(cards(STANDALONE('SHORT'), [{ ...SHORT_TEXT, chips: 3 }])), []);
  assert.equal(heights(cards(STANDALONE('MEDIUM'), [{ ...SHORT_TEXT, chips: 2 }])), []);
  assert.equal(heights(cards(STANDALONE('TALL'), [{ ...SHORT_TEXT }])), []);
  assert.equal(heights(cards(STANDALONE('MEDIUM'), [{ ...SHORT_TEXT, media: false, chips: 4 }])), []);
  // nothing to lay out: a text message, a message without cards
  assert.equal(heights('channel: shop-rcs\nname: t\nlanguage: en_US\nmessage:\n  type: text\n  message: Hello\n'), []);
});

test('chips the phone hides: how many, the height, and the changes that make the card fit, at the card', () => {
  const [d, ...more] = heights(cards(STANDALONE('TALL'), [{ ...SHORT_TEXT, chips: 2 }]));
  assert.equal(more, []);
  assert.is(d, 'warning@7:7 The card is 412 dp high with TALL media; RBM shows at most 344 dp, so the phone cuts it: 2 of 2 suggestions hidden. To fit: mediaHeight MEDIUM, or no suggestions on the card (move them to message.suggestions).');
  // MEDIUM and three chips: the last hidden; SHORT, or two chips, or a card without a description line to spare
  const [m] = heights(cards(STANDALONE('MEDIUM'), [{ ...SHORT_TEXT, chips: 3 }]));
  assert.match(m!, /is 360 dp high with MEDIUM media; .*: 1 of 3 suggestions hidden\. To fit: mediaHeight SHORT, or at most 2 suggestions on the card \(move the others to message\.suggestions\)/);
});

test('a description the phone cuts: to how many lines, and how short it must be (counted with its samples)', () => {
  const [d] = heights(cards(STANDALONE('MEDIUM'), [{ title: 'Our spring menu', description: `${LONG} {{first_name}}`, chips: 2 }], '{ first_name: Ana }'));
  assert.match(d!, /^warning@7:7 The card is 376 dp high with MEDIUM media; RBM shows at most 344 dp, so the phone cuts it: the description cut to 1 of 4 lines\. To fit: mediaHeight SHORT, or at most 1 suggestion on the card \(move the others to message\.suggestions\), or a description of at most \d+ characters with the samples \(128 now\)\.$/);
  const most = Number(/at most (\d+) characters/.exec(d!)![1]);
  // the length it names fits, one more does not
  const desc = (n: number) => [...LONG].slice(0, n).join('');
  assert.equal(heights(cards(STANDALONE('MEDIUM'), [{ title: 'Our spring menu', description: desc(most), chips: 2 }])), []);
  assert.is(heights(cards(STANDALONE('MEDIUM'), [{ title: 'Our spring menu', description: desc(most + 1), chips: 2 }])).length, 1);
  // a sample that takes the title onto a second line counts: the text as sent
  assert.equal(heights(cards(STANDALONE('TALL'), [{ title: 'Spring menu for {{first_name}}', description: 'Six new dishes' }])), []);
  assert.match(heights(cards(STANDALONE('TALL'), [{ title: 'Spring menu for {{first_name}}', description: 'Six new dishes' }], '{ first_name: Maria-Alexandra Josephine }'))[0]!, /is 348 dp high with TALL media; .*: the title cut to 1 of 2 lines\. To fit: mediaHeight MEDIUM, or a title of at most 32 characters with the samples \(41 now\)\.$/);
});

test('a SMALL carousel card wraps its texts at 120 dp: only the card that does not fit is told, and MEDIUM cards are a fix', () => {
  const opts = '{ type: CAROUSEL, cardWidth: SMALL, mediaHeight: MEDIUM }';
  const list = [{ title: 'Linen shirt', description: 'Light and cool.', chips: 1 }, { title: 'Wool coat', description: 'Warm for the winter, with deep pockets and a hood that folds away.', chips: 1 }];
  const found = heights(cards(opts, list));
  assert.is(found.length, 1);
  assert.match(found[0]!, /^warning@11:7 Card 2 is 372 dp high with MEDIUM media on a SMALL carousel card \(120 dp wide\); .*: the description cut to 1 of 6 lines\. To fit: mediaHeight SHORT \(for every card of the carousel\), or cardWidth MEDIUM, /);
  assert.equal(heights(cards('{ type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }', list)), []);
});

test('a HORIZONTAL card: the media beside the text takes no height of its own; a text column taller than 344 dp is cut', () => {
  const opts = '{ type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }';
  // four chips beside the picture fit (no mediaHeight on a horizontal card)
  assert.equal(heights(cards(opts, [{ ...SHORT_TEXT, chips: 4 }])), []);
  const [d, ...more] = heights(cards(opts, [{ title: 'Our spring menu', description: LONG, chips: 4 }]));
  assert.equal(more, []);
  assert.match(d!, /^warning@7:7 The card is 356 dp high as a HORIZONTAL card \(its text beside the media\); .*: the description cut to 1 of 7 lines\. To fit: at most 3 suggestions on the card \(move the others to message\.suggestions\), or a description of at most \d+ characters \(124 now\)\.$/);
  assert.not.match(d!, /mediaHeight/);
});

/** the chips the preview draws in each card (message-level chips are after the cards) */
function chipsPerCard(html: string): number[] {
  const rcs = html.slice(html.indexOf('<section class="rcs"'));
  const end = rcs.indexOf('<div class="suggestions');
  return rcs.slice(0, end).split('data-testid="card"').slice(1).map((card) => card.split('data-testid="chip"').length - 1);
}

test('for the same card, lint and the preview agree on how many suggestions the phone shows', () => {
  const cases: [string, string][] = [
    ['TALL, 2 chips', cards(STANDALONE('TALL'), [{ ...SHORT_TEXT, chips: 2 }])],
    ['MEDIUM, 3 chips', cards(STANDALONE('MEDIUM'), [{ ...SHORT_TEXT, chips: 3 }])],
    ['MEDIUM, 2 chips', cards(STANDALONE('MEDIUM'), [{ ...SHORT_TEXT, chips: 2 }])],
    ['SHORT, 4 chips', cards(STANDALONE('SHORT'), [{ ...SHORT_TEXT, chips: 4 }])],
    ['no media, 4 chips', cards(STANDALONE('MEDIUM'), [{ ...SHORT_TEXT, media: false, chips: 4 }])],
    ['a sample on a second line', cards(STANDALONE('MEDIUM'), [{ title: 'Spring menu for {{first_name}}', description: 'Six new dishes, every day from noon until late in the evening.', chips: 3 }], '{ first_name: Maria-Alexandra Josephine }')],
    ['a long description', cards(STANDALONE('MEDIUM'), [{ title: 'Our spring menu', description: LONG, chips: 2 }])],
    ['horizontal', cards('{ type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }', [{ title: 'Our spring menu', description: LONG, chips: 4 }])],
    ['SMALL carousel', cards('{ type: CAROUSEL, cardWidth: SMALL, mediaHeight: MEDIUM }', [{ ...SHORT_TEXT, chips: 2 }, { title: 'Wool coat', description: 'Warm for the winter, with deep pockets.', chips: 2 }, { title: 'Scarf', description: 'Soft.', chips: 1 }])],
    ['MEDIUM carousel', cards('{ type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: TALL }', [{ ...SHORT_TEXT, chips: 1 }, { title: 'Wool coat', chips: 1 }, { media: false, title: 'More', chips: 4 }])],
  ];
  let cut = 0;
  for (const [what, text] of cases) {
    const value = readTemplateValue(text);
    const html = renderTemplatePage({ key: 'shop-rcs/card_height/en_US', file: 't.yaml', template: fromFile(value, 'shop-rcs', ''), diagnostics: [], href: 'x.html' });
    const drawn = chipsPerCard(html);
    const written = (value.message as { richCards: { suggestions?: unknown[] }[] }).richCards.map((c) => c.suggestions?.length ?? 0);
    assert.is(drawn.length, written.length, `${what}: every card drawn`);
    const found = lint(text).filter((d) => d.ruleId === 'rcs-card-height');
    // what lint says each card shows: all its chips, less those it says are hidden
    const cardLines = text.split('\n').flatMap((l, k) => (l.startsWith('    - ') ? [k + 1] : []));
    const shown = written.map((n, i) => {
      const d = found.find((x) => x.line === cardLines[i]);
      return n - (d ? Number(/(\d+) of \d+ suggestions? hidden/.exec(d.message)?.[1] ?? 0) : 0);
    });
    assert.equal(shown, drawn, `${what}: lint and the preview show the same chips`);
    // and a card is told exactly when the preview says it cut it
    assert.is(found.length, html.split('data-testid="card-cut"').length - 1, `${what}: cut cards`);
    cut += found.length;
  }
  assert.ok(cut >= 5, 'the cases hold cards the phone cuts');
});

test.run();
