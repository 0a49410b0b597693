// Pure: from a request target to what it asks for. The path is normalised once, before any
// routing decision: percent-decoded per segment, dot segments resolved, empty segments dropped;
// an encoded slash or backslash inside a segment, bad percent-encoding or a path climbing above
// the root is a 400. API routes and control routes are decided on the same normalised segments,
// so no spelling of a path reaches the control endpoints without being recognised as one.
import { UUID_RE } from '../schemas/contract.js';
import type { Operation } from './faults.js';
import { HttpError } from './http-error.js';
import { listRoute } from './list.js';

export interface Target {
  /** decoded, dot segments resolved, no empty segments */
  segments: string[];
  query: URLSearchParams;
  /** `/seg/seg?query`, for logs and fault identities */
  normalised: string;
}

export type Route =
  | { kind: 'api'; op: Operation; target: Target; channelId?: string; templateId?: string; clientMessageId?: string }
  | { kind: 'control'; name: string; target: Target };

export function parseTarget(raw: string): Target {
  let rest = raw;
  // absolute-form (a proxy's request line): only its path counts
  const abs = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(rest);
  if (abs) rest = rest.slice(abs[0].length) || '/';
  if (!rest.startsWith('/')) throw new HttpError(400, 'INVALID', `The request target '${raw.slice(0, 200)}' is not a path`);
  const hash = rest.indexOf('#');
  if (hash >= 0) rest = rest.slice(0, hash);
  const q = rest.indexOf('?');
  const rawPath = q >= 0 ? rest.slice(0, q) : rest;
  const rawQuery = q >= 0 ? rest.slice(q + 1) : '';
  const segments: string[] = [];
  for (const part of rawPath.split('/')) {
    let seg: string;
    try { seg = decodeURIComponent(part); } catch {
      throw new HttpError(400, 'INVALID', `The path segment '${part.slice(0, 100)}' is not valid percent-encoding`);
    }
    if (/[/\\]/.test(seg)) throw new HttpError(400, 'INVALID', 'An encoded slash or backslash in a path segment is not accepted');
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (segments.length === 0) throw new HttpError(400, 'INVALID', 'The path climbs above the root');
      segments.pop();
      continue;
    }
    segments.push(seg);
  }
  const query = new URLSearchParams(rawQuery);
  const qs = query.toString();
  return { segments, query, normalised: `/${segments.map(encodeURIComponent).join('/')}${qs ? `?${qs}` : ''}` };
}

/** an Allow list with HEAD beside GET */
const withHead = (allowed: string): string => allowed.replace(/\bGET\b/, 'GET, HEAD');

/** The route of a request, or the HttpError (400, 404, 405) to answer it with. */
export function route(asked: string, rawTarget: string): Route {
  const target = parseTarget(rawTarget);
  // HEAD is GET without the body, wherever GET is taken (the server sends no body for it); an Allow lists it beside GET
  const method = asked === 'HEAD' ? 'GET' : asked;
  const seg = target.segments;
  if (seg[0] === '_emulator') return { kind: 'control', name: seg.slice(1).join('/'), target };
  const wrong = (allowed: string) => new HttpError(405, 'METHOD_NOT_ALLOWED', `${asked} is not allowed here; use ${withHead(allowed)}`, undefined, { allow: withHead(allowed) });
  const uuid = (name: string, v: string) => { if (!UUID_RE.test(v)) throw new HttpError(400, 'INVALID', `${name} '${v.slice(0, 100)}' is not a UUID`, name); return v; };
  // the listing (list.ts): the emulator's own path, the reference gives none
  const listed = listRoute(method, seg);
  if (listed) {
    if ('channelId' in listed) return { kind: 'api', op: 'list', target, channelId: listed.channelId };
    throw new HttpError(listed.status, listed.code, listed.status === 405 ? `${asked} is not allowed here; use ${withHead(listed.allow ?? 'GET')}` : listed.message, listed.field, listed.allow ? { allow: withHead(listed.allow) } : {});
  }
  if (seg.length === 4 && seg[0] === 'channel' && seg[2] === 'template') {
    if (method !== 'GET' && method !== 'POST') throw wrong('GET, POST');
    return { kind: 'api', op: method === 'GET' ? 'read' : 'write', target, channelId: uuid('publicId', seg[1]!), templateId: uuid('publicTemplateId', seg[3]!) };
  }
  if (seg.length === 3 && seg[0] === 'channel' && seg[2] === 'conversation') {
    if (method !== 'POST') throw wrong('POST');
    return { kind: 'api', op: 'send', target, channelId: uuid('publicId', seg[1]!) };
  }
  if (seg.length === 2 && seg[0] === 'chatapp-message-status') {
    if (method !== 'GET') throw wrong('GET');
    return { kind: 'api', op: 'status', target, clientMessageId: uuid('clientMessageId', seg[1]!) };
  }
  // not RESOURCE_NOT_FOUND (a template that is not there): a client with a wrong base path must not take every template for absent
  throw new HttpError(404, 'OPERATION_NOT_FOUND', `No operation at ${asked} ${target.normalised.slice(0, 200)}`);
}
