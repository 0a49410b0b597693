// Effects: find and read the config (cosmiconfig, module name `tplsync`), validate it against
// schema/config.schema.json and resolve it to absolute paths. Errors are UsageError (exit 3).
import path from 'node:path';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type TS from 'typescript';
import { importFresh } from '../core/fresh-import.js';
import { holdProjectOutput } from '../core/project-console.js';
import { secretFromEnv, takenAsKey } from '../core/secret-env.js';
import { ciNamesFromEnv } from '../core/ci-names.js';
import type { SeveritySetting } from '../core/diagnostic.js';
import { schemaDir } from '../schemas/dir.js';
import { PlacedUsageError, UsageError } from '../core/errors.js';
import { addPublicTexts, addSecret, MIN_SECRET_LENGTH } from '../core/redact.js';
import { VALUE_NAME } from '../core/value-name.js';
import { closest, didYouMean, editDistance } from '../core/suggest.js';
import type { ConfigProblem, ConfigText, SchemaError } from './diagnose.js';
import { parseOverrides, type Override } from './overrides.js';
import { checkPolicyEntries } from './policies.js';
import { io, resolvePath } from '../core/io.js';
import { codeInPlaceOf, languageCode, renamedLanguage } from '../core/language.js';
import { checkRegularFile, FileRefused, readRegularFile, readRegularText, strictUtf8 } from '../core/read-regular.js';

/** The most bytes a config file (or a package.json looked in for one, or a file it imports) may hold: as a template file's bound. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

/** The bound of a file read as (part of) the config, named as the messages name it. */
function configBound(file: string, what = 'the config'): { max: number; shown: string; what: string } {
  const rel = path.relative(io().cwd(), file);
  return { max: MAX_CONFIG_BYTES, shown: !rel ? file : rel.startsWith('..') ? file : rel, what };
}

/**
 * Refuses a config file that another reader (cosmiconfig, Node's module loader) is to read when
 * it is no regular file or over the bound (exit 3); a file that cannot be opened is left to that
 * reader's own message (not found, not allowed).
 */
function guardConfigFile(file: string, what = 'the config'): void {
  try { checkRegularFile(file, configBound(file, what)); } catch (e) { if (e instanceof FileRefused) throw e; return; }
  // a data file (package.json, .tplsyncrc) not UTF-8: refused at its byte, as readText refuses one (cosmiconfig would read it with U+FFFD)
  if (!/\.(c|m)?(js|ts)$/i.test(file)) { try { strictUtf8(readRegularFile(file, configBound(file, what)), configBound(file, what)); } catch (e) { if (e instanceof FileRefused) throw e; } }
}

/** The channels' settings, their languages in the template files' form (`pt-br`, `pt_br` -> pt_BR: language-coverage compares them with the files' `language`), once each. */
function channelSettings(channels: NonNullable<RawConfig['channels']>): NonNullable<RawConfig['channels']> {
  const out = bare(channels);
  for (const [alias, s] of Object.entries(out)) if (s && Array.isArray(s.languages)) out[alias] = { ...s, languages: [...new Set(s.languages.map(languageCode))] };
  return out;
}

/** A copy of `o` (or an empty map) without a prototype. */
function bare<V>(o?: Record<string, V>): Record<string, V> {
  return Object.assign(Object.create(null) as Record<string, V>, o ?? {});
}

export interface EnvironmentConfig {
  name: string;
  emulator?: string;
  baseUrl?: string;
  apiKeyEnv: string;
  allowInsecureHttp: boolean;
  channels: Record<string, string>;
  /** the template listing, when configured (off otherwise: the reference gives no path) */
  list?: ListConfig;
  /** the platform's creation limit per channel, which apply paces its creations to (default 100 per hour) */
  createQuota?: CreateQuotaConfig;
  /** named values the template files refer to as ((name)) (src/model/values.ts); absent when none */
  values?: Record<string, EnvironmentValue>;
  /**
   * the categories the platform approved templates under in this environment, accepted (`<alias>/<name>` or
   * `<alias>/<name>/<language>` -> MARKETING...): a copy approved so is in sync here (src/config/categories.ts); absent when none
   */
  categories?: Record<string, string>;
  /**
   * the templates this environment leaves out (`<alias>/<name>`: every language, or `<alias>/<name>/<language>`): retired
   * here alone, its file kept for the others (src/project/environment-templates.ts); absent when none
   */
  exclude?: string[];
  /** attempts after a failed one (network error, time-out, 429, 5xx) before a request gives up; absent: the client's default (4) */
  retries?: number;
  /** the statuses of a read of an unknown template (default [404]) */
  notFoundStatuses?: number[];
}

/** One value of an environment: a text, or (a secret) the name of the environment variable that holds it. */
export type EnvironmentValue = { text: string } | { env: string };

/** At most `limit` template creations per channel within any `windowSeconds`. */
export interface CreateQuotaConfig { limit: number; windowSeconds: number }
/** WhatsApp's: 100 creations per hour (per account; tplsync counts per channel) */
export const DEFAULT_CREATE_QUOTA: CreateQuotaConfig = { limit: 100, windowSeconds: 3600 };

/** Where "Get List Approved Template" lives and how to read its answer (schema/config.schema.json). */
export interface ListConfig { path: string; items: string; id: string; next?: string; cursorParam?: string }

/** One entry of `policies` as written (checked by src/lint/policies.ts). */
export type PolicyEntry = Record<string, unknown>;

export interface Config {
  /** absolute path of the config file, or undefined when none was found */
  file?: string;
  /** the directory globs and relative paths are resolved against */
  dir: string;
  templates: string[];
  /** where `tplsync types` writes the module, relative to `dir` */
  typesOut: string;
  defaultEnvironment?: string;
  environments: Record<string, EnvironmentConfig>;
  rules: Record<string, SeveritySetting>;
  /** per-path severities (config/overrides.ts); absent when the config has none */
  overrides?: Override[];
  /** the team's own rules, as written in the config (compiled by src/lint/policies.ts) */
  policies?: PolicyEntry[];
  /** per channel alias: the languages every template on it must have (rule language-coverage) */
  channels?: Record<string, ChannelPolicy>;
}

/** Aliases of the environments whose kind the config does not say (lint warns once; rule channel-kind cannot check them). */
export function aliasesWithoutKind(config: Pick<Config, 'environments' | 'channels'>): string[] {
  const aliases = new Set(Object.values(config.environments).flatMap((e) => Object.keys(e.channels)));
  return [...aliases].filter((a) => config.channels?.[a]?.kind === undefined).sort();
}

/**
 * A note for a language no channel lists when the config lists languages for some
 * (`channels.ALIAS.languages`): a translation into it is made and imported, but no rule asks for
 * it, and a typo in a language code (`xx`, a tool's `es` for es_ES) goes unnoticed; undefined when
 * a channel lists it, or none lists any. What it suggests is decided for each channel that lacks
 * the language, by that channel's kind: on a WhatsApp channel only a code WhatsApp lists (the
 * config's de_DE is one lint says to correct to de), on any channel never a withdrawn ISO 639 code
 * (the config's `no` for `nb`: the config is what to correct); channels that come to different
 * advice (a WhatsApp and an RCS channel both listing de_DE, for `de`) are each said.
 */
export function unlistedLanguage(config: Pick<Config, 'channels'>, language: string, aliases?: readonly string[], whatsappListed?: ReadonlySet<string>): string | undefined {
  // the channels of the templates at hand (all, when not known) that list languages, and of those the ones that lack it
  const lists = Object.entries(config.channels ?? {}).filter(([a, s]) => s?.languages?.length && (!aliases || aliases.includes(a)));
  const code = languageCode(language);
  const lacking = lists.filter(([, s]) => !s!.languages!.includes(code));
  if (!lists.length || (aliases ? lacking.length === 0 : lacking.length < lists.length)) return undefined;
  const all = [...new Set(lacking.flatMap(([, s]) => s!.languages!))].sort();
  const advice = lacking.map(([alias, s]) => ({ alias, ...channelAdvice(code, s!, whatsappListed) }));
  const where = aliases ? lacking.map(([a]) => `channels.${a}.languages`).join(' and ') : 'its channels';
  const listed = `${aliases ? `the templates' channels (${where}: ${all.join(', ')}` : `its channels (${all.join(', ')}`}`;
  const addTo = aliases ? where : `channels.${lacking[0]![0]}.languages`;
  const same = (a: typeof advice[number], b: typeof advice[number]): boolean => a.stale === b.stale && a.suggest === b.suggest && a.whatsapp === b.whatsapp && a.unlisted === b.unlisted;
  // (a code WhatsApp does not list is never to be added to a WhatsApp channel's languages: lint would refuse it there)
  const notAdded = `WhatsApp does not list ${language}, so it cannot be added to`;
  if (advice.every((a) => same(a, advice[0]!))) {
    const { stale, suggest, unlisted } = advice[0]!;
    if (stale) return `${language} is not among the languages the config lists for ${listed}), but it is ${staleWords(stale, advice[0]!.whatsapp)}: correct ${addTo} in the config (${stale} to ${language}) and rename the ${stale} templates to ${language}`;
    // (a question ends its sentence: the suggestion comes last, never inside the brackets or before a colon)
    const meant = suggest ? `; did you mean '${suggest}'?` : '';
    if (unlisted) return `${language} is not among the languages the config lists for ${listed}): no rule asks for it, and ${notAdded} ${addTo}: correct the language${meant}`;
    return `${language} is not among the languages the config lists for ${listed}): no rule asks for it; if it is meant, add it to ${addTo} in the config, else correct the language${meant}`;
  }
  // channels that come to different advice (one lists the language under another code, one is WhatsApp's, one is not): a
  // sentence for each, the templates of one channel corrected one way, of another another
  const parts = advice.map(({ alias, stale, suggest, whatsapp, unlisted }) => {
    const on = `For the templates of ${alias}${whatsapp ? ' (a WhatsApp channel)' : config.channels?.[alias]?.kind === 'rcs' ? ' (an RCS channel)' : ''}`;
    if (stale) return `${on}, ${language} is ${staleWords(stale, whatsapp)}: correct channels.${alias}.languages in the config (${stale} to ${language}) and rename ${alias}'s ${stale} templates to ${language}.`;
    if (suggest) return `${on}, the config lists this language as ${suggest}: translate them into ${suggest}${unlisted ? ` (${notAdded} channels.${alias}.languages)` : `, or add ${language} to channels.${alias}.languages if it is meant`}.`;
    if (unlisted) return `${on}, no rule asks for ${language}, and ${notAdded} channels.${alias}.languages: correct the language.`;
    return `${on}, no rule asks for ${language}: add it to channels.${alias}.languages in the config if it is meant.`;
  });
  return `${language} is not among the languages the config lists for ${listed}). What to do differs by channel. ${parts.join(' ')}`;
}

/** how a code of the config stands to the language given: WhatsApp's code in its place, or the current code of a withdrawn one */
function staleWords(stale: string, whatsapp: boolean): string {
  return renamedLanguage(stale) !== undefined
    ? `the current code of the language the config lists as ${stale} ('${stale.split('_')[0]}' is a withdrawn ISO 639 code)`
    : `the code ${whatsapp ? 'WhatsApp lists' : 'to use'} in place of the config's ${stale}`;
}

/**
 * Pure: what to say of a language one channel does not list: `stale`, a code of the channel's list
 * of the same language that the language given replaces (de_DE, which WhatsApp does not list, for
 * WhatsApp's de; a withdrawn `no` for `nb`), or `suggest`, a code of the list of the same language
 * to use instead (es_MX for es; he for iw), never one lint calls unlisted or withdrawn on that channel.
 */
function channelAdvice(code: string, channel: ChannelPolicy, whatsappListed?: ReadonlySet<string>): { whatsapp: boolean; stale?: string; suggest?: string; unlisted?: boolean } {
  const whatsapp = whatsappListed !== undefined && channel.kind === 'whatsapp';
  // a code of the language today's code names (iw: he); a withdrawn code of the list is the language of the code that replaced it
  const current = (c: string): string => renamedLanguage(c) ?? c;
  const baseOf = (c: string): string => current(c).split('_')[0]!.toLowerCase();
  const now = renamedLanguage(code);
  // the same language of another region (es for es_ES); two-letter codes are too near each other for a spelling's suggestion (fr, de)
  const kin = channel.languages!.filter((l) => l !== code && baseOf(l) === baseOf(code));
  // what lint accepts on this channel: a code WhatsApp lists on a WhatsApp channel, a current code anywhere
  const fine = (l: string): boolean => renamedLanguage(l) === undefined && (!whatsapp || whatsappListed!.has(l));
  // a code of the list is suggested in place of the one given only where it says all the given one says (es_ES for es; a
  // spelling of it): another region (pt_PT beside pt_BR, en_AU beside en_US, de_AT beside de_DE) is a variant of its own, an addition
  const suggest = kin.find((l) => l === now && fine(l)) ?? kin.find((l) => fine(l) && codeInPlaceOf(code, l));
  if (suggest) return { whatsapp, suggest, ...(whatsapp && !whatsappListed!.has(code) ? { unlisted: true } : {}) };
  // the language given is the one lint accepts, and the list's code of its language is not: the config is what to correct,
  // when the code given is the one to write in its place (de for de_DE); another region of it (de_AT) is an addition
  if (fine(code)) {
    const stale = kin.find((l) => current(l) === code) ?? kin.find((l) => !fine(l) && codeInPlaceOf(code, l));
    if (stale) return { whatsapp, stale };
  }
  // a code WhatsApp does not list cannot be added to a WhatsApp channel's languages (lint refuses it there)
  return { whatsapp, ...(whatsapp && !whatsappListed!.has(code) ? { unlisted: true } : {}) };
}

/** `channels.<alias>` of the config: what every template on that channel must have. */
export interface ChannelPolicy {
  languages?: string[];
  /** what the channel is: rule channel-kind keeps RCS-only templates off WhatsApp channels and WhatsApp templates off RCS channels */
  kind?: 'whatsapp' | 'rcs';
}

/** FORMAT.md: tplsync.config.{yaml,yml,json,js,ts}, .tplsyncrc*, or package.json#tplsync */
export { SEARCH_PLACES } from '../core/search-places.js';
import { configsIn, SEARCH_PLACES, searchPlacesShown } from '../core/search-places.js';
import { realTarget } from '../files/confine-write.js';
import { refuseWideGlobs } from '../files/glob-bounds.js';

export const DEFAULT_TEMPLATE_GLOBS = ['templates/**/*.{yaml,yml}'];
export const DEFAULT_TYPES_OUT = 'tplsync-templates.ts';

interface RawConfig {
  templates?: string[];
  typesOut?: string;
  defaultEnvironment?: string;
  environments?: Record<string, { emulator?: string; baseUrl?: string; apiKeyEnv?: string; allowInsecureHttp?: boolean; retries?: number; notFoundStatuses?: number[]; channels?: Record<string, string>; list?: ListConfig; createQuota?: CreateQuotaConfig; categories?: Record<string, string>; exclude?: string[]; values?: Record<string, string | number | { env: string }> }>;
  rules?: Record<string, string>;
  overrides?: unknown;
  policies?: PolicyEntry[];
  channels?: Record<string, ChannelPolicy>;
}


/**
 * The `$schema` path of the modeline of a file written into `dir`: the project's own schema, else the package's,
 * counted from the folder the file really lies in (a folder linked into the project, `templates/shared -> ../../shared`,
 * is left for its target): where git keeps the file, where every checkout and every project linking it has it, and
 * where a tool that resolves `..` through the file system looks. Counted from the link's place, it resolved only there.
 */
export function schemaModelinePath(config: Pick<Config, 'dir'>, dir: string): string {
  return projectSchemaModelinePath(config.dir, dir);
}

/**
 * The same, for the project in `projectDir` (init, before its config exists): the one function that counts a template
 * file's modeline, for every writer (new, init, pull, pull --from, a deleted file pull writes back).
 */
export function projectSchemaModelinePath(projectDir: string, dir: string): string {
  const local = path.join(projectDir, 'schema', 'template.schema.json');
  const schema = existsSync(local) ? local : shownSchemaFile(projectDir, 'template.schema.json');
  // (the schema's own path keeps its links, node_modules/tplsync among them: only the project's place is made real)
  const at = path.join(realTarget(projectDir), path.relative(projectDir, schema));
  return path.relative(realTarget(dir), at).split(path.sep).join('/');
}

/** A schema file of the package as a project's files should name it: through the project's node_modules when it has tplsync there, else where it runs from. */
export function shownSchemaFile(projectDir: string, name: string): string {
  return installedSchema(projectDir, name) ?? path.join(schemaDir, name);
}

/**
 * The schema as the project's node_modules shows it (node_modules/tplsync/schema/...), from the
 * config's folder up: the path an editor finds in every checkout and after an upgrade. Node runs
 * the package from its real path, which behind a link (pnpm's .pnpm/tplsync@1.2.3/..., a linked
 * checkout) names one version's folder or another machine's.
 */
function installedSchema(from: string, name: string): string | undefined {
  for (let d = resolvePath(from); ; d = path.dirname(d)) {
    const p = path.join(d, 'node_modules', 'tplsync', 'schema', name);
    if (existsSync(p)) return p;
    if (path.dirname(d) === d) return undefined;
  }
}

/**
 * Two or more configs in the folder where the search stops (tplsync.config.yaml beside a
 * tplsync.config.json, a .tplsyncrc.json or package.json#tplsync): the search reads the first, and
 * an edit to another (the production channel ids of a team moving from one name to the other)
 * would change nothing, without a word. Refused unless --config names the one to read.
 */
export class TwoConfigs extends UsageError {
  constructor(dir: string, names: readonly string[]) {
    const cwd = io().cwd();
    const rel = path.relative(cwd, dir);
    const where = !rel ? 'the working directory' : path.isAbsolute(rel) || rel.split(path.sep).length > 3 ? dir : rel;
    const and = (list: readonly string[]): string => list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
    const [read, ...ignored] = names;
    const file = read!.replace(/#tplsync$/, '');
    const option = (path.relative(cwd, path.join(dir, file)) || file).split(path.sep).join('/');
    super(`${names.length} config files in ${where}: ${and(names)}. tplsync reads only ${read} (the first of the names it looks for) and would ignore ${and(ignored)}, so an edit to ${ignored.length === 1 ? 'it' : 'them'} would change nothing: delete ${ignored.length === 1 ? 'one' : 'all but one'} of them (or merge them into one), or choose one with --config FILE (--config ${option})`);
  }
}

/** the config files read without cosmiconfig (readDirect) */
const DIRECT = /\.(ya?ml|json)$/i;

/**
 * The common case without cosmiconfig (and the second copy of js-yaml it loads): the config is a
 * YAML or JSON file (or package.json's `tplsync` key) in the working directory or a folder above
 * it (or named with --config), found as cosmiconfig finds it (each folder from the working
 * directory up, its search places in order; a package.json without the key does not count) and
 * parsed the same way (js-yaml's default schema, or JSON). A byte order mark (Notepad's) is no
 * part of the text. A package.json that is not JSON stops the search with its line and column,
 * where cosmiconfig's own search of the working directory threw before any handler. Anything else
 * (a JavaScript config; an empty file, which cosmiconfig skips; a YAML or JSON syntax error, whose
 * message is cosmiconfig's; an `$import`) is left to cosmiconfig. Returns null when no folder up
 * to the root holds a config.
 */
export async function readDirect(opts: { cwd: string; configFile?: string }): Promise<{ config: unknown; filepath: string } | null | undefined> {
  if (opts.configFile) return readConfigFile(path.resolve(opts.cwd, opts.configFile));
  for (let dir = resolvePath(opts.cwd); ; dir = path.dirname(dir)) {
    for (const name of SEARCH_PLACES) {
      const p = path.join(dir, name);
      if (!existsSync(p)) continue;
      if (name !== 'package.json') {
        // the folder where the search stops holds another config (package.json, last, has none after it): refused
        const here = configsIn(dir);
        if (here.length > 1) throw new TwoConfigs(dir, here);
        return readConfigFile(p);
      }
      const text = readText(p, 'a package.json (tplsync looks in it for a "tplsync" key)');
      if (text === undefined) continue;
      let pkg: unknown;
      try { pkg = JSON.parse(text); } catch (e) {
        const { formatProblems, jsonSyntaxProblem } = await import('./diagnose.js');
        throw new UsageError(`${formatProblems(path.relative(io().cwd(), p) || p, [jsonSyntaxProblem((e as Error).message, text)])}\n(tplsync looks in each package.json from the working directory up for a "tplsync" key: repair this one, or name the config with --config FILE)`);
      }
      const own = pkg !== null && typeof pkg === 'object' && !Array.isArray(pkg) ? (pkg as Record<string, unknown>).tplsync : undefined;
      if (own !== undefined && own !== null) return own !== null && typeof own === 'object' && !Array.isArray(own) && !('$import' in own) ? { config: own, filepath: p } : undefined;
    }
    if (path.dirname(dir) === dir) return null;
  }
}

/**
 * A config file's text without a byte order mark, or undefined when it cannot be read. UTF-16
 * (Notepad's "Unicode", PowerShell 5.1's `>`) or a NUL byte is said with what to do, where a YAML
 * or JSON reader would name a null byte at a column counted in bytes.
 */
function readText(file: string, what = 'the config'): string | undefined {
  let bytes: Buffer;
  try { bytes = readRegularFile(file, configBound(file, what)); } catch (e) { if (e instanceof FileRefused) throw e; return undefined; }
  const rel = path.relative(io().cwd(), file) || file;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new UsageError(`${rel} is UTF-16 text: save it as UTF-8 (in Notepad: Save as, Encoding UTF-8)`);
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    const line = bytes.subarray(0, nul).toString('utf8').split('\n').length;
    throw new UsageError(`${rel}:${line}: a NUL byte (not text): ${bytes.subarray(0, Math.min(bytes.length, 64)).filter((b) => b === 0).length > 4 ? 'the file is UTF-16 without a byte order mark? save it as UTF-8' : 'delete it'}`);
  }
  // not UTF-8 (saved in Latin-1): refused at its byte, never read with U+FFFD in place of a value's letters (sent as such)
  return strictUtf8(bytes, configBound(file, what)).replace(/^\uFEFF/, '');
}

/** git's conflict marker at the start of a line: a text that holds one is checked for conflicts (diagnose.ts) */
const CONFLICT_START = /^<{7}(?:[ \t]|$)/m;

/**
 * A config file with an unresolved merge conflict: refused with the lines of its markers (what YAML makes of them, a
 * syntax error at another line or, worse, a config that reads, would not say it); the text as it is otherwise.
 */
async function refuseConflicts(file: string, text: string): Promise<void> {
  if (!CONFLICT_START.test(text)) return;
  const { conflictProblems, formatProblems } = await import('./diagnose.js');
  const problems = conflictProblems(text);
  if (problems.length) throw new UsageError(`The config cannot be read:\n${formatProblems(path.relative(io().cwd(), file) || file, problems)}`);
}

/** What an imported file ($import) that is no config reads as: said once, by the file's name (cosmiconfig spread it into one "unknown key" per character). */
class ImportRefused extends UsageError {}

/** What a parsed value is, for a file the config imports that is not a mapping. */
function readsAs(v: unknown): string {
  if (typeof v === 'string') return `one text of ${v.length} characters (YAML reads plain lines without a "key: value" as a text: is it a config at all?)`;
  if (Array.isArray(v)) return `a list of ${v.length} item${v.length === 1 ? '' : 's'}`;
  return `a ${typeof v} (${JSON.stringify(v)})`;
}

/**
 * A YAML or JSON config file that parses to a mapping (else undefined: cosmiconfig says what is
 * wrong). `stack`: the files that import this one, the config first. The files it imports are read
 * first, each as the config itself would be: refused when no regular file; a file that is not a
 * mapping of keys, or an import that leads back to a file of the chain, is said by name here
 * (cosmiconfig would spread a text into the config, one key per character, and name no file of a cycle).
 */
async function readConfigFile(filepath: string, stack: readonly string[] = []): Promise<{ config: unknown; filepath: string } | undefined> {
  const depth = stack.length;
  // relative to the working directory; a file far out of it (an absolute $import) by its absolute path
  const shown = (f: string): string => { const r = path.relative(io().cwd(), f); return !r ? f : r.startsWith(`..${path.sep}..${path.sep}`) ? f : r; };
  const circle = (files: string[]): string => `${files[0]} imports ${files.slice(1).join(', which imports ')}`;
  // read by cosmiconfig (a JavaScript config, .tplsyncrc, package.json named with --config): refused first when no regular file
  // (an imported file without one of these extensions is read by cosmiconfig as YAML: checked here as YAML)
  const script = /\.(c|m)?(js|ts)$/i.test(filepath);
  if ((depth === 0 && !DIRECT.test(filepath)) || (depth > 0 && script) || path.basename(filepath) === 'package.json') { guardConfigFile(filepath, depth ? 'a file the config imports ($import)' : 'the config'); return undefined; }
  const text = readText(filepath, depth ? 'a file the config imports ($import)' : 'the config');
  if (text === undefined) return undefined;
  await refuseConflicts(filepath, text);
  let config: unknown;
  try { config = /\.json$/i.test(filepath) ? JSON.parse(text) : (await import('js-yaml')).load(text); } catch { return undefined; }
  if (depth > 0 && config !== null && config !== undefined && (typeof config !== 'object' || Array.isArray(config))) {
    throw new ImportRefused(`${shown(filepath)}: the file ${shown(stack[stack.length - 1]!)} imports ($import) is not a config: it reads as ${readsAs(config)}, where a config is a mapping of its keys (templates:, environments:, ...); import a tplsync config file, or remove the $import`);
  }
  if (config === null || typeof config !== 'object' || Array.isArray(config)) return undefined;
  if ('$import' in config) {
    // cosmiconfig reads the files it imports: each refused first as the config itself would be (and theirs, a few levels down)
    const imports = (config as { $import?: unknown }).$import;
    for (const i of (Array.isArray(imports) ? imports : [imports])) {
      if (typeof i !== 'string') continue;
      const abs = path.resolve(path.dirname(filepath), i);
      const chain = [...stack, filepath];
      if (chain.includes(abs)) {
        const from = chain.indexOf(abs);
        throw new ImportRefused(`The config's imports ($import) go round in a circle: ${circle([...chain.slice(from), abs].map(shown))}; remove the $import that leads back`);
      }
      if (depth < 8 && existsSync(abs)) await readConfigFile(abs, chain).catch((e: unknown) => { if (e instanceof FileRefused || e instanceof ImportRefused) throw e; });
      else guardConfigFile(abs, 'a file the config imports ($import)');
    }
    return undefined;
  }
  return { config, filepath };
}

/** A JavaScript config: its default export, imported as the file is now. */
const loadJsFresh = async (filepath: string, content: string): Promise<unknown> => (await importFresh(filepath, content)).default;

/**
 * A TypeScript config, as cosmiconfig loads one (transpiled with the `typescript` package and the
 * folder's tsconfig, to an ES module beside it, imported, deleted), the module named by the hash
 * of its content, so that a changed config is imported again.
 */
async function loadTsFresh(filepath: string, content: string): Promise<unknown> {
  // the project's typescript (as cosmiconfig's own loader needs it there), else the one beside tplsync; required by a
  // name the bundler does not follow (it is no dependency of tplsync's)
  const ts = requireTypescript(filepath);
  const compiled = path.join(path.dirname(filepath), `.${path.basename(filepath)}.${createHash('sha256').update(content).digest('hex').slice(0, 16)}.mjs`);
  try {
    let output: string;
    try {
      const found = ts.findConfigFile(path.dirname(filepath), (f) => ts.sys.fileExists(f));
      const tsconfig = found === undefined ? {} : ts.readConfigFile(found, (f) => ts.sys.readFile(f)).config as { compilerOptions?: Record<string, unknown> } ?? {};
      output = ts.transpileModule(content, { ...tsconfig, compilerOptions: { ...tsconfig.compilerOptions, module: ts.ModuleKind.ES2022, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022, noEmit: false } } as never).outputText;
      writeFileSync(compiled, output);
    } catch (e) {
      (e as Error).message = `TypeScript Error in ${filepath}:\n${(e as Error).message}`;
      throw e;
    }
    return (await importFresh(compiled, output)).default;
  } finally {
    rmSync(compiled, { force: true });
  }
}

function requireTypescript(filepath: string): typeof TS {
  const name = 'typescript';
  try { return createRequire(filepath)(name) as typeof TS; } catch { return createRequire(import.meta.url)(name) as typeof TS; }
}

const FRESH_LOADERS = { '.js': loadJsFresh, '.mjs': loadJsFresh, '.cjs': loadJsFresh, '.ts': loadTsFresh };

/**
 * The config of `opts.cwd` (or the file --config names). What a JavaScript or TypeScript config prints as it runs is held
 * until its keys are known to the output gate (core/project-console.ts), then written to stderr, masked.
 */
export function loadConfig(opts: { cwd: string; configFile?: string }): Promise<Config> {
  return holdProjectOutput(() => readConfig(opts));
}

async function readConfig(opts: { cwd: string; configFile?: string }): Promise<Config> {
  const direct = await readDirect(opts);
  if (direct) return finishLoad(direct.config, direct.filepath);
  if (direct === null) { await refuseMisspeltPackageKey(opts.cwd); return { dir: opts.cwd, templates: DEFAULT_TEMPLATE_GLOBS, typesOut: DEFAULT_TYPES_OUT, environments: {}, rules: {} }; }
  const { cosmiconfig } = await import('cosmiconfig');
  let result: { config: unknown; filepath: string; isEmpty?: boolean } | null;
  try {
    // made in the try: cosmiconfig reads the working directory's package.json for options of its own as it is made
    // cosmiconfig reads the working directory's package.json as it is made: refused first as any config file
    if (opts.configFile && existsSync(path.join(opts.cwd, 'package.json'))) guardConfigFile(path.join(opts.cwd, 'package.json'), 'a package.json (tplsync looks in it for a "tplsync" key)');
    // a JavaScript or TypeScript config imported as it is now (fresh-import.ts): a server reloading it got the first version from Node's cache
    const explorer = cosmiconfig('tplsync', { searchStrategy: 'project', searchPlaces: SEARCH_PLACES, ignoreEmptySearchPlaces: false, loaders: FRESH_LOADERS });
    result = opts.configFile
      ? await explorer.load(path.resolve(opts.cwd, opts.configFile))
      : await explorer.search(opts.cwd);
  } catch (e) {
    const err = e as NodeJS.ErrnoException & { mark?: { line: number; column: number }; reason?: string };
    if (err.code === 'ENOENT') throw new UsageError(`Config file not found: ${opts.configFile}\n${HOW_TO_CREATE}`);
    // cosmiconfig: "YAML Error in FILE:\n<reason with position>" (js-yaml keeps the position in `mark`)
    const m = /^(YAML|JSON) Error in (.+?): ?\n/.exec(err.message);
    if (m) {
      const { formatProblems, jsonSyntaxProblem, syntaxProblem } = await import('./diagnose.js');
      const file = m[2]!;
      const text = existsSync(file) ? readRegularText(file, configBound(file)) : '';
      await refuseConflicts(file, text);
      const problem = err.mark && err.reason
        ? { line: err.mark.line + 1, column: err.mark.column + 1, message: `YAML syntax error: ${err.reason}` }
        : m[1] === 'JSON' ? jsonSyntaxProblem(err.message.slice(m[0].length), text)
          : syntaxProblem(text) ?? { message: `YAML syntax error: ${err.message.slice(m[0].length).trim().split('\n')[0]}` };
      const rel = path.relative(io().cwd(), file) || file;
      // a key written twice: the editor underlines the second key whole (the parser's place is its first character)
      const key = /duplicated mapping key/.test(problem.message) && problem.line !== undefined && problem.column !== undefined
        ? /^(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\n]|'')*'|[^\s:#,{}[\]]+)/.exec((text.split('\n')[problem.line - 1] ?? '').slice(problem.column - 1))?.[0] : undefined;
      const message = `The config cannot be read:\n${formatProblems(rel, [problem])}`;
      if (key) throw new PlacedUsageError(message, [{ file: rel, line: problem.line!, column: problem.column!, endLine: problem.line!, endColumn: problem.column! + key.length, message: problem.message }]);
      throw new UsageError(message);
    }
    // cosmiconfig's cycle (of a config it alone reads: .tplsyncrc, a script) lists its files on the lines after the first
    if (/^Circular import detected:/.test(err.message)) {
      const files = [...err.message.matchAll(/^\d+\. (.+?)(?: \(same as \d+\.\))?$/gm)].map((m) => path.relative(io().cwd(), m[1]!) || m[1]!);
      throw new UsageError(`The config's imports ($import) go round in a circle: ${files[0]} imports ${files.slice(1).join(', which imports ')}; remove the $import that leads back`);
    }
    throw new UsageError(`Cannot read the config${opts.configFile ? ` ${opts.configFile}` : ''}: ${firstLine(err.message)}`);
  }
  // a file named with --config that holds no config (a package.json without its "tplsync" key): said, not run without one
  if (opts.configFile && (!result || (path.basename(result.filepath) === 'package.json' && (result.config === undefined || result.config === null)))) {
    throw new UsageError(`--config ${opts.configFile}: ${path.basename(opts.configFile) === 'package.json' ? 'it has no "tplsync" key: put the config under "tplsync" in it, or name a tplsync.config.yaml' : 'it holds no config'}\n${HOW_TO_CREATE}`);
  }
  if (!result) { await refuseMisspeltPackageKey(opts.cwd); return { dir: opts.cwd, templates: DEFAULT_TEMPLATE_GLOBS, typesOut: DEFAULT_TYPES_OUT, environments: {}, rules: {} }; }
  return finishLoad(result.config ?? {}, result.filepath);
}

/**
 * No config found, and a package.json on the way up from `cwd` (where the search looked) has a key one or two letters
 * from `tplsync`, or the same in other letter case (`tplSync`, `tplsynk`): the config the user wrote, under a key
 * tplsync does not read. Refused (exit 3) as a misspelt key inside the config is, with "did you mean" and its line and
 * column; it was "No config found" and the advice to create a tplsync.config.yaml, which would then stand beside the
 * package.json config once its key was corrected (trial-bb F1).
 */
async function refuseMisspeltPackageKey(cwd: string): Promise<void> {
  for (let dir = resolvePath(cwd); ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    let text: string | undefined;
    let keys: string[] = [];
    try {
      if (existsSync(file)) text = readText(file, 'a package.json (tplsync looks in it for a "tplsync" key)');
      const pkg: unknown = text === undefined ? undefined : JSON.parse(text);
      if (pkg !== null && typeof pkg === 'object' && !Array.isArray(pkg)) keys = Object.keys(pkg);
    } catch { /* unreadable, or no JSON: the search said so, or had no use for it */ }
    const key = keys.find((k) => k !== 'tplsync' && editDistance(k, 'tplsync') <= 2);
    if (key !== undefined && text !== undefined) {
      const { ConfigText } = await import('./diagnose.js');
      const at = new ConfigText(text).at([], key);
      const rel = path.relative(io().cwd(), file) || file;
      const problem = `key '${key}'${didYouMean(key, ['tplsync'])}`;
      throw new PlacedUsageError(
        `No config found: tplsync reads the config in a package.json from its "tplsync" key (in lower case), and ${rel} has none:\n${rel}${at ? `:${at.line}:${at.column}` : ''}: ${problem} Rename the key (or name a config with --config FILE)`,
        at ? [{ file: rel, line: at.line, column: at.column, endLine: at.endLine, endColumn: at.endColumn, message: `${problem} Rename the key (or name a config with --config FILE)` }] : []);
    }
    if (path.dirname(dir) === dir) return;
  }
}

async function finishLoad(raw: unknown, filepath: string): Promise<Config> {
  const config = await resolveConfig(raw, filepath, () => configText(filepath));
  // templates globs that leave the project: refused here, for every command that reads the config (with paths or not)
  refuseWideGlobs(config, path.relative(io().cwd(), filepath) || filepath);
  // the keys and secret values of every environment are secrets of the output, whichever environment runs
  for (const env of Object.values(config.environments)) {
    addSecret(secretFromEnv(env.apiKeyEnv));
    for (const v of Object.values(env.values ?? {})) if ('env' in v) addSecret(io().env[v.env], 'value');
  }
  // and the names the config gives are no secret: a key that holds one (`key-production-…`) masks no environment's name
  addPublicTexts(publicNames(config));
  return config;
}

/** an environment variable's name as shells and CI systems write them (an apiKeyEnv of another form may be the key itself) */
const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]*$/;

/**
 * The names the config declares, which its outputs and the saved plans quote (core/redact.ts addPublicTexts): the
 * environments', the channel aliases and their ids, the values' and their variables', the variables of the keys
 * (of a variable's form: another may be the key pasted there), the base URLs' hosts, the categories' templates,
 * the rules'. Never a value read from the environment.
 */
function publicNames(config: Config): string[] {
  const out: string[] = [...Object.keys(config.environments), ...Object.keys(config.channels ?? {}), ...Object.keys(config.rules)];
  for (const env of Object.values(config.environments)) {
    out.push(...Object.entries(env.channels).flat(), ...Object.keys(env.values ?? {}), ...Object.keys(env.categories ?? {}), ...(env.exclude ?? []));
    for (const v of Object.values(env.values ?? {})) if ('env' in v && VARIABLE_NAME.test(v.env)) out.push(v.env);
    if (VARIABLE_NAME.test(env.apiKeyEnv)) out.push(env.apiKeyEnv);
    if (env.baseUrl) { try { out.push(new URL(env.baseUrl).hostname); } catch { /* not a URL: the connection says so */ } }
  }
  return out;
}

function firstLine(s: string): string { return s.split('\n')[0]!; }

/** statuses that never mean "no such template" (environments.<env>.notFoundStatuses refuses them) */
const NEVER_ABSENT: ReadonlySet<number> = new Set([401, 403, 407, 429]);

/** How to make a config, for the messages that find none. */
export const HOW_TO_CREATE = `Create tplsync.config.yaml in the project's root (or name one with --config FILE), for example:

  templates: ["templates/**/*.{yaml,yml}"]
  defaultEnvironment: local
  environments:
    local:
      emulator: .tplsync/emulator.json     # the embedded emulator; or baseUrl: https://... and apiKeyEnv
      channels: { my-whatsapp: <the channel's UUID> }

docs/format.md#the-config describes every key.`;

/** The text of a YAML or JSON config, for positions (package.json: under "tplsync"); undefined for JavaScript configs. */
async function configText(filepath: string): Promise<ConfigText | undefined> {
  if (/\.(c|m)?(js|ts)$/i.test(filepath)) return undefined;
  const { ConfigText } = await import('./diagnose.js');
  try { return new ConfigText(readRegularText(filepath, configBound(filepath)), path.basename(filepath) === 'package.json' ? ['tplsync'] : []); } catch { return undefined; }
}

/** Pure apart from reading the bundled schema: validates and resolves a raw config object. */
export async function resolveConfig(raw: unknown, filepath: string, textOf?: () => Promise<ConfigText | undefined>): Promise<Config> {
  const validate = (await import('../schemas/config.js')).configValidator();
  const rel = path.relative(io().cwd(), filepath) || filepath;
  // checked first, for messages with did-you-mean (the schema describes it for editors)
  const overrides = parseOverrides((raw as RawConfig | null)?.overrides, rel);
  checkPolicyEntries(raw, rel);
  // positions and suggestions are worked out (and their modules loaded) only when there is a problem
  const fail = async (make: (d: typeof import('./diagnose.js'), text: ConfigText | undefined) => ConfigProblem[]): Promise<never> => {
    const d = await import('./diagnose.js');
    const problems = make(d, await textOf?.());
    // each with the span of what it names (a key; a key and its wrong value), which the editor underlines
    const spans = problems.flatMap((p) => (p.line !== undefined && p.column !== undefined && p.endLine !== undefined && p.endColumn !== undefined ? [{ file: rel, line: p.line, column: p.column, endLine: p.endLine, endColumn: p.endColumn, message: p.message }] : []));
    throw new PlacedUsageError(`The config has ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}:\n${d.formatProblems(rel, problems)}`, spans);
  };
  // a defaultEnvironment that names no environment is one more problem of the same config: said with the schema's, in one list
  const rawC = raw as RawConfig | null;
  const noDefault = (text: ConfigText | undefined): ConfigProblem[] => {
    const name = rawC?.defaultEnvironment;
    const names = rawC?.environments && typeof rawC.environments === 'object' ? Object.keys(rawC.environments) : [];
    return typeof name === 'string' && !names.includes(name) ? [{ ...text?.at(['defaultEnvironment']), message: `defaultEnvironment '${name}' is not one of the environments${didYouMean(name, names)} (${names.join(', ') || 'none'})` }] : [];
  };
  if (!validate(raw)) await fail((d, text) => [...d.schemaProblems(validate.errors as SchemaError[], text, raw), ...noDefault(text)].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)));
  const c = raw as RawConfig;
  // an environment no command can use (a block of a misspelt name, prodution: holding values meant for production): said
  // here, as the other problems of the config are, not only by the --env that names it
  // A block with neither that holds no channels and is named like no environment (`common:` holding `values: &common` for
  // the others to merge) is kept: no template reaches it, and a command that selects it is refused (verify-19 N1)
  const serviceless = Object.entries(c.environments ?? {}).filter(([, e]) => !e.emulator && !e.baseUrl).map(([n]) => n);
  const served = Object.keys(c.environments ?? {}).filter((n) => !serviceless.includes(n));
  const nowhere = serviceless.filter((n) => Object.keys(c.environments![n]!.channels ?? {}).length > 0 || closest(n, served) !== undefined);
  if (nowhere.length) await fail((_d, text) => nowhere.map((name) => ({ ...text?.at(['environments'], name), message: unreachableEnvironment(name, c.environments!, serviceless) })));
  // maps looked up by names from files and the command line (an alias, --env): no prototype, so `constructor` or `__proto__` finds nothing rather than Object's own
  const environments: Record<string, EnvironmentConfig> = bare();
  for (const [name, env] of Object.entries(c.environments ?? {})) {
    if (env.emulator && env.baseUrl) await fail((_d, text) => [{ ...text?.at(['environments', name], 'baseUrl'), message: `environments.${name}: set either emulator or baseUrl, not both` }]);
    // a refused key or too many requests is never an absent template: every template would plan as new
    const said = (env.notFoundStatuses ?? []).map((x, i) => [x, i] as const).filter(([x]) => NEVER_ABSENT.has(x));
    if (said.length) await fail((_d, text) => said.map(([x, i]) => ({ ...text?.at(['environments', name, 'notFoundStatuses', i]), message: `environments.${name}.notFoundStatuses: ${x} says ${x === 429 ? 'the requests are too many' : x === 407 ? 'a proxy refused the request' : 'the key is refused or not allowed'}, never that a template is absent (with it, every template would plan as new); remove it` })));
    environments[name] = {
      name,
      ...(env.emulator ? { emulator: path.resolve(path.dirname(filepath), env.emulator) } : {}),
      ...(env.baseUrl ? { baseUrl: env.baseUrl } : {}),
      apiKeyEnv: env.apiKeyEnv ?? 'TPLSYNC_API_KEY',
      allowInsecureHttp: env.allowInsecureHttp ?? false,
      channels: bare(env.channels),
      ...(env.list ? { list: env.list } : {}),
      createQuota: env.createQuota ?? DEFAULT_CREATE_QUOTA,
      ...(env.retries !== undefined ? { retries: env.retries } : {}),
      ...(env.notFoundStatuses ? { notFoundStatuses: env.notFoundStatuses } : {}),
      ...(env.values && Object.keys(env.values).length ? { values: await checkedValues(name, env.values, fail, textOf) } : {}),
      ...(env.categories && Object.keys(env.categories).length ? { categories: bare(env.categories) } : {}),
      ...(env.exclude?.length ? { exclude: [...env.exclude] } : {}),
    };
  }
  const shared = sharedChannels(environments, path.dirname(filepath));
  if (shared.length) await fail((_d, text) => shared.map((x) => ({ ...text?.at(['environments', x.env, 'channels'], x.alias), message: x.message })));
  if (c.defaultEnvironment && !environments[c.defaultEnvironment]) {
    const name = c.defaultEnvironment;
    await fail((_d, text) => [{ ...text?.at(['defaultEnvironment']), message: `defaultEnvironment '${name}' is not one of the environments${didYouMean(name, Object.keys(environments))} (${Object.keys(environments).join(', ') || 'none'})` }]);
  }
  const rules: Record<string, SeveritySetting> = bare();
  for (const [id, sev] of Object.entries(c.rules ?? {})) rules[id] = sev === 'warn' ? 'warning' : (sev as SeveritySetting);
  return {
    file: filepath,
    dir: path.dirname(filepath),
    templates: c.templates ?? DEFAULT_TEMPLATE_GLOBS,
    typesOut: c.typesOut ?? DEFAULT_TYPES_OUT,
    ...(c.defaultEnvironment ? { defaultEnvironment: c.defaultEnvironment } : {}),
    environments,
    rules,
    ...(overrides.length ? { overrides } : {}),
    ...(c.policies?.length ? { policies: c.policies } : {}),
    ...(c.channels && Object.keys(c.channels).length ? { channels: channelSettings(c.channels) } : {}),
  };
}

/** What to say of an environment with neither baseUrl nor emulator: what it holds, and the environment of a close name it was meant for. */
function unreachableEnvironment(name: string, all: NonNullable<RawConfig['environments']>, nowhere: readonly string[]): string {
  const near = closest(name, Object.keys(all).filter((n) => n !== name && !nowhere.includes(n)));
  const env = all[name]!;
  const holds = (['channels', 'values', 'categories'] as const).flatMap((k) => (env[k] && Object.keys(env[k]).length ? [`${k} (${Object.keys(env[k]).join(', ')})`] : []));
  const give = `an emulator (emulator: .tplsync/${name}.json) or a baseUrl (baseUrl: https://... with its apiKeyEnv)`;
  if (near === undefined) return `environments.${name} has neither baseUrl nor emulator, so no command can use it: give it ${give}, or remove it`;
  return `environments.${name} has neither baseUrl nor emulator, so no command can use it${didYouMean(name, [near]) || `; did you mean '${near}'?`} If so, ${holds.length ? `move its ${holds.join(' and ')} under environments.${near} and ` : ''}remove environments.${name}; if it is an environment of its own, give it ${give}`;
}

/**
 * Two environments on one channel of one service (the same emulator file, or the same baseUrl; a copied block whose ids were
 * not changed): each would write the other's templates (production's plan changing staging's approved ones, promote updating
 * the very templates it gates on). One problem per environment after the first, at its alias's key.
 */
function sharedChannels(environments: Readonly<Record<string, EnvironmentConfig>>, dir: string): { env: string; alias: string; message: string }[] {
  const service = (e: EnvironmentConfig): string | undefined => {
    if (e.emulator) return `the emulator ${path.relative(dir, e.emulator).split(path.sep).join('/') || e.emulator}`;
    try {
      const u = new URL(e.baseUrl!);
      return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
    } catch { return undefined; }
  };
  const seen = new Map<string, { env: string; alias: string }[]>();
  const out: { env: string; alias: string; message: string }[] = [];
  for (const e of Object.values(environments)) {
    const where = service(e);
    if (where === undefined) continue;
    for (const [alias, id] of Object.entries(e.channels)) {
      const key = `${where}\u0000${String(id).toLowerCase()}`;
      const before = (seen.get(key) ?? []).filter((x) => x.env !== e.name);
      if (before.length) {
        const other = before[0]!;
        out.push({ env: e.name, alias, message: `environments.${e.name}.channels.${alias} is the channel ${String(id)} of ${where.startsWith('the emulator') ? where : `the service at ${where}`}, as environments.${other.env}.channels.${other.alias} is: two environments on one channel write each other's templates (a plan of ${e.name} would change what ${other.env} applied, and promote from one to the other would update the templates it checks); give ${e.name} its own channel's id${e.emulator ? ' or emulator file' : ' (and its own baseUrl and apiKeyEnv, when it is another account)'}, or remove one of them` });
      }
      (seen.get(key) ?? seen.set(key, []).get(key)!).push({ env: e.name, alias });
    }
  }
  return out;
}

/** `environments.<name>.values`, checked: a text value is text, never a placeholder or a reference of its own. */
async function checkedValues(env: string, raw: Record<string, string | number | { env: string }>, fail: (make: (d: typeof import('./diagnose.js'), text: ConfigText | undefined) => ConfigProblem[]) => Promise<never>, textOf?: () => Promise<ConfigText | undefined>): Promise<Record<string, EnvironmentValue>> {
  const out: Record<string, EnvironmentValue> = {};
  for (const [key, v] of Object.entries(raw)) {
    if (!VALUE_NAME.test(key)) await fail((_d, t) => [{ ...t?.at(['environments', env, 'values'], key), message: `environments.${env}.values: '${key}' is not a value name: a letter, then letters, digits, _ or - (at most 64 characters), as a template refers to it: ((name))` }]);
    if (typeof v === 'object') { out[key] = { env: v.env }; continue; }
    const text = String(v);
    // a number is taken as written: one whose text reads back otherwise (19.90, 0042, a 17-digit id) is refused rather than changed (every such value of the environment at once)
    if (typeof v === 'number') {
      const written = (await textOf?.())?.sourceOf(['environments', env, 'values', key]);
      if (written !== undefined && written !== text) {
        const others = await numbersNotAsWritten(env, raw, textOf);
        await fail((_d, t) => others.map((o) => ({ ...t?.at(['environments', env, 'values', o.key]), message: `environments.${env}.values.${o.key}: ${o.written} is read as the number ${o.text}, and would be sent so; quote it to keep it as written: ${o.key}: "${o.written}"` })));
      }
    }
    const why = valueTextProblem(text);
    if (why) await fail((_d, t) => [{ ...t?.at(['environments', env, 'values', key]), message: `environments.${env}.values.${key}: ${why}` }]);
    out[key] = { text };
  }
  return out;
}

/** the values of `raw` written as numbers that read back otherwise, in the config's order */
async function numbersNotAsWritten(env: string, raw: Record<string, unknown>, textOf?: () => Promise<ConfigText | undefined>): Promise<{ key: string; written: string; text: string }[]> {
  const t = await textOf?.();
  return Object.entries(raw).flatMap(([key, v]) => {
    if (typeof v !== 'number') return [];
    const written = t?.sourceOf(['environments', env, 'values', key]);
    return written !== undefined && written !== String(v) ? [{ key, written, text: String(v) }] : [];
  });
}

/** Why a value's text cannot stand in a template (undefined: it can). Pure. */
export function valueTextProblem(text: string): string | undefined {
  if (text === '') return 'the value is empty; give its text (or remove the value)';
  if (/\{\{|\}\}/.test(text)) return 'a value is text and holds no placeholder ({{...}}); write the placeholder in the template file';
  if (/\(\([A-Za-z][A-Za-z0-9_-]*\)\)/.test(text)) return 'a value cannot refer to another value (((name)))';
  return undefined;
}

/** A value of the environment in use: secret when read from an environment variable. */
export interface ValueOfEnvironment { value: string; secret: boolean }

/**
 * The values of an environment, looked up by name; a secret one is read from its environment
 * variable when first asked for (and registered as a secret of the output): a clear UsageError
 * names the value and the variable when it is unset, empty or unfit. Undefined: no such value.
 */
export function environmentValues(env: EnvironmentConfig, vars: NodeJS.ProcessEnv = io().env): (name: string) => ValueOfEnvironment | undefined {
  const known = new Map<string, ValueOfEnvironment>();
  return (name) => {
    const had = known.get(name);
    if (had) return had;
    const v = Object.prototype.hasOwnProperty.call(env.values ?? {}, name) ? env.values![name]! : undefined;
    if (!v) return undefined;
    let got: ValueOfEnvironment;
    if ('text' in v) got = { value: v.text, secret: false };
    else {
      const where = `environments.${env.name}.values.${name}`;
      // the variable of a key: refused for what it is (once read, the key's variable is out of the environment: "not set" was false)
      if (v.env === env.apiKeyEnv) throw new UsageError(`${where} is read from the environment variable ${v.env}, which is environment '${env.name}''s apiKeyEnv: the API key cannot be a template value (it would be sent to customers); read the value from a variable of its own, or give its text`);
      if (takenAsKey(v.env)) throw new UsageError(`${where} is read from the environment variable ${v.env}, which holds an API key (the apiKeyEnv of an environment of the config): an API key cannot be a template value (it would be sent to customers); read the value from a variable of its own, or give its text`);
      const value = vars[v.env];
      if (value === undefined || value === '') throw new UsageError(`${where} is read from the environment variable ${v.env}, which is ${value === undefined ? 'not set' : 'empty'}: set it to the value for environment '${env.name}'`);
      // white space counts for nothing: a value of spaces masked as (secret) would mask the output's indentation
      const solid = value.replace(/\s/g, '').length;
      if (solid < MIN_SECRET_LENGTH) throw new UsageError(`${where}: the environment variable ${v.env} holds ${solid} characters${solid === value.length ? '' : ' besides white space'}; a secret value has at least ${MIN_SECRET_LENGTH}, so that it can be masked in every output (give a text value in the config when it is no secret)`);
      const why = valueTextProblem(value);
      if (why) throw new UsageError(`${where} (from ${v.env}): ${why}`);
      addSecret(value, 'value');
      got = { value, secret: true };
    }
    known.set(name, got);
    return got;
  };
}

/**
 * What a run that found no config says: where it looked, and a file in that folder whose name is
 * a config's in another case (`Tplsync.config.yaml`, made on a machine whose file names ignore
 * case), which is not read on one that does not.
 */
export function noConfigFound(dir: string): string {
  let near: string | undefined;
  try {
    const names = new Set(SEARCH_PLACES.filter((n) => n !== 'package.json'));
    near = readdirSync(dir).find((f) => !names.has(f) && names.has(f.toLowerCase()));
  } catch { /* an unreadable folder: no hint */ }
  const hint = near ? ` ${near} is there, but a config's name is in lower case (${near.toLowerCase()}): rename it.` : '';
  // the names the search looks for, from its own list (a hand-written one named 3 of the 16)
  return `No config found: looked for ${searchPlacesShown()} from ${dir} up to the project root.${hint}`;
}

/** The environment named by --env, or the config's default. */
export function selectEnvironment(config: Config, name?: string): EnvironmentConfig {
  const envName = name ?? config.defaultEnvironment;
  const names = Object.keys(config.environments);
  if (!envName) {
    if (names.length === 1) return config.environments[names[0]!]!;
    throw new UsageError(names.length === 0
      ? (config.file
        ? `No environment is configured: add \`environments\` to ${path.relative(io().cwd(), config.file) || config.file}, for example:\n\n  environments:\n    local:\n      emulator: .tplsync/emulator.json\n      channels: { my-whatsapp: <the channel's UUID> }`
        : `${noConfigFound(config.dir)}\n${HOW_TO_CREATE}`)
      : `Choose an environment with --env (${names.join(', ')}) or set defaultEnvironment in the config`);
  }
  const env = config.environments[envName];
  // no config at all: that first (a saved plan names its environment, run where no config is)
  if (!env && !config.file && names.length === 0) throw new UsageError(`${noConfigFound(config.dir)}\n${HOW_TO_CREATE}`);
  if (!env) {
    // in a workflow: the one init wrote plans "production" until the config has it
    const ci = io().env.GITHUB_ACTIONS === 'true' ? `; add it under environments in ${config.file ? path.basename(config.file) : 'the config'} (init leaves production commented out), or set the repository variable ${ciNamesFromEnv(io().env).envVariables[0]} to one the config has` : '';
    throw new UsageError(`Unknown environment '${envName}'${didYouMean(envName, names)} (the config has: ${names.join(', ') || 'none'})${ci}`);
  }
  return env;
}
