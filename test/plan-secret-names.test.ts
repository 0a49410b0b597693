// A secret value of the environment that is also a template's name, or a plain word the files hold
// (verify-7 V-1): the name is shown in every output (text, Markdown, JSON, the saved plan, apply's
// lines), never `wa/(secret)/en_US`, since names, ids and languages are identifiers that the output
// gate does not mask; the value is still masked wherever it is text, and a canary never shows. Lint
// and plan warn once that such a value cannot be hidden reliably.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { unhideableSecretValues } from '../src/project/secret-exposure.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    emulator: .tplsync/e.json
    channels: { wa: ${CHANNEL_A} }
    values:
      promo: { env: N_PROMO }
      code: { env: N_CODE }
      host: { env: N_HOST }
channels:
  wa: { kind: whatsapp }
`;
const GYM = `channel: wa
name: gym_offer
language: en_US
category: MARKETING
header:
  format: TEXT
  text: "Members week: yoga classes"
body:
  text: "Hello {{1}}, quote ((code)) at the front desk of our Riverside gym for a free smoothie with any class booked today."
  examples: { 1: Tomas }
buttons:
  - type: URL
    text: Book now
    url: "https://((host)).example.com/book/{{1}}"
    example: "https://((host)).example.com/book/a12"
`;
const SPA = `channel: wa
name: spa_deal
language: en_US
category: MARKETING
body:
  text: "Hi {{1}}, relax at the spa: use ((promo)) and code ((code)) before Sunday."
  examples: { 1: Lena }
`;
// the promo's value is the other template's name; the host's a word the files hold; the code a canary
const CANARY = `Cnry${randomBytes(8).toString('hex')}`;
const ENV = { N_PROMO: 'gym_offer', N_CODE: CANARY, N_HOST: 'smoothie' };

test('a secret value equal to a template\'s name: the name shown in text, JSON, Markdown, the saved plan and apply; the value masked where it is text; the canary never shown; lint and plan warn once (verify-7 V-1)', async () => {
  const dir = tempDir('tplsync-secret-names-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/gym.en_US.yaml': GYM, 'templates/spa.en_US.yaml': SPA });
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env: ENV });
    assert.is(applied.exitCode, 0, applied.stderr);
    assert.match(applied.stdout, 'wa/gym_offer/en_US');
    // both edited: the header of gym_offer, the spa's code
    const edit = (f: string, from: string, to: string) => { const p = path.join(dir, 'templates', f); writeFileSync(p, readFileSync(p, 'utf8').replace(from, to)); };
    edit('gym.en_US.yaml', 'yoga classes', 'gym classes');
    edit('spa.en_US.yaml', 'code ((code))', 'code OWL');
    const text = await cliIn(['plan'], { cwd: dir, env: ENV });
    assert.is(text.exitCode, 0, text.stderr);
    assert.match(text.stdout, '~ update wa/gym_offer/en_US');
    assert.not.match(text.stdout, 'wa/(secret)');
    // the value where it is text: masked
    assert.match(text.stdout, 'relax at the spa: use (secret) and code');
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env: ENV })).stdout) as { changes: { name: string; changes: { path: string; before: string; after: string }[] }[]; editBudget: { edits: { name: string }[] } };
    assert.equal(json.changes.map((c) => c.name).sort(), ['gym_offer', 'spa_deal']);
    assert.equal(json.editBudget.edits.map((e) => e.name).sort(), ['gym_offer', 'spa_deal']);
    assert.match(json.changes.find((c) => c.name === 'spa_deal')!.changes.find((c) => c.path === 'body.text')!.after, 'use (secret) and code OWL');
    // written with --output: the same (the file masked once, as stdout is)
    assert.is((await cliIn(['plan', '--format', 'json', '--output', 'o.json'], { cwd: dir, env: ENV })).exitCode, 0);
    assert.equal((JSON.parse(readFileSync(path.join(dir, 'o.json'), 'utf8')) as typeof json).changes.map((c) => c.name).sort(), ['gym_offer', 'spa_deal']);
    assert.match(readFileSync(path.join(dir, 'o.json'), 'utf8'), 'use (secret) and code OWL');
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env: ENV });
    assert.match(md.stdout, 'wa/gym_offer/en_US');
    assert.not.match(md.stdout, 'wa/(secret)');
    // the preview of the changes: its pages name the template too
    const pv = await cliIn(['preview', '--changes', '--out', 'pv'], { cwd: dir, env: ENV });
    assert.is(pv.exitCode, 0, pv.stderr);
    const pages = readdirSync(path.join(dir, 'pv')).map((f) => readFileSync(path.join(dir, 'pv', f), 'utf8')).join('\n');
    assert.match(pages, 'wa/gym_offer/en_US');
    assert.not.match(pages, 'wa/(secret)');
    assert.not.ok(pages.includes(CANARY));
    const planned = await cliIn(['plan', '--out', 'n.plan'], { cwd: dir, env: ENV });
    assert.is(planned.exitCode, 0, planned.stderr);
    const saved = JSON.parse(readFileSync(path.join(dir, 'n.plan'), 'utf8')) as { changes: { name: string; body: { name: string; chatapp?: { name: string; chatapp?: { name: string; components?: unknown } } } }[] };
    assert.equal(saved.changes.map((c) => c.name).sort(), ['gym_offer', 'spa_deal']);
    const gymBody = saved.changes.find((c) => c.name === 'gym_offer')!.body;
    assert.equal([gymBody.name, gymBody.chatapp?.name, gymBody.chatapp?.chatapp?.name].filter((x) => x !== undefined).every((x) => x === 'gym_offer'), true, JSON.stringify(gymBody));
    assert.match(JSON.stringify(saved.changes.find((c) => c.name === 'spa_deal')!.body), 'use (secret) and code OWL');
    const fromFile = await cliIn(['apply', 'n.plan', '--auto-approve', '--wait', '--results', 'r.json'], { cwd: dir, env: ENV });
    assert.is(fromFile.exitCode, 0, `${fromFile.stdout}\n${fromFile.stderr}`);
    assert.match(fromFile.stdout, 'updated wa/gym_offer/en_US');
    // its results file too
    assert.equal((JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as { results: { name: string }[] }).results.map((r) => r.name).sort(), ['gym_offer', 'spa_deal']);
    // the canary: in no output
    for (const out of [applied.stdout, applied.stderr, text.stdout, text.stderr, JSON.stringify(json), md.stdout, planned.stderr, readFileSync(path.join(dir, 'n.plan'), 'utf8'), fromFile.stdout, fromFile.stderr, readFileSync(path.join(dir, 'r.json'), 'utf8')]) assert.not.ok(out.includes(CANARY));
    // the warnings, once each, naming the values' keys (not the values): the name, and the word; none for the canary
    for (const out of [text.stderr, (await cliIn(['lint'], { cwd: dir, env: ENV })).stderr]) {
      assert.is(out.match(/values\.promo \(from N_PROMO\): its value is also the name of a template \(templates\/gym\.en_US\.yaml\): it cannot be hidden reliably/g)?.length, 1, out);
      assert.is(out.match(/values\.host \(from N_HOST\): its value is a plain word that templates\/gym\.en_US\.yaml holds outside any reference: it cannot be hidden reliably/g)?.length, 1, out);
      assert.not.match(out, 'values.code');
    }
  } finally { cleanup(dir); }
});

test('unhideableSecretValues (pure): a name or a word of letters the files hold outside references; not a word inside a reference or a longer word, not a value with digits', () => {
  const config = { environments: { s: { name: 's', channels: {}, values: { a: { env: 'A' }, b: { env: 'B' }, c: { env: 'C' }, d: { env: 'D' } } } } } as never;
  const files = [{ file: 't.yaml', text: 'name: spring_sale\nbody:\n  text: "Use ((Weekender)) at our Riverside shop, Smoothies too."' }];
  const warned = (vars: Record<string, string>) => unhideableSecretValues(config, files, vars).map((w) => /values\.(\w)/.exec(w)![1]);
  assert.equal(warned({ A: 'spring_sale', B: 'riverside', C: 'Weekender', D: 'Smoothie' }), ['a', 'b']);
  assert.equal(warned({ A: 'Riverside1', B: 'spring_sale2' }), []);
});

test.run();
