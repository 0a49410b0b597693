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
