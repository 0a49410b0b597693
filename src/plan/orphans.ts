// Effects (git via execa): the templates that were in the files at --base REF and are gone now.
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../core/errors.js';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { templateId } from '../model/ids.js';
import { fromFile, type CanonicalTemplate, type FileTemplate } from '../model/canonical.js';
import { readTemplateValue } from '../files/value.js';
import { catBlobs, logCommits } from '../files/git-blobs.js';
import { baseMarkedTemplate, shownTemplate } from '../project/values.js';
import { markedSecretNames } from '../model/values.js';
import { resolveChannel } from './desired.js';
import { configLogPaths, environmentsAt } from '../config/values-history.js';
import type { CommittedTemplate, OrphanCandidate } from './plan.js';
import { io, resolvePath } from '../core/io.js';
import { gitTemplates, globScope, lexicalTop, linksOfFiles, outsideRepository, outsideRepositoryNote, treeAt, type GitTemplates, type RepoLink } from '../files/git-tree.js';

export interface BaseTemplates {
  /** every template at REF, by id, as its file there has it */
  byId: Map<string, OrphanCandidate & { category?: string; template: FileTemplate; secretShape?: CanonicalTemplate }>;
  /** the folders linked into the project at REF (and now), where git has their files: historyBases reads the templates' history through them */
  links?: RepoLink[];
}

/**
 * The config's globs as a matcher of git's paths (git-tree.ts), through the links the tree at `ref` has and those the
 * project's files now go through (`current`, absolute); `lexRoot`: the repository's top as the project names it
 */
async function templatesOf(config: Config, root: string, ref: string, current: readonly string[], given?: readonly RepoLink[]): Promise<{ lexRoot: string; prefix: string; scope: string[]; files: string[]; globs: GitTemplates; links: RepoLink[] }> {
  const lexRoot = lexicalTop(root, config.dir);
  const prefix = path.relative(lexRoot, config.dir).split(path.sep).join('/');
  const scope = globScope(config.templates, prefix);
  const tree = given ? { files: [], links: [...given] } : await treeAt(root, ref, scope);
  const links = [...tree.links, ...linksOfFiles(root, config.dir, current)];
  return { lexRoot, prefix, scope, files: tree.files, globs: gitTemplates(config.templates, prefix, links), links };
}

/** Pure: the pathspecs (from the repository's top) a git log or diff of the templates names: where the globs start, and where the links they go through lead */
function templatePathspecs(scope: readonly string[], globs: GitTemplates): string[] {
  const all = [...scope, ...globs.outsideTargets];
  return all.includes('') ? [':(top)'] : [...new Set(all)].map((p) => `:(top,literal)${p}`);
}

/**
 * Pure: the git command that brings `ref` into a shallow clone. A remote-tracking name
 * (`origin/main`) is fetched as the remote's branch into that very name (`git fetch origin
 * origin/main` asks the remote for a branch called origin/main, which it does not have); any
 * other ref (a branch, tag or commit) from the first remote.
 */
export function fetchHint(ref: string, remotes: readonly string[]): string {
  // an ancestor of HEAD (HEAD~1, HEAD^, HEAD~2^): no remote has such a name (`git fetch origin HEAD~1` is an invalid
  // refspec); the clone's own history deepened by as many commits is what brings it
  const ancestry = /^HEAD((?:~\d*|\^\d*)+)$/.exec(ref);
  if (ancestry) {
    const steps = [...ancestry[1]!.matchAll(/([~^])(\d*)/g)].reduce((n, [, op, k]) => n + (op === '~' ? (k === '' ? 1 : Number(k)) : k === '0' ? 0 : 1), 0);
    return `git fetch --deepen=${Math.max(1, steps)}`;
  }
  const slash = ref.indexOf('/');
  const remote = slash > 0 ? ref.slice(0, slash) : '';
  if (remote && remotes.includes(remote) && ref.length > slash + 1) {
    const branch = ref.slice(slash + 1);
    return `git fetch --depth=1 ${remote} ${branch}:refs/remotes/${remote}/${branch}`;
  }
  return `git fetch --depth=1 ${remotes[0] ?? 'origin'} ${ref}`;
}

/**
 * Effects (realpath): where git has a working-tree file: its real path (a folder linked into the project leads to the
 * folder git tracks the file in) from the repository's real top `realRoot`, with `/`; undefined outside the repository
 */
export function gitPathOf(realRoot: string, abs: string): string | undefined {
  let real = abs;
  try { real = realpathSync(abs); } catch { /* not there (deleted since): as named */ }
  const rel = path.relative(realRoot, real);
  if (!rel || rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  return rel.split(path.sep).join('/');
}

/** the repository's top as a real path (git's answer, with any link in it resolved) */
function realTop(root: string): string {
  try { return realpathSync(root); } catch { return root; }
}

/**
 * The templates of the files at `ref`: those the globs match there, and (`current`: the project's files now, absolute)
 * those the project reaches through a folder linked into it, which git tracks at the link's target alone (the globs,
 * matched against git's paths, never name them).
 */
export async function templatesAtRef(config: Config, env: EnvironmentConfig, ref: string, current: readonly string[] = []): Promise<BaseTemplates> {
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd: config.dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  const top = await git(['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0) throw new UsageError(`--base needs a git repository: ${String(top.stderr).split('\n')[0]}`);
  const verify = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  if (verify.exitCode !== 0) {
    const remotes = String((await git(['remote'])).stdout).split('\n').filter(Boolean);
    throw new UsageError(`--base ${ref}: no such commit, branch or tag (in a shallow CI clone, fetch it first: ${fetchHint(ref, remotes)})`);
  }
  const root = String(top.stdout);
  // the tree's files (from the repository's top) the globs take, each with the path the project has it at: its own, or
  // through a folder linked into the project (`templates -> src/Vörlagen`: git keeps the link, and the files at the target)
  const { lexRoot, files: tree, globs, links } = await templatesOf(config, root, ref, current);
  const byId = new Map<string, OrphanCandidate & { category?: string; template: FileTemplate; secretShape?: CanonicalTemplate }>();
  const files: { git: string; shown: string }[] = [];
  for (const f of tree) {
    const shown = globs.taken(f);
    if (shown !== undefined) files.push({ git: f, shown });
  }
  if (current.length) {
    // a file now whose path git does not track as such (a new file, or one reached through a link no tree has): at its real path
    const inTree = new Set(tree);
    const taken = new Set(files.map((f) => f.git));
    const top = realTop(root);
    for (const abs of current) {
      const lexical = path.relative(lexRoot, abs).split(path.sep).join('/');
      if (inTree.has(lexical)) continue;
      const real = gitPathOf(top, abs);
      if (real !== undefined && inTree.has(real) && !taken.has(real)) { taken.add(real); files.push({ git: real, shown: lexical }); }
    }
  }
  // one git process for every file (a `git show` each costs milliseconds a catalogue multiplies), the config among them:
  // the files at REF are filled with the values the config had at REF (a value changed since is a change, as a text is)
  const configAt = config.file ? gitPathOf(realTop(root), config.file) : undefined;
  const byIndex = await catBlobs(config.dir, [...files.map((f) => `${ref}:${f.git}`), ...(configAt !== undefined ? [`${ref}:${configAt}`] : [])]);
  const envAtRef = (await environmentsAt(config.dir, env, configAt, [ref], () => byIndex.get(files.length))).get(ref) ?? env;
  files.forEach((file, i) => {
    const text = byIndex.get(i);
    const b = text === undefined ? undefined : baseEntry(text, file.shown, lexRoot, envAtRef);
    if (b) byId.set(b.publicId, b);
  });
  return { byId, links };
}

type BaseEntry = BaseTemplates['byId'] extends Map<string, infer B> ? B : never;

/**
 * the template a file's text at a commit holds (`file`: the path the project has it at, relative to the repository's top
 * as the project names it, `root`), or undefined when it holds none of `env`
 */
function baseEntry(text: string, file: string, root: string, env: EnvironmentConfig, o: {
  /** `valueShape` of every value (the commit's config cannot say its values: `env` is today's), else of the secrets (and values `env` lacks) */
  allValues?: boolean } = {}): (BaseEntry & { valueShape?: CanonicalTemplate }) | undefined {
  let t: Record<string, unknown>;
  try { t = readTemplateValue(text); } catch { return undefined; }
  if (!t || typeof t.name !== 'string' || typeof t.language !== 'string' || typeof t.channel !== 'string') return undefined;
  const channelId = resolveChannel(t.channel, env);
  if (!channelId) return undefined;
  const id = templateId(channelId, t.name, t.language, typeof t.publicId === 'string' ? t.publicId : undefined);
  const marked = baseMarkedTemplate(t, env);
  const secretShape = marked ? fromFile(marked, channelId, id).canonical : undefined;
  const all = o.allValues ? baseMarkedTemplate(t, env, { allValues: true }) : undefined;
  const valueShape = all ? fromFile(all, channelId, id).canonical : secretShape;
  return {
    ...(secretShape ? { secretShape } : {}), ...(valueShape ? { valueShape } : {}),
    channel: t.channel, channelId, name: t.name, language: t.language, publicId: id,
    file: path.relative(io().cwd(), path.join(root, file)),
    ...(typeof t.category === 'string' ? { category: t.category } : {}),
    template: fromFile(shownTemplate(file, t, env, { mask: false }), channelId, id),
  };
}

/** how many commits back from HEAD a template file's history is looked at for a version that referred to a secret */
export const HISTORY_DEPTH = 40;

/**
 * Effects (git): for each of `ids`, the newest version of its file within the last HISTORY_DEPTH
 * commits that referred to a secret its file and base (`refsNow`: the names they refer to) no
 * longer refer to (a secret of `env`, or a value the config no longer has), as a masking base of
 * that template alone: a removal of secrets committed on a local branch (the config's entries and
 * variables gone too) left nothing to say where they stood, and the channel's copies showed in
 * clear. Which references were secrets is what the config said at the same commit; a commit of the config that made
 * a secret no secret (a plain value, the files unchanged) counts as a commit of the files that referred to it. Two `git
 * log`s, a `git rev-list` and one `git cat-file --batch` (one more when the config has commits in the window, and an
 * ls-tree after a commit that made a secret no secret); nothing
 * outside a git repository.
 */
export async function historyBases(config: Config, env: EnvironmentConfig, ids: ReadonlySet<string>, refsNow: ReadonlyMap<string, ReadonlySet<string>> = new Map(), links?: readonly RepoLink[]): Promise<BaseTemplates['byId']> {
  const byId: BaseTemplates['byId'] = new Map();
  if (!ids.size) return byId;
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd: config.dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  const top = await git(['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0) return byId;
  const root = String(top.stdout);
  // the templates' files as git names them, through the folders linked into the project (`links`: those a base found;
  // else the tree at HEAD's), and where the log looks: the config's folder, the globs' and the links' targets
  const { lexRoot, scope, globs } = await templatesOf(config, root, 'HEAD', [], links);
  const pathspecs = templatePathspecs(scope, globs);
  // the commits of the last HISTORY_DEPTH whose diff added or removed a line with a reference (`((`), newest first, each with
  // the files whose diff did (git's -G shows only those): a commit that rewrote thousands of files without touching a
  // reference (fmt, an import) costs nothing here; the window is counted in commits, whatever they changed
  const oldest = await git(['rev-list', '-n1', `--skip=${HISTORY_DEPTH}`, 'HEAD']);
  const range = oldest.exitCode === 0 && String(oldest.stdout).trim() ? `${String(oldest.stdout).trim()}..HEAD` : 'HEAD';
  // and the commits of the config in the same window (a secret made a plain value, `promo_code: { env: VAR }` ->
  // `WELCOME5`, the files unchanged: git's -G does not see it), and the window's commits in order
  const configAt = config.file ? gitPathOf(realTop(root), config.file) : undefined;
  const configPaths = configLogPaths(configAt);
  const [log, configLog, order] = await Promise.all([
    git(['-c', 'core.quotePath=false', 'log', '-G', '[(][(]', '--no-renames', '--format=%x00%H', '--name-only', range, '--', ...pathspecs]),
    configPaths.size ? git(['-c', 'core.quotePath=false', 'log', '--no-renames', '--format=%x00%H', range, '--', ...[...configPaths].map((p) => `:(top,literal)${p}`)]) : undefined,
    git(['rev-list', range]),
  ]);
  if (log.exitCode !== 0) return byId;
  const at = new Map(String(order.stdout).split('\n').filter(Boolean).map((h, k) => [h, k] as const));
  const versions: { rev: string; file: string; shown: string; at: number; names?: readonly string[] }[] = [];
  for (const { head: hash, files: names } of logCommits(String(log.stdout))) {
    // the version each changed file had before the commit: the versions of the files within the window
    for (const file of names) {
      const shown = globs.taken(file);
      if (shown !== undefined) versions.push({ rev: `${hash}^`, file, shown, at: at.get(hash) ?? 0 });
    }
  }
  // a commit of the config that made a secret no secret (a plain value, or gone): the files as they were before it, those
  // that referred to such a name (the files HEAD has, read only then)
  const configCommits = configLog?.exitCode === 0 ? logCommits(String(configLog.stdout)).map((c) => c.head) : [];
  if (configCommits.length && configAt !== undefined) {
    const pairs = configCommits.flatMap((h) => [h, `${h}^`]);
    const texts = await catBlobs(config.dir, pairs.map((r) => `${r}:${configAt}`));
    const envs = await environmentsAt(config.dir, env, configAt, pairs, (k) => texts.get(k));
    const secretsOf = (e: EnvironmentConfig | undefined) => new Set(Object.entries(e?.values ?? {}).flatMap(([n, v]) => ('env' in v ? [n] : [])));
    let headFiles: { file: string; shown: string }[] | undefined;
    for (const h of configCommits) {
      const after = secretsOf(envs.get(h));
      const names = [...secretsOf(envs.get(`${h}^`))].filter((n) => !after.has(n));
      if (!names.length) continue;
      headFiles ??= (await treeAt(root, 'HEAD', scope)).files.flatMap((file) => { const shown = globs.taken(file); return shown === undefined ? [] : [{ file, shown }]; });
      for (const { file, shown } of headFiles) versions.push({ rev: `${h}^`, file, shown, at: at.get(h) ?? 0, names });
    }
    versions.sort((x, y) => x.at - y.at);
  }
  if (!versions.length) return byId;
  // the config as each of those commits has it, in the same cat-file: which of a version's references were secrets is
  // what its own commit's config said (a value plain today was a secret there, and the channel's copy holds it)
  const revs = configAt === undefined ? [] : [...new Set(versions.map((v) => v.rev))];
  const blobs = await catBlobs(config.dir, [...versions.map((x) => `${x.rev}:${x.file}`), ...revs.map((r) => `${r}:${configAt}`)]);
  const envAt = await environmentsAt(config.dir, env, configAt, revs, (k) => blobs.get(versions.length + k));
  for (const [i, v] of versions.entries()) {
    const text = blobs.get(i);
    // (a version with no reference at all is no base: only the texts that hold `((` are parsed)
    if (text === undefined || !text.includes('((') || (v.names && !v.names.some((n) => text.includes(n)))) continue;
    const b = baseEntry(text, v.shown, lexRoot, envAt.get(v.rev) ?? env);
    // a version that referred to a secret the file (and its base) no longer refers to: some of a template's secrets removed
    // while it keeps another are as much a removal as all of them
    if (b?.secretShape && ids.has(b.publicId) && !byId.has(b.publicId) && [...markedSecretNames(b.secretShape)].some((n) => !refsNow.get(b.publicId)?.has(n))) byId.set(b.publicId, b);
  }
  return byId;
}

/** a file's committed templates by template id, newest first (`shallow`: the checkout is a shallow clone, and has none) */
export type CommittedVersions = Map<string, Iterable<CommittedTemplate>> & { shallow?: true };

/** how many committed versions of a template's file plan compares the channel's copy with (as pull looks back) */
export const DRIFT_HISTORY_DEPTH = 20;
/** at most this many commits that touched any of the files are walked (a long history costs no more) */
const DRIFT_HISTORY_COMMITS = 2000;

/**
 * Effects (git): the committed versions of the files of `files` (template id -> the file as shown), newest first, up
 * to `depth` each, as the templates they hold for `env` (a version whose template is another id is left out), by id;
 * a file git does not track has no entry, and none has in a shallow clone. Two git processes whatever the number of files: one `git log` of the
 * files (their paths on its stdin) and one `git cat-file --batch`; nothing outside a git repository.
 */
export async function committedTemplates(config: Config, env: EnvironmentConfig, files: ReadonlyMap<string, string>, depth = DRIFT_HISTORY_DEPTH): Promise<CommittedVersions> {
  const out: CommittedVersions = new Map<string, Iterable<CommittedTemplate>>();
  if (!files.size) return out;
  const { execa } = await import('execa');
  const top = await execa('git', ['rev-parse', '--show-toplevel', '--is-shallow-repository'], { cwd: config.dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  // a shallow clone (a CI checkout of depth 1) has lost the older versions: a channel's copy no commit there has may be one
  // of them, so nothing is said (the workflows `init` writes fetch the whole history where this matters)
  const [root, shallow] = String(top.stdout).split('\n');
  if (shallow === 'true') out.shallow = true;
  if (top.exitCode !== 0 || !root || shallow === 'true') return out;
  // each file's history where git has it, with the config file's: a commit that changed its values alone (`promo:
  // SPRING10` -> `SUMMER20`) made a new version of every file that refers to them, each judged with its own commit's (NEW-C)
  const tracked = trackedPaths(root, files, config.file);
  if (!tracked) return out;
  const { idOf, configAt, configPaths, paths } = tracked;
  const log = await execa('git', ['-c', 'core.quotePath=false', '--literal-pathspecs', 'log', '--no-renames', '-n', String(DRIFT_HISTORY_COMMITS), '--format=%x00%H', '--name-only', '--stdin'], {
    cwd: root, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true, input: `HEAD\n--\n${paths.join('\n')}\n`, maxBuffer: 256 * 1024 * 1024,
  });
  if (log.exitCode !== 0) return out;
  const versions: { rev: string; file: string }[] = [];
  const count = new Map<string, number>();
  // the versions a commit of the config alone made, up to `depth` a file too, within the file's own window
  const byValues = new Map<string, number>();
  for (const { head: hash, files: names } of logCommits(String(log.stdout))) {
    const own = new Set<string>();
    for (const file of names) {
      const n = count.get(file) ?? 0;
      if (!idOf.has(file) || n >= depth) continue;
      count.set(file, n + 1);
      own.add(file);
      versions.push({ rev: hash!, file });
    }
    if (!names.some((n) => configPaths.has(n))) continue;
    for (const file of idOf.keys()) {
      const n = byValues.get(file) ?? 0;
      if (own.has(file) || (count.get(file) ?? 0) >= depth || n >= depth) continue;
      byValues.set(file, n + 1);
      versions.push({ rev: hash!, file });
    }
  }
  if (!versions.length) return out;
  // the config as each of those commits has it, in the same cat-file as the files
  const revs = configAt === undefined ? [] : [...new Set(versions.map((v) => v.rev))];
  const blobs = await catBlobs(root, [...versions.map((x) => `${x.rev}:${x.file}`), ...revs.map((r) => `${r}:${configAt}`)]);
  const envAt = await environmentsAt(root, env, configAt, revs, (k) => blobs.get(versions.length + k));
  const texts = new Map<string, { text: string; env: EnvironmentConfig; key: string }[]>();
  for (const [i, v] of versions.entries()) {
    const text = blobs.get(i);
    // (a commit that deleted the file has no version; one the same as the newer one, a commit that changed another file's
    // line only in a rename or a comment, is read once, and so is one with the same values: a text that refers to none
    // is the same version whatever the config)
    if (text === undefined) continue;
    const e = envAt.get(v.rev) ?? env;
    const key = versionKey(text, e, env);
    const list = texts.get(v.file) ?? [];
    if (!list.some((x) => x.key === key)) list.push({ text, env: e, key });
    texts.set(v.file, list);
  }
  for (const file of new Set([...count.keys(), ...byValues.keys()])) {
    const id = idOf.get(file)!;
    out.set(id, lazyTemplates(texts.get(file) ?? [], (x) => {
      // (`env` itself: the commit's config could not say its values, and today's fill the version)
      const b = baseEntry(x.text, file, root, x.env, { allValues: x.env === env });
      return b && b.publicId === id ? { template: b.template.canonical, ...(b.valueShape ? { shape: b.valueShape } : {}) } : undefined;
    }));
  }
  return out;
}

/** a version of a template's file on a branch HEAD has not merged: the branch (as git names it: origin/pr3) and the template */
export interface BranchVersion extends CommittedTemplate { ref: string }

/**
 * Effects (git): the versions of the files of `files` (template id -> the file as shown) that the clone's other branches
 * have and HEAD's history has not (local branches and the remote-tracking ones a fetch brought: a pushed pull request's
 * branch), each with the branch it is on, newest first, up to `depth` each. Run only for the files whose channel copy no
 * commit of HEAD's history has, to tell a version applied from such a branch (a pull request's preview) from an edit
 * outside tplsync. Two git processes whatever the number of files: one `git log --branches --remotes --not HEAD` of the
 * files (`--source` names the branch of each commit) and one `git cat-file --batch`; nothing in a shallow clone or outside
 * a git repository.
 */
export async function branchTemplates(config: Config, env: EnvironmentConfig, files: ReadonlyMap<string, string>, depth = DRIFT_HISTORY_DEPTH): Promise<Map<string, Iterable<BranchVersion>>> {
  const out = new Map<string, Iterable<BranchVersion>>();
  if (!files.size) return out;
  const { execa } = await import('execa');
  const top = await execa('git', ['rev-parse', '--show-toplevel', '--is-shallow-repository'], { cwd: config.dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  const [root, shallow] = String(top.stdout).split('\n');
  if (top.exitCode !== 0 || !root || shallow === 'true') return out;
  // each file where git has it, as committedTemplates looks, and the config: a branch's version is judged with the values of its own commit
  const tracked = trackedPaths(root, files, config.file);
  if (!tracked) return out;
  const { idOf, configAt, configPaths, paths } = tracked;
  // (origin/HEAD is left out: it names the remote's default branch, whose name says more)
  const log = await execa('git', ['-c', 'core.quotePath=false', '--literal-pathspecs', 'log', '--no-renames', '-n', String(DRIFT_HISTORY_COMMITS), '--format=%x00%H%x09%S', '--name-only', '--source',
    '--exclude=*/HEAD', '--remotes', '--branches', '--not', 'HEAD', '--stdin'], {
    cwd: root, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true, input: `--\n${paths.join('\n')}\n`, maxBuffer: 256 * 1024 * 1024,
  });
  if (log.exitCode !== 0) return out;
  const versions: { rev: string; ref: string; file: string }[] = [];
  const count = new Map<string, number>();
  const byValues = new Map<string, number>();
  for (const { head, files: names } of logCommits(String(log.stdout))) {
    const [hash, source] = head.split('\t');
    const ref = (source ?? '').replace(/^refs\/(?:heads|remotes)\//, '');
    const own = new Set<string>();
    for (const file of names) {
      const n = count.get(file) ?? 0;
      if (!idOf.has(file) || n >= depth || !hash || !ref) continue;
      count.set(file, n + 1);
      own.add(file);
      versions.push({ rev: hash, ref, file });
    }
    if (!names.some((n) => configPaths.has(n)) || !hash || !ref) continue;
    // a commit of the branch's config alone: a version of each file with that commit's values
    for (const file of idOf.keys()) {
      const n = byValues.get(file) ?? 0;
      if (own.has(file) || (count.get(file) ?? 0) >= depth || n >= depth) continue;
      byValues.set(file, n + 1);
      versions.push({ rev: hash, ref, file });
    }
  }
  if (!versions.length) return out;
  const revs = configAt === undefined ? [] : [...new Set(versions.map((v) => v.rev))];
  const blobs = await catBlobs(root, [...versions.map((x) => `${x.rev}:${x.file}`), ...revs.map((r) => `${r}:${configAt}`)]);
  const envAt = await environmentsAt(root, env, configAt, revs, (k) => blobs.get(versions.length + k));
  const byFile = new Map<string, { ref: string; text: string; env: EnvironmentConfig; key: string }[]>();
  for (const [i, v] of versions.entries()) {
    const text = blobs.get(i);
    if (text === undefined) continue;
    const e = envAt.get(v.rev) ?? env;
    const key = versionKey(text, e, env);
    const list = byFile.get(v.file) ?? [];
    if (!list.some((x) => x.key === key)) list.push({ ref: v.ref, text, env: e, key });
    byFile.set(v.file, list);
  }
  for (const [file, list] of byFile) {
    const id = idOf.get(file)!;
    // each parsed when the walk reaches it, and once (the channel's copy is most often the branch's newest)
    const done: (CommittedTemplate | undefined)[] = [];
    out.set(id, {
      *[Symbol.iterator]() {
        for (let k = 0; k < list.length; k++) {
          if (k === done.length) {
            const b = baseEntry(list[k]!.text, file, root, list[k]!.env, { allValues: list[k]!.env === env });
            done.push(b && b.publicId === id ? { template: b.template.canonical, ...(b.valueShape ? { shape: b.valueShape } : {}) } : undefined);
          }
          const t = done[k];
          if (t) yield { ref: list[k]!.ref, ...t };
        }
      },
    });
  }
  return out;
}

/** Pure: what makes a committed version of a file one: its text, and the values it is filled with when it refers to any (today's, `today`, apart: every value of such a version is unknown) */
function versionKey(text: string, env: EnvironmentConfig, today: EnvironmentConfig): string {
  return text.includes('((') ? `${text}\0${JSON.stringify(env.values ?? {})}${env === today ? '\0today' : ''}` : text;
}

/**
 * Pure: the templates of `texts`, newest first, each parsed when the walk reaches it and once: the plan looks for the
 * version the channel holds, which is most often the newest but one, so the older versions of most files are never read
 * (parsing them all cost a plan of 200 templates with 20 versions each two thirds again of its CPU time)
 */
function lazyTemplates<T>(texts: readonly T[], read: (text: T) => CommittedTemplate | undefined): Iterable<CommittedTemplate> {
  const done: (CommittedTemplate | undefined)[] = [];
  return {
    *[Symbol.iterator]() {
      for (let i = 0; i < texts.length; i++) {
        if (i === done.length) done.push(read(texts[i]!));
        const t = done[i];
        if (t) yield t;
      }
    },
  };
}

/**
 * Effects (git: a diff and a cat-file): the templates of the environment whose files were removed since `ref`
 * (committed since, or deleted in the working tree) and that no file defines now (`current`: the ids of the files'
 * templates): what a plain plan says may still be on the channel, as tplsync never deletes one. A file moved is no
 * removal unless its template's id changed with it (another name or language). Empty outside a repository, and when
 * git has not got `ref` (a shallow clone).
 */
export async function removedSince(config: Config, env: EnvironmentConfig, ref: string, current: ReadonlySet<string>, currentFiles: readonly string[] = []): Promise<OrphanCandidate[]> {
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd: config.dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  const top = await git(['rev-parse', '--show-toplevel']);
  if (top.exitCode !== 0) return [];
  const root = String(top.stdout);
  // the files removed, as git names them (a file behind a folder linked into the project, at the link's target: the
  // globs take it through the link the tree at `ref` has, or the project's files now go through)
  const { lexRoot, scope, globs } = await templatesOf(config, root, ref, currentFiles);
  const diff = await git(['diff', '--no-renames', '--name-only', '-z', '--diff-filter=D', ref, '--', ...templatePathspecs(scope, globs)]);
  if (diff.exitCode !== 0) return [];
  const files = String(diff.stdout).split('\0').flatMap((file) => { const shown = file ? globs.taken(file) : undefined; return shown === undefined ? [] : [{ file, shown }]; });
  const blobs = await catBlobs(config.dir, files.map((f) => `${ref}:${f.file}`));
  const out: OrphanCandidate[] = [];
  files.forEach(({ shown }, i) => {
    const text = blobs.get(i);
    const b = text === undefined ? undefined : baseEntry(text, shown, lexRoot, env);
    if (b && !current.has(b.publicId)) out.push({ channel: b.channel, channelId: b.channelId, name: b.name, language: b.language, publicId: b.publicId, file: b.file });
  });
  return out;
}

/**
 * Effects (git: a rev-parse; realpath): what a plan says once when some of the project's files (`files`, absolute) lie
 * outside the git repository the config is in, reached through a link (`templates -> ../shared/Vörlagen`): git keeps the
 * link and nothing of the files, so their removals and their history are unknown to it (outsideRepositoryNote).
 * Undefined when every file is in the repository, or the config is in none.
 */
export async function outsideHistory(config: Config, files: readonly string[]): Promise<string | undefined> {
  if (!files.length) return undefined;
  const { execa } = await import('execa');
  const top = await execa('git', ['rev-parse', '--show-toplevel'], { cwd: config.dir, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  if (top.exitCode !== 0 || !String(top.stdout)) return undefined;
  return outsideRepositoryNote(outsideRepository(String(top.stdout), config.dir, files));
}

/** The ref plan compares categories against when --base is not given: the merge base of HEAD with its upstream branch. */
export interface DefaultBase { ref: string; upstream: string }

/** Effects (git): the merge base of HEAD with the upstream of the current branch, or undefined outside a git repository or without an upstream. */
export async function defaultBase(cwd: string): Promise<DefaultBase | undefined> {
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd, reject: false, stripFinalNewline: true });
  const up = await git(['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}']);
  if (up.exitCode !== 0 || !String(up.stdout)) return undefined;
  const mb = await git(['merge-base', 'HEAD', '@{upstream}']);
  if (mb.exitCode !== 0 || !/^[0-9a-f]{7,64}$/.test(String(mb.stdout))) return undefined;
  return { ref: String(mb.stdout), upstream: String(up.stdout) };
}

/**
 * Effects (git): the commit HEAD names; undefined outside a git repository or before the first
 * commit. Where there is no upstream (a local branch), the files at HEAD are what says where a
 * secret stood, whether or not the files differ from it: a change that removes a secret's last use
 * (committed or not) masks what the channel holds there, and so does a rotation, which changes no
 * file (HEAD has the reference where the channel holds the earlier value: it showed in clear).
 */
export async function headCommit(cwd: string): Promise<string | undefined> {
  const { execa } = await import('execa');
  const r = await execa('git', ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd, reject: false, stripFinalNewline: true });
  return r.exitCode === 0 && /^[0-9a-f]{7,64}$/.test(String(r.stdout)) ? String(r.stdout) : undefined;
}

/** Effects (git): the commit a ref names, or undefined */
export async function commitOf(cwd: string, ref: string): Promise<string | undefined> {
  const { execa } = await import('execa');
  const r = await execa('git', ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  return r.exitCode === 0 && /^[0-9a-f]{7,64}$/.test(String(r.stdout)) ? String(r.stdout) : undefined;
}

/**
 * Effects (git): the upstream branch of HEAD and how many of its commits HEAD does not have (git status's "behind N");
 * undefined without an upstream. What it knows is as fresh as the last fetch.
 */
export async function behindUpstream(cwd: string): Promise<{ upstream: string; behind: number; mergeBase: string } | undefined> {
  const up = await upstreamOf(cwd);
  return up ? behindRef(cwd, up) : undefined;
}

/** Effects (git): the upstream branch of HEAD (`origin/main`), or undefined */
export async function upstreamOf(cwd: string): Promise<string | undefined> {
  const { execa } = await import('execa');
  const up = await execa('git', ['rev-parse', '--abbrev-ref', '--symbolic-full-name', '@{upstream}'], { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  return up.exitCode === 0 && String(up.stdout) ? String(up.stdout) : undefined;
}

/**
 * Effects (git): how many commits of `ref` HEAD does not have, and their merge base; undefined when git cannot say
 * (no such ref, no common history). What it knows of a remote branch is as fresh as the last fetch.
 */
export async function behindRef(cwd: string, ref: string): Promise<{ upstream: string; behind: number; mergeBase: string } | undefined> {
  const { execa } = await import('execa');
  const git = (args: string[]) => execa('git', args, { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  const n = await git(['rev-list', '--count', `HEAD..${ref}`, '--']);
  if (n.exitCode !== 0 || !/^\d+$/.test(String(n.stdout))) return undefined;
  const mb = await git(['merge-base', 'HEAD', ref]);
  if (mb.exitCode !== 0 || !/^[0-9a-f]{7,64}$/.test(String(mb.stdout))) return undefined;
  return { upstream: ref, behind: Number(n.stdout), mergeBase: String(mb.stdout) };
}

/**
 * Effects (git): the branch a feature branch is merged into, as the remote names it (`origin/main`, from
 * refs/remotes/REMOTE/HEAD, which a clone sets): of the remote of HEAD's upstream, else of `origin`; undefined when unknown.
 */
export async function remoteDefaultBranch(cwd: string, upstream: string | undefined): Promise<string | undefined> {
  const { execa } = await import('execa');
  const remotes = (await execa('git', ['remote'], { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true })).stdout;
  const names = String(remotes).split('\n').filter(Boolean);
  const remote = names.find((r) => upstream?.startsWith(`${r}/`)) ?? (names.includes('origin') ? 'origin' : names[0]);
  if (!remote) return undefined;
  const r = await execa('git', ['symbolic-ref', '--quiet', '--short', `refs/remotes/${remote}/HEAD`], { cwd, env: io().env, extendEnv: false, reject: false, stripFinalNewline: true });
  return r.exitCode === 0 && String(r.stdout) ? String(r.stdout) : undefined;
}

/**
 * Where git has each template file (by id) and the config file: at its real path (a template reached through a folder
 * linked into the project is tracked at the link's target); a file outside the repository has none (and would fail a
 * whole log). Undefined when git has none of the templates.
 */
function trackedPaths(root: string, files: Iterable<[string, string]>, configFile: string | undefined): { idOf: Map<string, string>; configAt: string | undefined; configPaths: ReturnType<typeof configLogPaths>; paths: string[] } | undefined {
  const idOf = new Map<string, string>();
  const realRoot = realTop(root);
  for (const [id, file] of files) {
    const at = gitPathOf(realRoot, resolvePath(file));
    if (at !== undefined) idOf.set(at, id);
  }
  if (!idOf.size) return undefined;
  const configAt = configFile ? gitPathOf(realRoot, configFile) : undefined;
  const configPaths = configLogPaths(configAt);
  return { idOf, configAt, configPaths, paths: [...idOf.keys(), ...[...configPaths].filter((p) => !idOf.has(p))] };
}
