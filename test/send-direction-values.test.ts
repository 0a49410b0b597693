// send: a value with a direction control left open (a name pasted with U+202E RIGHT-TO-LEFT
// OVERRIDE, a date ending in U+2067 RIGHT-TO-LEFT ISOLATE) would reorder the rest of the message
// after it: refused before anything is sent, on WhatsApp and RCS alike; one closed in the value
// (wrapped in an isolate, as UAX #9 recommends) and the marks pass (trial i, F2). Pure.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readTemplateValue } from '../src/files/value.ts';
import { checkParams, ParamError } from '../src/send/render.ts';
import { templateMeta } from '../src/model/meta.ts';
import { fromFile } from '../src/model/canonical.ts';
import { unclosedDirection } from '../src/model/written-characters.ts';

const meta = (yaml: string) => { const v = readTemplateValue(yaml); return templateMeta(fromFile(v, String(v.channel), ''), String(v.channel)); };
const fa = meta('channel: shop-whatsapp\nname: delivery_slot\nlanguage: fa\ncategory: UTILITY\nbody:\n  text: "سلام {{1}}، بسته‌ی شما در تاریخ {{2}} ساعت ۱۴:۳۰ می‌رسد."\n  examples: { 1: مریم, 2: ۱۴۰۳/۰۹/۱۰ }\n');
const rcs = meta('channel: shop-rcs\nname: rcs_slot\nlanguage: ar\nmessage:\n  type: text\n  message: "مرحبا {{name}}، طلبك جاهز."\n  examples: { name: خالد }\n');
const refused = (m: ReturnType<typeof meta>, params: Record<string, string>): string => {
  try { checkParams(m, params); } catch (e) { assert.instance(e, ParamError); return (e as Error).message; }
  return '';
};

test('a value whose override or isolate is left open is refused, naming the character and the way to close it', () => {
  const m = refused(fa, { 1: '\u202eمریم', 2: '۱۴۰۳/۰۹/۱۰' });
  assert.match(m, /'1' holds U\+202E RIGHT-TO-LEFT OVERRIDE \(at character 1, '\\u202eمریم'\), not closed by its U\+202C POP DIRECTIONAL FORMATTING: it would reorder the rest of the message/);
  assert.not.match(m, /\u202e/);
  assert.match(refused(fa, { 1: 'مریم', 2: '۱۴۰۳/۰۹/۱۰\u2067' }), /'2' holds U\+2067 RIGHT-TO-LEFT ISOLATE .*not closed by its U\+2069 POP DIRECTIONAL ISOLATE/);
  // RCS: the same reordering
  assert.match(refused(rcs, { name: '\u202bخالد' }), /'name' holds U\+202B RIGHT-TO-LEFT EMBEDDING/);
});

test('a value closed in itself, and the marks, are sent', () => {
  assert.equal(refused(fa, { 1: '\u2068Mary\u2069', 2: '\u202a1403/09/10\u202c' }), '');
  assert.equal(refused(fa, { 1: '\u200fمریم', 2: '۱۴۰۳/۰۹/۱۰' }), '');
  assert.equal(unclosedDirection('\u2067a\u202eb\u2069c').length, 0); // the PDI closes the override opened inside its isolate
  assert.equal(unclosedDirection('\u202ea\u2069').map((o) => o.at), [0]); // a PDI closes no override
});

test.run();
