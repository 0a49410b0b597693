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

/** a key a JavaScript object lists first whatever its place in the file: its order is not known from the value */
const INDEX_LIKE = /^(0|[1-9][0-9]*)$/;

/**
 * The first key (in the file's order) that `tplsync fmt` would move before an earlier one, or
 * undefined when every mapping is in fmt's order. Mappings with index-like keys are skipped: a
 * plain value does not keep their order.
 */
export function firstKeyOutOfOrder(value: unknown, schema: Schema | undefined = rootTemplateSchema(), at: Path = []): Path | undefined {
  const s = resolve(schema);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstKeyOutOfOrder(value[i], s?.items, [...at, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  const props = propertiesOf(s);
  const known = Object.keys(props);
  const keys = Object.keys(value);
  if (known.length && !keys.some((k) => INDEX_LIKE.test(k))) {
    let highest = -1;
    for (const k of keys) {
      const i = known.indexOf(k);
      const rank = i < 0 ? known.length : i;
      if (rank < highest) return [...at, k];
      highest = rank;
    }
  }
  for (const k of keys) {
    const found = firstKeyOutOfOrder((value as Record<string, unknown>)[k], props[k], [...at, k]);
    if (found) return found;
  }
  return undefined;
}
