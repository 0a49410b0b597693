// The editor's outline of a template (src/lsp/symbols.ts, textDocument/documentSymbol): keys at
// their places in the LSP's positions (UTF-16 columns after emoji and Arabic text), a list's items
// named by index and what they are, a file that does not parse yet outlined as far as it goes,
// an alias shown and not followed, and the size of the answer bounded.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { flatSymbols, SYMBOL_KIND, templateSymbols } from '../src/lsp/symbols.ts';

const TEXT = [
  'channel: shop-whatsapp',
  'name: order_ready',
  'language: ar',
  'category: UTILITY',
  'header: { format: TEXT, text: "🎉 طلبك جاهز" }',
  'body:',
  '  text: "مرحبا {{name}}، طلبك {{order}} جاهز"',
  '  examples: { name: "سارة", order: A-1 }',
  'buttons:',
  '  - { type: QUICK_REPLY, text: "شكرا" }',
  '  - type: URL',
  '    text: Track',
  '    url: https://example.com/t/{{1}}',
  '    example: https://example.com/t/A-1',
  '',
].join('\n');

test('every key at its place; a list\'s items by index and what they are; UTF-16 columns', () => {
  const s = templateSymbols(TEXT);
  assert.equal(s.map((x) => x.name), ['channel', 'name', 'language', 'category', 'header', 'body', 'buttons']);
  assert.is(s[1]!.detail, 'order_ready');
  assert.is(s[1]!.kind, SYMBOL_KIND.String);
  assert.equal(s[1]!.selectionRange, { start: { line: 1, character: 0 }, end: { line: 1, character: 4 } });
  const header = s[4]!;
  assert.is(header.kind, SYMBOL_KIND.Object);
  assert.equal(header.children!.map((x) => [x.name, x.detail]), [['format', 'TEXT'], ['text', '🎉 طلبك جاهز']]);
  // the flow mapping's `text` key: after `header: { format: TEXT, ` (24 UTF-16 units)
  assert.equal(header.children![1]!.selectionRange.start, { line: 4, character: 24 });
  // the value's end: the emoji counts two UTF-16 units, each Arabic letter one
  assert.equal(header.children![1]!.range.end, { line: 4, character: 24 + 'text: "🎉 طلبك جاهز"'.length });
  assert.is('text: "🎉 طلبك جاهز"'.length, 20, 'the emoji is two units');
  const buttons = s[6]!;
  assert.is(buttons.kind, SYMBOL_KIND.Array);
  assert.is(buttons.detail, '2 items');
  assert.equal(buttons.children!.map((x) => x.name), ['[0] QUICK_REPLY: شكرا', '[1] URL: Track']);
  assert.equal(buttons.children![1]!.range, { start: { line: 10, character: 4 }, end: { line: 14, character: 0 } });
  assert.equal(buttons.children![1]!.children!.map((x) => x.name), ['type', 'text', 'url', 'example']);
  const body = s[5]!;
  assert.equal(body.range, { start: { line: 5, character: 0 }, end: { line: 8, character: 0 } });
  assert.equal(body.children![1]!.children!.map((x) => [x.name, x.detail]), [['name', 'سارة'], ['order', 'A-1']]);
});

test('a file being typed: the outline of what parses; an alias is named, not followed; no mapping, no outline', () => {
  const half = templateSymbols('name: x\nbody:\n  text: "unclosed\nbuttons: [');
  assert.equal(half.map((x) => x.name).slice(0, 2), ['name', 'body']);
  const aliased = templateSymbols('body: &b\n  text: Hi\nfooter: *b\n');
  assert.equal(aliased.map((x) => [x.name, x.detail ?? '']), [['body', ''], ['footer', '*b']]);
  assert.is(aliased[1]!.children, undefined);
  assert.equal(templateSymbols(''), []);
  assert.equal(templateSymbols('just a line of text'), []);
});

test('a long value is cut to one line; the answer is bounded on a huge file', () => {
  const long = templateSymbols(`body:\n  text: |\n    ${'word '.repeat(40)}\n    second line\n`);
  const detail = long[0]!.children![0]!.detail!;
  assert.ok(detail.length <= 60 && detail.endsWith('…') && !detail.includes('\n'), detail);
  const huge = templateSymbols(Array.from({ length: 20000 }, (_, i) => `k${i}: v`).join('\n'));
  assert.is(huge.length, 5000);
});

test('for a client without the nested form: a flat list, each symbol with the name of the one it is in', () => {
  const flat = flatSymbols(templateSymbols(TEXT), 'file:///t.yaml');
  assert.equal(flat.slice(0, 2).map((x) => [x.name, x.containerName]), [['channel', undefined], ['name', undefined]]);
  assert.ok(flat.some((x) => x.name === 'url' && x.containerName === 'buttons.[1] URL: Track'), JSON.stringify(flat.map((x) => [x.name, x.containerName])));
  assert.ok(flat.every((x) => x.location.uri === 'file:///t.yaml'));
});

test.run();
