// Effects (git via execa): the texts of committed files, many in one `git cat-file --batch`
// process, for plan (the files at a base, their history) and pull (a file's versions, deleted files).
import { io } from '../core/io.js';

/** a committed blob larger than this is left out, as lint refuses a template file of that size */
const MAX_BLOB = 1024 * 1024;

/**
 * The text of each `REV:PATH` of `specs` (PATH from the repository's top, as `git log --name-only` gives it), by its
 * index; missing ones ("<spec> missing": a commit that deleted the file) and blobs over 1 MiB are left out, and so is
 * everything when git fails (outside a repository). One git process whatever their number.
 */
export async function catBlobs(cwd: string, specs: readonly string[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!specs.length) return out;
  const { execa } = await import('execa');
  const r = await execa('git', ['cat-file', '--batch'], { cwd, env: io().env, extendEnv: false, reject: false, input: specs.map((s) => `${s}\n`).join(''), encoding: 'buffer', stripFinalNewline: false, maxBuffer: 512 * 1024 * 1024 }).catch(() => undefined);
  if (!r || r.exitCode !== 0) return out;
  const buf = Buffer.from(r.stdout as Uint8Array);
  let at = 0;
  for (let k = 0; k < specs.length; k++) {
    const nl = buf.indexOf(10, at);
    if (nl < 0) break;
    const head = buf.subarray(at, nl).toString('utf8');
    at = nl + 1;
    const m = / blob (\d+)$/.exec(head);
    if (!m) continue; // "<spec> missing" and the like: no content follows
    const size = Number(m[1]);
    if (size <= MAX_BLOB) out.set(k, buf.subarray(at, at + size).toString('utf8'));
    at += size + 1;
  }
  return out;
}
