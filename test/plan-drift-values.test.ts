// A committed change of an environment value (`promo: SPRING10` -> `SUMMER20` in the config, the template file unchanged)
// was planned as drift "edited outside tplsync", with a `pull --force` that would undo the change (verify-18 NEW-C): the
// history check filled every committed version of the FILE with today's values, so the channel's copy, made with the
// values of an older commit, matched none. Each version is now judged with the config as its own commit has it.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { templateId } from '../src/model/ids.ts';
import jsyaml from 'js-yaml';
import { loadConfig, selectEnvironment } from '../src/config/load.ts';
import { configAmong, configPathsAt } from '../src/config/values-at.ts';
import { committedTemplates, templatesAtRef } from '../src/plan/orphans.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { git, inDriftRepo } from './drift-repo.ts';

const COUPON_ID = templateId(CHANNEL_A, 'coupon', 'en_US');
const coupon = (text: string) => `channel: shop-whatsapp\nname: coupon\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "${text}"\n  examples: { destination: Mallorca }\n`;
const setValue = (a: string, promo: string): void => {
  const p = path.join(a, 'tplsync.config.yaml');
  const text = readFileSync(p, 'utf8');
  writeFileSync(p, /promo: /.test(text) ? text.replace(/promo: .*/, `promo: ${promo}`) : text.replace(/(channels: .*\n)/, `$1    values: { promo: ${promo} }\n`).replace(/values: \{ promo: (\w+) \}/, 'values:\n      promo: $1'));
};

/** the coupon template, referring to ((promo)), committed and pushed */
const pushCoupon = (a: string): void => {
  writeFileSync(path.join(a, 'templates/coupon.en_US.yaml'), coupon('Use the code ((promo)) for your flight to {{destination}} this week.'));
  git(a, 'add', '.');
  git(a, 'commit', '-qm', 'coupon');
  git(a, 'push', '-q', 'origin', 'main');
};
/** the value changed in a commit of the config alone, pushed */
const pushValue = (a: string, promo: string, message: string): void => {
  setValue(a, promo);
  git(a, 'commit', '-qam', message);
  git(a, 'push', '-q', 'origin', 'main');
};

test('NEW-C: a committed change of an environment value is a plain update (text, JSON, apply), never "edited outside tplsync"; applied from an unmerged branch is said so; a console edit still is outside', async () => {
  await inDriftRepo('tplsync-drift-values-', async ({ emu, a, env }) => {
    setValue(a, 'SPRING10');
    pushCoupon(a);
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    emu.advanceClock(25 * 3600_000);
    // the value changed in a commit of the config alone, pushed: the channel holds what the last apply wrote
    pushValue(a, 'SUMMER20', 'summer promo');
    const plan = await cliIn(['plan'], { cwd: a, env });
    assert.match(plan.stdout, /~ update shop-whatsapp\/coupon\/en_US(?! \(drift)/, plan.stdout + plan.stderr);
    assert.not.match(plan.stdout, /drift|outside tplsync|pull --channel/, plan.stdout);
    assert.match(plan.stdout, /SPRING10[^\n]*→[^\n]*SUMMER20/);
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: a, env })).stdout) as { changes: { name: string; drift?: unknown }[] };
    assert.is(json.changes.find((c) => c.name === 'coupon')?.drift, undefined);
    // the file's text changed too, in a later commit: the channel's copy (the older text with the older value) is still one
    writeFileSync(path.join(a, 'templates/coupon.en_US.yaml'), coupon('Use the code ((promo)) for your flight to {{destination}} this month.'));
    git(a, 'commit', '-qam', 'this month');
    git(a, 'push', '-q', 'origin', 'main');
    const both = await cliIn(['plan'], { cwd: a, env });
    assert.match(both.stdout, /~ update shop-whatsapp\/coupon\/en_US(?! \(drift)/, both.stdout + both.stderr);
    assert.not.match(both.stdout, /drift|outside tplsync/);
    // on a branch of its own (the merge base with origin/main a base): the same
    git(a, 'checkout', '-q', '-b', 'autumn');
    setValue(a, 'AUTUMN5');
    git(a, 'commit', '-qam', 'autumn promo');
    const branch = await cliIn(['plan'], { cwd: a, env });
    assert.match(branch.stdout, /~ update shop-whatsapp\/coupon\/en_US(?! \(drift)/, branch.stdout + branch.stderr);
    assert.not.match(branch.stdout, /drift|outside tplsync|conflict/);
    // applied from that branch (a pull request's preview), pushed: main's plan says so, judged with the branch's values
    git(a, 'push', '-q', 'origin', 'autumn');
    const preview = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.is(preview.exitCode, 0, preview.stdout + preview.stderr);
    emu.advanceClock(25 * 3600_000);
    git(a, 'checkout', '-q', 'main');
    const unmerged = await cliIn(['plan'], { cwd: a, env });
    assert.match(unmerged.stdout, /~ update shop-whatsapp\/coupon\/en_US \(drift: applied from (origin\/)?autumn, not merged here/, unmerged.stdout + unmerged.stderr);
    assert.not.match(unmerged.stdout, /outside tplsync|pull --channel/);
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.not.match(apply.stderr, /outside tplsync/);
    emu.advanceClock(25 * 3600_000);
    // a console edit is still an edit outside tplsync (no commit, with the values of any commit, has its text)
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    await client.writeTemplate(CHANNEL_A, COUPON_ID, { name: 'coupon', description: '', chatapp: { chatapp: { name: 'coupon', language: 'en_US', category: 'MARKETING', components: [{ type: 'BODY', text: 'Use the code WINTER1 for your flight to {{1}} this month.' }], example: { 1: 'Mallorca' } } } } as never);
    emu.advanceClock(25 * 3600_000);
    const console = await cliIn(['plan'], { cwd: a, env });
    assert.match(console.stdout, /~ update shop-whatsapp\/coupon\/en_US \(drift: edited outside tplsync/, console.stdout + console.stderr);
  });
});

test('NEW-C: behind an upstream whose committed value change was applied, the update that would revert it is said as such ("git pull first", not written), never "edited outside"', async () => {
  await inDriftRepo('tplsync-drift-values-up-', async ({ emu, root, a, env }) => {
    setValue(a, 'SPRING10');
    pushCoupon(a);
    git(root, 'clone', '-q', path.join(root, 'origin.git'), 'B');
    const b = path.join(root, 'B');
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    emu.advanceClock(25 * 3600_000);
    // a colleague (A) changes the value, pushes and applies it; B fetched, not merged
    pushValue(a, 'SUMMER20', 'summer promo');
    const second = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.is(second.exitCode, 0, second.stdout + second.stderr);
    emu.advanceClock(25 * 3600_000);
    git(b, 'fetch', '-q');
    const plan = await cliIn(['plan'], { cwd: b, env });
    assert.match(plan.stdout, /coupon\/en_US \(drift: reverts origin\/main's newer version/, plan.stdout + plan.stderr);
    assert.match(plan.stdout, 'git pull first');
    assert.not.match(plan.stdout, /outside tplsync|pull --channel/);
  });
});

test('configPathsAt / configAmong: a config found by its name is looked for at its other names too (converted since); a package.json counts with its "tplsync" key only', () => {
  assert.equal(configPathsAt('apps/shop/tplsync.config.yaml').slice(0, 3), ['apps/shop/tplsync.config.yaml', 'apps/shop/tplsync.config.yml', 'apps/shop/tplsync.config.json']);
  assert.ok(configPathsAt('tplsync.config.yaml').includes('package.json'));
  assert.equal(configPathsAt('config/staging.yaml'), ['config/staging.yaml']);
  assert.equal(configAmong([{ file: 'tplsync.config.yaml', text: undefined }, { file: 'tplsync.config.json', text: '{}' }]), { file: 'tplsync.config.json', text: '{}' });
  assert.is(configAmong([{ file: 'tplsync.config.yaml', text: undefined }, { file: 'package.json', text: '{"name":"x"}' }]), undefined);
  assert.equal(configAmong([{ file: 'package.json', text: '{"tplsync":{}}' }])?.file, 'package.json');
});

test('NEW-C: the files at a ref (templatesAtRef: --base, the merge base, the upstream) and their history (committedTemplates) are filled with the values of the config as that commit has it: converted since from JSON, or absent (today\'s then)', async () => {
  const dir = tempDir('tplsync-values-at-ref-');
  try {
    const config = (promo: string) => ({ templates: ['templates/**/*.yaml'], defaultEnvironment: 't', environments: { t: { emulator: '.tplsync/emulator.json', channels: { 'shop-whatsapp': CHANNEL_A }, values: { promo } } } });
    const text = (ref: string, byId: Map<string, { template: { canonical: unknown } }>) => `${ref}: ${JSON.stringify(byId.get(COUPON_ID)?.template.canonical)}`;
    // the template committed before any config (its values then unknown), then a JSON config, then converted to YAML
    writeFiles(dir, { 'templates/coupon.en_US.yaml': coupon('Use the code ((promo)) for your flight to {{destination}} this week.'), '.gitignore': '.tplsync/\n' });
    git(dir, 'init', '-q');
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'coupon');
    writeFiles(dir, { 'tplsync.config.json': JSON.stringify(config('SPRING10')) });
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'config in JSON');
    git(dir, 'rm', '-q', 'tplsync.config.json');
    writeFiles(dir, { 'tplsync.config.yaml': jsyaml.dump(config('AUTUMN5')) });
    git(dir, 'add', '.');
    git(dir, 'commit', '-qm', 'config in YAML');
    writeFiles(dir, { 'tplsync.config.yaml': jsyaml.dump(config('SUMMER20')) });
    git(dir, 'commit', '-qam', 'summer promo');
    const loaded = await loadConfig({ cwd: dir });
    const env = selectEnvironment(loaded);
    const at = async (ref: string) => text(ref, (await templatesAtRef(loaded, env, ref)).byId);
    assert.match(await at('HEAD~1'), /AUTUMN5/);
    assert.match(await at('HEAD~2'), /SPRING10/);
    assert.match(await at('HEAD~3'), /SUMMER20/);
    // the history: each version judged with its own commit's config, the JSON one among them
    const versions = [...(await committedTemplates(loaded, env, new Map([[COUPON_ID, path.join(dir, 'templates/coupon.en_US.yaml')]]))).get(COUPON_ID) ?? []].map((t) => JSON.stringify(t));
    assert.ok(versions.some((v) => v.includes('SUMMER20')), versions.join('\n'));
    assert.ok(versions.some((v) => v.includes('AUTUMN5')), versions.join('\n'));
    assert.ok(versions.some((v) => v.includes('SPRING10')), versions.join('\n'));
  } finally { cleanup(dir); }
});

test.run();
