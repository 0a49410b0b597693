// Effects: the fetch of a route (proxy.ts). Direct: Node's fetch. Through a proxy: undici's fetch
// with its ProxyAgent as the dispatcher, the package loaded at the first request only. A
// dispatcher of the undici package is handed to the fetch of the same package, never to Node's
// own (another copy of undici, of another major in other Node versions, which refuses it).
import type { ProxyRoute, Route } from './proxy.js';

export type RouteFetch = (url: URL, init: RequestInit) => Promise<Response>;

async function proxiedFetch(route: ProxyRoute, answerMs: number): Promise<RouteFetch> {
  const undici = await import('undici');
  // every request through a CONNECT tunnel (https: the proxy sees the host and port, never a header);
  // the credentials as Proxy-Authorization, to the proxy alone (the URI given holds none).
  // A CONNECT is the proxy agent's own request, which no fetch's signal reaches: an attempt that
  // times out (or is interrupted) ends, but the CONNECT would go on waiting for the proxy's answer
  // (undici's 300 s headersTimeout), and its open socket would hold the process that long. Its
  // answer is waited for as long as an attempt waits for the API's (answerMs, timeoutMs), no longer.
  const dispatcher = new undici.ProxyAgent({
    uri: route.uri, ...(route.token ? { token: route.token } : {}),
    clientFactory: (origin, options) => new undici.Pool(origin, { ...options, headersTimeout: answerMs }),
  });
  return (url, init) => undici.fetch(url, { ...(init as Parameters<typeof undici.fetch>[1]), dispatcher }) as unknown as Promise<Response>;
}

/**
 * The fetch of the requests of a route: one proxy agent for all of them (its connections are kept).
 * `answerMs`: the longest a proxy's answer to a CONNECT is waited for (the transport's timeoutMs).
 */
export function fetchVia(route: Route, answerMs: number): RouteFetch {
  if (route.kind !== 'proxy') return (url, init) => fetch(url, init);
  let proxied: Promise<RouteFetch> | undefined;
  return (url, init) => {
    proxied ??= proxiedFetch(route, answerMs);
    return proxied.then((f) => f(url, init));
  };
}

/** the status a proxy refused a tunnel with (undici: "Proxy response (403) !== 200 when HTTP Tunneling"), or undefined */
export function tunnelRefusal(e: unknown): number | undefined {
  for (let x = e as { message?: string; cause?: unknown } | undefined, n = 0; x && n < 4; x = x.cause as typeof x, n++) {
    const m = /Proxy response \((\d{3})\)|Proxy Authentication Required \((407)\)/.exec(String(x.message ?? ''));
    if (m) return Number(m[1] ?? m[2]);
  }
  return undefined;
}
