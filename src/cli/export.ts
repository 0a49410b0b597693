// `tplsync export --to meta|twilio [PATH...] [--out FILE]`: the template files as the bodies of
// Meta's create-template request (POST /<WABA_ID>/message_templates), or of Twilio's Content
// create request (POST /v1/Content) with its WhatsApp approval request; `pull --from meta|twilio`
// of the output gives the same templates back. What the format has no place for is listed by
// template and field (exit 1); the rest is written. What is tplsync's own and left out (a
// description) is noted once for all templates, not a finding (exit 0).
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
import { outputPlace } from '../files/output-file.js';
import { templateHoldsKey } from '../model/holds-key.js';
import { reportLintFailure } from './report.js';
import { io, shownPath } from '../core/io.js';

export interface ExportCommandOptions { config?: string; env?: string; to: string; out?: string; channel?: string[] }

export async function exportCommand(paths: string[], o: ExportCommandOptions): Promise<number> {
  o = dashAsStdout(o, 'out');
  if (o.to !== 'meta' && o.to !== 'twilio') throw new UsageError(`--to ${o.to}: tplsync exports to meta (Meta's create-template requests) or twilio (Twilio's Content create requests)`);
  const convert: (c: ReturnType<typeof fromFile>) => { request?: unknown; issues: FormatIssue[]; numbered?: FormatIssue[]; notes?: FormatIssue[] } = o.to === 'meta'
    ? (await import('../formats/meta.js')).toMeta
    : (await import('../formats/twilio.js')).toTwilio;
  const config = await commandConfig(o);
  refuseProtectedOutput('--out', o.out, projectFiles(config));
  let project;
  try { project = await loadCleanProject(config, paths, io().cwd()); } catch (e) {
    if (e instanceof LintFailed) return reportLintFailure(e, config, 'nothing was exported');
    throw e;
  }
  const channels = chosenChannels(config, o.channel);
  const requests: unknown[] = [];
  /** per request written, where it comes from: two of one name and language are refused (one account holds one) */
  const sources: ExportSource[] = [];
  let issues = 0;
  /** what the requests leave out that is tplsync's own (a description): said once per kind after the loop, not a finding */
  const notes: FormatIssue[] = [];
  for (const f of project.files) {
    if (channels && !channels.has(String(f.value!.channel)) && !channels.has(String(f.value!.channel).toLowerCase())) continue;
    // a template the format has no place for whatever its values (RCS-only): listed once, as that, its values not judged
    const bare = fromFile(f.value!, String(f.value!.channel), '');
    // Twilio sends RCS: an RCS-only template is the Twilio type that sends it over RCS (rcsToTwilio)
    const rcsToTwilio = bare.canonical.rcsOnly && o.to === 'twilio' ? (await import('../formats/twilio.js')).rcsToTwilio : undefined;
    if (bare.canonical.rcsOnly && !rcsToTwilio) {
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
    const r = rcsToTwilio ? rcsToTwilio(v) : convert(fromFile(v, String(v.channel), ''));
    for (const i of r.issues) { io().stderr.write(`tplsync: ${asIdentifier(i.template)} (${asIdentifier(f.file)}): ${i.field}: ${i.message}\n`); issues++; }
    if (!r.request) continue;
    notes.push(...(r.notes ?? []));
    requests.push(r.request);
    sources.push({ name: String(v.name), language: String(v.language), file: f.file, channel: String(v.channel) });
    // said, not a finding (exit 0): the variables an app sending this template by number sends
    if (r.numbered?.length) {
      io().stderr.write(`tplsync: ${asIdentifier(r.numbered[0]!.template)} (${asIdentifier(f.file)}) has other variable numbers in the request than in the file (an app that sends it by number sends these):\n`);
      for (const i of r.numbered) io().stderr.write(`  ${i.field}: ${i.message}\n`);
    }
  }
  const clashes = sameNameAndLanguage(sources);
  if (clashes.length) {
    for (const [a, b] of clashes) {
      io().stderr.write(`tplsync: ${asIdentifier(`${a.name}/${a.language}`)}: ${asIdentifier(a.file)} (channel ${asIdentifier(a.channel)}) and ${asIdentifier(b.file)} (channel ${asIdentifier(b.channel)}) would be two create requests of one name and language: a WhatsApp Business Account holds one template per name and language (the second request is refused), and pull --from ${o.to} reads one back. Export one channel at a time: --channel ${asIdentifier(a.channel)}, then --channel ${asIdentifier(b.channel)}\n`);
    }
    io().stderr.write(`Nothing was exported${o.out ? ` (${o.out} not written)` : ''}.\n`);
    return EXIT.FINDINGS;
  }
  await emit(`${JSON.stringify(requests.map((r) => (r && typeof r === 'object' ? identifierFields(r as Record<string, string>) : r)), null, 2)}\n`, o.out);
  sayNotes(notes);
  // (a device or a pipe holds no file to read back)
  if (o.out) io().stderr.write(`Wrote ${requests.length} create request${requests.length === 1 ? '' : 's'} to ${shownPath(o.out, config.dir)}${outputPlace(o.out) === 'file' ? `; pull --from ${o.to} reads it back` : ''}\n`);
  return issues ? EXIT.FINDINGS : EXIT.OK;
}

interface ExportSource { name: string; language: string; file: string; channel: string }

/** How many templates a note names before it counts the rest. */
const NOTE_NAMES = 5;

/**
 * Said on stderr, one line per field and message, with the templates it is of (the first few named,
 * the rest counted): what the requests leave out that is tplsync's own (a description, which no
 * platform reviews), so that every lint-clean file with one does not make a line of its own or a
 * failed export.
 */
function sayNotes(notes: readonly FormatIssue[]): void {
  const byKind = new Map<string, { field: string; message: string; templates: string[] }>();
  for (const n of notes) {
    const key = `${n.field}\u0000${n.message}`;
    const kind = byKind.get(key) ?? { field: n.field, message: n.message, templates: [] };
    kind.templates.push(n.template);
    byKind.set(key, kind);
  }
  for (const { field, message, templates } of byKind.values()) {
    const named = templates.slice(0, NOTE_NAMES).map(asIdentifier).join(', ');
    const rest = templates.length - NOTE_NAMES;
    const of = templates.length === 1 ? named : `${templates.length} templates (${named}${rest > 0 ? `, and ${rest} more` : ''})`;
    io().stderr.write(`tplsync: note: ${field} of ${of}: ${message}\n`);
  }
}

/** Pure: each pair of requests with one name and language (the first of that key and each later one). */
export function sameNameAndLanguage(sources: readonly ExportSource[]): [ExportSource, ExportSource][] {
  const first = new Map<string, ExportSource>();
  const out: [ExportSource, ExportSource][] = [];
  for (const s of sources) {
    const key = `${s.name}\u0000${s.language}`;
    const f = first.get(key);
    if (f) out.push([f, s]); else first.set(key, s);
  }
  return out;
}

/**
 * --channel: the channels whose templates are exported (undefined: every channel), as the files may
 * write them: an alias given and the ids the environments give it; a channel id given (a UUID, as pull
 * takes it) and the aliases it is the id of. A value the config does not name is a usage error.
 */
function chosenChannels(config: Config, given: readonly string[] | undefined): Set<string> | undefined {
  if (!given?.length) return undefined;
  const ids = Object.values(config.environments).flatMap((e) => Object.entries(e.channels));
  const aliases = new Set([...Object.keys(config.channels ?? {}), ...ids.map(([a]) => a)]);
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const g of given) {
    const of = ids.filter(([, id]) => id.toLowerCase() === g.toLowerCase()).map(([a]) => a);
    // an alias, and the ids the environments give it (a file may name its channel by id)
    if (aliases.has(g)) for (const x of [g, ...ids.filter(([a]) => a === g).flatMap(([, id]) => [id, id.toLowerCase()])]) chosen.add(x);
    else if (of.length) for (const x of [g, g.toLowerCase(), ...of]) chosen.add(x);
    else unknown.push(g);
  }
  if (unknown.length) throw new UsageError(`--channel ${unknown.join(', ')}: neither a channel alias of the config (${[...aliases].sort().join(', ') || 'none'}) nor one of its channel ids`);
  return chosen;
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
