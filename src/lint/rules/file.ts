// The order of a file's keys, and the stubs a scaffold wrote in it (the rules of loading it are in loading.ts).
import { defineRules } from '../rule.js';
import { firstKeyOutOfOrder } from '../../fmt/key-order.js';
import { SCAFFOLD_STUBS } from '../../scaffold/stubs.js';

export const fileRules = defineRules([
  { id: 'key-order', group: 'file', severity: 'off', summary: 'Keys are in the order `tplsync fmt` writes them (off unless the config turns it on).',
    why: 'One order in every file makes templates quick to read and keeps diffs small; fmt applies it, and a team that does not run fmt can hold files to it here.',
    fix: 'Run `tplsync lint --fix` or `tplsync fmt`, or move the key after the keys that come before it in docs/format.md.',
    repair: () => [{ op: 'order-keys' }], repairTitle: 'Put the keys in the order tplsync fmt writes them',
    check(ctx) {
      const at = firstKeyOutOfOrder(ctx.t);
      if (at) ctx.report(at, `\`${String(at[at.length - 1])}\` belongs before the keys above it in tplsync fmt's order; run \`tplsync lint --fix\` or \`tplsync fmt\`.`, { part: 'key' });
    } },
  { id: 'scaffold-stub', group: 'file', severity: 'warning',
    summary: 'No text is still a stub `tplsync init` or `tplsync new` wrote: `description: TODO say what this template is for`.',
    why: 'The scaffold writes the stub so that the file has the key; only the author knows what to write. Left as it is, it is sent with the template (`export --to twilio` makes it the `friendly_name`), and plan, the pull-request comment and the preview show it. A warning: the platforms do not review a description, and a first project lints without errors.',
    fix: 'Replace the stub with what it asks for (for `description`, a line saying what the template is for), or remove the key.',
    source: 'tplsync (its scaffolds)',
    check(ctx) {
      for (const stub of SCAFFOLD_STUBS) {
        let v: unknown = ctx.t;
        for (const k of stub.path) v = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined;
        // the stub as the scaffold wrote it, and only that: a description the author began from it is theirs
        if (typeof v === 'string' && v.trim() === stub.text) {
          ctx.report([...stub.path], `\`${stub.path.join('.')}\` is still the stub '${stub.text}' that tplsync wrote: replace it with ${stub.write}, or remove the key; it is sent with the template.`);
        }
      }
    } },
]);
