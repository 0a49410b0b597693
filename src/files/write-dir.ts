// Effects: many new files into a folder that is not there yet (pull of a catalogue into a new
// --dir), all or nothing: the files are written into a new hidden sibling folder, which is then
// renamed to the folder's name. A reader sees no folder, then the folder with every file whole;
// a crash leaves only the hidden folder. Against a temp file and a rename per file
// (write.ts), this is two file system entries fewer per file: creating 12,000 entries for 6,000
// files was most of the time of `pull --from meta` on a busy machine.
import { lstatSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { redact } from '../core/redact.js';
import { forEachUntilFailure } from '../core/bounded.js';
import { startWritingFiles, type BatchFile, type FileChanged, type WriteOptions } from './write.js';
import { resolvePath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';
import { onHardStop } from '../core/interrupt.js';
import { ownerRunning } from '../core/pid-lock.js';

let seq = 0;

/**
 * startWritingFiles for files that all go straight into `dir`, a folder not there yet; undefined
 * when that is not the case (the folder or something of its name exists, a file lies elsewhere,
 * two files have one name), and the caller writes file by file. Should the folder appear
 * meanwhile, the files are written into it file by file after all. On a failure the hidden folder
 * is removed and the error thrown: nothing is left half-written.
 */
export function startWritingNewFolder(dir: string, files: readonly BatchFile[], o: WriteOptions & { concurrency?: number } = {}): { texts: string[]; written: Promise<void>; changed: FileChanged[] } | undefined {
  const abs = resolvePath(dir);
  if (!files.length) return undefined;
  try { lstatSync(abs); return undefined; } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ENOENT') return undefined; }
  const names = new Set<string>();
  for (const f of files) {
    const p = resolvePath(f.file);
    if (path.dirname(p) !== abs || names.has(path.basename(p))) return undefined;
    names.add(path.basename(p));
  }
  const parent = path.dirname(abs);
  makeDirs(parent);
  removeLeftovers(parent, path.basename(abs));
  // hidden (a glob of the project's templates does not see it), beside the folder (one rename)
  const tmp = path.join(parent, `.${path.basename(abs)}.${process.pid}.${Date.now()}.${++seq}.tmp`);
  mkdirSync(tmp);
  // a signal that ends the process at once (a command that did not ask to stop cleanly, or a second Ctrl-C) removes it too:
  // interrupted pulls left one hidden folder of templates each, which `git add -A` would commit
  const dropOnStop = onHardStop(() => rmSync(tmp, { recursive: true, force: true }));
  const texts = files.map((f) => (o.verbatim ? f.data : redact(f.data)));
  const changed: FileChanged[] = [];
  // 'wx': a file of this name appearing in the new folder is an error, not overwritten
  const written = forEachUntilFailure(files, o.concurrency ?? 8, (f, i) => fsp.writeFile(path.join(tmp, path.basename(f.file)), texts[i]!, { flag: 'wx' })).then(async () => {
    try { renameSync(tmp, abs); return; } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOTDIR' && code !== 'EISDIR') throw e;
    }
    // the folder appeared meanwhile: each file into it with its own checks (a file asked for new is created
    // exclusively: one that appeared there meanwhile is kept, and listed in `changed`)
    const each = startWritingFiles(files.map((f, i) => ({ ...f, data: texts[i]! })), { ...o, verbatim: true });
    await each.written;
    changed.push(...each.changed);
  }).finally(() => { dropOnStop(); rmSync(tmp, { recursive: true, force: true }); });
  return { texts, written, changed };
}

/**
 * The hidden folders an earlier write into `name` left when its process was killed (kill -9, a
 * container stopped): removed, once their process no longer runs; another run's, still writing, stay.
 */
function removeLeftovers(parent: string, name: string): void {
  let entries: string[];
  try { entries = readdirSync(parent); } catch { return; }
  const prefix = `.${name}.`;
  for (const e of entries) {
    if (!e.startsWith(prefix) || !e.endsWith('.tmp')) continue;
    const m = /^(\d+)\.\d+\.\d+\.tmp$/.exec(e.slice(prefix.length));
    if (!m || Number(m[1]) === process.pid || ownerRunning({ pid: Number(m[1]) })) continue;
    try { if (lstatSync(path.join(parent, e)).isDirectory()) rmSync(path.join(parent, e), { recursive: true, force: true }); } catch { /* gone meanwhile */ }
  }
}
