// Pure: reading untrusted plain values (a template file may not match the schema).
export type Loose = { readonly [k: string]: unknown };

export function obj(v: unknown): Loose | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Loose) : undefined;
}
export function arr(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : [];
}
/** the mappings of a list (anything else in it counts as an empty mapping) */
export function objs(v: unknown): Loose[] {
  return arr(v).map((x) => obj(x) ?? {});
}
export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}
/** a sample value as sent: strings as they are, numbers as written */
export function sample(v: unknown): string | undefined {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;
}
