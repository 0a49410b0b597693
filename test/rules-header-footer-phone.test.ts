// Two templates of a channel with one body and footer (duplicate-content), the characters WhatsApp's guidelines keep out of a text header and the footer (a line break, an
// emoji), the phone number a PHONE_NUMBER button dials (its country code; the 0 WhatsApp strips
// after it), in-process: each case through the whole engine, the phone check as a function too.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { phoneCountryProblem } from '../src/lint/rules/whatsapp.ts';

const RULES = new Set(['header-footer-line-break', 'header-footer-emoji', 'button-phone-country']);
const lint = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .filter((d) => RULES.has(d.ruleId)).map((d) => `${d.ruleId}@${d.line}:${d.column}`);

const template = (o: { header?: string; footer?: string; phone?: string }): string => [
  'channel: shop-whatsapp', 'name: t', 'language: en_US', 'category: MARKETING',
  ...(o.header !== undefined ? ['header:', '  format: TEXT', `  text: ${o.header}`] : []),
  'body:', '  text: "Hello {{1}} 🎉, our spring sale\\nstarts today with everything at half price."', '  examples: { 1: Ana }',
  ...(o.footer !== undefined ? [`footer: ${o.footer}`] : []),
  ...(o.phone !== undefined ? ['buttons:', '  - type: PHONE_NUMBER', '    text: Call us', `    phone_number: ${o.phone}`] : []),
].join('\n') + '\n';

test('a line break in a text header or the footer is an error; in the body it is none', () => {
  // in a quoted text, at the escape that writes the line break
  assert.equal(lint(template({ header: '"Spring sale\\ntoday"' })), ['header-footer-line-break@7:21']);
  assert.equal(lint(template({ footer: '"Reply STOP\\nto opt out"' })), ['header-footer-line-break@8:20']);
  // a block scalar keeps its last line break; `|-` and a folded `>-` do not
  assert.equal(lint(template({ footer: '|\n  Reply STOP to opt out' })), ['header-footer-line-break@8:9']);
  assert.equal(lint(template({ footer: '|-\n  Reply STOP to opt out' })), []);
  assert.equal(lint(template({ footer: '>\n  Reply STOP to opt out' })), ['header-footer-line-break@8:9']);
  // a carriage return is a line break too
  assert.equal(lint(template({ footer: '"Reply STOP\\r to opt out"' })), ['header-footer-line-break@8:20']);
  assert.equal(lint(template({ header: '>-\n    Spring\n    sale' })), []);
  assert.equal(lint(template({ header: '"Spring sale"', footer: 'Reply STOP to opt out' })), []);
});

test('an emoji in a text header or the footer is a warning, at the emoji; (R), TM and (c) as text are none', () => {
  assert.equal(lint(template({ header: '"Spring sale 🌷 today"' })), ['header-footer-emoji@7:22']);
  assert.equal(lint(template({ footer: '"Acme ❤️"' })), ['header-footer-emoji@8:15']);
  // a flag is two regional indicators
  assert.equal(lint(template({ footer: '"Made in Italy 🇮🇹"' })), ['header-footer-emoji@8:24']);
  assert.equal(lint(template({ header: '"Acme® sale"', footer: '"Acme™ Outdoor © 2026"' })), []);
  // a keycap (a digit, U+FE0F, U+20E3) and a pictograph of the emoji planes shown as text by default
  assert.equal(lint(template({ footer: '"Acme 1️⃣ Inc"' })), ['header-footer-emoji@8:15']);
  assert.equal(lint(template({ footer: '"Blood type 🅰"' })), ['header-footer-emoji@8:21']);
  assert.equal(lint(template({ header: '"Sale #1 ★ ✓ ↔"' })), []);
  // not emoji in Unicode's data (an arrow, a letter in a square of the emoji planes), or asking for text (U+FE0E)
  assert.equal(lint(template({ footer: '"Next 🡒 🄰 ⌚︎"' })), []);
});

test('the emoji is named whole: a flag is its two letters, a family its joined people', async () => {
  const { finishProject: finish, lintBytes: one } = await import('../src/lint/engine.ts');
  const messages = (footer: string): string[] => finish([one('t.yaml', Buffer.from(template({ footer })), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .filter((d) => d.ruleId === 'header-footer-emoji').map((d) => `${d.column}-${d.endColumn} ${d.message}`);
  // the rule, then the character that breaks it (not "The footer holds no emoji" of a footer that holds one)
  assert.equal(messages('"Made in Brazil 🇧🇷"'), ["25-29 The footer should hold no emoji (WhatsApp's guidelines allow them in the body only), but this footer holds '🇧🇷': move it into the body, or leave it out."]);
  assert.match(messages('"Family 👨‍👩‍👧 owned"')[0]!, "but this footer holds '👨‍👩‍👧'");
});

test('a phone button of a carousel card is dialled the same way: its country code and the 0 after it', () => {
  const card = (phone: string) => `  - header: { format: IMAGE, example: "https://cdn.example.com/p.jpg" }\n    buttons: [{ type: PHONE_NUMBER, text: Ligar, phone_number: "${phone}" }]\n`;
  const text = ['channel: shop-whatsapp', 'name: t', 'language: pt_BR', 'category: MARKETING', 'body:', '  text: "Olá {{1}}, veja as nossas lojas e ligue para a mais perto de você."', '  examples: { 1: Ana }', 'carousel:'].join('\n') + '\n' + card('+55 011 3333-4444') + card('011 3333-4444');
  assert.equal(lint(text), ['button-phone-country@10:64', 'button-phone-country@12:64']);
  // and its length and form, as a template button's (button-phone)
  const wrong = finishProject([lintBytes('t.yaml', Buffer.from(text.replace('+55 011 3333-4444', 'call us maybe').replace('011 3333-4444', '+49 30 1234 5678 9012 3456 78')), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .filter((d) => d.ruleId === 'button-phone').map((d) => `${d.line} ${d.message}`);
  assert.equal(wrong, ["10 'call us maybe' is not a phone number; write digits with the country code, e.g. +4930123456.", '12 The phone number is 29 characters; the limit is 20.']);
});

test('a phone number dialled at home, with 00, or with a 0 after its country code is a warning', () => {
  assert.equal(lint(template({ phone: '"0301234567"' })), ['button-phone-country@11:19']);
  assert.equal(lint(template({ phone: '"+1 555 005 1310"' })), []);
  assert.equal(lint(template({ phone: '"15550051310"' })), [], 'Meta\'s own example: the country code without +');
  // longer than 20 or not a number: button-phone's finding alone
  assert.equal(lint(template({ phone: '"0800 call us now"' })), []);
});

test('phoneCountryProblem: the country code found by its length (1 and 7, the two-digit codes, three digits otherwise)', () => {
  assert.match(phoneCountryProblem('+39 06 1234 5678')!, /\+39: this button dials \+39 612345678/);
  assert.match(phoneCountryProblem('+55 0 955 585 95436')!, /\+55/);
  assert.match(phoneCountryProblem('+420 0123 456')!, /\+420/);
  assert.match(phoneCountryProblem('+7 0123 456 789')!, /\+7:/);
  assert.match(phoneCountryProblem('+0 123 4567')!, /does not start with 0/);
  assert.match(phoneCountryProblem('+1')!, /has 1 digit: too few/);
  assert.match(phoneCountryProblem('0049 30 1234567')!, /\+49301234567/);
  // written as dialled at home: no number made up for it (Italy keeps its 0, and WhatsApp would strip it)
  assert.match(phoneCountryProblem('(030) 123-4567')!, /written as dialled at home/);
  assert.not.match(phoneCountryProblem('06 1234 5678')!, /612345678/);
  // +1: 10 digits after the 1
  assert.match(phoneCountryProblem('+1 555 0199')!, /10 digits after the 1.*this one has 7/);
  // written at home where no trunk 0 shows it (trial-q F4): an area code in brackets, North America's 3-3-4 grouping, a local number, a toll-free 800 without its 1
  assert.match(phoneCountryProblem('(800) 555-0199')!, /written as dialled at home.*\+1 \(800\) 555-0199/);
  assert.match(phoneCountryProblem('800-555-0199')!, /it would dial \+800 5550199.*needs its 1: write \+1 800-555-0199/);
  assert.match(phoneCountryProblem('212 555 0199')!, /it would dial \+212 5550199/);
  assert.match(phoneCountryProblem('8005550199')!, /dialled as \+800, an international freephone number, which has 8 digits after 800; this one has 7/);
  assert.match(phoneCountryProblem('5550100')!, /has 7 digits and no \+: a local number/);
  assert.match(phoneCountryProblem('+800 555 0199')!, /is \+800.*this one has 7\.$/);
  // with their country code, however grouped: no finding
  for (const ok of ['1 (800) 555-0199', '1-800-555-0199', '18005550199', '+800 1234 5678', '80012345678', '45 32 12 34 56', '4532123456', '44 20 7946 0958', '49 (30) 1234567', '372 5123 4567', '33 1 23 45 67 89', '+45 32 12 34 56', '+1 (800) 555-0199', '971 4 123 4567']) {
    assert.is(phoneCountryProblem(ok), undefined, ok);
  }
  for (const ok of ['+49 30 1234567', '+44 20 7946 0958', '+420 601 234 567', '+1 (555) 005-1310', '+971 4 123 4567', '4930123456', '+91 98765 43210', '+1 800 555 0199']) {
    assert.is(phoneCountryProblem(ok), undefined, ok);
  }
});

test('duplicate-content: two names with one body and footer on a channel; not language variants of one name, other channels, or authentication templates', () => {
  const file = (name: string, o: { language?: string; channel?: string; category?: string; footer?: string } = {}): string => [
    `channel: ${o.channel ?? 'shop-whatsapp'}`, `name: ${name}`, `language: ${o.language ?? 'en_US'}`, `category: ${o.category ?? 'UTILITY'}`,
    'body:', '  text: "Hello {{1}}, your statement for this month is ready in the app."', '  examples: { 1: Ana }', `footer: ${o.footer ?? 'Nordbank'}`,
  ].join('\n') + '\n';
  const project = (files: Record<string, string>): string[] => finishProject(Object.entries(files).map(([f, text]) => lintBytes(f, Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })), { severities: {} })
    .filter((d) => d.ruleId === 'duplicate-content').map((d) => `${d.file}:${d.line}`);
  assert.equal(project({ 'a.yaml': file('statement_ready'), 'b.yaml': file('statement_available') }), ['a.yaml:2', 'b.yaml:2']);
  assert.equal(project({ 'a.yaml': file('statement_ready'), 'b.yaml': file('statement_available', { footer: 'Nordbank Private' }) }), []);
  assert.equal(project({ 'a.yaml': file('statement_ready'), 'b.yaml': file('statement_ready', { language: 'en_GB' }) }), []);
  assert.equal(project({ 'a.yaml': file('statement_ready'), 'b.yaml': file('statement_available', { channel: 'other-whatsapp' }) }), []);
  assert.equal(project({ 'a.yaml': file('login_a', { category: 'AUTHENTICATION' }), 'b.yaml': file('login_b', { category: 'AUTHENTICATION' }) }), []);
  // one wording as the platform receives it: a named placeholder is numbered
  assert.equal(project({ 'a.yaml': file('statement_ready'), 'b.yaml': file('statement_named').replace('Hello {{1}}', 'Hello {{customer}}').replace('{ 1: Ana }', '{ customer: Ana }') }), ['a.yaml:2', 'b.yaml:2']);
});

test('duplicate-content: a file naming the channel by its id is of the alias an environment maps to that id', async () => {
  const { CONFIG, cleanup, lintInProcess, tempDir, writeFiles } = await import('./helpers.ts');
  const dir = tempDir();
  try {
    const body = (channel: string, name: string) => `channel: ${channel}\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your statement for this month is ready in the app."\n  examples: { 1: Ana }\nfooter: Nordbank\n`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': body('shop-whatsapp', 'statement_ready'), 'templates/b.yaml': body('0B7C3C4E-6F0E-4A4B-9A43-0D6C1D7D2A11', 'statement_available') });
    const { diagnostics } = await lintInProcess(dir);
    assert.equal(diagnostics.filter((d) => d.ruleId === 'duplicate-content').map((d) => d.file).sort(), ['templates/a.yaml', 'templates/b.yaml']);
  } finally { cleanup(dir); }
});

test('a header, footer, button label or chip of invisible characters alone is as empty (a zero-width space passed, and was approved)', () => {
  const all = (text: string): string[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .filter((d) => d.severity === 'error').map((d) => d.ruleId);
  const wa = template({ header: '"\\u200B"', footer: '"\\u200B\\u200B"' }).replace('footer:', 'buttons:\n  - { type: QUICK_REPLY, text: "\\u2800" }\nfooter:');
  assert.equal(all(wa).sort(), ['button-label', 'footer', 'header-text']);
  // a variation selector, a combining grapheme joiner, a control alone: as empty; a drawn format sign (the Arabic end of ayah) is text
  assert.equal(all(template({ header: '"\\uFE0F\\u034F"', footer: '"\\u007F"' })).sort(), ['footer', 'header-text']);
  assert.equal(all(template({ footer: '"\\u06DD"' })), []);
  const rcs = 'channel: shop-rcs\nname: r\nlanguage: en\nmessage:\n  type: text\n  message: "Your booking is confirmed."\n  suggestions:\n    - { action: reply, text: "\\u200B", postbackData: ok }\n';
  assert.ok(all(rcs).length > 0, 'the chip of a zero-width space');
});

test('RCS: a dial number with the trunk 0 in brackets is suggested without it; a blank a reader cannot see is as empty', () => {
  const rcs = (suggestion: string): string[] => finishProject([lintBytes('r.yaml', Buffer.from(['channel: shop-rcs', 'name: r', 'language: en_GB', 'message:', '  type: text', '  message: "Questions about your booking? We are here to help."', '  suggestions:', `    - ${suggestion}`].join('\n') + '\n'), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .filter((d) => d.ruleId.startsWith('rcs-')).map((d) => `${d.ruleId} ${d.message}`);
  assert.match(rcs('{ action: dial, text: Call us, phoneNumber: "+44(0)2079460958" }')[0]!, "write '+442079460958'");
  assert.match(rcs('{ action: view_location, text: Airport, query: "\u200B" }')[0]!, 'rcs-view-location');
  assert.match(rcs('{ action: create_calendar_event, text: Save, startTime: "2030-05-04T10:00:00Z", endTime: "2030-05-04T12:00:00Z", title: "\u200B" }')[0]!, "needs 'title', and this one is blank");
});

test.run();
