// Effects (hashing only): who is asking. API keys with their channel scopes, each key with a
// stable scope id (a hash, never the key) under which its message ids live; and the control
// token that guards the control endpoints.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from './http-error.js';

export interface KeySpec {
  key: string;
  /** channel ids this key may use (default: every channel) */
  channels?: string[];
  /** whether this key may read message status (default true) */
  messageStatus?: boolean;
  /** channels this key may read but not write to (default: none) */
  readOnlyChannels?: string[];
}

/**
 * Pure: why a parsed --keys-file is not a list of KeySpec, naming the entry and the field (never a
 * key's value), or undefined. `"channels": "all"` or `[5]` crashed the emulator's start (exit 70); a
 * misspelt field (`"channel"`) would have given the key every channel in silence.
 */
export function keysFileProblem(parsed: unknown): string | undefined {
  if (!Array.isArray(parsed)) return `not a JSON list (it is ${parsed === null ? 'null' : typeof parsed === 'object' ? 'an object' : `a ${typeof parsed}`})`;
  const fields = new Set(['key', 'channels', 'readOnlyChannels', 'messageStatus']);
  for (const [i, e] of parsed.entries()) {
    const entry = `entry ${i + 1}`;
    if (typeof e !== 'object' || e === null || Array.isArray(e)) return `${entry} is not an object {"key": ...}`;
    const o = e as Record<string, unknown>;
    if (typeof o.key !== 'string' || o.key === '') return `${entry}: "key" is ${o.key === undefined ? 'missing' : o.key === '' ? 'empty' : `not a text (a ${o.key === null ? 'null' : Array.isArray(o.key) ? 'list' : typeof o.key})`}`;
    for (const f of ['channels', 'readOnlyChannels'] as const) {
      const v = o[f];
      if (v === undefined) continue;
      if (!Array.isArray(v)) return `${entry}: "${f}" is not a list of channel ids (it is ${v === null ? 'null' : `a ${typeof v === 'string' ? 'text' : typeof v}`}); leave it out for every channel`;
      const bad = v.findIndex((c) => typeof c !== 'string' || c === '');
      if (bad >= 0) return `${entry}: "${f}" item ${bad + 1} is not a channel id (a text)`;
    }
    if (o.messageStatus !== undefined && typeof o.messageStatus !== 'boolean') return `${entry}: "messageStatus" is not true or false`;
    const other = Object.keys(o).find((k) => !fields.has(k));
    if (other !== undefined) return `${entry}: unknown field ${JSON.stringify(other.slice(0, 40))} (the fields are key, channels, readOnlyChannels, messageStatus)`;
  }
  return undefined;
}

/** An authenticated caller: its key's permissions and the scope its message ids live in. */
export interface Principal {
  channels?: string[];
  readOnlyChannels?: string[];
  messageStatus?: boolean;
  /** a hash of the key (never the key): message ids are unique per scope */
  scope: string;
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
const header = (h: IncomingHttpHeaders, name: string): string | undefined => { const v = h[name]; return Array.isArray(v) ? v[0] : v; };

export class KeyRing {
  private readonly keys: (Principal & { hash: Buffer })[];
  constructor(specs: (string | KeySpec)[]) {
    this.keys = specs.map((k) => {
      const spec = typeof k === 'string' ? { key: k } : k;
      if (!spec.key) throw new Error('an emulator key must not be empty');
      return {
        ...(spec.channels ? { channels: spec.channels.map((c) => c.toLowerCase()) } : {}),
        ...(spec.readOnlyChannels ? { readOnlyChannels: spec.readOnlyChannels.map((c) => c.toLowerCase()) } : {}),
        ...(spec.messageStatus !== undefined ? { messageStatus: spec.messageStatus } : {}),
        scope: digest(`tplsync-emulator-scope\u0000${spec.key}`).toString('hex').slice(0, 32),
        hash: digest(spec.key),
      };
    });
    if (this.keys.length === 0) throw new Error('the emulator needs at least one API key');
  }

  /** The caller of an API request (401 without a known key). */
  authenticate(headers: IncomingHttpHeaders): Principal {
    const given = header(headers, 'apikey');
    if (!given) throw new HttpError(401, 'API_KEY_NOT_FOUND', 'The apiKey header is missing');
    const h = digest(given);
    const k = this.keys.find((x) => timingSafeEqual(x.hash, h));
    if (!k) throw new HttpError(401, 'API_KEY_NOT_FOUND', 'The API key is not known');
    return k;
  }
}

export const mayUse = (p: Principal, channelId: string): boolean => !p.channels || p.channels.includes(channelId.toLowerCase());
export const mayWrite = (p: Principal, channelId: string): boolean => mayUse(p, channelId) && !p.readOnlyChannels?.includes(channelId.toLowerCase());

/** The control endpoints' token: given, or 32 random hex digits. Sent as `Authorization: Bearer TOKEN`. */
export class ControlToken {
  readonly value: string;
  private readonly hash: Buffer;
  constructor(token?: string) {
    if (token !== undefined && !/^[\x21-\x7e]{16,256}$/.test(token)) throw new Error('a control token is 16 to 256 printable characters without spaces');
    this.value = token ?? randomBytes(16).toString('hex');
    this.hash = digest(this.value);
  }

  /** throws 401 unless the request carries the token */
  check(headers: IncomingHttpHeaders): void {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header(headers, 'authorization') ?? '');
    if (!m || !timingSafeEqual(digest(m[1]!), this.hash)) {
      throw new HttpError(401, 'CONTROL_TOKEN_REQUIRED', 'The control endpoints need the control token: Authorization: Bearer TOKEN (printed at start, or set with --control-token)');
    }
  }
}
