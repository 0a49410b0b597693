// Effects (git via execa, realpath): which of git's paths are the project's template files. The config's globs name a
// template by the path the project reaches it by; git names it where it lies. A folder linked into the project
// (`templates -> src/Vörlagen`) is one git keeps as a link (mode 120000, its text the target) and the files behind it
// at the target's path (`src/Vörlagen/...`): matched against the globs as git names it, such a file was never a
// template, so one deleted since a base was no orphan and no "removed since" line. Here a path of git's is taken when
// the globs take it as git names it or at a path a link gives it (the link's path, then the rest); a link whose target
// lies outside the repository leads to files git has no history of at all (outsideRepository says so).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { catBlobs } from './git-blobs.js';
import { globBase } from './path-case.js';
import { linkedFolderOf } from './confine-write.js';
import { io } from '../core/io.js';

/** a folder of the repository reached at another path of it: `link` (a symbolic link, or a folder the project reaches through one) leads to `target`; both from the repository's top, with `/` */
export interface RepoLink { link: string; target: string }

/** how many links in a row a path is followed through (a link to a folder that holds another link) */
const MAX_CHAIN = 8;

const posix = (p: string): string => p.split(path.sep).join('/');
const under = (p: string, dir: string): boolean => dir === '' || p === dir || p.startsWith(`${dir}/`);

/**
 * Pure: where a link at `link` whose text is `text` leads, from the repository's top (`''` for the top itself), or
 * undefined when it leads out of the repository (`realRoot`: its top as a real path, for a link with an absolute text)
 */
export function linkTarget(link: string, text: string, realRoot: string): string | undefined {
  const to = text.replace(/\/+$/, '');
  const rel = path.isAbsolute(to) ? posix(path.relative(realRoot, to)) : path.posix.normalize(path.posix.join(path.posix.dirname(link), to));
  if (rel === '.' || rel === '') return '';
  if (rel === '..' || rel.startsWith('../') || path.isAbsolute(rel)) return undefined;
  return rel;
}

/**
 * Pure: the paths (from the repository's top) the project reaches git's file `gitPath` by: itself, and through each link
 * whose target holds it, the link's path and the rest (a chain of links followed, at most MAX_CHAIN steps)
 */
export function projectPaths(gitPath: string, links: readonly RepoLink[]): string[] {
  const out = [gitPath];
  let frontier = [gitPath];
  for (let depth = 0; depth < MAX_CHAIN && frontier.length && out.length < 64; depth++) {
    const next: string[] = [];
    for (const p of frontier) {
      for (const { link, target } of links) {
        if (link === target || !under(p, target)) continue;
        const rest = target === '' ? p : p.slice(target.length + 1);
        const q = rest === '' ? link : link === '' ? rest : `${link}/${rest}`;
        if (!out.includes(q)) { out.push(q); next.push(q); }
      }
    }
    frontier = next;
  }
  return out;
}

/** what the config's globs take of git's paths */
export interface GitTemplates {
  /**
   * the path (from the repository's top) by which the globs take git's file `gitPath` (its own when they take that, else
   * the first a link gives it), or undefined when they take it by none
   */
  taken(gitPath: string): string | undefined;
  /** the links' targets that lie outside the config's folder (from the repository's top): a git log or diff of the templates names them beside it */
  outsideTargets: string[];
}

/**
 * Pure: the config's globs as a matcher of git's paths (`prefix`: the config's folder from the repository's top, with
 * `/`, '' at the top), through `links`. A path is taken by a glob and left out by none of the `!` globs, as discovery
 * takes it (given to picomatch as one list, a `!` glob matched every path it does not name).
 */
export function gitTemplates(templates: readonly string[], prefix: string, links: readonly RepoLink[]): GitTemplates {
  const at = (g: string): string => path.posix.join(prefix, g);
  const taken = picomatch(templates.filter((g) => !g.startsWith('!')).map(at), { dot: false });
  const negated = templates.filter((g) => g.startsWith('!')).map((g) => at(g.slice(1)));
  const left = negated.length ? picomatch(negated, { dot: true }) : undefined;
  const isMatch = (p: string): boolean => taken(p) && !left?.(p);
  const linked = links.filter((l) => l.link !== l.target);
  return {
    taken: (gitPath) => (linked.length === 0 ? (isMatch(gitPath) ? gitPath : undefined) : projectPaths(gitPath, linked).find(isMatch)),
    outsideTargets: [...new Set(linked.map((l) => l.target).filter((t) => !under(t, prefix)))],
  };
}

/**
 * Pure: where the config's globs start, from the repository's top (the config's folder, and the fixed part of a glob
 * that starts elsewhere in the repository: `../shared/**\/*.yaml`); `['']` for the whole tree
 */
export function globScope(templates: readonly string[], prefix: string): string[] {
  const starts = [prefix, ...templates.filter((g) => !g.startsWith('!')).map((g) => path.posix.normalize(path.posix.join(prefix, globBase(g))))]
    .map((p) => (p === '.' ? '' : p))
    .filter((p) => p !== '..' && !p.startsWith('../') && !p.startsWith('/'));
  if (starts.includes('')) return [''];
  return [...new Set(starts)].filter((p, _, all) => !all.some((q) => q !== p && under(p, q)));
}

/** the files and the links of git's tree at a commit, from the repository's top */
export interface RefTree {
  files: string[];
  /** the links to folders inside the repository (where they lead) */
  links: RepoLink[];
}

/**
 * Effects (git: an ls-tree, a cat-file of the links, and again for the targets not listed yet): the files and the links
 * of the tree at `ref` under `scope` (paths from the repository's top, `['']` for all of it), and under where those links
 * lead (a link in a linked folder followed too, a few deep); git run at the repository's top `root`. A link out of the
 * repository has no files in it (its files have no history here).
 */
export async function treeAt(root: string, ref: string, scope: readonly string[]): Promise<RefTree> {
  const { execa } = await import('execa');
  const realRoot = realPath(root);
  const files: string[] = [];
  const links: RepoLink[] = [];
  const listed: string[] = [];
  let todo = [...scope];
  for (let round = 0; todo.length && round < MAX_CHAIN; round++) {
    listed.push(...todo);
    const paths = todo.includes('') ? [] : todo;
    const ls = await execa('git', ['--literal-pathspecs', 'ls-tree', '-r', '-z', '--full-tree', ref, ...(paths.length ? ['--', ...paths] : [])], { cwd: root, env: io().env, extendEnv: false, reject: false, stripFinalNewline: false, maxBuffer: 512 * 1024 * 1024 });
    if (ls.exitCode !== 0) break;
    const found: { at: string; object: string }[] = [];
    for (const entry of String(ls.stdout).split('\0')) {
      const tab = entry.indexOf('\t');
      if (tab < 0) continue;
      const [mode, type, object] = entry.slice(0, tab).split(' ');
      const at = entry.slice(tab + 1);
      if (type !== 'blob') continue; // a submodule (commit) is another repository's
      if (mode === '120000') found.push({ at, object: object! });
      else files.push(at);
    }
    if (!found.length) break;
    const texts = await catBlobs(root, found.map((l) => l.object));
    const next: string[] = [];
    found.forEach((l, i) => {
      const text = texts.get(i);
      const target = text === undefined ? undefined : linkTarget(l.at, text, realRoot);
      if (target === undefined) return;
      links.push({ link: l.at, target });
      if (!listed.some((s) => under(target, s)) && !next.some((s) => under(target, s))) next.push(target);
    });
    todo = next;
  }
  return { files, links };
}

/**
 * Effects (realpath): the folders the project reaches through links, by the files it has now (absolute, as discovery
 * gives them): each file's folder as the project names it and where git has it, when the two differ (a link git does
 * not track, a folder made by a setup step, is known so; a link git tracks is known by treeAt too). `root`: the
 * repository's top as git gives it.
 */
export function linksOfFiles(root: string, projectDir: string, files: readonly string[]): RepoLink[] {
  const realRoot = realPath(root);
  const top = lexicalTop(root, projectDir);
  const out = new Map<string, RepoLink>();
  for (const abs of files) {
    const lexical = posix(path.relative(top, path.dirname(abs)));
    if (lexical.startsWith('../') || lexical === '..' || path.isAbsolute(lexical)) continue;
    const real = posix(path.relative(realRoot, realPath(path.dirname(abs))));
    if (real.startsWith('../') || real === '..' || path.isAbsolute(real)) continue;
    const link = lexical === '.' ? '' : lexical;
    const target = real === '.' ? '' : real;
    if (link !== target && !out.has(link)) out.set(link, { link, target });
  }
  return [...out.values()];
}

/** a folder linked into the project whose files lie outside the git repository: the link (or the file that is one) as shown, where it leads, and how many of the project's files are there */
export interface OutsideRepository { link: string; to: string; files: number }

/**
 * Effects (realpath, lstat): the project's files now (`files`, absolute) whose real path lies outside the repository
 * whose top is `root`, by the linked folder they are reached through (the outermost on the way from `projectDir`), or
 * by themselves when the file is the link; paths shown relative to the working directory
 */
export function outsideRepository(root: string, projectDir: string, files: readonly string[]): OutsideRepository[] {
  const realRoot = realPath(root);
  const by = new Map<string, OutsideRepository>();
  for (const abs of files) {
    const real = realPath(abs);
    const rel = path.relative(realRoot, real);
    if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) continue;
    const folder = linkedFolderOf(abs, projectDir);
    const key = folder ?? abs;
    const seen = by.get(key);
    if (seen) { seen.files++; continue; }
    by.set(key, { link: path.relative(io().cwd(), key) || key, to: folder ? realPath(folder) : real, files: 1 });
  }
  return [...by.values()];
}

/** Pure: what a plan says once of files git has no history of (outsideRepository), as its "History missing" line */
export function outsideRepositoryNote(outside: readonly OutsideRepository[]): string | undefined {
  if (!outside.length) return undefined;
  const one = outside.length === 1;
  const each = outside.slice(0, 3).map((o) => `${o.link} (to ${o.to}, ${o.files === 1 ? '1 template file' : `${o.files} template files`})`);
  const names = outside.length > 3 ? `${each.join(', ')} and ${outside.length - 3} more` : each.length === 2 ? each.join(' and ') : each.join(', ');
  return `${names} ${one ? 'is a link' : 'are links'} out of the git repository: git keeps a link, not the files behind it, and has no history of them, so a template file removed there is reported neither as an orphan (plan --base) nor as removed, and an edit made on the channel is not told from an update not applied there; \`plan --orphans\` (with the environment's \`list\`) finds the templates no file defines, or keep the folder inside the repository`;
}

/**
 * Effects (realpath): the repository's top as the project's folder `projectDir` names it: the folder above it (or
 * itself) whose real path is git's top `root` (a project under a linked folder, /tmp on macOS, names it otherwise),
 * else `root`. A path from it to a project's file is the one the globs name.
 */
export function lexicalTop(root: string, projectDir: string): string {
  const realRoot = realPath(root);
  for (let dir = projectDir; ; dir = path.dirname(dir)) {
    if (dir === root || realPath(dir) === realRoot) return dir;
    if (path.dirname(dir) === dir) return root;
  }
}

function realPath(p: string): string {
  try { return realpathSync(p); } catch { return p; }
}
