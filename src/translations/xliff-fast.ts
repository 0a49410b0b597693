// Pure: the fast read of an XLIFF 2.0 file, for the files tplsync writes and translators' tools
// give back: one pass over the text, no tree. It reads the well-formed subset it can prove
// (a declaration, elements with quoted attributes, text with the five named and numeric
// character references) and returns undefined for anything else (comments, CDATA, processing
// instructions, other entities, an element it does not know, a carriage return, a file that is
// not well-formed): readXliff (formats.ts) then reads the file with fast-xml-parser, which gives
// the same entries or the error and its line. test/translations-xliff-fast.test.ts holds the two
// to the same answer.
import { append } from '../core/append.js';
import { languageCode } from '../core/language.js';
import { showsNothing } from '../core/visible.js';

/** an entry as formats.ts's Entry (declared here: formats.ts imports this module) */
interface Entry { id: string; source: string; target: string; line: number; unknownCode?: string; unknownKind?: 'ph' | 'pc' | 'sc' | 'ec'; sourceCodes?: string[]; exported?: string; exportedFor?: string; stateless?: true; breaksRead?: true; state?: 'reviewed' | 'final' }
/**
 * The note of an exported unit that had a target: that target's hash (units.ts's textHash). An
 * import whose translation is still the target as exported, where the template's file has
 * changed since (a reviewer's edit, a later import), keeps the file's text.
 */
export const EXPORTED_NOTE = 'target as exported';

/** a language code as a note writes it (`de`, `pt_BR`, `pt-BR`, `zh_Hant`) */
const NOTE_LANGUAGE = '[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*';
const EXPORTED_TEXT = new RegExp(`^([0-9a-f]{8})(?:[ \\t]*\\((${NOTE_LANGUAGE})\\))?$`);
/**
 * The text of a note of EXPORTED_NOTE as export writes it (exportedNoteText): the hash of the target
 * as exported, and the language the unit was exported for (`1a2b3c4d (de)`), in the template files'
 * form; a file of an older tplsync says the hash alone. Undefined when the text is not such a note.
 */
export function readExportedNote(text: string): { hash: string; language?: string } | undefined {
  const m = EXPORTED_TEXT.exec(text.trim());
  return m ? { hash: m[1]!, ...(m[2] !== undefined ? { language: languageCode(m[2]) } : {}) } : undefined;
}
/** the same in a CSV notes cell or a PO comment (`... | target as exported: 1a2b3c4d (de)`) */
const EXPORTED_IN = new RegExp(`(?:^|\\|)\\s*${EXPORTED_NOTE}:\\s*([0-9a-f]{8})(?:[ \\t]*\\((${NOTE_LANGUAGE})\\))?\\s*(?:\\||$)`);
export function exportedNoteIn(text: string): { hash: string; language?: string } | undefined {
  const m = EXPORTED_IN.exec(text);
  return m ? { hash: m[1]!, ...(m[2] !== undefined ? { language: languageCode(m[2]) } : {}) } : undefined;
}
/**
 * What export writes in a note of EXPORTED_NOTE: the target's hash and the language the unit is
 * exported for. The language binds the unit to its file's language: a tool (or a person) that
 * rewrites the file's header to another language (trgLang="fr" on the German file) is found out by
 * the import, which would otherwise write the German texts into the French templates (their empty
 * targets of a first export have one hash in every language).
 */
export const exportedNoteText = (hash: string, language: string): string => `${hash} (${language})`;
interface NotFinal { id: string; line: number; mark?: 'initial' | 'copy' | 'outdated' | 'partial' | 'empty'; draft?: string }
interface TranslationDoc { source: string; target: string; entries: Entry[]; fuzzy?: NotFinal[]; notes?: UnitNotes[] }

/**
 * A unit's <note> a translator or their tool wrote (its category none of tplsync's own, OWN_NOTES):
 * its text and the attributes XLIFF 2.0 gives a note, as the file wrote them. An export that
 * replaces the file writes it again on its unit, as msgmerge keeps a PO entry's translator comments.
 */
export interface XliffNote { text: string; id?: string; category?: string; appliesTo?: string; priority?: string }
/** the translator's notes of one unit (XliffNote), at the unit's line */
export interface UnitNotes { id: string; line: number; notes: XliffNote[] }
/** the categories of the notes tplsync's export writes on a unit (writeXliff): its own, written anew by each export; any other note is a translator's */
export const OWN_NOTES: ReadonlySet<string> = new Set(['limit', 'samples', 'outdated', 'untranslated', 'not imported', EXPORTED_NOTE]);
/** a note's XliffNote, from its attributes and text; undefined for a note of tplsync's own category or with no text */
export function translatorNote(attr: (name: string) => string | undefined, text: string): XliffNote | undefined {
  const category = attr('category');
  if ((category !== undefined && OWN_NOTES.has(category)) || text.trim() === '') return undefined;
  const out: XliffNote = { text };
  for (const k of ['id', 'category', 'appliesTo', 'priority'] as const) { const v = attr(k); if (v !== undefined) out[k] = v; }
  return out;
}
/**
 * XLIFF 2.0's states, in order (initial < translated < reviewed < final): a unit's is its segments'
 * lowest (a segment without a state is "initial"); an entry keeps it when it is reviewed or final,
 * which an export writes again for a unit whose source and target did not change
 */
export const STATE_RANK: Readonly<Record<string, number>> = { initial: 0, translated: 1, reviewed: 2, final: 3 };
export const stateOfRank = (rank: number): { state?: 'reviewed' | 'final' } => (rank === 3 ? { state: 'final' } : rank === 2 ? { state: 'reviewed' } : {});

/**
 * A translation of nothing a reader sees: white space, and the characters that print as nothing (a
 * zero-width space, a word joiner, a byte-order mark, a direction mark, a soft hyphen, a Braille
 * blank, a Hangul filler). A cell or msgstr holding only U+200B or U+2800 (what a copy from a web
 * page, a tool's "empty" segment or an "invisible character" site leaves) is not translated yet, as
 * an empty one. The set is lint's (core/visible.ts's showsNothing, which button-label, body-text
 * and the other "only spaces or invisible characters" findings use): what an import leaves as not
 * translated is exactly what lint would refuse as blank, never a second list that drifts from it.
 */
export const blank = showsNothing;

/** A BCP 47 tag in the template files' form and case (`de-de` → `de_DE`, `zh-hant` → `zh_Hant`): formats.ts's fromBcp47. */
export const languageOfBcp47 = languageCode;

/** 1-based line of an offset, by binary search over the offsets where lines start (formats.ts uses it too) */
export function lineIndex(text: string): (index: number) => number {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (index) => {
    let lo = 0; let hi = starts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid]! <= index) lo = mid; else hi = mid - 1; }
    return lo + 1;
  };
}

/** the elements of XLIFF 2.0's core a unit of tplsync's is made of (and inline markup around text) */
const KNOWN = new Set(['xliff', 'file', 'unit', 'notes', 'note', 'segment', 'ignorable', 'source', 'target', 'ph', 'pc', 'mrk']);
const DECLARATION = /<\?xml[ \t\n]+version[ \t\n]*=[ \t\n]*(["'])1\.[0-9]+\1(?:[ \t\n]+encoding[ \t\n]*=[ \t\n]*(["'])[A-Za-z][A-Za-z0-9._-]*\2)?(?:[ \t\n]+standalone[ \t\n]*=[ \t\n]*(["'])(?:yes|no)\3)?[ \t\n]*\?>/y;
const NAME = /[A-Za-z_][A-Za-z0-9_.:-]*/y;
const SPACE = /[ \t\n]*/y;
/** characters XML does not allow, and a carriage return (line ends are normalised by a full parser) */
const LEAVE = /[\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]|\]\]>/;
const REF = /&(?:(lt|gt|amp|quot|apos)|#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6}));/y;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** text or an attribute value with its references resolved; undefined when a `&` is not one the fast read knows */
function unescape(s: string): string | undefined {
  if (!s.includes('&')) return s;
  let out = '';
  let from = 0;
  for (let at = s.indexOf('&'); at >= 0; at = s.indexOf('&', from)) {
    REF.lastIndex = at;
    const m = REF.exec(s);
    if (!m) return undefined;
    let c: string;
    if (m[1]) c = NAMED[m[1]]!;
    else {
      const code = m[2] !== undefined ? Number(m[2]) : parseInt(m[3]!, 16);
      // characters XML allows
      if (!(code === 9 || code === 10 || code === 13 || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff))) return undefined;
      c = String.fromCodePoint(code);
    }
    out += s.slice(from, at) + c;
    from = REF.lastIndex;
  }
  return out + s.slice(from);
}

type Piece = string | { id: string; equiv?: string; disp?: string };

/**
 * a unit being read: its text is its segments' and ignorables' in document order; `part` holds the
 * open segment's or ignorable's source and target until it closes (an ignorable without a target
 * keeps its source); `target` is set once a segment has a target
 */
interface OpenUnit {
  name: string | undefined; line: number; source: Piece[]; target: Piece[] | undefined; done: Piece[];
  /** a segment without a target: the unit is not translated yet */
  untranslated: boolean;
  /** a segment in state "initial": its target is not a finished translation */
  initial: boolean;
  /** a segment without a state (XLIFF 2.0's "initial"): a target that is its source word for word is a pre-fill */
  stateless: boolean;
  part: { ignorable: boolean; source: Piece[] | undefined; target: Piece[] | undefined; keepSource: boolean; keepTarget: boolean; inheritedTarget: boolean } | undefined;
  /** a source (target) of the unit says or inherits xml:space="preserve": the joined source (target) is not trimmed and collapsed as a whole */
  sourceKept: boolean; targetKept: boolean;
  /** a target in XML's default white space had a line break between its words, which it reads as a space */
  breaksRead: boolean;
  /** the hash its note of EXPORTED_NOTE gives, and the language it names */
  exported?: string;
  exportedFor?: string;
  /** its segments' lowest state (STATE_RANK; a segment without one: 0) */
  rank: number;
  /** its translator's notes (XliffNote) */
  notes: XliffNote[];
}

/** XML's default white space, for a side of a unit none of whose elements says xml:space="preserve": runs of it one space, none at the ends, as readXliffTree reads it */
export const collapsed = (t: string): string => t.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
/** an element's text in XML's default white space: its runs one space (its ends are the joined text's affair) */
export const runsCollapsed = (t: string): string => t.replace(/[ \t\r\n]+/g, ' ');
/** a line break between two words of a text (what XML's default white space reads as a space) */
export const BREAK_BETWEEN = /\S[ \t\r]*\n[ \t\r\n]*\S/;
/**
 * A target that inherits xml:space="preserve" (export writes it on each <unit>) without saying it:
 * its text kept, but for a pretty-printer's layout at its ends (a line break and the indentation
 * around the text, `<target>\n  Ouvrir\n</target>`), which a tool adds without reading xml:space.
 */
export const layoutTrimmed = (t: string): string => t.replace(/^[ \t]*\n[ \t\r\n]*/, '').replace(/[ \t\r\n]*\n[ \t]*$/, '');

function trimLayout(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p; else out.push(p);
  }
  if (out.length === 1 && typeof out[0] === 'string') return [layoutTrimmed(out[0])];
  if (typeof out[0] === 'string') out[0] = out[0].replace(/^[ \t]*\n[ \t\r\n]*/, '');
  const end = out.length - 1;
  if (typeof out[end] === 'string') out[end] = (out[end] as string).replace(/[ \t\r\n]*\n[ \t]*$/, '');
  return out;
}

function collapseRuns(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p; else out.push(p);
  }
  return out.map((p) => (typeof p === 'string' ? runsCollapsed(p) : p));
}

/** Pure: the entries of an XLIFF 2.0 file as readXliff gives them, or undefined when the fast read cannot prove its answer. */
export function readXliffFast(text: string): TranslationDoc | undefined {
  if (LEAVE.test(text)) return undefined;
  let i = 0;
  if (text.startsWith('<?xml')) {
    DECLARATION.lastIndex = 0;
    if (!DECLARATION.test(text)) return undefined;
    i = DECLARATION.lastIndex;
  }
  const n = text.length;
  const lineAt = lineIndex(text);
  const stack: string[] = [];
  /** the xml:space in effect in each open element (undefined: XML's default) */
  const spaces: (string | undefined)[] = [];
  /** the element being opened's */
  let space: string | undefined;
  let rootDone = false;
  let srcLang: string | undefined;
  let trgLang: string | undefined;
  const entries: Entry[] = [];
  const fuzzy: NotFinal[] = [];
  const notes: UnitNotes[] = [];
  let unit: OpenUnit | undefined;
  /** inside a source (1) or target (2) of a segment of the unit, at this depth of the stack */
  let inText: 0 | 1 | 2 = 0;
  /** inside the unit's note of EXPORTED_NOTE: its text */
  let exportedNote: string | undefined;
  /** inside a translator's note of the unit: its attributes, and its text */
  let noteOpen: { attrs: Map<string, string>; text: string } | undefined;
  let textDepth = 0;
  const attrs = new Map<string, string>();
  while (i < n) {
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    if (end > i) {
      const raw = text.slice(i, end);
      if (stack.length === 0) { if (raw.trim() !== '') return undefined; } // text outside the root
      else if (inText) {
        const t = unescape(raw);
        if (t === undefined) return undefined;
        (inText === 1 ? unit!.part!.source! : unit!.part!.target!).push(t);
      } else if (exportedNote !== undefined) {
        const t = unescape(raw);
        if (t === undefined) return undefined;
        exportedNote += t;
      } else if (noteOpen !== undefined) {
        const t = unescape(raw);
        if (t === undefined) return undefined;
        noteOpen.text += t;
      } else if (raw.includes('&') && unescape(raw) === undefined) return undefined;
    }
    if (lt < 0) break;
    i = lt + 1;
    const c = text.charCodeAt(i);
    if (c === 47) { // </name>
      NAME.lastIndex = i + 1;
      if (!NAME.test(text)) return undefined;
      const name = text.slice(i + 1, NAME.lastIndex);
      SPACE.lastIndex = NAME.lastIndex;
      SPACE.test(text);
      if (text[SPACE.lastIndex] !== '>') return undefined;
      i = SPACE.lastIndex + 1;
      spaces.pop();
      if (stack.pop() !== name) return undefined;
      if (!close(name)) return undefined;
      continue;
    }
    NAME.lastIndex = i;
    if (!NAME.test(text)) return undefined; // a comment, CDATA, a declaration, a processing instruction, or not XML
    const name = text.slice(i, NAME.lastIndex);
    if (!KNOWN.has(name)) return undefined;
    let j = NAME.lastIndex;
    attrs.clear();
    let selfClosing = false;
    for (;;) {
      SPACE.lastIndex = j;
      SPACE.test(text);
      const sp = SPACE.lastIndex > j;
      j = SPACE.lastIndex;
      const ch = text[j];
      if (ch === '>') { j++; break; }
      if (ch === '/' && text[j + 1] === '>') { j += 2; selfClosing = true; break; }
      if (!sp) return undefined;
      NAME.lastIndex = j;
      if (!NAME.test(text)) return undefined;
      const an = text.slice(j, NAME.lastIndex);
      SPACE.lastIndex = NAME.lastIndex;
      SPACE.test(text);
      if (text[SPACE.lastIndex] !== '=') return undefined;
      SPACE.lastIndex++;
      SPACE.test(text);
      const q = text[SPACE.lastIndex];
      if (q !== '"' && q !== "'") return undefined;
      const vs = SPACE.lastIndex + 1;
      const ve = text.indexOf(q, vs);
      if (ve < 0) return undefined;
      const rawValue = text.slice(vs, ve);
      // a line break or tab in a value is normalised by a full parser, a `<` is not allowed
      if (/[<\t\n]/.test(rawValue) || attrs.has(an)) return undefined;
      const v = unescape(rawValue);
      if (v === undefined) return undefined;
      attrs.set(an, v);
      j = ve + 1;
    }
    i = j;
    // xml:space as said on the element or inherited from around it
    space = attrs.get('xml:space') ?? spaces[spaces.length - 1];
    if (!open(name, lt, selfClosing)) return undefined;
    if (selfClosing) { if (!close(name)) return undefined; } else { stack.push(name); spaces.push(space); }
  }
  if (stack.length || !rootDone || !srcLang || !trgLang) return undefined;
  return { source: languageOfBcp47(srcLang), target: languageOfBcp47(trgLang), entries, ...(fuzzy.length ? { fuzzy } : {}), ...(notes.length ? { notes } : {}) };

  /** an element opens (its attributes in `attrs`); false: leave the file to the full read */
  function open(name: string, at: number, selfClosing: boolean): boolean {
    const depth = stack.length; // the element's parent is stack[depth - 1]
    if (depth === 0) {
      if (rootDone || name !== 'xliff' || selfClosing) return false;
      if (attrs.get('version') !== '2.0') return false;
      srcLang = attrs.get('srcLang');
      trgLang = attrs.get('trgLang');
      return Boolean(srcLang && trgLang);
    }
    if (inText) {
      if (name === 'ph') {
        if (!selfClosing) return false; // a code with content: the full read decides
        const id = attrs.get('id') ?? '';
        const equiv = attrs.get('equiv');
        const disp = attrs.get('disp');
        (inText === 1 ? unit!.part!.source! : unit!.part!.target!).push({ id, ...(equiv !== undefined ? { equiv } : {}), ...(disp !== undefined ? { disp } : {}) });
        return true;
      }
      // a paired code in a target: the full read holds it to the source's codes
      return (name === 'pc' && inText === 1) || name === 'mrk';
    }
    const parent = stack[depth - 1];
    if (name === 'unit' && parent === 'file' && depth === 2) {
      unit = { name: attrs.get('name')?.trim() || undefined, line: lineAt(at), source: [], target: undefined, done: [], part: undefined, untranslated: false, initial: false, stateless: false, sourceKept: false, targetKept: false, breaksRead: false, rank: 3, notes: [] };
      if (!unit.name) return false; // the full read says which unit lacks it
      if (selfClosing) unit = undefined; // no segment, no entry
      return true;
    }
    if (name === 'file') return parent === 'xliff' && depth === 1;
    if ((name === 'segment' || name === 'ignorable') && unit && depth === 3) {
      unit.part = { ignorable: name === 'ignorable', source: undefined, target: undefined, keepSource: false, keepTarget: false, inheritedTarget: false };
      const state = attrs.get('state');
      if (name === 'segment' && state !== undefined && !['initial', 'translated', 'reviewed', 'final'].includes(state)) return false; // the full read says which
      if (name === 'segment' && state === 'initial') unit.initial = true;
      if (name === 'segment' && state === undefined) unit.stateless = true;
      if (name === 'segment') unit.rank = Math.min(unit.rank, STATE_RANK[state ?? 'initial']!);
      if (selfClosing) endPart(unit);
      return true;
    }
    if ((name === 'source' || name === 'target') && unit?.part && (parent === 'segment' || parent === 'ignorable') && depth === 4) {
      // the first source and the first target of a segment are read; a second one: the full read decides
      // a target moved to another position (order="N"): the full read places it
      if (name === 'target' && attrs.has('order')) return false;
      const keep = space === 'preserve';
      if (name === 'source') { if (unit.part.source) return false; unit.part.source = []; unit.part.keepSource = keep; } else { if (unit.part.target) return false; unit.part.target = []; unit.part.keepTarget = keep; unit.part.inheritedTarget = keep && !attrs.has('xml:space'); }
      if (!selfClosing) { inText = name === 'source' ? 1 : 2; textDepth = depth; }
      return true;
    }
    // notes, ignorable, or a known element elsewhere: read past (an element out of its place: the full read decides)
    if (name === 'notes') return unit !== undefined && depth === 3;
    if (name === 'note') {
      if (parent !== 'notes') return false;
      // (an attribute of another namespace: the parser reads its name without the prefix, which the fast read does not)
      if ([...attrs.keys()].some((k) => k.includes(':'))) return false;
      if (attrs.get('category') === EXPORTED_NOTE) { if (!selfClosing) exportedNote = ''; } else if (!selfClosing) noteOpen = { attrs: new Map(attrs), text: '' };
      return true;
    }
    return false;
  }

  function close(name: string): boolean {
    if (name === 'note' && noteOpen !== undefined) {
      const { attrs: a, text: t } = noteOpen;
      noteOpen = undefined;
      const note = translatorNote((k) => a.get(k), t);
      if (unit && note) unit.notes.push(note);
      return true;
    }
    if (name === 'note' && exportedNote !== undefined) {
      const note = readExportedNote(exportedNote);
      if (unit && note) { unit.exported = note.hash; if (note.language !== undefined) unit.exportedFor = note.language; }
      exportedNote = undefined;
      return true;
    }
    if (inText && stack.length === textDepth && (name === 'source' || name === 'target')) { inText = 0; return true; }
    if (name === 'xliff' && stack.length === 0) { rootDone = true; return true; }
    if ((name === 'segment' || name === 'ignorable') && unit?.part && stack.length === 3) endPart(unit);
    if (name === 'unit' && unit && stack.length === 2) { finish(unit); unit = undefined; }
    return true;
  }

  /** a segment or an ignorable closes: its source and target join the unit's */
  function endPart(u: OpenUnit): void {
    const p = u.part!;
    u.part = undefined;
    // xml:space is an element's: each text's runs collapsed unless it says (or inherits) preserve
    if (p.source) { append(u.source, p.keepSource ? p.source : collapseRuns(p.source)); if (p.keepSource) u.sourceKept = true; }
    if (!p.ignorable) { if (p.target) u.target = []; else u.untranslated = true; }
    const t = p.target ?? (p.ignorable ? p.source : undefined);
    const keepT = p.target ? p.keepTarget : p.keepSource;
    if (t && !keepT && p.target && BREAK_BETWEEN.test(t.map((x) => (typeof x === 'string' ? x : '{}')).join(''))) u.breaksRead = true;
    if (t) { append(u.done, keepT ? (p.target && p.inheritedTarget ? trimLayout(t) : t) : collapseRuns(t)); if (keepT) u.targetKept = true; }
  }

  function finish(u: OpenUnit): void {
    if (u.notes.length) notes.push({ id: u.name!, line: u.line, notes: u.notes });
    const codes = new Map<string, string>();
    let source = '';
    for (const p of u.source) {
      if (typeof p === 'string') source += p;
      else { const raw = p.equiv ?? p.disp ?? ''; codes.set(p.id, raw); source += raw; }
    }
    if (!u.sourceKept) source = collapsed(source);
    if (!u.target) { fuzzy.push({ id: u.name!, line: u.line, mark: 'empty' }); return; }
    // some segments translated, not all: said, not imported (half a text is no translation)
    if (u.untranslated) { fuzzy.push({ id: u.name!, line: u.line, mark: 'partial' }); return; }
    let target = '';
    let unknown: string | undefined;
    for (const p of u.done) {
      if (typeof p === 'string') { target += p; continue; }
      // a code the source does not have (XLIFF 2.0: a target's codes are the source's): refused (checkEntry), whatever its
      // equiv or disp says; read as its equiv, so that a placeholder it adds is said as such
      const raw = codes.get(p.id);
      if (raw === undefined) unknown ??= p.id;
      target += raw ?? p.equiv ?? p.disp ?? '';
    }
    if (!u.targetKept) target = collapsed(target);
    if (blank(target)) { fuzzy.push({ id: u.name!, line: u.line, mark: 'empty' }); return; }
    if (u.initial) { fuzzy.push({ id: u.name!, line: u.line, mark: 'initial', draft: target, ...(u.exported !== undefined ? { exported: u.exported } : {}) }); return; }
    if (u.stateless && target === source) { fuzzy.push({ id: u.name!, line: u.line, mark: 'copy' }); return; }
    entries.push({ id: u.name!, source, target, line: u.line, ...(unknown !== undefined ? { unknownCode: unknown, unknownKind: 'ph' as const, sourceCodes: [...codes.keys()] } : {}), ...(u.exported !== undefined ? { exported: u.exported } : {}), ...(u.exportedFor !== undefined ? { exportedFor: u.exportedFor } : {}), ...(u.stateless ? { stateless: true as const } : {}), ...(u.breaksRead && !target.includes('\n') ? { breaksRead: true as const } : {}), ...stateOfRank(u.rank) });
  }
}
