// Effects (git via execa): the committed versions of a template file, newest first, so that pull
// can tell "the channel changed" from "the file changed since it was last in sync": the channel's
// copy is what some commit of the file says (the file moved since), or what none says (the channel
// moved, or an apply from elsewhere). Outside a repository, or for a file git does not track: none.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { io } from '../core/io.js';
import { catBlobs, logCommits } from '../files/git-blobs.js';

/** one committed version of a file: its commit (abbreviated) and its text there */
export interface CommittedVersion { commit: string; text: string }

/** how many commits of a file back pull looks for the version the channel holds */
export const HISTORY_DEPTH = 20;

/**
 * The versions of `abs` in the commits that changed it (the first is HEAD's version), up to
 * `depth`, ending at the first version `wanted` accepts; `[]` outside a git repository or for a
 * file with no commit. Two git processes whatever the depth: the log, and one `cat-file --batch`.
 */
export async function committedVersions(abs: string, wanted: (text: string) => boolean, depth = HISTORY_DEPTH): Promise<{ versions: CommittedVersion[]; tracked: boolean }> {
  const { execa } = await import('execa');
  const cwd = path.dirname(abs);
  // each commit with the file's path from the repository's top (what cat-file takes)
  const log = await execa('git', ['-c', 'core.quotePath=false', 'log', '--no-renames', '-n', String(depth), '--format=%x00%h', '--name-only', '--', path.basename(abs)], { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: false }).catch(() => undefined);
  if (!log || log.exitCode !== 0) return { versions: [], tracked: false };
  const commits = logCommits(String(log.stdout)).filter((c) => c.files.length).map((c) => ({ commit: c.head, file: c.files[0]! }));
  const texts = await catBlobs(cwd, commits.map((c) => `${c.commit}:${c.file}`));
  const versions: CommittedVersion[] = [];
  for (const [i, { commit }] of commits.entries()) {
    const text = texts.get(i);
    // (a commit that deleted the file: no version there)
    if (text === undefined) continue;
    versions.push({ commit, text });
    if (wanted(text)) break;
  }
  return { versions, tracked: commits.length > 0 };
}

/** a template file git tracks that the working tree no longer has: its path and its text at HEAD */
export interface DeletedFile { abs: string; text: string; /** the working tree has the path (through a link): not deleted */ present?: boolean }

/**
 * The files under `dir` that git tracks and the working tree lacks (deleted, not committed), each
 * with its text at HEAD, for those `keep` accepts by path (the templates' globs); `[]` outside a
 * repository. A template pulled back after its file was lost takes its names and its place from it.
 */
export async function deletedFiles(dir: string, keep: (abs: string) => boolean): Promise<DeletedFile[]> {
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd: dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: false });
  // the files HEAD has and the working tree does not: deleted by hand, or with `git rm` (staged: ls-files --deleted,
  // which compares the index, left those out); paths from the repository's root
  const ls = await git(['diff', '--name-only', '-z', '--no-renames', '--diff-filter=D', 'HEAD', '--', '.']).catch(() => undefined);
  if (!ls || ls.exitCode !== 0) return [];
  const top = await git(['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0) return [];
  const root = String(top.stdout).trim();
  const rels = [...new Set(String(ls.stdout).split('\0').filter(Boolean))].filter((rel) => keep(path.join(root, rel)));
  const texts = await catBlobs(root, rels.map((rel) => `HEAD:${rel}`));
  // (a path git calls deleted that is there: reached through a link git does not follow, `templates/wa` made a link to a
  // folder elsewhere; it is not deleted, and `present` says so)
  return rels.flatMap((rel, i) => (texts.has(i) ? [{ abs: path.join(root, rel), text: texts.get(i)!, ...(existsSync(path.join(root, rel)) ? { present: true } : {}) }] : []));
}
