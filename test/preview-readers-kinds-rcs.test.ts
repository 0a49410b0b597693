// The preview in headless Chromium, one page per kind of template in Latin script (RCS: a text with chips, every suggested action (reply, open_url in the browser and each webview, dial, view_location, share_location, create_calendar_event), standalone cards vertical and horizontal (image left and right), carousels of SMALL and MEDIUM cards, picture, video and file messages, a video card with a long SMS fallback, a template with a WhatsApp part and a message),
// at 360 and 1280 px, light and dark: no sideways scroll of the page, the page and the message
// laid out left to right, nothing sticking out of its phone, the kind's own elements drawn, no
// axe-core violation of impact serious or critical. One browser, one context, one tab for the file.
// Screenshots: test-output/preview-kinds/site-<page>-<width>-<scheme>.png.
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { launchBrowser } from './browser.ts';
import { cleanup, tempDir } from './helpers.ts';
import { buildKinds, checkAt, openTab, pageOfKind, RCS_KINDS, type KindsBuilt, type PageCheck } from './preview-kinds.ts';
import { VIEWINGS } from './preview-readers.ts';

const dir = tempDir('tplsync-kinds-rcs-');
let built: KindsBuilt;
let browser: Browser | undefined;
let tab: { ctx: BrowserContext; page: Page } | undefined;
let pages: PageCheck[];
test.before(async () => {
  built = await buildKinds(dir);
  pages = RCS_KINDS.map((k) => ({ file: path.join(built.site, pageOfKind(k)), shows: k.shows }));
  browser = await launchBrowser();
  if (browser) tab = await openTab(browser);
});
test.after(async () => { await tab?.ctx.close(); await browser?.close(); cleanup(dir); });

test('every kind has its page in the site', () => {
  for (const k of RCS_KINDS) assert.ok(built.sitePages.includes(pageOfKind(k)), pageOfKind(k));
});

for (const v of VIEWINGS) {
  test(`every rcs kind at ${v.width} px, ${v.scheme}`, async () => {
    if (!tab) return;
    assert.equal(await checkAt(tab.page, pages, v), []);
  });
}

test.run();
