// pull --force over a file that does not say what the channel says: the file's placeholder names
// stay where which number is which name is certain (the same samples, as --names-from decides),
// and pull tells "the channel changed" from "the file changed since it was in sync" by the file's
// commits (both possibilities when it has none), naming the fields of the file it replaced.
// (trial-o F3: a dashboard edit of fixed text pulled as {{1}}, {{2}}, breaking the other language and
// the types; F5: an uncommitted local edit reported as "changed on the channel".)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const EN = 'channel: wa\nname: summer_sale\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Summer sale: flights to {{destination}} from {{price}} until Sunday."\n  examples: { destination: Mallorca, price: EUR 39 }\n';
const ES = 'channel: wa\nname: summer_sale\nlanguage: es\ncategory: MARKETING\nbody:\n  text: "Rebajas: vuelos a {{destination}} desde {{price}} hasta el domingo."\n  examples: { destination: Mallorca, price: EUR 39 }\n';
const FILE = 'templates/summer_sale.en_US.yaml';
const env = { TPLSYNC_API_KEY: 'k' };
const id = templateId(CHANNEL_A, 'summer_sale', 'en_US');

/** a project on an emulator of its own, applied; in a git repository of its own unless `git` is false */
async function inProject(o: { git: boolean }, fn: (dir: string, git: (...a: string[]) => string) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-changed-since-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp, languages: [en_US, es] }\n`, [FILE]: EN, 'templates/summer_sale.es.yaml': ES });
    if (o.git) { git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base'); }
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    await fn(dir, git);
  } finally { cleanup(dir); await emu.close(); }
}

/** the channel's copy edited outside the files (fixed text only, the same samples) */
async function editOnChannel(dir: string, text: string): Promise<void> {
  writeFiles(dir, { 'other/sale.yaml': text });
  assert.is((await cliIn(['apply', 'other/sale.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
}

test('F3: fixed text changed on the channel, same samples: the names kept, the other language still matches, "changed on the channel" said by the commits', async () => {
  await inProject({ git: true }, async (dir) => {
    await editOnChannel(dir, EN.replace('until Sunday.', 'until Monday. Book now!'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const text = readFileSync(path.join(dir, FILE), 'utf8');
    assert.match(text, 'text: "Summer sale: flights to {{destination}} from {{price}} until Monday. Book now!"');
    assert.match(text, /destination: Mallorca/);
    assert.match(r.stderr, `summer_sale/en_US: ${FILE} did not say what t's copy says; it changed on the channel: none of the last 20 commits of ${FILE} says what the channel's copy says`);
    assert.match(r.stderr, "which replaced the file's body.text");
    assert.match(r.stderr, "the file's placeholder names kept: the texts differ, and each of the channel's samples is the file's sample of one name alone");
    assert.not.match(r.stderr, /variant-mismatch|channel's numbers/);
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
  });
});

test('F5: an uncommitted edit of the file, the channel as committed: "the channel\'s copy did not change", the edit\'s fields named, the names kept', async () => {
  await inProject({ git: true }, async (dir, git) => {
    const head = git('rev-parse', '--short', 'HEAD').trim();
    writeFileSync(path.join(dir, FILE), EN.replace('until Sunday.', 'until Sunday. Pack your bags!'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, `the channel's copy did not change: it is what ${FILE} says in its last commit (${head}), and the file was edited since (not committed)`);
    assert.match(r.stderr, "which replaced the file's body.text: the edit was not committed, so git does not hold it");
    assert.not.match(r.stderr, 'changed on the channel');
    // the file is the committed one again, its names included
    assert.match(readFileSync(path.join(dir, FILE), 'utf8'), 'text: "Summer sale: flights to {{destination}} from {{price}} until Sunday."');
    assert.is(git('status', '--porcelain', '--', FILE), '', 'the committed file again, byte for byte (no note of the pull added)');
  });
});

test('the file changed after the commit the channel holds: said, with that commit; an uncommitted rename of a placeholder is named by the commit', async () => {
  await inProject({ git: true }, async (dir, git) => {
    const applied = git('rev-parse', '--short', 'HEAD').trim();
    writeFileSync(path.join(dir, FILE), EN.replace('until Sunday.', 'until Sunday only.'));
    git('commit', '-qam', 'wording');
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, `the channel's copy is what ${FILE} said at commit ${applied}: the file changed after it, and that change was not applied to t (or was undone there)`);
    assert.not.match(r.stderr, 'it changed on the channel');
    // a local edit whose names cannot be matched (its samples changed too): the names of the commit the channel holds
    writeFileSync(path.join(dir, FILE), EN.replace('{{destination}}', '{{city}}').replace('destination: Mallorca', 'city: Ibiza').replace('from {{price}}', 'for {{price}}'));
    const again = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stderr, `the placeholder names are those of ${FILE} at ${applied}, which says what the channel says`);
    assert.match(readFileSync(path.join(dir, FILE), 'utf8'), '{{destination}} from {{price}} until Sunday.');
  });
});

test('no commit to tell: both possibilities said; samples that do not tell the names apart: numbered, why, and how to name them', async () => {
  await inProject({ git: false }, async (dir) => {
    await editOnChannel(dir, EN.replace('Summer sale: flights to {{destination}} from {{price}}', 'Flights from {{price}} to {{destination}}').replace('Mallorca', 'Menorca').replace('EUR 39', 'EUR 49'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.match(r.stderr, `either it changed on the channel (an edit outside tplsync), or the file changed since it was last applied: ${FILE} has no commit in git to tell which`);
    assert.match(r.stderr, "its placeholders are the channel's numbers, as which number is which of the file's names is not certain (body: ");
    // (trial-bq F3: not --names-from with an export of the file, which decides by the same names and samples) the numbers
    // with their samples beside the file's names with theirs, to pair by hand: no sample names one, and their places do not
    assert.match(r.stderr, `; rename them by hand in ${FILE}, each number to the name of the value it stands for, in every text and its samples (body: {{1}} ("EUR 49"), {{2}} ("Menorca") each to the name of its value among the file's {{destination}} ("Mallorca"), {{price}} ("EUR 39"))`);
    assert.not.match(r.stderr, '--names-from');
    assert.match(readFileSync(path.join(dir, FILE), 'utf8'), 'text: "Flights from {{1}} to {{2}} until Sunday."');
  });
});

test('an uncommitted edit of a field without placeholders (a footer): the names are kept as they were, and the edit replaced is said all the same', async () => {
  await inProject({ git: true }, async (dir) => {
    writeFileSync(path.join(dir, FILE), `${EN}footer: Prices per person\n`);
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, "the channel's copy did not change");
    assert.match(r.stderr, "which replaced the file's footer: the edit was not committed, so git does not hold it");
    assert.not.match(readFileSync(path.join(dir, FILE), 'utf8'), 'footer');
  });
});

test('verify-10: a console reorder of the placeholders, same samples: the names kept, and only body.text said replaced (the samples are the file\'s, not "body.examples[0], body.examples[1]")', async () => {
  await inProject({ git: true }, async (dir, git) => {
    await editOnChannel(dir, EN.replace('flights to {{destination}} from {{price}}', 'from {{price}}, flights to {{destination}}'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(readFileSync(path.join(dir, FILE), 'utf8'), 'text: "Summer sale: from {{price}}, flights to {{destination}} until Sunday."');
    assert.match(r.stderr, /which replaced the file's body\.text \(git diff/, r.stderr);
    assert.not.match(r.stderr, /examples/);
    assert.not.match(git('diff', '--', FILE), /^[-+] *examples/m);
  });
});

// verify-15 NEW-C: a file that numbers its placeholders (Hi {{1}}, ...) edited and pulled over with --force was told
// "which number is which of the file's names is not certain" and to name them with --names-from: it has no names, and
// nothing of it is lost numbered. Said only where the file names its placeholders. Its deleted file pulled back was
// told "its placeholders stay numbered (the committed texts are not the channel's once numbered)": it numbers them itself.
test('NEW-C: a numbered file pulled over (--force) or written back when deleted: nothing said of names it does not have', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-changed-numbered-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  const plain = 'templates/wa_plain.yaml';
  const PLAIN = 'channel: wa\nname: plain_note\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your order {{2}} has shipped."\n  examples: { 1: Ana, 2: A-1042 }\n';
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n`, [plain]: PLAIN });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const plainId = templateId(CHANNEL_A, 'plain_note', 'en_US');
    writeFileSync(path.join(dir, plain), PLAIN.replace('has shipped', 'has left'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', plainId, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, `plain_note/en_US: ${plain} did not say what t's copy says`);
    assert.match(readFileSync(path.join(dir, plain), 'utf8'), 'Hi {{1}}, your order {{2}} has shipped.');
    assert.not.match(r.stderr, /which number is which|--names-from|channel's numbers/);
    execFileSync('rm', [path.join(dir, plain)]);
    const back = await cliIn(['pull', '--channel', 'wa', '--id', plainId], { cwd: dir, env });
    assert.is(back.exitCode, 0, back.stderr);
    // (that version says what the channel has: written back as git has it, trial-bm F2)
    assert.match(back.stderr, `written back at ${plain} as git has it`);
    assert.is(readFileSync(path.join(dir, plain), 'utf8'), PLAIN);
    assert.not.match(back.stderr, /stay numbered|which number is which|--names-from/);
  } finally { cleanup(dir); await emu.close(); }
});

test('verify-18 NEW-C: a committed change of a value the file refers to (the config alone), not applied: "a value it refers to changed after it", with the commit the channel holds, never "changed on the channel"', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-changed-values-');
  const git = (...a: string[]) => execFileSync('git', a, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } }).toString();
  const coupon = 'templates/coupon.en_US.yaml';
  const config = (promo: string) => `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\n    values:\n      promo: ${promo}\n`;
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config('SPRING10'), [coupon]: 'channel: wa\nname: coupon\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Use the code ((promo)) for your flight to {{destination}} this week."\n  examples: { destination: Mallorca }\n' });
    git('init', '-q'); git('add', '.'); git('commit', '-qm', 'base');
    const applied = git('rev-parse', '--short', 'HEAD').trim();
    const r0 = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r0.exitCode, 0, r0.stdout + r0.stderr);
    writeFiles(dir, { 'tplsync.config.yaml': config('SUMMER20') });
    git('commit', '-qam', 'summer promo');
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'coupon', 'en_US'), '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, `the channel's copy is what ${coupon} said at commit ${applied}: a value it refers to changed after it (a commit of the config), with the file the same, and that change was not applied to t`);
    assert.not.match(r.stderr, /changed on the channel|edit outside/);
  } finally { cleanup(dir); await emu.close(); }
});

// trial-bq F3: a console edit of the text that also changed a sample (the console asks for samples with the text) was
// written numbered (variant-mismatch), with advice to give --names-from meta FILE from an export of the file's version:
// followed literally, that gives the same numbers, as it decides by the same names and samples. Now a placeholder that
// stands where the file had its name, with the same word beside it, takes that name (its sample the channel's); one still
// not certain is said with the names to rename it to by hand, not that option.
test('trial-bq F3: a console edit of the text and a sample: named where each placeholder stands by the same words as the file\'s name, the sample the channel\'s; --names-from from the file\'s version names them too', async () => {
  await inProject({ git: true }, async (dir, git) => {
    await editOnChannel(dir, EN.replace('from {{price}} until Sunday.', 'now from only {{price}} until Sunday!').replace('price: EUR 39', 'price: EUR 29'));
    // the Meta export of the file's version, as the old advice had it (before the pull writes over it)
    const meta = await cliIn(['export', '--to', 'meta', FILE], { cwd: dir, env });
    assert.is(meta.exitCode, 0, meta.stderr);
    writeFileSync(path.join(dir, 'meta.json'), meta.stdout);
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const text = readFileSync(path.join(dir, FILE), 'utf8');
    assert.match(text, 'text: "Summer sale: flights to {{destination}} now from only {{price}} until Sunday!"');
    assert.match(text, /price: EUR 29/);
    assert.match(r.stderr, "the file's placeholder names kept: the texts differ, and each placeholder stands where the file had its name, with the same words beside it; the channel's sample of {{price}} is \"EUR 29\" (the file had \"EUR 39\")");
    assert.not.match(r.stderr, /variant-mismatch|channel's numbers|--names-from/);
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    // the old advice followed literally: the export of the file's version names the channel's copy as well
    git('checkout', '--', FILE);
    const named = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force', '--names-from', 'meta', 'meta.json'], { cwd: dir, env });
    assert.is(named.exitCode, 0, named.stderr);
    assert.match(readFileSync(path.join(dir, FILE), 'utf8'), 'text: "Summer sale: flights to {{destination}} now from only {{price}} until Sunday!"');
    assert.match(named.stderr, "summer_sale/en_US: body: the channel's text is not the --names-from export's, so the names were given where each placeholder stands where the export has its name, with the same words beside it");
  });
});

test('trial-bq F3: a placeholder still not certain (its words and its sample changed): numbered, and said which number to rename to which name by hand (the one a sample names, the one left), not --names-from', async () => {
  await inProject({ git: true }, async (dir) => {
    await editOnChannel(dir, EN.replace('from {{price}} until Sunday.', 'at {{price}} only, book by Sunday.').replace('price: EUR 39', 'price: EUR 29'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(readFileSync(path.join(dir, FILE), 'utf8'), 'text: "Summer sale: flights to {{1}} at {{2}} only, book by Sunday."');
    assert.match(r.stderr, `; rename them by hand in ${FILE}, each number to the name of the value it stands for, in every text and its samples (body: {{1}} → {{destination}} (its sample "Mallorca" is the file's of {{destination}}), {{2}} → {{price}} (the one left: its sample "EUR 29", the file's "EUR 39"))`);
    assert.not.match(r.stderr, '--names-from');
  });
});

test.run();
