// A placeholder in a media URL (a card's fileUrl, a picture message's, a media header's sample) is
// said as what it is: placeholders are not filled in there. The URL is absolute; "must be an
// absolute URL" sent the author looking for the wrong mistake. A URL that is not absolute is
// still told so. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
  .map((d) => ({ at: `${d.ruleId}@${d.line}:${d.column}`, message: d.message }));

const card = (fileUrl: string): string => [
  'channel: shop-rcs', 'name: product_card', 'language: en_US', 'message:', '  type: rich_card', '  richCards:',
  '    - title: "Your pick: {{sku}}"', `      fileUrl: "${fileUrl}"`, '  examples: { sku: A-1042 }',
  '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }',
].join('\n') + '\n';

test('a placeholder in a card\'s fileUrl: the finding says placeholders are not filled in there, not that the URL is not absolute', () => {
  const found = lint(card('https://cdn.example.com/p/{{sku}}.png'));
  assert.equal(found.map((f) => f.at), ['schema@8:16']);
  assert.match(found[0]!.message, /cannot hold a placeholder: \{\{sku\}\} is not filled in there, the media URL is sent as written/);
  assert.not.match(found[0]!.message, /absolute URL/);
});

test('a picture message\'s fileUrl and a media header\'s sample say the same of a placeholder; a relative URL is still not absolute', () => {
  const picture = ['channel: shop-rcs', 'name: picture', 'language: en_US', 'message:', '  type: picture', '  fileUrl: "https://cdn.example.com/{{1}}.jpg"', '  examples: { 1: a }'].join('\n') + '\n';
  assert.match(lint(picture).map((f) => f.message).join('\n'), /cannot hold a placeholder: \{\{1\}\}/);
  const header = ['channel: shop-whatsapp', 'name: media', 'language: en_US', 'category: UTILITY', 'header: { format: IMAGE, example: "https://cdn.example.com/{{1}}.png" }', 'body: { text: Your parcel is on its way to you now. }'].join('\n') + '\n';
  assert.match(lint(header).map((f) => f.message).join('\n'), /cannot hold a placeholder: \{\{1\}\} is not filled in there, the sample is the URL of a real file/);
  const relative = lint(card('/p/a.png'));
  assert.match(relative.map((f) => f.message).join('\n'), /must be an absolute URL, got "\/p\/a\.png"/);
});

test.run();
