// `tplsync lsp --stdio`: thin: the Language Server Protocol server on stdin and stdout.
import { UsageError } from '../core/errors.js';
import { io, resolvePath } from '../core/io.js';

export async function lspCommand(o: { stdio?: boolean; config?: string }): Promise<number> {
  if (!o.stdio) throw new UsageError('lsp speaks the Language Server Protocol over stdin and stdout only: run `tplsync lsp --stdio` (editors do; see docs/editors.md)');
  const { startServer, stdioConnection } = await import('../lsp/server.js');
  // --config (before or after `lsp`, as for every command): the config of every workspace folder, relative to the
  // directory the server was started in; without it each folder's config is found from the folder
  const connection = stdioConnection();
  // stdout is the protocol's: the messages are written with the stream's own write (server.ts messageOutput); anything
  // else written to it (a JavaScript config or a policy plugin writing process.stdout) goes to stderr, through its gate,
  // not between two messages (a stray line broke the framing, with whatever it printed unmasked)
  if (io().isProcess) ownStdout();
  const server = startServer(connection, undefined, o.config === undefined ? {} : { configFile: resolvePath(o.config) });
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

/** The process's stdout written by anything but the server's messages: to stderr instead (its gate masks what it holds). */
function ownStdout(): void {
  const out = io().stdout;
  const err = io().stderr;
  out.write = ((chunk: string | Uint8Array, ...rest: unknown[]): boolean => (err.write as (c: string | Uint8Array, ...r: unknown[]) => boolean)(chunk, ...rest)) as typeof out.write;
}
