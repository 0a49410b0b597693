// Pure: which proxy the requests to a base URL go through (src/api/proxy.ts), from the variables
// curl reads: https_proxy / HTTPS_PROXY, http_proxy / HTTP_PROXY, no_proxy / NO_PROXY (lower case
// first); a loopback base URL never through one; a value that is no proxy URL refused by the
// variable's name, never its value.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { noProxyEntryFor, parseProxy, proxyPasswords, routeFor } from '../src/api/proxy.ts';
import { UsageError } from '../src/core/errors.ts';

const API = new URL('https://api.example.com/v1/');
const PLAIN = new URL('http://api.example.com/');

test('the variable of the scheme applies, the lower-case form first; the other scheme\'s is not used', () => {
  assert.equal(routeFor(API, {}), { kind: 'direct' });
  const r = routeFor(API, { HTTPS_PROXY: 'http://proxy.corp:3128' });
  assert.is(r.kind, 'proxy');
  assert.equal(r.kind === 'proxy' && [r.variable, r.shown, r.uri], ['HTTPS_PROXY', 'proxy.corp:3128', 'http://proxy.corp:3128/']);
  const lower = routeFor(API, { https_proxy: 'http://lower:1', HTTPS_PROXY: 'http://upper:2' });
  assert.equal(lower.kind === 'proxy' && lower.shown, 'lower:1');
  // an empty lower-case form is no value: the upper-case one is read
  const empty = routeFor(API, { https_proxy: '', HTTPS_PROXY: 'http://upper:2' });
  assert.equal(empty.kind === 'proxy' && empty.shown, 'upper:2');
  assert.equal(routeFor(API, { HTTP_PROXY: 'http://proxy.corp:3128' }), { kind: 'direct', otherScheme: { variable: 'HTTP_PROXY', wanted: 'HTTPS_PROXY' } });
  const plain = routeFor(PLAIN, { http_proxy: 'proxy.corp:8080', HTTPS_PROXY: 'http://other:1' });
  assert.equal(plain.kind === 'proxy' && [plain.variable, plain.shown, plain.uri], ['http_proxy', 'proxy.corp:8080', 'http://proxy.corp:8080/']);
});

test('a loopback base URL is never proxied, and a broken proxy variable is not even read for it', () => {
  for (const base of ['http://127.0.0.1:8080/', 'http://localhost:1/', 'http://[::1]:3000/', 'https://127.0.0.2/']) {
    assert.equal(routeFor(new URL(base), { HTTPS_PROXY: 'http://proxy:1', HTTP_PROXY: '::no url::' }), { kind: 'direct', loopback: true }, base);
  }
});

test('NO_PROXY as curl reads it: names and their sub-names, a leading dot or *., *, IP addresses, CIDR blocks, host:port', () => {
  const yes: [string, string, number][] = [
    ['example.com', 'api.example.com', 443], ['example.com', 'example.com', 443], ['.example.com', 'api.example.com', 443],
    ['.example.com', 'example.com', 443], ['*.example.com', 'a.b.example.com', 443], ['*', 'anything.test', 443],
    ['foo, EXAMPLE.COM', 'api.example.com', 443], ['a b\texample.com', 'api.example.com', 443], ['10.0.0.0/8', '10.1.2.3', 443],
    ['10.1.2.3', '10.1.2.3', 443], ['api.example.com:8443', 'api.example.com', 8443], ['[::2]', '[::2]', 443], ['fd00::/8', '[fd12::1]', 443],
  ];
  for (const [list, host, port] of yes) assert.ok(noProxyEntryFor(list, host, port) !== undefined, `${list} excludes ${host}:${port}`);
  const no: [string, string, number][] = [
    ['', 'api.example.com', 443], ['ample.com', 'api.example.com', 443], ['api.example.com', 'example.com', 443],
    ['example.com.evil', 'example.com', 443], ['10.0.0.0/8', '11.0.0.1', 443], ['10.0.0.0/8', 'ten.example', 443],
    ['api.example.com:8443', 'api.example.com', 443], ['10.1.2.3', '10.1.2.30', 443],
  ];
  for (const [list, host, port] of no) assert.is(noProxyEntryFor(list, host, port), undefined, `${list} does not exclude ${host}:${port}`);
  assert.equal(routeFor(API, { HTTPS_PROXY: 'http://p:1', no_proxy: 'localhost,.example.com' }), { kind: 'direct', excluded: { variable: 'HTTPS_PROXY', noProxy: 'no_proxy', entry: '.example.com' } });
});

test('credentials: sent to the proxy as Proxy-Authorization, out of the URI, the password kept to mask; never in a refusal', () => {
  const r = parseProxy('HTTPS_PROXY', 'http://us%40er:p%3Ass@proxy.corp:3128');
  assert.is(r.uri, 'http://proxy.corp:3128/');
  assert.is(r.shown, 'proxy.corp:3128');
  assert.is(r.token, `Basic ${Buffer.from('us@er:p:ss').toString('base64')}`);
  assert.is(r.password, 'p:ss');
  // a user alone (a token as the user name) is sent with an empty password, as curl does
  assert.is(parseProxy('HTTPS_PROXY', 'http://tok3n@proxy:1').token, `Basic ${Buffer.from('tok3n:').toString('base64')}`);
  assert.is(parseProxy('HTTPS_PROXY', 'https://proxy.corp').shown, 'proxy.corp:443');
  assert.is(parseProxy('HTTPS_PROXY', 'http://proxy.corp').shown, 'proxy.corp:80');
  // the passwords, and the Proxy-Authorization values they make (base64 of user:password)
  assert.equal(proxyPasswords({ HTTPS_PROXY: 'http://u:secretpass1@p:1', http_proxy: 'http://v:otherpass2@q:2' }).sort(), ['dTpzZWNyZXRwYXNzMQ==', 'djpvdGhlcnBhc3My', 'otherpass2', 'secretpass1']);
  for (const [value, said] of [['http://proxyuser7:pa ss word@[broken', /HTTPS_PROXY is set, but its value is not a proxy URL/], ['socks5://proxyuser7:hunter2secret@proxy:1080', /HTTPS_PROXY names a socks5:\/\/ proxy/], ['http://proxyuser7:bad%zzsecret@proxy:1', /not percent-encoded/]] as const) {
    try { routeFor(API, { HTTPS_PROXY: value }); assert.unreachable(value); } catch (e) {
      assert.instance(e, UsageError);
      assert.match((e as Error).message, said);
      for (const secret of ['pa ss', 'hunter2', 'bad%zz', 'proxyuser7']) assert.not.ok((e as Error).message.includes(secret), `${secret} in: ${(e as Error).message}`);
    }
  }
});

test.run();
