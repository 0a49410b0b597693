// What a reviewer sees in the preview without hovering (trial-q F3, F7): a placeholder without a
// sample is drawn as itself, marked as missing its sample (not an empty highlight beside a
// complete-looking sentence), and a WhatsApp button shows where it goes under its label: a URL with
// its sample filled in, an app deep link's two targets, the number it calls. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { renderTemplatePage } from '../src/preview/html.ts';

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
    '↗ View dealsAndroid: exampleshop://deals/summer/elsewhere: https://shop.example.com/deals/summer/',
    '↗ Your billopens https://my.telco.example/bills/INV-2291',
    '✆ Call uscalls +15550100200',
  ]);
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

test.run();
