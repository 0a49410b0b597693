// What a template's review state on the channel (the read's statusText) is, in the two senses every
// stage that reads one needs: plan, apply, send, review, promote and pull. Pure; what a state asks of
// the team, and what to do about it, is src/plan/review-state.ts's.

import { recoveryDoc } from './recovery-doc.js';

/** Approved on the channel: APPROVED, or REINSTATED (approved again after a pause or an appeal): sendable, and an edit spends one of WhatsApp's limited edits. */
export const isApprovedState = (state: string | undefined): boolean => state === 'APPROVED' || state === 'REINSTATED';

/** Deleted on the platform (in the console, or by WhatsApp): what "remove it in the console" leaves; no orphan to pull or remove, and never sendable or editable again. */
export const isDeletedState = (state: string | undefined): boolean => state === 'DELETED' || state === 'PENDING_DELETION';

/**
 * An approved template rated RED or YELLOW: sendable, and so counted approved (exit 0), but Meta warns of what
 * may come (Template quality rating: RED "can be sent, but is in danger of being paused or disabled soon";
 * YELLOW "has received negative feedback from multiple WhatsApp users, or low read-rates, and may soon become
 * paused or disabled. Message templates with this status can still be sent."; Template pausing: 3 hours, then
 * 6 hours, then disabled). What review, plan and send say of it, in one place: RED as a warning (`!`), YELLOW
 * as a lighter note (`i`, a `note` in review's and plan's JSON); neither changes an exit code.
 */
export interface QualityWarning {
  quality: 'RED' | 'YELLOW';
  /** pauses for low quality so far (absent: none) */
  pauses?: number;
  /** the line review, plan and send print: the rating, the pauses so far (RED: what the next pause does), what to do */
  warning: string;
}

/** The warning of an APPROVED (or REINSTATED) template rated RED or YELLOW, or undefined (another rating, or a state that asks for attention itself). */
export function qualityWarning(r: { statusText?: string; qualityScore?: string; pauseCount?: number } | null | undefined): QualityWarning | undefined {
  if (!r || !isApprovedState(r.statusText) || (r.qualityScore !== 'RED' && r.qualityScore !== 'YELLOW')) return undefined;
  const n = r.pauseCount ?? 0;
  if (r.qualityScore === 'YELLOW') {
    return {
      quality: 'YELLOW', ...(n ? { pauses: n } : {}),
      warning: `quality YELLOW (medium)${n ? `, ${n} pause${n === 1 ? '' : 's'} so far` : ''}: approved and sendable, but Meta says it "has received negative feedback from multiple WhatsApp users, or low read-rates, and may soon become paused or disabled"; nothing stops it now: look at what recipients report and who receives it before it falls to RED; see ${recoveryDoc('quality-yellow')}`,
    };
  }
  const next = n === 0 ? 'a first pause lasts 3 hours, a second 6 hours, and a third disables it'
    : n === 1 ? 'a second pause lasts 6 hours, and a third disables it' : 'the next pause disables it for good';
  return {
    quality: 'RED', ...(n ? { pauses: n } : {}),
    warning: `quality RED, ${n} pause${n === 1 ? '' : 's'} so far: approved and sendable, but Meta says it "is in danger of being paused or disabled soon"; ${next} (sends fail while paused): address what recipients report, the content or who receives it (an edit sends it to review again); see ${recoveryDoc('quality-red')}`,
  };
}
