// `tplsync lsp`: its arguments, options and help; the work is in src/cli/lsp.ts, loaded when it runs.
import { defineCommand } from '../command.js';

export const command = defineCommand(
  'lsp',
  (c) => c
    .description('the Language Server Protocol server: lint findings, hover, quick fixes, completion and an outline in any editor (docs/editors.md)')
    .option('--stdio', 'speak LSP over stdin and stdout (the only transport)'),
  async (_args, o) => (await import('../lsp.js')).lspCommand(o),
);
