// Pure: the channel's texts that stand where a template file has a secret (plan: they are secrets of
// the output too). Apart from values.ts because it compares texts word by word with `diff`, which
// only plan needs: lint, which reads values.ts's references, does not load it.
import { diffWordsWithSpace } from 'diff';
import { MIN_SECRET_LENGTH } from '../core/redact.js';
import { MARK } from './values.js';

/**
 * The texts of the channel's copy of a template that stand where the file has a secret: `marked`
 * is the file's template (any shape: the canonical model) with each secret as a mark
 * (substituteValues with `markSecrets`), `remote` the channel's copy in the same shape. Where the
 * rest of a string is the same in both, the text in place of each mark (the secret the channel
 * holds, an earlier one after a rotation); where it is not, the channel's whole string. These are
 * secrets of the output too (a plan shows the channel's copy beside the file's).
 */
export function secretRemnants(marked: unknown, remote: unknown, current: (name: string) => string | undefined = () => undefined): string[] {
  const out: string[] = [];
  const walk = (m: unknown, r: unknown): void => {
    if (typeof m === 'string') {
      if (typeof r !== 'string' || !MARK.test(m)) return;
      const parts = m.split(new RegExp(MARK.source, 'g'));
      const found = markedText(parts).exec(r);
      // where the secret's current value is known, an edit beside an earlier value is no part of it (secretSpan); unclear: the whole string
      const names = found ? [...m.matchAll(new RegExp(MARK.source, 'g'))].map((x) => x[0].slice(1, -1)) : [];
      const spans = found ? found.slice(1).map((v, i) => secretIn(v, current(names[i]!))) : [];
      // the text around changed too: with every secret's current value known, each word of the channel's that could
      // be a value of one (wherever the word-by-word alignment puts it); else what the channel has at each mark, word by word
      const otherNames = found ? [] : [...m.matchAll(new RegExp(MARK.source, 'g'))].map((x) => x[0].slice(1, -1));
      const pieces = found ? (spans.every((x) => x !== undefined) ? spans as string[] : [r]) : couldBeValues(parts, r, otherNames.map(current)) ?? alignedRemnants(parts, r) ?? [r];
      // the one secret of a string whose text around it is the channel's as it is, where the channel has fewer
      // characters than any secret value has (the config refuses a shorter one): no secret, old or current, stands
      // there (a secret added where the text said `below`); the channel's text is shown
      if (found && parts.length === 2 && solidLength(found[1]!) < MIN_SECRET_LENGTH) return;
      // a piece too short to mask on its own (several secrets in the string, where one ends and the next begins is
      // not certain, or the text around it changed too): the whole string is masked instead
      if (pieces.some((p) => p.length > 0 && p.length < 8)) out.push(r);
      else out.push(...pieces.filter((p) => p.length > 0));
      return;
    }
    if (Array.isArray(m)) { if (Array.isArray(r)) { const at = alignedItems(m, r); m.forEach((x, i) => walk(x, at[i])); } return; }
    if (m && typeof m === 'object' && r && typeof r === 'object' && !Array.isArray(r)) {
      for (const [k, x] of Object.entries(m)) walk(x, (r as Record<string, unknown>)[k]);
    }
  };
  walk(marked, remote);
  return out;
}

/**
 * `marked` (a template with a mark where a value stands whose text is not known: substituteValues' `markSecrets`) with
 * each marked string replaced by `other`'s string at the same place, where the text around its marks is the same: what
 * `other` holds at each mark is taken for that value, one text for each name wherever it stands. The template a version
 * of a file is with the values `other` was written with (plan: the channel's copy that differs from a version by an
 * environment's value alone, a rotated secret, is no edit made on the channel). `values`: name -> the text `other` has
 * for it. Undefined where a marked string has no counterpart in `other` that fits, or a name would stand for two texts.
 */
export function fillMarks<T>(marked: T, other: unknown): { filled: T; values: Map<string, string> } | undefined {
  const values = new Map<string, string>();
  let ok = true;
  const walk = (m: unknown, r: unknown): unknown => {
    if (!ok) return m;
    if (typeof m === 'string') {
      if (!MARK.test(m)) return m;
      const names = [...m.matchAll(new RegExp(MARK.source, 'g'))].map((x) => x[0].slice(1, -1));
      const parts = m.split(new RegExp(MARK.source, 'g'));
      // a name that stands twice in the string holds the same text at both places (a back-reference)
      const group = new Map<string, number>();
      const pattern = parts.map((p, i) => {
        const escaped = p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (i === parts.length - 1) return escaped;
        const n = names[i]!;
        const g = group.get(n);
        if (g !== undefined) return `${escaped}(?:\\${g})`;
        group.set(n, group.size + 1);
        return `${escaped}([\\s\\S]*?)`;
      }).join('');
      const found = typeof r === 'string' ? new RegExp(`^${pattern}$`).exec(r) : null;
      if (!found) { ok = false; return m; }
      for (const [n, g] of group) {
        const v = found[g]!;
        if (values.has(n) && values.get(n) !== v) { ok = false; return m; }
        values.set(n, v);
      }
      return r;
    }
    if (Array.isArray(m)) return m.map((x, i) => walk(x, Array.isArray(r) ? r[i] : undefined));
    if (m && typeof m === 'object') {
      const o = r && typeof r === 'object' && !Array.isArray(r) ? r as Record<string, unknown> : {};
      return Object.fromEntries(Object.entries(m).map(([k, x]) => [k, walk(x, o[k])]));
    }
    return m;
  };
  const filled = walk(marked, other) as T;
  return ok ? { filled, values } : undefined;
}

/**
 * The channel's copy `remote` (the canonical model) with the text that stands where the file's
 * template `marked` has a secret replaced by `mask` where `hide(name, text)` says so: that span of
 * that template's text alone (never a name or an id, nor the same text elsewhere), for a plan that
 * has no base to tell whether the channel's text there is an earlier value of the secret. Where the
 * text around the secret changed too, what the word-by-word alignment puts there; where nothing
 * can be placed, the whole string. `hidden` names the secrets whose place had text hidden.
 */
export function hideRemnants<T>(marked: unknown, remote: T, mask: string, hide: (name: string, text: string) => boolean): { value: T; hidden: string[] } {
  const hidden = new Set<string>();
  const walk = (m: unknown, r: unknown): unknown => {
    if (typeof m === 'string') {
      if (typeof r !== 'string' || !MARK.test(m)) return r;
      const parts = m.split(new RegExp(MARK.source, 'g'));
      const names = [...m.matchAll(new RegExp(MARK.source, 'g'))].map((x) => x[0].slice(1, -1));
      const found = markedText(parts).exec(r);
      const pieces = found ? found.slice(1) : alignedRemnants(parts, r);
      if (!pieces) {
        const who = names.filter((n) => hide(n, r));
        if (!who.length) return r;
        for (const n of who) hidden.add(n);
        return mask;
      }
      // each piece at its place, in order (the text around it the channel's own)
      let out = '';
      let from = 0;
      for (const [i, p] of pieces.entries()) {
        const k = found ? from + parts[i]!.length : r.indexOf(p, from);
        if (k < 0 || (p && r.slice(k, k + p.length) !== p)) return r;
        const shown = p && hide(names[i]!, p) ? (hidden.add(names[i]!), mask) : p;
        out += r.slice(from, k) + shown;
        from = k + p.length;
      }
      return out + r.slice(from);
    }
    if (Array.isArray(m)) {
      if (!Array.isArray(r)) return r;
      const at = alignedItems(m, r);
      const out = [...r];
      m.forEach((x, i) => {
        const j = at[i] === undefined ? -1 : r.indexOf(at[i]);
        if (j >= 0) out[j] = walk(x, r[j]);
      });
      return out;
    }
    if (m && typeof m === 'object' && r && typeof r === 'object' && !Array.isArray(r)) {
      const out: Record<string, unknown> = { ...(r as Record<string, unknown>) };
      for (const [k, x] of Object.entries(m)) if (k in out) out[k] = walk(x, out[k]);
      return out;
    }
    return r;
  };
  return { value: walk(marked, remote) as T, hidden: [...hidden] };
}

/** the characters of a text but white space: what the config counts of a secret value (at least MIN_SECRET_LENGTH) */
const solidLength = (s: string): number => s.replace(/\s/g, '').length;

/** a text with marks as a pattern: the text around the marks as written, each mark any text */
function markedText(parts: readonly string[]): RegExp {
  return new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('([\\s\\S]*?)')}$`);
}

/** Whether every text of `m` that holds a secret's mark is, around its marks, the text `r` has in its place. */
function fits(m: unknown, r: unknown): boolean {
  if (typeof m === 'string') return !MARK.test(m) || (typeof r === 'string' && markedText(m.split(new RegExp(MARK.source, 'g'))).test(r));
  if (Array.isArray(m)) return Array.isArray(r) && m.every((x, i) => fits(x, r[i]));
  if (m && typeof m === 'object') return Boolean(r) && typeof r === 'object' && !Array.isArray(r) && Object.entries(m).every(([k, x]) => fits(x, (r as Record<string, unknown>)[k]));
  return true;
}

/**
 * The channel's item set against each item of the file's list: the one at the same place, unless
 * another the file's secrets fit (around their marks) and this one does not: a list the channel
 * holds in another order (RCS cards, buttons) has each item's secret found in its own item, not
 * the whole text of the item now at its place masked.
 */
function alignedItems(m: readonly unknown[], r: readonly unknown[]): unknown[] {
  // an item without a secret has nothing to find: it takes no item of the channel's (JSON writes the marks' characters as they are)
  const marked = m.map((x) => x !== null && typeof x === 'object' && MARK.test(JSON.stringify(x)));
  const taken = new Set<number>();
  const at = m.map((x, i) => (marked[i] && i < r.length && fits(x, r[i]) ? (taken.add(i), r[i]) : undefined));
  return m.map((x, i) => {
    if (at[i] !== undefined || !marked[i]) return at[i] ?? r[i];
    const j = r.findIndex((y, k) => !taken.has(k) && k !== i && fits(x, y));
    if (j < 0) return r[i];
    taken.add(j);
    return r[j];
  });
}

/** a word no template holds, standing for a secret while the texts are compared word by word */
const SENTINEL = 'qZ7tplsyncSecretMark7Zq';

/**
 * Where the file's text around its secrets changed as well (a rotated secret and an edit), the
 * channel's text is compared with the file's word by word: what the channel has where the file
 * has a secret (with any word edited next to it) is the remnant. Undefined where the alignment is
 * not certain (a mark with no text or a short piece against it, or text of the channel the
 * comparison could not place): the caller masks the whole string.
 */
function alignedRemnants(parts: readonly string[], r: string): string[] | undefined {
  if (parts.some((p) => p.includes(SENTINEL))) return undefined;
  const changes = diffWordsWithSpace(parts.join(SENTINEL), r);
  const out: string[] = [];
  let hunk = { removed: '', added: '' };
  const close = (): boolean => {
    const marks = hunk.removed.split(SENTINEL).length - 1;
    if (marks > 0) {
      // the white space around it is the text's (the word diff may hand it over with the words)
      const added = hunk.added.trim();
      // nothing of the channel's where the file has its secret (a secret added to a template, with words around it): no remnant
      // (said as an empty remnant, one for each mark: the caller's marks and remnants stay in step)
      if (added.length > 0 && added.length < MIN_SECRET_LENGTH) return false;
      if (added) out.push(added);
      else for (let k = 0; k < marks; k++) out.push('');
    }
    hunk = { removed: '', added: '' };
    return true;
  };
  // a secret of several words or lines is one remnant, not a first word and then text taken for an
  // edit (and shown in clear): white space between a mark's hunk and words the channel has in
  // addition (after it, or before it) joins them; a change that removes words of the file's own
  // text is an edit of its own
  let pending = '';
  for (const c of changes) {
    if (c.added || c.removed) {
      if (pending) {
        const continues = (hunk.removed.includes(SENTINEL) && c.added) || (!hunk.removed && c.removed && c.value.includes(SENTINEL));
        if (continues) { hunk.removed += pending; hunk.added += pending; } else if (!close()) return undefined;
        pending = '';
      }
      if (c.added) hunk.added += c.value; else hunk.removed += c.value;
    } else if (/^\s+$/.test(c.value) && (hunk.added || hunk.removed)) pending += c.value;
    else { pending = ''; if (!close()) return undefined; }
  }
  if (!close()) return undefined;
  // every mark found its own hunk (a mark whose text was merged away leaves the whole string masked)
  return out.length === parts.length - 1 ? out : undefined;
}

/**
 * What of `piece` (the channel's text where the file has a secret) is a secret: with the secret's
 * current value `cur` known, only a part that could be an earlier value of that secret (secretSpan's
 * parts, each at least MIN_SECRET_LENGTH characters of the kinds the value is made of, and no word:
 * couldBeEarlierValue; `cashback` or `shown in the app` where the value is `AUTUMN77Q`, `Checkout`
 * where it is `Wint3rDealz`, is the channel's approved text, not an earlier value): '' when no part
 * could be, undefined when more than one could. Without `cur`, the whole piece.
 */
function secretIn(piece: string, cur: string | undefined): string | undefined {
  if (!cur) return piece;
  const parts = pieceParts(piece, cur) ?? [{ start: 0, end: piece.length }];
  // (punctuation the value never holds at a part's ends is the text's: `SUMMER2026X.` holds the value `SUMMER2026X`)
  const could = parts.map((x) => trimToKinds(piece.slice(x.start, x.end), cur)).filter((x) => couldBeEarlierValue(x, cur));
  if (could.length === 0) return '';
  return could.length === 1 ? could[0] : undefined;
}

/**
 * Where the words cannot be aligned (the text around the secrets edited too) and every secret's
 * current value is known: each part of the channel's text that could be an earlier value of one of
 * them (couldBeEarlierValue: a code, no word; parts the file's own text has are not), the rest shown. Undefined when a value
 * is not known: the caller masks the whole string.
 */
function couldBeValues(parts: readonly string[], r: string, curs: readonly (string | undefined)[]): string[] | undefined {
  if (!curs.length || curs.some((c) => !c)) return undefined;
  const own = parts.join(' ');
  const out = new Set<string>();
  for (const cur of curs as string[]) {
    for (const x of pieceParts(r, cur) ?? [{ start: 0, end: r.length }]) {
      // (punctuation the value never holds around it is the text's: `SUMMER2026X.` holds the value `SUMMER2026X`)
      const word = trimToKinds(r.slice(x.start, x.end), cur);
      if (couldBeEarlierValue(word, cur) && !own.includes(word)) out.add(word);
    }
  }
  return [...out];
}

/** `text` without the characters at either end of kinds the value `cur` has none of */
function trimToKinds(text: string, cur: string): string {
  const kinds = new Set([...cur].map(kindOf));
  const chars = [...text];
  let a = 0;
  let b = chars.length;
  while (a < b && !kinds.has(kindOf(chars[a]!))) a++;
  while (b > a && !kinds.has(kindOf(chars[b - 1]!))) b--;
  return chars.slice(a, b).join('');
}

/** the kind of a character a secret value is made of: a lower-case letter, an upper-case one, a digit, white space, else the character itself */
const kindOf = (c: string): string => (/\p{Ll}/u.test(c) ? 'a' : /\p{Lu}/u.test(c) ? 'A' : /\p{Nd}/u.test(c) ? '0' : /\s/.test(c) ? ' ' : c);

/**
 * Whether `text` could be a value of the secret whose current value is `cur`: long enough for a
 * secret value, and made of kinds of characters the value has (a new value of a secret keeps its
 * form: `SPRING2026X` for `AUTUMN77Q`, `ptk_0000aaaa11` for `ptk_7777bbbb22`; a word of the text,
 * `checkout`, is none of an upper-case code's).
 */
export function couldBeValueOf(text: string, cur: string): boolean {
  if (solidLength(text) < MIN_SECRET_LENGTH) return false;
  const kinds = new Set([...cur].map(kindOf));
  return [...text].every((c) => kinds.has(kindOf(c)));
}

/**
 * Whether `text`, which the channel holds where the file now has a secret, is taken for an
 * earlier value of that secret by its form alone (nothing else says so: the files at the base
 * are looked at apart, maskBaseSecrets): it could be a value of the secret (couldBeValueOf) and
 * it is no word of the text. A word (letters alone, in any case, joined by a hyphen or an
 * apostrophe at most: `Checkout`, `Membership`, `CASHBACK`, `check-out`) is what the channel's
 * approved text had there before the secret was put in its place, as much as it could be a value:
 * taken for one, it was masked everywhere, in the template's name and in other templates too.
 * A value of letters alone rotated is recognised from the base only.
 */
export function couldBeEarlierValue(text: string, cur: string): boolean {
  return couldBeValueOf(text, cur) && !isWord(text);
}

/** letters alone, in any case and script, runs of them joined by a hyphen or an apostrophe */
const isWord = (text: string): boolean => /^\p{L}+(?:['\u2019-]\p{L}+)*$/u.test(text);

/** what separates a secret from words beside it, where the secret's value never holds it */
const SEPARATORS = /[\s/?#&=,;]/g;

/**
 * Where in `piece` (what the channel holds where the file has a secret) the secret stands, given
 * its current value `cur`: a piece holding separators the value never has (white space, `/`,
 * `?`, `&`, ...) is an earlier value with words beside it (a secret rotated and the text edited
 * next to it: `SPRING14WINTER today`, `ptk_0000aaaa11/sale`); the one part of it long enough to
 * be a secret is the secret, the rest is the edit. The whole piece when the value is not known or
 * the piece has no such separator; undefined when more than one part could be the secret (it
 * cannot be told: never an edit taken for part of the secret).
 */
export function secretSpan(piece: string, cur: string | undefined): { start: number; end: number } | undefined {
  const whole = { start: 0, end: piece.length };
  if (!cur) return whole;
  const parts = pieceParts(piece, cur);
  if (!parts) return whole;
  const long = parts.filter((x) => x.end - x.start >= MIN_SECRET_LENGTH);
  return long.length === 1 ? long[0] : undefined;
}

/** `piece` split where it holds separators the value `cur` never has; undefined when it holds none */
function pieceParts(piece: string, cur: string): { start: number; end: number }[] | undefined {
  // (white space as one kind: a value of several lines or words has its words apart by any of it)
  const seps = [...new Set(piece.match(SEPARATORS) ?? [])].filter((c) => (/\s/.test(c) ? !/\s/.test(cur) : !cur.includes(c)));
  if (!seps.length) return undefined;
  const re = new RegExp(`[${seps.map((c) => (/\s/.test(c) ? '\\s' : `\\${c}`)).join('')}]+`, 'g');
  const parts: { start: number; end: number }[] = [];
  let from = 0;
  for (const m of piece.matchAll(re)) { parts.push({ start: from, end: m.index }); from = m.index + m[0].length; }
  parts.push({ start: from, end: piece.length });
  return parts;
}

/**
 * The channel's copy `remote` (the canonical model) with the text that stands where the file's
 * template `marked` has a secret written back as that secret's reference, `((name))`, where the
 * rest of the string is the same in both (pull: the file keeps its references, whatever value the
 * channel holds, the current one or an earlier one). `unplaced`: the strings where the file has a
 * secret and the channel's text around it differs too, left as the channel has them (they hold a
 * value tplsync cannot place: the caller does not write them).
 */
export function remnantsAsReferences(marked: unknown, remote: unknown, current: (name: string) => string | undefined = () => undefined): { value: unknown; unplaced: string[]; learned: Map<string, string> } {
  const unplaced: string[] = [];
  /** what the channel holds for each secret where the file has it (text → name): found elsewhere in the copy too (a console edit) */
  const learned = new Map<string, string>();
  const walk = (m: unknown, r: unknown, at: string): unknown => {
    if (typeof m === 'string') {
      if (typeof r !== 'string' || !MARK.test(m)) return r;
      const marks = new RegExp(MARK.source, 'g');
      const parts = m.split(marks);
      const re = new RegExp(`^${parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('([\\s\\S]*?)')}$`);
      const found = re.exec(r);
      if (found) {
        const names = [...m.matchAll(marks)].map((x) => x[0].slice(1, -1));
        const pieces = found.slice(1);
        // what stands for a secret holds its current value and words beside it (`now SPRING2026QX`: an edit next to
        // the secret, not an earlier value): the words kept, the value its reference; else the whole piece is the secret's
        const placed = pieces.map((v, i) => {
          const cur = current(names[i]!);
          if (cur && cur.length >= MIN_SECRET_LENGTH && v !== cur && v.includes(cur)) return v.split(cur).join(`((${names[i]!}))`);
          // an earlier value with an edit beside it: the edit kept, the value its reference; which part is the value unclear: not placed
          const span = secretSpan(v, cur);
          if (!span) return undefined;
          const secret = v.slice(span.start, span.end);
          if (secret.length >= MIN_SECRET_LENGTH) learned.set(secret, names[i]!);
          return `${v.slice(0, span.start)}((${names[i]!}))${v.slice(span.end)}`;
        });
        if (placed.some((x) => x === undefined)) { unplaced.push(at); return r; }
        return parts.map((p, i) => (i < placed.length ? p + placed[i]! : p)).join('');
      }
      // the text around the secrets changed too (an edit in the console): placed where the word-by-word
      // alignment finds each secret's current value; an earlier value beside edits cannot be told from them
      const names = [...m.matchAll(marks)].map((x) => x[0].slice(1, -1));
      // one secret, whose current value the channel's text holds once: its reference there, whatever was edited around it
      const only = names.length === 1 ? current(names[0]!) : undefined;
      if (only && only.length >= MIN_SECRET_LENGTH && r.split(only).length === 2) return r.replace(only, `((${names[0]!}))`);
      const pieces = alignedRemnants(parts, r);
      if (!pieces || pieces.some((p, i) => current(names[i]!) !== p)) { unplaced.push(at); return r; }
      let out = '';
      let from = 0;
      for (const [i, p] of pieces.entries()) {
        const k = r.indexOf(p, from);
        if (k < 0) { unplaced.push(at); return r; }
        out += `${r.slice(from, k)}((${names[i]!}))`;
        from = k + p.length;
      }
      return out + r.slice(from);
    }
    if (Array.isArray(m)) {
      if (!Array.isArray(r)) return r;
      let changed = false;
      const out = r.map((y, i) => { const z = i < m.length ? walk(m[i], y, `${at}${at ? '.' : ''}${i}`) : y; if (z !== y) changed = true; return z; });
      return changed ? out : r;
    }
    if (m && typeof m === 'object' && r && typeof r === 'object' && !Array.isArray(r)) {
      let changed = false;
      const out: Record<string, unknown> = { ...(r as Record<string, unknown>) };
      for (const [k, x] of Object.entries(m)) {
        if (!(k in out)) continue;
        const z = walk(x, out[k], `${at}${at ? '.' : ''}${k}`);
        if (z !== out[k]) { changed = true; out[k] = z; }
      }
      return changed ? out : r;
    }
    return r;
  };
  return { value: walk(marked, remote, ''), unplaced, learned };
}
