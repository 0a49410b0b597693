// The team's own rules (`policies` in the config), enforced like the built-in ones. A declarative
// entry (where / field / one operator) compiles to a rule with the built-in rules' shape (pure);
// a `plugin:` entry names an ES module exporting such rules (effects: importing it). A plugin
// that fails to load or a rule that throws is a finding naming the plugin, never a crash.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importFresh } from '../core/fresh-import.js';
import type { Config, PolicyEntry } from '../config/load.js';
import type { Finding, SeveritySetting } from '../core/diagnostic.js';
import { OPERATORS, parseField, scalar, SEVERITIES, type Seg } from '../config/policies.js';
import { UsageError } from '../core/errors.js';
import type { Path } from '../files/locate.js';
import type { Loose } from '../model/loose.js';
import { runRules } from './engine.js';
import type { ProjectFinding } from './place.js';
import { RULES_BY_ID } from './registry.js';
import type { Rule, RuleContext } from './rule.js';
import type { PluginProblemKind } from './rules/policy.js';
import { ownerOf } from './stage-problems.js';
import { io } from '../core/io.js';
import { checkRegularFile } from '../core/read-regular.js';

/** the most bytes a policy plugin's module may hold (a bundled plugin stays far under it) */
const MAX_PLUGIN_BYTES = 16 * 1024 * 1024;

/** the rule that reports a problem of the policy stage (rules/policy.ts claims them through its loading hook) */
const pluginProblem = (kind: PluginProblemKind): { ruleId: string } => ownerOf({ kind });

// ---------------------------------------------------------------------------------------------
// Selecting the values a field path names

/** Each value the field names: present ones with their value, absent ones at the path where they would be. */
export interface Selected { path: Path; present: boolean; value?: unknown }

export function select(t: unknown, segs: readonly Seg[]): Selected[] {
  const out: Selected[] = [];
  const walk = (v: unknown, i: number, at: Path): void => {
    if (i === segs.length) { out.push({ path: at, present: v !== undefined && v !== null, value: v }); return; }
    const s = segs[i]!;
    if ('any' in s) { if (Array.isArray(v)) v.forEach((x, k) => walk(x, i + 1, [...at, k])); return; }
    if ('index' in s) { walk(Array.isArray(v) ? v[s.index] : undefined, i + 1, [...at, s.index]); return; }
    const next = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Loose)[s.key] : undefined;
    if (next === undefined && segs.slice(i + 1).some((x) => 'any' in x)) return; // no list to walk: nothing to check
    walk(next, i + 1, [...at, s.key]);
  };
  walk(t, 0, []);
  return out;
}

const empty = (v: unknown): boolean => v === '' || (Array.isArray(v) && v.length === 0) || (v !== null && typeof v === 'object' && Object.keys(v).length === 0);

// ---------------------------------------------------------------------------------------------
// Compiling a declarative policy into a rule (pure)

function matchesWhere(t: Loose, where: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(where).every(([field, want]) => {
    const wanted = Array.isArray(want) ? want : [want];
    return select(t, parseField(field)!).some((s) => s.present && scalar(s.value) && wanted.some((w) => String(w) === String(s.value)));
  });
}

export function compilePolicy(p: PolicyEntry): Rule {
  const id = p.id as string;
  const message = p.message as string;
  const field = p.field as string;
  const segs = parseField(field)!;
  const where = (p.where ?? {}) as Record<string, unknown>;
  const re = (k: 'pattern' | 'notPattern') => new RegExp(p[k] as string, typeof p.flags === 'string' ? p.flags : '');
  const op = OPERATORS.find((k) => k in p)!;
  const what = op === 'pattern' ? `must match /${String(p.pattern)}/` : op === 'notPattern' ? `must not match /${String(p.notPattern)}/`
    : op === 'maxLength' ? `at most ${String(p.maxLength)} characters` : op === 'required' ? 'is required' : `one of ${(p.enum as unknown[]).join(', ')}`;
  const whereText = Object.keys(where).length ? ` when ${Object.entries(where).map(([k, v]) => `${k} is ${Array.isArray(v) ? v.join(' or ') : String(v)}`).join(' and ')}` : '';
  const check = (ctx: RuleContext): void => {
    if (!matchesWhere(ctx.t, where)) return;
    for (const s of select(ctx.t, segs)) {
      const shown = s.path.map((x) => (typeof x === 'number' ? `[${x}]` : `.${x}`)).join('').replace(/^\./, '').replace(/\.\[/g, '[');
      if (!s.present) {
        if (op === 'required' || op === 'pattern') ctx.report(s.path, `${message} (${shown} is absent).`);
        continue;
      }
      const v = s.value;
      if (op === 'required') { if (empty(v)) ctx.report(s.path, `${message} (${shown} is empty).`); continue; }
      if (op === 'enum') {
        if (!(p.enum as unknown[]).some((e) => scalar(v) && String(e) === String(v))) ctx.report(s.path, `${message} (${shown} is ${scalar(v) ? `'${String(v)}'` : 'not a value'}; allowed: ${(p.enum as unknown[]).join(', ')}).`);
        continue;
      }
      if (!scalar(v)) continue; // patterns and lengths judge texts
      const text = String(v);
      if (op === 'pattern' && !re('pattern').test(text)) ctx.report(s.path, `${message} (${shown} does not match /${String(p.pattern)}/).`);
      if (op === 'notPattern') {
        const m = re('notPattern').exec(text);
        if (m) {
          ctx.report(s.path, `${message} (${shown} contains '${m[0]}').`, m[0] ? { at: { start: m.index, end: m.index + m[0].length } } : {});
        }
      }
      if (op === 'maxLength' && [...text].length > (p.maxLength as number)) ctx.report(s.path, `${message} (${shown} has ${[...text].length} characters; at most ${String(p.maxLength)}).`);
    }
  };
  return {
    id, group: 'policy', severity: p.severity === 'warn' ? 'warning' : (p.severity as SeveritySetting | undefined) ?? 'error',
    summary: message,
    why: typeof p.description === 'string' ? p.description : `A policy of this project (tplsync.config.yaml): ${field} ${what}${whereText}.`,
    fix: `Change ${field} so that it ${op === 'required' ? 'is present' : what.replace(/^must /, '')}, or suppress with a reason: # tplsync-disable-next-line ${id} -- why.`,
    source: 'policies in the config',
    check,
  };
}

// ---------------------------------------------------------------------------------------------
// Loading (effects: importing plugins)

export interface LoadedPolicies {
  /** every policy rule: declarative ones and those of the plugins that loaded */
  rules: Rule[];
  /** the plugin of each plugin rule, for messages */
  pluginOf: Map<string, string>;
  /** plugins that failed to load, as findings on the config file (their severities decided with the run's: finish.ts) */
  problems: Finding[];
}

/** Where `text` first appears in the config file (for a finding about a plugin entry), else its first line. */
function configSpan(configFile: string | undefined, text: string): { line: number; column: number; endLine: number; endColumn: number } {
  try {
    const src = configFile ? readFileSync(configFile, 'utf8') : '';
    const at = src.indexOf(text);
    if (at >= 0) {
      const before = src.slice(0, at).split('\n');
      const line = before.length;
      const column = before[before.length - 1]!.length + 1;
      return { line, column, endLine: line, endColumn: column + text.length };
    }
  } catch { /* fall through */ }
  return { line: 1, column: 1, endLine: 1, endColumn: 1 };
}

function pluginRules(exported: Record<string, unknown>, spec: string): Rule[] {
  const list = Array.isArray(exported.default) ? exported.default
    : Array.isArray((exported.default as { rules?: unknown } | undefined)?.rules) ? (exported.default as { rules: unknown[] }).rules
      : Array.isArray(exported.rules) ? exported.rules : undefined;
  if (!list) throw new UsageError(`policies: plugin ${spec} exports no rules: export default [rule, ...] (or export const rules = [...]), each { id, severity, summary, why, fix, check(ctx) }`);
  return list.map((r, i) => {
    const x = r as Partial<Rule> | null;
    const bad = (m: string) => new UsageError(`policies: plugin ${spec}: rule ${i}${typeof x?.id === 'string' ? ` (${x.id})` : ''} ${m}`);
    if (!x || typeof x !== 'object') throw bad('is not an object');
    if (typeof x.id !== 'string' || !/^[a-z0-9][a-z0-9._/-]*$/.test(x.id)) throw bad('needs an id of lowercase letters, digits, ".", "_", "-" and "/": like brand/spelling');
    if (typeof x.check !== 'function') throw bad('needs check(ctx), which reports with ctx.report(path, message)');
    if (x.severity !== undefined && !SEVERITIES.includes(x.severity)) throw bad(`has severity '${String(x.severity)}', not one of ${SEVERITIES.join(', ')}`);
    return {
      id: x.id, group: 'policy', severity: (x.severity as string) === 'warn' ? 'warning' : x.severity ?? 'error',
      summary: typeof x.summary === 'string' ? x.summary : x.id,
      why: typeof x.why === 'string' ? x.why : `A rule of the plugin ${spec}.`,
      fix: typeof x.fix === 'string' ? x.fix : `See the plugin ${spec}.`,
      source: `plugin ${spec}`,
      check: x.check,
    } satisfies Rule;
  });
}

export async function loadPolicies(config: Config): Promise<LoadedPolicies> {
  const out: LoadedPolicies = { rules: [], pluginOf: new Map(), problems: [] };
  const configName = config.file ? path.relative(io().cwd(), config.file) || config.file : 'the config';
  for (const entry of config.policies ?? []) {
    if (typeof entry.plugin !== 'string') {
      if (RULES_BY_ID.has(entry.id as string)) throw new UsageError(`policies: '${String(entry.id)}' is a built-in rule id; give the policy your team's own`);
      out.rules.push(compilePolicy(entry));
      continue;
    }
    const spec = entry.plugin;
    const abs = path.resolve(config.dir, spec);
    if (!existsSync(abs)) throw new UsageError(`policies: plugin ${spec} not found (looked for ${abs})`);
    // a FIFO or a device a pull request committed as the plugin: refused before Node's loader waits on it or reads it without end
    checkRegularFile(abs, { max: MAX_PLUGIN_BYTES, shown: `policies: plugin ${spec}`, what: 'the plugin' });
    let exported: Record<string, unknown>;
    try {
      // imported as the file is now: a language server reloading the project got the first version from Node's cache
      exported = await importFresh(abs);
    } catch (e) {
      out.problems.push({ file: configName, ...configSpan(config.file, spec), ...pluginProblem('plugin-load'), message: `Plugin ${spec} failed to load: ${firstLine(e)}` });
      continue;
    }
    for (const r of pluginRules(exported, spec)) {
      if (RULES_BY_ID.has(r.id) || out.rules.some((x) => x.id === r.id)) throw new UsageError(`policies: plugin ${spec}: rule id '${r.id}' is already ${RULES_BY_ID.has(r.id) ? 'a built-in rule id' : 'used by another policy'}`);
      out.rules.push(r);
      out.pluginOf.set(r.id, spec);
    }
  }
  return out;
}

function firstLine(e: unknown): string {
  const m = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
  return m.split('\n')[0]!;
}

// ---------------------------------------------------------------------------------------------
// Running (pure apart from what a plugin does)

export interface PolicyInput { file: string; abs: string; value: Loose }

/** The findings of the policy rules on every file, before positions; a rule that throws is a finding on the file's first line. */
export function runPolicies(files: readonly PolicyInput[], loaded: LoadedPolicies, now: Date): ProjectFinding[] {
  const out: ProjectFinding[] = [];
  if (loaded.rules.length === 0) return out;
  for (const f of files) {
    const raw = runRules(f.value, loaded.rules, { now }, (rule, e) => {
      out.push({ file: f.file, abs: f.abs, ...pluginProblem('plugin-threw'), path: [],
        message: `Plugin ${loaded.pluginOf.get(rule.id) ?? 'policy'}: rule ${rule.id} threw on this template: ${firstLine(e)}` });
    });
    for (const x of raw) out.push({ ...x, file: f.file, abs: f.abs });
  }
  return out;
}
