// hideRemnants (pure): where a file's template has a secret's mark, the channel's text at that place
// hidden in that copy alone, as the predicate says; names and other strings kept as they are.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { hideRemnants } from '../src/model/remnants.ts';

const mark = (name: string) => `\uE000${name}\uE001`;

test('the text at each mark hidden where the predicate says so, the text around it and every other field as read', () => {
  const marked = { name: 'quokka_news', body: `Your ${mark('word')} is shown; code ${mark('pin')}.`, footer: 'QuokkaZebraCanary club' };
  const remote = { name: 'quokka_news', body: 'Your QuokkaZebraCanary is shown; code 48291375.', footer: 'QuokkaZebraCanary club' };
  const seen: [string, string][] = [];
  const r = hideRemnants(marked, remote, '(secret)', (n, t) => { seen.push([n, t]); return n === 'word'; });
  assert.equal(r.value, { name: 'quokka_news', body: 'Your (secret) is shown; code 48291375.', footer: 'QuokkaZebraCanary club' });
  assert.equal(r.hidden, ['word']);
  assert.equal(seen, [['word', 'QuokkaZebraCanary'], ['pin', '48291375']]);
});

test('the text around the mark edited too: what the word-by-word alignment puts there, else the whole string; list items at their places', () => {
  const marked = { buttons: [{ url: `https://${mark('host')}.example.com/s/{{1}}` }, { text: `Open ${mark('word')} now` }, { text: `Open ${mark('word')} now` }] };
  const remote = { buttons: [{ url: 'https://shopcanaryhostx.example.com/s/{{1}}' }, { text: 'Open OtterLynxCanary now!' }, { text: 'Please open OtterLynxCanary today' }] };
  const r = hideRemnants(marked, remote, '(secret)', () => true);
  assert.equal(r.value, { buttons: [{ url: 'https://(secret).example.com/s/{{1}}' }, { text: 'Open (secret) now!' }, { text: '(secret)' }] });
  assert.equal(r.hidden.sort(), ['host', 'word']);
});

test('nothing hidden: the copy as read', () => {
  const remote = { body: 'Hi there' };
  assert.equal(hideRemnants({ body: `Hi ${mark('x')}` }, remote, '(secret)', () => false), { value: { body: 'Hi there' }, hidden: [] });
});

test.run();
