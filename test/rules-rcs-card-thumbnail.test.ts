// A card's thumbnail is part of its media (RBM CardContent.media.contentInfo: fileUrl required,
// thumbnailUrl optional): a card with a thumbnailUrl and no fileUrl is an error of rcs-card-content,
// in a standalone card and in a carousel alike. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.ruleId}:${d.severity}@${d.line}:${d.column}`);

const card = (media: string[]): string[] => ['    - title: New arrivals', '      description: Fresh styles every week.', ...media.map((l) => `      ${l}`)];
const file = (cards: string[][], opts: string): string => [
  'channel: shop-rcs', 'name: new_arrivals', 'language: en_US', 'message:', '  type: rich_card', '  richCards:', ...cards.flat(), `  rcsRichCardsOpts: ${opts}`,
].join('\n') + '\n';
const STANDALONE = '{ type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }';
const THUMB = 'thumbnailUrl: https://cdn.example.com/new/thumb.jpg';
const IMAGE = 'fileUrl: https://cdn.example.com/new/arrivals.jpg';

test('a standalone card with a thumbnailUrl and no fileUrl is an error at the thumbnailUrl', () => {
  assert.equal(lint(file([card([THUMB])], STANDALONE)), ['rcs-card-content:error@9:7']);
  assert.equal(lint(file([card([IMAGE, THUMB])], STANDALONE)), []);
  assert.equal(lint(file([card([IMAGE])], STANDALONE)), []);
});

test('in a carousel, the card whose thumbnail has no file is the one told', () => {
  assert.equal(lint(file([card([IMAGE, THUMB]), card([THUMB])], '{ type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }')), ['rcs-card-content:error@13:7']);
});

test.run();
