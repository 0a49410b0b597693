// Pure: an error of the file system (ENOSPC, EACCES...) said as a user reads it: what could not
// be done, to which path, and why, with the code a search finds.

/** what the file system's error codes mean, for the errors a command did not handle itself */
const SYSTEM_ERRORS: Record<string, string> = {
  ENOSPC: 'no space left on the device', EDQUOT: 'the disk quota is used up', EFBIG: 'the file would be larger than this process may write (ulimit -f)',
  EROFS: 'the file system is read-only', EACCES: 'permission denied', EPERM: 'the operation is not permitted', EMFILE: 'too many files open (ulimit -n)',
  ENFILE: 'too many files open on the machine', EIO: 'an input/output error of the device', EISDIR: 'it is a folder', ERR_FS_EISDIR: 'it is a folder', ENOTDIR: 'a part of the path is not a folder',
};

/** `why (CODE)` for an error of the file system (`no space left on the device (ENOSPC)`), else undefined */
export function systemReason(e: unknown): string | undefined {
  const x = e as { code?: unknown } | undefined;
  const why = typeof x?.code === 'string' ? SYSTEM_ERRORS[x.code] : undefined;
  return why ? `${why} (${x!.code as string})` : undefined;
}

/** `cannot write PATH: why (CODE)` for an error of the file system, else undefined */
export function systemError(e: unknown): string | undefined {
  const x = e as { code?: unknown; syscall?: unknown; path?: unknown } | undefined;
  // mkdir where a file of that name is: the folder cannot be made (preview --out FILE)
  const why = x?.code === 'EEXIST' && x.syscall === 'mkdir' ? 'a file is there where a folder is to be made'
    // its parent exists and refuses it (a folder of /proc)
    : x?.code === 'ENOENT' && x.syscall === 'mkdir' ? 'the file system does not let a folder be made there'
      // a file to be made where its folder takes none (a folder of /proc)
      : x?.code === 'ENOENT' && x.syscall === 'open' ? 'the file system does not let a file be made there'
      : typeof x?.code === 'string' ? SYSTEM_ERRORS[x.code] : undefined;
  if (!why) return undefined;
  const verb = x!.syscall === 'open' || x!.syscall === 'read' || x!.syscall === 'scandir' || x!.syscall === 'stat' ? 'cannot open' : 'cannot write';
  return `${verb}${typeof x!.path === 'string' ? ` ${x!.path}` : ''}: ${why} (${x!.code as string})`;
}
