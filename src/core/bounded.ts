// The one bounded work queue every command uses to work on many templates at once (plan's reads,
// apply's writes, the writes of many files): `--parallelism` workers pull the next item from the list, so there is no
// promise, timer or request object per template up front, and once `signal` is aborted no
// worker starts a new item (what is in flight finishes).
export async function forEachBounded<T>(items: readonly T[], parallelism: number, fn: (item: T, index: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(items.length, parallelism)) }, worker));
}

/**
 * forEachBounded that stops at the first failure: no item starts after it, those under way
 * finish, and then the first failure is thrown (many files written: the first that cannot be).
 */
export async function forEachUntilFailure<T>(items: readonly T[], parallelism: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  const stop = new AbortController();
  let failure: { error: unknown } | undefined;
  await forEachBounded(items, parallelism, async (item, i) => {
    try { await fn(item, i); } catch (error) { failure ??= { error }; stop.abort(); }
  }, stop.signal);
  if (failure) throw failure.error;
}

/**
 * forEachBounded where an item may have to wait for its group (apply: a creation whose channel's
 * quota window is used up): `waitsFor(item)` names the group it would wait on now, or undefined
 * when it can start at once. A free worker takes the first item in order that can start at once;
 * the items of a waiting group are set aside (in order) and taken as soon as their group can go
 * on, or, when nothing else is left, the earliest of them is taken (and waits). So one group's wait
 * never holds every worker while other items could go on (a channel's quota wait held all the
 * other channels' creations and the edits for an hour).
 */
export async function forEachBoundedByGroup<T>(items: readonly T[], parallelism: number, waitsFor: (item: T) => string | undefined, fn: (item: T, index: number) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  /** the items set aside per group, in order (a queue with its head), and how many of them workers wait on */
  const aside = new Map<string, { at: number[]; head: number; waiting: number }>();
  /**
   * The earliest item set aside whose group can go on now; or, with `anyway`, the one to wait on: of the
   * group fewest workers wait on (each waiting group gets a worker, so each goes on as its own wait ends)
   */
  const earliest = (anyway: boolean): { i: number; q?: { waiting: number } } | undefined => {
    let best: { q: { at: number[]; head: number; waiting: number }; i: number } | undefined;
    for (const q of aside.values()) {
      const i = q.at[q.head];
      if (i === undefined) continue;
      if (best && (anyway ? q.waiting > best.q.waiting || (q.waiting === best.q.waiting && i > best.i) : i > best.i)) continue;
      if (!anyway && waitsFor(items[i]!) !== undefined) continue;
      best = { q, i };
    }
    if (!best) return undefined;
    best.q.head++;
    if (anyway) { best.q.waiting++; return best; }
    return { i: best.i };
  };
  const take = (): { i: number; q?: { waiting: number } } | undefined => {
    const ready = earliest(false);
    if (ready !== undefined) return ready;
    while (next < items.length) {
      const i = next++;
      const group = waitsFor(items[i]!);
      if (group === undefined) return { i };
      const q = aside.get(group) ?? aside.set(group, { at: [], head: 0, waiting: 0 }).get(group)!;
      q.at.push(i);
    }
    return earliest(true);
  };
  const worker = async (): Promise<void> => {
    while (!signal?.aborted) {
      const t = take();
      if (t === undefined) return;
      try { await fn(items[t.i]!, t.i); } finally { if (t.q) t.q.waiting--; }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(items.length, parallelism)) }, worker));
}
