// Effects: the bytes of many template files, read ahead on a worker thread
// (read-ahead-worker.ts) while this thread works on the files before them. Opening, reading and
// closing 10,000 small files costs about as much as linting a sixth of them; on a machine with a
// second core that cost leaves the linting thread. The caller never waits for the worker: the
// first files, and any whose batch has not arrived, it reads itself. Reading is the same as
// load.ts's: a file the worker could not read whole comes back as undefined, and the caller reads
// it itself (load.ts), diagnostics and all.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

const workerFile = fileURLToPath(new URL('./read-ahead-worker.js', import.meta.url));
/** files read by the caller while the worker starts (~20 ms) */
const HEAD = 256;
const BATCH = 256;

interface Batch { start: number; end: number; offsets: Int32Array; data: Uint8Array }

/** Files of this process whose bytes came from a worker (the tests prove the road was taken). */
export const readAheadStats = { delivered: 0 };

export interface ReadAhead {
  /**
   * The bytes of file `i`, or undefined when the caller is to read it itself: a file the worker
   * could not read whole, or one whose batch has not arrived (the caller never waits for the
   * worker). Asked in order; the caller lets the event loop run now and then (`arrived`).
   */
  bytes(i: number): Uint8Array | undefined;
  /** tells the worker the caller is at file `i`, and lets the batches that arrived in the meantime be delivered */
  arrived(i: number): Promise<void>;
  close(): void;
}

/** A reader for `files` (absolute paths), or undefined when there is no worker to be had. */
export function readAhead(files: readonly string[]): ReadAhead | undefined {
  if (files.length <= HEAD || !existsSync(workerFile)) return undefined;
  // where the caller is, so that the worker reads ahead of it (and not files it has passed)
  const position = new Int32Array(new SharedArrayBuffer(4));
  const batches = new Map<number, Batch>();
  const w = new Worker(workerFile, { workerData: { files, from: HEAD, batch: BATCH, position } });
  w.on('message', (b: Batch) => { batches.set(b.start, b); });
  // a worker that fails leaves the rest to the caller's own reads
  w.on('error', () => {});
  let current: Batch | undefined;
  return {
    bytes(i) {
      if (!current || i < current.start || i >= current.end) {
        current = undefined;
        // the batches arrive in order; those the caller has passed are dropped
        for (const [start, b] of batches) {
          if (b.end <= i) { batches.delete(start); continue; }
          if (b.start <= i) current = b;
          break;
        }
        if (!current) return undefined;
      }
      const k = 2 * (i - current.start);
      const a = current.offsets[k]!;
      if (a < 0) return undefined;
      readAheadStats.delivered++;
      return current.data.subarray(a, current.offsets[k + 1]!);
    },
    arrived(i: number) {
      Atomics.store(position, 0, i);
      return new Promise<void>((resolve) => setImmediate(resolve));
    },
    close() { void w.terminate(); },
  };
}
