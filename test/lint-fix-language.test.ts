// A template's language written in another case or with BCP 47's hyphen (`en_us`, `EN-US`) is
// repaired by `lint --fix` and the editor as a category in lower case is (trial-ar F4): the
// platform's code, where that is all that differs and WhatsApp lists it. The language is part of
// the template's identity and a file's name may write it too: where the name (or the folder)
// writes another language, which is meant is the writer's to say, and lint --fix says why it
// left the finding.
import './seed.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixFileText } from '../src/lint/fix.ts';
import { fixReport, fixRun } from '../src/lint/fix-run.ts';
import { lintProject } from '../src/lint/run.ts';
import { languageCaseMeant, languagesOfPath } from '../src/lint/rules/languages.ts';
import { cleanup, CONFIG, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp } from './lsp-client.ts';

const now = new Date('2030-01-01T00:00:00Z');
const template = (language: string): string => [
  'channel: shop-whatsapp', 'name: order_ready', `language: ${language}`, 'category: UTILITY',
  'body:', '  text: "Your order is ready for pickup at the store."', '',
].join('\n');
const fix = (file: string, language: string) => {
  const findings = (t: string): Diagnostic[] => finishProject([lintBytes(file, Buffer.from(t), { now })], { severities: {} });
  return fixFileText(template(language), { findings, now, file });
};

test('languageCaseMeant: the platform\'s code where only the case or the separator differs and WhatsApp lists it', () => {
  for (const [written, code] of [['en_us', 'en_US'], ['EN-US', 'en_US'], ['en-US', 'en_US'], ['Pt_br', 'pt_BR'], ['DE', 'de'], ['FIL', 'fil'], ['prs_af', 'prs_AF']] as const) {
    assert.is(languageCaseMeant(written), code, written);
  }
  // the platform's form already; a code WhatsApp does not list (de_DE); a name; another code's letters; a script
  for (const written of ['en_US', 'de_de', 'english', 'iw', 'zh-hant', 'en_us@formal']) assert.is(languageCaseMeant(written), undefined, written);
});

test('languagesOfPath: the LANGUAGE of NAME.LANGUAGE.yaml, else a file name or folder that is a listed code', () => {
  assert.equal(languagesOfPath('templates/order.en_GB.yaml'), ['en_GB']);
  assert.equal(languagesOfPath('templates/order.en-us.yml'), ['en_US']);
  assert.equal(languagesOfPath('templates/order.de_DE.yaml'), ['de_DE']);
  assert.equal(languagesOfPath('/abs/templates/en_GB/order.yaml'), ['en_GB']);
  assert.equal(languagesOfPath('templates\\order\\pt_BR.yaml'), ['pt_BR']);
  for (const file of ['templates/order.yaml', 'templates/promo.old.yaml', 'templates/faq.yaml', 'templates/whatsapp/order.yaml']) assert.equal(languagesOfPath(file), [], file);
});

test('lint --fix writes en_us as en_US where the file\'s name writes no other language', () => {
  for (const file of ['templates/order.yaml', 'templates/order.en_us.yaml', 'templates/order.en_US.yaml', 'templates/whatsapp/order.yaml', 'templates/promo.old.yaml']) {
    const r = fix(file, 'en_us');
    assert.match(r.text, '\nlanguage: en_US\n', file);
    assert.equal(r.fixed, { 'language-code': 1 }, file);
    assert.equal(r.left, [], file);
  }
  assert.match(fix('templates/order.yaml', 'PT-br').text, '\nlanguage: pt_BR\n');
  // a code WhatsApp does not list is the writer's to choose (de, de_AT, de_CH): said, and left
  const de = fix('templates/order.yaml', 'de_de');
  assert.match(de.text, '\nlanguage: de_de\n');
  assert.equal(de.left.map((d) => d.ruleId), ['language-code']);
});

test('a file named for another language keeps its `language:`, and the reason is given (the language is part of the identity)', () => {
  for (const file of ['templates/order.en_GB.yaml', 'templates/en_GB/order.yaml', 'templates/order.en.yaml']) {
    const r = fix(file, 'en_us');
    assert.match(r.text, '\nlanguage: en_us\n', file);
    assert.equal(r.fixed, {}, file);
    assert.equal(r.left.map((d) => d.ruleId), ['language-code'], file);
    assert.is(r.heldBack?.length, 1, file);
    assert.match(r.heldBack![0]!, "`language: en_us` would be en_US, but the file's path writes en");
    assert.match(r.heldBack![0]!, "the language is part of the template's identity, so which of the two is meant is yours to say");
  }
});

test('fixRun: the language repaired in one file, left in one named for another language, and its reason said (not repaired: ...)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_us.yaml': template('en_us'), 'templates/order_ready.en_GB.yaml': template('en_us').replace('order is ready', 'order is ready now') });
    const config = await loadConfig({ cwd: dir });
    const fixes = fixRun(config, await lintProject(config, [], dir, { now }), dir, now);
    assert.match(readFileSync(path.join(dir, 'templates/order_ready.en_us.yaml'), 'utf8'), '\nlanguage: en_US\n');
    assert.match(readFileSync(path.join(dir, 'templates/order_ready.en_GB.yaml'), 'utf8'), '\nlanguage: en_us\n');
    const after = await lintProject(config, [], dir, { now });
    const report = fixReport(fixes, after.diagnostics);
    assert.match(report, 'tplsync: fixed templates/order_ready.en_us.yaml: language-code 1');
    assert.match(report, /tplsync: left templates\/order_ready\.en_GB\.yaml: not repaired: `language: en_us` would be en_US, but the file's path writes en_GB/);
  } finally { cleanup(dir); }
});

test('over stdio: a quick fix for en_us in a file named for no other language, none in one named en_GB', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.yaml': template('en_us'), 'templates/order_ready.en_GB.yaml': template('en_us').replace('order is ready', 'order is ready now') });
    await withLsp(dir, {}, async (c) => {
      type Action = { title: string; diagnostics: { code: string }[]; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } };
      const actions = async (name: string): Promise<{ text: string; file: string; fixes: Action[] }> => {
        const file = path.join(dir, 'templates', name);
        const text = readFileSync(file, 'utf8');
        await c.open(file, text);
        await c.waitFor(() => (c.diags.get(uri(file)) ?? []).some((d) => d.code === 'language-code'), `the language-code finding of ${name}`);
        const d = c.diags.get(uri(file))!.find((x) => x.code === 'language-code')!;
        const all = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } }) as Action[];
        return { text, file, fixes: all.filter((a) => a.diagnostics[0]?.code === 'language-code') };
      };
      const plain = await actions('order_ready.yaml');
      assert.is(plain.fixes.length, 1);
      assert.match(applyEdits(plain.text, plain.fixes[0]!.edit.changes[uri(plain.file)]!), '\nlanguage: en_US\n');
      assert.equal((await actions('order_ready.en_GB.yaml')).fixes, []);
    });
  } finally { cleanup(dir); }
});

test.run();
