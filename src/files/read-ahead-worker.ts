// Effects (worker thread): reads template files ahead of the thread that lints them
// (read-ahead.ts), so the open, read and close of each file run on another core. It reads from
// just ahead of where the linting thread is (a shared position it publishes), never files that
// thread has passed. Each batch's bytes go back in one transferred buffer with the offsets of each
// file; a file it does not read whole in one go (larger than CHUNK, unreadable, anything odd) is
// marked -1, and the linting thread reads that one itself through the usual bounded read (load.ts).
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';

const { files, from, batch, position } = workerData as { files: string[]; from: number; batch: number; position: Int32Array };
/** a file of this size or more is left to the linting thread (it also knows the size bound) */
const CHUNK = 64 * 1024;

let buf = new Uint8Array(batch * 2048 + CHUNK);
for (let start = from; start < files.length;) {
  // a batch that begins where the linting thread will be by the time it arrives, not behind it
  start = Math.max(start, Atomics.load(position, 0) + batch);
  if (start >= files.length) break;
  const end = Math.min(start + batch, files.length);
  const offsets = new Int32Array(2 * (end - start));
  let at = 0;
  for (let i = start; i < end; i++) {
    if (buf.length - at < CHUNK) {
      const bigger = new Uint8Array(Math.max(buf.length * 2, at + CHUNK));
      bigger.set(buf.subarray(0, at));
      buf = bigger;
    }
    let got = -1;
    try {
      const fd = openSync(files[i]!, 'r');
      try { got = readSync(fd, buf, at, CHUNK, null); } finally { closeSync(fd); }
    } catch { got = -1; }
    const k = 2 * (i - start);
    if (got < 0 || got >= CHUNK) { offsets[k] = -1; offsets[k + 1] = -1; continue; }
    offsets[k] = at;
    offsets[k + 1] = at + got;
    at += got;
  }
  const data = buf.slice(0, at);
  parentPort!.postMessage({ start, end, offsets, data }, [offsets.buffer, data.buffer]);
  start = end;
}
