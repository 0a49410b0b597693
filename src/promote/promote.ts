// Promotion: plan the target environment for the templates the source environment has APPROVED
// as the files have them; every other template is held with the reason (PENDING or REJECTED in
// the source, absent there, content differs). The review in the source is the gate. Pure core
// (`promotionGate`, `sourceStaleness`) and the run (`runPromote`: reads through two connections).
import { configSeverities } from '../config/overrides.js';
import type { TemplateReadResponse } from '../api/shapes.js';
import type { Config } from '../config/load.js';
import type { Connection } from '../connection/connect.js';
import { throwIfInterrupted } from '../core/interrupt.js';
import { RULES_BY_ID } from '../lint/registry.js';
import { diffTemplates, fromRead, type CanonicalTemplate } from '../model/canonical.js';
import { templateKey } from '../model/ids.js';
import { loadDesired, maskRemoteSecrets } from '../plan/desired.js';
import { fingerprint, makePlan, type HeldTemplate, type Plan } from '../plan/plan.js';
import { categoryInputs, driftHistory, readTemplates, ruleSettingsFor, type ProgressFactory } from '../plan/run.js';
import type { CategoryContext } from '../plan/review-state.js';
import type { SavedSource, Staleness } from '../plan/saved.js';
import { isApprovedState } from '../core/template-state.js';
import { loadCleanProject } from '../project/load.js';
import { recoveryDoc } from '../core/recovery-doc.js';
import { refuseUnknownExcludeKeys, type LeftOut } from '../project/environment-templates.js';

/** What a saved promotion records of the source, so that apply can refuse it when the source moved. */
export type PromotionSource = SavedSource;


/**
 * Pure: why a template may not be promoted from the source (its desired model there and its read), or undefined when it may.
 * `heldThere`: why the source's plan holds it back (its values there give a time that has passed): absent from the source for
 * that reason, applying it there creates nothing, and that is what is said. `category`: the category the source's config
 * accepts for it (environments.<source>.categories) and where its file stands (CategoryContext): a copy the platform approved
 * under the accepted category is in sync there, as the source's plan judges it, and the target is planned with the file's.
 */
export function promotionGate(desired: CanonicalTemplate, read: TemplateReadResponse | null, source: string, heldThere: readonly string[] = [], category: { accepted?: string; context?: CategoryContext } = {}): string | undefined {
  if (!read && heldThere.length) return `not in ${source}, and held back there: with the values of environment '${source}', ${heldThere.join('; ')}; plan and apply of ${source} do not create it, so ${source} has approved nothing to promote (give it a time still to come in ${source}'s values, or drop the template)`;
  if (!read) return `not in ${source}: apply it there first and let the review approve it`;
  if (!isApprovedState(read.statusText)) {
    const why = read.rejectionReason ? ` (${read.rejectionReason})` : '';
    return read.statusText === 'PENDING'
      ? `PENDING in ${source}: promoted once the review there approves it`
      : `${read.statusText} in ${source}${why}: only templates ${source} approved are promoted`;
  }
  // the platform approved it under another category (a re-categorisation): the target would create it in the file's, which the
  // source did not approve; unless the source's config accepts that category for its copy (in sync there, as its plan says)
  const approvedAs = read.chatapp?.category;
  const accepted = category.accepted !== undefined && approvedAs === category.accepted;
  if (approvedAs && desired.category && approvedAs !== desired.category && !accepted) return recategorisedInSource(source, approvedAs, desired.category, category.context);
  const diff = diffTemplates(accepted ? { ...desired, category: approvedAs } : desired, fromRead(read, desired.channelId));
  if (diff.length) return `the content differs from what ${source} approved (${diff.map((d) => d.path).slice(0, 5).join(', ')}${diff.length > 5 ? ', ...' : ''}): apply it to ${source} first, and promote once it is approved there`;
  return undefined;
}

/**
 * Pure: the held reason of a template the source approved under another category than the file's, with the advice of
 * docs/recovery.md#recategorised (as review gives it): the file serves the target too, so its category set to the source's
 * copy's moves the difference to the target; accepting the category for the source alone promotes the file's.
 */
function recategorisedInSource(source: string, approvedAs: string, fileCategory: string, ctx: CategoryContext | undefined): string {
  const others = ctx?.others.length ? ctx.others.join(', ') : 'the other environments';
  const accept = ctx ? `set environments.${source}.categories: { "${ctx.key}": ${approvedAs} } in the config` : `set environments.${source}.categories for it in the config`;
  return `approved in ${source} as ${approvedAs}, and the file says ${fileCategory} (the platform re-categorised ${source}'s copy): `
    + `to accept ${approvedAs} for ${source} alone and promote the file's ${fileCategory}, ${accept}; `
    + `set category: ${approvedAs} in the file only if the copy in ${others} is to have it too (else that environment's plan shows the difference the other way); `
    + `or appeal the category in ${source}'s console, then promote (see ${recoveryDoc('recategorised')})`;
}

/** Pure: what moved in the source since a saved promotion (a template no longer approved as it was). */
export function sourceStaleness(source: PromotionSource, read: (id: string) => TemplateReadResponse | null): Staleness[] {
  const out: Staleness[] = [];
  for (const t of source.templates) {
    const r = read(t.publicId);
    if (fingerprint(r) === t.fingerprint) continue;
    out.push({
      key: templateKey(t),
      what: !r ? `the template is gone from ${source.environment}, the promotion's source`
        : `the template in ${source.environment}, the promotion's source, changed (now ${r.statusText}): promote it again`,
    });
  }
  return out;
}

export interface PromoteOptions {
  paths: readonly string[]; cwd: string; progress?: ProgressFactory; signal?: AbortSignal;
  /** the warnings a file's template has in the target once its values stand in for its references (lint cannot show them) */
  onValueWarnings?: (file: string, warnings: readonly { ruleId: string; path: (string | number)[]; message: string }[]) => void;
  /** a file whose channel alias the source or the target does not define: not promoted (the template is only other environments') */
  onLeftOut?: (environment: string, file: string, why: LeftOut) => void;
  /** the moment the promotion is planned at (default: the clock's, read once), as plan's (PlanRunOptions.now) */
  now?: Date;
}

/** Plans `target` for what `source` approved, as `plan` would (lint first, held templates listed). */
export async function runPromote(config: Config, source: Connection, target: Connection, o: PromoteOptions): Promise<{ plan: Plan; source: PromotionSource; notInTarget: string[] }> {
  const project = await loadCleanProject(config, o.paths, o.cwd, o.progress ? { progress: o.progress } : {});
  throwIfInterrupted(o.signal, 'interrupted before reading the templates: nothing was written');
  const files = project.files.filter((f) => !f.held);
  // a key of either environment's `exclude` that names no template (known only when every file is promoted): refused
  if (!o.paths.length) for (const e of [source.environment, target.environment]) refuseUnknownExcludeKeys(e, project.files);
  const leftOut = (env: string) => (file: string, why: LeftOut): void => o.onLeftOut?.(env, file, why);
  const madeAt = o.now ?? new Date();
  const inSource = loadDesired(files, source.environment, configSeverities(config), undefined, leftOut(source.environment.name), madeAt);
  const inTarget = loadDesired(files, target.environment, configSeverities(config), o.onValueWarnings, leftOut(target.environment.name), madeAt);
  const held: HeldTemplate[] = project.files.filter((f) => f.held).map((f) => ({
    channel: String(f.value!.channel), name: String(f.value!.name), language: String(f.value!.language), file: f.file, kind: 'file' as const,
    reasons: f.held!.map((x) => `${x.message} (${x.ruleId}, ${x.file}:${x.line}:${x.column})`),
  }));
  const sourceReads = await readTemplates(source, inSource.map((d) => ({ channelId: d.canonical.channelId, id: d.canonical.templateId })), `reading ${source.environment.name}`, o.progress, o.signal);
  maskRemoteSecrets(inSource, sourceReads, source.environment);
  // the categories each environment's config accepts (environments.<env>.categories), as plan and review of each take them
  const sourceCategories = categoryInputs(config, source.environment, inSource);
  const passing = new Set<string>();
  const record: PromotionSource['templates'] = [];
  // a template whose channel alias only the source defines is not one of the target's (onLeftOut said so): not counted, not recorded
  const inTargetFiles = new Set(inTarget.map((d) => d.file));
  const notInTarget: string[] = [];
  for (const d of inSource) {
    if (!inTargetFiles.has(d.file)) { notInTarget.push(`${d.channel}/${d.canonical.name}/${d.canonical.language}`); continue; }
    const r = sourceReads.get(d.canonical.templateId) ?? null;
    const accepted = sourceCategories.acceptedCategories.get(d.canonical.templateId);
    const context = sourceCategories.categoryContext.get(d.canonical.templateId);
    const why = promotionGate(d.canonical, r, source.environment.name, (d.heldInEnvironment ?? []).map((x) => `${x.message} (${x.ruleId}, ${d.file}: ${x.path.join('.')})`), { ...(accepted ? { accepted } : {}), ...(context ? { context } : {}) });
    if (why) {
      held.push({ channel: d.channel, name: d.canonical.name, language: d.canonical.language, file: d.file, kind: 'source', reasons: [why] });
      continue;
    }
    passing.add(d.file);
    record.push({ channel: d.channel, name: d.canonical.name, language: d.canonical.language, publicId: d.canonical.templateId, channelId: d.canonical.channelId, fingerprint: fingerprint(r) });
  }
  // a template whose target values give a time that has passed (an expired campaign there) is held, as plan holds it
  for (const d of inTarget.filter((x) => passing.has(x.file) && x.heldInEnvironment?.length)) {
    held.push({ channel: d.channel, name: d.canonical.name, language: d.canonical.language, file: d.file, kind: 'file', reasons: d.heldInEnvironment!.map((x) => `with the values of environment '${target.environment.name}': ${x.message} (${x.ruleId}, ${d.file}: ${x.path.join('.')})`) });
  }
  const desired = inTarget.filter((d) => passing.has(d.file) && !d.heldInEnvironment?.length);
  const targetReads = await readTemplates(target, desired.map((d) => ({ channelId: d.canonical.channelId, id: d.canonical.templateId })), `reading ${target.environment.name}`, o.progress, o.signal);
  maskRemoteSecrets(desired, targetReads, target.environment);
  // a target's copy that no commit of its file has (edited in its console) is drift, marked and counted as `plan --env TARGET` marks it
  const { history, historyMissing } = await driftHistory(config, target, desired, targetReads);
  const made = makePlan({ environment: target.environment.name, now: madeAt, desired, remote: targetReads, ...categoryInputs(config, target.environment, desired), held, ruleIds: new Set(RULES_BY_ID.keys()), ruleSettingsOf: ruleSettingsFor(config, o.cwd), ...(history ? { history } : {}) });
  const plan = historyMissing ? { ...made, historyMissing } : made;
  return { plan, source: { environment: source.environment.name, target: source.target, templates: record.sort((a, b) => templateKey(a).localeCompare(templateKey(b))) }, notInTarget: notInTarget.sort() };
}
