// Effects (git via execa): the committed versions of a template file, newest first, so that pull
// can tell "the channel changed" from "the file changed since it was last in sync": the channel's
// copy is what some commit of the file says (the file moved since), or what none says (the channel
// moved, or an apply from elsewhere). Outside a repository, or for a file git does not track: none.
import path from 'node:path';
import { io } from '../core/io.js';

/** one committed version of a file: its commit (abbreviated) and its text there */
export interface CommittedVersion { commit: string; text: string }

/** how many commits of a file back pull looks for the version the channel holds */
export const HISTORY_DEPTH = 20;

/**
 * The versions of `abs` in the commits that changed it (the first is HEAD's version), up to
 * `depth`; `[]` outside a git repository or for a file with no commit. `wanted` stops the walk at
 * the first version it accepts (each version costs a git process).
 */
export async function committedVersions(abs: string, wanted: (text: string) => boolean, depth = HISTORY_DEPTH): Promise<{ versions: CommittedVersion[]; tracked: boolean }> {
  const { execa } = await import('execa');
  const cwd = path.dirname(abs);
  const git = (args: string[]) => execa('git', args, { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: false });
  const log = await git(['log', '-n', String(depth), '--format=%h', '--', path.basename(abs)]).catch(() => undefined);
  if (!log || log.exitCode !== 0) return { versions: [], tracked: false };
  const commits = String(log.stdout).split('\n').filter(Boolean);
  const versions: CommittedVersion[] = [];
  for (const commit of commits) {
    const shown = await git(['show', `${commit}:./${path.basename(abs)}`]);
    // (a commit that deleted the file: no version there)
    if (shown.exitCode !== 0) continue;
    versions.push({ commit, text: String(shown.stdout) });
    if (wanted(String(shown.stdout))) break;
  }
  return { versions, tracked: commits.length > 0 };
}

/** a template file git tracks that the working tree no longer has: its path and its text at HEAD */
export interface DeletedFile { abs: string; text: string }

/**
 * The files under `dir` that git tracks and the working tree lacks (deleted, not committed), each
 * with its text at HEAD, for those `keep` accepts by path (the templates' globs); `[]` outside a
 * repository. A template pulled back after its file was lost takes its names and its place from it.
 */
export async function deletedFiles(dir: string, keep: (abs: string) => boolean): Promise<DeletedFile[]> {
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd: dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: false });
  const ls = await git(['ls-files', '--deleted', '-z', '--full-name', '.']).catch(() => undefined);
  if (!ls || ls.exitCode !== 0) return [];
  const top = await git(['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0) return [];
  const root = String(top.stdout).trim();
  const out: DeletedFile[] = [];
  for (const rel of [...new Set(String(ls.stdout).split('\0').filter(Boolean))]) {
    const abs = path.join(root, rel);
    if (!keep(abs)) continue;
    const shown = await git(['show', `HEAD:${rel}`]);
    if (shown.exitCode === 0) out.push({ abs, text: String(shown.stdout) });
  }
  return out;
}
