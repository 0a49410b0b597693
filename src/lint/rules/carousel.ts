// WhatsApp media card carousel rules, one pure check each. Source: Meta media card carousel
// templates (reference/platform-rules.md, "WhatsApp: media card carousel").
import { enumCaseRepairs, reportSchema } from './schema.js';
import { wholeTemplate } from '../scope.js';
import { charLength, distinctKeys, placeholderKeyMeant, singleBraced } from '../../model/placeholders.js';
import { cardSites } from '../../model/sites.js';
import { an, arr, blank, defineRules, indexed, noSample, obj, sample, str, type Loose, type Indexed, type RuleContext } from '../rule.js';

const source = 'Meta media card carousel templates';
const CARD_BUTTONS = new Set(['QUICK_REPLY', 'URL', 'PHONE_NUMBER']);
const CARD_MEDIA = new Set(['IMAGE', 'VIDEO']);

const cards = (ctx: RuleContext): readonly Indexed[] => indexed(ctx.t.carousel);
const buttonTypes = (c: Loose): string[] => arr(c.buttons).map((b) => String(obj(b)?.type ?? ''));

export const carouselRules = defineRules([
  {
    id: 'carousel-category', group: 'whatsapp', severity: 'error',
    summary: 'A carousel template is a MARKETING template.',
    why: 'WhatsApp offers media card carousels only in the MARKETING category.', fix: 'Set `category: MARKETING`, or send the cards as separate templates.', source,
    check(ctx) {
      if (ctx.t.carousel !== undefined && typeof ctx.t.category === 'string' && ctx.t.category !== 'MARKETING') {
        ctx.report(['category'], `A carousel template is MARKETING, not ${ctx.t.category}.`);
      }
    },
  },
  {
    id: 'carousel-shape', group: 'whatsapp', severity: 'error',
    summary: 'A carousel template has a body and the carousel, and no header, footer or buttons beside them.',
    why: 'WhatsApp draws a carousel as one bubble of body text followed by the cards; each card carries its own media and buttons.',
    fix: 'Move the media and the buttons into the cards, and drop the footer.', source,
    check(ctx) {
      if (ctx.t.carousel === undefined) return;
      // a limited-time offer needs its buttons (COPY_CODE, URL) beside its body: it cannot be a carousel, whatever is moved
      const offer = ctx.t.limited_time_offer !== undefined ? ' A limited-time offer cannot be a carousel either (its code and URL buttons go beside its body): make them two templates, or drop `carousel:`.' : '';
      for (const k of ['header', 'footer', 'buttons'] as const) {
        if (ctx.t[k] !== undefined) ctx.report([k], `A carousel template has no \`${k}\` beside the carousel${k === 'footer' ? '' : '; give each card its own'}.${k === 'buttons' ? offer : ''}`, { part: 'key' });
      }
    },
  },
  {
    id: 'carousel-cards', group: 'whatsapp', severity: 'error',
    summary: 'A carousel has 2 to 10 cards.', why: 'WhatsApp rejects a carousel with fewer than 2 or more than 10 cards.',
    fix: 'Add or remove cards.', source,
    check(ctx) {
      const list = arr(ctx.t.carousel);
      if (!Array.isArray(ctx.t.carousel)) return;
      if (list.length > 10) ctx.report(['carousel', 10], `A carousel has at most 10 cards; this is card 11 of ${list.length}.`);
      else if (list.length < 2) ctx.report(['carousel'], `A carousel has at least 2 cards; this one has ${list.length}.`, { part: 'key' });
    },
  },
  {
    id: 'carousel-card-header', group: 'whatsapp', severity: 'error',
    summary: 'Every card has an IMAGE or VIDEO header with a sample URL, without placeholders.',
    why: 'A carousel card always shows media, reviewed with its sample; the media of a card is fixed at approval.',
    fix: 'Give each card `header: { format: IMAGE, example: https://... }` (or VIDEO).', source,
    check(ctx) {
      reportSchema(ctx, 'carousel-card-header');
      for (const { v: c, i } of cards(ctx)) {
        const h = obj(c.header);
        if (!h || !CARD_MEDIA.has(String(h.format))) continue; // missing or another format: the schema reports it here
        const ex = str(h.example);
        if (noSample(h.example)) ctx.report(['carousel', i, 'header', ex === undefined ? 'format' : 'example'], `Card ${i + 1}: ${String(h.format) === 'IMAGE' ? 'an' : 'a'} ${String(h.format)} header needs \`example\`: the URL of a sample ${String(h.format).toLowerCase()}.`);
        else if (ex?.includes('{{')) ctx.report(['carousel', i, 'header', 'example'], `Card ${i + 1}: the card's media has no placeholders; give the URL of a sample file.`);
      }
    },
    repair: (ctx) => enumCaseRepairs(wholeTemplate(ctx.t), 'carousel-card-header'),
    repairTitle: 'Write the card header format in capitals (image is IMAGE)',
  },
  {
    id: 'carousel-card-body', group: 'whatsapp', severity: 'error',
    summary: 'A card body has at most 160 characters, and is not only spaces.', why: 'WhatsApp rejects longer card texts.',
    fix: 'Shorten the card text; put what is common to all cards in the body above them.', source,
    check(ctx) {
      for (const { v: c, i } of cards(ctx)) {
        const text = str(obj(c.body)?.text);
        if (text !== undefined && charLength(text) > 160) ctx.report(['carousel', i, 'body', 'text'], `Card ${i + 1}: the card text is ${charLength(text)} characters; the limit is 160.`);
        else if (text !== undefined && text !== '' && blank(text)) ctx.report(['carousel', i, 'body', 'text'], `Card ${i + 1}: the card text is only spaces; write the card's text.`);
      }
    },
  },
  {
    id: 'carousel-card-buttons', group: 'whatsapp', severity: 'error',
    summary: 'A media card has at most 2 buttons, of QUICK_REPLY, URL or PHONE_NUMBER, or none (each button\'s own keys, its label, URL and number, are checked by the button rules, as on the template\'s buttons; buttons on every card or on none: carousel-card-consistency).',
    why: 'These are the only buttons a carousel card can carry. Meta\'s page says each card "can optionally include a body text and up to two buttons" and that "all cards defined on a template must have the same components". Some providers\' own editors (Twilio, Bird, Treble) ask for one or two; Meta\'s API takes a card without buttons, so tplsync does.', fix: 'Keep at most two quick-reply, URL or phone-number buttons per card.', source,
    check(ctx) {
      for (const { v: c, i } of cards(ctx)) {
        const bs = arr(c.buttons);
        if (bs.length > 2) ctx.report(['carousel', i, 'buttons', 2], `A card has at most 2 buttons; this is button 3 of card ${i + 1}.`);
        // a product card's one button (SPM or URL): carousel-product-cards
        if (obj(c.header)?.format === 'PRODUCT') continue;
        bs.forEach((v, j) => {
          const t = obj(v)?.type;
          if (typeof t === 'string' && !CARD_BUTTONS.has(t)) ctx.report(['carousel', i, 'buttons', j, 'type'], `A card button is QUICK_REPLY, URL or PHONE_NUMBER, not ${t}${t === 'SPM' ? ' (an SPM button is for product cards, `header: { format: PRODUCT }`)' : ''}.`);
        });
      }
    },
  },
  {
    id: 'carousel-card-consistency', group: 'whatsapp', severity: 'error',
    summary: 'Every card has the same parts: the same header format, a body on every card or on none, buttons on every card or on none, the same button types in the same order.',
    why: 'WhatsApp draws the cards side by side and rejects carousels whose cards differ in shape (Meta: "All cards defined on a template must have the same components").',
    fix: 'Make this card like the first one.', source: `${source}; BSP guides`,
    check(ctx) {
      const list = cards(ctx);
      const first = list[0];
      if (!first) return;
      const format = obj(first.v.header)?.format;
      const hasBody = first.v.body !== undefined;
      const types = buttonTypes(first.v).join(',');
      const hasButtons = types !== '';
      for (const { v: c, i } of list.slice(1)) {
        const f = obj(c.header)?.format;
        if (typeof f === 'string' && typeof format === 'string' && f !== format) ctx.report(['carousel', i, 'header', 'format'], `Card ${i + 1} has ${an(f)} header, card 1 ${an(format)} header; every card has the same.`);
        if ((c.body !== undefined) !== hasBody) {
          ctx.report(hasBody ? ['carousel', i] : ['carousel', i, 'body'], hasBody ? `Card ${i + 1} has no body but card 1 has one; give every card a body, or none.` : `Card ${i + 1} has a body but card 1 has none; give every card a body, or none.`, hasBody ? {} : { part: 'key' });
        }
        const mine = buttonTypes(c);
        // buttons are optional (Meta: "up to two buttons"), but on every card or on none
        if ((mine.length > 0) !== hasButtons) {
          ctx.report(hasButtons ? ['carousel', i] : ['carousel', i, 'buttons'], hasButtons ? `Card ${i + 1} has no buttons but card 1 has ${types.split(',').join(', ')}; give every card the same buttons, or none.` : `Card ${i + 1} has buttons but card 1 has none; give every card the same buttons, or none.`, hasButtons ? {} : { part: 'key' });
        } else if (Array.isArray(c.buttons) && mine.join(',') !== types) {
          const j = mine.findIndex((t, k) => t !== types.split(',')[k]);
          const where = j >= 0 && j < mine.length ? ['carousel', i, 'buttons', j, 'type'] : ['carousel', i, 'buttons'];
          ctx.report(where, `Card ${i + 1} has buttons ${mine.join(', ') || 'none'}, card 1 ${types.split(',').join(', ')}; every card has the same button types in the same order.`, where.length === 3 ? { part: 'key' } : {});
        }
      }
    },
  },
  {
    id: 'carousel-card-placeholders', group: 'whatsapp', severity: 'error',
    summary: 'Each card names or numbers its own placeholders, never both, each with one non-empty sample in the card; a card URL with a placeholder has a sample URL. (Numbering gaps: placeholder-sequence.)',
    why: 'WhatsApp reviews every card with its samples and numbers each card\'s variables on their own.',
    fix: 'Add the sample under the card\'s `body.examples` (or `example:` on its URL button), keyed by the placeholder\'s name or number.', source,
    check(ctx) {
      for (const site of cardSites(ctx.t)) {
        const ps = ctx.scan(site.path).placeholders;
        if (site.role === 'card-url') {
          const b = obj(arr(obj(arr(ctx.t.carousel)[site.card!])?.buttons)[site.button!]);
          if (ps[0] && noSample(b?.example)) ctx.report(site.path, `The URL has a placeholder ${ps[0].raw}; add \`example:\` with a full sample URL.`, { at: ps[0] });
          continue;
        }
        const card = `Card ${site.card! + 1}`;
        const style = ps[0]?.style;
        const mixed = ps.find((p) => p.style !== style);
        if (mixed) ctx.report(site.path, `${card}: ${mixed.raw} is ${mixed.style} but ${ps[0]!.raw} is ${style}; do not mix named and numbered placeholders.`, { at: mixed });
        const ex = obj(obj(obj(arr(ctx.t.carousel)[site.card!])?.body)?.examples) ?? {};
        const keys = distinctKeys(ps);
        for (const k of keys) {
          const p = ps.find((x) => x.key === k)!;
          const v = sample(ex[k]);
          if (ex[k] === undefined) ctx.report(site.path, `${card}: ${p.raw} has no sample; add \`${k}: ...\` under carousel[${site.card}].body.examples.`, { at: p });
          else if (v?.trim() === '') ctx.report([...site.examplesPath, k], `${card}: the sample for ${p.raw} is empty.`);
        }
        // a key the card's text writes malformed (`{{04}}`, `{{cityName}}`): placeholder-syntax says what to write, and the sample is right for it
        const meant = new Set(ctx.scan(site.path).problems.map(placeholderKeyMeant));
        for (const k of Object.keys(ex)) {
          // a key the card's text writes with single braces ({1}): placeholder-single-braces says to write {{1}}
          if (!keys.includes(k) && !meant.has(k) && !singleBraced(site.text).some((p) => p.key === k)) ctx.report([...site.examplesPath, k], `${card}: sample '${k}' has no placeholder {{${k}}} in the card's text; remove it or fix its key.`, { part: 'key' });
        }
      }
    },
  },
]);
