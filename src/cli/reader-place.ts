// Effects (existence checks, the run's variables): where the reader of a run's messages stands, and
// the commands and paths those messages give as that reader runs and finds them. On a terminal the
// reader is in the working directory. In a GitHub Actions job the reader is a developer looking at
// the log (or at the pull request's checks) from their own checkout, at the repository's root,
// while the job ran in the project's folder (`working-directory: teams/messaging`): a bare
// `tplsync types` run there finds no config and advises `tplsync init`, which would start a second
// project (trial-bk F1). So the advice says where to run it (`cd teams/messaging && npx tplsync
// types`), and files are named from the repository's root, as lint's annotations name them.
import path from 'node:path';
import type { Config } from '../config/load.js';
import { configsIn } from '../core/search-places.js';
import { io, resolvePath } from '../core/io.js';
import { shellWord } from '../core/shell-word.js';
import { tplsyncCommand } from '../core/invocation.js';
import { pathFromRoot, repositoryRoot } from '../files/repository-root.js';
import { escapeData, escapeProperty } from '../lint/formatters/github.js';
import { asIdentifier } from '../core/redact.js';
import type { CommentProject } from '../plan/render.js';

/** whether the run is a GitHub Actions job's (the runner sets GITHUB_ACTIONS=true): its messages are read from a checkout's root, and it takes annotations */
export function inGithubActions(): boolean {
  return io().env.GITHUB_ACTIONS === 'true';
}

/** The folder the reader stands in: the repository's root in GitHub Actions (as lint's annotations count from it), else the working directory. */
export function readerDir(config: Pick<Config, 'dir'>): string {
  return inGithubActions() ? repositoryRoot(config.dir, io().env) : io().cwd();
}

/** How a command of the project runs from the reader's folder: where it runs (`dir`) and the words around it. */
export interface ProjectRun {
  /** the folder the command runs in: the reader's, or the config's after `cd` */
  dir: string;
  /** `cd teams/messaging && ` when the reader's folder does not find the config, else empty */
  cd: string;
  /** ` --config NAME` when the config's folder would not find the config by its name either (tplsync.staging.yaml), else empty */
  config: string;
  /** `tplsync` or `npx tplsync` (core/invocation.ts) */
  word: string;
}

/** How a tplsync command of the project of `config` runs from the reader's folder (readerDir). */
export function projectRun(config: Pick<Config, 'dir' | 'file'>): ProjectRun {
  const from = readerDir(config);
  const word = tplsyncCommand(config.dir);
  const search = searchFinds(from, config);
  if (search === 'found') return { dir: from, cd: '', config: '', word };
  const rel = path.relative(from, config.dir).split(path.sep).join('/');
  // (the config's folder itself, found by another name or beside another config: --config alone)
  const name = config.file && searchFinds(config.dir, config) !== 'found' ? ` --config ${shellWord(path.basename(config.file))}` : '';
  return { dir: config.dir, cd: rel ? `cd ${shellWord(rel)} && ` : '', config: name, word };
}

/** `cd teams/messaging && npx tplsync fmt`: the command `rest` (what follows tplsync) of the project, runnable from the reader's folder. */
export function projectCommand(config: Pick<Config, 'dir' | 'file'>, rest: string): string {
  const r = projectRun(config);
  return `${r.cd}${r.word} ${rest}${r.config}`;
}

/**
 * Whether a run without --config in folder `from` reads the config of `config`: the search goes from `from` up and
 * stops at the first folder holding a config (config/load.ts); it must be the config's folder, holding that config
 * alone (two there are refused). A project without a config (the default globs) is the working directory's.
 */
function searchFinds(from: string, config: Pick<Config, 'dir' | 'file'>): 'found' | 'not found' {
  if (!config.file) return resolvePath(from) === resolvePath(config.dir) ? 'found' : 'not found';
  for (let d = resolvePath(from); ; d = path.dirname(d)) {
    const here = configsIn(d);
    if (here.length) return here.length === 1 && d === resolvePath(config.dir) && here[0]!.replace(/#tplsync$/, '') === path.basename(config.file) ? 'found' : 'not found';
    if (path.dirname(d) === d) return 'not found';
  }
}

/** A file of the run (relative to the working directory, as the commands name files) as the reader names it: from the repository's root in GitHub Actions, else as given. */
export function readerPath(config: Pick<Config, 'dir'>, file: string): string {
  if (!inGithubActions()) return file;
  return pathFromRoot(file, repositoryRoot(config.dir, io().env), io().cwd()) ?? path.resolve(io().cwd(), file);
}

/**
 * A GitHub Actions annotation (`::error file=...,line=...,title=...::message`), as lint's `github` format writes them,
 * the file named from the repository's root, where the runner looks for it; empty outside GitHub Actions.
 */
export function annotation(config: Pick<Config, 'dir'>, a: { level: 'error' | 'warning'; file?: string; line?: number; title: string; message: string }): string {
  if (!inGithubActions()) return '';
  const props = [
    ...(a.file !== undefined ? [`file=${asIdentifier(escapeProperty(readerPath(config, a.file)))}`, `line=${a.line ?? 1}`] : []),
    `title=${escapeProperty(a.title)}`,
  ].join(',');
  return `::${a.level} ${props}::${escapeData(a.message)}\n`;
}

/**
 * What a pull-request comment (plan's, promote's Markdown) says of its project: its folder from the repository's root
 * when it is not the root, how the reader runs tplsync, and its files named from the repository's root, as lint's
 * annotations and job summary name them (`$GITHUB_WORKSPACE`, else the git repository, else the config's folder).
 */
export function commentProject(config: Pick<Config, 'dir'>): CommentProject {
  const root = repositoryRoot(config.dir, io().env);
  const cwd = io().cwd();
  const folder = pathFromRoot(config.dir, root, cwd);
  const word = tplsyncCommand(config.dir);
  return { ...(folder ? { folder } : {}), ...(word !== 'tplsync' ? { word } : {}), file: (f) => pathFromRoot(f, root, cwd) ?? f };
}
