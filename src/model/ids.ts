// Pure: template ids (FORMAT.md "Template ids"): an explicit publicId, or a name-based UUID
// (RFC 9562 version 5) of `<channel publicId>/<name>/<language>` under tplsync's namespace.
import { v5 as uuidv5 } from 'uuid';

/** tplsync's fixed namespace for name-based template ids. Never change it: ids would move. */
export const TEMPLATE_ID_NAMESPACE = '6f1c2a3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b';

export function templateId(channelId: string, name: string, language: string, explicit?: string): string {
  return (explicit ?? uuidv5(`${channelId.toLowerCase()}/${name}/${language}`, TEMPLATE_ID_NAMESPACE)).toLowerCase();
}

export { UUID_RE } from '../core/uuid.js';
import { asIdentifier } from '../core/redact.js';

/**
 * A new id for the file of a template whose id the channel holds as deleted: the deleted one keeps
 * its id (a derived id never changes), so the template is made again only under another. Derived
 * from the deleted id (the same suggestion every run; one for each deletion, never the id of a template made so before).
 */
export function freshPublicId(deletedId: string): string {
  return uuidv5(`recreated/${deletedId.toLowerCase()}`, TEMPLATE_ID_NAMESPACE).toLowerCase();
}

/** The key of a template everywhere it is shown: `<channel>/<name>/<language>` (channel as written). */
export function templateKey(t: { channel: string; name: string; language: string }): string {
  return `${t.channel}/${t.name}/${t.language}`;
}

/**
 * The order templates are listed in (plan, review): by channel, then name, then language, each
 * compared on its own, so that `login_code` comes before `login_code_onetap` (the joined keys
 * compared whole put `login_code_onetap/...` first: '_' sorts before '/').
 */
export function compareTemplates(a: { channel: string; name: string; language: string }, b: { channel: string; name: string; language: string }): number {
  return a.channel.localeCompare(b.channel) || a.name.localeCompare(b.name) || a.language.localeCompare(b.language);
}

/** templateKey as a sentence shows it: an identifier of the output gate, never masked as a secret value equal to a name or an alias (core/redact.ts asIdentifier) */
export function shownKey(t: { channel: string; name: string; language: string }): string {
  return asIdentifier(templateKey(t));
}
