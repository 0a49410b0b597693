// trial-y F2: `preview --out DIR` wrote the pages of this run and left those of an earlier one in the folder: a
// template renamed or deleted since kept its page (with its old verdict), which the index no longer linked and a
// bookmark still opened. The folder is the site: preview's own pages it no longer holds are removed; files that
// are not preview's are left alone.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const template = (name: string, text: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n`;
const TERMS = 'Our terms changed today; read them before your next order arrives.';
const PICKUP = 'Your order is ready for pickup at the store until Friday evening.';
const WELCOME = 'Welcome to the shop: reply HELP for help at any time of day.';
/** a project of one WhatsApp channel and a template of each name, with its text */
const writeProject = (dir: string, texts: Record<string, string>): void => writeFiles(dir, {
  'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nchannels: { wa: { kind: whatsapp } }\n',
  ...Object.fromEntries(Object.entries(texts).map(([name, text]) => [`templates/${name}.en_US.yaml`, template(name, text)])),
});

test('a second preview to the same folder removes the pages of templates renamed or deleted since, and nothing that is not its own', async () => {
  const dir = tempDir('tplsync-preview-stale-');
  try {
    writeProject(dir, { long_terms: TERMS, store_pickup: PICKUP, welcome: WELCOME });
    const first = await cliIn(['preview', '--out', 'site'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    const site = path.join(dir, 'site');
    const pages = () => readdirSync(site).sort();
    assert.ok(pages().includes('wa_long_terms_en_US.html') && pages().includes('wa_store_pickup_en_US.html'), pages().join(' '));
    // the user's own files in the folder: an HTML page that is not preview's, and a note
    writeFileSync(path.join(site, 'notes.html'), '<!doctype html><title>my notes</title>');
    writeFileSync(path.join(site, 'README.txt'), 'review these pages on Friday');
    writeFiles(dir, { 'templates/long_terms_v2.en_US.yaml': template('long_terms_v2', 'Our terms changed today; read them before your next order arrives.') });
    rmSync(path.join(dir, 'templates/long_terms.en_US.yaml'));
    rmSync(path.join(dir, 'templates/store_pickup.en_US.yaml'));
    const second = await cliIn(['preview', '--out', 'site'], { cwd: dir });
    assert.is(second.exitCode, 0, second.stderr);
    assert.match(second.stderr, /wrote site\/index\.html and 2 template pages; removed 2 pages of an earlier run \(wa_long_terms_en_US\.html, wa_store_pickup_en_US\.html\)/);
    assert.not.ok(existsSync(path.join(site, 'wa_long_terms_en_US.html')));
    assert.not.ok(existsSync(path.join(site, 'wa_store_pickup_en_US.html')));
    assert.ok(existsSync(path.join(site, 'wa_long_terms_v2_en_US.html')));
    assert.ok(existsSync(path.join(site, 'wa_welcome_en_US.html')));
    assert.is(readFileSync(path.join(site, 'notes.html'), 'utf8'), '<!doctype html><title>my notes</title>');
    assert.ok(existsSync(path.join(site, 'README.txt')));
    // nothing stale: nothing said
    const third = await cliIn(['preview', '--out', 'site'], { cwd: dir });
    assert.is(third.exitCode, 0, third.stderr);
    assert.not.match(third.stderr, /removed/);
  } finally { cleanup(dir); }
});

// verify-13 NEW-4, NEW-5: every page carrying preview's mark was removed: a user's copy of a page, a page edited by hand,
// and, on a run naming some files (or another project's run into the same folder), the pages of templates that still exist
test('only the pages this project\'s runs wrote, as written, go; a copy, an edited page, a run of some files and another project\'s pages leave them', async () => {
  const dir = tempDir('tplsync-preview-stale-');
  try {
    const config = 'templates: ["templates/**/*.yaml"]\nchannels: { wa: { kind: whatsapp } }\n';
    writeFiles(dir, {
      'a/tplsync.config.yaml': config, 'b/tplsync.config.yaml': config,
      'a/templates/one.en_US.yaml': template('one', 'Your order is ready for pickup at the store until Friday evening.'),
      'a/templates/two.en_US.yaml': template('two', 'Our terms changed today; read them before your next order arrives.'),
      'a/templates/three.en_US.yaml': template('three', 'Welcome to the shop: reply HELP for help at any time of day.'),
      'b/templates/other.en_US.yaml': template('other', 'Another product entirely, with its own shop and its own words.'),
    });
    const preview = async (project: string, ...args: string[]) => { const r = await cliIn(['preview', '--out', '../site', ...args], { cwd: path.join(dir, project) }); assert.is(r.exitCode, 0, r.stderr); return r.stderr; };
    await preview('a');
    await preview('b');
    const site = path.join(dir, 'site');
    const page = (n: string) => path.join(site, `wa_${n}_en_US.html`);
    // a copy kept by the user, and a page edited by hand
    writeFileSync(path.join(site, 'my-copy.html'), readFileSync(page('one'), 'utf8'));
    writeFileSync(page('two'), readFileSync(page('two'), 'utf8').replace('</body>', '<p>reviewed by Ana</p></body>'));
    // a run naming one file: the others' pages stay
    const some = await preview('a', 'templates/one.en_US.yaml');
    assert.not.match(some, /removed/);
    for (const n of ['one', 'two', 'three', 'other']) assert.ok(existsSync(page(n)), n);
    // all three gone from the project: the run of the whole project removes the unedited one alone
    rmSync(path.join(dir, 'a/templates/one.en_US.yaml'));
    rmSync(path.join(dir, 'a/templates/two.en_US.yaml'));
    rmSync(path.join(dir, 'a/templates/three.en_US.yaml'));
    writeFiles(dir, { 'a/templates/four.en_US.yaml': template('four', 'A new template that replaced the three before it, with new words.') });
    const whole = await preview('a');
    assert.match(whole, /removed 2 pages of an earlier run \(wa_one_en_US\.html, wa_three_en_US\.html\)/);
    assert.not.ok(existsSync(page('one')));
    assert.not.ok(existsSync(page('three')));
    assert.ok(existsSync(page('two')), 'edited by hand: kept');
    assert.ok(existsSync(path.join(site, 'my-copy.html')), 'a copy: kept');
    assert.ok(existsSync(page('other')), 'another project\'s page: kept');
    assert.ok(existsSync(page('four')));
  } finally { cleanup(dir); }
});

// verify-15 (observation a): a run naming some files replaced index.html with one listing only its own pages, while the
// project's other pages stayed in the folder, unlinked until the next whole run. Its index lists them too, apart, and
// the next whole run's index lists every template as it is.
test('a run of some files: its index links its own pages and the project\'s other pages still in the folder, said to be an earlier run\'s', async () => {
  const dir = tempDir('tplsync-preview-index-');
  try {
    writeProject(dir, { beta: PICKUP, gamma: TERMS, delta: WELCOME });
    assert.is((await cliIn(['preview', '--out', 'site'], { cwd: dir })).exitCode, 0);
    const some = await cliIn(['preview', '--out', 'site', 'templates/beta.en_US.yaml'], { cwd: dir });
    assert.is(some.exitCode, 0, some.stderr);
    const index = readFileSync(path.join(dir, 'site/index.html'), 'utf8');
    for (const page of ['wa_beta_en_US.html', 'wa_gamma_en_US.html', 'wa_delta_en_US.html']) {
      assert.ok(existsSync(path.join(dir, 'site', page)), page);
      assert.match(index, `href="${page}"`);
    }
    assert.match(index, 'Rendered by an earlier run, not by this one');
    assert.match(index, '1 template rendered, 2 from an earlier run');
    // the whole project again: every page its own, none listed as an earlier run's
    assert.is((await cliIn(['preview', '--out', 'site'], { cwd: dir })).exitCode, 0);
    const whole = readFileSync(path.join(dir, 'site/index.html'), 'utf8');
    assert.not.match(whole, /earlier run/);
    assert.match(whole, 'href="wa_gamma_en_US.html"');
  } finally { cleanup(dir); }
});

// verify-13 (observation): `preview --changes --out DIR` kept the before/after page of a change no longer planned
// (reverted, or applied) beside the new index, with its old before and after. The changes site removes its own pages
// of changes that are gone, as the plain site does; a plain preview's pages in the same folder are not its to remove.
test('preview --changes removes its page of a change no longer planned; the plain preview\'s pages in the folder stay', async () => {
  const dir = tempDir('tplsync-preview-changes-stale-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments: { local: { emulator: .tplsync/emulator.json, channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 } } }\nchannels: { wa: { kind: whatsapp } }\n',
      'templates/terms.en_US.yaml': template('terms', TERMS),
      'templates/pickup.en_US.yaml': template('pickup', PICKUP),
      'templates/welcome.en_US.yaml': template('welcome', WELCOME),
    });
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(applied.exitCode, 0, applied.stderr);
    assert.is((await cliIn(['preview', '--out', 'site'], { cwd: dir })).exitCode, 0, 'a plain preview in the same folder');
    writeFiles(dir, {
      'templates/terms.en_US.yaml': template('terms', TERMS.replace('today', 'this week')),
      'templates/pickup.en_US.yaml': template('pickup', PICKUP.replace('Friday', 'Saturday')),
    });
    const first = await cliIn(['preview', '--changes', '--out', 'site'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    assert.match(first.stderr, /2 before\/after pages \(0 to create, 2 to update/);
    const page = (n: string) => path.join(dir, 'site', `wa_${n}_en_US.html`);
    assert.match(readFileSync(page('pickup'), 'utf8'), /Saturday/);
    // the pickup change reverted: its before/after page goes, the other stays
    writeFiles(dir, { 'templates/pickup.en_US.yaml': template('pickup', PICKUP) });
    const second = await cliIn(['preview', '--changes', '--out', 'site'], { cwd: dir });
    assert.is(second.exitCode, 0, second.stderr);
    assert.match(second.stderr, /1 before\/after page \(0 to create, 1 to update, 0 orphaned; against .*\); removed 1 page of an earlier run \(wa_pickup_en_US\.html\)/, second.stderr);
    assert.not.ok(existsSync(page('pickup')));
    assert.ok(existsSync(page('terms')));
    // the plain preview's page of a template with no change is not the changes site's to remove
    assert.ok(existsSync(page('welcome')));
  } finally { cleanup(dir); }
});

test.run();
