// Pure: the send gate. A template is sent only as the channel approved it: it must exist there,
// be APPROVED and match the local file (the meta's digest of each part a read shows). What the
// channel says is read by the caller (send.ts); this decides and words the refusal.
import { isTemplateState, type TemplateReadResponse, type TemplateState } from '../api/shapes.js';
import { fromRead, type CanonicalTemplate } from '../model/canonical.js';
import { UUID_RE } from '../schemas/contract.js';
import { contentDigest, digestDifferences, LEFT_OUT_BY_TEXT_ONLY, sameSentButtons, type TemplateMeta } from '../model/meta.js';
import { shownKey } from '../model/ids.js';
import { isApprovedState } from '../core/template-state.js';
import { adviceCommand } from '../core/advice.js';
import { recoveryDoc } from '../core/recovery-doc.js';

/** A template refused before anything is sent (exit 3). */
/**
 * Why a template is not sent, for code that acts on it: `absent` (not on the channel), `not-approved`
 * (in review, rejected, paused...: the channel's `status` says which), `recategorised` (approved in
 * another category), `changed` (differs from the approved copy), `unfilled` (uses a value the
 * generated module does not hold), `preset-text` (an authentication template needs its language's text),
 * `key` (the message would hold the API key), `expired` (an RCS campaign past its expireTime).
 */
export type NotSendableReason = 'absent' | 'not-approved' | 'recategorised' | 'changed' | 'unfilled' | 'preset-text' | 'key' | 'expired';

/** Whether an RCS campaign's end (its expireTime) is at or before `nowMs`: such a template is not sent (rule rcs-expired). */
export function campaignEnded(meta: Pick<TemplateMeta, 'expireTime'>, nowMs: number): boolean {
  if (meta.expireTime === undefined) return false;
  const end = Date.parse(meta.expireTime);
  return Number.isFinite(end) && end <= nowMs;
}

/**
 * What a state that stops a send waits for, where it ends without anyone acting: `review` (PENDING, IN_APPEAL: the
 * platform's decision; send again later), `pause` (PAUSED: it resumes by itself, at `pausedUntil` when the read says).
 */
export type NotSendableWait = 'review' | 'pause';

const WAITS: Readonly<Partial<Record<TemplateState, NotSendableWait>>> = { PENDING: 'review', IN_APPEAL: 'review', PAUSED: 'pause' };

export class NotSendable extends Error {
  override name = 'NotSendable';
  readonly exitCode = 3;
  /**
   * The channel's state of the template, where its read decided (`not-approved`, and `recategorised` and
   * `changed`, whose copy is approved): one of WhatsApp's 13; absent for a word outside them (`statusText` has it).
   */
  readonly status?: TemplateState;
  /** the state as the channel's read gave it (also a word outside TemplateState) */
  readonly statusText?: string;
  /**
   * `not-approved` only: what its state waits for, when it ends without anyone acting (`review`: PENDING,
   * IN_APPEAL; `pause`: PAUSED): sending again later may succeed. Absent: someone must act first (a
   * REJECTED or DISABLED template, and every other reason): sending again as it is fails the same way.
   */
  readonly waitFor?: NotSendableWait;
  /** PAUSED: when the pause ends, as the read gives it (ISO 8601); the template resumes by itself then */
  readonly pausedUntil?: string;
  constructor(message: string, readonly reason: NotSendableReason, status?: string, read?: { pausedUntil?: string | undefined }) {
    super(message);
    if (status !== undefined) {
      this.statusText = status;
      if (isTemplateState(status)) {
        this.status = status;
        const wait = reason === 'not-approved' ? WAITS[status] : undefined;
        if (wait !== undefined) this.waitFor = wait;
        if (status === 'PAUSED' && typeof read?.pausedUntil === 'string') this.pausedUntil = read.pausedUntil;
      }
    }
  }
}

/**
 * What `--no-remote-check` (remoteCheck: false) is for: a channel whose copy cannot be read (the
 * read fails), or a test service that keeps no templates. It is never the way past the channel's
 * own decision (a template in review, rejected, paused, disabled, deleted, re-categorised, or
 * unlike its approved copy): the platform (WhatsApp, RCS) sends only what it approved, so a refusal names the fix, not
 * the bypass. Said only where the channel has no copy at all (a test service's case).
 */
const skipAbsent = (caller: SendCaller): string => `If this is a test service that keeps no templates, ${caller === 'cli' ? '--no-remote-check (remoteCheck: false)' : 'remoteCheck: false'} sends without reading it.`;

/** the parts of an RCS-only template's message a text-only send carries: its text and its suggestions (a left-out one among them: compared all the same) */
const RCS_TEXT_PART = new Set(['message.type', 'message.message', 'message.suggestions']);

/**
 * Whether a part of a template (a key of its digest, `contentDigest`) that differs from the
 * channel's copy (`remote`) is one a text-only send carries nothing of, so that an edit of it alone
 * does not stop such a send: the gate compares what is sent. The parts left out are those
 * `unsendableParts` names (LEFT_OUT_BY_TEXT_ONLY, the RCS message beside a WhatsApp text); the
 * buttons are compared by the suggestions sent of them (sentButtons: a one-tap button's apps are
 * not sent), a media header by nothing (neither side's header is sent). An RCS message's suggestions, a left-out one among them, are compared whole.
 */
export function leftOutByTextOnly(meta: Pick<TemplateMeta, 'rcs' | 'buttons' | 'header'>, part: string, remote?: Pick<CanonicalTemplate, 'buttons' | 'header'>): boolean {
  const rcsPart = part === 'message' || part.startsWith('message.');
  if (meta.rcs) return rcsPart && !RCS_TEXT_PART.has(part);
  if (part === 'buttons') return remote !== undefined && sameSentButtons(meta.buttons, remote.buttons);
  // a media header (image, video, document, location...) is not sent: an edit of it (its format) changes nothing sent, as
  // long as neither side has a text header, which is part of the text
  if (part === 'header' || part.startsWith('header.')) return remote !== undefined && mediaHeader(meta.header) && mediaHeader(remote.header);
  return rcsPart || LEFT_OUT_BY_TEXT_ONLY.has(part);
}

/** the parts of a template's digest that name it (not what a message carries of it): compared whatever is sent */
const IDENTITY = new Set(['name', 'language', 'description']);

/**
 * Whether a part of a template (a key of its digest) is one the channel's platform never sends, so
 * that an edit of it alone does not stop a send, with or without textOnly: the RCS message
 * (`message.*`) on a channel the config says is WhatsApp, and on one it says is RCS, every part
 * but the RCS message (the WhatsApp header, body, footer, buttons... of a template with both:
 * `sentPartOf`). Where the config does not say the kind, none.
 */
export function notSentOnChannel(meta: Pick<TemplateMeta, 'rcs' | 'channelKind'>, part: string): boolean {
  const rcsPart = part === 'message' || part.startsWith('message.');
  if (meta.channelKind === 'whatsapp' && !meta.rcs) return rcsPart;
  if (meta.channelKind === 'rcs' && meta.rcs) return !rcsPart && !IDENTITY.has(part);
  return false;
}

const mediaHeader = (h: { readonly format: string } | undefined): boolean => h !== undefined && h.format.toUpperCase() !== 'TEXT';

/** the platform that approves and sends a template, as a refusal names it: RCS (Google's RBM) for one sent as its RCS message (RCS-only, or with both parts on an RCS channel), else WhatsApp */
const platformOf = (meta: Pick<TemplateMeta, 'rcs'>): string => (meta.rcs ? "RCS (Google's RBM)" : 'WhatsApp');

/**
 * Why the channel's copy (`read`, null when absent) does not allow sending this template, or
 * undefined. `textOnly`: only the text part is sent, so only it is compared (leftOutByTextOnly).
 */
/**
 * Who sends, for the words of a refusal: the library (a generated module's sendTemplate, sendTemplateWith), whose metadata
 * may be a module's made before the last apply or config change, or `tplsync send`, whose metadata is the file's now.
 */
export type SendCaller = 'library' | 'cli';

export function remoteProblem(meta: TemplateMeta, read: TemplateReadResponse | null, where: { channelId: string; templateId: string }, o: { textOnly?: boolean; environment?: string; caller?: SendCaller } = {}): { reason: NotSendableReason; message: string; status?: string; pausedUntil?: string } | undefined {
  const found = remoteMessage(meta, read, where, o.textOnly === true, o.environment, o.caller ?? 'library');
  if (!found) return undefined;
  return { ...found, ...(read ? { status: read.statusText } : {}), ...(read?.pausedUntil !== undefined ? { pausedUntil: read.pausedUntil } : {}) };
}

function remoteMessage(meta: TemplateMeta, read: TemplateReadResponse | null, where: { channelId: string; templateId: string }, textOnly: boolean, env: string | undefined, caller: SendCaller): { reason: NotSendableReason; message: string } | undefined {
  const key = shownKey(meta);
  const environment = env ?? '<env>';
  // every command advised names the environment the send used (followed literally, a bare one acts on the default environment)
  const run = (command: string): string => adviceCommand(command, env);
  // the channel by its alias and environment beside its id, as the user's config names it
  const channel = `${!UUID_RE.test(meta.channel) ? `'${meta.channel}' ` : ''}${env ? `of environment ${env} ` : ''}(${where.channelId})`;
  if (!read) return { reason: 'absent', message: `${key} is not on the channel ${channel}, template id ${where.templateId}: apply it first (${run('apply')}), and send it once it is APPROVED. Nothing was sent. ${skipAbsent(caller)}` };
  if (!isApprovedState(read.statusText)) {
    const why = read.rejectionReason ? ` (${read.rejectionReason})` : '';
    const what = read.statusText === 'PENDING' ? `still in review: wait for it (${run('apply --wait')}, or ${run('review')})`
      // a pause ends by itself (WhatsApp: 3 h, then 6 h): the sender waits; an edit would send it to review instead
      : read.statusText === 'PAUSED' ? `not approved${read.pausedUntil ? ` until ${read.pausedUntil}` : ' until its pause ends'}, when it resumes by itself: send it again then (${run('review')} shows the pause; an edit would send it to review instead)`
      : `not approved: see ${run('review')}`;
    // the channel refuses to send it too: no advice to skip the check (skipAbsent)
    // (the platform that decides is the template's: an RCS-only template is Google's to approve, not WhatsApp's)
    return { reason: 'not-approved', message: `${key} is ${read.statusText} on the channel${why}, ${what}. Nothing was sent; ${platformOf(meta)} sends only an approved template.` };
  }
  // the platform re-categorised it (or the file's category was edited): it is billed and routed as the channel has it
  const remoteCategory = read.chatapp?.category;
  // (a category the environment's config accepts for it, environments.<env>.categories, is the one it is sent under there:
  // the metadata holds it, made for that environment by tplsync send or tplsync types)
  const accepted = meta.check?.acceptedCategory;
  if (meta.check?.category && remoteCategory && remoteCategory !== meta.check.category && remoteCategory !== accepted) {
    const also = accepted ? ` (the metadata accepts ${accepted} for this environment, not ${remoteCategory})` : '';
    return { reason: 'recategorised', message: `${key} is approved on the channel as ${remoteCategory}, and the file says ${meta.check.category}${also}: the platform re-categorised it (it is billed and routed as ${remoteCategory}), or the file's category was changed (an approved template's category cannot change). Set category: ${remoteCategory} in the file if every environment's copy has it, or accept it for this environment alone with environments.${environment}.categories: { "${meta.channel}/${meta.name}": ${remoteCategory} } in the config (${run('plan')} and ${run('review')} show it; see ${recoveryDoc('recategorised')}), or appeal the category in the console.${caller === 'library' ? ` Sent from a generated module: a module made before the config accepted it, or for another environment, holds the category it had then (${run('types --check')} says it is stale: run ${run('types')} and build again).` : ''} Nothing was sent.` };
  }
  if (meta.check) {
    const remote = fromRead(read, where.channelId);
    const differs = digestDifferences(meta.check.digest, contentDigest(remote)).filter((part) => !notSentOnChannel(meta, part) && !(textOnly && leftOutByTextOnly(meta, part, remote)));
    if (differs.length) {
      // (tplsync send compiles the file as it is now: the stale module is the library's cause alone)
      return { reason: 'changed', message: `${key} differs from the channel's approved copy in ${differs.join(', ')}: an edit that was not applied (${run('plan')} shows it; apply it and send once the review approves it, or send what the channel has from the file as it was)${caller === 'library' ? `, or, sent from a generated module, a module made before the last apply (${run('types --check')} says it is stale: run ${run('types')} and build again)` : ''}. Nothing was sent.` };
    }
  }
  return undefined;
}
