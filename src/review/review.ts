// Pure: `tplsync review`: every template of an environment with its life on the channel (state,
// quality, pauses, edits left, the reason and recommendation of a rejection, the lint rule that
// covers it) and what to do. Effects (reading the channel) live in src/cli/review.ts.
import { adviceCommand } from '../core/advice.js';
import { asIdentifier } from '../core/redact.js';
import type { TemplateReadResponse } from '../api/shapes.js';
import type { EditAllowance } from '../api/edit-allowance.js';
import { compareTemplates, templateKey as keyOf } from '../model/ids.js';
import { needsAttention, qualityWarning, recategorised, type CategoryContext, type NeedsAttention, type RuleSetting } from '../plan/review-state.js';
import { isApprovedState } from '../core/template-state.js';

export interface ReviewRow {
  channel: string;
  name: string;
  language: string;
  publicId: string;
  file: string;
  /** statusText on the channel, or ABSENT when the channel does not have it */
  state: string;
  category?: string;
  quality?: string;
  pauses?: number;
  pausedUntil?: string;
  /** edits of the APPROVED template possible now (when the service says); in review (PENDING), those possible once approved */
  editsLeft?: number;
  nextEditAt?: string;
  reason?: string;
  recommendation?: string;
  /** the lint rule that checks what the reason names */
  rule?: string;
  /** what to do; absent when nothing is to be done */
  todo?: string;
  /** an approved template that is sendable but at risk (quality RED: Meta may pause it soon): what to know; it still counts as approved */
  warning?: string;
  /** an approved template rated YELLOW (medium: Meta says it may soon become paused or disabled; sendable): lighter than a warning; it counts as approved */
  note?: string;
}

export interface Review {
  version: 1;
  environment: string;
  templates: ReviewRow[];
  summary: { total: number; approved: number; pending: number; absent: number; needsAttention: number;
    /** the approved templates rated RED (each with its warning), among `approved`; absent when none */
    qualityRed?: number;
    /** the approved templates rated YELLOW (each with its note), among `approved`; absent when none */
    qualityYellow?: number };
}

export interface ReviewInput {
  channel: string; name: string; language: string; publicId: string; file: string; category?: string;
  read: TemplateReadResponse | null;
  allowance?: EditAllowance;
  /** the read failed: the service's answer broke the API's contract (`breach`), or it could not be read (retries exhausted) */
  unread?: { message: string; breach: boolean };
  /** the category the environment's config accepts for it (`environments.<env>.categories`): approved under it, it is in sync */
  acceptedCategory?: string;
  /** the environment, the template's config key and the other environments its file serves: the advice of a category that differs */
  categoryContext?: CategoryContext;
  /** where the config turns a lint rule off or to info for this template's file (configRuleSettings): the hint of a rejection says so */
  settingOf?: (rule: string) => RuleSetting | undefined;
}

/** the state of a template whose read failed (its row says why) */
export const NOT_READ = 'NOT_READ';

/** The JSON of `review --format json`: the review with where it was read (`target`, as plan's JSON names it) after its environment. */
export function reviewJson(r: Review, target: string): Omit<Review, 'version' | 'environment'> & { version: 1; environment: string; target: string } {
  const { version, environment, ...rest } = r;
  return { version, environment, target, ...rest };
}

export function makeReview(environment: string, inputs: readonly ReviewInput[], ruleIds: ReadonlySet<string>): Review {
  const templates = inputs.map((i): ReviewRow => {
    const base = { channel: i.channel, name: i.name, language: i.language, publicId: i.publicId, file: i.file };
    const r = i.read;
    if (i.unread) {
      return { ...base, state: NOT_READ, ...(i.category ? { category: i.category } : {}), reason: i.unread.message, todo: i.unread.breach
        ? 'its read broke the API\'s contract, so its state is not known: take it up with the service (--debug shows each request)'
        : 'could not be read from the channel (retries exhausted): review again later' };
    }
    if (!r) return { ...base, state: 'ABSENT', todo: `not on the channel: run ${adviceCommand('apply', environment)} to create it` };
    const remoteCategory = r.chatapp?.category;
    let a: NeedsAttention | undefined = needsAttention(r, ruleIds, i.settingOf, i.category);
    if (!a && isApprovedState(r.statusText) && remoteCategory && i.category && remoteCategory !== i.category && remoteCategory !== i.acceptedCategory) a = recategorised(i.category, remoteCategory, false, i.categoryContext);
    // in review after an edit that used the allowance: the next edit is not possible when the review ends, but from when the read says
    const limited = r.statusText === 'PENDING' && r.chatapp && i.allowance?.remaining === 0
      ? `; once it is approved, no edit is possible ${i.allowance.nextAt ? `before ${i.allowance.nextAt}` : 'for a while (the service did not say until when)'} (the edit under review used its allowance)` : '';
    const todo = a?.todo ?? (r.statusText === 'PENDING' ? `in review: wait (${adviceCommand('apply --wait', environment)} follows it)${limited}` : undefined);
    // sendable, so approved, and said: Meta may pause it soon (RED: a warning; YELLOW: a note); a template with something to do has that said instead
    const quality = todo ? undefined : qualityWarning(r);
    const warning = quality?.quality === 'RED' ? quality.warning : undefined;
    const note = quality?.quality === 'YELLOW' ? quality.warning : undefined;
    return {
      ...base, state: r.statusText,
      ...(remoteCategory ?? i.category ? { category: remoteCategory ?? i.category } : {}),
      ...(r.qualityScore ? { quality: r.qualityScore } : {}),
      ...(r.pauseCount ? { pauses: r.pauseCount } : {}),
      ...(r.pausedUntil ? { pausedUntil: r.pausedUntil } : {}),
      // WhatsApp limits the edits of APPROVED templates only, and only those with WhatsApp content (not RCS-only ones);
      // in review, what the allowance will be once approved (an edit that put it in review may have used it)
      ...(i.allowance && r.chatapp && (isApprovedState(r.statusText) || r.statusText === 'PENDING') ? { editsLeft: i.allowance.remaining, ...(i.allowance.nextAt ? { nextEditAt: i.allowance.nextAt } : {}) } : {}),
      ...(a?.reason ?? r.rejectionReason ? { reason: a?.reason ?? r.rejectionReason } : {}),
      ...(r.recommendation ? { recommendation: r.recommendation } : {}),
      ...(a?.rule ? { rule: a.rule } : {}),
      ...(todo ? { todo } : {}),
      ...(warning ? { warning } : {}),
      ...(note ? { note } : {}),
    };
  }).sort(compareTemplates);
  const approved = templates.filter((t) => isApprovedState(t.state) && !t.todo).length;
  const pending = templates.filter((t) => t.state === 'PENDING').length;
  const absent = templates.filter((t) => t.state === 'ABSENT').length;
  const qualityRed = templates.filter((t) => t.warning).length;
  const qualityYellow = templates.filter((t) => t.note).length;
  return {
    version: 1, environment, templates,
    summary: { total: templates.length, approved, pending, absent, needsAttention: templates.length - approved - pending - absent, ...(qualityRed ? { qualityRed } : {}), ...(qualityYellow ? { qualityYellow } : {}) },
  };
}

/** Exit 0 when every template is APPROVED (and nothing asks for attention), else 2. */
export function allApproved(r: Review): boolean {
  return r.summary.approved === r.summary.total;
}

const pad = (s: string, n: number): string => (s.length >= n ? s : s + ' '.repeat(n - s.length));

export function renderReviewText(r: Review, paint: { red(s: string): string; green(s: string): string; yellow(s: string): string; dim(s: string): string; bold(s: string): string }): string {
  const out: string[] = [];
  const width = Math.min(60, Math.max(8, ...r.templates.map((t) => keyOf(t).length)));
  out.push(paint.bold(`${pad('TEMPLATE', width)}  ${pad('STATE', 16)}  ${pad('QUALITY', 7)}  ${pad('PAUSES', 6)}  EDITS LEFT`));
  for (const t of r.templates) {
    const colour = isApprovedState(t.state) && !t.todo ? paint.green : t.state === 'PENDING' || t.state === 'ABSENT' ? paint.yellow : paint.red;
    const edits = t.editsLeft === undefined ? '-' : `${t.editsLeft}${t.nextEditAt ? ` (next ${t.nextEditAt})` : ''}`;
    // (the key an identifier of the output gate: never masked as a secret value equal to a name)
    out.push(`${asIdentifier(pad(keyOf(t), width))}  ${colour(pad(t.state, 16))}  ${pad(t.quality ?? '-', 7)}  ${pad(t.pauses === undefined ? '-' : String(t.pauses), 6)}  ${edits}`);
    if (t.reason) out.push(`    reason: ${t.reason}`);
    if (t.recommendation) out.push(`    recommendation: ${t.recommendation}`);
    if (t.todo) out.push(`    ${paint.yellow('→')} ${t.todo}`);
    if (t.warning) out.push(`    ${paint.yellow('!')} ${t.warning}`);
    if (t.note) out.push(`    ${paint.dim('i')} ${t.note}`);
  }
  const s = r.summary;
  // approved and sendable, so counted approved (exit 0), but never "all is well" without a word of it
  const red = s.qualityRed ? ` ${s.qualityRed === 1 ? '1 of them is' : `${s.qualityRed} of them are`} rated RED, at risk of a pause (marked ! above).` : '';
  // lighter: sendable, nothing to do yet, and said (never "all is well" without a word of it)
  const yellow = s.qualityYellow ? ` ${s.qualityYellow === 1 ? '1 of them is' : `${s.qualityYellow} of them are`} rated YELLOW, medium quality (noted i above).` : '';
  out.push('');
  out.push(s.approved === s.total
    ? (red ? paint.yellow : paint.green)(s.total === 1 ? `The template in ${r.environment} is approved.${`${red}${yellow}`.replace(' 1 of them is', ' It is')}` : `All ${s.total} templates in ${r.environment} approved.${red}${yellow}`)
    : paint.bold(`${r.environment}: ${s.approved} of ${s.total} approved, ${s.pending} pending, ${s.absent} not on the channel, ${s.needsAttention} need${s.needsAttention === 1 ? 's' : ''} attention.${red}${yellow}`));
  return `${out.join('\n')}\n`;
}
