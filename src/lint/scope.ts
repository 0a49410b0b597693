// Pure: which part of a template a rule sees. RCS-only templates (a `message` and no `body`) are
// not WhatsApp templates, so the WhatsApp rules do not run on them; in a template that carries
// both, the WhatsApp rules see the template without its RCS `message`. The placeholder contract
// of FORMAT.md (syntax, one style per template, numbering, a sample for each) holds for every part.
import type { Loose } from '../model/loose.js';
import type { Rule } from './rule.js';

/** Rules of the WhatsApp group that are tplsync's own placeholder contract, for every part of a template. */
export const EVERY_PART: ReadonlySet<string> = new Set(['placeholder-syntax', 'placeholder-mixed', 'placeholder-sequence', 'placeholder-sample', 'sample-conflict', 'sample-stub', 'sample-number', 'text-characters', 'url-lookalike-host']);

/**
 * The key of a template without `message` that holds its RCS content under Google's RBM name
 * (AgentMessage.contentMessage, also as contentmessage or content_message), if it has one: the
 * file is an RCS template written in Google's JSON names (the schema's finding at that key says to
 * write it as `message:`), not a WhatsApp one.
 */
export function googleContentMessageKey(t: Readonly<Record<string, unknown>>): string | undefined {
  if (t.message !== undefined) return undefined;
  return Object.keys(t).find((k) => k.toLowerCase().replace(/[^a-z]/g, '') === 'contentmessage' && t[k] !== null && typeof t[k] === 'object' && !Array.isArray(t[k]));
}

/** A template with `message` (or Google's `contentMessage` in its place) and no `body`: an RCS template. */
export function isRcsOnly(t: Loose): boolean {
  return t.body === undefined && (t.message !== undefined || googleContentMessageKey(t) !== undefined);
}

/** Whether a rule checks only the WhatsApp part of a template (and nothing of an RCS-only one). */
export function seesWhatsappPartOnly(rule: Pick<Rule, 'id' | 'group'>): boolean {
  return rule.group === 'whatsapp' && !EVERY_PART.has(rule.id);
}

/** each WhatsApp view of a template (withoutMessage), with the whole template it was made of */
const wholeOf = new WeakMap<Loose, Loose>();

/** The template without its RCS part, for the WhatsApp rules. */
export function withoutMessage(t: Loose): Loose {
  const { message: _rcs, ...rest } = t;
  wholeOf.set(rest, t);
  return rest;
}

/** The whole template a rule's view was made of (the view itself when it is the whole template): the schema judges the whole file. */
export function wholeTemplate(view: Loose): Loose {
  return wholeOf.get(view) ?? view;
}
