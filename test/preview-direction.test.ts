// The preview's language and direction (in-process, no browser): the template's language gives
// the BCP 47 `lang` and `dir="rtl"` for right-to-left languages and scripts, on the elements that
// hold the message (never on the English page around it); each paragraph of a text (a line of the
// body, the header, the footer, a button's label, an RCS text, a card's texts, a chip's label, the
// SMS fallback) in its own direction, its first strong letter's or mark's (dir="auto"), the
// language's when it has none; samples laid out with the text around them;
// alt texts are the text with its samples; a media that cannot load has a drawn placeholder; the
// before/after word diff marks whole words of the language (Intl.Segmenter), never parts of one.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { directionOf, langAttrs, langTag, paragraphs } from '../src/preview/direction.ts';
import { renderIndex, renderTemplatePage } from '../src/preview/html.ts';
import { wordDiff, withSamples } from '../src/preview/markup.ts';
import { renderChangesSite } from '../src/preview/changes.ts';
import { diffTemplates, fromFile } from '../src/model/canonical.ts';
import type { Loose } from '../src/model/loose.ts';

test('language codes become BCP 47 tags; right-to-left by language, or by script when the tag names one', () => {
  assert.is(langTag('en_US'), 'en-US');
  assert.is(langTag('pt_BR'), 'pt-BR');
  assert.is(langTag('zh_CN'), 'zh-CN');
  assert.is(langTag('not a tag'), undefined);
  assert.is(langTag(''), undefined);
  for (const rtl of ['ar', 'ar_EG', 'he', 'iw', 'fa', 'ur', 'ps', 'sd', 'yi', 'ckb', 'ug', 'dv', 'az_Arab', 'pa-Arab']) assert.is(directionOf(rtl), 'rtl', rtl);
  for (const ltr of ['en_US', 'ja', 'hi', 'de', 'ru', 'zh_CN', 'ku_Latn', 'tr', 'sw', 'bn', 'th', 'garbage here', undefined]) assert.is(directionOf(ltr), 'ltr', String(ltr));
  assert.is(langAttrs('ar_EG'), ' lang="ar-EG" dir="rtl"');
  assert.is(langAttrs('hi'), ' lang="hi" dir="ltr"');
  assert.is(langAttrs('%%'), ' dir="auto"', 'a language that is no tag: the text decides');
});

test('directionOf and langAttrs never throw and always answer one of the two directions (any string)', () => {
  fc.assert(fc.property(fc.string({ maxLength: 24 }), (s) => {
    const d = directionOf(s);
    const attrs = langAttrs(s);
    return (d === 'rtl' || d === 'ltr') && !/[<>"]/.test(attrs.replace(/"[^"]*"/g, ''));
  }));
});

const file = (language: string, body: string, examples: Record<string, string>, extra: Loose = {}): Loose => ({
  channel: 'shop-whatsapp', name: 'order_update', language, category: 'UTILITY', body: { text: body, examples }, ...extra,
});
const page = (v: Loose) => renderTemplatePage({ key: `shop-whatsapp/${String(v.name)}/${String(v.language)}`, file: 'x.yaml', template: fromFile(v, 'c', ''), diagnostics: [], href: 'x.html' });

test('an Arabic template: rtl and lang on the message, the page stays English, samples marked, not isolated (the phone lays the filled text out as one string)', () => {
  const html = page(file('ar', 'طلبك {{order}} بمبلغ {{amount}}.', { order: 'A-1042', amount: '250 SAR' }));
  assert.match(html, /<html lang="en" dir="ltr">/, 'the page around the message is English');
  assert.match(html, /<div class="phone" lang="ar" dir="rtl">/);
  assert.match(html, /<mark title="\{\{order\}\}">A-1042<\/mark>/);
  assert.match(html, /<main>/);
  assert.match(html, /<h1>shop-whatsapp\/order_update\/ar<\/h1>/);
  const ja = page(file('ja', '{{name}}様、ご注文を発送しました。', { name: '田中' }));
  assert.match(ja, /<div class="phone" lang="ja" dir="ltr">/);
});

test('a sample is marked, not isolated: a Latin brand and its sample in an Arabic sentence read as the filled text does', () => {
  // isolated (dir="auto"), "5G Max" moved to the other side of "TelcoNet" in a right-to-left line
  const html = withSamples('باقة TelcoNet {{plan}} متاحة الآن', { plan: '5G Max' });
  assert.is(html, 'باقة TelcoNet <mark title="{{plan}}">5G Max</mark> متاحة الآن');
});

test('a sample missing: the placeholder is shown left to right, marked', () => {
  assert.match(withSamples('مرحبا {{name}}', {}), /<mark class="missing" title="no sample" dir="ltr">\{\{name\}\}<\/mark>/);
});

// trial-bc F6: the alt of a card's media repeated its title (read twice, the title just under it), a WhatsApp header's was
// the fixed "Header image"; what the preview knows of a media file is its kind and its name
test('images: alt texts say the media\'s kind and file, in English, never a placeholder; a drawn placeholder under every image and video', () => {
  const v = {
    channel: 'shop-rcs', name: 'cards', language: 'he',
    message: {
      type: 'rich_card', examples: { city: 'חיפה' }, rcsRichCardsOpts: { type: 'CAROUSEL', cardWidth: 'SMALL', mediaHeight: 'SHORT' },
      richCards: [
        { title: 'חנות חדשה ב{{city}}', fileUrl: 'https://cdn.example.com/a/store.png', suggestions: [{ action: 'reply', text: 'כן', postbackData: 'yes' }] },
        { description: 'סרטון', fileUrl: 'https://cdn.example.com/a/clip.mp4', thumbnailUrl: 'https://cdn.example.com/a/clip.jpg' },
      ],
    },
  };
  const html = renderTemplatePage({ key: 'k', file: 'x.yaml', template: fromFile(v, 'c', ''), diagnostics: [], href: 'x.html' });
  assert.match(html, /<img src="https:\/\/cdn\.example\.com\/a\/store\.png" alt="Card 1 image: store\.png" lang="en"/);
  assert.not.match(html, /alt="[^"]*(\{\{|חנות)/, 'neither a placeholder nor the title');
  // the placeholder an image of the same name, hidden from a screen reader while the image stands over it
  assert.match(html, /<span class="ph" role="img" aria-label="Card 1 image: store\.png" lang="en" aria-hidden="true"><span class="ph-icon"><svg class="i" data-icon="image"[^>]*>.*?<\/svg><\/span><span class="ph-name">store\.png<\/span><\/span><img/);
  assert.match(html, /<span class="ph-name">clip\.mp4<\/span><\/span><video[^>]* aria-label="Card 2 video: clip\.mp4" lang="en"/);
  assert.match(html, /<div class="rcs-phone" lang="he" dir="rtl">/);
  assert.match(html, /class="cards carousel" tabindex="0" role="region" aria-label="Carousel, 2 cards"/);
  // a standalone card's media has no number
  const one = renderTemplatePage({ key: 'k', file: 'x.yaml', template: fromFile({ ...v, message: { ...v.message, rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'SHORT' }, richCards: [v.message.richCards[0]] } }, 'c', ''), diagnostics: [], href: 'x.html' });
  assert.match(one, /alt="Card image: store\.png"/);
  const wa = page(file('en_US', 'New arrivals', {}, { carousel: [
    { header: { format: 'IMAGE', example: 'https://cdn.example.com/p/linen.png' }, body: { text: 'Linen shirt, now {{1}}.', examples: { 1: '€39' } }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] },
    { header: { format: 'IMAGE', example: 'https://cdn.example.com/p/chino.png' }, body: { text: 'Chinos, now {{1}}.', examples: { 1: '€49' } }, buttons: [{ type: 'QUICK_REPLY', text: 'More' }] },
  ] }));
  assert.match(wa, /alt="Card 1 image: linen\.png"/);
  assert.match(wa, /alt="Card 2 image: chino\.png"/);
  assert.match(wa, /class="wa-carousel" data-testid="carousel" tabindex="0" role="region" aria-label="Carousel, 2 cards"/);
  // a WhatsApp header image: its kind and its sample's file; with no sample, the placeholder alone, announced
  assert.match(page(file('ar', 'مرحبا', {}, { header: { format: 'IMAGE', example: 'https://cdn.example.com/sale.png?v=2' } })), /<img src="https:\/\/cdn\.example\.com\/sale\.png\?v=2" alt="Header image: sale\.png" lang="en" onerror="this\.hidden=true;this\.previousElementSibling\.removeAttribute\('aria-hidden'\);/);
  const none = page(file('en_US', 'Hi', {}, { header: { format: 'IMAGE' } }));
  assert.match(none, /<span class="ph" role="img" aria-label="Header image, no sample" lang="en"><span class="ph-icon">/);
  assert.not.match(none, /<img /);
});

test('the index and the changes pages have a <main> and an <h1>; the index body cell carries its language', () => {
  const v = file('fa', 'سفارش {{order}} ارسال شد.', { order: 'A-1' });
  const index = renderIndex([{ key: 'k', file: 'x.yaml', template: fromFile(v, 'c', ''), diagnostics: [], href: 'x.html' }]);
  assert.match(index, /<h1>tplsync preview<\/h1>/);
  assert.match(index, /<main class="list">/);
  assert.match(index, /<td role="cell" lang="fa" dir="auto">سفارش A-1 ارسال شد\.<\/td>/);
  const desired = fromFile(file('ar', 'طلبك وصل إلى المتجر', {}), 'c', '');
  const remote = fromFile(file('ar', 'طلبك في الطريق إلى المتجر', {}), 'c', '');
  const site = renderChangesSite({
    version: 1, summary: { create: 0, update: 1, noop: 0, orphan: 0 },
    changes: [{ channel: 'shop-whatsapp', name: 'order_update', language: 'ar', publicId: 'p', channelId: 'c', action: 'update', changes: diffTemplates(desired.canonical, remote.canonical), remoteFingerprint: 'x', desired, remote }],
  }, { environment: 'local' });
  const [name, html] = [...site.pages].find(([n]) => n !== 'index.html')!;
  assert.ok(name);
  assert.match(site.pages.get('index.html')!, /<main class="list">/);
  assert.match(html, /<main class="changes">/);
  assert.match(html, /<h1>update shop-whatsapp\/order_update\/ar<\/h1>/);
  assert.match(html, /<div class="phone" lang="ar" dir="rtl">/);
  assert.match(html, /طلبك <ins>وصل<\/ins> إلى المتجر/, 'the Arabic word is marked whole');
  assert.match(html, /طلبك <del>في الطريق<\/del> إلى المتجر/);
});

/** the lines of the element that starts with `open`: [dir, text without tags] */
const linesOf = (html: string, open: string): [string, string][] => {
  const from = html.indexOf(open);
  assert.ok(from >= 0, `no ${open} in the page`);
  const lines: [string, string][] = [];
  let depth = 0;
  let at = from;
  // the element's own content: up to its closing tag (divs counted)
  for (const m of html.slice(from).matchAll(/<(\/?)div\b[^>]*>/g)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) { at = from + m.index; break; }
  }
  for (const m of html.slice(from, at).matchAll(/<div class="line" dir="(auto|rtl|ltr)">([\s\S]*?)<\/div>/g)) lines.push([m[1]!, m[2]!.replace(/<[^>]*>/g, '')]);
  return lines;
};

test('each line of an Arabic template is a paragraph in its own direction: a Latin first word, a leading LRM decide it; a line with no letter is right to left, as the language', () => {
  const html = page(file('ar', 'iStyle: تم شحن طلبك يا {{1}} اليوم.\nOrder {{2}} - رقم التتبع أدناه.\n12:30 🌙\n\u200eشكراً لتسوقك معنا', { 1: 'خالد', 2: 'A-1042' }, {
    header: { format: 'TEXT', text: 'Noon: طلبك' }, footer: 'Powered by Noon', buttons: [{ type: 'QUICK_REPLY', text: 'Track order' }, { type: 'QUICK_REPLY', text: 'تتبع الطلب' }, { type: 'QUICK_REPLY', text: '123' }],
  }));
  assert.equal(linesOf(html, '<div class="wa-body'), [
    ['auto', 'iStyle: تم شحن طلبك يا خالد اليوم.'],
    ['auto', 'Order A-1042 - رقم التتبع أدناه.'],
    ['rtl', '12:30 🌙'],
    ['auto', '\u200eشكراً لتسوقك معنا'],
  ]);
  assert.equal(linesOf(html, '<div class="wa-header'), [['auto', 'Noon: طلبك']]);
  assert.equal(linesOf(html, '<div class="wa-footer'), [['auto', 'Powered by Noon']]);
  assert.match(html, /<div class="wa-button" data-path="buttons\[0\]" data-type="QUICK_REPLY" dir="auto"><span class="icon"><svg class="i dir" data-icon="reply"[^>]*>.*?<\/svg><\/span> Track order<\/div>/);
  assert.match(html, /<div class="wa-button" data-path="buttons\[1\]" data-type="QUICK_REPLY" dir="auto">/);
  assert.match(html, /<div class="wa-button" data-path="buttons\[2\]" data-type="QUICK_REPLY" dir="rtl">/, 'a label with no letter: the language\'s direction');
});

test('an English template: a line that starts with Arabic or Hebrew, or with an RLM, is its own paragraph (dir="auto"); one with no letter is left to right', () => {
  const html = page(file('en_US', 'مرحبا! Hello {{1}}, your order has shipped.\n\u200fYour order is on its way.\n\n-- 10% --', { 1: 'Khalid' }));
  assert.equal(linesOf(html, '<div class="wa-body'), [
    ['auto', 'مرحبا! Hello Khalid, your order has shipped.'],
    ['auto', '\u200fYour order is on its way.'],
    ['ltr', ''],
    ['ltr', '-- 10% --'],
  ]);
});

test('paragraphs: an inline element a line break falls in is closed and opened again; an empty line keeps its height; a missing sample or a <bdi> does not decide the direction', () => {
  assert.is(paragraphs('<code>a<br>ب</code>', 'ar'), '<div class="line" dir="auto"><code>a</code></div><div class="line" dir="auto"><code>ب</code></div>');
  assert.is(paragraphs('x<br><br>y', 'en'), '<div class="line" dir="auto">x</div><div class="line" dir="ltr"><br></div><div class="line" dir="auto">y</div>');
  assert.is(paragraphs('<mark class="missing" title="no sample" dir="ltr">{{name}}</mark> 12', 'he'), '<div class="line" dir="rtl"><mark class="missing" title="no sample" dir="ltr">{{name}}</mark> 12</div>');
  assert.is(paragraphs('<bdi>Shop</bdi> &amp; 12', 'ar'), '<div class="line" dir="rtl"><bdi>Shop</bdi> &amp; 12</div>');
  assert.is(paragraphs('<ins>a\nb</ins>', 'en'), '<div class="line" dir="auto"><ins>a</ins></div><div class="line" dir="auto"><ins>b</ins></div>');
});

test('RCS: the message text, a card\'s title and description, each chip\'s label and the SMS fallback laid out line by line in their own direction', () => {
  const v = {
    channel: 'shop-rcs', name: 'card_mixed', language: 'ar',
    message: {
      type: 'rich_card', rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'SHORT' },
      richCards: [{ title: 'Noon Mall: افتتاح فرع جديد', description: 'تعال وزرنا\nOpening hours 10:00–22:00', fileUrl: 'https://cdn.example.com/a/store.png',
        suggestions: [{ action: 'reply', text: 'Yes please', postbackData: 'yes' }, { action: 'reply', text: 'نعم', postbackData: 'نعم' }, { action: 'reply', text: '١٠', postbackData: '10' }] }],
      fallback: { text: 'Noon Mall: افتتاح فرع جديد\n🌙 ١٠:٠٠' },
    },
  };
  const html = renderTemplatePage({ key: 'k', file: 'x.yaml', template: fromFile(v, 'c', ''), diagnostics: [], href: 'x.html' });
  assert.equal(linesOf(html, '<div class="card-title'), [['auto', 'Noon Mall: افتتاح فرع جديد']]);
  assert.equal(linesOf(html, '<div class="card-description'), [['auto', 'تعال وزرنا'], ['auto', 'Opening hours 10:00–22:00']]);
  assert.equal(linesOf(html, '<div class="sms'), [['auto', 'Noon Mall: افتتاح فرع جديد'], ['rtl', '🌙 ١٠:٠٠']]);
  assert.equal([...html.matchAll(/<span class="label" dir="(\w+)">/g)].map((m) => m[1]), ['auto', 'auto', 'rtl']);
  const text = renderTemplatePage({ key: 'k', file: 'x.yaml', template: fromFile({ channel: 'shop-rcs', name: 't', language: 'he', message: { type: 'text', message: 'Sale! מבצע היום\nמבצע' } }, 'c', ''), diagnostics: [], href: 'x.html' });
  assert.equal(linesOf(text, '<div class="bubble rcs-text'), [['auto', 'Sale! מבצע היום'], ['auto', 'מבצע']]);
});

const wordsOf = (text: string, lang: string): string[] => [...new Intl.Segmenter(lang, { granularity: 'word' }).segment(text)].filter((x) => x.isWordLike).map((x) => x.segment);
const unescape = (h: string) => h.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
const spaces = (t: string) => t.replace(/\s+/g, ' ').trim();

test('word diff: the marked parts of either side are whole words of the language, and the side reads as written', () => {
  const pools: Record<string, string[]> = {
    ar: ['طلبك', 'في', 'الطريق', 'وصل', 'إلى', 'المتجر', 'شكرا', 'لك'],
    hi: ['आपका', 'ऑर्डर', 'भेज', 'दिया', 'गया', 'है', 'नमस्ते', 'कल'],
    he: ['ההזמנה', 'שלך', 'נשלחה', 'היום', 'תודה', 'רבה'],
    en: ['your', 'order', 'has', 'shipped', 'today', 'thanks'],
  };
  const arb = fc.constantFrom(...Object.keys(pools)).chain((lang) => fc.tuple(
    fc.constant(lang),
    fc.array(fc.constantFrom(...pools[lang]!), { minLength: 1, maxLength: 8 }).map((w) => w.join(' ')),
    fc.array(fc.constantFrom(...pools[lang]!), { minLength: 1, maxLength: 8 }).map((w) => w.join(' ')),
  ));
  fc.assert(fc.property(arb, ([lang, before, after]) => {
    for (const [side, mine, theirs] of [['after', after, before], ['before', before, after]] as const) {
      const html = wordDiff(mine, theirs, side, lang);
      const tag = side === 'after' ? 'ins' : 'del';
      // the side reads as written, every space of it (the before side was drawn from the diff's removed parts, which
      // could lose a space: `has shippedand`)
      if (unescape(html.replace(/<\/?(ins|del)>/g, '')) !== mine) return false;
      // every marked part is whole words of the language: no part of a word is marked alone
      const words = new Set(wordsOf(mine, lang));
      for (const m of html.matchAll(new RegExp(`<${tag}>(.*?)</${tag}>`, 'g'))) {
        const marked = wordsOf(unescape(m[1]!), lang);
        if (!marked.length || marked.some((w) => !words.has(w))) return false;
      }
    }
    return true;
  }), { numRuns: 200 });
});

// verify: an edit that only adds or removes WhatsApp's marks (`shipped` made `*shipped*`) showed no change on either side
// of the changes page (the added marks were drawn as bold, their <ins> left empty), and the before side lost the space
// after the word (`has shippedand`)
test('word diff: each side keeps every space of its text, and a change of the formatting alone is marked on the run it formats', () => {
  const boldChanged = '<b class="format-changed" title="bold: formatting changed">';
  const pieces = ['order', 'has', 'shipped', '*shipped*', '_today_', 'today', '~old~', '```A-1```', 'A-1', ',', '!'];
  const arb = fc.tuple(
    fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 7 }), fc.array(fc.constantFrom(' ', '  ', '\n'), { minLength: 7, maxLength: 7 }),
    fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 7 }), fc.array(fc.constantFrom(' ', '  ', '\n'), { minLength: 7, maxLength: 7 }),
  ).map(([a, sa, b, sb]) => [a.map((w, i) => (i ? sa[i]! : '') + w).join(''), b.map((w, i) => (i ? sb[i]! : '') + w).join('')] as const);
  fc.assert(fc.property(arb, ([before, after]) => {
    for (const [side, mine, theirs] of [['after', after, before], ['before', before, after]] as const) {
      if (unescape(wordDiff(mine, theirs, side, 'en', false).replace(/<\/?(ins|del)>/g, '')) !== mine) return false;
    }
    return true;
  }), { numRuns: 300 });
  const before = 'Your order has shipped and arrives today.', after = 'Your order has *shipped* and arrives today.';
  const drawn = wordDiff(after, before, 'after', 'en');
  // (the space after it unmarked: it was there before; verify-16 NEW-2 saw it marked as inserted)
  assert.is(drawn, `Your order has ${boldChanged}shipped</b> and arrives today.`);
  assert.not.match(drawn, /<(ins|del)><\/\1>/, 'no empty change is left where the marks were');
  assert.is(wordDiff(before, after, 'before', 'en'), before, 'the before side has no marks, and every space');
  // taken away: marked on the before side, where the run was
  assert.is(wordDiff(after, before, 'before', 'en'), `Your order has ${boldChanged}shipped</b> and arrives today.`);
  // each kind of mark (italic too: `_summer_` was one word to the segmenter, drawn as the word deleted and inserted)
  assert.match(wordDiff('Use code ```A-1``` or ~old~ today', 'Use code A-1 or old today', 'after', 'en'), /<code class="format-changed" title="monospace: formatting changed">A-1<\/code>.*<s class="format-changed" title="strikethrough: formatting changed">old<\/s>/);
  assert.is(wordDiff('Our _summer_ sale starts', 'Our summer sale starts', 'after', 'en'), 'Our <i class="format-changed" title="italic: formatting changed">summer</i> sale starts');
  assert.is(wordDiff('Our _summer_ sale starts', 'Our summer sale starts', 'before', 'en'), 'Our <i class="format-changed" title="italic: formatting changed">summer</i> sale starts');
  assert.is(wordDiff('Our summer sale starts', 'Our _summer_ sale starts', 'before', 'en'), 'Our summer sale starts');
  // a word added in bold is the word's change, not a change of formatting
  assert.is(wordDiff('Your order has *really* shipped.', 'Your order has shipped.', 'after', 'en'), 'Your order has <ins><b>really</b> </ins>shipped.');
});

// verify-18 NEW-D: a space added beside a change of formatting (`*new* arrivals ... this  week`) was drawn and not marked
// (the words are compared, their spaces not); and a part added where a space was (`week! and` for `week and`) took that
// space into the insertion
test('word diff: a run of spaces changed beside another change is marked; a space that was there stays unmarked', () => {
  const before = 'Hello {{1}}, new arrivals are in store this week and online now.';
  const after = 'Hello {{1}}, *new* arrivals are in store this  week and online now.';
  const drawn = wordDiff(after, before, 'after', 'en');
  // (the space that was there kept, the one added marked: preview.md)
  assert.match(drawn, /this <ins> <\/ins>week/);
  assert.match(drawn, /<b class="format-changed"[^>]*>new<\/b> arrivals/);
  assert.is(wordDiff(before, after, 'before', 'en'), 'Hello {{1}}, new arrivals are in store this week and online now.', 'the space that stays is not drawn deleted');
  assert.is(wordDiff('Sale ends this week! and online', 'Sale ends this week and online', 'after', 'en'), 'Sale ends this week<ins>!</ins> and online');
  // a space that is new is marked with what was added
  assert.is(wordDiff('Your order has *really* shipped.', 'Your order has shipped.', 'after', 'en'), 'Your order has <ins><b>really</b> </ins>shipped.');
  assert.is(wordDiff('one   two three four', 'one two three', 'after', 'en'), 'one <ins>  </ins>two three <ins>four</ins>');
  // every space of each side drawn, whatever is marked (seeded)
  const words = ['order', '*order*', 'has', 'shipped', '_today_', 'today', '!', ','];
  const arb = fc.tuple(
    fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), fc.array(fc.constantFrom(' ', '  ', '\n', ''), { minLength: 6, maxLength: 6 }),
    fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 6 }), fc.array(fc.constantFrom(' ', '  ', '\n', ''), { minLength: 6, maxLength: 6 }),
  ).map(([a, sa, b, sb]) => [a.map((w, i) => (i ? sa[i]! : '') + w).join(''), b.map((w, i) => (i ? sb[i]! : '') + w).join('')] as const);
  fc.assert(fc.property(arb, ([x, y]) => {
    for (const [side, mine, theirs] of [['after', x, y], ['before', y, x]] as const) {
      if (unescape(wordDiff(mine, theirs, side, 'en', false).replace(/<\/?(ins|del)>/g, '')) !== mine) return false;
    }
    return true;
  }), { numRuns: 300 });
});

// trial-ao F12: a URL in a WhatsApp body was drawn as plain text, where the app draws a tappable link
test('WhatsApp links: a URL in the body is drawn as a link, without the sentence\'s full stop; a span, never an <a> or an isolate', () => {
  const html = page(file('en_US', 'Your order {{order}} is on its way: see https://shop.example.com/track/{{order}}. Questions? Reply here.', { order: 'A-1042' }));
  const body = /<div class="wa-body[^]*?<\/div><\/div>/.exec(html)![0];
  assert.match(body, /see <span class="wa-link" data-link="url" title="WhatsApp opens https:\/\/shop\.example\.com\/track\/A-1042">https:\/\/shop\.example\.com\/track\/<mark title="\{\{order\}\}">A-1042<\/mark><\/span>\. Questions\?/);
  assert.not.match(html, /<a [^>]*href="https:\/\/shop/, 'no link into the preview\'s own window');
  assert.not.match(body, /<bdi|wa-link[^>]*dir=/, 'the link is no isolate: the line is laid out as the phone lays it out');
  // a placeholder without a sample stays a placeholder inside the link
  const missing = withSamples('Track: https://shop.example.com/t/{{1}}, thanks', {});
  assert.is(missing, 'Track: <span class="wa-link" data-link="url" title="WhatsApp opens https://shop.example.com/t/{{1}}">https://shop.example.com/t/<mark class="missing" title="no sample" dir="ltr">{{1}}</mark></span>, thanks');
  // brackets: a closing one the URL opened is the URL's, one it did not open is the sentence's; marks around a URL format it
  assert.is(withSamples('(see https://en.example.org/wiki/A_(b)) and *https://x.example.com/b*!', {}),
    '(see <span class="wa-link" data-link="url" title="WhatsApp opens https://en.example.org/wiki/A_(b)">https://en.example.org/wiki/A_(b)</span>) and <b><span class="wa-link" data-link="url" title="WhatsApp opens https://x.example.com/b">https://x.example.com/b</span></b>!');
  // www. without a scheme; an address; a number in international form
  assert.match(withSamples('www.shop.example.com/deals', {}), /^<span class="wa-link" data-link="url"[^>]*>www\.shop\.example\.com\/deals<\/span>$/);
  assert.match(withSamples('Write to help@shop.example.com or call +49 30 1234567.', {}), /<span class="wa-link" data-link="email"[^>]*>help@shop\.example\.com<\/span> or call <span class="wa-link" data-link="phone"[^>]*>\+49 30 1234567<\/span>\.$/);
  // not links: an IP address (Meta: "IP addresses are not matched"), a host without a scheme, a national number, javascript:
  for (const plain of ['http://192.168.0.1/admin', 'shop.example.com/deals', 'call 030 1234567', 'javascript:alert(1)', 'order #A-1042.x', 'https://localhost/x']) assert.not.match(withSamples(plain, {}), /wa-link/, plain);
  // trial-bj F3: a scheme or www. after a hyphen starts a link (Hebrew writes a prefix letter and a hyphen before a Latin
  // word: ב-https://...), as after any character that is no part of a word; after a letter, a digit or an @ it does not
  for (const [text, url] of [['אפשר לעקוב ב-https://shop.example.com/t היום', 'https://shop.example.com/t'], ['או ב-www.example.com היום', 'www.example.com'], ['Or via-https://shop.example.com/v today', 'https://shop.example.com/v']] as const) {
    assert.match(withSamples(text, {}), new RegExp(`<span class="wa-link" data-link="url"[^>]*>${url.replace(/[./]/g, '\\$&')}</span>`), text);
  }
  for (const plain of ['בhttps://shop.example.com/t', 'viahttps://shop.example.com/v', '2https://shop.example.com/v', 'me@https://shop.example.com/v']) assert.not.match(withSamples(plain, {}), /data-link="url"/, plain);
});

test('WhatsApp links: a URL-looking sample is a link only where WhatsApp would link the text it receives', () => {
  // the phone gets the filled text: a sample with a scheme is a URL there, a bare host is not
  assert.is(withSamples('Shop at {{1}} today', { 1: 'shop.example.com/deals' }), 'Shop at <mark title="{{1}}">shop.example.com/deals</mark> today');
  assert.is(withSamples('Shop at {{1}} today', { 1: 'https://shop.example.com/deals' }), 'Shop at <span class="wa-link" data-link="url" title="WhatsApp opens https://shop.example.com/deals"><mark title="{{1}}">https://shop.example.com/deals</mark></span> today');
  // a placeholder's name or raw form in an attribute is never searched
  assert.not.match(withSamples('Hi {{name}}', { name: 'Ana' }), /wa-link/);
  // the header and the footer show their text as written (no formatting there, nor links: drawn as the app draws them)
  const html = page(file('en_US', 'Body without a link.', {}, { header: { format: 'TEXT', text: 'Visit https://shop.example.com' }, footer: 'https://shop.example.com/stop' }));
  assert.not.match(html, /class="wa-link"/);
  assert.match(html, /Visit https:\/\/shop\.example\.com<\/div>/);
});

test('WhatsApp links: the text is escaped first, the link drawn over it; nothing in a body opens or runs anything', () => {
  const html = page(file('en_US', '<script>alert(1)</script> see "https://x.example.com/?q=1&a=<b>" and <img src=x onerror=alert(1)> \'https://x.example.com/it\'s\'', {}));
  const body = /<div class="wa-body[^]*?<\/div><\/div>/.exec(html)![0];
  assert.not.match(html, /<script>alert|<img src=x|<b>"/);
  assert.match(body, /&lt;script&gt;alert\(1\)&lt;\/script&gt; see &quot;<span class="wa-link" data-link="url" title="WhatsApp opens https:\/\/x\.example\.com\/\?q=1&#38;a=">https:\/\/x\.example\.com\/\?q=1&amp;a=<\/span>&lt;b&gt;&quot;/);
  assert.match(body, /&#39;<span class="wa-link" data-link="url" title="WhatsApp opens https:\/\/x\.example\.com\/it&#39;s">https:\/\/x\.example\.com\/it&#39;s<\/span>&#39;/);
  // every attribute value of the link is quoted and holds no quote of its own
  for (const m of body.matchAll(/<span class="wa-link"[^>]*>/g)) assert.match(m[0], /^<span class="wa-link" data-link="url" title="[^"<>]*">$/);
});

test('WhatsApp links: an Arabic line that starts with a URL stays a left-to-right paragraph, one that starts with Arabic a right-to-left one', () => {
  const html = page(file('ar', 'https://shop.example.com/ar هو متجرنا\nزوروا https://shop.example.com/ar الآن', {}));
  const lines = [...html.matchAll(/<div class="line" dir="([a-z]+)">(.*?)<\/div>/g)].map((m) => ({ dir: m[1], html: m[2]! }));
  assert.is(lines.length, 2);
  // dir="auto": the browser reads the first letter, the URL's h (no <bdi> to skip it), as the phone does
  assert.equal(lines.map((l) => l.dir), ['auto', 'auto']);
  for (const l of lines) assert.match(l.html, /<span class="wa-link" data-link="url" title="[^"]*">https:\/\/shop\.example\.com\/ar<\/span>/);
});

test('RCS: the message\'s chips are one row that scrolls sideways and takes the keyboard; a card\'s chips stay in the card', () => {
  const v: Loose = { channel: 'shop-rcs', name: 'store', language: 'en_US', message: {
    type: 'rich_card', richCards: [{ title: 'Store', description: 'Open today', suggestions: [{ action: 'reply', text: 'Hours', postbackData: 'hours' }, { action: 'reply', text: 'Map', postbackData: 'map' }] }],
    rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL' },
    suggestions: [{ action: 'reply', text: 'Yes', postbackData: 'y' }, { action: 'reply', text: 'No', postbackData: 'n' }, { action: 'reply', text: 'Later', postbackData: 'l' }] } };
  const html = renderTemplatePage({ key: 'shop-rcs/store/en_US', file: 'x.yaml', template: fromFile(v, 'c', ''), diagnostics: [], href: 'x.html' });
  assert.match(html, /<div class="suggestions" data-path="message.suggestions"><div class="chips row" tabindex="0" role="region" aria-label="Suggestions, 3 chips" data-testid="chip-row">/);
  const card = /<div class="card"[^]*?<\/div><\/div><\/div>/.exec(html)![0];
  assert.match(card, /<div class="chips"><span class="chip"/);
  assert.not.match(card, /chips row/);
  assert.match(html, /\.chips\.row\{flex-wrap:nowrap;overflow-x:auto/);
});

// trial-bc F7: with a change of formatting elsewhere in the body (`*on its way*` made `*_on its way_*`), one space made two
// (`Thanks  for`) was drawn as the old space deleted on the "now" side and both spaces added on the "after" side, where
// preview.md says a space that was there is never drawn as added (as the same edit alone was drawn: `Thanks <ins> </ins>for`)
test('word diff: one space made two beside a change of formatting marks the added space alone, and nothing on the side before', () => {
  const before = 'Hi Ana, your order is *on its way*! It is here.\nThanks for shopping with us today.';
  const after = 'Hi Ana, your order is *_on its way_*! It is here.\nThanks  for shopping with us today.';
  const drawnAfter = wordDiff(after, before, 'after', 'en');
  assert.match(drawnAfter, /<br>Thanks <ins> <\/ins>for shopping/);
  assert.match(drawnAfter, /<i class="format-changed"[^>]*>on its way<\/i>/);
  assert.is(wordDiff(before, after, 'before', 'en'), 'Hi Ana, your order is <b>on its way</b>! It is here.<br>Thanks for shopping with us today.');
  // the same as the edit of the spaces alone draws it
  assert.match(wordDiff('Thanks  for shopping', 'Thanks for shopping', 'after', 'en'), /^Thanks <ins> <\/ins>for shopping$/);
  // the trial's before/after page (a placeholder with its sample in the body): the "now" side draws no space deleted
  const text = (t: string): Loose => file('en_US', t, { 1: 'Ana' });
  const desired = fromFile(text('Hi {{1}}, your order is *_on its way_*! It is here.\nThanks  for shopping with us today.'), 'c', '');
  const remote = fromFile(text('Hi {{1}}, your order is *on its way*! It is here.\nThanks for shopping with us today.'), 'c', '');
  const site = renderChangesSite({
    version: 1, summary: { create: 0, update: 1, noop: 0, orphan: 0 },
    changes: [{ channel: 'shop-whatsapp', name: 'order_update', language: 'en_US', publicId: 'p', channelId: 'c', action: 'update', changes: diffTemplates(desired.canonical, remote.canonical), remoteFingerprint: 'x', desired, remote }],
  }, { environment: 'local' });
  const [now, then] = [...site.pages].find(([n]) => n !== 'index.html')![1].split('data-testid="after"');
  assert.not.match(now!, /<del>/, 'nothing was deleted');
  assert.match(now!, /Thanks for shopping/);
  assert.match(then!, /Thanks <ins> <\/ins>for shopping/);
  assert.match(then!, /<i class="format-changed"[^>]*>on its way<\/i>/);
  // a no-break space where there was a space is still the space's change, marked on both sides
  assert.match(wordDiff('*Hi* Ana,\u00a0thanks', 'Hi Ana, thanks', 'after', 'en'), /Ana,<ins>\u00a0<span class="invisible"/);
  assert.is(wordDiff('Hi Ana, thanks', '*Hi* Ana,\u00a0thanks', 'before', 'en'), 'Hi Ana,<del> </del>thanks');
  // any words formatted anew and any spaces doubled (seeded): the side before has nothing marked deleted, and the side
  // after marks each added space alone, once per doubled space
  const arb = fc.array(fc.tuple(fc.constantFrom('order', 'shipped', 'today', 'thanks', 'Ana', 'is', 'here'), fc.constantFrom('', '*', '_', '~'), fc.boolean()), { minLength: 2, maxLength: 8 });
  fc.assert(fc.property(arb, (words) => {
    const plain = words.map(([w]) => w).join(' ');
    const edited = words.map(([w, mark, doubled], i) => `${i && doubled ? '  ' : i ? ' ' : ''}${mark}${w}${mark}`).join('');
    const doubled = words.filter(([, , d], i) => i > 0 && d).length;
    if (/<del>/.test(wordDiff(plain, edited, 'before', 'en'))) return false;
    const ins = [...wordDiff(edited, plain, 'after', 'en').matchAll(/<ins>(.*?)<\/ins>/g)].map((m) => m[1]);
    return ins.length === doubled && ins.every((x) => x === ' ');
  }), { numRuns: 300 });
});

// trial-bc F1: the index's body cell took the template language's direction (dir="rtl" for every Arabic or Hebrew template),
// so WhatsApp's English authentication text and an Arabic body opening with "iStyle:" read right to left there, unlike
// their pages (each line in the direction of its first letter)
test('the index body cell: each line in the direction of its own first letter, as on the page; WhatsApp\'s English text is English', () => {
  const row = (v: Loose): string => {
    const index = renderIndex([{ key: 'k', file: 'x.yaml', template: fromFile(v, 'c', ''), diagnostics: [], href: 'x.html' }]);
    return /<td role="cell"[^>]*>(?!<a )(?:(?!<\/td>)[^])*<\/td><\/tr>/.exec(index)![0];
  };
  const auth = { channel: 'shop-whatsapp', name: 'auth_otp', language: 'ar', category: 'AUTHENTICATION', body: { add_security_recommendation: true }, footer: { code_expiration_minutes: 5 }, buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'نسخ الرمز' }] };
  assert.is(row(auth), '<td role="cell" lang="en" dir="auto">*123456* is your verification code. For your security, do not share this code.</td></tr>');
  // a template's own text: its language, the direction of each line's first letter (the first the cell's, each next an isolate)
  assert.is(row(file('ar', 'iStyle: تم شحن طلبك رقم {{1}} اليوم.\nشكرا لك', { 1: '55' })), '<td role="cell" lang="ar" dir="auto">iStyle: تم شحن طلبك رقم 55 اليوم. <span dir="auto">شكرا لك</span></td></tr>');
  // a line with no letter takes the language's direction, as on the page
  assert.is(row(file('he', '12:00 ✅\nתודה', {})), '<td role="cell" lang="he" dir="rtl">12:00 ✅ <span dir="auto">תודה</span></td></tr>');
  assert.is(row(file('ar', 'مرحبا\n10:30', {})), '<td role="cell" lang="ar" dir="auto">مرحبا <span dir="rtl">10:30</span></td></tr>');
  // the page of each draws the same lines in the same directions
  const page = renderTemplatePage({ key: 'k', file: 'x.yaml', template: fromFile(file('ar', 'iStyle: تم شحن طلبك رقم {{1}} اليوم.\nشكرا لك', { 1: '55' }), 'c', ''), diagnostics: [], href: 'x.html' });
  assert.equal(linesOf(page, '<div class="wa-body'), [['auto', 'iStyle: تم شحن طلبك رقم 55 اليوم.'], ['auto', 'شكرا لك']]);
  // an RCS-only template's line too; an English template keeps its own
  assert.match(row({ channel: 'shop-rcs', name: 't', language: 'he', message: { type: 'text', message: 'Sale! מבצע היום' } }), /^<td role="cell" lang="he" dir="auto">Sale! מבצע היום<\/td>/);
  assert.match(row(file('en_US', 'Hi <b>&', {})), /^<td role="cell" lang="en-US" dir="auto">Hi &lt;b&gt;&amp;<\/td>/);
});

test.run();
