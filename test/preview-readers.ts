/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Shared by the preview-readers-*.test.ts files: a project of templates in every script the
// preview must lay out (Latin, Arabic, Hebrew, Japanese, Devanagari), its site and before/after
// pages built in-process, and the checks a page must pass in a real browser at a phone's width
// and a desktop's, light and dark: no sideways scroll of the page, the message's direction,
// no axe-core violation of impact serious or critical. With TPLSYNC_SHOTS=1, a full-page screenshot
// of each page checked goes to test-output/preview-readers/ (see SHOTS_WANTED).
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse } from 'yaml';
import type { BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '../src/config/load.ts';
import { buildSite } from '../src/preview/site.ts';
import { renderChangesSite, changePageName } from '../src/preview/changes.ts';
import { diffTemplates, fromFile, type CanonicalTemplate, type FileTemplate } from '../src/model/canonical.ts';
import type { Plan, PlanChange } from '../src/plan/plan.ts';
import { ROOT } from './helpers.ts';

export const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
export const SHOTS = path.join(ROOT, 'test-output', 'preview-readers');
/**
 * Whether the browser tests keep a full-page screenshot of each page they check (TPLSYNC_SHOTS=1).
 * The screenshots are for a person to look at, and no assertion reads them; each is a full-page
 * PNG encoded by Chromium, about a fifth of a browser file's CPU (docs/benchmarks.md, "Suite CPU,
 * heaviest files"), so a run takes them only when asked.
 */
export const SHOTS_WANTED = process.env.TPLSYNC_SHOTS === '1';

export interface Script { id: string; language: string; dir: 'rtl' | 'ltr'; hello: string; order: string; sent: string; reply: string; site: string; call: string; offer: string[] }

/** One WhatsApp and one RCS template per script; samples in Latin digits and letters mixed in. */
export const SCRIPTS: Script[] = [
  { id: 'arabic', language: 'ar', dir: 'rtl', hello: 'مرحبا', order: 'طلبك رقم', sent: 'بمبلغ', reply: 'تتبع الطلب', site: 'زيارة المتجر الإلكتروني', call: 'اتصل بخدمة العملاء الآن', offer: ['قميص كتان', 'بنطال قطني', 'حذاء جلدي'] },
  { id: 'hebrew', language: 'he', dir: 'rtl', hello: 'שלום', order: 'ההזמנה שלך מספר', sent: 'בסך', reply: 'מעקב אחר ההזמנה', site: 'לאתר החנות המקוונת', call: 'התקשרו לשירות הלקוחות עכשיו', offer: ['חולצת פשתן', 'מכנסי כותנה', 'נעלי עור'] },
  { id: 'japanese', language: 'ja', dir: 'ltr', hello: 'こんにちは', order: 'ご注文番号', sent: 'お支払い金額', reply: '注文を追跡する', site: 'オンラインストアを見る', call: 'カスタマーサービスに電話する', offer: ['リネンシャツ', 'チノパンツ', 'レザーシューズ'] },
  { id: 'devanagari', language: 'hi', dir: 'ltr', hello: 'नमस्ते', order: 'आपका ऑर्डर नंबर', sent: 'राशि', reply: 'ऑर्डर ट्रैक करें', site: 'ऑनलाइन स्टोर पर जाएँ', call: 'ग्राहक सेवा को अभी कॉल करें', offer: ['लिनन शर्ट', 'सूती पैंट', 'चमड़े के जूते'] },
];

const LONG_URL = 'https://shop.example.com/orders/A-1042/tracking/0123456789abcdef0123456789abcdef?utm_source=whatsapp&utm_campaign=order_update';

function whatsappOf(s: Script): string {
  return [
    'channel: shop-whatsapp', 'name: order_update', `language: ${s.language}`, 'category: UTILITY', 'description: Order update',
    'header:', '  format: IMAGE', '  example: https://cdn.example.com/orders/banner.png',
    'body:', `  text: "${s.hello} {{name}}، ${s.order} {{order}} ${s.sent} {{amount}}. ${LONG_URL}"`,
    `  examples: { name: "${s.offer[0]}", order: A-1042, amount: "250.00 SAR" }`,
    `footer: "${s.site}"`,
    'buttons:', `  - { type: QUICK_REPLY, text: "${s.reply}" }`, `  - { type: URL, text: "${s.site.slice(0, 25)}", url: "https://shop.example.com/o/{{1}}", example: "https://shop.example.com/o/A-1042" }`, '',
  ].join('\n');
}

function rcsOf(s: Script): string {
  const card = (title: string, i: number) => [
    `    - title: "${title}"`, `      description: "${s.sent} {{price${i}}}"`, `      fileUrl: https://cdn.example.com/offers/card-${i}.png`,
    '      suggestions:', `        - { action: reply, text: "${s.reply}", postbackData: track_${i} }`,
    `        - { action: open_url, text: "${s.site}", postbackData: "${LONG_URL}", openUrlApplication: BROWSER }`,
    `        - { action: dial, text: "${s.call}", phoneNumber: "+4930123456", postbackData: call_${i} }`,
  ].join('\n');
  return [
    'channel: shop-rcs', 'name: offers', `language: ${s.language}`, 'description: Offers', 'message:', '  type: rich_card', '  richCards:',
    ...s.offer.map(card), `  examples: { price0: "39 €", price1: "49 €", price2: "89 €" }`,
    '  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: SMALL, mediaHeight: SHORT }',
    `  suggestions:\n    - { action: reply, text: "${s.reply}", postbackData: track }`,
    '  fallback:', `    text: "${s.order} A-1042: ${LONG_URL}"`, '',
  ].join('\n');
}

/**
 * A right-to-left script's standalone horizontal card, its image on the right (Google: "RIGHT:
 * Thumbnail preview is right-aligned", whatever the language), its title a Latin brand followed by
 * a sample (the phone lays out the filled text as one string: "TelcoNet 5G Max").
 */
function horizontalOf(s: Script): string {
  return [
    'channel: shop-rcs', 'name: plan_card', `language: ${s.language}`, 'description: Plan card', 'message:', '  type: rich_card', '  richCards:',
    `    - title: "TelcoNet {{plan}}"`, `      description: "${s.sent} {{price}}"`, '      fileUrl: https://cdn.example.com/offers/plan.png',
    '  examples: { plan: 5G Max, price: "39 €" }',
    '  rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: RIGHT }', '',
  ].join('\n');
}

/** A Latin template with words and URLs longer than any bubble. */
const LATIN_LONG = [
  'channel: shop-whatsapp', 'name: long_words', 'language: de', 'category: UTILITY', 'description: Long words',
  'body:', `  text: "Ihre Donaudampfschifffahrtsgesellschaftskapitänsmützenbestellung {{order}} ist unterwegs: ${LONG_URL}"`, '  examples: { order: A-1042 }',
  'buttons:', '  - { type: URL, text: Sendungsverfolgung, url: "https://shop.example.com/t/{{1}}", example: "https://shop.example.com/t/A-1042" }', '',
].join('\n');

export interface Built { dir: string; site: string; changes: string; pages: Map<string, string>; changePages: Map<string, string> }

/** The project (the repository's templates, one WhatsApp and one RCS template per script) and its two sites, written to `dir`. */
export async function buildProject(dir: string): Promise<Built> {
  cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
  for (const s of SCRIPTS) {
    writeFileSync(path.join(dir, 'templates', 'whatsapp', `order_update.${s.language}.yaml`), whatsappOf(s));
    writeFileSync(path.join(dir, 'templates', 'rcs', `offers.${s.language}.yaml`), rcsOf(s));
    if (s.dir === 'rtl') writeFileSync(path.join(dir, 'templates', 'rcs', `plan_card.${s.language}.yaml`), horizontalOf(s));
  }
  writeFileSync(path.join(dir, 'templates', 'whatsapp', 'long_words.de.yaml'), LATIN_LONG);
  const config = await loadConfig({ cwd: dir });
  const built = await buildSite(config, [], dir);
  const site = path.join(dir, 'site');
  mkdirSync(site, { recursive: true });
  for (const [name, html] of built.pages) writeFileSync(path.join(site, name), html);

  // before/after: each script's WhatsApp template with a reworded body, and the repository's English one
  const read = (rel: string): { channel: string; c: FileTemplate } => { const v = parse(readFileSync(path.join(dir, 'templates', rel), 'utf8')); return { channel: String(v.channel), c: fromFile(v, String(v.channel), '') }; };
  const reworded = (c: CanonicalTemplate, text: string): CanonicalTemplate => ({ ...c, body: { ...c.body, text } });
  const updates: PlanChange[] = [
    ['whatsapp/order_shipped.en_US.yaml', (c: CanonicalTemplate) => c.body.text.replace('is on its way', 'has left our warehouse')] as const,
    ...SCRIPTS.map((s) => [`whatsapp/order_update.${s.language}.yaml`, (c: CanonicalTemplate) => c.body.text.replace(s.order, s.offer[1]!)] as const),
  ].map(([rel, edit]) => {
    const { channel, c: desired } = read(rel);
    // the channel's copy, drawn with the file's names and samples
    const remote: FileTemplate = { ...desired, canonical: reworded(desired.canonical, edit(desired.canonical)) };
    return { channel, name: desired.canonical.name, language: desired.canonical.language, publicId: 'p', channelId: 'c', action: 'update', file: `templates/${rel}`, changes: diffTemplates(desired.canonical, remote.canonical), remoteFingerprint: 'x', desired, remote };
  });
  const plan: Plan = { version: 1, changes: updates, summary: { create: 0, update: updates.length, noop: 0, orphan: 0 } };
  const changesSite = renderChangesSite(plan, { environment: 'local' });
  const changes = path.join(dir, 'changes');
  mkdirSync(changes, { recursive: true });
  for (const [name, html] of changesSite.pages) writeFileSync(path.join(changes, name), html);
  return { dir, site, changes, pages: built.pages, changePages: changesSite.pages };
}

export const pageOf = (channel: string, name: string, language: string) => changePageName({ channel, name, language });

export interface Viewing { width: number; scheme: 'light' | 'dark' }
export const VIEWINGS: Viewing[] = [{ width: 360, scheme: 'light' }, { width: 360, scheme: 'dark' }, { width: 1280, scheme: 'light' }, { width: 1280, scheme: 'dark' }];

/**
 * axe-core in every page `ctx` opens, from the page's start: sent to the browser once for the
 * context, and compiled once per renderer (V8 keeps the code of a source it has seen), where
 * adding the script to each page sent and compiled its 500 KB again every time (the larger part
 * of a page check). checkPage adds it to a page that lacks it.
 */
export async function withAxe(ctx: BrowserContext): Promise<BrowserContext> {
  await ctx.addInitScript({ content: AXE_SOURCE });
  return ctx;
}

/** What a page must be at every viewing; the problems found, in words ('' when none). With TPLSYNC_SHOTS=1 a screenshot goes to `expect.shots` (default SHOTS). */
export async function checkPage(page: Page, file: string, v: Viewing, expect: { dir?: 'rtl' | 'ltr'; shots?: string }): Promise<string[]> {
  const where = `${path.basename(file)} at ${v.width} px ${v.scheme}`;
  const problems: string[] = [];
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  // every image either loaded or (offline) hidden over its drawn placeholder
  await page.waitForFunction(() => [...document.images].every((i) => i.complete || i.hidden));
  const m = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth,
    h1: document.querySelectorAll('h1').length, main: document.querySelectorAll('main').length,
    dirs: [...document.querySelectorAll('.phone, .rcs-phone')].map((e) => getComputedStyle(e).direction),
    background: getComputedStyle(document.body).backgroundColor,
    badAlt: [...document.images].filter((i) => !i.alt || i.alt.includes('{{')).map((i) => i.outerHTML.slice(0, 120)),
    brokenShown: [...document.images].filter((i) => !i.hidden && i.naturalWidth === 0).length,
    carouselsNotFocusable: [...document.querySelectorAll('.wa-carousel, .cards.carousel')].filter((e) => e.getAttribute('tabindex') !== '0' || !e.getAttribute('aria-label')).length,
  }));
  if (m.scrollWidth > m.innerWidth) problems.push(`${where}: the page scrolls sideways (${m.scrollWidth} > ${m.innerWidth})`);
  if (m.h1 !== 1) problems.push(`${where}: ${m.h1} <h1>`);
  if (m.main !== 1) problems.push(`${where}: ${m.main} <main>`);
  if (expect.dir && (!m.dirs.length || m.dirs.some((d) => d !== expect.dir))) problems.push(`${where}: message direction ${m.dirs.join(',')} (want ${expect.dir})`);
  const lum = (rgb: string) => { const [r, g, b] = (rgb.match(/\d+/g) ?? ['0', '0', '0']).map(Number); return (0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255; };
  if (v.scheme === 'dark' ? lum(m.background) > 0.25 : lum(m.background) < 0.75) problems.push(`${where}: page background ${m.background} is not ${v.scheme}`);
  if (m.badAlt.length) problems.push(`${where}: images without an alt text from the samples: ${m.badAlt.join(' | ')}`);
  if (m.brokenShown) problems.push(`${where}: ${m.brokenShown} images that did not load are shown broken instead of their placeholder`);
  if (m.carouselsNotFocusable) problems.push(`${where}: ${m.carouselsNotFocusable} carousels not reachable from the keyboard`);
  // chips inside their card, however narrow the card (SMALL is 120 dp)
  const clipped = await page.evaluate(() => [...document.querySelectorAll('[data-testid="card"]')].flatMap((card) => {
    const c = card.getBoundingClientRect();
    return [...card.querySelectorAll('.chip')].filter((chip) => { const r = chip.getBoundingClientRect(); return r.left < c.left - 0.5 || r.right > c.right + 0.5; }).map((chip) => (chip as HTMLElement).innerText);
  }));
  if (clipped.length) problems.push(`${where}: chips wider than their card: ${clipped.join(' | ')}`);
  // axe-core: no violation of impact serious or critical
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => `${x.id} (${x.impact}) on ${x.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}${x.nodes.length > 3 ? ` and ${x.nodes.length - 3} more` : ''}`);
  });
  for (const x of violations) problems.push(`${where}: axe ${x}`);
  if (!SHOTS_WANTED) return problems;
  const shots = expect.shots ?? SHOTS;
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${path.basename(path.dirname(file))}-${path.basename(file, '.html')}-${v.width}-${v.scheme}.png`), fullPage: true });
  return problems;
}
