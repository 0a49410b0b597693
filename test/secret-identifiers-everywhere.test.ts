// A secret value equal to a template's name, to a part of a template's id, or to the channel alias
// (verify-8 T-1, T-3, T-4, T-5): every output shows the identifier whole, in every lint format, in
// every JSON a command writes (review, send, export, plan, apply --results), in plain preview's pages,
// in send's errors, in the edit-budget lines and in apply's failure lines; the same value used as
// text stays masked, and a canary is in no output. A value equal to the alias is warned of as one
// equal to a name is.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { FORMAT_NAMES } from '../src/lint/formatters/load.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const ID = '463a61f2-061c-50d6-9ada-ae30aaeb47bb';
const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    emulator: .tplsync/e.json
    channels: { promo_wa: ${CHANNEL_A} }
    values:
      coupon: { env: S_COUPON }
      word: { env: S_WORD }
      part: { env: S_PART }
      code: { env: S_CODE }
channels:
  promo_wa: { kind: whatsapp }
`;
// the body quotes each value as text: there it is masked; a U+200B gives lint a finding in the file
const SALE = (header: string) => `channel: promo_wa
name: summer_sale
language: es_ES
publicId: ${ID}
category: MARKETING
header:
  format: TEXT
  text: "${header}"
body:
  text: "Hola {{1}}, usa ((coupon)) y ((code)) en la tienda ((word)) o en ((part))\u200B."
  examples: { 1: Eva }
`;
const CANARY = `Cnry${randomBytes(8).toString('hex')}`;
const ENV = { S_COUPON: 'summer_sale', S_WORD: 'promo_wa', S_PART: 'ae30aaeb47bb', S_CODE: CANARY };

const KEY = 'promo_wa/summer_sale/es_ES';
const FILE = 'templates/summer_sale.es_ES.yaml';

/** the identifiers whole, none masked (no `(secret)` or [redacted] beside a slash or in an id), and the canary nowhere */
function identifiersWhole(out: string, what: string, o: { key?: boolean; file?: boolean; id?: boolean } = {}): void {
  assert.not.ok(out.includes(CANARY), `${what}: the canary shown\n${out}`);
  assert.not.match(out, /\/\((?:secret)\)|\((?:secret)\)\/|\[redacted\]\/|\/\[redacted\]|\(secret\)\.es_ES|9ada-\(secret\)|9ada-\[redacted\]/, `${what}: an identifier masked\n${out}`);
  if (o.key) assert.ok(out.includes(KEY), `${what}: no ${KEY}\n${out}`);
  if (o.file) assert.ok(out.includes('summer_sale.es_ES.yaml'), `${what}: no file name\n${out}`);
  if (o.id) assert.ok(out.includes(ID), `${what}: no whole id\n${out}`);
}

test('a secret value equal to a name, a part of an id, the channel alias: the identifiers whole in every lint format, every JSON, preview, send, the edit budget and apply\'s failures; the values masked as text (verify-8 T-1, T-3, T-4, T-5)', async () => {
  const dir = tempDir('tplsync-secret-ids-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, [FILE]: SALE('Rebajas de verano') });
    // lint, every format: the file named whole, the text masked
    for (const format of FORMAT_NAMES) {
      const r = await cliIn(['lint', '--format', format], { cwd: dir, env: { ...ENV, GITHUB_STEP_SUMMARY: undefined } });
      identifiersWhole(r.stdout, `lint --format ${format}`, { file: true });
      if (format === 'json') assert.equal((JSON.parse(r.stdout) as { diagnostics: { file: string }[] }).diagnostics.map((d) => d.file).filter((f) => f.includes('summer')), [FILE]);
      if (format === 'sarif') assert.match(r.stdout, `"uri": "${FILE}"`);
    }
    // the warnings: the name, and the alias alike; none for the canary
    const lint = await cliIn(['lint'], { cwd: dir, env: ENV });
    assert.match(lint.stderr, /values\.coupon \(from S_COUPON\): its value is also the name of a template \(templates\/summer_sale\.es_ES\.yaml\)/);
    assert.match(lint.stderr, /values\.word \(from S_WORD\): its value is also the alias of a channel \(environments\.staging\.channels\.promo_wa\)/);
    assert.not.match(lint.stderr, 'values.code');
    // plain preview: the page's title and heading
    const pv = await cliIn(['preview', '--out', 'pv'], { cwd: dir, env: ENV });
    assert.is(pv.exitCode, 0, pv.stderr);
    const pages = readdirSync(path.join(dir, 'pv')).map((f) => readFileSync(path.join(dir, 'pv', f), 'utf8')).join('\n');
    identifiersWhole(pages, 'preview', { key: true, file: true });
    assert.match(pages, 'usa (secret) y (secret) en la tienda (secret) o en (secret)');
    // export: a template with secret references is not exported, said with its name and file
    const ex = await cliIn(['export', '--to', 'meta'], { cwd: dir, env: ENV });
    identifiersWhole(ex.stderr, 'export --to meta', { file: true });
    assert.match(ex.stderr, 'summer_sale/es_ES (templates/summer_sale.es_ES.yaml): refers to the secret values');

    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: ENV });
    assert.is(applied.exitCode, 0, `${applied.stdout}\n${applied.stderr}`);
    identifiersWhole(applied.stdout + applied.stderr, 'apply', { key: true });
    // review: text and JSON
    const review = await cliIn(['review'], { cwd: dir, env: ENV });
    identifiersWhole(review.stdout, 'review', { key: true });
    const rj = await cliIn(['review', '--format', 'json'], { cwd: dir, env: ENV });
    identifiersWhole(rj.stdout, 'review --format json', { file: true, id: true });
    const entry = (JSON.parse(rj.stdout) as { templates: Record<string, string>[] }).templates[0]!;
    assert.equal([entry.channel, entry.name, entry.language, entry.publicId], ['promo_wa', 'summer_sale', 'es_ES', ID]);
    // send's errors name the template
    for (const args of [['--param', '1=Eva', '--param', 'bogus=1'], ['--language', 'xx']]) {
      const s = await cliIn(['send', '--template', 'summer_sale', '--to', '+34600111222', ...args], { cwd: dir, env: ENV });
      assert.is.not(s.exitCode, 0);
      identifiersWhole(s.stderr, `send ${args.join(' ')}`, { key: true });
    }
    // two edits within 24 hours: the second is over the allowance (plan's edit-budget lines), and apply fails (its failure line, --results)
    writeFileSync(path.join(dir, FILE), SALE('Rebajas de julio'));
    const once = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: ENV });
    assert.is(once.exitCode, 0, `${once.stdout}\n${once.stderr}`);
    writeFileSync(path.join(dir, FILE), SALE('Rebajas de agosto'));
    for (const format of ['text', 'markdown', 'json']) {
      const p = await cliIn(['plan', '--format', format], { cwd: dir, env: ENV });
      identifiersWhole(p.stdout, `plan --format ${format}`, { id: format !== 'markdown' });
      if (format !== 'json') assert.match(p.stdout, `${KEY} would exceed its 24-hour allowance`);
    }
    const twice = await cliIn(['apply', '--auto-approve', '--results', 'r.json'], { cwd: dir, env: ENV });
    assert.is.not(twice.exitCode, 0);
    identifiersWhole(twice.stdout + twice.stderr, 'apply over the allowance', { key: true });
    const results = readFileSync(path.join(dir, 'r.json'), 'utf8');
    identifiersWhole(results, 'apply --results', { id: true });
    assert.match(twice.stdout + twice.stderr + results, /template\/463a61f2-061c-50d6-9ada-ae30aaeb47bb/);
  } finally { cleanup(dir); }
});

test.run();
