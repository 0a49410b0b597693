// The schema's errors belong to rules (src/lint/rules/schema.ts): src/schemas/ only validates, each
// error is worded and given to the rule that owns it, and that rule reports it through its own
// check, the engine's one per-file hook. Turning a rule off (or linting with its check alone)
// shows exactly its share; the schema is judged on the whole template whichever view a rule sees.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { lintBytes, runRules } from '../src/lint/engine.ts';
import { RULES, RULES_BY_ID } from '../src/lint/registry.ts';
import { mapSchemaErrors, schemaFindings } from '../src/lint/rules/schema.ts';
import { templateErrors } from '../src/schemas/template.ts';
import { META_FIELDS_NOT_CARRIED } from '../src/model/meta-fields.ts';
import { ROOT } from './helpers.ts';

const now = new Date('2026-01-01T00:00:00Z');
const lint = (yaml: string) => lintBytes('t.yaml', Buffer.from(yaml), { now }).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`).sort();

test('src/schemas/ loads and runs validators and names no rule', () => {
  const dir = path.join(ROOT, 'src/schemas');
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
    const src = readFileSync(path.join(dir, f), 'utf8');
    for (const r of RULES) assert.not.ok(src.includes(`'${r.id}'`), `src/schemas/${f} names '${r.id}'`);
  }
});

// a template breaking one schema-owned rule of each kind
const broken = `channel: c
name: Order-Ready
language: EN-us
category: PROMO
header: { format: FOO }
body: { text: "" }
buttons:
  - { type: URL, text: Go }
  - { type: PHONE_NUMBER, text: Call }
carousel:
  - { body: { text: a } }
limited_time_offer: {}
message:
  type: text
  message: hi
  suggestions:
    - { action: dial, text: x }
unknown_key: 1
`;

test('every rule that owns a schema error has a check, and its check alone reports exactly its share', () => {
  const t = parse(broken) as Record<string, unknown>;
  const owned = schemaFindings(t);
  assert.ok(owned.size >= 8, `many owners: ${[...owned.keys()].join(', ')}`);
  for (const [id, list] of owned) {
    const rule = RULES_BY_ID.get(id);
    assert.ok(rule?.check, `${id} is a rule with a check`);
    const alone = runRules(t, [rule!], { now }).filter((f) => list.some((s) => s.message === f.message && s.path.join('/') === f.path.join('/')));
    assert.equal(alone.length, list.length, `${id} reports its ${list.length} schema findings`);
  }
  // and nothing is lost or reported twice: lint shows each owned finding once
  const ids = lint(broken);
  for (const list of owned.values()) for (const f of list) assert.equal(ids.filter((l) => l.endsWith(f.message)).length, 1, f.message);
});

test('the owners of the schema\'s errors are what they were: name, language, category, header, body, buttons, cards, offer, suggestions', () => {
  const t = parse(broken) as Record<string, unknown>;
  // a card's buttons are optional (Meta: a card "can optionally include a body text and up to two buttons"): no schema error of carousel-card-buttons
  assert.equal([...schemaFindings(t).keys()].sort(), ['button-phone', 'button-url', 'carousel-card-header', 'category', 'components', 'header-format', 'language-code', 'name-format', 'offer-text', 'rcs-action-keys', 'schema']);
});

test('an RCS template: the WhatsApp rules do not apply, so the schema reports what they would own', () => {
  const rcs = 'channel: c\nname: n\nlanguage: en\nmessage:\n  type: text\n  message: hi\nbuttons:\n  - { type: URL, text: Go }\n';
  // (and the buttons themselves are WhatsApp's, which an RCS-only template's write does not carry: rcs-whatsapp-keys)
  assert.equal(lint(rcs).filter((l) => !l.startsWith('rcs-whatsapp-keys 7:1 `buttons` is WhatsApp\'s')), ["schema 8:5 buttons[0] is missing required key 'url' (a URL button needs it)"]);
  assert.is(lint(rcs).length, 2);
  // with a body too, the WhatsApp view (without the message) still gets the schema's finding on the whole file
  const both = rcs.replace('message:\n', 'category: UTILITY\nbody: { text: hi }\nmessage:\n');
  assert.equal(lint(both), ["button-url 10:5 buttons[0] is missing required key 'url' (a URL button needs it)"]);
});

test('the schema is judged once per template value, and a valid one costs no mapping', () => {
  const t = parse(broken) as Record<string, unknown>;
  assert.is(schemaFindings(t), schemaFindings(t));
  const ok = parse('channel: c\nname: n\nlanguage: en\ncategory: UTILITY\nbody: { text: hi }\n') as Record<string, unknown>;
  assert.equal(templateErrors(ok), []);
  assert.is(schemaFindings(ok).size, 0);
  assert.equal(mapSchemaErrors(templateErrors(t), t).length, [...schemaFindings(t).values()].reduce((n, l) => n + l.length, 0));
});

test('allow_category_change (in older examples of Meta\'s create request): said to be no longer taken', () => {
  const text = 'channel: wa\nname: spring_sale\nlanguage: en_US\ncategory: UTILITY\nallow_category_change: true\nbody: { text: "Your order is ready." }\n';
  const found = lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'schema');
  assert.is(found.length, 1);
  assert.match(found[0]!.message, "Unknown key 'allow_category_change' in the template: Meta no longer takes it (since 9 April 2025");
});

test('a version written into a template file, and a YAML merge key: each said for what it is', () => {
  const schema = (text: string) => lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'schema').map((d) => d.message);
  for (const line of ['version: 1.1', 'version: "1.1"', 'formatVersion: 1.9', 'format_version: 2']) {
    const found = schema(`${line}\nchannel: wa\nname: spring_sale\nlanguage: en_US\ncategory: UTILITY\nbody: { text: "Your order is ready." }\n`);
    assert.is(found.length, 1, line);
    assert.match(found[0]!, /: a template file declares no version; the format's versions \(1\.0, 1\.1, 1\.2\) are which keys exist/, line);
  }
  const cards = 'channel: wa\nname: spring_cards\nlanguage: en_US\ncategory: MARKETING\nbody: { text: "Our spring picks." }\ncarousel:\n  - &card\n    header: { format: IMAGE, example: https://cdn.example.com/a.jpg }\n    body: { text: Linen shirts }\n    buttons: [{ type: QUICK_REPLY, text: More }]\n  - <<: *card\n    body: { text: Canvas shoes }\n';
  assert.ok(schema(cards).some((m) => m.startsWith("Unknown key '<<' in carousel[1]: YAML merge keys (`<<: *anchor`) are not read in template files")), JSON.stringify(schema(cards)));
  // in a button, where the type the merge would have given is missing first
  const buttons = 'channel: wa\nname: spring_sale\nlanguage: en_US\ncategory: MARKETING\nbody: { text: "Spring is here." }\nbuttons:\n  - &qr { type: QUICK_REPLY, text: Tell me more }\n  - { <<: *qr, text: Not for me }\n';
  assert.ok(schema(buttons).some((m) => /missing required key 'type': it comes from a YAML merge key/.test(m)), JSON.stringify(schema(buttons)));
});

test('code_expiration_minutes under body: said to belong under footer', () => {
  const text = 'channel: wa\nname: login_code\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\n  code_expiration_minutes: 10\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE }\n';
  const found = lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'schema');
  assert.match(found[0]?.message ?? '', "Unknown key 'code_expiration_minutes' in body: the expiry line belongs under `footer:`");
});

test('a comma that cut a text inside `{ ... }`: the unknown key it made says to quote the whole value (WhatsApp buttons and RCS suggestions)', () => {
  const messages = (text: string): string[] => lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'schema' || d.ruleId === 'rcs-action-keys').map((d) => d.message);
  const wa = 'channel: wa\nname: confirm_login\nlanguage: de\ncategory: UTILITY\nbody:\n  text: "Hallo {{1}}, jemand hat sich gerade in Ihr Konto eingeloggt."\n  examples: { 1: Jonas }\nbuttons:\n  - { type: QUICK_REPLY, text: Ja, das war ich }\n';
  assert.equal(messages(wa), ["Unknown key 'das war ich' in buttons[0] (a QUICK_REPLY button takes: type, text): a comma inside `{ ... }` ends the value before it, and 'das war ich' was read as a key of its own; if it belongs to `text`, quote the whole value (text: \"Ja, das war ich\")"]);
  const rcs = 'channel: rcs\nname: confirm\nlanguage: en\nmessage:\n  type: text\n  message: "Was it you who signed in just now?"\n  suggestions:\n    - { action: reply, text: Yes, it was me, postbackData: "yes" }\n';
  assert.match(messages(rcs)[0]!, 'quote the whole value (text: "Yes, it was me")');
  // a text with double quotes: the suggestion in single quotes, YAML that reads back as the text
  assert.match(messages(wa.replace('text: Ja, das war ich', 'text: Sag "super", bitte mehr'))[0]!, `quote the whole value (text: 'Sag "super", bitte mehr')`);
  // a rest of one word (no value), and a rest that holds a colon (a key with a value of its own)
  assert.match(messages(wa.replace('text: Ja, das war ich', 'text: Nein, sperren'))[0]!, 'quote the whole value (text: "Nein, sperren")');
  assert.match(messages(wa.replace('text: Ja, das war ich', 'text: Gut, aber langsam: leider'))[0]!, 'quote the whole value (text: "Gut, aber langsam: leider")');
  // two commas: the whole text, whichever of its pieces is named; a number before the comma (YAML read 007 as 7): no suggestion
  for (const m of messages(wa.replace('text: Ja, das war ich', 'text: Yes, please, call me'))) assert.match(m, 'quote the whole value (text: "Yes, please, call me")');
  assert.not.match(messages(wa.replace('text: Ja, das war ich', 'text: 007, agent'))[0] ?? '', 'a comma inside');
  // a piece YAML read as a number (13.40 as 13.4): no suggestion, it would change the address
  const map = messages(wa.replace('- { type: QUICK_REPLY, text: Ja, das war ich }', '- { type: URL, text: Map, url: https://maps.example.com/@52.52,13.40,15z }'));
  assert.ok(map.length > 0, 'the unknown keys are reported');
  assert.not.match(map.join(' '), 'quote the whole value');
  // an address keeps its commas as they are (no space after them)
  assert.match(messages(wa.replace('- { type: QUICK_REPLY, text: Ja, das war ich }', '- { type: URL, text: Ver, url: https://shop.example.com/a,b }'))[0]!, 'quote the whole value (url: "https://shop.example.com/a,b")');
  // a key misspelt with a value of its own is a typo, not a cut text
  assert.not.match(messages(wa.replace('text: Ja, das war ich', 'txt: Ja'))[0] ?? '', 'a comma inside');
});

test('trial-bo F2: Meta\'s template library and Meta\'s settings of a template are named as not carried by the partner API (not "Unknown key"); a library request\'s missing body is not said beside it', () => {
  const diags = (text: string) => lintBytes('t.yaml', Buffer.from(text), { now }).diagnostics;
  const library = 'channel: wa\nname: lib_shipment\nlanguage: en_US\ncategory: UTILITY\nlibrary_template_name: delivery_update_1\nlibrary_template_button_inputs:\n  - type: URL\n    url:\n      base_url: https://www.luckyshrub.com/track/{{1}}\n      url_suffix_example: https://www.luckyshrub.com/track/A-1042\nbody:\n  text: "placeholder"\n';
  const found = diags(library);
  assert.equal(found.map((d) => `${d.ruleId} ${d.line}:${d.column}`), ['schema 5:1', 'schema 6:1']);
  for (const d of found) {
    assert.not.match(d.message, /Unknown key|allowed:/);
    assert.match(d.message, /Meta's template library/);
    assert.match(d.message, "the partner API's template write carries a template's components only, so it cannot create a template from Meta's template library (docs/format.md, \"Meta fields the partner API does not carry\")");
    assert.match(d.message, 'create the template from the library in WhatsApp Manager or through Meta\'s Graph API (POST /<WABA_ID>/message_templates with library_template_name), then `tplsync pull --from meta` the created template\'s entry of Meta\'s listing');
  }
  // written as Meta's request, without a body (Meta writes the library's): the library key says what to write, not "missing required key 'body'"
  const bare = diags(library.replace('body:\n  text: "placeholder"\n', ''));
  assert.equal(bare.map((d) => `${d.ruleId} ${d.line}:${d.column}`), ['schema 5:1', 'schema 6:1']);
  assert.ok(diags('channel: wa\nname: x\nlanguage: en_US\ncategory: UTILITY\n').some((d) => d.ruleId === 'components'));
  // every field of the one table (the settings pull --from meta reads too): named, with what to do, under the schema rule
  for (const [key, f] of Object.entries(META_FIELDS_NOT_CARRIED)) {
    const d = diags(`channel: wa\nname: spring_sale\nlanguage: en_US\ncategory: MARKETING\n${key}: ${f.default === undefined ? '{ a: 1 }' : 'true'}\nbody: { text: "Fresh deals every Friday." }\n`);
    assert.is(d.length, 1, key);
    assert.is(d[0]!.ruleId, 'schema', key);
    assert.is(d[0]!.line, 5, key);
    assert.match(d[0]!.message, new RegExp(`^'${key}' is `), key);
    assert.not.match(d[0]!.message, /Unknown key/, key);
    if (f.kind === 'setting') assert.match(d[0]!.message, 'which Meta keeps with the template (no content WhatsApp reviews) and which is not carried: the partner API\'s template write has no field for it, so the channel would never receive it (docs/format.md, "Meta fields the partner API does not carry"). Set it through Meta (WhatsApp Manager or the Graph API) and remove it here.', key);
  }
  assert.match(diags('channel: wa\nname: spring_sale\nlanguage: en_US\ncategory: MARKETING\ndegrees_of_freedom_spec: { creative_features_spec: [] }\nbody: { text: "Fresh deals." }\n')[0]!.message, /^'degrees_of_freedom_spec' is the creative optimizations Meta may apply to the template's messages sent through the Marketing Messages API/);
  // the same key inside a part is not Meta's template field: still an unknown key there
  assert.match(diags('channel: wa\nname: spring_sale\nlanguage: en_US\ncategory: MARKETING\nbody: { text: "Fresh deals.", bid_spec: 1 }\n')[0]!.message, /^Unknown key 'bid_spec' in body/);
});

test('docs/format.md has the table lint\'s message names, "Meta fields the partner API does not carry", with every field of the one table', () => {
  const doc = readFileSync(path.join(ROOT, 'docs/format.md'), 'utf8');
  const at = doc.indexOf('**Meta fields the partner API does not carry.**');
  assert.ok(at > 0);
  const table = doc.slice(at, doc.indexOf('\n\n', doc.indexOf('| Meta field |', at)));
  for (const key of Object.keys(META_FIELDS_NOT_CARRIED)) assert.match(table, `\`${key}\``, key);
});

test.run();
