// Pure: WhatsApp's inline formatting of a rendered text (escaped HTML with the preview's own
// inline elements in it: a sample's <mark>, a word diff's <ins>/<del>, a marker of an invisible
// character), as the app draws the text it receives.
//
// The marks are found in the text alone, never in a tag or an attribute (a placeholder named
// `{{_vip_}}` in a title), nor in what the preview draws in place of the message's text (a
// placeholder without a sample, `{{_ref_}}`; the name of an invisible character). WhatsApp's FAQ
// ("How to format your messages"): _italic_, *bold*, ~strikethrough~, ```monospace```; the marks
// combine in any order (`*_x_*` and `_*x*_` are both bold italic), and monospace shows what it
// holds as written (no mark inside it applies). Its newer inline code, lists and quotes are
// described for what a person types in the app, not for templates: drawn as written
// (docs/api-assumptions.md, "How the apps draw a template"). The URLs, e-mail addresses and phone
// numbers the app makes tappable are drawn as links (links.ts).
import { findLinks, type LinkRun } from './links.js';

/** One piece of the input: a character of the text (`html`: as escaped) or a tag. */
type Token =
  | { t: 'char'; ch: string; html: string; atom: boolean; changed: boolean; previewOnly: boolean }
  | { t: 'open'; html: string; name: string; end: number; atomic: boolean; marker: boolean }
  | { t: 'close'; html: string; name: string }
  | { t: 'void'; html: string };

/** elements whose content is the preview's, not the message's: a placeholder drawn without a sample, an invisible character's name */
const ATOMIC = /^<(?:mark\b[^>]*\bclass="missing"|span\b[^>]*\bclass="invisible")/;
/** the marker of an invisible character (its name, drawn after it): no part of the message */
const MARKER = /^<span\b[^>]*\bclass="invisible"/;
const VOID = new Set(['br', 'img', 'wbr']);
const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(entity: string): string {
  const name = entity.slice(1, -1);
  if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
  if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
  return ENTITY[name] ?? entity;
}

/** the tokens of an inline HTML fragment; an open tag knows the number of characters before its close tag (`end`) */
function tokenize(html: string): Token[] {
  const out: Token[] = [];
  const open: number[] = [];
  let chars = 0;
  let atomic = 0;
  /** how many of a word diff's <ins> and <del> are open: a character inside one is a change */
  let changes = 0;
  /** how many markers of an invisible character are open: their text is the preview's, not the message's */
  let markers = 0;
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>|&(?:#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);|[\s\S]/gu)) {
    const s = m[0];
    if (s.length > 1 && s.startsWith('<')) {
      const name = m[1]!.toLowerCase();
      if (s.startsWith('</')) {
        // the innermost open element of this name (the fragments are well formed; a stray close tag is kept as it is)
        let k = open.length - 1;
        while (k >= 0 && (out[open[k]!] as { name: string }).name !== name) k--;
        if (k >= 0) {
          const o = out[open[k]!] as Extract<Token, { t: 'open' }>;
          o.end = chars;
          if (o.atomic) atomic--;
          if (o.marker) markers--;
          if (o.name === 'ins' || o.name === 'del') changes--;
          open.splice(k);
        }
        out.push({ t: 'close', html: s, name });
      } else if (VOID.has(name) || s.endsWith('/>')) out.push({ t: 'void', html: s });
      else {
        const isAtomic = ATOMIC.test(s);
        const marker = MARKER.test(s);
        if (isAtomic) atomic++;
        if (marker) markers++;
        if (name === 'ins' || name === 'del') changes++;
        open.push(out.length);
        out.push({ t: 'open', html: s, name, end: Number.POSITIVE_INFINITY, atomic: isAtomic, marker });
      }
      continue;
    }
    out.push({ t: 'char', ch: s.length > 1 && s.startsWith('&') ? decode(s) : s, html: s, atom: atomic > 0, changed: changes > 0, previewOnly: markers > 0 });
    chars++;
  }
  for (const k of open) (out[k] as Extract<Token, { t: 'open' }>).end = chars;
  return out;
}

/**
 * A formatted run: its tag, and where it opens and closes (character positions: opens before `from`, closes before `to`);
 * `changed`: a mark of it is a word diff's change (added or removed), the formatting of the text is what changed.
 */
interface Span { tag: 'b' | 'i' | 's' | 'code'; from: number; to: number; changed?: boolean }
/** a formatted run, or a link (drawn around the formatting it holds) */
type Run = Span | { tag: 'link'; from: number; to: number; link: LinkRun; changed?: undefined };

const TAG: Record<string, Span['tag']> = { '*': 'b', _: 'i', '~': 's' };
/** the order the marks nest in when they cover the same text: as written `*_~text~_*` (bold, then italic, then strikethrough) */
const RANK: Record<Run['tag'], number> = { link: -1, b: 0, i: 1, s: 2, code: 3 };

/**
 * The formatted runs of a text (`ch`: its characters; `atom`: drawn by the preview in place of a
 * value, never holding a mark) and the characters that are marks (not drawn).
 */
export function formatSpans(ch: readonly string[], atom: readonly boolean[], changedAt: readonly boolean[] = []): { spans: Span[]; hidden: Set<number> } {
  const n = ch.length;
  const spans: Span[] = [];
  // a mark of the run is a change and some of its text is not: the formatting changed around text that stayed (a run
  // added or removed whole is its change's already)
  const marksChanged = (marks: readonly number[], from: number, to: number): boolean => {
    if (!marks.some((k) => changedAt[k])) return false;
    for (let k = from; k < to; k++) if (!changedAt[k]) return true;
    return false;
  };
  const hidden = new Set<number>();
  // monospace first: ```text```, its text as written (a unit for the marks around it)
  const inCode = new Array<boolean>(n).fill(false);  // a monospace run with its backticks
  for (let i = 0; i + 2 < n; i++) {
    if (!isTicks(ch, atom, i)) continue;
    let j = i + 3;
    while (j < n && ch[j] !== '`') j++;
    if (j > i + 3 && isTicks(ch, atom, j)) {
      spans.push({ tag: 'code', from: i, to: j + 3, ...(marksChanged([i, i + 1, i + 2, j, j + 1, j + 2], i + 3, j) ? { changed: true } : {}) });
      for (const k of [i, i + 1, i + 2, j, j + 1, j + 2]) hidden.add(k);
      for (let k = i; k < j + 3; k++) inCode[k] = true;
      i = j + 2;
    }
  }
  // the characters as the marks see them: a monospace run or a drawn placeholder is one word-like unit
  const kind = (k: number): 'edge' | 'space' | 'word' | 'mark' | 'punct' => {
    if (k < 0 || k >= n || ch[k] === '\n') return 'edge';
    if (atom[k] || inCode[k]) return 'word';
    if (/\s/u.test(ch[k]!)) return 'space';
    if (/[\p{L}\p{N}]/u.test(ch[k]!)) return 'word';
    return TAG[ch[k]!] ? 'mark' : 'punct';
  };
  // a mark beside the same mark (`**x**`) is a character, as in the app
  const lone = (k: number): boolean => ch[k - 1] !== ch[k] && ch[k + 1] !== ch[k];
  const stack: number[] = [];
  for (let k = 0; k < n; k++) {
    if (ch[k] === '\n') { stack.length = 0; continue; }
    if (kind(k) !== 'mark' || !lone(k)) continue;
    const before = kind(k - 1), after = kind(k + 1);
    // closes: after a character that is no space, before an end, a space or punctuation (not inside a word)
    if (before !== 'edge' && before !== 'space' && after !== 'word') {
      const at = stack.map((o) => ch[o]).lastIndexOf(ch[k]);
      if (at >= 0) {
        const from = stack[at]!;
        stack.length = at;
        spans.push({ tag: TAG[ch[k]!]!, from, to: k + 1, ...(marksChanged([from, k], from + 1, k) ? { changed: true } : {}) });
        hidden.add(from).add(k);
        continue;
      }
    }
    // opens: at an end or after a space or punctuation (not inside a word), before a character that is no space
    if (before !== 'word' && after !== 'edge' && after !== 'space') stack.push(k);
  }
  // marks around the same text nest in one order, whichever order they were written in (`_*x*_` as `*_x_*`)
  const drawn = (k: number): boolean => !hidden.has(k);
  const first = (s: Span): number => { let k = s.from; while (k < s.to && !drawn(k)) k++; return k; };
  const last = (s: Span): number => { let k = s.to; while (k > s.from && !drawn(k - 1)) k--; return k; };
  const groups = new Map<string, Span[]>();
  for (const s of spans) {
    const key = `${first(s)}:${last(s)}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  for (const g of groups.values()) {
    const from = Math.min(...g.map((s) => s.from)), to = Math.max(...g.map((s) => s.to));
    for (const s of g) { s.from = from; s.to = to; }
  }
  spans.sort((a, b) => a.from - b.from || b.to - a.to || RANK[a.tag] - RANK[b.tag]);
  return { spans, hidden };
}

const FORMAT_NAME: Record<Span['tag'], string> = { b: 'bold', i: 'italic', s: 'strikethrough', code: 'monospace' };

const LINK_SAYS: Record<LinkRun['kind'], string> = { url: 'WhatsApp opens', email: 'WhatsApp writes an e-mail to', phone: 'WhatsApp calls or chats with' };

/**
 * A link as the app draws it: a span styled as one (the page's CSS, `.wa-link`), not an <a>. The
 * preview shows what the customer sees, and tapping is the phone's: an <a> would take the keyboard
 * focus once for each URL of a body and send a reviewer from an offline page (a pull request's
 * artifact) to a host named in a template under review, with a URL whose samples no customer
 * gets and whose placeholder without a sample is no address at all. Where it goes is its title,
 * as a button's target is written under it. No `dir` and no <bdi>: the app's link is a style over
 * the text, not an isolate, so the line is laid out as without it (a line that starts with a URL
 * in an Arabic template stays a left-to-right line, as on the phone).
 */
function linkTag(link: LinkRun): string {
  const text = link.text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<span class="wa-link" data-link="${link.kind}" title="${LINK_SAYS[link.kind]} ${text}">`;
}

const isTicks = (ch: readonly string[], atom: readonly boolean[], i: number): boolean => ch[i] === '`' && ch[i + 1] === '`' && ch[i + 2] === '`' && !atom[i] && !atom[i + 1] && !atom[i + 2];

/** WhatsApp's inline formatting (*bold*, _italic_, ~strike~, ```mono```) of escaped HTML, and its newlines as <br>. */
export function formatWhatsApp(html: string): string {
  const tokens = tokenize(html);
  const chars = tokens.filter((x): x is Extract<Token, { t: 'char' }> => x.t === 'char');
  const { spans: formats, hidden } = formatSpans(chars.map((c) => c.ch), chars.map((c) => c.atom), chars.map((c) => c.changed));
  // the links, in the text as the phone shows it: the marks hidden, a placeholder drawn without a sample a value
  const links = findLinks(chars.map((c, k) => ({ ch: c.ch, is: hidden.has(k) || c.previewOnly ? 'none' : c.atom ? 'placeholder' : 'text' })));
  const spans: Run[] = [...formats, ...links.map((link): Run => ({ tag: 'link', from: link.from, to: link.to, link }))]
    .sort((a, b) => a.from - b.from || b.to - a.to || RANK[a.tag] - RANK[b.tag]);
  // what is open, innermost last: the formatting's tags and the fragment's own elements, closed and
  // opened again where they cross, so that the result is well formed
  type Open = { fmt: Run } | { el: Extract<Token, { t: 'open' }> };
  const stack: Open[] = [];
  let out = '';
  // a run whose marks changed is drawn marked (the class of a word diff's change), with what changed as its title
  const openTag = (o: Open): string => ('fmt' in o ? (o.fmt.tag === 'link' ? linkTag(o.fmt.link) : o.fmt.changed ? `<${o.fmt.tag} class="format-changed" title="${FORMAT_NAME[o.fmt.tag]}: formatting changed">` : `<${o.fmt.tag}>`) : o.el.html);
  const closeTag = (o: Open): string => ('fmt' in o ? `</${o.fmt.tag === 'link' ? 'span' : o.fmt.tag}>` : `</${o.el.name}>`);
  /** close what is open down to (and with) the entry `at`, then open again what was above it */
  const closeAt = (at: number): void => {
    const above = stack.splice(at + 1);
    for (const o of [...above].reverse()) out += closeTag(o);
    out += closeTag(stack.pop()!);
    for (const o of above) { out += openTag(o); stack.push(o); }
  };
  // how many characters are drawn before each position: a run is opened only where it draws something (no empty <b></b>)
  const drawnBefore = [0];
  chars.forEach((_, k) => drawnBefore.push(drawnBefore[k]! + (hidden.has(k) ? 0 : 1)));
  const draws = (from: number, to: number): boolean => drawnBefore[Math.min(to, chars.length)]! > drawnBefore[Math.min(from, chars.length)]!;
  let next = 0;
  let c = 0;
  const closeEnded = (pos: number): void => {
    for (let k = stack.length - 1; k >= 0; k--) {
      const o = stack[k]!;
      if ('fmt' in o && o.fmt.to <= pos) closeAt(k);
    }
  };
  /** open the runs that have begun, before the next drawn character or an element they hold whole (`until`: its end) */
  const openBegun = (until?: number): void => {
    while (next < spans.length && spans[next]!.from <= c) {
      const span = spans[next]!;
      if (until !== undefined && span.to < until) return;
      next++;
      if (!draws(c, span.to)) continue;
      const o = { fmt: span };
      out += openTag(o);
      stack.push(o);
    }
  };
  for (const tok of tokens) {
    if (tok.t === 'char') {
      closeEnded(c);
      if (!hidden.has(c)) {
        openBegun();
        out += tok.ch === '\n' ? '<br>' : tok.html;
      }
      c++;
    } else if (tok.t === 'open') {
      closeEnded(c);
      openBegun(tok.end);
      // a run that ends inside the element is closed before it and opened again inside it
      const moved: Open[] = [];
      while (stack.length && 'fmt' in stack.at(-1)! && (stack.at(-1) as { fmt: Run }).fmt.to < tok.end) {
        const o = stack.pop()!;
        out += closeTag(o);
        moved.unshift(o);
      }
      const o = { el: tok };
      out += tok.html;
      stack.push(o);
      for (const m of moved) if ('el' in m || draws(c, m.fmt.to)) { out += openTag(m); stack.push(m); }
    } else if (tok.t === 'close') {
      const at = stack.map((o) => ('el' in o ? o.el.name : '')).lastIndexOf(tok.name);
      if (at < 0) { out += tok.html; continue; }
      // what was opened inside the element is closed with it; a run that goes on is opened again after it
      const above = stack.splice(at + 1);
      for (const o of [...above].reverse()) out += closeTag(o);
      out += closeTag(stack.pop()!);
      for (const o of above) if ('el' in o || draws(c, o.fmt.to)) { out += openTag(o); stack.push(o); }
    } else out += tok.html;
  }
  closeEnded(Number.POSITIVE_INFINITY);
  for (const o of stack.reverse()) out += closeTag(o);
  return out;
}
