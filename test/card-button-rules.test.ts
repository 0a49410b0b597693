// A carousel card's button is created and refused as a template's button is: every rule that finds
// something in one button of a type a card takes (QUICK_REPLY, URL, PHONE_NUMBER) finds it on a
// card too. For each rule's failing fixture whose finding is in such a button, the button is moved
// onto the two cards of a lint-clean carousel, and the same rule must report it there, at the same
// key. (A card's URL button went unchecked for length while its phone number was checked: each
// card check was a copy of the template's, and one copy lacked the limit.) In-process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { collectFindings } from '../src/lint/engine.ts';
import { ROOT } from './helpers.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const CARD_TYPES = new Set(['QUICK_REPLY', 'URL', 'PHONE_NUMBER']);
/** rules about the set of the template's buttons, not one button: a card has rules of its own for its set (carousel-card-buttons) */
const OF_THE_SET = new Set(['buttons-grouping', 'buttons-per-type', 'buttons-total', 'buttons-call-pair', 'button-label-duplicate',
  // a kind's one button (an order details or single-product template has exactly one): the template's kind, not the button
  'order-details', 'spm-template']);
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'rules');

const carouselWith = (button: unknown): Record<string, unknown> => ({
  channel: 'shop-whatsapp', name: 'card_buttons', language: 'en_US', category: 'MARKETING',
  body: { text: 'Fresh arrivals for you this week: swipe to see them all.' },
  carousel: [1, 2].map((n) => ({ header: { format: 'IMAGE', example: `https://cdn.example.com/p${n}.png` }, body: { text: `Linen shirt number ${n}, now in every size.` }, buttons: [button] })),
});

test('the carousel the buttons are moved onto is clean with a plain button', () => {
  assert.equal(collectFindings(carouselWith({ type: 'QUICK_REPLY', text: 'Tell me more' }), { now: NOW }).map((f) => f.ruleId), []);
});

test('every rule that finds something in one button of a card\'s type finds it on a carousel card too', () => {
  const missed: string[] = [];
  let checked = 0;
  for (const rule of readdirSync(FIXTURES)) {
    if (OF_THE_SET.has(rule)) continue;
    const dir = path.join(FIXTURES, rule, 'fail');
    let files: string[];
    try { files = readdirSync(dir).filter((f) => f.endsWith('.yaml')); } catch { continue; }
    for (const f of files) {
      let t: Record<string, unknown>;
      try { t = parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>; } catch { continue; }
      if (!t || typeof t !== 'object' || !Array.isArray(t.buttons) || t.carousel !== undefined) continue;
      for (const finding of collectFindings(t, { now: NOW }).filter((x) => x.ruleId === rule && x.path[0] === 'buttons' && typeof x.path[1] === 'number')) {
        const button = (t.buttons as Record<string, unknown>[])[finding.path[1] as number];
        if (!button || !CARD_TYPES.has(String(button.type))) continue;
        checked++;
        const want = ['carousel', 0, 'buttons', 0, ...finding.path.slice(2)].join('.');
        const got = collectFindings(carouselWith(button), { now: NOW }).filter((x) => x.ruleId === rule).map((x) => x.path.join('.'));
        // the same key, or a key around it that a card refuses whole (an app deep link is for a template's URL button only)
        if (!got.some((g) => want === g || want.startsWith(`${g}.`))) missed.push(`${rule} (${f}): ${finding.message} — on a card: ${got.length ? got.join(', ') : 'nothing'}`);
      }
    }
  }
  assert.ok(checked > 3, `the fixtures give buttons to move (${checked})`);
  assert.equal(missed, []);
});

test('a card\'s URL button is held to the 2000-character limit, on a media card and on a product card', () => {
  const long = `https://shop.example.com/${'a'.repeat(2000)}`;
  const media = collectFindings(carouselWith({ type: 'URL', text: 'Buy', url: long }), { now: NOW });
  assert.equal(media.map((f) => `${f.ruleId} ${f.path.join('.')} ${f.message}`), [0, 1].map((i) => `button-url carousel.${i}.buttons.0.url The URL is 2025 characters; the limit is 2000.`));
  const product = { ...carouselWith({ type: 'URL', text: 'Buy', url: long }), carousel: [0, 1].map(() => ({ header: { format: 'PRODUCT' }, buttons: [{ type: 'URL', text: 'Buy', url: long }] })) };
  assert.equal(collectFindings(product, { now: NOW }).filter((f) => f.ruleId === 'button-url').length, 2);
});

test('button-url: a URL sample written as the value alone, as Meta\'s pages write it, is taken on a template\'s button and a card\'s alike (trial-ae a)', () => {
  const url = (u: string, ex: string) => {
    const button = { type: 'URL', text: 'Buy', url: u, example: ex };
    const card = collectFindings(carouselWith(button), { now: NOW }).filter((f) => f.ruleId === 'button-url').map((f) => f.message);
    const top = collectFindings({ channel: 'shop-whatsapp', name: 'top_url', language: 'en_US', category: 'MARKETING', body: { text: 'Fresh arrivals for you this week: tap to see them all.' }, buttons: [button] }, { now: NOW }).filter((f) => f.ruleId === 'button-url').map((f) => f.message);
    return { card, top };
  };
  // Meta's media-card carousel page ("BLUE_ELF") and components page ("summer2023")
  assert.equal(url('https://www.luckyshrub.com/rare-succulents/{{1}}', 'BLUE_ELF'), { card: [], top: [] });
  assert.equal(url('https://www.luckyshrub.com/shop?promo={{1}}', 'summer2023'), { card: [], top: [] });
  assert.equal(url('https://www.luckyshrub.com/shop?promo={{1}}', 'https://www.luckyshrub.com/shop?promo=summer2023'), { card: [], top: [] });
  // a sample of another address is still wrong, on both
  const other = url('https://www.luckyshrub.com/p/{{1}}', 'https://www.example.com/p/x');
  assert.is(other.card.length, 2, other.card.join('\n'));
  assert.match(other.top[0] ?? '', /start with the fixed part of the URL/);
});

test('button-label-duplicate compares the buttons of one owner: a card\'s two buttons, not one card\'s with the next card\'s', () => {
  const t = carouselWith({ type: 'QUICK_REPLY', text: 'Tell me more' });
  assert.equal(collectFindings(t, { now: NOW }).filter((f) => f.ruleId === 'button-label-duplicate'), [], 'cards repeat each other\'s labels');
  const two = carouselWith({ type: 'QUICK_REPLY', text: 'Tell me more' });
  (two.carousel as { buttons: unknown[] }[])[1]!.buttons.push({ type: 'URL', text: 'tell me  MORE ', url: 'https://shop.example.com/p2' });
  const found = collectFindings(two, { now: NOW }).filter((f) => f.ruleId === 'button-label-duplicate');
  assert.equal(found.map((f) => f.path.join('.')), ['carousel.1.buttons.1.text']);
  assert.match(found[0]!.message, "Button 2 has the label 'tell me  MORE' of button 1 ('Tell me more')");
});

test.run();
