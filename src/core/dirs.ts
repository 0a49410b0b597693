// Effects: making a folder and its parents (mkdir -p) in a way that always ends. Node's recursive
// mkdir loops without end where a parent answers ENOENT for a child it will never hold (under
// /proc: `preview --out /proc/x` spun at full CPU and ignored SIGTERM); this walks up to the first
// folder that exists once, then makes each missing one, and fails with the file system's error.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolvePath } from './io.js';

/** `dir` and its missing parents made; an ancestor that is a file, or a folder the file system will not make, fails (EEXIST, ENOENT, EACCES: with the path) */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  let d = resolvePath(dir);
  for (;;) {
    let isDir: boolean | undefined;
    try { isDir = statSync(d).isDirectory(); } catch (e) { const code = (e as NodeJS.ErrnoException).code; if (code !== 'ENOENT' && code !== 'ENOTDIR') throw e; }
    if (isDir === false) throw Object.assign(new Error(`EEXIST: file already exists, mkdir '${d}'`), { code: 'EEXIST', syscall: 'mkdir', path: d });
    if (isDir) break;
    missing.push(d);
    const up = path.dirname(d);
    if (up === d) break;
    d = up;
  }
  for (const m of missing.reverse()) {
    try { mkdirSync(m); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(m).isDirectory()) throw e; }
  }
}
