// Effects (worker thread): the writes of an AtomicWriter with `threads` (write.ts), made here with
// blocking system calls: each file the same checks, temp file (a spare inode) and rename as on the
// calling thread's async road, without a callback, a promise and a hop through libuv's threads
// for each of the half-dozen calls a file takes. The files come in batches, in the order asked;
// one file always goes to the same thread, so two writes of it are made in order. The first
// failure (on any thread) or an abort, published in a shared flag, stops the files not started.
import { unlinkSync } from 'node:fs';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { createOneSync, FileChanged, replaceWithSparesSync, type Refusal, type Spare, type ThreadFailure, type WriteJob } from './write.js';
import { makeDirs } from '../core/dirs.js';

/** 0: go on; 1: a write failed; 2: aborted (the signal) */
const { flag, collectRefusals } = workerData as { flag: Int32Array; collectRefusals?: boolean };
/** with collectRefusals: the files refused (a link, a read-only file), the others written all the same */
const refused: Refusal[] = [];
const spares: Spare[] = [];
const dirs = new Set<string>();
let notStarted = 0;
let written = 0;
/** the files written, in the order made (what a run stopped part way lists) */
const files: string[] = [];
let failure: ThreadFailure | undefined;

function fail(e: unknown): void {
  if (failure) return;
  const first = Atomics.compareExchange(flag, 0, 0, 1) === 0;
  const err = e as NodeJS.ErrnoException;
  failure = { name: err?.name ?? 'Error', message: err?.message ?? String(e), ...(err?.code ? { code: err.code } : {}), ...(typeof err?.syscall === 'string' ? { syscall: err.syscall } : {}), ...(typeof err?.path === 'string' ? { path: err.path } : {}), first };
}

parentPort!.on('message', (m: { jobs?: WriteJob[]; end?: boolean }) => {
  for (const j of m.jobs ?? []) {
    const f = Atomics.load(flag, 0);
    if (f !== 0) { if (f === 2 && !failure) notStarted++; continue; }
    try {
      const dir = path.dirname(j.file);
      if (!dirs.has(dir)) { makeDirs(dir); dirs.add(dir); }
      if (j.create) createOneSync(j.file, j.text); else replaceWithSparesSync(j.file, j.text, spares, j.expect);
      written++;
      files.push(j.file);
    } catch (e) {
      if (collectRefusals && (e as Error)?.name === 'WriteRefused') refused.push({ file: j.file, message: (e as Error).message, ...(e instanceof FileChanged ? { changed: true } : {}) });
      else fail(e);
    }
  }
  if (m.end) {
    for (const s of spares.splice(0)) {
      try { unlinkSync(s.tmp); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') fail(e); }
    }
    // the calling thread ends this one once it has the answer
    parentPort!.postMessage({ notStarted, written, files, failure, refused });
  }
});
