// Pure: whether apply attempts the write of a change, and if not why. One judgment for both sides:
// apply reports such a change skipped ("not attempted: ..."), and plan marks it (`! apply does not
// attempt this update: ...`) and counts it apart from the updates apply will write, so that a plan
// never promises a write apply refuses up front (trial-an F5).
import { adviceCommand } from '../core/advice.js';
import { shellWord } from '../core/shell-word.js';
import { isApprovedState, isDeletedState } from '../core/template-state.js';
import { editsWhatsApp } from '../model/canonical.js';
import type { EditSpend } from './edit-budget.js';
import { IN_REVIEW, NOT_EDITABLE, recreateHow } from './review-state.js';
import { recoveryDoc } from '../core/recovery-doc.js';

/** What the judgment reads of a change, a plan's (PlanChange) or a saved plan's as apply rebuilds it. */
export interface RefusalInput {
  publicId: string; channel: string; name: string;
  action: 'create' | 'update' | 'noop' | 'orphan';
  remoteStatus?: string | undefined;
  remote?: { canonical: { rcsOnly?: true } } | undefined;
  changes?: readonly { path: string; before?: unknown; after?: unknown }[] | undefined;
  partnerOnly?: true | undefined;
  edit?: EditSpend | undefined;
  drift?: { upstream?: string; merge?: true } | undefined;
}

/**
 * Why apply does not attempt the write (the channel would refuse it as things stand), with
 * `deferred` for what a later run writes by itself: `review` (in review or in appeal: a re-run after
 * the review writes it, and apply --wait waits for it) and `behind` (the checkout is behind its
 * upstream: git pull first). Undefined: apply attempts the write.
 */
export interface Refusal {
  refusal: string;
  deferred?: 'review' | 'behind';
  /** refused for the category: the channel has the template approved as `approved`, the write carries the file's `file` */
  category?: { approved: string; file: string };
  /** with deferred review: the edit allowance is used up past the review (ApplyItem.editLimit) */
  editLimit?: { until?: string };
}

/** Pure: why apply does not attempt the write of `c` in `environment` (its advice names it), or undefined when it attempts it. */
export function applyRefusal(c: RefusalInput, environment: string | undefined): Refusal | undefined {
  // a command advised names the environment of the apply (a bare one acts on the default environment)
  const run = (command: string): string => adviceCommand(command, environment);
  if (c.action !== 'update') return undefined;
  // behind the upstream, whose newer version of the file the channel holds (a colleague's applied change): the write would revert it
  if (c.drift?.upstream) {
    return { deferred: 'behind', refusal: c.drift.merge
      ? `this branch is behind ${c.drift.upstream} and did not change the file, whose newer version on ${c.drift.upstream} the channel holds (applied from there): the write would revert it. Merge ${c.drift.upstream} first (\`git merge ${shellWord(c.drift.upstream)}\`), then \`${run('apply')}\` again`
      : `this checkout is behind ${c.drift.upstream}, whose newer version of the file the channel holds (applied from there): the write would revert it. git pull first, then \`${run('apply')}\` again` };
  }
  // the channel's copy holds components no file can hold: the write would delete them
  const unknown = c.changes?.find((x) => x.path === 'unknownComponents');
  if (unknown && Array.isArray(unknown.before) && unknown.before.length) return { refusal: unknownComponentsNote(unknown.before.map(String)) };
  // a DISABLED template takes no edit: the write would only be refused (the plan said what to do instead)
  if (c.remoteStatus === 'DISABLED') return { refusal: NOT_EDITABLE.DISABLED! };
  // the category of an approved template cannot change: the write carries the file's, and is refused whoever changed it
  const category = isApprovedState(c.remoteStatus) ? c.changes?.find((x) => x.path === 'category') : undefined;
  if (category) {
    const [approved, file] = [String(category.before), String(category.after)];
    return { category: { approved, file }, refusal: `the channel has it approved as ${approved} and the category of an approved template cannot change: set category: ${approved} in the file if every environment's copy has it, or accept it for this environment alone with environments.${environment ?? '<env>'}.categories: { "${c.channel}/${c.name}": ${approved} } in the config (or appeal a re-categorisation in the console), or create a new template under another name for ${file} (${recoveryDoc('recategorised')})` };
  }
  // WhatsApp edits only APPROVED, REJECTED and PAUSED templates: one in review (IN_REVIEW: PENDING, or an appeal's IN_APPEAL)
  // is refused until the review ends (an RCS-only template is not WhatsApp's)
  const whatsapp = !c.remote?.canonical.rcsOnly;
  if (whatsapp && c.remoteStatus !== undefined && IN_REVIEW.has(c.remoteStatus)) {
    if (c.remoteStatus === 'IN_APPEAL') return { refusal: `an appeal of its rejection is under review (IN_APPEAL) and WhatsApp takes no edit until it is decided: re-run apply then (${run('review')} shows the decision; apply --wait waits for it)`, deferred: 'review' };
    // (a change of what WhatsApp never sees, the description or the RCS message, is no edit of the WhatsApp template: written)
    if (!c.partnerOnly && (c.changes === undefined || editsWhatsApp(c.changes))) {
      // the read said the edit under review used the allowance: once approved, the edit is refused until the allowance allows one
      if (c.edit?.exceeds) {
        const until = c.edit.possibleFrom;
        return { deferred: 'review', editLimit: until ? { until } : {}, refusal: `the template is in review (PENDING) and WhatsApp takes no edit until the review ends, and once the review approves it, its edit allowance is used up (the edit under review spent it) ${until ? `until ${until}` : 'for a while (the service did not say until when)'}: re-run apply ${until ? 'from then' : `once ${run('review')} shows an edit left`} (or once the review rejects it, when an edit spends none; ${recoveryDoc('the-edit-limit')})` };
      }
      return { refusal: `the template is in review (PENDING) and WhatsApp takes no edit until the review ends: re-run apply once it has (${run('review')} shows the decision; apply --wait waits for it)`, deferred: 'review' };
    }
  }
  // deleted on the channel: how to make it again (a new name, or after WhatsApp's 30 days a new publicId)
  if (isDeletedState(c.remoteStatus)) return { refusal: `the template is ${recreateHow(c.remoteStatus!, c.publicId)}` };
  if (whatsapp && c.remoteStatus !== undefined && NOT_EDITABLE[c.remoteStatus]) return { refusal: NOT_EDITABLE[c.remoteStatus]! };
  return undefined;
}

/**
 * Whether `apply --wait` waits for the review of a change it does not attempt now, then writes it: one in review (PENDING)
 * or in appeal (IN_APPEAL), whose edit the review's end makes possible. Not one whose edit allowance is used up past the
 * review (editLimit: the edit under review spent it), unless the wait still lasts at the moment the allowance allows an
 * edit again: `wait` is the instant and the time the wait has left (apply --wait's --wait-timeout as it runs); without it
 * (plan, and apply's announcement, which know neither when apply runs nor its time-out) such an edit is not waited for.
 * The one decision apply --wait follows, and plan --wait and apply's counts read.
 */
export function waitsForReview(r: Pick<Refusal, 'deferred' | 'editLimit'> | undefined, wait?: { now: number; leftMs: number }): boolean {
  if (r?.deferred !== 'review') return false;
  if (!r.editLimit) return true;
  const until = r.editLimit.until;
  return wait !== undefined && until !== undefined && Date.parse(until) <= wait.now + wait.leftMs;
}

/**
 * Whether apply skips the change: every change it does not attempt as things stand (a DISABLED template, an approved
 * template's category, a checkout behind its upstream, ...), one in review (PENDING) or in appeal (IN_APPEAL) too, which
 * apply skips as plain apply skips it. With `wait` (planned as `apply --wait` runs: plan --wait), one in review that apply
 * --wait waits for (waitsForReview) is no skip: written once the review ends. The one decision plan's count ("N that apply
 * will skip", summary.applySkips, exit 5) and apply's announcement and skips read.
 */
export function applySkips(r: Refusal | undefined, o: { wait?: boolean | undefined; window?: { now: number; leftMs: number } } = {}): boolean {
  return r !== undefined && !(o.wait && waitsForReview(r, o.window));
}

/**
 * " (2 of them in review: apply --wait writes them once the review ends)": after plan's and apply's count of the updates
 * apply will skip; `waiting`: said by an apply --wait, which waits for the review itself
 */
export function reviewSkipsSaid(n: number, waiting = false): string {
  if (!n) return '';
  const them = n === 1 ? 'it' : 'them';
  return waiting ? ` (${n} of them in review: this apply waits for the review to end, then writes ${them})` : ` (${n} of them in review: apply --wait writes ${them} once the review ends)`;
}

/** what plan and apply say of a template whose copy on the channel holds components no file can hold */
export function unknownComponentsNote(parts: readonly string[]): string {
  const list = parts.map((p) => `the ${p}`).join(', ');
  const one = parts.length === 1;
  return `the channel's copy holds ${one ? 'a part' : 'parts'} no template file can hold (${list}): a write would delete ${one ? 'it' : 'them'}, so apply does not write this template. Remove ${one ? 'it' : 'them'} on the channel (the console) to let apply write the file, or give the template a new name`;
}
