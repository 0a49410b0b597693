// A sample written as Meta's documents write it (a media header's `example: { header_handle: [URL] }`,
// a URL button's `example: [URL]`) is one mistake, said once: the schema's finding, with the line to
// write. The rules that ask for a missing sample ("needs `example`") do not also say it is missing.
// In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const now = new Date('2026-01-01T00:00:00Z');
const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} }).filter((d) => d.severity === 'error');

const HEAD = 'channel: shop-whatsapp\nname: metaish\nlanguage: en_US\ncategory: MARKETING\n';
const BODY = 'body:\n  text: "Hi {{1}}, use code {{2}} for 25% off all packages this week."\n  examples: { 1: Pablo, 2: CARIBE25 }\n';

test('a media header\'s `header_handle` and a URL button\'s list of samples: one finding each, saying what to write', () => {
  const text = `${HEAD}header: { format: IMAGE, example: { header_handle: ["https://cdn.example.com/x.png"] } }\n${BODY}buttons:\n  - { type: URL, text: Book now, url: "https://travel.example.com/offers?code={{1}}", example: ["https://travel.example.com/offers?code=n3mtql"] }\n`;
  const found = lint(text);
  assert.is(found.length, 2, found.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`).join('\n'));
  const [header, button] = found;
  assert.is(header!.line, 5);
  assert.match(header!.message, 'write the one sample itself: `example: "https://cdn.example.com/x.png"`');
  assert.match(header!.message, 'header_handle');
  assert.is(button!.line, 10);
  assert.match(button!.message, 'write the one sample itself: `example: "https://travel.example.com/offers?code=n3mtql"`');
  assert.not.match(found.map((d) => d.message).join('\n'), /needs `example`|add `example:`/);
});

test('a carousel card\'s header and URL button in Meta\'s shapes: one finding each', () => {
  const card = (n: number) => `  - header: { format: IMAGE, example: { header_handle: ["https://cdn.example.com/p${n}.png"] } }\n    body: { text: "Card ${n} of the spring range." }\n    buttons:\n      - { type: URL, text: Buy, url: "https://shop.example.com/p/{{1}}", example: ["https://shop.example.com/p/${n}"] }\n`;
  const text = `${HEAD}body:\n  text: "New arrivals for you, {{1}}: swipe to see them."\n  examples: { 1: Ana }\ncarousel:\n${card(1)}${card(2)}`;
  const found = lint(text);
  assert.is(found.length, 4, found.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`).join('\n'));
  assert.ok(found.every((d) => d.message.includes('write the one sample itself')), found.map((d) => d.message).join('\n'));
});

test('a sample left out is still said as missing', () => {
  const found = lint(`${HEAD}header: { format: IMAGE }\n${BODY}buttons:\n  - { type: URL, text: Book now, url: "https://travel.example.com/offers?code={{1}}" }\n`);
  assert.match(found.map((d) => d.message).join('\n'), /needs `example`/);
  assert.match(found.map((d) => d.message).join('\n'), /add `example:` with a full sample URL/);
});

test.run();
