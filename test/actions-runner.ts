// A small stand-in for the GitHub Actions runner, enough to run the example workflows' own shell
// steps for real: `${{ }}` expressions (contexts looked up case-insensitively, as GitHub does;
// format, always, success, failure, cancelled, ==, !=, &&, ||, !), workflow/job/step `env`, `if`, GITHUB_ENV,
// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY, and local composite actions (`uses: ./...`: inputs,
// outputs, shell: bash, working-directory, GITHUB_ACTION_PATH). Steps that use published actions
// (checkout, setup-node, upload-artifact, ...) are skipped, and the results say which.
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { parse } from 'yaml';

type Ctx = Record<string, unknown>;

/** property lookup as GitHub does it: names are case-insensitive */
function prop(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== 'object') return null;
  const k = Object.keys(obj).find((x) => x.toLowerCase() === key.toLowerCase());
  return k === undefined ? null : (obj as Record<string, unknown>)[k];
}

const truthy = (v: unknown) => !(v === null || v === undefined || v === false || v === '' || v === 0);
const str = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

export function evaluate(src: string, ctx: Ctx, status: { failed: boolean } = { failed: false }): unknown {
  const tokens: string[] = [];
  const re = /\s*(?:('(?:[^']|'')*')|(\d+(?:\.\d+)?)|(==|!=|&&|\|\||[!()[\],.])|([A-Za-z_][A-Za-z0-9_-]*))/y;
  let pos = 0;
  while (pos < src.trimEnd().length) {
    re.lastIndex = pos;
    const m = re.exec(src);
    if (!m) throw new Error(`cannot read the expression at '${src.slice(pos)}'`);
    tokens.push(m[1] ?? m[2] ?? m[3] ?? m[4]!);
    pos = re.lastIndex;
  }
  let i = 0;
  const peek = () => tokens[i];
  const eat = (t?: string) => {
    const x = tokens[i++];
    if (t !== undefined && x !== t) throw new Error(`expected ${t}, got ${x} in ${src}`);
    return x!;
  };
  const or = (): unknown => { let v = and(); while (peek() === '||') { eat(); const r = and(); v = truthy(v) ? v : r; } return v; };
  const and = (): unknown => { let v = eq(); while (peek() === '&&') { eat(); const r = eq(); v = truthy(v) ? r : v; } return v; };
  const eq = (): unknown => {
    let v = unary();
    while (peek() === '==' || peek() === '!=') {
      const op = eat();
      const r = unary();
      const same = typeof v === 'string' && typeof r === 'string' ? v.toLowerCase() === r.toLowerCase() : v === r || (v !== null && r !== null && Number(v) === Number(r));
      v = op === '==' ? same : !same;
    }
    return v;
  };
  const unary = (): unknown => (peek() === '!' ? (eat(), !truthy(unary())) : postfix());
  const postfix = (): unknown => {
    let v = primary();
    for (;;) {
      if (peek() === '.') { eat(); v = prop(v, eat()); } else if (peek() === '[') { eat(); const k = or(); eat(']'); v = prop(v, str(k)); } else return v;
    }
  };
  const primary = (): unknown => {
    const t = eat();
    if (t === '(') { const v = or(); eat(')'); return v; }
    if (t.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (/^\d/.test(t)) return Number(t);
    if (t === 'true' || t === 'false') return t === 'true';
    if (t === 'null') return null;
    if (peek() === '(') {
      eat('(');
      const args: unknown[] = [];
      while (peek() !== ')') { args.push(or()); if (peek() === ',') eat(); }
      eat(')');
      if (t === 'format') return str(args[0]).replace(/\{(\d+)\}/g, (_, n: string) => str(args[Number(n) + 1]));
      if (t === 'always') return true;
      if (t === 'success') return !status.failed;
      if (t === 'failure') return status.failed;
      // (no run here is cancelled)
      if (t === 'cancelled') return false;
      throw new Error(`the function ${t}() is not known to this runner`);
    }
    return prop(ctx, t);
  };
  const v = or();
  if (i !== tokens.length) throw new Error(`unexpected '${tokens[i]}' in ${src}`);
  return v;
}

export function interpolate(s: unknown, ctx: Ctx): string {
  return str(s).replace(/\$\{\{(.*?)\}\}/gs, (_, e: string) => str(evaluate(e, ctx)));
}

/** `NAME=value` and `NAME<<DELIMITER` lines of a GITHUB_ENV or GITHUB_OUTPUT file */
export function parseCommandFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(l);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2]!, i + 1);
      out[heredoc[1]!] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (l.includes('=')) out[l.slice(0, l.indexOf('='))] = l.slice(l.indexOf('=') + 1);
  }
  return out;
}

export interface StepResult { job: string; name: string; outcome: 'success' | 'failure' | 'skipped'; exitCode?: number; uses?: string; output: string }

export interface RunOptions {
  /** the checkout the steps run in */
  workspace: string;
  /** where `uses: ./path` is found (default: the workspace) */
  localActions?: string;
  /** published actions run from a local checkout, by `owner/repo` (the part before `@`) */
  actionRepos?: Record<string, string>;
  /** the contexts: github, vars, secrets (env and steps are the runner's) */
  github: Ctx;
  vars: Record<string, string>;
  secrets: Record<string, string>;
  /** the process environment of every step (PATH with the test's shims, HOME) */
  baseEnv: Record<string, string>;
  /** only these jobs */
  jobs?: string[];
  /** the outputs a skipped published action would have set, by the start of its `uses:` (e.g. actions/upload-artifact) */
  actionOutputs?: Record<string, Record<string, string>>;
}

type Step = Record<string, unknown>;
type StepsCtx = Record<string, { outputs: Record<string, string>; outcome: string }>;

/** What one job shares between its steps. */
interface Job {
  name: string;
  o: RunOptions;
  tmp: string;
  files: { GITHUB_ENV: string; GITHUB_STEP_SUMMARY: string };
  env: Record<string, string>;
  results: StepResult[];
  counter: number;
}

const condition = (step: Step) => {
  const cond = step.if === undefined ? 'success()' : String(step.if).replace(/^\$\{\{|\}\}$/g, '');
  return /\b(always|success|failure|cancelled)\(/.test(cond) ? cond : `success() && (${cond})`;
};

/**
 * Runs steps in order, as the runner does for a job or for a composite action (`scope` holds the
 * contexts: github, vars, secrets, and inputs inside an action). Returns whether one failed.
 */
async function runSteps(job: Job, steps: Step[], scope: Ctx, stepsCtx: StepsCtx, where: { dir: string; actionPath?: string }): Promise<boolean> {
  const status = { failed: false };
  for (const step of steps) {
    Object.assign(job.env, parseCommandFile(readFileSync(job.files.GITHUB_ENV, 'utf8')));
    const n = job.counter++;
    const ctx = () => ({ ...scope, steps: stepsCtx, env: job.env });
    const name = step.name !== undefined ? interpolate(step.name, ctx()) : String(step.run ?? step.uses ?? `step ${n + 1}`);
    if (!truthy(evaluate(condition(step), ctx(), status))) {
      job.results.push({ job: job.name, name, outcome: 'skipped', output: '' });
      continue;
    }
    const evalMap = (m: unknown) => Object.fromEntries(Object.entries((m ?? {}) as Record<string, unknown>).map(([k, v]) => [k, interpolate(v, ctx())]));
    const stepEnv = evalMap(step.env);
    let outcome: 'success' | 'failure';
    let outputs: Record<string, string> = {};
    const checkout = step.uses !== undefined ? job.o.actionRepos?.[String(step.uses).split('@')[0]!] : undefined;
    if (step.uses !== undefined && (String(step.uses).startsWith('./') || checkout)) {
      // a local composite action: its inputs from `with` over their defaults, its steps in its own scope
      const dir = checkout ?? path.join(job.o.localActions ?? job.o.workspace, String(step.uses));
      const action = parse(readFileSync(path.join(dir, 'action.yml'), 'utf8')) as { inputs?: Record<string, { default?: string }>; outputs?: Record<string, { value: string }>; runs: { using: string; steps: Step[] } };
      if (action.runs.using !== 'composite') throw new Error(`${step.uses}: only composite actions are run here`);
      const given = evalMap(step.with);
      const inputs = Object.fromEntries(Object.entries(action.inputs ?? {}).map(([k, v]) => [k, given[k] ?? interpolate(v.default ?? '', ctx())]));
      const inner: StepsCtx = {};
      const saved = { ...job.env };
      Object.assign(job.env, stepEnv);
      const failed = await runSteps(job, action.runs.steps, { github: scope.github, vars: scope.vars, secrets: scope.secrets, inputs }, inner, { dir: where.dir, actionPath: dir });
      // the step's env held for its action's steps only; GITHUB_ENV written by them stays
      for (const k of Object.keys(stepEnv)) { if (k in saved) job.env[k] = saved[k]!; else delete job.env[k]; }
      outputs = Object.fromEntries(Object.entries(action.outputs ?? {}).map(([k, v]) => [k, interpolate(v.value, { ...scope, inputs, steps: inner, env: job.env })]));
      outcome = failed ? 'failure' : 'success';
      job.results.push({ job: job.name, name, outcome, uses: String(step.uses), output: '' });
    } else if (step.uses !== undefined) {
      job.results.push({ job: job.name, name, outcome: 'skipped', uses: String(step.uses), output: '' });
      const stub = Object.entries(job.o.actionOutputs ?? {}).find(([prefix]) => String(step.uses).startsWith(prefix));
      if (step.id !== undefined && stub) stepsCtx[String(step.id)] = { outputs: stub[1], outcome: 'success' };
      continue;
    } else {
      const outputFile = path.join(job.tmp, `output-${n}`);
      writeFileSync(outputFile, '');
      const script = path.join(job.tmp, `step-${n}.sh`);
      writeFileSync(script, String(step.run));
      if (step.shell !== undefined && step.shell !== 'bash') throw new Error(`${name}: shell ${String(step.shell)} is not run here`);
      const cwd = step['working-directory'] === undefined ? where.dir : path.resolve(where.dir, interpolate(step['working-directory'], ctx()));
      const r = await execa('bash', step.shell === 'bash' ? ['--noprofile', '--norc', '-eo', 'pipefail', script] : ['-e', script], {
        cwd, reject: false, all: true, extendEnv: false,
        env: {
          ...job.o.baseEnv, ...job.env, ...stepEnv, ...job.files, GITHUB_OUTPUT: outputFile, GITHUB_WORKSPACE: job.o.workspace, RUNNER_TEMP: job.tmp, GITHUB_ACTIONS: 'true', CI: 'true',
          ...(where.actionPath ? { GITHUB_ACTION_PATH: where.actionPath } : {}),
        },
      });
      outcome = r.exitCode === 0 ? 'success' : 'failure';
      outputs = parseCommandFile(readFileSync(outputFile, 'utf8'));
      job.results.push({ job: job.name, name, outcome, exitCode: r.exitCode ?? -1, output: String(r.all) });
    }
    if (step.id !== undefined) stepsCtx[String(step.id)] = { outputs, outcome };
    if (outcome === 'failure' && !step['continue-on-error']) status.failed = true;
  }
  return status.failed;
}

/** Runs the jobs of a workflow file one after the other, each step as GitHub would. */
export async function runWorkflow(file: string, o: RunOptions): Promise<StepResult[]> {
  const wf = parse(readFileSync(file, 'utf8')) as { env?: Record<string, unknown>; jobs: Record<string, { if?: string; env?: Record<string, unknown>; steps: Step[] }> };
  const results: StepResult[] = [];
  for (const [jobName, def] of Object.entries(wf.jobs)) {
    if (o.jobs && !o.jobs.includes(jobName)) continue;
    const tmp = mkdtempSync(path.join(tmpdir(), 'tplsync-runner-'));
    const job: Job = { name: jobName, o, tmp, files: { GITHUB_ENV: path.join(tmp, 'env'), GITHUB_STEP_SUMMARY: path.join(tmp, 'summary.md') }, env: {}, results, counter: 0 };
    for (const f of Object.values(job.files)) writeFileSync(f, '');
    const scope: Ctx = { github: o.github, vars: o.vars, secrets: o.secrets };
    const evalMap = (m: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k, interpolate(v, { ...scope, env: job.env })]));
    Object.assign(job.env, evalMap(wf.env));
    if (def.if !== undefined && !truthy(evaluate(String(def.if).replace(/^\$\{\{|\}\}$/g, ''), { ...scope, env: job.env }))) {
      results.push({ job: jobName, name: '(job)', outcome: 'skipped', output: '' });
      continue;
    }
    Object.assign(job.env, evalMap(def.env));
    const failed = await runSteps(job, def.steps, scope, {}, { dir: o.workspace });
    results.push({ job: jobName, name: '(summary)', outcome: failed ? 'failure' : 'success', output: readFileSync(job.files.GITHUB_STEP_SUMMARY, 'utf8') });
  }
  return results;
}

/**
 * Shims for the commands the workflows call: npx tplsync and node .../bin/tplsync.js (or .cjs) run this
 * checkout's CLI and are logged (`tplsync ARGS` per line), npm ci has nothing to do, gh is logged.
 */
export function writeShims(dir: string, bin: string, log: string): void {
  const sh = (name: string, body: string) => { writeFileSync(path.join(dir, name), `#!/usr/bin/env bash\n${body}\n`, { mode: 0o755 }); };
  sh('node', `if [[ "$1" == *bin/tplsync.js || "$1" == *bin/tplsync.cjs ]]; then printf 'tplsync %s\\n' "\${*:2}" >> '${log}'; fi\nexec '${process.execPath}' "$@"`);
  sh('npx', `if [ "$1" = tplsync ]; then shift; exec node '${bin}' "$@"; fi\necho "npx $1: not available in this test" >&2; exit 127`);
  sh('npm', `if [ "$1" = ci ]; then exit 0; fi\necho "npm $1: not available in this test" >&2; exit 127`);
  sh('gh', `printf 'gh %s\\n' "$*" >> '${log}'`);
  appendFileSync(log, '');
}
