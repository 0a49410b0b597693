// apply --results: the results file as the run goes (replaced whole each time), so that a job
// killed hard keeps what was written. The writing itself (the document, the atomic replace) is
// the caller's `write`; this decides when it happens: at most once every `everyMs` (a rewrite per
// template rewrote a 750 KB file 2,400 times, 110 s instead of 20 s, and after Ctrl-C once per
// template not started, ~55 s before apply ended), a change within that time written by a timer
// when it has passed, so that the file says what is done at most `everyMs` late; and once at once
// when the run is interrupted (what is in flight and what was not started, named in the file).
// The time is injected: the tests move it instead of waiting for it.

export interface ResultsClock {
  now(): number;
  /** runs `fn` after `ms` (a timer that keeps no process alive); returns its cancel */
  later(fn: () => void, ms: number): () => void;
}

export const systemResultsClock: ResultsClock = {
  now: () => Date.now(),
  later: (fn, ms) => {
    const t = setTimeout(fn, Math.max(0, ms));
    t.unref?.();
    return () => clearTimeout(t);
  },
};

/** the least time between two rewrites of the results file during a run */
export const RESULTS_EVERY_MS = 1000;

export interface ResultsProgressOptions {
  /** writes the results file as it stands now (whole) */
  write: () => void;
  signal?: AbortSignal;
  clock?: ResultsClock;
  everyMs?: number;
}

export interface ResultsProgress {
  /** a template's result (or its review's end) is known */
  changed(): void;
  /** the run has ended: nothing more is written here (the caller writes the final results itself) */
  end(): void;
}

export function resultsProgress(o: ResultsProgressOptions): ResultsProgress {
  const clock = o.clock ?? systemResultsClock;
  const everyMs = o.everyMs ?? RESULTS_EVERY_MS;
  let last = -Infinity;
  let cancel: (() => void) | undefined;
  let ended = false;
  const now = (): void => {
    cancel?.();
    cancel = undefined;
    last = clock.now();
    o.write();
  };
  // interrupted: the file says at once what was done, and what was in flight or not started; the
  // templates then reported "not started" one by one make no rewrite each (the final results say them)
  const onAbort = (): void => { if (!ended) now(); };
  if (!o.signal?.aborted) o.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    changed() {
      if (ended || cancel) return;
      const wait = last + everyMs - clock.now();
      if (wait <= 0) now();
      else cancel = clock.later(() => { cancel = undefined; if (!ended) now(); }, wait);
    },
    end() {
      ended = true;
      cancel?.();
      cancel = undefined;
      o.signal?.removeEventListener('abort', onAbort);
    },
  };
}
