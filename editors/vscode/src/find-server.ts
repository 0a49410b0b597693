// Pure (the file system given as `exists`): which tplsync the client starts. Seen in a trial of the
// client's code: it looked only in the first workspace folder's node_modules/.bin, so a multi-root
// workspace whose first folder held no install (the two teams' folders of an npm-workspaces
// monorepo, where npm hoists the bin to the repository root; a docs folder first) got no server at
// all. Now every folder is looked in, and upwards from each as npx looks (the monorepo's root).
import path from 'node:path';

export interface FoundServer {
  /** the executable to run */
  command: string;
  /** the workspace folder it was found for (the server's directory: a relative --config and the like resolve there) */
  folder: string;
}

/** the bin's name in node_modules/.bin */
const binName = (platform: string): string => (platform === 'win32' ? 'tplsync.cmd' : 'tplsync');

/**
 * The tplsync to run for these workspace folders (in the editor's order): the `tplsync.path`
 * setting (a relative one against each folder, the first that exists), else the first folder's
 * nearest `node_modules/.bin/tplsync`, from the folder up to the root of the file system, then
 * the next folder's; undefined when there is none.
 */
export function findServer(folders: readonly string[], setting: string | undefined, exists: (p: string) => boolean, platform: string = process.platform): FoundServer | undefined {
  if (setting) {
    if (path.isAbsolute(setting)) return exists(setting) ? { command: setting, folder: folders[0] ?? path.dirname(setting) } : undefined;
    for (const folder of folders) { const command = path.join(folder, setting); if (exists(command)) return { command, folder }; }
    return undefined;
  }
  for (const folder of folders) {
    for (let dir = folder; ; dir = path.dirname(dir)) {
      const command = path.join(dir, 'node_modules', '.bin', binName(platform));
      if (exists(command)) return { command, folder };
      if (path.dirname(dir) === dir) break;
    }
  }
  return undefined;
}

/** where the client looked, for the message that it found none */
export function placesLooked(folders: readonly string[], setting: string | undefined, platform: string = process.platform): string {
  if (setting) return path.isAbsolute(setting) ? setting : folders.map((f) => path.join(f, setting)).join(', ');
  return folders.map((f) => path.join(f, 'node_modules', '.bin', binName(platform))).join(', ') + ' (and each folder above them)';
}
