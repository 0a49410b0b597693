// RCS against Google's RBM documentation (trial-be F1 to F6): a HORIZONTAL card of media alone is
// refused (StandaloneCard.CardOrientation.HORIZONTAL), a card's PDF is said to be India's and Google
// Messages' only, a PDF file's thumbnail is said to be no part of the message (ContentInfo.thumbnailUrl:
// image and video files only), a text beside media or cards is a message of its own (AgentContentMessage
// holds one content), RBM's uploaded-file names are answered as not carried, and a view_location query
// is said to be Android Messages' only; lint and the preview tell the same story.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { chipEffect, renderRcs } from '../src/preview/rcs.ts';
import { fromFile } from '../src/model/canonical.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const rcs = (message: string): string => `channel: shop-rcs\nname: probe\nlanguage: en_US\nmessage:\n${message}`;
const said = (d: ReturnType<typeof lint>): string => d.map((x) => `${x.ruleId}@${x.line}:${x.column} ${x.severity}: ${x.message}`).join('\n');
const page = (message: Record<string, unknown>): string => renderRcs(fromFile({ channel: 'shop-rcs', name: 'probe', language: 'en_US', message }, '3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b', '7563f4f9-7a7c-590e-8843-8b805ca99f15'));
const HORIZONTAL = { type: 'STANDALONE', orientation: 'HORIZONTAL', imageAlign: 'LEFT' };

test('F1: a HORIZONTAL standalone card of media alone is an error at the card (Google: it must also have a title, description or suggestions)', () => {
  const d = lint(rcs('  type: rich_card\n  richCards:\n    - fileUrl: https://cdn.example.com/rbm/pizza.png\n  rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }\n'));
  assert.equal(d.map((x) => [x.ruleId, x.severity, x.line]), [['rcs-horizontal-content', 'error', 7]], said(d));
  assert.match(d[0]!.message, /title, description, or suggestions\[\]/);
  // a title, a description or a suggestion beside the media: a card
  for (const more of ['title: Margherita', 'description: Tomato and basil', 'suggestions: [{ action: reply, text: Order, postbackData: order }]']) {
    const ok = lint(rcs(`  type: rich_card\n  richCards:\n    - fileUrl: https://cdn.example.com/rbm/pizza.png\n      ${more}\n  rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }\n`));
    assert.equal(ok, [], `${more}: ${said(ok)}`);
  }
  // a blank title is none
  assert.equal(lint(rcs('  type: rich_card\n  richCards:\n    - { fileUrl: https://cdn.example.com/rbm/pizza.png, title: "  " }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }\n')).map((x) => x.ruleId), ['rcs-horizontal-content']);
  // media alone on a VERTICAL card is a card
  assert.equal(lint(rcs('  type: rich_card\n  richCards:\n    - fileUrl: https://cdn.example.com/rbm/pizza.png\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n')), []);
});

test('F1: the preview says under a HORIZONTAL card of media alone that RBM refuses it, not drawing its empty side silently', () => {
  const html = page({ type: 'rich_card', richCards: [{ fileUrl: 'https://cdn.example.com/rbm/pizza.png' }], rcsRichCardsOpts: HORIZONTAL });
  assert.match(html, /data-testid="card-refused"[^>]*>Refused by RBM: a HORIZONTAL card with media needs a title, a description or a suggestion/);
  assert.not.match(page({ type: 'rich_card', richCards: [{ title: 'Margherita', fileUrl: 'https://cdn.example.com/rbm/pizza.png' }], rcsRichCardsOpts: HORIZONTAL }), /card-refused/);
  assert.not.match(page({ type: 'rich_card', richCards: [{ fileUrl: 'https://cdn.example.com/rbm/pizza.png' }], rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'MEDIUM' } }), /card-refused/);
});

test('F2: a card\'s PDF is a warning that Google shows it only in India, on Google Messages, not that a card takes no PDF', () => {
  const d = lint(rcs('  type: rich_card\n  richCards:\n    - { title: Invoice, fileUrl: https://cdn.example.com/rbm/invoice.pdf }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: SHORT }\n'));
  assert.equal(d.map((x) => [x.ruleId, x.severity]), [['rcs-media', 'warning']], said(d));
  assert.match(d[0]!.message, /only in India, on the Google Messages client/);
  assert.not.match(d[0]!.message, /not a \.pdf file/);
  // another document is no card's media anywhere
  const docx = lint(rcs('  type: rich_card\n  richCards:\n    - { title: Terms, fileUrl: https://cdn.example.com/rbm/terms.docx }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: SHORT }\n'));
  assert.match(said(docx), /rcs-media.*not a \.docx file/);
  assert.not.match(said(docx), /India/);
});

test('F3: a thumbnail beside a PDF or audio file message is a warning at thumbnailUrl (image and video files only); beside a video, none', () => {
  const d = lint(rcs('  type: file\n  fileUrl: https://cdn.example.com/rbm/invoice.pdf\n  thumbnailUrl: https://cdn.example.com/rbm/invoice.jpg\n'));
  assert.equal(d.map((x) => [x.ruleId, x.severity, x.line, x.column]), [['rcs-media', 'warning', 7, 3]], said(d));
  assert.match(d[0]!.message, /for image and video files only.*is a PDF/);
  assert.match(said(lint(rcs('  type: file\n  fileUrl: https://cdn.example.com/rbm/jingle.mp3\n  thumbnailUrl: https://cdn.example.com/rbm/jingle.jpg\n'))), /rcs-media.*is audio/);
  // a thumbnail of an image or a video file is Google's, and a PDF without one is fine
  assert.equal(lint(rcs('  type: file\n  fileUrl: https://cdn.example.com/rbm/clip.mp4\n  thumbnailUrl: https://cdn.example.com/rbm/clip.jpg\n')), []);
  assert.equal(lint(rcs('  type: file\n  fileUrl: https://cdn.example.com/rbm/invoice.pdf\n')), []);
  // said once at the thumbnail: a .webp thumbnail of a PDF is not judged as an image as well
  assert.equal(lint(rcs('  type: file\n  fileUrl: https://cdn.example.com/rbm/invoice.pdf\n  thumbnailUrl: https://cdn.example.com/rbm/invoice.webp\n')).length, 1);
});

test('F3: the preview says a PDF file\'s thumbnail is not shown, rather than dropping it silently', () => {
  assert.match(page({ type: 'file', fileUrl: 'https://cdn.example.com/rbm/invoice.pdf', thumbnailUrl: 'https://cdn.example.com/rbm/invoice.jpg' }), /data-testid="thumbnail-not-taken"[^>]*>thumbnailUrl not shown: Google takes a thumbnail for image and video files only, and this file is a PDF/);
  assert.not.match(page({ type: 'file', fileUrl: 'https://cdn.example.com/rbm/invoice.pdf' }), /thumbnail-not-taken/);
});

test('F4: a text beside a picture or rich card is an info that RBM sends it as a message of its own, at message.message', () => {
  const pic = lint(rcs('  type: picture\n  message: "Here is your coupon, {{name}}!"\n  examples: { name: Ana }\n  fileUrl: https://cdn.example.com/rbm/coupon.png\n'));
  assert.equal(pic.map((x) => [x.ruleId, x.severity, x.line, x.column]), [['rcs-text-beside-content', 'info', 6, 3]], said(pic));
  assert.match(pic[0]!.message, /no caption on media.*one content per message.*a message of its own before the picture.*send --text-only/);
  const carousel = lint(rcs('  type: rich_card\n  message: Our pizzas this week\n  richCards:\n    - { title: A, description: a }\n    - { title: B, description: b }\n  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM }\n'));
  assert.equal(carousel.map((x) => x.ruleId), ['rcs-text-beside-content'], said(carousel));
  assert.match(carousel[0]!.message, /no text on the carousel's message.*Twilio drops a carousel's body over RCS/);
  // a text message is its text; a picture without text has none
  assert.equal(lint(rcs('  type: text\n  message: Hello\n')), []);
  assert.equal(lint(rcs('  type: picture\n  fileUrl: https://cdn.example.com/rbm/coupon.png\n')), []);
});

test('F4: the preview draws the text beside media or cards as a message of its own with a note, and a text message without one', () => {
  const pic = page({ type: 'picture', message: 'Here is your coupon', fileUrl: 'https://cdn.example.com/rbm/coupon.png' });
  assert.match(pic, /data-testid="rcs-text" data-path="message.message" data-separate="true"/);
  assert.match(pic, /data-testid="separate-message"[^>]*>A message of its own before the picture, if the partner sends it at all \(Twilio drops a carousel's body over RCS\): RBM sends one content per message \(a text, a file or a rich card\), so this text is no caption\./);
  // the note comes between the text and the picture
  assert.ok(pic.indexOf('separate-message') < pic.indexOf('coupon.png'));
  assert.match(page({ type: 'rich_card', message: 'Our pizzas', richCards: [{ title: 'A' }, { title: 'B' }], rcsRichCardsOpts: { type: 'CAROUSEL', cardWidth: 'MEDIUM' } }), /before the carousel, .* no part of the carousel's message/);
  const text = page({ type: 'text', message: 'Hello' });
  assert.not.match(text, /separate/);
});

test('F5: RBM\'s uploaded-file names (uploadedRbmFile, fileName, thumbnailName) are answered as not carried, with fileUrl to write, on the message and on a card', () => {
  const d = lint(rcs('  type: picture\n  fileUrl: https://cdn.example.com/rbm/coupon.png\n  uploadedRbmFile: { fileName: files/abc123, thumbnailName: files/def456 }\n  fileName: files/abc123\n  thumbnailName: files/def456\n'));
  assert.equal(d.map((x) => x.ruleId), ['schema', 'schema', 'schema'], said(d));
  for (const [x, key] of d.map((x, i) => [x, ['uploadedRbmFile', 'fileName', 'thumbnailName'][i]!] as const)) {
    assert.match(x.message, new RegExp(`^'${key}' is RBM's .*files\\.create.*not carried.*fileUrl`), said(d));
    assert.not.match(x.message, /Unknown key/);
  }
  const card = lint(rcs('  type: rich_card\n  richCards:\n    - { title: A, fileName: files/abc123 }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }\n'));
  assert.equal(card.map((x) => x.ruleId), ['schema'], said(card));
  assert.match(card[0]!.message, /^'fileName' is RBM's fileName .*not carried/);
});

test('F6: a view_location query is an info that Google supports it on Android Messages clients only; latLong is not; the preview says it too', () => {
  const d = lint(rcs('  type: text\n  message: Hi\n  suggestions:\n    - { action: view_location, text: Find stores, postbackData: map_q, query: "Luigi\'s pizza near me" }\n'));
  assert.equal(d.map((x) => [x.ruleId, x.severity]), [['rcs-view-location-query', 'info']], said(d));
  assert.match(d[0]!.message, /only on Android Messages clients/);
  assert.equal(lint(rcs('  type: text\n  message: Hi\n  suggestions:\n    - { action: view_location, text: Store, latLong: { latitude: 52.52, longitude: 13.4 }, label: Berlin }\n')), []);
  // latLong and query together: rcs-view-location-mixed's warning alone (trial-br F4: keep one; Google says no more)
  assert.equal(lint(rcs('  type: text\n  message: Hi\n  suggestions:\n    - { action: view_location, text: Store, latLong: { latitude: 52.52, longitude: 13.4 }, query: Berlin }\n')).map((x) => x.ruleId), ['rcs-view-location-mixed']);
  assert.match(chipEffect({ action: 'view_location', query: 'pizza' }), /\(Android Messages only\)$/);
  assert.not.match(chipEffect({ action: 'view_location', latLong: { latitude: 1, longitude: 2 } }), /Android/);
});

test('a card whose media is a PDF or audio is drawn as a file tile with its name (not an image that shows nothing), and said why', () => {
  const VERTICAL = { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'MEDIUM' };
  const pdf = page({ type: 'rich_card', richCards: [{ title: 'Your invoice', fileUrl: 'https://cdn.example.com/rbm/invoice-0042.pdf' }], rcsRichCardsOpts: VERTICAL });
  assert.match(pdf, /<div class="card-media file" style="height:168px" role="img" aria-label="Card PDF: invoice-0042.pdf" data-testid="card-file">/);
  assert.match(pdf, /invoice-0042\.pdf<\/span>/);
  assert.not.match(pdf, /<img[^>]*invoice-0042/);
  assert.match(pdf, /data-testid="card-file-note">A PDF as a card's media: Google Messages shows it only in India/);
  const audio = page({ type: 'rich_card', richCards: [{ title: 'Jingle', fileUrl: 'https://cdn.example.com/rbm/jingle.mp3' }, { title: 'Photo', fileUrl: 'https://cdn.example.com/rbm/p.png' }], rcsRichCardsOpts: { type: 'CAROUSEL', cardWidth: 'MEDIUM', mediaHeight: 'MEDIUM' } });
  assert.match(audio, /aria-label="Card 1 audio: jingle.mp3" data-testid="card-file"/);
  assert.match(audio, /An audio file as a card's media/);
  // a picture is a picture, with no note
  assert.match(audio, /<img[^>]*p\.png/);
  assert.is((audio.match(/data-testid="card-file-note"/g) ?? []).length, 1);
});

test.run();
