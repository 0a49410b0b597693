// A plan whose change is the order of a template's buttons, a carousel's cards or an RCS message's
// suggestions says it as the reorder it is in text and Markdown ("buttons reordered: 1,2,3 ->
// 2,1,3"), where it showed each moved element as field changes of its neighbours; the JSON plan
// keeps its field paths, and apply writes the new order as before.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { reordersOf, shownDiff } from '../src/plan/render.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

const quick = (texts: string[]) => `channel: shop-whatsapp\nname: autumn_choice\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, the autumn collection is in. What would you like to do next?"\n  examples: { 1: Ana }\nbuttons:\n${texts.map((t) => `  - { type: QUICK_REPLY, text: ${t} }\n`).join('')}`;
const cards = (products: string[]) => `channel: shop-whatsapp\nname: autumn_cards\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "New arrivals for you, {{1}}: swipe to see them."\n  examples: { 1: Ana }\ncarousel:\n${products.map((p) => `  - header: { format: IMAGE, example: "https://cdn.example.com/products/${p}.png" }\n    body: { text: "The ${p}, now in every size." }\n    buttons:\n      - { type: QUICK_REPLY, text: Tell me more }\n`).join('')}`;
const chips = (answers: string[]) => `channel: shop-rcs\nname: tasting\nlanguage: en_US\nmessage:\n  type: text\n  message: "Hi {{first_name}}, join our coffee tasting on Friday at 18:00? Tap an answer below."\n  suggestions:\n${answers.map((a) => `    - { action: reply, text: "${a}", postbackData: tasting_${a.length} }\n`).join('')}  examples: { first_name: Maria }\n`;

test('a reorder of buttons, carousel cards or RCS suggestions: one line in text and Markdown, the JSON\'s field paths as they were, apply as before', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': emulatorConfig({ channels: { 'shop-whatsapp': CHANNEL_A, 'shop-rcs': CHANNEL_B } }),
      'templates/choice.yaml': quick(['Show me new arrivals', 'Not interested', 'Stop promotions']),
      'templates/cards.yaml': cards(['shirt', 'chinos', 'sneakers']),
      'templates/tasting.yaml': chips(['Yes, I will come', 'Not this time', 'Maybe later']),
    });
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    // the second and first swapped; the cards' last moved first; the chips' last two swapped
    writeFileSync(path.join(dir, 'templates/choice.yaml'), quick(['Not interested', 'Show me new arrivals', 'Stop promotions']));
    writeFileSync(path.join(dir, 'templates/cards.yaml'), cards(['sneakers', 'shirt', 'chinos']));
    writeFileSync(path.join(dir, 'templates/tasting.yaml'), chips(['Yes, I will come', 'Maybe later', 'Not this time']));
    const text = await cliIn(['plan'], { cwd: dir });
    assert.is(text.exitCode, 0, text.stderr);
    assert.match(text.stdout, /~ update shop-whatsapp\/autumn_choice\/en_US.*\n( {4}! .*\n)* {4}buttons reordered: 1,2,3 -> 2,1,3\n/);
    assert.match(text.stdout, /~ update shop-whatsapp\/autumn_cards\/en_US.*\n( {4}! .*\n)* {4}carousel reordered: 1,2,3 -> 3,1,2\n/);
    assert.match(text.stdout, /~ update shop-rcs\/tasting\/en_US.*\n( {4}! .*\n)* {4}message\.suggestions reordered: 1,2,3 -> 1,3,2\n/);
    // no field change of a neighbour
    assert.not.match(text.stdout, /^ {4}(buttons|carousel|message\.suggestions)\[\d+\][^\n]*→/m, text.stdout);
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir });
    assert.match(md.stdout, /\| `buttons` reordered \| 1,2,3 \| 2,1,3 \|/);
    assert.match(md.stdout, /\| `carousel` reordered \| 1,2,3 \| 3,1,2 \|/);
    assert.match(md.stdout, /\| `message\.suggestions` reordered \| 1,2,3 \| 1,3,2 \|/);
    assert.not.match(md.stdout, /\| `(buttons|carousel|message\.suggestions)\[\d+\]/);
    // the JSON plan: the field paths, as before
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir })).stdout) as { changes: { name: string; changes?: { path: string }[] }[] };
    assert.equal(json.changes.find((c) => c.name === 'autumn_choice')!.changes!.map((c) => c.path), ['buttons[0].text', 'buttons[1].text']);
    // apply writes the new order; then nothing to change
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    assert.is((await cliIn(['plan', '--detailed-exitcode'], { cwd: dir })).exitCode, 0);
  } finally { cleanup(dir); }
});

test('reordersOf (pure): a permutation of whole elements, duplicates matched once each; an edit inside an element in place, or one appended, is no reorder', () => {
  assert.equal(reordersOf({ buttons: [{ t: 'a' }, { t: 'b' }, { t: 'c' }] }, { buttons: [{ t: 'b' }, { t: 'a' }, { t: 'c' }] }), [{ path: 'buttons', order: [2, 1, 3] }]);
  assert.equal(reordersOf({ b: [{ t: 'a' }, { t: 'a' }, { t: 'c' }] }, { b: [{ t: 'c' }, { t: 'a' }, { t: 'a' }] }), [{ path: 'b', order: [3, 1, 2] }]);
  assert.equal(reordersOf({ b: [{ t: 'a' }, { t: 'b' }] }, { b: [{ t: 'a' }, { t: 'x' }] }), []);
  assert.equal(reordersOf({ b: [{ t: 'a' }, { t: 'b' }] }, { b: [{ t: 'a' }, { t: 'b' }, { t: 'c' }] }), []);
  // a move beside an addition: the move and the added element both (verify-5 J-3)
  assert.equal(reordersOf({ b: [{ t: 'a' }, { t: 'b' }] }, { b: [{ t: 'b' }, { t: 'a' }, { t: 'c' }] }), [{ path: 'b', order: [2, 1, 0], channelLength: 2 }]);
  // inside an element that did not move: found at its path
  assert.equal(reordersOf({ c: [{ s: [1, 2] }, { s: [3] }] }, { c: [{ s: [2, 1] }, { s: [3] }] }), [{ path: 'c[0].s', order: [2, 1] }]);
});

test('shownDiff (pure): elements matched by identity (type and text) before position: a move beside an addition or a removal shows both, an element moved and edited shows its edit at its new place', () => {
  const q = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'QUICK_REPLY', text, ...extra });
  // Sim, Não -> Não, Sim, Remarcar: moved, and one added
  assert.equal(shownDiff({ buttons: [q('Sim'), q('Não')] }, { buttons: [q('Não'), q('Sim'), q('Remarcar')] }),
    { reorders: [{ path: 'buttons', order: [2, 1, 0], channelLength: 2 }], changes: [{ path: 'buttons[2]', before: undefined, after: q('Remarcar') }] });
  // Sim, Não -> Não: Sim removed (at its own position on the channel), Não neither moved nor changed
  assert.equal(shownDiff({ buttons: [q('Sim'), q('Não')] }, { buttons: [q('Não')] }), { reorders: [], changes: [{ path: 'buttons[0]', before: q('Sim'), after: undefined }] });
  // one added at the front: no neighbour changed
  assert.equal(shownDiff({ buttons: [q('Sim'), q('Não')] }, { buttons: [q('Remarcar'), q('Sim'), q('Não')] }), { reorders: [], changes: [{ path: 'buttons[0]', before: undefined, after: q('Remarcar') }] });
  // a URL button moved and its URL edited: the move, and the edit at its files' position
  const url = (u: string) => ({ type: 'URL', text: 'Track it', url: u });
  assert.equal(shownDiff({ buttons: [url('https://a.example/1'), q('Stop')] }, { buttons: [q('Stop'), url('https://a.example/2')] }),
    { reorders: [{ path: 'buttons', order: [2, 1] }], changes: [{ path: 'buttons[1].url', before: 'https://a.example/1', after: 'https://a.example/2' }] });
  // an edit in place stays an edit of that element
  assert.equal(shownDiff({ buttons: [q('Sim'), q('Não')] }, { buttons: [q('Sim'), q('Nao')] }), { reorders: [], changes: [{ path: 'buttons[1].text', before: 'Não', after: 'Nao' }] });
});

test('shownDiff (pure): a move beside a removal and an addition: the removed element and the added one each said, never paired as an edit of one into the other (verify-8 T-6)', () => {
  const card = (title: string, description: string) => ({ title, description, fileUrl: `https://cdn.example.com/${title.replace(/ /g, '-')}.jpg`, suggestions: [{ action: 'reply', text: `More ${title}`, postbackData: title }] });
  const [linen, sneakers, free, gift] = [card('Linen shirts', 'Cool in the heat'), card('Sneakers', 'Light on your feet'), card('Free delivery', 'On every order'), card('Gift wrap', 'For any present')];
  // Linen shirts, Sneakers, Free delivery -> Free delivery, Linen shirts, Gift wrap
  assert.equal(shownDiff({ message: { richCards: [linen, sneakers, free] } }, { message: { richCards: [free, linen, gift] } }), {
    reorders: [{ path: 'message.richCards', order: [3, 1, 0] }],
    changes: [{ path: 'message.richCards[1]', before: sneakers, after: undefined }, { path: 'message.richCards[2]', before: undefined, after: gift }],
  });
  // quick replies alike: Confirmar, Cancelar, Remarcar -> Remarcar, Confirmar, Falar com atendente
  const q = (text: string) => ({ type: 'QUICK_REPLY', text });
  assert.equal(shownDiff({ buttons: [q('Confirmar'), q('Cancelar'), q('Remarcar')] }, { buttons: [q('Remarcar'), q('Confirmar'), q('Falar com atendente')] }), {
    reorders: [{ path: 'buttons', order: [3, 1, 0] }],
    changes: [{ path: 'buttons[1]', before: q('Cancelar'), after: undefined }, { path: 'buttons[2]', before: undefined, after: q('Falar com atendente') }],
  });
  // nothing moved: an element replaced in place is still its edit
  assert.equal(shownDiff({ buttons: [q('Confirmar'), q('Cancelar')] }, { buttons: [q('Confirmar'), q('Falar com atendente')] }), { reorders: [], changes: [{ path: 'buttons[1].text', before: 'Cancelar', after: 'Falar com atendente' }] });
});

test('a move plus an added or removed button, carousel card or RCS suggestion: the reorder and the added or removed element, not changes of the neighbours (verify-5 J-3)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': emulatorConfig({ channels: { 'shop-whatsapp': CHANNEL_A, 'shop-rcs': CHANNEL_B } }),
      'templates/choice.yaml': quick(['Sim', 'Não']),
      'templates/cards.yaml': cards(['shirt', 'chinos', 'sneakers']),
      'templates/tasting.yaml': chips(['Yes, I will come', 'Not this time', 'Maybe later']),
    });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    // buttons swapped and one added; the cards' first removed and the last two swapped; a chip added at the front and the others swapped
    writeFileSync(path.join(dir, 'templates/choice.yaml'), quick(['Não', 'Sim', 'Remarcar']));
    writeFileSync(path.join(dir, 'templates/cards.yaml'), cards(['sneakers', 'chinos']));
    writeFileSync(path.join(dir, 'templates/tasting.yaml'), chips(['Ask me later', 'Yes, I will come', 'Maybe later', 'Not this time']));
    const text = await cliIn(['plan'], { cwd: dir });
    assert.is(text.exitCode, 0, text.stderr);
    assert.match(text.stdout, / {4}buttons reordered: 1,2 -> 2,1,\+\n {4}buttons\[2\]: \(none\) → [^\n]*Remarcar/);
    assert.match(text.stdout, / {4}carousel reordered: 1,2,3 -> 3,2\n {4}carousel\[0\]: [^\n]*shirt[^\n]* → \(none\)\n/);
    assert.match(text.stdout, / {4}message\.suggestions reordered: 1,2,3 -> \+,1,3,2\n {4}message\.suggestions\[0\]: \(none\) → [^\n]*Ask me later/);
    // no kept element shown as a change of its neighbour's fields
    assert.not.match(text.stdout, /^ {4}(buttons|carousel|message\.suggestions)\[\d+\]\.[^\n]*→/m, text.stdout);
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir });
    assert.match(md.stdout, /\| `buttons` reordered \| 1,2 \| 2,1,\+ \|/);
    assert.match(md.stdout, /\| `carousel` reordered \| 1,2,3 \| 3,2 \|/);
    assert.match(md.stdout, /\| `buttons\[2\]` \| \\\(none\\\) \| [^\n]*Remarcar/, md.stdout);
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    assert.is((await cliIn(['plan', '--detailed-exitcode'], { cwd: dir })).exitCode, 0);
  } finally { cleanup(dir); }
});

test.run();
