// A small stand-in for the GitHub Actions runner, enough to run the example workflows' own shell
// steps for real: `${{ }}` expressions (contexts looked up case-insensitively, as GitHub does;
// format, always, success, failure, ==, !=, &&, ||, !), workflow/job/step `env`, `if`, GITHUB_ENV,
// GITHUB_OUTPUT and GITHUB_STEP_SUMMARY. `uses:` steps of published actions are skipped (the
// test says which); a local action (`uses: ./...`) is refused until this runner learns to run
// its composite steps, so that a test can never pass by skipping tplsync itself.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
  /** the contexts: github, vars, secrets (env and steps are the runner's) */
  github: Ctx;
  vars: Record<string, string>;
  secrets: Record<string, string>;
  /** the process environment of every step (PATH with the test's shims, HOME) */
  baseEnv: Record<string, string>;
  /** only these jobs */
  jobs?: string[];
}

/** Runs the jobs of a workflow file one after the other, each step as GitHub would. */
export async function runWorkflow(file: string, o: RunOptions): Promise<StepResult[]> {
  const wf = parse(readFileSync(file, 'utf8')) as { env?: Record<string, unknown>; jobs: Record<string, { if?: string; env?: Record<string, unknown>; steps: Record<string, unknown>[] }> };
  const results: StepResult[] = [];
  for (const [jobName, job] of Object.entries(wf.jobs)) {
    if (o.jobs && !o.jobs.includes(jobName)) continue;
    const tmp = mkdtempSync(path.join(tmpdir(), 'tplsync-runner-'));
    const files = { GITHUB_ENV: path.join(tmp, 'env'), GITHUB_STEP_SUMMARY: path.join(tmp, 'summary.md') };
    for (const f of Object.values(files)) writeFileSync(f, '');
    const steps: Record<string, { outputs: Record<string, string>; outcome: string }> = {};
    const base: Ctx = { github: o.github, vars: o.vars, secrets: o.secrets, steps };
    const env: Record<string, string> = {};
    const evalMap = (m: Record<string, unknown> | undefined) => Object.fromEntries(Object.entries(m ?? {}).map(([k, v]) => [k, interpolate(v, { ...base, env })]));
    Object.assign(env, evalMap(wf.env));
    if (job.if !== undefined && !truthy(evaluate(String(job.if).replace(/^\$\{\{|\}\}$/g, ''), { ...base, env }))) {
      results.push({ job: jobName, name: '(job)', outcome: 'skipped', output: '' });
      continue;
    }
    Object.assign(env, evalMap(job.env));
    const status = { failed: false };
    for (const [n, step] of job.steps.entries()) {
      Object.assign(env, parseCommandFile(readFileSync(files.GITHUB_ENV, 'utf8')));
      const name = String(step.name ?? step.run ?? step.uses ?? `step ${n + 1}`);
      const cond = step.if === undefined ? 'success()' : String(step.if).replace(/^\$\{\{|\}\}$/g, '');
      const ctx = { ...base, env };
      if (!truthy(evaluate(/\b(always|success|failure)\(/.test(cond) ? cond : `success() && (${cond})`, ctx, status))) {
        results.push({ job: jobName, name, outcome: 'skipped', output: '' });
        continue;
      }
      if (step.uses !== undefined) {
        const uses = String(step.uses);
        if (uses.startsWith('./')) throw new Error(`${path.basename(file)}: the local action ${uses} is not run by this runner yet: teach test/actions-runner.ts its composite steps`);
        results.push({ job: jobName, name, outcome: 'skipped', uses, output: '' });
        continue;
      }
      const outputFile = path.join(tmp, `output-${n}`);
      writeFileSync(outputFile, '');
      const script = path.join(tmp, `step-${n}.sh`);
      writeFileSync(script, String(step.run));
      const stepEnv = evalMap(step.env as Record<string, unknown> | undefined);
      const r = await execa('bash', ['-e', script], {
        cwd: o.workspace, reject: false, all: true, extendEnv: false,
        env: { ...o.baseEnv, ...env, ...stepEnv, ...files, GITHUB_OUTPUT: outputFile, GITHUB_WORKSPACE: o.workspace, GITHUB_ACTIONS: 'true', CI: 'true' },
      });
      const outcome = r.exitCode === 0 ? 'success' : 'failure';
      if (step.id !== undefined) steps[String(step.id)] = { outputs: parseCommandFile(readFileSync(outputFile, 'utf8')), outcome };
      if (outcome === 'failure' && !step['continue-on-error']) status.failed = true;
      results.push({ job: jobName, name, outcome, exitCode: r.exitCode ?? -1, output: String(r.all) });
    }
    results.push({ job: jobName, name: '(summary)', outcome: status.failed ? 'failure' : 'success', output: existsSync(files.GITHUB_STEP_SUMMARY) ? readFileSync(files.GITHUB_STEP_SUMMARY, 'utf8') : '' });
  }
  return results;
}

/** shims for the commands the workflows call: npx tplsync (this checkout), npm ci (nothing to do), gh (logged) */
export function writeShims(dir: string, bin: string, log: string): void {
  const sh = (name: string, body: string) => { writeFileSync(path.join(dir, name), `#!/usr/bin/env bash\n${body}\n`, { mode: 0o755 }); };
  sh('npx', `if [ "$1" = tplsync ]; then shift; printf 'tplsync %s\\n' "$*" >> '${log}'; exec node '${bin}' "$@"; fi\necho "npx $1: not available in this test" >&2; exit 127`);
  sh('npm', `if [ "$1" = ci ]; then exit 0; fi\necho "npm $1: not available in this test" >&2; exit 127`);
  sh('gh', `printf 'gh %s\\n' "$*" >> '${log}'`);
  appendFileSync(log, '');
}
