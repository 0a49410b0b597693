// Pure: the edit budget of a plan. WhatsApp lets an APPROVED template take 1 edit per 24 h and
// 10 per 30 days; every update of an APPROVED template spends one. From what the reads said
// (the service's edit-allowance headers, docs/api-assumptions.md), the plan says how many edits
// the change spends in its environment, which templates would exceed their 24-hour or 30-day
// allowance (the service refuses those writes), and from when each becomes possible.
import type { EditAllowance } from '../api/edit-allowance.js';
import { shownKey } from '../model/ids.js';

/** What one update of an APPROVED template spends, as the read said. */
export interface EditSpend {
  /** edits possible now, when the service says (0: this edit is refused) */
  remaining?: number;
  /** what is left of the 10 in 30 days, when the service says */
  left30d?: number;
  /** when no edit is possible now: from when it is (ISO 8601) */
  possibleFrom?: string;
  /** which allowance the edit would exceed: '24h', '30d', or 'unknown' (the service gave no reason) */
  exceeds?: '24h' | '30d' | 'unknown';
  /**
   * the template is in review (PENDING): the edit waits for the review's end, and spends one (as
   * the read states the allowance: the edit under review may have used it) once the review approves it
   */
  inReview?: true;
}

export interface EditBudgetEntry extends EditSpend { channel: string; name: string; language: string; publicId: string }

export interface EditBudget {
  /** updates of APPROVED templates in the plan: the edits it spends */
  spends: number;
  /** those the service would refuse now */
  exceeding: EditBudgetEntry[];
  /** those whose allowance the service did not state */
  unknown: number;
  /** every spending update, in the plan's order */
  edits: EditBudgetEntry[];
}

/** The spend of an update of an APPROVED template, from the allowance its read stated (if any). */
export function editSpend(a: EditAllowance | undefined): EditSpend {
  if (!a) return {};
  const out: EditSpend = { remaining: a.remaining, ...(a.left30d !== undefined ? { left30d: a.left30d } : {}) };
  if (a.remaining > 0) return out;
  // nothing possible now: the 30-day allowance when it is used up, else the 24-hour one
  const exceeds = a.left30d === undefined ? 'unknown' : a.left30d === 0 ? '30d' : '24h';
  return { ...out, exceeds, ...(a.nextAt ? { possibleFrom: a.nextAt } : {}) };
}

export function editBudget(changes: readonly { channel: string; name: string; language: string; publicId: string; action: string; edit?: EditSpend }[]): EditBudget {
  const edits: EditBudgetEntry[] = changes
    .filter((c) => c.action === 'update' && c.edit)
    .map((c) => ({ channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, ...c.edit }));
  return {
    spends: edits.length,
    exceeding: edits.filter((e) => e.exceeds),
    unknown: edits.filter((e) => e.remaining === undefined).length,
    edits,
  };
}

const LIMIT_TEXT = { '24h': 'its 24-hour allowance (1 edit per 24 h)', '30d': 'its 30-day allowance (10 edits per 30 days)', unknown: 'its 24-hour or 30-day allowance' } as const;

/** One line per template that would exceed its allowance. */
export function describeExceeding(e: EditBudgetEntry): string {
  return `${shownKey(e)} would exceed ${LIMIT_TEXT[e.exceeds ?? 'unknown']}${e.inReview ? ' once its review (PENDING) approves it' : ''}: the service refuses it${e.possibleFrom ? `; possible from ${e.possibleFrom}` : ''}`;
}

/**
 * What plan says of an edit of a template in review (PENDING): refused until the review ends, and,
 * where the read says the edit allowance is used up (the edit under review spent it), until the
 * allowance allows one again once the review approves it.
 */
export function inReviewNote(spend: EditSpend | undefined): string {
  const now = 'the template is PENDING review, and WhatsApp edits only APPROVED, REJECTED and PAUSED templates: this update is refused until the review ends';
  if (!spend?.exceeds) return `${now}; apply it then (a saved plan applies once the review approves the template; a rejection makes it stale: plan again, to read the reason)`;
  const until = spend.possibleFrom ? `until ${spend.possibleFrom}` : 'until its allowance allows one again (the service did not say when)';
  return `${now}, and once the review approves it, ${until}: the edit under review used ${LIMIT_TEXT[spend.exceeds]}, so apply --wait does not wait for the review; apply it from then (or after a rejection, when an edit spends none)`;
}

/** The summary line of the budget, or undefined when the plan edits no APPROVED template. */
export function describeBudget(b: EditBudget, environment: string): string | undefined {
  if (!b.spends) return undefined;
  const s = (n: number) => `${n} edit${n === 1 ? '' : 's'}`;
  const parts = [`Edit budget in ${environment}: this change spends ${s(b.spends)} of APPROVED templates (each allows 1 edit per 24 h, 10 per 30 days)`];
  if (b.exceeding.length) parts.push(`${b.exceeding.length} would exceed ${b.exceeding.length === 1 ? 'its' : 'their'} allowance`);
  else if (b.unknown < b.spends) parts.push('all within their allowance');
  if (b.unknown) parts.push(`the service did not state the allowance of ${b.unknown}`);
  return `${parts.join('; ')}.`;
}
