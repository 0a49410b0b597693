// Pure: a new, lint-clean template file with the schema modeline and comments on each part.
import { YAML11_OTHER } from '../core/yaml11.js';
import { DESCRIPTION_STUB } from './stubs.js';

/** The kinds of template `tplsync new --kind` writes; each but `standard` fixes its category. */
export const KINDS: Readonly<Record<string, string | undefined>> = { standard: undefined, carousel: 'MARKETING', offer: 'MARKETING', authentication: 'AUTHENTICATION', call: undefined, gif: 'MARKETING', 'app-link': 'MARKETING', flow: undefined,
  product: 'MARKETING', 'product-carousel': 'MARKETING', 'call-permission': undefined, 'order-details': undefined, 'order-status': 'UTILITY',
};

export interface ScaffoldOptions { channel: string; name: string; language: string; category: string; schemaPath: string; kind?: string }

function identity(o: ScaffoldOptions, what: string): string[] {
  return [
    `# yaml-language-server: $schema=${o.schemaPath}`,
    `# ${what}`,
    '# Check it with `tplsync lint`; see it with `tplsync preview`; see what a merge would change with `tplsync plan`.',
    `channel: ${o.channel}          # an alias from tplsync.config.yaml (environments.<env>.channels)`,
    `name: ${YAML11_OTHER.test(o.name) ? `"${o.name}"` : o.name}`,
    `language: ${o.language}                 # ll or ll_CC, from WhatsApp's supported languages`,
    `category: ${o.category}`,
    `description: ${DESCRIPTION_STUB}`,
  ];
}

function card(n: number, product: string, price: string): string[] {
  return [
    '  - header:                       # IMAGE or VIDEO, the same on every card, with a sample URL',
    '      format: IMAGE',
    `      example: https://cdn.example.com/products/${product}.png`,
    '    body:                         # at most 160 characters; on every card or on none; its own placeholders',
    `      text: "Card ${n}: now {{price}} while stocks last."`,
    '      examples:',
    `        price: "${price}"`,
    '    buttons:                      # 1 or 2 of QUICK_REPLY, URL, PHONE_NUMBER: the same types, in the same order, on every card',
    '      - type: QUICK_REPLY',
    '        text: Tell me more',
    '      - type: URL',
    '        text: Buy',
    '        url: https://shop.example.com/p/{{1}}',
    `        example: https://shop.example.com/p/${product}`,
  ];
}

/** A scaffold of one of the kinds of FORMAT 1.1: carousel, offer, authentication. */
function scaffoldKind(o: ScaffoldOptions): string {
  if (o.kind === 'carousel') {
    return [
      ...identity(o, 'A media card carousel: one bubble of body text, then 2 to 10 cards the customer swipes through.'),
      'body:                             # the bubble above the cards: at most 1024 characters',
      '  text: "New arrivals for you, {{first_name}}: swipe to see them."',
      '  examples:',
      '    first_name: Ana',
      'carousel:                         # no header, footer or buttons beside a carousel: each card has its own',
      ...card(1, 'linen', '€39'),
      ...card(2, 'chino', '€49'),
      '',
    ].join('\n');
  }
  if (o.kind === 'offer') {
    return [
      ...identity(o, 'A limited-time offer: the offer strip (with a countdown when has_expiration is true) above the body.'),
      'header:                           # optional: IMAGE or VIDEO only',
      '  format: IMAGE',
      '  example: https://cdn.example.com/campaigns/offer.png',
      'limited_time_offer:',
      '  text: Expiring offer!           # at most 16 characters',
      '  has_expiration: true            # shows the countdown; then the first button is COPY_CODE',
      'body:                             # at most 600 characters; no footer on this kind',
      '  text: "Good news, {{1}}! Use code {{2}} to get 25% off everything this week."',
      '  examples:',
      '    1: Pablo',
      '    2: WEEK25',
      'buttons:                          # a URL button is required; COPY_CODE first',
      '  - type: COPY_CODE',
      '    example: WEEK25               # an offer\'s code: at most 15 characters',
      '  - type: URL',
      '    text: Shop now',
      '    url: https://shop.example.com/offers?code={{1}}',
      '    example: https://shop.example.com/offers?code=WEEK25',
      '',
    ].join('\n');
  }
  if (o.kind === 'call') {
    return [
      ...identity(o, 'A WhatsApp call button (format 1.2): tapping it calls the business on WhatsApp.'),
      'body:',
      '  text: "Hello {{1}}, you can call us on WhatsApp now for faster service."',
      '  examples:',
      '    1: Ana',
      'buttons:',
      '  - type: VOICE_CALL',
      '    text: Call Now                # optional: at most 20 characters',
      '    ttl_minutes: 1440             # optional: 1440 (1 day) to 43200 (30 days) the button works after sending',
      '',
    ].join('\n');
  }
  if (o.kind === 'app-link') {
    return [
      ...identity(o, 'A URL button mapped to an Android app deep link (format 1.2, MARKETING): the app opens on Android, `url` elsewhere.'),
      'body:',
      '  text: "Hello {{1}}, our summer deals are here: open them in the app."',
      '  examples:',
      '    1: Ana',
      'buttons:',
      '  - type: URL',
      '    text: View deals',
      '    url: https://shop.example.com/deals/summer/      # for other devices',
      '    app_deep_link:',
      '      meta_app_id: 634974688087057                  # the Meta app whose token sends the template',
      '      android_deep_link: exampleshop://deals/summer/  # opened on Android',
      '      android_fallback_playstore_url: https://shop.example.com/deals/summer/   # optional: when the app cannot open it',
      '',
    ].join('\n');
  }
  if (o.kind === 'flow') {
    return [
      ...identity(o, 'A FLOW button (format 1.2): it opens a WhatsApp Flow, by its id, its name or given inline as JSON.'),
      'body:',
      '  text: "Hello {{1}}, sign up for our newsletter in two taps."',
      '  examples:',
      '    1: Ana',
      'buttons:',
      '  - type: FLOW',
      '    text: Sign up',
      '    flow_name: newsletter_signup      # or flow_id: "<id>", or flow_json: the flow\'s JSON text',
      '    flow_action: navigate             # navigate (with navigate_screen) or data_exchange',
      '    navigate_screen: WELCOME_SCREEN   # the id of the first screen',
      '',
    ].join('\n');
  }
  if (o.kind === 'product') {
    return [
      ...identity(o, 'A single-product template (format 1.2, MARKETING): the product\'s image, title and price from your catalog, named when sending, and a View button.'),
      'header:',
      '  format: PRODUCT                 # no example: the send names the product (product_retailer_id, catalog_id)',
      'body:                             # at most 160 characters',
      '  text: "Use code {{code}} to get {{percent}} off our newest succulent!"',
      '  examples:',
      '    code: 15OFF',
      '    percent: "15%"',
      'footer: Offer ends September 22, 2024   # optional',
      'buttons:                          # exactly one: the SPM (View) button',
      '  - type: SPM',
      '    text: View',
      '',
    ].join('\n');
  }
  if (o.kind === 'product-carousel') {
    const productCard = ['  - header:', '      format: PRODUCT             # image, title and price of the product named when sending', '    buttons:                      # exactly one: SPM (View) or a URL button', '      - type: SPM', '        text: View'];
    return [
      ...identity(o, 'A product card carousel (format 1.2, MARKETING): the body, then product cards from your catalog; two cards at creation, up to 10 when sending.'),
      'body:',
      '  text: "Rare succulents for sale! {{1}}, add these unique plants to your collection."',
      '  examples:',
      '    1: Pablo',
      'carousel:                         # no body on a product card',
      ...productCard,
      ...productCard,
      '',
    ].join('\n');
  }
  if (o.kind === 'call-permission') {
    return [
      ...identity(o, 'A call permission request (format 1.2, MARKETING or UTILITY): the customer allows or declines calls from the business.'),
      'body:                             # required: say why you would call',
      '  text: "Hi {{first_name}}, can we give you a quick call about your order?"',
      '  examples:',
      '    first_name: Pablo',
      'call_permission_request: true     # no buttons, carousel or offer beside it',
      '',
    ].join('\n');
  }
  if (o.kind === 'order-details') {
    return [
      ...identity(o, 'An order details template (format 1.2, Meta payments): the order sent with the message, behind its ORDER_DETAILS button.'),
      'display_format: ORDER_DETAILS     # required for MARKETING',
      'header:                           # optional: TEXT, IMAGE or DOCUMENT',
      '  format: TEXT',
      '  text: Your order is ready',
      'body:',
      '  text: "Hi {{1}}, your order {{2}} is ready. Review it and pay in WhatsApp to confirm it."',
      '  examples:',
      '    1: Pablo',
      '    2: ON-12853',
      'buttons:                          # exactly one',
      '  - type: ORDER_DETAILS',
      '    text: Review and Pay',
      '',
    ].join('\n');
  }
  if (o.kind === 'order-status') {
    return [
      ...identity(o, 'An order status template (format 1.2, UTILITY): the new status of an order is given when sending and shown with this text.'),
      'sub_category: ORDER_STATUS        # a body and an optional footer only',
      'body:',
      '  text: "Hi {{1}}, there is news about your order: see its status below."',
      '  examples:',
      '    1: Pablo',
      'footer: Thank you for shopping with us',
      '',
    ].join('\n');
  }
  if (o.kind === 'gif') {
    return [
      ...identity(o, 'A GIF header (format 1.2): an mp4 of at most 3.5 MB, played muted and looped; MARKETING, sent through the Marketing Messages API.'),
      'header:',
      '  format: GIF',
      '  example: https://cdn.example.com/campaigns/sale.mp4   # an mp4 of at most 3.5 MB (larger is shown as a video)',
      'body:',
      '  text: "Hello {{1}}, our spring sale starts today with new colours in every size."',
      '  examples:',
      '    1: Ana',
      '',
    ].join('\n');
  }
  return [
    ...identity(o, 'An authentication template: WhatsApp writes the text ("<code> is your verification code.") in the template\'s language.'),
    'message_send_ttl_seconds: 600     # optional: 30 to 900; drop the message when not delivered in time',
    'body:',
    '  add_security_recommendation: true   # adds "For your security, do not share this code."',
    'footer:',
    '  code_expiration_minutes: 10     # 1 to 90: "This code expires in 10 minutes."',
    'buttons:                          # exactly one OTP button',
    '  - type: OTP',
    '    otp_type: COPY_CODE           # COPY_CODE | ONE_TAP (with supported_apps, autofill_text) | ZERO_TAP (also zero_tap_terms_accepted: true)',
    '    text: Copy code',
    '',
  ].join('\n');
}

/**
 * A kind's scaffold with its body naming the template (`Offer one: Good news, {{1}}! ...`): two
 * scaffolds of one kind would have one body, which lint warns (duplicate-content) and Meta rejects
 * for the second. The name is cut at 40 characters (an offer's body has 600 in all).
 */
function named(text: string, name: string): string {
  const words = name.replace(/_+/g, ' ').trim().slice(0, 40).trim() || name.slice(0, 40);
  const lead = `${words[0]!.toUpperCase()}${words.slice(1)}: `;
  return text.replace(/(\nbody:[^\n]*\n(?: {2}#[^\n]*\n)*) {2}text: "/, (m, head: string) => `${head}  text: "${lead.replace(/["\\]/g, '')}`);
}

export function scaffoldTemplate(o: ScaffoldOptions): string {
  if (o.kind && o.kind !== 'standard') return named(scaffoldKind(o), o.name);
  const auth = o.category === 'AUTHENTICATION';
  const lines = [
    `# yaml-language-server: $schema=${o.schemaPath}`,
    '# One file, one template: its identity is (channel, name, language). Check it with `tplsync lint`;',
    '# see what the customer sees with `tplsync preview`, and what a merge would change with `tplsync plan`.',
    `channel: ${o.channel}          # an alias from tplsync.config.yaml (environments.<env>.channels)`,
    `name: ${YAML11_OTHER.test(o.name) ? `"${o.name}"` : o.name}`,
    `language: ${o.language}                 # ll or ll_CC, from WhatsApp's supported languages`,
    `category: ${o.category}              # MARKETING | UTILITY | AUTHENTICATION (cannot change once APPROVED)`,
    `description: ${DESCRIPTION_STUB}`,
    '',
    '# header:                     # optional: TEXT (with text), IMAGE, VIDEO, GIF, DOCUMENT (with a sample URL) or LOCATION',
    '#   format: IMAGE',
    '#   example: https://cdn.example.com/sample.png',
    'body:',
    ...(auth ? [
      '  # WhatsApp writes the text of an authentication template itself ("<code> is your verification',
      '  # code."), in the template\'s language: the file says only which of its sentences to add.',
      '  add_security_recommendation: true   # "For your security, do not share this code."',
    ] : [
      '  # At most 1024 characters. Placeholders are named ({{first_name}}) or numbered ({{1}}), never both,',
      '  # and the text may not start or end with one. Each needs a sample below.',
      // the name in the text: two templates scaffolded alike would have one body (duplicate-content, and Meta rejects the second)
      `  text: "Hello {{first_name}}, this is a new message from us: ${o.name.replace(/_+/g, ' ').trim()}. Reply to this message if you have questions."`,
      '  examples:',
      '    first_name: Maria',
    ]),
  ];
  if (!auth) lines.push('', 'footer: Reply STOP to opt out     # optional: at most 60 characters, no placeholders');
  else lines.push('', 'footer:', '  code_expiration_minutes: 10         # 1..90: "This code expires in 10 minutes."');
  lines.push(
    '',
    '# Buttons (optional, at most 10): QUICK_REPLY, URL (one {{1}} at the end, with an example),',
    '# PHONE_NUMBER, COPY_CODE, FLOW, CATALOG. Quick replies go together, first or last.',
  );
  if (auth) lines.push('buttons:', '  - type: OTP', '    text: Copy code', '    otp_type: COPY_CODE');
  else lines.push('# buttons:', '#   - type: QUICK_REPLY', '#     text: Yes, please');
  lines.push(
    '',
    '# RCS content (optional): a rich card, or a carousel of 2 to 10.',
    '# message:',
    '#   type: rich_card',
    '#   richCards:',
    '#     - title: A title',
    '#       description: A description',
    '#       fileUrl: https://cdn.example.com/card.png',
    '#       suggestions:',
    '#         - { action: reply, text: Yes, postbackData: "yes" }',
    '#   rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }',
    '',
  );
  return lines.join('\n');
}

/** An RCS-only template: a card with one suggestion of each common kind, and the SMS fallback. */
export function scaffoldRcsTemplate(o: ScaffoldOptions): string {
  return [
    `# yaml-language-server: $schema=${o.schemaPath}`,
    '# An RCS template (a `message` and no `body`): no category, and the WhatsApp rules do not apply.',
    '# Check it with `tplsync lint`; see the card with `tplsync preview`; what a merge would change: `tplsync plan`.',
    `channel: ${o.channel}          # an alias from tplsync.config.yaml (environments.<env>.channels)`,
    `name: ${YAML11_OTHER.test(o.name) ? `"${o.name}"` : o.name}`,
    `language: ${o.language}`,
    `description: ${DESCRIPTION_STUB}`,
    'message:',
    '  type: rich_card             # rich_card (richCards), text (message), picture, video or file (fileUrl)',
    '  # STANDALONE: exactly 1 card; CAROUSEL: 2 to 10',
    '  richCards:',
    '    - title: "Hello {{first_name}}"                # at most 200 characters',
    '      description: Something new is waiting for you.  # at most 2000 characters',
    '      fileUrl: https://cdn.example.com/card.png   # public https; JPEG, PNG, GIF or a video',
    '      # at most 4 suggestions per card; each action takes its own keys (docs/format.md)',
    '      # a card is at most 344 dp high: under a title and a description, SHORT media leaves',
    '      # room for 3 suggestions, MEDIUM for 2, TALL for none (lint says so: rcs-card-height)',
    '      suggestions:',
    '        - { action: reply, text: Tell me more, postbackData: more }',
    '        - { action: open_url, text: Open the shop, postbackData: "https://shop.example.com", openUrlApplication: BROWSER }',
    '        - { action: dial, text: Call us, phoneNumber: "+4930123456", postbackData: call }',
    '        # other actions: view_location (latLong: { latitude, longitude } and label, or query),',
    '        # share_location, create_calendar_event (startTime, endTime in RFC 3339 with Z or an offset, title, description)',
    '  examples: { first_name: Maria }   # one sample per placeholder',
    '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: SHORT }',
    '  # rcsExpireOpts: { type: TTL, ttl: 86400 }   # or { type: EXPIRE_TIME, expireTime: "2030-01-31T23:59:59.000Z" }',
    '  # the SMS for phones without RCS: plain text, 160 characters per SMS part',
    '  fallback:',
    '    text: "Hello {{first_name}}, something new is waiting for you: https://shop.example.com"',
    '',
  ].join('\n');
}
