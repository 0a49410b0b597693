// A GIF header outside a MARKETING template is an error (header-gif-category): WhatsApp takes GIF
// headers only for marketing messages, and `tplsync new` refuses a gif template of another
// category; a sample that is not an mp4 stays header-gif's warning. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (category: string, example = 'https://cdn.example.com/a.mp4'): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(`channel: shop-whatsapp\nname: gif_util\nlanguage: en_US\ncategory: ${category}\nheader: { format: GIF, example: "${example}" }\nbody:\n  text: "Hi {{1}}, your order has left our warehouse today."\n  examples: { 1: Ana }\n`), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.severity} ${d.ruleId}@${d.line}:${d.column}`);

test('a GIF header on a UTILITY template is an error, on a MARKETING one nothing', () => {
  assert.equal(lint('UTILITY'), ['error header-gif-category@5:19']);
  assert.equal(lint('MARKETING'), []);
});

test('a GIF sample that is not an mp4 stays a warning (header-gif)', () => {
  assert.equal(lint('MARKETING', 'https://cdn.example.com/a.gif'), ['warning header-gif@5:33']);
});

test.run();
