// apply --results: the results file as the run goes (replaced whole each time), so that a job
// killed hard keeps what was written. The writing itself (the document, the atomic replace) is
// the caller's `write`; this decides when it happens.

export interface ResultsProgressOptions {
  /** writes the results file as it stands now (whole) */
  write: () => void;
  signal?: AbortSignal;
}

export interface ResultsProgress {
  /** a template's result (or its review's end) is known */
  changed(): void;
  /** the run has ended: the caller writes the final results itself */
  end(): void;
}

export function resultsProgress(o: ResultsProgressOptions): ResultsProgress {
  return {
    changed() { o.write(); },
    end() { /* nothing pending */ },
  };
}
