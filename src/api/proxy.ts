// Pure: which proxy, if any, the requests to a base URL go through, from the variables curl and
// most tools read (https_proxy / HTTPS_PROXY for https://, http_proxy / HTTP_PROXY for http://,
// no_proxy / NO_PROXY for the hosts reached directly; the lower-case form first, as curl reads
// them). A loopback base URL (the emulator, a local API) is never proxied: a CI runner with
// HTTPS_PROXY set still runs its tests against 127.0.0.1. What is said of a proxy is its
// host:port and the variable it came from, never its credentials.
import { BlockList, isIP } from 'node:net';
import { UsageError } from '../core/errors.js';
import { isLoopback } from './base-url.js';

/** A proxy to go through: the URL without credentials, the Proxy-Authorization they make, and how it is named in messages */
export interface ProxyRoute {
  kind: 'proxy';
  /** the proxy's origin (http://host:port/), no credentials */
  uri: string;
  /** `Basic ...` from the URL's user and password, sent to the proxy alone (in CONNECT, or in the forwarded request) */
  token?: string;
  /** the password (decoded), to mask wherever it could show */
  password?: string;
  /** the variable it came from (HTTPS_PROXY, https_proxy, ...) */
  variable: string;
  /** host:port of the proxy, what messages say */
  shown: string;
}

/** No proxy: the request goes direct, and why when a proxy variable was set (said when the connection fails) */
export interface DirectRoute {
  kind: 'direct';
  /** a loopback base URL: never proxied */
  loopback?: true;
  /** the proxy variable that would apply, and the NO_PROXY entry that excluded the host */
  excluded?: { variable: string; noProxy: string; entry: string };
  /** a proxy variable of the other scheme is set (HTTP_PROXY for an https:// base): not used, as curl does not */
  otherScheme?: { variable: string; wanted: string };
}

export type Route = ProxyRoute | DirectRoute;

/** the first of the variables that is set and not empty: its name and value */
function first(pairs: readonly [string, string | undefined][]): { name: string; value: string } | undefined {
  for (const [name, value] of pairs) if (value !== undefined && value.trim() !== '') return { name, value: value.trim() };
  return undefined;
}

/** the variables, as read (each by name: docs/environment.md lists what src/ reads) */
function proxyVariables(env: NodeJS.ProcessEnv): { https?: { name: string; value: string }; http?: { name: string; value: string }; noProxy?: { name: string; value: string } } {
  const https = first([['https_proxy', env.https_proxy], ['HTTPS_PROXY', env.HTTPS_PROXY]]);
  const http = first([['http_proxy', env.http_proxy], ['HTTP_PROXY', env.HTTP_PROXY]]);
  const noProxy = first([['no_proxy', env.no_proxy], ['NO_PROXY', env.NO_PROXY]]);
  return { ...(https ? { https } : {}), ...(http ? { http } : {}), ...(noProxy ? { noProxy } : {}) };
}

/**
 * Pure: the NO_PROXY entry that excludes `host` (port `port`), or undefined. As curl: entries
 * separated by commas (or spaces), `*` alone excludes every host; a name matches itself and every
 * name under it (`example.com` and `.example.com` both match `api.example.com` and `example.com`;
 * `*.example.com` too); an IP address matches itself, a CIDR block (`10.0.0.0/8`) the addresses in
 * it; `host:port` only that port (as Go and undici read it). Letter case does not matter.
 */
export function noProxyEntryFor(noProxy: string, host: string, port: number): string | undefined {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase().replace(/\.$/, '');
  for (const raw of noProxy.split(/[,\s]+/)) {
    const entry = raw.trim();
    if (!entry) continue;
    if (entry === '*') return entry;
    let name = entry.toLowerCase();
    let entryPort: number | undefined;
    // host:port (an IPv6 address only in brackets: [::1]:8080)
    const withPort = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(name);
    if (withPort) { name = withPort[1]!; entryPort = Number(withPort[2]); }
    if (entryPort !== undefined && entryPort !== port) continue;
    name = name.replace(/^\[|\]$/g, '');
    const slash = name.indexOf('/');
    if (slash > 0 && isIP(name.slice(0, slash)) && isIP(h)) {
      const bits = Number(name.slice(slash + 1));
      const family = isIP(name.slice(0, slash)) === 6 ? 'ipv6' : 'ipv4';
      if (!Number.isInteger(bits) || isIP(h) !== isIP(name.slice(0, slash))) continue;
      try {
        const list = new BlockList();
        list.addSubnet(name.slice(0, slash), bits, family);
        if (list.check(h, family)) return entry;
      } catch { /* not a block: matches nothing */ }
      continue;
    }
    if (isIP(name) || isIP(h)) { if (name === h) return entry; continue; }
    const domain = name.replace(/^\*?\./, '').replace(/\.$/, '');
    if (domain && (h === domain || h.endsWith(`.${domain}`))) return entry;
  }
  return undefined;
}

/**
 * A proxy variable's value as a proxy to use. As curl: no scheme means http://. Only http:// and
 * https:// proxies are spoken to. A value that is no such URL is the configuration's mistake,
 * said with the variable's name and never its value (it may hold a password).
 */
export function parseProxy(variable: string, value: string): ProxyRoute {
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
  let u: URL;
  try { u = new URL(text); } catch {
    throw new UsageError(`${variable} is set, but its value is not a proxy URL (its value is not shown: it may hold a password); write it as http://host:port, or http://user:password@host:port with the user and password percent-encoded, or unset it`);
  }
  const scheme = u.protocol.slice(0, -1);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new UsageError(`${variable} names a ${scheme}:// proxy; tplsync speaks to a proxy over http:// or https:// only (an HTTP proxy that tunnels https with CONNECT): set ${variable} to one, or unset it`);
  }
  if (!u.hostname) throw new UsageError(`${variable} is set, but its value names no proxy host (its value is not shown: it may hold a password); write it as http://host:port`);
  let user: string;
  let password: string;
  try { user = decodeURIComponent(u.username); password = decodeURIComponent(u.password); } catch {
    throw new UsageError(`${variable}: the user or password in it is not percent-encoded correctly (its value is not shown); encode the characters % : @ / of each with encodeURIComponent`);
  }
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  const shown = `${u.hostname}:${port}`;
  const uri = `${u.protocol}//${u.host}/`;
  return {
    kind: 'proxy', uri, variable, shown,
    ...(user || password ? { token: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } : {}),
    ...(password ? { password } : {}),
  };
}

/**
 * Pure: the route of the requests to `base` (a checked base URL) given the variables `env`.
 * Throws UsageError when the proxy variable that applies is not a proxy URL (one that does not
 * apply, HTTP_PROXY for an https:// API, is not read).
 */
export function routeFor(base: URL, env: NodeJS.ProcessEnv): Route {
  if (isLoopback(base.hostname)) return { kind: 'direct', loopback: true };
  const vars = proxyVariables(env);
  const https = base.protocol === 'https:';
  const applies = https ? vars.https : vars.http;
  if (!applies) {
    const other = https ? vars.http : vars.https;
    return other ? { kind: 'direct', otherScheme: { variable: other.name, wanted: https ? 'HTTPS_PROXY' : 'HTTP_PROXY' } } : { kind: 'direct' };
  }
  const port = Number(base.port || (https ? 443 : 80));
  const entry = vars.noProxy ? noProxyEntryFor(vars.noProxy.value, base.hostname, port) : undefined;
  if (entry !== undefined) return { kind: 'direct', excluded: { variable: applies.name, noProxy: vars.noProxy!.name, entry } };
  return parseProxy(applies.name, applies.value);
}

/** the passwords of every proxy variable set (that parses), to mask in all output whether or not the proxy is used */
export function proxyPasswords(env: NodeJS.ProcessEnv): string[] {
  const vars = proxyVariables(env);
  const out: string[] = [];
  for (const v of [vars.https, vars.http]) {
    if (!v) continue;
    try { const r = parseProxy(v.name, v.value); if (r.password) out.push(r.password); if (r.token) out.push(r.token.slice('Basic '.length)); } catch { /* said where it is used */ }
  }
  return out;
}
