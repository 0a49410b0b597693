// translations import judges each translated text by lint's own rules for its field (trial-ag F2):
// a button label with an emoji, a line break or formatting marks (button-label-characters) is
// refused at its unit's line as an over-long one is, not written into a file lint then stops; and
// one import says every refused unit of a template in one pass (a footer's line break, a blank
// label, a label's emoji), not one per round trip with the translator. The CLI as a process (the
// command gives import lint's check), and in-process: for each kind of label, the import refuses
// exactly when lint finds a new error at that label.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDocument } from 'yaml';
import { collectFindings } from '../src/lint/check.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { RULES_BY_ID } from '../src/lint/registry.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { planImport, type LintOf, type SourceTemplate } from '../src/translations/apply.ts';
import { fieldKey, textFields } from '../src/translations/units.ts';
import { cleanup, cliIn, CONFIG, ORDER_SHIPPED_EN, tempDir, writeFiles } from './helpers.ts';

const SOURCE = `${ORDER_SHIPPED_EN}footer: Reply STOP to opt out
buttons:
  - { type: QUICK_REPLY, text: Track order }
  - { type: QUICK_REPLY, text: Call support }
`;

function fill(po: string, give: Record<string, string>): string {
  return po.replace(/msgid "((?:[^"\\]|\\.)*)"\nmsgstr ""/g, (m, id: string) => (give[id] !== undefined ? `msgid "${id}"\nmsgstr "${give[id]}"` : m));
}

/** the project of SOURCE in `dir`, exported to German as PO: the file's text */
async function exportedPo(dir: string): Promise<string> {
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': SOURCE });
  const exp = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir });
  assert.is(exp.exitCode, 0, exp.stderr);
  return readFileSync(path.join(dir, 'translations/de.po'), 'utf8');
}

test('a button label with an emoji or a line break is refused at its line, with every other refused unit of the file in one pass', async () => {
  const dir = tempDir();
  try {
    const po = await exportedPo(dir);
    const lineOf = (id: string): number => po.split('\n').findIndex((l) => l === `msgid "${id}"`) + 1;
    // the label with an emoji alone: refused (was written, then lint's error)
    writeFiles(dir, { 'translations/de.po': fill(po, { 'Hi {{customer}}, your order is on its way.': 'Hallo {{customer}}, deine Bestellung ist unterwegs.', 'Reply STOP to opt out': 'Antworte STOP zum Abbestellen', 'Track order': 'Verfolgen 📦', 'Call support': 'Support anrufen' }) });
    const emoji = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(emoji.exitCode, 1, emoji.stdout + emoji.stderr);
    const at = /^translations\/de\.po:(\d+): shop-whatsapp\/order_shipped:buttons\.0\.text: refused: A button label holds no emoji: WhatsApp refuses '📦'.*\(button-label-characters\)$/mu.exec(emoji.stderr);
    assert.ok(at, emoji.stderr);
    // the unit's own line (its msgctxt or msgid)
    assert.ok(Math.abs(Number(at![1]) - lineOf('Track order')) <= 1, `${at![1]} vs ${lineOf('Track order')}`);
    assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.de.yaml')));

    // a footer's line break, a blank label and a label's line break: all three said by the one import
    writeFiles(dir, { 'translations/de.po': fill(po, { 'Hi {{customer}}, your order is on its way.': 'Hallo {{customer}}, deine Bestellung ist unterwegs.', 'Reply STOP to opt out': 'Antworte STOP\\nzum Abbestellen', 'Track order': '   ', 'Call support': 'Support\\nanrufen' }) });
    const all = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(all.exitCode, 1, all.stdout + all.stderr);
    assert.match(all.stderr, /shop-whatsapp\/order_shipped:footer: refused: the translation has a line break/);
    assert.match(all.stderr, /shop-whatsapp\/order_shipped:buttons\.0\.text: refused: .*a new file is written only when all its texts are translated/);
    assert.match(all.stderr, /shop-whatsapp\/order_shipped:buttons\.1\.text: refused: A button label is one line: WhatsApp refuses a line break in it.*\(button-label-characters\)/);
    assert.not.match(all.stderr, /buttons\.1\.text: warning/);
    assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.de.yaml')));

    // corrected: written, and lint passes the file the import wrote
    writeFiles(dir, { 'translations/de.po': fill(po, { 'Hi {{customer}}, your order is on its way.': 'Hallo {{customer}}, deine Bestellung ist unterwegs.', 'Reply STOP to opt out': 'Antworte STOP zum Abbestellen', 'Track order': 'Verfolgen', 'Call support': 'Support anrufen' }) });
    const ok = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(ok.exitCode, 0, ok.stdout + ok.stderr);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  } finally { cleanup(dir); }
});

const now = new Date('2026-01-01T00:00:00Z');
const lintOf: LintOf = (value) => collectFindings(value, { now }).map((f) => ({ ruleId: f.ruleId, path: f.path, message: f.message, severity: RULES_BY_ID.get(f.ruleId)?.severity ?? 'error' }));
const errors = (text: string): Set<string> => new Set(finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} }).filter((d) => d.severity === 'error').map((d) => `${d.ruleId}@${d.line}`));

test('each translated label: the import refuses it exactly when lint finds a new error in the file it would write', () => {
  const value = readTemplateValue(SOURCE);
  const template = 'shop-whatsapp/order_shipped';
  const source: SourceTemplate = { template, file: 'templates/order_shipped.en_US.yaml', text: SOURCE, value };
  const fields = textFields(value);
  const base = errors(SOURCE);
  const labels = ['Verfolgen', 'Verfolgen 📦', 'Verfolgen\nbitte', '*Verfolgen*', 'Jetzt ~verfolgen~', 'Verfolgen ✔️', 'Verfolgen 🇩🇪', 'Verfolgen ©', 'Über uns'];
  for (const label of labels) {
    const entries = fields.map((x, line) => ({ id: `${template}:${fieldKey(x.path)}`, source: x.text, target: fieldKey(x.path) === 'buttons.0.text' ? label : x.text, line: line + 1 }));
    const plan = planImport(entries, 'en_US', 'de', new Map([[template, source]]), new Map(), new Set(), [], undefined, lintOf);
    const doc = parseDocument(SOURCE);
    doc.setIn(['buttons', 0, 'text'], label);
    const added = [...errors(String(doc))].filter((e) => !base.has(e));
    const refused = plan.refusals.filter((r) => r.id === `${template}:buttons.0.text`);
    assert.is(refused.length > 0, added.length > 0, `${JSON.stringify(label)}: refused ${JSON.stringify(refused)}, lint's new errors ${added.join(', ')}`);
    assert.is(plan.writes.length, added.length ? 0 : 1, JSON.stringify(label));
  }
});

test('a translated text with two mistakes is refused once, naming each with what to do: a label with a line break and an emoji, a label too long that holds an emoji', async () => {
  const dir = tempDir();
  try {
    const po = await exportedPo(dir);
    writeFiles(dir, { 'translations/de.po': fill(po, { 'Hi {{customer}}, your order is on its way.': 'Hallo {{customer}}, deine Bestellung ist unterwegs.', 'Reply STOP to opt out': 'Antworte STOP zum Abbestellen', 'Track order': 'Bestellung\\nverfolgen 📦', 'Call support': 'Support anrufen' }) });
    const run = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(run.exitCode, 1, run.stdout + run.stderr);
    const lines = run.stderr.split('\n').filter((l) => l.includes('order_shipped:buttons.0.text'));
    assert.is(lines.length, 1, run.stderr);
    assert.match(lines[0]!, /refused: 2 mistakes: \(1\) A button label is one line: WhatsApp refuses a line break in it.*remove it \(button-label-characters\); \(2\) A button label holds no emoji: WhatsApp refuses '📦'.*remove it, or put it in the body \(button-label-characters\)$/u);
    assert.not.ok(existsSync(path.join(dir, 'templates/order_shipped.de.yaml')));
  } finally { cleanup(dir); }

  // the import's own check (the label's 25 characters) and lint's (its emoji): both in the one refusal, the length said once
  const value = readTemplateValue(SOURCE);
  const template = 'shop-whatsapp/order_shipped';
  const source: SourceTemplate = { template, file: 'templates/order_shipped.en_US.yaml', text: SOURCE, value };
  const label = 'Verfolgen Sie Ihre Bestellung 📦';
  const entries = textFields(value).map((x, line) => ({ id: `${template}:${fieldKey(x.path)}`, source: x.text, target: fieldKey(x.path) === 'buttons.0.text' ? label : x.text, line: line + 1 }));
  const plan = planImport(entries, 'en_US', 'de', new Map([[template, source]]), new Map(), new Set(), [], undefined, lintOf);
  const refused = plan.refusals.filter((r) => r.id === `${template}:buttons.0.text`);
  assert.is(refused.length, 1, JSON.stringify(plan.refusals));
  assert.match(refused[0]!.message, /^2 mistakes: \(1\) the translation has 31 characters; this field takes at most 25 \(button-label\); \(2\) A button label holds no emoji: .*\(button-label-characters\)$/u);
  // the length said once: by the import's check, with its rule; lint's own button-label finding not again
  assert.is(refused[0]!.message.match(/\(button-label\)/g)?.length, 1);
  assert.is(plan.writes.length, 0);
});

test('a re-import of the texts the target file holds lints nothing (the file is its own translation); a changed text is linted', () => {
  const value = readTemplateValue(SOURCE);
  const template = 'shop-whatsapp/order_shipped';
  const source: SourceTemplate = { template, file: 'templates/order_shipped.en_US.yaml', text: SOURCE, value };
  const fields = textFields(value);
  const deText = SOURCE.replace('language: en_US', 'language: de').replace('Track order', 'Verfolgen');
  const target = { file: 'templates/order_shipped.de.yaml', text: deText, value: readTemplateValue(deText) };
  let calls = 0;
  const counted: LintOf = (v, f) => { calls++; return lintOf(v, f); };
  const entries = (label: string) => fields.map((x, line) => ({ id: `${template}:${fieldKey(x.path)}`, source: x.text, target: fieldKey(x.path) === 'buttons.0.text' ? label : x.text, line: line + 1 }));
  const again = planImport(entries('Verfolgen'), 'en_US', 'de', new Map([[template, source]]), new Map([[template, target]]), new Set(), [], undefined, counted);
  assert.is(calls, 0, 'nothing to judge: every text is the file\'s own');
  assert.equal(again.refusals, []);
  const changed = planImport(entries('Verfolgen 📦'), 'en_US', 'de', new Map([[template, source]]), new Map([[template, target]]), new Set(), [], undefined, counted);
  assert.ok(calls > 0, 'a changed text is judged');
  assert.ok(changed.refusals.some((r) => r.id === `${template}:buttons.0.text`), JSON.stringify(changed.refusals));
});


// trial-bg F10: of an import's refusals, the length one named no rule, where the others end with theirs (an emoji label's
// `(button-label-characters)`), so it did not lead to docs/rules.md the same way. Each refusal that stands for a lint
// rule now names it: a field's limit (button-label, header-text, footer, body-length, sample-length...), a one-line header
// or footer's line break (header-footer-line-break), a placeholder dropped or added (variant-mismatch, as lint says of
// the file written beside its source).
test('trial-bg F10: every refusal of a translation names its rule as lint does: a too-long label, header and footer, a line break, a dropped placeholder', () => {
  const text = `channel: shop-whatsapp
name: payment_failed
language: en_US
category: UTILITY
header: { format: TEXT, text: Payment failed }
body:
  text: "Hi {{1}}, the payment for order {{2}} did not go through."
  examples: { 1: Maria, 2: A-1042 }
footer: Reply STOP to opt out
buttons:
  - { type: QUICK_REPLY, text: Track exchange }
`;
  const value = readTemplateValue(text);
  const template = 'shop-whatsapp/payment_failed';
  const source: SourceTemplate = { template, file: 'templates/payment_failed.en_US.yaml', text, value };
  const give: Record<string, string> = {
    'header.text': 'O pagamento do seu pedido não foi aprovado pelo banco emissor do cartão hoje',
    'body.text': 'Olá {{1}}, o pagamento do seu pedido não foi aprovado.',
    footer: 'Responda SAIR\npara cancelar',
    'buttons.0.text': 'Rastrear troca de produto agora',
  };
  const entries = textFields(value).map((x, line) => ({ id: `${template}:${fieldKey(x.path)}`, source: x.text, target: give[fieldKey(x.path)]!, line: line + 1 }));
  const plan = planImport(entries, 'en_US', 'pt_BR', new Map([[template, source]]), new Map(), new Set(), []);
  const why = Object.fromEntries(plan.refusals.map((r) => [r.id.slice(template.length + 1), r.message]));
  assert.equal(why, {
    'header.text': 'the translation has 76 characters; this field takes at most 60 (header-text)',
    'body.text': 'the placeholders changed (dropped {{2}}); keep {{1}} {{2}} exactly as written (variant-mismatch)',
    footer: 'the translation has a line break, and the footer is one line (WhatsApp takes line breaks in the body only); write it on one line (header-footer-line-break)',
    'buttons.0.text': 'the translation has 31 characters; this field takes at most 25 (button-label)',
  });
  // a placeholder written twice keeps the names: not variant-mismatch's, and not said to be
  const twice = planImport(entries.map((e) => (e.id.endsWith(':body.text') ? { ...e, target: 'Olá {{1}} {{1}}, o pagamento do pedido {{2}} não foi aprovado.' } : e)), 'en_US', 'pt_BR', new Map([[template, source]]), new Map(), new Set(), []);
  assert.match(twice.refusals.find((r) => r.id.endsWith(':body.text'))!.message, /exactly as written$/);
});

test.run();
