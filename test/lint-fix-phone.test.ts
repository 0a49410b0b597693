// A phone number whose finding writes the one number it must be is repaired by `lint --fix` and
// the editor's quick fix (trial-at F1): an RCS dial number written with its country code and
// grouped (+49 30 123456) in E.164 form; a dial number or a WhatsApp PHONE_NUMBER button's
// copied with an invisible mark, digits of another script or a full-width plus, without them. A
// number that needs a choice is left and said: one without its country code, one with a (0)
// after it (the UK's trunk 0 is not dialled, Italy's 0 is). The repairs in-process, then the server.
import './seed.ts';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixFileText } from '../src/lint/fix.ts';
import { certainE164 } from '../src/model/phone-numbers.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp } from './lsp-client.ts';

const now = new Date('2030-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('templates/t.yaml', Buffer.from(text), { now })], { severities: {} });

const rcs = (...suggestions: string[]): string => [
  'channel: food-rcs', 'name: dial_spaces', 'language: en_US', 'description: d', 'message:', '  type: text',
  '  message: "Your order from Luigi\'s is confirmed."', '  suggestions:', ...suggestions, '',
].join('\n');

test('certainE164: a number with its country code, grouped, in E.164 form; none where it takes a choice', () => {
  for (const [written, e164] of [
    ['+49 30 123456', '+4930123456'], ['+1 (800) 555-0199', '+18005550199'], ['+33 1.23.45.67.89', '+33123456789'],
    ['(+49) 30 123456', '+4930123456'], ['+49\u00a030\u00a0123456', '+4930123456'], [' +49 30 123456 ', '+4930123456'],
    // copied from an app in another script: a left-to-right mark, Arabic-Indic digits, a full-width plus
    ['\u200e+49 30 123456', '+4930123456'], ['+\u0664\u0669 \u0663\u0660 \u0661\u0662\u0663\u0664\u0665\u0666', '+4930123456'], ['\uff0b49 30 123456', '+4930123456'],
  ] as const) assert.is(certainE164(written), e164, written);
  // E.164 already; no country code; a trunk 0 in brackets; letters; a country code of 0; more than 15 digits; two pluses
  for (const written of ['+4930123456', '030 123456', '0049 30 123456', '+44 (0)20 7946 0000', '+1 800 FLOWERS', '+0 30 123456', '+49 30 1234 5678 9012 3', '+49 +30 123456', '49 30 123456']) {
    assert.is(certainE164(written), undefined, written);
  }
});

test('lint --fix writes a grouped RCS dial number in E.164 form, keeping its quoting and comment; a number that takes a choice is left', () => {
  const text = rcs(
    '    - { action: dial, text: Call rider, postbackData: call, phoneNumber: "+49 30 123456" }',
    '    - action: dial', '      text: Call us', '      postbackData: shop', '      phoneNumber: +1 (800) 555-0199   # the shop',
    '    - { action: dial, text: Call London, postbackData: uk, phoneNumber: "+44 (0)20 7946 0000" }',
    '    - { action: dial, text: Call home, postbackData: home, phoneNumber: "030 123456" }',
  );
  const before = findings(text).filter((d) => d.ruleId === 'rcs-dial');
  assert.is(before.length, 4, before.map((d) => d.message).join('\n'));
  const r = fixFileText(text, { findings, now });
  assert.match(r.text, 'phoneNumber: "+4930123456" }');
  // an unquoted number made digits after a + stays a text (quoted), its comment kept
  assert.match(r.text, '      phoneNumber: "+18005550199"   # the shop\n');
  assert.match(r.text, 'phoneNumber: "+44 (0)20 7946 0000" }');
  assert.match(r.text, 'phoneNumber: "030 123456" }');
  assert.equal(r.fixed, { 'rcs-dial': 2 });
  const left = r.left.filter((d) => d.ruleId === 'rcs-dial').map((d) => d.message);
  assert.is(left.length, 2);
  // the (0): both numbers said, as the choice it is
  assert.match(left[0]!, "write '+442079460000' if the (0) is a trunk 0, not dialled from abroad (the UK's +44 (0)20), or '+4402079460000' if it is dialled (Italy's +39 06)");
  assert.match(left[1]!, 'write +<country code><number>');
});

test('lint --fix writes a WhatsApp PHONE_NUMBER button\'s number without what an app in another script copied with it, its grouping kept, on a carousel card too', () => {
  const text = [
    'channel: shop-whatsapp', 'name: call_us', 'language: ar', 'category: UTILITY', 'body:', '  text: "طلبك جاهز."',
    'buttons:', '  - type: PHONE_NUMBER', '    text: اتصل بنا', '    phone_number: "+971 4 \u0661\u0662\u0663 \u0664\u0665\u0666\u0667"', '',
  ].join('\n');
  const before = findings(text).filter((d) => d.ruleId === 'button-phone');
  assert.is(before.length, 1);
  assert.match(before[0]!.message, "is written in Arabic-Indic digits, where ASCII digits 0-9 are needed; write '+971 4 123 4567'");
  const r = fixFileText(text, { findings, now });
  assert.match(r.text, '    phone_number: "+971 4 123 4567"\n');
  assert.equal(r.fixed, { 'button-phone': 1 });
  assert.equal(r.left, []);
  const card = (n: number, phone: string): string[] => [
    `  - header: { format: IMAGE, example: "https://media.example.org/${n}.png" }`, `    body: { text: "Model ${n}" }`,
    '    buttons:', `      - { type: PHONE_NUMBER, text: Call, phone_number: "${phone}" }`,
  ];
  const carousel = [
    'channel: shop-whatsapp', 'name: shoes', 'language: en_US', 'category: MARKETING', 'body:', '  text: "See the new models of the week."',
    'carousel:', ...card(1, '\\u200e+49 30 1234567'), ...card(2, '\uff0b49 30 7654321'), '',
  ].join('\n');
  assert.is(findings(carousel).filter((d) => d.ruleId === 'button-phone').length, 2);
  const c = fixFileText(carousel, { findings, now });
  assert.match(c.text, 'phone_number: "+49 30 1234567" }');
  assert.match(c.text, 'phone_number: "+49 30 7654321" }');
  assert.equal(c.fixed, { 'button-phone': 2 });
  // a number WhatsApp takes as written (grouped, with spaces) has no finding and nothing to repair
  const grouped = text.replace('+971 4 \u0661\u0662\u0663 \u0664\u0665\u0666\u0667', '+971 4 123 4567');
  assert.equal(findings(grouped).filter((d) => d.ruleId === 'button-phone'), []);
});

test('over stdio: the editor offers the repair of rcs-dial as a quick fix, none for a number that takes a choice', async () => {
  const dir = tempDir();
  try {
    const config = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: prod\nenvironments:\n  prod:\n    emulator: .tplsync/emulator.json\n    channels: { food-rcs: 2d9e6b1a-4c3f-4e8a-9b7d-1f2e3d4c5b6a }\nchannels:\n  food-rcs: { kind: rcs }\n';
    const text = rcs(
      '    - { action: dial, text: Call rider, postbackData: call, phoneNumber: "+49 30 123456" }',
      '    - { action: dial, text: Call London, postbackData: uk, phoneNumber: "+44 (0)20 7946 0000" }',
    );
    const file = path.join(dir, 'templates/dial_spaces.en_US.yaml');
    writeFiles(dir, { 'tplsync.config.yaml': config, 'templates/dial_spaces.en_US.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const diags = await c.openFor(file, text, 'rcs-dial', 2);
      type Action = { title: string; diagnostics: { code: string; range: { start: { line: number } } }[]; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } };
      const ask = (d: (typeof diags)[number]): Promise<Action[]> => c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } }) as Promise<Action[]>;
      const spaced = diags.find((d) => d.range.start.line === 8)!;
      const trunk = diags.find((d) => d.range.start.line === 9)!;
      const fixes = (await ask(spaced)).filter((a) => a.diagnostics[0]?.code === 'rcs-dial');
      assert.is(fixes.length, 1, JSON.stringify(fixes.map((a) => a.title)));
      const after = applyEdits(text, fixes[0]!.edit.changes[uri(file)]!);
      assert.match(after, 'phoneNumber: "+4930123456" }');
      // only that suggestion's number: the one with the (0) stays as written
      assert.match(after, 'phoneNumber: "+44 (0)20 7946 0000" }');
      assert.equal((await ask(trunk)).filter((a) => a.diagnostics[0]?.code === 'rcs-dial'), []);
    });
  } finally { cleanup(dir); }
});

test.run();
