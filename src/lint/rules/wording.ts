// Meta rejects a template whose body and footer repeat an existing template's ("the same wording in
// the body and footer": its review page); authentication templates are exempt (their text is
// WhatsApp's). A file's facts keep a short hash of that wording (facts.wording), so that the
// project step compares 10,000 files without their texts.
import { hash } from 'node:crypto';
import type { Loose } from '../../model/loose.js';
import { defineRules, type ProjectContext } from '../rule.js';

/** a hash of a WhatsApp template's body text and footer (undefined: an authentication template, or no body text) */
export function wordingOf(t: Loose): string | undefined {
  if (t.category === 'AUTHENTICATION' || t.message !== undefined) return undefined;
  const body = t.body && typeof t.body === 'object' && !Array.isArray(t.body) ? (t.body as Loose).text : undefined;
  if (typeof body !== 'string' || body.trim() === '') return undefined;
  const footer = typeof t.footer === 'string' ? t.footer : '';
  return hash('sha256', `${body}\u0000${footer}`, 'hex').slice(0, 16);
}

type ProjectFile = ProjectContext['files'][number];

export const wordingRules = defineRules([
  {
    id: 'duplicate-content', group: 'cross-file', severity: 'warning',
    summary: 'No two templates of a channel with different names have the same body text and footer.',
    why: 'Meta rejects a template submitted with the same wording in its body and footer as an existing template of the account (authentication templates excepted). Language variants of one name are not compared.',
    fix: 'Make the body or the footer of one of them its own, or keep one template and send it for both purposes.', source: 'Meta template review',
    checkProject(ctx) {
      const groups = new Map<string, ProjectFile[]>();
      for (const r of ctx.files) {
        const { channel, name, wording } = r.facts;
        if (!channel || !name || !wording) continue;
        const key = `${channel.value}\u0000${wording}`;
        (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
      }
      for (const group of groups.values()) {
        if (new Set(group.map((r) => r.facts.name)).size < 2) continue;
        for (const r of group) {
          const twins = group.filter((x) => x.facts.name !== r.facts.name);
          const named = twins.slice(0, 3).map((x) => `${x.facts.name}/${x.facts.language ?? '?'} (${x.file})`).join(', ') + (twins.length > 3 ? `, and ${twins.length - 3} more` : '');
          ctx.report(r.file, r.facts.identitySpan ?? r.facts.channel!.span, `${r.facts.name} has the body and footer of ${named}: Meta rejects a template with the same wording in its body and footer as an existing one; make one of them its own.`);
        }
      }
    },
  },
]);
