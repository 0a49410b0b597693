// Effects (reads files): the language server's view of a project: the config, every template
// file it covers with its per-file lint result, the text of the documents open in the editor
// (which win over the disk), and the final findings of the whole run, computed exactly as
// `tplsync lint` computes them (the same per-file lint, project-level passes, severities,
// overrides, directives and team policies), so the editor and the command line never disagree.
import { caseClashes, caseVariantFolders } from '../files/path-case.js';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { DEFAULT_TEMPLATE_GLOBS, DEFAULT_TYPES_OUT, loadConfig, noConfigFound, readDirect, SEARCH_PLACES, type Config } from '../config/load.js';
import { caseClashWarnings, configWarnings } from '../lint/config-warnings.js';
import { placeConfigWarnings } from '../lint/config-warnings-place.js';
import { unlistedWhatsappLanguage } from '../lint/rules/languages.js';
import { tplsyncCommand } from '../core/invocation.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { PlacedUsageError, type ProblemSpan } from '../core/errors.js';
import { discoverFiles, type FileEntry } from '../files/discover.js';
import { finishProject, lintBytes, type FileResult, type ProjectOptions } from '../lint/engine.js';
import { enabledOffRules, finishRun, projectOptions } from '../lint/lint-files.js';
import { loadPolicies, type LoadedPolicies } from '../lint/policies.js';
import { lintFile } from '../lint/run-file.js';
import { rulesOfRun } from '../lint/registry.js';
import type { RuleMeta } from '../lint/rule.js';
import { io, resolvePath } from '../core/io.js';

export class LspProject {
  config: Config | undefined;
  private popts: ProjectOptions | undefined;
  private policies: LoadedPolicies | undefined;
  private files: FileEntry[] = [];
  private byAbs = new Map<string, FileEntry>();
  /** the config's problems of the last load, as findings of the config file (none when it loaded) */
  private configProblems = new Map<string, Diagnostic[]>();
  private results = new Map<string, FileResult>();
  private readonly open = new Map<string, string>();
  private matches: ((p: string) => boolean) | undefined;
  /** the metadata of the rules of the run (registry.ts rulesOfRun: the built-in ones and the project's policies), by id */
  private meta: ReadonlyMap<string, RuleMeta> = byId(rulesOfRun([]));

  /** `configFile`: the config named on the command line (--config, absolute); without it, the one found from `cwd` */
  constructor(readonly cwd: string, private readonly clock: () => Date = () => new Date(), private readonly configFile?: string) {}

  /** the config's warnings of the last load that have no file to be shown in (no config found): the server says them */
  configNotes: string[] = [];

  /** the config's problem of the last load (the server shows it), undefined when it loaded */
  configError: string | undefined;

  /**
   * (Re)loads the config and every file it covers. A config that does not load is no reason to
   * go silent: its problems are findings of the config file, and the templates are linted with
   * the default settings (under the config's `templates` globs when those are well formed), as
   * `configError` says; what else goes wrong is thrown.
   */
  /** how many times the project was loaded: what was worked out from its settings (the repairs of a text) holds for one */
  generation = 0;

  async load(): Promise<void> {
    this.generation++;
    this.config = undefined;
    this.configProblems = new Map();
    this.configError = undefined;
    let config: Config;
    try { config = await loadConfig({ cwd: this.cwd, ...(this.configFile ? { configFile: this.configFile } : {}) }); } catch (e) {
      const message = (e as Error).message;
      // the config's problems as findings in the config file itself (FILE:LINE:COLUMN: message lines), where the editor shows them
      this.configProblems = configFindings(message, io().cwd(), e instanceof PlacedUsageError ? e.spans : []);
      const fallback = await fallbackConfig(this.cwd, this.configFile);
      // a problem the message places nowhere (an override's, a file that is UTF-16): at the config file's first line
      if (this.configProblems.size === 0 && fallback.file) {
        this.configProblems.set(fallback.file, [{ file: path.relative(io().cwd(), fallback.file) || fallback.file, line: 1, column: 1, endLine: 1, endColumn: 2, ruleId: 'config', severity: 'error', message: message.replace(/^The config has (?:a problem|\d+ problems):\n/, '') }]);
      }
      this.configError = message;
      config = fallback;
    }
    // the config's own warnings (as lint prints them): at their key in the config file; without a config, the server says
    // so in its own words, once the templates are found (below)
    this.configNotes = [];
    if (this.configError === undefined && config.file) {
      const shown = path.relative(io().cwd(), resolvePath(config.file)) || config.file;
      const caseFolders = caseVariantFolders(config);
      const warnings = configWarnings(config, { shown, noConfig: noConfigFound(config.dir), command: tplsyncCommand(), unlistedWhatsappLanguage, ...(caseFolders.length ? { caseFolders } : {}) });
      const abs = resolvePath(config.file);
      const placed = placeConfigWarnings(warnings, shown, readOrUndefined(abs));
      if (placed.length) this.configProblems.set(abs, placed);
    }
    const policies = config.policies?.length ? await loadPolicies(config) : undefined;
    this.popts = projectOptions(config, this.cwd, policies?.rules ?? []);
    this.policies = policies;
    this.meta = byId(rulesOfRun(policies?.rules ?? []));
    this.config = config;
    this.settingsRead = new Map(this.settingsFiles().map((abs) => [abs, readOrUndefined(abs)]));
    this.matches = undefined;
    this.results.clear();
    await this.discover();
    // no config found: one message, of what the editor does (lint's "checked the files alone" is of a run of lint, and
    // no template where the default globs look is no problem of the folder: a template opened is linted with its own config)
    if (this.configError === undefined && !config.file) this.configNotes = [noConfigNote(config, this.files.length, tplsyncCommand())];
  }

  /** Finds the files again (one was created or deleted); lints those not linted yet. */
  async discover(): Promise<void> {
    if (!this.config) return;
    let found: FileEntry[];
    try { found = await discoverFiles(this.config, [], this.cwd); } catch (e) {
      // (a folder with no config and no template where the default globs look: none, which noConfigNote says)
      if (this.open.size === 0 && !(this.config.file === undefined && NO_TEMPLATES.test((e as Error).message))) throw e;
      found = [];
    }
    // a file open in the editor and not saved yet, where the config's globs would find it, is one of the project's
    const onDisk = new Set(found.map((f) => f.abs));
    this.files = [...found, ...[...this.open.keys()].filter((abs) => !onDisk.has(abs) && this.wouldCover(abs)).map((abs) => this.entry(abs))]
      .sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
    this.byAbs = new Map(this.files.map((f) => [f.abs, f]));
    this.byReal = undefined;
    for (const abs of [...this.results.keys()]) if (!this.byAbs.has(abs)) this.results.delete(abs);
    for (const f of this.files) if (!this.results.has(f.abs)) this.lint(f);
  }

  /**
   * The files the project's settings are read from, by absolute path: the config file and its
   * policy plugins (`policies: [{ plugin: ./x.mjs }]`). A change to one of them loads the project again.
   */
  /** the text of each settings file at the last load (undefined: absent), to tell whether one changed on disk since */
  private settingsRead = new Map<string, string | undefined>();

  /** Whether a settings file (settingsFiles) on disk differs from what the last load read (a config saved: reload). */
  settingsChanged(): boolean {
    return [...this.settingsRead].some(([abs, text]) => readOrUndefined(abs) !== text);
  }

  settingsFiles(): string[] {
    const c = this.config;
    if (!c?.file) return [];
    const plugins = (c.policies ?? []).map((e) => e.plugin).filter((x): x is string => typeof x === 'string').map((spec) => path.resolve(c.dir, spec));
    return [resolvePath(c.file), ...plugins];
  }

  /** the template files the config covers, by absolute path */
  covered(): string[] { return this.files.map((f) => f.abs); }
  covers(abs: string): boolean { return this.byAbs.has(abs); }
  /** the covered files by real path (worked out when first asked, for the files of one discovery) */
  private byReal: Map<string, string> | undefined;
  /**
   * The path this project covers the file `abs` at: `abs` itself, or another path of the same real file (a template
   * reached through a folder linked into the project, which the editor opened at its real path); undefined when none.
   */
  coveredAs(abs: string): string | undefined {
    if (this.byAbs.has(abs)) return abs;
    let real: string;
    try { real = realpathSync(abs); } catch { return undefined; }
    if (!this.byReal) {
      this.byReal = new Map();
      for (const f of this.files) { try { const r = realpathSync(f.abs); if (!this.byReal.has(r)) this.byReal.set(r, f.abs); } catch { /* not on disk (open, unsaved) */ } }
    }
    return this.byReal.get(real);
  }
  /** the path lint shows for a file (relative to the project's directory) */
  shown(abs: string): string | undefined { return this.byAbs.get(abs)?.file; }
  absOf(file: string): string | undefined { return this.files.find((f) => f.file === file)?.abs; }

  /** An editor's text for a file (undefined: the file on disk again); lints it again when covered. */
  setText(abs: string, text: string | undefined): void {
    if (text === undefined) this.open.delete(abs); else this.open.set(abs, text);
    // opened before it was ever saved: the project takes it in as lint would once it is saved
    if (text !== undefined && !this.byAbs.has(abs) && this.wouldCover(abs)) {
      const f = this.entry(abs);
      this.files = [...this.files, f].sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
      this.byAbs.set(abs, f);
    }
    // closed without being saved: it is no file of the project
    if (text === undefined && this.byAbs.has(abs) && !existsSync(abs)) {
      this.files = this.files.filter((f) => f.abs !== abs);
      this.byAbs.delete(abs);
      this.results.delete(abs);
      return;
    }
    this.refresh(abs);
  }

  /** whether the config's `templates` globs take this path (relative to the config's folder) */
  private wouldCover(abs: string): boolean {
    if (!this.config || !/\.ya?ml$/i.test(abs) || (this.config.file && resolvePath(this.config.file) === abs)) return false;
    const rel = path.relative(this.config.dir, abs).split(path.sep).join('/');
    if (rel.startsWith('../') || path.isAbsolute(rel)) return false;
    this.matches ??= picomatch([...this.config.templates], { dot: false });
    return this.matches(rel);
  }

  private entry(abs: string): FileEntry {
    const under = this.cwd.endsWith(path.sep) ? this.cwd : this.cwd + path.sep;
    return { abs, file: abs.startsWith(under) ? abs.slice(under.length) : path.relative(this.cwd, abs) || abs };
  }

  /** Lints one covered file again (its open text, else the disk). */
  refresh(abs: string): void {
    const f = this.byAbs.get(abs);
    if (f) this.lint(f);
  }

  textOf(abs: string): string | undefined { return this.open.get(abs); }

  /** a rule of the run (built-in or the project's own) by id: its explanation and the address of its docs */
  rule(id: string): RuleMeta | undefined { return this.meta.get(id); }

  private lint(f: FileEntry): void {
    const keep = Boolean(this.policies?.rules.length);
    const text = this.open.get(f.abs);
    this.results.set(f.abs, lintFile(f.file, f.abs, this.clock(), text === undefined ? undefined : Buffer.from(text), keep, this.config ? enabledOffRules(this.config) : []));
  }

  /**
   * The earliest instant (ms since the epoch) at which the clock alone changes a file's findings
   * (an RCS expireTime reached: FileResult.until), or undefined when none can.
   */
  nextChange(): number | undefined {
    let next: number | undefined;
    for (const r of this.results.values()) if (r.until !== undefined && (next === undefined || r.until < next)) next = r.until;
    return next;
  }

  /** Lints again the files whose findings the clock has changed by now (nextChange); whether there were any. */
  expire(): boolean {
    const now = this.clock().getTime();
    let any = false;
    for (const f of this.files) {
      const until = this.results.get(f.abs)?.until;
      if (until !== undefined && now >= until) { this.lint(f); any = true; }
    }
    return any;
  }

  /** The final findings of every covered file, as `tplsync lint` reports them, by absolute path. */
  findings(): Map<string, Diagnostic[]> {
    const out = new Map<string, Diagnostic[]>(this.files.map((f) => [f.abs, []]));
    for (const [abs, list] of this.configProblems) out.set(abs, list);
    // two template files one apart only in letter case, as lint warns of them: at the config's templates key, found from the
    // files the project holds now (a file created or renamed since the config was read)
    const clashes = this.config?.file && this.configError === undefined ? caseClashes(this.files.map((f) => f.abs)).map((g) => g.map((abs) => this.byAbs.get(abs)?.file ?? abs)) : [];
    if (clashes.length) {
      const abs = resolvePath(this.config!.file!);
      const placed = placeConfigWarnings(caseClashWarnings(clashes), path.relative(io().cwd(), abs) || abs, this.open.get(abs) ?? readOrUndefined(abs));
      out.set(abs, [...(out.get(abs) ?? []), ...placed]);
    }
    if (!this.config || !this.popts) return out;
    const results = this.files.map((f) => this.results.get(f.abs)!);
    const all = finishRun(this.config, this.files, results, this.popts, this.policies, this.clock(), (abs) => this.open.get(abs));
    const byFile = new Map(this.files.map((f) => [f.file, f.abs]));
    for (const d of all) {
      const abs = byFile.get(d.file) ?? path.resolve(this.cwd, d.file);
      const list = out.get(abs);
      if (list) list.push(d); else out.set(abs, [d]);
    }
    return out;
  }

  /** The findings of one file with this text on its own (what a repair is checked against). */
  fileFindings(abs: string, text: string): Diagnostic[] {
    const file = this.shown(abs) ?? abs;
    if (!this.popts) return [];
    return finishProject([lintBytes(file, Buffer.from(text), { now: this.clock() })], { ...this.popts, partial: true }).filter((d) => d.file === file);
  }
}

/**
 * The settings a project whose config does not load is linted with: the defaults, with the
 * config file's own `templates` globs when it has a well-formed list of them (read without the
 * checks that failed). `file`: the config file, when one is found (its problems are shown in it).
 */
async function fallbackConfig(cwd: string, configFile?: string): Promise<Config> {
  const config: Config = { dir: cwd, templates: DEFAULT_TEMPLATE_GLOBS, typesOut: DEFAULT_TYPES_OUT, environments: {}, rules: {} };
  let raw: { config: unknown; filepath: string } | null | undefined;
  try { raw = await readDirect({ cwd, ...(configFile ? { configFile } : {}) }); } catch { raw = undefined; }
  const file = raw?.filepath ?? (configFile !== undefined ? (existsSync(configFile) ? configFile : undefined) : configFileIn(cwd));
  if (!file) return config;
  const globs = (raw?.config as { templates?: unknown } | undefined)?.templates;
  const templates = Array.isArray(globs) && globs.length > 0 && globs.every((g) => typeof g === 'string' && g.length > 0) ? globs as string[] : DEFAULT_TEMPLATE_GLOBS;
  return { ...config, file, dir: path.dirname(file), templates };
}

/** the config file that the search would take, from a folder up (undefined: none) */
function configFileIn(cwd: string): string | undefined {
  for (let dir = resolvePath(cwd); ; dir = path.dirname(dir)) {
    const name = SEARCH_PLACES.find((n) => n !== 'package.json' && existsSync(path.join(dir, n)));
    if (name) return path.join(dir, name);
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** discoverFiles' error when the globs find no template */
const NO_TEMPLATES = /^No template files match /;

/**
 * Pure but for noConfigFound's look at the folder: what the server says of a workspace folder with no config found from it
 * (`found`: how many templates the default globs take there): those are linted alone, with the default settings; with
 * none, a template opened is linted with the config of its own folder or one above it (a monorepo's root), and is not
 * linted where there is none.
 */
export function noConfigNote(config: Pick<Config, 'dir' | 'templates'>, found: number, command: string): string {
  return found > 0
    ? `${noConfigFound(config.dir)} The templates here (${config.templates.join(', ')}, the default globs) are linted alone, with the default settings, not against the channel each names (rule unknown-channel); \`${command} init\` there writes a config.`
    : `${noConfigFound(config.dir)} A template you open here is linted with the config in its folder or a folder above it, and is not linted where there is none; \`${command} init\` in the project's folder writes one.`;
}

function readOrUndefined(abs: string): string | undefined {
  try { return readFileSync(abs, 'utf8'); } catch { return undefined; }
}

const byId = (rules: readonly RuleMeta[]): ReadonlyMap<string, RuleMeta> => new Map(rules.map((r) => [r.id, r]));

/**
 * Pure: the problems a config error names at their place (`FILE:LINE:COLUMN: message`, FILE
 * relative to `cwd`), as error findings of that file, by its absolute path: each over what it
 * names where the error's `spans` say (a key, a key and its wrong value), else its first character.
 */
export function configFindings(message: string, cwd: string, spans: readonly ProblemSpan[] = []): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  for (const line of message.split('\n')) {
    const m = /^(.+?):(\d+):(\d+): (.+)$/.exec(line);
    if (!m) continue;
    const abs = path.resolve(cwd, m[1]!);
    const at = { line: Number(m[2]), column: Number(m[3]) };
    const list = out.get(abs) ?? [];
    const span = spans.find((x) => x.file === m[1] && x.line === at.line && x.column === at.column && x.message === m[4]);
    const end = span && (span.endLine > at.line || (span.endLine === at.line && span.endColumn > at.column)) ? { endLine: span.endLine, endColumn: span.endColumn } : { endLine: at.line, endColumn: at.column + 1 };
    list.push({ file: m[1]!, ...at, ...end, ruleId: 'config', severity: 'error', message: m[4]! });
    out.set(abs, list);
  }
  return out;
}

/** Pure: whether a YAML text looks like a template (top-level `channel:` and `name:`): one the server says it cannot lint */
export function looksLikeTemplate(text: string): boolean {
  return /^\uFEFF?channel[ \t]*:/m.test(text) && /^name[ \t]*:/m.test(text);
}

/**
 * Effects (reads files): the folder of the config nearest above `from` (`from` itself first), as the command line finds
 * it from there (its file names, and a package.json with a "tplsync" key), or undefined when none is.
 */
export function nearestConfigDir(from: string): string | undefined {
  for (let dir = from; ; dir = path.dirname(dir)) {
    for (const name of SEARCH_PLACES) {
      const p = path.join(dir, name);
      if (!existsSync(p)) continue;
      if (name !== 'package.json') return dir;
      try {
        const pkg = JSON.parse(readFileSync(p, 'utf8').replace(/^\uFEFF/, '')) as unknown;
        if (pkg !== null && typeof pkg === 'object' && (pkg as Record<string, unknown>).tplsync != null) return dir;
      } catch { /* not JSON: no config here (the command line says so when it is run there) */ }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}
