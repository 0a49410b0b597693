// Pure: the outline of a template file for the editor (textDocument/documentSymbol): each key of
// the YAML a symbol at its place, a mapping's keys and a list's items its children, an item named
// by its index and what it is (a button's type and label, a card's title). Positions are the LSP's:
// 0-based lines, UTF-16 columns (a JavaScript string's own offsets). A file that does not parse
// yet (the user is typing) gives the outline of what does; an alias is shown, never followed.
import type { DocumentSymbol, Position, Range, SymbolInformation, SymbolKind } from 'vscode-languageserver/node.js';
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair } from 'yaml';

/** LSP's SymbolKind values used here (the protocol's numbers: the module loads nothing of the server library) */
export const SYMBOL_KIND = { Object: 19, Array: 18, String: 15, Number: 16, Boolean: 17, Null: 21, Key: 20 } as const satisfies Record<string, SymbolKind>;

/** symbols at most (a 5,000-line file stays a quick answer) and levels below the top */
const MAX_SYMBOLS = 5000;
const MAX_DEPTH = 8;
/** a value shown beside its key: one line, this long at most */
const DETAIL_MAX = 60;

/** the outline of `text` ([] when it holds no mapping or list) */
export function templateSymbols(text: string): DocumentSymbol[] {
  const lines = new LineCounter();
  const doc = parseDocument(text, { logLevel: 'error', lineCounter: lines, uniqueKeys: false });
  const at = (offset: number): Position => {
    const p = lines.linePos(Math.min(Math.max(offset, 0), text.length));
    return { line: p.line - 1, character: p.col - 1 };
  };
  const range = (from: number, to: number): Range => ({ start: at(from), end: at(Math.max(from, to)) });
  let count = 0;

  const children = (node: unknown, depth: number): DocumentSymbol[] | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    if (isMap(node)) return node.items.flatMap((p) => pairSymbol(p, depth));
    if (isSeq(node)) {
      return node.items.flatMap((item, i) => {
        if (count >= MAX_SYMBOLS || !item || !(item as Node).range) return [];
        count++;
        const r = (item as Node).range!;
        const sub = children(item, depth + 1);
        return [{ name: `[${i}]${itemLabel(item)}`, ...detailOf(item), kind: kindOf(item), range: range(r[0], r[1]), selectionRange: range(r[0], r[0]), ...(sub?.length ? { children: sub } : {}) }];
      });
    }
    return undefined;
  };

  const pairSymbol = (p: Pair<unknown, unknown>, depth: number): DocumentSymbol[] => {
    if (count >= MAX_SYMBOLS || !isPair(p) || !isScalar(p.key) || !p.key.range) return [];
    count++;
    const key = p.key as Node;
    const value = p.value as Node | null;
    const end = value?.range ? value.range[1] : key.range![1];
    const sub = children(value, depth + 1);
    return [{
      name: String((p.key as { value: unknown }).value), ...detailOf(value), kind: kindOf(value),
      range: range(key.range![0], end), selectionRange: range(key.range![0], key.range![1]),
      ...(sub?.length ? { children: sub } : {}),
    }];
  };

  return children(doc.contents, 0) ?? [];
}

function kindOf(node: unknown): SymbolKind {
  if (isMap(node)) return SYMBOL_KIND.Object;
  if (isSeq(node)) return SYMBOL_KIND.Array;
  if (isScalar(node)) {
    const v = node.value;
    if (typeof v === 'number' || typeof v === 'bigint') return SYMBOL_KIND.Number;
    if (typeof v === 'boolean') return SYMBOL_KIND.Boolean;
    if (v === null) return SYMBOL_KIND.Null;
    return SYMBOL_KIND.String;
  }
  return SYMBOL_KIND.Key;
}

const oneLine = (s: string): string => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > DETAIL_MAX ? `${flat.slice(0, DETAIL_MAX - 1)}…` : flat;
};

/** what a value shows beside its key: a scalar's text, an alias's name, a list's length */
function detailOf(node: unknown): { detail?: string } {
  if (isAlias(node)) return { detail: `*${node.source}` };
  if (isScalar(node)) return node.value === null ? {} : { detail: oneLine(String(node.source ?? node.value)) };
  if (isSeq(node)) return { detail: `${node.items.length} item${node.items.length === 1 ? '' : 's'}` };
  return {};
}

/** a list item's own name after its index: a button's `type: text`, a card's title, a suggestion's text */
function itemLabel(item: unknown): string {
  if (isScalar(item)) return '';
  if (!isMap(item)) return '';
  const get = (k: string): string | undefined => {
    const v = item.get(k, true);
    return isScalar(v) && v.value !== null && typeof v.value !== 'object' ? oneLine(String(v.value)) : undefined;
  };
  const type = get('type');
  const label = get('text') ?? get('title') ?? get('name') ?? get('label');
  if (type && label) return ` ${type}: ${label}`;
  return type ? ` ${type}` : label ? ` ${label}` : '';
}

/**
 * The outline as a flat list (SymbolInformation[]), for a client that does not take the nested
 * form (its `hierarchicalDocumentSymbolSupport` is not true): each symbol with its whole range and
 * the name of the one it is in (`containerName`, as `body` or `buttons.[1] URL: Track`).
 */
export function flatSymbols(symbols: readonly DocumentSymbol[], uri: string): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  const walk = (list: readonly DocumentSymbol[], container: string | undefined): void => {
    for (const x of list) {
      out.push({ name: x.name, kind: x.kind, location: { uri, range: x.range }, ...(container !== undefined ? { containerName: container } : {}) });
      if (x.children?.length) walk(x.children, container === undefined ? x.name : `${container}.${x.name}`);
    }
  };
  walk(symbols, undefined);
  return out;
}
