// `tplsync apply [PLANFILE | PATH...]`: make the channels match the files. From a saved plan it
// first checks that nothing moved (exit 4, nothing written); without one it plans first.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import pc from 'picocolors';
import type { TemplateWriteRequest } from '../api/types.js';
import { applyItems, type ApplyItem, type ApplyResult } from '../apply/apply.js';
import { applyOutcome } from '../apply/outcome.js';
import { interruptSignal } from '../core/interrupt.js';
import { loadConfig } from '../config/load.js';
import { UsageError } from '../config/errors.js';
import { connect, type Connection } from '../env/connect.js';
import { templateKey } from '../model/ids.js';
import { sha256, writeBodyOf, type Action } from '../plan/plan.js';
import { renderText } from '../plan/render.js';
import { LintFailed, readTemplates, runPlan } from '../plan/run.js';
import { classifyPlanText, staleness, type SavedPlan, type Staleness } from '../plan/saved.js';
import { verifySavedBodies } from '../plan/verify.js';
import { redact } from '../core/redact.js';
import { EXIT } from './exit-codes.js';
import { useColor, writeFileAtomic } from './output.js';
import { parseParallelism, reportLintFailure } from './plan.js';
import { progress } from './progress.js';

export interface ApplyCommandOptions {
  config?: string;
  env?: string;
  autoApprove?: boolean;
  parallelism: string;
  results?: string;
  wait?: boolean;
  waitTimeout: string;
  allowInsecureHttp?: boolean;
  base?: string;
}

interface Pending { items: ApplyItem[]; environment: string; target: string }

/** A saved plan, recognised by its content (whatever the file is called), or undefined for template paths. */
function loadPlanFile(file: string): SavedPlan | undefined {
  if (!existsSync(file) || !statSync(file).isFile()) return undefined;
  const k = classifyPlanText(readFileSync(file, 'utf8'), file);
  if (k.kind === 'not-a-plan') throw new UsageError(`${file}: ${k.reason}`);
  return k.kind === 'saved' ? k.plan : undefined;
}

/** What apply writes for a change of a plan (saved or just made): creates and updates only. */
function item(c: { channel: string; name: string; language: string; publicId: string; channelId: string; action: Action }, body: TemplateWriteRequest | undefined): ApplyItem[] {
  if ((c.action !== 'create' && c.action !== 'update') || !body) return [];
  return [{ channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, channelId: c.channelId, action: c.action, body }];
}

export async function applyCommand(args: string[], o: ApplyCommandOptions): Promise<number> {
  const parallelism = parseParallelism(o.parallelism);
  const waitTimeout = Number(o.waitTimeout);
  if (!Number.isFinite(waitTimeout) || waitTimeout <= 0) throw new UsageError(`--wait-timeout takes seconds, not '${o.waitTimeout}'`);
  const saved = args.length === 1 ? loadPlanFile(args[0]!) : undefined;
  if (!saved && args.length > 1 && args.some((a) => { try { return loadPlanFile(a) !== undefined; } catch { return false; } })) {
    throw new UsageError('Give either one plan file or template paths, not both');
  }
  const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
  if (!o.autoApprove && !interactive) throw new UsageError('Refusing to apply without confirmation: stdin is not a terminal. Pass --auto-approve (CI) or run it in a terminal');
  if (saved && o.env && o.env !== saved.environment) throw new UsageError(`The plan was made for environment '${saved.environment}', not '${o.env}'`);
  if (saved && o.base) throw new UsageError('--base goes with template paths; a saved plan was already made against its base');
  const config = await loadConfig({ cwd: process.cwd(), ...(o.config ? { configFile: o.config } : {}) });
  const env = saved?.environment ?? o.env;
  const conn = await connect(config, { ...(env ? { env } : {}), parallelism, ...(o.allowInsecureHttp ? { allowInsecureHttp: true } : {}) });
  const signal = interruptSignal(); // Ctrl-C: the writes in flight finish, no new one starts (exit 130)
  try {
    let pending: Pending;
    if (saved) {
      // the bodies written are built from the files, never taken from the plan
      const verified = await verifySavedBodies(config, conn.environment, saved, process.cwd());
      const stale = await checkStale(conn, saved, verified.problems, signal);
      if (stale !== undefined) return stale;
      pending = { environment: saved.environment, target: conn.target, items: verified.writes.flatMap((c) => item(c, c.body)) };
      const n = (a: string) => pending.items.filter((i) => i.action === a).length;
      process.stdout.write(`Applying the saved plan (${n('create')} to create, ${n('update')} to update) to ${saved.environment}.\n`);
    } else {
      let plan;
      try { plan = await runPlan(config, conn, { paths: args, cwd: process.cwd(), signal, ...(o.base ? { base: o.base } : {}) }); } catch (e) {
        if (e instanceof LintFailed) return reportLintFailure(e, 'nothing was written');
        throw e;
      }
      process.stdout.write(renderText(plan, { color: useColor(process.stdout), environment: conn.environment.name }));
      pending = {
        environment: conn.environment.name, target: conn.target,
        items: plan.changes.flatMap((c) => item(c, writeBodyOf(c))),
      };
    }
    if (pending.items.length === 0) {
      if (saved) process.stdout.write('Nothing to write.\n');
      writeResults(o.results, pending, []);
      return EXIT.OK;
    }
    if (!o.autoApprove && !(await confirm(`Write ${pending.items.length} template${pending.items.length === 1 ? '' : 's'} to ${pending.environment} (${pending.target})? Type "yes" to go on: `))) {
      process.stderr.write('Nothing was written.\n');
      return EXIT.OK;
    }
    return await write(conn, pending, { parallelism, ...(o.results ? { results: o.results } : {}), ...(o.wait ? { waitMs: waitTimeout * 1000 } : {}), signal });
  } finally {
    await conn.close();
  }
}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try { return (await rl.question(question)).trim().toLowerCase() === 'yes'; } finally { rl.close(); }
}

async function checkStale(conn: Connection, saved: SavedPlan, edited: readonly Staleness[], signal: AbortSignal): Promise<number | undefined> {
  const reads = await readTemplates(conn, saved.changes.map((c) => ({ channelId: c.channelId, id: c.publicId })), 'checking', signal);
  const moved = staleness(saved, {
    fileHash: (f) => { const p = path.resolve(process.cwd(), f); return existsSync(p) ? sha256(readFileSync(p)) : undefined; },
    read: (id) => reads.get(id) ?? null,
  });
  if (moved.length === 0 && edited.length === 0) return undefined;
  if (moved.length) process.stderr.write(`tplsync: the plan is stale; nothing was written. What moved since ${saved.createdAt}:\n`);
  for (const m of moved) process.stderr.write(`  ${m.key}: ${m.what}\n`);
  if (edited.length) process.stderr.write('tplsync: the plan does not match the files it was made from; nothing was written:\n');
  for (const m of edited) process.stderr.write(`  ${m.key}: ${m.what}\n`);
  process.stderr.write('Make a new plan (tplsync plan --out FILE) and review it.\n');
  return EXIT.STALE_PLAN;
}

async function write(conn: Connection, pending: Pending, o: { parallelism: number; results?: string; waitMs?: number; signal: AbortSignal }): Promise<number> {
  const tty = Boolean(process.stderr.isTTY);
  const c = pc.createColors(useColor(process.stdout));
  const bar = await progress('applying', pending.items.length);
  const lines: string[] = [];
  const line = (r: ApplyResult): string => {
    const key = templateKey(r);
    if (r.outcome === 'failed' || r.outcome === 'skipped') return `${c.red('✗')} ${r.outcome} ${key}: ${r.error}`;
    const st = r.status === 'REJECTED' ? c.red(`REJECTED${r.rejectionReason ? `: ${r.rejectionReason}` : ''}`) : r.status === 'APPROVED' ? c.green('APPROVED') : (r.status ?? '');
    return `${r.status === 'REJECTED' ? c.red('✗') : c.green('✓')} ${r.outcome} ${key} → ${st}`;
  };
  const { results, authFailure } = await applyItems(conn.client, pending.items, {
    parallelism: o.parallelism, signal: o.signal,
    ...(o.waitMs ? { wait: { timeoutMs: o.waitMs, pollMs: 500 } } : {}),
    onResult: (r) => {
      bar.tick();
      if (tty) lines.push(line(r)); else process.stdout.write(`${line(r)}\n`);
    },
  });
  bar.stop();
  for (const l of lines) process.stdout.write(`${l}\n`);
  writeResults(o.results, pending, results);
  const out = applyOutcome(results, { interrupted: o.signal.aborted, waited: Boolean(o.waitMs), ...(authFailure ? { authFailure } : {}), ...(o.results ? { resultsFile: o.results } : {}) });
  process.stdout.write(`${c.bold(`Applied to ${pending.environment}: ${out.created} created, ${out.updated} updated, ${out.failed} failed${out.skipped ? `, ${out.skipped} skipped` : ''}`)}${out.rejected ? c.red(`, ${out.rejected} rejected in review`) : ''}${out.stillPending ? c.yellow(`, ${out.stillPending} still pending review`) : ''}.\n`);
  if (out.message) process.stderr.write(`tplsync: ${out.message}\n`);
  return out.exitCode;
}

function writeResults(file: string | undefined, pending: Pending, results: ApplyResult[]): void {
  if (!file) return;
  const count = (f: (r: ApplyResult) => boolean) => results.filter(f).length;
  writeFileAtomic(file, redact(`${JSON.stringify({
    version: 1, environment: pending.environment, target: pending.target, results,
    summary: {
      created: count((r) => r.outcome === 'created'), updated: count((r) => r.outcome === 'updated'),
      failed: count((r) => r.outcome === 'failed'), skipped: count((r) => r.outcome === 'skipped'),
      rejected: count((r) => r.status === 'REJECTED'),
    },
  }, null, 2)}\n`));
}
