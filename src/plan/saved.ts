// A saved plan (`plan --out FILE`): what apply will write, with a hash of each file and a
// fingerprint of what each read returned, so that apply can refuse a plan that went stale.
import { jsonDepthProblem } from '../core/json-depth.js';
import { adviceCommand } from '../core/advice.js';
import type { TemplateReadResponse, TemplateWriteRequest } from '../api/shapes.js';
import { canonicalJson, diffTemplates, editsWhatsApp, fromWriteBody } from '../model/canonical.js';
import { templateKey } from '../model/ids.js';
import { contentFingerprint, fingerprint, HELD_FOR_REVIEW, sha256, writeBodyOf, type Action, type HeldTemplate, type Plan } from './plan.js';
import { asIdentifier, identifierFields, redact, REDACTED, SECRET_VALUE_MASK } from '../core/redact.js';
import { isApprovedState } from '../core/template-state.js';

/** `x` (a write body) with its name and language, the body's and each nested chatapp's, marked as identifiers: never masked as a secret value equal to one */
function markedBody<T>(x: T): T {
  if (!x || typeof x !== 'object' || Array.isArray(x)) return x;
  const o = { ...(x as Record<string, unknown>) };
  for (const k of ['name', 'language']) if (typeof o[k] === 'string') o[k] = asIdentifier(o[k] as string);
  if (o.chatapp !== undefined) o.chatapp = markedBody(o.chatapp);
  return o as T;
}

/**
 * A write body as a saved plan keeps it: a secret value of the environment as `(secret)` (the
 * plan is a review artifact, and a file). Apply builds the body again from the files, with the
 * secret read from its environment variable then, and compares the two in this form.
 */
export function shownBody(body: TemplateWriteRequest): TemplateWriteRequest {
  const text = JSON.stringify(markedBody(body));
  const shown = redact(text);
  return shown === text ? body : JSON.parse(shown) as TemplateWriteRequest;
}

export const PLAN_FORMAT = 'tplsync-plan';

export interface SavedChange {
  channel: string; name: string; language: string; publicId: string; channelId: string; action: Action;
  file?: string;
  fileHash?: string;
  /** the environment values its file refers to, ((name)), each as a digest (project/values.ts valueDigests): a template the plan leaves as it is compiles to another body when one changed */
  values?: Record<string, string>;
  desiredHash?: string;
  remoteFingerprint: string;
  /** a template the plan does not write (noop, orphan), or an update refused until its review ends: the hash of its read without its review state; a review that ends (PENDING → APPROVED) leaves the plan as it was */
  remoteContent?: string;
  remoteStatus?: string;
  /** an update of a template the channel has approved as this category, not the file's: the channel refuses it (apply does not attempt it) */
  remoteCategory?: string;
  /** the template on the channel is RCS-only (WhatsApp's refusals of edits in review are not its) */
  rcsOnly?: true;
  /** an update of only what WhatsApp never sees (the description, the RCS message): no edit of the WhatsApp template, written while it is in review */
  partnerOnly?: true;
  /** the channel's copy holds components of these types, which no file can hold: the write would delete them (apply does not attempt it) */
  unknownComponents?: string[];
  body?: TemplateWriteRequest;
}

export interface SavedPlan {
  format: typeof PLAN_FORMAT;
  version: 1;
  createdAt: string;
  toolVersion: string;
  environment: string;
  target: string;
  summary: Plan['summary'];
  changes: SavedChange[];
  /** sha256 of the plan's environment, target, summary and entries: an entry removed, added, duplicated or relabelled by hand shows */
  digest?: string;
  /** a promotion (`tplsync promote --out`): the source environment and what it approved; apply refuses the plan when that moved */
  source?: SavedSource;
  /**
   * the folder the entries' `file` paths are relative to (the directory the plan was made in),
   * relative to the config's folder, with `/`: apply finds the files wherever it is run from
   * (a plan made without it: relative to apply's working directory)
   */
  base?: string;
  /** what the plan held back when it was made (a read that failed, a file that holds its template back): apply writes none of them and says so */
  held?: HeldTemplate[];
  /**
   * planned as `apply --wait` runs it (plan --wait --out): an edit of a template in review was counted as written once the
   * review ends. Apply without --wait skips such an edit (exit 5) and says the plan was made for --wait.
   */
  wait?: true;
}

/** What a saved promotion records of its source. */
export interface SavedSource {
  environment: string;
  target: string;
  /** every template the promotion let through, with the fingerprint of its read in the source */
  templates: { channel: string; name: string; language: string; publicId: string; channelId: string; fingerprint: string }[];
}

/** Pure: the digest a saved plan carries of what it plans. */
export function planDigest(p: Pick<SavedPlan, 'environment' | 'target' | 'summary' | 'changes' | 'source' | 'base' | 'held' | 'toolVersion' | 'createdAt' | 'wait'>): string {
  return sha256(canonicalJson({ environment: p.environment, target: p.target, summary: p.summary, changes: p.changes, toolVersion: p.toolVersion, createdAt: p.createdAt, ...(p.source ? { source: p.source } : {}), ...(p.base !== undefined ? { base: p.base } : {}), ...(p.held?.length ? { held: p.held } : {}), ...(p.wait ? { wait: true } : {}) }));
}

/**
 * Pure: what is wrong with a saved plan as a whole (a plan is checked whole, never entry by
 * entry alone): its digest, one entry per template, and its summary agreeing with its entries.
 * Any problem means the plan was edited after it was made; nothing of it is applied.
 */
export function wholePlanProblems(saved: SavedPlan, current?: string): Staleness[] {
  const out: Staleness[] = [];
  // a promotion is made again by promote (its source's approvals checked again), a plan by plan
  const remake = saved.source ? `\`tplsync promote --from ${saved.source.environment} --to ${saved.environment} --out FILE\`` : `\`${adviceCommand('plan --out FILE', saved.environment)}\``;
  const edited = `the plan was edited after it was made; make it again with ${remake}`;
  // a plan is applied by the tplsync that made it (what a file compiles to, and what a plan records, change between versions)
  if (current !== undefined && saved.toolVersion !== current) {
    const made = typeof saved.toolVersion === 'string' ? `tplsync ${saved.toolVersion}` : `no tplsync version (its "toolVersion" is ${saved.toolVersion === undefined ? 'missing' : `${JSON.stringify(saved.toolVersion)}, not a version`})`;
    const by = typeof saved.toolVersion === 'string' ? `was made by tplsync ${saved.toolVersion}` : `names no tplsync version that made it (its "toolVersion" is ${saved.toolVersion === undefined ? 'missing' : `${JSON.stringify(saved.toolVersion)}, not a version`})`;
    out.push({ key: '(plan)', what: `it was made by ${made}, and this is tplsync ${current}, which applies only the plans it makes: make it again with ${remake}`, headline: `the plan ${by}; this is tplsync ${current}, which applies only the plans it makes: nothing was written` });
    return out;
  }
  if (saved.digest !== planDigest(saved)) out.push({ key: '(plan)', what: `its entries do not match its digest: ${edited}` });
  const seen = new Set<string>();
  for (const c of saved.changes) {
    const id = c.publicId.toLowerCase();
    if (seen.has(id)) out.push({ key: templateKey(c), what: `template ${c.publicId} has more than one entry: ${edited}` });
    seen.add(id);
  }
  const counted = { create: 0, update: 0, noop: 0, orphan: 0 };
  for (const c of saved.changes) counted[c.action]++;
  if ((['create', 'update', 'noop', 'orphan'] as const).some((k) => saved.summary?.[k] !== counted[k])) {
    out.push({ key: '(plan)', what: `its summary does not count its entries: ${edited}` });
  }
  return out;
}

export function toSaved(plan: Plan, meta: { environment: string; target: string; toolVersion: string; now: Date; source?: SavedSource; base?: string; wait?: boolean }): SavedPlan {
  // the plan as its file holds it: every text masked as the output is (its identifiers, marked, as the output gate
  // takes them: never masked as a secret value; the file is written as it is, masked here), before its digest is taken. A digest of the unmasked entries did not match the file once a text of it was
  // masked (a name, a held reason), and apply refused the plan as edited.
  const saved = redactedDeep({ ...toSavedEntries(plan, meta), ...(meta.source ? { source: meta.source } : {}), ...(meta.base !== undefined ? { base: meta.base } : {}), ...(meta.wait ? { wait: true as const } : {}),
    ...(plan.held?.length ? { held: plan.held.map((h) => ({ ...identifierFields({ channel: h.channel, name: h.name, language: h.language, file: h.file }), reasons: h.reasons, ...(h.kind ? { kind: h.kind } : {}) })) } : {}) });
  return { ...saved, digest: planDigest(saved) };
}

/** Pure given the registry: `v` with every string in it (keys too) masked by `redact`, the same shape */
function redactedDeep<T>(v: T): T {
  const walk = (x: unknown): unknown => {
    if (typeof x === 'string') return redact(x);
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, y]) => [redact(k), walk(y)]));
    return x;
  };
  return walk(v) as T;
}

/** what a mask leaves in a text: `(secret)` for a whole secret value, `[redacted]` for a piece of one */
const MASKS = new RegExp(`${SECRET_VALUE_MASK.replace(/[()]/g, '\\$&')}|${REDACTED.replace(/[[\]]/g, '\\$&')}`);

/**
 * Whether `text` is `parts` (the texts around a plan's masks) in order with at least one character
 * in place of each mask: the first at the start, the last at the end, each other at the first place
 * it is found (the earliest leaves the most room to the rest, so no other placement can fit where
 * it does not). Linear, unlike a pattern with a wildcard per mask.
 */
function masksCover(parts: readonly string[], text: string): boolean {
  if (parts.length === 1) return parts[0] === text;
  const first = parts[0]!;
  const last = parts[parts.length - 1]!;
  if (!text.startsWith(first)) return false;
  let at = first.length;
  for (const p of parts.slice(1, -1)) {
    const i = text.indexOf(p, at + 1);
    if (i < 0) return false;
    at = i + p.length;
  }
  return text.length - last.length >= at + 1 && text.endsWith(last);
}

/**
 * Pure: whether the body a saved plan holds is `built` (what the files compile to now, shown as
 * apply shows it) as it was shown when the plan was made. The plan's masks depend on what that run
 * knew to be a secret beside the environment's values (the channel's copies, the files at --base),
 * which apply, building the body from the files, does not know: each `(secret)` or `[redacted]` of
 * the plan's texts stands for any text of the built one there; everything else must be the same.
 * (The plan never holds a secret value, so nothing finer can be compared; apply writes the built
 * body, never the plan's.)
 */
export function sameAsShown(planned: unknown, built: unknown): boolean {
  if (typeof planned === 'string') {
    if (typeof built !== 'string') return false;
    if (planned === built) return true;
    return masksCover(planned.split(new RegExp(MASKS.source, 'g')), built);
  }
  if (Array.isArray(planned)) return Array.isArray(built) && planned.length === built.length && planned.every((x, i) => sameAsShown(x, built[i]));
  if (planned && typeof planned === 'object') {
    if (!built || typeof built !== 'object' || Array.isArray(built)) return false;
    const a = Object.keys(planned).sort();
    const b = Object.keys(built).sort();
    return a.length === b.length && a.every((k, i) => k === b[i] && sameAsShown((planned as Record<string, unknown>)[k], (built as Record<string, unknown>)[k]));
  }
  return planned === built;
}

function toSavedEntries(plan: Plan, meta: { environment: string; target: string; toolVersion: string; now: Date }): SavedPlan {
  return {
    format: PLAN_FORMAT, version: 1, createdAt: meta.now.toISOString(), toolVersion: meta.toolVersion,
    environment: meta.environment, target: meta.target, summary: plan.summary,
    changes: plan.changes.map((c) => {
      const written = writeBodyOf(c);
      const body = written && shownBody(written);
      const category = c.action === 'update' && isApprovedState(c.remoteStatus) ? c.changes?.find((x) => x.path === 'category') : undefined;
      return {
        // its identifiers never masked as a secret value that equals one (redactedDeep: the output gate's marks)
        ...identifierFields({ channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, channelId: c.channelId }), action: c.action,
        ...(c.file ? { file: identifierFields({ file: c.file }).file } : {}), ...(c.fileHash ? { fileHash: c.fileHash } : {}), ...(c.values ? { values: { ...c.values } } : {}),
        remoteFingerprint: c.remoteFingerprint, ...(c.remoteContent && (c.action === 'noop' || c.action === 'orphan' || (c.action === 'update' && HELD_FOR_REVIEW.has(c.remoteStatus ?? ''))) ? { remoteContent: c.remoteContent } : {}), ...(c.remoteStatus ? { remoteStatus: c.remoteStatus } : {}),
        // what apply needs to know the channel's certain refusals, as a plan just made knows them (its reads and changes)
        ...(category ? { remoteCategory: String(category.before) } : {}), ...(c.remote?.canonical.rcsOnly ? { rcsOnly: true as const } : {}),
        ...(c.action === 'update' && c.changes?.length && !editsWhatsApp(c.changes) ? { partnerOnly: true as const } : {}),
        ...(c.action === 'update' && c.remote?.canonical.unknownComponents?.length ? { unknownComponents: [...c.remote.canonical.unknownComponents] } : {}),
        // (the body's identifiers marked for redactedDeep, which takes the marks out: its digest is of the body as the file holds it)
        ...(body ? { body: markedBody(body), desiredHash: sha256(canonicalJson(body)) } : {}),
      };
    }),
  };
}

const ACTIONS: ReadonlySet<string> = new Set(['create', 'update', 'noop', 'orphan']);
const HOW = 'make one with `tplsync plan --out FILE`, or a promotion with `tplsync promote --from ENV --to ENV --out FILE`';

/** An error message when `v` is not a saved plan this version can apply. */
export function checkSaved(v: unknown): string | undefined {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return `not a tplsync plan: ${Array.isArray(v) ? 'a JSON array' : 'not a JSON object'} (${HOW})`;
  const p = v as Partial<SavedPlan> & Record<string, unknown>;
  if (p.format !== PLAN_FORMAT) {
    if (isRenderedPlan(p)) return RENDERED;
    return `not a tplsync plan: it has no "format": "${PLAN_FORMAT}" (${HOW})`;
  }
  if (p.version !== 1) return `not a tplsync plan this tplsync can apply: plan format version ${JSON.stringify(p.version)} (this tplsync reads version 1; ${HOW})`;
  if (!Array.isArray(p.changes)) return `not a tplsync plan: "changes" is ${p.changes === undefined ? 'missing' : 'not a list'} (${HOW})`;
  if (typeof p.environment !== 'string') return `not a tplsync plan: "environment" is missing (${HOW})`;
  if (p.held !== undefined && (!Array.isArray(p.held) || (p.held as unknown[]).some((h) => !h || typeof h !== 'object' || (['channel', 'name', 'language'] as const).some((k) => typeof (h as Record<string, unknown>)[k] !== 'string') || !Array.isArray((h as Record<string, unknown>).reasons)))) return `not a tplsync plan: "held" is not a list of held templates (${HOW})`;
  if (p.wait !== undefined && p.wait !== true) return `not a tplsync plan: "wait" is ${JSON.stringify(p.wait)}, not true (${HOW})`;
  if (p.base !== undefined && (typeof p.base !== 'string' || p.base.startsWith('/') || /^[A-Za-z]:/.test(p.base))) return `not a tplsync plan: "base" is not a folder relative to the config's (${HOW})`;
  if (p.source !== undefined) {
    const src = p.source as unknown as Record<string, unknown> | null;
    if (!src || typeof src !== 'object' || typeof src.environment !== 'string' || typeof src.target !== 'string' || !Array.isArray(src.templates)
      || (src.templates as unknown[]).some((t) => !t || typeof t !== 'object' || (['publicId', 'channelId', 'fingerprint', 'channel', 'name', 'language'] as const).some((k) => typeof (t as Record<string, unknown>)[k] !== 'string'))) {
      return `not a tplsync plan: "source" is not a promotion's source (${HOW})`;
    }
  }
  for (const [i, c] of (p.changes as unknown[]).entries()) {
    const x = c as Record<string, unknown> | null;
    const bad = !x || typeof x !== 'object' ? 'is not an object'
      : (['channel', 'name', 'language', 'publicId', 'channelId', 'remoteFingerprint'] as const).find((k) => typeof x[k] !== 'string')
        ?? (typeof x.action !== 'string' || !ACTIONS.has(x.action) ? 'action' : undefined);
    if (bad) return `not a tplsync plan: changes[${i}] ${bad === 'is not an object' ? bad : `has no valid "${bad}"`} (${HOW})`;
    // a create is of a template the channel did not have, any other action of one it had: a plan saying otherwise was edited
    if ((x!.action === 'create') !== (x!.remoteFingerprint === 'absent')) return `not a tplsync plan: changes[${i}] is a ${String(x!.action)} of a template the channel ${x!.remoteFingerprint === 'absent' ? 'did not have' : 'had'} when the plan was made: a plan makes no such entry (${HOW})`;
  }
  return undefined;
}

const RENDERED = 'this is a rendered plan (from `tplsync plan --format json` or `--output`), meant for reading, not a saved plan; save one to apply with `tplsync plan --out FILE`';

/** The JSON rendering of a plan (renderJson): changes and summary, but no format marker. */
function isRenderedPlan(v: Record<string, unknown>): boolean {
  return Array.isArray(v.changes) && !!v.summary && typeof v.summary === 'object' && v.format === undefined;
}

export type PlanFileKind =
  | { kind: 'saved'; plan: SavedPlan }
  /** a file that is not a saved plan: why (exit 3) */
  | { kind: 'not-a-plan'; reason: string }
  /** not JSON and not a plan rendering: a template file, for a name that says so */
  | { kind: 'other' };

/**
 * Pure: is this text a saved plan? Decided by the content: a JSON object with the format marker is
 * a plan whatever the file is called; the text, JSON and Markdown renderings of a plan are named as
 * such; anything else is "not a tplsync plan" unless the file's name says it is a template
 * (`.yaml`, `.yml`), which is then linted as one.
 */
export function classifyPlanText(text: string, fileName: string): PlanFileKind {
  const t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const templateName = /\.ya?ml$/i.test(fileName);
  const head = t.trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    let v: unknown;
    try { v = JSON.parse(t); } catch (e) {
      return templateName ? { kind: 'other' } : { kind: 'not-a-plan', reason: `not a tplsync plan: not JSON (${(e as Error).message}; ${HOW})` };
    }
    if (templateName && !(v && typeof v === 'object' && !Array.isArray(v) && ((v as { format?: unknown }).format === PLAN_FORMAT || isRenderedPlan(v as Record<string, unknown>)))) return { kind: 'other' };
    // the checks, the digest and the staleness walk a plan recursively: one nested past any plan's depth is refused first
    const deep = jsonDepthProblem(v);
    if (deep) return { kind: 'not-a-plan', reason: `not a tplsync plan: it ${deep} (${HOW})` };
    const err = checkSaved(v);
    return err ? { kind: 'not-a-plan', reason: err } : { kind: 'saved', plan: v as SavedPlan };
  }
  // the text and Markdown renderings end with this note, and the Markdown one starts with its heading
  if (/^(<!--[^\n]*-->\n)?## tplsync plan: /.test(head) || /^(Plan for \S+: \d+ to create, \d+ to update|No changes\. \d+ templates? in \S+ match|No changes to the content, but not in sync: )/m.test(t)) {
    return { kind: 'not-a-plan', reason: RENDERED };
  }
  if (templateName) return { kind: 'other' };
  return { kind: 'not-a-plan', reason: `not a tplsync plan: ${head === '' ? 'the file is empty' : 'not JSON'} (${HOW})` };
}

export interface Staleness {
  key: string;
  what: string;
  /**
   * the refusal's first line when this reason leads (apply says it in place of the list's heading and this entry): the
   * plan made by another tplsync version, which no file or channel moving explains (trial-bm F3)
   */
  headline?: string;
}

/**
 * Pure: what moved since the plan, given the files' hashes now and the reads now. `written`: the
 * templates of the plan that hold what it writes now (an earlier run of this plan wrote them, and
 * was stopped or failed after): not what moved, but done, listed in `done` by publicId.
 */
export function staleness(saved: SavedPlan, now: { fileHash: (file: string) => string | undefined; values?: (names: readonly string[]) => Readonly<Record<string, string>>; read: (id: string) => TemplateReadResponse | null; written?: (c: SavedChange, r: TemplateReadResponse) => 'done' | 'differs' | 'not approved' | undefined }, done: string[] = [],
  /** out: the publicIds of updates the plan held for a review ("apply it then") whose review ended in approval, their content as planned: written now, as APPROVED */
  approved: string[] = []): Staleness[] {
  const out: Staleness[] = [];
  for (const c of saved.changes) {
    const key = templateKey(c);
    let fileMoved = false;
    if (c.file && c.fileHash) {
      const h = now.fileHash(c.file);
      if (h === undefined) out.push({ key, what: `${c.file} was deleted since the plan` });
      else if (h !== c.fileHash) out.push({ key, what: `${c.file} changed since the plan` });
      fileMoved = h !== c.fileHash;
    }
    // a template the plan leaves as it is, whose file is as planned, refers to a value the config changed since: it compiles
    // to another body now, which the plan never showed (a create or update is rebuilt and compared whole: checkBodies)
    if (!fileMoved && c.action === 'noop' && c.values && now.values) {
      const names = Object.keys(c.values);
      const current = now.values(names);
      const changed = names.filter((n) => current[n] !== c.values![n]);
      if (changed.length) out.push({ key, what: `${changed.length === 1 ? 'a value it uses' : 'values it uses'} (${changed.map((n) => `((${n}))`).join(', ')}) changed in the config since the plan, so ${c.file ?? 'its file'} compiles to another body than the channel's, which the plan did not show` });
    }
    const r = now.read(c.publicId);
    const fp = fingerprint(r);
    // a template the plan does not write whose content is as planned: its review ending (PENDING → APPROVED), or its
    // quality or standing changing, moves nothing the plan writes (a written template's status still makes it stale)
    if (fp !== c.remoteFingerprint && r && c.remoteContent && (c.action === 'noop' || c.action === 'orphan') && contentFingerprint(r) === c.remoteContent) continue;
    // an update the plan said was refused until the review ends ("apply it then"): the review ended in approval, and the
    // channel's content is as planned, so the write is the one reviewed (the plan's own advice leads here). Another end
    // (REJECTED: a reason to read; PAUSED, DISABLED) or another content still makes it stale.
    if (fp !== c.remoteFingerprint && r && !fileMoved && c.action === 'update' && c.remoteContent && HELD_FOR_REVIEW.has(c.remoteStatus ?? '')
      && r.statusText === 'APPROVED' && contentFingerprint(r) === c.remoteContent) { approved.push(c.publicId); continue; }
    // the same update, its review ended in a rejection: stale all the same (decided: the rejection's reason is news the
    // plan's reviewer has not read, and the update may not answer it), said as such, with the new plan that shows it
    if (fp !== c.remoteFingerprint && r && !fileMoved && c.action === 'update' && c.remoteContent && HELD_FOR_REVIEW.has(c.remoteStatus ?? '')
      && r.statusText === 'REJECTED' && contentFingerprint(r) === c.remoteContent) {
      out.push({ key, what: `the review the plan held this update for ended in a rejection (status ${c.remoteStatus} → REJECTED${r.rejectionReason ? `: ${r.rejectionReason}` : ''}), which the plan's reviewer has not seen; WhatsApp takes an edit of a REJECTED template, so a new plan shows the update with the rejection's reason, to apply once reviewed` });
      continue;
    }
    const against = fp !== c.remoteFingerprint && r && !fileMoved ? now.written?.(c, r) : undefined;
    if (against === 'done') { done.push(c.publicId); continue; }
    if (fp !== c.remoteFingerprint) {
      // compared with what the plan writes: another text (someone's edit), or the plan's own text in a state that is not done
      const also = against === 'differs' ? ', and is not what the plan writes' : against === 'not approved' ? ', with the text the plan writes, and is not in review or approved' : '';
      out.push({
        key, what: c.remoteFingerprint === 'absent' ? `the template now exists on the channel (${r!.statusText})${also}`
          : !r ? 'the template is gone from the channel'
            : `the template on the channel changed${c.remoteStatus && c.remoteStatus !== r.statusText ? ` (status ${c.remoteStatus} → ${r.statusText})` : ''}${also}`,
      });
    }
  }
  return out;
}

/** What the files compile to now, for one template of a saved plan (or why there is nothing). */
/** `values`: the environment values the file refers to, ((name)) (the body changes with them, the file not) */
export type Rebuilt = { ok: true; channelId: string; publicId: string; body: TemplateWriteRequest; values?: readonly string[] } | { ok: false; why: string };

/**
 * Pure: the writes of a saved plan, each checked against what its file compiles to now. A plan is
 * a review artifact: apply writes only the files' bodies, never a body taken from the plan, and
 * refuses (nothing written) when a body, its digest or its target differs from the plan's.
 */
export function checkBodies(saved: SavedPlan, rebuild: (c: SavedChange) => Rebuilt, current?: string): { writes: (SavedChange & { body: TemplateWriteRequest })[]; problems: Staleness[] } {
  const writes: (SavedChange & { body: TemplateWriteRequest })[] = [];
  const problems: Staleness[] = wholePlanProblems(saved, current);
  if (problems.length && current !== undefined && saved.toolVersion !== current) return { writes, problems };
  for (const c of saved.changes) {
    if (c.action !== 'create' && c.action !== 'update') continue;
    const key = templateKey(c);
    if (!c.file || !c.fileHash) { problems.push({ key, what: `the plan has a ${c.action} with no file to build it from` }); continue; }
    const r = rebuild(c);
    if (!r.ok) { problems.push({ key, what: r.why }); continue; }
    if (r.publicId !== c.publicId.toLowerCase() || r.channelId !== c.channelId.toLowerCase()) {
      problems.push({ key, what: `${c.file} is template ${r.publicId} in channel ${r.channelId}, not the plan's ${c.publicId} in ${c.channelId}` });
      continue;
    }
    const shown = shownBody(r.body);
    // the plan's body against what the files compile to now (its masks aside: sameAsShown), then against its own digest
    if (c.body === undefined || !sameAsShown(c.body, shown)) {
      // the file is unchanged (its hash was checked): a value it refers to moved since, or the plan was edited
      const moved = r.values?.length ? `; ${c.file} is unchanged, so a value it uses (${r.values.map((v) => `((${v}))`).join(', ')}) changed in the config or in its variable since the plan, or the plan was edited after it was made` : '; the plan was edited after it was made';
      problems.push({ key, what: `the plan's body is not what ${c.file} compiles to${where(c.body, shown, c)}${moved}` });
    } else if (c.desiredHash !== sha256(canonicalJson(c.body))) {
      problems.push({ key, what: `the plan's digest of the body does not match it; the plan was edited after it was made` });
    } else writes.push({ ...c, body: r.body });
  }
  return { writes, problems };
}

/** " (at body.text, footer)": where two bodies differ, when both can be read as templates. */
function where(planned: TemplateWriteRequest | undefined, built: TemplateWriteRequest, c: SavedChange): string {
  if (planned === undefined) return ' (the plan has no body)';
  try {
    const d = diffTemplates(fromWriteBody(planned, c.channelId, c.publicId), fromWriteBody(built, c.channelId, c.publicId));
    return d.length ? ` (at ${d.map((x) => x.path).join(', ')})` : '';
  } catch { return ''; }
}
