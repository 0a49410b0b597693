// `tplsync export --to meta|twilio [PATH...] [--out FILE]`: the template files as the bodies of
// Meta's create-template request (POST /<WABA_ID>/message_templates), or of Twilio's Content
// create request (POST /v1/Content) with its WhatsApp approval request; `pull --from meta|twilio`
// of the output gives the same templates back. What the format has no place for is listed by
// template and field (exit 1); the rest is written.
import path from 'node:path';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import type { FormatIssue } from '../formats/meta.js';
import { fromFile } from '../model/canonical.js';
import { LintFailed, loadCleanProject } from '../project/load.js';
import { emit } from '../terminal/output.js';
import { commandConfig } from './context.js';
import { reportLintFailure } from './report.js';

export interface ExportCommandOptions { config?: string; to: string; out?: string }

export async function exportCommand(paths: string[], o: ExportCommandOptions): Promise<number> {
  if (o.to !== 'meta' && o.to !== 'twilio') throw new UsageError(`--to ${o.to}: tplsync exports to meta (Meta's create-template requests) or twilio (Twilio's Content create requests)`);
  const convert: (c: ReturnType<typeof fromFile>) => { request?: unknown; issues: FormatIssue[] } = o.to === 'meta'
    ? (await import('../formats/meta.js')).toMeta
    : (await import('../formats/twilio.js')).toTwilio;
  const config = await commandConfig(o);
  let project;
  try { project = await loadCleanProject(config, paths, process.cwd()); } catch (e) {
    if (e instanceof LintFailed) return reportLintFailure(e, 'nothing was exported');
    throw e;
  }
  const requests: unknown[] = [];
  let issues = 0;
  for (const f of project.files) {
    const v = f.value!;
    const r = convert(fromFile(v, String(v.channel), ''));
    for (const i of r.issues) { process.stderr.write(`tplsync: ${i.template} (${f.file}): ${i.field}: ${i.message}\n`); issues++; }
    if (r.request) requests.push(r.request);
  }
  emit(`${JSON.stringify(requests, null, 2)}\n`, o.out);
  if (o.out) process.stderr.write(`Wrote ${requests.length} create request${requests.length === 1 ? '' : 's'} to ${path.relative(process.cwd(), o.out) || o.out}; pull --from ${o.to} reads it back\n`);
  return issues ? EXIT.FINDINGS : EXIT.OK;
}
