// `tplsync lsp --stdio`: thin: the Language Server Protocol server on stdin and stdout.
import { UsageError } from '../core/errors.js';

export async function lspCommand(o: { stdio?: boolean }): Promise<number> {
  if (!o.stdio) throw new UsageError('lsp speaks the Language Server Protocol over stdin and stdout only: run `tplsync lsp --stdio` (editors do; see docs/editors.md)');
  const { startServer } = await import('../lsp/server.js');
  startServer();
  // the server runs until the editor ends it (exit notification or stdin closed)
  return new Promise<number>(() => {});
}
