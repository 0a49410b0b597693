// RCS lint against Google's RBM documentation (trial-af F1 to F6): a WEBVIEW link without its view
// mode, Google's ComposeAction and contentInfo.forceRefresh refused by name as not carried, card
// layout options on a message that is not a rich_card said once, several cards without a layout
// told the layout is missing, a sample whose placeholder sits in a media URL not called an orphan,
// and the video types rcs-media names are the ones it lets through.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { rcsRules } from '../src/lint/rules/rcs.ts';
import { chipEffect, chips, renderRcs } from '../src/preview/rcs.ts';
import { fromFile } from '../src/model/canonical.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const rcs = (message: string): string => `channel: air-rcs\nname: probe\nlanguage: en_US\nmessage:\n${message}`;
const suggestion = (s: string): string => rcs(`  type: text\n  message: Visit\n  suggestions:\n    - ${s}\n`);
const said = (d: ReturnType<typeof lint>): string => d.map((x) => `${x.ruleId}: ${x.message}`).join('\n');

test('F1: open_url with openUrlApplication WEBVIEW and no webviewType is a rcs-webview-mode finding (a view mode must be specified)', () => {
  const d = lint(suggestion('{ action: open_url, text: Visit, postbackData: "https://www.example.com/", openUrlApplication: WEBVIEW }'));
  assert.equal(d.map((x) => [x.ruleId, x.severity]), [['rcs-webview-mode', 'warning']], said(d));
  assert.match(d[0]!.message, /webviewType/);
  assert.match(d[0]!.message, /FULL, HALF or TALL/);
  // with its mode: clean; the other direction (a mode without WEBVIEW) still said by the same rule
  assert.equal(lint(suggestion('{ action: open_url, text: Visit, postbackData: "https://www.example.com/", openUrlApplication: WEBVIEW, webviewType: HALF }')), []);
  assert.equal(lint(suggestion('{ action: open_url, text: Visit, postbackData: "https://www.example.com/", openUrlApplication: BROWSER, webviewType: FULL }')).map((x) => x.ruleId), ['rcs-webview-mode']);
});

test('F1: the preview says the webview mode is missing rather than drawing a FULL webview', () => {
  const chip = { action: 'open_url', text: 'Visit', postbackData: 'https://www.example.com/', openUrlApplication: 'WEBVIEW' };
  assert.not.match(chipEffect(chip), /full webview/i);
  assert.match(chipEffect(chip), /view mode missing/);
  const html = chips([chip], 'en');
  assert.not.match(html, /data-webview="FULL"/);
  assert.match(html, /data-webview="UNSPECIFIED"/);
  // a mode the file sets is drawn as before
  assert.match(chipEffect({ ...chip, webviewType: 'TALL' }), /in a tall webview/);
});

test('F2: Google\'s ComposeAction is refused by name as not carried, not as a typo of another action or key', () => {
  const action = lint(suggestion('{ action: compose, text: Record a voice note, postbackData: rec, phoneNumber: "+15556667777" }'));
  assert.ok(action.length >= 1, said(action));
  assert.ok(action.every((x) => /ComposeAction/.test(x.message) && /not carried/.test(x.message)), said(action));
  assert.not.match(said(action), /is not a valid/);
  for (const key of ['composeTextMessage', 'composeRecordingMessage']) {
    const d = lint(suggestion(`{ action: reply, text: Draft, postbackData: draft, ${key}: { phoneNumber: "+15556667777", text: "Hi there" } }`));
    assert.equal(d.map((x) => x.ruleId), ['rcs-action-keys'], said(d));
    assert.match(d[0]!.message, new RegExp(`^'${key}' on a reply suggestion is RBM's ComposeAction\\.${key} .* not carried`));
  }
});

test('F2: Google\'s contentInfo.forceRefresh is refused by name as not carried, on a card and on a media message', () => {
  const card = lint(rcs('  type: rich_card\n  richCards:\n    - { title: A, fileUrl: "https://www.example.com/a.jpg", forceRefresh: false }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n'));
  assert.equal(card.map((x) => x.ruleId), ['schema'], said(card));
  assert.match(card[0]!.message, /^'forceRefresh' is RBM's ContentInfo\.forceRefresh .* not carried/);
  const picture = lint(rcs('  type: picture\n  fileUrl: "https://www.example.com/a.jpg"\n  forceRefresh: true\n'));
  assert.equal(picture.map((x) => x.ruleId), ['schema'], said(picture));
  assert.match(picture[0]!.message, /^'forceRefresh' is RBM's ContentInfo\.forceRefresh .* not carried/);
});

test('F3: card layout options or cards on a message that is not a rich_card: one finding, that they belong to type rich_card', () => {
  const cases = [
    '  type: text\n  message: Hi\n  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM }\n',
    '  type: text\n  message: Hi\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }\n',
    '  type: picture\n  fileUrl: "https://www.example.com/a.jpg"\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: TALL }\n',
    '  type: text\n  message: Hi\n  rcsRichCardsOpts: { type: CAROUSEL, orientation: VERTICAL, cardWidth: SMALL, mediaHeight: TALL }\n',
  ];
  for (const c of cases) {
    const d = lint(rcs(c));
    assert.equal(d.map((x) => x.ruleId), ['rcs-message-shape'], `${c}\n${said(d)}`);
    assert.match(d[0]!.message, /rcsRichCardsOpts .*only .*type rich_card/);
    assert.not.match(d[0]!.message, /2 to 10/);
  }
  // a card on a text message: the shape's error alone, no advice to add a layout beside it
  const card = lint(rcs('  type: text\n  message: Hi\n  richCards:\n    - { title: A }\n'));
  assert.equal(card.map((x) => x.ruleId), ['rcs-message-shape'], said(card));
});

test('F4: a rich_card of two cards and no rcsRichCardsOpts is told its layout is missing, not that it is STANDALONE', () => {
  const d = lint(rcs('  type: rich_card\n  richCards:\n    - { title: A }\n    - { title: B }\n'));
  assert.equal(d.length, 1, said(d));
  assert.not.match(d[0]!.message, /A STANDALONE message/);
  assert.match(d[0]!.message, /no layout/);
  assert.match(d[0]!.message, /rcsRichCardsOpts: \{ type: CAROUSEL, cardWidth/);
  // written STANDALONE: said as before, with where CAROUSEL goes
  const s = lint(rcs('  type: rich_card\n  richCards:\n    - { title: A }\n    - { title: B }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }\n'));
  assert.equal(s.map((x) => x.ruleId), ['rcs-standalone-count'], said(s));
  assert.match(s[0]!.message, /A STANDALONE message has exactly one card; it has 2/);
  assert.match(s[0]!.message, /rcsRichCardsOpts\.type/);
});

test('F5: a placeholder in a card\'s media URL is said once; its sample is not said to have no placeholder', () => {
  const d = lint(rcs('  type: rich_card\n  richCards:\n    - { title: A, fileUrl: "https://www.example.com/{{img}}.jpg" }\n  examples: { img: shoe }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n'));
  assert.equal(d.map((x) => x.ruleId), ['schema'], said(d));
  assert.match(d[0]!.message, /cannot hold a placeholder/);
  // a chip's placeholder: rcs-suggestion-placeholder's finding alone
  const chip = lint(rcs('  type: text\n  message: Your parcel\n  examples: { order: A-1042 }\n  suggestions:\n    - { action: reply, text: "Track {{order}}", postbackData: track }\n'));
  assert.equal(chip.map((x) => x.ruleId), ['rcs-suggestion-placeholder'], said(chip));
  // a sample of no placeholder anywhere is still said
  const orphan = lint(rcs('  type: text\n  message: Your parcel\n  examples: { order: A-1042 }\n'));
  assert.equal(orphan.map((x) => x.ruleId), ['placeholder-sample'], said(orphan));
});

test('F6: rcs-media names every video type it lets through (H.263 and MPEG-4 too), in its summary and its message', () => {
  for (const ext of ['mp4', 'm4v', 'mpeg', 'mpg', 'mpeg4', 'h263', 'webm']) {
    const d = lint(rcs(`  type: video\n  fileUrl: "https://www.example.com/clip.${ext}"\n  thumbnailUrl: "https://www.example.com/clip.jpg"\n`));
    assert.equal(d, [], `${ext}: ${said(d)}`);
  }
  const summary = rcsRules.find((r) => r.id === 'rcs-media')!.summary;
  const d = lint(rcs('  type: video\n  fileUrl: "https://www.example.com/clip.3gp"\n  thumbnailUrl: "https://www.example.com/clip.jpg"\n'));
  assert.equal(d.map((x) => x.ruleId), ['rcs-media'], said(d));
  for (const name of ['MP4', 'M4V', 'MPEG', 'MPEG-4', 'H.263', 'WebM']) {
    assert.ok(summary.includes(name), `summary lacks ${name}: ${summary}`);
    assert.ok(d[0]!.message.includes(name), `message lacks ${name}: ${d[0]!.message}`);
  }
});

test('F6: the preview draws a card of every video type rcs-media lets through as a video', () => {
  for (const ext of ['mp4', 'm4v', 'mpeg', 'mpg', 'mpeg4', 'h263', 'webm']) {
    const f = fromFile({ channel: 'shop-rcs', name: 'clip', language: 'en_US', message: { type: 'rich_card', richCards: [{ title: 'A', fileUrl: `https://www.example.com/clip.${ext}`, thumbnailUrl: 'https://www.example.com/clip.jpg' }], rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'MEDIUM' } } }, '3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b', '7563f4f9-7a7c-590e-8843-8b805ca99f15');
    assert.match(renderRcs(f), /data-testid="video"/, ext);
  }
});

test.run();
