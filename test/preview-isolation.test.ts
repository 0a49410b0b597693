// The preview's English lines that quote a template's own texts isolate each of them, so that an
// Arabic or Hebrew text cannot pull the line's dates and numbers into its direction (a calendar
// chip's `adds "<Arabic title>", 2030-05-04 06:00 UTC to ...` read scrambled): `<bdi>` in the
// HTML, U+2068/U+2069 in a title attribute; the same in a page's lint findings. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { renderTemplatePage } from '../src/preview/html.ts';
import { chipEffect } from '../src/preview/rcs.ts';
import { escQuoting } from '../src/preview/markup.ts';

const TITLE = 'طبخ مباشر';
const AR = `channel: shop-rcs
name: cooking_live
language: ar
message:
  type: text
  message: انضموا إلينا في بث الطبخ المباشر
  suggestions:
    - { action: create_calendar_event, text: احفظ الموعد, postbackData: save, startTime: "2030-05-04T06:00:00.000Z", endTime: "2030-05-04T07:00:00.000Z", title: ${TITLE} }
    - { action: reply, text: نعم, postbackData: نعم سأحضر }
    - { action: view_location, text: الاتجاهات, latLong: { latitude: 25.2, longitude: 55.27 }, label: متجر دبي }
    - { action: dial, text: اتصل بنا, phoneNumber: "+97141234567" }
`;

const pageOf = (yaml: string, diagnostics = []) => renderTemplatePage({ key: 'shop-rcs/cooking_live/ar', file: 't.yaml', href: 't.html', diagnostics, template: fromFile(readTemplateValue(yaml), 'c', 'x') });

test('a chip\'s effect line isolates the template\'s texts in it: the dates stay outside, in the English line', () => {
  const html = pageOf(AR);
  const effects = [...html.matchAll(/<small class="effect" lang="en" dir="ltr">(.*?)<\/small>/g)].map((m) => m[1]);
  assert.equal(effects, [
    `adds “<bdi>${TITLE}</bdi>”, 2030-05-04 06:00 UTC to 2030-05-04 07:00 UTC, to the calendar`,
    'sends “<bdi>نعم سأحضر</bdi>” back',
    'shows <bdi>متجر دبي</bdi> at 25.2, 55.27 on a map',
    'calls <bdi>+97141234567</bdi>',
  ]);
  // the tooltip: plain text, the title between first strong isolate and pop directional isolate
  assert.ok(html.includes(`title="adds “\u2068${TITLE}\u2069”, 2030-05-04 06:00 UTC to 2030-05-04 07:00 UTC, to the calendar"`), 'the title attribute isolates the event title');
  assert.is(chipEffect({ action: 'view_location', query: 'برج خليفة' }), 'searches the map for “\u2068برج خليفة\u2069” (Android Messages only)');
});

test('a lint finding quoting a template text isolates the quote; the rest of the line is escaped as before', () => {
  assert.is(escQuoting('The suggestion label "احفظ الموعد الآن من فضلك" is 26 characters; the limit is 25.'), 'The suggestion label &quot;<bdi>احفظ الموعد الآن من فضلك</bdi>&quot; is 26 characters; the limit is 25.');
  assert.is(escQuoting('sends “<b>” & more'), 'sends “<bdi>&lt;b&gt;</bdi>” &amp; more');
  assert.is(escQuoting('no quote, 5 < 6'), 'no quote, 5 &lt; 6');
  const html = pageOf(AR, [{ file: 't.yaml', line: 7, column: 5, ruleId: 'rcs-suggestion-text', severity: 'error', message: 'The suggestion text "نعم" is fine.' }] as never);
  assert.ok(html.includes('The suggestion text &quot;<bdi>نعم</bdi>&quot; is fine.'), 'the finding on the page');
});

test.run();
