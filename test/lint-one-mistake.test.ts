// One mistake, one finding, at the mistake, saying what to write: the mistakes people make writing
// templates by hand (a support engineer's trial), each through lint as a user reads it. A key
// written twice is checked, and pointed at, in the copy the value takes; `{{ 1 }}` is placeholder 1
// to the numbering; a button of an unknown type is told its type, not to remove the key it meant;
// a misspelt required key or sample key is one finding at the key, naming what it means; retired
// categories, other tools' names, language names and older language codes are named.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const head = (name: string, category = 'UTILITY') => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: ${category}\n`;

async function findings(files: Record<string, string>): Promise<string[]> {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
    return (await lintInProcess(dir)).diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.message}`);
  } finally { cleanup(dir); }
}

const of = (all: string[], file: string): string[] => all.filter((f) => f.startsWith(`templates/${file}:`));

test('a key written twice: the findings of the value lint checks point into the copy it took (the second), not the first', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('twice_body', 'MARKETING')}body:\n  text: "Hello there {{1}}, our spring sale starts today with up to 30% off jackets and shoes."\n  examples: { 1: Maria }\nbody:\n  text: "Hi {{ 1 }}, our spring sale starts today with up to 30% off jackets."\n  examples: { 1: Maria }\n`,
    'templates/b.yaml': `${head('twice_text', 'MARKETING')}body:\n  text: "Hello there {{1}}, our spring sale starts today with up to 30% off jackets and shoes."\n  examples: { 1: Maria }\n  text: "Hi {{1}} and {{2}}, our spring sale starts today with up to 30% off jackets."\n`,
  });
  const a = of(all, 'a.yaml');
  assert.ok(a.some((f) => /^templates\/a\.yaml:8:1 yaml-duplicate-key /.test(f)), a.join('\n'));
  assert.ok(a.some((f) => /^templates\/a\.yaml:9:13 placeholder-syntax Malformed placeholder "\{\{ 1 \}\}"/.test(f)), a.join('\n'));
  assert.not.ok(a.some((f) => /:6:/.test(f)), `nothing in the first copy:\n${a.join('\n')}`);
  const b = of(all, 'b.yaml');
  assert.ok(b.some((f) => /^templates\/b\.yaml:8:23 placeholder-sample \{\{2\}\} has no sample/.test(f)), b.join('\n'));
  assert.not.ok(b.some((f) => /:6:/.test(f)), `nothing in the first copy:\n${b.join('\n')}`);
});

test('{{ 1 }} is placeholder 1 to the numbering: one finding (the spaces), no "{{2}} is used but {{1}} is not"', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('spaced_one')}body:\n  text: "Hi {{ 1 }}, your order {{2}} has shipped and should arrive within three working days."\n  examples: { 1: Maria, 2: "A-1042" }\n`,
    'templates/b.yaml': `${head('spaced_block')}body:\n  text: >-\n    Hi {{1}}, {{2}}: your order {{ 3 }} of {{4}} is on its way, and parcel {{5}} follows it tomorrow.\n  examples: { 1: Maria, 2: Ana, 3: "A-1042", 4: May, 5: "P-7" }\n`,
  });
  assert.equal(of(all, 'a.yaml').map((f) => f.split(' ')[1]), ['placeholder-syntax'], all.join('\n'));
  assert.equal(of(all, 'b.yaml').map((f) => f.split(' ')[1]), ['placeholder-syntax'], all.join('\n'));
  // a real gap beside a spaced placeholder is still one
  const gap = await findings({ 'templates/c.yaml': `${head('spaced_gap')}body:\n  text: "Hi {{ 1 }}, your order {{3}} has shipped and should arrive within three working days."\n  examples: { 1: Maria, 3: "A-1042" }\n` });
  assert.ok(gap.some((f) => /placeholder-sequence \{\{3\}\} is used but \{\{2\}\} is not/.test(f)), gap.join('\n'));
});

test('a button of an unknown type: its type is named with what it means (PHONE, WEBSITE, CALL), and its keys are not called wrong for it', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('store_contact')}body:\n  text: "Hi {{1}}, your repair is ready for pickup. Call the store if you have questions."\n  examples: { 1: Maria }\nbuttons:\n  - type: PHONE\n    text: Call the store\n    phone_number: "+4930123456"\n  - type: WEBSITE\n    text: Opening hours\n    url: https://shop.example.com/stores/berlin\n  - type: CALL\n    text: Call us\n    phone_number: "+4930123457"\n`,
  });
  const a = of(all, 'a.yaml');
  assert.equal(a.length, 3, a.join('\n'));
  assert.match(a[0]!, /:9:11 schema "PHONE" is not a valid buttons\[0\]\.type; did you mean 'PHONE_NUMBER'\?/);
  assert.match(a[1]!, /:12:11 schema "WEBSITE" is not a valid buttons\[1\]\.type; did you mean 'URL'\?/);
  assert.match(a[2]!, /:15:11 schema "CALL" is not a valid buttons\[2\]\.type; did you mean 'PHONE_NUMBER'\?/);
  // a key on a known type of the wrong kind is still said
  const known = await findings({ 'templates/b.yaml': `${head('qr_phone')}body:\n  text: "Hi {{1}}, your repair is ready for pickup. Reply if you have questions."\n  examples: { 1: Maria }\nbuttons:\n  - type: QUICK_REPLY\n    text: Thanks\n    phone_number: "+4930123456"\n` });
  assert.ok(known.some((f) => /button-phone phone_number is only for PHONE_NUMBER buttons, not QUICK_REPLY/.test(f)), known.join('\n'));
});

test('a required key written misspelt, or under another tool\'s name: one finding, at the key, with what to write', async () => {
  const all = await findings({
    'templates/a.yaml': `channel: shop-whatsapp\nname: misspelt_category\nlanguage: en_US\ncatgory: UTILITY\nbody:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`,
    'templates/b.yaml': `${head('misspelt_keys')}body:\n  text: "Hi {{1}}, your repair is ready for pickup. Call the store if you have questions."\n  examples: { 1: Maria }\nbuttons:\n  - type: PHONE_NUMBER\n    text: Call the store\n    phoneNumber: "+4930123456"\n  - type: QUICK_REPLY\n    title: Thanks\n`,
    'templates/c.yaml': `${head('meta_shape')}components:\n  - type: BODY\n    text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n`,
  });
  assert.equal(of(all, 'a.yaml'), ["templates/a.yaml:4:1 schema Unknown key 'catgory' in the template; did you mean 'category'?"], all.join('\n'));
  assert.equal(of(all, 'b.yaml'), [
    "templates/b.yaml:11:5 schema Unknown key 'phoneNumber' in buttons[0]; did you mean 'phone_number'?",
    "templates/b.yaml:13:5 schema Unknown key 'title' in buttons[1]; did you mean 'text'?",
  ], all.join('\n'));
  const c = of(all, 'c.yaml');
  assert.equal(c.length, 1, c.join('\n'));
  assert.match(c[0]!, /:5:1 schema Unknown key 'components' in the template: a template file writes each component as a key of its own .*pull --from meta FILE/);
});

test('a sample key misspelt: one finding at the sample, naming the placeholder it is meant for (no "has no sample" beside it)', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('sample_keys')}body:\n  text: "Hi {{customer_name}}, your order {{order_id}} has shipped and should arrive within three working days."\n  examples:\n    Customer_Name: Maria\n    orderid: "A-1042"\n`,
  });
  assert.equal(of(all, 'a.yaml'), [
    "templates/a.yaml:8:5 schema Sample key 'Customer_Name' is neither a placeholder number (1, 2, ...) nor a lowercase name; did you mean 'customer_name'?",
    "templates/a.yaml:9:5 placeholder-sample Sample 'orderid' has no placeholder {{orderid}} in body; did you mean 'order_id'? ({{order_id}} has no sample)",
  ], all.join('\n'));
  // a sample of no placeholder, with none missing: said as before
  const extra = await findings({ 'templates/b.yaml': `${head('sample_extra')}body:\n  text: "Hi {{customer_name}}, your order has shipped and should arrive within three working days."\n  examples: { customer_name: Maria, order_id: "A-1" }\n` });
  assert.ok(extra.some((f) => /placeholder-sample Sample 'order_id' has no placeholder \{\{order_id\}\} in body; remove it or fix its key/.test(f)), extra.join('\n'));
});

test('retired categories, other names of button types, language names and older codes, invisible characters in a name, {{01}} and {{Name}}: each says what to write', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('old_category', 'TRANSACTIONAL')}body:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`,
    'templates/b.yaml': `${head('old_otp', 'OTP')}body:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`,
    'templates/c.yaml': `channel: shop-whatsapp\nname: by_name\nlanguage: english\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`,
    'templates/d.yaml': `channel: shop-whatsapp\nname: old_code\nlanguage: iw\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`,
    'templates/e.yaml': `channel: shop-whatsapp\nname: "order_shipped\\u200b"\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{01}} and {{Name}}, {{first name}} or {{first-name}}: your order has shipped today."\n`,
    'templates/f.yaml': `${head('url_value')}body:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\nbuttons:\n  - type: URL\n    text: Track parcel\n    url: https://shop.example.com/track?order={{1}}\n    example: A-1042\n`,
  });
  assert.ok(of(all, 'a.yaml').some((f) => /category "TRANSACTIONAL" is not a valid category: TRANSACTIONAL is one of Meta's retired categories, now UTILITY; did you mean 'UTILITY'\?/.test(f)), all.join('\n'));
  assert.ok(of(all, 'b.yaml').some((f) => /OTP is Meta's retired category, now AUTHENTICATION; did you mean 'AUTHENTICATION'\?/.test(f)), all.join('\n'));
  assert.ok(of(all, 'c.yaml').some((f) => /language-code Language 'english' is not of the form ll or ll_CC; did you mean 'en'\?/.test(f)), all.join('\n'));
  assert.ok(of(all, 'd.yaml').some((f) => /language-unknown WhatsApp does not list language 'iw': 'iw' is an older code of the language WhatsApp lists as 'he'; did you mean 'he'\?/.test(f)), all.join('\n'));
  const e = of(all, 'e.yaml');
  assert.ok(e.some((f) => /name-format Template name 'order_shipped\u200b' holds U\+200B, a character that cannot be seen \(character 14 of the name\); delete it; did you mean 'order_shipped'\?/.test(f)), e.join('\n'));
  assert.ok(e.some((f) => /"\{\{01\}\}": a number has no leading zero: write \{\{1\}\}/.test(f)), e.join('\n'));
  assert.ok(e.some((f) => /"\{\{Name\}\}": a name is lowercase letters, digits and _: write \{\{name\}\}/.test(f)), e.join('\n'));
  assert.ok(e.some((f) => /"\{\{first name\}\}": .*write \{\{first_name\}\}/.test(f)), e.join('\n'));
  assert.ok(e.some((f) => /"\{\{first-name\}\}": .*write \{\{first_name\}\}/.test(f)), e.join('\n'));
  // a URL sample written as the value alone is Meta's own way (its components page: "example": ["summer2023"]): taken (trial-ae a)
  assert.equal(of(all, 'f.yaml').filter((f) => / button-url /.test(f)), []);
});

test('an empty category is one finding with the values to write; a number where a footer goes says to quote it', async () => {
  const all = await findings({ 'templates/a.yaml': 'channel: shop-whatsapp\nname: empty_cat\nlanguage: en_US\ncategory:\nbody:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\nfooter: 2024\n' });
  assert.equal(of(all, 'a.yaml'), [
    'templates/a.yaml:4:10 category category is empty: write one of MARKETING, UTILITY, AUTHENTICATION.',
    'templates/a.yaml:8:9 schema footer must be a string or object, not a number; YAML read it unquoted as a number: write it in quotes, e.g. footer: "...".',
  ], all.join('\n'));
});

test('lint of a file named outside the config\'s globs (a folder `template/` for `templates/`): linted, and said to be outside what plan and apply see; one inside: nothing said', async () => {
  const dir = tempDir();
  try {
    const file = `${head('outside')}body:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'template/outside.yaml': file, 'templates/inside.yaml': file.replace('outside', 'inside') });
    const r = await cliIn(['lint', 'template/outside.yaml'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /template\/outside\.yaml is not among the config's templates \(templates\/\*\*\/\*\.yaml\): plan and apply \(and lint without paths\) will not see it/);
    const inside = await cliIn(['lint', 'templates/inside.yaml'], { cwd: dir });
    assert.not.match(inside.stderr, /not among the config's templates/);
  } finally { cleanup(dir); }
});

test('buttons-grouping is said at the button that stands between the others, naming it: a URL between quick replies, or a quick reply between other buttons', async () => {
  const b = (...types: string[]) => types.map((t, i) => t === 'QUICK_REPLY' ? `  - { type: QUICK_REPLY, text: Reply ${i} }\n` : `  - { type: URL, text: Site ${i}, url: https://shop.example.com/${i} }\n`).join('');
  const body = 'body:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\nbuttons:\n';
  const all = await findings({
    'templates/a.yaml': `${head('group_a', 'MARKETING')}${body}${b('QUICK_REPLY', 'URL', 'QUICK_REPLY')}`,
    'templates/b.yaml': `${head('group_b', 'MARKETING')}${body}${b('URL', 'QUICK_REPLY', 'URL')}`,
  });
  assert.equal(of(all, 'a.yaml').filter((f) => f.includes('buttons-grouping')), ['templates/a.yaml:10:13 buttons-grouping Quick replies must form one block before or after the other buttons; this URL button stands between quick replies (buttons 1 and 3): move the quick replies together, first or last.']);
  assert.equal(of(all, 'b.yaml').filter((f) => f.includes('buttons-grouping')), ['templates/b.yaml:10:13 buttons-grouping Quick replies must form one block before or after the other buttons; this quick reply stands between button 1 and button 3 (URL): move the quick replies first or last.']);
});

test('`exmaples:` misspelt is one finding (its key), not one per placeholder; beside a malformed {{ 1 }}, a misnamed sample is still said, naming the placeholder it is meant for', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('points_a', 'MARKETING')}body:\n  text: "Hallo {{name}}, Sie haben {{points}} Punkte gesammelt."\n  exmaples: { name: Anna, points: "120" }\n`,
    'templates/b.yaml': `${head('points_b', 'MARKETING')}body:\n  text: "Hallo {{ 1 }}, Sie haben {{2}} Punkte und {{3}} Gutscheine gesammelt."\n  examples: { 1: Anna, 2: "120", 4: "3" }\n`,
  });
  assert.equal(of(all, 'a.yaml'), ["templates/a.yaml:7:3 schema Unknown key 'exmaples' in body; did you mean 'examples'?"], all.join('\n'));
  assert.equal(of(all, 'b.yaml'), [
    'templates/b.yaml:6:16 placeholder-syntax Malformed placeholder "{{ 1 }}": remove the spaces: write {{1}}.',
    "templates/b.yaml:7:34 placeholder-sample Sample '4' has no placeholder {{4}} in body; did you mean '3'? ({{3}} has no sample)",
  ], all.join('\n'));
});

test('a body or header text under `title:`, `examples:` as a list, `examples:` on a URL button, a sample key in braces or with a hyphen: one finding each, saying what to write', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('title_body')}body:\n  title: "Hi {{first_name}}, your delivery window is {{window}} tomorrow, see you then."\n  examples: { first_name: Ana, window: "9-12" }\n`,
    'templates/b.yaml': `${head('title_header')}header:\n  title: "Order news"\nbody:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`,
    'templates/c.yaml': `${head('listed')}body:\n  text: "Hi {{first_name}}, your order {{order}} is at {{place}} and ready now."\n  examples:\n    - first_name: Ola\n    - order: A-1\n    - place: Oslo\n`,
    'templates/d.yaml': `${head('listed_values')}body:\n  text: "Hi {{first_name}}, your order {{order}} is at the shop and ready for pickup now."\n  examples: [Ola, A-1]\n`,
    'templates/e.yaml': `${head('url_examples')}body:\n  text: "Hi {{1}}, your parcel has shipped and should arrive within three working days."\n  examples: { 1: Maria }\nbuttons:\n  - type: URL\n    text: Track parcel\n    url: https://shop.example.com/track?order={{1}}\n    examples: https://shop.example.com/track?order=A-1042\n`,
    'templates/f.yaml': `${head('braced_key')}body:\n  text: "Hi {{name}}, your repair is done and can be picked up at the store from tomorrow."\n  examples:\n    "{{Name}}": Ola\n`,
    'templates/g.yaml': `${head('hyphen_key')}body:\n  text: "Hi {{first_name}}, your invoice is ready and can be downloaded from your account."\n  examples:\n    first-name: Ola\n    first_name: Ola\n`,
  });
  assert.equal(of(all, 'a.yaml'), ["templates/a.yaml:6:3 schema Unknown key 'title' in body; did you mean 'text'?"], all.join('\n'));
  assert.equal(of(all, 'b.yaml'), ["templates/b.yaml:6:3 schema Unknown key 'title' in header: a text header is written `header: { format: TEXT, text: ... }`; did you mean 'text'?"], all.join('\n'));
  assert.equal(of(all, 'c.yaml'), ['templates/c.yaml:8:5 schema body.examples must be a mapping, not a list; write one sample per placeholder, keyed by its name or number, e.g. { first_name: "Ola", order: "A-1", place: "Oslo" }.'], all.join('\n'));
  assert.equal(of(all, 'd.yaml'), ['templates/d.yaml:7:13 schema body.examples must be a mapping, not a list; write one sample per placeholder, keyed by its name or number, e.g. { first_name: "Ola", order: "A-1" }.'], all.join('\n'));
  assert.equal(of(all, 'e.yaml'), ["templates/e.yaml:12:5 schema Unknown key 'examples' in buttons[0]; did you mean 'example'?"], all.join('\n'));
  assert.equal(of(all, 'f.yaml'), ["templates/f.yaml:8:5 schema Sample key '{{Name}}' is written with the placeholder's braces: a sample's key is the placeholder's name or number alone; write 'name: ...'."], all.join('\n'));
  assert.equal(of(all, 'g.yaml'), ["templates/g.yaml:8:5 schema Sample key 'first-name' is neither a placeholder number (1, 2, ...) nor a lowercase name; did you mean 'first_name'?"], all.join('\n'));
  // a header with its format and `title:`: the key alone; a sample of no placeholder beside a text under `title:` is still said
  const more = await findings({
    'templates/h.yaml': `${head('title_format')}header:\n  format: TEXT\n  title: "Order news"\nbody:\n  text: "Hi {{1}}, your order has shipped and should arrive within three working days."\n  examples: { 1: Maria }\n`,
    'templates/i.yaml': `${head('title_extra')}body:\n  title: "Hi {{first_name}}, your delivery window is tomorrow morning, see you then."\n  examples: { first_name: Ana, window: "9-12" }\n`,
  });
  assert.equal(of(more, 'h.yaml'), ["templates/h.yaml:7:3 schema Unknown key 'title' in header; did you mean 'text'?"], more.join('\n'));
  assert.equal(of(more, 'i.yaml'), [
    "templates/i.yaml:6:3 schema Unknown key 'title' in body; did you mean 'text'?",
    "templates/i.yaml:7:32 placeholder-sample Sample 'window' has no placeholder {{window}} in body; remove it or fix its key.",
  ], more.join('\n'));
});

test('a body numbered on from the header\'s {{1}} (or a carousel card from the one before): the finding says the other part numbers its own, not that {{1}} is unused', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('header_then_body')}header: { format: TEXT, text: "Your order {{1}}", examples: { 1: "A-1042" } }\nbody:\n  text: "Hello {{2}}, your order has shipped today, thanks for shopping with us."\n  examples: { 2: "John Smith" }\n`,
    'templates/b.yaml': `${head('cards_on', 'MARKETING')}body:\n  text: "Hello {{1}}, see what is new this week."\n  examples: { 1: Ana }\ncarousel:\n  - header: { format: IMAGE, example: "https://cdn.example.com/a.png" }\n    body: { text: "Linen {{1}} in every size", examples: { 1: shirt } }\n    buttons: [ { type: QUICK_REPLY, text: More } ]\n  - header: { format: IMAGE, example: "https://cdn.example.com/b.png" }\n    body: { text: "Cotton {{2}} in every size", examples: { 2: chino } }\n    buttons: [ { type: QUICK_REPLY, text: More } ]\n`,
    'templates/c.yaml': `${head('gap_alone')}body:\n  text: "Hello {{1}}, your order {{3}} has shipped today."\n  examples: { 1: Ana, 3: A1 }\n`,
  });
  const a = of(all, 'a.yaml').filter((f) => f.includes('placeholder-sequence'));
  assert.equal(a.length, 1, all.join('\n'));
  assert.match(a[0]!, /^templates\/a\.yaml:7:16 placeholder-sequence \{\{2\}\} is used but \{\{1\}\} is not in the body: the header numbers its placeholders on its own, so the body's start again at \{\{1\}\}/);
  const b = of(all, 'b.yaml').filter((f) => f.includes('placeholder-sequence'));
  assert.equal(b.length, 1, all.join('\n'));
  assert.match(b[0]!, /is not in carousel card 2: the body and carousel card 1 number their placeholders on their own/);
  // a gap no other part explains: said as before
  const c = of(all, 'c.yaml').filter((f) => f.includes('placeholder-sequence'));
  assert.match(c[0]!, /\{\{3\}\} is used but \{\{2\}\} is not; numbered placeholders run/);
});

test('a part\'s own key written at the top of the template (authentication\'s security line and expiry, a header\'s format) is told the part it belongs under', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('login_code', 'AUTHENTICATION')}add_security_recommendation: true\ncode_expiration_minutes: 10\nbody: {}\nbuttons: [ { type: OTP, otp_type: COPY_CODE, text: Copy code } ]\n`,
    'templates/b.yaml': `${head('top_format')}format: TEXT\nbody:\n  text: "Your order has shipped today, thanks for shopping with us."\n`,
  });
  const a = of(all, 'a.yaml');
  assert.ok(a.some((f) => f.startsWith('templates/a.yaml:5:1 schema Unknown key \'add_security_recommendation\' in the template: it is a key of `body:`, not of the template; write it there (`body: { add_security_recommendation: true }`)')), a.join('\n'));
  assert.ok(a.some((f) => f.startsWith('templates/a.yaml:6:1 schema Unknown key \'code_expiration_minutes\' in the template: it is a key of `footer:`')), a.join('\n'));
  assert.ok(of(all, 'b.yaml').some((f) => /5:1 schema Unknown key 'format' in the template: it is a key of `header:`/.test(f)), all.join('\n'));
});

test.run();
