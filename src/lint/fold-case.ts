// Pure: the template as the rules judge it when a WhatsApp enum is written in another case than
// the platform's (`category: marketing`, `format: image`, `type: url`: Meta's own examples write
// them in lower case, and its API takes them so). The schema reports each such value on the file as
// written ("did you mean 'IMAGE'?"); the other rules judge the value it means, so that one slip of
// case is one finding, not a cascade of findings with wrong advice ("An image header takes no
// media example"). A value that is no enum value in any case is left as it is.
import { KNOWN_BUTTON_TYPES } from '../model/canonical.js';
import type { Loose } from './rule.js';

const CATEGORY = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
const HEADER_FORMAT = new Set(['TEXT', 'IMAGE', 'VIDEO', 'GIF', 'DOCUMENT', 'LOCATION', 'PRODUCT']);
const BUTTON_TYPE = KNOWN_BUTTON_TYPES;
const OTP_TYPE = new Set(['COPY_CODE', 'ONE_TAP', 'ZERO_TAP']);

const isObj = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
/** the platform's spelling of `v`, when `v` is one of `values` in another case; else undefined */
const folded = (v: unknown, values: ReadonlySet<string>): string | undefined => {
  if (typeof v !== 'string') return undefined;
  const up = v.toUpperCase();
  return up !== v && values.has(up) ? up : undefined;
};

function foldHeader(h: unknown): unknown {
  if (!isObj(h)) return h;
  const f = folded(h.format, HEADER_FORMAT);
  return f === undefined ? h : { ...h, format: f };
}

function foldButtons(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  let out: unknown[] | undefined;
  list.forEach((b, i) => {
    if (!isObj(b)) return;
    const type = folded(b.type, BUTTON_TYPE);
    const otp = folded(b.otp_type, OTP_TYPE);
    if (type === undefined && otp === undefined) return;
    out ??= [...list];
    out[i] = { ...b, ...(type !== undefined ? { type } : {}), ...(otp !== undefined ? { otp_type: otp } : {}) };
  });
  return out ?? list;
}

/** RCS enums (the partner API's): the values of each key of a suggestion, the layout and the expiry */
const OPEN_URL_APPLICATION = new Set(['BROWSER', 'WEBVIEW']);
const WEBVIEW_TYPE = new Set(['FULL', 'HALF', 'TALL']);
const LAYOUT: Readonly<Record<string, ReadonlySet<string>>> = {
  type: new Set(['STANDALONE', 'CAROUSEL']), orientation: new Set(['VERTICAL', 'HORIZONTAL']), imageAlign: new Set(['LEFT', 'RIGHT']),
  cardWidth: new Set(['SMALL', 'MEDIUM']), mediaHeight: new Set(['SHORT', 'MEDIUM', 'TALL']),
};
const EXPIRE_TYPE = new Set(['TTL', 'EXPIRE_TIME']);

function foldSuggestions(list: unknown): unknown {
  if (!Array.isArray(list)) return list;
  let out: unknown[] | undefined;
  list.forEach((s, i) => {
    if (!isObj(s)) return;
    const app = folded(s.openUrlApplication, OPEN_URL_APPLICATION);
    const mode = folded(s.webviewType, WEBVIEW_TYPE);
    if (app === undefined && mode === undefined) return;
    out ??= [...list];
    out[i] = { ...s, ...(app !== undefined ? { openUrlApplication: app } : {}), ...(mode !== undefined ? { webviewType: mode } : {}) };
  });
  return out ?? list;
}

/** an RCS message with its enums (openUrlApplication, webviewType, the layout's, the expiry's type) in the API's case; `m` itself when none needs it */
function foldMessage(m: unknown): unknown {
  if (!isObj(m)) return m;
  let out: Record<string, unknown> | undefined;
  const set = (k: string, v: unknown): void => { if (v !== m[k]) { out ??= { ...m }; out[k] = v; } };
  set('suggestions', foldSuggestions(m.suggestions));
  if (Array.isArray(m.richCards)) {
    let cards: unknown[] | undefined;
    m.richCards.forEach((c, i) => {
      if (!isObj(c)) return;
      const s = foldSuggestions(c.suggestions);
      if (s === c.suggestions) return;
      cards ??= [...(m.richCards as unknown[])];
      cards[i] = { ...c, suggestions: s };
    });
    if (cards) set('richCards', cards);
  }
  const o = m.rcsRichCardsOpts;
  if (isObj(o)) {
    let opts: Record<string, unknown> | undefined;
    for (const [k, values] of Object.entries(LAYOUT)) {
      const f = folded(o[k], values);
      if (f !== undefined) (opts ??= { ...o })[k] = f;
    }
    if (opts) set('rcsRichCardsOpts', opts);
  }
  const e = m.rcsExpireOpts;
  const type = isObj(e) ? folded(e.type, EXPIRE_TYPE) : undefined;
  if (type !== undefined) set('rcsExpireOpts', { ...(e as Loose), type });
  return out ?? m;
}

/** `t` with its enum values (WhatsApp's, and the RCS message's) in the platform's case; `t` itself (the same object) when none needs it */
export function foldEnumCase(t: Loose): Loose {
  let out: Record<string, unknown> | undefined;
  const set = (k: string, v: unknown): void => { if (v !== t[k]) { out ??= { ...t }; out[k] = v; } };
  set('message', foldMessage(t.message));
  const c = folded(t.category, CATEGORY);
  if (c !== undefined) set('category', c);
  set('header', foldHeader(t.header));
  set('buttons', foldButtons(t.buttons));
  if (Array.isArray(t.carousel)) {
    let cards: unknown[] | undefined;
    t.carousel.forEach((card, i) => {
      if (!isObj(card)) return;
      const header = foldHeader(card.header);
      const buttons = foldButtons(card.buttons);
      if (header === card.header && buttons === card.buttons) return;
      cards ??= [...(t.carousel as unknown[])];
      cards[i] = { ...card, ...(header !== card.header ? { header } : {}), ...(buttons !== card.buttons ? { buttons } : {}) };
    });
    if (cards) set('carousel', cards);
  }
  return out ?? t;
}
