// Pure: template ids (FORMAT.md "Template ids"): an explicit publicId, or a name-based UUID
// (RFC 9562 version 5) of `<channel publicId>/<name>/<language>` under tplsync's namespace.
import { v5 as uuidv5 } from 'uuid';

/** tplsync's fixed namespace for name-based template ids. Never change it: ids would move. */
export const TEMPLATE_ID_NAMESPACE = '6f1c2a3e-4b5d-4e6f-8a7b-9c0d1e2f3a4b';

export function templateId(channelId: string, name: string, language: string, explicit?: string): string {
  return (explicit ?? uuidv5(`${channelId.toLowerCase()}/${name}/${language}`, TEMPLATE_ID_NAMESPACE)).toLowerCase();
}

export { UUID_RE } from '../core/uuid.js';

/** The key of a template everywhere it is shown: `<channel>/<name>/<language>` (channel as written). */
export function templateKey(t: { channel: string; name: string; language: string }): string {
  return `${t.channel}/${t.name}/${t.language}`;
}
