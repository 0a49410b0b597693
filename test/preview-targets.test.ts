// What a reviewer sees in the preview without hovering (trial-q F3, F7): a placeholder without a
// sample is drawn as itself, marked as missing its sample (not an empty highlight beside a
// complete-looking sentence), and a WhatsApp button shows where it goes under its label: a URL with
// its sample filled in, an app deep link's two targets, the number it calls. In-process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { renderTemplatePage } from '../src/preview/html.ts';
import { esc, formatWhatsApp, withSamples } from '../src/preview/markup.ts';
import { renderRcs } from '../src/preview/rcs.ts';
import { ROOT } from './helpers.ts';
import './seed.ts';

const pageOf = (yaml: string): string => renderTemplatePage({ key: 'k', file: 't.yaml', href: 't.html', diagnostics: [], template: fromFile(readTemplateValue(yaml), 'c', 'x') });
/** the page's visible text of an element's HTML: tags dropped, attributes (a title) with them */
const visible = (html: string): string => html.replace(/<[^>]*>/g, '').replace(/&amp;/g, '&');

test('a placeholder without a sample shows itself, marked as missing one; an empty sample is none', () => {
  const file = 'channel: shop-whatsapp\nname: m_err\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "{{1}} want 5 GB extra? {{3}}"\n  examples: { 1: Ana }\n';
  const html = pageOf(file);
  assert.ok(html.includes('<mark class="missing" title="no sample" dir="ltr">{{3}}</mark>'), html.match(/<mark[^>]*>[^<]*<\/mark>/g)?.join(' '));
  assert.not.ok(html.includes('<mark title="{{3}}"></mark>'), 'no empty highlight');
  const empty = pageOf(file.replace('{ 1: Ana }', '{ 1: Ana, 3: "" }'));
  assert.ok(empty.includes('<mark class="missing" title="no sample" dir="ltr">{{3}}</mark>'), 'an empty sample');
  // and the style says so in the text drawn, not only in the tooltip
  assert.match(html, /mark\.missing::after\{content:" \(no sample\)"/);
});

test('a WhatsApp button shows its targets under its label: the URL with its sample, both targets of an app deep link, the number it calls', () => {
  const file = `channel: shop-whatsapp
name: s_app_link
language: en_US
category: MARKETING
body:
  text: "Hello {{1}}, summer deals are here with new offers every day."
  examples: { 1: Ana }
buttons:
  - type: URL
    text: View deals
    url: https://shop.example.com/deals/summer/
    app_deep_link:
      meta_app_id: "1234567890"
      android_deep_link: exampleshop://deals/summer/
      android_fallback_playstore_url: https://play.google.com/store/apps/details?id=com.example.shop
  - type: URL
    text: Your bill
    url: https://my.telco.example/bills/{{1}}
    example: https://my.telco.example/bills/INV-2291
  - type: PHONE_NUMBER
    text: Call us
    phone_number: "+15550100200"
`;
  const html = pageOf(file);
  const buttons = [...html.matchAll(/<div class="wa-button[^"]*"[^>]*>(.*?)<\/div>/g)].map((m) => visible(m[1]!));
  assert.equal(buttons, [
    ' View dealsAndroid: exampleshop://deals/summer/elsewhere: https://shop.example.com/deals/summer/',
    ' Your billopens https://my.telco.example/bills/INV-2291',
    ' Call uscalls +15550100200',
  ]);
  // each label after its icon, drawn as SVG (no emoji font needed)
  assert.equal([...html.matchAll(/<div class="wa-button[^"]*"[^>]*><span class="icon"><svg class="i" data-icon="(\w+)"/g)].map((m) => m[1]), ['open', 'open', 'phone']);
  assert.ok(html.includes('<small class="target" data-testid="button-target" lang="en" dir="ltr">calls <bdi>+15550100200</bdi></small>'));
});


// trial-y F3: WhatsApp's *bold*, _italic_ and ~strike~ were drawn in RCS texts, card titles and descriptions and the
// SMS fallback, which show them as written (RBM's texts are plain; an SMS has no formatting)
test('RCS texts, cards and the SMS fallback are drawn as written; WhatsApp\'s body keeps its formatting', () => {
  const rcs = pageOf(`channel: rcs
name: rcs_fmt
language: en_US
message:
  type: rich_card
  richCards:
    - title: "*Bold title* _it_"
      description: "Price ~€20~ now *€15* for _you_"
      fileUrl: https://cdn.example.com/a.jpg
  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: SHORT }
  fallback: { text: "Price ~20~ now *15* for _you_" }
`);
  for (const written of ['*Bold title* _it_', 'Price ~€20~ now *€15* for _you_', 'Price ~20~ now *15* for _you_']) assert.ok(visible(rcs).includes(written), written);
  assert.not.match(rcs, /<(b|i|s)>/);
  const text = pageOf('channel: rcs\nname: rcs_txt\nlanguage: en_US\nmessage:\n  type: text\n  message: "Your code is *4417*. Use _express_ checkout."\n');
  assert.ok(visible(text).includes('Your code is *4417*. Use _express_ checkout.'));
  const wa = pageOf('channel: shop-whatsapp\nname: wa_fmt\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your code is *4417*. Use _express_ checkout."\n');
  assert.match(wa, /<b>4417<\/b>/);
  assert.match(wa, /<i>express<\/i>/);
});

/** the WhatsApp body of a page, as HTML */
const bodyOf = (html: string): string => html.match(/<div class="wa-body[^"]*" data-testid="body"[^>]*>(.*?)<\/div><div class="time">/)?.[1] ?? html.match(/data-testid="body"[^>]*>(.*)$/)![1]!;
const WA = (text: string, examples = '') => `channel: shop-whatsapp\nname: fmt_check\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: ${JSON.stringify(text)}\n${examples ? `  examples: ${examples}\n` : ''}`;

// trial-y F1: `_*x*_` and `~*x*~` were drawn with their asterisks (an opening mark after another mark was refused,
// and bold was looked for before italic and strike); WhatsApp combines the marks in any order
test('WhatsApp\'s marks combine in any order: _*x*_ and ~*x*~ are drawn as *_x_* and *~x~* are', () => {
  const html = bodyOf(pageOf(WA('A: _*bold italic*_ end.\nB: *_bold italic_* end.\nC: ~*struck bold*~ end.\nD: *~struck bold~* end.')));
  assert.ok(html.includes('A: <b><i>bold italic</i></b> end.'), html);
  assert.ok(html.includes('B: <b><i>bold italic</i></b> end.'), html);
  assert.ok(html.includes('C: <b><s>struck bold</s></b> end.'), html);
  assert.ok(html.includes('D: <b><s>struck bold</s></b> end.'), html);
  assert.not.match(visible(html), /[*_~]/);
  // and a run inside another, across a sample
  assert.is(formatWhatsApp('_a *b* c_'), '<i>a <b>b</b> c</i>');
  assert.is(formatWhatsApp('*Hello <mark title="{{1}}">Ana*</mark> x'), '<b>Hello <mark title="{{1}}">Ana</mark></b> x');
  // a run across a word diff's part: well formed, and no empty run where a mark sits at the part's edge
  // (its closing mark is the diff's: the bold is what changed, marked so)
  const changedBold = '<b class="format-changed" title="bold: formatting changed">';
  assert.is(formatWhatsApp('*a <ins>b* c</ins>'), `${changedBold}a </b><ins>${changedBold}b</b> c</ins>`);
  assert.is(formatWhatsApp('<del>*x</del>*'), '<b><del>x</del></b>');
});

test('monospace shows what it holds as written: no mark inside ```...``` applies', () => {
  const html = bodyOf(pageOf(WA('D: ```a *b* c _d_ ~e~``` and *bold*')));
  assert.ok(html.includes('D: <code>a *b* c _d_ ~e~</code> and <b>bold</b>'), html);
});

// the brief's property: any nesting order of the marks gives the tags of the documented order (`*_~text~_*`); no mark
// applies inside monospace. The texts: letters, digits, punctuation, Arabic, escaped characters, a sample and a
// placeholder drawn without one (whose names hold marks)
const SAMPLE = '<mark title="{{_vip_}}">Ana</mark>';
const MISSING = '<mark class="missing" title="no sample" dir="ltr">{{*ref*}}</mark>';
const piece = fc.oneof(fc.constantFrom('a', 'Z', '7', 'é', 'ب', '.', ',', '(', ')', ':', '-', '!', '?', esc('&'), esc('<'), esc('"'), esc("'"), SAMPLE, MISSING, '<ins>new</ins>'), fc.constantFrom(' ', 'x y'));
/** whether every tag of an HTML fragment is closed in the order it was opened */
const wellFormed = (html: string): boolean => {
  const open: string[] = [];
  for (const [, close, name] of html.matchAll(/<(\/?)([a-z]+)\b[^>]*>/g)) {
    if (name === 'br') continue;
    if (!close) open.push(name!);
    else if (open.pop() !== name) return false;
  }
  return open.length === 0;
};
const inner = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join('')).filter((t) => !/^ | $/.test(t));

test('property: marks written in any order give the documented order\'s tags, around any text', () => {
  fc.assert(fc.property(inner, fc.shuffledSubarray(['*', '_', '~'], { minLength: 1 }), fc.constantFrom(['', ''], ['Hi ', ' now.'], ['(', ')'], ['', '!']), (x, order, [before, after]) => {
    const documented = ['*', '_', '~'].filter((m) => order.includes(m));
    const wrap = (ms: string[]): string => `${before}${ms.join('')}${x}${[...ms].reverse().join('')}${after}`;
    const mine = formatWhatsApp(wrap(order));
    assert.is(mine, formatWhatsApp(wrap(documented)));
    assert.ok(wellFormed(mine), mine);
    assert.not.match(mine, /<(b|i|s)><\/\1>/, 'no empty run');
    // every mark applied, none drawn
    for (const [m, tag] of [['*', 'b'], ['_', 'i'], ['~', 's']] as const) assert.is(mine.includes(`<${tag}>`), order.includes(m), `${m} in ${mine}`);
    assert.is(visible(mine.replace(/<mark class="missing"[^>]*>.*?<\/mark>/g, '')).replace(/[*_~]/g, '') === visible(mine.replace(/<mark class="missing"[^>]*>.*?<\/mark>/g, '')), true, mine);
    // the placeholders' names stay as written, in their attribute and where drawn
    if (x.includes(SAMPLE)) assert.ok(mine.includes('title="{{_vip_}}"'), mine);
    if (x.includes(MISSING)) assert.ok(mine.includes('dir="ltr">{{*ref*}}</mark>'), mine);
  }));
});

test('property: no mark applies inside monospace', () => {
  const text = fc.array(fc.constantFrom('a', ' ', '*', '_', '~', 'b', '.', '\n', SAMPLE), { minLength: 1, maxLength: 12 }).map((p) => p.join(''));
  fc.assert(fc.property(text, fc.constantFrom(['', ''], ['*', '*'], ['_', '_'], ['x ', ' y']), (t, [before, after]) => {
    const html = formatWhatsApp(`${before}\`\`\`${t}\`\`\`${after}`);
    const code = html.match(/<code>([\s\S]*)<\/code>/);
    assert.ok(code, html);
    assert.not.match(code![1]!, /<\/?(b|i|s)>/, html);
    assert.ok(wellFormed(html), html);
    assert.is(visible(code![1]!.replace(/<br>/g, '\n')), visible(t));
  }));
});

// trial-y F6: a placeholder named {{_vip_}} had italic tags in its own title attribute, and {{_ref_}} without a sample was drawn {{<i>ref</i>}}
test('formatting never applies inside a placeholder\'s name: its tooltip and the placeholder drawn without a sample stay as written', () => {
  const html = bodyOf(pageOf(WA('Hello {{_vip_}}, your reward for order {{order_no}} is ready, ref {{_ref_}}.', '{ _vip_: Ana, order_no: B-7 }')));
  assert.ok(html.includes('<mark title="{{_vip_}}">Ana</mark>'), html);
  assert.ok(html.includes('<mark class="missing" title="no sample" dir="ltr">{{_ref_}}</mark>'), html);
  assert.not.match(html, /<(i|b|s)>/);
  assert.ok(withSamples('*{{_vip_}}* and _{{_ref_}}_', { _vip_: 'Ana' }) === '<b><mark title="{{_vip_}}">Ana</mark></b> and <i><mark class="missing" title="no sample" dir="ltr">{{_ref_}}</mark></i>');
});

// trial-y F9: runs of spaces and leading spaces collapsed in every bubble (no white-space rule for the lines)
test('a text\'s lines keep their spaces: the page draws each line with white-space: pre-wrap, the spaces in it', () => {
  const html = pageOf(WA('Your receipt:\n```Item      Qty   Price```\n    Total:       €12'));
  assert.match(html, /\.line\{white-space:pre-wrap\}/);
  assert.ok(bodyOf(html).includes('<div class="line" dir="auto"><code>Item      Qty   Price</code></div><div class="line" dir="auto">    Total:       €12</div>'), bodyOf(html));
});

// trial-y F10: an open_url chip said only its host, and a calendar event's description was drawn nowhere
const RCS_LINKS = (url: string) => `channel: rcs
name: delivery_chips
language: en_US
message:
  type: text
  message: Your parcel is on its way.
  suggestions:
    - { action: open_url, text: Track online, postbackData: "${url}" }
    - { action: create_calendar_event, text: Save the date, startTime: "2030-05-04T08:00:00.000Z", endTime: "2030-05-04T16:00:00.000Z", title: Store opening, description: "Free plants & coffee" }
`;

test('an RCS open_url chip shows its whole URL and a calendar chip its description; preview --changes shows a changed path on each side', () => {
  const html = pageOf(RCS_LINKS('https://track.example.com/PX-999?ref=sms'));
  const effects = [...html.matchAll(/<small class="effect" lang="en" dir="ltr">(.*?)<\/small>/g)].map((m) => m[1]);
  assert.equal(effects, [
    'opens <bdi>https://track.example.com/PX-999?ref=sms</bdi> in the browser',
    'adds “<bdi>Store opening</bdi>”, 2030-05-04 08:00 UTC to 2030-05-04 16:00 UTC, to the calendar, described “<bdi>Free plants &amp; coffee</bdi>”',
  ]);
  assert.ok(html.includes('title="opens \u2068https://track.example.com/PX-999?ref=sms\u2069 in the browser"'), 'the tooltip too');
  const before = fromFile(readTemplateValue(RCS_LINKS('https://track.example.com/PX-441')), 'c', 'x');
  const after = fromFile(readTemplateValue(RCS_LINKS('https://track.example.com/PX-999?ref=sms')), 'c', 'x');
  const paths = ['message.suggestions[0].postbackData'];
  const b = renderRcs(before, { paths, side: 'before', other: after }), a = renderRcs(after, { paths, side: 'after', other: before });
  assert.match(b, /class="chip changed"[^>]*>.*?opens <bdi>https:\/\/track\.example\.com\/PX-441<\/bdi>/);
  assert.match(a, /class="chip changed"[^>]*>.*?opens <bdi>https:\/\/track\.example\.com\/PX-999\?ref=sms<\/bdi>/);
});

test('the preview draws its own icons as SVG: no emoji or pictograph of the page\'s own, on any sample template (a machine without an emoji font drew boxes)', () => {
  const root = path.join(ROOT, 'templates');
  const files = readdirSync(root, { recursive: true }).map(String).filter((f) => f.endsWith('.yaml'));
  assert.ok(files.length >= 10, files.join());
  // the page's own texts: the template's (its samples, labels, texts) are the author's, and removed first
  const theirs = (v: unknown): string[] => typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(theirs) : v && typeof v === 'object' ? Object.values(v).flatMap(theirs) : [];
  let icons = 0;
  for (const f of files) {
    const yaml = readFileSync(path.join(root, f), 'utf8');
    let html = pageOf(yaml);
    for (const t of theirs(readTemplateValue(yaml)).sort((a, b) => b.length - a.length)) if (t.length > 0) html = html.split(esc(t)).join('').split(t).join('');
    assert.not.match(html, /\p{Extended_Pictographic}/u, `${f}: ${html.match(/.{0,60}\p{Extended_Pictographic}.{0,20}/u)?.[0]}`);
    icons += (html.match(/<svg class="i/g) ?? []).length;
  }
  assert.ok(icons > files.length, `${icons} icons`);
});

// trial-bc F4: a URL button's placeholder without a sample was plain `{{1}}` under the button, while the body marks its own
// "no sample"; a filled sample was drawn without the highlight the body gives the part that varies
test('a URL button\'s target marks its placeholder as the body marks one: "no sample" without a sample, the sample highlighted with one', () => {
  const file = (button: string): string => `channel: shop-whatsapp
name: url_nosample
language: en_US
category: UTILITY
body:
  text: "Your appointment on {{1}} is confirmed; tap below to manage it."
  examples: { 1: "5 May" }
buttons:
  - { type: URL, text: Manage, url: "https://clinic.example.com/a/{{1}}"${button} }
`;
  const target = (html: string): string => /<small class="target" data-testid="button-target"[^>]*>(.*?)<\/small>/.exec(html)![1]!;
  assert.is(target(pageOf(file(''))), 'opens <bdi>https://clinic.example.com/a/<mark class="missing" title="no sample" dir="ltr">{{1}}</mark></bdi>');
  // an empty sample is none, as in a text
  assert.is(target(pageOf(file(', example: ""'))), 'opens <bdi>https://clinic.example.com/a/<mark class="missing" title="no sample" dir="ltr">{{1}}</mark></bdi>');
  // a sample: the part it fills highlighted, its placeholder in the tooltip (a value alone or the whole URL alike)
  assert.is(target(pageOf(file(', example: "https://clinic.example.com/a/AP-77"'))), 'opens <bdi>https://clinic.example.com/a/<mark title="{{1}}">AP-77</mark></bdi>');
  assert.is(target(pageOf(file(', example: "AP-77"'))), 'opens <bdi>https://clinic.example.com/a/<mark title="{{1}}">AP-77</mark></bdi>');
  // the button's tooltip is the address as it opens; a URL without a placeholder is drawn as it is
  assert.match(pageOf(file(', example: "AP-77"')), /data-type="URL"[^>]* title="https:\/\/clinic\.example\.com\/a\/AP-77"/);
  assert.is(target(pageOf(file('').replace('/a/{{1}}', '/a/'))), 'opens <bdi>https://clinic.example.com/a/</bdi>');
  // the style that writes "(no sample)" in the text drawn applies under the button too
  assert.match(pageOf(file('')), /mark\.missing::after\{content:" \(no sample\)"/);
});

test.run();
