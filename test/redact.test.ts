// Redaction is of the secret, not of one spelling of it: the whole key, the key in another letter
// case, and any run of 8 or more of its characters a server cut out and echoed, anywhere in a text
// (JSON or not); text that holds no such run is left exactly as it was. So is what a server or a
// gateway makes of the key: reversed, or base64-encoded in either alphabet, padded or not, alone
// or inside a longer base64 text at any of the three alignments (trial-bi F2).
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { io, runWithIo } from '../src/core/io.ts';
import { addPublicTexts, addSecret, asIdentifier, holdsKey, MIN_SECRET_LENGTH, redact, REDACTED, SECRET_VALUE_MASK } from '../src/core/redact.ts';

const KEY = 'Tk_9fQ2xLm7RpZ4vWs8Na3Bc6Dy1Eh5Gj0KuPo';
addSecret(KEY);

/** whether any run of 8 characters of the key (ASCII case-insensitive) is in the text */
const leaks = (text: string): boolean => {
  const t = text.toLowerCase();
  const k = KEY.toLowerCase();
  for (let i = 0; i + MIN_SECRET_LENGTH <= k.length; i++) if (t.includes(k.slice(i, i + MIN_SECRET_LENGTH))) return true;
  return false;
};

test('the whole key, lower-cased, upper-cased, cut, inside JSON and inside HTML', () => {
  for (const echo of [KEY, KEY.toLowerCase(), KEY.toUpperCase(), KEY.slice(3, 14), KEY.slice(-9), `{"error":"bad key ${KEY.slice(5, 30)}"}`, `<p>key=${KEY.toLowerCase().slice(0, 20)}</p>`]) {
    const out = redact(`server said: ${echo} (end)`);
    assert.not.ok(leaks(out), out);
    assert.match(out, REDACTED);
    assert.ok(out.startsWith('server said: ') && out.endsWith(' (end)'), out);
  }
});

test('seven characters of the key are not a secret; ordinary text is unchanged', () => {
  const seven = KEY.slice(4, 11);
  assert.is(redact(`id ${seven} here`), `id ${seven} here`);
  assert.is(redact('Plan for production: 1 to create, 0 to update.'), 'Plan for production: 1 to create, 0 to update.');
});

test('property: no run of 8 characters of the key survives, whatever surrounds it', () => {
  const piece = fc.tuple(fc.integer({ min: 0, max: KEY.length - MIN_SECRET_LENGTH }), fc.integer({ min: MIN_SECRET_LENGTH, max: KEY.length }), fc.constantFrom('same', 'lower', 'upper'))
    .map(([from, len, cased]) => { const p = KEY.slice(from, Math.min(KEY.length, from + len)); return cased === 'lower' ? p.toLowerCase() : cased === 'upper' ? p.toUpperCase() : p; });
  const filler = fc.string({ maxLength: 30 });
  fc.assert(fc.property(fc.array(fc.tuple(filler, piece), { minLength: 1, maxLength: 4 }), filler, (parts, tail) => {
    const text = parts.map(([f, p]) => f + p).join('') + tail;
    const out = redact(text);
    return !leaks(out) && out.includes(REDACTED);
  }), { seed: 2211, numRuns: 500 });
});

test('property: a text with no run of the key comes back unchanged', () => {
  fc.assert(fc.property(fc.string({ maxLength: 200 }), (text) => leaks(text) || redact(text) === text), { seed: 2212, numRuns: 500 });
});

test('a secret value of letters alone in another letter case is masked whole', () => {
  addSecret('freeshipping', 'value');
  assert.is(redact('Upper FREESHIPPING and Mixed FreeShipping today'), 'Upper (secret) and Mixed (secret) today');
  // a word it holds is not masked alone (its windows of letters are no piece of it)
  assert.is(redact('free shipping on all orders'), 'free shipping on all orders');
});

test('a secret value is masked as written anywhere; in another letter case only where it stands alone, never inside a longer word or identifier', () => {
  addSecret('Checkout9', 'value');
  assert.is(redact('use Checkout9 or x_Checkout9_y'), 'use (secret) or x_(secret)_y');
  assert.is(redact('code CHECKOUT9, or checkout9.'), 'code (secret), or (secret).');
  // another case inside a name, or a longer word: another word ([redacted] pieces with a digit aside, which the name lacks here)
  addSecret('Cashback', 'value');
  assert.is(redact('wa/cashback_note/en_US: your cashbacks, CASHBACKS'), 'wa/cashback_note/en_US: your cashbacks, CASHBACKS');
  assert.is(redact('your CASHBACK for October; Cashback'), 'your (secret) for October; (secret)');
});

test('a secret value written with separators (a phone number) is masked as a rule writes it, without them', () => {
  addSecret('+44 7700 900 123', 'value');
  const shown = redact("rcs-dial: '(x)' is not an E.164 number; write '+447700900123'.");
  assert.not.match(shown, '447700900123');
  assert.not.match(shown, '7700900');
  // and the reverse: a value without separators that a platform writes in its own groups
  addSecret('+447700900199', 'value');
  for (const grouped of ['+44 7700 900199', '(+44) 7700-900-199', '07700 900199']) assert.not.match(redact(`The number ${grouped} is not reachable`), '900199', grouped);
  // a number that shares fewer than 8 digits in a row is left alone
  assert.is(redact('Order 4477 ships today'), 'Order 4477 ships today');
  // a date inside a phone number's digits (+33 1 20 26 11 29 holds 20261129) is no piece of it: a phone number is matched by 10
  addSecret('+33 1 20 26 11 29', 'value');
  assert.is(redact('Pulled on 2026-11-29 (20261129)'), 'Pulled on 2026-11-29 (20261129)');
  // grouped with no-break spaces and non-breaking hyphens, as French typography writes it
  assert.not.match(redact('Number +33\u00A01\u00A020\u00A026\u00A011\u00A029 / 01\u201120\u201126\u201111\u201129'), '26');
});

test('an identifier marked by asIdentifier (a template\'s name that a secret value equals): shown as it is, the marks taken out; the same value masked where it is text; an API key masked in it still; marks a text writes itself unmask nothing (verify-7 V-1)', () => {
  addSecret('gym_offer_x', 'value');
  const key = `wa/${asIdentifier('gym_offer_x')}/en_US`;
  assert.is(redact(`~ update ${key}: use gym_offer_x today`), `~ update wa/gym_offer_x/en_US: use ${SECRET_VALUE_MASK} today`);
  assert.is(redact(JSON.stringify({ name: asIdentifier('gym_offer_x'), text: 'gym_offer_x' })), JSON.stringify({ name: 'gym_offer_x', text: SECRET_VALUE_MASK }));
  assert.is(redact(`name ${asIdentifier(KEY)}`), `name ${REDACTED}`);
  // private-use characters a template's text holds (not this process's marks): taken for text, masked
  const forged = '\uE000x\uE001gym_offer_x\uE001x\uE000';
  assert.not.match(redact(forged), 'gym_offer_x');
  // an identifier cut off by a write (no closing mark): masked as text, the mark taken out
  const cut = asIdentifier('gym_offer_x').slice(0, -3);
  assert.not.match(redact(`a ${cut}`), 'gym_offer_x');
});

test("a key that holds an environment's name: the name, as the config gives it, shown wherever it stands; the key whole and every run of it that reaches past the name masked (trial-az F1)", () => {
  const K = 'key-production-8f3Qz71Lw0';
  addSecret(K);
  // before the config's names are declared: a run of 8 of the key, masked
  assert.is(redact('Plan for production: 1 to create'), `Plan for ${REDACTED}: 1 to create`);
  addPublicTexts(['production', 'staging', 'TPLSYNC_PRODUCTION_API_KEY']);
  for (const text of ['Plan for production: 1 to create', '"environment": "production",', 'set TPLSYNC_PRODUCTION_API_KEY', 'PRODUCTION or Production', 'wa/production_notice/en_US', 'the config has: dev, staging, production']) assert.is(redact(text), text);
  assert.not.ok(holdsKey('Your production order is ready'));
  // the key whole (in any case), and a piece of it that reaches past the name, masked whole: the name in it too
  for (const echo of [K, K.toUpperCase(), K.toLowerCase(), 'key-production', 'production-8f3Q', '-production-', 'duction-8f3Qz71', K.slice(4), encodeURIComponent(K)]) {
    assert.is(redact(`server said ${echo} (end)`), `server said ${REDACTED} (end)`, echo);
    assert.ok(holdsKey(`a text with ${echo}`), echo);
  }
  // a name that holds the whole key is no public name (a key pasted into the config): the key masked in it still
  addPublicTexts([`env-${K}`]);
  assert.is(redact(`env-${K}`), `env-${REDACTED}`);
  // two names that overlap inside the key (neither holds it whole): a run is left only inside one of them
  addPublicTexts(['key-production-8f', 'production-8f3Qz71Lw0']);
  assert.is(redact(`x ${K} y`), `x ${REDACTED} y`);
});

test('property (canary): whatever pieces of a key that holds a public name a text has, the key never survives, nor any run of 8 of it that is no part of a public name', () => {
  const K = 'sk_live_Staging9xQ4mZ7vT2';
  addSecret(K);
  const names = ['staging', 'Staging9', 'live_Staging_eu'];
  addPublicTexts(names);
  const lowNames = names.map((n) => n.toLowerCase());
  const secretRuns: string[] = [];
  for (let i = 0; i + MIN_SECRET_LENGTH <= K.length; i++) { const w = K.slice(i, i + MIN_SECRET_LENGTH).toLowerCase(); if (!lowNames.some((n) => n.includes(w))) secretRuns.push(w); }
  const piece = fc.oneof(
    fc.tuple(fc.integer({ min: 0, max: K.length - MIN_SECRET_LENGTH }), fc.integer({ min: MIN_SECRET_LENGTH, max: K.length }), fc.constantFrom('same', 'lower', 'upper'))
      .map(([from, len, cased]) => { const p = K.slice(from, Math.min(K.length, from + len)); return cased === 'lower' ? p.toLowerCase() : cased === 'upper' ? p.toUpperCase() : p; }),
    fc.constantFrom(...names, 'sk_live_', '9xQ4', 'mZ7vT2', '_', '-'),
  );
  fc.assert(fc.property(fc.array(fc.tuple(fc.string({ maxLength: 6 }), piece), { minLength: 1, maxLength: 6 }), (parts) => {
    const out = redact(parts.map(([f, p]) => f + p).join('')).toLowerCase();
    return !out.includes(K.toLowerCase()) && secretRuns.every((w) => !out.includes(w));
  }), { seed: 2213, numRuns: 1000 });
});

/** a run of the registry of its own (runWithIo): the secrets `fn` registers are gone after it */
const isolated = <T>(fn: () => T): T => runWithIo({ stdout: io().stdout, stderr: io().stderr, stdin: io().stdin, cwd: '/', env: {} }, fn);

/** the base64 texts of `bytes` a server may echo: standard and URL-safe, with and without the padding */
const base64Forms = (bytes: Uint8Array): string[] => {
  const std = Buffer.from(bytes).toString('base64');
  const url = std.replace(/\+/g, '-').replace(/\//g, '_');
  return [std, std.replace(/=+$/, ''), url, url.replace(/=+$/, '')];
};

/**
 * whether `out` still tells `key`: any 4 bytes of it in a row that a base64 run of `out` decodes to (in either alphabet, from
 * any of its characters), or any 8 of its characters in a row in `out` read backwards, in any letter case
 */
const tellsKey = (out: string, key: string): boolean => {
  const k = Buffer.from(key, 'utf8');
  const runs4 = new Set<string>();
  for (let i = 0; i + 4 <= k.length; i++) runs4.add(k.subarray(i, i + 4).toString('hex'));
  for (const run of out.match(/[A-Za-z0-9+/_-]{2,}/g) ?? []) {
    const std = run.replace(/-/g, '+').replace(/_/g, '/');
    for (let at = 0; at < 4; at++) {
      const hex = Buffer.from(std.slice(at), 'base64').toString('hex');
      for (let i = 0; i + 8 <= hex.length; i += 2) if (runs4.has(hex.slice(i, i + 8))) return true;
    }
  }
  const back = [...out].reverse().join('').toLowerCase();
  const low = key.toLowerCase();
  for (let i = 0; i + MIN_SECRET_LENGTH <= low.length; i++) if (back.includes(low.slice(i, i + MIN_SECRET_LENGTH))) return true;
  return false;
};

test('canary: a key echoed base64-encoded (standard or URL-safe, padded or not, alone or inside a longer base64 text at each alignment) or reversed is masked; the text around it is kept (trial-bi F2)', () => {
  isolated(() => {
    const CANARY = 'canary-7f3c9e1b2a-prod';
    addSecret(CANARY);
    const key = Buffer.from(CANARY, 'utf8');
    const echoes: string[] = [[...CANARY].reverse().join('')];
    // the key alone, and after 1 to 5 bytes of a text (`Basic base64("apikey:" + key)`), with text after it or none
    for (const before of ['', 'a', 'ab', 'abc', 'apike', 'apikey:']) for (const after of ['', '!', '\n\u00ff']) {
      echoes.push(...base64Forms(Buffer.concat([Buffer.from(before, 'latin1'), key, Buffer.from(after, 'latin1')])));
    }
    for (const echo of echoes) {
      const out = redact(`{"message":"bad key (${echo})"}`);
      assert.ok(out.includes(REDACTED), `${echo}: ${out}`);
      assert.not.ok(tellsKey(out, CANARY), `${echo}: ${out}`);
      assert.ok(out.startsWith('{"message":"bad key (') && out.endsWith(')"}'), out);
    }
    // the padded form is masked whole, the padding with it
    assert.is(redact(`(${Buffer.from(CANARY).toString('base64')})`), `(${REDACTED})`);
    assert.is(redact(`(${[...CANARY].reverse().join('').toUpperCase()})`), `(${REDACTED})`);
    // a template's text that holds the key's base64 holds the key (it would send it to customers)
    assert.ok(holdsKey(`token: ${Buffer.from(CANARY).toString('base64url')}`));
  });
});

test('property (seeded canary): whatever key, whatever bytes around it, no base64 form of it nor its reversal tells it after masking', () => {
  const keyChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.~+/='.split(''));
  fc.assert(fc.property(
    fc.string({ unit: keyChar, minLength: MIN_SECRET_LENGTH, maxLength: 48 }),
    fc.uint8Array({ maxLength: 7 }), fc.uint8Array({ maxLength: 4 }), fc.integer({ min: 0, max: 4 }), fc.string({ maxLength: 12 }),
    (key, before, after, form, text) => isolated(() => {
      addSecret(key);
      const echo = form === 4 ? [...key].reverse().join('') : base64Forms(Buffer.concat([before, Buffer.from(key, 'utf8'), after]))[form]!;
      const out = redact(`${text} ${echo} (end)`);
      return out.includes(REDACTED) && !tellsKey(out.slice(text.length), key) && out.endsWith(' (end)');
    }),
  ), { seed: 2214, numRuns: 600 });
});

test('a short key (4 to 7 characters): its base64 and its reversal are masked whole as it is; the existing forms as before', () => {
  isolated(() => {
    addSecret('dev-key');
    for (const echo of ['ZGV2LWtleQ==', 'ZGV2LWtleQ', Buffer.from('user:dev-key').toString('base64'), 'yek-ved']) {
      const out = redact(`refused ${echo} here`);
      assert.ok(out.includes(REDACTED), `${echo}: ${out}`);
      assert.not.match(out, 'LWtle');
    }
    assert.is(redact('refused DEV-KEY here'), `refused ${REDACTED} here`);
    assert.is(redact('a developer key here'), 'a developer key here');
  });
});

test.run();
