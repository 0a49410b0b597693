// The repair of text-characters: invisible characters deleted (a tab made a space), curly quotes
// inside a placeholder deleted, those around one kept (typography); joiners doing their job (Persian,
// emoji) kept. A seeded property: one pass leaves nothing the rule finds, a second changes nothing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanText, hiddenCharacters } from '../src/lint/rules/characters.ts';
import { quoteLeadingPlaceholders } from '../src/lint/fix.ts';
import { collectFindings } from '../src/lint/engine.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

test('cleanText: each kind of character, and the joiners that do a job kept', () => {
  assert.is(cleanText('Hi\u200B {{1}}, your\torder is ready'), 'Hi {{1}}, your order is ready');
  // an ESC before a space is the character alone: the word after it stays (a terminal's sequence, ESC [ ... m, goes whole)
  assert.is(cleanText('Hi {{1}}, \u001b escape here'), 'Hi {{1}},  escape here');
  assert.is(cleanText('Hi {{1}}, \u001b[31mred\u001b[0m here'), 'Hi {{1}}, red here');
  // a carriage return between two words is a space (deleted, 'Ordershipped'); one before a line break is deleted
  assert.is(cleanText('Order\rshipped'), 'Order shipped');
  assert.is(cleanText('Line one\r\nline two'), 'Line one\nline two');
  // characters that do a job, kept: a Malayalam chillu (a joiner after the virama at a word's end), the Arabic number sign and
  // end of ayah (drawn), isolates around Latin text in Persian, a zero-width space between Thai words (a line break's place)
  for (const kept of ['\u0D05\u0D35\u0D28\u0D4D\u200D \u0D35\u0D28\u0D4D\u0D28\u0D41', '\u06DD\u0661\u0662 \u0633\u0648\u0631\u0629', '\u0600\u0661\u0662\u0663', '\u0633\u0641\u0627\u0631\u0634 \u2068A-1042\u2069 \u0622\u0645\u0627\u062F\u0647 \u0627\u0633\u062A', '\u0E2A\u0E27\u0E31\u0E2A\u0E14\u0E35\u200B\u0E04\u0E23\u0E31\u0E1A']) {
    assert.equal(hiddenCharacters(kept), [], kept);
    assert.is(cleanText(kept), kept);
  }
  // an isolate in a Latin text is still named
  assert.equal(hiddenCharacters('Order \u2068A-1042\u2069 is ready').length, 2);
  assert.is(cleanText('Your code \u201C{{1}}\u201D is ready'), 'Your code \u201C{{1}}\u201D is ready', 'quotes around a placeholder quote its value: typography, kept');
  assert.is(cleanText('Ihr Artikel \u201E{{2}}\u201C wurde versandt'), 'Ihr Artikel \u201E{{2}}\u201C wurde versandt');
  assert.is(cleanText('Dear \u2018{{name}}\u2019, thanks'), 'Dear \u2018{{name}}\u2019, thanks');
  assert.is(cleanText('Code {{\u201C1\u201D}} now'), 'Code {{1}} now');
  assert.is(cleanText('\u202EHello {{1}}\u202C'), 'Hello {{1}}');
  assert.is(cleanText('می\u200Cخواهم {{1}}'), 'می\u200Cخواهم {{1}}', 'a ZWNJ between Persian letters is spelling');
  assert.is(cleanText('family \u{1F468}\u200D\u{1F469} {{1}}'), 'family \u{1F468}\u200D\u{1F469} {{1}}', 'an emoji sequence');
  // a zero-width joiner where it shapes letters (cursive and Indic scripts, a mark on the letter before it) is kept;
  // between Latin, Cyrillic or kana letters (combining marks or not) it shapes nothing and is named
  for (const kept of ['\u0644\u200D\u0627', '\u0628\u064E\u200D\u062A', '\u0915\u094D\u200D\u0937', '\u0DBB\u200D\u0DCA', 'Auf\u200Clage {{1}}']) assert.equal(hiddenCharacters(kept), [], JSON.stringify(kept));
  for (const named of ['pass\u200Dword {{1}}', 'e\u0301\u200Dx', '\u043F\u200D\u0440', '\u3053\u200D\u3093', 'Order\u200D{{1}}']) assert.equal(hiddenCharacters(named).map((h) => h.ch), ['\u200D'], JSON.stringify(named));
  assert.is(cleanText('Your pass\u200Dword {{1}}'), 'Your password {{1}}');
  assert.is(cleanText('He said \u201Chello\u201D to {{1}}'), 'He said \u201Chello\u201D to {{1}}', 'quotes away from placeholders are prose');
  assert.is(cleanText('طلبك \u200EA-1042\u200F جاهز {{1}}'), 'طلبك \u200EA-1042\u200F جاهز {{1}}', 'directional marks in right-to-left text place a Latin run (UAX #9)');
  assert.is(cleanText('\u061Cשלום {{1}}\u200F'), '\u061Cשלום {{1}}\u200F', 'in Hebrew too, at the ends as well');
  assert.is(cleanText('طلبك {{\u200F1}} جاهز'), 'طلبك {{1}} جاهز', 'inside a placeholder a mark breaks it');
  assert.is(cleanText('طلبك \u202EA-1042\u202C جاهز'), 'طلبك A-1042 جاهز', 'an override reorders: still removed in right-to-left text');
  assert.is(cleanText('Your order\u200F is ready'), 'Your order is ready', 'no right-to-left letter: the mark does no job');
});

test('isolates in right-to-left text: paired, around a placeholder too, they stay (UAX #9); left open, a lone PDI, or inside the braces, they are named', () => {
  for (const kept of ['שלום \u2067{{1}}\u2069, ההזמנה שלך מוכנה לאיסוף בחנות.', 'שלום {{1}}, ההזמנה \u2066A-1042\u2069 שלך מוכנה.', 'مرحبا \u2068{{customer}}\u2069، طلبك \u2066{{order_id}}\u2069 جاهز.']) {
    assert.equal(hiddenCharacters(kept), [], kept);
    assert.is(cleanText(kept), kept);
  }
  // an LRI never closed reorders the rest of its paragraph; a PDI that closes nothing; one closed only in the next paragraph
  assert.equal(hiddenCharacters('שלום \u2067{{1}}, ההזמנה שלך מוכנה.').map((h) => h.ch), ['\u2067']);
  assert.equal(hiddenCharacters('שלום {{1}}\u2069, ההזמנה שלך מוכנה.').map((h) => h.ch), ['\u2069']);
  assert.equal(hiddenCharacters('שלום \u2066A-1042\n\u2069 מוכנה.').map((h) => h.ch), ['\u2066', '\u2069']);
  assert.equal(hiddenCharacters('שלום {{\u20671\u2069}} מוכנה.').map((h) => h.ch), ['\u2067', '\u2069'], 'inside the braces they break the placeholder');
  // in a text without right-to-left letters, paired or not
  assert.equal(hiddenCharacters('Hello \u2067{{1}}\u2069, your order is ready.').map((h) => h.ch), ['\u2067', '\u2069']);
});

const HIDDEN = ['\u200B', '\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\uFEFF', '\t', '\u00AD'];
const word = fc.constantFrom('your', 'order', 'is', 'ready', 'Hello', 'at', 'the', 'store', 'today');

test('property: one pass leaves no finding of the rule, and a second pass changes nothing', () => {
  fc.assert(fc.property(fc.array(word, { minLength: 3, maxLength: 8 }), fc.array(fc.tuple(fc.nat(20), fc.constantFrom(...HIDDEN)), { maxLength: 4 }), fc.boolean(), (words, inserts, quote) => {
    let text = `${words.join(' ')} ${quote ? '\u201C{{1}}\u201D' : '{{1}}'} ${words[0]} done`;
    for (const [at, ch] of inserts) { const i = at % (text.length + 1); text = text.slice(0, i) + ch + text.slice(i); }
    const once = cleanText(text);
    assert.equal(hiddenCharacters(once), []);
    assert.is(cleanText(once), once);
    const t = { channel: CHANNEL_A, name: 'x_y', language: 'en_US', category: 'UTILITY', body: { text: once, examples: { 1: 'Ana' } } };
    assert.equal(collectFindings(t, { now: new Date('2026-01-01T00:00:00Z') }).filter((f) => f.ruleId === 'text-characters'), []);
  }), { seed: 2611, numRuns: 200 });
});

test('lint --fix repairs them in the file, keeping its comments, and lint is clean afterwards', async () => {
  const dir = tempDir('tplsync-fix-chars-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["t/*.yaml"]\n',
      't/a.yaml': `channel: ${CHANNEL_A}\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\n# pasted from the brief\nbody:\n  text: "Hello \u201C{{1}}\u201D, your\\torder is ready\u200B for pickup at the store."\n  examples: { 1: Ana }\n`,
    });
    const before = await cliIn(['lint'], { cwd: dir });
    assert.match(before.stdout, 'text-characters');
    const fix = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.is(fix.exitCode, 0, fix.stdout + fix.stderr);
    assert.match(fix.stderr, 'text-characters 2');
    const text = readFileSync(path.join(dir, 't', 'a.yaml'), 'utf8');
    assert.match(text, '# pasted from the brief');
    assert.match(text, 'text: "Hello \u201C{{1}}\u201D, your order is ready for pickup at the store."', 'the quotes around the placeholder kept');
    assert.is((await cliIn(['lint'], { cwd: dir })).stdout.includes('text-characters'), false);
  } finally { cleanup(dir); }
});

test('quoteLeadingPlaceholders: one-line values that start with {{ are quoted as written; continued values and quoted ones left alone', () => {
  assert.equal(quoteLeadingPlaceholders('body:\n  text: {{1}} is your "code" # note\n  examples: { 1: "4821" }\n'), { text: 'body:\n  text: "{{1}} is your \\"code\\"" # note\n  examples: { 1: "4821" }\n', count: 1 });
  assert.equal(quoteLeadingPlaceholders('footer: {{1}}\r\n'), { text: 'footer: "{{1}}"\r\n', count: 1 });
  assert.is(quoteLeadingPlaceholders('body:\n  text: {{1}} is\n    continued here\n').count, 0);
  assert.is(quoteLeadingPlaceholders('body:\n  text: "{{1}} is quoted"\n  examples: { 1: Ana }\n').count, 0);
});

test('lint --fix quotes a text that starts with a placeholder (a YAML error, or a schema finding when it parses as a mapping)', async () => {
  const dir = tempDir('tplsync-fix-quote-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["t/*.yaml"]\n',
      't/syntax.yaml': `channel: ${CHANNEL_A}\nname: otp_code\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: {{1}} is your code for the shop, valid today. # from the brief\n  examples: { 1: "4821" }\n`,
      't/mapping.yaml': `channel: ${CHANNEL_A}\nname: greeting\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Hello {{1}}, your order is ready for pickup at the store.\n  examples: { 1: Ana }\nfooter: {{shop}}\n`,
    });
    const before = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const ids = (JSON.parse(before.stdout) as { diagnostics: { ruleId: string }[] }).diagnostics.map((d) => d.ruleId);
    assert.ok(ids.includes('yaml-syntax') && ids.includes('schema'), ids.join(','));
    const fix = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.match(fix.stderr, 'fixed t/syntax.yaml: yaml-syntax 1');
    assert.match(readFileSync(path.join(dir, 't', 'syntax.yaml'), 'utf8'), 'text: "{{1}} is your code for the shop, valid today." # from the brief');
    assert.match(readFileSync(path.join(dir, 't', 'mapping.yaml'), 'utf8'), 'footer: "{{shop}}"');
    const after = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const left = (JSON.parse(after.stdout) as { diagnostics: { ruleId: string }[] }).diagnostics.map((d) => d.ruleId);
    assert.not.ok(left.includes('yaml-syntax') || left.includes('schema'), left.join(','));
  } finally { cleanup(dir); }
});

test.run();
