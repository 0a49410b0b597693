// Effects: the console of the project's code. A JavaScript or TypeScript config and a policy plugin
// are the repository's code, which tplsync runs in its own process; what they print with
// console.log (or any console method) is theirs, not tplsync's output. In the process, from
// `routeProjectConsole` on, it goes to stderr: stdout is a report's (lint --format json or sarif,
// plan --format json) or the language server's protocol stream, where a stray line broke the JSON
// or the messages' framing. It passes the output gate (core/redact.ts) as tplsync's own output
// does; printed while the config is read, before its keys are known to the gate (a config that
// prints its own key variable), it is held until the config has been read, and written then.
import { Console } from 'node:console';
import { Writable } from 'node:stream';
import { io, type OutStream } from './io.js';

interface Route {
  err: OutStream;
  /** how many config reads are under way (holdProjectOutput): what is printed meanwhile waits */
  holding: number;
  held: string[];
}
let route: Route | undefined;

/**
 * From now on, the process's console writes to the process's stderr (through its output gate).
 * Only in the process itself (a run in a test's process keeps the test's console); once.
 */
export function routeProjectConsole(): void {
  if (!io().isProcess || route) return;
  const r: Route = { err: io().stderr, holding: 0, held: [] };
  // each write goes on at once, or waits while a config is read
  const sink = new Writable({
    decodeStrings: false,
    write(chunk: string | Buffer, _encoding, done) {
      const text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      if (r.holding > 0) r.held.push(text);
      else r.err.write(text);
      done();
    },
  });
  route = r;
  globalThis.console = new Console({ stdout: sink, stderr: sink, colorMode: false });
}

/**
 * Runs `read` (a read of the config, which registers its keys with the output gate at its end)
 * with what the project's code prints held, and writes that after, once the gate knows the keys.
 */
export async function holdProjectOutput<T>(read: () => Promise<T>): Promise<T> {
  const r = route;
  if (!r) return read();
  r.holding++;
  try {
    return await read();
  } finally {
    if (--r.holding === 0 && r.held.length) r.err.write(r.held.splice(0).join(''));
  }
}
