// Template paths that differ only in letter case. Linux matches the config's globs and names files
// case-sensitively; macOS and Windows ignore case. A `Templates/` folder beside the glob
// `templates/**` is not read on Linux and is read as `templates/` on a laptop; two files whose paths
// differ only in case are two templates on Linux and one file on a laptop (a checkout holds one of
// them). Either way the same repository gives another answer on each system: said, never silent.
// Effects: the folders are listed (one readdir per fixed segment of a glob's base); the pairs are pure.
import { readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';

export interface CaseVariantFolder {
  /** the glob, and its index in the config's `templates` */
  glob: string; index: number;
  /** the folder there is (relative to the config's folder, with /), and the one the glob names */
  folder: string; meant: string;
  /** the glob that would take that folder's files (the glob with its folder in those letters) */
  globThere: string;
  /** whether the folder the glob names is there too (Linux reads it alone; a laptop sees the two as one) */
  both: boolean;
}

/** the folder a glob starts from: its segments before the first with a wildcard (a glob without one: its file's folder) */
export function globBase(glob: string): string {
  const segs = glob.split('/');
  const fixed: string[] = [];
  for (const s of segs) {
    // an absolute glob whose first segment has a wildcard (`/**/*.yaml`) starts at the root, not here
    if (/[*?[\]{}!]/.test(s)) return fixed.join('/') || (glob.startsWith('/') ? '/' : '.');
    fixed.push(s);
  }
  return path.posix.dirname(glob);
}

/** whether two paths are the same folder once links are followed */
function sameFolder(a: string, b: string): boolean {
  try { return realpathSync(a) === realpathSync(b); } catch { return false; }
}

/** the folders beside a glob's base whose names differ from its segments only in letter case */
export function caseVariantFolders(config: { dir: string; templates: readonly string[] }): CaseVariantFolder[] {
  const out: CaseVariantFolder[] = [];
  const seen = new Set<string>();
  const bases = config.templates.filter((g) => !g.startsWith('!')).map(globBase).filter((b) => b !== '.' && b !== '');
  config.templates.forEach((glob, index) => {
    if (glob.startsWith('!')) return;
    const base = globBase(glob);
    if (base === '.' || base === '') return;
    let cur = config.dir;
    const done: string[] = [];
    for (const seg of base.split('/')) {
      if (seg === '' || seg === '.' || seg === '..') { cur = path.join(cur, seg); done.push(seg); continue; }
      let names: string[];
      try { names = readdirSync(cur, { withFileTypes: true }).filter((e) => e.isDirectory() || e.isSymbolicLink()).map((e) => e.name); } catch { return; }
      const lower = seg.toLowerCase();
      const exact = names.includes(seg);
      for (const n of names) {
        if (n === seg || n.toLowerCase() !== lower) continue;
        const folder = [...done, n].join('/');
        // a folder another glob starts from (or in, or above it): the config takes it as it is written
        if (seen.has(folder) || bases.some((b) => b === folder || folder.startsWith(`${b}/`) || b.startsWith(`${folder}/`))) continue;
        // a link to the folder the glob names (Templates -> templates): the same files, taken already
        if (exact && sameFolder(path.join(cur, n), path.join(cur, seg))) continue;
        seen.add(folder);
        const meant = [...done, seg].join('/');
        out.push({ glob, index, folder, meant, globThere: glob.startsWith(meant) ? folder + glob.slice(meant.length) : `${folder}/**/*.{yaml,yml}`, both: exact });
      }
      if (!exact) return;
      cur = path.join(cur, seg);
      done.push(seg);
    }
  });
  return out;
}

/** Pure: the groups of paths (two or more) that are one path when letter case is ignored, each sorted */
export function caseClashes(paths: readonly string[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const p of paths) { const k = p.toLowerCase(); (groups.get(k) ?? groups.set(k, []).get(k)!).push(p); }
  return [...groups.values()].filter((g) => new Set(g).size > 1).map((g) => [...new Set(g)].sort());
}
