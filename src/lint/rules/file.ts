// The order of a file's keys (the rules of loading it are in loading.ts).
import { defineRules } from '../rule.js';
import { firstKeyOutOfOrder } from '../../fmt/key-order.js';

export const fileRules = defineRules([
  { id: 'key-order', group: 'file', severity: 'off', summary: 'Keys are in the order `tplsync fmt` writes them (off unless the config turns it on).',
    why: 'One order in every file makes templates quick to read and keeps diffs small; fmt applies it, and a team that does not run fmt can hold files to it here.',
    fix: 'Run `tplsync lint --fix` or `tplsync fmt`, or move the key after the keys that come before it in docs/format.md.',
    repair: () => [{ op: 'order-keys' }], repairTitle: 'Put the keys in the order tplsync fmt writes them',
    check(ctx) {
      const at = firstKeyOutOfOrder(ctx.t);
      if (at) ctx.report(at, `\`${String(at[at.length - 1])}\` belongs before the keys above it in tplsync fmt's order; run \`tplsync lint --fix\` or \`tplsync fmt\`.`, { part: 'key' });
    } },
]);
