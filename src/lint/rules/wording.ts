// Meta rejects a template whose body and footer repeat an existing template's ("the same wording in
// the body and footer": its review page); authentication templates are exempt (their text is
// WhatsApp's). A file's facts keep a short hash of that wording (facts.wording), as the platform
// receives it (named placeholders numbered), so that the project step compares 10,000 files
// without their texts. A template whose channel is written as its id is compared with those of
// the alias an environment of the config maps to that id.
import type { Loose } from '../../model/loose.js';
import { defineRules, type ProjectContext } from '../rule.js';
import { fnv64 } from '../../core/hash.js';
import { channelAliasOf } from './channel-kind.js';

/** a hash of a WhatsApp template's body text and footer (undefined: an authentication template, or no body text) */
export function wordingOf(t: Loose): string | undefined {
  if (t.category === 'AUTHENTICATION' || t.message !== undefined) return undefined;
  const body = t.body && typeof t.body === 'object' && !Array.isArray(t.body) ? (t.body as Loose).text : undefined;
  if (typeof body !== 'string' || body.trim() === '') return undefined;
  const footer = typeof t.footer === 'string' ? t.footer : '';
  return fnv64(`${body.includes('{{') ? numberedForm(body) : body}\u0000${footer}`);
}

/**
 * The text as the platform receives it: named placeholders numbered by first appearance (format.md),
 * so that `Hello {{customer}}` and `Hello {{1}}` are one wording.
 */
function numberedForm(text: string): string {
  const numbers = new Map<string, number>();
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, key: string) => {
    if (/^[0-9]+$/.test(key)) return whole;
    let n = numbers.get(key);
    if (n === undefined) numbers.set(key, (n = numbers.size + 1));
    return `{{${n}}}`;
  });
}

type ProjectFile = ProjectContext['files'][number];

export const wordingRules = defineRules([
  {
    id: 'duplicate-content', group: 'cross-file', severity: 'warning',
    summary: 'No two templates of a channel with different names have the same body text and footer.',
    why: 'Meta rejects a template submitted with the same wording in its body and footer as an existing template of the account (authentication templates excepted). A warning, not an error: the project is not the whole account, and a team may be replacing one template with the other. Language variants of one name are not compared.',
    fix: 'Make the body or the footer of one of them its own, or keep one template and send it for both purposes.', source: 'Meta template review',
    checkProject(ctx) {
      // by wording first (10,000 distinct texts: one lookup each), then by channel within a wording shared
      const byWording = new Map<string, ProjectFile | ProjectFile[]>();
      for (const r of ctx.files) {
        const { wording } = r.facts;
        if (!wording || !r.facts.channel || !r.facts.name) continue;
        const had = byWording.get(wording);
        if (had === undefined) byWording.set(wording, r);
        else if (Array.isArray(had)) had.push(r);
        else byWording.set(wording, [had, r]);
      }
      const groups: ProjectFile[][] = [];
      // a file that names the channel by its id and one that names it by its alias are of one channel
      const channelOf = (r: ProjectFile): string => channelAliasOf(ctx.channels?.ids, r.facts.channel!.value);
      for (const shared of byWording.values()) {
        if (!Array.isArray(shared)) continue;
        const byChannel = new Map<string, ProjectFile[]>();
        for (const r of shared) { const c = channelOf(r); (byChannel.get(c) ?? byChannel.set(c, []).get(c)!).push(r); }
        groups.push(...byChannel.values());
      }
      for (const group of groups) {
        if (new Set(group.map((r) => r.facts.name)).size < 2) continue;
        for (const r of group) {
          const twins = group.filter((x) => x.facts.name !== r.facts.name);
          const named = twins.slice(0, 3).map((x) => `${x.facts.name}/${x.facts.language ?? '?'} (${x.file})`).join(', ') + (twins.length > 3 ? `, and ${twins.length - 3} more` : '');
          ctx.report(r.file, r.facts.identitySpan ?? r.facts.channel!.span, `${r.facts.name} has the same body text as ${named}, and the same footer or none: Meta rejects a template with the same wording in its body and footer as an existing one; make one of them its own.`);
        }
      }
    },
  },
]);
