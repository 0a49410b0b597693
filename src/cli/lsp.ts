// `tplsync lsp --stdio`: thin: the Language Server Protocol server on stdin and stdout.
import { UsageError } from '../core/errors.js';
import { io } from '../core/io.js';

export async function lspCommand(o: { stdio?: boolean }): Promise<number> {
  if (!o.stdio) throw new UsageError('lsp speaks the Language Server Protocol over stdin and stdout only: run `tplsync lsp --stdio` (editors do; see docs/editors.md)');
  const { startServer } = await import('../lsp/server.js');
  const server = startServer();
  // the server runs until the editor ends it: the `exit` notification (the library exits: 0 after
  // `shutdown`, else 1), or the end of its input (the same codes, here)
  return new Promise<number>((resolve) => {
    const end = (): void => {
      server.stop();
      const code = server.shutDown() ? 0 : 1;
      resolve(code);
      // as the library does at the exit notification: a server whose editor is gone ends, whatever
      // its streams still hold (a reply queued for a closed pipe kept it alive)
      setTimeout(() => process.exit(code), 200).unref();
    };
    io().stdin.once('end', end);
    io().stdin.once('close', end);
  });
}
