// Effects: the one way tplsync reads a file a pull request can plant (the config and the files it
// names, a saved plan, a translation or export file, a journal): a regular file only, and at most
// so many bytes. A committed symbolic link to /dev/zero or /dev/urandom grew the process's memory
// without bound, and a FIFO blocked the open itself on the main thread, where no signal handler
// runs. Opened with O_NONBLOCK (so that opening a FIFO returns at once) and judged by fstat of
// what was opened (no race between a stat and the open); then read up to the bound plus one byte.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { UsageError } from './errors.js';
import { bytePosition, firstInvalidUtf8 } from './utf8.js';

/** A file that is no regular file, or too large: a configuration or input error (exit 3). */
export class FileRefused extends UsageError {
  override name = 'FileRefused';
}

/** what a file that is not a regular file is, in a few words ("a FIFO", "a device") */
export function kindOfFile(st: Pick<Stats, 'isFIFO' | 'isCharacterDevice' | 'isBlockDevice' | 'isSocket' | 'isDirectory'>): string {
  return st.isFIFO() ? 'a FIFO (named pipe)' : st.isCharacterDevice() || st.isBlockDevice() ? 'a device' : st.isSocket() ? 'a socket' : st.isDirectory() ? 'a directory' : 'not a regular file';
}

export interface ReadRegularOptions {
  /** the most bytes the file may hold */
  max: number;
  /** how the file is named in messages (its path as the user gave it, or relative to the working directory) */
  shown: string;
  /** what the file is, for messages: "the config", "a saved plan" */
  what: string;
}

/** "1 MiB", "64 MiB", or the bytes */
function sizeText(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${n} bytes`;
}

function refuseKind(o: ReadRegularOptions, st: Stats): never {
  throw new FileRefused(`${o.shown}: ${o.what} is ${kindOfFile(st)}, not a regular file; tplsync reads only regular files (a symbolic link to a device or a named pipe is refused too)`);
}

function refuseSize(o: ReadRegularOptions, size: number | undefined): never {
  throw new FileRefused(`${o.shown}: ${o.what} is ${size === undefined ? 'larger than' : `${size} bytes; it may be at most`} ${sizeText(o.max)}${size === undefined ? ', the most it may be' : ''}`);
}

/**
 * `file` opened without blocking (a named pipe cannot hold the open) and refused (FileRefused,
 * exit 3) unless fstat says a regular file of at most `o.max` bytes: its descriptor, which the
 * caller closes, and its size. Errors of the open itself (ENOENT, EACCES) are thrown as they are.
 */
function openRegular(file: string, o: ReadRegularOptions): { fd: number; size: number } {
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) refuseKind(o, st);
    if (st.size > o.max) refuseSize(o, st.size);
    return { fd, size: st.size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/**
 * The bytes of `file`, when it is a regular file of at most `o.max` bytes; FileRefused (exit 3)
 * when it is anything else. Errors of the open itself (ENOENT, EACCES) are thrown as they are.
 */
export function readRegularFile(file: string, o: ReadRegularOptions): Buffer {
  const { fd, size } = openRegular(file, o);
  try {
    let buf = Buffer.allocUnsafe(Math.min(o.max + 1, Math.max(size + 1, 4096)));
    let got = 0;
    for (;;) {
      if (got === buf.length) {
        // the file grew past what fstat said: read on to the bound plus one, and refuse it past the bound (never read without end)
        if (got > o.max) refuseSize(o, undefined);
        const more = Buffer.allocUnsafe(o.max + 1);
        buf.copy(more, 0, 0, got);
        buf = more;
      }
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) return buf.subarray(0, got);
      got += n;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * `bytes` as UTF-8 text (a byte-order mark left in), or FileRefused (exit 3) naming the file, the
 * line and column and the byte offset of the first byte that is not UTF-8: a file saved in
 * Latin-1 or Windows-1252 is never decoded with U+FFFD in place of its letters, which a reader
 * that writes or sends what it read (init's .gitignore, a saved plan's texts, the config's
 * values) would then write so.
 */
export function strictUtf8(bytes: Uint8Array, o: Pick<ReadRegularOptions, 'shown' | 'what'>): string {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  if (isUtf8(buf)) return buf.toString('utf8');
  const bad = firstInvalidUtf8(buf);
  const { line, column } = bytePosition(buf, bad);
  const utf16 = (buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff) ? ' (the file is UTF-16)' : ' (Latin-1 or Windows-1252?)';
  throw new FileRefused(`${o.shown}:${line}:${column}: ${o.what} is not UTF-8 text: byte 0x${buf[bad]!.toString(16).toUpperCase().padStart(2, '0')} at offset ${bad} is not valid UTF-8${utf16}; tplsync reads nothing of it: save it as UTF-8`);
}

/** readRegularFile as UTF-8 text, without a byte order mark; a file that is not UTF-8 is refused (strictUtf8) */
export function readRegularText(file: string, o: ReadRegularOptions): string {
  return strictUtf8(readRegularFile(file, o), o).replace(/^\uFEFF/, '');
}

/**
 * Refuses `file` as readRegularFile would, without reading it: for a file another reader then
 * reads (cosmiconfig, Node's module loader). Errors of the open (ENOENT, EACCES) are thrown as they are.
 */
export function checkRegularFile(file: string, o: ReadRegularOptions): void {
  closeSync(openRegular(file, o).fd);
}

/** The bound of a file of data that holds many templates (a saved plan, a workflow event, a comment's body): far above one template's. */
export const MAX_DATA_FILE_BYTES = 64 * 1024 * 1024;
