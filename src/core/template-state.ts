// What a template's review state on the channel (the read's statusText) is, in the two senses every
// stage that reads one needs: plan, apply, send, review, promote and pull. Pure; what a state asks of
// the team, and what to do about it, is src/plan/review-state.ts's.

/** Approved on the channel: APPROVED, or REINSTATED (approved again after a pause or an appeal): sendable, and an edit spends one of WhatsApp's limited edits. */
export const isApprovedState = (state: string | undefined): boolean => state === 'APPROVED' || state === 'REINSTATED';

/** Deleted on the platform (in the console, or by WhatsApp): what "remove it in the console" leaves; no orphan to pull or remove, and never sendable or editable again. */
export const isDeletedState = (state: string | undefined): boolean => state === 'DELETED' || state === 'PENDING_DELETION';
