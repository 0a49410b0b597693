// test-runner: time limit 900 s
// (a page a kind in headless Chromium: 15-48 s alone on a quiet machine, 300 s once beside eight busy
// loops, a second suite and a helper (load 28); the default 300 s limit failed a slow run, not a hung one)
// The preview in headless Chromium for every script (Arabic, Hebrew, Japanese, Devanagari): a
// WhatsApp template, an RCS carousel of SMALL cards and a before/after page per script, at 360
// and 1280 px, light and dark: no sideways scroll, the message laid out in the script's direction,
// mixed text in the order the apps show it, no axe-core violation of impact serious or critical.
// One browser, one context, one tab for the file (as the kinds files: each viewing sets the tab's
// width and colour scheme; a context a viewing started a renderer and compiled axe-core in it
// sixteen times). Screenshots, with TPLSYNC_SHOTS=1 only: test-output/preview-readers/.
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sharedBrowser } from './browser.ts';
import { cleanup, tempDir } from './helpers.ts';
import { openTab } from './preview-kinds.ts';
import { buildProject, checkPage, pageOf, SCRIPTS, VIEWINGS, type Built } from './preview-readers.ts';

const dir = tempDir('tplsync-readers-scripts-');
let built: Built;
// launched by the first test (in CI without a browser, each test fails saying so)
const shared = sharedBrowser();
let tab: Promise<{ ctx: BrowserContext; page: Page } | undefined> | undefined;
const tabOf = () => (tab ??= shared.get().then((b) => b && openTab(b)));
test.before(async () => { built = await buildProject(dir); });
test.after(async () => { await (await tab?.catch(() => undefined))?.ctx.close(); await shared.close(); cleanup(dir); });

for (const s of SCRIPTS) {
  test(`${s.id} (${s.language}): the WhatsApp, RCS and before/after pages at 360 and 1280 px, light and dark`, async () => {
    const t = await tabOf();
    if (!t) return;
    const { page } = t;
    const problems: string[] = [];
    for (const v of VIEWINGS) {
      await page.setViewportSize({ width: v.width, height: 800 });
      await page.emulateMedia({ colorScheme: v.scheme, reducedMotion: 'reduce' });
      problems.push(...await checkPage(page, path.join(built.site, pageOf('shop-whatsapp', 'order_update', s.language)), v, { dir: s.dir }));
      // mixed text: the order number before the amount in reading order, the full stop at the sentence's end
      const order = await page.evaluate(() => {
        const body = document.querySelector('[data-testid="body"]')!;
        const [a, b] = [...body.querySelectorAll('mark')].slice(1, 3).map((m) => m.getBoundingClientRect());
        return { a: { x: a!.left, r: a!.right, y: Math.round(a!.top) }, b: { x: b!.left, r: b!.right, y: Math.round(b!.top) }, dir: getComputedStyle(body).direction, text: (body as HTMLElement).innerText };
      });
      assert.is(order.dir, s.dir, `${s.id}: body direction`);
      assert.match(order.text, /A-1042/);
      if (order.a.y === order.b.y) {
        // on one line, the earlier sample is further right in a right-to-left sentence
        if (s.dir === 'rtl') assert.ok(order.a.x > order.b.r - 1, `${s.id} ${v.width}: A-1042 should be right of the amount: ${JSON.stringify(order)}`);
        else assert.ok(order.b.x > order.a.r - 1, `${s.id} ${v.width}: the amount should be right of A-1042: ${JSON.stringify(order)}`);
      }
      problems.push(...await checkPage(page, path.join(built.site, pageOf('shop-rcs', 'offers', s.language)), v, { dir: s.dir }));
      // the carousel of SMALL cards scrolls inside itself, from the keyboard
      const carousel = page.locator('.cards.carousel');
      assert.ok(await carousel.evaluate((e) => e.scrollWidth > e.clientWidth), `${s.id} ${v.width}: the carousel scrolls inside itself`);
      await carousel.focus();
      // towards the carousel's end: left in a right-to-left carousel (scrollLeft goes negative)
      await page.keyboard.press(s.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight');
      await page.waitForFunction(() => document.querySelector('.cards.carousel')!.scrollLeft !== 0);
      problems.push(...await checkPage(page, path.join(built.changes, pageOf('shop-whatsapp', 'order_update', s.language)), v, { dir: s.dir }));
      // the word diff marks the replaced words whole (the channel has another phrase where the files have the order's)
      const ins = await page.locator('[data-testid="after"] [data-testid="body"] ins').allInnerTexts();
      assert.equal(ins.map((t) => t.trim()), [s.order], `${s.id}: ${JSON.stringify(ins)}`);
      const del = await page.locator('[data-testid="before"] [data-testid="body"] del').allInnerTexts();
      assert.equal(del.map((t) => t.trim()), [s.offer[1]], `${s.id}: ${JSON.stringify(del)}`);
    }
    if (s.dir === 'rtl') {
      // a horizontal card with imageAlign RIGHT: the image on the right in a right-to-left
      // conversation too; its title's brand and sample in the order of the filled text
      await page.goto(`file://${path.join(built.site, pageOf('shop-rcs', 'plan_card', s.language))}`);
      const card = await page.evaluate(() => {
        const media = document.querySelector('.cards.horizontal .card-media')!.getBoundingClientRect();
        const card = document.querySelector('.cards.horizontal .card')!.getBoundingClientRect();
        const mark = [...document.querySelectorAll('.cards.horizontal mark')].find((m) => m.textContent === '5G Max')!;
        const brand = document.createRange();
        const node = [...mark.parentElement!.childNodes].find((n) => n.nodeType === 3 && n.textContent!.includes('TelcoNet'))!;
        const at = node.textContent!.indexOf('TelcoNet');
        brand.setStart(node, at);
        brand.setEnd(node, at + 'TelcoNet'.length);
        const b = brand.getBoundingClientRect();
        const m = mark.getBoundingClientRect();
        return { mediaMid: media.left + media.width / 2, cardMid: card.left + card.width / 2, brand: { r: b.right, y: Math.round(b.top) }, sample: { x: m.left, y: Math.round(m.top) } };
      });
      assert.ok(card.mediaMid > card.cardMid, `${s.id}: imageAlign RIGHT puts the image on the right: ${JSON.stringify(card)}`);
      if (card.brand.y === card.sample.y) assert.ok(card.sample.x >= card.brand.r - 1, `${s.id}: "TelcoNet 5G Max" reads as filled in: ${JSON.stringify(card)}`);
    }
    assert.equal(problems, []);
  });
}

test.run();
