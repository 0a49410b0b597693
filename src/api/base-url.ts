// Pure: is a base URL safe to send an API key to?
import { UsageError } from '../core/errors.js';

/** Ports fetch refuses to connect to (https://fetch.spec.whatwg.org/#block-bad-port, as Node's undici has them). */
export const BAD_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110, 111,
  113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532, 540, 548,
  554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566,
  6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Pure: a host name of this machine (localhost, 127.x.y.z, ::1): plain http is allowed to it, and no proxy is used for it */
export const isLoopback = (hostname: string): boolean => LOOPBACK.test(hostname);

/** What a URL is checked as: the name it is given by, what would be sent to it, and how to allow plain http */
export interface UrlRole { name: string; secret: string; allow: string }
const API_BASE: UrlRole = { name: 'baseUrl', secret: 'the API key', allow: 'set allowInsecureHttp: true for this environment (or --allow-insecure-http)' };

/** Validates and normalises a base URL: https anywhere, http only on loopback unless allowed. */
export function checkBaseUrl(raw: string, allowInsecureHttp = false, role: UrlRole = API_BASE): URL {
  let u: URL;
  try { u = new URL(raw); } catch {
    // a shell's variable written in a YAML or JSON config (${API_BASE_URL}, $API_BASE_URL): such a config is read as written
    const variable = role === API_BASE ? /\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/.exec(raw)?.[0] : undefined;
    throw new UsageError(`${role.name} '${raw}' is not a URL${variable ? `: a YAML or JSON config expands no environment variables (${variable} is read as written); write the URL itself, or use a JavaScript config (tplsync.config.js, which can read the URL from an environment variable)` : ''}`);
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new UsageError(`${role.name} '${raw}' must use https:// (or http:// on this machine)`);
  if (u.username || u.password) throw new UsageError(`${role.name} must not contain credentials; ${role.secret} comes from the environment`);
  // Every request is built as new URL(path, base), which drops the base's query and fragment (WHATWG
  // URL rules): a `?key=` or `?tenant=` written here would never reach the service, yet the URL is
  // written whole into saved plans and results files. Refused, not echoed (it may hold a secret).
  if (u.search || u.hash || /[?#]/.test(raw)) {
    throw new UsageError(`${role.name} must not contain a query string or fragment ('?...' or '#...'): each request is made under its path and drops them, so they would never reach the service, while saved plans and results files would record them; ${role.secret} comes from the environment`);
  }
  if (u.protocol === 'http:' && !LOOPBACK.test(u.hostname) && !allowInsecureHttp) {
    throw new UsageError(`Refusing to send ${role.secret} over plain http to ${u.host}; use https://, or ${role.allow} if you really mean it`);
  }
  if (u.port && BAD_PORTS.has(Number(u.port))) {
    throw new UsageError(`${role.name} '${raw}': fetch refuses to connect to port ${u.port} (one of the "bad ports" of the Fetch standard, blocked by Node); use another port`);
  }
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  return u;
}

/** "host:port" of a URL, with the scheme's default port spelt out: what a network error names */
export function hostPort(u: URL): string {
  return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
}
