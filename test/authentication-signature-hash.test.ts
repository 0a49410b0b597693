// authentication-apps: an app signature hash is what Meta takes, exactly 11 characters of letters,
// digits, +, / and = (trial-ae b): a hash of 11 other characters (base64url's - and _, a dot, a
// letter outside ASCII) linted clean and was refused when the template was created; every hash
// Meta takes lints clean. In-process, seeded property tests.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { collectFindings } from '../src/lint/engine.ts';
import './seed.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';

const hashFindings = (hash: string): string[] => collectFindings({
  channel: 'shop-whatsapp', name: 'login_code', language: 'en_US', category: 'AUTHENTICATION',
  body: { add_security_recommendation: true }, footer: { code_expiration_minutes: 10 },
  buttons: [{ type: 'OTP', otp_type: 'ONE_TAP', supported_apps: [{ package_name: 'com.example.shop', signature_hash: hash }] }],
}, { now: NOW }).filter((f) => f.ruleId === 'authentication-apps').map((f) => `${f.path.join('.')} ${f.message}`);

test('every 11 characters of letters, digits, +, / and = is a hash Meta takes: no finding', () => {
  for (const h of ['K8a/AINcGX7', 'Zx9+BCdeF12', 'abcdefghi==', '12345678901']) assert.equal(hashFindings(h), [], h);
  fc.assert(fc.property(fc.array(fc.constantFrom(...ALPHABET), { minLength: 11, maxLength: 11 }), (cs) => {
    assert.equal(hashFindings(cs.join('')), []);
  }));
});

test('a character Meta does not take in a hash of 11 is a finding naming it; base64url\'s - and _ say what to write', () => {
  assert.equal(hashFindings('K8a_AINcGX7'), ['buttons.0.supported_apps.0.signature_hash The signature hash holds \'_\' (a base64url encoder\'s; the hash is plain base64: write / for _): it is 11 characters of letters, digits, +, / and =.']);
  assert.match(hashFindings('K8a-AINcGX7')[0] ?? '', /holds '-' \(a base64url encoder's; the hash is plain base64: write \+ for -\)/);
  assert.match(hashFindings('K8a.AINcGX7')[0] ?? '', /holds '\.': it is 11 characters of letters, digits, \+, \/ and =\.$/);
  assert.match(hashFindings('K8a/AINcGX ')[0] ?? '', /holds a space:/);
  assert.match(hashFindings('K8a/AINcGX7\u200B')[0] ?? '', /holds U\+200B, a character that cannot be seen: .* \(this one has 12\)\.$/);
  fc.assert(fc.property(fc.array(fc.constantFrom(...ALPHABET), { minLength: 10, maxLength: 10 }), fc.nat(10),
    fc.constantFrom('-', '_', '.', '!', '#', '%', 'é', 'ß', '٣', '*', ':', '?', '\t'), (cs, at, bad) => {
      const h = [...cs.slice(0, at), bad, ...cs.slice(at)].join('');
      const f = hashFindings(h);
      assert.is(f.length, 1, `${h}: ${f.join('\n')}`);
      assert.match(f[0]!, /^buttons\.0\.supported_apps\.0\.signature_hash The signature hash holds /);
    }));
});

test('a hash of other than 11 characters is said with its length', () => {
  assert.equal(hashFindings('K8a/AINcGX'), ['buttons.0.supported_apps.0.signature_hash The signature hash is exactly 11 characters; this one has 10.']);
  assert.equal(hashFindings('K8a/AINcGX71'), ['buttons.0.supported_apps.0.signature_hash The signature hash is exactly 11 characters; this one has 12.']);
});

test.run();
