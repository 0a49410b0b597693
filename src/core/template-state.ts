// What a template's review state on the channel (the read's statusText) is, in the two senses every
// stage that reads one needs: plan, apply, send, review, promote and pull. Pure; what a state asks of
// the team, and what to do about it, is src/plan/review-state.ts's.

/** Approved on the channel: APPROVED, or REINSTATED (approved again after a pause or an appeal): sendable, and an edit spends one of WhatsApp's limited edits. */
export const isApprovedState = (state: string | undefined): boolean => state === 'APPROVED' || state === 'REINSTATED';

/** Deleted on the platform (in the console, or by WhatsApp): what "remove it in the console" leaves; no orphan to pull or remove, and never sendable or editable again. */
export const isDeletedState = (state: string | undefined): boolean => state === 'DELETED' || state === 'PENDING_DELETION';

/**
 * An approved template rated RED: sendable, and so counted approved (exit 0), but Meta warns of what
 * comes next (Template quality rating: RED "can be sent, but is in danger of being paused or
 * disabled soon"; Template pausing: 3 hours, then 6 hours, then disabled). What review and plan say
 * of it, in one place.
 */
export interface QualityWarning {
  quality: 'RED';
  /** pauses for low quality so far (absent: none) */
  pauses?: number;
  /** the line review and plan print: the rating, the pauses so far, what the next pause does, what to do */
  warning: string;
}

/** The warning of an APPROVED (or REINSTATED) template rated RED, or undefined (another rating, or a state that asks for attention itself). */
export function qualityWarning(r: { statusText?: string; qualityScore?: string; pauseCount?: number } | null | undefined): QualityWarning | undefined {
  if (!r || !isApprovedState(r.statusText) || r.qualityScore !== 'RED') return undefined;
  const n = r.pauseCount ?? 0;
  const next = n === 0 ? 'a first pause lasts 3 hours, a second 6 hours, and a third disables it'
    : n === 1 ? 'a second pause lasts 6 hours, and a third disables it' : 'the next pause disables it for good';
  return {
    quality: 'RED', ...(n ? { pauses: n } : {}),
    warning: `quality RED, ${n} pause${n === 1 ? '' : 's'} so far: approved and sendable, but Meta says it "is in danger of being paused or disabled soon"; ${next} (sends fail while paused): address what recipients report, the content or who receives it (an edit sends it to review again); see docs/recovery.md#quality-red`,
  };
}
