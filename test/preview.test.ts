// The preview in a real browser (Debian's chromium, headless): body text with samples, every
// button label, every card; a screenshot is saved. And --serve re-renders when a file changes.
// One browser for the file.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { sharedBrowser } from './browser.ts';
import { parse } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, cleanup, cliIn, firstLines, ROOT, tempDir } from './helpers.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { renderIndex, renderTemplatePage } from '../src/preview/html.ts';

/** An RCS-only card with a chip of every action (on the message: a TALL card with a title and a description has no room for one, Google's 344 dp), a video card and a fallback. */
const EVERY_CHIP = `channel: shop-rcs
name: every_chip
language: en_US
message:
  type: rich_card
  richCards:
    - title: "New store in {{city}}"
      description: Opening Saturday, 10:00
      fileUrl: https://cdn.example.com/stores/berlin.mp4
      thumbnailUrl: https://cdn.example.com/stores/berlin-thumb.jpg
  suggestions:
    - { action: reply, text: Count me in, postbackData: rsvp_yes }
    - { action: open_url, text: Website, postbackData: "https://shop.example.com/berlin", openUrlApplication: WEBVIEW, webviewType: TALL }
    - { action: dial, text: Call the store, phoneNumber: "+4930123456", postbackData: call_store }
    - { action: view_location, text: Directions, latLong: { latitude: 52.52, longitude: 13.405 }, label: tplsync store Berlin }
    - { action: share_location, text: Share my location, postbackData: share }
    - { action: create_calendar_event, text: Save the date, startTime: "2030-05-04T08:00:00.000Z", endTime: "2030-05-04T16:00:00.000Z", title: Store opening }
  examples: { city: Berlin }
  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: TALL }
  fallback:
    text: "Our {{city}} store opens Saturday 10:00: https://shop.example.com/berlin"
`;

const dir = tempDir('tplsync-preview-');
const out = path.join(dir, 'site');
// headless Chromium, or undefined (with a note) when the machine has none; in CI a test asking for it fails
const browser = sharedBrowser();
test.before(async () => {
  cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
  writeFileSync(path.join(dir, 'templates', 'rcs', 'every_chip.en_US.yaml'), EVERY_CHIP);
  const r = await cliIn(['preview', '--out', 'site'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
});
test.after(async () => { await browser.close(); cleanup(dir); });

test('the site has an index and one page per template', () => {
  const index = readFileSync(path.join(out, 'index.html'), 'utf8');
  assert.is((index.match(/<tr role="row"><td role="cell"><a href=/g) ?? []).length, 21);
  assert.ok(existsSync(path.join(out, 'shop-whatsapp_order_shipped_en_US.html')));
});

test('in headless Chromium: samples in the body, every button label, every card; a screenshot is saved', async () => {
  const b = await browser.get();
  if (!b) return;
  const page = await b.newPage({ viewport: { width: 1100, height: 800 } });
  try {
    const templates = ['whatsapp/order_shipped.en_US.yaml', 'whatsapp/summer_sale.en_US.yaml', 'rcs/weekend_offers.en_US.yaml', 'rcs/parcel_update.en_US.yaml'];
    for (const t of templates) {
      const v = parse(readFileSync(path.join(dir, 'templates', t), 'utf8'));
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
    // an RCS-only card with every chip: no WhatsApp bubble, chips that say what they do, RBM proportions, video, fallback
    await page.goto(`file://${path.join(out, 'shop-rcs_every_chip_en_US.html')}`);
    assert.is(await page.locator('.wa, [data-testid="body"]').count(), 0, 'no WhatsApp bubble for an RCS-only template');
    const chips = page.locator('[data-testid="chip"]');
    assert.is(await chips.count(), 6);
    const chipTexts = await chips.allInnerTexts();
    const expectChip = (action: string, ...parts: string[]) => {
      const i = ['reply', 'open_url', 'dial', 'view_location', 'share_location', 'create_calendar_event'].indexOf(action);
      for (const p of parts) assert.ok(chipTexts[i]!.includes(p), `${action} chip says ${p}: ${chipTexts[i]}`);
    };
    expectChip('reply', 'Count me in', 'rsvp_yes');
    expectChip('open_url', 'Website', 'shop.example.com', 'tall webview');
    expectChip('dial', 'Call the store', '+4930123456');
    expectChip('view_location', 'Directions', 'tplsync store Berlin', '52.52, 13.405');
    expectChip('share_location', 'Share my location', 'location');
    expectChip('create_calendar_event', 'Save the date', 'Store opening', '2030-05-04 08:00 UTC', '2030-05-04 16:00 UTC');
    assert.is(await page.locator('[data-action="open_url"]').getAttribute('data-webview'), 'TALL');
    assert.ok(await page.getByText('New store in Berlin').first().isVisible(), 'title with its sample');
    const video = page.locator('[data-testid="card"] video');
    assert.is(await video.getAttribute('poster'), 'https://cdn.example.com/stores/berlin-thumb.jpg');
    const card = await page.locator('[data-testid="card"]').boundingBox();
    assert.is(Math.round(card!.width), 320, 'a standalone card spans 320 dp');
    const media = await page.locator('[data-testid="card"] .card-media').boundingBox();
    assert.is(Math.round(media!.height), 264, 'TALL media is 264 dp');
    assert.match(await page.locator('[data-testid="fallback"]').innerText(), /Our Berlin store opens Saturday/);
    // carousel cards: MEDIUM 232 dp wide, media MEDIUM 168 dp
    await page.goto(`file://${path.join(out, 'shop-rcs_weekend_offers_en_US.html')}`);
    const first = await page.locator('[data-testid="card"]').first().boundingBox();
    assert.is(Math.round(first!.width), 232);
    assert.is(Math.round((await page.locator('[data-testid="card"] .card-media').first().boundingBox())!.height), 168);
    mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
    await page.goto(`file://${path.join(out, 'shop-rcs_every_chip_en_US.html')}`);
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-rcs-every-chip.png'), fullPage: true });
    await page.goto(`file://${path.join(out, 'shop-rcs_weekend_offers_en_US.html')}`);
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-weekend-offers.png'), fullPage: true });
    assert.ok(existsSync(path.join(ROOT, 'test-output', 'preview-weekend-offers.png')));
  } finally { await page.close(); }
});

test('in headless Chromium: a carousel, a limited-time offer and an authentication template as WhatsApp draws them; screenshots are saved', async () => {
  const b = await browser.get();
  if (!b) return;
  const page = await b.newPage({ viewport: { width: 1100, height: 800 } });
  try {
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
  } finally { await page.close(); }
});

// trial-y F9: runs of spaces and leading spaces collapsed (the lines had no white-space rule): a monospace receipt lost
// its columns, in the WhatsApp, RCS and SMS bubbles alike, and the SMS line's count named spaces not drawn
test('in headless Chromium: every bubble draws its lines with their spaces, as the phone keeps them', async () => {
  const b = await browser.get();
  if (!b) return;
  const pageFile = (name: string, yaml: string): string => {
    const file = path.join(out, `spaces_${name}.html`);
    writeFileSync(file, renderTemplatePage({ key: name, file: 't.yaml', href: 't.html', diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') }));
    return `file://${file}`;
  };
  const page = await b.newPage({ viewport: { width: 1100, height: 800 } });
  try {
    await page.goto(pageFile('wa', `channel: shop-whatsapp\nname: spaces_check\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your receipt for order {{1}}:\\n\`\`\`Item      Qty   Price\`\`\`\\n\`\`\`Tulips    2     €12\`\`\`\\n    Total:       €12\\nThank you for shopping with us today."\n  examples: { 1: "B-77" }\n`));
    assert.is(await page.locator('[data-testid="body"]').innerText(), 'Your receipt for order B-77:\nItem      Qty   Price\nTulips    2     €12\n    Total:       €12\nThank you for shopping with us today.');
    // the columns line up: "Qty" and "2" start at the same x in the monospace lines
    const x = async (line: number, word: string): Promise<number> => page.locator('[data-testid="body"] .line').nth(line).evaluate((el, w) => {
      const node = el.querySelector('code')!.firstChild!;
      const r = document.createRange();
      const at = node.textContent!.indexOf(w);
      r.setStart(node, at); r.setEnd(node, at + w.length);
      return r.getBoundingClientRect().left;
    }, word);
    assert.is(Math.round(await x(1, 'Qty')), Math.round(await x(2, '2')));
    await page.goto(pageFile('rcs', 'channel: shop-rcs\nname: spaces_rcs\nlanguage: en_US\nmessage:\n  type: text\n  message: "Your receipt:\\nItem      Qty   Price\\nTulips    2     €12"\n  fallback: { text: "Receipt:\\nTulips    2     EUR12" }\n'));
    assert.is(await page.locator('[data-testid="rcs-text"]').innerText(), 'Your receipt:\nItem      Qty   Price\nTulips    2     €12');
    assert.is(await page.locator('[data-testid="fallback"] .sms').innerText(), 'Receipt:\nTulips    2     EUR12');
  } finally { await page.close(); }
});

// trial-ao F12: a URL in a WhatsApp body was plain text (the app draws a link), and the message's RCS chips a stack (Google
// Messages draws one row). The link must not move a letter of the line (no isolate: the app's link is a style), nor open anything
test('in headless Chromium: a URL in a body is a blue underlined link that lays its line out as the text was, and opens nothing; the message\'s chips are one row, mirrored in RTL', async () => {
  const b = await browser.get();
  if (!b) return;
  const pageFile = (name: string, yaml: string): string => {
    const file = path.join(out, `links_${name}.html`);
    writeFileSync(file, renderTemplatePage({ key: name, file: 't.yaml', href: 't.html', diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') }));
    return `file://${file}`;
  };
  const page = await b.newPage({ viewport: { width: 360, height: 800 } });
  mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
  try {
    const wa = pageFile('wa_ar', 'channel: shop-whatsapp\nname: links_ar\nlanguage: ar\ncategory: UTILITY\nbody:\n  text: "https://shop.example.com/ar/t/{{1}} هو رابط طلبك {{1}}\\nزوروا متجرنا https://shop.example.com/ar الآن. للمساعدة: help@shop.example.com"\n  examples: { 1: "A-1042" }\n');
    await page.goto(wa);
    const look = await page.evaluate(() => {
      const link = document.querySelector('[data-testid="body"] .wa-link')!;
      const s = getComputedStyle(link);
      return { color: s.color, text: getComputedStyle(document.querySelector('[data-testid="body"]')!).color, underline: s.textDecorationLine, count: document.querySelectorAll('[data-testid="body"] .wa-link').length, dirs: [...document.querySelectorAll('[data-testid="body"] .line')].map((l) => getComputedStyle(l).direction) };
    });
    assert.is(look.count, 3, 'two URLs and an address');
    assert.is.not(look.color, look.text, 'a link is drawn in the link colour');
    assert.match(look.underline, /underline/);
    // the first line starts with the URL: left to right, as the phone's first-strong rule reads it; the second starts in Arabic
    assert.equal(look.dirs, ['ltr', 'rtl']);
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-links-ar.png'), fullPage: true });
    // every piece of text where it was before the links were drawn: the links taken out (their text kept), nothing moves
    const rects = () => page.evaluate(() => {
      const walker = document.createTreeWalker(document.querySelector('[data-testid="body"]')!, NodeFilter.SHOW_TEXT);
      const all: number[][] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const r = document.createRange();
        r.selectNodeContents(n);
        all.push(...[...r.getClientRects()].map((x) => [x.left, x.top, x.width].map((v) => Math.round(v * 10) / 10)));
      }
      return all;
    });
    const withLinks = await rects();
    await page.evaluate(() => { for (const l of document.querySelectorAll('.wa-link')) l.replaceWith(...l.childNodes); });
    assert.equal(await rects(), withLinks);
    // a tap on the link opens nothing: no navigation of the preview's window, no new window
    await page.goto(wa);
    await page.locator('.wa-link').first().click();
    assert.is(page.url(), wa);
    assert.is(page.context().pages().length, 1);

    // RCS: three short chips under a text, one row at a phone's width, inside the phone; right to left in Arabic
    const chipsOf = async (language: string, labels: string[]) => {
      await page.goto(pageFile(`rcs_${language}`, `channel: shop-rcs\nname: chips_${language}\nlanguage: ${language}\nmessage:\n  type: text\n  message: "${labels.join(' / ')}"\n  suggestions:\n${labels.map((l, i) => `    - { action: reply, text: "${l}", postbackData: c${i} }`).join('\n')}\n`));
      return page.evaluate(() => {
        const phone = document.querySelector('.rcs-phone')!.getBoundingClientRect();
        const row = document.querySelector('[data-testid="chip-row"]')!.getBoundingClientRect();
        const chips = [...document.querySelectorAll('[data-testid="chip-row"] .chip')].map((c) => c.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, top: Math.round(r.top) }));
        return { chips, inside: row.left >= phone.left - 0.5 && row.right <= phone.right + 0.5, page: document.scrollingElement!.scrollWidth <= window.innerWidth };
      });
    };
    const en = await chipsOf('en_US', ['Yes', 'No', 'Later']);
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-chip-row-en.png'), fullPage: true });
    assert.is(en.chips.length, 3);
    assert.is(new Set(en.chips.map((c) => c.top)).size, 1, `one line: ${JSON.stringify(en.chips)}`);
    assert.ok(en.chips[0]!.right <= en.chips[1]!.left && en.chips[1]!.right <= en.chips[2]!.left, `left to right: ${JSON.stringify(en.chips)}`);
    assert.ok(en.inside && en.page, 'the row is inside the phone, the page does not scroll sideways');
    const ar = await chipsOf('ar', ['نعم', 'لا', 'لاحقا']);
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-chip-row-ar.png'), fullPage: true });
    assert.is(new Set(ar.chips.map((c) => c.top)).size, 1, `one line: ${JSON.stringify(ar.chips)}`);
    assert.ok(ar.chips[0]!.left >= ar.chips[1]!.right && ar.chips[1]!.left >= ar.chips[2]!.right, `right to left: ${JSON.stringify(ar.chips)}`);
    assert.ok(ar.inside && ar.page, 'the row is inside the phone, the page does not scroll sideways');
  } finally { await page.close(); }
});

test('--serve serves the site and re-renders when a template changes', async () => {
  const proc = execa('node', [BIN, 'preview', '--out', 'served', '--serve'], { cwd: dir, reject: false });
  try {
    // its first line says where; no time limit here (a preview that never says fails the file at
    // the runner's limit), and a preview that exits first fails at once
    const [line] = await firstLines(proc);
    const url = /serving the preview on (\S+)/.exec(line!)?.[1];
    assert.ok(url, `no url in ${JSON.stringify(line)}`);
    const page = `${url}shop-whatsapp_order_shipped_en_US.html`;
    assert.match(await (await fetch(page)).text(), /your order/);
    // a request naming another host (a page of another site rebinding its name to 127.0.0.1) reads nothing
    const { get } = await import('node:http');
    const status = (host: string): Promise<number> => new Promise((ok, fail) => { get(page, { headers: { host } }, (res) => { res.resume(); ok(res.statusCode!); }).on('error', fail); });
    assert.is(await status('evil.example'), 421);
    assert.is(await status(`localhost:${new URL(page).port}`), 200);
    const v1 = await (await fetch(`${url}__version`)).text();
    const f = path.join(dir, 'templates', 'whatsapp', 'order_shipped.en_US.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('is on its way', 'has left our warehouse'));
    // until it re-renders, however long that takes on a loaded machine (the runner's limit ends a
    // preview that never does)
    while ((await (await fetch(`${url}__version`)).text()) === v1) await new Promise((r) => setTimeout(r, 50));
    assert.match(await (await fetch(page)).text(), /has left our warehouse/);
    // saved as an editor saves (a temp file renamed over it), twice: each save seen
    const until = async (from: string): Promise<string> => { let v = from; while (v === from) { await new Promise((r) => setTimeout(r, 50)); v = await (await fetch(`${url}__version`)).text(); } return v; };
    let v = await (await fetch(`${url}__version`)).text();
    for (const words of ['has left our depot', 'is with the courier']) {
      writeFileSync(`${f}.tmp`, readFileSync(f, 'utf8').replace(/has left our \w+|has left our warehouse|has left our depot/, words));
      renameSync(`${f}.tmp`, f);
      v = await until(v);
      assert.match(await (await fetch(page)).text(), new RegExp(words));
    }
    // the config changed: read again, its values in the pages
    const cfg = path.join(dir, 'tplsync.config.yaml');
    writeFileSync(cfg, `${readFileSync(cfg, 'utf8')}\n`);
    v = await until(v);
    assert.match(await (await fetch(page)).text(), /is with the courier/);
  } finally { proc.kill('SIGTERM'); await proc; }
});

// trial-bc F2: the message's chips were all stretched to the tallest one's height (a calendar chip's four lines made
// one-line replies 88 px boxes)
test('in headless Chromium: the chips of a row keep their own heights', async () => {
  const b = await browser.get();
  if (!b) return;
  const pageFile = (name: string, yaml: string): string => {
    const file = path.join(out, `chip_row_${name}.html`);
    writeFileSync(file, renderTemplatePage({ key: name, file: 't.yaml', href: 't.html', diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') }));
    return `file://${file}`;
  };
  const page = await b.newPage({ viewport: { width: 390, height: 844 } });
  mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
  try {
    // the message's chips: a calendar chip's long note makes it tall, not the chips beside it
    const row = (extra: string) => `channel: shop-rcs\nname: row\nlanguage: en_US\nmessage:\n  type: text\n  message: How was your delivery?\n  suggestions:\n    - { action: reply, text: Great, postbackData: r5 }\n    - { action: reply, text: Bad, postbackData: r1 }\n${extra}`;
    const heights = () => page.evaluate(() => [...document.querySelectorAll('[data-testid="chip-row"] .chip')].map((c) => Math.round(c.getBoundingClientRect().height)));
    await page.goto(pageFile('alone', row('')));
    const alone = await heights();
    await page.goto(pageFile('calendar', row('    - { action: create_calendar_event, text: Remind me, startTime: "2030-05-04T08:00:00.000Z", endTime: "2030-05-04T16:00:00.000Z", title: Feedback reminder, description: Tell us how it went, postbackData: cal }\n')));
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-chip-row-heights.png'), fullPage: true });
    const beside = await heights();
    assert.equal(beside.slice(0, 2), alone, `the reply chips as high as without the calendar chip: ${JSON.stringify({ alone, beside })}`);
    assert.ok(beside[2]! > beside[0]!, `the calendar chip is the tall one: ${JSON.stringify(beside)}`);
  } finally { await page.close(); }
});

// trial-bc F3: a card's chips said what they do inside the card and its cut note sat in it, so a SMALL carousel card the
// model gives 316 dp was drawn 612 px high (the media's share of it half the phone's)
test('in headless Chromium: a rich card is drawn at the height its model gives it, its notes under it', async () => {
  const b = await browser.get();
  if (!b) return;
  const pageFile = (name: string, yaml: string): string => {
    const file = path.join(out, `card_size_${name}.html`);
    writeFileSync(file, renderTemplatePage({ key: name, file: 't.yaml', href: 't.html', diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') }));
    return `file://${file}`;
  };
  const chip = (i: number) => [`        - { action: reply, text: Tell me more, postbackData: more_${i} }`, `        - { action: open_url, text: Buy, postbackData: "https://shop.example.com/p/${i}", openUrlApplication: BROWSER }`];
  const rich = (opts: string, cards: { title: string; description?: string; media?: boolean; chips?: boolean }[]) => ['channel: shop-rcs', 'name: sizes', 'language: en_US', 'message:', '  type: rich_card', '  richCards:',
    ...cards.flatMap((c, i) => [`    - title: "${c.title}"`, ...(c.description ? [`      description: "${c.description}"`] : []), ...(c.media === false ? [] : [`      fileUrl: https://cdn.example.com/p${i}.png`]), ...(c.chips === false ? [] : ['      suggestions:', ...chip(i)])]),
    `  rcsRichCardsOpts: ${opts}`, ''].join('\n');
  const page = await b.newPage({ viewport: { width: 390, height: 844 } });
  mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
  try {
    const measure = () => page.evaluate(() => [...document.querySelectorAll<HTMLElement>('[data-testid="card"]')].map((card) => {
      const r = card.getBoundingClientRect();
      const notes = card.parentElement!.querySelector('[data-testid="card-notes"]');
      const chips = [...card.querySelectorAll('.chip')].map((c) => c.getBoundingClientRect());
      return {
        heightDp: Number(card.dataset.heightDp), width: Math.round(r.width), height: Math.round(r.height),
        media: Math.round(card.querySelector('.card-media')?.getBoundingClientRect().height ?? 0),
        chips: chips.map((c) => Math.round(c.height)), chipsInside: chips.every((c) => c.bottom <= r.bottom + 0.5 && c.left >= r.left - 0.5 && c.right <= r.right + 0.5),
        notesBelow: notes ? notes.getBoundingClientRect().top >= r.bottom : null,
        inside: card.querySelectorAll('.effect, [data-testid="card-cut"]').length,
      };
    }));
    // the trial's SMALL carousel of MEDIUM media: each card cut to 316 dp (the long texts clamped to a line), its chips a line
    // each, what they do and what was cut said under the card
    await page.goto(pageFile('small', rich('{ type: CAROUSEL, cardWidth: SMALL, mediaHeight: MEDIUM }', [
      { title: 'Linen shirt with a very long title that goes on and on', description: 'Light and breathable. Now only €39.' },
      { title: 'Chinos', description: 'Classic fit. Now only €49.' },
      { title: 'Hat', description: 'Sun-ready. Now only €19.' }])));
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-card-size-small.png'), fullPage: true });
    const small = await measure();
    assert.is(small.length, 3);
    for (const c of small) {
      assert.is(c.heightDp, 316, JSON.stringify(c));
      assert.equal({ width: c.width, height: c.height, media: c.media, chips: c.chips, chipsInside: c.chipsInside, notesBelow: c.notesBelow, inside: c.inside },
        { width: 120, height: 316, media: 168, chips: [36, 36], chipsInside: true, notesBelow: true, inside: 0 }, `a SMALL card as the phone draws it: ${JSON.stringify(c)}`);
    }
    // MEDIUM cards, a TALL standalone card, a horizontal one and one without media: each drawn the height the model gives it
    const cases: [string, string, { title: string; description?: string; media?: boolean; chips?: boolean }[]][] = [
      ['medium', '{ type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: SHORT }', [{ title: 'Linen shirt', description: 'Now €39' }, { title: 'Chinos', description: 'Now €49', chips: false }]],
      ['tall', '{ type: STANDALONE, orientation: VERTICAL, mediaHeight: TALL }', [{ title: 'Spring menu', description: 'Six new dishes', chips: false }]],
      ['horizontal', '{ type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }', [{ title: 'Parcel', description: 'Today' }]],
      ['no_media', '{ type: STANDALONE, orientation: VERTICAL }', [{ title: 'Spring menu', description: 'Six new dishes', media: false }]],
    ];
    for (const [name, opts, cards] of cases) {
      await page.goto(pageFile(name, rich(opts, cards)));
      await page.screenshot({ path: path.join(ROOT, 'test-output', `preview-card-size-${name}.png`), fullPage: true });
      for (const c of await measure()) {
        assert.ok(c.heightDp <= 344, `${name}: ${JSON.stringify(c)}`);
        assert.is(c.height, c.heightDp, `${name}: drawn ${c.height} px, the model ${c.heightDp} dp: ${JSON.stringify(c)}`);
        assert.ok(c.chipsInside && c.inside === 0 && c.notesBelow !== false, `${name}: ${JSON.stringify(c)}`);
      }
    }
  } finally { await page.close(); }
});

// trial-bc F1: the index drew every Arabic or Hebrew template's body right to left (the language's dir="rtl" on the cell):
// WhatsApp's English authentication text came out "is your verification code. ... do *123456*", and "iStyle: ..." ended
// at the right; their pages draw both left to right
test('in headless Chromium: the index draws each body line in its own first letter\'s direction, as the template\'s page does', async () => {
  const b = await browser.get();
  if (!b) return;
  const input = (name: string, yaml: string) => ({ key: name, file: `${name}.yaml`, href: `${name}.html`, diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') });
  const file = path.join(out, 'index_directions.html');
  writeFileSync(file, renderIndex([
    input('auth_otp', 'channel: shop-whatsapp\nname: auth_otp\nlanguage: ar\ncategory: AUTHENTICATION\nbody: { add_security_recommendation: true }\nfooter: { code_expiration_minutes: 5 }\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: نسخ الرمز }\n'),
    input('brand', 'channel: shop-whatsapp\nname: brand\nlanguage: ar\ncategory: UTILITY\nbody:\n  text: "iStyle: تم شحن طلبك رقم {{1}} اليوم.\\nشكرا لك"\n  examples: { 1: "55" }\n'),
  ]));
  const page = await b.newPage({ viewport: { width: 1280, height: 600 } });
  try {
    await page.goto(`file://${file}`);
    const cells = await page.evaluate(() => [...document.querySelectorAll('tbody tr td:nth-child(4)')].map((td) => {
      // where a piece of the cell's own text is drawn
      const at = (text: string) => {
        const node = [...td.childNodes].find((n) => n.nodeType === 3 && n.textContent!.includes(text))!;
        const r = document.createRange();
        const i = node.textContent!.indexOf(text);
        r.setStart(node, i); r.setEnd(node, i + text.length);
        const rect = r.getClientRects()[0]!;
        return { x: rect.left, y: Math.round(rect.top) };
      };
      const own = td.childNodes[0]!.textContent!;
      return {
        dir: getComputedStyle(td).direction, lang: td.getAttribute('lang'), own,
        lines: [...td.querySelectorAll('span')].map((s) => getComputedStyle(s).direction),
        first: at(own.startsWith('*') ? '*123456*' : 'iStyle:'), next: at(own.startsWith('*') ? 'verification' : 'تم'),
      };
    }));
    assert.is(cells.length, 2);
    const [auth, brand] = cells as [typeof cells[0], typeof cells[0]];
    assert.is(auth.dir, 'ltr', 'WhatsApp\'s English text left to right');
    assert.is(auth.lang, 'en');
    assert.is(brand.dir, 'ltr', 'a line opening with "iStyle:" left to right, as on its page');
    assert.equal(brand.lines, ['rtl'], 'the Arabic line after it right to left');
    for (const c of [auth, brand]) if (c.first.y === c.next.y) assert.ok(c.first.x < c.next.x, `read from the left: ${JSON.stringify(c)}`);
  } finally { await page.close(); }
});

// trial-bc F6: a header image that did not load (offline, a CDN behind a login, an artifact opened later) was hidden, and
// the placeholder drawn in its place was aria-hidden: a screen reader had nothing of the header at all
test('in headless Chromium: a media that does not load is announced by its placeholder; one that loads by its alt, once', async () => {
  const b = await browser.get();
  if (!b) return;
  const shown = path.join(out, 'media_ok.png');
  // a 1x1 PNG, loaded from beside the page; the other file is not there
  writeFileSync(shown, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64'));
  const missing = `file://${path.join(out, 'no-such-folder', 'sale.png')}`;
  const pageFile = (name: string, yaml: string): string => {
    const file = path.join(out, `media_${name}.html`);
    writeFileSync(file, renderTemplatePage({ key: name, file: 't.yaml', href: 't.html', diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') }));
    return `file://${file}`;
  };
  const wa = (url: string) => `channel: shop-whatsapp\nname: media_image\nlanguage: en_US\ncategory: MARKETING\nheader: { format: IMAGE, example: "${url}" }\nbody:\n  text: Our summer sale starts now.\n`;
  const rcs = (url: string) => `channel: shop-rcs\nname: card\nlanguage: en_US\nmessage:\n  type: rich_card\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: SHORT }\n  richCards:\n    - { title: New store in Berlin, fileUrl: "${url}" }\n`;
  const page = await b.newPage({ viewport: { width: 1100, height: 800 } });
  try {
    for (const [name, yaml, label] of [['wa', wa, 'Header image: sale.png'], ['rcs', rcs, 'Card image: sale.png']] as const) {
      // not loaded: the image hidden, the placeholder is the image a screen reader finds, by the same name
      await page.goto(pageFile(`${name}_missing`, yaml(missing)));
      await page.waitForFunction(() => (document.querySelector('.media img, .card-media img') as HTMLImageElement | null)?.hidden === true);
      const images = page.getByRole('img');
      assert.is(await images.count(), 1, `${name}: one image in the accessibility tree`);
      assert.is(await page.getByRole('img', { name: label }).evaluate((e) => e.className), 'ph', `${name}: the placeholder, announced`);
      assert.ok(await page.getByRole('img', { name: label }).isVisible());
      // loaded: the image by its alt, the placeholder under it hidden from the screen reader
      await page.goto(pageFile(`${name}_ok`, yaml(`file://${shown}`)));
      await page.waitForFunction(() => (document.querySelector('.media img, .card-media img') as HTMLImageElement | null)?.complete === true);
      assert.is(await page.getByRole('img').count(), 1, `${name}: one image in the accessibility tree`);
      assert.is(await page.getByRole('img', { name: label.replace('sale.png', 'media_ok.png') }).evaluate((e) => e.tagName), 'IMG');
    }
  } finally { await page.close(); }
});

// a zero-tap template shows, where WhatsApp's checks fail, the one-tap autofill button (not the copy-code one the preview drew),
// and the page says what shows where; a catalog template's header is WhatsApp's product thumbnail, drawn as a place for it
test('preview: a zero-tap button drawn with its autofill label and what shows where; a catalog template drawn with its product thumbnail', () => {
  const html = (yaml: string): string => renderTemplatePage({ key: 'k', file: 't.yaml', href: 't.html', diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') });
  const zero = html('channel: wa\nname: login_zero\nlanguage: en_US\ncategory: AUTHENTICATION\nbody: { add_security_recommendation: true }\nbuttons:\n  - type: OTP\n    otp_type: ZERO_TAP\n    text: Copy code\n    autofill_text: Fill in\n    zero_tap_terms_accepted: true\n    supported_apps: [{ package_name: com.example.shop, signature_hash: K8a/AINcGX7 }]\n');
  assert.match(zero, /data-type="OTP"[^>]*>.*Fill in/);
  assert.not.match(zero, /data-type="OTP"[^>]*>[^<]*<span class="icon">.*<\/span> Copy code/);
  assert.match(zero, 'data-testid="zero-tap"');
  assert.match(zero, 'Zero-tap (Android only)');
  const oneTap = html('channel: wa\nname: login_one\nlanguage: en_US\ncategory: AUTHENTICATION\nbody: { add_security_recommendation: true }\nbuttons:\n  - type: OTP\n    otp_type: ONE_TAP\n    text: Copy code\n    autofill_text: Fill in\n    supported_apps: [{ package_name: com.example.shop, signature_hash: K8a/AINcGX7 }]\n');
  assert.not.match(oneTap, 'data-testid="zero-tap"');
  const catalog = html('channel: wa\nname: shop_catalog\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Now shop for your favourite products right here on WhatsApp! Get Rs {{1}} off on all orders above {{2}}Rs!"\n  examples: { 1: "100", 2: "400" }\nbuttons:\n  - { type: CATALOG, text: View catalog }\n');
  assert.match(catalog, 'data-testid="catalog-thumbnail"');
  assert.match(catalog, 'thumbnail_product_retailer_id');
});

test.run();
