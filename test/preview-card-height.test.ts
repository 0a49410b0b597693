// An RCS rich card is drawn as a phone shows it: Google caps a card at 344 dp (RBM's rich card
// guide) and cuts a taller one, the description to one line, then the title, then the last
// suggestions, then the description and the title; the page says what it cut. In-process, on the
// page's HTML.
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fromFile } from '../src/model/canonical.ts';
import { renderTemplatePage } from '../src/preview/html.ts';
import { CARD_MAX_HEIGHT_DP, fitCard } from '../src/model/rcs-card-fit.ts';

test('fitCard: Google\'s advice holds (TALL: title and description or one suggestion; MEDIUM two; SHORT three; four without media)', () => {
  const fits = (mediaDp: number | undefined, suggestions: number, title?: string, description?: string) => fitCard({ mediaDp, horizontal: false, widthDp: 320, ...(title ? { title } : {}), ...(description ? { description } : {}), suggestions }).cut;
  assert.equal(fits(264, 0, 'Spring menu', 'Six new dishes'), []);
  assert.equal(fits(264, 1), []);
  assert.equal(fits(264, 1, 'Spring menu', 'Six new dishes'), ['the last suggestion left out']);
  assert.equal(fits(168, 2, 'Spring menu', 'Six new dishes'), []);
  assert.equal(fits(168, 3, 'Spring menu', 'Six new dishes'), ['the last suggestion left out']);
  assert.equal(fits(112, 3, 'Spring menu', 'Six new dishes'), []);
  assert.equal(fits(undefined, 4, 'Spring menu', 'Six new dishes'), []);
  // a long description under TALL media is cut to one line; the height never passes the cap
  const long = 'Asparagus with brown butter, wild garlic soup, lamb with spring peas, rhubarb tart and more, every day from noon until late in the evening.';
  const f = fitCard({ mediaDp: 264, horizontal: false, widthDp: 320, title: 'Spring menu', description: long, suggestions: 0 });
  assert.is(f.descriptionLines, 1);
  assert.ok(f.whole.description > 1);
  assert.ok(f.heightDp <= CARD_MAX_HEIGHT_DP);
  assert.match(f.cut[0]!, 'the description to 1 line');
});

const file = (card: Record<string, unknown>, mediaHeight: string) => fromFile({
  channel: 'bistro-rbm', name: 'spring_menu', language: 'en',
  message: { type: 'rich_card', rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight }, richCards: [card], fallback: { text: 'Our spring menu is here' } },
}, 'c', '');
const page = (card: Record<string, unknown>, mediaHeight: string): string => renderTemplatePage({ key: 'bistro-rbm/spring_menu/en', file: 'tpl/spring.yaml', template: file(card, mediaHeight), diagnostics: [], href: 'x.html' });
const chip = (text: string) => ({ action: 'reply', text, postbackData: text.toLowerCase().replace(/ /g, '_') });

test('the page clamps a tall card\'s description with an ellipsis, leaves out what does not fit, and says so', () => {
  const description = 'Asparagus with brown butter and hazelnuts.\nWild garlic soup with sourdough croutons.\nSlow-roasted lamb with spring peas and mint.\nRhubarb tart with vanilla cream.\nEvery day from noon.';
  const html = page({ title: 'Our spring menu', description, fileUrl: 'https://cdn.example.org/spring.jpg', suggestions: [chip('Book a table'), chip('See the menu'), chip('Call us')] }, 'MEDIUM');
  const card = html.slice(html.indexOf('data-testid="card"'));
  assert.match(card, /<div class="card-description" data-clamped="1" style="-webkit-line-clamp:1;line-clamp:1">/);
  // MEDIUM media, a title and a description take two suggestions: the third is not drawn
  assert.match(card, 'Book a table');
  assert.match(card, 'See the menu');
  assert.not.match(card, 'Call us');
  assert.match(card, /data-testid="card-cut"[^>]*><svg class="i" data-icon="cut"[^>]*>.*?<\/svg> Cut as a phone shows it: a rich card is at most 344 dp high \(Google RBM\), so the description to 1 line of \d+, the last suggestion left out\.<\/p>/);
  assert.match(html, /\.card-description\[data-clamped\]\{[^}]*-webkit-box[^}]*text-overflow:ellipsis/);
  // a card that fits is drawn whole, with no note
  const whole = page({ title: 'Our spring menu', description: 'Six new dishes', fileUrl: 'https://cdn.example.org/spring.jpg', suggestions: [chip('Book a table')] }, 'SHORT');
  assert.not.match(whole, 'data-clamped="');
  assert.not.match(whole, 'data-testid="card-cut"');
});

// trial-bc F3: what a card's chips do and what the phone cut were said inside the card, which made it twice the height the
// model gives it (a browser test in preview.test.ts measures the drawn card)
test('a card is drawn at the model\'s size with its chips one label each; what they do and what was cut are said under it, outside it', () => {
  const description = 'Asparagus with brown butter and hazelnuts.\nWild garlic soup with sourdough croutons.\nEvery day from noon.';
  const html = page({ title: 'Our spring menu', description, fileUrl: 'https://cdn.example.org/spring.jpg', suggestions: [chip('Book a table'), { action: 'open_url', text: 'See the menu', postbackData: 'https://bistro.example.org/menu' }, chip('Call us')] }, 'MEDIUM');
  const m = /<div class="card-slot" style="width:320px">(<div class="card" data-testid="card"[^>]*>.*?)<div class="card-notes" data-testid="card-notes" lang="en" dir="ltr">(.*?)<\/div><\/div>/.exec(html);
  assert.ok(m, 'the notes follow the card in its slot');
  const [, card, notes] = m as unknown as [string, string, string];
  assert.match(card, /data-height-dp="316" style="width:320px;min-height:316px"/);
  assert.not.match(card, 'class="effect"');
  assert.not.match(card, 'card-cut');
  assert.equal([...card.matchAll(/data-testid="chip"/g)].length, 2, 'the two chips that fit, in the card');
  assert.equal([...notes.matchAll(/<small class="effect" lang="en" dir="ltr">(.*?)<\/small>/g)].map((x) => x[1]), ['sends “<bdi>book_a_table</bdi>” back', 'opens <bdi>https://bistro.example.org/menu</bdi> in the browser']);
  assert.match(notes, /<bdi>See the menu<\/bdi>/);
  assert.match(notes, /data-testid="card-cut"[^>]*>.*? Cut as a phone shows it: .*the last suggestion left out\.<\/p>$/);
  // the card's parts at the model's heights: 16 dp of padding, lines of 24 and 20 dp, a 44 dp row a chip
  assert.match(html, /\.card\[data-height-dp\] \.card-content\{padding:8px 16px;/);
  assert.match(html, /\.card\[data-height-dp\] \.card-title\{font-size:16px;line-height:24px\}\.card\[data-height-dp\] \.card-description\{font-size:14px;line-height:20px\}/);
  assert.match(html, /\.card \.chip\{[^}]*height:36px;margin:4px 0;/);
});

test.run();
