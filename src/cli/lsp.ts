// `tplsync lsp --stdio`: thin: the Language Server Protocol server on stdin and stdout.
import { UsageError } from '../core/errors.js';
import { io, resolvePath } from '../core/io.js';

export async function lspCommand(o: { stdio?: boolean; config?: string }): Promise<number> {
  if (!o.stdio) throw new UsageError('lsp speaks the Language Server Protocol over stdin and stdout only: run `tplsync lsp --stdio` (editors do; see docs/editors.md)');
  const { startServer, stdioConnection } = await import('../lsp/server.js');
  // --config (before or after `lsp`, as for every command): the config of every workspace folder, relative to the
  // directory the server was started in; without it each folder's config is found from the folder
  const server = startServer(stdioConnection(), undefined, o.config === undefined ? {} : { configFile: resolvePath(o.config) });
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
