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

test('a second preview to the same folder removes the pages of templates renamed or deleted since, and nothing that is not its own', async () => {
  const dir = tempDir('tplsync-preview-stale-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nchannels: { wa: { kind: whatsapp } }\n',
      'templates/long_terms.en_US.yaml': template('long_terms', 'Our terms changed today; read them before your next order arrives.'),
      'templates/store_pickup.en_US.yaml': template('store_pickup', 'Your order is ready for pickup at the store until Friday evening.'),
      'templates/welcome.en_US.yaml': template('welcome', 'Welcome to the shop: reply HELP for help at any time of day.'),
    });
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

test.run();
