// RCS texts are counted with their samples filled in (rule rcs-rendered-length, a warning as
// rendered-length is): a message text, a card title or a description within RBM's limit as written
// (3072, 200, 2000) that its samples take past it is told, since send refuses such values. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.ruleId}:${d.severity}@${d.line}:${d.column}`);

const SAMPLE = 'examples: { x: Alexandria-Longname }';
const text = (message: string, examples = SAMPLE): string => [
  'channel: shop-rcs', 'name: long_text', 'language: en_US', 'message:', '  type: text', `  message: "${message}"`, `  ${examples}`,
].join('\n') + '\n';
const card = (title: string, description: string): string => [
  'channel: shop-rcs', 'name: long_card', 'language: en_US', 'message:', '  type: rich_card', '  richCards:',
  `    - title: "${title}"`, `      description: "${description}"`, '      fileUrl: https://cdn.example.com/new/card.jpg',
  `  ${SAMPLE}`, '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }',
].join('\n') + '\n';

test('a text message of 3066 characters as written, 3080 with its sample, is told; within 3072 with it, not', () => {
  assert.equal(lint(text(`${'M'.repeat(3060)} {{x}}`)), ['rcs-rendered-length:warning@6:12']);
  assert.equal(lint(text(`${'M'.repeat(3050)} {{x}}`)), []);
  // no sample: nothing to fill in (the placeholder's rule says the sample is missing, if it is)
  assert.not.ok(lint(text(`${'M'.repeat(3060)} {{x}}`, 'examples: { y: Alexandria-Longname }')).some((f) => f.startsWith('rcs-rendered-length')));
  // over the limit as written: the length rule's finding, not this one's too
  assert.equal(lint(text(`${'M'.repeat(3070)} {{x}}`)).filter((f) => f.startsWith('rcs-')), ['rcs-message-length:error@6:12']);
});

test('a card title of 196 characters (210 with its sample) and a description of 1996 (2010) are told', () => {
  // texts this long do not fit a card under MEDIUM media either: the phone cuts them (rcs-card-height, at the card)
  const cut = 'rcs-card-height:warning@7:7';
  assert.equal(lint(card(`${'T'.repeat(190)} {{x}}`, 'Fresh styles every week.')), [cut, 'rcs-rendered-length:warning@7:14']);
  assert.equal(lint(card('New arrivals', `${'D'.repeat(1990)} {{x}}`)), [cut, 'rcs-rendered-length:warning@8:20']);
  assert.equal(lint(card(`${'T'.repeat(180)} {{x}}`, `${'D'.repeat(1980)} {{x}}`)), [cut]);
});

test.run();
