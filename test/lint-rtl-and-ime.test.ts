// What an RTL or an IME writer types and lint must say (trial i): full-width braces typed for a
// placeholder, direction controls in samples, an invisible mark at the body's edge, a character written
// as a YAML escape, a phone number of Arabic-Indic digits, a Hebrew quote that closes a YAML string. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { quotedOffsets } from '../src/files/scalar-range.ts';

const lint = (lines: string[]) =>
  finishProject([lintBytes('t.yaml', Buffer.from(lines.join('\n') + '\n'), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const found = (lines: string[]): string[] => lint(lines).map((d) => `${d.ruleId}@${d.line}:${d.column}`);
const said = (lines: string[], rule: string): string[] => lint(lines).filter((d) => d.ruleId === rule).map((d) => d.message);
const wa = (language: string) => ['channel: shop-whatsapp', 'name: rtl_test', `language: ${language}`, 'category: UTILITY'];

test('placeholder-syntax: full-width braces typed by an IME (｛｛1｝｝, {｛1}}) are a malformed placeholder, with what to type', () => {
  const text = (t: string, ex = '') => [...wa('ja'), 'body:', `  text: "${t}"`, ...(ex ? [`  examples: { ${ex} }`] : [])];
  assert.equal(found(text('ご注文の荷物は｛｛1｝｝にお届けします。山田様ありがとうございました。')), ['placeholder-syntax@6:17']);
  const m = said(text('ご注文の荷物は｛｛1｝｝にお届けします。山田様ありがとうございました。'), 'placeholder-syntax')[0]!;
  assert.match(m, /full-width braces/);
  assert.match(m, /write \{\{1\}\}/);
  // mixed with half-width ones, with a full-width digit too, and beside a sample: the braces are named, not the sample
  assert.equal(found(text('ご注文の荷物は{｛1}}にお届けします。山田様ありがとうございました。')), ['placeholder-syntax@6:17']);
  assert.match(said(text('お届けは｛｛１｝｝です。山田様ありがとうございました。'), 'placeholder-syntax')[0]!, /write \{\{1\}\}/);
  assert.equal(found(text('ご注文の荷物は｛｛1｝｝にお届けします。山田様ありがとうございました。', '1: "12月10日"')), ['placeholder-syntax@6:17']);
  // a full-width brace in prose is no placeholder
  assert.equal(found(text('ご注文の荷物は｛本日｝{{1}}にお届けします。山田様ありがとうございました。', '1: "12月10日"')), []);
});

test('placeholder-syntax: a placeholder typed with the digits of another script ({{١}}, {{१}}, {{𝟏}}) names the digit and says what to write in ASCII digits', () => {
  const text = (language: string, t: string, ex: string) => [...wa(language), 'body:', `  text: "${t}"`, `  examples: { ${ex} }`];
  // an Arabic keyboard's digit: the one finding, at the placeholder, naming the digit; the sample of 1 is taken as its (no second finding)
  const ar = text('ar', 'تسوّق الآن واستخدم الرمز {{١}} للحصول على خصم على جميع المنتجات اليوم', '1: SAVE10');
  assert.equal(found(ar), ['placeholder-syntax@6:35']);
  assert.equal(said(ar, 'placeholder-syntax'), ['Malformed placeholder "{{١}}": it is written with the Arabic-Indic digit ١ (U+0661), which is sent as text, not filled in; write {{1}} with the ASCII digits 0-9.']);
  // other scripts' digits, several of them, and one tplsync has no name for (a mathematical digit)
  assert.match(said(text('hi', 'नमस्ते, आपका ऑर्डर {{१२}} आज भेज दिया गया है, धन्यवाद और शुभकामनाएँ', '12: A-1'), 'placeholder-syntax')[0]!, /the Devanagari digits १, २ \(U\+0967, U\+0968\).*write \{\{12\}\} with the ASCII digits 0-9/);
  assert.match(said(text('fa', 'سفارش شما {{۲}} امروز ارسال شد و به زودی به دست شما می‌رسد', '2: A-1'), 'placeholder-syntax')[0]!, /Extended Arabic-Indic \(Persian, Urdu\) digit ۲ .*write \{\{2\}\}/);
  assert.match(said(text('en', 'Your order {{𝟏}} has left our warehouse and is on its way to you', '1: A-1'), 'placeholder-syntax')[0]!, /the digit 𝟏 \(U\+1D7CF\) of another script.*write \{\{1\}\}/);
  // a name with such a digit, and a zero (no placeholder to write): what to write follows
  assert.match(said(text('ar', 'الطلب {{item_٣}} في الطريق إليك الآن مع شكرنا لك على الطلب', 'item_3: كتاب'), 'placeholder-syntax')[0]!, /write \{\{item_3\}\} with/);
  assert.match(said(text('ar', 'الطلب {{٠}} في الطريق إليك الآن مع شكرنا لك على الطلب', '1: كتاب'), 'placeholder-syntax')[0]!, /digit ٠ .*write \{\{1\}\} or \{\{lowercase_name\}\} with the ASCII digits/);
});

test('yaml-syntax: a Hebrew quote (מע"מ, ג\'ינס) that closes a quoted text is named, with the ways to keep it', () => {
  const d = lint([...wa('he'), 'body:', '  text: "🎉 שלום {{1}}, המחיר כולל מע"מ ומשלוח חינם עד הבית."', '  examples: { 1: נועה }']);
  assert.equal(d.map((x) => `${x.ruleId}@${x.line}:${x.column}`), ['yaml-syntax@6:39']);
  assert.match(d[0]!.message, /The " of מע"מ closed the double-quoted text/);
  assert.match(d[0]!.message, /\\" \(מע\\"מ\)/);
  assert.match(d[0]!.message, /U\+05F4 HEBREW PUNCTUATION GERSHAYIM: מע״מ/);
  const s = lint([...wa('he'), 'body:', "  text: 'שלום {{1}}, מבצע על ג'ינס בכל הסניפים היום בלבד.'", '  examples: { 1: נועה }']);
  assert.equal(s.length, 1);
  assert.match(s[0]!.message, /The ' of ג'ינס closed the single-quoted text/);
  assert.match(s[0]!.message, /'' \(ג''ינס\)/);
  assert.match(s[0]!.message, /U\+05F3 HEBREW PUNCTUATION GERESH: ג׳ינס/);
  // a quote of Latin text: the escape, no Hebrew advice
  const l = lint([...wa('en_US'), 'body:', '  text: "Your order "A-1" is ready for pickup at the store today."']);
  assert.match(l[0]!.message, /The " of "A-1" closed|The " of order "A-1"/);
  assert.not.match(l[0]!.message, /Hebrew/);
});

test('button-phone, rcs-dial, button-url: Arabic-Indic digits and a pasted direction mark are named, with the number to write', () => {
  const body = ['body:', '  text: "مرحباً {{1}}، طلبك جاهز للاستلام اليوم من الفرع الرئيسي."', '  examples: { 1: خالد }'];
  const phone = said([...wa('ar'), ...body, 'buttons:', '  - { type: PHONE_NUMBER, text: اتصل بنا, phone_number: "+٩٧١٤١٢٣٤٥٦٧" }'], 'button-phone');
  assert.equal(phone, ["'+٩٧١٤١٢٣٤٥٦٧' is written in Arabic-Indic digits, where ASCII digits 0-9 are needed; write '+97141234567'."]);
  const marked = said([...wa('ar'), ...body, 'buttons:', '  - { type: PHONE_NUMBER, text: اتصل بنا, phone_number: "\\u200e+97141234567" }'], 'button-phone');
  assert.equal(marked, ["'\\u200e+97141234567' holds an invisible character, U+200E LEFT-TO-RIGHT MARK (copied with it; it shows nothing); write '+97141234567'."]);
  const url = said([...wa('ar'), ...body, 'buttons:', '  - { type: URL, text: تتبع الطلب, url: "https://noon.com\\u200f/ar/{{1}}", example: "https://noon.com/ar/A-1" }'], 'button-url');
  assert.match(url[0]!, /^The URL 'https:\/\/noon\.com\\u200f\/ar\/\{\{1\}\}' holds an invisible character, U\+200F RIGHT-TO-LEFT MARK .* at character 17: delete it/);
  // no message prints an invisible character as it is
  for (const m of [...phone, ...marked, ...url]) assert.not.match(m, /[\u200e\u200f]/);
  const dial = said(['channel: shop-rcs', 'name: rtl_dial', 'language: ar', 'message:', '  type: text', '  message: "اتصل بنا لأي سؤال عن طلبك."',
    '  suggestions:', '    - { action: dial, text: اتصل, phoneNumber: "+٩٧١٤١٢٣٤٥٦٧" }'], 'rcs-dial');
  assert.equal(dial, ["'+٩٧١٤١٢٣٤٥٦٧' is written in Arabic-Indic digits, where ASCII digits 0-9 are needed, so it is not an E.164 number; write '+97141234567'."]);
});

test('text-characters: a direction control in a sample is warned as in a text, placed on it; the marks of right-to-left text pass', () => {
  const smp = (ex: string) => [...wa('ar'), 'body:', '  text: "مرحباً {{1}}، طلبك رقم {{2}} جاهز للاستلام اليوم من الفرع."', `  examples: { ${ex} }`];
  const d = lint(smp('1: "\\u202Eخالد", 2: "A-1042\\u2067"')).filter((x) => x.ruleId === 'text-characters');
  assert.equal(d.map((x) => `${x.line}:${x.column}`), ['7:19', '7:42']);
  assert.match(d[0]!.message, /^The sample holds an invisible character, U\+202E RIGHT-TO-LEFT OVERRIDE; delete it \(left open, it reorders the rest of the message/);
  assert.match(d[1]!.message, /U\+2067 RIGHT-TO-LEFT ISOLATE/);
  // a mark, and an isolate closed in the sample (Latin letters in Arabic text): as in the text, they stay
  assert.equal(found(smp('1: "\\u200Fخالد", 2: "\\u2066A-1042\\u2069"')), []);
  // a URL button's sample too
  const url = lint([...wa('ar'), 'body:', '  text: "مرحباً {{1}}، طلبك جاهز للاستلام اليوم من الفرع."', '  examples: { 1: خالد }', 'buttons:',
    '  - { type: URL, text: تتبع, url: "https://shop.example.com/t/{{1}}", example: "https://shop.example.com/t/A\\u200B1" }']).filter((x) => x.ruleId === 'text-characters');
  assert.match(url[0]!.message, /The sample holds an invisible character, U\+200B ZERO WIDTH SPACE/);
});

test('a finding on a character written as a YAML escape (\\u202E) is placed at the escape, also after astral escapes and over folded lines', () => {
  const esc = [...wa('ar'), 'body:', '  text: "\\u200Fمرحباً \\U0001F319 {{1}}، طلبك {{name}} جاهز\\u202E للاستلام."', '  examples: { 1: خالد, name: x }'];
  const d = lint(esc);
  assert.equal(d.filter((x) => x.ruleId === 'text-characters').map((x) => `${x.line}:${x.column}-${x.endLine}:${x.endColumn}`), ['6:59-6:65']);
  assert.equal(d.filter((x) => x.ruleId === 'placeholder-mixed').map((x) => `${x.line}:${x.column}`), ['6:46']);
  // a double-quoted text over lines (folded), and a single-quoted one with '' before the character
  const folded = [...wa('ar'), 'body:', '  text: "مرحباً {{1}}، طلبك جاهز', '    للاستلام\\u202E اليوم من الفرع الرئيسي."', '  examples: { 1: خالد }'];
  assert.equal(lint(folded).filter((x) => x.ruleId === 'text-characters').map((x) => `${x.line}:${x.column}-${x.endLine}:${x.endColumn}`), ['7:13-7:19']);
  const single = [...wa('en_US'), 'body:', "  text: 'It''s ready, {{1}}: pick\u200Bup at the store today from nine.'", '  examples: { 1: Ana }'];
  assert.equal(lint(single).filter((x) => x.ruleId === 'text-characters').map((x) => `${x.line}:${x.column}`), ['6:34']);
});

test('quotedOffsets reads a quoted scalar as the YAML parser does', () => {
  for (const src of ['"a\\u202Eb"', '"\\U0001F319 x\\ty\\"z\\\\"', '"one\n   two\n\n   three"', '"join\\\n   ed"', '"tab\\t\n  next"', "'it''s\n  here'", '"x\\x41\\_\\N"', '"trail   \n  end"']) {
    const read = quotedOffsets(src, src[0] === '"' ? 'QUOTE_DOUBLE' : 'QUOTE_SINGLE');
    assert.ok(read, src);
    assert.is(read!.value, parse(`k: ${src}`).k, JSON.stringify(src));
    assert.is(read!.offsets.length, read!.value.length + 1);
  }
});

test('placeholder-position: a direction mark, a zero-width space or a no-break space at the body\'s edge is no text before or after the placeholder', () => {
  const pos = (text: string) => lint([...wa('ar'), 'body:', `  text: "${text}"`, '  examples: { 1: خالد }']).filter((x) => x.ruleId === 'placeholder-position').map((x) => x.message);
  const rest = '، طلبك جاهز للاستلام اليوم من فرع دبي مول.';
  for (const c of [' ', '\\u00A0', '\\u200F', '\\u200B', '\\u061C']) assert.equal(pos(`${c}{{1}}${rest}`).length, 1, c);
  assert.equal(pos(`\\u200F{{1}}${rest}`), ['The body starts with the placeholder {{1}} (before it: only a right-to-left mark (U+200F), which shows nothing); add text before it.']);
  assert.equal(pos(`طلبك جاهز للاستلام اليوم من فرع دبي مول يا {{1}}\\u200F`), ['The body ends with the placeholder {{1}} (after it: only a right-to-left mark (U+200F), which shows nothing); add text after it.']);
  // a mark before a word is a text before the placeholder
  assert.equal(pos(`\\u200Fمرحباً {{1}}${rest}`), []);
});

test('placeholder-position: a body that is only a placeholder is one finding, not one for each end; an AUTHENTICATION body\'s opening code is not', () => {
  const pos = (lines: string[], text: string) => lint([...lines, 'body:', `  text: "${text}"`, '  examples: { 1: Ana }']).filter((x) => x.ruleId === 'placeholder-position').map((x) => x.message);
  const msg = 'The body is only the placeholder {{1}}; WhatsApp needs fixed text around it: add text before and after it.';
  assert.equal(pos(wa('en_US'), '{{1}}'), [msg]);
  assert.equal(pos(wa('en_US'), '  {{1}} '), [msg]);
  assert.equal(pos(wa('en_US'), '\\u200F{{1}}'), ['The body is only the placeholder {{1}} (around it: only a right-to-left mark (U+200F), which shows nothing); WhatsApp needs fixed text around it: add text before and after it.']);
  // two placeholders: each end said on its own
  assert.equal(pos(wa('en_US'), '{{1}} and {{2}}').length, 2);
});

test.run();
