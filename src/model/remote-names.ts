// Pure: the names the channel's copy of a template is shown with beside its file. A read numbers its
// placeholders ({{1}}, {{2}}); naming them by position with the file's names showed a "before" that
// never existed once the file inserted a placeholder before another (trial-o F10: the gate's {{2}}
// shown as {{airport}}, with the gate's sample). A number of the channel's copy takes a file's name
// only when that is certain: the same text as the file's (every position the same), or its sample is
// the file's sample of that name and of no other, or the fixed text just before it (else just after
// it) is the text there of that name in the file (and of no other). Anything else stays numbered: never a name
// the channel's text did not have at that position.
import type { CanonicalTemplate, FileTemplate, PlaceholderNames } from './canonical.js';
import { scanPlaceholders } from './placeholders.js';

interface Side { text: string; examples: readonly (string | undefined)[] }

/** each placeholder's key in order of first appearance, with the fixed texts before and after that first appearance */
function sites(text: string): Map<string, { before: string; after: string }> {
  const s = scanPlaceholders(text);
  const out = new Map<string, { before: string; after: string }>();
  s.placeholders.forEach((p, i) => { if (!out.has(p.key)) out.set(p.key, { before: s.texts[i] ?? '', after: s.texts[i + 1] ?? '' }); });
  return out;
}

/**
 * The names of one text's numbers on the channel's side (`names[n - 1]`, '' where it stays numbered), given the
 * file's side of the same text (wire form) and the file's names of its numbers.
 */
export function namesOfRemoteText(remote: Side, file: Side, fileNames: readonly string[] | undefined): string[] {
  if (!fileNames?.some(Boolean)) return [];
  // the same text: every placeholder where the file has it
  if (remote.text === file.text) return [...fileNames];
  const theirs = sites(remote.text);
  const mine = sites(file.text);
  const nameOf = (key: string): string => (/^[1-9][0-9]*$/.test(key) ? fileNames[Number(key) - 1] ?? '' : '');
  const out: string[] = [];
  const used = new Set<string>();
  for (const [key, at] of theirs) {
    if (!/^[1-9][0-9]*$/.test(key)) continue;
    const n = Number(key);
    const sample = remote.examples[n - 1];
    // by sample: the file's sample of exactly one name
    const bySample = sample === undefined ? [] : [...mine.keys()].filter((k) => file.examples[Number(k) - 1] === sample);
    // by the fixed text beside it: the text before it (else the text after it) is the file's before (after) exactly one of its placeholders
    const byBefore = [...mine].filter(([, m]) => m.before === at.before).map(([k]) => k);
    const byAfter = [...mine].filter(([, m]) => m.after === at.after).map(([k]) => k);
    const pick = bySample.length === 1 ? bySample[0] : byBefore.length === 1 ? byBefore[0] : byAfter.length === 1 ? byAfter[0] : undefined;
    const name = pick === undefined ? '' : nameOf(pick);
    if (name && !used.has(name)) { out[n - 1] = name; used.add(name); } else out[n - 1] = '';
  }
  for (let i = 0; i < out.length; i++) out[i] ??= '';
  return out;
}

/**
 * The names to show the channel's copy `remote` with beside the file's template `file` (PlaceholderNames): each
 * text named as namesOfRemoteText allows. A template without file names gives none (all numbered).
 */
export function remoteNames(remote: CanonicalTemplate, file: FileTemplate | undefined): PlaceholderNames {
  const names = file?.names;
  if (!file || !names) return {};
  const mineC = file.canonical;
  const out: PlaceholderNames = {};
  const body = namesOfRemoteText(remote.body, mineC.body, names.body);
  if (body.some(Boolean)) out.body = body;
  if (remote.header?.text !== undefined && mineC.header?.text !== undefined) {
    const header = namesOfRemoteText({ text: remote.header.text, examples: [remote.header.example] }, { text: mineC.header.text, examples: [mineC.header.example] }, names.header);
    if (header.some(Boolean)) out.header = header;
  }
  if (remote.carousel && mineC.carousel && names.cards) {
    const cards = remote.carousel.map((card, i) => {
      const mine = mineC.carousel?.[i]?.body;
      return card.body && mine ? namesOfRemoteText(card.body, mine, names.cards?.[i]) : undefined;
    });
    if (cards.some((x) => x?.some(Boolean))) out.cards = cards.map((x) => (x?.some(Boolean) ? x : undefined));
  }
  if (names.message?.length && remote.message) {
    // the message's texts number after the body's (their names the body's where they share a number): the same message
    // as the file's takes the file's names; else a number of the body's takes the body's name, the rest stay numbered
    const same = JSON.stringify(remote.message) === JSON.stringify(mineC.message) && remote.body.text === mineC.body.text;
    // else the texts of the message, one after another, matched as one text (the read returns no message samples),
    // and a number of the body's its body's name
    const joined = same ? [...names.message] : namesOfRemoteText({ text: textsOf(remote.message), examples: [] }, { text: textsOf(mineC.message), examples: [] }, names.message);
    const message = names.message.map((_, i) => joined[i] || body[i] || '');
    if (message.some(Boolean)) out.message = message;
  }
  return out;
}

/**
 * The names the other side of a change is shown with: its own (the file at --base names its placeholders), else,
 * for the channel's copy (numbered), the file's names where they certainly stand there (remoteNames: the same text,
 * the sample, or the text around), else its own numbers; never a name by position alone.
 */
export function remoteNamesOf(change: { remote?: FileTemplate | undefined; desired?: FileTemplate | undefined }): PlaceholderNames {
  const r = change.remote;
  if (!r) return {};
  const own = r.names;
  if (own.body?.length || own.header?.length || own.cards?.length || own.message?.length) return own;
  return remoteNames(r.canonical, change.desired);
}

/** every text of a value, in the order of its keys, joined by a character no template text holds */
function textsOf(v: unknown): string {
  const out: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') out.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') for (const k of Object.keys(x).sort()) walk((x as Record<string, unknown>)[k]);
  };
  walk(v);
  return out.join('\u0000');
}
