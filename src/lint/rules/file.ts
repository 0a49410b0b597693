// Rules of the file as a whole: those reported while loading it, and the order of its keys.
import { defineRules } from '../rule.js';
import { firstKeyOutOfOrder } from '../../fmt/key-order.js';

export const fileRules = defineRules([
  { id: 'file-too-large', group: 'file', severity: 'error', summary: 'A template file is at most 1 MiB.',
    why: 'A template is a few kilobytes; a larger file is a mistake (or an attempt to exhaust the linter) and is not parsed.',
    fix: 'Keep one template per file and remove anything that is not part of it.' },
  { id: 'file-unreadable', group: 'file', severity: 'error', summary: 'The file can be read.',
    why: 'A file that matched the globs but cannot be read (permissions, a broken link) would be silently skipped.',
    fix: 'Fix the file\'s permissions, or remove it.' },
  { id: 'file-outside-project', group: 'file', severity: 'error', summary: 'A template file lies inside the project.',
    why: 'A symbolic link can lead a template path anywhere: to /proc/self/environ (the environment, API keys included), to a device, or to another project\'s file. Reading it could print secrets; fmt would replace the link with a copy ready to be committed.',
    fix: 'Copy the template into the project instead of linking to it, or name the file on the command line when you mean to check it.' },
  { id: 'encoding', group: 'file', severity: 'error', summary: 'Template files are UTF-8.',
    why: 'The API takes JSON, which is Unicode; a byte that is not UTF-8 would be sent as a replacement character.',
    fix: 'Save the file as UTF-8 (most editors: "Save with encoding").' },
  { id: 'yaml-syntax', group: 'file', severity: 'error', summary: 'The file is valid YAML.',
    why: 'Nothing else can be checked until the file parses.', fix: 'Correct the YAML at the position shown.' },
  { id: 'yaml-duplicate-key', group: 'file', severity: 'error', summary: 'A key appears at most once in a mapping.',
    why: 'YAML parsers disagree on which duplicate wins, so what you read is not what gets sent.',
    fix: 'Remove or merge one of the two entries.' },
  { id: 'yaml-alias-limit', group: 'file', severity: 'error', summary: 'Aliases expand to at most 100 nodes.',
    why: 'Nested aliases ("billion laughs") can expand a small file into gigabytes of data.',
    fix: 'Write the values out instead of nesting aliases.' },
  { id: 'single-document', group: 'file', severity: 'error', summary: 'A file holds exactly one YAML document.',
    why: 'One file holds one template (docs/format.md); a second document would be silently ignored.',
    fix: 'Move each template (after a `---`) into its own file.' },
  { id: 'key-order', group: 'file', severity: 'off', summary: 'Keys are in the order `tplsync fmt` writes them (off unless the config turns it on).',
    why: 'One order in every file makes templates quick to read and keeps diffs small; fmt applies it, and a team that does not run fmt can hold files to it here.',
    fix: 'Run `tplsync lint --fix` or `tplsync fmt`, or move the key after the keys that come before it in docs/format.md.',
    repair: () => [{ op: 'order-keys' }], repairTitle: 'Put the keys in the order tplsync fmt writes them',
    check(ctx) {
      const at = firstKeyOutOfOrder(ctx.t);
      if (at) ctx.report(at, `\`${String(at[at.length - 1])}\` belongs before the keys above it in tplsync fmt's order; run \`tplsync lint --fix\` or \`tplsync fmt\`.`, { part: 'key' });
    } },
]);
