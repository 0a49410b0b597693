// A GIF header outside a MARKETING template is an error (header-gif-category): WhatsApp takes GIF
// headers only for marketing messages, and `tplsync new` refuses a gif template of another
// category; a sample that is not an mp4 stays header-gif's warning. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const diagnostics = (category: string, example = 'https://cdn.example.com/a.mp4') =>
  finishProject([lintBytes('t.yaml', Buffer.from(`channel: shop-whatsapp\nname: gif_util\nlanguage: en_US\ncategory: ${category}\nheader: { format: GIF, example: "${example}" }\nbody:\n  text: "Hi {{1}}, your order has left our warehouse today."\n  examples: { 1: Ana }\n`), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const lint = (category: string, example?: string): string[] => diagnostics(category, example).map((d) => `${d.severity} ${d.ruleId}@${d.line}:${d.column}`);

test('a GIF header on a UTILITY template is an error, on a MARKETING one nothing', () => {
  assert.equal(lint('UTILITY'), ['error header-gif-category@5:19']);
  assert.equal(lint('MARKETING'), []);
});

test('a GIF sample that is not an mp4 stays a warning (header-gif)', () => {
  assert.equal(lint('MARKETING', 'https://cdn.example.com/a.gif'), ['warning header-gif@5:33']);
});

// verify-9: an AUTHENTICATION template with a GIF header was told both to remove the header and to use IMAGE or VIDEO
test('on an AUTHENTICATION template the GIF finding says to remove the header, as authentication\'s finding does', () => {
  const gif = diagnostics('AUTHENTICATION').filter((d) => d.ruleId === 'header-gif-category');
  assert.is(gif.length, 1);
  assert.match(gif[0]!.message, 'takes no header at all: remove the header');
  assert.not.match(gif[0]!.message, 'IMAGE or VIDEO');
});

test.run();
