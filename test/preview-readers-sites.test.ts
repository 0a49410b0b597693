// The preview's pages that are not one template, in headless Chromium, Latin script: the site's
// index (every kind of template listed, one with lint errors), the index of `preview --changes`
// (updates and a create) and its before/after pages (a reworded text and footer, buttons taken
// away, a carousel card's image, RCS carousel cards taken away, an offer's text, an
// authentication code's expiry, an SMS fallback, a carousel's layout and expiry, a picture's file,
// a new RCS card), each with the changed part marked on both sides where it is on both,
// at 360 and 1280 px, light and dark: no sideways scroll of the page, the page laid out left to
// right, the changed parts marked, no axe-core violation of impact serious or critical.
// One browser, one context, one tab. Screenshots: test-output/preview-kinds/{site,changes}-<page>-<width>-<scheme>.png.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.ts';
import { cleanup, ROOT, tempDir } from './helpers.ts';
import { readFileSync } from 'node:fs';
import { buildKinds, checkAt, openTab, uncovered, type KindsBuilt, type PageCheck } from './preview-kinds.ts';
import { VIEWINGS } from './preview-readers.ts';

const dir = tempDir('tplsync-kinds-sites-');
let built: KindsBuilt;
let browser: Browser | undefined;
let tab: { ctx: BrowserContext; page: Page } | undefined;
let pages: PageCheck[];
test.before(async () => {
  built = await buildKinds(dir);
  pages = [
    // the index links every template and says which has errors
    { file: path.join(built.site, 'index.html'), shows: [`tbody tr:nth-child(${built.kinds.length}) a[href]`, 'tbody td[lang="fr"]'], phones: false },
    { file: path.join(built.changes, 'index.html'), shows: ['tr[data-action="update"] a[href]', 'tr[data-action="create"] a[href]'], phones: false },
    ...built.changePages.map((c) => ({ file: path.join(built.changes, c.page), shows: ['[data-testid="before"]', '[data-testid="after"]', ...c.shows] })),
  ];
  browser = await launchBrowser();
  if (browser) tab = await openTab(browser);
});
test.after(async () => { await tab?.ctx.close(); await browser?.close(); cleanup(dir); });

test('the kinds cover every header format, button type, suggested action, card layout and top-level key of the schema', () => {
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'schema', 'template.schema.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(uncovered(schema, built.kinds), []);
});

test('the index lists every kind; the changes index lists every change', () => {
  assert.is(built.sitePages.length, built.kinds.length + 1);
  assert.is(built.changePages.length, 10);
});

for (const v of VIEWINGS) {
  test(`the indexes and the before/after pages at ${v.width} px, ${v.scheme}`, async () => {
    if (!tab) return;
    const problems = await checkAt(tab.page, pages, v);
    assert.equal(problems, [], problems.join("\n"));
  });
}

test.run();
