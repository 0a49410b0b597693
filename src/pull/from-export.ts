// Pull from a platform's own export (Meta's Graph API JSON, Twilio's Content API JSON): each
// template becomes a template file by pull's own writing path (modeline, note, canonical layout,
// temp file + rename, lint of what was written). A template the file format cannot carry is listed
// by template and field and not written; one that already lives in a file is reported, not
// duplicated.
import { existsSync, statSync } from 'node:fs';
import { inFileForm, keepComments } from './keep-comments.js';
import { formatTemplate } from '../fmt/format.js';
import path from 'node:path';
import { schemaModelinePath, type Config, type EnvironmentConfig } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { UsageError } from '../core/errors.js';
import { jsonDepthProblem } from '../core/json-depth.js';
import { throwIfInterrupted } from '../core/interrupt.js';
import { categoryComment, type CategorySource, type FormatIssue, type ImportedTemplate } from '../formats/meta.js';
import { existingFiles } from '../plan/existing.js';
import { isDeletedState } from '../core/template-state.js';
import { listingPage, pagesNotGiven, type ListingPage } from '../formats/pages.js';
import { templateId } from '../model/ids.js';
import type { ChannelKind } from '../model/meta.js';
import { flatFlowButtons, flowsFlat, flowsNested, safeFileName } from '../model/to-file.js';
import { templateExtension } from '../files/extension.js';
import { templateFileText } from './file-text.js';
import { FileCreated, startWritingFiles, writeOver, type BatchFile } from '../files/write.js';
import { lintWritten } from './lint-written.js';
import { startWritingNewFolder } from '../files/write-dir.js';
import { io, resolvePath } from '../core/io.js';
import { escapeLiteralReferences, templateReferences } from '../model/values.js';
import { lostPlainReferences, markedTemplate, refersToSecret, requireSecretValues, valuesAsReferences } from '../project/values.js';
import { remnantsAsReferences } from '../model/remnants.js';
import { positionalNamesBack, type NamesKept, type SampleChange } from './positional-names.js';
import { alignedTo, urlSamplesInFileForm } from '../project/references-back.js';
import { addSecret, MIN_SECRET_LENGTH, redact } from '../core/redact.js';
import { canonicalJson, fromFile } from '../model/canonical.js';
import { readRegularFile } from '../core/read-regular.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { recordAfterReplace } from '../translations/units.js';
import { inTemplateGlobs } from './in-globs.js';
import { metaCdnLink, metaCdnLinkSaid } from '../model/meta-cdn.js';

/** An export file is one JSON document; 6,000 templates of Meta's limit take a few MB. */
export const MAX_EXPORT_BYTES = 256 * 1024 * 1024;

export type ExportFormat = 'meta' | 'twilio';

export interface ExportPullRequest {
  format: ExportFormat; files: readonly string[]; channel: string; channelId: string; dir: string; force: boolean; cwd: string; note: string;
  /** `dir` was named (--dir): a template is written there even when a project file holds it (a second file); else over that file */
  dirGiven?: boolean;
  /** the category of a template whose export carries none (Twilio keeps it with the approval request; a Meta listing fetched without `category` in fields=) */
  category?: string;
  /** --names-from meta FILE...: the names of the templates' numbered placeholders from a Meta export of them, by `name\0language` (names-from.ts) */
  namesFrom?: ReadonlyMap<string, Record<string, unknown>>;
  /** a signal (Ctrl-C) received while the exports are read and the files made: nothing is written */
  signal?: AbortSignal;
  /**
   * the moment pull runs at (the CLI's, whose day `note` says): a signed media link of Meta's CDN whose expiry has passed by
   * then is said as expired; without it, each is said by the day the link names
   */
  now?: Date;
  /** called with each file's path once pull has looked at it, before the files are written (a test's moment: another program saving one meanwhile) */
  beforeWrite?: (abs: string) => void;
}

export type ExportOutcome =
  /** leftOut: what the file does not carry (listed; exit 1); toAdd: what the file needs and the export does not say (listed with what to add; exit 1) */
  /** renumbered: Twilio's variable numbers that are other numbers in the file (said; exit 0) */
  /** otherValues: references of the file kept where the export holds another environment's value of them (said; exit 0) */
  /** notes: said of it, no finding (exit 0): a setting Meta keeps that the file does not carry, a media sample that is a signed link of Meta's CDN, a file's own sample kept */
  | { kind: 'written'; source: string; file: string; name: string; language: string; leftOut?: FormatIssue[]; toAdd?: FormatIssue[]; renumbered?: FormatIssue[]; notes?: FormatIssue[]; alsoIn?: string; alsoInLinted?: boolean; otherValues?: { environment: string; names: string[] }[]; lostReferences?: { name: string; fields: string[] }[];
    /** translated texts the export's copy replaced: their translated_from hash written as unknown */
    sourceUnknown?: { language: string; fields: string[] };
    /** the file it replaced named its placeholders, and the export numbers them where their names are not certain: the file now numbers them all (the parts, and why) */
    namesLost?: NamesKept[];
    /** the export's description (Twilio's friendly_name) not written: the file's own description kept */
    descriptionNotKept?: string;
    /** --names-from: the template is not in that export, or the parts whose names are not certain (the template written numbered) */
    namesFrom?: { missing: true } | { kept: NamesKept[] } | { given: { bySamples?: string[]; byContext?: { field: string; samples: SampleChange[] }[] } };
    /** the export's review state when it is not an approved one, and its reason */
    status?: string; reason?: string }
  | { kind: 'exists'; source: string; file: string; name: string; language: string }
  /** the file changed (or, absent when pull looked, was created) between pull's look and its write: left as it is, not written (exit 1) */
  | { kind: 'changed'; source: string; file: string; name: string; language: string; created?: true }
  /** pulled over (--force) a file that already says what the export has: not written */
  | { kind: 'same'; source: string; file: string; name: string; language: string; otherValues?: { environment: string; names: string[] }[] }
  | { kind: 'elsewhere'; source: string; file: string; name: string; language: string }
  /** the template's file is not UTF-8 text (`problem`: where, and lint's `encoding` message): nothing written, --force or not (exit 1) */
  | { kind: 'not-utf8'; source: string; file: string; name: string; language: string; problem: { line: number; column: number; message: string } }
  /** the file the template would be written to is the one that holds it already (a second run of the same pull): nothing written, exit 0 */
  | { kind: 'held'; source: string; file: string; name: string; language: string;
    /** the export's copy is not what the file holds (the template changed on the platform, or in the file) */
    differs?: boolean }
  /** the same template (name and language) twice: `first` is the copy written; `states`, when the two differ in review state: the written copy's and this one's (the most advanced is written, STATUS_ORDER) */
  | { kind: 'repeated'; source: string; name: string; language: string; first: string; differs: boolean; states?: { written: string; skipped: string };
    /** how many copies of it the exports give in all (each copy not written is one outcome) */
    copies: number }
  /** the export says the platform deleted it (DELETED, PENDING_DELETION): not written, as pull --all writes none (said; exit 0) */
  | { kind: 'deleted'; source: string; name: string; language: string; status: string }
  | { kind: 'unexpressible'; source: string; name: string; language: string; issues: FormatIssue[] };

/**
 * Whether an export's template and a file's hold the same content (the keys only a file has, and
 * the order of keys, aside): the same values, or the same template as the canonical model reads
 * the two (what the platform sees, its category included) with the same placeholder names and
 * samples. A file says a thing in more than one form: a named header placeholder without a sample
 * of its own takes the body's (docs/format.md), where the export gives the header its sample.
 */
function sameTemplate(exported: Record<string, unknown>, file: Record<string, unknown>, channelId: string): boolean {
  const FILE_ONLY = new Set(['channel', 'description', 'translated_from', 'publicId', '$schema']);
  const strip = (v: Record<string, unknown>) => Object.fromEntries(Object.entries(v).filter(([k]) => !FILE_ONLY.has(k)));
  if (canonicalJson(strip(exported)) === canonicalJson(strip(file))) return true;
  const read = (v: Record<string, unknown>): string | undefined => {
    try {
      const t = fromFile(strip(v), channelId, '');
      return canonicalJson({ canonical: t.canonical, names: t.names, samples: t.samples ?? {} });
    } catch { return undefined; }
  };
  const a = read(exported);
  return a !== undefined && a === read(file);
}

/** the offset of the first byte that is not part of valid UTF-8 */
function firstInvalidUtf8(b: Uint8Array): number {
  const dec = new TextDecoder('utf-8', { fatal: true });
  let lo = 0, hi = b.length;
  // the longest prefix that decodes (a cut inside a character fails too: the answer is within 3 bytes of it)
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    try { dec.decode(b.subarray(0, mid)); lo = mid; } catch { hi = mid - 1; }
  }
  return lo;
}

/** JSON.parse with the error's place as file:line:col. */
export function parseJsonFile(file: string, rel: string): unknown {
  let size: number;
  let folder: boolean;
  try { const st = statSync(file); size = st.size; folder = st.isDirectory(); } catch { throw new UsageError(`${rel}: no such file`); }
  if (folder) throw new UsageError(`${rel} is a folder: give the export's JSON files (${rel}/*.json)`);
  if (size > MAX_EXPORT_BYTES) throw new UsageError(`${rel}: ${size} bytes, more than the ${MAX_EXPORT_BYTES} an export file may have`);
  // a FIFO or a device is refused (exit 3), never waited on or read without end
  const bytes = readRegularFile(file, { max: MAX_EXPORT_BYTES, shown: rel, what: 'an export file' });
  // UTF-16 (what Windows PowerShell 5.1's `>` writes) or bytes that are not UTF-8 (Latin-1): said, never read as U+FFFD in silence
  // UTF-16 without a byte-order mark: every other byte of its ASCII is a NUL
  const head = bytes.subarray(0, 64);
  const nuls = head.filter((b) => b === 0).length;
  // NUL bytes alone (a file of zeros, a binary file's start) are no UTF-16: its text's other bytes are not NUL
  if (head.length && nuls > head.length * 3 / 4) throw new UsageError(`${rel} is not text: ${nuls} of its first ${head.length} bytes are NUL bytes (a binary file, or one of zeros?): give the JSON the platform's API answers`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes.length >= 4 && nuls >= Math.min(bytes.length, 64) / 3)) throw new UsageError(`${rel} is UTF-16 text: save the export as UTF-8 (PowerShell: Out-File -Encoding utf8, or curl -o FILE) and pull again`);
  let text: string;
  try { text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); } catch {
    const at = firstInvalidUtf8(bytes);
    throw new UsageError(`${rel} is not UTF-8 (byte ${at} is not; Latin-1 or Windows-1252?): save the export as UTF-8 and pull again`);
  }
  // a byte-order mark before the JSON (a file saved by an editor that writes one): ignored, as RFC 8259 allows
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // a page saved in place of the API's answer (a sign-in page, an error page of a proxy)
  if (/^\s*</.test(text)) throw new UsageError(`${rel} is an HTML or XML page, not the JSON the platform's API answers (a sign-in or error page saved in place of the response?): fetch the listing again and save its JSON answer`);
  let value: unknown;
  try { value = JSON.parse(text); } catch (e) {
    const m = /position (\d+)/.exec((e as Error).message);
    // "Unexpected end of JSON input" gives no position: the file ends too soon (cut off), so at its end
    const at = m ? Number(m[1]) : /end of JSON input/.test((e as Error).message) ? text.trimEnd().length : 0;
    const before = text.slice(0, at).split('\n');
    // the parser stopped at the file's end: it ends before its JSON does ("Unexpected end of JSON input", or a position at the end)
    const cut = text.trim() !== '' && at >= text.trimEnd().length ? ' (the file ends before its JSON does: cut off while it was saved or copied?)' : '';
    throw new UsageError(`${rel}:${before.length}:${before[before.length - 1]!.length + 1}: not JSON: ${(e as Error).message.replace(/ in JSON at position \d+.*$/, '')}${cut}`);
  }
  // every reading of an export walks it recursively (the checks of its numbers, the mapping): bounded first
  const deep = jsonDepthProblem(value);
  if (deep) throw new UsageError(`${rel}: ${deep}`);
  return value;
}

/** The templates of one export file in the file format's terms. */
type Imported = ImportedTemplate & CategorySource & { leftOut?: FormatIssue[]; renumbered?: FormatIssue[]; numberedParts?: FormatIssue[];
  /** the review state the export gives, when it is not an approved one (written all the same; said) */
  status?: string; reason?: string };

const rec = (v: unknown): Record<string, unknown> | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Record<string, unknown> : undefined);
/** the state an export gives a template, when it is not approved (Meta's `status`, Twilio's WhatsApp approval `status`) */
export function notApproved(status: unknown, reason: unknown): { status?: string; reason?: string } {
  // REINSTATED: approved again after a pause or an appeal
  if (typeof status !== 'string' || /^(approved|reinstated)$/i.test(status) || status === '') return {};
  return { status: status.toUpperCase(), ...(typeof reason === 'string' && reason && reason.toUpperCase() !== 'NONE' ? { reason } : {}) };
}

/**
 * The review states an export gives (Meta's `status`, Twilio's WhatsApp approval `status`), the most
 * advanced first: of a template given twice (a rejected retry beside the approved original), the copy
 * in the state first here is the one written, since it is what WhatsApp has (a state not listed
 * ranks after PENDING; of two in one state, the first given). Documented in pull.md.
 */
export const STATUS_ORDER = ['APPROVED', 'PAUSED', 'FLAGGED', 'IN_APPEAL', 'PENDING', 'RECEIVED', 'SUBMITTED', 'UNSUBMITTED', 'REJECTED', 'DISABLED', 'LIMIT_EXCEEDED', 'ARCHIVED', 'PENDING_DELETION', 'DELETED'] as const;
/** `status` as notApproved gives it (none: approved) by STATUS_ORDER: lower is more advanced */
export function statusRank(status: string | undefined): number {
  if (status === undefined) return 0;
  const i = (STATUS_ORDER as readonly string[]).indexOf(status);
  return i >= 0 ? i : STATUS_ORDER.indexOf('PENDING') + 0.5;
}

/** Why `json` is not an export of `format`, when it says so plainly: the API's error answer, or the other platform's export. */
function notAnExport(format: ExportFormat, json: unknown, rel: string): string | undefined {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const j = json as Record<string, unknown>;
  const error = typeof j.error === 'object' && j.error !== null ? j.error as Record<string, unknown> : undefined;
  if (error && typeof error.message === 'string') return `${rel} is an error answer of the Graph API, not a template listing: "${error.message}"; fetch the listing again once that is resolved`;
  if (typeof j.code === 'number' && typeof j.message === 'string' && typeof j.more_info === 'string') return `${rel} is an error answer of Twilio's API, not a Content listing: "${j.message}"; fetch the listing again once that is resolved`;
  const looksTwilio = Array.isArray(j.contents) || typeof j.types === 'object' || typeof j.friendly_name === 'string';
  const looksMeta = Array.isArray(j.data) || Array.isArray(j.components) || Array.isArray(j.waba_templates);
  if (format === 'meta' && looksTwilio && !looksMeta) return `${rel} looks like a Twilio Content export ("contents", "types"), not Meta's: pull it with --from twilio`;
  if (format === 'twilio' && looksMeta && !looksTwilio) return `${rel} looks like a Meta (WhatsApp Business) export ("data", "components"), not Twilio's: pull it with --from meta`;
  return undefined;
}

async function importedOf(format: ExportFormat, json: unknown, rel: string, category: string | undefined, channelKind?: ChannelKind, approvals?: Parameters<typeof import('../formats/twilio.js').twilioTemplates>[1]): Promise<Imported[]> {
  const not = notAnExport(format, json, rel);
  if (not) throw new UsageError(not);
  if (format === 'meta') {
    const { metaTemplates, metaToFile } = await import('../formats/meta.js');
    let items: ReturnType<typeof metaTemplates>;
    try { items = metaTemplates(json); } catch (e) { throw new UsageError(`${rel}: ${(e as Error).message}`); }
    return items.map((x) => ({ ...metaToFile(x.value, x.where, x.state, { ...(category !== undefined ? { category } : {}), file: rel }), ...notApproved(rec(x.value)?.status, rec(x.value)?.rejected_reason) }));
  }
  const { twilioTemplates, twilioToFile } = await import('../formats/twilio.js');
  let items: { where: string; value: unknown; approval?: unknown }[];
  try { items = twilioTemplates(json, approvals); } catch (e) { throw new UsageError(`${rel}: ${(e as Error).message}`); }
  return items.map((x) => {
    const wa = rec(rec(x.approval)?.whatsapp) ?? rec(x.approval);
    return { ...twilioToFile(x.value, x.where, x.approval, { ...(category !== undefined ? { category } : {}), ...(channelKind ? { channelKind } : {}) }), ...notApproved(wa?.status, wa?.rejection_reason) };
  });
}

/**
 * The ApprovalRequests answers among Twilio files given, by sid: a file that is one, or the items of
 * an array that are (jq -s of the answers, alone or among the resources). `at`: where each is (its
 * file, and `[i]` in an array); `files`: those that are one answer (no resource to read in them).
 * Two answers of one sid are refused.
 */
async function twilioApprovals(files: readonly { rel: string; json: unknown }[]): Promise<{ bySid: Map<string, unknown>; at: Map<string, { rel: string; where: string }>; files: Set<string>; used: Set<string> }> {
  const { approvalAnswersIn } = await import('../formats/twilio.js');
  const out = { bySid: new Map<string, unknown>(), at: new Map<string, { rel: string; where: string }>(), files: new Set<string>(), used: new Set<string>() };
  for (const { rel, json } of files) {
    for (const a of approvalAnswersIn(json)) {
      if (a.sid === undefined) continue;
      const other = out.at.get(a.sid);
      // the same file given twice
      if (other?.rel === rel && other.where === a.where) continue;
      const named = (x: { rel: string; where: string }) => `${x.rel}${x.where ? ` ${x.where}` : ''}`;
      if (other !== undefined) throw new UsageError(`${named({ rel, where: a.where })} and ${named(other)} are both the answer of GET /v1/Content/${a.sid}/ApprovalRequests: give one (the resource has one WhatsApp approval)`);
      out.bySid.set(a.sid, a.approval); out.at.set(a.sid, { rel, where: a.where });
      if (a.where === '') out.files.add(rel);
    }
  }
  return out;
}

/**
 * morePages: the files given that are one page of a listing whose following (after) or preceding (before) page is not among
 * them (pages.ts): their templates are written, the following pages' are not there to write.
 */
export async function pullFromExport(config: Config, environment: EnvironmentConfig, req: ExportPullRequest, onOutcome: (o: ExportOutcome) => void): Promise<{ outcomes: ExportOutcome[]; diagnostics: Diagnostic[]; morePages: ReturnType<typeof pagesNotGiven> }> {
  const out: ExportOutcome[] = [];
  const push = (o: ExportOutcome) => { out.push(o); onOutcome(o); };
  // the environment's values written back as their references, as pull writes them: a secret found by its value
  requireSecretValues(environment, 'pull --from');
  // every input is read and understood before anything is written
  const inputs: { rel: string; templates: Imported[] }[] = [];
  // what the channel is (the config's channels.<alias>.kind; a channel given by id: its alias's): an RCS channel takes RCS-only templates
  const alias = config.channels?.[req.channel] ? req.channel : Object.entries(environment.channels).find(([, id]) => id.toLowerCase() === req.channelId.toLowerCase())?.[0];
  const channelKind = alias !== undefined ? config.channels?.[alias]?.kind : undefined;
  const pages: ListingPage[] = [];
  const files = req.files.map((f) => {
    const abs = path.resolve(req.cwd, f);
    const rel = path.relative(req.cwd, abs) || f;
    // a refusal names a file outside the working directory as it was given (/dev/zero, not ../../../../dev/zero)
    return { rel, json: parseJsonFile(abs, rel.startsWith('..') && path.isAbsolute(f) ? f : rel) };
  });
  // Twilio: a resource's ApprovalRequests answer given beside the resource (GET /v1/Content/{sid}, as Twilio's tutorial
  // fetches the two) is its approval, paired by sid; one no resource given takes is refused as before
  const approvals = req.format === 'twilio' ? await twilioApprovals(files) : undefined;
  for (const { rel, json } of files) {
    if (approvals?.files.has(rel)) continue;
    inputs.push({ rel, templates: await importedOf(req.format, json, rel, req.category, channelKind, approvals) });
    const page = listingPage(req.format, rel, json);
    if (page) pages.push(page);
  }
  // an answer no resource given takes: refused, the file as a whole (an array's answers together)
  const unpaired = new Map<string, { where: string; sid: string }[]>();
  for (const [sid, { rel, where }] of approvals?.at ?? []) if (!approvals!.used.has(sid)) unpaired.set(rel, [...(unpaired.get(rel) ?? []), { where, sid }]);
  for (const [rel, list] of unpaired) {
    const json = files.find((f) => f.rel === rel)!.json;
    if (!Array.isArray(json)) await importedOf(req.format, json, rel, req.category, channelKind, approvals);
    const { approvalAnswersIn, unpairedApprovals } = await import('../formats/twilio.js');
    throw new UsageError(`${rel}: ${unpairedApprovals(list, approvalAnswersIn(json).length)}`);
  }
  // a listing's first page alone is not the channel's templates: the pages whose following page is missing
  const morePages = pagesNotGiven(req.format, pages);
  const { templates: existing, notUtf8 } = await existingFiles(config, environment, req.cwd, [req.dir]);
  // looked up by id, then by channel, name and language (findExisting's order, the first file of
  // each): a catalogue of thousands against a project of thousands is not a scan per template
  const byId = new Map<string, (typeof existing)[number]>();
  const byName = new Map<string, (typeof existing)[number]>();
  for (const e of existing) {
    if (!byId.has(e.id)) byId.set(e.id, e);
    const k = `${e.channelId}\u0000${e.name}\u0000${e.language}`;
    if (!byName.has(k)) byName.set(k, e);
  }
  const channelKey = req.channelId.toLowerCase();
  // a folder that is not there yet holds no file to overwrite
  const dirThere = existsSync(req.dir);
  // of a template given twice, the copy written: the most advanced review state (STATUS_ORDER), else the first given
  const chosen = new Map<string, { t: Imported; source: string; value: string }>();
  const copies = new Map<string, number>();
  for (const { rel, templates } of inputs) {
    for (const t of templates) {
      if (t.issues.length) continue;
      const key = `${t.name}\u0000${t.language}`;
      copies.set(key, (copies.get(key) ?? 0) + 1);
      const held = chosen.get(key);
      if (!held || statusRank(t.status) < statusRank(held.t.status)) chosen.set(key, { t, source: `${rel} ${t.where}`, value: JSON.stringify(t.value) });
    }
  }
  const written: string[] = [];
  const toWrite: BatchFile[] = [];
  const done: ExportOutcome[] = [];
  let made = 0;
  for (const { rel, templates } of inputs) {
    for (const t of templates) {
      // the event loop turns every 32 templates, so that a signal is seen while the files are made (thousands take seconds)
      if ((made++ & 31) === 0) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        throwIfInterrupted(req.signal, `stopped before writing: nothing was written (${made - 1} of the exports' templates looked at)`);
      }
      const source = `${rel} ${t.where}`;
      if (t.issues.length) { push({ kind: 'unexpressible', source, name: t.name, language: t.language, issues: t.issues }); continue; }
      const key = `${t.name}\u0000${t.language}`;
      const first = chosen.get(key)!;
      // the same template twice (two exports of one account, a rejected retry beside the approved original): said, whether
      // the two say the same, and which state decided
      if (first.t !== t) {
        const states = statusRank(t.status) !== statusRank(first.t.status) ? { written: first.t.status ?? 'APPROVED', skipped: t.status ?? 'APPROVED' } : undefined;
        push({ kind: 'repeated', source, name: t.name, language: t.language, first: first.source, differs: JSON.stringify(t.value) !== first.value, ...(states ? { states } : {}), copies: copies.get(key) ?? 2 });
        continue;
      }
      // deleted on the platform: nothing to adopt (a file would make apply create it again), as pull --all skips it
      if (isDeletedState(t.status)) { push({ kind: 'deleted', source, name: t.name, language: t.language, status: t.status! }); continue; }
      const lives = existing.length ? byId.get(templateId(req.channelId, t.name, t.language).toLowerCase()) ?? byName.get(`${channelKey}\u0000${t.name}\u0000${t.language}`) : undefined;
      // its file is there but not UTF-8: neither written over nor doubled (as pull --id: trial-bb F7)
      const unreadable = lives || !notUtf8.length ? undefined : notUtf8.find((e) => e.id === templateId(req.channelId, t.name, t.language).toLowerCase() || (e.channelId === channelKey && e.name === t.name && e.language === t.language));
      if (unreadable) { push({ kind: 'not-utf8', source, file: unreadable.file, name: t.name, language: t.language, problem: unreadable.problem }); continue; }
      // without --dir (or with the folder it is in), a template a project file holds is written over that file (as pull --id does)
      const inPlace = lives !== undefined && (!req.dirGiven || resolvePath(path.dirname(lives.abs)) === resolvePath(req.dir));
      const target = inPlace ? lives.abs : path.join(req.dir, safeFileName(t.name, t.language, (stem) => templateExtension(config, req.dir, stem)));
      const inside = path.relative(req.dir, target);
      if (!inPlace && (inside.startsWith('..') || path.isAbsolute(inside))) throw new Error('refusing to write outside the target directory');
      if (lives && resolvePath(lives.abs) !== resolvePath(target) && !req.force) {
        push({ kind: 'elsewhere', source, file: path.relative(req.cwd, lives.abs), name: t.name, language: t.language }); continue;
      }
      const here = lives !== undefined && resolvePath(lives.abs) === resolvePath(target);
      // the file's value in the export's form (a flow written flat, `flow_id:`, as `flow: { id }`): compared, and its references put back, alike
      const own = here ? flowsNested(lives.value as Record<string, unknown>) : undefined;
      // the platform's texts as the file writes them: a ((name)) in them escaped (it is text, or lint would ask for a value and plan put
      // one in its place), then each value of the environment found in them as its reference (a plain value only where the file it
      // replaces refers to it, in the same text: a literal it writes elsewhere stays literal)
      const referenced = new Set(here ? templateReferences(lives.value).map((x) => x.name) : []);
      // an export of another environment's account (production's, pulled with the default --env): where the file it replaces
      // refers to a value and the export holds another environment's value of it, the reference stays (the file serves every
      // environment) and that is said, rather than that environment's value written in its place. Every environment's values are
      // replaced in one pass, the longest first (one environment's host may be the start of another's)
      const others = referenced.size ? otherEnvironmentsValues(config, environment, referenced) : undefined;
      // (said of the values the export held where the file's references stood: not of a literal the file wrote)
      const usedOther = new Set<string>();
      // a positional export (Meta's numbered template, Twilio's numbered variables) over a file that names its placeholders, or
      // with --names-from a Meta export of the template: those names, where which number is which name is certain
      const namesSource = req.namesFrom ? req.namesFrom.get(key) : own;
      const back = positionalNamesBack(t.value, namesSource, req.namesFrom ? { numbered: 'the export', named: 'the --names-from export' } : undefined);
      // Twilio's numbers said as the names the file has for them, where it names them
      // (every part's: one Twilio numbers as the file does is said too when the file names it, a header's {{1}} become {{doctor}})
      const renumbered = [...(t.renumbered ?? []), ...(t.numberedParts ?? [])].flatMap((i) => {
        const m = i.moved ? back.named?.get(i.moved.part) : undefined;
        if (m && i.moved!.keys.every((_k, j) => m.has(String(j + 1)))) return [{ ...i, message: `${i.moved!.keys.map((k, j) => `Twilio's {{${k}}} is {{${m.get(String(j + 1))!}}}`).join(', ')} in the file (named: WhatsApp takes a named template's parameters by name)` }];
        return i.moved?.same ? [] : [i];
      });
      let escaped = escapeLiteralReferences(back.value);
      // where the file it replaces has a secret, what the export holds there (the current value, an earlier one after
      // a rotation, another environment's) is the secret's reference again, as pull writes it: never a value in clear
      let learned: ReadonlyMap<string, string> = new Map();
      if (here && refersToSecret(own!, environment)) {
        const marked = markedTemplate(own!, environment);
        if (marked) {
          const current = (ref: string): string | undefined => { const v = environment.values?.[ref]; return v && 'env' in v ? io().env[v.env] : undefined; };
          const placed = remnantsAsReferences(alignedTo(escapeLiteralReferences(marked), escaped), escaped, current);
          if (placed.unplaced.length) {
            push({ kind: 'unexpressible', source, name: t.name, language: t.language, issues: placed.unplaced.map((field) => ({ template: `${t.name}/${t.language}`, field, message: 'the file has a secret here, and the export\'s text around it differs too: what the export holds in its place cannot be told from the edit, so the template is not written (a secret is never written in clear); edit the file by hand, or apply it first and export again' })) });
            continue;
          }
          escaped = placed.value as typeof escaped;
          learned = placed.learned;
          // secrets of the output too: masked wherever they might show; another environment's value said as such
          for (const [v, n] of learned) { addSecret(v, 'value'); if (others?.values.get(v) === n) usedOther.add(`${n}\u0000${v}`); }
        }
      }
      // a URL sample the file writes as the placeholder's value alone (`A-1042` beside `((shop_host))/orders/{{1}}`) stays so where
      // the export's whole sample is that value in its URL: the export's is one environment's host, the value serves every one
      if (here) escaped = urlSamplesInFileForm(escaped, own);
      let value = valuesAsReferences(escaped, environment, undefined, own, learned, others?.values, (name, v) => { if (others?.values.get(v) === name) usedOther.add(`${name}\u0000${v}`); });
      // a ZERO_TAP button the listing gave as a URL (no zero_tap_terms_accepted there): the file it replaces attested for it at the same button
      let toAdd = t.toAdd;
      if (here && toAdd?.length) ({ value, toAdd } = keepZeroTapTerms(value, own!, toAdd));
      // a media sample the export gives as a signed link of Meta's CDN (as Meta's listing gives every one) where the file it
      // replaces has a sample of its own: the file's kept, never turned back into a link that expires
      let keptSamples: FormatIssue[] = [];
      if (here) ({ value, kept: keptSamples } = keepOwnMediaSamples(value, own!, `${t.name}/${t.language}`, req.now));
      const found = (others?.byEnvironment ?? []).map(({ environment: env, values }) => ({ environment: env, names: [...values].filter(([name, v]) => usedOther.has(`${name}\u0000${v}`)).map(([name]) => name) })).filter((x) => x.names.length);
      const fromOthers = found.length ? { found } : undefined;
      if (here && !req.force) {
        // the same template in both (a second run of the same pull), or one side changed since
        const differs = !sameTemplate(value, own!, req.channelId);
        push({ kind: 'held', source, file: path.relative(req.cwd, target), name: t.name, language: t.language, ...(differs ? { differs } : {}) });
        continue;
      }
      // pulled over a file that already says what the export has: left as it is, byte for byte (as pull --id leaves one)
      if (here && sameTemplate(value, own!, req.channelId)) { push({ kind: 'same', source, file: path.relative(req.cwd, target), name: t.name, language: t.language, ...(fromOthers ? { otherValues: fromOthers.found } : {}) }); continue; }
      if (dirThere && existsSync(target) && !req.force) { push({ kind: 'exists', source, file: path.relative(req.cwd, target), name: t.name, language: t.language }); continue; }
      // a file pulled over keeps the record of what it was translated from (translation-outdated reads it)
      let record = here ? (lives.value as Record<string, unknown>).translated_from : undefined;
      // (but a text the export's copy replaces was not made from the source text the record names: its hash written as unknown, so
      // translation-outdated reports it until it is translated again)
      const replacedTexts = record !== undefined && lives ? recordAfterReplace(record, lives.value as Record<string, unknown>, { ...value } as Record<string, unknown>) : undefined;
      if (replacedTexts?.changed.length) record = replacedTexts.record;
      // its description, which Meta's export does not carry (Twilio's friendly_name is one: the file's own wins, and the other is said)
      const ownDescription = here && typeof (lives.value as Record<string, unknown>).description === 'string' ? (lives.value as Record<string, unknown>).description as string : undefined;
      const description = ownDescription;
      const descriptionNotKept = ownDescription !== undefined && typeof t.value.description === 'string' && t.value.description !== ownDescription ? t.value.description : undefined;
      // a flow the file writes flat stays flat
      const shaped = here ? flowsFlat(structuredClone(value) as Record<string, unknown>, flatFlowButtons(lives.value as Record<string, unknown>)) : value;
      // where a category the export did not give came from, the same comment from every export
      const categorySaid = categoryComment(t);
      let data = templateFileText({ channel: req.channel, ...shaped, ...(description !== undefined ? { description } : {}), ...(record !== undefined ? { translated_from: record } : {}) }, { schemaPath: schemaModelinePath(config, path.dirname(target)), note: req.note, ...(categorySaid !== undefined ? { comments: { category: categorySaid } } : {}) });
      // pulled over the template's own file: its comments kept
      let before: string | undefined;
      if (here) {
        try { before = readRegularFile(target, { max: MAX_FILE_BYTES, shown: target, what: 'a template file' }).toString('utf8'); } catch { before = undefined; }
        if (before !== undefined) {
          const kept = keepComments(before, data);
          if (kept !== data) data = formatTemplate(kept).text || kept;
          data = inFileForm(before, data);
        }
      }
      // a secret the file cannot name (another environment's, whose variable is unset here, or one it does not refer to):
      // not written, rather than written in clear or as the output gate's mask
      const channels = data.replace(/^# (?:yaml-language-server: \$schema=|Pulled from ).*$/gm, '');
      if (redact(channels) !== channels) {
        push({ kind: 'unexpressible', source, name: t.name, language: t.language, issues: [{ template: `${t.name}/${t.language}`, field: '(template)', message: 'holds a secret value of an environment where the file does not refer to it (another environment\'s export?): not written; pull it with the --env whose value it is' }] });
        continue;
      }
      // over the text read (a change saved meanwhile is kept), or new (a file created at its path meanwhile is kept), as pull from a channel writes
      toWrite.push({ file: target, data, ...writeOver(before, !here && existsSync(target)) });
      written.push(target);
      const lostReferences = here ? lostPlainReferences(own, value, environment) : [];
      // the file named its placeholders and the export numbers them (Meta's positional templates) where their names are not
      // certain: the whole template written numbered, said by part, the generated types change
      const namesLost = !req.namesFrom && here && back.kept.length ? back.kept : undefined;
      // --names-from: the template is not in that export, or its names could not be given for certain (numbered, said)
      // (named by the samples alone: the texts differ, said as the channel route says it)
      const namesFrom = req.namesFrom ? (!namesSource ? { missing: true as const } : back.kept.length ? { kept: back.kept } : back.bySamples || back.byContext ? { given: { ...(back.bySamples ? { bySamples: back.bySamples } : {}), ...(back.byContext ? { byContext: back.byContext } : {}) } } : undefined) : undefined;
      done.push({ kind: 'written', source, file: path.relative(req.cwd, target), name: t.name, language: t.language, ...(lostReferences.length ? { lostReferences } : {}), ...(replacedTexts?.changed.length ? { sourceUnknown: { language: String((record as Record<string, unknown>).language), fields: replacedTexts.changed } } : {}), ...(namesLost ? { namesLost } : {}), ...(namesFrom ? { namesFrom } : {}), ...(descriptionNotKept !== undefined ? { descriptionNotKept } : {}), ...(t.leftOut?.length ? { leftOut: t.leftOut } : {}), ...(toAdd?.length ? { toAdd } : {}), ...(renumbered?.length ? { renumbered } : {}), ...notesOf([...(t.notes ?? []), ...keptSamples, ...signedSamples(value, `${t.name}/${t.language}`, req.now)]), ...(t.status ? { status: t.status, ...(t.reason ? { reason: t.reason } : {}) } : {}), ...(lives && resolvePath(lives.abs) !== resolvePath(target) ? { alsoIn: path.relative(req.cwd, lives.abs), alsoInLinted: inTemplateGlobs(config, target) } : {}), ...(fromOthers ? { otherValues: fromOthers.found } : {}) });
    }
  }
  // a catalogue holds thousands: each file atomically (or the new folder at once); said once written
  // linted as written, from the texts in hand (the same bytes, by the atomic write) while the
  // file system creates the files; outcomes said once written, findings only of what was written
  // into a new folder: all of them in a hidden one, renamed when complete (write-dir.ts)
  // a signal while the exports were read: nothing written (the writes, once started, finish: each file whole)
  throwIfInterrupted(req.signal, `stopped before writing: nothing was written (${toWrite.length} template file${toWrite.length === 1 ? ' was' : 's were'} to be written)`);
  if (req.beforeWrite) for (const f of toWrite) req.beforeWrite(resolvePath(f.file));
  const batch = (!dirThere && startWritingNewFolder(req.dir, toWrite)) || startWritingFiles(toWrite);
  const entries = written.map((f, i) => { const abs = resolvePath(f); return { abs, file: path.relative(req.cwd, abs) || abs, bytes: Buffer.from(batch.texts[i]!, 'utf8') }; })
    .sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  const linting = lintWritten(config, entries, req.cwd, { forced: req.force });
  const [, lint] = await Promise.all([batch.written, linting]);
  // a file changed or created meanwhile: kept as it is, said, and not linted as pull's
  const keptAsIs = new Map(batch.changed.map((e) => [path.resolve(req.cwd, e.file), e]));
  const keptFiles = new Set<string>();
  for (const o of done) {
    const e = o.kind === 'written' ? keptAsIs.get(path.resolve(req.cwd, o.file)) : undefined;
    if (!e || o.kind !== 'written') { push(o); continue; }
    keptFiles.add(o.file);
    push({ kind: 'changed', source: o.source, file: o.file, name: o.name, language: o.language, ...(e instanceof FileCreated ? { created: true as const } : {}) });
  }
  const diagnostics: Diagnostic[] = keptFiles.size ? lint.filter((d) => !keptFiles.has(d.file)) : lint;
  return { outcomes: out, diagnostics, morePages };
}

/**
 * Pure: the values of the other environments that the file refers to (`referenced`), not this
 * environment's (a secret's 8 characters or more) (value -> name), and each environment's (name -> value).
 */
function otherEnvironmentsValues(config: Config, current: EnvironmentConfig, referenced: ReadonlySet<string>): { values: Map<string, string>; byEnvironment: { environment: string; values: Map<string, string> }[] } {
  const values = new Map<string, string>();
  const byEnvironment: { environment: string; values: Map<string, string> }[] = [];
  for (const [envName, env] of Object.entries(config.environments)) {
    if (envName === current.name) continue;
    const mine = new Map<string, string>();
    for (const name of referenced) {
      const v = env.values?.[name];
      const m = current.values?.[name];
      // a secret's value is its variable's, where it is set
      const text = v ? ('text' in v ? v.text : io().env[v.env]) : undefined;
      const own = m ? ('text' in m ? m.text : io().env[m.env]) : undefined;
      // (a plain value of any length: it is put back only where the file's reference stood, told by the text around it;
      // a secret's, as every secret, 8 characters or more)
      if (text === undefined || text === '' || own === text || (v && 'env' in v && text.length < MIN_SECRET_LENGTH)) continue;
      if (!values.has(text)) values.set(text, name);
      mine.set(name, text);
    }
    if (mine.size) byEnvironment.push({ environment: envName, values: mine });
  }
  return { values, byEnvironment };
}

const notesOf = (notes: FormatIssue[]): { notes?: FormatIssue[] } => (notes.length ? { notes } : {});

/** The media headers of a template value (the header, each carousel card's) with the field of their sample. */
function mediaSamples(v: Record<string, unknown>): { field: string; header: Record<string, unknown> }[] {
  const out: { field: string; header: Record<string, unknown> }[] = [];
  const h = rec(v.header);
  if (h) out.push({ field: 'header.example', header: h });
  if (Array.isArray(v.carousel)) v.carousel.forEach((c, i) => { const ch = rec(rec(c)?.header); if (ch) out.push({ field: `carousel[${i}].header.example`, header: ch }); });
  return out.filter((x) => typeof x.header.example === 'string' && typeof x.header.format === 'string' && x.header.format !== 'TEXT');
}

/**
 * The media samples of a written template that are signed links of Meta's CDN (what Meta's listing
 * gives as every media sample): written as they are, and said by field with the day each expires
 * (the link's own `oe=`), as expired already where that moment is before `now` (the moment pull
 * runs at), to replace with a stable address (lint's header-media-signed-link warns until then).
 */
function signedSamples(value: Record<string, unknown>, label: string, now?: Date): FormatIssue[] {
  return mediaSamples(value).flatMap(({ field, header }) => {
    const link = metaCdnLink(header.example as string);
    return link ? [{ template: label, field, message: `the sample is ${metaCdnLinkSaid(link, now)}, as Meta's listing gives every media sample: a temporary link, written as it is: replace it with a stable https:// address of the file (every create and edit sends the sample for review; lint's header-media-signed-link warns until then)` }] : [];
  });
}

/**
 * Pure: the export's template with the media samples of the file it replaces, where the export's
 * sample is a signed link of Meta's CDN and the file's, at the same header or card of the same
 * format, is not: Meta's listing gives its own link of every media sample, whatever address the
 * template was created with, so the file's stable address is kept rather than turned back into a
 * link that expires (and a file that says what the export has is not written again for it alone).
 */
function keepOwnMediaSamples<T>(value: T, own: Record<string, unknown>, label: string, now?: Date): { value: T; kept: FormatIssue[] } {
  const theirs = mediaSamples(value as Record<string, unknown>);
  const mine = new Map(mediaSamples(own).map((x) => [x.field, x.header]));
  const kept: FormatIssue[] = [];
  let out = value as Record<string, unknown>;
  for (const { field, header } of theirs) {
    const link = metaCdnLink(header.example as string);
    const o = mine.get(field);
    if (!link || !o || o.format !== header.format || metaCdnLink(o.example as string)) continue;
    const card = /^carousel\[(\d+)\]/.exec(field);
    if (card) {
      const cards = [...(out.carousel as unknown[])];
      const c = cards[Number(card[1])] as Record<string, unknown>;
      cards[Number(card[1])] = { ...c, header: { ...header, example: o.example } };
      out = { ...out, carousel: cards };
    } else out = { ...out, header: { ...header, example: o.example } };
    kept.push({ template: label, field, message: `the file's own sample is kept: in its place the export gives ${metaCdnLinkSaid(link, now)}, as Meta's listing gives every media sample whatever address the template was created with` });
  }
  return { value: out as T, kept };
}

/**
 * Pure: the export's template with the zero-tap attestation of the file it replaces, where that
 * file's button at the same place is the same ZERO_TAP button with `zero_tap_terms_accepted: true`
 * (the user's own, which Meta's listing never returns); what is still to add otherwise.
 */
function keepZeroTapTerms<T>(value: T, own: Record<string, unknown>, toAdd: readonly FormatIssue[]): { value: T; toAdd: FormatIssue[] } {
  const v = value as Record<string, unknown>;
  const buttons = Array.isArray(v.buttons) ? v.buttons as Record<string, unknown>[] : [];
  const mine = Array.isArray(own.buttons) ? own.buttons as Record<string, unknown>[] : [];
  const left: FormatIssue[] = [];
  let out = buttons;
  for (const x of toAdd) {
    const j = Number(/^buttons\[(\d+)\]/.exec(x.field)?.[1]);
    const o = mine[j];
    if (Number.isInteger(j) && o && o.type === 'OTP' && o.otp_type === 'ZERO_TAP' && o.zero_tap_terms_accepted === true && buttons[j]?.otp_type === 'ZERO_TAP') {
      if (out === buttons) out = [...buttons];
      out[j] = { ...buttons[j], zero_tap_terms_accepted: true };
    } else left.push(x);
  }
  return { value: (out === buttons ? value : { ...v, buttons: out }) as T, toAdd: left };
}
