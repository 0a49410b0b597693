// Pure: the send gate. A template is sent only as the channel approved it: it must exist there,
// be APPROVED and match the local file (the meta's digest of each part a read shows). What the
// channel says is read by the caller (send.ts); this decides and words the refusal.
import type { TemplateReadResponse } from '../api/shapes.js';
import { fromRead } from '../model/canonical.js';
import { contentDigest, digestDifferences, templateKey, type TemplateMeta } from '../model/meta.js';

/** A template refused before anything is sent (exit 3). */
export class NotSendable extends Error {
  override name = 'NotSendable';
  readonly exitCode = 3;
}

const SENDABLE_STATES = new Set(['APPROVED', 'REINSTATED']);
const SKIP = 'To send it anyway, pass --no-remote-check (remoteCheck: false).';

/** Why the channel's copy (`read`, null when absent) does not allow sending this template, or undefined. */
export function remoteProblem(meta: TemplateMeta, read: TemplateReadResponse | null, where: { channelId: string; templateId: string }): string | undefined {
  const key = templateKey(meta);
  if (!read) return `${key} is not on the channel ${where.channelId} (template id ${where.templateId}): apply it first (tplsync apply), and send it once it is APPROVED. Nothing was sent. ${SKIP}`;
  if (!SENDABLE_STATES.has(read.statusText)) {
    const why = read.rejectionReason ? ` (${read.rejectionReason})` : '';
    const what = read.statusText === 'PENDING' ? 'still in review: wait for it (tplsync apply --wait, or tplsync review)' : 'not approved: see tplsync review';
    return `${key} is ${read.statusText} on the channel${why}, ${what}. Nothing was sent. ${SKIP}`;
  }
  if (meta.check) {
    const differs = digestDifferences(meta.check.digest, contentDigest(fromRead(read, where.channelId)));
    if (differs.length) {
      return `${key} differs from the channel's approved copy in ${differs.join(', ')}: an edit that was not applied (tplsync plan shows it). Apply it and send once the review approves it, or send what the channel has from the file as it was. Nothing was sent. ${SKIP}`;
    }
  }
  return undefined;
}
