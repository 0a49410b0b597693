// A button label is plain text: Meta's Graph API refuses a template whose button holds a variable,
// a newline, an emoji or formatting characters (subcode 2388060, "Button format is incorrect"), on
// the template's buttons and on a carousel card's. The placeholder is found by the one scanner,
// whatever its syntax. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (lines: string[]): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(lines.join('\n') + '\n'), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.ruleId}@${d.line}:${d.column}`);

const head = ['channel: shop-whatsapp', 'name: btn_chars', 'language: en_US', 'category: MARKETING',
  'body: { text: "Hi {{1}}, would you like to hear about our autumn plant sale next week?", examples: { 1: Ana } }'];

test('an emoji, formatting marks, a line break or a placeholder in a template button\'s label is refused, each where it is', () => {
  assert.equal(lint([...head, 'buttons:',
    '  - { type: QUICK_REPLY, text: "Yes please 👍" }',
    '  - { type: QUICK_REPLY, text: "*Not now*" }',
    '  - { type: QUICK_REPLY, text: "Stop\\nall" }',
    '  - { type: QUICK_REPLY, text: "Ask {{ name }}" }',
    '  - { type: URL, text: "Shop 🛒", url: "https://shop.example.com/sale" }',
    '  - { type: PHONE_NUMBER, text: "Call {{1}}", phone_number: "+15550051310" }',
  ]), ['button-label-characters@7:44', 'button-label-characters@8:33', 'button-label-characters@9:37', 'button-label-characters@10:37', 'button-label-characters@11:30', 'button-label-characters@12:39']);
});

test('plain labels pass: a lone asterisk, punctuation, letters of any script', () => {
  assert.equal(lint([...head, 'buttons:',
    '  - { type: QUICK_REPLY, text: "Rate us 5* now" }',
    '  - { type: QUICK_REPLY, text: "¿Más tarde?" }',
    '  - { type: QUICK_REPLY, text: "Ja, gerne!" }',
    '  - { type: QUICK_REPLY, text: "نعم" }',
  ]), []);
});

test('a carousel card\'s button labels are held to the same', () => {
  const card = (label: string, n: number) => [`  - header: { format: IMAGE, example: "https://cdn.example.com/${n}.png" }`, `    body: { text: "Linen shirt number ${n}, now in every size." }`,
    `    buttons: [ { type: QUICK_REPLY, text: "${label}" } ]`];
  assert.equal(lint([...head, 'carousel:', ...card('Buy now', 1), ...card('Buy now 🛍️', 2)]), ['button-label-characters@12:52']);
});

test.run();
