// Pure: the RCS part of a preview page, drawn to RBM's proportions (1 dp = 1 CSS px): carousel
// cards SMALL 120 / MEDIUM 232 wide, media SHORT 112 / MEDIUM 168 / TALL 264 high, a video as
// a video with its thumbnail, chips that say what they do, and the SMS fallback beside the card.
import { messageFileText, type CanonicalTemplate } from '../model/canonical.js';
import { charLength } from '../model/placeholders.js';
import { obj as o, objs as a, sample as s, type Loose } from '../model/loose.js';
import { cls, esc, withSamples, type Marks } from './markup.js';

/** RBM's card widths (carousel) and media heights, in dp. */
export const CARD_WIDTH_DP: Readonly<Record<string, number>> = { SMALL: 120, MEDIUM: 232 };
export const MEDIA_HEIGHT_DP: Readonly<Record<string, number>> = { SHORT: 112, MEDIUM: 168, TALL: 264 };
/** a standalone card spans the conversation; a horizontal card's media takes this share of it */
const STANDALONE_WIDTH_DP = 320;

const VIDEO_FILE = /\.(mp4|m4v|mov|webm|3gp|mpe?g)(\?|#|$)/i;

function when(iso: string | undefined): string {
  if (!iso) return '?';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/** What tapping a chip does, in words: the number, the place, the date, where the URL opens. */
export function chipEffect(x: Loose): string {
  switch (x.action) {
    case 'reply': return `sends “${s(x.postbackData) ?? s(x.text) ?? ''}” back`;
    case 'open_url': {
      const app = x.openUrlApplication === 'WEBVIEW' ? `in a ${String(x.webviewType ?? 'FULL').toLowerCase()} webview` : 'in the browser';
      let host = s(x.postbackData) ?? '';
      try { host = new URL(host).host; } catch { /* shown as written */ }
      return `opens ${host} ${app}`;
    }
    case 'dial': return `calls ${s(x.phoneNumber) ?? '(no number)'}`;
    case 'view_location': {
      const ll = o(x.latLong);
      if (ll) return `shows ${s(x.label) ? `${s(x.label)} at ` : ''}${String(ll.latitude)}, ${String(ll.longitude)} on a map`;
      return s(x.query) ? `searches the map for “${s(x.query)}”` : 'shows (no place)';
    }
    case 'share_location': return 'asks to share your location';
    case 'create_calendar_event': return `adds “${s(x.title) ?? ''}”, ${when(s(x.startTime))} to ${when(s(x.endTime))}, to the calendar`;
    default: return String(x.action ?? '');
  }
}

const CHIP_ICON: Record<string, string> = { reply: '↩', open_url: '↗', dial: '✆', view_location: '📍', share_location: '⌖', create_calendar_event: '📅' };

export function chips(list: Loose[]): string {
  if (!list.length) return '';
  return `<div class="chips">${list.map((x) => {
    const action = s(x.action) ?? '';
    const mode = action === 'open_url' && x.openUrlApplication === 'WEBVIEW' ? ` data-webview="${esc(String(x.webviewType ?? 'FULL'))}"` : '';
    return `<span class="chip" data-testid="chip" data-action="${esc(action)}"${mode} title="${esc(chipEffect(x))}"><span class="label"><span class="icon">${CHIP_ICON[action] ?? '•'}</span> ${esc(s(x.text) ?? '')}</span><small class="effect">${esc(chipEffect(x))}</small></span>`;
  }).join('')}</div>`;
}

function mediaHtml(url: string, thumb: string | undefined, alt: string, heightDp: number | undefined, video: boolean): string {
  const style = heightDp ? ` style="height:${heightDp}px"` : '';
  if (video) return `<div class="card-media video"${style}><video controls preload="none"${thumb ? ` poster="${esc(thumb)}"` : ''} src="${esc(url)}" data-testid="video"></video></div>`;
  return `<div class="card-media"${style}><img src="${esc(url)}" alt="${esc(alt)}"></div>`;
}

/** The RCS message, cards and suggestions (and the SMS fallback); `marks` marks what changed (before/after pages). */
export function renderRcs(c: CanonicalTemplate, marks?: Marks): string {
  const m = o(c.message);
  if (!m) return '';
  const text = (x: string): string => withSamples(messageFileText(c, x), c.samples);
  const opts = o(m.rcsRichCardsOpts);
  const cards = a(m.richCards);
  const carousel = opts?.type === 'CAROUSEL' || (opts?.type === undefined && cards.length > 1);
  const horizontal = !carousel && opts?.orientation === 'HORIZONTAL';
  const mediaDp = horizontal ? undefined : MEDIA_HEIGHT_DP[String(opts?.mediaHeight ?? 'MEDIUM')];
  const widthDp = carousel ? CARD_WIDTH_DP[String(opts?.cardWidth ?? 'MEDIUM')] ?? 232 : STANDALONE_WIDTH_DP;
  const parts = [`<section class="rcs"${c.rcsOnly ? ' data-rcs-only="true"' : ''}><h2>RCS${c.rcsOnly ? ' (RCS-only template)' : ''}</h2><div class="rcs-row"><div class="rcs-phone">`];
  if (s(m.message)) parts.push(`<div class="bubble rcs-text${cls(marks, 'message.message')}" data-testid="rcs-text" data-path="message.message">${text(s(m.message)!)}</div>`);
  if (cards.length) {
    const layout = `${carousel ? 'carousel' : 'standalone'}${horizontal ? ` horizontal align-${esc(String(opts?.imageAlign ?? 'LEFT')).toLowerCase()}` : ''}`;
    parts.push(`<div class="cards ${layout}" data-card-width="${carousel ? esc(String(opts?.cardWidth ?? 'MEDIUM')) : 'STANDALONE'}" data-media-height="${esc(String(mediaDp ? opts?.mediaHeight ?? 'MEDIUM' : 'NONE'))}">`);
    cards.forEach((card, i) => {
      parts.push(`<div class="card${cls(marks, `message.richCards[${i}]`)}" data-testid="card" data-path="message.richCards[${i}]" style="width:${widthDp}px">`);
      const url = s(card.fileUrl);
      if (url) parts.push(mediaHtml(url, s(card.thumbnailUrl), s(card.title) ?? 'card media', mediaDp, VIDEO_FILE.test(url)));
      parts.push('<div class="card-content">');
      if (s(card.title)) parts.push(`<div class="card-title">${text(s(card.title)!)}</div>`);
      if (s(card.description)) parts.push(`<div class="card-description">${text(s(card.description)!)}</div>`);
      parts.push(`${chips(a(card.suggestions))}</div></div>`);
    });
    parts.push('</div>');
  } else if (s(m.fileUrl)) {
    const url = s(m.fileUrl)!;
    parts.push(`<div class="cards standalone">${m.type === 'file' ? `<div class="bubble">📄 ${esc(url.split('/').pop() ?? url)}</div>` : `<div class="card" style="width:${STANDALONE_WIDTH_DP}px">${mediaHtml(url, s(m.thumbnailUrl), 'media', MEDIA_HEIGHT_DP.MEDIUM, m.type === 'video' || VIDEO_FILE.test(url))}</div>`}</div>`);
  }
  parts.push(`<div class="suggestions${cls(marks, 'message.suggestions')}" data-path="message.suggestions">${chips(a(m.suggestions))}</div>`);
  const exp = o(m.rcsExpireOpts);
  if (exp) parts.push(`<p class="meta">expires ${exp.type === 'TTL' ? `${esc(String(exp.ttl))} s after sending` : `at ${esc(String(exp.expireTime))}`}</p>`);
  parts.push('</div>');
  const fb = s(o(m.fallback)?.text);
  if (fb !== undefined) {
    const n = charLength(fb);
    parts.push(`<aside class="fallback" data-testid="fallback"><h3>SMS fallback</h3><div class="sms">${text(fb)}</div><small>${n} characters as written, ${n <= 160 ? '1 SMS part' : `${Math.ceil(n / 153)} SMS parts`}</small></aside>`);
  }
  parts.push('</div></section>');
  return parts.join('');
}

export const RCS_CSS = `
.rcs-row{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}.rcs-phone{background:#fff;border:1px solid #e3e6ea;border-radius:18px;padding:12px;max-width:360px}
.cards.carousel{display:flex;gap:8px;overflow-x:auto;padding-bottom:6px;max-width:336px}.cards.carousel .card{flex:0 0 auto}
.card{max-width:none}.card-media{overflow:hidden}.card-media img,.card-media video{width:100%;height:100%;object-fit:cover;min-height:0}
.cards.horizontal .card-media{flex:0 0 128px;min-height:128px}
.chip{display:inline-flex;flex-direction:column;align-items:flex-start}.chip .effect{font-size:11px;color:#5f6368}
main:has(.rcs-row .fallback){grid-template-columns:minmax(320px,640px) 1fr}.rcs-row{flex-wrap:nowrap}
.fallback{background:#f1f3f4;border-radius:12px;padding:10px 12px;max-width:240px}.fallback h3{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#667781;margin:0 0 6px}.sms{background:#e9e9eb;border-radius:14px;padding:8px 10px;margin-bottom:4px;overflow-wrap:anywhere}
`;
