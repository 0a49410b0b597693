// Pure: the order `tplsync fmt` puts a template's keys in (the JSON Schema's), shared by fmt
// (which moves the keys of the YAML document) and the `key-order` rule (which finds the first
// key out of that order in the plain value).
import type { Path } from '../files/locate.js';
import { templateSchema } from '../schemas/template.js';

export type Schema = { properties?: Record<string, Schema>; items?: Schema; $ref?: string; definitions?: Record<string, Schema>; allOf?: { then?: Schema }[] };

let rootSchema: Schema | undefined;
export function rootTemplateSchema(): Schema {
  rootSchema ??= templateSchema() as Schema;
  return rootSchema;
}

export function resolve(s: Schema | undefined): Schema | undefined {
  const root = rootTemplateSchema();
  let cur = s;
  for (let i = 0; cur?.$ref && i < 10; i++) cur = root.definitions?.[cur.$ref.replace('#/definitions/', '')];
  return cur;
}

/**
 * A mapping's properties in schema order, with those of its `if`/`then` parts (the keys of each
 * button type) after them, in the order of the parts: the order keys had before the button
 * types had a schema each, so that version-1 files keep their layout.
 */
export function propertiesOf(s: Schema | undefined): Record<string, Schema> {
  const out: Record<string, Schema> = { ...(s?.properties ?? {}) };
  for (const part of s?.allOf ?? []) for (const [k, v] of Object.entries(resolve(part.then)?.properties ?? {})) if (!(k in out)) out[k] = v;
  return out;
}

/**
 * Where in a mapping's keys (given in the file's order) fmt's order would put a new key: before
 * the first key that order ranks after it, else at the end. `path`: the mapping's, from the root.
 */
export function insertionIndex(path: readonly (string | number)[], keys: readonly string[], key: string): number {
  let s: Schema | undefined = rootTemplateSchema();
  for (const seg of path) s = typeof seg === 'number' ? resolve(s)?.items : propertiesOf(resolve(s))[seg];
  const known = Object.keys(propertiesOf(resolve(s)));
  const rank = (k: string): number => { const i = known.indexOf(k); return i < 0 ? known.length : i; };
  const mine = rank(key);
  const at = keys.findIndex((k) => rank(k) > mine);
  return at < 0 ? keys.length : at;
}

/** a key a JavaScript object lists first whatever its place in the file: its order is not known from the value */
const INDEX_LIKE = /^(0|[1-9][0-9]*)$/;

/** per schema node: its properties' ranks and schemas (worked out once: the rule runs on every file) */
const ranks = new WeakMap<Schema, { rank: Map<string, number>; props: Record<string, Schema> }>();
function ranksOf(s: Schema): { rank: Map<string, number>; props: Record<string, Schema> } {
  let r = ranks.get(s);
  if (!r) {
    const props = propertiesOf(s);
    ranks.set(s, r = { rank: new Map(Object.keys(props).map((k, i) => [k, i])), props });
  }
  return r;
}

/**
 * The first key (in the file's order) that `tplsync fmt` would move before an earlier one, or
 * undefined when every mapping is in fmt's order. Mappings with index-like keys are skipped: a
 * plain value does not keep their order.
 */
export function firstKeyOutOfOrder(value: unknown, schema: Schema | undefined = rootTemplateSchema()): Path | undefined {
  const found = walk(value, schema);
  return found?.reverse();
}

/** the path found, last segment first (built only on the way back from a finding) */
function walk(value: unknown, schema: Schema | undefined): (string | number)[] | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const s = resolve(schema);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = walk(value[i], s?.items);
      if (found) { found.push(i); return found; }
    }
    return undefined;
  }
  const { rank, props } = s ? ranksOf(s) : { rank: undefined, props: undefined };
  const keys = Object.keys(value);
  if (rank && rank.size && !keys.some((k) => INDEX_LIKE.test(k))) {
    let highest = -1;
    for (const k of keys) {
      const r = rank.get(k) ?? rank.size;
      if (r < highest) return [k];
      highest = r;
    }
  }
  for (const k of keys) {
    const found = walk((value as Record<string, unknown>)[k], props?.[k]);
    if (found) { found.push(k); return found; }
  }
  return undefined;
}
