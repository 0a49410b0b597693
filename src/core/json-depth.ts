// Pure: whether a parsed JSON value nests arrays or objects deeper than a bound, walked without
// recursion (what a recursive walk of it, a check, a stringify, would overflow the stack on).
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (d >= max) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) if (x !== null && typeof x === 'object') stack.push([x, d + 1]);
  }
  return false;
}

/**
 * The deepest a JSON file tplsync reads may nest arrays and objects (an export, a saved plan, a
 * keys file, the workflow's event, an answer of the API): as a template's YAML is bounded
 * (`MAX_NESTING_DEPTH`, 64), far above what any of them nests (a template about 8 levels, a saved
 * plan a few more). Checked right after JSON.parse (which does not recurse), before any walk does.
 */
export const MAX_JSON_DEPTH = 64;

/** What is wrong with a parsed JSON value nested past `max` levels (undefined: nothing): said after the file's name. */
export function jsonDepthProblem(value: unknown, max = MAX_JSON_DEPTH): string | undefined {
  return nestedDeeperThan(value, max) ? `nests arrays or objects more than ${max} levels deep, which no file of its kind does (a template nests under ten): refused rather than read` : undefined;
}
