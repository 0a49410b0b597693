// A WhatsApp value of a fixed list written in another case (`category: utility`, a header's
// `format: video`, a button's `type: phone_number`, a card's `format: image`) is repaired by
// `lint --fix` and the editor as RCS ones are: the one allowed value it matches ignoring case.
// A value that matches none (a typo) is left to the writer.
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixFileText } from '../src/lint/fix.ts';

const now = new Date('2030-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('templates/t.yaml', Buffer.from(text), { now })], { severities: {} });

test('lint --fix writes WhatsApp values of a fixed list in the case the list has', () => {
  const text = [
    'channel: whatsapp', 'name: clinic_reminder', 'language: pt_BR', 'category: Utility',
    'header:', '  format: video', '  example: https://media.example.org/clinic.mp4',
    'body:', '  text: "Olá {{1}}, sua consulta é amanhã às 9h."', '  examples: { 1: Rita }',
    'buttons:', '  - type: phone_number', '    text: Ligar', '    phone_number: "+5511999990000"', '  - type: Quick_Reply', '    text: Confirmar', '',
  ].join('\n');
  const before = findings(text).map((d) => d.ruleId);
  assert.ok(before.includes('category') && before.includes('header-format') && before.includes('schema'), before.join());
  const r = fixFileText(text, { findings, now });
  assert.match(r.text, '\ncategory: UTILITY\n');
  assert.match(r.text, '  format: VIDEO\n');
  assert.match(r.text, '  - type: PHONE_NUMBER\n');
  assert.match(r.text, '  - type: QUICK_REPLY\n');
  assert.equal(r.left.filter((d) => ['category', 'header-format', 'schema'].includes(d.ruleId)), []);
  assert.equal(r.fixed, { category: 1, 'header-format': 1, schema: 2 });
});

test('only a repair of one rule: its own values; a value matching no allowed one stays', () => {
  const text = [
    'channel: whatsapp', 'name: clinic_reminder', 'language: pt_BR', 'category: utility',
    'header: { format: imagem, example: https://media.example.org/c.png }',
    'body:', '  text: "Sua consulta é amanhã."', 'buttons:', '  - { type: url, text: Ver, url: "https://example.org/c" }', '',
  ].join('\n');
  const r = fixFileText(text, { findings, now, only: new Set(['category']) });
  assert.match(r.text, 'category: UTILITY\n');
  assert.match(r.text, 'type: url,');
  const all = fixFileText(text, { findings, now });
  assert.match(all.text, 'format: imagem,');
  assert.match(all.text, 'type: URL,');
  assert.equal(all.left.filter((d) => ['category', 'header-format', 'schema'].includes(d.ruleId)).map((d) => d.ruleId), ['header-format']);
});

test('a carousel card header format in lower case is repaired', () => {
  const card = (n: number): string[] => [
    '  - header: { format: image, example: "https://media.example.org/' + n + '.png" }',
    `    body: { text: "Modelo ${n}" }`,
    '    buttons:', '      - { type: QUICK_REPLY, text: Quero }',
  ];
  const text = [
    'channel: whatsapp', 'name: shoes_carousel', 'language: pt_BR', 'category: MARKETING',
    'body:', '  text: "Veja os modelos novos da semana."', 'carousel:', ...card(1), ...card(2), '',
  ].join('\n');
  const before = findings(text);
  assert.ok(before.some((d) => d.ruleId === 'carousel-card-header'), before.map((d) => `${d.ruleId} ${d.message}`).join('\n'));
  const r = fixFileText(text, { findings, now });
  assert.not.match(r.text, 'format: image');
  assert.equal(r.left.filter((d) => d.ruleId === 'carousel-card-header'), [], r.left.map((d) => d.message).join('\n'));
});

test.run();
