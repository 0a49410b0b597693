// Effects (git via execa): the committed versions of a template file, newest first, so that pull
// can tell "the channel changed" from "the file changed since it was last in sync": the channel's
// copy is what some commit of the file says (the file moved since), or what none says (the channel
// moved, or an apply from elsewhere). Outside a repository, or for a file git does not track: none.
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { io } from '../core/io.js';
import { catBlobs, logCommits } from '../files/git-blobs.js';
import { lexicalTop, projectPaths, treeAt } from '../files/git-tree.js';
import type { EnvironmentConfig } from '../config/load.js';
import { configLogPaths, environmentsAt } from '../config/values-history.js';

/**
 * one committed version of a file: its commit (abbreviated), its text there, and (its config given) the environment with
 * the values the config had at that commit (`valuesOnly`: a commit that changed the config alone, not the file)
 */
export interface CommittedVersion { commit: string; text: string; environment?: EnvironmentConfig; valuesOnly?: true }

/** how many commits of a file back pull looks for the version the channel holds */
export const HISTORY_DEPTH = 20;

/**
 * The versions of `abs` in the commits that changed it (the first is HEAD's version), up to
 * `depth`, ending at the first version `wanted` accepts; `[]` outside a git repository or for a
 * file with no commit. With `values` (the config file and the environment the file is filled
 * with), each version is filled with the values the config had at its commit (`wanted`'s second
 * argument), and a commit that changed the config alone is a version too (up to `depth` more):
 * a committed change of a value (`promo: SPRING10` -> `SUMMER20`) is a change of the file's, as
 * plan's history walk has it. Two git processes whatever the depth (three with `values`): the
 * log, one `cat-file --batch`, and the repository's top.
 */
export async function committedVersions(abs: string, wanted: (text: string, environment: EnvironmentConfig | undefined) => boolean, depth = HISTORY_DEPTH, values?: { configFile: string; environment: EnvironmentConfig }): Promise<{ versions: CommittedVersion[]; tracked: boolean;
  /** the file's folder is in a git repository (with a commit): a file of it that is not tracked is an uncommitted one */
  repository: boolean }> {
  const { execa } = await import('execa');
  const cwd = path.dirname(abs);
  // the config where git has it, in the same repository as the file (a config outside it: today's values)
  let configAt: string | undefined;
  let fileAt: string | undefined;
  if (values) {
    const top = await execa('git', ['rev-parse', '--show-toplevel'], { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true }).catch(() => undefined);
    const root = top && top.exitCode === 0 ? String(top.stdout) : undefined;
    if (root) {
      configAt = repositoryPath(root, values.configFile);
      fileAt = repositoryPath(root, abs);
      if (fileAt === undefined) configAt = undefined;
    }
  }
  const configPaths = configLogPaths(configAt);
  // each commit with the file's path from the repository's top (what cat-file takes)
  const log = await execa('git', ['-c', 'core.quotePath=false', 'log', '--no-renames', '-n', String(configPaths.size ? 2 * depth : depth), '--format=%x00%h', '--name-only', '--', path.basename(abs), ...[...configPaths].map((p) => `:(top,literal)${p}`)], { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: false }).catch(() => undefined);
  if (!log || log.exitCode !== 0) return { versions: [], tracked: false, repository: false };
  const commits: { commit: string; file: string; valuesOnly?: true }[] = [];
  let own = 0, byValues = 0;
  for (const c of logCommits(String(log.stdout))) {
    const file = c.files.find((f) => !configPaths.has(f));
    if (file !== undefined) { if (own++ < depth) commits.push({ commit: c.head, file }); continue; }
    // a commit of the config alone: the file as it was there, with that commit's values
    if (fileAt !== undefined && c.files.length && byValues++ < depth) commits.push({ commit: c.head, file: fileAt, valuesOnly: true });
  }
  const revs = configAt === undefined ? [] : [...new Set(commits.map((c) => c.commit))];
  const texts = await catBlobs(cwd, [...commits.map((c) => `${c.commit}:${c.file}`), ...revs.map((r) => `${r}:${configAt}`)]);
  const envAt = values && configAt !== undefined ? await environmentsAt(cwd, values.environment, configAt, revs, (k) => texts.get(commits.length + k)) : new Map<string, EnvironmentConfig>();
  const versions: CommittedVersion[] = [];
  for (const [i, { commit, valuesOnly }] of commits.entries()) {
    const text = texts.get(i);
    // (a commit that deleted the file: no version there)
    if (text === undefined) continue;
    const environment = values ? envAt.get(commit) ?? values.environment : undefined;
    versions.push({ commit, text, ...(environment ? { environment } : {}), ...(valuesOnly ? { valuesOnly } : {}) });
    if (wanted(text, environment)) break;
  }
  return { versions, tracked: commits.some((c) => !c.valuesOnly), repository: true };
}

/** Effects (realpath): `abs`'s path in the repository whose top is `root`, with `/`; undefined outside it */
function repositoryPath(root: string, abs: string): string | undefined {
  const real = (p: string): string => { try { return realpathSync(p); } catch { return p; } };
  const rel = path.relative(real(root), real(abs));
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
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
  const top = await git(['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0) return [];
  const root = String(top.stdout).trim();
  // a folder linked into `dir` (`templates -> src/Vörlagen`): git has the link, and its files at the target's path, which
  // `keep` (the globs) takes through the link: a file lost there is found at the target and placed at the link's path
  const lexRoot = lexicalTop(root, dir);
  const prefix = path.relative(lexRoot, dir).split(path.sep).join('/');
  const { links } = await treeAt(root, 'HEAD', [prefix]);
  const inside = (p: string): boolean => prefix === '' || p === prefix || p.startsWith(`${prefix}/`);
  const targets = [...new Set(links.map((l) => l.target).filter((t) => !inside(t)))].map((t) => (t === '' ? ':(top)' : `:(top,literal)${t}`));
  // the files HEAD has and the working tree does not: deleted by hand, or with `git rm` (staged: ls-files --deleted,
  // which compares the index, left those out); paths from the repository's root
  const ls = await git(['diff', '--name-only', '-z', '--no-renames', '--diff-filter=D', 'HEAD', '--', '.', ...targets]).catch(() => undefined);
  if (!ls || ls.exitCode !== 0) return [];
  const found = [...new Set(String(ls.stdout).split('\0').filter(Boolean))].flatMap((rel) => {
    const at = projectPaths(rel, links).find((p) => keep(path.join(lexRoot, p)));
    return at === undefined ? [] : [{ rel, abs: path.join(lexRoot, at) }];
  });
  const texts = await catBlobs(root, found.map(({ rel }) => `HEAD:${rel}`));
  // (a path git calls deleted that is there: reached through a link git does not follow, `templates/wa` made a link to a
  // folder elsewhere; it is not deleted, and `present` says so)
  return found.flatMap(({ abs }, i) => (texts.has(i) ? [{ abs, text: texts.get(i)!, ...(existsSync(abs) ? { present: true } : {}) }] : []));
}
