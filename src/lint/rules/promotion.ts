// Promotional wording in a UTILITY template (trial-bg F9). Meta's template category guidelines: a
// utility template is non-promotional, and a template with mixed content ("an order update with a
// promo") is a marketing template; Meta re-categorises an approved UTILITY template as MARKETING when
// its content is promotional. No rule said so before apply: `category` checks the value only. This rule looks for the wording of Meta's
// marketing objectives (sales: a discount, a coupon to use at checkout, free shipping over an
// amount; scarcity and urgency to buy; calls to shop; retargeting a cart left; cross-selling, app
// promotion) in the texts
// the customer reads, in the template's language (English, Spanish, Portuguese, French, German,
// Italian; a percentage off in any). Each phrase is one a utility message does not say: the
// markers of an order, shipping, appointment, payment or account message ("your order", "free
// delivery" of an order, "use them before they expire", "don't miss your appointment", "buy now,
// pay later") are left out, and a word that is also a utility one (sale of "point of sale",
// "liquidación" of a payment) is only taken in a promotional phrase. A warning: the category is
// Meta's judgement, and the file may say otherwise on purpose.
import type { Path } from '../../files/locate.js';
import { arr, defineRules, obj, str, type RuleContext } from '../rule.js';

/** a percentage, written or a placeholder's value: `20%`, `20 %`, `{{discount}}%` */
const PCT = String.raw`(?:\d{1,3}(?:[.,]\d{1,2})?|\{\{[^{}]{1,40}\}\})\s?%`;
/** an amount of money, written or a placeholder's value: `$10`, `10 €`, `R$ 20`, `{{amount}}` */
const AMOUNT = String.raw`(?:[$€£¥₹]\s?\d[\d.,]*|R\$\s?\d[\d.,]*|\d[\d.,]*\s?(?:[$€£¥₹]|dollars?|euros?|pounds?|reais|pesos)|\{\{[^{}]{1,40}\}\})`;
/** the start of a clause: where an imperative stands (`: compra hoy`, `! Compre já`), not a noun (`tu compra hoy`) */
const CLAUSE = String.raw`(?:^|[.!?¡¿:;,–—-]\s*|\n\s*)`;

/**
 * A word boundary for every script: `\\b` is ASCII's (no boundary before the ú of `últimas`, or between
 * a space and `é`), so each `\\b` of a pattern is written as a boundary between a letter, digit or `_`
 * and anything else.
 */
const BOUNDARY = String.raw`(?:(?<![\p{L}\p{N}_])(?=[\p{L}\p{N}_])|(?<=[\p{L}\p{N}_])(?![\p{L}\p{N}_]))`;
const words = (source: string): RegExp => new RegExp(source.replaceAll(String.raw`\b`, BOUNDARY), 'giu');
/** a discount said as applied to an order placed: a fact of the order, not an offer */
const NOT_APPLIED = String.raw`(?!\s+(?:was|were|has been|have been|is|are)\s+(?:applied|deducted|taken))`;

/** promotional wording in any language: a percentage off, the sales days of every market */
const ANY: readonly RegExp[] = [
  words(String.raw`${PCT}\s?off\b${NOT_APPLIED}`),
  words(String.raw`\b(?:black friday|cyber monday|hot sale|buen fin)\b`),
];

/** promotional wording by the language's base code */
const BY_LANGUAGE: Readonly<Record<string, readonly RegExp[]>> = {
  en: [
    // sales: a discount, a coupon, an offer
    words(String.raw`${PCT}\s?discount\b${NOT_APPLIED}`),
    words(String.raw`\b(?:up to|save|take an? extra|extra)\s+${PCT}`),
    words(String.raw`${AMOUNT}\s+off\b(?!\s+(?:your|the)\s+(?:bill|invoice|balance|statement|refund))`),
    words(String.raw`\boff your next (?:order|purchase|visit|booking|stay)\b`),
    words(String.raw`\b(?:use|apply|enter)\s+(?:the\s+)?(?:promo\s+|discount\s+|coupon\s+)?code\s+\S+\s+(?:at checkout|to (?:get|save|enjoy|receive|unlock))\b`),
    words(String.raw`\b(?:special|exclusive|limited)\s+(?:offers?|deals?|discounts?|promotions?)\b`),
    words(String.raw`\blimited[- ]time (?:offers?|only|deals?)\b|\bfor a limited time\b`),
    words(String.raw`\b(?:best|great|hot|amazing|unbeatable|today's|weekend|daily) deals\b`),
    words(String.raw`\b(?:flash|summer|winter|spring|autumn|holiday|clearance|end[- ]of[- ]season|mega|warehouse) sale\b|\bon sale (?:now|today)\b|\bsale (?:ends|starts|is on|is live)\b`),
    words(String.raw`\bbuy (?:one|1),? get (?:one|1)\b|\b(?:double|triple) points\b`),
    // free shipping offered: with a threshold, or to be enjoyed (not the free delivery of an order placed)
    words(String.raw`\bfree (?:shipping|delivery) (?:on|over|for) (?:all |every |orders|purchases|${AMOUNT})`),
    words(String.raw`\b(?:enjoy|get|plus) free (?:shipping|delivery)\b`),
    // calls to buy, scarcity, urgency
    words(String.raw`\b(?:shop|buy) now\b(?!,?\s*(?:and\s+)?pay later)`),
    words(String.raw`${CLAUSE}order now\b`),
    words(String.raw`\bgrab (?:yours|one|it now|them now)\b`),
    words(String.raw`\b(?:sells?|selling) out fast\b|\b(?:selling|going) fast\b|\bwhile (?:stocks?|supplies) lasts?\b`),
    words(String.raw`\bdon'?t miss out\b|\bdo not miss out\b`),
    // awareness, cross-selling, app promotion, referral
    words(String.raw`\b(?:check out|discover|explore|browse|shop) our (?:new|latest|sale|collection|range|deals|offers|bestsellers)\b`),
    words(String.raw`\bnew (?:arrivals|collection)\b|\bjust dropped\b`),
    words(String.raw`\byou (?:may|might) also like\b|\brecommended for you\b|\bcomplete the look\b`),
    words(String.raw`\bdownload our app\b|\brefer a friend\b|\binvite your friends\b|\bprice drop\b`),
    // retargeting: a cart left before any order
    words(String.raw`\b(?:left|still|forgot)\s+(?:\S+\s+){0,4}?in your (?:shopping )?(?:cart|basket)\b|\byour (?:shopping )?(?:cart|basket) is waiting\b`),
    words(String.raw`\bupgrade (?:now|today|to our)\b|\b(?:sign up|subscribe) (?:now|today)\b`),
  ],
  es: [
    words(String.raw`${PCT}\s?(?:de\s+)?(?:descuento|dto\b)`),
    words(String.raw`\bhasta (?:un\s+)?${PCT}|\bahorra (?:hasta\s+)?(?:un\s+)?${PCT}`),
    words(String.raw`\busa (?:el )?(?:código|cupón)\s+\S+\s+(?:en (?:el )?(?:pago|checkout|caja)|al pagar|para (?:obtener|ahorrar|recibir))`),
    words(String.raw`\bofertas? (?:por tiempo limitado|especial(?:es)?|exclusivas?|imperdibles?)\b|\bpor tiempo limitado\b`),
    words(String.raw`\benvío gratis (?:en (?:compras|pedidos|todos)|por compras|a partir de|desde|sobre)\b|\b(?:disfruta|obtén|aprovecha)(?: de)? (?:el )?envío gratis\b`),
    words(String.raw`${CLAUSE}(?:compra|compre|cómpralo|cómprala)\s+(?:ya|ahora|hoy)\b`),
    words(String.raw`\bse agotan? (?:rápido|pronto)\b|\búltimas unidades\b|\bhasta agotar (?:existencias|stock)\b`),
    words(String.raw`\brebajas\b|\bnueva colección\b|\bnuevos lanzamientos\b|\bdescarga nuestra app\b`),
    words(String.raw`\b(?:dejaste|olvidaste)\s+(?:\S+\s+){0,4}?en tu carrito\b|\btu carrito te (?:espera|está esperando)\b`),
  ],
  pt: [
    words(String.raw`${PCT}\s?(?:de\s+)?desconto\b`),
    words(String.raw`\baté ${PCT}|\beconomize (?:até\s+)?${PCT}`),
    words(String.raw`\buse o (?:cupom|código)\s+\S+\s+(?:e ganhe|para ganhar|na (?:compra|finalização))`),
    words(String.raw`\bofertas? (?:por tempo limitado|especial|especiais|exclusivas?|imperdíve(?:l|is))\b|\bpor tempo limitado\b`),
    words(String.raw`\bfrete grátis (?:em (?:compras|pedidos|todo)|nas compras|acima de|a partir de|para compras)\b|\b(?:aproveite|ganhe|garanta)(?: o)? frete grátis\b`),
    words(String.raw`${CLAUSE}(?:compre\s+(?:já|agora|hoje)|garanta (?:já|o seu|a sua))\b`),
    words(String.raw`\b(?:acabam|esgotam|esgota|acaba) rápido\b|\búltimas unidades\b|\benquanto durarem os estoques\b`),
    words(String.raw`\bem promoção\b|\bpromoção (?:relâmpago|especial|de verão|de inverno|exclusiva)\b|\bqueima de estoque\b|\bnova coleção\b|\bbaixe (?:o )?nosso app\b`),
    words(String.raw`\b(?:deixou|esqueceu)\s+(?:\S+\s+){0,4}?no (?:seu )?carrinho\b|\bseu carrinho (?:te )?(?:espera|está esperando)\b`),
  ],
  fr: [
    words(String.raw`${PCT}\s?(?:de (?:réduction|remise)|offerts?)\b|\bjusqu'à -?${PCT}`),
    words(String.raw`\blivraison (?:gratuite|offerte) (?:dès|à partir de|sur|pour toute)\b|\b(?:profitez|bénéficiez)(?: de)? la livraison (?:gratuite|offerte)\b`),
    words(String.raw`\boffres? (?:spéciales?|exclusives?|limitées?)\b|\bpour une durée limitée\b|\bjusqu'à épuisement des stocks\b`),
    words(String.raw`\b(?:achetez|commandez)(?:-le|-la|-les)? (?:dès maintenant|maintenant|vite)\b|\bj'en profite\b|\bprofitez-en\b`),
    words(String.raw`\bavec le code(?: promo)?\s+\S+\s+(?:et|pour)\b|\bnouvelle collection\b|\btéléchargez notre app(?:li(?:cation)?)?\b`),
  ],
  de: [
    words(String.raw`${PCT}\s?(?:rabatt|nachlass|auf alles)\b|\bbis zu ${PCT}|\bspare (?:bis zu )?${PCT}`),
    words(String.raw`\b(?:gratis versand|kostenloser versand|versandkostenfrei) (?:ab|für alle|auf alle)\b`),
    words(String.raw`\bjetzt (?:kaufen|shoppen|zugreifen|sichern)\b|\bsolange der vorrat reicht\b|\bnur für kurze zeit\b`),
    words(String.raw`\b(?:mit dem|mit) (?:gutschein)?code\s+\S+\s+(?:sparen|erhalten|bekommen)\b|\bneue kollektion\b|\blade unsere app\b`),
  ],
  it: [
    words(String.raw`${PCT}\s?di sconto\b|\bsconto del ${PCT}|\bfino al ${PCT}`),
    words(String.raw`\bspedizione gratuita (?:per (?:ordini|acquisti)|sopra|da|su tutti)\b`),
    words(String.raw`\b(?:acquista|compra) ora\b|\bapprofittane\b|\bapprofitta (?:subito|ora|dell'offerta)\b`),
    words(String.raw`\bofferta (?:speciale|esclusiva|limitata)\b|\bper un periodo limitato\b|\bfino a esaurimento scorte\b|\bnuova collezione\b`),
  ],
};

/**
 * a button label that asks to buy, as a whole (a label of a utility template acts on an order, a booking, an account);
 * not "Shop" alone, which may name the shop's page
 */
const LABELS: Readonly<Record<string, RegExp>> = {
  en: /^(?:buy|buy now|shop now|order now|shop the sale|shop sale|start shopping|get (?:the )?(?:deal|offer|discount|coupon)|claim (?:offer|discount|now|your discount)|(?:see|view) (?:deals|offers))$/iu,
  es: /^(?:comprar|comprar ahora|compra ahora|comprar ya|compra ya|ver ofertas|ver promociones|obtener descuento|ir de compras)$/iu,
  pt: /^(?:comprar|comprar agora|compre agora|compre já|ver ofertas|ver promoções|pegar cupom|aproveitar oferta)$/iu,
  fr: /^(?:acheter|acheter maintenant|j'en profite|voir les offres|profiter de l'offre)$/iu,
  de: /^(?:jetzt kaufen|jetzt shoppen|zum angebot|angebote ansehen|zum sale)$/iu,
  it: /^(?:acquista|acquista ora|compra ora|vedi offerte|scopri le offerte)$/iu,
};

/** one phrase found: where, and the words as the text writes them */
export interface PromoFound { readonly path: Path; readonly start: number; readonly end: number; readonly phrase: string }

/** the base of a language code: `pt_BR` → pt */
const baseOf = (language: unknown): string => (typeof language === 'string' ? language.split(/[_-]/)[0]!.toLowerCase() : '');

/**
 * The promotional phrases of a template's texts (the header, the body, the footer, the button labels),
 * in order, in its language's words (and any language's): empty for a template of another category.
 * Pure.
 */
export function promotionalPhrases(t: Record<string, unknown>): PromoFound[] {
  const lang = baseOf(t.language);
  const patterns = [...ANY, ...(BY_LANGUAGE[lang] ?? [])];
  const out: PromoFound[] = [];
  const texts: { path: Path; text: string }[] = [];
  const header = obj(t.header);
  const h = header?.format === 'TEXT' ? str(header.text) : undefined;
  if (h !== undefined) texts.push({ path: ['header', 'text'], text: h });
  const body = str(obj(t.body)?.text);
  if (body !== undefined) texts.push({ path: ['body', 'text'], text: body });
  const footer = str(t.footer);
  if (footer !== undefined) texts.push({ path: ['footer'], text: footer });
  for (const { path, text } of texts) {
    const found: PromoFound[] = [];
    for (const re of patterns) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) {
        if (m[0].length === 0) { re.lastIndex++; continue; }
        // (a clause's punctuation before an imperative is not the phrase)
        const lead = /^[\s.!?¡¿:;,–—-]*/u.exec(m[0])![0].length;
        found.push({ path, start: m.index + lead, end: m.index + m[0].trimEnd().length, phrase: m[0].slice(lead).trim() });
      }
    }
    // in the text's order, one phrase where two patterns overlap
    found.sort((a, b) => a.start - b.start);
    for (const f of found) if (!out.some((o) => o.path === f.path && f.start < o.end && o.start < f.end)) out.push(f);
  }
  const label = LABELS[lang];
  arr(t.buttons).forEach((b, i) => {
    const text = str(obj(b)?.text);
    if (text === undefined) return;
    const trimmed = text.trim();
    if (label?.test(trimmed)) { const at = text.indexOf(trimmed); out.push({ path: ['buttons', i, 'text'], start: at, end: at + trimmed.length, phrase: trimmed }); }
  });
  return out;
}

/** the buttons of the kinds of template Meta offers as MARKETING only (catalog-category, spm-template); a COPY_CODE button is a UTILITY template's too (Meta's utility templates page), so its wording is read */
const MARKETING_BUTTONS: ReadonlySet<unknown> = new Set(['CATALOG', 'MPM', 'SPM']);
const marketingOnlyKind = (t: Record<string, unknown>): boolean =>
  t.carousel !== undefined || t.limited_time_offer !== undefined || obj(t.header)?.format === 'PRODUCT' || arr(t.buttons).some((b) => MARKETING_BUTTONS.has(obj(b)?.type));

export const promotionRules = defineRules([
  {
    id: 'utility-promotional', group: 'whatsapp', severity: 'warning',
    summary: 'A UTILITY template holds no promotional wording: a discount or coupon, free shipping over an amount, a call to shop or buy, scarcity ("sells out fast"), cross-selling or app promotion.',
    why: 'Meta\'s template category guidelines: a utility template follows up on a user\'s action or request and is non-promotional; a template with mixed content ("an order update with a promo") is a marketing template. Meta checks the category at review and re-categorises an approved UTILITY template as MARKETING when its content is promotional (a template created as UTILITY "can be updated to MARKETING if its content is promotional"): it is then priced as marketing, sent under the marketing limits, and its category in the file no longer matches the channel (plan says so; the category of an approved template cannot be changed back). The rule reads the texts the customer reads (header, body, footer, button labels) in the template\'s language (English, Spanish, Portuguese, French, German, Italian; a percentage off in any) for the wording of Meta\'s marketing objectives, never the words of an order, shipping, appointment or account message. A kind of template Meta offers as MARKETING only (a carousel, a limited-time offer, a product, a catalog button) is left to its own rule, whose error says the same. A warning: the category is Meta\'s judgement.',
    fix: 'Move the promotion into a MARKETING template of its own, and keep the utility one about the order, booking or account; or set `category: MARKETING`. If the wording is not promotional in your template, say why with `# tplsync-disable-next-line utility-promotional -- reason`.',
    source: 'Meta template categorization',
    check(ctx: RuleContext) {
      if (ctx.t.category !== 'UTILITY') return;
      // a kind Meta offers as MARKETING only (a carousel, a limited-time offer, a product, a catalog button):
      // its own rule's error already says to set category: MARKETING, for the same mistake
      if (marketingOnlyKind(ctx.t)) return;
      const found = promotionalPhrases(ctx.t);
      if (!found.length) return;
      const first = found[0]!;
      const phrases = [...new Set(found.map((f) => f.phrase))];
      const named = phrases.slice(0, 3).map((p) => `"${p}"`).join(', ') + (phrases.length > 3 ? `, and ${phrases.length - 3} more` : '');
      ctx.report(first.path, `This UTILITY template reads as promotional (${named}): Meta takes a template with promotional content, even beside an order update, as MARKETING, and re-categorises an approved UTILITY one so (priced and limited as marketing). Move the promotion into a MARKETING template, or set category: MARKETING.`, { at: { start: first.start, end: first.end } });
    },
  },
]);
