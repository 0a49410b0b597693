// Effects: a command's output written where the user named it (lint -o, plan -o and --out, promote
// -o and --out, review -o, export --out, translations export --out, types --out): one rule for
// every command, by what the path leads to.
// - the process's own stdout or stderr named as a file (/dev/stdout, /dev/stderr, /dev/fd/1,
//   /proc/self/fd/2): written to that stream, as `-` writes to stdout (reopening the path would
//   write at the start of a file the shell redirected it to, over what the run printed before);
// - a regular file, or none yet: replaced whole through a temp file and a rename (files/write.ts);
// - a character device (/dev/null, /dev/full, a terminal) or a named pipe: written to in place,
//   never read and never replaced. Opened without blocking: a pipe no process reads yet is waited
//   for, and a full pipe drained, with the event loop free, so that Ctrl-C and SIGTERM end the
//   wait (a blocking open held the main thread in the kernel, where no signal handler runs);
// - a block device (a disk) or a socket: refused;
// - a symbolic link, to a file or a folder (or to nothing): refused (exit 3), for a file as for a folder
//   a command writes its files into (preview --out, translations export --out): refuseLinkedOutput. The
//   file writer never replaces a link with a file; a folder named through a link (a repository's, or one
//   planted where CI writes) led the files out of the project. A link to a device or a named pipe is
//   written to in place as the device is (an output file only).
// Nothing here reads the path: a device such as /dev/zero or /dev/full never ends.
import { closeSync, constants, lstatSync, openSync, statSync, writeSync, type Stats } from 'node:fs';
import { Socket } from 'node:net';
import path from 'node:path';
import { Interrupted, interruptSignal } from '../core/interrupt.js';
import { io, resolvePath } from '../core/io.js';
import { redact } from '../core/redact.js';
import { systemError } from '../core/system-error.js';
import { linkRefusal, WriteRefused, writeFileAtomic } from './write.js';

/** what an output path leads to, as writeOutput writes it */
export type OutputPlace = 'stdout' | 'stderr' | 'file' | 'device' | 'pipe';

/** the names of the process's own stdout (1) and stderr (2) as files */
const OWN_STREAM = /^\/(?:dev\/(?:(stdout)|(stderr)|fd\/([12]))|proc\/(?:self|thread-self|(\d+))\/fd\/([12]))$/;

/** whether `file` names this process's stdout or stderr (/dev/stdout, /dev/fd/2, /proc/self/fd/1), by its name */
export function ownStream(file: string): 'stdout' | 'stderr' | undefined {
  if (path.sep !== '/') return undefined;
  const m = OWN_STREAM.exec(resolvePath(file));
  if (!m || (m[4] !== undefined && Number(m[4]) !== process.pid)) return undefined;
  return m[1] || m[3] === '1' || m[5] === '1' ? 'stdout' : 'stderr';
}

/** whether an output option's value means standard output: `-`, or /dev/stdout and its other names */
export const namesStdout = (file: string | undefined): boolean => file === '-' || (file !== undefined && file !== '' && ownStream(file) === 'stdout');

/**
 * Where the output path `file` leads (a link followed): the process's stdout or stderr, a device,
 * a named pipe, or a file (a regular file, none yet, or anything the file writer refuses or says:
 * a folder, a link to a file). A block device or a socket is refused (WriteRefused, exit 3).
 */
export function outputPlace(file: string, shown = file): OutputPlace {
  const own = ownStream(file);
  if (own) return own;
  let st: Stats;
  try { st = statSync(resolvePath(file)); } catch { return 'file'; }
  if (st.isFIFO()) return 'pipe';
  if (st.isCharacterDevice()) return 'device';
  if (st.isBlockDevice()) throw new WriteRefused(`${shown} is a block device (a disk or a partition): tplsync does not write its output over it; name a file`);
  if (st.isSocket()) throw new WriteRefused(`${shown} is a socket, which no file can be written to: name a file, a device or a named pipe`);
  return 'file';
}

/**
 * Refuses (WriteRefused, exit 3) an output path that is a symbolic link, before anything is written: `folder`, a folder the
 * command writes its files into (preview --out, translations export --out), whatever the link leads to; else an output
 * file, unless the link leads to what is written in place (a device, a named pipe: outputPlace). The one rule of every
 * writer of an output: a link is neither replaced nor written through. `shown`: the option and the path as given.
 */
export function refuseLinkedOutput(p: string, shown: string, o: { folder?: boolean } = {}): void {
  let st: Stats;
  try { st = lstatSync(resolvePath(p)); } catch { return; }
  if (!st.isSymbolicLink()) return;
  if (!o.folder && writtenInPlace(outputPlace(p, shown))) return;
  throw new WriteRefused(linkRefusal(shown, o.folder));
}

/** whether the output at `file` is written in place (a stream, a device, a pipe): not a file that can be read back or compared */
export const writtenInPlace = (place: OutputPlace): boolean => place !== 'file';

/** how a place written in place is said ("a device", "a named pipe", "standard error") */
export function placeWords(place: OutputPlace): string {
  return place === 'device' ? 'a device' : place === 'pipe' ? 'a named pipe' : place === 'stdout' ? 'standard output' : place === 'stderr' ? 'standard error' : 'a file';
}

export interface OutputOptions {
  /** the text as given, unredacted (a saved plan: masked already) */
  verbatim?: boolean;
  /** how the path is named in messages (the option's value as the user gave it) */
  shown?: string;
  /** what outputPlace said of the path, when the caller asked it already */
  place?: OutputPlace;
}

/**
 * `data` written to the output path `file` by the rule above: a regular file replaced whole, a
 * device or a named pipe written in place, stdout and stderr by their names to the streams. A
 * failure of the device or the pipe (ENOSPC of /dev/full, a reader that went away) is a
 * WriteRefused naming the path and the system's reason (exit 3); a signal while a pipe waits for
 * its reader or room is Interrupted (130, 143).
 */
export async function writeOutput(file: string, data: string | Uint8Array, o: OutputOptions = {}): Promise<void> {
  const shown = o.shown ?? file;
  const place = o.place ?? outputPlace(file, shown);
  if (place === 'file') { writeFileAtomic(file, data, o.verbatim ? { verbatim: true } : {}); return; }
  // the streams mask what passes through them (installRedaction)
  if (place === 'stdout' || place === 'stderr') { io()[place].write(data); return; }
  const text = typeof data !== 'string' || o.verbatim ? data : redact(data);
  const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const fd = await openInPlace(resolvePath(file), shown, place);
  if (place === 'pipe') return writePipe(fd, bytes, shown);
  try {
    for (let at = 0; at < bytes.length;) {
      try { at += writeSync(fd, bytes, at, bytes.length - at); } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw notWritten(e, shown);
        // a terminal's output held (a device that takes no more for now): waited for without holding the thread
        if (await pause(interruptSignal())) throw new Interrupted(`stopped while writing ${shown} (a device): ${at} of ${bytes.length} bytes written, the rest not`);
      }
    }
  } finally { closeSync(fd); }
}

/**
 * `bytes` written to the named pipe open at `fd` (which it closes), as Node writes stdout to a pipe: the
 * event loop told when the pipe has room (a reader slower than the writer is waited for, not polled),
 * a signal stopping the wait (Interrupted). A reader that closed the pipe before the end took what it
 * wanted, as `tplsync lint | head` does of stdout (the bin): said in a note, the command's exit code kept.
 */
function writePipe(fd: number, bytes: Uint8Array, shown: string): Promise<void> {
  const signal = interruptSignal();
  const pipe = new Socket({ fd, readable: false, writable: true });
  return new Promise<void>((resolve, reject) => {
    const end = (e?: unknown): void => {
      signal.removeEventListener('abort', stop);
      pipe.destroy();
      if (e === undefined) { resolve(); return; }
      if ((e as NodeJS.ErrnoException).code !== 'EPIPE') { reject(notWritten(e, shown)); return; }
      io().stderr.write(`tplsync: note: the process reading ${shown} (a named pipe) closed it before the end of the output\n`);
      resolve();
    };
    const stop = (): void => end(new Interrupted(`stopped while writing ${shown} (a named pipe): its reader did not take the whole output`));
    if (signal.aborted) { stop(); return; }
    signal.addEventListener('abort', stop, { once: true });
    // (end's callback is given the write's error, when there is one, as 'error' is)
    pipe.once('error', (e) => end(e));
    pipe.end(bytes, (e?: Error | null) => end(e ?? undefined));
  });
}

/**
 * `abs` opened to write, without blocking and without becoming the process's terminal; a named
 * pipe that no process reads yet (ENXIO) is said once and waited for until one does, or a signal
 * comes (Interrupted).
 */
async function openInPlace(abs: string, shown: string, place: OutputPlace): Promise<number> {
  let said = false;
  for (;;) {
    try { return openSync(abs, constants.O_WRONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0)); } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENXIO' || place !== 'pipe') throw notWritten(e, shown);
    }
    if (!said) {
      said = true;
      io().stderr.write(`tplsync: ${shown} is a named pipe that no process reads yet: waiting for its reader to write the output (Ctrl-C stops)\n`);
    }
    if (await pause(interruptSignal())) throw new Interrupted(`stopped: ${shown} (a named pipe) was not written; no process read it`);
  }
}

/** waits a moment (or until `signal` aborts); whether it aborted */
function pause(signal: AbortSignal, ms = 25): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (): void => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(signal.aborted); };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** the system's refusal to open or write an output in place, said with its path and reason (exit 3) */
function notWritten(e: unknown, shown: string): unknown {
  const x = e as NodeJS.ErrnoException | undefined;
  if (!x || typeof x !== 'object' || typeof x.code !== 'string') return e;
  const why = systemError({ code: x.code, syscall: x.syscall === 'open' ? 'open' : 'write', path: shown })
    ?? `cannot ${x.syscall === 'open' ? 'open' : 'write'} ${shown}: ${x.message.replace(/^[A-Z0-9_]+: /, '').replace(/, \w+(?: '.*')?$/, '')} (${x.code})`;
  return new WriteRefused(why);
}
