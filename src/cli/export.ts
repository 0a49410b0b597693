// `tplsync export --to meta|twilio [PATH...] [--out FILE]`: the template files as the bodies of
// Meta's create-template request (POST /<WABA_ID>/message_templates), or of Twilio's Content
// create request (POST /v1/Content) with its WhatsApp approval request; `pull --from meta|twilio`
// of the output gives the same templates back. What the format has no place for is listed by
// template and field (exit 1); the rest is written.
import { asIdentifier, identifierFields } from '../core/redact.js';
import path from 'node:path';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import type { FormatIssue } from '../formats/meta.js';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { configSeverities } from '../config/overrides.js';
import { judgeInEnvironment } from '../plan/desired.js';
import { fromFile } from '../model/canonical.js';
import type { Loose } from '../model/loose.js';
import { substituteValues, templateReferences } from '../model/values.js';
import { keyRemedy, shownEnvironment, templateIn } from '../project/values.js';
import { LintFailed, loadCleanProject } from '../project/load.js';
import { emit, dashAsStdout } from '../terminal/output.js';
import { commandConfig } from './context.js';
import { projectFiles, refuseProtectedOutput } from '../files/output-target.js';
import { templateHoldsKey } from '../model/holds-key.js';
import { reportLintFailure } from './report.js';
import { io, resolvePath } from '../core/io.js';

export interface ExportCommandOptions { config?: string; env?: string; to: string; out?: string }

export async function exportCommand(paths: string[], o: ExportCommandOptions): Promise<number> {
  o = dashAsStdout(o, 'out');
  if (o.to !== 'meta' && o.to !== 'twilio') throw new UsageError(`--to ${o.to}: tplsync exports to meta (Meta's create-template requests) or twilio (Twilio's Content create requests)`);
  const convert: (c: ReturnType<typeof fromFile>) => { request?: unknown; issues: FormatIssue[]; numbered?: FormatIssue[] } = o.to === 'meta'
    ? (await import('../formats/meta.js')).toMeta
    : (await import('../formats/twilio.js')).toTwilio;
  const config = await commandConfig(o);
  refuseProtectedOutput('--out', o.out, projectFiles(config));
  let project;
  try { project = await loadCleanProject(config, paths, io().cwd()); } catch (e) {
    if (e instanceof LintFailed) return reportLintFailure(e, 'nothing was exported');
    throw e;
  }
  const requests: unknown[] = [];
  let issues = 0;
  for (const f of project.files) {
    // a template the format has no place for whatever its values (RCS-only): listed once, as that, its values not judged
    const bare = fromFile(f.value!, String(f.value!.channel), '');
    if (bare.canonical.rcsOnly) {
      for (const i of convert(bare).issues) { io().stderr.write(`tplsync: ${asIdentifier(i.template)} (${asIdentifier(f.file)}): ${i.field}: ${i.message}\n`); issues++; }
      continue;
    }
    const filled = withValues(f.file, f.value!, config, o.env);
    if ('issue' in filled) { io().stderr.write(`tplsync: ${asIdentifier(`${String(f.value!.name)}/${String(f.value!.language)}`)} (${asIdentifier(f.file)}): ${filled.issue}\n`); issues++; continue; }
    const v = filled.t;
    // the values filled in are judged as plan judges them (lint saw the references): a template they break is not exported
    if (filled.env) {
      const judged = judgeInEnvironment(f, v, filled.env, configSeverities(config)(f.abs));
      const refused = [...judged.errors, ...judged.held];
      const shown = refused.length ? refused : judged.warnings;
      if (shown.length) {
        io().stderr.write(`tplsync: ${asIdentifier(`${String(f.value!.name)}/${String(f.value!.language)}`)} (${asIdentifier(f.file)}): with the values of environment '${filled.env.name}':\n${shown.map((e) => `  ${refused.length ? 'error' : 'warning'} ${e.path.join('.') || '(template)'}  ${e.message}  ${e.ruleId}`).join('\n')}\n`);
      }
      if (refused.length) {
        io().stderr.write(`  Not exported: the platform would refuse it. Fix the value${refused.length === 1 ? '' : 's'} under environments.${filled.env.name}.values in the config.\n`);
        issues++;
        continue;
      }
    }
    // the export would carry the key to another platform (or [redacted] where the key is known): refused, as plan holds such a template
    if (templateHoldsKey(v)) { io().stderr.write(`tplsync: ${asIdentifier(`${String(v.name)}/${String(v.language)}`)} (${asIdentifier(f.file)}): the text holds the API key, or 8 or more characters of it in a row; ${keyRemedy(f.file, f.value!, shownEnvironment(config, o.env))}. Not exported.\n`); issues++; continue; }
    const r = convert(fromFile(v, String(v.channel), ''));
    for (const i of r.issues) { io().stderr.write(`tplsync: ${asIdentifier(i.template)} (${asIdentifier(f.file)}): ${i.field}: ${i.message}\n`); issues++; }
    if (!r.request) continue;
    requests.push(r.request);
    // said, not a finding (exit 0): the variables an app sending this template by number sends
    if (r.numbered?.length) {
      io().stderr.write(`tplsync: ${asIdentifier(r.numbered[0]!.template)} (${asIdentifier(f.file)}) has other variable numbers in the request than in the file (an app that sends it by number sends these):\n`);
      for (const i of r.numbered) io().stderr.write(`  ${i.field}: ${i.message}\n`);
    }
  }
  emit(`${JSON.stringify(requests.map((r) => (r && typeof r === 'object' ? identifierFields(r as Record<string, string>) : r)), null, 2)}\n`, o.out);
  if (o.out) io().stderr.write(`Wrote ${requests.length} create request${requests.length === 1 ? '' : 's'} to ${path.relative(io().cwd(), resolvePath(o.out)) || o.out}; pull --from ${o.to} reads it back\n`);
  return issues ? EXIT.FINDINGS : EXIT.OK;
}

/**
 * The template with its environment's values, ((name)), filled in (--env, else the default or only
 * environment), and each escaped literal, \((name)), as the text it stands for: a platform's create
 * request holds what apply writes, values and never references. A secret is
 * never written to a file, so a template that refers to one is not exported (listed, exit 1).
 */
function withValues(file: string, t: Loose, config: Config, envName: string | undefined): { t: Loose; env?: EnvironmentConfig } | { issue: string } {
  const refs = [...new Set(templateReferences(t).map((r) => r.name))];
  // no value to fill in: a literal written \((name)) is still the text ((name)), its backslash dropped as apply drops it
  if (refs.length === 0) return { t: substituteValues(t, () => undefined) };
  const env = shownEnvironment(config, envName);
  const names = refs.map((n) => `((${n}))`).join(', ');
  if (!env) return { issue: `refers to environment values (${names}): give --env ENV to export it with that environment's values` };
  const secrets = refs.filter((n) => { const v = env.values?.[n]; return v !== undefined && typeof v === 'object' && 'env' in v; });
  if (secrets.length) return { issue: `refers to the secret value${secrets.length === 1 ? '' : 's'} ${secrets.map((n) => `((${n}))`).join(', ')} of environment '${env.name}': tplsync never writes a secret to a file, so it is not exported` };
  return { t: templateIn(file, t, env), env };
}
