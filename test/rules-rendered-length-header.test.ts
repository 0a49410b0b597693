// A TEXT header is counted with its sample filled in (rule rendered-length, a warning as for the
// body): a header within WhatsApp's 60 characters as written that its sample takes past them is
// told, since `tplsync send` refuses such a value (and WhatsApp such a message). In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { renderTemplate } from '../src/send/render.ts';
import { templateMeta } from '../src/model/meta.ts';
import { fromFile } from '../src/model/canonical.ts';
import { load } from 'js-yaml';

const lint = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.ruleId}:${d.severity}@${d.line}:${d.column}`);
const messages = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} }).map((d) => d.message);

const template = (header: string, body = 'Hello {{1}}, your order is ready for pickup at the store.\n  examples: { 1: Ana }') => [
  'channel: shop-whatsapp', 'name: long_header', 'language: en_US', 'category: UTILITY', header, 'body:', `  text: ${body}`,
].join('\n') + '\n';

test('a header of 18 characters that its 50-character sample takes to 63 is told at the header\'s text; with a 40-character sample (53), not', () => {
  const long = template(`header: { format: TEXT, text: "Order {{1}} update", examples: { 1: "${'X'.repeat(50)}" } }`);
  assert.equal(lint(long), ['rendered-length:warning@5:31']);
  assert.match(messages(long)[0]!, 'With its sample the header is 63 characters (18 as written); WhatsApp takes at most 60');
  assert.equal(lint(template(`header: { format: TEXT, text: "Order {{1}} update", examples: { 1: "${'X'.repeat(40)}" } }`)), []);
  // and send refuses the same value: the limit lint warns of is the one send holds
  const meta = templateMeta(fromFile(load(long) as Record<string, unknown>, 'shop-whatsapp', ''), 'shop-whatsapp');
  assert.throws(() => renderTemplate(meta, { header_1: 'X'.repeat(50), 1: 'Ana' }), /the header of .* is 63 characters; WhatsApp takes at most 60/);
});

test('a named header placeholder takes the body\'s sample of the same name unless the header has its own; over 60 as written is header-text\'s alone', () => {
  const body = 'Hello {{customer}}, your order is ready for pickup.\n  examples: { customer: "' + 'C'.repeat(58) + '" }';
  assert.equal(lint(template('header: { format: TEXT, text: "For {{customer}} today" }', body)), ['rendered-length:warning@5:31']);
  assert.equal(lint(template('header: { format: TEXT, text: "For {{customer}} today", examples: { customer: Ana } }', body)).filter((f) => f.startsWith('rendered-length')), []);
  // a numbered header placeholder is header_1, not the body's {{1}}: the body's sample is not its
  assert.equal(lint(template('header: { format: TEXT, text: "Order {{1}} update", examples: { 1: A-7 } }', `Hello {{1}}, your order is ready.\n  examples: { 1: "${'B'.repeat(60)}" }`)), []);
  assert.equal(lint(template(`header: { format: TEXT, text: "${'H'.repeat(58)} {{1}}", examples: { 1: A-7 } }`)), ['header-text:error@5:31']);
});

test('the body and the header of one template are told each at its own text', () => {
  const body = `"Dear {{1}}, ${'filler text for the length check. '.repeat(28)}Ref {{2}} end."\n  examples: { 1: "${'A'.repeat(60)}", 2: "${'B'.repeat(60)}" }`;
  const found = lint(template(`header: { format: TEXT, text: "Order {{1}} update", examples: { 1: "${'X'.repeat(50)}" } }`, body));
  assert.equal(found, ['rendered-length:warning@5:31', 'rendered-length:warning@7:9']);
});

test.run();
