// Pure: the send gate. A template is sent only as the channel approved it: it must exist there,
// be APPROVED and match the local file (the meta's digest of each part a read shows). What the
// channel says is read by the caller (send.ts); this decides and words the refusal.
import type { TemplateReadResponse } from '../api/shapes.js';
import { fromRead } from '../model/canonical.js';
import { contentDigest, digestDifferences, templateKey, type TemplateMeta } from '../model/meta.js';
import { isApprovedState } from '../plan/review-state.js';

/** A template refused before anything is sent (exit 3). */
export class NotSendable extends Error {
  override name = 'NotSendable';
  readonly exitCode = 3;
}

const SKIP = 'To send it anyway, pass --no-remote-check (remoteCheck: false).';

/** Why the channel's copy (`read`, null when absent) does not allow sending this template, or undefined. */
export function remoteProblem(meta: TemplateMeta, read: TemplateReadResponse | null, where: { channelId: string; templateId: string }): string | undefined {
  const key = templateKey(meta);
  if (!read) return `${key} is not on the channel ${where.channelId} (template id ${where.templateId}): apply it first (tplsync apply), and send it once it is APPROVED. Nothing was sent. ${SKIP}`;
  if (!isApprovedState(read.statusText)) {
    const why = read.rejectionReason ? ` (${read.rejectionReason})` : '';
    const what = read.statusText === 'PENDING' ? 'still in review: wait for it (tplsync apply --wait, or tplsync review)' : 'not approved: see tplsync review';
    return `${key} is ${read.statusText} on the channel${why}, ${what}. Nothing was sent. ${SKIP}`;
  }
  // the platform re-categorised it (or the file's category was edited): it is billed and routed as the channel has it
  const remoteCategory = read.chatapp?.category;
  if (meta.check?.category && remoteCategory && remoteCategory !== meta.check.category) {
    return `${key} is approved on the channel as ${remoteCategory}, and the file says ${meta.check.category}: the platform re-categorised it (it is billed and routed as ${remoteCategory}), or the file's category was changed (an approved template's category cannot change). Set category: ${remoteCategory} in the file (tplsync plan and tplsync review show it; see docs/recovery.md#recategorised), or appeal the category in the console. Nothing was sent. ${SKIP}`;
  }
  if (meta.check) {
    const differs = digestDifferences(meta.check.digest, contentDigest(fromRead(read, where.channelId)));
    if (differs.length) {
      return `${key} differs from the channel's approved copy in ${differs.join(', ')}: an edit that was not applied (tplsync plan shows it). Apply it and send once the review approves it, or send what the channel has from the file as it was. Nothing was sent. ${SKIP}`;
    }
  }
  return undefined;
}
