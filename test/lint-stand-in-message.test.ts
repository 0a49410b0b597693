// A finding's message quotes the file as written: an address that starts with a reference,
// `((shop_host))/track/{{1}}`, is checked by lint standing as an https URL of its length
// (lintStandIn), and the message said that host ('https://vv.io/track/'), which the project holds
// nowhere (verify-19 N2).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import './seed.ts';
import fc from 'fast-check';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { lintStandIn, unStandIn } from '../src/model/values.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const template = (url: string, example: string): string => `channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
body:
  text: Your order {{1}} has shipped.
  examples: { 1: A-1042 }
buttons:
  - type: URL
    text: Track order
    url: ${url}
    example: ${example}
`;

test('button-url quotes the fixed part of the URL as the file writes it, its reference and all', () => {
  const d = lint(template('((shop_host))/track/{{1}}', '((shop_host))/trak/A-1042'));
  const said = d.map((x) => `${x.ruleId}: ${x.message}`).join('\n');
  assert.ok(d.some((x) => x.ruleId === 'button-url'), said);
  assert.match(said, '((shop_host))/track/');
  assert.not.match(said, /https:\/\/v+\.io/);
});

test('two references of one length standing as one address: the message is left as lint checked it, never a wrong name', () => {
  const back = unStandIn({ buttons: [{ type: 'URL', url: '((host_a))/x/{{1}}' }, { type: 'URL', url: '((host_b))/y/{{1}}' }] });
  const standIn = (lintStandIn({ buttons: [{ type: 'URL', url: '((host_a))/x/{{1}}' }] }) as { buttons: { url: string }[] }).buttons[0]!.url.replace('/x/{{1}}', '');
  assert.is(back(`starts with '${standIn}/x/'`), `starts with '${standIn}/x/'`);
});

test('property: every address stand-in of a template is written back as the reference it stands for', () => {
  fc.assert(fc.property(fc.stringMatching(/^[a-z][a-z_]{0,30}$/), fc.stringMatching(/^\/[a-z]{0,12}$/), (name, rest) => {
    const url = `((${name}))${rest}/{{1}}`;
    const t = { buttons: [{ type: 'URL', url }] };
    const stood = (lintStandIn(t) as { buttons: { url: string }[] }).buttons[0]!.url;
    assert.is.not(stood, url);
    assert.is(unStandIn(t)(`'${stood}'`), `'${url}'`);
  }));
});

test('property: a place in an address that starts with a reference is the file\'s own (its column, and the "character N" said), whatever the reference\'s length', () => {
  fc.assert(fc.property(fc.stringMatching(/^[a-z][a-z_]{0,20}$/), fc.stringMatching(/^[a-z]{1,8}$/), fc.stringMatching(/^[a-z]{1,8}$/), (name, a, b) => {
    const url = `((${name}))/${a} ${b}/{{1}}`;
    const text = template(url, 'A-1042');
    const found = lint(text).filter((x) => x.ruleId === 'button-url' && /a space/.test(x.message));
    assert.is(found.length, 1, `${url}: ${lint(text).map((x) => x.message).join(' | ')}`);
    const space = url.indexOf(' ');
    assert.match(found[0]!.message, `at character ${space + 1}:`);
    const line = text.split('\n').findIndex((l) => l.includes('url: '));
    assert.is(found[0]!.line, line + 1);
    assert.is(found[0]!.column, text.split('\n')[line]!.indexOf(' ', text.split('\n')[line]!.indexOf('((')) + 1);
  }), { numRuns: 60 });
});

test.run();
