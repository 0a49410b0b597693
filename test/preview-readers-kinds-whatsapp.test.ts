// The preview in headless Chromium, one page per kind of template in Latin script (WhatsApp: headers of every format (text, image, video, GIF, document, location), buttons of every type (quick reply, URL, phone, copy code, flow by id, name and JSON, catalog, MPM, WhatsApp call, app deep link, mixed), media card carousels, limited-time offers, authentication (copy code, one tap, zero tap, localised), and a file with lint findings),
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
import { buildKinds, checkAt, openTab, pageOfKind, WHATSAPP_KINDS, type KindsBuilt, type PageCheck } from './preview-kinds.ts';
import { VIEWINGS } from './preview-readers.ts';

const dir = tempDir('tplsync-kinds-whatsapp-');
let built: KindsBuilt;
let browser: Browser | undefined;
let tab: { ctx: BrowserContext; page: Page } | undefined;
let pages: PageCheck[];
test.before(async () => {
  built = await buildKinds(dir);
  pages = [...WHATSAPP_KINDS, ...built.kinds.filter((k) => k.name === 'with_findings')].map((k) => ({ file: path.join(built.site, pageOfKind(k)), shows: k.shows, ...(k.name === 'with_findings' ? { errorsExpected: true } : {}) }));
  browser = await launchBrowser();
  if (browser) tab = await openTab(browser);
});
test.after(async () => { await tab?.ctx.close(); await browser?.close(); cleanup(dir); });

test('every kind has its page in the site', () => {
  for (const k of WHATSAPP_KINDS) assert.ok(built.sitePages.includes(pageOfKind(k)), pageOfKind(k));
});

for (const v of VIEWINGS) {
  test(`every whatsapp kind at ${v.width} px, ${v.scheme}`, async () => {
    if (!tab) return;
    assert.equal(await checkAt(tab.page, pages, v), []);
  });
}

test.run();
