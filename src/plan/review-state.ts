// Pure: what a template's review state on the channel means for a team, and what to do about it.
// "In sync" means approved: a template whose content matches its file but whose review rejected,
// paused or disabled it is not in sync, and every plan says so (docs/recovery.md, a section per state).

export interface NeedsAttention {
  /** the template's statusText on the channel */
  state: string;
  /** why, when the read says (the rejection reason) */
  reason?: string;
  /** what to do, in one sentence */
  todo: string;
}

const TODO: Readonly<Record<string, string>> = {
  REJECTED: 'fix what the reason names in the file and apply again (an edit of a REJECTED template goes back to review); see docs/recovery.md#rejected',
  PAUSED: 'the platform paused it after low quality ratings and sends fail: improve the content (or the audience) and edit it to resume review; see docs/recovery.md#paused',
  DISABLED: 'disabled after repeated pauses: it cannot be sent or edited; create a new template under another name; see docs/recovery.md#disabled',
  IN_APPEAL: 'an appeal of its rejection is under review: wait for the decision; see docs/recovery.md#in_appeal',
  FLAGGED: 'flagged for low quality: it will be paused unless its quality recovers; review the content; see docs/recovery.md#flagged',
  LIMIT_EXCEEDED: 'the account is over its template limit: delete unused templates in the console; see docs/recovery.md#limit_exceeded',
  LOCKED: 'locked: it cannot be edited now; see docs/recovery.md#locked',
  PENDING_DELETION: 'being deleted on the channel: its name cannot be reused for 30 days; see docs/recovery.md#pending_deletion',
  DELETED: 'deleted on the channel: apply creates it again only under a new name; see docs/recovery.md#deleted',
  ARCHIVED: 'archived on the channel: unarchive it in the console to send it; see docs/recovery.md#archived',
};

/** States that are fine: APPROVED, and PENDING (within its review) and REINSTATED (approved again). */
const FINE = new Set(['APPROVED', 'PENDING', 'REINSTATED']);

/** What a remote state asks of the team, or undefined when it asks nothing. */
export function needsAttention(state: string | undefined, reason?: string): NeedsAttention | undefined {
  if (state === undefined || FINE.has(state)) return undefined;
  return { state, ...(reason ? { reason } : {}), todo: TODO[state] ?? `the channel reports ${state}: check the template in the console; see docs/recovery.md` };
}

/** One line for renderings: "REJECTED (reason): what to do". */
export function describeAttention(a: NeedsAttention): string {
  return `the template on the channel is ${a.state}${a.reason ? ` (${a.reason})` : ''}: ${a.todo}`;
}
