// Pure: the completion items of `tplsync lsp`, ranked for the file at hand. Seen in VS Code: the
// languages came alphabetically (typing `en_U` offered en_UG first in welcome.en_US.yaml), and a
// placeholder name completed after `{{` doubled the braces the editor had already closed
// (`{{1}}}}`).
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver/node.js';
import { isMap, isPair, isScalar, isSeq, type Document } from 'yaml';
import type { PlaceholderSite } from '../model/sites.js';
import { scanPlaceholders } from '../model/placeholders.js';

/** The languages a file's path names: a dot-separated part of the file name (welcome.en_US.yaml) or its folder (en_US/welcome.yaml). */
export function languagesInPath(file: string, known: ReadonlySet<string>): string[] {
  const parts = file.split(/[\\/]/);
  const base = parts.pop() ?? '';
  const dir = parts.pop();
  const found = base.split('.').slice(0, -1).filter((p) => known.has(p));
  if (dir !== undefined && known.has(dir)) found.push(dir);
  return [...new Set(found)];
}

/**
 * The language codes: first the language the file's path names (preselected), then the languages
 * the config asks of the file's channel (`configured`: each with the channel aliases asking for it,
 * channelLanguages), then every other code, each group alphabetical.
 */
export function languageItems(file: string, configured: ReadonlyMap<string, readonly string[]>, known: ReadonlySet<string>): CompletionItem[] {
  const fromPath = new Set(languagesInPath(file, known));
  return [...known].sort().map((l) => {
    const asking = configured.get(l) ?? [];
    const rank = fromPath.has(l) ? 0 : asking.length ? 1 : 2;
    const channels = `${asking.length === 1 ? 'channel' : 'channels'} ${asking.join(', ')}`;
    return {
      label: l, kind: CompletionItemKind.Value, sortText: `${rank}${l}`,
      ...(rank === 0 ? { preselect: true, detail: 'the language of the file name' } : rank === 1 ? { detail: `a language ${channels} ${asking.length === 1 ? 'asks' : 'ask'} for` } : {}),
    };
  });
}

/**
 * The languages the config asks of a file's channel (`channels.<alias>.languages`, what rule
 * language-coverage asks of the template), each with the aliases asking for it: those of the alias
 * its `channel:` names; before it names one the config has, those of every alias whose kind fits
 * the file (fileKindOf, as channelItems offers the aliases): an RCS template is not offered a
 * WhatsApp channel's languages as its own.
 */
export function channelLanguages(t: Record<string, unknown> | undefined,
  channels: Readonly<Record<string, { kind?: 'whatsapp' | 'rcs'; languages?: readonly string[] } | undefined>> | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (!channels) return out;
  const named = typeof t?.channel === 'string' && Object.hasOwn(channels, t.channel) ? t.channel : undefined;
  const file = fileKindOf(t);
  const fits = (kind: 'whatsapp' | 'rcs' | undefined): boolean => kind === undefined || file === undefined || file === 'both' || kind === file;
  for (const [alias, c] of Object.entries(channels)) {
    if (named !== undefined ? alias !== named : !fits(c?.kind)) continue;
    for (const l of c?.languages ?? []) (out.get(l) ?? out.set(l, []).get(l)!).push(alias);
  }
  return out;
}

/**
 * The placeholder names of the template's samples after `{{`, each closed with the braces the
 * text after the cursor lacks (editors that auto-close `{` have already written `}}`).
 */
export function placeholderItems(samples: ReadonlyMap<string, unknown>, after: string): CompletionItem[] {
  const close = after.startsWith('}}') ? '' : after.startsWith('}') ? '}' : '}}';
  return [...samples].map(([name, sample]) => ({
    label: name, kind: CompletionItemKind.Variable, insertText: `${name}${close}`,
    detail: sample === undefined ? 'placeholder of this template' : `sample: ${typeof sample === 'string' ? sample : JSON.stringify(sample)}`,
  }));
}

/**
 * The placeholder names a template uses in its texts (`sites`: name and the text it is in), merged
 * with the names that have samples: after `{{`, a name not yet given a sample is offered too.
 */
export function templateNames(samples: ReadonlyMap<string, unknown>, used: Iterable<string>): Map<string, unknown> {
  const out = new Map(samples);
  for (const name of used) if (!out.has(name)) out.set(name, undefined);
  return out;
}

/**
 * The keys of the mappings that hold the line `lineNo` (0-based), outermost first, read from the
 * indentation (a sequence item's `- ` counts as indentation; its index is not kept):
 * `body:` / `  examples:` / `    |` gives ['body', 'examples'].
 */
export function keyPathAt(lines: readonly string[], lineNo: number): string[] {
  const indentOf = (l: string): number => /^ */.exec(l)![0].length;
  let limit = indentOf(lines[lineNo] ?? '');
  const path: string[] = [];
  for (let i = lineNo - 1; i >= 0 && limit > 0; i--) {
    const m = /^( *)((?:- +)*)([A-Za-z0-9_"'-]+)\s*:\s*(#.*)?$/.exec(lines[i]!);
    if (!m) continue;
    const keyIndent = m[1]!.length + m[2]!.length;
    if (keyIndent >= limit) continue;
    path.unshift(m[3]!.replace(/^["']|["']$/g, ''));
    // a key on a sequence item's line: the sequence's own key is indented less than the dash
    limit = m[2] ? m[1]!.length : keyIndent;
  }
  return path;
}

/**
 * Inside an `examples:` block: the placeholders of the texts whose samples that block holds
 * (`missing`: name and where it is used), those without a sample first, each inserted as `name: `.
 */
export function exampleKeyItems(missing: ReadonlyMap<string, string>): CompletionItem[] {
  return [...missing].map(([name, where]) => ({
    label: name, kind: CompletionItemKind.Property, insertText: `${/^\d+$/.test(name) ? `"${name}"` : name}: `,
    detail: `sample of {{${name}}} in ${where}`,
  }));
}

/**
 * The path of the scalar of a parsed YAML document that holds `offset` (the cursor), keys and
 * sequence indexes from the root (`['carousel', 0, 'body', 'text']`); undefined when the cursor
 * is in no scalar value.
 */
export function scalarPathAt(doc: Document, offset: number): (string | number)[] | undefined {
  const walk = (node: unknown, at: (string | number)[]): (string | number)[] | undefined => {
    if (isScalar(node)) return node.range && node.range[0] <= offset && offset <= node.range[1] ? at : undefined;
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (typeof key !== 'string' && typeof key !== 'number') continue;
        const found = walk(pair.value, [...at, typeof key === 'number' ? String(key) : key]);
        if (found) return found;
      }
    }
    if (isSeq(node)) for (const [i, item] of node.items.entries()) { const found = walk(item, [...at, i]); if (found) return found; }
    return undefined;
  };
  return walk(doc.contents, []);
}

/**
 * Pure: the placeholder names lint accepts in the text at `at` (a path scalarPathAt gave), each
 * with its sample there, by lint's own scoping (model/sites.ts, the sites and sample maps the
 * rules check): in a text, the names of the texts that share its samples (a carousel card's own,
 * not the bubble's; the header's, not the body's), with the samples of that map; in a URL
 * button's url only `{{1}}`, with the button's example; in a text header that holds its one
 * placeholder already (besides the one typed), none; anywhere else (a footer, a button's text, a
 * key) none, as no placeholder is taken there.
 */
export function scopedPlaceholderNames(t: Record<string, unknown>, sites: readonly PlaceholderSite[], at: readonly (string | number)[],
  /** the name of the placeholder the cursor is in, as the text holds it (`{{ord|}}`: ord), when braces close it: what the completion replaces */
  typing?: string): Map<string, unknown> {
  const key = (p: readonly (string | number)[]): string => p.map(String).join('\0');
  const here = sites.find((s) => key(s.path) === key(at));
  if (!here) return new Map();
  const valueAt = (p: readonly (string | number)[]): unknown => {
    let cur: unknown = t;
    for (const seg of p) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
    return cur;
  };
  if (here.role === 'url' || here.role === 'card-url') return new Map([['1', valueAt(here.examplesPath)]]);
  const scope = key(here.examplesPath);
  const ex = valueAt(here.examplesPath);
  const samples = new Map<string, unknown>();
  if (ex !== null && typeof ex === 'object' && !Array.isArray(ex)) for (const [k, v] of Object.entries(ex)) samples.set(k, v);
  const used = sites.filter((s) => s.role !== 'url' && s.role !== 'card-url' && key(s.examplesPath) === scope)
    .flatMap((s) => scanPlaceholders(s.text).placeholders.map((x) => x.key));
  const names = templateNames(samples, used);
  // numbered placeholders with a gap (`{{1}}` and `{{3}}`): the missing number is the one to type (placeholder-sequence)
  const numbers = [...names.keys()].filter((k) => /^\d+$/.test(k)).map(Number);
  if (numbers.length && numbers.length === names.size && Math.max(...numbers) <= 100) {
    for (let n = 1; n < Math.max(...numbers); n++) if (!names.has(String(n))) names.set(String(n), undefined);
    const inOrder = [...names].sort(([a], [b]) => Number(a) - Number(b));
    names.clear();
    for (const [k, v] of inOrder) names.set(k, v);
  }
  if (here.role === 'header') {
    // a text header takes one placeholder (header-placeholders): one there besides the one typed leaves none to offer,
    // as a second name is refused (the one there may repeat, but a completion offering it adds nothing)
    const there = scanPlaceholders(here.text).placeholders.map((x) => x.key);
    const typed = typing === undefined ? -1 : there.indexOf(typing);
    if (typed >= 0) there.splice(typed, 1);
    if (there.length) return new Map();
    // a named placeholder of the header may take the body's sample of the same name (placeholder-sample): the body's
    // named ones too, and a name the header uses without a sample of its own shown with the body's
    const body = sites.find((s) => s.role === 'body');
    if (body) for (const [k, v] of scopedPlaceholderNames(t, sites, body.path)) if (!/^\d+$/.test(k) && names.get(k) === undefined) names.set(k, v);
  }
  return names;
}

/**
 * What a template file is, for the channel aliases completion offers: `message` and no `body` an
 * RCS-only template, `body` and no `message` a WhatsApp one, both either; neither (a file being
 * started, or one not parsed) undefined, as nothing says yet which channel it is for.
 */
export function fileKindOf(t: Record<string, unknown> | undefined): 'whatsapp' | 'rcs' | 'both' | undefined {
  if (!t) return undefined;
  const isMapping = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);
  const rcs = isMapping(t.message);
  const wa = t.body !== undefined && t.body !== null;
  return rcs && wa ? 'both' : rcs ? 'rcs' : wa ? 'whatsapp' : undefined;
}

/**
 * The channel aliases after `channel:`: only those whose kind (`channels.<alias>.kind`) fits the
 * file (rule channel-kind refuses an RCS-only template on a WhatsApp channel and a WhatsApp one on
 * an RCS channel; a file with both, or neither yet, takes either). An alias of no kind is offered,
 * after the others, as lint cannot check it. The aliases every environment defines come before one
 * only some define, which is marked: a template only those environments have.
 */
export function channelItems(environments: Readonly<Record<string, { channels: Readonly<Record<string, unknown>> }>>,
  kinds: Readonly<Record<string, { kind?: 'whatsapp' | 'rcs' } | undefined>> | undefined, file: 'whatsapp' | 'rcs' | 'both' | undefined): CompletionItem[] {
  const envs = Object.entries(environments);
  const where = new Map<string, string[]>();
  for (const [name, e] of envs) for (const a of Object.keys(e.channels)) (where.get(a) ?? where.set(a, []).get(a)!).push(name);
  const kindOf = (a: string): 'whatsapp' | 'rcs' | undefined => (kinds && Object.prototype.hasOwnProperty.call(kinds, a) ? kinds[a]?.kind : undefined);
  const fits = (a: string): boolean => { const k = kindOf(a); return k === undefined || file === undefined || file === 'both' || k === file; };
  return [...where].filter(([a]) => fits(a)).map(([a, defined]) => {
    const everywhere = defined.length === envs.length;
    const kind = kindOf(a);
    const what = kind === 'rcs' ? ', an RCS channel' : kind === 'whatsapp' ? ', a WhatsApp channel' : '';
    const rank = (everywhere ? 0 : 2) + (kind === undefined ? 1 : 0);
    return {
      label: a, kind: CompletionItemKind.Value, sortText: `${rank}${a}`,
      detail: everywhere ? `channel alias (tplsync config)${what}` : `channel alias of ${defined.join(', ')} only${what}: the template is only theirs (the other environments leave it out)`,
    };
  }).sort((x, y) => x.sortText.localeCompare(y.sortText));
}
