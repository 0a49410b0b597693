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

/**
 * Pure: a path as `git log --name-only` writes it. A path holding a double quote, a backslash or a
 * control character (a tab) is written as a C string between double quotes, with octal escapes for
 * its bytes (every byte over 0x7f too, unless core.quotePath is false): given back as the path.
 */
export function unquoteGitPath(name: string): string {
  if (name.length < 2 || !name.startsWith('"') || !name.endsWith('"')) return name;
  const bytes: number[] = [];
  const inner = name.slice(1, -1);
  const simple: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, '\\': 92 };
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c !== '\\') { for (const b of Buffer.from(c, 'utf8')) bytes.push(b); continue; }
    const next = inner[i + 1] ?? '';
    if (/[0-7]/.test(next)) { bytes.push(parseInt(inner.slice(i + 1, i + 4), 8)); i += 3; continue; }
    bytes.push(simple[next] ?? next.charCodeAt(0));
    i++;
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Pure: the commits of a `git log --format=%x00FORMAT --name-only` output, each its format's line
 * (`head`) and the paths the commit names, as they are (unquoted; nothing trimmed from a path).
 */
export function logCommits(stdout: string): { head: string; files: string[] }[] {
  const out: { head: string; files: string[] }[] = [];
  for (const chunk of stdout.split('\0')) {
    const lines = chunk.split('\n');
    const head = lines[0]!.trim();
    if (!head) continue;
    out.push({ head, files: lines.slice(1).filter((l) => l !== '').map(unquoteGitPath) });
  }
  return out;
}
