// Pure: a positional export's numbered placeholders given the names the file wrote. Meta numbers a
// named template's placeholders in order of first appearance in each component (tplsync's own
// numbering, placeholders.ts); an export of the positional template numbers them so, and the
// file's names come back by number. A component whose export holds other numbers than the file
// has names for (a placeholder added or taken away) stays numbered (pull --from says so).
type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

const NAMED = /\{\{([a-z_][a-z0-9_]*)\}\}/g;
const NUMBERED = /\{\{([1-9][0-9]*)\}\}/g;

/** the names of a text's named placeholders in order of first appearance, or undefined when it has none or mixes in numbers */
function namesOf(text: string): string[] | undefined {
  if (NUMBERED.test(text)) { NUMBERED.lastIndex = 0; return undefined; }
  const names: string[] = [];
  for (const m of text.matchAll(NAMED)) if (!names.includes(m[1]!)) names.push(m[1]!);
  return names.length ? names : undefined;
}

/** `part` (an export's component: text and examples by number) with the file's names, when its numbers are exactly 1..names.length */
function named(part: unknown, own: unknown): unknown {
  if (!isObject(part) || !isObject(own) || typeof part.text !== 'string' || typeof own.text !== 'string') return part;
  const names = namesOf(own.text);
  if (!names || NAMED.test(part.text)) { NAMED.lastIndex = 0; return part; }
  const numbers = new Set([...part.text.matchAll(NUMBERED)].map((m) => Number(m[1])));
  if (numbers.size !== names.length || [...numbers].some((n) => n > names.length)) return part;
  const text = part.text.replace(NUMBERED, (_w, n: string) => `{{${names[Number(n) - 1]!}}}`);
  const examples = isObject(part.examples) ? Object.fromEntries(Object.entries(part.examples).map(([k, v]) => [/^[1-9][0-9]*$/.test(k) && Number(k) <= names.length ? names[Number(k) - 1]! : k, v])) : part.examples;
  return { ...part, text, ...(examples !== undefined ? { examples } : {}) };
}

/** An export's template (file form) with the names the file `own` gives its header's and body's placeholders, where they fit. */
export function positionalNamesBack<T extends Loose>(exported: T, own: Loose | undefined): T {
  if (!own) return exported;
  let out: Loose = exported;
  for (const key of ['header', 'body'] as const) {
    const part = named(out[key], own[key]);
    if (part !== out[key]) out = { ...out, [key]: part };
  }
  return out as T;
}
