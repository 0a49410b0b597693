// Pure (but for where the reader opens docs/recovery.md: core/recovery-doc.ts): what a template's review state on the
// channel means for a team, and what to do about it.
// "In sync" means approved: a template whose content matches its file but whose review rejected,
// paused or disabled it is not in sync, and every plan says so (docs/recovery.md, a section per state).

import type { TemplateReadResponse } from '../api/shapes.js';
import { freshPublicId } from '../model/ids.js';
import { ruleTurnedDown, type Override } from '../config/overrides.js';
import type { SeveritySetting } from '../core/diagnostic.js';
import { isApprovedState, isDeletedState } from '../core/template-state.js';
import { recoveryDoc } from '../core/recovery-doc.js';

export interface NeedsAttention {
  /** the template's statusText on the channel */
  state: string;
  /** why, when the read says (the rejection reason) */
  reason?: string;
  /** what the reviewer recommends, when the read says */
  recommendation?: string;
  /** the lint rule that checks what the reason names, when one does */
  rule?: string;
  /** the quality score, when the read says */
  quality?: string;
  /** pauses for low quality so far */
  pauses?: number;
  /** while PAUSED: when the pause ends */
  pausedUntil?: string;
  /** what to do, in one sentence */
  todo: string;
}

/** What the read of a template says of its life (docs/api-assumptions.md). */
export type ReviewFields = Partial<Pick<TemplateReadResponse, 'publicId'>> & Pick<TemplateReadResponse, 'statusText' | 'rejectionReason' | 'recommendation' | 'qualityScore' | 'pauseCount' | 'pausedUntil' | 'chatapp' | 'message'>;

/**
 * WhatsApp's rejection reasons a lint rule checks before a review does (docs/rules.md): INVALID_FORMAT is the
 * placeholders' (which rule, the recommendation's words say: FORMAT_HINTS); TAG_CONTENT_MISMATCH ("the language
 * and/or template category selected don't match the template content") is translation-missing's, whose doc names
 * it (a text left in the source language). PROMOTIONAL and INCORRECT_CATEGORY are utility-promotional's for a
 * UTILITY template only (UTILITY_REASONS: promotional wording in a utility template, which Meta re-categorises or
 * rejects); of another category no rule covers them (the `category` rule only checks that the value is one of three).
 */
const RULE_OF_REASON: Readonly<Record<string, string>> = {
  INVALID_FORMAT: 'placeholder-syntax',
  TAG_CONTENT_MISMATCH: 'translation-missing',
  PROMOTIONAL: 'utility-promotional',
  INCORRECT_CATEGORY: 'utility-promotional',
};

/** the reasons whose rule (utility-promotional) judges a UTILITY template alone */
const UTILITY_REASONS: ReadonlySet<string> = new Set(['PROMOTIONAL', 'INCORRECT_CATEGORY']);

/** a recommendation about the placeholders (else it names no placeholder rule: emojis, a long header, a link) */
const ABOUT_PLACEHOLDERS = /\b(variables?|parameters?|placeholders?)\b|curly|braces|\{\{/i;
/** words of an INVALID_FORMAT recommendation about the placeholders, and the rule that checks what they name */
const FORMAT_HINTS: readonly [RegExp, string][] = [
  [/adjacent|next to each other|consecutive|side by side/i, 'placeholder-adjacent'],
  [/sequential|in sequence|in order|skipp?(ed|ing)?\b|out of order/i, 'placeholder-sequence'],
  [/\b(start|starts|starting|begin|begins|beginning|end|ends|ending)\b/i, 'placeholder-position'],
  [/too many|ratio|too short for/i, 'placeholder-density'],
  [/\b(sample|samples|example|examples)\b/i, 'placeholder-sample'],
];

/**
 * The lint rule that covers a rejection reason: one the reason names (`placeholder-position: ...`),
 * or WhatsApp's reason code's (`whatsappCodes`: not for an RCS-only template), made precise by the
 * reviewer's recommendation where its words name one; a code whose rule judges one category
 * (UTILITY_REASONS) names it only for a template of that category (`category`, the read's).
 */
export function ruleOfReason(reason: string | undefined, ruleIds: ReadonlySet<string>, whatsappCodes = true, recommendation?: string, category?: string): string | undefined {
  if (!reason) return undefined;
  const named = /^([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\s*:/.exec(reason)?.[1];
  if (named && ruleIds.has(named)) return named;
  if (!whatsappCodes) return undefined;
  const code = /\b([A-Z]+(?:_[A-Z]+)+|PROMOTIONAL|SCAM)\b/.exec(reason)?.[1];
  let rule = code && !(UTILITY_REASONS.has(code) && category !== 'UTILITY') ? RULE_OF_REASON[code] : undefined;
  if (rule === 'placeholder-syntax' && recommendation) {
    // a recommendation about something else than the placeholders names none of their rules
    rule = !ABOUT_PLACEHOLDERS.test(recommendation) ? undefined
      : FORMAT_HINTS.find(([re, id]) => re.test(recommendation) && ruleIds.has(id))?.[1] ?? rule;
  }
  return rule && ruleIds.has(rule) ? rule : undefined;
}

/** how a pause ends, and what an edit would do instead */
const pauseEnd = (): string => `it resumes by itself then (no edit needed: an edit, apply, sends it to review again, unsendable until approved); a third pause disables it: improve who receives it, or the content; see ${recoveryDoc('paused')}`;

export { qualityWarning, type QualityWarning } from '../core/template-state.js';

const TODO: Readonly<Record<string, string>> = {
  get REJECTED() { return `fix what the reason names in the file and apply again (an edit of a REJECTED template goes back to review); see ${recoveryDoc('rejected')}`; },
  // WhatsApp unpauses it by itself (3 h after a first pause, 6 h after a second); an edit is not needed, and would send it to
  // review, unsendable until approved again (Meta, Template pausing)
  get PAUSED() { return `the platform paused it after low quality ratings: sends fail until the pause ends (3 hours after a first pause, 6 after a second); ${pauseEnd()}`; },
  // what disabled it is said only where the read says (its pauses, its reason: WhatsApp also disables for policy reasons): disabledTodo
  get DISABLED() { return `it cannot be sent or edited; create a new template under another name; see ${recoveryDoc('disabled')}`; },
  get IN_APPEAL() { return `an appeal of its rejection is under review: wait for the decision; see ${recoveryDoc('in_appeal')}`; },
  // Meta's status webhook: FLAGGED "has received negative feedback and is at risk of being disabled", REINSTATED "no longer
  // flagged or disabled"; its disable_info.disable_date is no field of the partner API's read (docs/api-assumptions.md), so no date is said
  get FLAGGED() { return `flagged: Meta says it "has received negative feedback and is at risk of being disabled" (on a date Meta's notice of the flag may give; the read does not carry it), until Meta reinstates it (REINSTATED); look at what recipients report, the content and who receives it; see ${recoveryDoc('flagged')}`; },
  get LIMIT_EXCEEDED() { return `the account is over its template limit: delete unused templates in the console; see ${recoveryDoc('limit_exceeded')}`; },
  get LOCKED() { return `locked: it cannot be edited now; see ${recoveryDoc('locked')}`; },
  get ARCHIVED() { return `archived on the channel: unarchive it in the console to send it; see ${recoveryDoc('archived')}`; },
};

/**
 * How a template deleted on the channel (DELETED, PENDING_DELETION) is made again: WhatsApp blocks
 * the name of a deleted template for 30 days from its deletion (the read does not say when that
 * was); its id stays the deleted one's, so under the same name only with a new publicId in the file.
 */
export function recreateHow(state: string, publicId: string | undefined): string {
  const what = state === 'PENDING_DELETION' ? 'being deleted on the channel' : 'deleted on the channel';
  const id = publicId ? freshPublicId(publicId) : undefined;
  return `${what}, and its id stays the deleted template's: make it again under a new name at once, or under this name once WhatsApp's 30-day block of a deleted template's name is over (30 days from the deletion, which the console shows), by giving the file a new publicId${id ? ` (e.g. publicId: ${id})` : ''}; a publicId serves every environment, so set it only where each environment's copy is deleted too (else apply there creates a second template of this name). Retired in this environment alone (the others keep it): name it under environments.<env>.exclude in the config (its <alias>/<name> or <alias>/<name>/<language>); see ${recoveryDoc('deleted')}`;
}

/**
 * The states whose template WhatsApp takes no edit of, whatever waits, each with why and what to do
 * instead: WhatsApp edits only APPROVED (REINSTATED is approved again), REJECTED and PAUSED templates
 * (docs/api-assumptions.md, "Edits by state"); one in review (PENDING, IN_APPEAL) takes it once the
 * review ends, which apply says apart. The one table plan's note and apply's refusal read, and the
 * emulator refuses the same states (a test holds them together).
 */
export const NOT_EDITABLE: Readonly<Record<string, string>> = {
  get DISABLED() { return `the template is DISABLED on the channel and takes no edit: create a new template under another name (${recoveryDoc('disabled')})`; },
  get LOCKED() { return `the template is LOCKED on the channel and takes no edit now (${recoveryDoc('locked')})`; },
  get LIMIT_EXCEEDED() { return `the WhatsApp account is at its template limit (LIMIT_EXCEEDED) and WhatsApp takes no edit of the template while it is: nothing in the file changes that. Bring the account's template count under its limit (delete templates it no longer uses in the console), then apply again once the read says another state (${recoveryDoc('limit_exceeded')})`; },
  get FLAGGED() { return `the template is FLAGGED on the channel (negative feedback: Meta says it is at risk of being disabled) and WhatsApp edits only APPROVED, REJECTED and PAUSED templates: apply again once Meta reinstates it (REINSTATED, no longer flagged) or the platform pauses it (a PAUSED template takes the edit, and the edit starts its review again) (${recoveryDoc('flagged')})`; },
  get PENDING_DELETION() { return `the template is being deleted on the channel (PENDING_DELETION): make it again under a new name, or under this name with a new publicId in its file once WhatsApp's 30-day block of the name is over (${recoveryDoc('deleted')})`; },
  get DELETED() { return `the template was deleted on the channel: make it again under a new name, or under this name with a new publicId in its file once WhatsApp's 30-day block of the name is over (${recoveryDoc('deleted')})`; },
  get ARCHIVED() { return `the template is ARCHIVED on the channel: unarchive it in the console, then apply again (${recoveryDoc('archived')})`; },
};

/**
 * The states in which WhatsApp takes no edit until a review ends (the template's own, or an appeal of its rejection):
 * the one set plan and apply read. Apply does not attempt an edit then (`apply --wait` waits for the review's end, then
 * writes it), and plan counts such an update among those apply will skip; a saved plan keeps the read's content of
 * such a template (remoteContent), so that the review ending in approval, and nothing else, leaves the plan as it was.
 */
export const IN_REVIEW: ReadonlySet<string> = new Set(['PENDING', 'IN_APPEAL']);

/** States that are fine: APPROVED, and PENDING (within its review) and REINSTATED (approved again). */
const FINE = new Set(['APPROVED', 'PENDING', 'REINSTATED']);

/**
 * A rule the project's config turns off or to info where the template's file is (src/config/overrides.ts
 * ruleTurnedDown), and the config file as shown: lint then says nothing of it (off) or does not fail on it
 * (info), so a hint must say so rather than send the user to lint.
 */
export interface RuleSetting { rule: string; severity: 'off' | 'info'; where: string; configFile: string }

/**
 * The config's settings of the rules for a template file (by its absolute path): where it turns a rule
 * off or to info (`configFile`: the config as shown to the user). Without a config file nothing is turned down.
 */
export function configRuleSettings(config: { file?: string; rules: Readonly<Record<string, SeveritySetting>>; overrides?: readonly Override[]; dir: string }, configShown: string | undefined): (absFile: string) => (rule: string) => RuleSetting | undefined {
  if (!config.file || configShown === undefined) return () => () => undefined;
  return (absFile) => (rule) => {
    const t = ruleTurnedDown(config, absFile, rule);
    return t ? { ...t, configFile: configShown } : undefined;
  };
}

/** the hint that names the lint rule covering a rejection: run lint, or (turned down in the config) where it was turned down */
export function ruleHint(rule: string, turned?: RuleSetting): string {
  if (!turned) return `lint rule ${rule} checks this: run tplsync lint`;
  const at = `${turned.configFile} (${turned.where}: ${rule}: ${turned.severity})`;
  return turned.severity === 'off'
    ? `lint rule ${rule} checks this, but it is off in ${at}, so tplsync lint says nothing of it: turn it back on there and run tplsync lint`
    : `lint rule ${rule} checks this, but it is set to info in ${at}, so tplsync lint reports it without failing: set it to error there and run tplsync lint`;
}

/**
 * What a remote state asks of the team, or undefined when it asks nothing. `settingOf`: the config's
 * setting of the rule that covers a rejection, where it turns it off or to info for this template's file.
 * `fileCategory`: the file's category, which a rejection's rule is judged by where the read reports none.
 */
export function needsAttention(r: ReviewFields | undefined, ruleIds: ReadonlySet<string> = new Set(), settingOf?: (rule: string) => RuleSetting | undefined, fileCategory?: string): NeedsAttention | undefined {
  const state = r?.statusText;
  if (r === undefined || state === undefined || FINE.has(state)) return undefined;
  // WhatsApp's reason codes name lint rules of WhatsApp's parts: an RCS-only template (a message, no chatapp) is reviewed by other rules
  const rule = ruleOfReason(r.rejectionReason, ruleIds, !(r.chatapp === undefined && r.message !== undefined), r.recommendation, r.chatapp?.category ?? fileCategory);
  return {
    state,
    ...(r.rejectionReason ? { reason: r.rejectionReason } : {}),
    ...(r.recommendation ? { recommendation: r.recommendation } : {}),
    ...(rule ? { rule } : {}),
    ...(r.qualityScore ? { quality: r.qualityScore } : {}),
    ...(r.pauseCount ? { pauses: r.pauseCount } : {}),
    ...(r.pausedUntil ? { pausedUntil: r.pausedUntil } : {}),
    todo: (state === 'DISABLED' ? disabledHow(r.pauseCount) : '')
      + (state === 'PAUSED' && r.pausedUntil ? pausedTodo(r.pausedUntil)
        : isDeletedState(state) ? recreateHow(state, r.publicId) : TODO[state] ?? `the channel reports ${state}: check the template in the console; see ${recoveryDoc()}`)
      + (rule ? ` (${ruleHint(rule, settingOf?.(rule))})` : ''),
  };
}

/** what to do of a template PAUSED until a time the read gives: wait; it resumes by itself (an edit is no way out of the pause) */
function pausedTodo(until: string): string {
  return `paused until ${until} after low quality ratings: sends fail until then; ${pauseEnd()}`;
}

/** how a DISABLED template came to be, as far as the read says: the pauses it counts (never "repeated" pauses it does not count) */
function disabledHow(pauses: number | undefined): string {
  return pauses ? `disabled after ${pauses} pause${pauses === 1 ? '' : 's'} for low quality: ` : '';
}

/**
 * Where the template's file stands among the environments, for the advice of a re-categorisation:
 * the environment at hand, the config key of its template (`<alias>/<name>`), and the other
 * environments the same file serves (one file serves every environment whose channels have its alias).
 */
export interface CategoryContext { environment: string; key: string; others: readonly string[] }

/** The attention a re-categorisation asks: the platform approved the template under another category than the file's. */
export function recategorised(fileCategory: string, remoteCategory: string, known: boolean, ctx?: CategoryContext): NeedsAttention {
  // the file serves other environments too: setting its category to this copy's moves the difference to theirs
  // (WhatsApp reviews each environment's copy on its own), so both ways are said; a file of one environment is set to it
  const shared = ctx && ctx.others.length > 0;
  const accept = ctx ? `environments.${ctx.environment}.categories: { "${ctx.key}": ${remoteCategory} } in the config` : '';
  const others = ctx ? ctx.others.join(', ') : '';
  const sharedTodo = !shared ? '' : `the file also serves ${others}, where the copy keeps its own category: `
    + `to accept ${remoteCategory} for ${ctx.environment} alone, set ${accept}; set category: ${remoteCategory} in the file only if the copy in ${others} has it too (else that environment's plan shows the same difference the other way: tplsync review --env ${ctx.others[0]!} shows its category)`;
  return known
    ? {
      state: 'RECATEGORISED',
      reason: `the platform approved it as ${remoteCategory}; the file says ${fileCategory}`,
      todo: shared
        ? `${sharedTodo}, or appeal the category in ${ctx!.environment}'s console within 60 days; see ${recoveryDoc('recategorised')}`
        : `set category: ${remoteCategory} in the file (an APPROVED template's category cannot change), or appeal the category in the console within 60 days; see ${recoveryDoc('recategorised')}`,
    }
    : {
      state: 'CATEGORY_DIFFERS',
      reason: `the channel has it approved as ${remoteCategory}; the file says ${fileCategory}`,
      todo: shared
        ? `an APPROVED template's category cannot change: if you changed it in the file, put back category: ${remoteCategory} or create a new template under another name; if the platform re-categorised it, ${sharedTodo}, or appeal in the console. No base was found to tell which (plan --base REF, or a branch with an upstream); see ${recoveryDoc('category_differs')}`
        : `an APPROVED template's category cannot change: if you changed it in the file, put back category: ${remoteCategory} or create a new template under another name; if the platform re-categorised it, set category: ${remoteCategory} or appeal in the console. No base was found to tell which (plan --base REF, or a branch with an upstream); see ${recoveryDoc('category_differs')}`,
    };
}

/**
 * What a review said of its decision, in one phrase: "SPAM; recommendation: Do not promise refunds" (either part alone
 * when the read gives one; empty when neither). Plan's and apply's lines say a rejection in these words.
 */
export function reviewWhy(reason: string | undefined, recommendation: string | undefined): string {
  return [reason, recommendation ? `recommendation: ${recommendation}` : undefined].filter(Boolean).join('; ');
}

/**
 * Who changed the category of an APPROVED template, as far as the plan can tell: the platform (the file's category is
 * the base's), the file (the base's is the channel's), or unknown (no base).
 */
export type CategoryChange = 'platform' | 'file' | 'unknown';

/**
 * The one short line of a template whose category on the channel differs from its file's (trial-bg F3): what differs and
 * the two ways out, with the config key to set, the same for every language of the template (the key covers them all).
 * The why and the other ways out are said once per plan (categoryExplanation), not per template.
 */
export function categoryNote(o: { approved: string; file: string; known: CategoryChange; key: string; environment: string }): string {
  if (o.known === 'file') return `category ${o.approved} → ${o.file}, and an APPROVED template's category cannot change: put back category: ${o.approved}, or create a new template under another name for ${o.file}`;
  return `approved as ${o.approved}, the file says ${o.file}: set category: ${o.approved} in the file, or accept it for ${o.environment} with environments.${o.environment}.categories: { "${o.key}": ${o.approved} } (see below)`;
}

/**
 * What a plan says once, below its summary, of the templates approved under another category than their files'
 * (categoryNote's "see below"): why apply skips them, and every way out, for the environment planned and the others
 * the files serve. Undefined for a category changed in the file (its note says all).
 */
export function categoryExplanation(o: { known: CategoryChange; environment: string; others: readonly string[] }): string | undefined {
  if (o.known === 'file') return undefined;
  const list = o.others.join(', ');
  const others = o.others.length ? ` only if the copy in ${list} has it too (the file serves ${list} as well: \`tplsync review --env ${o.others[0]!}\` shows its category there)` : '';
  const platform = `set the category the channel approved in its file${others}, or accept it for ${o.environment} alone with environments.${o.environment}.categories in the config, or appeal the category in the console within 60 days, or create a new template under another name for the file's category`;
  return o.known === 'platform'
    ? `Categories: the platform approved the templates marked "approved as" above under another category than their files say, and an APPROVED template's category cannot change, so apply skips their updates. For each: ${platform}. See ${recoveryDoc('recategorised')}`
    : `Categories: the templates marked "approved as" above are approved on the channel under another category than their files say, and an APPROVED template's category cannot change, so apply skips their updates. If a file's category was changed, put it back (or create a new template under another name for the new category); if the platform re-categorised the template, ${platform}. No base was found to tell which (plan --base REF, or a branch with an upstream). See ${recoveryDoc('category_differs')}`;
}

/** One line for renderings: "REJECTED (reason; recommendation): what to do". */
export function describeAttention(a: NeedsAttention): string {
  const why = reviewWhy(a.reason, a.recommendation);
  const what = a.state === 'RECATEGORISED' ? 'the template on the channel was re-categorised'
    : a.state === 'CATEGORY_DIFFERS' ? 'the template on the channel has another category' : `the template on the channel is ${a.state}`;
  return `${what}${why ? ` (${why})` : ''}: ${a.todo}`;
}
