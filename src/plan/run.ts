// Effects: everything a plan needs, in order: lint the files, map them to canonical templates,
// read each template (bounded concurrency, progress on a TTY), find orphans at --base, plan.
import { templateHoldsKey } from '../model/holds-key.js';
import { keyRemedy } from '../project/values.js';
import { configSeverities } from '../config/overrides.js';
import { DEFAULT_CREATE_QUOTA, type Config, type EnvironmentConfig } from '../config/load.js';
import { creationWindows } from './creation-windows.js';
import { UsageError } from '../core/errors.js';
import { loadCleanProject } from '../project/load.js';
import { unhideableSecretValues, valueText } from '../project/secret-exposure.js';
import type { Connection } from '../connection/connect.js';
import type { TemplateReadResponse } from '../api/shapes.js';
import { ApiError, AuthError, ContractError, RateLimitedError, UnavailableError } from '../api/errors.js';
import { forEachBounded } from '../core/bounded.js';
import { throwIfInterrupted } from '../core/interrupt.js';
import { io, resolvePath } from '../core/io.js';
import { configRuleSettings } from './review-state.js';
import path from 'node:path';
import { hiddenForWantOfBase, hideUnbasedRemnants, loadDesired, maskBaseSecrets, maskRemoteSecrets, SameTemplateTwice } from './desired.js';
import { refuseUnknownExcludeKeys, type LeftOut } from '../project/environment-templates.js';
import { existingTemplates } from './existing.js';
import type { LoadedFile } from '../project/load.js';
import { RULES_BY_ID } from '../lint/registry.js';

/** the ids of the lint rules: a rejection's reason that names one is said with it (needsAttention) */
export const RULE_IDS: ReadonlySet<string> = new Set(RULES_BY_ID.keys());
import { deletedNamesakes, listedOrphans, listedUnknown, twinsOfCreates, type ListedTemplate } from './listed.js';
import { behindRef, branchTemplates, commitOf, committedTemplates, type CommittedVersions, defaultBase, DRIFT_HISTORY_DEPTH, headCommit, historyBases, outsideHistory, remoteDefaultBranch, removedSince, templatesAtRef, upstreamOf, type BaseTemplates } from './orphans.js';
import { adviceCommand } from '../core/advice.js';
import { isDeletedState } from '../core/template-state.js';
import { connectionChangedSince } from './connection-base.js';
import { connectionLine } from './render.js';
import { diffTemplates, fromRead, type CanonicalTemplate } from '../model/canonical.js';
import { markedSecretNames } from '../model/values.js';
import { committedVersion, keyOf, makePlan, type CommittedTemplate, markHeldTwins, mediaSamples, planAgainstBase, shardKeys, type DeletedOnChannel, type DesiredTemplate, type HeldTemplate, type MediaSamples, type OrphanCandidate, type Plan, type PlanInputs, type WithoutFile } from './plan.js';
import type { FileTemplate } from '../model/canonical.js';
import type { CategoryContext } from './review-state.js';
import { acceptedCategory, categoryKey, otherEnvironmentsServing, unknownCategoryKeys, unknownCategoryKeyWarning } from '../config/categories.js';

export { LintFailed } from '../project/load.js';

/** How long work reports its progress: the terminal passes a bar, tests and libraries nothing. */
export type ProgressFactory = (label: string, total: number) => Promise<{ tick(): void; stop(): void }> | { tick(): void; stop(): void };
/** what a plan in a shallow clone says of the drift the files' history would have told */
export const SHALLOW_HISTORY = 'this checkout is a shallow clone, without the files\' history that tells an edit made on the channel (in the console) from a change merged and not applied yet; fetch it (`git fetch --unshallow`, or actions/checkout with fetch-depth: 0) and plan again';

const silent: ProgressFactory = () => ({ tick() {}, stop() {} });

export interface PlanRunOptions {
  paths: readonly string[];
  progress?: ProgressFactory;
  shard?: { index: number; count: number };
  base?: string;
  /** false: without --base, do not compare categories with the merge base of HEAD and its upstream */
  defaultBase?: boolean;
  /**
   * also report the templates the channels' listing names that no file defines (needs the listing configured);
   * `if-listed`: when the environment has a listing, and a listing that is not configured or fails is said in the plan
   * (`orphansNotLookedFor`) while the files are planned as usual
   */
  orphans?: boolean | 'if-listed';
  /** planned as `apply --wait` runs it (plan --wait): an update of a template in review that apply --wait waits for is written once the review ends, no skip */
  wait?: boolean;
  /** with wait: apply --wait's --wait-timeout, counted from the plan's moment (PlanInputs.waitMs) */
  waitMs?: number;
  cwd: string;
  /** Ctrl-C: reads in flight finish, no new one starts, and Interrupted is thrown */
  signal?: AbortSignal;
  /** the warnings a file's template has once the environment's values stand in for its references (lint cannot show them) */
  onValueWarnings?: (file: string, warnings: readonly { ruleId: string; path: (string | number)[]; message: string }[]) => void;
  /** a file whose channel alias this environment does not define: left out of the run (the template is only other environments') */
  onLeftOut?: (file: string, why: LeftOut) => void;
  /** a warning about the config of the environment (a key of environments.<env>.categories that names no template of the project) */
  onConfigWarning?: (message: string) => void;
  /**
   * the moment the plan is made at (default: the clock's, read once): what the files' times are judged against (an expired
   * campaign holds its template) and what a signed media link's expiry is compared with (makePlan's expiredSampleNotes)
   */
  now?: Date;
}

export function parseShard(s: string | undefined): { index: number; count: number } | undefined {
  if (s === undefined) return undefined;
  const m = /^(\d+)\/(\d+)$/.exec(s);
  const index = Number(m?.[1]), count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) throw new UsageError(`--shard takes I/N with 1 <= I <= N, e.g. 1/4; not '${s}'`);
  return { index, count };
}

/** the media samples of the templates of the files at the base: plan tells a sample edited since from the service's copy of it */
function samplesOf(byId: ReadonlyMap<string, { template: FileTemplate }>): Map<string, MediaSamples> {
  return new Map([...byId].map(([id, b]) => [id, mediaSamples(b.template.canonical)]));
}

/** how a held template whose read broke the API's contract is said (plan and apply exit 70 for it, not 7) */
export { BREACH_REASON, isBreach } from './plan.js';
import { BREACH_REASON } from './plan.js';

/**
 * Reads templates by id, `parallelism` at a time, reporting progress. A read that ran out of
 * retries (the channel unavailable for it), or whose answer breaks the API's contract, is left out of the map with its error in `failed`
 * when `tolerate` is set and other reads went through: one unreadable template does not stop the
 * rest. When nothing could be read, the first error is thrown (exit 7).
 */
export async function readTemplates(conn: Connection, ids: readonly { channelId: string; id: string }[], label: string, progress: ProgressFactory = silent, signal?: AbortSignal, failed?: Map<string, ApiError>, holdAll = false): Promise<Map<string, TemplateReadResponse | null>> {
  const remote = new Map<string, TemplateReadResponse | null>();
  const bar = await progress(label, ids.length);
  try {
    await forEachBounded(ids, conn.parallelism, async ({ channelId, id }) => {
      try {
        remote.set(id, await conn.client.getTemplate(channelId, id));
      } catch (e) {
        // an answer outside the contract (a null where a text belongs) is that template's: the others go ahead
        if (!failed || !(e instanceof UnavailableError || e instanceof RateLimitedError || e instanceof ContractError)) throw e;
        failed.set(id, e);
      }
      bar.tick();
    }, signal);
  } finally { bar.stop(); }
  throwIfInterrupted(signal, `interrupted while ${label} the templates (${remote.size} of ${ids.length} read): nothing was written`);
  // nothing read, none an answer outside the contract: the service is down, said once (exit 7, not a held line for each);
  // a broken answer is held with why (a NOT_READ row, a held entry) and the rest goes on; so is each listed template (`holdAll`),
  // which is never all there is to plan
  const all = [...(failed?.values() ?? [])];
  if (remote.size === 0 && all.length && !holdAll && !all.some((e) => e instanceof ContractError)) throw all[0]!;
  return remote;
}

/** What a run whose named files the environment has none of says: each file's alias, and the environments that have it (or the keys of the environment's `exclude` that name them). */
function namedFilesLeftOut(config: Config, env: string, all: readonly ({ file: string } & LeftOut)[]): string {
  const excluded = all.filter((l) => l.excluded !== undefined);
  const files = (n: number) => (n === 1 ? (excluded[0] ?? all[0])!.file : `${n} files named`);
  const keys = [...new Set(excluded.map((l) => `'${l.excluded!}'`))];
  // a template retired in this environment (environments.<env>.exclude): the key that does it, and where to remove it
  const retired = excluded.length ? `${files(excluded.length)}: excluded from environment '${env}' (environments.${env}.exclude: ${keys.join(', ')}): nothing to plan or apply there; remove ${keys.length === 1 ? 'the key' : 'the keys'} to bring ${excluded.length === 1 ? 'it' : 'them'} back` : '';
  const leftOut = all.filter((l) => l.excluded === undefined);
  if (!leftOut.length) return retired;
  return `${retired ? `${retired}\n` : ''}${namedAliasesLeftOut(config, env, leftOut)}`;
}

function namedAliasesLeftOut(config: Config, env: string, leftOut: readonly { file: string; alias: string }[]): string {
  const aliases = [...new Set(leftOut.map((l) => l.alias))];
  const having = [...new Set(aliases.flatMap((a) => Object.values(config.environments).filter((e) => a in e.channels).map((e) => e.name)))];
  const files = leftOut.length === 1 ? leftOut[0]!.file : `${leftOut.length} files named`;
  return `${files}: not in environment '${env}' (${aliases.length === 1 ? `channel alias '${aliases[0]}' is` : `channel aliases ${aliases.map((a) => `'${a}'`).join(', ')} are`} not among ${env}'s channels): nothing to plan or apply there${having.length ? `; ${having.length === 1 ? 'the environment' : 'the environments'} that ${having.length === 1 ? 'has' : 'have'} ${leftOut.length === 1 ? 'it' : 'them'}: ${having.join(', ')} (--env ${having[0]})` : ''}`;
}

/**
 * The file's committed versions, for the updates alone (one git log and one cat-file for all): a channel's copy that no
 * commit has is an edit outside tplsync, one that some older commit has is an update not applied yet (makePlan's drift).
 * Plan's, and promote's for its target: the same marking of the same channel copy.
 */
export async function driftHistory(config: Config, conn: Connection, readable: readonly DesiredTemplate[], remote: ReadonlyMap<string, TemplateReadResponse | null>, shown: ReadonlyMap<string, CanonicalTemplate> = new Map()): Promise<{ history?: PlanInputs['history']; historyMissing?: string }> {
  let history: PlanInputs['history'];
  let historyMissing: string | undefined;
  const differ = new Map<string, string>();
  const copies = new Map<string, CanonicalTemplate>();
  const exact = Boolean(conn.environment.emulator);
  for (const d of readable) {
    const r = remote.get(d.canonical.templateId);
    const copy = r ? shown.get(d.canonical.templateId) ?? fromRead(r, d.canonical.channelId) : undefined;
    if (!r || !copy) continue;
    if (r.chatapp?.category) copy.category = r.chatapp.category;
    if (diffTemplates(d.canonical, copy, exact ? { exactSamples: true } : {}).length) { differ.set(d.canonical.templateId, d.file); copies.set(d.canonical.templateId, copy); }
  }
  // the newest few versions first (the channel holds the last applied, most often the newest but one): the whole depth is
  // read only for the files whose copy on the channel is none of them (4,000 blobs read for 200 files cost a plan 0.4 s of CPU)
  const byId = differ.size ? await committedTemplates(config, conn.environment, differ, 3) : new Map<string, Iterable<CommittedTemplate>>();
  const open = new Map([...differ].filter(([id]) => byId.has(id) && !committedVersion(byId.get(id)!, copies.get(id)!, exact).committed));
  if (open.size) for (const [id, v] of await committedTemplates(config, conn.environment, open)) byId.set(id, v);
  // the files whose channel copy no commit of HEAD's history has: a branch not merged here may have it (a pull request's
  // preview applied from there), read in one more git log and cat-file for all of them, only when there are such files
  const none = new Map([...differ].filter(([id]) => byId.has(id) && !committedVersion(byId.get(id)!, copies.get(id)!, exact).committed));
  const branches = none.size ? await branchTemplates(config, conn.environment, none) : undefined;
  if (differ.size) history = { byId, environment: conn.environment.name, depth: DRIFT_HISTORY_DEPTH, ...(branches?.size ? { branches } : {}) };
  if ((byId as CommittedVersions).shallow) historyMissing = SHALLOW_HISTORY;
  return { ...(history ? { history } : {}), ...(historyMissing ? { historyMissing } : {}) };
}

export async function runPlan(config: Config, conn: Connection, o: PlanRunOptions): Promise<Plan> {
  const project = await loadCleanProject(config, o.paths, o.cwd, o.progress ? { progress: o.progress } : {});
  throwIfInterrupted(o.signal, 'interrupted before reading the templates: nothing was written');
  const leftOut: ({ file: string } & LeftOut)[] = [];
  const madeAt = o.now ?? new Date();
  let all = loadDesired(project.files, conn.environment, configSeverities(config), o.onValueWarnings, (file, why) => { leftOut.push({ file, ...why }); o.onLeftOut?.(file, why); }, madeAt);
  // files named on the command line of which the environment has none: said and refused, not "No changes" with exit 0 (a CI
  // job applying a named file would report success for something it did not do); some of them left out is the note alone
  if (o.paths.length && leftOut.length && leftOut.length === project.files.length) throw new UsageError(namedFilesLeftOut(config, conn.environment.name, leftOut));
  // a secret value the files hold in plain (a template's name, a word of their texts): said once, as it cannot be hidden reliably
  for (const w of unhideableSecretValues(config, project.files.filter((f) => f.value !== undefined).map((f) => valueText(f.file, f.value)), io().env)) o.onConfigWarning?.(w);
  if (o.paths.length) await refuseSameTemplateElsewhere(config, conn.environment, o.cwd, project.files, all);
  // an accepted category whose key names no template of the project accepts nothing (known only when every file is planned)
  else for (const k of unknownCategoryKeys(conn.environment, all.map((d) => ({ channel: d.channel, name: d.canonical.name, language: d.canonical.language })))) o.onConfigWarning?.(unknownCategoryKeyWarning(conn.environment.name, k));
  // a key of the environment's `exclude` that names no template (known only when every file is planned): refused
  if (!o.paths.length) refuseUnknownExcludeKeys(conn.environment, project.files);
  let orphans: OrphanCandidate[] = [];
  let baseCategories: Map<string, string> | undefined;
  let baseSamples: Map<string, MediaSamples> | undefined;
  let categoriesFrom: string | undefined;
  // the files at the base: where they referred to a secret, what the channel holds is masked too
  let baseById: BaseTemplates['byId'] | undefined;
  /** the templates whose base is their file's last version that referred to a secret (historyBases) */
  let earlier: BaseTemplates['byId'] = new Map();
  /** the files at a base that is not HEAD: an update whose file is the same there is drift (makePlan) */
  let driftBase: PlanInputs['driftBase'];
  let upstream: PlanInputs['upstream'];
  /** the project's files (a base finds at their real paths those reached through a linked folder) */
  const nowFiles = project.files.map((f) => f.abs);
  const canonicalOf = (byId: BaseTemplates['byId']) => new Map([...byId].map(([id, b]) => [id, b.template.canonical]));
  /** the templates whose file refers to a secret, with a mark where each stands (a copy that differs by a rotated secret alone is that version) */
  const shapesOf = (byId: BaseTemplates['byId']) => new Map([...byId].flatMap(([id, b]) => (b.secretShape ? [[id, b.secretShape] as const] : [])));
  let connectionChanged: Plan['connectionChanged'];
  /** without --base: the templates of the files removed since the merge base with the upstream (a branch's own removals), no request made */
  let removedSinceBase: { templates: OrphanCandidate[]; since: string; ref: string } | undefined;
  if (o.base) {
    const base = await templatesAtRef(config, conn.environment, o.base, nowFiles);
    const changes = await connectionChangedSince(config, conn.environment, o.base);
    if (changes.length) {
      connectionChanged = { base: o.base, changes };
      // said at once, before a request carries the key there: a plan that then fails (the new host refuses the key, or
      // answers nothing: exit 6 or 7, no plan written) says it too, in the job's log
      io().stderr.write(`tplsync: warning: ${connectionLine({ connectionChanged }, conn.environment.name)}\n`);
    }
    baseById = base.byId;
    const [at, head] = await Promise.all([commitOf(config.dir, o.base), headCommit(config.dir)]);
    if (at && head && at !== head) driftBase = { ref: o.base, environment: conn.environment.name, byId: canonicalOf(base.byId), shapes: shapesOf(base.byId) };
    const now = new Set(all.map((d) => d.canonical.templateId));
    // orphans are only looked for when the whole set of files is planned
    if (o.paths.length === 0) orphans = [...base.byId.values()].filter((b) => !now.has(b.publicId));
    baseCategories = new Map([...base.byId].flatMap(([id, b]) => (b.category ? [[id, b.category] as [string, string]] : [])));
    baseSamples = samplesOf(base.byId);
  } else if (o.defaultBase !== false) {
    // no --base: categories are compared with the merge base of HEAD and its upstream branch, when there is one
    const found = await defaultBase(config.dir);
    /** the folders linked into the project where git has their files (the tree's links at the base, and the files' now) */
    let links: BaseTemplates['links'];
    if (found) {
      const base = await templatesAtRef(config, conn.environment, found.ref, nowFiles);
      baseById = base.byId;
      links = base.links;
      baseCategories = new Map([...base.byId].flatMap(([id, b]) => (b.category ? [[id, b.category] as [string, string]] : [])));
      baseSamples = samplesOf(base.byId);
      categoriesFrom = `${found.ref.slice(0, 12)}, the merge base with ${found.upstream}`;
      // on the branch the upstream is (HEAD its merge base), every file is the same at the base: nothing tells drift from a change not applied yet
      const head = await headCommit(config.dir);
      if (head && head !== found.ref) {
        driftBase = { ref: `${found.ref.slice(0, 12)} (the merge base with ${found.upstream})`, environment: conn.environment.name, byId: canonicalOf(base.byId), shapes: shapesOf(base.byId) };
        const now = new Set(all.map((d) => d.canonical.templateId));
        removedSinceBase = { templates: [...base.byId.values()].filter((b) => !now.has(b.publicId)), since: `the merge base with ${found.upstream} (${found.ref.slice(0, 12)})`, ref: found.ref.slice(0, 12) };
      }
    } else {
      // no upstream (a local branch): the files at HEAD say where a secret stood, for masking alone, also when the files
      // equal them (a rotation changes no file); categories and media samples are compared with a pull request's base only
      const head = await headCommit(config.dir);
      if (head) ({ byId: baseById, links } = await templatesAtRef(config, conn.environment, head, nowFiles));
    }
    // a template whose file no longer refers to a secret it referred to (a removal committed, of all its secrets or of some):
    // its file's last version that did
    const refsNow = new Map(all.map((d) => [d.canonical.templateId, new Set([...markedSecretNames(d.secretShape), ...markedSecretNames(baseById?.get(d.canonical.templateId)?.secretShape)])] as const));
    earlier = await historyBases(config, conn.environment, new Set(refsNow.keys()), refsNow, links);
    if (earlier.size) baseById = new Map([...(baseById ?? []), ...earlier]);
  }
  if (o.base) categoriesFrom = o.base;
  // behind its upstream (a colleague's commits not pulled): an update that would revert the upstream's newer version of a file is said
  // and behind the branch it is merged into (--base, else the remote's default branch: origin/main), whose newer version
  // of a file this branch did not change the channel holds: the same revert, on a feature branch whose upstream is not main
  let baseBranch: PlanInputs['baseBranch'];
  if (o.base || o.defaultBase !== false) {
    const behindOf = async (ref: string): Promise<PlanInputs['upstream']> => {
      const behind = await behindRef(config.dir, ref);
      if (!behind || behind.behind === 0) return undefined;
      const [tip, at] = await Promise.all([templatesAtRef(config, conn.environment, behind.upstream, nowFiles), templatesAtRef(config, conn.environment, behind.mergeBase, nowFiles)]);
      return { ref: behind.upstream, behind: behind.behind, byId: canonicalOf(tip.byId), shapes: shapesOf(tip.byId), mergeBase: canonicalOf(at.byId), environment: conn.environment.name };
    };
    const up = await upstreamOf(config.dir);
    if (up) upstream = await behindOf(up);
    const into = o.base ?? await remoteDefaultBranch(config.dir, up);
    if (into && (!up || (await commitOf(config.dir, into)) !== (await commitOf(config.dir, up)))) baseBranch = await behindOf(into);
  }
  let listed: Map<string, TemplateReadResponse | null> | undefined;
  const listedUnread: HeldTemplate[] = [];
  let notLookedFor: Plan['orphansNotLookedFor'];
  const env = conn.environment;
  if (o.orphans === 'if-listed' && !env.list) {
    notLookedFor = { reason: `environment '${env.name}' has no template listing (environments.${env.name}.list), so templates on its channels that no file defines (made in the console) were not looked for; set it to have them reported as orphans` };
  } else if (o.orphans) {
    if (o.paths.length) throw new UsageError('plan --orphans looks at every template file; give no paths');
    const known = new Set([...all.map((d) => d.canonical.templateId), ...orphans.map((x) => x.publicId)]);
    const channels = [...new Set([...Object.values(conn.environment.channels), ...all.map((d) => d.canonical.channelId)].map((c) => c.toLowerCase()))];
    // a listed template whose read failed is held like a file's (its name unknown: its id names it); the others are planned
    const found = await listedOrphans(conn, known, channels, async (ids) => {
      const failed = new Map<string, ApiError>();
      const read = await readTemplates(conn, ids, 'listing', o.progress, o.signal, failed, true);
      const alias = new Map(Object.entries(conn.environment.channels).map(([a, id]) => [id.toLowerCase(), a]));
      for (const { channelId, id } of ids.filter((x) => failed.has(x.id))) {
        const e = failed.get(id)!;
        listedUnread.push({
          channel: alias.get(channelId.toLowerCase()) ?? channelId, name: `(template ${id})`, language: '?', file: '', kind: 'not-read',
          reasons: [`${e instanceof ContractError ? `${BREACH_REASON}${e.message}` : `could not be read from the channel: ${e.message}`} (a template the service lists, with no file)`],
        });
      }
      return read;
    }).catch((e: unknown) => {
      // --orphans-if-listed: a listing that fails (the service, or a mapping that does not fit its answer) leaves the orphans
      // unlooked-for, said in the plan with why; the files are planned. A refused key or Ctrl-C stops the plan as ever
      if (o.orphans !== 'if-listed' || !listingFailure(e)) throw e;
      notLookedFor = { reason: `the template listing of environment '${env.name}' failed, so templates on its channels that no file defines (made in the console) were not looked for: ${e.message}`, exitCode: e.exitCode };
      return undefined;
    });
    if (found) {
      orphans = [...orphans, ...found.orphans];
      listed = found.remote;
    }
  }
  if (o.shard) {
    // the slices are cut from every key this plan covers (held ones and orphans too), so the N shards together plan each template once
    const desiredKey = (d: (typeof all)[number]) => keyOf({ channel: d.channel, ...d.canonical });
    const mine = shardKeys([...all.map(desiredKey), ...orphans.map((b) => keyOf(b))], o.shard);
    all = all.filter((d) => mine.has(desiredKey(d)));
    orphans = orphans.filter((b) => mine.has(keyOf(b)));
  }
  // an expired campaign holds back its own template only (rcs-expired); the others go ahead
  const heldFiles = new Map(project.files.filter((f) => f.held).map((f) => [f.file, f.held!]));
  // a template whose text holds the API key (pasted by mistake) would send it to customers, and shows as [redacted] in the plan: held
  const keyIn = new Set(all.filter((d) => templateHoldsKey(d.canonical)).map((d) => d.file));
  // (the texts only: a key that shares 8 letters with MARKETING or a template's name held ordinary templates)
  // so does one whose environment's values give a time that has passed (expireTime: ((campaign_end))), said with the environment
  const heldByValues = (d: (typeof all)[number]): string[] => (heldFiles.has(d.file) ? [] : (d.heldInEnvironment ?? []).map((x) => `with the values of environment '${conn.environment.name}': ${x.message} (${x.ruleId}, ${d.file}: ${x.path.join('.')})`));
  const desired = all.filter((d) => !heldFiles.has(d.file) && !keyIn.has(d.file) && !d.heldInEnvironment?.length);
  const held: HeldTemplate[] = all.filter((d) => heldFiles.has(d.file) || keyIn.has(d.file) || d.heldInEnvironment?.length).map((d) => ({
    channel: d.channel, name: d.canonical.name, language: d.canonical.language, file: d.file,
    kind: keyIn.has(d.file) ? 'key' as const : 'file' as const, reasons: keyIn.has(d.file)
      ? [`its text holds the API key, or 8 or more characters of it in a row (shown as [redacted] here): planned and applied, it would go to the channel and to customers; ${keyRemedy(d.file, project.files.find((f) => f.file === d.file)?.value ?? {}, conn.environment)}`]
      : heldFiles.has(d.file) ? heldFiles.get(d.file)!.map((x) => `${x.message} (${x.ruleId}, ${x.file}:${x.line}:${x.column})`) : heldByValues(d),
  }));
  held.push(...listedUnread);
  const ids = [...desired.map((d) => ({ channelId: d.canonical.channelId, id: d.canonical.templateId })), ...orphans.filter((x) => !listed?.has(x.publicId)).map((x) => ({ channelId: x.channelId, id: x.publicId }))];
  const unread = new Map<string, ApiError>();
  const remote = await readTemplates(conn, ids, 'reading', o.progress, o.signal, unread);
  for (const [id, r] of listed ?? []) remote.set(id, r);
  maskRemoteSecrets(desired, remote, conn.environment, baseById);
  // a change that removed a secret's last use (and perhaps the secret from the config): the channel's copy still holds it
  // (for a base found in a file's history, what the file now has in clear is shown: a removal applied long ago leaves the
  // channel with the file's words where that version had the secret; a base given or found says more, and is kept to)
  if (baseById) maskBaseSecrets(baseById, remote, desired.filter((d) => earlier.has(d.canonical.templateId)));
  // where nothing says what the channel's text at a secret's place is: hidden in that template alone
  const unbased = hideUnbasedRemnants(desired, remote, conn.environment, baseById);
  const secretsHidden = hiddenForWantOfBase(unbased.names);
  // a template whose read failed is held (not planned, not applied); the others go ahead
  const readable = desired.filter((d) => !unread.has(d.canonical.templateId));
  for (const d of desired.filter((x) => unread.has(x.canonical.templateId))) {
    held.push({
      channel: d.channel, name: d.canonical.name, language: d.canonical.language, file: d.file, kind: 'not-read',
      reasons: [unread.get(d.canonical.templateId) instanceof ContractError ? `${BREACH_REASON}${unread.get(d.canonical.templateId)!.message}` : `could not be read from the channel: ${unread.get(d.canonical.templateId)!.message}`],
    });
  }
  // a create whose name and language the channel has under another id (made in the console): never a second template (held, with how to adopt it)
  const { twins, deletedListed, unknownListed } = await twinsOfNewTemplates(conn, readable, remote, orphans, listed !== undefined, o);
  // templates no file defines, where this plan did not look for them (deleting a file deletes no template): what it knows at
  // no request of its own is said, with the plan that looks
  const lookedFor = o.orphans === true || (o.orphans === 'if-listed' && !notLookedFor);
  const withoutFile = o.base || lookedFor || o.paths.length || o.shard || o.defaultBase === false ? undefined
    : await knownWithoutFile(config, conn.environment, all.map((d) => d.canonical.templateId), unknownListed, removedSinceBase, nowFiles);
  const twinFiles = new Set(twins.map((h) => h.file));
  held.push(...twins.map(({ twin: _twin, ...h }) => h));
  // the file's committed versions, for the updates alone (one git log and one cat-file for all): a channel's copy that
  // no commit has is an edit outside tplsync, one that some older commit has is an update not applied yet
  let history: PlanInputs['history'];
  let historyMissing: string | undefined;
  if (o.base || o.defaultBase !== false) {
    ({ history, historyMissing } = await driftHistory(config, conn, readable, remote, unbased.shown));
    // files behind a link out of the repository: git has none of their history, so a removal there is no orphan and no
    // "removed since" line, and their drift is not told; said once, rather than nothing
    const outside = await outsideHistory(config, nowFiles);
    if (outside) historyMissing = historyMissing ? `${historyMissing}; and ${outside}` : outside;
  }
  const plan = makePlan({ environment: conn.environment.name, now: madeAt, ...(o.wait ? { wait: true, ...(o.waitMs !== undefined ? { waitMs: o.waitMs } : {}) } : {}), desired: readable.filter((d) => !twinFiles.has(d.file)), remote, ...categoryInputs(config, conn.environment, readable), orphans: orphans.filter((x) => !unread.has(x.publicId)), ...(deletedListed.length ? { deletedListed } : {}), held, ruleIds: RULE_IDS, ruleSettingsOf: ruleSettingsFor(config, o.cwd), ...(baseCategories ? { baseCategories } : {}), ...(baseSamples ? { baseSamples } : {}), ...(conn.environment.emulator ? { exactSamples: true } : {}), ...(unbased.shown.size ? { remoteShown: unbased.shown } : {}), ...(driftBase ? { driftBase } : {}), ...(upstream ? { upstream } : {}), ...(baseBranch ? { baseBranch } : {}), ...(history ? { history } : {}) });
  // the channel's template (an orphan of --orphans) says which file has its name and language, as beside a create
  markHeldTwins(plan, twins);
  // creations past one window of the quota: the plan says how long apply will take (apply paces to the same quota)
  const quota = conn.environment.createQuota ?? DEFAULT_CREATE_QUOTA;
  const windows = creationWindows(plan.changes, quota).length ? { createQuota: quota } : {};
  return { ...plan, ...windows, ...(categoriesFrom ? { categoriesFrom } : {}), ...(notLookedFor ? { orphansNotLookedFor: notLookedFor } : {}), ...(secretsHidden ? { secretsHidden } : {}), ...(historyMissing ? { historyMissing } : {}), ...(connectionChanged ? { connectionChanged } : {}), ...(withoutFile ? { withoutFile } : {}) };
}

/** by channel, name and language */
const byKey = (a: { channel: string; name: string; language: string }, b: typeof a): number => a.channel.localeCompare(b.channel) || a.name.localeCompare(b.name) || a.language.localeCompare(b.language);

/**
 * The templates no file defines that a plain plan knows of (Plan.withoutFile): those the listing of its creates named
 * (on the channel, not deleted there), else those of the files removed since the merge base with the upstream, else
 * since HEAD's parent (the last commit's removals, and those not committed yet; in a first commit, since HEAD): one
 * git diff, no request. Undefined when there are none.
 */
async function knownWithoutFile(config: Config, env: EnvironmentConfig, ids: readonly string[], listed: readonly WithoutFile[] | undefined, sinceBase: { templates: OrphanCandidate[]; since: string; ref: string } | undefined, files: readonly string[]): Promise<Plan['withoutFile']> {
  const orphansCommand = adviceCommand('plan --orphans', env.name);
  // (a file held back, or whose read failed, still defines its template)
  const defined = new Set(ids.map((id) => id.toLowerCase()));
  const unknown = listed?.filter((t) => !defined.has(t.publicId.toLowerCase())).sort(byKey);
  if (unknown) return unknown.length ? { source: 'listing', command: orphansCommand, templates: unknown } : undefined;
  let removed = sinceBase;
  if (!removed) {
    // (the first commit: its files deleted and not committed)
    const parent = await commitOf(config.dir, 'HEAD~1');
    const at = parent ? { commit: parent, name: 'HEAD~1' } : await commitOf(config.dir, 'HEAD').then((c) => (c ? { commit: c, name: 'HEAD' } : undefined));
    if (at) removed = { templates: await removedSince(config, env, at.commit, new Set(ids), files), since: `${at.name} (${at.commit.slice(0, 12)})`, ref: at.commit.slice(0, 12) };
  }
  if (!removed?.templates.length) return undefined;
  const templates = [...removed.templates].sort((a, b) => byKey(a, b)).map((t) => ({ channel: t.channel, channelId: t.channelId, name: t.name, language: t.language, publicId: t.publicId, ...(t.file ? { file: t.file } : {}) }));
  return { source: 'git', since: removed.since, command: env.list ? orphansCommand : adviceCommand(`plan --base ${removed.ref}`, env.name), templates };
}

/**
 * The creates of a plan whose name and language the channel has under another id, held (twinsOfCreates): looked for
 * whenever the environment has a template listing and the plan creates something (the listing `--orphans` made is used
 * again; else one listing of the creates' channels, and a read of each template no file names). A listing that fails
 * leaves the creates as they are, said once (nothing else finds such a template: docs/api-assumptions.md). What the
 * listing found deleted under a create's name and language (`deletedListed`: --orphans finds these as orphans of its
 * own) is kept for the plan to mark the create with WhatsApp's 30-day block, rather than dropped.
 */
async function twinsOfNewTemplates(conn: Connection, desired: readonly DesiredTemplate[], remote: ReadonlyMap<string, TemplateReadResponse | null>, orphans: readonly OrphanCandidate[], alreadyListed: boolean, o: PlanRunOptions): Promise<{ twins: (HeldTemplate & { twin: string })[]; deletedListed: DeletedOnChannel[];
  /** when this listed the channels: the templates it named that no file defines and the platform has not deleted (Plan.withoutFile) */
  unknownListed?: WithoutFile[] }> {
  const env = conn.environment;
  const creates = desired.filter((d) => remote.has(d.canonical.templateId) && remote.get(d.canonical.templateId) === null);
  if (!creates.length || !env.list) return { twins: [], deletedListed: [] };
  const alias = new Map(Object.entries(env.channels).map(([a, id]) => [id.toLowerCase(), a]));
  // --orphans listed them already: the orphans it found (those of no file: the listing's, not git's) are the templates no file names
  const fromOrphans: ListedTemplate[] = orphans.filter((x) => x.file === '').map((x) => ({ channelId: x.channelId, publicId: x.publicId, name: x.name, language: x.language, ...(remote.get(x.publicId)?.statusText ? { statusText: remote.get(x.publicId)!.statusText } : {}) }));
  let listed = fromOrphans;
  if (!alreadyListed) {
    const known = new Set([...desired.map((d) => d.canonical.templateId.toLowerCase()), ...orphans.map((x) => x.publicId.toLowerCase())]);
    const channels = [...new Set(creates.map((d) => d.canonical.channelId.toLowerCase()))];
    try {
      listed = [...fromOrphans, ...await listedUnknown(conn, known, channels, (ids) => readTemplates(conn, ids, 'listing', o.progress, o.signal, new Map(), true))];
    } catch (e) {
      if (!listingFailure(e)) throw e;
      o.onConfigWarning?.(`the template listing of environment '${env.name}' failed, so the channel was not searched for templates of the names and languages this plan creates (made in the console, or deleted under them): ${e.message}`);
      return { twins: [], deletedListed: [] };
    }
  }
  // (--orphans marks these creates from its own orphans: only what a listing of this plan's own found is added)
  const unknownListed = alreadyListed ? undefined : listed.filter((t) => !isDeletedState(t.statusText)).map((t) => ({
    channel: alias.get(t.channelId.toLowerCase()) ?? t.channelId, channelId: t.channelId, name: t.name, language: t.language, publicId: t.publicId, ...(t.statusText ? { status: t.statusText } : {}),
  }));
  return { twins: twinsOfCreates(creates, listed, env.name, alias), deletedListed: alreadyListed ? [] : deletedNamesakes(creates, listed, alias), ...(unknownListed ? { unknownListed } : {}) };
}

/**
 * The creates of a saved plan whose name and language the channel has under another id now (made in the console
 * since the plan): held as a plan made now holds them (twinsOfCreates), so that apply never makes the second one.
 * Nothing without a listing, or when the listing fails (said).
 */
export async function savedCreateTwins(conn: Connection, creates: readonly { channel: string; name: string; language: string; publicId: string; channelId: string; file?: string }[], known: readonly string[], o: { progress?: ProgressFactory; signal?: AbortSignal; onWarning?: (message: string) => void }): Promise<(HeldTemplate & { twin: string })[]> {
  const env = conn.environment;
  if (!creates.length || !env.list) return [];
  const alias = new Map(Object.entries(env.channels).map(([a, id]) => [id.toLowerCase(), a]));
  const channels = [...new Set(creates.map((c) => c.channelId.toLowerCase()))];
  try {
    const listed = await listedUnknown(conn, new Set(known.map((k) => k.toLowerCase())), channels, (ids) => readTemplates(conn, ids, 'listing', o.progress, o.signal, new Map(), true));
    return twinsOfCreates(creates.map((c) => ({ channel: c.channel, file: c.file ?? `${c.channel}/${c.name}/${c.language}`, canonical: { channelId: c.channelId, name: c.name, language: c.language, templateId: c.publicId } })), listed, env.name, alias);
  } catch (e) {
    if (!listingFailure(e)) throw e;
    o.onWarning?.(`the template listing of environment '${env.name}' failed, so the channel was not searched for templates of the names and languages this plan creates (made in the console): ${e.message}`);
    return [];
  }
}

/**
 * What plan needs of `environments.<env>.categories` and of the other environments, by template id: the
 * category the environment accepts for it, and where its file stands (the environments it serves besides this one).
 */
export function categoryInputs(config: Pick<Config, 'environments'>, env: EnvironmentConfig, desired: readonly DesiredTemplate[]): { acceptedCategories: Map<string, string>; categoryContext: Map<string, CategoryContext> } {
  const acceptedCategories = new Map<string, string>();
  const categoryContext = new Map<string, CategoryContext>();
  for (const d of desired) {
    const t = { channel: d.channel, name: d.canonical.name, language: d.canonical.language };
    const accepted = acceptedCategory(env, t);
    if (accepted) acceptedCategories.set(d.canonical.templateId, accepted);
    categoryContext.set(d.canonical.templateId, { environment: env.name, key: categoryKey({ channel: d.channel, name: t.name }), others: otherEnvironmentsServing(config, env.name, d.channel) });
  }
  return { acceptedCategories, categoryContext };
}

/** where the config turns a lint rule off or to info for a template's file (as shown, relative to `cwd`): the hint of a rejection says so */
export function ruleSettingsFor(config: Config, cwd: string): (file: string) => ReturnType<ReturnType<typeof configRuleSettings>> {
  const settings = configRuleSettings(config, config.file ? path.relative(cwd, config.file) || config.file : undefined);
  return (file) => settings(path.resolve(cwd, file));
}

/** a listing's failure that --orphans-if-listed says in the plan: the service's answer (not the key's refusal), or the config's mapping that does not fit it */
function listingFailure(e: unknown): e is UsageError | ApiError {
  return (e instanceof ApiError && !(e instanceof AuthError)) || e instanceof UsageError;
}

/** The plan of the files against the files at `ref` (no reads): `preview --changes` when the channel cannot be reached. */
export async function runPlanAgainstRef(config: Config, environment: EnvironmentConfig, o: { paths: readonly string[]; cwd: string; ref: string }): Promise<Plan> {
  const project = await loadCleanProject(config, o.paths, o.cwd);
  const desired = loadDesired(project.files, environment, configSeverities(config));
  if (o.paths.length) await refuseSameTemplateElsewhere(config, environment, o.cwd, project.files, desired);
  const base = await templatesAtRef(config, environment, o.ref, project.files.map((f) => f.abs));
  // orphans only when the whole set of files is compared (as against the channel)
  const now = new Set(desired.map((d) => d.canonical.templateId));
  const orphans = o.paths.length === 0 ? [...base.byId.values()].filter((b) => !now.has(b.publicId)) : [];
  return planAgainstBase(desired, new Map([...base.byId].map(([id, b]) => [id, b.template])), orphans, o.ref);
}


/**
 * A plan of some of the files: another file of the project that is one template on the channel
 * with one of the project's files named (its publicId names it, or the same channel, name and language) is refused as
 * loadDesired refuses two such files among those it is given (SameTemplateTwice, exit 1): applying
 * the one file would rewrite the other's template as this file has it.
 */
async function refuseSameTemplateElsewhere(config: Config, environment: EnvironmentConfig, cwd: string, files: readonly LoadedFile[], desired: readonly DesiredTemplate[]): Promise<void> {
  const inScope = new Set(files.map((f) => resolvePath(f.abs)));
  const managed = (await existingTemplates(config, environment, cwd)).filter((e) => e.managed);
  const others = managed.filter((e) => !inScope.has(resolvePath(e.abs)));
  if (!others.length) return;
  // a file elsewhere (a draft named on purpose) may write its own version of a project file's template; not
  // rename it or change its language (a publicId copied from that file): that rewrites the project's template as another
  const ofProject = new Set(managed.map((e) => resolvePath(e.abs)));
  const absOf = new Map(files.map((f) => [f.file, resolvePath(f.abs)]));
  const groups = desired.flatMap((d) => {
    const id = d.canonical.templateId.toLowerCase();
    const inProject = ofProject.has(absOf.get(d.file) ?? '');
    const hit = others.filter((e) => e.id.toLowerCase() === id && (inProject || e.name !== d.canonical.name || e.language !== d.canonical.language));
    if (!hit.length) return [];
    const own = files.find((f) => f.file === d.file);
    return [{ id: d.canonical.templateId, files: [
      { file: d.file, key: `${d.channel}/${d.canonical.name}/${d.canonical.language}`, pinned: typeof own?.value?.publicId === 'string' },
      ...hit.map((e) => ({ file: e.file, key: `${String(e.value.channel)}/${e.name}/${e.language}`, pinned: typeof e.value.publicId === 'string' })),
    ] }];
  });
  if (groups.length) throw new SameTemplateTwice(environment.name, groups);
}
