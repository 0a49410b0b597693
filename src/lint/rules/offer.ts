// WhatsApp limited-time offer rules, one pure check each. Source: Meta limited-time offer
// templates (reference/platform-rules.md, "WhatsApp: limited-time offer").
import { reportSchema } from './schema.js';
import { charLength } from '../../model/placeholders.js';
import { blank, defineRules, obj, str, type RuleContext } from '../rule.js';
import { buttons } from './whatsapp.js';

const source = 'Meta limited-time offer templates';
const isOffer = (ctx: RuleContext): boolean => ctx.t.limited_time_offer !== undefined;

export const offerRules = defineRules([
  {
    id: 'offer-category', group: 'whatsapp', severity: 'error',
    summary: 'A limited-time offer is a MARKETING template.', why: 'WhatsApp offers limited-time offers only in the MARKETING category.',
    fix: 'Set `category: MARKETING`.', source,
    check(ctx) {
      if (isOffer(ctx) && typeof ctx.t.category === 'string' && ctx.t.category !== 'MARKETING') ctx.report(['category'], `A limited-time offer is MARKETING, not ${ctx.t.category}.`);
    },
  },
  {
    id: 'offer-footer', group: 'whatsapp', severity: 'error',
    summary: 'A limited-time offer has no footer.', why: 'WhatsApp rejects a footer on a limited-time offer.', fix: 'Remove the footer.', source,
    check(ctx) {
      if (isOffer(ctx) && ctx.t.footer !== undefined) ctx.report(['footer'], 'A limited-time offer has no footer; move its text into the body.', { part: 'key' });
    },
  },
  {
    id: 'offer-header', group: 'whatsapp', severity: 'error',
    summary: 'The header of a limited-time offer, if any, is IMAGE or VIDEO.', why: 'WhatsApp allows only image or video media above an offer.',
    fix: 'Use an IMAGE or VIDEO header, or none.', source,
    check(ctx) {
      const f = obj(ctx.t.header)?.format;
      if (isOffer(ctx) && typeof f === 'string' && f !== 'IMAGE' && f !== 'VIDEO') ctx.report(['header', 'format'], `A limited-time offer takes an IMAGE or VIDEO header, not ${f}.`);
    },
  },
  {
    id: 'offer-text', group: 'whatsapp', severity: 'error',
    summary: 'The offer text is set, has at most 16 characters and no placeholders.', why: 'WhatsApp shows the offer headline in a strip of 16 characters and rejects longer ones. The headline is fixed text: the offer component is created with its text and `has_expiration` only (no example), and at send time it takes only the expiration, so nothing fills a placeholder in it and the customer would see the braces.',
    fix: 'Shorten the offer text, e.g. "Expiring offer!"; write it without placeholders (put the value in the body).', source,
    check(ctx) {
      reportSchema(ctx, 'offer-text');
      const path = ['limited_time_offer', 'text'];
      const text = str(obj(ctx.t.limited_time_offer)?.text);
      if (text === undefined) return;
      if (blank(text)) ctx.report(path, 'The offer text is empty.');
      else if (charLength(text) > 16) ctx.report(path, `The offer text is ${charLength(text)} characters; the limit is 16.`);
      // as a footer or a button label: the send request has no parameter for the offer text
      const s = ctx.scan(path);
      const p = s.placeholders[0] ?? s.problems.find((x) => x.kind === 'range');
      if (p) ctx.report(path, `The offer text cannot hold a placeholder: nothing fills ${p.raw} (a limited-time offer is sent with its expiration only); write it as fixed text and put the value in the body.`, { at: p });
    },
  },
  {
    id: 'offer-body-length', group: 'whatsapp', severity: 'error',
    summary: 'The body of a limited-time offer has at most 600 characters.', why: 'WhatsApp rejects longer offer bodies.', fix: 'Shorten the body.', source,
    check(ctx) {
      const text = str(obj(ctx.t.body)?.text);
      if (isOffer(ctx) && text !== undefined && charLength(text) > 600 && charLength(text) <= 1024) ctx.report(['body', 'text'], `The body of a limited-time offer is ${charLength(text)} characters; the limit is 600.`);
    },
  },
  {
    id: 'offer-url-button', group: 'whatsapp', severity: 'error',
    summary: 'A limited-time offer has a URL button.', why: 'WhatsApp requires a URL button on every limited-time offer.',
    fix: 'Add `{ type: URL, text: ..., url: ... }` to the buttons.', source,
    check(ctx) {
      if (isOffer(ctx) && !buttons(ctx).some(({ v: b }) => b.type === 'URL')) {
        // a carousel takes no button beside its cards (carousel-shape): adding one would only trade this finding for that one
        ctx.report(ctx.t.buttons === undefined ? ['limited_time_offer'] : ['buttons'], ctx.t.carousel !== undefined
          ? 'A limited-time offer needs a URL button, and a carousel template has no button beside its cards: an offer cannot be a carousel. Make them two templates, or drop `carousel:` (a media header shows one picture).'
          : 'A limited-time offer needs a URL button.', { part: 'key' });
      }
    },
  },
  {
    id: 'offer-copy-code', group: 'whatsapp', severity: 'error',
    summary: 'With `has_expiration: true` an offer has a COPY_CODE button; a COPY_CODE button of an offer comes first.',
    why: 'WhatsApp shows the countdown with the code to copy, on the first button.', fix: 'Add `{ type: COPY_CODE, example: CODE }` as the first button.', source,
    check(ctx) {
      const lto = obj(ctx.t.limited_time_offer);
      if (!lto) return;
      const code = buttons(ctx).find(({ v: b }) => b.type === 'COPY_CODE');
      if (lto.has_expiration === true && !code) ctx.report(['limited_time_offer', 'has_expiration'], 'An offer with `has_expiration: true` needs a COPY_CODE button (first) for the code that expires.', { part: 'key' });
      if (code && code.i > 0) ctx.report(['buttons', code.i, 'type'], `The COPY_CODE button of an offer is the first button; here it is button ${code.i + 1}.`);
    },
  },
  {
    id: 'offer-code-length', group: 'whatsapp', severity: 'error',
    summary: 'The offer code sample has at most 15 characters.', why: 'WhatsApp limits the code of a limited-time offer to 15 characters.',
    fix: 'Shorten the sample code.', source,
    check(ctx) {
      if (!isOffer(ctx)) return;
      for (const { v: b, i } of buttons(ctx)) {
        const ex = str(b.example);
        if (b.type === 'COPY_CODE' && ex !== undefined && charLength(ex) > 15) ctx.report(['buttons', i, 'example'], `The offer code sample is ${charLength(ex)} characters; the limit is 15.`);
      }
    },
  },
]);
