// Pure: `to.push(...items)` without the spread, which passes every item as an argument and
// throws "Maximum call stack size exceeded" past ~120,000 of them (a translation file of 130,000
// refused units did).
export function append<T>(to: T[], items: readonly T[]): T[] {
  for (const x of items) to.push(x);
  return to;
}
