// A malformed placeholder's suggestion and its sample (trial-aj 9, 10): `{{bookingId}}` is told to
// write {{booking_id}} (Meta: a named parameter is lowercase letters, digits and underscores; the
// camelCase word boundary kept, not {{bookingid}}), and a sample that is right for what the text
// means (`{{04}}` with sample 4) is not told "remove it": the fix is in the text. lint --fix keeps
// every sample with the placeholder it was written for. Pure (lintBytes, fixText), in-process.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { NAMED, placeholderKeyMeant, placeholderNameMeant, scanPlaceholders } from '../src/model/placeholders.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixText } from '../src/lint/fix.ts';
import type { Diagnostic } from '../src/core/diagnostic.ts';

const now = new Date('2026-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const said = (text: string): string[] => findings(text).map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`);
const head = (name: string, category = 'UTILITY') => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_GB\ncategory: ${category}\n`;

test('placeholderNameMeant: camelCase, PascalCase, kebab-case, spaces and capitals are snake_case', () => {
  const cases: [string, string | undefined][] = [
    ['tableNumber', 'table_number'], ['GuestName', 'guest_name'], ['check-in-date', 'check_in_date'], ['Party Size', 'party_size'],
    ['ROOM_TYPE', 'room_type'], ['reservationID', 'reservation_id'], ['HTMLLink', 'html_link'], ['seat2B', 'seat2b'], ['order2Date', 'order2_date'], ['ROOM_2B', 'room_2b'],
    ['guest_name', 'guest_name'], ['_internal', '_internal'], ['Café', 'cafe'], ['2ndGuest', undefined], ['#', undefined], ['名前', undefined],
  ];
  assert.equal(cases.map(([k]) => [k, placeholderNameMeant(k)]), cases);
});

test('placeholderNameMeant (property): every suggestion is a valid name, stays as it is when asked again, and a snake_case name is unchanged', () => {
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (k) => {
    const n = placeholderNameMeant(k);
    if (n === undefined) return;
    assert.ok(NAMED.test(n), `${JSON.stringify(k)} -> ${JSON.stringify(n)}`);
    assert.is(placeholderNameMeant(n), n);
  }), { numRuns: 3000 });
  // names made of words the way people write them: camel, Pascal, kebab, spaced, upper
  // (a word of two letters or more: `aAA` could be a + AA as well as a + a + a)
  const word = fc.stringMatching(/^[a-z]{2}[a-z0-9]{0,6}$/);
  fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.constantFrom('camel', 'pascal', 'kebab', 'space', 'upper'), (ws, style) => {
    const snake = ws.join('_');
    assert.is(placeholderNameMeant(snake), snake);
    const cap = (w: string): string => w[0]!.toUpperCase() + w.slice(1);
    const written = { camel: ws[0]! + ws.slice(1).map(cap).join(''), pascal: ws.map(cap).join(''), kebab: ws.join('-'), space: ws.join(' '), upper: snake.toUpperCase() }[style];
    const n = placeholderNameMeant(written);
    assert.ok(n !== undefined && NAMED.test(n), `${written} -> ${String(n)}`);
    // the words the user wrote, kept apart
    assert.is(n, snake, `${written} (${style})`);
  }), { numRuns: 2000 });
  fc.assert(fc.property(fc.stringMatching(/^[a-z_][a-z0-9_]{0,20}$/), (name) => { assert.is(placeholderNameMeant(name), name); }), { numRuns: 1000 });
});

test('placeholderKeyMeant: the key placeholder-syntax tells the user to write', () => {
  const meant = (t: string) => scanPlaceholders(t).problems.map(placeholderKeyMeant);
  assert.equal(meant('a {{007}} b {{ 3 }} c {{partySize}} d {{0}} e {{1}'), ['7', '3', 'party_size', undefined, undefined]);
  assert.equal(meant('{{02000}}'), [undefined]); // above the largest placeholder number: no key
});

test('{{tableNumber}} is told {{table_number}}; its sample key tableNumber is told table_number too', () => {
  const all = said(`${head('table_ready')}body:\n  text: "Good evening {{GuestName}}, table {{tableNumber}} is ready for you now at the front."\n  examples: { GuestName: Priya, tableNumber: "12" }\n`);
  assert.ok(all.some((f) => /placeholder-syntax Malformed placeholder "\{\{tableNumber\}\}": a name is lowercase letters, digits and _: write \{\{table_number\}\}\.$/.test(f)), all.join('\n'));
  assert.ok(all.some((f) => /placeholder-syntax Malformed placeholder "\{\{GuestName\}\}": .*write \{\{guest_name\}\}\.$/.test(f)), all.join('\n'));
  assert.ok(all.some((f) => /schema Sample key 'tableNumber' .*did you mean 'table_number'\?$/.test(f)), all.join('\n'));
  assert.not.ok(all.some((f) => /tablenumber|guestname/.test(f)), all.join('\n'));
});

test('a sample right for what a malformed placeholder means is not told "remove it": {{002}} with sample 2, {{partySize}} with sample party_size, a card\'s {{01}}', () => {
  const a = said(`${head('booked')}body:\n  text: "Your table for {{1}} is booked for {{002}} at our riverside restaurant."\n  examples: { 1: four, 2: Friday }\n`);
  assert.ok(a.some((f) => /placeholder-syntax .*"\{\{002\}\}": a number has no leading zero: write \{\{2\}\}\.$/.test(f)), a.join('\n'));
  assert.equal(a.filter((f) => / placeholder-sample /.test(f)), [], a.join('\n'));
  const b = said(`${head('party')}body:\n  text: "Hi {{guest}}, we have noted a party of {{partySize}} for your booking tonight."\n  examples: { guest: Priya, party_size: six }\n`);
  assert.equal(b.filter((f) => / placeholder-sample /.test(f)), [], b.join('\n'));
  assert.ok(b.some((f) => /placeholder-syntax .*write \{\{party_size\}\}\.$/.test(f)), b.join('\n'));
  const card = (n: number) => `  - header: { format: IMAGE, example: "https://cdn.example.com/dish${n}.png" }\n    body:\n      text: "Dish of the day {{01}}, served until late."\n      examples: { 1: risotto }\n    buttons:\n      - { type: QUICK_REPLY, text: Reserve }\n`;
  const c = said(`${head('dishes', 'MARKETING')}body:\n  text: "Our chef picked these for you this week: swipe to see them."\ncarousel:\n${card(1)}${card(2)}`);
  assert.equal(c.filter((f) => / carousel-card-placeholders .*remove it/.test(f)), [], c.join('\n'));
  // a sample of no placeholder at all is still told
  const d = said(`${head('spare')}body:\n  text: "Your table for {{1}} is booked for {{002}} at our riverside restaurant."\n  examples: { 1: four, 2: Friday, 5: spare }\n`);
  assert.ok(d.some((f) => / placeholder-sample Sample '5' has no placeholder \{\{5\}\} in body; remove it or fix its key\.$/.test(f)), d.join('\n'));
});

test('lint --fix: {{002}} is written {{2}} and keeps its sample; a gap behind it renumbers with the samples; a camelCase name is left with its sample', () => {
  const file = `${head('booked')}body:\n  text: "Your table for {{1}} on {{3}} is booked for {{004}} at our riverside restaurant."\n  examples: { 1: four, 3: Friday, 4: "8 pm" }\n`;
  const r = fixText(file, { findings, now });
  assert.is(r.refused, undefined);
  assert.is(parse(r.text).body.text, 'Your table for {{1}} on {{2}} is booked for {{3}} at our riverside restaurant.');
  assert.equal(parse(r.text).body.examples, { 1: 'four', 2: 'Friday', 3: '8 pm' });
  assert.equal(r.left.filter((d) => d.severity === 'error'), []);
  const named = `${head('party')}body:\n  text: "Hi {{guest}}, we have noted a party of {{partySize}} for your booking tonight."\n  examples: { guest: Priya, partySize: six }\n`;
  const n = fixText(named, { findings, now });
  assert.equal(parse(n.text), parse(named)); // nothing dropped, nothing renamed halfway
});

test.run();
