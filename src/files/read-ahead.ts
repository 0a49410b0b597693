// Effects: the bytes of many template files, read ahead on a worker thread
// (read-ahead-worker.ts) while this thread works on the files before them. Opening, reading and
// closing 10,000 small files costs about as much as linting a sixth of them; on a machine with a
// second core that cost leaves the linting thread. The first files are read here while the
// worker starts. Reading is the same as load.ts's: a file the worker could not read whole comes
// back as undefined, and the caller reads it itself (load.ts), diagnostics and all.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const workerFile = fileURLToPath(new URL('./read-ahead-worker.js', import.meta.url));
/** files read by the caller while the worker starts (~20 ms) */
const HEAD = 256;
const BATCH = 256;

interface Batch { start: number; offsets: Int32Array; data: Uint8Array }

/** Files of this process whose bytes came from a worker (the tests prove the road was taken). */
export const readAheadStats = { delivered: 0 };

export interface ReadAhead {
  /** the bytes of file `i`, or undefined when the caller is to read it itself; asked in order */
  bytes(i: number): Promise<Uint8Array | undefined> | Uint8Array | undefined;
  close(): void;
}

/** A reader for `files` (absolute paths), or undefined when there is no worker to be had. */
export function readAhead(files: readonly string[]): ReadAhead | undefined {
  if (files.length <= HEAD || !existsSync(workerFile)) return undefined;
  const batches = new Map<number, Batch>();
  const waiting = new Map<number, () => void>();
  let failed = false;
  const w = new Worker(workerFile, { workerData: { files, from: HEAD, batch: BATCH } });
  const wake = (start: number): void => { const f = waiting.get(start); if (f) { waiting.delete(start); f(); } };
  w.on('message', (b: Batch) => { batches.set(b.start, b); wake(b.start); });
  // a worker that fails leaves the rest to the caller's own reads
  const fail = (): void => { failed = true; for (const k of [...waiting.keys()]) wake(k); };
  w.on('error', fail);
  w.on('exit', fail);
  let current: Batch | undefined;
  const from = (b: Batch, i: number): Uint8Array | undefined => {
    const k = 2 * (i - b.start);
    const a = b.offsets[k]!;
    if (a < 0) return undefined;
    readAheadStats.delivered++;
    return b.data.subarray(a, b.offsets[k + 1]!);
  };
  return {
    bytes(i) {
      if (i < HEAD) return undefined;
      const start = HEAD + Math.floor((i - HEAD) / BATCH) * BATCH;
      if (current?.start === start) return from(current, i);
      if (current) batches.delete(current.start);
      const ready = batches.get(start);
      if (ready) { current = ready; return from(ready, i); }
      if (failed) return undefined;
      return new Promise<void>((resolve) => waiting.set(start, resolve)).then(() => {
        const b = batches.get(start);
        if (!b) return undefined;
        current = b;
        return from(b, i);
      });
    },
    close() { w.removeAllListeners('exit'); void w.terminate(); },
  };
}
