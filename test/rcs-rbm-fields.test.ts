// What Google's RBM reference says of a field, as lint reads it (trial-s F2, F3, F4, F5, F10): a
// card's texts counted in characters, a field Google ignores only warned of, an RBM field the
// partner API does not carry refused as such (never as another action's key), previewUrl checked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const rcs = (message: string): string => `channel: air-rcs\nname: probe\nlanguage: en_US\nmessage:\n${message}`;

test('F2: an 80-character Japanese card title (240 bytes of UTF-8) is within RBM\'s 200 characters', () => {
  const title = 'ご搭乗ありがとうございます'.repeat(6) + '東京';
  assert.is([...title].length, 80);
  const d = lint(rcs(`  type: rich_card\n  richCards:\n    - title: "${title}"\n      description: 説明\n      fileUrl: https://cdn.example.com/a.jpg\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n`));
  assert.equal(d.map((x) => `${x.ruleId}: ${x.message}`), []);
  // 201 characters is still over
  const over = lint(rcs(`  type: rich_card\n  richCards:\n    - title: "${'東'.repeat(201)}"\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }\n`));
  assert.equal(over.map((x) => x.ruleId), ['rcs-card-text-length']);
});

test('F5: mediaHeight on a HORIZONTAL standalone card is a warning that Google ignores it, not an error', () => {
  const d = lint(rcs(`  type: rich_card\n  richCards:\n    - { title: Your lounge pass, fileUrl: "https://cdn.example.com/lounge.jpg" }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT, mediaHeight: MEDIUM }\n`));
  assert.equal(d.map((x) => [x.ruleId, x.severity]), [['rcs-horizontal-media-height', 'warning']]);
  assert.match(d[0]!.message, /ignored/);
});

const suggestion = (s: string): string => rcs(`  type: text\n  message: Hello\n  suggestions:\n    - ${s}\n`);

test('F3: RBM\'s openUrlAction.description and SuggestedAction.fallbackUrl are said not carried, not a calendar key', () => {
  const d = lint(suggestion('{ action: open_url, text: Site, postbackData: "https://example.com", openUrlApplication: WEBVIEW, webviewType: FULL, description: "Opens our check-in page" }'));
  assert.is(d.length, 1);
  assert.is(d[0]!.ruleId, 'rcs-action-keys');
  assert.match(d[0]!.message, /^'description' on an open_url suggestion is RBM's openUrlAction\.description .* not carried/);
  assert.not.match(d[0]!.message, /calendar/);
  const f = lint(suggestion('{ action: reply, text: Yes, postbackData: yes, fallbackUrl: "https://example.com" }'));
  assert.is(f.length, 1);
  assert.match(f[0]!.message, /^'fallbackUrl' on a reply suggestion is RBM's SuggestedAction\.fallbackUrl .* not carried/);
  // the calendar's own description is still its own
  assert.equal(lint(suggestion('{ action: create_calendar_event, text: Add, startTime: "2030-05-04T08:00:00Z", endTime: "2030-05-04T09:00:00Z", title: Flight, description: SK123 }')).map((x) => x.message), []);
});

test('F4: messageTrafficType is said to be RBM\'s field the partner API does not carry', () => {
  const d = lint(rcs('  type: text\n  message: Hello\n  messageTrafficType: TRANSACTION\n'));
  assert.is(d.length, 1);
  assert.is(d[0]!.ruleId, 'schema');
  assert.match(d[0]!.message, /^'messageTrafficType' is RBM's AgentMessage\.messageTrafficType .* not carried: the partner API's template has no field for it/);
});

test('F10: message.previewUrl is checked as every other URL: another scheme or a space is refused', () => {
  const ftp = lint(rcs('  type: text\n  message: See our new lounge\n  previewUrl: "ftp://not a url"\n'));
  assert.equal(ftp.map((x) => x.ruleId), ['rcs-preview-url']);
  const space = lint(rcs('  type: text\n  message: See our new lounge\n  previewUrl: "https://example.com/new lounge"\n'));
  assert.equal(space.map((x) => x.ruleId), ['rcs-preview-url']);
  assert.equal(lint(rcs('  type: text\n  message: See our new lounge\n  previewUrl: "https://example.com/lounge"\n')), []);
  assert.equal(lint(rcs('  type: text\n  message: See our new lounge\n  previewUrl: null\n')), []);
});

test.run();
