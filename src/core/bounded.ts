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
