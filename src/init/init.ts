// Init's core: what `tplsync init` writes into a repository (pure: `initFiles`), and writing
// it without ever overwriting (effects: `writeInit`). A config with a `local` environment on
// the embedded emulator and a commented production skeleton, the three CI workflows, a first
// template, and `.tplsync/` in .gitignore.
import { existsSync, lstatSync, statSync } from 'node:fs';
import { kindOfFile, readRegularText } from '../core/read-regular.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import path from 'node:path';
import { v5 as uuidv5 } from 'uuid';
import { writeFileAtomic } from '../files/write.js';
import { formatTemplate } from '../fmt/format.js';
import { TEMPLATE_ID_NAMESPACE } from '../model/ids.js';
import { safeFileName } from '../model/to-file.js';
import { scaffoldRcsTemplate, scaffoldTemplate } from '../scaffold/scaffold.js';
import { workflowFiles } from './workflows.js';
import type { WatchedPaths } from './watch-paths.js';

export interface InitOptions {
  /** the channel alias of the first template and of the config */
  channel: string;
  /** what that channel is (default whatsapp): the config says so, and the first template fits it */
  kind?: 'whatsapp' | 'rcs';
  /** the tplsync version the workflows pin */
  version: string;
  /** `$schema` of the config, relative to the repository (the package's schema/config.schema.json) */
  configSchemaPath: string;
  /** `$schema` of the template files, relative to the templates/ folder */
  templateSchemaPath: string;
  /**
   * The project's folder from the repository's root (`teams/support`), when init runs below it: the
   * workflows go to the root's .github/workflows (the only place GitHub reads them), set to that folder
   */
  dir?: string;
  /** what runs the workflows: the paths of the project's config (default: those of the config init writes) */
  paths?: WatchedPaths;
  /** the branch the apply workflow applies on push (default main) */
  branch?: string;
  /** the pull-request workflow uploads lint's SARIF to code scanning (`--code-scanning`; needs GitHub Advanced Security on a private repository) */
  codeScanning?: boolean;
  /** the repository-relative package.json whose engines.node sets the workflows' Node.js (default: the action's LTS) */
  nodeVersionFile?: string;
  /** the variables the kept config's secret values are read from: each step that plans or applies is given them (WorkflowOptions.secretValues) */
  secretValues?: readonly string[];
}

export const CHANNEL_ALIAS_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const FIRST_TEMPLATE = { name: 'welcome_message', language: 'en_US', category: 'UTILITY' } as const;
export const GITIGNORE_LINE = '.tplsync/';
const PRODUCTION_KEY_ENV = 'TPLSYNC_PRODUCTION_API_KEY';

/** The local channel id of an alias: name-based, so that two runs of init agree. */
export function localChannelId(alias: string): string {
  return uuidv5(`local-channel/${alias}`, TEMPLATE_ID_NAMESPACE);
}

export function configText(o: InitOptions): string {
  return `# yaml-language-server: $schema=${o.configSchemaPath}
# tplsync config: which files are templates, and where each environment syncs them.
# Docs: https://github.com/tplsync/tplsync#readme
templates: ["templates/**/*.{yaml,yml}"]
defaultEnvironment: local
environments:
  # The embedded emulator of the partner messaging API: \`tplsync apply\` works with no account.
  # Its state is kept in .tplsync/ (ignored by git).
  local:
    emulator: .tplsync/emulator.json
    channels:
      ${o.channel}: ${localChannelId(o.channel)}
    # "Get List Approved Template" of the emulator, for \`tplsync pull --all\` and \`plan --orphans\`
    list:
      path: /channel/{channelId}/templates
      items: templates
      id: publicId
      next: nextCursor
  # The real service. Uncomment, set baseUrl and the publicId of each channel, and keep the API
  # key in the environment variable apiKeyEnv names (a secret in CI), never in this file.
  # CI plans and applies this environment (the workflows in .github/workflows/).
  # production:
  #   baseUrl: https://api.example.com
  #   apiKeyEnv: ${PRODUCTION_KEY_ENV}
  #   channels:
  #     ${o.channel}: 00000000-0000-0000-0000-000000000000   # the channel's publicId
  #   # list:            # only if your provider documents the path of its template listing
  #   #   path: /channel/{channelId}/templates
  #   #   items: templates
  #   #   id: publicId
# What each channel is: lint keeps RCS-only templates off WhatsApp channels and back (rule channel-kind).
channels:
  ${o.channel}: { kind: ${o.kind ?? 'whatsapp'} }
# Severities per lint rule id (docs/rules.md), and the team's own policies:
rules: {}
# policies:
#   - id: acme/marketing-opt-out
#     message: Marketing templates offer an opt-out in the footer
#     severity: error
#     where: { category: MARKETING }
#     field: footer
#     pattern: STOP
`;
}

export interface PlannedFile { file: string; text: string }

/** where tplsync's releases are (it is not on the npm registry: a package of that name there is someone else's) */
export const RELEASE_REPOSITORY = 'git+https://github.com/tplsync/tplsync.git';

/**
 * Pure: what init says when the project pins no tplsync (the action runs the tplsync of the repository's package.json
 * and lockfile, and stops each step with exit 3 without one): the command that pins this version, as README's Install
 * does (a release tag, never a registry name), and what to commit; undefined when `manifest` pins it.
 * `manifest`: the nearest package.json (its path as shown, and whether it pins tplsync), or undefined when there is none.
 */
export function pinAdvice(manifest: { file: string; pins: boolean } | undefined, version: string): string | undefined {
  if (manifest?.pins) return undefined;
  const install = `npm install --save-dev ${RELEASE_REPOSITORY}#v${version}`;
  const why = manifest === undefined
    ? 'there is no package.json here, so every tplsync step of the workflows stops with exit 3 until you pin it'
    : `${manifest.file} does not pin tplsync, so every tplsync step of the workflows stops with exit 3 until you pin it`;
  return `The workflows run the tplsync your repository pins (tplsync is not on the npm registry), and
${why}:
  ${manifest === undefined ? `npm init -y && ${install}` : install}
then commit package.json and package-lock.json (or install the release tarball: README, Install).`;
}

/** Every file init writes, relative to the repository, in the order it reports them. */
export function initFiles(o: InitOptions): PlannedFile[] {
  const scaffold = o.kind === 'rcs' ? scaffoldRcsTemplate : scaffoldTemplate;
  const template = formatTemplate(scaffold({
    channel: o.channel, name: FIRST_TEMPLATE.name, language: FIRST_TEMPLATE.language, category: FIRST_TEMPLATE.category, schemaPath: o.templateSchemaPath,
  })).text;
  const workflows = workflowFiles({ uses: `tplsync/tplsync@v${o.version}`, apiKeyEnv: PRODUCTION_KEY_ENV, environment: 'production', typesCheck: true, ...(o.dir ? { dir: o.dir } : {}), ...(o.paths ? { paths: o.paths } : {}), ...(o.branch ? { branch: o.branch } : {}), ...(o.codeScanning ? { codeScanning: true } : {}), ...(o.nodeVersionFile ? { nodeVersionFile: o.nodeVersionFile } : {}), ...(o.secretValues?.length ? { secretValues: o.secretValues } : {}) });
  // (paths relative to the project's folder: a workflow of a folder below the root goes up to the root's .github)
  const fromHere = (file: string): string => (o.dir ? path.posix.relative(o.dir, file) : file);
  return [
    { file: 'tplsync.config.yaml', text: configText(o) },
    { file: `templates/${safeFileName(FIRST_TEMPLATE.name, FIRST_TEMPLATE.language)}`, text: template },
    ...Object.entries(workflows).map(([file, text]) => ({ file: fromHere(file), text })),
  ];
}

/**
 * The .gitignore with `.tplsync/` added, or undefined when it is already ignored. A .gitignore
 * init creates (`node: true`) also ignores node_modules/: in a Node project, and in one without a
 * package.json yet, which init's advice (`npm init -y && npm install ...`) makes one. Without it,
 * the first `git add -A` commits thousands of installed files (trial-bs).
 */
export function withIgnored(gitignore: string | undefined, o: { node?: boolean } = {}): string | undefined {
  const lines = (gitignore ?? '').split(/\r?\n/).map((l) => l.trim());
  if (lines.some((l) => l === GITIGNORE_LINE || l === '.tplsync' || l === '/.tplsync/' || l === '/.tplsync')) return undefined;
  const base = gitignore ?? '';
  // the file's own line ending (a .gitignore written on Windows keeps CRLF on every line)
  const eol = /\r\n/.test(base) ? '\r\n' : '\n';
  const node = gitignore === undefined && o.node ? `# installed packages${eol}node_modules/${eol}` : '';
  return `${base}${base && !base.endsWith('\n') ? eol : ''}${node}# tplsync: the embedded emulator's state and the lint cache${eol}${GITIGNORE_LINE}${eol}`;
}

export type InitOutcome = { file: string; kind: 'created' | 'exists' | 'updated' };

/**
 * Why init could not write `file` (relative to `dir`) where it would create or update it, or
 * undefined: a symbolic link there (a dangling one: a link to a file that exists is that file, kept),
 * something that is not a regular file, or a file where one of its folders goes. Checked for every
 * file before the first is written, so that a refusal leaves nothing half-done.
 */
function writeProblem(dir: string, file: string): string | undefined {
  const abs = path.join(dir, file);
  let st;
  try { st = lstatSync(abs); } catch { st = undefined; }
  if (st?.isSymbolicLink()) return `${file} is a symbolic link (that leads nowhere): tplsync does not replace a link with a file; remove the link, or make what it leads to`;
  if (st && !st.isFile()) return `${file} is there and is not a regular file`;
  for (let d = path.dirname(abs); d.length > dir.length && d.startsWith(dir); d = path.dirname(d)) {
    let ds;
    try { ds = statSync(d); } catch { continue; }
    if (!ds.isDirectory()) return `${path.relative(dir, d)} is a file where init makes a folder (for ${file})`;
  }
  return undefined;
}

/**
 * What init would refuse to write of `files` (and of `.gitignore`, and of `also`: the generated types),
 * each said; empty when every write can go ahead. A file that exists is left as it is, never a refusal.
 */
export function initWriteProblems(dir: string, files: readonly PlannedFile[], also: readonly string[] = []): string[] {
  // what init reads or keeps (a planned file already there, .gitignore, package.json): a named pipe
  // there blocked its open for ever after half the files were written, deaf to signals; a folder or a
  // device is no file to keep either. Said with the rest, before anything is written
  const kept = [...files.map((f) => f.file), '.gitignore', 'package.json'].flatMap((f) => { const p = notRegular(dir, f); return p ? [p] : []; });
  const targets = [...files.map((f) => f.file), ...also].filter((f) => !existsSync(path.join(dir, f)));
  const ignore = path.join(dir, '.gitignore');
  // .gitignore is updated in place when it lacks .tplsync/: a link there is refused by the write
  let ignoreLinked = false;
  try { ignoreLinked = lstatSync(ignore).isSymbolicLink(); } catch { /* none */ }
  if (ignoreLinked) {
    const had = existsSync(ignore) && !kept.length ? readIgnore(ignore) : undefined;
    if (withIgnored(had, { node: true }) !== undefined) targets.push('.gitignore');
  } else if (!existsSync(ignore)) targets.push('.gitignore');
  return [...kept, ...targets.flatMap((f) => { const p = writeProblem(dir, f); return p ? [p] : []; })];
}

/** why `file` (relative to `dir`), there already, is no file init may read or keep: a FIFO, a folder, a device (a link followed); else undefined */
function notRegular(dir: string, file: string): string | undefined {
  let st;
  try { st = statSync(path.join(dir, file)); } catch { return undefined; }
  return st.isFile() ? undefined : `${file} is ${kindOfFile(st)}, not a regular file (tplsync reads only regular files): remove it, or put a file there`;
}

/** the .gitignore's text, read as every file tplsync reads: a regular file of at most 1 MiB, else refused (exit 3) without blocking */
function readIgnore(abs: string): string {
  return readRegularText(abs, { max: MAX_FILE_BYTES, shown: '.gitignore', what: 'the .gitignore' });
}

/** Writes each planned file that does not exist yet, and .tplsync/ into .gitignore; never overwrites. */
export function writeInit(dir: string, files: readonly PlannedFile[]): InitOutcome[] {
  const out: InitOutcome[] = [];
  // the .gitignore read before anything is written: refused (not a regular file, too large), init writes nothing
  const ignore = path.join(dir, '.gitignore');
  const had = existsSync(ignore) ? readIgnore(ignore) : undefined;
  try {
    for (const f of files) {
      const abs = path.join(dir, f.file);
      if (existsSync(abs)) { out.push({ file: f.file, kind: 'exists' }); continue; }
      writeFileAtomic(abs, f.text);
      out.push({ file: f.file, kind: 'created' });
    }
    const next = withIgnored(had, { node: true });
    if (next === undefined) out.push({ file: '.gitignore', kind: 'exists' });
    else { writeFileAtomic(ignore, next); out.push({ file: '.gitignore', kind: had === undefined ? 'created' : 'updated' }); }
  } catch (e) {
    // a write that failed all the same (a full disk, a folder made read-only meanwhile): what was written is said with it
    const written = out.filter((o) => o.kind !== 'exists').map((o) => o.file);
    if (written.length && e instanceof Error) e.message += `; init had already written ${written.join(', ')} (left in place: run init again once this is fixed, it keeps what exists)`;
    throw e;
  }
  return out;
}
