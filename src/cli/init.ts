// `tplsync init [--channel ALIAS] [--yes]`: start a project in the current directory. Asks only
// on a terminal (and not with --yes); never overwrites a file, so a second run changes nothing.
import { gitRoot } from '../files/repository-root.js';
import { escapesProject } from '../files/confine-write.js';
import { existsSync, lstatSync, statSync, type Stats } from 'node:fs';
import { FileRefused, MAX_DATA_FILE_BYTES, readRegularText } from '../core/read-regular.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import path from 'node:path';
import intersects from 'semver/ranges/intersects.js';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { toolVersion } from '../core/version.js';
import { searchPlacesShown } from '../core/search-places.js';
import { DEFAULT_TYPES_OUT, loadConfig, SEARCH_PLACES, projectSchemaModelinePath, shownSchemaFile, TwoConfigs, type Config } from '../config/load.js';
import { ACTION_NODE_VERSION, folderSlug } from '../init/workflows.js';
import { ciNamesOf, type CiNames } from '../core/ci-names.js';
import { CHANNEL_ALIAS_RE, initFiles, initWriteProblems, pinAdvice, writeInit, type InitOptions } from '../init/init.js';
import { branchFacts, chooseBranch } from '../init/branch.js';
import { watchedPaths, type WatchedPaths } from '../init/watch-paths.js';
import { WriteRefused } from '../files/write.js';
import { io } from '../core/io.js';
import { tplsyncCommand } from '../core/invocation.js';

export interface InitCommandOptions { channel?: string; kind?: string; yes?: boolean; /** the global --config: the project's config, kept */ config?: string; /** upload lint's SARIF to code scanning */ codeScanning?: boolean }

const DEFAULT_CHANNEL = 'whatsapp';

export async function initCommand(o: InitCommandOptions): Promise<number> {
  const cwd = io().cwd();
  let channel = o.channel;
  const interactive = !o.yes && Boolean(io().stdin.isTTY && io().stdout.isTTY);
  if (channel === undefined && interactive) {
    const { input } = await import('@inquirer/prompts');
    channel = await input({
      message: 'Alias of your first channel (the name template files use for it)',
      default: DEFAULT_CHANNEL,
      validate: (v) => CHANNEL_ALIAS_RE.test(v) || 'letters, digits, ".", "_" and "-"',
    }, { input: io().stdin, output: io().stdout });
  }
  channel ??= DEFAULT_CHANNEL;
  let kind = o.kind;
  if (kind !== undefined && kind !== 'whatsapp' && kind !== 'rcs') throw new UsageError(`--kind is whatsapp or rcs, not '${kind}'`);
  if (kind === undefined && interactive) {
    const { select } = await import('@inquirer/prompts');
    kind = await select({
      message: `What is '${channel}'?`,
      choices: [{ name: 'a WhatsApp channel', value: 'whatsapp' }, { name: 'an RCS channel', value: 'rcs' }],
      default: /rcs/i.test(channel) ? 'rcs' : 'whatsapp',
    }, { input: io().stdin, output: io().stdout });
  }
  // --yes: the alias says it when it can (an alias with "rcs" in it), else WhatsApp
  kind ??= /(^|[^a-z])rcs([^a-z]|$)/i.test(channel) ? 'rcs' : 'whatsapp';
  if (!CHANNEL_ALIAS_RE.test(channel)) throw new UsageError(`--channel '${channel}' must start with a letter or a digit and may use only ASCII letters, digits, ".", "_" and "-" (at most 64)`);
  const rel = (f: string) => path.relative(cwd, f).split(path.sep).join('/');
  // a folder below the repository's root (a monorepo's team): the workflows at the root, set to this folder
  const repo = gitRoot(cwd);
  const dir = repo && repo !== cwd ? path.relative(repo, cwd).split(path.sep).join('/') : undefined;
  // the folder's name goes into the workflows' YAML and shell lines: no character that would end a quote there
  if (dir && /["'`$\\\n\r]/.test(dir)) throw new UsageError(`init writes workflows that run in ${JSON.stringify(dir)}, and a quote, $, backtick or backslash in a folder's name would break their shell lines: rename the folder, or write the workflows by hand (docs/commands/init.md)`);
  // a folder whose name has no letter or digit (`_`, `🚀`) would get the root's workflow files and the root's variable and secret names
  if (dir && !folderSlug(dir)) throw new UsageError(`init writes workflows named for the folder they run in, and ${JSON.stringify(dir)} has no letter or digit to name them by (they would be the repository root's, with its secret): rename the folder, or write the workflows by hand (docs/commands/init.md)`);
  const names = ciNamesOf(dir);
  // the branch the apply workflow applies on push: the repository's (git's), said below
  const branch = chooseBranch(await branchFacts(cwd));
  // the Node.js the workflows run tplsync on: the project's engines.node when its package.json has one
  const found = nodeEngines(cwd, repo ?? cwd);
  // a range that allows no Node.js tplsync runs on (`^18`): setup-node would install one, and every workflow fail at start
  const engines = found && runsTplsync(found.range) ? found : undefined;
  const base: InitOptions = {
    ...(dir ? { dir } : {}),
    ...(o.codeScanning ? { codeScanning: true } : {}),
    ...(engines ? { nodeVersionFile: engines.file } : {}),
    channel, kind: kind as 'whatsapp' | 'rcs', version: toolVersion(), branch: branch.branch,
    configSchemaPath: rel(shownSchemaFile(cwd, 'config.schema.json')),
    templateSchemaPath: projectSchemaModelinePath(cwd, path.join(cwd, 'templates')),
  };
  const files = initFiles(base);
  // a kept config of the project's own: the first template only for an alias it defines
  const configFile = path.join(cwd, 'tplsync.config.yaml');
  const skipped: string[] = [];
  let writable = files;
  // a config named with --config is the project's: kept, and no tplsync.config.yaml written to be found before it
  if (o.config !== undefined && !existsSync(path.resolve(cwd, o.config))) throw new UsageError(`--config ${o.config}: no such file; init writes tplsync.config.yaml here (run it without --config), or name the project's existing config`);
  const named = o.config !== undefined && path.resolve(cwd, o.config) !== configFile ? rel(path.resolve(cwd, o.config)) : undefined;
  const elsewhere = named ?? (existsSync(configFile) ? undefined : otherConfig(cwd));
  if (elsewhere) {
    // tplsync.config.yaml is found first: written beside another config, it would silently take its place
    writable = files.filter((f) => {
      if (f.file !== 'tplsync.config.yaml' && !f.file.startsWith('templates/')) return true;
      skipped.push(`skipped  ${f.file} (the project's config is ${elsewhere}${f.file === 'tplsync.config.yaml' ? '; a tplsync.config.yaml beside it would be read instead of it' : ''})`);
      return false;
    });
  } else if (existsSync(configFile)) {
    // the first template comes with a new config only: a re-run would bring back a sample the team
    // deleted, and the next apply would create it on the channel
    writable = files.filter((f) => {
      if (!f.file.startsWith('templates/') || existsSync(path.join(cwd, f.file))) return true;
      skipped.push(`skipped  ${f.file} (tplsync.config.yaml was kept: init writes its first template only with a new config; \`tplsync new\` writes a template)`);
      return false;
    });
  }
  // a workflow of this name that runs another folder (two folders whose names make one slug: `Sales EU`, `sales-eu`): not taken for this one's
  const taken = dir ? writable.filter((f) => f.file.includes('.github/workflows/') && existsSync(path.join(cwd, f.file)) && !readRegularText(path.join(cwd, f.file), { max: MAX_FILE_BYTES, shown: f.file, what: 'a workflow' }).includes(`working-directory: ${dir}\n`)) : [];
  if (taken.length) throw new UsageError(`${taken.map((f) => f.file).join(', ')} exist${taken.length === 1 ? 's' : ''} and run${taken.length === 1 ? 's' : ''} another folder than ${dir} (folders whose names make the same file name); nothing was written: rename this folder, or that workflow`);
  // nothing through a linked folder (.github, templates) out of the repository (or of this folder, outside one)
  const escaping = writable.flatMap((f) => { const out = escapesProject(repo ?? cwd, path.join(cwd, f.file)); return out ? [`${f.file} (to ${out})`] : []; });
  if (escaping.length) throw new UsageError(`init would write out of the ${repo ? 'repository' : 'project\'s folder'} through a linked folder: ${escaping.join(', ')}; nothing was written. Replace the link with a folder, or run init where it leads`);
  // every file checked before the first is written: a link where one goes stopped init half-way, the files it had written unsaid
  const keptName = elsewhere ?? 'tplsync.config.yaml';
  const keeps = elsewhere !== undefined || existsSync(configFile);
  const cannot = initWriteProblems(cwd, writable, keeps ? [] : [DEFAULT_TYPES_OUT]);
  if (cannot.length) throw new WriteRefused(`init cannot write ${cannot.length === 1 ? 'this file' : 'these files'}: ${cannot.join('; ')}. Nothing was written`);
  // The project's own config, kept, is read (after the checks above: a pipe there is refused, never opened): the
  // workflows run on changes to its templates' folders and its file, and the types module they check is its typesOut.
  // Before, they filtered on templates/** and tplsync.config.* whatever it said, and no module was written for it.
  let kept: Config | undefined;
  let watched: WatchedPaths | undefined;
  let secretValues: string[] = [];
  if (keeps) {
    try {
      kept = await loadConfig({ cwd, ...(o.config !== undefined ? { configFile: o.config } : {}) });
    } catch (e) {
      // two configs in the folder: refused as every command refuses them (init would keep one, the other left unread)
      if (e instanceof TwoConfigs) e.message += '\nNothing was written';
      else if (e instanceof UsageError) e.message += `\ninit reads the config it keeps (${keptName}) for the workflows' path filters and the types module: fix it, then run init again. Nothing was written`;
      throw e;
    }
    const fromRoot = (abs: string): string => path.relative(repo ?? cwd, abs).split(path.sep).join('/');
    watched = watchedPaths({ configDir: fromRoot(kept.dir), templates: kept.templates, configFile: fromRoot(kept.file ?? configFile), typesOut: kept.typesOut });
    // the variables its secret values are read from (every environment's): the steps that plan or apply are given them, from
    // the repository's secrets of the same names, or each stopped with exit 3 (trial-bt F2)
    secretValues = [...new Set(Object.values(kept.environments).flatMap((e) => Object.values(e.values ?? {}).flatMap((v) => ('env' in v ? [v.env] : []))))].sort();
    const texts = new Map(initFiles({ ...base, paths: watched, ...(secretValues.length ? { secretValues } : {}) }).map((f) => [f.file, f.text]));
    writable = writable.map((f) => ({ file: f.file, text: texts.get(f.file) ?? f.text }));
  }
  // the types module the pull-request workflow checks: the kept config's typesOut, else the default beside the new config
  const typesAbs = kept ? path.join(kept.dir, kept.typesOut) : path.join(cwd, DEFAULT_TYPES_OUT);
  const typesShown = rel(typesAbs);
  const typesOutside = kept !== undefined && watched?.types === undefined;
  if (kept && !typesOutside) {
    const cannotTypes = initWriteProblems(cwd, [], [typesShown]).filter((p) => p.includes(typesShown));
    if (cannotTypes.length) throw new WriteRefused(`init cannot write ${cannotTypes.join('; ')}. Nothing was written`);
  }
  const outcomes = writeInit(cwd, writable);
  for (const r of outcomes) {
    io().stdout.write(r.kind === 'exists' ? `exists   ${r.file} (left as it is)\n` : `${r.kind.padEnd(8)} ${r.file}\n`);
  }
  for (const line of skipped) io().stdout.write(`${line}\n`);
  // the generated types the pull-request workflow checks (types --check), whatever config the project has: the one
  // init wrote, or the one it kept (package.json#tplsync, .tplsyncrc.json, a tplsync.config.yaml of the team's), whose
  // first pull request failed at "Generated types are current" when init wrote the workflow and not the module
  let typesMade = false;
  if (typesOutside) {
    io().stdout.write(`skipped  ${kept!.typesOut} (typesOut in ${keptName} is outside the repository: the pull-request workflow's \`tplsync types --check\` needs a module inside it; set typesOut to a path inside the project and run \`tplsync types\`)\n`);
  } else if (!existsSync(typesAbs)) {
    const { typesCommand } = await import('./types.js');
    let code: number = EXIT.OK;
    let why = 'the templates must lint clean first';
    try {
      code = await typesCommand(o.config !== undefined ? { config: o.config } : {});
    } catch (e) {
      // a kept project with no template yet (or another reason types gives): its workflows are written; the module waits
      if (!kept || !(e instanceof UsageError)) throw e;
      code = e.exitCode;
      const first = e.message.split('\n')[0]!.replace(/^tplsync: /, '').replace(/\.$/, '');
      why = first.charAt(0).toLowerCase() + first.slice(1);
    }
    if (code === EXIT.OK) typesMade = true;
    // a kept project whose templates do not lint clean yet: its workflows are written; the module waits for the fix (said)
    else if (kept) io().stdout.write(`skipped  ${typesShown} (not generated: ${why}; then run \`${tplsyncCommand()} types\` and commit the module, which the pull-request workflow checks)\n`);
    else return code;
  } else {
    // the module is there already: said as every other file is (a file of the user's, or no file at all, is not taken for tplsync's)
    io().stdout.write(`${typesThere(typesAbs, typesShown, keptName)}\n`);
  }
  // the branch the apply workflow was written for, and how it was chosen (a guess is said as one)
  const applyFile = outcomes.find((r) => /(^|\/)tplsync-apply[^/]*\.yml$/.test(r.file) && r.kind === 'created')?.file;
  if (applyFile) {
    io().stdout.write(branch.sure
      ? `${applyFile} applies what is pushed to ${branch.branch} (${branch.why})\n`
      : `${applyFile} applies what is pushed to ${branch.branch} (${branch.why}): if merges go to another branch, change branches: [${branch.branch}] in it\n`);
  }
  if (kept && watched && outcomes.some((r) => r.file.includes('.github/workflows/') && r.kind === 'created')) {
    io().stdout.write(`The workflows run when these change: ${[...watched.templates, ...watched.config, ...(watched.types ? [watched.types] : [])].join(', ')} (from ${keptName})\n`);
    if (watched.outside.length) io().stderr.write(`tplsync: note: ${watched.outside.join(', ')} of ${keptName} lie${watched.outside.length === 1 ? 's' : ''} outside the repository, which no path filter of a workflow can name: after changing ${watched.outside.length === 1 ? 'it' : 'them'}, run the apply workflow by hand (workflow_dispatch)\n`);
    if (secretValues.length) io().stdout.write(`The steps that plan and apply are given the variables ${keptName}'s secret values are read from (${secretValues.join(', ')}), each from the repository's secret of that name: set ${secretValues.length === 1 ? 'it' : 'those'} of each environment the workflows plan (TPLSYNC_ENV), or they stop with exit 3\n`);
  }
  if (outcomes.some((r) => r.file.includes('.github/workflows/') && r.kind === 'created')) {
    io().stdout.write(engines
      ? `The workflows run tplsync on the Node.js that engines.node of ${engines.file} asks for (${engines.range})\n`
      : found
        ? `The workflows run tplsync on Node.js ${ACTION_NODE_VERSION}, the action's default: engines.node of ${found.file} (${found.range}) allows no Node.js that tplsync runs on (Node.js ${TPLSYNC_NODE.slice(2)} or newer), so the workflows do not take it. Widen it (e.g. "${found.range} || ${TPLSYNC_NODE}") and add node-version-file: ${found.file} to each step of the action to run on the project's\n`
        : `The workflows run tplsync on Node.js ${ACTION_NODE_VERSION} (no engines.node in a package.json here)\n`);
  }
  if (dir) {
    io().stderr.write(`tplsync: note: the workflows are in the repository's ${path.join(path.relative(cwd, repo!) || '.', '.github', 'workflows')}/ (the only place GitHub reads them), named for ${dir} and set to run there: each use of the action has working-directory: ${dir}, its path filters and files are this folder's, its comments and concurrency groups are its own, and so are the variables and the secret it reads (${names.envVariables[0]}, ${names.keyVariable}, ${names.secretPattern})\n`);
  }
  // the action runs the tplsync the repository pins: a project with none got workflows whose every step stopped with exit 3, unsaid
  const pin = pinAdvice(tplsyncManifest(cwd, repo ?? cwd), toolVersion());
  if (!typesMade && outcomes.every((r) => r.kind === 'exists')) {
    io().stdout.write(`\nEverything init writes is already here; nothing was changed.\n${pin ? `${pin}\n` : ''}`);
    return EXIT.OK;
  }
  const created = outcomes.some((r) => r.file === 'tplsync.config.yaml' && r.kind === 'created');
  if (!created) {
    // the project's own config was kept: its environments are its own, not init's "local" and "production"
    const t = tplsyncCommand();
    io().stdout.write(`
Next:
${nextSteps([[`${t} lint`, 'check the templates'], [`${t} plan`, `see what apply would change in ${keptName}'s default environment`]])}
${dir ? keptFolderAdvice(dir, names, keptName) : `The workflows in .github/workflows/ plan and apply the environment "production" (or the
repository variable TPLSYNC_ENV): ${keptName}, which was kept, must define it, with its API key's
variable as a secret of your repository, or they stop with exit 3.`}${named ? `
They find the config by its usual names (${searchPlacesShown()}),
not ${named}: add --config ${named} to each step's args, or move the config to one of them.` : ''}
${pin ? `${pin}\n` : ''}`);
    return EXIT.OK;
  }
  const t = tplsyncCommand();
  io().stdout.write(`
Next:
${nextSteps([[`${t} lint`, 'check the templates'], [`${t} apply --auto-approve`, 'sync them to the embedded emulator (environment "local")'], [`${t} preview --out preview`, 'see them as the customer will']])}
${dir ? newFolderAdvice(dir, names) : `Before the first push, fill in the production environment in tplsync.config.yaml and set
the secret TPLSYNC_PRODUCTION_API_KEY in your repository: the workflows in .github/workflows/
plan and apply "production" (or the repository variable TPLSYNC_ENV) and stop with exit 3
until the config has it.`}
${pin ? `${pin}\n` : ''}`);
  return EXIT.OK;
}

/**
 * The package.json whose engines.node (or devEngines.runtime, which setup-node reads first) names the
 * project's Node.js: the nearest from `dir` up to `root` that has one, its path from `root`; else
 * undefined. One that cannot be read or parsed is passed over (init's checks say so of a pipe there).
 */
/** the Node.js releases tplsync runs on (package.json engines.node) */
const TPLSYNC_NODE = '>=20.19';

/** Pure: whether a project's engines.node range allows a Node.js tplsync runs on (one that cannot be read is taken as it is: setup-node judges it) */
export function runsTplsync(range: string): boolean {
  try { return intersects(range, TPLSYNC_NODE); } catch { return true; }
}

function nodeEngines(dir: string, root: string): { file: string; range: string } | undefined {
  for (let d = dir; ; d = path.dirname(d)) {
    const file = path.join(d, 'package.json');
    const pkg = readManifest(file);
    const runtime = pkg?.devEngines?.runtime;
    const range = runtime?.name === 'node' && typeof runtime.version === 'string' ? runtime.version : pkg?.engines?.node;
    if (typeof range === 'string' && range.trim()) return { file: path.relative(root, file).split(path.sep).join('/'), range: range.trim() };
    if (d === root || path.dirname(d) === d || !d.startsWith(root)) return undefined;
  }
}

/**
 * The nearest package.json from `dir` up to `root` (what the action's step resolves tplsync from: node_modules of its
 * folder or one above), as shown from `root`, and whether it pins tplsync (a dependency of any kind, or tplsync's own
 * repository); undefined when there is none. One that cannot be parsed pins nothing.
 */
function tplsyncManifest(dir: string, root: string): { file: string; pins: boolean } | undefined {
  let first: { file: string; pins: boolean } | undefined;
  for (let d = dir; ; d = path.dirname(d)) {
    const file = path.join(d, 'package.json');
    if (existsSync(file)) {
      const pkg = readManifest(file) as PinManifest;
      const pins = pkg?.name === 'tplsync' || [pkg?.dependencies, pkg?.devDependencies, pkg?.optionalDependencies].some((deps) => typeof deps === 'object' && deps !== null && 'tplsync' in deps);
      if (pins) return { file: path.relative(root, file).split(path.sep).join('/'), pins };
      first ??= { file: path.relative(root, file).split(path.sep).join('/'), pins };
    }
    if (d === root || path.dirname(d) === d || !d.startsWith(root)) return first;
  }
}
type PinManifest = { name?: unknown; dependencies?: unknown; devDependencies?: unknown; optionalDependencies?: unknown } | null | undefined;

type Manifest = { engines?: { node?: unknown }; devEngines?: { runtime?: { name?: unknown; version?: unknown } } } | null | undefined;
function readManifest(file: string): Manifest {
  try {
    return existsSync(file) && statSync(file).isFile() ? JSON.parse(readRegularText(file, { max: MAX_DATA_FILE_BYTES, shown: 'package.json', what: 'the package manifest' })) as Manifest : undefined;
  } catch { return undefined; }
}

/** the workflows of the folder `dir` as one glob (`.github/workflows/tplsync-*-teams-support.yml`) */
function folderWorkflows(dir: string): string {
  return `.github/workflows/tplsync-*-${folderSlug(dir)}.yml`;
}

/**
 * What to set for the workflows of a folder (a monorepo's team), whose config init wrote: the folder's
 * own secret and variables, so that two teams on two accounts keep two keys.
 */
function newFolderAdvice(dir: string, names: CiNames): string {
  return `Before the first push, fill in the production environment in tplsync.config.yaml and set
the secret ${names.secret('production')} in your repository: the workflows of ${dir}
(${folderWorkflows(dir)}) plan and apply "production" (or the repository
variable ${names.envVariables[0]}, else ${names.envVariables.slice(1).join(', ')}) and stop with exit 3 until the config has it.
They read this folder's names alone (never the repository's TPLSYNC_PRODUCTION_API_KEY), so that
another team of the repository keeps its own key: docs/commands/init.md.`;
}

/** The same for a folder whose own config init kept: its apiKeyEnv may be another name, set with the folder's variable. */
function keptFolderAdvice(dir: string, names: CiNames, keptName: string): string {
  return `The workflows of ${dir} (${folderWorkflows(dir)}) plan and apply
the environment "production" (or the repository variable ${names.envVariables[0]}, else
${names.envVariables.slice(1).join(', ')}): ${keptName}, which was kept, must define it, or they stop with exit 3.
They read the key from the secret ${names.secret('production')} and hand it to tplsync as
TPLSYNC_PRODUCTION_API_KEY; if the environment's apiKeyEnv is another name, set the repository
variable ${names.keyVariable} to it and keep the key in a secret of that name.`;
}

/** The commands to run next, each with what it does, in two columns. */
function nextSteps(steps: readonly (readonly [string, string])[]): string {
  const width = Math.max(...steps.map(([c]) => c.length)) + 2;
  return steps.map(([c, what]) => `  ${c.padEnd(width)}${what}`).join('\n');
}

/** Another config of the project in `dir` (a place lint searches, package.json with a "tplsync" key), named as the user knows it. */
function otherConfig(dir: string): string | undefined {
  for (const name of SEARCH_PLACES) {
    const p = path.join(dir, name);
    if (name === 'tplsync.config.yaml' || !existsSync(p)) continue;
    if (name !== 'package.json') return name;
    try {
      const pkg = JSON.parse(readRegularText(p, { max: MAX_DATA_FILE_BYTES, shown: name, what: 'the package manifest' })) as Record<string, unknown> | null;
      if (pkg && typeof pkg === 'object' && pkg.tplsync !== undefined) return 'package.json#tplsync';
    } catch (e) {
      // a package.json that is no regular file (a FIFO) is refused, as every file tplsync reads; not JSON: not a config either
      if (e instanceof FileRefused) throw e;
    }
  }
  return undefined;
}

/** what init says of a types module it finds in place at `abs` (`file` as shown; it writes none over anything) */
function typesThere(abs: string, file: string, configName: string): string {
  const elsewhere = `the pull-request workflow's \`tplsync types --check\` needs one: set typesOut in ${configName} to another file and run \`tplsync types\``;
  let st: Stats;
  try { st = lstatSync(abs); } catch { return `skipped  ${file} (cannot be read: the types module was not written; ${elsewhere})`; }
  if (st.isSymbolicLink() || !st.isFile()) return `skipped  ${file} (${st.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}: the types module was not written; remove it, or ${elsewhere})`;
  let head = '';
  try { head = readRegularText(abs, { max: MAX_DATA_FILE_BYTES, shown: file, what: 'the types module' }).slice(0, 200); } catch { /* said below as not tplsync's */ }
  return head.startsWith('// Generated by tplsync types')
    ? `exists   ${file} (left as it is)`
    : `skipped  ${file} (a file tplsync did not write: left as it is, and the types module was not written; ${elsewhere})`;
}
