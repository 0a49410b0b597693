// Pure: is a base URL safe to send an API key to?
import { UsageError } from '../core/errors.js';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/** Validates and normalises a base URL: https anywhere, http only on loopback unless allowed. */
export function checkBaseUrl(raw: string, allowInsecureHttp = false): URL {
  let u: URL;
  try { u = new URL(raw); } catch { throw new UsageError(`baseUrl '${raw}' is not a URL`); }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new UsageError(`baseUrl '${raw}' must use https:// (or http:// on this machine)`);
  if (u.username || u.password) throw new UsageError('baseUrl must not contain credentials; the API key comes from the environment');
  if (u.protocol === 'http:' && !LOOPBACK.test(u.hostname) && !allowInsecureHttp) {
    throw new UsageError(`Refusing to send the API key over plain http to ${u.host}; use https://, or set allowInsecureHttp: true for this environment (or --allow-insecure-http) if you really mean it`);
  }
  if (!u.pathname.endsWith('/')) u.pathname += '/';
  return u;
}
