// A quick fix's title says the change its edit makes (src/lint/fix-title.ts), on one line of an
// editor's menu: the carousel's orientation fix removes orientation and says so (not "orientation
// and imageAlign", which the other finding's fix removes), an enum written in another case says
// the value it writes, stub samples name their placeholders (trial-ba F1, F2). Each title here is
// of one finding's quick fix as the language server makes it: its rule's repair, the changes at
// the finding's node.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixFileText, isRepairable } from '../src/lint/fix.ts';
import { QUICK_FIX_TITLE_MAX, quickFixTitle } from '../src/lint/fix-title.ts';

const now = new Date('2030-01-01T00:00:00Z');

/** each repairable finding's quick fix: its rule and title (none: the repair changes nothing) */
function titles(text: string, file = 'templates/t.yaml'): string[] {
  const findings = (t: string): Diagnostic[] => finishProject([lintBytes(file, Buffer.from(t), { now })], { severities: {} });
  return findings(text).filter((d) => isRepairable(d)).map((d) => {
    const r = fixFileText(text, { findings, now, file, only: new Set([d.ruleId]), within: d });
    return `${d.ruleId}: ${r.text === text ? '(none)' : quickFixTitle(d.ruleId, r.applied)}`;
  });
}

const WA = (body: string, rest = ''): string => `channel: wa\nname: a\nlanguage: en_US\ncategory: UTILITY\nbody:\n${body}${rest}`;

const CASES: [string, string, string[], string?][] = [
  ['an enum in small letters', 'channel: wa\nname: a\nlanguage: en_US\ncategory: marketing\nbody:\n  text: Hi there\n', ['category: Write MARKETING in capitals']],
  ['spaces inside the braces', WA('  text: "Hi {{ 1 }}, your order is ready."\n  examples: { 1: Ana }\n'), ['placeholder-syntax: Write {{ 1 }} as {{1}}']],
  ['a gap in the numbers', WA('  text: "Hi {{1}}, your order {{3}} is ready."\n  examples: { 1: Ana, 3: A1 }\n'), ['placeholder-sequence: Renumber {{3}} to {{2}}, its sample too']],
  ['two placeholders without a sample', WA('  text: "Hi {{1}}, your order {{2}} is ready at {{3}}."\n  examples: { 1: Ana }\n'),
    ['placeholder-sample: Add stub samples (TODO) for {{2}} and {{3}}', 'placeholder-sample: Add stub samples (TODO) for {{2}} and {{3}}']],
  // the header's {{1}} and the body's are two placeholders: each quick fix adds its own part's stubs, and says where (trial-bp F1)
  ['the header\'s placeholder and the body\'s without samples', 'channel: wa\nname: a\nlanguage: en_US\ncategory: MARKETING\nheader:\n  format: TEXT\n  text: "Sale {{1}}"\nbody:\n  text: "Hi {{1}}, {{2}} off {{3}}."\n  examples:\n    1: Ana\n',
    ['placeholder-sample: Add a stub sample (TODO) for {{1}} in the header', 'placeholder-sample: Add stub samples (TODO) for {{2}} and {{3}}', 'placeholder-sample: Add stub samples (TODO) for {{2}} and {{3}}']],
  ['a sample under an old key', WA('  text: "Hi {{1}}, your order {{2}} is ready."\n  examples: { 1: Ana, 3: A1 }\n'), ['placeholder-sample: Move the sample of 3 to {{2}}']],
  ['a zero-width space', WA('  text: "Hi {{1}}, your order\u200b is ready."\n  examples: { 1: Ana }\n'), ['text-characters: Delete U+200B from body.text']],
  ['curly quotes wrapping the text', WA('  text: “Hi {{1}}, your order is ready.”\n  examples: { 1: Ana }\n'), ['text-characters: Delete the “ ” around body.text']],
  ['an HTML reference', WA('  text: "Hi {{1}}, fish &amp; chips are ready."\n  examples: { 1: Ana }\n'), ['text-characters: Write &amp; as & in body.text']],
  ['a tab', WA('  text: "Hi {{1}},\tyour order is ready."\n  examples: { 1: Ana }\n'), ['text-characters: Write a tab as a space in body.text']],
  ['the expiry line as a footer', 'channel: wa\nname: login_code\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\nfooter: This code expires in 5 minutes.\nbuttons:\n  - type: OTP\n    otp_type: COPY_CODE\n    text: Copy code\n',
    ['authentication-footer: Write footer as { code_expiration_minutes: 5 }']],
  ['a language code with a dash', 'channel: wa\nname: a\nlanguage: en-us\ncategory: UTILITY\nbody:\n  text: Hi there\n', ['language-code: Set language to en_US'], 'templates/a.yaml'],
  ['an invisible character in a phone number', WA('  text: Hi there\n', 'buttons:\n  - { type: PHONE_NUMBER, text: Call, phone_number: "+49\u200b30123456" }\n'), ['button-phone: Delete U+200B from buttons[0].phone_number']],
  // white space at a text's ends (trial-bg F4): what it is, and where
  ['spaces after the footer', WA('  text: Hi there\n', 'footer: "Northwind Customer Care  "\n'), ['text-edge-whitespace: Delete the spaces at the end of footer']],
  ['a block\'s last line break', WA('  text: |\n    Hi there, your order is ready.\n'), ['text-edge-whitespace: Delete the line break at the end of body.text']],
  ['spaces at a line\'s end and the last line break', WA('  text: |\n    Hi there,  \n    your order is ready.\n'),
    ['text-edge-whitespace: Delete the white space at the end and line ends of body.text', 'text-edge-whitespace: Delete the white space at the end and line ends of body.text']],
  ['a space before a label', WA('  text: Hi there\n', 'buttons:\n  - { type: QUICK_REPLY, text: " Yes" }\n'), ['text-edge-whitespace: Delete the space at the start of buttons[0].text']],
  // what cannot be said from the changes: the rule's short title
  ['quick replies apart', WA('  text: Hi there\n', 'buttons:\n  - { type: QUICK_REPLY, text: Yes }\n  - { type: URL, text: Site, url: "https://x.example.com" }\n  - { type: QUICK_REPLY, text: No }\n'), ['buttons-grouping: Move the quick replies together']],
  ['a sample on two lines', WA('  text: "Hi {{1}}, your order is ready."\n  examples: { 1: "Ana\\n  Smith" }\n'), ['sample-format: Write the sample on one line with single spaces']],
  ['an RCS carousel', [
    'channel: r', 'name: c', 'language: en', 'message:', '  type: rich_card', '  richCards:',
    '    - { title: One, description: First, fileUrl: https://cdn.example.com/a.jpg }',
    '    - { title: Two, description: Second, fileUrl: https://cdn.example.com/b.jpg }',
    '  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM, orientation: VERTICAL, imageAlign: LEFT }',
    '  suggestions:',
    '    - { action: open_url, text: Web, postbackData: "https://x.example.com", openUrlApplication: webview }',
    '    - { action: dial, text: Call, postbackData: c, phoneNumber: "+49 30 123456" }',
    '    - reply: { text: Yes, postbackData: "yes" }',
    '  fallback: { text: Two cards }', ''].join('\n'),
  ['rcs-carousel-options: Remove orientation from rcsRichCardsOpts', 'rcs-carousel-options: Remove imageAlign from rcsRichCardsOpts', 'schema: Write WEBVIEW in capitals',
    'rcs-dial: Set phoneNumber to +4930123456', 'rcs-action-keys: Write the suggestion flat, as action: reply']],
];

for (const [what, text, want, file] of CASES) {
  test(`a quick fix's title says its change: ${what}`, () => {
    const got = titles(text, file);
    assert.equal(got, want);
    for (const t of got) assert.ok(t.length - t.indexOf(': ') - 2 <= QUICK_FIX_TITLE_MAX, t);
  });
}

test('a change too long to say in a line: the rule\'s short title', () => {
  const long = 'x'.repeat(80);
  const title = quickFixTitle('text-characters', [{ ruleId: 'text-characters', change: { op: 'set' as const, path: ['body', 'text'], value: `a${long}a` }, was: `b${long}b` }]);
  assert.is(title, 'Delete pasted invisible characters, references and quotes');
});

test('stub samples too many to name in a line: how many, and where (trial-bp F1)', () => {
  const adds = (part: string, keys: string[]) => keys.map((k) => ({ ruleId: 'placeholder-sample', change: { op: 'add' as const, path: [part, 'examples'], key: `${k}_name_of_a_customer`, value: 'TODO' }, was: {} }));
  assert.is(quickFixTitle('placeholder-sample', adds('body', ['a', 'b', 'c'])), 'Add 3 stub samples (TODO) in the body');
  assert.is(quickFixTitle('placeholder-sample', [...adds('header', ['a']), ...adds('body', ['b', 'c'])]), 'Add 3 stub samples (TODO) in the header and the body');
  // (a header's {{1}} and a body's {{3}}, each named, is more than a line: `the header and the body`)
  assert.is(quickFixTitle('placeholder-sample', [{ ruleId: 'placeholder-sample', change: { op: 'add', path: ['header', 'examples'], key: '1', value: 'TODO' }, was: undefined },
    { ruleId: 'placeholder-sample', change: { op: 'add', path: ['body', 'examples'], key: '3', value: 'TODO' }, was: undefined }]), 'Add 2 stub samples (TODO) in the header and the body');
});

test('the quick fix of the body\'s placeholder without a sample adds the body\'s stubs only, the header\'s the header\'s; lint --fix both (trial-bp F1)', () => {
  const text = 'channel: wa\r\nname: a\r\nlanguage: en_US\r\ncategory: MARKETING\r\nheader:\r\n  format: TEXT\r\n  text: "Sale {{1}}"\r\nbody:\r\n  text: "Hi {{1}}, {{2}} off."\r\n  examples:\r\n    1: Ana\r\n';
  const file = 'templates/t.yaml';
  const findings = (t: string): Diagnostic[] => finishProject([lintBytes(file, Buffer.from(t), { now })], { severities: {} });
  const [header, body] = findings(text).filter((d) => d.ruleId === 'placeholder-sample');
  assert.is(header!.line, 7);
  assert.is(body!.line, 9);
  const quick = (d: Diagnostic): string => fixFileText(text, { findings, now, file, only: new Set([d.ruleId]), within: d }).text;
  assert.is(quick(body!), text.replace('    1: Ana\r\n', '    1: Ana\r\n    2: TODO\r\n'));
  assert.is(quick(header!), text.replace('  text: "Sale {{1}}"\r\n', '  text: "Sale {{1}}"\r\n  examples:\r\n    1: TODO\r\n'));
  // lint --fix (and fix all): every part's
  const all = fixFileText(text, { findings, now, file }).text;
  assert.is(all, text.replace('    1: Ana\r\n', '    1: Ana\r\n    2: TODO\r\n').replace('  text: "Sale {{1}}"\r\n', '  text: "Sale {{1}}"\r\n  examples:\r\n    1: TODO\r\n'));
});

test.run();
