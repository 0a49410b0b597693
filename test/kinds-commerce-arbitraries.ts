// fast-check generators of template files of the commerce and calling kinds of format 1.2:
// single-product (SPM) templates, product card carousels, call permission requests, order
// details and order status templates. Every generated file is meant to lint clean (the property
// tests check that too), so that it can be applied, reviewed and pulled.
import fc from 'fast-check';

const word = fc.constantFrom('rare', 'succulents', 'garden', 'order', 'fresh', 'plants', 'today', 'collection', 'ready', 'soon');
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((w) => w.join(' '));
const id = fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/);
const sample = fc.stringMatching(/^[A-Za-z0-9]{1,10}$/);

/** a body of 1 or 2 placeholders, named or numbered, text between and around them */
const body = fc.record({ named: fc.boolean(), two: fc.boolean(), a: words(4, 6), b: words(2, 4), c: words(2, 4), x: sample, y: sample })
  .map((g) => {
    const [k1, k2] = g.named ? ['first_name', 'code'] : ['1', '2'];
    const text = `Hello {{${k1}}}, ${g.a}${g.two ? ` with {{${k2}}} ${g.b}` : ''} ${g.c}.`;
    return { text, examples: { [k1]: g.x, ...(g.two ? { [k2]: g.y } : {}) } };
  });
const footer = fc.option(fc.constantFrom('Lucky Shrub', 'Offer ends September 22, 2024', 'Reply STOP to opt out'), { nil: undefined });
const language = fc.constantFrom('en_US', 'de', 'pt_BR');

export const spmTemplate = fc.record({ id, body, footer, language, label: fc.constantFrom('View', 'Ansehen', 'Ver produto') }).map((g) => ({
  channel: 'shop-whatsapp', name: `spm_${g.id}`, language: g.language, category: 'MARKETING',
  header: { format: 'PRODUCT' }, body: g.body, ...(g.footer ? { footer: g.footer } : {}),
  buttons: [{ type: 'SPM', text: g.label }],
}));

export const productCarouselTemplate = fc.record({
  id, body, language, cards: fc.integer({ min: 2, max: 10 }), url: fc.boolean(), urlPlaceholder: fc.boolean(),
}).map((g) => ({
  channel: 'shop-whatsapp', name: `products_${g.id}`, language: g.language, category: 'MARKETING', body: g.body,
  carousel: Array.from({ length: g.cards }, (_, i) => ({
    header: { format: 'PRODUCT' },
    buttons: [g.url
      ? (g.urlPlaceholder
        ? { type: 'URL', text: 'Buy now', url: 'https://www.luckyshrub.com/rare-succulents/{{1}}', example: `https://www.luckyshrub.com/rare-succulents/P${i}` }
        : { type: 'URL', text: 'Buy now', url: 'https://www.luckyshrub.com/rare-succulents' })
      : { type: 'SPM', text: 'View' }],
  })),
}));

export const callPermissionTemplate = fc.record({ id, body, footer, language, category: fc.constantFrom('MARKETING', 'UTILITY'), header: fc.boolean() }).map((g) => ({
  channel: 'shop-whatsapp', name: `call_permission_${g.id}`, language: g.language, category: g.category,
  ...(g.header ? { header: { format: 'TEXT', text: 'May we call you?' } } : {}),
  body: g.body, call_permission_request: true, ...(g.footer ? { footer: g.footer } : {}),
}));

export const orderDetailsTemplate = fc.record({
  id, body, footer, language, category: fc.constantFrom('MARKETING', 'UTILITY'), declared: fc.boolean(),
  header: fc.constantFrom(undefined, 'TEXT', 'IMAGE', 'DOCUMENT'), label: fc.constantFrom('Review and Pay', 'Copy Pix code'),
}).map((g) => ({
  channel: 'shop-whatsapp', name: `order_details_${g.id}`, language: g.language, category: g.category,
  ...(g.category === 'MARKETING' || g.declared ? { display_format: 'ORDER_DETAILS' } : {}),
  ...(g.header === 'TEXT' ? { header: { format: 'TEXT', text: 'Your order is ready' } }
    : g.header ? { header: { format: g.header, example: `https://cdn.example.com/order.${g.header === 'IMAGE' ? 'png' : 'pdf'}` } } : {}),
  body: g.body, ...(g.footer ? { footer: g.footer } : {}),
  buttons: [{ type: 'ORDER_DETAILS', text: g.label }],
}));

export const orderStatusTemplate = fc.record({ id, body, footer, language }).map((g) => ({
  channel: 'shop-whatsapp', name: `order_status_${g.id}`, language: g.language, category: 'UTILITY', sub_category: 'ORDER_STATUS',
  body: g.body, ...(g.footer ? { footer: g.footer } : {}),
}));

export const COMMERCE_KINDS = [
  ['single-product (SPM) templates', spmTemplate],
  ['product card carousels', productCarouselTemplate],
  ['call permission request templates', callPermissionTemplate],
  ['order details templates', orderDetailsTemplate],
  ['order status templates', orderStatusTemplate],
] as const;
