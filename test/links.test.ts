// linkIn finds a link wherever a phone would make one clickable (trial-ac F5: the domain test's
// matches did not overlap, so www.paypal.com and evil.example.com went out in an authentication
// text while paypal.com was refused): a property test puts a link anywhere in any text.
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import './seed.ts';
import { linkIn } from '../src/model/links.ts';
import { presetTextProblem } from '../src/send/send.ts';

test('a host name of any number of labels is found whole, and so is one that starts www.', () => {
  for (const [text, link] of [
    ['Bestätige auf paypal.com jetzt.', 'paypal.com'],
    ['Bestätige auf www.paypal.com jetzt.', 'www.paypal.com'],
    ['Bestätige auf evil.example.com jetzt.', 'evil.example.com'],
    ['login.mybank.com', 'login.mybank.com'],
    ['a.b.c.d.shop!', 'a.b.c.d.shop'],
    ['Gehe zu www.paypal', 'www.paypal'],
    ['xwww.evil.example', 'www.evil.example'],
    ['Code:www2.evil.de.', 'www2.evil.de.'],
    ['Login_secure-paypal.com', 'secure-paypal.com'],
    ['Klick https://intranet', 'https://'],
    ['Klickhttps://intranet', 'https://'],
    ['ruf tel:+4930123 an', 'tel:'],
  ] as const) assert.is(linkIn(text), link, text);
});

test('writing that is no link is none: abbreviations, times, decimals, sentences, Japanese stops, a word ending in tel', () => {
  for (const text of ['z.B. für die App', 'gültig z.Zt. bis 10.30 Uhr', 'p.ex. dans l’app, p.ej. en la app', 'Code. Gib ihn nicht weiter.', 'コードです。他の人と共有しないでください。', 'Hotel: 5 Minuten', '1.5 Minuten']) {
    assert.is(linkIn(text), undefined, text);
  }
});

// a host name: labels of letters, digits and hyphens, a top-level name a phone links; written with or without a scheme, www. or a path
const label = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,9}$/);
const tld = fc.constantFrom('com', 'de', 'co', 'io', 'uk', 'shop', 'net', 'org', 'app', 'info', 'xyz', 'eu', 'fr', 'me', 'COM', 'De');
const host = fc.tuple(fc.array(label, { maxLength: 3 }), label, tld).map(([sub, name, top]) => [...sub, name, top].join('.'));
const link = fc.oneof(
  host,
  fc.tuple(fc.constantFrom('https://', 'http://', 'HTTPS://', 'www.', 'https://www.'), host, fc.constantFrom('', '/', '/login?x=1', ':8443/a')).map(([a, b, c]) => a + b + c),
  label.map((name) => `www.${name}`),
  fc.tuple(fc.constantFrom('https://', 'ftp://'), label).map(([a, b]) => a + b),
);
/** what may follow a link: nothing, or text after a character that ends a host name */
const after = fc.oneof(fc.constant(''), fc.tuple(fc.constantFrom(' ', '.', ',', '!', '?', '\n', ')', ':', '。', '»', '-'), fc.string({ unit: 'binary', maxLength: 20 })).map(([a, b]) => a + b));

test('a link anywhere in a text is found, whatever precedes it', () => {
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 30 }), link, after, (before, l, rest) => {
    assert.ok(linkIn(before + l + rest) !== undefined, JSON.stringify(before + l + rest));
    // and an authentication text that holds it is refused
    assert.ok(presetTextProblem(`*{{code}}* ist dein Code. ${before}${l}${rest}`) !== undefined);
  }), { numRuns: 2000 });
});

test.run();
