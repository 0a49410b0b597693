// Pure: the RCS part of a preview page, drawn to RBM's proportions (1 dp = 1 CSS px): carousel
// cards SMALL 120 / MEDIUM 232 wide, media SHORT 112 / MEDIUM 168 / TALL 264 high, a video as
// a video with its thumbnail, chips that say what they do, and the SMS fallback beside the card.
import { icon, type IconName } from './icons.js';
import { smsPartsInWords, smsSize, smsUnitsInWords } from '../model/sms.js';
import { messageFileText, type FileTemplate } from '../model/canonical.js';
import { obj as o, objs as a, sample as s, type Loose } from '../model/loose.js';
import { renderText } from '../model/placeholders.js';
import { CARD_MAX_HEIGHT_DP, MEDIA_HEIGHT_DP, STANDALONE_WIDTH_DP, cardLayout, fitRichCard, horizontalMediaAlone } from '../model/rcs-card-fit.js';
import { fileMessageKind, mediaKind, takesNoThumbnail } from '../model/rcs-media.js';
import { langAttrs, lineDir, paragraphs } from './direction.js';
import { changed, cls, esc, fileNameOf, imageOverPlaceholder, markInvisible, mediaAlt, textWithMarks, withSamples, type Marks } from './markup.js';

/** a video by its extension, in the one table lint's rcs-media reads (model/rcs-media.ts): the types RBM plays and those it warns about (.mov, .3gp) */
const isVideo = (url: string): boolean => mediaKind(url) === 'video';

function when(iso: string | undefined): string {
  if (!iso) return '?';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 16)} UTC`;
}

/**
 * What tapping a chip does, in words: the number, the place, the date, where the URL opens. The
 * template's own texts in it (a postback, a place's label, an event's title: Arabic or Hebrew in
 * an RTL template) are isolated from the English around them, so that they cannot pull its dates
 * and numbers into their direction: between U+2068 and U+2069 (first strong isolate, pop
 * directional isolate) in this plain text, for a title attribute; in `<bdi>` in chipEffectHtml.
 */
export function chipEffect(x: Loose): string {
  return effect(x, (t) => `\u2068${t}\u2069`, (t) => t);
}

/** chipEffect as HTML: its English escaped, the template's texts in it each in a `<bdi>` of its own. */
export function chipEffectHtml(x: Loose): string {
  return effect(x, (t) => `<bdi>${esc(t)}</bdi>`, esc);
}

function effect(x: Loose, own: (text: string) => string, words: (text: string) => string): string {
  switch (x.action) {
    case 'reply': return `${words('sends “')}${own(s(x.postbackData) ?? s(x.text) ?? '')}${words('” back')}`;
    case 'open_url': {
      // a WEBVIEW of no mode is RBM's WEBVIEW_VIEW_MODE_UNSPECIFIED, which opens no webview: said so, not drawn as one of a size the file does not name
      const app = x.openUrlApplication === 'WEBVIEW' ? (x.webviewType === undefined ? 'in a webview (view mode missing: add webviewType FULL, HALF or TALL)' : `in a ${String(x.webviewType).toLowerCase()} webview`) : 'in the browser';
      // the whole URL, as under a WhatsApp URL button: its path, query and scheme are where the chip goes (a host alone
      // hid an edit of them, even on the before/after pages of `preview --changes`)
      return `${words('opens ')}${own(s(x.postbackData) ?? '')}${words(` ${app}`)}`;
    }
    case 'dial': return s(x.phoneNumber) ? `${words('calls ')}${own(s(x.phoneNumber)!)}` : words('calls (no number)');
    case 'view_location': {
      const ll = o(x.latLong);
      // beside a query: Google offers the query instead of latLong and does not say which one the phone uses (lint's rcs-view-location-mixed)
      const or = s(x.query) ? `${words(', or searches the map for “')}${own(s(x.query)!)}${words('” (Google does not say which)')}` : '';
      if (ll) return `${words('shows ')}${s(x.label) ? `${own(s(x.label)!)}${words(' at ')}` : ''}${words(`${String(ll.latitude)}, ${String(ll.longitude)} on a map`)}${or}`;
      // Google's ViewLocationAction.query: "only supported on Android Messages clients" (lint's rcs-view-location-query)
      return s(x.query) ? `${words('searches the map for “')}${own(s(x.query)!)}${words('” (Android Messages only)')}` : words('shows (no place)');
    }
    case 'share_location': return words('asks to share your location');
    // the event's description is text the customer gets in the calendar entry: shown with its title
    case 'create_calendar_event': return `${words('adds “')}${own(s(x.title) ?? '')}${words(`”, ${when(s(x.startTime))} to ${when(s(x.endTime))}, to the calendar`)}${s(x.description) ? `${words(', described “')}${own(s(x.description)!)}${words('”')}` : ''}`;
    default: return own(String(x.action ?? ''));
  }
}

const CHIP_ICON: Record<string, IconName> = { reply: 'reply', open_url: 'open', dial: 'phone', view_location: 'place', share_location: 'myLocation', create_calendar_event: 'event' };

/**
 * Chips: a card's inside the card, stacked, each its one-line label as the phone draws it (`row`
 * false: what it does is said under the card, by cardChipNotes, so that it cannot make the card
 * taller than the phone draws it); the message's (`message.suggestions`) in
 * one row under the message that scrolls sideways (`row`), as Google Messages draws a suggestion
 * chip list. Google's RBM reference (AgentContentMessage.suggestions): "A list of suggested replies
 * and suggested actions that appear as a list of suggestion chips following the associated agent
 * message"; its overview (What can RBM do?): an agent "can send suggested replies and suggested
 * actions with messages in suggestion chip lists", and a card's suggestions are the card's own. That
 * the list is one row the customer scrolls sideways, Google's pages do not write (it is how Google
 * Messages draws it); an RBM partner's do: "Up to 11 chips per suggested chip list (users can scroll
 * horizontally through the chip list)" (Webex Connect, message types). The row starts at the
 * message's start side and scrolls towards its end: from the right in a right-to-left conversation
 * (the flex row follows the phone's `dir`). It takes the keyboard focus, as the carousels do, so
 * that its chips scroll with the arrow keys.
 */
export function chips(list: Loose[], language: string | undefined, marks?: Marks, path?: string, row = false): string {
  if (!list.length) return '';
  const region = row ? ` tabindex="0" role="region" aria-label="Suggestions, ${list.length} chip${list.length === 1 ? '' : 's'}" data-testid="chip-row"` : '';
  return `<div class="chips${row ? ' row' : ''}"${region}>${list.map((x, j) => {
    const action = s(x.action) ?? '';
    const mode = action === 'open_url' && x.openUrlApplication === 'WEBVIEW' ? ` data-webview="${esc(String(x.webviewType ?? 'UNSPECIFIED'))}"` : '';
    // a chip that changed (its label, its action) is marked on the before/after pages
    return `<span class="chip${path ? cls(marks, `${path}[${j}]`) : ''}" data-testid="chip" data-action="${esc(action)}"${mode} title="${esc(chipEffect(x))}"><span class="label"${lineDir(esc(s(x.text) ?? ''), language)}><span class="icon">${icon(CHIP_ICON[action] ?? 'dot', action === 'reply')}</span> ${path && changed(marks, `${path}[${j}]`) ? markInvisible(esc(s(x.text) ?? '')) : esc(s(x.text) ?? '')}</span>${row ? `<small class="effect" lang="en" dir="ltr">${chipEffectHtml(x)}</small>` : ''}</span>`;
  }).join('')}</div>`;
}

/**
 * What each chip a card shows does, in the English lines under the card: its label (isolated, in
 * the chip's colour, with its icon) and what tapping it does; a changed chip's line marked as the
 * chip is (the before/after pages).
 */
function cardChipNotes(list: Loose[], marks: Marks | undefined, path: string): string {
  if (!list.length) return '';
  return `<ul class="card-chip-notes">${list.map((x, j) => {
    const action = s(x.action) ?? '';
    return `<li class="card-chip-note${cls(marks, `${path}[${j}]`)}" data-action="${esc(action)}"><span class="label"><span class="icon">${icon(CHIP_ICON[action] ?? 'dot', action === 'reply')}</span> <bdi>${esc(s(x.text) ?? '')}</bdi></span> <small class="effect" lang="en" dir="ltr">${chipEffectHtml(x)}</small></li>`;
  }).join('')}</ul>`;
}

/**
 * What the phone shows of a video without a thumbnail, said under it (lint's rcs-video-thumbnail): Google's
 * ContentInfo.thumbnailUrl, "If you don't provide a thumbnail URL, the RBM platform displays a blank placeholder
 * thumbnail until the user's device downloads the file. Depending on the user's setting, the file may not download
 * automatically and may require the user to tap a download button."
 */
const NO_THUMBNAIL_NOTE = 'No thumbnailUrl: the phone shows a blank placeholder until it downloads the video, which may wait for a tap on its download button (Google\'s ContentInfo.thumbnailUrl). Give a thumbnail to show a picture at once.';

function mediaHtml(url: string, thumb: string | undefined, alt: string, heightDp: number | undefined, video: boolean): string {
  const style = heightDp ? ` style="height:${heightDp}px"` : '';
  // a video without a thumbnail: the blank placeholder the phone shows until the file downloads, not a (black) player
  if (video && !thumb) return `<div class="card-media video no-thumbnail"${style} role="img" aria-label="${esc(alt)}" lang="en" data-testid="video-placeholder"><span class="ph" aria-hidden="true"><span class="ph-icon">${icon('download')}</span><span class="ph-name">${esc(fileNameOf(url))}</span></span></div>`;
  // a drawn placeholder under the media shows where it cannot load (offline, a host that is gone)
  if (video) return `<div class="card-media video"${style}><span class="ph" aria-hidden="true"><span class="ph-icon">${icon('play')}</span><span class="ph-name">${esc(fileNameOf(url))}</span></span><video controls preload="none"${thumb ? ` poster="${esc(thumb)}"` : ''} src="${esc(url)}" aria-label="${esc(alt)}" lang="en" data-testid="video"></video></div>`;
  return `<div class="card-media"${style}>${imageOverPlaceholder(url, alt)}</div>`;
}

/** a card's media that is a file, not a picture (a PDF, audio): its icon and name at the media's height */
function fileTile(url: string, alt: string, heightDp: number | undefined, audio = false): string {
  const style = heightDp ? ` style="height:${heightDp}px"` : '';
  return `<div class="card-media file"${style} role="img" aria-label="${esc(alt)}" data-testid="card-file"><span class="ph" aria-hidden="true"><span class="ph-icon">${icon(audio ? 'audio' : 'document')}</span><span class="ph-name">${esc(fileNameOf(url))}</span></span></div>`;
}

/**
 * A file message of audio as the phone shows it: an audio player in the conversation, not a
 * document (Google's Send messages guide, Media and PDF files: "For audio files, the default audio
 * widget is used as a placeholder"; trial-br F3). A drawing of one, its play button, track and time
 * at its start, the file's name under it: nothing in it plays (the preview loads no file).
 */
function audioWidget(url: string): string {
  const name = fileNameOf(url);
  return `<div class="rcs-audio" role="img" aria-label="${esc(`Audio: ${name}`)}" lang="en" dir="ltr" data-testid="rcs-audio"><span class="audio-play" aria-hidden="true">${icon('play')}</span><span class="audio-track" aria-hidden="true"><span class="audio-bar"></span><span class="audio-time">0:00</span></span><span class="audio-name" aria-hidden="true">${icon('audio')} ${esc(name)}</span></div>`;
}

/** the value at `path` (`richCards[0].title`) under `root`, or undefined */
function valueAt(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const seg of path.split(/\.|\[(\d+)\]/).filter((x) => x !== undefined && x !== '')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[seg];
  }
  return cur;
}

/** The RCS message, cards and suggestions (and the SMS fallback); `marks` marks what changed (before/after pages). */
export function renderRcs(f: FileTemplate, marks?: Marks): string {
  const c = f.canonical;
  const m = o(c.message);
  if (!m) return '';
  /**
   * a text of the message as shown; where it changed (the before/after pages), its words compared with the other side's (`at`: its path under message).
   * As written: RBM's texts, card titles and descriptions are plain text, and an SMS has no formatting (WhatsApp's *bold*,
   * _italic_ and ~strike~ drawn here showed a look the phone never shows, and hid the characters the SMS counts)
   */
  const text = (x: string, at?: string): string => (marks && at
    ? textWithMarks(messageFileText(f.names, x), f.samples ?? {}, marks, `message.${at}`, (other) => {
      const v = s(valueAt(other.canonical.message, at));
      return v === undefined ? undefined : { text: messageFileText(other.names, v), samples: other.samples ?? {} };
    }, false)
    : withSamples(messageFileText(f.names, x), f.samples, false));
  const plain = (x: string): string => renderText(messageFileText(f.names, x), f.samples ?? {});
  const opts = o(m.rcsRichCardsOpts);
  const cards = a(m.richCards);
  // the layout and each card's cut are the model's (model/rcs-card-fit.ts), which lint's rcs-card-height asks too
  const layout = cardLayout(opts, cards.length);
  const { carousel, horizontal, mediaDp, widthDp } = layout;
  const parts = [`<section class="rcs"${c.rcsOnly ? ' data-rcs-only="true"' : ''}><h2>RCS${c.rcsOnly ? ' (RCS-only template)' : ''}</h2><div class="rcs-row"><div class="rcs-phone"${langAttrs(c.language)}>`];
  if (s(m.message)) {
    // RBM's message holds one content (AgentContentMessage: a text, a file or a rich card): a text beside media or cards is a
    // message of its own before them, if the partner sends it, not a caption (lint's rcs-text-beside-content); said under it
    const beside = cards.length > 0 || s(m.fileUrl) !== undefined;
    const what = cards.length > 1 ? 'the carousel' : cards.length ? 'the card' : `the ${m.type === 'video' || m.type === 'file' ? m.type : 'picture'}`;
    parts.push(`<div class="bubble rcs-text${beside ? ' separate' : ''}${cls(marks, 'message.message')}" data-testid="rcs-text" data-path="message.message"${beside ? ' data-separate="true"' : ''}>${paragraphs(text(s(m.message)!, 'message'), c.language)}</div>`);
    if (beside) parts.push(`<p class="meta separate-note" data-testid="separate-message" lang="en" dir="ltr">A message of its own before ${what}, if the partner sends it at all (Twilio drops a carousel's body over RCS): RBM sends one content per message (a text, a file or a rich card), so this text is no ${cards.length ? `part of ${what}'s message` : 'caption'}.</p>`);
  }
  if (cards.length) {
    const layoutClass = `${carousel ? 'carousel' : 'standalone'}${horizontal ? ` horizontal align-${esc(String(opts?.imageAlign ?? 'LEFT')).toLowerCase()}` : ''}`;
    // a carousel is a region of its own that takes the keyboard focus, so its cards scroll with the arrow keys
    const region = carousel ? ` tabindex="0" role="region" aria-label="Carousel, ${cards.length} card${cards.length === 1 ? '' : 's'}"` : '';
    parts.push(`<div class="cards ${layoutClass}${cls(marks, 'message.rcsRichCardsOpts')}"${region} data-path="message.rcsRichCardsOpts" data-card-width="${esc(layout.cardWidth)}" data-media-height="${esc(mediaDp ? layout.mediaHeight : 'NONE')}">`);
    cards.forEach((card, i) => {
      const url = s(card.fileUrl);
      // cut as the phone cuts a card taller than RBM's maximum: lines clamped with an ellipsis, parts left out, and said so
      const title = s(card.title);
      const description = s(card.description);
      const suggestions = a(card.suggestions);
      const fit = fitRichCard(layout, card, plain);
      // the card drawn at the size the phone draws it (1 dp = 1 px): RBM's width, at least the height the model gives it (its
      // parts at the model's heights: the media, lines of 24 and 20 dp, 44 dp a chip, 16 dp of padding), the notes about it
      // (what its chips do, what the phone cut) under it, in the same slot of the carousel, where they cannot make it taller
      parts.push(`<div class="card-slot" style="width:${widthDp}px"><div class="card${cls(marks, `message.richCards[${i}]`)}" data-testid="card" data-path="message.richCards[${i}]" data-height-dp="${fit.heightDp}" style="width:${widthDp}px;min-height:${fit.heightDp}px">`);
      // the media named by its kind and file, the card's number in a carousel (the card's title is read just after it: an
      // alt of the title read it twice; what the media shows, the format does not say)
      // a PDF (or audio) file is no picture: drawn as a file's tile, not loaded as an image that shows nothing (lint's rcs-media)
      const fileKind = url ? takesNoThumbnail(url) : undefined;
      if (url && fileKind) parts.push(fileTile(url, mediaAlt(`Card${carousel ? ` ${i + 1}` : ''} ${fileKind === 'a PDF' ? 'PDF' : 'audio'}`, url), mediaDp, fileKind === 'audio'));
      else if (url) { const video = isVideo(url); parts.push(mediaHtml(url, s(card.thumbnailUrl), mediaAlt(`Card${carousel ? ` ${i + 1}` : ''} ${video ? 'video' : 'image'}`, url), mediaDp, video)); }
      const clamp = (lines: number, whole: number): string => (lines < whole ? ` data-clamped="${lines}" style="-webkit-line-clamp:${lines};line-clamp:${lines}"` : '');
      parts.push('<div class="card-content">');
      if (title && fit.titleLines) parts.push(`<div class="card-title"${clamp(fit.titleLines, fit.whole.title)}>${paragraphs(text(title, `richCards[${i}].title`), c.language)}</div>`);
      if (description && fit.descriptionLines) parts.push(`<div class="card-description"${clamp(fit.descriptionLines, fit.whole.description)}>${paragraphs(text(description, `richCards[${i}].description`), c.language)}</div>`);
      const shown = suggestions.slice(0, fit.suggestions);
      parts.push(chips(shown, c.language, marks, `message.richCards[${i}].suggestions`));
      parts.push('</div></div>');
      const notes = cardChipNotes(shown, marks, `message.richCards[${i}].suggestions`);
      const cut = fit.cut.length ? `<p class="meta card-cut" data-testid="card-cut">${icon('cut')} Cut as a phone shows it: a rich card is at most ${CARD_MAX_HEIGHT_DP} dp high (Google RBM), so ${fit.cut.join(', ')}.</p>` : '';
      // media alone on a HORIZONTAL card: Google refuses it (lint's rcs-horizontal-content); its empty side said, not drawn silently
      const refused = horizontalMediaAlone(layout, card) ? '<p class="meta card-refused" data-testid="card-refused">Refused by RBM: a HORIZONTAL card with media needs a title, a description or a suggestion beside it (Google\'s StandaloneCard), and the side beside the media is empty. Add one, or use orientation VERTICAL for media alone.</p>' : '';
      const fileNote = fileKind === 'a PDF' ? '<p class="meta card-file-note" data-testid="card-file-note">A PDF as a card\'s media: Google Messages shows it only in India; elsewhere the card has no media (rcs-media). Outside India, send the PDF as a message of type file, or link to it with an open_url chip.</p>'
        : fileKind ? '<p class="meta card-file-note" data-testid="card-file-note">An audio file as a card\'s media: a rich card\'s media is an image or a video, so the card shows none (rcs-media). Send it as a message of type file.</p>' : '';
      const videoNote = url && !fileKind && isVideo(url) && !s(card.thumbnailUrl) ? `<p class="meta card-video-note" data-testid="video-no-thumbnail">${NO_THUMBNAIL_NOTE}</p>` : '';
      if (notes || cut || refused || fileNote || videoNote) parts.push(`<div class="card-notes" data-testid="card-notes" lang="en" dir="ltr">${notes}${cut}${refused}${fileNote}${videoNote}</div>`);
      parts.push('</div>');
    });
    parts.push('</div>');
  } else if (s(m.fileUrl)) {
    const url = s(m.fileUrl)!;
    // the media of a picture, video or file message, marked where its file, thumbnail or type changed
    const media = cls(marks, 'message.fileUrl') || cls(marks, 'message.thumbnailUrl') || cls(marks, 'message.type');
    // a file that takes no thumbnail (a PDF, audio: Google's ContentInfo.thumbnailUrl is "for image and video files only"): the
    // thumbnail the file names is not drawn, and said so (lint's rcs-media)
    const noThumbnail = m.type === 'file' && s(m.thumbnailUrl) ? takesNoThumbnail(url) : undefined;
    const thumbNote = noThumbnail ? `<p class="meta" data-testid="thumbnail-not-taken" lang="en" dir="ltr">thumbnailUrl not shown: Google takes a thumbnail for image and video files only, and this file is ${noThumbnail}.</p>` : '';
    parts.push(`<div class="cards standalone${media}" data-path="message.fileUrl">${m.type === 'file' ? `${fileMessageKind(url) === 'audio' ? audioWidget(url) : `<div class="bubble">${icon('document')} ${esc(url.split('/').pop() ?? url)}</div>`}${thumbNote}` : `<div class="card" style="width:${STANDALONE_WIDTH_DP}px">${mediaHtml(url, s(m.thumbnailUrl), `${m.type === 'video' || isVideo(url) ? 'Video' : 'Image'}: ${fileNameOf(url)}`, MEDIA_HEIGHT_DP.MEDIUM, m.type === 'video' || isVideo(url))}</div>${(m.type === 'video' || isVideo(url)) && !s(m.thumbnailUrl) ? `<p class="meta" data-testid="video-no-thumbnail" lang="en" dir="ltr">${NO_THUMBNAIL_NOTE}</p>` : ''}`}</div>`);
  }
  parts.push(`<div class="suggestions${cls(marks, 'message.suggestions')}" data-path="message.suggestions">${chips(a(m.suggestions), c.language, marks, 'message.suggestions', true)}</div>`);
  const exp = o(m.rcsExpireOpts);
  if (exp) parts.push(`<p class="meta${cls(marks, 'message.rcsExpireOpts')}" data-path="message.rcsExpireOpts" lang="en" dir="ltr">expires ${exp.type === 'TTL' ? `${esc(String(exp.ttl))} s after sending` : `at ${esc(String(exp.expireTime))}`}</p>`);
  parts.push('</div>');
  const fb = s(o(m.fallback)?.text);
  if (fb !== undefined) {
    // counted as the SMS carries it: the samples in, never the braces, in the units of its encoding
    // (UTF-16 code units for UCS-2, septets for GSM-7): the words and number lint's rcs-fallback-length gives
    const sent = plain(fb);
    const size = smsSize(sent);
    parts.push(`<aside class="fallback${cls(marks, 'message.fallback')}" data-testid="fallback" data-path="message.fallback"><h3>SMS fallback</h3><div class="sms"${langAttrs(c.language)}>${paragraphs(text(fb, 'fallback.text'), c.language)}</div><small>${smsUnitsInWords(size, sent)}${sent !== messageFileText(f.names, fb) ? ' with the samples' : ''}, ${smsPartsInWords(size)}</small></aside>`);
  }
  parts.push('</div></section>');
  return parts.join('');
}

export const RCS_CSS = `
.rcs-row{display:flex;gap:16px;align-items:flex-start;flex-wrap:wrap}.rcs-phone{background:var(--surface);border:1px solid var(--line);border-radius:18px;padding:12px;max-width:min(360px,100%);min-width:0}
.cards.carousel{display:flex;gap:8px;overflow-x:auto;padding:2px 2px 6px;max-width:100%;align-items:flex-start}.cards.carousel .card-slot{flex:0 0 auto}
.card{max-width:100%}.card-media{overflow:hidden}
/* a rich card at the phone's size (see renderRcs): its frame a shadow that adds nothing to it, its parts at the heights of
   model/rcs-card-fit.ts (16 dp of padding, 16 sp titles in lines of 24 dp, 14 sp descriptions in lines of 20 dp, a 44 dp row a
   chip, each chip its one-line label); the notes about it under it, outside it */
.card{border:0;box-shadow:0 0 0 1px var(--rcs-line)}.card-slot{max-width:100%;margin-bottom:10px}.card-slot .card{margin-bottom:0}
.card[data-height-dp] .card-content{padding:8px 16px;flex:1 1 auto}.card[data-height-dp] .card-title{font-size:16px;line-height:24px}.card[data-height-dp] .card-description{font-size:14px;line-height:20px}
.card .chips{flex-direction:column;flex-wrap:nowrap;gap:0;margin:0 -8px}.card .chip{display:flex;flex-direction:row;align-items:center;justify-content:center;height:36px;margin:4px 0;border-radius:18px;padding:0 8px;overflow:hidden;max-width:none}
.card .chip .label{display:block;min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.card-notes{margin-top:6px;font-size:12px;min-width:0}.card-chip-notes{list-style:none;margin:0;padding:0}.card-chip-note{margin:0 0 4px}.card-chip-note .label{color:var(--rcs)}.card-chip-note .effect{font-size:12px;color:var(--rcs-effect)}
/* a title or description the phone cuts (a card over RBM's 344 dp): its lines clamped, ended with an ellipsis */
.card-title[data-clamped],.card-description[data-clamped]{display:-webkit-box;-webkit-box-orient:vertical;overflow:hidden;text-overflow:ellipsis}
.card-cut,.card-refused,.card-file-note{font-size:12px;color:var(--warning);margin:4px 0 0}
/* a video without a thumbnail: Google's blank placeholder (a flat tile, its download sign and file name), and what it is said under it */
.card-media.no-thumbnail{background:var(--rcs-media);color:var(--media-ink)}.card-video-note{font-size:12px;margin:4px 0 0}
/* a text beside media or cards: a message of its own (RBM sends one content a message), apart from what follows it */
/* a file message of audio: a drawing of the phone's audio player (audioWidget), its play button, track, time and file name */
.rcs-audio{display:grid;grid-template-columns:40px minmax(0,1fr);align-items:center;gap:2px 10px;padding:10px 14px;background:var(--rcs-card);border:1px solid var(--rcs-line);border-radius:18px;max-width:280px}
.rcs-audio .audio-play{grid-row:span 2;width:40px;height:40px;border-radius:50%;background:var(--rcs);color:var(--rcs-card);display:flex;align-items:center;justify-content:center}.rcs-audio .audio-play svg.i{width:24px;height:24px}
.audio-track{display:flex;align-items:center;gap:8px;min-width:0}.audio-bar{flex:1 1 auto;height:4px;border-radius:2px;background:var(--rcs-line);position:relative}.audio-bar::before{content:"";position:absolute;left:0;top:-4px;width:12px;height:12px;border-radius:50%;background:var(--rcs)}
.audio-time{font-size:12px;color:var(--muted);font-variant-numeric:tabular-nums}.audio-name{font-size:12px;color:var(--muted);overflow:hidden;text-overflow:ellipsis;white-space:nowrap;min-width:0}
.bubble.rcs-text.separate{margin-bottom:4px}.separate-note{font-size:12px;margin:0 0 14px}
.cards.horizontal .card-media{flex:0 0 128px;min-height:128px}
.chip{display:inline-flex;flex-direction:column;align-items:flex-start}.chip .effect{font-size:11px;color:var(--rcs-effect)}
/* the message's chips: one row under the message, scrolled sideways when it is wider than the phone (see chips()); each chip
   as wide as its label and what it does, at most most of the row, so that the next chip shows there is more */
.chips.row{flex-wrap:nowrap;overflow-x:auto;margin-top:10px;padding:2px 2px 6px;max-width:100%;align-items:flex-start}.chips.row .chip{flex:0 0 auto;max-width:min(240px,85%)}
main:has(.rcs-row .fallback){grid-template-columns:minmax(0,640px) minmax(0,1fr)}
.fallback{background:var(--fallback);border-radius:12px;padding:10px 12px;max-width:240px;min-width:0}.fallback h3{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 6px}.sms{background:var(--sms);border-radius:14px;padding:8px 10px;margin-bottom:4px}
@media (max-width:720px){main:has(.rcs-row .fallback){grid-template-columns:minmax(0,1fr)}.fallback{max-width:100%}}
`;
