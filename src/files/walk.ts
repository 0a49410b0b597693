// Effects: the template files of the common glob shapes, found without a glob library.
// `BASE/**/*.EXT` and `BASE/**/*.{EXT,EXT}` (BASE plain directory names, possibly none) are what
// nearly every project writes; for them a walk of BASE with one readdir per directory answers
// exactly what tinyglobby answers (names starting with a dot are not matched, node_modules is
// ignored, extensions are case-sensitive, unreadable directories are skipped) in a fraction of
// the time, as it tests a name's ending instead of running a matcher over every path.
// Anything else (other shapes, negations) is answered `undefined`, and the caller uses tinyglobby.
// A symbolic link is followed as the library follows it (a link to a folder is walked under the
// link's name, once along a path: a link back to a folder it is in is not walked again; a link to
// anything else is taken when its name matches), and the walk says it met one (`linked`), so that
// the caller checks where the links lead. It used to hand the whole tree to the library, which
// lists regular files only: a FIFO, an unreadable folder, a `.YAML` were then skipped in silence.
// test/walk.test.ts holds the two to the same answer on generated trees.
import { readdirSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import path from 'node:path';

const SIMPLE = /^((?:[A-Za-z0-9_][A-Za-z0-9_.-]*\/)*)\*\*\/\*\.(?:([A-Za-z0-9]+)|\{([A-Za-z0-9]+(?:,[A-Za-z0-9]+)*)\})$/;

/** BASE and the extensions of a glob of the simple shape, or undefined */
export function simpleGlob(pattern: string): { base: string; exts: string[] } | undefined {
  const m = SIMPLE.exec(pattern);
  if (!m) return undefined;
  const base = m[1]!.replace(/\/$/, '');
  // `..` and `.` move the walk; a node_modules in the base is ignored whole by the library
  if (base.split('/').some((s) => s === '.' || s === '..' || s === 'node_modules')) return undefined;
  const exts = m[2] ? [m[2]] : m[3]!.split(',');
  // a brace of one alternative is no alternation to the library: `{yaml}` is literal there
  if (m[3] !== undefined && exts.length < 2) return undefined;
  return { base, exts };
}

/**
 * The absolute paths of the files the globs match under `cwd` (unsorted, possibly repeated),
 * or undefined when a glob or the tree is outside what this module answers for.
 */
/** reads a directory's entries (readdirSync; tests give one that fails as an unreadable folder would) */
export type ReadDir = (dir: string) => Dirent[];
const readDir: ReadDir = (dir) => readdirSync(dir, { withFileTypes: true });

/**
 * `unreadable`, when given, collects the folders of the walk that exist but cannot be read (no
 * permission, an I/O error), so that the caller reports them instead of finding nothing there;
 * `special` the files it took that are no regular file (a named pipe, a device), for the same.
 */
export function walkSimpleGlobs(globs: readonly string[], cwd: string, unreadable?: string[], read: ReadDir = readDir, special?: string[], nearMiss?: string[], linked?: string[], limit: number = MAX_WALK_ENTRIES): string[] | undefined {
  const shapes = globs.map(simpleGlob);
  if (shapes.length === 0 || shapes.some((s) => s === undefined)) return undefined;
  const out: string[] = [];
  const w: Walk = { out, unreadable, read, special, nearMiss, linked, following: new Set(), left: limit, limit };
  for (const s of shapes) walk(path.resolve(cwd, s!.base), s!.exts.map((e) => `.${e}`), w, false);
  return out;
}

interface Walk {
  out: string[]; unreadable: string[] | undefined; read: ReadDir; special: string[] | undefined; nearMiss: string[] | undefined;
  /** the symbolic links met */
  linked: string[] | undefined;
  /** the real paths of the linked folders being walked (a link to one of them again is a loop) */
  following: Set<string>;
  /** how many more entries the walk may read before it gives up (WalkTooLarge) */
  left: number;
  limit: number;
}

/**
 * The most entries (files and folders, node_modules and dot names not walked) that discovery reads
 * before it gives up: a glob that reaches a whole disk (`/`, a home folder) would otherwise read
 * millions of names, /proc's among them, until the memory ran out. A repository of templates has
 * thousands; as fd's --max-results and tinyglobby's `deep` bound a search, this bounds the walk.
 */
export const MAX_WALK_ENTRIES = 1_000_000;

/** discovery read more than its bound of entries (`limit`) from `from` */
export class WalkTooLarge extends Error {
  override name = 'WalkTooLarge';
  constructor(readonly limit: number, readonly from: string) { super(`more than ${limit} entries under ${from}`); }
}

// tinyglobby reads `BASE/**/*.EXT` as `BASE/**/*.EXT/**`: a directory whose name ends with `.EXT`
// counts as a match, and so does everything under it (`all`).
function walk(dir: string, endings: readonly string[], w: Walk, all: boolean): void {
  let entries: Dirent[];
  try { entries = w.read(dir); } catch (e) {
    // missing or not a directory: nothing there; there but unreadable: said, never silently empty
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') w.unreadable?.push(dir);
    return;
  }
  w.left -= entries.length;
  if (w.left < 0) throw new WalkTooLarge(w.limit, dir);
  for (const e of entries) {
    const name = e.name;
    if (name.charCodeAt(0) === 46) continue; // a dot name: `*` and `**` do not match it
    if (name === 'node_modules') continue; // ignored, as a directory or a file
    // `dir` is normal and `name` holds no separator: joining them needs no normalising
    const full = dir + path.sep + name;
    let isDir = e.isDirectory();
    let isFile = e.isFile();
    if (e.isSymbolicLink()) {
      w.linked?.push(full);
      // what the link leads to (a link that leads nowhere is taken as a file: its read says so)
      let st: Stats | undefined;
      try { st = statSync(full); } catch { st = undefined; }
      isDir = st?.isDirectory() ?? false;
      isFile = st?.isFile() ?? true;
      if (isDir) {
        let real: string;
        try { real = realpathSync(full); } catch { continue; }
        let here = dir;
        try { here = realpathSync(dir); } catch { /* as named */ }
        // a link to a folder the walk is in already (itself, a parent, a folder it came through): not walked again
        if (w.following.has(real) || here === real || here.startsWith(real.endsWith(path.sep) ? real : real + path.sep)) continue;
        w.following.add(real);
        try { walk(full, endings, w, all || matches(name, endings)); } finally { w.following.delete(real); }
        continue;
      }
    }
    if (isDir) {
      walk(full, endings, w, all || matches(name, endings));
    } else if (all || matches(name, endings)) {
      // a named pipe, a device or a socket where a template would be: taken, so that discovery reports it (never read, never skipped in silence)
      w.out.push(full);
      if (!isFile) w.special?.push(full);
    } else if (w.nearMiss && matches(name.toLowerCase(), endings)) {
      // the extension in other letters (Reminder.YAML, made on a machine whose names ignore case): not matched, and said
      w.nearMiss.push(full);
    }
  }
}

function matches(name: string, endings: readonly string[]): boolean {
  for (const end of endings) if (name.length > end.length && name.endsWith(end)) return true;
  return false;
}
