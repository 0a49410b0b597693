// The preview in a real browser (Debian's chromium, headless): body text with samples, every
// button label, every card; a screenshot is saved. And --serve re-renders when a file changes.
import { existsSync, mkdirSync, readFileSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { chromium, type Browser } from 'playwright-core';
import { parse } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, cleanup, cli, tempDir } from './helpers.ts';

const CHROMIUM = process.env.TPLSYNC_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
const dir = tempDir('tplsync-preview-');
const out = path.join(dir, 'site');
test.before(async () => {
  cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
  const r = await cli(['preview', '--out', 'site'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
});
test.after(() => cleanup(dir));

/** Headless Chromium, or undefined (with a note) when the machine has none. */
async function launch(): Promise<Browser | undefined> {
  if (!CHROMIUM) {
    console.log('  SKIPPED: no Chromium found (install Debian\'s `chromium` package, as .ci/run does, or set TPLSYNC_CHROMIUM)');
    return undefined;
  }
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}

test('the site has an index and one page per template', () => {
  const index = readFileSync(path.join(out, 'index.html'), 'utf8');
  assert.is((index.match(/<tr><td><a href=/g) ?? []).length, 14);
  assert.ok(existsSync(path.join(out, 'shop-whatsapp_order_shipped_en_US.html')));
});

test('in headless Chromium: samples in the body, every button label, every card; a screenshot is saved', async () => {
  const browser = await launch();
  if (!browser) return;
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    const templates = ['whatsapp/order_shipped.en_US.yaml', 'whatsapp/summer_sale.en_US.yaml', 'rcs/weekend_offers.en_US.yaml', 'rcs/parcel_update.en_US.yaml'];
    for (const t of templates) {
      const v = parse(readFileSync(path.join(ROOT, 'templates', t), 'utf8'));
      const file = `${v.channel}_${v.name}_${v.language}.html`.replace(/[^A-Za-z0-9_.-]+/g, '_');
      await page.goto(`file://${path.join(out, file)}`);
      const body = await page.locator('[data-testid="body"]').innerText();
      let expected = v.body.text as string;
      for (const [k, val] of Object.entries(v.body.examples as Record<string, unknown>)) expected = expected.split(`{{${k}}}`).join(String(val));
      assert.is(body, expected, t);
      const labels = await page.locator('.wa-button').allInnerTexts();
      for (const b of (v.buttons ?? []) as { text?: string }[]) if (b.text) assert.ok(labels.some((l) => l.includes(b.text!)), `${t}: button ${b.text}`);
      const cards = await page.locator('[data-testid="card"]').count();
      assert.is(cards, (v.message?.richCards ?? []).length, `${t}: cards`);
      for (const c of (v.message?.richCards ?? []) as { title?: string; suggestions?: { text: string }[] }[]) {
        if (c.title && !c.title.includes('{{')) assert.ok(await page.getByText(c.title, { exact: true }).first().isVisible(), `${t}: card ${c.title}`);
        for (const s of c.suggestions ?? []) assert.ok((await page.locator('.chip').allInnerTexts()).some((x) => x.includes(s.text)), `${t}: chip ${s.text}`);
      }
    }
    mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
    await page.goto(`file://${path.join(out, 'shop-rcs_weekend_offers_en_US.html')}`);
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-weekend-offers.png'), fullPage: true });
    assert.ok(existsSync(path.join(ROOT, 'test-output', 'preview-weekend-offers.png')));
  } finally { await browser.close(); }
});

test('in headless Chromium: a carousel, a limited-time offer and an authentication template as WhatsApp draws them; screenshots are saved', async () => {
  const browser = await launch();
  if (!browser) return;
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
    const shot = async (name: string) => {
      const f = path.join(ROOT, 'test-output', `preview-${name}.png`);
      await page.screenshot({ path: f, fullPage: true });
      assert.ok(existsSync(f));
    };

    // carousel: the bubble, then the cards side by side with their media, text and buttons, scrollable
    const carousel = parse(readFileSync(path.join(ROOT, 'templates', 'whatsapp', 'new_arrivals.en_US.yaml'), 'utf8'));
    await page.goto(`file://${path.join(out, 'shop-whatsapp_new_arrivals_en_US.html')}`);
    assert.is(await page.locator('[data-testid="body"]').innerText(), 'New arrivals for you, Ana: swipe to see them.');
    const cards = page.locator('[data-testid="wa-card"]');
    assert.is(await cards.count(), carousel.carousel.length);
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    assert.ok(first && second && second.x > first.x && Math.abs(second.y - first.y) < 1, 'cards side by side');
    assert.ok(await page.locator('[data-testid="carousel"]').evaluate((e) => e.scrollWidth > e.clientWidth), 'the carousel scrolls');
    assert.match(await cards.nth(0).innerText(), /Linen shirt, now €39 in every size\./);
    assert.match(await cards.nth(1).innerText(), /Chinos, now €49/);
    for (let i = 0; i < 2; i++) {
      assert.is(await cards.nth(i).locator('img').count(), 1, 'card media');
      const labels = await cards.nth(i).locator('.wa-button').allInnerTexts();
      assert.ok(labels.some((l) => l.includes('Tell me more')) && labels.some((l) => l.includes('Buy')), JSON.stringify(labels));
    }
    await shot('carousel');

    // limited-time offer: the strip with its text and the expiry line
    await page.goto(`file://${path.join(out, 'shop-whatsapp_caribbean_offer_en_US.html')}`);
    assert.match(await page.locator('[data-testid="offer"]').innerText(), /Expiring offer!/);
    assert.ok(await page.locator('[data-testid="offer-expiry"]').isVisible());
    assert.is(await page.locator('[data-testid="body"]').innerText(), 'Good news, Pablo! Use code CARIBE25 to get 25% off all Caribbean packages!');
    assert.match((await page.locator('.wa-button').allInnerTexts()).join('|'), /Copy offer code.*Book now!/);
    await shot('offer');

    // authentication: the text WhatsApp writes, the security sentence, the expiry footer, the autofill button
    await page.goto(`file://${path.join(out, 'shop-whatsapp_one_tap_login_en_US.html')}`);
    assert.is(await page.locator('[data-testid="body"]').innerText(), '123456 is your verification code. For your security, do not share this code.');
    assert.is(await page.locator('[data-testid="footer"]').innerText(), 'This code expires in 10 minutes.');
    assert.match((await page.locator('.wa-button').allInnerTexts()).join('|'), /Autofill/);
    assert.is(await page.locator('[data-testid="localised"]').count(), 0, 'en_US is shown exactly');
    await shot('authentication');
  } finally { await browser.close(); }
});

test('--serve serves the site and re-renders when a template changes', async () => {
  const proc = execa('node', [BIN, 'preview', '--out', 'served', '--serve'], { cwd: dir, reject: false });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => { const m = /serving the preview on (\S+)/.exec(d.toString()); if (m) resolve(m[1]!); });
      setTimeout(() => reject(new Error('no url')), 20_000);
    });
    const page = `${url}shop-whatsapp_order_shipped_en_US.html`;
    assert.match(await (await fetch(page)).text(), /your order/);
    const v1 = await (await fetch(`${url}__version`)).text();
    const f = path.join(dir, 'templates', 'whatsapp', 'order_shipped.en_US.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('is on its way', 'has left our warehouse'));
    let changed = false;
    for (let i = 0; i < 100 && !changed; i++) {
      await new Promise((r) => setTimeout(r, 100));
      changed = (await (await fetch(`${url}__version`)).text()) !== v1;
    }
    assert.ok(changed, 're-rendered');
    assert.match(await (await fetch(page)).text(), /has left our warehouse/);
  } finally { proc.kill('SIGTERM'); await proc; }
});

test.run();
