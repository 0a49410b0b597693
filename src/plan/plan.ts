// Pure: from what the files want and what the reads returned, the plan: one change per
// template (create, update, noop, orphan), with field-level changes and what needs attention.
import { categoryExplanation, categoryNote, describeAttention, IN_REVIEW, needsAttention, qualityWarning, recategorised, type CategoryChange, type CategoryContext, type NeedsAttention, type QualityWarning, type RuleSetting } from './review-state.js';
import { isApprovedState, isDeletedState } from '../core/template-state.js';
import { describeEditAllowance, editAllowanceOf } from '../api/edit-allowance.js';
import { editSpend, inReviewNote, type EditSpend } from './edit-budget.js';
import type { TemplateReadResponse, TemplateWriteRequest } from '../api/shapes.js';
import { compareTemplates, templateKey } from '../model/ids.js';
import { AUTHENTICATION_PRESET_DOC, authenticationTextOfItsOwn } from '../model/authentication.js';
import { canonicalJson, diffTemplates, editsWhatsApp, fromRead, toWriteBody, withoutFile, type FieldChange, type CanonicalTemplate, type FileOnly, type FileTemplate } from '../model/canonical.js';
import { fillMarks } from '../model/remnants.js';
import { markedSecretNames } from '../model/values.js';

export type Action = 'create' | 'update' | 'noop' | 'orphan';

export interface DesiredTemplate {
  /** the file as shown to the user */
  file: string;
  /** sha256 of the file's bytes */
  fileHash: string;
  /** the channel as written in the file (an alias or a UUID) */
  channel: string;
  /** what the platform sees of the template: what the plan compares and apply writes */
  canonical: CanonicalTemplate;
  /** what only the file knows (its placeholders' names, samples, unobservable fields), for renderings; absent: nothing (numbered placeholders) */
  fileOnly?: FileOnly;
  /** when the file refers to a secret value: the canonical template with a mark where each secret stands (src/model/remnants.ts secretRemnants) */
  secretShape?: CanonicalTemplate;
  /** the environment values the file refers to, ((name)), each as its digest (valueDigests): a saved plan keeps them */
  values?: Readonly<Record<string, string>>;
  /** the errors of the environment's values that keep back this template alone (a time of the values that has passed): held, not planned */
  heldInEnvironment?: readonly { ruleId: string; path: readonly (string | number)[]; message: string }[];
}

export interface PlanChange {
  channel: string;
  name: string;
  language: string;
  publicId: string;
  channelId: string;
  action: Action;
  file?: string;
  /** status of the remote template when the plan was made */
  remoteStatus?: string;
  changes?: FieldChange[];
  attention?: string[];
  /** the template on the channel is not approved (REJECTED, PAUSED, DISABLED, ...): not in sync */
  needsAttention?: NeedsAttention;
  /** approved and sendable, but rated RED: Meta may pause it soon (said beside the plan; in sync all the same) */
  qualityWarning?: QualityWarning;
  /** approved and sendable, rated YELLOW (medium: Meta says it may soon become paused or disabled): a lighter note beside the plan */
  qualityNote?: QualityWarning;
  /** an update of an APPROVED template spends one of its limited edits: what the read said of them */
  edit?: EditSpend;
  /**
   * the channel approved the template under another category than the file's, and the environment's
   * config accepts it (`environments.<env>.categories`): in sync, and an update carries this category
   */
  acceptedCategory?: { category: string; environment: string };
  /**
   * an update apply does not attempt as the channel stands (applyRefusal: a DISABLED template, an approved template's
   * category, one in review, a checkout behind its upstream, ...): why. Counted apart from the updates apply writes
   * (applySkipCount), as many as apply skips
   */
  applySkips?: string;
  /**
   * For renderings (not saved, not in the JSON): the template's category on the channel differs from its file's. `note`: its
   * `attention` line (the same for every language of the template: text plan says it once per template); `explained`: what
   * the plan says once below its summary (review-state.ts categoryExplanation)
   */
  categoryNote?: { note: string; explained?: string };
  /** (not saved, not in the JSON) an update apply skips because the template is in review: apply --wait waits for the review's end, then writes it */
  waitsForReview?: true;
  /**
   * planned as `apply --wait` runs it (plan --wait): an update of a template in review that apply --wait waits for, then
   * writes (waitsForReview): why it cannot be written before the review ends. Not among applySkips (no exit 5); counted
   * as in review (afterReviewCount)
   */
  afterReview?: string;
  fileHash?: string;
  /** the environment values the file refers to, each as its digest (DesiredTemplate.values) */
  values?: Readonly<Record<string, string>>;
  /**
   * an update (no drift) whose channel copy is a version of the file with other values of the environment where it refers to
   * them: the values whose text changed since the last apply (a rotated secret, `secret`), which the update writes as they
   * are now. Not saved
   */
  valuesChanged?: { name: string; secret?: true }[];
  /** hash of the read response, or "absent" */
  remoteFingerprint: string;
  /**
   * the hash of the template's read without its review state (contentFingerprint), of every template read: a saved plan keeps
   * it for one it does not write (noop, orphan) and for an update held for its review; apply tells by it that a template was
   * written since the plan (a write refused because another run's edit was in review, ApplyItem.sincePlan)
   */
  remoteContent?: string;
  /**
   * For renderings (not saved): the template as its file has it, and the other side: the
   * channel's copy (a read has no file: its placeholders numbered) or the file at --base.
   */
  desired?: FileTemplate;
  remote?: FileTemplate;
  /**
   * an update whose file is the same at the plan's base as now, while the channel's copy differs: the change is the
   * channel's (an edit in the console, or a colleague's apply), and this update reverts it. `upstream`: the branch
   * this checkout is behind, whose newer version of the file the channel holds (git pull first)
   */
  drift?: {
    base: string; upstream?: string;
    /** `upstream` is the branch this one is merged into (--base, the remote's default branch), not HEAD's upstream: merge it first */
    merge?: true;
    /**
     * conflict: the file changed in this branch since the base and the channel's copy is neither the base's version nor
     * any committed one (an edit in the console too): the update replaces the channel's edit with the branch's.
     * outside: no base tells (HEAD is the merge base, on main after a merge), and the channel's copy is no committed
     * version of the file (the file's git history), on any branch of the clone: an edit outside tplsync (or an apply of a
     * file never committed, or of a branch not fetched), which the update reverts.
     * unmerged: the channel's copy is no version of HEAD's history but one a branch HEAD has not merged has (`branch`,
     * origin/pr3: a pull request's preview applied from there), which the update reverts; no pull advised (it would
     * bring the unmerged change into this branch)
     */
    kind?: 'conflict' | 'outside' | 'unmerged';
    /** the branch whose version the channel holds (kind unmerged), as git names it: origin/pr3 */
    branch?: string;
  };
}

/** A template whose file has an error that keeps only it back (an expired campaign): not planned, not applied. */
export interface HeldTemplate {
  channel: string; name: string; language: string; file: string; reasons: string[];
  /** why it is held: its file holds it back (an expired campaign), its read failed (a re-run plans it), a promotion's source has not approved it as the file has it, its text holds the API key, its id names a template the channel has under another name or language (`identity`: a file mistake, exit 1), or the platform refuses the write the file asks for (`refused`: an authentication template's custom text; a file mistake, exit 1) */
  kind?: 'file' | 'not-read' | 'source' | 'key' | 'identity' | 'refused';
}

export interface Plan {
  version: 1;
  /** the files whose categories the plan compared with (--base, or the merge base with the upstream branch) */
  categoriesFrom?: string;
  /**
   * `plan --orphans-if-listed` that could not look for the templates on the channels no file
   * defines (no listing configured, or the listing failed): why, said with the plan (the drift
   * issue is made of the plan's rendering, never of stderr). `exitCode`: the listing's failure's.
   */
  orphansNotLookedFor?: { reason: string; exitCode?: number };
  /**
   * Updates whose drift the files' history would tell (an edit outside tplsync, a change merged and not applied yet), in
   * a shallow clone that has not got that history: why drift is not told, said with the plan
   */
  historyMissing?: string;
  /** the channel's text where a secret's reference stands, hidden in its template for want of a base (no git): said once, why */
  secretsHidden?: string;
  /**
   * `plan --base REF`: the settings that decide where the environment's API key goes (baseUrl, apiKeyEnv,
   * allowInsecureHttp) or what code runs beside it (policy plugins, a JavaScript config) that differ from REF's config,
   * each a few words (connection-base.ts): this plan ran with them and the key, said in every format
   */
  connectionChanged?: { base: string; changes: string[] };
  changes: PlanChange[];
  summary: { create: number; update: number; noop: number; orphan: number };
  /** templates held back; every other template is planned as usual */
  held?: HeldTemplate[];
  /**
   * templates no file defines (gone from git, or found by the listing) that the platform has
   * deleted (DELETED, PENDING_DELETION): what removing them in the console leaves, so no orphans
   * (not counted, no drift); said once with the plan
   */
  deletedOnChannel?: DeletedOnChannel[];
  /**
   * Templates no file defines that a plan which did not look for orphans (no --orphans, no --base) knows of all the
   * same, at no request of its own: named by the listing it made for its creates (`listing`: on the channel now), or
   * the templates of the files removed since `since` (`git`: not read, so perhaps still on the channel). tplsync never
   * deletes a template: said once with the plan, with `command`, the plan that looks; not counted, no drift.
   */
  withoutFile?: { source: 'listing' | 'git'; since?: string; command: string; templates: WithoutFile[] };
  /** the environment's creation quota, when some channel's creations need more than one of its windows (creation-windows.ts) */
  createQuota?: { limit: number; windowSeconds: number };
}

/** A template no file defines that the plan knows of without looking for orphans (Plan.withoutFile): its file's path, where git had it. */
export interface WithoutFile { channel: string; channelId: string; name: string; language: string; publicId: string; file?: string; status?: string }

/** A template no file defines whose copy on the channel is deleted (or being deleted). */
export interface DeletedOnChannel { channel: string; channelId: string; name: string; language: string; publicId: string; state: string; file?: string }

export { sha256 } from '../core/hash.js';
import { sha256 } from '../core/hash.js';
import { adviceCommand } from '../core/advice.js';
import { shellWord } from '../core/shell-word.js';
import { droppedOnWrite } from './dropped.js';
import { metaCdnLink, metaCdnLinkExpired, metaCdnLinkSaid } from '../model/meta-cdn.js';
import { applyRefusal, applySkips, unknownComponentsNote, waitsForReview } from './apply-refusal.js';
import { recoveryDoc } from '../core/recovery-doc.js';
export { reviewSkipsSaid, unknownComponentsNote } from './apply-refusal.js';

export function fingerprint(r: TemplateReadResponse | null): string {
  return r ? sha256(canonicalJson(r)) : 'absent';
}

/** what a read says of the template's review and standing, not of its content: a review that ends changes these alone */
const REVIEW_FIELDS = ['status', 'statusText', 'rejectionReason', 'recommendation', 'qualityScore', 'pauseCount', 'pausedUntil'] as const;

/**
 * Pure: the hash of a read without its review state (the fields above, and the WhatsApp copy's `status`): what a saved
 * plan compares for a template it does not write, whose review may end between plan and apply without moving anything
 * the plan writes (a PENDING template approved, a quality score updated).
 */
/**
 * The states in which WhatsApp takes no edit until a review ends (review-state.ts IN_REVIEW, the set apply reads too): an
 * update planned then is one apply skips until the review ends, and a saved plan keeps the read's content (remoteContent)
 * so that the review ending in approval, and nothing else, leaves the plan as it was (saved.ts's staleness).
 */
export const HELD_FOR_REVIEW: ReadonlySet<string> = IN_REVIEW;

export function contentFingerprint(r: TemplateReadResponse): string {
  const rest: Record<string, unknown> = { ...r };
  for (const k of REVIEW_FIELDS) delete rest[k];
  if (r.chatapp) { const { status: _status, ...chatapp } = r.chatapp; rest.chatapp = chatapp; }
  return sha256(canonicalJson(rest));
}

export interface OrphanCandidate { channel: string; channelId: string; name: string; language: string; publicId: string; file: string; /** why it is an orphan (default: gone from git) */ note?: string }

export interface PlanInputs {
  desired: readonly DesiredTemplate[];
  /** the environment planned: the commands the notes advise name it (a bare one acts on the default environment) */
  environment?: string;
  /** planned as `apply --wait` runs it (plan --wait): an update of a template in review that apply --wait waits for is no skip (PlanChange.afterReview) */
  wait?: boolean;
  /**
   * with `wait`: how long apply --wait waits (its --wait-timeout), counted from `now`. An edit whose allowance the edit under
   * review used up is written by apply --wait when the allowance allows an edit again within it (waitsForReview); absent:
   * not counted as written
   */
  waitMs?: number;
  /**
   * the moment the plan is made at (the clock the files' environment rules were judged with, loadDesired's): a create or an
   * update whose media sample is a signed link of Meta's CDN expired by then is marked (expiredSampleNotes); absent: not looked at
   */
  now?: Date;
  /** read responses by template id (null: absent) */
  remote: ReadonlyMap<string, TemplateReadResponse | null>;
  /** category of each template (by id) in the files at --base, to flag category changes */
  baseCategories?: ReadonlyMap<string, string>;
  /** the media samples of the files at the base: a sample edited since is a change, even where the service answers with its own copy's address */
  baseSamples?: ReadonlyMap<string, MediaSamples>;
  /** the channel keeps samples as written (the embedded emulator): compared as they are */
  exactSamples?: boolean;
  /** templates in the files at --base that are gone now (with their remote read in `remote`) */
  orphans?: readonly OrphanCandidate[];
  /**
   * templates deleted on the channel (DELETED, PENDING_DELETION) that no file names, found by the listing a plain plan
   * makes for its creates (deletedNamesakes): a create of such a name and language is marked as --orphans marks it
   */
  deletedListed?: readonly DeletedOnChannel[];
  held?: readonly HeldTemplate[];
  /** the lint rules' ids, to name the rule that covers a rejection reason */
  ruleIds?: ReadonlySet<string>;
  /** by template id: the category the environment's config accepts for it (`environments.<env>.categories`) */
  acceptedCategories?: ReadonlyMap<string, string>;
  /** by template id: the environment, the template's config key and the other environments its file serves (the advice of a re-categorisation) */
  categoryContext?: ReadonlyMap<string, CategoryContext>;
  /** by a template's file (as shown): where the config turns a lint rule off or to info there (configRuleSettings), for the hint of a rejection */
  ruleSettingsOf?: (file: string) => (rule: string) => RuleSetting | undefined;
  /** the channel's copies as the plan shows them, by template id, where they differ from the read (a text hidden for want of a base: hideUnbasedRemnants) */
  remoteShown?: ReadonlyMap<string, CanonicalTemplate>;
  /**
   * the templates of the files at the plan's base (--base, or the merge base with the upstream branch) when that base
   * is not HEAD, by id: an update whose file is the same there is drift (PlanChange.drift). `environment`: for the advice
   */
  driftBase?: { ref: string; environment: string; byId: ReadonlyMap<string, CanonicalTemplate>;
    /** the same templates with a mark where each secret stands (the base's version the channel holds with a secret rotated since is the base's) */
    shapes?: ReadonlyMap<string, CanonicalTemplate> };
  /** the checkout is behind its upstream branch: the templates of the files there, by id (an update that reverts one of them is said) */
  upstream?: BehindInput;
  /**
   * the branch this one is merged into (--base when it is a branch or commit HEAD lacks commits of, else the remote's
   * default branch, origin/main), when it is not HEAD's upstream and HEAD is behind it: as `upstream`, said "merge it first"
   */
  baseBranch?: BehindInput;
  /**
   * the committed versions of the files of some templates (the file's git history, newest first, HEAD's included), by
   * id, for those whose file git tracks: a channel's copy that is one of them is an older version not applied yet (an
   * ordinary update), one that is none of them an edit made outside tplsync. `environment`: for the advice
   */
  history?: {
    byId: ReadonlyMap<string, Iterable<CommittedTemplate>>; environment: string; depth: number;
    /** for a file whose channel copy none of byId's versions is: its versions on the branches HEAD has not merged (branchTemplates) */
    branches?: ReadonlyMap<string, Iterable<CommittedTemplate & { ref: string }>>;
  };
}

/**
 * A committed version of a template's file: the template its commit's values fill it with, and `shape`, the same with a
 * mark where a value stands whose text at that commit is not known (a secret: its variable's value then; every value
 * where the commit's config cannot say, today's standing in for them): the channel's copy that is this version with other
 * values there (a rotated secret) is this version, not an edit made on the channel (committedVersion)
 */
export interface CommittedTemplate { template: CanonicalTemplate; shape?: CanonicalTemplate }

/** a branch HEAD is behind, with the templates of its files at its tip and at the merge base */
export interface BehindInput {
  ref: string; behind: number; byId: ReadonlyMap<string, CanonicalTemplate>;
  /** the templates of the files at the tip with a mark where each secret stands (a tip's version the channel holds with a secret rotated since is the tip's) */
  shapes?: ReadonlyMap<string, CanonicalTemplate>;
  /** the templates of the files at the merge base of HEAD and the ref: a file the ref changed since, and this checkout did not */
  mergeBase: ReadonlyMap<string, CanonicalTemplate>;
  /** the environment of the plan, for the advice */
  environment?: string;
}

/** The template of a desired file as the file has it (for renderings): the canonical model beside what only the file knows. */
const viewOf = (d: DesiredTemplate): FileTemplate => ({ ...(d.fileOnly ?? { names: {} }), canonical: d.canonical });

export function makePlan(inp: PlanInputs): Plan {
  const changes: PlanChange[] = [];
  const heldNow: HeldTemplate[] = [...(inp.held ?? [])];
  for (const given of inp.desired) {
    let d = given;
    let c = d.canonical;
    const r = inp.remote.get(c.templateId) ?? null;
    const base = { channel: d.channel, name: c.name, language: c.language, publicId: c.templateId, channelId: c.channelId, file: d.file };
    const hashes = { fileHash: d.fileHash, remoteFingerprint: fingerprint(r), ...(d.values ? { values: d.values } : {}) };
    if (!r) {
      const refused = customAuthenticationText(d, undefined);
      if (refused) { heldNow.push(refused); continue; }
      const expired = expiredSampleNotes(c, 'create', inp.now);
      changes.push({ ...base, action: 'create', ...hashes, ...(expired.length ? { attention: expired } : {}), desired: viewOf(d) });
      continue;
    }
    const remote = inp.remoteShown?.get(c.templateId) ?? fromRead(r, c.channelId);
    // the id names a template the channel has under another name or language (a publicId kept in a file whose name
    // was changed): an update would rename it in place, which is no edit WhatsApp makes (it edits the category and
    // the components) and takes the old name away from whatever sends it. Held: a file mistake, said with both ways out
    const moved = identityMoved(d, remote);
    if (moved) { heldNow.push(moved); continue; }
    // an approved template pulled with a text of its own stays as it is; an edit that writes a custom text is refused as a create is
    const refusedEdit = customAuthenticationText(d, remote);
    if (refusedEdit) { heldNow.push(refusedEdit); continue; }
    // the category the channel approved it under, where the read reports it (not compared as content: see below)
    if (r.chatapp?.category) remote.category = r.chatapp.category;
    // the environment's config accepts the category the platform approved this copy under (another environment's copy
    // keeps the file's): in sync here, and an update carries it (an approved template's category cannot change)
    const ctx = inp.categoryContext?.get(c.templateId);
    const accepted = inp.acceptedCategories?.get(c.templateId);
    let acceptedCategory: PlanChange['acceptedCategory'];
    if (accepted && r.chatapp?.category === accepted && c.category && c.category !== accepted) {
      c = { ...c, category: accepted };
      d = { ...d, canonical: c };
      acceptedCategory = { category: accepted, environment: ctx?.environment ?? '' };
    }
    const diff = diffTemplates(c, remote, inp.exactSamples ? { exactSamples: true } : {});
    // a media sample the service answers with another host's address is its copy (comparable): unless the file edited it since the base
    const before = inp.baseSamples?.get(c.templateId);
    if (before) diff.push(...editedSamples(c, remote, before, diff));
    const attention: string[] = [];
    // where the read reports the category the platform approved it under, a difference is drift
    // (a re-categorisation, or an edit of the file); else a change is known only from the files at --base
    const remoteCategory = r.chatapp?.category;
    const baseCategory = remoteCategory ?? inp.baseCategories?.get(c.templateId);
    let recat: NeedsAttention | undefined;
    // an APPROVED template under another category than the file's, unless the file itself changed
    // it since --base (that edit is flagged below): the platform re-categorised it
    if (remoteCategory && c.category && remoteCategory !== c.category && isApprovedState(r.statusText) && inp.baseCategories?.get(c.templateId) !== remoteCategory) {
      recat = recategorised(c.category, remoteCategory, inp.baseCategories?.get(c.templateId) === c.category, ctx);
    }
    /** an edit WhatsApp is certain to refuse: it spends no edit of the budget */
    let refused = false;
    /** the category of an APPROVED template differs (the write would change it): who changed it, as far as the plan tells */
    let categoryChange: CategoryChange | undefined;
    if (baseCategory && c.category && baseCategory !== c.category) {
      diff.unshift({ path: 'category', before: baseCategory, after: c.category });
      // the write carries the file's category: refused whoever changed it (said in one line below: categoryNote)
      if (isApprovedState(r.statusText)) {
        refused = true;
        categoryChange = !recat ? 'file' : recat.state === 'RECATEGORISED' ? 'platform' : 'unknown';
      }
    }
    let edit: EditSpend | undefined;
    // what WhatsApp reviews changed: not the description (the partner's) nor the RCS message
    const whatsAppEdit = editsWhatsApp(diff);
    // WhatsApp's limit: an RCS-only template (no WhatsApp content on the channel) takes any number of edits
    // (a template apply will not write, for the parts of its copy no file can hold, spends nothing)
    if (whatsAppEdit && isApprovedState(r.statusText) && !refused && r.chatapp && !remote.unknownComponents?.length) {
      const allowance = editAllowanceOf(r);
      edit = editSpend(allowance);
      attention.push(`this edit sends an APPROVED template back to review, and uses one of its limited edits (1 per 24 h, 10 per 30 days)${allowance ? `: ${describeEditAllowance(allowance)}` : ''}`);
    }
    // an RCS-only template has no edit limit, but any edit of it starts a new review all the same (docs/emulator.md):
    // it is PENDING after the apply, and send refuses it until the review approves it again
    if (diff.length && remote.rcsOnly && isApprovedState(r.statusText) && !remote.unknownComponents?.length) {
      attention.push(RCS_EDIT_NOTE);
    }
    /** where the note of an edit in review stands among the attention lines (apply skips that update: said on it) */
    let inReviewAt = -1;
    if (whatsAppEdit && r.statusText === 'PENDING' && r.chatapp && !remote.unknownComponents?.length) {
      // the read states the allowance during the review too: an edit of an APPROVED template under review has spent it,
      // and the next edit is possible only from when the read says, whenever the review ends
      const allowance = editAllowanceOf(r);
      // (a template in review with edits left spends none now: WhatsApp limits the edits of APPROVED templates, docs/api-assumptions.md)
      if (allowance && !refused && allowance.remaining === 0) edit = { ...editSpend(allowance), inReview: true };
      inReviewAt = attention.push(inReviewNote(edit)) - 1;
    }
    // the file is the same at the base as now, and the channel's copy is not: the change is the channel's, and this update reverts it
    const drift = diff.length ? driftOf(d, c, remote, inp) : undefined;
    // else a copy that is a version of the file with other values of the environment (a secret rotated since the last apply): said so
    const valuesChanged = diff.length && !drift ? changedValues(d, c, remote, inp) : undefined;
    // a write apply does not attempt (a DISABLED, LOCKED, FLAGGED ... template, an approved template's category, a checkout
    // behind its upstream): judged as apply judges it (applyRefusal, one function for both), said with why and what to do
    // instead, and counted apart from the updates apply writes (applySkipCount)
    const refusal = diff.length ? applyRefusal({
      publicId: c.templateId, channel: d.channel, name: c.name, action: 'update', remoteStatus: r.statusText, remote: { canonical: remote }, changes: diff,
      ...(edit ? { edit } : {}), ...(drift ? { drift: drift.drift } : {}),
    }, inp.environment) : undefined;
    // planned as apply --wait runs it (plan --wait): an edit of a template in review that apply --wait waits for (the same
    // decision, waitsForReview) is written once the review ends: no skip, said so, and counted as in review (afterReviewCount)
    const waitWindow = inp.wait && inp.waitMs !== undefined && inp.now ? { now: inp.now.getTime(), leftMs: inp.waitMs } : undefined;
    const afterReview = refusal && inp.wait && waitsForReview(refusal, waitWindow) ? refusal.refusal : undefined;
    const skipped = refusal && applySkips(refusal, { wait: inp.wait, ...(waitWindow ? { window: waitWindow } : {}) }) ? refusal.refusal : undefined;
    // where the note goes: after what the edit would spend or wait for, before what the channel's copy holds
    const skipAt = attention.length;
    // parts of the channel's copy no file can hold: a write would delete them (apply does not write it)
    if (remote.unknownComponents?.length) attention.push(unknownComponentsNote(remote.unknownComponents));
    // fields on known parts that no file can hold: this update's write would not carry them (said, not refused: a service may echo fields of its own)
    else if (diff.length) {
      const dropped = droppedOnWrite(r, c.channelId);
      if (dropped.length) attention.push(droppedFieldsNote(dropped));
    }
    // not approved on the channel: not in sync, whatever the content (PENDING within its review is fine)
    const state = needsAttention(r, inp.ruleIds, inp.ruleSettingsOf?.(d.file), c.category) ?? recat;
    // a category that differs is said in one short line (categoryNote), its why once below the plan (categoryExplanation)
    if (state && !(categoryChange && state === recat)) attention.push(describeAttention(state));
    let categoryShown: PlanChange['categoryNote'];
    if (categoryChange) {
      const environment = ctx?.environment ?? inp.environment ?? '<env>';
      const change = diff.find((x) => x.path === 'category')!;
      const note = categoryNote({ approved: String(change.before), file: String(change.after), known: categoryChange, key: ctx?.key ?? `${d.channel}/${c.name}`, environment });
      const explained = categoryExplanation({ known: categoryChange, environment, others: ctx?.others ?? [] });
      categoryShown = { note: refusal?.category && skipped ? `${APPLY_SKIPS}${note}` : note, ...(explained ? { explained } : {}) };
      attention.splice(skipAt, 0, categoryShown.note);
    }
    // approved and rated RED (a warning) or YELLOW (a note): in sync and sendable, and said, as review says it (a state that needs attention says its own)
    const quality = state ? undefined : qualityWarning(r);
    if (skipped && !(refusal?.category && categoryShown)) {
      // why, unless a note of its own says it already (the parts no file can hold; a deleted template's way back, its state's line;
      // an edit in review, whose note says so and what a saved plan and apply --wait do)
      const said = attention.some((a) => a.includes(skipped.replace(/^the template is /, '')));
      if (inReviewAt >= 0 && refusal?.deferred === 'review') attention[inReviewAt] = `${APPLY_SKIPS}${attention[inReviewAt]!}`;
      // in appeal: what to do is its state's line (below); what apply --wait does, the plan's summary
      else if (refusal?.deferred === 'review' && r.statusText === 'IN_APPEAL') attention.splice(skipAt, 0, `${APPLY_SKIPS}WhatsApp takes no edit while an appeal of its rejection is under review (IN_APPEAL): re-run apply once it is decided`);
      else if (!remote.unknownComponents?.length) attention.splice(skipAt, 0, `${APPLY_SKIPS}${said ? 'the channel takes no edit of it as it stands (why, and what to do instead: below)' : skipped}`);
    }
    if (afterReview) {
      // the in-review note says why it cannot be written now; in appeal, its state's line says what to do (below)
      if (inReviewAt >= 0) attention[inReviewAt] = `${APPLY_WAITS}${attention[inReviewAt]!}`;
      else attention.splice(skipAt, 0, `${APPLY_WAITS}${r.statusText === 'IN_APPEAL' ? 'WhatsApp takes no edit while an appeal of its rejection is under review (IN_APPEAL)' : afterReview}`);
    }
    // what this update sends for review: a media sample that serves nothing already
    if (diff.length) attention.push(...expiredSampleNotes(c, 'update', inp.now));
    if (drift) attention.unshift(drift.note);
    changes.push({
      ...base, remoteStatus: r.statusText, action: diff.length ? 'update' : 'noop',
      ...(diff.length ? { changes: diff } : {}),
      ...(attention.length ? { attention } : {}),
      ...(state ? { needsAttention: state } : {}),
      ...(quality?.quality === 'RED' ? { qualityWarning: quality } : quality ? { qualityNote: quality } : {}),
      ...(edit ? { edit } : {}),
      ...(acceptedCategory ? { acceptedCategory } : {}),
      ...(drift ? { drift: drift.drift } : {}),
      ...(valuesChanged?.length ? { valuesChanged } : {}),
      ...(skipped ? { applySkips: skipped } : {}),
      ...(categoryShown ? { categoryNote: categoryShown } : {}),
      ...(afterReview ? { afterReview } : {}),
      ...(refusal && waitsForReview(refusal) ? { waitsForReview: true as const } : {}),
      ...hashes, remoteContent: contentFingerprint(r), desired: viewOf(d), remote: withoutFile(remote),
    });
  }
  const deleted: DeletedOnChannel[] = [];
  for (const o of inp.orphans ?? []) {
    const r = inp.remote.get(o.publicId) ?? null;
    if (!r) continue; // gone from git and from the channel: nothing to report
    // deleted on the platform: no orphan (nothing left to pull or remove), said once beside the plan
    if (isDeletedState(r.statusText)) {
      deleted.push({ channel: o.channel, channelId: o.channelId, name: o.name, language: o.language, publicId: o.publicId, state: r.statusText!, ...(o.file ? { file: o.file } : {}) });
      continue;
    }
    changes.push({
      channel: o.channel, name: o.name, language: o.language, publicId: o.publicId, channelId: o.channelId, action: 'orphan',
      ...(o.file ? { file: o.file } : {}), remoteStatus: r.statusText, remoteFingerprint: fingerprint(r), remoteContent: contentFingerprint(r), remote: withoutFile(fromRead(r, o.channelId)),
      attention: [o.note ?? 'removed from git but still on the channel; the API has no delete, so tplsync leaves it: remove it in the console if it should go'],
    });
  }
  markUnpinnedTwins(changes);
  markDeletedNames(changes, [...deleted, ...(inp.deletedListed ?? [])]);
  changes.sort(compareTemplates);
  const summary = { create: 0, update: 0, noop: 0, orphan: 0 };
  for (const c of changes) summary[c.action]++;
  const held = heldNow.sort(compareTemplates);
  deleted.sort(compareTemplates);
  return { version: 1, changes, summary, ...(held.length ? { held } : {}), ...(deleted.length ? { deletedOnChannel: deleted } : {}) };
}

/** how many updates of the plan revert a change made on the channel (drift), and how many of them a newer upstream version of the file */
export function driftCount(p: Pick<Plan, 'changes'>): { drift: number; upstream: number; upstreamRef?: string; merge?: true; conflict: number; outside: number; unmerged: number } {
  const d = p.changes.filter((c) => c.action === 'update' && c.drift);
  const up = d.filter((c) => c.drift!.upstream);
  return {
    drift: d.length, upstream: up.length, ...(up.length ? { upstreamRef: up[0]!.drift!.upstream! } : {}), ...(up[0]?.drift!.merge ? { merge: true as const } : {}),
    conflict: d.filter((c) => c.drift!.kind === 'conflict').length, outside: d.filter((c) => c.drift!.kind === 'outside').length,
    unmerged: d.filter((c) => c.drift!.kind === 'unmerged').length,
  };
}

/**
 * Pure: drift of an update (the channel's copy differs from a file that did not change since the plan's base), with
 * what the plan says of it; undefined when the file changed since the base (the update is the branch's own) or no
 * base is known. Behind its upstream, a channel that holds the upstream's newer version of the file is said so.
 */
function driftOf(d: DesiredTemplate, c: CanonicalTemplate, remote: CanonicalTemplate, inp: PlanInputs): { drift: NonNullable<PlanChange['drift']>; note: string } | undefined {
  const id = c.templateId;
  const exact = inp.exactSamples ? { exactSamples: true } : {};
  // the channel's copy is the file as it is now with another value where it refers to a secret (rotated since the last
  // apply): the environment's value changed, not the channel's text; the update writes the current value (trial-bt F1)
  if (explainedByValues(d.secretShape, remote, inp.exactSamples)) return undefined;
  // behind the upstream (or the branch this one is merged into): it changed the file since the merge base and this
  // checkout did not, and the channel holds its version (a colleague's applied change): this update reverts it
  for (const u of [inp.upstream, inp.baseBranch]) {
    const up = u?.byId.get(id);
    const atMergeBase = u?.mergeBase.get(id);
    if (!u || !up || !atMergeBase || diffTemplates(c, atMergeBase).length || !diffTemplates(c, up).length) continue;
    if (diffTemplates(up, remote, exact).length && !explainedByValues(u.shapes?.get(id), remote, inp.exactSamples)) continue;
    const merge = u === inp.baseBranch;
    const commits = `${u.behind} commit${u.behind === 1 ? '' : 's'}`;
    return {
      drift: { base: inp.driftBase?.ref ?? u.ref, upstream: u.ref, ...(merge ? { merge: true as const } : {}) },
      note: merge
        ? `drift: ${u.ref} has a newer version of ${d.file}, which the channel holds (applied from there), and this branch is ${commits} behind ${u.ref} and did not change the file: apply would revert it to this branch's older version. Merge ${u.ref} first (\`git merge ${shellWord(u.ref)}\`), then \`${adviceCommand('plan', u.environment)}\` again`
        : `drift: ${u.ref} has a newer version of ${d.file}, which the channel holds (applied from there), and this checkout is ${commits} behind ${u.ref}: apply would revert it to this checkout's older version. git pull first, then \`${adviceCommand('plan', u.environment)}\` again`,
    };
  }
  const versions = inp.history?.byId.get(id);
  // whether the channel's copy is a version of the file some commit has (an older one, not applied yet: no edit outside);
  // walked only when a mark depends on it, newest first, stopped at the first that matches (older versions read only when needed)
  const inHistory = (): { tracked: boolean; committed: boolean } => committedVersion(versions ?? [], remote, inp.exactSamples);
  // the channel's copy is the base's version with other values of the environment (a secret rotated since): the base's
  const atBase = (): boolean => { const w = b?.byId.get(id); return Boolean(w) && (!diffTemplates(w!, remote, exact).length || Boolean(explainedByValues(b?.shapes?.get(id), remote, inp.exactSamples))); };
  const b = inp.driftBase;
  const was = b?.byId.get(id);
  const env = b?.environment ?? inp.history?.environment;
  const pull = adviceCommand(`pull --channel ${shellWord(d.channel)} --id ${id} --force`, env);
  // a channel's copy no commit of HEAD's history has, which a branch HEAD has not merged has (a pull request's preview,
  // applied from there): said as such, whichever mark it would have had, and never with a pull that would bring it here
  const unmerged = (base: string): { drift: NonNullable<PlanChange['drift']>; note: string } | undefined => {
    const v = firstMatch(inp.history?.branches?.get(id), remote, inp.exactSamples);
    return v && {
      drift: { base, kind: 'unmerged', branch: v.ref },
      note: `drift: the channel holds ${d.file} as ${v.ref} has it, a branch this one has not merged (applied from there: a pull request's preview, most often); apply would revert it to this branch's version. Leave it until ${v.ref} is merged here (apply then writes it as an ordinary update), or apply to revert it on purpose; do not pull it into this branch, which would bring ${v.ref}'s unmerged change here`,
    };
  };
  // the file is the same at the base as now: the channel's copy is drift, unless a commit of the file has it (a change
  // merged before the base and not applied yet: the update applies it, and a pull would undo the merge)
  if (b && was && !diffTemplates(c, was).length && (was.category ?? c.category) === c.category && !inHistory().committed) {
    return unmerged(b.ref) ?? {
      drift: { base: b.ref },
      note: `drift: changed on the channel, not in this branch (${d.file} is the same at ${b.ref} as now); apply would revert it. Keep the channel's version with \`${pull}\` (then commit the file), or apply to revert it on purpose`,
    };
  }
  // the branch changed the file since the base, and the channel's copy is neither the base's version nor a committed one:
  // both sides changed it; the update would replace the channel's edit with the branch's
  if (b && was && !atBase() && !inHistory().committed) {
    return unmerged(b.ref) ?? {
      drift: { base: b.ref, kind: 'conflict' },
      note: `conflict: changed on the channel and in this branch (the channel's copy is neither ${d.file} at ${b.ref} nor as it is now); apply would replace the channel's edit with this branch's. To keep both, bring the channel's version into the file with \`${pull}\`, put this branch's change back on top of it (git diff shows it), commit, and \`${adviceCommand('plan', env)}\` again; or apply to replace it on purpose`,
    };
  }
  // no base that is not HEAD (on main after a merge): the file's history tells an older committed version (an ordinary
  // update) from a text no commit of the file has (an edit outside tplsync, which the update reverts)
  const h = was ? undefined : inHistory();
  if (h?.tracked && !h.committed) {
    const base = `the last ${inp.history!.depth} commits of the file`;
    return unmerged(base) ?? {
      drift: { base, kind: 'outside' },
      note: `drift: the channel holds a text that no commit of ${d.file} has (within its last ${inp.history!.depth} commits, on any branch of this clone): edited outside tplsync (the console), or applied from a file never committed or from a branch not fetched here; apply would revert it. To keep it, \`${pull}\` (then commit the file); or apply to revert it on purpose`,
    };
  }
  return undefined;
}

/** Pure: the first of `versions` (a branch's, newest first) that is the channel's copy `remote`, or undefined */
function firstMatch<V extends CommittedTemplate>(versions: Iterable<V> | undefined, remote: CanonicalTemplate, exactSamples?: boolean): V | undefined {
  for (const v of versions ?? []) if (committedVersion([v], remote, exactSamples).committed) return v;
  return undefined;
}

/**
 * Pure: whether `remote` (the channel's copy) is one of `versions` (a file's committed templates, newest first; walked
 * until one matches, so that lazily read older versions are read only when needed), and whether there was any version.
 * Compared as a read shows them, the category left out: a category the platform moved on its own (re-categorised) is
 * said as such beside the update, and the text the channel holds is still the committed one (trial-u F2). A version with
 * other texts where it has a value whose text at its commit is not known (its `shape`: a secret rotated since) is that
 * version too (`byValues`: the first such one, when no version is the copy as it is).
 */
export function committedVersion(versions: Iterable<CommittedTemplate>, remote: CanonicalTemplate, exactSamples?: boolean): { tracked: boolean; committed: boolean; byValues?: CommittedTemplate } {
  let tracked = false;
  let byValues: CommittedTemplate | undefined;
  for (const v of versions) {
    tracked = true;
    if (!diffTemplates(v.template, remote, exactSamples ? { exactSamples: true } : {}).length) return { tracked, committed: true };
    if (!byValues && explainedByValues(v.shape, remote, exactSamples)) byValues = v;
  }
  return { tracked, committed: byValues !== undefined, ...(byValues ? { byValues } : {}) };
}

/**
 * Pure: whether the channel's copy `remote` is `shape` (a version of a file with a mark where each value stands whose
 * text is not known: a secret) with the texts it holds at the marks: the two differ by the environment's values alone,
 * not by an edit. The values' texts in the channel's copy by name (in memory only: a secret's earlier value), else
 * undefined.
 */
export function explainedByValues(shape: CanonicalTemplate | undefined, remote: CanonicalTemplate, exactSamples?: boolean): Map<string, string> | undefined {
  if (!shape) return undefined;
  const f = fillMarks(shape, remote);
  return f && !diffTemplates(f.filled, remote, exactSamples ? { exactSamples: true } : {}).length ? f.values : undefined;
}

/**
 * Pure: the values of the environment whose text in the channel's copy differs from the one the file is filled with now,
 * where the copy is a version of the file with other values there (the file now, or one of its committed versions:
 * a secret rotated since the last apply), each said as a secret or not; undefined when the copy is no such version.
 */
function changedValues(d: DesiredTemplate, c: CanonicalTemplate, remote: CanonicalTemplate, inp: PlanInputs): PlanChange['valuesChanged'] {
  const shape = explainedByValues(d.secretShape, remote, inp.exactSamples) ? d.secretShape
    : committedVersion(inp.history?.byId.get(c.templateId) ?? [], remote, inp.exactSamples).byValues?.shape;
  const then = explainedByValues(shape, remote, inp.exactSamples);
  if (!shape || !then) return undefined;
  // the values now: where the file has them now (its secrets), and where the version's shape fits the file now
  const now = new Map([...(fillMarks(shape, c)?.values ?? []), ...(d.secretShape ? fillMarks(d.secretShape, c)?.values ?? [] : [])]);
  const secrets = markedSecretNames(d.secretShape);
  return [...then].filter(([name, text]) => now.has(name) && now.get(name) !== text).map(([name]) => ({ name, ...(secrets.has(name) ? { secret: true as const } : {}) })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A file whose id (its publicId, as `tplsync pull` writes it) names a template the channel has
 * under another name or language: held (kind `identity`), with what to do. A template's name and
 * language identify it (docs/format.md: a rename makes a new template, the old one stays); the
 * write would rename the live template instead. A read that names no language is not compared on it.
 */
export function identityMoved(d: DesiredTemplate, remote: Pick<CanonicalTemplate, 'name' | 'language'>): HeldTemplate | undefined {
  const c = d.canonical;
  const name = remote.name !== '' && remote.name !== c.name;
  const language = remote.language !== '' && remote.language !== c.language;
  if (!name && !language) return undefined;
  const what = [name ? 'name' : '', language ? 'language' : ''].filter(Boolean).join(' and ');
  const restore = [name ? `name: ${remote.name}` : '', language ? `language: ${remote.language}` : ''].filter(Boolean).join(' and ');
  return {
    channel: d.channel, name: c.name, language: c.language, file: d.file, kind: 'identity',
    reasons: [`its id ${c.templateId} (the file's publicId) names ${remote.name}/${remote.language} on the channel, and the file changed its ${what}: a template's name and language are never changed in place (WhatsApp edits only a template's category and components, and a rename would take ${remote.name} away from whatever sends it). To make ${c.name}/${c.language} a new template, remove the publicId from ${d.file} or give it a new one (${remote.name}/${remote.language} stays on the channel and shows as an orphan: plan --base REF, or plan --orphans); to go on managing ${remote.name}/${remote.language}, put back ${restore}`],
  };
}


/**
 * An AUTHENTICATION template whose file has a body text of its own (not WhatsApp's preset wording), written
 * as a create (`remote` undefined) or as an edit that changes the channel's body text: held (kind `refused`).
 * Meta builds a new authentication template from its preset text ("<code> is your verification code.",
 * the optional security sentence and expiry line) and takes no custom one; older approved templates pulled
 * from Meta's listing may hold one (lint keeps them loadable: authentication-preset-text), and such a
 * template unchanged, or with other parts edited, goes ahead.
 */
export function customAuthenticationText(d: DesiredTemplate, remote: Pick<CanonicalTemplate, 'body'> | undefined): HeldTemplate | undefined {
  const c = d.canonical;
  if (!authenticationTextOfItsOwn(c)) return undefined;
  const text = c.body.text;
  if (remote && remote.body.text === text) return undefined;
  const what = remote
    ? `this update would change the body text of the authentication template on the channel to a text of its own${remote.body.text === '' ? ' (the channel has WhatsApp\'s preset text)' : ''}`
    : 'this create would make an authentication template with a body text of its own';
  return {
    channel: d.channel, name: c.name, language: c.language, file: d.file, kind: 'refused',
    reasons: [`${what}, and WhatsApp builds authentication templates from its preset text only ("<code> is your verification code.", with the optional security sentence and expiry line, in the template's language: ${AUTHENTICATION_PRESET_DOC}). Drop body.text (and its examples) from ${d.file} and ask for WhatsApp's sentences with body.add_security_recommendation: true and footer.code_expiration_minutes${remote && remote.body.text !== '' ? `, or put back the channel's text to keep the approved one as it is` : ''}`],
  };
}

/** How many templates the plan holds because the platform refuses what their files ask for (an authentication template's custom text): a file mistake (plan and apply exit 1). */
export function refusedHeldCount(p: Pick<Plan, 'held'>): number {
  return (p.held ?? []).filter((h) => h.kind === 'refused').length;
}

/** How many templates the plan holds because their id names a template the channel has under another name or language: a file mistake (plan and apply exit 1). */
export function identityHeldCount(p: Pick<Plan, 'held'>): number {
  return (p.held ?? []).filter((h) => h.kind === 'identity').length;
}

export { templateKey as keyOf } from '../model/ids.js';

/**
 * A file without publicId whose template the channel has under another id (made in the console):
 * its create would make a second template of that name and language. Both lines say what to add.
 */
function markUnpinnedTwins(changes: PlanChange[]): void {
  const key = (c: PlanChange): string => `${c.channelId.toLowerCase()}\u0000${c.name}\u0000${c.language}`;
  const orphanOf = new Map(changes.filter((c) => c.action === 'orphan').map((c) => [key(c), c]));
  for (const c of changes) {
    if (c.action !== 'create') continue;
    const o = orphanOf.get(key(c));
    if (!o) continue;
    (c.attention ??= []).push(`the channel has ${c.name}/${c.language} already, under id ${o.publicId} (no file names it): this create would make a second template of that name and language, which WhatsApp refuses. To make ${c.file ?? 'the file'} that template, add publicId: ${o.publicId} to it`);
    o.attention = [`${c.file ?? 'a file'} has this name and language without its id: add publicId: ${o.publicId} to it to manage this template (else apply creates a second)`];
  }
}


/** The orphans whose name and language a held create's file has (twinsOfCreates): the orphan says which file, as markUnpinnedTwins does. */
export function markHeldTwins(plan: Plan, twins: readonly { file: string; twin: string }[]): void {
  for (const t of twins) {
    const o = plan.changes.find((c) => c.action === 'orphan' && c.publicId.toLowerCase() === t.twin.toLowerCase());
    if (o) o.attention = [`${t.file} has this name and language without its id: add publicId: ${o.publicId} to it to manage this template (its create is held: a channel keeps one template per name and language)`];
  }
}

/**
 * A create whose name and language a template deleted on the channel has (found by the listing, or
 * gone from the files at --base): WhatsApp refuses a new template under a deleted template's name
 * until 30 days after the deletion. The read and the listing do not say when it was deleted
 * (docs/api-assumptions.md), so the create is marked whenever the channel still has such a template.
 */
function markDeletedNames(changes: PlanChange[], deleted: readonly DeletedOnChannel[]): void {
  if (!deleted.length) return;
  const key = (c: { channelId: string; name: string; language: string }): string => `${c.channelId.toLowerCase()}\u0000${c.name}\u0000${c.language}`;
  const deletedOf = new Map(deleted.map((d) => [key(d), d]));
  for (const c of changes) {
    if (c.action !== 'create') continue;
    const d = deletedOf.get(key(c));
    if (!d) continue;
    (c.attention ??= []).push(`the channel has a template of this name and language ${d.state === 'PENDING_DELETION' ? 'being deleted' : 'deleted'} (id ${d.publicId}): WhatsApp refuses a new template under a deleted template's name until 30 days after the deletion, and neither the listing nor the read says when that was (the console shows it). Apply this create once the deletion is 30 days old, or give ${c.file ?? 'the file'} a new name to make it at once; see ${recoveryDoc('deleted')}`);
  }
}

/** a template's media samples: its header's and each carousel card's (what a service may answer with a copy of its own) */
export interface MediaSamples { header?: string; cards: (string | undefined)[] }
export function mediaSamples(c: CanonicalTemplate): MediaSamples {
  return { ...(c.header?.example !== undefined ? { header: c.header.example } : {}), cards: (c.carousel ?? []).map((card) => card.header.example) };
}

/**
 * The `!` lines of a create or an update whose media samples (a header's, each carousel card's) include a signed link of
 * Meta's CDN that has expired by `now`: the write sends the sample for review, and nothing is served there any more (the
 * review fails on it, docs/rules.md header-media-signed-link). Lint's rule says every such link by the day it names and
 * reads no clock (its verdict is the same on any day, and cached); the plan, made at a moment, says the ones already dead.
 * One line a sample, by the file's field. Pure (the clock given); none without `now`.
 */
export function expiredSampleNotes(c: CanonicalTemplate, action: 'create' | 'update', now: Date | undefined): string[] {
  if (!now) return [];
  const samples = mediaSamples(c);
  const fields: [string, string | undefined][] = [['header.example', samples.header], ...samples.cards.map((x, i): [string, string | undefined] => [`carousel[${i}].header.example`, x])];
  return fields.flatMap(([field, sample]) => {
    const link = sample !== undefined ? metaCdnLink(sample) : undefined;
    if (!link || !metaCdnLinkExpired(link, now)) return [];
    return [`${field}: the media sample is ${metaCdnLinkSaid(link, now)}, and this ${action} sends it for review, which fails on it: host the file at a stable https:// address and write that as the sample (lint's header-media-signed-link)`];
  });
}

/** the samples the file changed since the base that the comparison took for the service's copy: changes after all */
function editedSamples(c: CanonicalTemplate, remote: CanonicalTemplate, base: MediaSamples, diff: readonly FieldChange[]): FieldChange[] {
  const out: FieldChange[] = [];
  const mine = mediaSamples(c);
  const theirs = mediaSamples(remote);
  const add = (path: string, file: string | undefined, was: string | undefined, channel: string | undefined): void => {
    if (file !== undefined && file !== was && file !== channel && !diff.some((d) => d.path === path)) out.push({ path, before: channel, after: file });
  };
  add('header.example', mine.header, base.header, theirs.header);
  mine.cards.forEach((x, i) => add(`carousel[${i}].header.example`, x, base.cards[i], theirs.cards[i]));
  return out;
}

/** what plan says of an edit of an APPROVED RCS-only template: back to review (the edit limit is WhatsApp's alone) */
export const RCS_EDIT_NOTE = 'this edit sends an APPROVED template back to review: it is PENDING after the apply, and cannot be sent until the review approves it again (an RCS template has no edit limit)';

/** the reason a template whose read broke the API's contract is held with (then what was wrong) */
export const BREACH_REASON = 'its read broke the API\'s contract, so it is neither planned nor written: ';
/** whether a held template is held for a read that broke the contract */
export const isBreach = (h: { kind?: string; reasons: readonly string[] }): boolean => h.kind === 'not-read' && h.reasons.some((r) => r.startsWith(BREACH_REASON));

/** what plan and apply say of an update whose write would not carry fields of the channel's copy */
export function droppedFieldsNote(paths: readonly string[]): string {
  const one = paths.length === 1;
  return `the channel's copy holds ${one ? 'a field' : 'fields'} no template file can hold (${paths.join(', ')}): this update writes the template as its file has it, without ${one ? 'it' : 'them'}. If ${one ? 'it matters' : 'they matter'}, set ${one ? 'it' : 'them'} again in the console after the apply, or keep the template as it is`;
}

/**
 * Shard I of N (1-based) of a CI matrix: the keys sorted, cut into N contiguous slices whose sizes
 * differ by at most one. Adding or removing a key moves each boundary by at most one place, so at
 * most N-1 other keys change shard, each to a neighbouring one; every other key stays put.
 */
export function shardKeys(keys: Iterable<string>, shard: { index: number; count: number }): Set<string> {
  const sorted = [...new Set(keys)].sort();
  const from = Math.floor(((shard.index - 1) * sorted.length) / shard.count);
  const to = Math.floor((shard.index * sorted.length) / shard.count);
  return new Set(sorted.slice(from, to));
}

/** What apply writes for a create or an update (made when needed: a plan of 10,000 templates stays small). */
export function writeBodyOf(c: PlanChange): TemplateWriteRequest | undefined {
  return (c.action === 'create' || c.action === 'update') && c.desired ? toWriteBody(c.desired.canonical) : undefined;
}

/** Whether `plan --detailed-exitcode` exits 2: something to create or update, or a template the channel does not approve. */
export function hasChanges(p: Plan): boolean {
  return p.summary.create + p.summary.update > 0 || attentionCount(p) > 0 || keyHeldCount(p) > 0;
}

/** How many templates the plan holds because their text holds the API key: the file and the channel differ until the key is taken out. */
export function keyHeldCount(p: Pick<Plan, 'held'>): number {
  return (p.held ?? []).filter((h) => h.kind === 'key').length;
}

/** How many planned templates the channel does not approve (REJECTED, PAUSED, DISABLED, ...). */
export function attentionCount(p: Plan): number {
  return p.changes.filter((c) => c.needsAttention && c.action !== 'orphan').length;
}

/**
 * The templates whose copy on the channel is in review (PENDING, or an appeal's IN_APPEAL: review-state.ts IN_REVIEW),
 * updated or not: not sendable until approved. A plan names them (trial-bf F2: one left PENDING for days read as "No
 * changes ... matches its file"), though one PENDING is no change for --detailed-exitcode (a review under way is no drift).
 */
export function inReviewOf(p: Pick<Plan, 'changes'>): PlanChange[] {
  return p.changes.filter((c) => (c.action === 'noop' || c.action === 'update') && c.remoteStatus !== undefined && IN_REVIEW.has(c.remoteStatus));
}

/** What the `!` line of an update apply does not attempt starts with (then why: applyRefusal). */
export const APPLY_SKIPS = 'apply does not attempt this update: ';
/** What the `!` line of an update of a template in review starts with in a plan --wait (PlanChange.afterReview; then why not before). */
export const APPLY_WAITS = 'apply --wait writes this update once the review ends: ';

/** How many of the plan's updates apply does not attempt (PlanChange.applySkips): counted apart from those it writes; the plan exits 5 when there are any. */
export function applySkipCount(p: Pick<Plan, 'changes'>): number {
  return p.changes.filter((c) => c.action === 'update' && c.applySkips !== undefined).length;
}

/** How many of the updates a plan --wait counts as written once their review ends (PlanChange.afterReview): apply --wait waits for it. */
export function afterReviewCount(p: Pick<Plan, 'changes'>): number {
  return p.changes.filter((c) => c.action === 'update' && c.afterReview !== undefined).length;
}

/** How many of the updates apply skips are of templates in review, which apply --wait writes once the review ends (PlanChange.waitsForReview). */
export function reviewSkipCount(p: Pick<Plan, 'changes'>): number {
  return p.changes.filter((c) => c.action === 'update' && c.applySkips !== undefined && c.waitsForReview).length;
}

/**
 * Pure: a plan of the files against the templates of the files at a git ref (as those files have
 * them), for when the channel cannot be read: what a merge would change since that ref.
 */
export function planAgainstBase(desired: readonly DesiredTemplate[], base: ReadonlyMap<string, FileTemplate>, orphans: readonly { channel: string; name: string; language: string; publicId: string; channelId: string; file?: string; template: FileTemplate }[] = [], ref = 'the base'): Plan {
  const changes: PlanChange[] = desired.map((d) => {
    const c = d.canonical;
    const before = base.get(c.templateId);
    const prev = before?.canonical;
    const common = { channel: d.channel, name: c.name, language: c.language, publicId: c.templateId, channelId: c.channelId, file: d.file, fileHash: d.fileHash, remoteFingerprint: 'base', desired: viewOf(d) };
    if (!prev) return { ...common, action: 'create' as const };
    const diff = diffTemplates(c, prev);
    if (prev.category && c.category && prev.category !== c.category) diff.unshift({ path: 'category', before: prev.category, after: c.category });
    return { ...common, action: diff.length ? 'update' as const : 'noop' as const, ...(diff.length ? { changes: diff } : {}), remote: before };
  });
  // a file the base had and the files have no more: what the channel would keep (the API has no delete)
  for (const o of orphans) {
    changes.push({
      channel: o.channel, name: o.name, language: o.language, publicId: o.publicId, channelId: o.channelId, action: 'orphan',
      ...(o.file ? { file: o.file } : {}), remoteFingerprint: 'base', remote: o.template,
      attention: [`removed from the files since ${ref}; the API has no delete, so once merged the channel keeps it: remove it in the console if it should go`],
    });
  }
  changes.sort(compareTemplates);
  const summary = { create: 0, update: 0, noop: 0, orphan: 0 };
  for (const c of changes) summary[c.action]++;
  return { version: 1, changes, summary };
}
