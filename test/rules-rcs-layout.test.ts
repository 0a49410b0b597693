// Rich cards name the layout RBM requires (rule rcs-card-size, a warning): a standalone card its
// orientation ("Required. Orientation of the card."), cards without rcsRichCardsOpts at all are
// told the layout to write. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.ruleId}@${d.line}:${d.column}`);

const card = (opts: string | undefined, n = 1): string => [
  'channel: telco-rcs', 'name: plan_card', 'language: en_GB', 'message:', '  type: rich_card', '  richCards:',
  ...Array.from({ length: n }, (_, i) => [`    - title: "Unlimited plan ${i + 1}"`, '      description: "All the data you need."', `      fileUrl: https://cdn.telco.example/plan-${i + 1}.png`]).flat(),
  ...(opts ? [`  rcsRichCardsOpts: ${opts}`] : []),
].join('\n') + '\n';

test('a standalone card without its orientation, and cards without any layout, are told what to write', () => {
  assert.equal(lint(card('{ type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }')), []);
  assert.equal(lint(card('{ type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }')), []);
  assert.equal(lint(card('{ type: STANDALONE, mediaHeight: MEDIUM }')), ['rcs-card-size@10:3']);
  assert.equal(lint(card(undefined)), ['rcs-card-size@6:3']);
  // several cards without a layout: told the layout is missing (a carousel's), at richCards as one card is, by that rule alone
  // (not "a STANDALONE message" the file never wrote: trial-af F4)
  assert.equal(lint(card(undefined, 2)), ['rcs-standalone-count@6:3']);
  assert.equal(lint(card('{ type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: SHORT }', 2)), []);
});

test('several cards whose rcsRichCardsOpts names no type are told to name CAROUSEL, not that they are STANDALONE (trial-af F4)', () => {
  const said = finishProject([lintBytes('t.yaml', Buffer.from(card('{ cardWidth: MEDIUM, mediaHeight: SHORT }', 2)), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
  assert.equal(said.map((d) => `${d.ruleId}@${d.line}:${d.column}`), ['rcs-standalone-count@13:3']);
  assert.not.match(said[0]!.message, /STANDALONE/);
  assert.match(said[0]!.message, /names no type.*`type: CAROUSEL`/);
});

test.run();
