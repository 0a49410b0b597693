// Pure: the preview site: one page per template (the WhatsApp message as the app draws it, the
// RCS card or carousel, the lint findings beside it) and an index.
import { asIdentifier } from '../core/redact.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { fileFormText, messageFileText, type CanonicalButton, type CanonicalCard, type CanonicalTemplate, type FileTemplate } from '../model/canonical.js';
import { CODE_PARAM, expiryLineOf, presetTextOf } from '../model/authentication.js';
import { renderText } from '../model/placeholders.js';
import { renderRcs, RCS_CSS } from './rcs.js';
import { icon, ICON_CSS, type IconName } from './icons.js';
import { changed, cls, esc, escQuoting, imageOverPlaceholder, markInvisible, mediaAlt, shownSample, textWithMarks, withSamples, wordDiff, type Marks } from './markup.js';
import { inlineLines, langAttrs, langTag, lineDir, paragraphs } from './direction.js';
import { PREVIEW_GENERATOR } from '../files/output-target.js';
import { RULES_BY_ID, RULES_DOC_URL, RULES_VERSION } from '../lint/registry.js';

export { esc, withSamples, type Marks } from './markup.js';

/** A text of the model in the file's form (`names`: the file's names of its placeholders), with its samples by the file's placeholder keys. */
export function withKeys(text: string | undefined, names: readonly string[] | undefined, examples: readonly (string | undefined)[]): { text: string; samples: Record<string, string> } {
  const samples: Record<string, string> = {};
  examples.forEach((v, i) => { if (v !== undefined) samples[names?.[i] ?? String(i + 1)] = v; });
  return { text: fileFormText(text, names), samples };
}



const ICON: Record<string, IconName> = { QUICK_REPLY: 'reply', URL: 'open', PHONE_NUMBER: 'phone', COPY_CODE: 'copy', FLOW: 'list', CATALOG: 'bag', MPM: 'bag', OTP: 'copy', VOICE_CALL: 'phone', SPM: 'bag', ORDER_DETAILS: 'receipt' };

/** A header's media (`what`: whose, in its alt text: the header's, a carousel card's). */
function media(format: string, url: string | undefined, what = 'Header'): string {
  // the alt says what the preview knows: the kind and the sample's file name (the format has no alt text of its own)
  if (format === 'IMAGE') return `<div class="media">${imageOverPlaceholder(url, mediaAlt(`${what} image`, url))}</div>`;
  if (format === 'VIDEO') return `<div class="media video" title="${esc(url ?? '')}">${icon('play')} video<small>${esc(url ?? 'no sample')}</small></div>`;
  // WhatsApp plays a GIF header (an mp4) muted and looped, with a GIF badge
  if (format === 'GIF') return `<div class="media gif" data-testid="gif" title="${esc(url ?? '')}">${url ? `<video autoplay muted loop playsinline preload="none" src="${esc(url)}"></video>` : ''}<span class="badge">GIF</span><small>${esc(url ?? 'no sample')}</small></div>`;
  if (format === 'DOCUMENT') return `<div class="media doc" title="${esc(url ?? '')}">${icon('document')} ${esc((url ?? 'document').split('/').pop() ?? 'document')}</div>`;
  if (format === 'LOCATION') return `<div class="media location">${icon('place')} location</div>`;
  // the catalog product named when sending: WhatsApp draws its image, title and price
  if (format === 'PRODUCT') return `<div class="media product" data-testid="product">${icon('bag')} product from the catalog<small>image, title and price of the product named when sending</small></div>`;
  return '';
}

/**
 * Meta (template components): templates with 4 or more buttons, or a quick reply beside another
 * button type, cannot be viewed on WhatsApp desktop; the recipient is asked to use a phone.
 */
export function desktopNote(buttons: readonly CanonicalButton[]): string | undefined {
  const quick = buttons.some((b) => b.type === 'QUICK_REPLY');
  if (buttons.length >= 4) return `WhatsApp desktop does not show templates with 4 or more buttons (this one has ${buttons.length}); recipients are asked to open it on a phone.`;
  if (quick && buttons.some((b) => b.type !== 'QUICK_REPLY')) return 'WhatsApp desktop does not show templates with a quick reply beside another button type; recipients are asked to open it on a phone.';
  return undefined;
}

/**
 * Meta (coupon code templates, Limitations): "Coupon code templates are currently not supported by
 * the WhatsApp web client": a template with a COPY_CODE button (not an authentication template's
 * OTP copy-code button, another kind). A limited-time offer's code is the offer's, whose own note
 * says the web and desktop apps do not show it.
 */
export function webNote(c: Pick<CanonicalTemplate, 'buttons' | 'limitedTimeOffer'>): string | undefined {
  if (c.limitedTimeOffer || !c.buttons.some((b) => b.type === 'COPY_CODE')) return undefined;
  return 'WhatsApp web does not support templates with a copy-code (coupon) button (Meta: "currently not supported by the WhatsApp web client"); recipients there need the phone app.';
}

/** What a zero-tap template shows, which no one drawing tells (Meta's zero-tap authentication page). */
const ZERO_TAP_NOTE = 'Zero-tap (Android only): where WhatsApp\'s checks pass, the code goes straight to your app and the message shows its text alone; where they fail, it shows the one-tap autofill button drawn here or a copy-code button; other phones show a copy-code button.';

/** The sample code shown in an authentication template whose text WhatsApp writes. */
const SAMPLE_CODE = '123456';

function buttonHtml(b: CanonicalButton, i: number, marks: Marks | undefined, at: string, language: string | undefined, withPath = true): string {
  // a one-tap button shows its autofill label (the copy-code label is the fallback on other devices); so does a zero-tap one
  // where the checks for zero-tap fail (where they pass, no button shows: said under the bubble, zeroTapNote)
  const label = b.type === 'OTP' && (b.otpType === 'ONE_TAP' || b.otpType === 'ZERO_TAP') ? b.autofillText ?? 'Autofill'
    : b.text ?? (b.type === 'COPY_CODE' ? 'Copy offer code' : b.type === 'OTP' ? 'Copy code' : b.type === 'VOICE_CALL' ? 'Call Now' : b.type.toLowerCase());
  const target = b.type === 'URL' ? shownSample(b.example) ?? b.url : b.type === 'PHONE_NUMBER' ? b.phoneNumber : undefined;
  const app = b.appDeepLink ? ` data-app-link="${esc(b.appDeepLink.androidDeepLink)}"` : '';
  const title = target ? (b.appDeepLink ? `Android: ${b.appDeepLink.androidDeepLink}; elsewhere: ${target}` : target) : undefined;
  // the label laid out in its own direction (its first letter's), as the app lays it out; where the button goes
  // written under it (a URL with its sample filled in, a deep link's two targets, the number it calls), as an RCS
  // chip's effect is: a tooltip alone is not seen in a screenshot, on a touch screen or in a pull request's artifact
  return `<div class="wa-button${cls(marks, `${at}[${i}]`)}"${withPath ? ` data-path="${at}[${i}]"` : ''} data-type="${esc(b.type)}"${lineDir(esc(label), language)}${app}${title ? ` title="${esc(title)}"` : ''}><span class="icon">${icon(ICON[b.type] ?? 'dot', b.type === 'QUICK_REPLY')}</span> ${changed(marks, `${at}[${i}]`) ? markInvisible(esc(label)) : esc(label)}${target ? buttonTarget(b, target) : ''}</div>`;
}

/** a placeholder of a URL (WhatsApp's `{{1}}`) */
const URL_PLACEHOLDER = /\{\{[^{}]*\}\}/g;

/**
 * A URL button's target as HTML, its placeholder's part marked as a sample is in a text: without a sample (or an empty
 * one), the placeholder drawn as itself, marked "no sample" (it was plain `{{1}}` under the button while the body marked
 * its own); with one, the part the sample fills highlighted, the placeholder in its tooltip (a whole-URL sample that does
 * not start and end as the URL does is drawn as it is).
 */
function urlTargetHtml(url: string | undefined, sample: string | undefined): string {
  const found = url === undefined ? [] : [...url.matchAll(URL_PLACEHOLDER)];
  if (url === undefined || !found.length) return esc(sample ?? url ?? '');
  if (sample === undefined) {
    return esc(url).replace(URL_PLACEHOLDER, (raw) => `<mark class="missing" title="no sample" dir="ltr">${raw}</mark>`);
  }
  const [m] = found as [RegExpExecArray];
  const before = url.slice(0, m.index), after = url.slice(m.index + m[0].length);
  if (found.length !== 1 || !sample.startsWith(before) || !sample.endsWith(after) || sample.length <= before.length + after.length) return esc(sample);
  return `${esc(before)}<mark title="${esc(m[0])}">${esc(sample.slice(before.length, sample.length - after.length))}</mark>${esc(after)}`;
}

/** Where a button goes, in the English lines about a template (its targets isolated, as a chip's effect quotes them). */
function buttonTarget(b: CanonicalButton, target: string): string {
  const url = b.type === 'URL' ? urlTargetHtml(b.url, shownSample(b.example)) : esc(target);
  const said = b.type === 'PHONE_NUMBER' ? `calls <bdi>${esc(target)}</bdi>`
    : b.appDeepLink ? `Android: <bdi>${esc(b.appDeepLink.androidDeepLink)}</bdi><br>elsewhere: <bdi>${url}</bdi>`
    : `opens <bdi>${url}</bdi>`;
  return `<small class="target" data-testid="button-target" lang="en" dir="ltr">${said}</small>`;
}

/**
 * The buttons under a bubble. Meta (template components): a template with more than three buttons
 * shows two of them and a "See all options" button in place of the rest; the full list opens when
 * it is tapped, and is shown here below the bubble (open: every button reviewed, changes marked).
 */
function buttonsHtml(buttons: readonly CanonicalButton[], language: string | undefined, marks?: Marks, at = 'buttons', collapse = false): string {
  if (!buttons.length) return '';
  if (collapse && buttons.length > 3) {
    return ['<div class="wa-buttons">', ...buttons.slice(0, 2).map((b, i) => buttonHtml(b, i, marks, at, language, false)),
      `<div class="wa-button" data-testid="see-all" lang="en" dir="ltr"><span class="icon">${icon('list')}</span> See all options</div></div>`,
      `<details class="wa-all" data-testid="all-options" open><summary lang="en" dir="ltr">All ${buttons.length} options, as "See all options" lists them</summary><div class="wa-buttons">`,
      ...buttons.map((b, i) => buttonHtml(b, i, marks, at, language)), '</div></details>'].join('');
  }
  return ['<div class="wa-buttons">', ...buttons.map((b, i) => buttonHtml(b, i, marks, at, language)), '</div>'].join('');
}

/** The offer strip of a limited-time offer: its text and, with has_expiration, the expiry line; marked where it changed. */
function offerStrip(c: CanonicalTemplate, marks?: Marks): string {
  const l = c.limitedTimeOffer;
  if (!l) return '';
  const other = marks?.other?.canonical.limitedTimeOffer;
  const text = other && changed(marks, 'limitedTimeOffer.text') ? wordDiff(l.text, other.text, marks!.side, c.language) : esc(l.text);
  return `<div class="wa-offer${cls(marks, 'limitedTimeOffer')}" data-testid="offer" data-path="limitedTimeOffer"><span class="icon">${icon('offer')}</span><div>${paragraphs(`<b>${text}</b>`, c.language)}${l.hasExpiration ? '<small data-testid="offer-expiry">Offer ends in 23:59:59</small>' : ''}</div></div>`;
}

/** A carousel as WhatsApp draws it: cards side by side (scrollable), each with its media, body and buttons. */
function carouselHtml(cards: readonly CanonicalCard[], language: string | undefined, names: readonly (string[] | undefined)[] = [], marks?: Marks): string {
  // a region of its own that takes the keyboard focus, so its cards scroll with the arrow keys
  const out = [`<div class="wa-carousel" data-testid="carousel" tabindex="0" role="region" aria-label="Carousel, ${cards.length} card${cards.length === 1 ? '' : 's'}">`];
  cards.forEach((card, i) => {
    const b = card.body ? withKeys(card.body.text, names[i], card.body.examples) : undefined;
    // the card's image named by its number and file (the card's text is read just after it: an alt of it read it twice)
    out.push(`<div class="wa-card${cls(marks, `carousel[${i}]`)}" data-testid="wa-card" data-path="carousel[${i}]"><div class="bubble">`, media(card.header.format, card.header.example, `Card ${i + 1}`));
    if (b) out.push(`<div class="wa-body">${paragraphs(withSamples(b.text, b.samples), language)}</div>`);
    out.push('</div>', buttonsHtml(card.buttons, language, marks, `carousel[${i}].buttons`), '</div>');
  });
  out.push('</div>');
  return out.join('');
}

/** The body as shown, in the file's form, with its samples (WhatsApp's own text for such an authentication template). */
function shownBody(f: FileTemplate): { text: string; samples: Record<string, string> } {
  const preset = presetTextOf(f.canonical);
  return preset ? { text: preset.body, samples: { [CODE_PARAM]: SAMPLE_CODE } } : bodyOf(f);
}

const headerOf = (f: FileTemplate) => {
  const h = f.canonical.header;
  return h ? (({ text, samples }) => ({ text, samples: { ...(f.samples ?? {}), ...samples } }))(withKeys(h.text, f.names.header, [h.example])) : undefined;
};
const bodyOf = (f: FileTemplate) => withKeys(f.canonical.body.text, f.names.body, f.canonical.body.examples);

/** The WhatsApp bubble and its buttons, from the template as its file has it (a read: numbered); `marks` marks what changed (before/after pages). */
export function whatsapp(f: FileTemplate, marks?: Marks): string {
  const c = f.canonical;
  const parts: string[] = [`<div class="bubble wa${cls(marks, 'header') || cls(marks, 'body') || cls(marks, 'footer') ? ' has-changes' : ''}">`];
  if (c.header) {
    const h = headerOf(f)!;
    parts.push(c.header.format === 'TEXT'
      ? `<div class="wa-header${cls(marks, 'header')}" data-path="header">${paragraphs(textWithMarks(h.text, h.samples, marks, 'header', headerOf, false), c.language)}</div>`
      : `<div class="wa-media${cls(marks, 'header')}" data-path="header">${media(c.header.format, c.header.example)}</div>`);
  }
  parts.push(offerStrip(c, marks));
  // a catalog template's header is WhatsApp's: the thumbnail of the product named when sending, with a fixed header and sub-header
  if (!c.header && c.buttons.some((b) => b.type === 'CATALOG')) parts.push(`<div class="wa-media"><div class="media product" data-testid="catalog-thumbnail">${icon('bag')} catalog thumbnail<small>the image of the product named when sending (thumbnail_product_retailer_id), under WhatsApp's fixed header and sub-header</small></div></div>`);
  const preset = presetTextOf(c);
  const body = shownBody(f);
  // WhatsApp's own authentication text shown in English for another language is English here
  const english = preset && !preset.exact ? ' lang="en" dir="ltr"' : '';
  parts.push(`<div class="wa-body${cls(marks, 'body')}" data-testid="body" data-path="body"${english}>${paragraphs(preset ? withSamples(body.text, body.samples) : textWithMarks(body.text, body.samples, marks, 'body', bodyOf), english ? 'en' : c.language)}</div>`);
  // the expiry line WhatsApp writes under a text of the file's own (footer: { code_expiration_minutes }), as under its preset text
  const ownExpiry = preset ? undefined : expiryLineOf(c);
  const footer = preset?.footer ?? c.footer ?? ownExpiry?.text;
  const englishFooter = preset?.footer !== undefined ? english : ownExpiry && !ownExpiry.exact ? ' lang="en" dir="ltr"' : '';
  if (footer !== undefined) parts.push(`<div class="wa-footer${cls(marks, 'footer') || cls(marks, 'codeExpirationMinutes')}" data-testid="footer" data-path="footer"${englishFooter}>${paragraphs(marks?.other && changed(marks, 'footer') && c.footer !== undefined ? wordDiff(c.footer, marks.other.canonical.footer ?? '', marks.side, c.language, false) : esc(footer), englishFooter ? 'en' : c.language)}</div>`);
  parts.push('<div class="time">12:00</div></div>');
  parts.push(buttonsHtml(c.buttons, c.language, marks, 'buttons', true));
  // the component WhatsApp draws under the body: the customer allows or declines calls
  if (c.callPermissionRequest) parts.push(`<div class="wa-buttons" data-testid="call-permission"><div class="wa-button" data-path="call_permission_request" data-type="CALL_PERMISSION_REQUEST" lang="en" dir="ltr"><span class="icon">${icon('phone')}</span> Allow calls</div></div>`);
  if (c.subCategory === 'ORDER_STATUS') parts.push('<p class="meta" data-testid="order-status" lang="en" dir="ltr">Order status template: the order\'s new status (processing, shipped, completed, canceled...) is given when sending and shown with this text.</p>');
  if (c.carousel) parts.push(carouselHtml(c.carousel, c.language, f.names.cards, marks));
  if (preset && !preset.exact) parts.push(`<p class="meta" data-testid="localised" lang="en" dir="ltr">WhatsApp writes this text in the template's language (${esc(c.language)}); shown here in English.</p>`);
  if (ownExpiry && !ownExpiry.exact) parts.push(`<p class="meta" data-testid="localised" lang="en" dir="ltr">WhatsApp writes the expiry line in the template's language (${esc(c.language)}); shown here in English.</p>`);
  if (c.limitedTimeOffer) parts.push('<p class="meta" lang="en" dir="ltr">WhatsApp\'s web and desktop apps do not show the offer strip.</p>');
  if (c.buttons.some((b) => b.type === 'OTP' && b.otpType === 'ZERO_TAP')) parts.push(`<p class="meta" data-testid="zero-tap" lang="en" dir="ltr">${esc(ZERO_TAP_NOTE)}</p>`);
  const web = webNote(c);
  if (web) parts.push(`<p class="meta" data-testid="web" lang="en" dir="ltr">${esc(web)}</p>`);
  const note = desktopNote(c.buttons);
  if (note) parts.push(`<p class="meta" data-testid="desktop" lang="en" dir="ltr">${note}</p>`);
  return parts.join('');
}

/** the page of the site that explains the rules its findings name (offline, and of the version that found them) */
export const RULES_PAGE = 'rules.html';

/** the rule id of a finding, linked to the site's own rules page for a built-in rule (a team's policy has no section there, nor in docs/rules.md) */
function ruleLink(id: string): string {
  return RULES_BY_ID.has(id) ? `<a href="${esc(`${RULES_PAGE}#${id}`)}"><code>${esc(id)}</code></a>` : `<code>${esc(id)}</code>`;
}

function findingsHtml(diags: readonly Diagnostic[]): string {
  if (!diags.length) return `<aside class="findings ok" aria-label="Lint findings"><h2>Lint</h2><p>${icon('check')} no problems</p></aside>`;
  return `<aside class="findings" aria-label="Lint findings"><h2>Lint</h2><ul>${diags.map((d) => `<li class="${d.severity}"><span class="pos">${d.line}:${d.column}</span> <b>${esc(d.severity)}</b> ${escQuoting(d.message)} ${ruleLink(d.ruleId)}</li>`).join('')}</ul></aside>`;
}

/** a rule's text (docs/rules.md's Markdown): `code` as code, the rest as text */
const ruleText = (t: string): string => esc(t).replace(/`([^`]+)`/g, '<code>$1</code>');

/**
 * The rules the site's findings name, explained as docs/rules.md explains them (from the same
 * metadata): a finding's link opens this page, which works offline (a laptop, a pull request's
 * artifact opened later) and says what the installed version says; each links to its section of
 * this version's docs/rules.md.
 */
export function renderRulesPage(ids: Iterable<string>, opts: { live?: boolean } = {}): string {
  const rules = [...new Set(ids)].sort().flatMap((id) => RULES_BY_ID.get(id) ?? []);
  const sections = rules.map((r) => `<section id="${esc(r.id)}" class="rule"><h2><code>${esc(r.id)}</code></h2><p>${ruleText(r.summary)}</p><p><b>Default:</b> ${esc(String(r.severity))}</p><p><b>Why:</b> ${ruleText(r.why)}</p><p><b>Fix:</b> ${ruleText(r.fix)}</p><p><a href="${esc(r.docsUrl ?? `${RULES_DOC_URL}#${r.id}`)}">Its section of docs/rules.md (tplsync ${esc(RULES_VERSION)})</a></p></section>`);
  return page('tplsync rules', `<header class="top"><a href="index.html">← all templates</a><h1>The rules of these findings</h1><span>tplsync ${esc(RULES_VERSION)}</span></header><main class="list rules">${sections.join('') || '<p>No findings.</p>'}</main>`, Boolean(opts.live));
}

export const CSS = `
:root{color-scheme:light dark;--wa-link:#075e8a;--page:#f6f7f9;--surface:#fff;--line:#e3e6ea;--ink:#111b21;--muted:#54656f;--link:#00735a;--wa-bg:#efeae2;--wa-bubble:#fff;--wa-button:#0a6b9e;--wa-shadow:rgba(11,20,26,.13);--media:#d1d7db;--media-ink:#3b4a54;--offer:#e7f8f2;--mark:#fff3c4;--missing:#ffd6d6;--ins:#c6f6d5;--del:#fed7d7;--changed:#b06000;--error:#c5221f;--warning:#b06000;--rcs:#0b57d0;--rcs-card:#fff;--rcs-line:#c4c7c5;--rcs-media:#e8eaed;--rcs-desc:#3c4043;--rcs-effect:#444746;--fallback:#f1f3f4;--sms:#e3e3e6;--focus:#0b57d0}
@media (prefers-color-scheme:dark){:root{--wa-link:#7cd0f5;--page:#0b141a;--surface:#111b21;--line:#2a3942;--ink:#e9edef;--muted:#aebac1;--link:#21c063;--wa-bg:#0b141a;--wa-bubble:#202c33;--wa-button:#53bdeb;--wa-shadow:rgba(0,0,0,.4);--media:#2a3942;--media-ink:#d1d7db;--offer:#103529;--mark:#5c4a00;--missing:#6b1f1f;--ins:#1d4d2e;--del:#5e2024;--changed:#fbbc04;--error:#f28b82;--warning:#fdd663;--rcs:#a8c7fa;--rcs-card:#1e1f20;--rcs-line:#444746;--rcs-media:#333537;--rcs-desc:#c4c7c5;--rcs-effect:#c4c7c5;--fallback:#1e1f20;--sms:#333537;--focus:#a8c7fa}.phone{border:1px solid var(--line)}}
*{box-sizing:border-box}body{margin:0;font:15px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic","Noto Sans Hebrew","Noto Sans Devanagari","Noto Sans JP",sans-serif;color:var(--ink);background:var(--page);overflow-wrap:anywhere}
a{color:var(--link)}:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
header.top{padding:12px 20px;background:var(--surface);border-bottom:1px solid var(--line);display:flex;flex-wrap:wrap;gap:4px 16px;align-items:baseline}header.top a{text-decoration:none}header.top h1{font-size:16px;margin:0}
main{display:grid;grid-template-columns:minmax(0,420px) minmax(0,1fr);gap:24px;padding:20px;max-width:1100px}main>*{min-width:0}main.list,main.changes{display:block;padding:0}main.rules{padding:8px 20px;max-width:60em}
.phone{background:var(--wa-bg);border-radius:18px;padding:16px}
/* a text's lines keep their spaces, as the apps draw them (a monospace receipt's columns, a line's leading spaces) */
.line{white-space:pre-wrap}
.bubble{background:var(--wa-bubble);border-radius:8px;padding:6px 8px 18px;position:relative;box-shadow:0 1px .5px var(--wa-shadow);max-width:340px}
.wa-header{font-weight:600;margin-bottom:4px}.wa-footer{color:var(--muted);font-size:13px;margin-top:4px}.time{position:absolute;inset-inline-end:8px;bottom:3px;font-size:11px;color:var(--muted)}
.media{background:var(--media);border-radius:6px;min-height:120px;display:flex;align-items:center;justify-content:center;flex-direction:column;margin:-2px -4px 6px;overflow:hidden;color:var(--media-ink);position:relative}
.media img{position:absolute;inset:0;width:100%;height:100%;display:block;object-fit:cover}.media small{font-size:11px;padding:0 8px}
.media.gif video{position:absolute;inset:0;width:100%;height:100%;display:block;object-fit:cover}.media.gif{position:relative}.media.gif .badge{position:absolute;left:8px;top:8px;background:rgba(0,0,0,.6);color:#fff;font-size:11px;font-weight:700;padding:1px 5px;border-radius:4px}.media small{font-size:11px;padding:0 8px}
img[hidden]{display:none!important}.ph{display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;padding:8px;text-align:center;font-size:12px;color:var(--media-ink)}.ph-icon{font-size:28px;line-height:1}
.wa-buttons{max-width:340px;margin-top:2px;display:grid;gap:2px}.wa-all{max-width:340px;margin-top:6px;font-size:12px}.wa-all summary{cursor:pointer;color:var(--muted)}.wa-button{background:var(--wa-bubble);border-radius:8px;text-align:center;color:var(--wa-button);padding:9px;font-weight:500;box-shadow:0 1px .5px var(--wa-shadow)}.wa-button .target{display:block;font-size:11px;font-weight:400;color:var(--muted);overflow-wrap:anywhere;margin-top:2px}.wa-button .target bdi{display:inline-block;max-width:100%}.wa-button .target mark{color:var(--ink)}mark.missing::after{content:" (no sample)";font-size:.8em}
mark{background:var(--mark);color:inherit;border-radius:3px;padding:0 2px}mark.missing{background:var(--missing)}
/* a URL, e-mail address or phone number in a message's text, blue and underlined as the app draws it (markup only: see
   linkTag in whatsapp-format.ts); its blue keeps 4.5:1 on the bubble and on a sample's highlight, light and dark */
.wa-link{color:var(--wa-link);text-decoration:underline;text-underline-offset:2px}
.wa-offer{display:flex;gap:8px;align-items:center;background:var(--offer);border-radius:6px;padding:6px 8px;margin:0 -2px 6px}.wa-offer small{display:block;color:var(--muted);font-size:12px}
.wa-carousel{display:flex;gap:8px;overflow-x:auto;padding:6px 2px 4px;max-width:100%;scroll-snap-type:x mandatory}.wa-card{flex:0 0 230px;width:230px;min-width:0;scroll-snap-align:start}.wa-card .media{font-size:12px}.wa-card .wa-buttons{max-width:100%}.wa-card .bubble{padding-bottom:8px}
.rcs{margin-top:20px}.rcs:first-child{margin-top:0}.wa h2,.rcs h2,.findings h2{font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:0 0 8px}
.cards.carousel{display:flex;gap:10px;overflow-x:auto;padding-bottom:6px}.cards.carousel .card{flex:0 0 220px}
.card{background:var(--rcs-card);border-radius:14px;overflow:hidden;border:1px solid var(--rcs-line);max-width:340px;margin-bottom:10px}.cards.horizontal .card{display:flex}.cards.horizontal.align-right .card{flex-direction:row-reverse}[dir=rtl] .cards.horizontal.align-left .card{flex-direction:row-reverse}[dir=rtl] .cards.horizontal.align-right .card{flex-direction:row}
.card-media{background:var(--rcs-media);min-height:110px;position:relative;display:flex;align-items:center;justify-content:center}.card-media img,.card-media video{position:absolute;inset:0;width:100%;height:100%;display:block;object-fit:cover}.cards.horizontal .card-media{flex:0 0 40%}
.card-content{padding:10px 12px;min-width:0}.card-title{font-weight:600}.card-description{color:var(--rcs-desc);font-size:14px}
.chips{display:flex;flex-wrap:wrap;gap:6px;margin-top:8px;min-width:0}.chip{border:1px solid var(--rcs);color:var(--rcs);border-radius:16px;padding:3px 10px;font-size:13px;max-width:100%;min-width:0}
.findings ul{list-style:none;padding:0;margin:0}.findings li{padding:6px 8px;border-inline-start:3px solid var(--muted);margin-bottom:6px;background:var(--surface)}
.findings li.error{border-color:var(--error)}.findings li.warning{border-color:var(--warning)}.findings.ok p{color:var(--link)}.pos{font-family:ui-monospace,monospace;color:var(--muted)}
.changed{outline:2px solid var(--changed);outline-offset:2px;border-radius:6px}ins{background:var(--ins);text-decoration:none;border-radius:3px}del{background:var(--del);border-radius:3px}.format-changed{outline:1px dashed currentColor;outline-offset:1px;border-radius:3px}.invisible{display:inline-block;font:11px/1.2 ui-monospace,SFMono-Regular,Menlo,monospace;border:1px dashed currentColor;border-radius:3px;padding:0 2px;margin:0 1px;white-space:nowrap}
.sides{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:24px;padding:20px;max-width:1100px}.sides h2{font-size:13px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.meta{color:var(--muted);font-size:13px}table{border-collapse:collapse;margin:20px;background:var(--surface);max-width:calc(100% - 40px)}td,th{padding:6px 12px;border-bottom:1px solid var(--line);text-align:start}
/* the short columns keep their words whole (body text breaks anywhere, which would squeeze them to a letter's width) */
th,table.index td:nth-child(2),table.index td:nth-child(3),table.changes td:nth-child(1){white-space:nowrap}
/* and the keys and paths room for a whole key on a line (they still break, anywhere, when longer) */
table.index td:nth-child(1),table.changes td:nth-child(2),table.changes td:nth-child(3){min-width:min(22em,30vw)}
.inset{padding:0 20px}
@media (max-width:720px){.inset{padding:0 12px}main,.sides{grid-template-columns:minmax(0,1fr);padding:12px;gap:16px}header.top{padding:10px 12px}table{margin:12px;max-width:calc(100% - 24px)}td,th{padding:6px}.phone{padding:10px}.bubble,.wa-buttons{max-width:100%}}
/* the indexes: one card per row below a desktop's width (a four-column table squeezes its words there) */
@media (max-width:960px){table.rows{display:block;background:none}table.rows thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}table.rows tbody{display:grid;gap:8px}
table.rows tr{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:2px 12px;padding:8px 10px;background:var(--surface);border:1px solid var(--line);border-radius:8px}table.rows td{display:block;padding:0;border:0;min-width:0}
table.index td:nth-child(1),table.index td:nth-child(4),table.changes td:nth-child(3),table.changes td:nth-child(4){grid-column:1/-1}table.index td:nth-child(1),table.changes td:nth-child(2){font-weight:600}
table.index td:nth-child(1),table.changes td:nth-child(2),table.changes td:nth-child(3){min-width:0}table.changes tr{grid-template-columns:auto minmax(0,1fr)}table.index td:nth-child(3){text-align:end}table.index td:nth-child(3)::before{content:"lint ";color:var(--muted)}table.changes td:nth-child(4):not(:empty)::before{content:"changed: ";color:var(--muted)}}
`;

/**
 * A table of rows (the index pages): a table at a desktop's width, one card per row on a phone
 * (the cells of a row stacked in a grid, see CSS). The roles are written out, since a table drawn
 * as a grid keeps its rows and cells for screen readers only so.
 */
export function rowsTable(kind: string, headers: readonly string[], rows: readonly string[]): string {
  return `<table class="rows ${kind}" role="table"><thead role="rowgroup"><tr role="row">${headers.map((h) => `<th role="columnheader" scope="col">${esc(h)}</th>`).join('')}</tr></thead><tbody role="rowgroup">${rows.join('')}</tbody></table>`;
}

/** A row of rowsTable: its cells as HTML, with the attributes each cell and the row take. */
export function rowOf(attrs: string, cells: readonly string[], cellAttrs: readonly string[] = []): string {
  return `<tr role="row"${attrs}>${cells.map((c, i) => `<td role="cell"${cellAttrs[i] ?? ''}>${c}</td>`).join('')}</tr>`;
}

export interface PageInput {
  key: string;
  file: string;
  /** the template as its file has it (for a file with lint errors, as far as it could be read) */
  template?: FileTemplate;
  diagnostics: readonly Diagnostic[];
  href: string;
}

export function page(title: string, body: string, live: boolean): string {
  const reload = live ? '<script>let v;setInterval(async()=>{try{const r=await fetch("/__version");const t=await r.text();if(v&&t!==v)location.reload();v=t}catch{}},1000)</script>' : '';
  return `<!doctype html>\n<html lang="en" dir="ltr"><head><meta charset="utf-8"><meta name="generator" content="${PREVIEW_GENERATOR}"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark"><title>${esc(title)}</title><style>${CSS}${RCS_CSS}${ICON_CSS}</style></head><body>${body}${reload}</body></html>\n`;
}

export { renderRcs as rcs };

/** the environment whose values and templates a page shows, as its header says it (none: the references as written) */
const environmentTag = (environment: string | undefined): string => (environment === undefined ? '' : `<span class="env">environment <b>${esc(asIdentifier(environment))}</b></span>`);

export function renderTemplatePage(p: PageInput, opts: { live?: boolean; environment?: string } = {}): string {
  const f = p.template;
  const c = f?.canonical;
  // an RCS-only template has no WhatsApp part: no bubble is drawn for it
  const hasBody = c !== undefined && !c.rcsOnly && (c.body.text !== '' || c.header !== undefined || c.buttons.length > 0);
  const content = f && c && (hasBody || c.message)
    ? `${hasBody ? `<section class="wa"><h2>WhatsApp</h2><div class="phone"${langAttrs(c.language)}>${whatsapp(f)}</div></section>` : ''}${renderRcs(f)}`
    : '<p>This file could not be read as a template; see the findings.</p>';
  return page(asIdentifier(p.key), `<header class="top"><a href="index.html">← all templates</a><h1>${esc(asIdentifier(p.key))}</h1><code>${esc(asIdentifier(p.file))}</code>${c?.category ? `<span>${esc(c.category)}</span>` : ''}${environmentTag(opts.environment)}</header><main><div>${content}</div>${findingsHtml(p.diagnostics)}</main>`, Boolean(opts.live));
}

export function renderIndex(pages: readonly PageInput[], opts: { live?: boolean; earlier?: readonly string[]; environment?: string } = {}): string {
  const rows = pages.map((p) => {
    const e = p.diagnostics.filter((d) => d.severity === 'error').length;
    const w = p.diagnostics.filter((d) => d.severity === 'warning').length;
    const c = p.template?.canonical;
    const body = p.template ? shownBody(p.template) : undefined;
    const preview = p.template && c?.rcsOnly ? rcsSummary(p.template) : body ? renderText(body.text, body.samples) : '';
    // WhatsApp's own authentication text shown in English for another language is English here too, as on its page; each
    // line of the text in its own direction, as on the page (the language's direction set on the cell drew an English
    // line, or an Arabic one that opens with a Latin brand, right to left)
    const preset = c && !c.rcsOnly ? presetTextOf(c) : undefined;
    const language = preset && !preset.exact ? 'en' : c?.language;
    const cell = inlineLines(preview.length > 90 ? `${preview.slice(0, 87)}...` : preview, language);
    const tag = c ? langTag(language) : undefined;
    return rowOf('', [`<a href="${esc(asIdentifier(p.href))}">${esc(asIdentifier(p.key))}</a>`, esc(c?.category ?? (c?.rcsOnly ? 'RCS only' : '')), e ? `${e} error${e === 1 ? '' : 's'}` : w ? `${w} warning${w === 1 ? '' : 's'}` : '✔', cell.html], ['', '', '', c ? `${tag ? ` lang="${esc(tag)}"` : ''}${cell.dir}` : '']);
  });
  // a run of some files: the project's other pages in the folder (an earlier run's) are listed apart, as they were rendered then
  const earlier = opts.earlier ?? [];
  const others = earlier.length
    ? `<section class="earlier"><h2>Other pages of this project in this folder</h2><p>Rendered by an earlier run, not by this one (it previewed ${pages.length} of the project's files): as the templates were then. <code>tplsync preview</code> of the whole project renders them again.</p><ul>${earlier.map((name) => `<li><a href="${esc(asIdentifier(name))}">${esc(asIdentifier(name))}</a></li>`).join('')}</ul></section>`
    : '';
  return page(opts.environment === undefined ? 'tplsync preview' : `tplsync preview · ${opts.environment}`, `<header class="top"><h1>tplsync preview</h1>${environmentTag(opts.environment)}<span>${pages.length} template${pages.length === 1 ? '' : 's'}${earlier.length ? ` rendered, ${earlier.length} from an earlier run` : ''}</span></header><main class="list">${rowsTable('index', ['template', 'category', 'lint', 'body'], rows)}${others}</main>`, Boolean(opts.live));
}

/** The index's one line of an RCS-only template: its text, or its first card's title. */
function rcsSummary(f: FileTemplate): string {
  const m = f.canonical.message;
  const first = m?.message || m?.richCards?.[0]?.title || m?.richCards?.[0]?.description || '';
  return renderText(messageFileText(f.names, first), f.samples ?? {});
}
