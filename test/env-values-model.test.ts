// The pure parts of per-environment values: the reference scanner (positions, escapes, what is
// not a reference; a seeded property), substitution, lint's stand-in, the channel's remnants of
// a secret, the `(secret)` mask of the output gate, the config's checks and rule
// env-value-missing at the reference's position.
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { environmentValues, loadConfig, type EnvironmentConfig } from '../src/config/load.ts';
import { addSecret, redact } from '../src/core/redact.ts';
import { escapeLiteralReferences, lintStandIn, MissingValuesError, replaceReferences, scanReferences, substituteValues, templateReferences, VALUE_NAME } from '../src/model/values.ts';
import { remnantsAsReferences, secretRemnants } from '../src/model/remnants.ts';
import { utimesSync } from 'node:fs';
import path from 'node:path';
import { lintProject } from '../src/lint/run.ts';
import { cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

test('scanReferences: ((name)) with its offsets; escaped, spaced, placeholder-like and dollar texts are not references', () => {
  assert.equal(scanReferences('Open ((shop_host))/orders/{{1}}'), [{ name: 'shop_host', start: 5, end: 18 }]);
  assert.equal(scanReferences('((a))((b-2))'), [{ name: 'a', start: 0, end: 5 }, { name: 'b-2', start: 5, end: 12 }]);
  assert.equal(scanReferences('Your total is ${{1}}'), []);
  assert.equal(scanReferences('(( spaced ))'), []);
  assert.equal(scanReferences('((1abc))'), []);
  assert.equal(scanReferences('(({{1}}))'), []);
  assert.equal(scanReferences('(see (below))'), []);
  assert.equal(scanReferences('literal \\((flow_id)) here'), []);
  assert.equal(scanReferences('(((x)))'), [{ name: 'x', start: 1, end: 6 }]);
});

test('escapeLiteralReferences: any text, escaped, holds no reference and reads back as itself (seeded property)', () => {
  const piece = fc.constantFrom('((', '))', '\\', 'yes', 'x-1', '{{1}}', ' ', 'C:', '(', ')', 'é', 'stop');
  fc.assert(fc.property(fc.array(piece, { maxLength: 12 }).map((a) => a.join('')), (text) => {
    const t = escapeLiteralReferences({ body: { text } }) as { body: { text: string } };
    assert.equal(scanReferences(t.body.text), [], t.body.text);
    assert.is(replaceReferences(t.body.text, () => 'VALUE'), text);
  }));
  // the platform's texts of the trial: a reply word in brackets, a Windows path with a backslash before them
  const t = escapeLiteralReferences({ name: 'n', body: { text: 'reply ((yes)); C:\\temp\\((x))' } }) as { body: { text: string } };
  assert.is(t.body.text, 'reply \\((yes)); C:\\temp\\\\((x))');
  const none = { body: { text: 'no brackets' } };
  assert.is(escapeLiteralReferences(none), none, 'a template without one is returned as it is');
});

test('replaceReferences: values in place, an escaped reference becomes its literal text, an unknown one is kept and named', () => {
  const missing = new Set<string>();
  const out = replaceReferences('a ((x)) b \\((x)) c ((y))', (n) => (n === 'x' ? 'X' : undefined), missing);
  assert.is(out, 'a X b ((x)) c ((y))');
  assert.equal([...missing], ['y']);
});

/** a text part that cannot form or escape a reference with its neighbours */
const plain = fc.string({ maxLength: 12 }).map((s) => s.replace(/[()\\]/g, ''));
const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_-]{0,20}$/);
const segment = fc.oneof(
  plain.map((s) => ({ kind: 'text' as const, s })),
  name.map((n) => ({ kind: 'ref' as const, n })),
  name.map((n) => ({ kind: 'escaped' as const, n })),
);

test('property: the scanner finds exactly the references a text is built from, at their offsets; substitution agrees', () => {
  fc.assert(fc.property(fc.array(segment, { maxLength: 12 }), (segs) => {
    let text = '';
    let literal = '';
    const refs: { name: string; start: number; end: number }[] = [];
    for (const s of segs) {
      if (s.kind === 'text') { text += s.s; literal += s.s; continue; }
      if (s.kind === 'ref') { refs.push({ name: s.n, start: text.length, end: text.length + s.n.length + 4 }); text += `((${s.n}))`; literal += `<${s.n}>`; continue; }
      text += `\\((${s.n}))`; literal += `((${s.n}))`;
    }
    assert.equal(scanReferences(text), refs);
    assert.is(replaceReferences(text, (n) => `<${n}>`), literal);
  }));
});

test('property: on any text, each reference found is ((name)) at its offsets with a valid name', () => {
  fc.assert(fc.property(fc.string({ maxLength: 60, unit: fc.constantFrom('(', ')', '\\', 'a', 'Z', '1', '_', '-', ' ', '{', '}', '$') }), (text) => {
    let last = -1;
    for (const r of scanReferences(text)) {
      assert.is(text.slice(r.start, r.end), `((${r.name}))`);
      assert.ok(VALUE_NAME.test(r.name));
      assert.ok(r.start > last, 'in order, not overlapping');
      assert.ok(r.start === 0 || text[r.start - 1] !== '\\', 'an escaped one is no reference');
      last = r.end - 1;
    }
  }));
});

const T = {
  channel: 'wa', name: 'offer', language: 'en_US', category: 'MARKETING',
  body: { text: 'Code ((token)) for ((who))', examples: { '((who))': 'not a place' } },
  buttons: [{ type: 'URL', url: '((host))/x/{{1}}', example: '((host))/x/1' }, { type: 'FLOW', flow_id: '((flow))' }],
  retries: 3,
};
const lookup = (n: string) => ({ token: { value: 'SECRET-123456', secret: true }, who: { value: 'Ana', secret: false }, host: { value: 'https://s.example', secret: false }, flow: { value: '42', secret: false } } as Record<string, { value: string; secret: boolean }>)[n];

test('substituteValues: every string but the identity keys and mapping keys; secrets masked on request; missing ones named', () => {
  const out = substituteValues(T, lookup) as typeof T;
  assert.is(out.body.text, 'Code SECRET-123456 for Ana');
  assert.equal(Object.keys(out.body.examples), ['((who))']);
  assert.is(out.buttons[0]!.url, 'https://s.example/x/{{1}}');
  assert.is((out.buttons[1] as { flow_id: string }).flow_id, '42');
  assert.is(out.retries, 3);
  assert.is((substituteValues(T, lookup, { mask: true }) as typeof T).body.text, 'Code (secret) for Ana');
  const same = { channel: '((x))', name: 'n', body: { text: 'plain' } };
  assert.is(substituteValues(same, () => undefined), same, 'identity keys are never references');
  try { substituteValues(T, (n) => (n === 'who' ? lookup(n) : undefined)); assert.unreachable(); } catch (e) {
    assert.instance(e, MissingValuesError);
    assert.equal((e as MissingValuesError).names, ['flow', 'host', 'token']);
  }
  assert.equal(templateReferences(T).map((r) => `${r.path.join('.')}:${r.start}:${r.name}`), ['body.text:5:token', 'body.text:19:who', 'buttons.0.url:0:host', 'buttons.0.example:0:host', 'buttons.1.flow_id:0:flow']);
});

test('lintStandIn: an address that starts with a reference stands as an https URL; other references stay text', () => {
  const v = lintStandIn(T) as typeof T;
  assert.match(v.buttons[0]!.url ?? '', /^https:\/\/v+\.io\/x\/\{\{1\}\}$/);
  assert.match(v.buttons[0]!.example ?? '', /^https:\/\/v+\.io\/x\/1$/);
  const long = lintStandIn({ buttons: [{ url: '((shop_host))/x/{{1}}' }] }) as { buttons: { url: string }[] };
  assert.is(long.buttons[0]!.url.length, '((shop_host))/x/{{1}}'.length, 'as long as a reference of 12 characters or more: positions after it hold');
  assert.is(v.body.text, T.body.text);
  assert.is((v.buttons[1] as { flow_id: string }).flow_id, '((flow))');
});

test('lintStandIn: a phone number that is one reference stands as an E.164 number; a phone with text around a reference stays', () => {
  const rcs = { channel: 'shop-rcs', name: 'support', language: 'en_US', message: { type: 'text', message: 'Call us', suggestions: [{ action: 'dial', text: 'Call', phoneNumber: '((support_phone))', postbackData: 'dial' }] } };
  const wa = { buttons: [{ type: 'PHONE_NUMBER', text: 'Call', phone_number: '((support_phone))' }, { type: 'PHONE_NUMBER', text: 'Call', phone_number: '+49((local))' }] };
  assert.is((lintStandIn(rcs) as typeof rcs).message.suggestions[0]!.phoneNumber, '+15550100000');
  const w = lintStandIn(wa) as typeof wa;
  assert.is(w.buttons[0]!.phone_number, '+15550100000');
  assert.is(w.buttons[1]!.phone_number, '+49((local))');
});

test('secretRemnants: the channel\'s text where the file has a secret (an old one after a rotation); the whole string when the rest differs', () => {
  const marked = substituteValues(T, lookup, { markSecrets: true }) as typeof T;
  const remote = { ...T, body: { text: 'Code OLD-SECRET-987 for Ana' } };
  assert.equal(secretRemnants(marked, remote), ['OLD-SECRET-987']);
  assert.equal(secretRemnants(marked, { ...T, body: { text: 'Other OLD-SECRET-987 text' } }), ['OLD-SECRET-987'], 'the rest edited too: the words compared');
  assert.equal(secretRemnants(marked, { ...T, body: { text: 'Code OLD-SECRET-987 for Anabel' } }), ['OLD-SECRET-987']);
  assert.equal(secretRemnants(marked, { ...T, body: { text: 'Code OLD-SECRET-987 Ana' } }), ['OLD-SECRET-987'], 'a word dropped next to the secret');
  assert.equal(secretRemnants(marked, { ...T, body: { text: 'Code OLD-SECRET-987 to Ana' } }), ['OLD-SECRET-987'], 'a word edited beside the secret is not part of it');
  assert.equal(secretRemnants(marked, { ...T, body: { text: 'Code short for Ana' } }), [], 'the rest the same, and fewer characters where the secret is than a secret value has: no secret there, nothing masked');
  assert.equal(secretRemnants(marked, { ...T, body: { text: 'Other short text' } }), ['Other short text'], 'a short piece against the mark: the whole string');
  assert.equal(secretRemnants(marked, { ...T, body: { text: 'Nothing in common at all' } }), ['Nothing in common at all'], 'the mark with nothing against it: the whole string');
  assert.equal(secretRemnants(marked, { ...T, body: undefined }), []);
});

test('secretRemnants: an earlier secret of several words and lines, beside an edit of the text, is one remnant (no word of it left to show in clear)', () => {
  const t = { body: { text: 'Hello {{1}}, news on your account. ((note)) Code ((code)).' } };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  const remote = { body: { text: 'Hello {{1}}, news about your account. OLDLINEONE first\nOLDLINETWO second Code PROMO12345.' } };
  const pieces = secretRemnants(marked, remote);
  assert.ok(pieces.includes('OLDLINEONE first\nOLDLINETWO second'), JSON.stringify(pieces));
  assert.ok(pieces.every((p) => !/about/.test(p)), 'the edit of the text is not part of a remnant');
  // before the mark, too: words the channel has in addition before where the file has its secret
  const before = secretRemnants(marked, { body: { text: 'Hello {{1}}, news about your account. OLDLINEONE first\nOLDLINETWO second Code PROMO12345.' } });
  assert.equal(before, pieces);
});

test('secretRemnants: a list the channel holds in another order (RCS cards) has each item\'s secret found in its own item, not the text now at its place masked whole', () => {
  const card = (title: string, description: string) => ({ title, description });
  const t = { cards: [card('Spring sale', 'Use ((code)) at checkout'), card('Free delivery', 'On orders over 50 euros'), card('Gift cards', 'Send one today')] };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  const reordered = { cards: [card('Free delivery', 'On orders over 50 euros'), card('Gift cards', 'Send one today'), card('Spring sale', 'Use OLD-CODE-2026 at checkout')] };
  assert.equal(secretRemnants(marked, reordered), ['OLD-CODE-2026'], 'the other cards\' plain texts are not secrets');
  // in its place, as before; and where no item fits, the text at the same place is masked whole (the safe side)
  assert.equal(secretRemnants(marked, { cards: [reordered.cards[2], reordered.cards[0], reordered.cards[1]] }), ['OLD-CODE-2026']);
  assert.equal(secretRemnants(marked, { cards: [card('Other', 'Nothing like it'), card('Free delivery', 'On orders over 50 euros')] }), ['Nothing like it']);
});

test('a secret added to a template with words around it: the channel\'s copy holds nothing there, and its text is not masked', () => {
  const t = { body: { text: 'Hi {{1}}, your order {{2}} is ready for pickup until 8pm. Next time use ((promo_code)) for 15% off.', examples: ['Ana', 'A-1'] } };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  assert.equal(secretRemnants(marked, { body: { text: 'Hi {{1}}, your order {{2}} is ready for pickup until 8pm.', examples: ['Ana', 'A-1'] } }), []);
  // a word of the channel's where the secret now stands, shorter than any secret value (the config refuses one under 8 characters): no secret, not masked
  assert.equal(secretRemnants(marked, { body: { text: 'Hi {{1}}, your order {{2}} is ready for pickup until 8pm. Next time use CODE for 15% off.', examples: ['Ana', 'A-1'] } }), []);
  assert.equal(secretRemnants(marked, { body: { text: 'Hi {{1}}, your order {{2}} is ready for pickup until 8pm. Next time use below for 15% off.', examples: ['Ana', 'A-1'] } }), []);
  // words as long as a secret value could be (one of several words): that span alone, never the rest of the text
  assert.equal(secretRemnants(marked, { body: { text: 'Hi {{1}}, your order {{2}} is ready for pickup until 8pm. Next time use the code below for 15% off.', examples: ['Ana', 'A-1'] } }), ['the code below']);
  // one that long enough to be a secret (an earlier value): masked alone; with the text around it changed too, unclear: the whole string
  assert.equal(secretRemnants(marked, { body: { text: 'Hi {{1}}, your order {{2}} is ready for pickup until 8pm. Next time use OLDCODE99 for 15% off.', examples: ['Ana', 'A-1'] } }), ['OLDCODE99']);
  assert.equal(secretRemnants(marked, { body: { text: 'Hi {{1}}, your order {{2}} is ready for pickup at 8pm. Next time use CODE for 15% off.', examples: ['Ana', 'A-1'] } }).length, 1);
});

test('a rotated secret with an edit beside it (its current value known): the edit is kept and shown, the earlier value is the secret; which part is the value unclear: not placed', () => {
  const t = { body: { text: 'Hi {{1}}, use code ((promo_code)) at checkout for 15% off.', examples: ['Ana'] }, buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example/r/((token))/{{1}}' }] };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  const current = (name: string) => ({ promo_code: 'SPRING15LOCAL', token: 'ptk_7777bbbb22' } as Record<string, string>)[name];
  const remote = { body: { text: 'Hi {{1}}, use code SPRING14WINTER today at checkout for 15% off.', examples: ['Ana'] }, buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example/r/ptk_0000aaaa11/sale/{{1}}' }] };
  const placed = remnantsAsReferences(marked, remote, current);
  assert.equal(placed.value, { body: { text: 'Hi {{1}}, use code ((promo_code)) today at checkout for 15% off.', examples: ['Ana'] }, buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example/r/((token))/sale/{{1}}' }] });
  assert.equal(placed.unplaced, []);
  assert.equal([...placed.learned], [['SPRING14WINTER', 'promo_code'], ['ptk_0000aaaa11', 'token']]);
  // the plan masks the earlier value alone: the edit is shown to the reviewer
  assert.equal(secretRemnants(marked, remote, current), ['SPRING14WINTER', 'ptk_0000aaaa11']);
  // two parts that could each be the value: not placed (the string is not written), and, both codes, masked whole in a plan
  const two = { ...remote, body: { text: 'Hi {{1}}, use code SPRING14WINTER SUMMERSALE at checkout for 15% off.', examples: ['Ana'] } };
  assert.equal(remnantsAsReferences(marked, two, current).unplaced, ['body.text']);
  // (a word of the text, SUMMERSALE, is no earlier value by its form: the plan masks the code beside it alone)
  assert.equal(secretRemnants(marked, two, current), ['SPRING14WINTER', 'ptk_0000aaaa11']);
  const codes = { ...remote, body: { text: 'Hi {{1}}, use code SPRING14WINTER SUMMER15SALE at checkout for 15% off.', examples: ['Ana'] } };
  assert.ok(secretRemnants(marked, codes, current).includes(codes.body.text));
  // the value not known: as before, the whole piece is the secret's (masked whole)
  assert.equal(secretRemnants(marked, remote), ['SPRING14WINTER today', 'ptk_0000aaaa11/sale']);
});

test('remnantsAsReferences: the channel\'s copy with its secrets (current or earlier) written as the file\'s references; a string whose text around a secret changed is unplaced', () => {
  const t = { body: { text: 'Hi {{1}}, code ((code)).', examples: ['Ana'] }, buttons: [{ text: 'Open', url: '((host))/x' }] };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  const remote = { body: { text: 'Hi {{1}}, code OLD-CODE-123.', examples: ['Ana'] }, buttons: [{ text: 'Open', url: 'https://old.example/x' }] };
  const placed = remnantsAsReferences(marked, remote);
  assert.equal([placed.value, placed.unplaced], [{ body: { text: 'Hi {{1}}, code ((code)).', examples: ['Ana'] }, buttons: [{ text: 'Open', url: '((host))/x' }] }, []]);
  // what stood for each secret, to be found elsewhere in the copy
  assert.equal([...placed.learned], [['OLD-CODE-123', 'code'], ['https://old.example', 'host']]);
  const edited = remnantsAsReferences(marked, { ...remote, body: { text: 'Hello {{1}}, code OLD-CODE-123.', examples: ['Ana'] } });
  assert.equal(edited.unplaced, ['body.text']);
  assert.is((edited.value as typeof remote).body.text, 'Hello {{1}}, code OLD-CODE-123.');
});

test('remnantsAsReferences: an edit next to a secret whose current value the channel holds keeps the edit, the value its reference (it was dropped)', () => {
  const t = { body: { text: 'Hello! Your code is ((promo)). It is valid in every store.' } };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  const current = (name: string) => (name === 'promo' ? 'SPRING2026QX' : undefined);
  for (const [channel, written] of [
    ['Hello! Your code is now SPRING2026QX. It is valid in every store.', 'Hello! Your code is now ((promo)). It is valid in every store.'],
    ['Hello! Your code is SPRING2026QX, valid today. It is valid in every store.', 'Hello! Your code is ((promo)), valid today. It is valid in every store.'],
    // an earlier value (a rotation): the reference, as before
    ['Hello! Your code is WINTER2025AB. It is valid in every store.', 'Hello! Your code is ((promo)). It is valid in every store.'],
    // punctuation edited beside it (it was refused, with advice to apply first, which would have lost the edit)
    ['Hello! Your code is: SPRING2026QX! It is valid in every store.', 'Hello! Your code is: ((promo))! It is valid in every store.'],
  ]) {
    const placed = remnantsAsReferences(marked, { body: { text: channel } }, current);
    assert.is((placed.value as { body: { text: string } }).body.text, written, channel);
    assert.equal(placed.unplaced, []);
  }
});

test('the output gate shows a secret value as (secret), a piece of it as [redacted]', () => {
  addSecret('tok-Hq8Zr2Lm5Vx', 'value');
  assert.is(redact('code tok-Hq8Zr2Lm5Vx, json "tok-Hq8Zr2Lm5Vx"'), 'code (secret), json "(secret)"');
  assert.is(redact('piece Hq8Zr2Lm5V'), 'piece [redacted]');
  // a word of a value is any word: tplsync's own "characters" stays (and says nothing of the value)
  addSecret('SPRINGSALE-2026-WITH-EXTRA-CHARACTERS-XY', 'value');
  assert.is(redact('The body of a limited-time offer is 617 characters; the limit is 600.'), 'The body of a limited-time offer is 617 characters; the limit is 600.');
  assert.match(redact('echo CHARACTERS-XY'), /^echo C?H?A?\[redacted\]$/);
  assert.match(redact('cut: extra-characters'), /^cut: \[redacted\]/);
  // a value of words in lower case: its words are tplsync's words too (and masking them would tell them)
  addSecret('environment-template-characters-planned', 'value');
  assert.is(redact('with the values of environment \'dev\': the body is 1029 characters, a template of planned work'), 'with the values of environment \'dev\': the body is 1029 characters, a template of planned work');
  assert.is(redact('code environment-template-characters-planned!'), 'code (secret)!');
  assert.match(redact('cut: ment-template-chara'), /^cut: \[redacted\]/);
  // a value's digits are its secret part, even standing alone: masked (a number sharing 8 of them with it too)
  addSecret('SPRING-44770090', 'value');
  assert.is(redact('Partners: show 44770090 at the till'), 'Partners: show [redacted] at the till');
  assert.is(redact('token SPRING-44770090'), 'token (secret)');
});

test('environmentValues: a secret is read when asked for, with a clear error when its variable is unset or too short', () => {
  const env: EnvironmentConfig = { name: 'prod', apiKeyEnv: 'K', allowInsecureHttp: false, channels: {}, values: { a: { text: 'A' }, s: { env: 'S_VAR' } } };
  const get = environmentValues(env, { S_VAR: 'long-enough-secret' });
  assert.equal(get('a'), { value: 'A', secret: false });
  assert.equal(get('s'), { value: 'long-enough-secret', secret: true });
  assert.is(get('nope'), undefined);
  assert.is(environmentValues(env, {})('a')?.value, 'A', 'an unset variable matters only for its own value');
  assert.throws(() => environmentValues(env, {})('s'), /environments\.prod\.values\.s is read from the environment variable S_VAR, which is not set/);
  // the environment's own key's variable: refused as the key, set or not (trial-au F1: "not set" of a variable that was set)
  const keyed: EnvironmentConfig = { ...env, values: { k: { env: 'K' } } };
  for (const vars of [{}, { K: 'long-enough-api-key' }]) assert.throws(() => environmentValues(keyed, vars)('k'), /environments\.prod\.values\.k is read from the environment variable K, which is environment 'prod''s apiKeyEnv: the API key cannot be a template value/);
  assert.throws(() => environmentValues(env, { S_VAR: 'short' })('s'), /holds 5 characters; a secret value has at least 8/);
  // white space is no secret: eight spaces would mask every indentation of the output
  assert.throws(() => environmentValues(env, { S_VAR: '        ' })('s'), /holds 0 characters besides white space; a secret value has at least 8/);
  assert.throws(() => environmentValues(env, { S_VAR: 'ab cd\nef g' })('s'), /holds 7 characters besides white space/);
});

test('the config: values checked with their positions (a placeholder in a value, a bad name)', async () => {
  const dir = tempDir('tplsync-values-config-');
  try {
    const base = 'environments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n    values:\n';
    writeFiles(dir, { 'tplsync.config.yaml': `${base}      ok: "1"\n      greeting: "Hi {{1}}"\n` });
    await loadConfig({ cwd: dir }).then(() => assert.unreachable(), (e: Error) => assert.match(e.message, /7:7.*environments\.local\.values\.greeting: a value is text and holds no placeholder/s));
    writeFiles(dir, { 'tplsync.config.yaml': `${base}      "bad name": "1"\n` });
    await loadConfig({ cwd: dir }).then(() => assert.unreachable(), (e: Error) => assert.match(e.message, /6:7: environments\.local\.values: 'bad name' is not a value name/));
    writeFiles(dir, { 'tplsync.config.yaml': `${base}      token: { env: 12 }\n` });
    await loadConfig({ cwd: dir }).then(() => assert.unreachable(), (e: Error) => assert.match(e.message, /6:/));
  } finally { cleanup(dir); }
});

test('rule env-value-missing: at the (( of each reference, in plain, quoted and block texts; nothing without environments', async () => {
  const dir = tempDir('tplsync-values-rule-');
  try {
    const file = [
      'channel: wa', 'name: offer', 'language: en_US', 'category: MARKETING', 'body:',
      '  text: |-', '    Hello {{1}}, your code is ((code)).', '    See you soon at the ((place)) store.', '  examples: { 1: Ana }',
      'footer: "Ends ((end_date))"', 'buttons:', '  - type: URL', '    text: Shop', '    url: ((host))/s/{{1}}', '    example: ((host))/s/1', '',
    ].join('\n');
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["t/*.yaml"]\nenvironments:\n  a:\n    emulator: .tplsync/a.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n    values: { host: "https://a.example", code: X1 }\n  b:\n    emulator: .tplsync/b.json\n    channels: { wa: 1b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n    values: { host: "https://b.example" }\n',
      't/offer.yaml': file,
    });
    const { diagnostics } = await lintInProcess(dir);
    const got = diagnostics.filter((d) => d.ruleId === 'env-value-missing').map((d) => `${d.line}:${d.column} ${d.message.split(' has no value in ')[0]} ${/environments? ([a-z, ]+), which/.exec(d.message)?.[1]}`);
    assert.equal(got, ['7:31 ((code)) b', '8:25 ((place)) a, b', '10:15 ((end_date)) a, b']);
    assert.equal(diagnostics.filter((d) => d.ruleId !== 'env-value-missing').map((d) => `${d.ruleId} ${d.message}`), [], 'the address rules judge ((host))/s/{{1}} as an https URL');
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["t/*.yaml"]\n' });
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'env-value-missing'), []);
  } finally { cleanup(dir); }
});

test('rule env-value-missing through lint --cache: the references are kept with the file; a value added to the config is seen', async () => {
  const dir = tempDir('tplsync-values-cache-');
  try {
    const cfg = (values: string) => `templates: ["t/*.yaml"]\nenvironments:\n  a:\n    emulator: .tplsync/a.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n    values: { ${values} }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': cfg('host: "https://a.example"'),
      't/offer.yaml': 'channel: wa\nname: offer\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order ((order_ref)) is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const old = new Date('2025-01-01T00:00:00Z');
    utimesSync(path.join(dir, 't/offer.yaml'), old, old);
    const run = async () => (await lintProject(await loadConfig({ cwd: dir }), [], dir, { cacheFile: path.join(dir, '.tplsync/lint-cache.json'), now: new Date('2026-01-01T00:00:00Z') })).diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId}`);
    assert.equal(await run(), ['6:34 env-value-missing']);
    assert.equal(await run(), ['6:34 env-value-missing'], 'from the cache');
    writeFiles(dir, { 'tplsync.config.yaml': cfg('host: "https://a.example", order_ref: "#"') });
    assert.equal(await run(), []);
  } finally { cleanup(dir); }
});

test('secretRemnants with the current value known: only what could be a value of that secret is masked, never the channel\'s words', () => {
  const t = { header: { text: 'Your autumn ((promo_code))' }, body: { text: 'Enter the voucher ((promo_code)) when you pay.' } };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  const current = () => 'AUTUMN77Q';
  // several words, a word of 8 characters: the approved text, not an earlier value
  assert.equal(secretRemnants(marked, { header: { text: 'Your autumn cashback' }, body: { text: 'Enter the voucher shown in the app when you pay.' } }, current), []);
  // the text around edited too: the channel's words are still no secret
  assert.equal(secretRemnants(marked, { header: { text: 'Your autumn cashback' }, body: { text: 'Enter the voucher shown in the app once you pay.' } }, current), []);
  // an earlier value of the same form (a rotation) is masked, with or without an edit beside it
  assert.equal(secretRemnants(marked, { header: { text: 'Your autumn SUMMER2026X' }, body: { text: 'Enter the voucher SUMMER2026X today when you pay.' } }, current), ['SUMMER2026X', 'SUMMER2026X']);
  // the text around edited too: an earlier value is still masked, punctuation of the text beside it or not
  assert.equal(secretRemnants(marked, { header: { text: 'Your autumn cashback' }, body: { text: 'Enter SUMMER2026X. Once you pay.' } }, current), ['SUMMER2026X']);
  // the value not known (a file at the base said a secret stood there): the whole piece, as before
  assert.equal(secretRemnants(marked, { header: { text: 'Your autumn cashback' }, body: { text: 'Enter the voucher SUMMER2026X when you pay.' } }), ['cashback', 'SUMMER2026X']);
});

test('secretRemnants with a mixed-case current value: a word of the channel\'s, in any case and of any length, is never an earlier value by its form; a code is', () => {
  const t = { header: { text: 'Winter ((promo)) offer' }, body: { text: 'Use the coupon ((promo)) at checkout.' }, buttons: [{ type: 'URL', url: 'https://track.example.com/p/((token))/{{1}}' }] };
  const marked = substituteValues(t, () => ({ value: '', secret: true }), { markSecrets: true });
  const current = (name: string) => ({ promo: 'Wint3rDealz', token: 'tok_CANARY4242abc' } as Record<string, string>)[name];
  const remote = (word: string, seg: string) => ({ header: { text: `Winter ${word} offer` }, body: { text: `Use the coupon ${word} at checkout.` }, buttons: [{ type: 'URL', url: `https://track.example.com/p/${seg}/{{1}}` }] });
  for (const word of ['Checkout', 'CHECKOUT', 'Membership', 'Bestellbestätigung', "Members'-only", 'Check-outs']) assert.equal(secretRemnants(marked, remote(word, 'Shipments'), current), [], word);
  // an earlier value of the kinds of the current one, with a digit or another character a word lacks: masked
  assert.equal(secretRemnants(marked, remote('Sum3rDealz9', 'tok_CANARY1111xyz'), current), ['Sum3rDealz9', 'Sum3rDealz9', 'tok_CANARY1111xyz']);
  // the text around edited too: the same
  assert.equal(secretRemnants(marked, { ...remote('Checkout', 'Shipments'), body: { text: 'Use the coupon Checkout when you pay.' } }, current), []);
  assert.equal(secretRemnants(marked, { ...remote('Checkout', 'Shipments'), body: { text: 'Use the coupon Sum3rDealz9 when you pay.' } }, current), ['Sum3rDealz9']);
});

test.run();
