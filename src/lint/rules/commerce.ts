// WhatsApp commerce and calling kinds of format 1.2, one pure check each: single-product (SPM)
// and multi-product (MPM) templates, product card carousels, order details and order status templates (Meta payments),
// and the call permission request component. Sources: Meta's pages named in src/lint/sources.ts.
import { charLength } from '../../model/placeholders.js';
import { arr, blank, defineRules, indexed, obj, str, type RuleContext } from '../rule.js';
import { buttons } from './whatsapp.js';

const PRODUCT_CARD_BUTTONS = new Set(['SPM', 'URL']);
const ORDER_DETAILS_HEADERS = new Set(['TEXT', 'IMAGE', 'DOCUMENT']);
/** a category the category rule accepts: a misspelt one is the schema's finding, not ours */
const KNOWN_CATEGORY = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
const category = (ctx: RuleContext): string | undefined => (typeof ctx.t.category === 'string' && KNOWN_CATEGORY.has(ctx.t.category) ? ctx.t.category : undefined);
const isProductHeader = (ctx: RuleContext): boolean => obj(ctx.t.header)?.format === 'PRODUCT';

export const commerceRules = defineRules([
  {
    id: 'spm-template', group: 'whatsapp', severity: 'error',
    summary: 'A single-product (SPM) template is MARKETING: a PRODUCT header, a body of at most 160 characters, an optional footer and one SPM button; an SPM button needs a PRODUCT header.',
    why: 'WhatsApp draws the product\'s image, title and price from the catalog in the PRODUCT header, and its View (SPM) button opens that product; Meta offers the kind as a marketing template with a body of at most 160 characters and the one button.',
    fix: 'Set `category: MARKETING`, keep the body within 160 characters and give the template exactly one `type: SPM` button (and a `header: { format: PRODUCT }` for an SPM button).',
    source: 'Meta single-product message templates',
    check(ctx) {
      const bs = buttons(ctx);
      if (!isProductHeader(ctx)) {
        // an SPM button outside a single-product template (a product card's is checked with the carousel)
        const spm = bs.find(({ v }) => v.type === 'SPM');
        if (spm) ctx.report(['buttons', spm.i, 'type'], 'An SPM (View) button opens the product of a single-product template: give the template `header: { format: PRODUCT }`, or use a URL button.');
        return;
      }
      const c = category(ctx);
      if (c !== undefined && c !== 'MARKETING') ctx.report(['category'], `A single-product template (PRODUCT header) is MARKETING, not ${c}.`);
      const text = str(obj(ctx.t.body)?.text);
      if (text !== undefined && charLength(text) > 160) ctx.report(['body', 'text'], `The body of a single-product template is ${charLength(text)} characters; the limit is 160.`);
      if (!Array.isArray(ctx.t.buttons)) { ctx.report(['header', 'format'], 'A single-product template needs one SPM button (`buttons: [{ type: SPM, text: View }]`): it opens the product.'); return; }
      const spm = bs.filter(({ v }) => v.type === 'SPM');
      if (spm.length === 0) ctx.report(['buttons'], 'A single-product template needs one SPM button (`{ type: SPM, text: View }`): it opens the product.', { part: 'key' });
      const other = bs.find(({ v }) => v.type !== 'SPM') ?? spm[1];
      if (other) ctx.report(['buttons', other.i, 'type'], `A single-product template has exactly one button, its SPM (View) button; remove this ${String(other.v.type)} button.`);
    },
  },
  {
    id: 'mpm-template', group: 'whatsapp', severity: 'error',
    summary: 'A multi-product (MPM) template has a TEXT header: a template with an MPM button has `header: { format: TEXT, text: ... }`.',
    why: 'Meta documents a multi-product message template as a text header, a body, an optional footer and the MPM (View items) button, and refuses one without its header; the products and their sections are named when sending.',
    fix: 'Add a text header, e.g. `header: { format: TEXT, text: Our summer picks }` (at most 60 characters, one placeholder with its sample at most).',
    source: 'Meta multi-product message templates',
    check(ctx) {
      const mpm = buttons(ctx).find(({ v }) => v.type === 'MPM');
      if (!mpm) return;
      const h = obj(ctx.t.header);
      if (h === undefined) ctx.report(['buttons', mpm.i, 'type'], 'A template with an MPM button needs a text header (`header: { format: TEXT, text: ... }`): Meta refuses a multi-product template without one.');
      else if (typeof h.format === 'string' && h.format !== 'TEXT') ctx.report(['header', 'format'], `A multi-product (MPM) template has a TEXT header, not ${h.format}; the products' images come from the catalog.`);
    },
  },
  {
    id: 'carousel-product-cards', group: 'whatsapp', severity: 'error',
    summary: 'A product card (PRODUCT header) has no body and no media sample, and exactly one button: SPM (View) or URL.',
    why: 'A product card shows the product\'s image, title and price from the catalog, with a single View button (which opens the product in WhatsApp) or URL button (which opens your site); the product is named when sending.',
    fix: 'Remove the card\'s body and header `example`; give each card one `{ type: SPM, text: View }` or one URL button.',
    source: 'Meta product card carousel templates',
    // it looks at the carousel's cards alone: not run on a template without one (test/rule-requires.test.ts)
    requires: 'carousel',
    check(ctx) {
      for (const { v: card, i } of indexed(ctx.t.carousel)) {
        const h = obj(card.header);
        if (h?.format !== 'PRODUCT') continue;
        const at = ['carousel', i];
        if (h.example !== undefined) ctx.report([...at, 'header', 'example'], `Card ${i + 1}: a PRODUCT header takes no sample; the product (and its image) is named when sending.`, { part: 'key' });
        if (card.body !== undefined) ctx.report([...at, 'body'], `Card ${i + 1}: a product card has no body; its title and price come from the catalog (put the text in the body above the cards).`, { part: 'key' });
        const bs = arr(card.buttons);
        if (bs.length !== 1) ctx.report(bs.length ? [...at, 'buttons', 1] : Array.isArray(card.buttons) ? [...at, 'buttons'] : at, `Card ${i + 1}: a product card has exactly one button (SPM or URL); it has ${bs.length}.`, bs.length ? {} : Array.isArray(card.buttons) ? { part: 'key' } : {});
        const t = obj(bs[0])?.type;
        if (typeof t === 'string' && !PRODUCT_CARD_BUTTONS.has(t)) ctx.report([...at, 'buttons', 0, 'type'], `Card ${i + 1}: a product card's button is SPM (View) or URL, not ${t}.`);
      }
    },
  },
  {
    id: 'call-permission-request', group: 'whatsapp', severity: 'error',
    summary: 'A call permission request is on a MARKETING or UTILITY template with a body text, and without buttons, a carousel or a limited-time offer.',
    why: 'Meta takes the call permission request component only in marketing and utility templates, with a required, non-empty body, and not combined with other interactive components.',
    fix: 'Use category MARKETING or UTILITY, give the body a text, and remove the buttons (or the carousel or offer), or send the request as its own template.',
    source: 'Meta call permission request templates',
    check(ctx) {
      // only a template that has the component (`true`); any other value is the schema's one finding (remove the key, or write true)
      if (ctx.t.call_permission_request !== true) return;
      const c = category(ctx);
      // an authentication template has no text of its own and its one OTP button: the request is what does not belong
      if (c === 'AUTHENTICATION') { ctx.report(['category'], 'A call permission request is for MARKETING or UTILITY templates, not AUTHENTICATION; remove `call_permission_request` (ask in a template of its own).'); return; }
      const text = str(obj(ctx.t.body)?.text);
      if (obj(ctx.t.body) && (text === undefined || blank(text))) ctx.report(['body'], 'A call permission request needs a body text that says why the business wants to call.', { part: 'key' });
      for (const k of ['buttons', 'carousel', 'limited_time_offer'] as const) {
        if (ctx.t[k] !== undefined) ctx.report([k], `A call permission request cannot be combined with other interactive components; remove \`${k}\` or send it in another template.`, { part: 'key' });
      }
    },
  },
  {
    id: 'order-details', group: 'whatsapp', severity: 'error',
    summary: 'An order details template has one button, ORDER_DETAILS; it is UTILITY, or MARKETING with `display_format: ORDER_DETAILS`; its header, if any, is TEXT, IMAGE or DOCUMENT.',
    why: 'Meta\'s order details template (payments) carries the order sent with the message behind a fixed ORDER_DETAILS button; a marketing one must say `display_format: ORDER_DETAILS`, and only text, image or document headers are taken.',
    fix: 'Keep the ORDER_DETAILS button as the only button, add `display_format: ORDER_DETAILS` (required for MARKETING), and use a TEXT, IMAGE or DOCUMENT header or none.',
    source: 'Meta order details templates',
    check(ctx) {
      const bs = buttons(ctx);
      const od = bs.filter(({ v }) => v.type === 'ORDER_DETAILS');
      const declared = ctx.t.display_format === 'ORDER_DETAILS';
      if (od.length === 0) {
        if (declared) ctx.report(['display_format'], 'An order details template needs its ORDER_DETAILS button (`{ type: ORDER_DETAILS, text: Review and Pay }`).');
        return;
      }
      const other = bs.find(({ v }) => v.type !== 'ORDER_DETAILS') ?? od[1];
      if (other) ctx.report(['buttons', other.i, 'type'], `An order details template has exactly one button, ORDER_DETAILS; remove this ${String(other.v.type)} button.`);
      const c = category(ctx);
      if (c === 'AUTHENTICATION') ctx.report(['category'], 'An order details template is UTILITY or MARKETING, not AUTHENTICATION.');
      else if (c === 'MARKETING' && !declared) ctx.report(['category'], 'A MARKETING order details template needs `display_format: ORDER_DETAILS`.');
      const f = obj(ctx.t.header)?.format;
      if (typeof f === 'string' && !ORDER_DETAILS_HEADERS.has(f)) ctx.report(['header', 'format'], `An order details template takes a TEXT, IMAGE or DOCUMENT header, not ${f}.`);
    },
  },
  {
    id: 'order-status', group: 'whatsapp', severity: 'error',
    summary: 'An order status template (`sub_category: ORDER_STATUS`) is UTILITY, with a body and an optional footer only.',
    why: 'Meta\'s order status template updates an order sent before: it is a utility template made of a body and an optional footer, the status itself being given when sending.',
    fix: 'Set `category: UTILITY` and remove the header, buttons and other parts.',
    source: 'Meta order status templates',
    check(ctx) {
      if (ctx.t.sub_category !== 'ORDER_STATUS') return;
      const c = category(ctx);
      if (c !== undefined && c !== 'UTILITY') ctx.report(['category'], `An order status template is UTILITY, not ${c}.`);
      for (const k of ['header', 'buttons', 'carousel', 'limited_time_offer', 'call_permission_request', 'display_format'] as const) {
        if (ctx.t[k] !== undefined) ctx.report([k], `An order status template has a body and an optional footer only; remove \`${k}\`.`, { part: 'key' });
      }
    },
  },
]);
