/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Shared by the preview-readers-kinds-*.test.ts and preview-readers-sites.test.ts files: one
// template per kind the format has (docs/format.md, schema/template.schema.json), in Latin
// script: WhatsApp headers of every format, buttons of every type, carousels, limited-time
// offers, coupons, authentication, catalog/MPM, flows, call buttons; RCS texts, standalone cards
// of every layout, carousels, media messages, every suggested action, expiries and fallbacks.
// Each kind names the element that shows it was drawn as that kind, so a page that lost its
// kind fails rather than passing empty. The pages are checked in one browser, one context, one
// tab: every page at 360 and 1280 px, light and dark (see checkAt).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/load.ts';
import { buildSite } from '../src/preview/site.ts';
import { changePageName, renderChangesSite } from '../src/preview/changes.ts';
import { diffTemplates, fromFile, type CanonicalTemplate, type FileTemplate } from '../src/model/canonical.ts';
import type { Plan, PlanChange } from '../src/plan/plan.ts';
import { checkPage, VIEWINGS, withAxe, type Viewing } from './preview-readers.ts';
import { sharedBrowser } from './browser.ts';
import { cleanup, ROOT, tempDir } from './helpers.ts';

/** Where the screenshots of these pages go, with TPLSYNC_SHOTS=1: <site|changes>-<page>-<width>-<light|dark>.png (test-output/ is gitignored). */
export const KIND_SHOTS = path.join(ROOT, 'test-output', 'preview-kinds');

export interface Kind {
  /** the template's name (and the file's) */
  name: string;
  channel: 'shop-whatsapp' | 'shop-rcs';
  /** the lines of the file after channel, name and language */
  yaml: string[];
  /** elements that show the page drew this kind (each must be on the page) */
  shows: string[];
  language?: string;
}

const WA = 'shop-whatsapp';
const RCS = 'shop-rcs';
const LONG_URL = 'https://shop.example.com/orders/A-1042/tracking/0123456789abcdef0123456789abcdef?utm_source=whatsapp&utm_campaign=order_update';
const body = (text: string, examples: string) => ['body:', `  text: "${text}"`, `  examples: ${examples}`];

export const WHATSAPP_KINDS: Kind[] = [
  // headers of every format
  { name: 'header_text', channel: WA, shows: ['.wa-header mark', '.wa-footer', '[data-type="QUICK_REPLY"]'], yaml: [
    'category: UTILITY', 'description: Text header with a sample, footer and quick replies',
    'header:', '  format: TEXT', '  text: "Order {{order_id}} update"', '  examples: { order_id: A-1042 }',
    ...body('Hi {{customer}}, your order {{order_id}} was packed today and leaves our warehouse tomorrow morning.', '{ customer: Maria, order_id: A-1042 }'),
    'footer: Reply STOP to opt out', 'buttons:', '  - { type: QUICK_REPLY, text: Track parcel }', '  - { type: QUICK_REPLY, text: Talk to support }'] },
  { name: 'header_image', channel: WA, shows: ['.wa-media .media img[alt]', '.wa-media .ph'], yaml: [
    'category: UTILITY', 'description: Image header',
    'header: { format: IMAGE, example: "https://cdn.example.com/parcel.png" }',
    ...body('Hi {{customer}}, your parcel {{order_id}} is on its way and should arrive within three working days.', '{ customer: Maria, order_id: A-1042 }')] },
  { name: 'header_video', channel: WA, shows: ['.wa-media .media.video'], yaml: [
    'category: MARKETING', 'description: Video header',
    'header: { format: VIDEO, example: "https://cdn.example.com/campaigns/autumn-collection-teaser-final-1080p.mp4" }',
    ...body('Hi {{1}}, watch the first look at our autumn collection before it reaches the stores.', '{ 1: Ana }')] },
  { name: 'header_gif', channel: WA, shows: ['[data-testid="gif"] .badge'], yaml: [
    'category: MARKETING', 'description: GIF header (version 1.2)',
    'header: { format: GIF, example: "https://cdn.example.com/campaigns/sale.mp4" }',
    ...body('Hello {{1}}, our spring sale starts today with new colours in every size.', '{ 1: Ana }')] },
  { name: 'header_document', channel: WA, shows: ['.wa-media .media.doc'], yaml: [
    'category: UTILITY', 'description: Document header',
    'header: { format: DOCUMENT, example: "https://cdn.example.com/invoices/invoice-2026-000123-maria-schneider.pdf" }',
    ...body('Your invoice for order {{order_id}} over {{amount}} is attached. Thank you for shopping with us.', '{ order_id: A-1042, amount: 59.90 EUR }'),
    'footer: Questions? Reply to this message'] },
  { name: 'header_location', channel: WA, shows: ['.wa-media .media.location'], yaml: [
    'category: UTILITY', 'description: Location header',
    'header: { format: LOCATION }',
    ...body('Hello {{1}}, your parcel waits for you at this pickup point until {{2}}.', '{ 1: James, 2: 14 March }')] },
  // buttons of every type
  { name: 'button_url', channel: WA, shows: ['[data-type="URL"][title]'], yaml: [
    'category: UTILITY', 'description: URL buttons, static and with a sample', 'cta_url_link_tracking_opted_out: true',
    ...body(`Your order {{order_id}} has shipped. Follow it here: ${LONG_URL}`, '{ order_id: A-1042 }'),
    'buttons:', '  - { type: URL, text: Open order, url: "https://shop.example.com/orders/{{1}}", example: "https://shop.example.com/orders/A-1042" }',
    '  - { type: URL, text: Returns and refunds, url: "https://shop.example.com/returns" }'] },
  { name: 'button_phone', channel: WA, shows: ['[data-type="PHONE_NUMBER"]'], yaml: [
    'category: UTILITY', 'description: Phone number button',
    ...body('Hello {{1}}, your fitting appointment is on {{2}}. Call us if you need to move it.', '{ 1: James, 2: 14 March }'),
    'buttons:', '  - { type: PHONE_NUMBER, text: Call the store, phone_number: "+442071234567" }'] },
  { name: 'button_copy_code', channel: WA, shows: ['[data-type="COPY_CODE"]'], yaml: [
    'category: MARKETING', 'description: Coupon code',
    ...body('Hi {{1}}, here is 15% off your next order with the code {{2}}, valid all month.', '{ 1: Ana, 2: AUTUMN15 }'),
    'buttons:', '  - { type: COPY_CODE, example: AUTUMN15 }', '  - { type: URL, text: Shop now, url: "https://shop.example.com/autumn" }'] },
  { name: 'button_flow_id', channel: WA, shows: ['[data-type="FLOW"]'], yaml: [
    'category: MARKETING', 'description: Flow by id (version 1)',
    ...body('How was the delivery of order {{order_id}}? It takes less than a minute to tell us.', '{ order_id: A-1042 }'),
    'buttons:', '  - { type: FLOW, text: Rate delivery, flow: { id: "1234567890", action: navigate, navigateScreen: RATING } }'] },
  { name: 'button_flow_name', channel: WA, shows: ['[data-type="FLOW"]'], yaml: [
    'category: MARKETING', 'description: Flow by name, exchanging data (version 1.2)',
    ...body('Hi {{1}}, book your next fitting in a few taps.', '{ 1: Ana }'),
    'buttons:', '  - { type: FLOW, text: Book a fitting, flow_name: fitting_booking, flow_action: data_exchange }'] },
  { name: 'button_flow_json', channel: WA, shows: ['[data-type="FLOW"]'], yaml: [
    'category: MARKETING', 'description: Flow as JSON (version 1.2)',
    ...body('Hi {{1}}, sign up for early access to the sale.', '{ 1: Ana }'),
    'buttons:', '  - type: FLOW', '    text: Sign up', '    flow_action: navigate', '    navigate_screen: WELCOME_SCREEN',
    '    flow_json: \'{ "version": "3.1", "screens": [ { "id": "WELCOME_SCREEN", "title": "Welcome", "terminal": true, "success": true, "data": {}, "layout": { "type": "SingleColumnLayout", "children": [ { "type": "TextHeading", "text": "Hello World" } ] } } ] }\''] },
  { name: 'button_catalog', channel: WA, shows: ['[data-type="CATALOG"]'], yaml: [
    'category: MARKETING', 'description: Catalog',
    ...body('Hi {{1}}, our autumn collection has arrived. Browse the new pieces in our catalog and order in the chat.', '{ 1: Ana }'),
    'buttons:', '  - { type: CATALOG, text: View catalog }'] },
  { name: 'button_mpm', channel: WA, shows: ['[data-type="MPM"]'], yaml: [
    'category: MARKETING', 'description: Multi-product message',
    'header: { format: TEXT, text: Picked for you }',
    ...body('Hi {{1}}, we picked a few pieces that go with your last order.', '{ 1: Ana }'),
    'buttons:', '  - { type: MPM, text: View items }'] },
  { name: 'product_spm', channel: WA, shows: ['[data-testid="product"]', '[data-type="SPM"]'], yaml: [
    'category: MARKETING', 'description: Single-product message (version 1.2)', 'header: { format: PRODUCT }',
    ...body('Use code {{code}} to get {{percent}} off our newest succulent, only this week in our shop!', '{ code: 15OFF, percent: "15%" }'),
    'footer: Offer ends September 22', 'buttons:', '  - { type: SPM, text: View }'] },
  { name: 'carousel_product', channel: WA, shows: ['[data-testid="carousel"] [data-testid="product"]', '[data-testid="carousel"] [data-type="SPM"]'], yaml: [
    'category: MARKETING', 'description: Product card carousel (version 1.2)',
    ...body('Rare succulents for sale, {{1}}! Add these unique plants to your collection today.', '{ 1: Pablo }'),
    'carousel:', '  - header: { format: PRODUCT }', '    buttons: [{ type: SPM, text: View }]', '  - header: { format: PRODUCT }', '    buttons: [{ type: SPM, text: View }]'] },
  { name: 'order_details', channel: WA, shows: ['[data-type="ORDER_DETAILS"]'], yaml: [
    'category: UTILITY', 'description: Order details (version 1.2)', 'display_format: ORDER_DETAILS', 'header: { format: TEXT, text: Your order is ready }',
    ...body('Hi {{1}}, your order {{2}} is ready. Review it and pay in WhatsApp to confirm it.', '{ 1: Pablo, 2: ON-12853 }'),
    'footer: Lucky Shrub', 'buttons:', '  - { type: ORDER_DETAILS, text: Review and Pay }'] },
  { name: 'order_status', channel: WA, shows: ['[data-testid="order-status"]'], yaml: [
    'category: UTILITY', 'description: Order status (version 1.2)', 'sub_category: ORDER_STATUS',
    ...body('Hi {{1}}, there is news about your Lucky Shrub order: see its status below.', '{ 1: Pablo }'), 'footer: Lucky Shrub'] },
  { name: 'call_permission', channel: WA, shows: ['[data-testid="call-permission"]'], yaml: [
    'category: MARKETING', 'description: Call permission request (version 1.2)',
    ...body('Hi {{first_name}}, as a VIP, get a first look at our rare new succulents. Can we give you a quick call?', '{ first_name: Pablo }'),
    'call_permission_request: true'] },
  { name: 'button_voice_call', channel: WA, shows: ['[data-type="VOICE_CALL"]'], yaml: [
    'category: UTILITY', 'description: WhatsApp call button (version 1.2)',
    ...body('Hi {{1}}, we could not deliver your parcel today. Call us on WhatsApp to arrange a new time.', '{ 1: Ana }'),
    'buttons:', '  - { type: VOICE_CALL, text: Call Now, ttl_minutes: 1440 }', '  - { type: URL, text: Contact Support, url: "https://shop.example.com/support" }'] },
  { name: 'button_app_link', channel: WA, shows: ['[data-type="URL"][data-app-link]'], yaml: [
    'category: MARKETING', 'description: URL button with an Android app deep link (version 1.2)',
    ...body('Hi {{1}}, the summer deals are live in our app.', '{ 1: Ana }'),
    'buttons:', '  - type: URL', '    text: View Deals', '    url: https://shop.example.com/deals/summer/',
    '    app_deep_link: { meta_app_id: 634974688087057, android_deep_link: "shopapp://deals/summer/", android_fallback_playstore_url: "https://shop.example.com/deals/summer/" }'] },
  { name: 'buttons_mixed', channel: WA, shows: ['[data-testid="desktop"]', '[data-type="QUICK_REPLY"]', '[data-type="URL"]', '[data-type="PHONE_NUMBER"]'], yaml: [
    'category: MARKETING', 'description: Quick replies beside other buttons (not shown on WhatsApp desktop)',
    ...body('Hi {{1}}, the autumn collection is in. What would you like to do next?', '{ 1: Ana }'),
    'buttons:', '  - { type: QUICK_REPLY, text: Show me new arrivals }', '  - { type: QUICK_REPLY, text: Not interested }', '  - { type: QUICK_REPLY, text: Stop promotions }',
    '  - { type: URL, text: Open the shop, url: "https://shop.example.com" }', '  - { type: PHONE_NUMBER, text: Call a stylist, phone_number: "+4930123456" }'] },
  // carousels
  { name: 'carousel_image', channel: WA, shows: ['[data-testid="carousel"] [data-testid="wa-card"] img[alt]'], yaml: [
    'category: MARKETING', 'description: Media card carousel with images',
    ...body('New arrivals for you, {{first_name}}: swipe to see them.', '{ first_name: Ana }'),
    'carousel:',
    ...['linen', 'chino', 'sneaker'].flatMap((p, i) => [
      `  - header: { format: IMAGE, example: "https://cdn.example.com/products/${p}.png" }`,
      `    body: { text: "${['Linen shirt', 'Chinos', 'Sneakers'][i]}, now {{price}} in every size.", examples: { price: "€${39 + 10 * i}" } }`,
      '    buttons:', '      - { type: QUICK_REPLY, text: Tell me more }', `      - { type: URL, text: Buy, url: "https://shop.example.com/p/{{1}}", example: "https://shop.example.com/p/${p}" }`])] },
  { name: 'carousel_video', channel: WA, shows: ['[data-testid="carousel"] [data-testid="wa-card"] .media.video'], yaml: [
    'category: MARKETING', 'description: Media card carousel with videos and phone buttons',
    ...body('Hi {{1}}, three looks from our autumn show.', '{ 1: Ana }'),
    'carousel:',
    ...['look-1', 'look-2'].flatMap((p) => [
      `  - header: { format: VIDEO, example: "https://cdn.example.com/show/${p}.mp4" }`,
      '    buttons:', '      - { type: PHONE_NUMBER, text: Book a stylist, phone_number: "+4930123456" }'])] },
  // limited-time offers
  { name: 'offer_expiring', channel: WA, shows: ['[data-testid="offer"]', '[data-testid="offer-expiry"]', '[data-type="COPY_CODE"]'], yaml: [
    'category: MARKETING', 'description: Limited-time offer with a countdown',
    'header: { format: IMAGE, example: "https://cdn.example.com/campaigns/caribbean.png" }',
    'limited_time_offer: { text: Expiring offer!, has_expiration: true }',
    ...body('Good news, {{1}}! Use code {{2}} to get 25% off all Caribbean packages!', '{ 1: Pablo, 2: CARIBE25 }'),
    'buttons:', '  - { type: COPY_CODE, example: CARIBE25 }', '  - { type: URL, text: Book now!, url: "https://travel.example.com/offers?code={{1}}", example: "https://travel.example.com/offers?code=n3mtql" }'] },
  { name: 'offer_plain', channel: WA, shows: ['[data-testid="offer"]', '.wa-media .media.video'], yaml: [
    'category: MARKETING', 'description: Limited-time offer without a countdown',
    'header: { format: VIDEO, example: "https://cdn.example.com/campaigns/weekend.mp4" }',
    'limited_time_offer: { text: Weekend only }',
    ...body('Hi {{1}}, this weekend every second item is half price.', '{ 1: Pablo }'),
    'buttons:', '  - { type: URL, text: Shop the offer, url: "https://shop.example.com/weekend" }'] },
  // authentication
  { name: 'auth_copy_code', channel: WA, shows: ['[data-type="OTP"]'], yaml: [
    'category: AUTHENTICATION', 'description: One-time code with a copy button',
    ...body('{{1}} is your verification code. For your security, do not share this code.', '{ 1: "483920" }'),
    'buttons:', '  - { type: OTP, text: Copy code, otp_type: COPY_CODE }'] },
  { name: 'auth_one_tap', channel: WA, shows: ['[data-type="OTP"]', '[data-testid="footer"]'], yaml: [
    'category: AUTHENTICATION', 'description: One-tap autofill', 'message_send_ttl_seconds: 600',
    'body: { add_security_recommendation: true }', 'footer: { code_expiration_minutes: 10 }',
    'buttons:', '  - type: OTP', '    otp_type: ONE_TAP', '    text: Copy code', '    autofill_text: Autofill',
    '    supported_apps: [{ package_name: com.example.shop, signature_hash: K8a/AINcGX7 }]'] },
  { name: 'auth_zero_tap', channel: WA, shows: ['[data-type="OTP"]'], yaml: [
    'category: AUTHENTICATION', 'description: Zero-tap', 'body: { add_security_recommendation: true }',
    'buttons:', '  - type: OTP', '    otp_type: ZERO_TAP', '    autofill_text: Autofill', '    zero_tap_terms_accepted: true',
    '    supported_apps: [{ package_name: com.example.shop, signature_hash: K8a/AINcGX7 }]'] },
  { name: 'auth_localised', channel: WA, language: 'fr', shows: ['[data-testid="localised"]', '[data-type="OTP"]'], yaml: [
    'category: AUTHENTICATION', 'description: Code in French (WhatsApp localises the text)',
    'body: { add_security_recommendation: true }', 'footer: { code_expiration_minutes: 5 }',
    'buttons:', '  - { type: OTP, otp_type: COPY_CODE, text: Copier le code }'] },
];

const chip = (x: string) => `    - ${x}`;
const rcs = (description: string, message: string[], extra: string[] = []) => [`description: ${description}`, 'message:', ...message.map((l) => `  ${l}`), ...extra];
const card = (title: string, description: string, file: string | undefined, suggestions: string[]) => [
  `  - title: "${title}"`, `    description: "${description}"`, ...(file ? [`    fileUrl: ${file}`] : []),
  ...(suggestions.length ? ['    suggestions:', ...suggestions.map((s) => `      - ${s}`)] : [])].map((l) => `  ${l}`);

export const RCS_KINDS: Kind[] = [
  { name: 'text_chips', channel: RCS, shows: ['[data-testid="rcs-text"]', '.suggestions [data-action="reply"]'], yaml: rcs('Text message with reply chips', [
    'type: text', 'message: "Hi {{first_name}}, join our coffee tasting on Friday at 18:00? Tap an answer below."',
    'suggestions:', chip('{ action: reply, text: "Yes, I\'ll come", postbackData: tasting_yes }'), chip('{ action: reply, text: Not this time, postbackData: tasting_no }'),
    'examples: { first_name: Maria }']) },
  // each suggested action
  { name: 'suggest_open_url', channel: RCS, shows: ['[data-action="open_url"]:not([data-webview])', '[data-webview="FULL"]', '[data-webview="HALF"]', '[data-webview="TALL"]'], yaml: rcs('open_url in the browser and in each webview', [
    'type: text', `message: "Your order is on its way: ${LONG_URL}"`, 'suggestions:',
    chip('{ action: open_url, text: Open in the browser, postbackData: "https://shop.example.com/track", openUrlApplication: BROWSER }'),
    chip('{ action: open_url, text: Full webview, postbackData: "https://shop.example.com/track", openUrlApplication: WEBVIEW, webviewType: FULL }'),
    chip('{ action: open_url, text: Half webview, postbackData: "https://shop.example.com/track", openUrlApplication: WEBVIEW, webviewType: HALF }'),
    chip('{ action: open_url, text: Tall webview, postbackData: "https://shop.example.com/track", openUrlApplication: WEBVIEW, webviewType: TALL }')]) },
  { name: 'suggest_dial', channel: RCS, shows: ['[data-action="dial"]'], yaml: rcs('dial', [
    'type: text', 'message: We tried to reach you about your return. Call us back any time between 8:00 and 20:00.', 'suggestions:',
    chip('{ action: dial, text: Call support, postbackData: call_support, phoneNumber: "+4930123456" }')]) },
  { name: 'suggest_view_location', channel: RCS, shows: ['[data-action="view_location"]'], yaml: rcs('view_location by coordinates and by query', [
    'type: rich_card', 'richCards:', ...card('Your order is ready for pickup', 'Pick it up at {{store}} until Saturday, 20:00.', 'https://cdn.example.com/stores/berlin.jpg', [
      '{ action: view_location, text: Directions, postbackData: directions, latLong: { latitude: 52.52, longitude: 13.405 }, label: tplsync store Berlin }',
      '{ action: view_location, text: Other stores, postbackData: stores, query: tplsync store }']),
    'examples: { store: tplsync Berlin Mitte }', 'rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: SHORT }']) },
  { name: 'suggest_share_location', channel: RCS, shows: ['[data-action="share_location"]'], yaml: rcs('share_location', [
    'type: text', 'message: Your courier is nearby but cannot find the entrance. Share your location so they can find you.', 'suggestions:',
    chip('{ action: share_location, text: Share my location, postbackData: share_location }')]) },
  { name: 'suggest_calendar', channel: RCS, shows: ['[data-action="create_calendar_event"]'], yaml: rcs('create_calendar_event', [
    'type: text', 'message: Our autumn collection launches live on 12 September.', 'suggestions:',
    chip('{ action: create_calendar_event, text: Save the date, postbackData: save_launch, startTime: "2030-09-12T17:00:00.000Z", endTime: "2030-09-12T18:00:00.000Z", title: tplsync autumn launch, description: Live stream of the new collection }')]) },
  // standalone rich cards of every layout
  { name: 'card_vertical', channel: RCS, shows: ['.cards.standalone [data-testid="card"] img[alt]', '[data-media-height="TALL"]'], yaml: rcs('Standalone vertical card, tall media', [
    'type: rich_card', 'richCards:', ...card('New store in {{city}}', 'Opening Saturday, 10:00, with coffee and a welcome gift for the first hundred visitors.', 'https://cdn.example.com/stores/berlin.jpg', [
      '{ action: reply, text: Count me in, postbackData: rsvp_yes }', '{ action: open_url, text: Website, postbackData: "https://shop.example.com/berlin", openUrlApplication: WEBVIEW, webviewType: TALL }',
      '{ action: dial, text: Call the store, phoneNumber: "+4930123456", postbackData: call_store }', '{ action: view_location, text: Directions, latLong: { latitude: 52.52, longitude: 13.405 }, label: tplsync store Berlin }']),
    'examples: { city: Berlin }', 'rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, imageAlign: THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED, mediaHeight: TALL }']) },
  { name: 'card_horizontal_left', channel: RCS, shows: ['.cards.horizontal.align-left [data-testid="card"]'], yaml: rcs('Standalone horizontal card, image left', [
    'type: rich_card', 'richCards:', ...card('Order {{order_id}} is out for delivery', 'Your courier arrives between 14:00 and 16:00.', 'https://cdn.example.com/parcel.png', [
      '{ action: open_url, text: Track live, postbackData: "https://shop.example.com/track", openUrlApplication: WEBVIEW, webviewType: TALL }']),
    'examples: { order_id: A-1042 }', 'rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }']) },
  { name: 'card_horizontal_right', channel: RCS, shows: ['.cards.horizontal.align-right [data-testid="card"]'], yaml: rcs('Standalone horizontal card, image right', [
    'type: rich_card', 'richCards:', ...card('Your return was received', 'We refund {{amount}} within five working days.', 'https://cdn.example.com/returns/box.png', [
      '{ action: reply, text: Thanks, postbackData: thanks }']),
    'examples: { amount: 59.90 EUR }', 'rcsRichCardsOpts: { type: STANDALONE, orientation: HORIZONTAL, imageAlign: RIGHT }']) },
  // carousels
  { name: 'carousel_small', channel: RCS, shows: ['.cards.carousel[data-card-width="SMALL"][data-media-height="SHORT"]'], yaml: rcs('Carousel of SMALL cards, SHORT media', [
    'type: rich_card', 'richCards:',
    ...['Linen shirts', 'Sneakers', 'Free delivery', 'Gift cards'].flatMap((t, i) => card(t, `Offer ${i + 1} of the weekend`, `https://cdn.example.com/offers/${i}.jpg`, [
      `{ action: open_url, text: Shop now, postbackData: "https://shop.example.com/offers/${i}", openUrlApplication: BROWSER }`, `{ action: reply, text: Remind me on Sunday, postbackData: remind_${i} }`])),
    'suggestions:', chip('{ action: reply, text: Not interested, postbackData: opt_out }'),
    'rcsRichCardsOpts: { type: CAROUSEL, cardWidth: SMALL, mediaHeight: SHORT }']) },
  { name: 'carousel_medium', channel: RCS, shows: ['.cards.carousel[data-card-width="MEDIUM"][data-media-height="MEDIUM"]'], yaml: rcs('Carousel of MEDIUM cards, MEDIUM media, message text above', [
    'type: rich_card', 'message: "Weekend offers for {{first_name}}"', 'richCards:',
    ...['Linen shirts', 'Sneakers', 'Free delivery'].flatMap((t, i) => card(t, ['30% off all linen shirts', 'Two pairs for the price of one', 'On every order this weekend'][i]!, `https://cdn.example.com/offers/m${i}.jpg`, [
      `{ action: open_url, text: Shop ${t.toLowerCase()}, postbackData: "https://shop.example.com/m/${i}", openUrlApplication: BROWSER }`])),
    'examples: { first_name: Ana }', 'rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }',
    'rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "2099-12-31T23:59:59.000Z" }']) },
  // media messages
  { name: 'picture', channel: RCS, shows: ['.cards.standalone .card img[alt]'], yaml: rcs('Picture message', [
    'type: picture', 'fileUrl: https://cdn.example.com/stores/berlin-opening-day-panorama.jpg', 'suggestions:', chip('{ action: reply, text: Nice!, postbackData: nice }')]) },
  { name: 'video', channel: RCS, shows: ['.cards.standalone [data-testid="video"]'], yaml: rcs('Video message with a thumbnail', [
    'type: video', 'fileUrl: https://cdn.example.com/launch/teaser.mp4', 'thumbnailUrl: https://cdn.example.com/launch/teaser-thumb.jpg',
    'rcsExpireOpts: { type: TTL, ttl: 604800 }']) },
  { name: 'file', channel: RCS, shows: ['.cards.standalone .bubble'], yaml: rcs('File message', [
    'type: file', 'fileUrl: https://cdn.example.com/invoices/invoice-2026-000123-maria-schneider.pdf']) },
  // an audio file as the phone's audio player, a video without a thumbnail as Google's blank placeholder (trial-br F3, F5)
  { name: 'audio', channel: RCS, shows: ['.cards.standalone [data-testid="rcs-audio"]'], yaml: rcs('Audio file message', [
    'type: file', 'fileUrl: https://cdn.example.com/jingles/summer-jingle-2026-final-master.mp3']) },
  { name: 'video_no_thumbnail', channel: RCS, shows: ['[data-testid="video-placeholder"]', '[data-testid="video-no-thumbnail"]'], yaml: rcs('Video message without a thumbnail', [
    'type: video', 'fileUrl: https://cdn.example.com/launch/teaser.mp4']) },
  // a video card with its fallback, and a template with both parts
  { name: 'card_video_fallback', channel: RCS, shows: ['[data-testid="card"] [data-testid="video"]', '[data-testid="fallback"]'], yaml: rcs('Video card with a long SMS fallback', [
    'type: rich_card', 'richCards:', ...card('The autumn collection, live', 'Join us for the launch stream, {{first_name}}.', 'https://cdn.example.com/launch/teaser.mp4', [
      '{ action: create_calendar_event, text: Save the date, postbackData: save_launch, startTime: "2030-09-12T17:00:00.000Z", endTime: "2030-09-12T18:00:00.000Z", title: tplsync autumn launch }']),
    '      thumbnailUrl: https://cdn.example.com/launch/teaser-thumb.jpg',
    'examples: { first_name: Ana }', 'rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }',
    'fallback:', `  text: "Hi {{first_name}}, our autumn collection launches live on 12 Sep 2030, 17:00 UTC. Watch the teaser and save the date here: ${LONG_URL}"`]) },
  { name: 'both_parts', channel: RCS, shows: ['.phone .wa-body', '.rcs [data-testid="card"]'], yaml: [
    'category: UTILITY', 'description: A WhatsApp part and an RCS message',
    ...body('Hi {{customer}}, your parcel {{order_id}} is on its way and arrives {{arrival}}. Track it any time in the app or on our website.', '{ customer: Maria, order_id: A-1042, arrival: tomorrow }'),
    'message:', '  type: rich_card', '  richCards:', ...card('Your parcel is on the way', 'Order {{order_id}} arrives {{arrival}}.', 'https://cdn.example.com/parcel.png', [
      '{ action: reply, text: Track, postbackData: track }']).map((l) => `  ${l}`),
    '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }', '  rcsExpireOpts: { type: TTL, ttl: 3600 }'] },
];

/** A file with lint findings (errors and warnings): the findings list in its colours. */
const WITH_FINDINGS: Kind = { name: 'with_findings', channel: WA, shows: ['.findings li.error', '.findings li.warning'], yaml: [
  'category: MARKETING', 'description: Lint errors and warnings on the page',
  ...body('{{1}} buy now {{2}}', '{ 1: Ana }'), 'footer: "See https://shop.example.com for more"',
  'buttons:', '  - { type: QUICK_REPLY, text: This label is far longer than twenty-five characters }'] };

export const fileOf = (k: Kind) => `${k.channel === WA ? 'whatsapp' : 'rcs'}/${k.name}.${k.language ?? 'en_US'}.yaml`;
export const textOf = (k: Kind) => [`channel: ${k.channel}`, `name: ${k.name}`, `language: ${k.language ?? 'en_US'}`, ...k.yaml, ''].join('\n');
export const pageOfKind = (k: Kind) => changePageName({ channel: k.channel, name: k.name, language: k.language ?? 'en_US' });

const CONFIG = [
  'templates: ["templates/**/*.yaml"]', 'defaultEnvironment: local', 'environments:', '  local:', '    emulator: .tplsync/emulator.json', '    channels:',
  '      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', '      shop-rcs: 3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b',
  'channels:', '  shop-whatsapp: { kind: whatsapp }', '  shop-rcs: { kind: rcs }', ''].join('\n');

export interface KindsBuilt { site: string; changes: string; sitePages: string[]; changePages: { page: string; shows: string[] }[]; kinds: Kind[] }

/** The project of every kind (and one file with findings) and its site and before/after pages, written to `dir`. */
export async function buildKinds(dir: string): Promise<KindsBuilt> {
  const kinds = [...WHATSAPP_KINDS, ...RCS_KINDS, WITH_FINDINGS];
  for (const sub of ['whatsapp', 'rcs']) mkdirSync(path.join(dir, 'templates', sub), { recursive: true });
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG);
  for (const k of kinds) writeFileSync(path.join(dir, 'templates', fileOf(k)), textOf(k));
  const config = await loadConfig({ cwd: dir });
  const built = await buildSite(config, [], dir);
  const site = path.join(dir, 'site');
  mkdirSync(site, { recursive: true });
  for (const [name, html] of built.pages) writeFileSync(path.join(site, name), html);

  // before/after: an update of each part that can change (text, buttons, a carousel card, an
  // RCS card and its chips) and a template the channel does not have yet
  const canonical = (k: Kind): FileTemplate => fromFile(parse(textOf(k)), k.channel, '');
  const byName = (n: string) => kinds.find((k) => k.name === n)!;
  const edits: [string, (c: CanonicalTemplate) => CanonicalTemplate, string[]][] = [
    ['header_text', (c) => ({ ...c, body: { ...c.body, text: c.body.text.replace('was packed today', 'is waiting to be packed') }, footer: 'Reply STOP to stop these messages' }), ['[data-testid="after"] ins', '[data-testid="before"] del']],
    ['buttons_mixed', (c) => ({ ...c, buttons: c.buttons.slice(0, 3) }), ['[data-testid="after"] .wa-button.changed']],
    ['carousel_image', (c) => ({ ...c, carousel: c.carousel!.map((card, i) => (i === 1 ? { ...card, header: { ...card.header, example: 'https://cdn.example.com/products/old-chino.png' } } : card)) }), ['[data-testid="after"] .wa-card.changed']],
    ['carousel_small', (c) => ({ ...c, message: { ...c.message!, richCards: c.message!.richCards!.slice(0, 2) } }), ['[data-testid="after"] .card.changed']],
    ['offer_expiring', (c) => ({ ...c, limitedTimeOffer: { ...c.limitedTimeOffer!, text: 'Last chance!' } }), ['[data-testid="after"] .wa-offer.changed ins', '[data-testid="before"] .wa-offer.changed del']],
    ['auth_one_tap', (c) => ({ ...c, codeExpirationMinutes: 5 }), ['[data-testid="after"] .wa-footer.changed', '[data-testid="before"] .wa-footer.changed']],
    ['card_video_fallback', (c) => ({ ...c, message: { ...c.message!, fallback: { text: 'Our autumn collection launches live on 12 Sep 2030.' } } }), ['[data-testid="after"] .fallback.changed']],
    ['carousel_medium', (c) => ({ ...c, message: { ...c.message!, rcsRichCardsOpts: { ...c.message!.rcsRichCardsOpts, mediaHeight: 'TALL' }, rcsExpireOpts: { type: 'EXPIRE_TIME', expireTime: '2098-12-31T23:59:59.000Z' } } }), ['[data-testid="after"] .cards.carousel.changed', '[data-testid="after"] .meta.changed']],
    ['picture', (c) => ({ ...c, message: { ...c.message!, fileUrl: 'https://cdn.example.com/stores/berlin-old.jpg' } }), ['[data-testid="after"] .cards.standalone.changed', '[data-testid="before"] .cards.standalone.changed']],
  ];
  const changes: PlanChange[] = edits.map(([name, edit]) => {
    const k = byName(name);
    const desired = canonical(k);
    // the channel's copy, drawn with the file's names and samples
    const remote: FileTemplate = { ...desired, canonical: edit(desired.canonical) };
    return { channel: k.channel, name: k.name, language: desired.canonical.language, publicId: 'p', channelId: 'c', action: 'update', file: `templates/${fileOf(k)}`, changes: diffTemplates(desired.canonical, remote.canonical), remoteFingerprint: 'x', desired, remote };
  });
  const fresh = byName('card_vertical');
  changes.push({ channel: fresh.channel, name: fresh.name, language: 'en_US', publicId: 'p', channelId: 'c', action: 'create', file: `templates/${fileOf(fresh)}`, changes: [], remoteFingerprint: 'absent', desired: canonical(fresh) });
  const plan: Plan = { version: 1, changes, summary: { create: 1, update: edits.length, noop: 0, orphan: 0 } };
  const changesSite = renderChangesSite(plan, { environment: 'local' });
  const changesDir = path.join(dir, 'changes');
  mkdirSync(changesDir, { recursive: true });
  for (const [name, html] of changesSite.pages) writeFileSync(path.join(changesDir, name), html);
  const changePages = [...edits.map(([name, , shows]) => ({ page: pageOfKind(byName(name)), shows })), { page: pageOfKind(fresh), shows: ['[data-testid="after"] [data-testid="card"]'] }];
  return { site, changes: changesDir, sitePages: [...built.pages.keys()], changePages, kinds };
}

/** One page to check: its file, the elements it must show, whether lint errors are expected on it. */
export interface PageCheck { file: string; shows: string[]; errorsExpected?: boolean; phones?: boolean }

/**
 * One context and one tab of `browser` for all the pages of a file, offline: every request but the
 * page's own file is refused (media then cannot load). The browser refuses them itself (the
 * context's network emulated offline: net::ERR_INTERNET_DISCONNECTED) rather than a route sending
 * every request of every page to this process to be let through or aborted.
 */
export async function openTab(browser: Browser): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: VIEWINGS[0]!.width, height: 800 }, reducedMotion: 'reduce', offline: true });
  try {
    // no time limit on a load, a wait or a screenshot: they end on the page's own events (load,
    // images complete), and a page that never gets there is the runner's time limit to catch,
    // not a timer racing a loaded machine
    ctx.setDefaultTimeout(0);
    ctx.setDefaultNavigationTimeout(0);
    await withAxe(ctx);
    return { ctx, page: await ctx.newPage() };
  } catch (e) { await ctx.close(); throw e; }
}

/**
 * Every page at one viewing, in `page` (the tab of openTab): the checks of checkPage (no sideways
 * scroll, the message's direction, one <h1> and <main>, the theme, alt texts, placeholders for
 * media that cannot load, keyboard-reachable carousels, chips inside their cards, axe-core
 * serious and critical, a screenshot with TPLSYNC_SHOTS=1), and that the page's direction is ltr, nothing drawn sticks
 * out of its phone, the kind's elements are there, and no lint error unless expected.
 */
export async function checkAt(page: Page, pages: readonly PageCheck[], v: Viewing): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize({ width: v.width, height: 800 });
  await page.emulateMedia({ colorScheme: v.scheme, reducedMotion: 'reduce' });
  for (const p of pages) {
    const where = `${path.basename(path.dirname(p.file))}/${path.basename(p.file)} at ${v.width} px ${v.scheme}`;
    problems.push(...await checkPage(page, p.file, v, p.phones === false ? { shots: KIND_SHOTS } : { dir: 'ltr', shots: KIND_SHOTS }));
    problems.push(...(await more(page, p)).map((x) => `${where}: ${x}`));
  }
  return problems;
}

async function more(page: Page, p: PageCheck): Promise<string[]> {
  return page.evaluate(({ shows, errorsExpected }) => {
    const out: string[] = [];
    const dir = getComputedStyle(document.documentElement).direction;
    if (dir !== 'ltr') out.push(`page direction ${dir}`);
    for (const s of shows) if (!document.querySelector(s)) out.push(`nothing matches ${s}`);
    const errors = document.querySelectorAll('.findings li.error').length;
    if (!errorsExpected && errors) out.push(`${errors} lint errors: ${[...document.querySelectorAll('.findings li.error')].map((e) => (e as HTMLElement).innerText).join(' | ')}`);
    // nothing drawn sticks out of its phone (a carousel's cards scroll inside the carousel)
    // (no named functions in here: the test's transpiler would wrap them in a helper the page lacks)
    for (const phone of document.querySelectorAll('.phone, .rcs-phone, .fallback')) {
      const box = phone.getBoundingClientRect();
      for (const e of phone.querySelectorAll('*')) {
        let clipped = false;
        for (let a = e.parentElement; a && a !== phone; a = a.parentElement) if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(a).overflowX)) { clipped = true; break; }
        if (clipped) continue;
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5) { out.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')} sticks out of its ${phone.className} (${Math.round(r.left)}..${Math.round(r.right)} of ${Math.round(box.left)}..${Math.round(box.right)})`); break; }
      }
    }
    // no word cut across lines where it would fit its box on a line of its own, and no short word
    // cut at all (a column squeezed narrower than its words: "cate|gor|y"); a URL or a key longer
    // than its box may break anywhere
    const cut: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n && cut.length < 5; n = walker.nextNode()) {
      let box = n.parentElement;
      while (box && getComputedStyle(box).display.startsWith('inline')) box = box.parentElement;
      if (!box || box.closest('script, style')) continue;
      const s = getComputedStyle(box);
      const room = box.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      // (a word may break after its hyphens, as it does in the apps: A-|1042)
      for (const w of (n.textContent ?? '').matchAll(/[^\s-]+-*/g)) {
        const range = document.createRange();
        range.setStart(n, w.index!);
        range.setEnd(n, w.index! + w[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (new Set(rects.map((r) => Math.round(r.top))).size < 2) continue;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        if (width <= room + 1 || w[0].length <= 12) cut.push(`"${w[0]}" (${Math.round(width)} px) in ${box.tagName.toLowerCase()} ${Math.round(room)} px wide`);
      }
    }
    if (cut.length) out.push(`words cut across lines though they fit their box: ${cut.join(', ')}`);
    return out;
  }, { shows: p.shows, errorsExpected: Boolean(p.errorsExpected) });
}

/**
 * The values of the schema's enums that decide what the preview draws (header formats, button
 * types, suggested actions, card layouts...) and the template's top-level keys, that no kind
 * here uses: a kind the format gains fails the matrix until it has its page.
 */
export function uncovered(schema: Record<string, unknown>, kinds: readonly Kind[]): string[] {
  const used = new Map<string, Set<unknown>>();
  const walk = (v: unknown, at: string): void => {
    if (Array.isArray(v)) { for (const x of v) walk(x, `${at}[]`); return; }
    if (v && typeof v === 'object') { for (const [k, x] of Object.entries(v)) walk(x, at ? `${at}.${k}` : k); return; }
    if (!used.has(at)) used.set(at, new Set());
    used.get(at)!.add(v);
  };
  const files = kinds.map((k) => parse(textOf(k)) as Record<string, unknown>);
  for (const f of files) walk(f, '');
  const pointer = (p: string): unknown => p.split('/').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], schema);
  const ENUMS: [string, string[]][] = [
    ['properties/category/enum', ['category']],
    ['definitions/header/properties/format/enum', ['header.format']],
    ['definitions/mediaHeader/properties/format/enum', ['carousel[].header.format']],
    ['definitions/button/properties/type/enum', ['buttons[].type']],
    ['definitions/otpButton/properties/otp_type/enum', ['buttons[].otp_type']],
    ['definitions/flowButton/properties/flow_action/enum', ['buttons[].flow_action', 'buttons[].flow.action']],
    ['definitions/suggestion/properties/action/enum', ['message.suggestions[].action', 'message.richCards[].suggestions[].action']],
    ['definitions/suggestion/allOf/1/then/properties/openUrlApplication/enum', ['message.suggestions[].openUrlApplication', 'message.richCards[].suggestions[].openUrlApplication']],
    ['definitions/suggestion/allOf/1/then/properties/webviewType/enum', ['message.suggestions[].webviewType', 'message.richCards[].suggestions[].webviewType']],
    ['definitions/message/properties/type/enum', ['message.type']],
    ...['type', 'orientation', 'imageAlign', 'cardWidth', 'mediaHeight'].map((k): [string, string[]] => [`definitions/message/properties/rcsRichCardsOpts/properties/${k}/enum`, [`message.rcsRichCardsOpts.${k}`]]),
    ['definitions/message/properties/rcsExpireOpts/properties/type/enum', ['message.rcsExpireOpts.type']],
  ];
  const out: string[] = [];
  for (const [p, paths] of ENUMS) {
    const values = pointer(p);
    if (!Array.isArray(values)) { out.push(`the schema has no enum at ${p}`); continue; }
    for (const v of values) if (!paths.some((at) => used.get(at)?.has(v))) out.push(`${paths[0]}: ${String(v)}`);
  }
  // every top-level key but those the preview does not draw (ids, translation records)
  const keys = Object.keys((schema.properties ?? {}) as object).filter((k) => !['publicId', 'translated_from'].includes(k));
  for (const k of keys) if (!files.some((f) => k in f)) out.push(`the key ${k}`);
  return out;
}

/**
 * One browser-matrix test file: builds the site and the changes site of every kind in a temp
 * folder, opens one browser with one tab, and checks `pagesOf(built)` at every viewing (width and
 * colour scheme) under `label`. The file adds its own tests with `built()` and calls test.run().
 */
export function browserMatrix(prefix: string, label: string, pagesOf: (b: KindsBuilt) => PageCheck[]): { built: () => KindsBuilt } {
  const dir = tempDir(prefix);
  let built: KindsBuilt | undefined;
  const browser = sharedBrowser();
  let tab: Promise<{ ctx: BrowserContext; page: Page } | undefined> | undefined;
  // the first viewing opens the browser and the tab (a launch that fails, fails the viewings with its message)
  const tabOf = () => (tab ??= browser.get().then((b) => b && openTab(b)));
  let pages: PageCheck[] = [];
  test.before(async () => {
    built = await buildKinds(dir);
    pages = pagesOf(built);
  });
  test.after(async () => { await (await tab?.catch(() => undefined))?.ctx.close(); await browser.close(); cleanup(dir); });
  for (const v of VIEWINGS) {
    test(`${label} at ${v.width} px, ${v.scheme}`, async () => {
      const t = await tabOf();
      if (!t) return;
      const problems = await checkAt(t.page, pages, v);
      assert.equal(problems, [], problems.join('\n'));
    });
  }
  return { built: () => built! };
}
