// The config's file names, in the order they are looked for in a folder (cosmiconfig's search
// places for the module name `tplsync`). A module of its own, so that the bin's replay of a kept
// lint (lint/replay.ts) finds the config without loading the config's reader.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const SEARCH_PLACES = [
  'tplsync.config.yaml', 'tplsync.config.yml', 'tplsync.config.json', 'tplsync.config.js', 'tplsync.config.ts',
  'tplsync.config.mjs', 'tplsync.config.cjs',
  '.tplsyncrc', '.tplsyncrc.yaml', '.tplsyncrc.yml', '.tplsyncrc.json', '.tplsyncrc.js', '.tplsyncrc.ts', '.tplsyncrc.mjs', '.tplsyncrc.cjs',
  'package.json',
];

/**
 * The search places as a message or a help text names them, made from SEARCH_PLACES (never a
 * second list): names that differ only in their extension are written once with the extensions
 * in braces (`tplsync.config.{yaml,yml,json,...}`, `.tplsyncrc{,.yaml,...}`), and package.json as
 * the key read in it (`package.json#tplsync`).
 */
export function searchPlacesShown(): string {
  const stems = new Map<string, string[]>();
  for (const name of SEARCH_PLACES) {
    if (name === 'package.json') continue;
    // the stem is the name up to its extension (a leading dot is no extension's: .tplsyncrc has none)
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    (stems.get(stem) ?? stems.set(stem, []).get(stem)!).push(ext);
  }
  const shown = [...stems].map(([stem, exts]) => exts.length === 1 ? `${stem}${exts[0]}`
    : exts.every((e) => e !== '') ? `${stem}.{${exts.map((e) => e.slice(1)).join(',')}}` : `${stem}{${exts.join(',')}}`);
  return [...shown, ...(SEARCH_PLACES.includes('package.json') ? ['package.json#tplsync'] : [])].join(', ');
}

/**
 * Effects (reads package.json): the configs the search would find in `dir`, in its order, each as
 * the user knows it (package.json as `package.json#tplsync`, counted only when it has a "tplsync"
 * key that is not null, as the search counts it). The search reads the first; more than one is a
 * config the user may be editing that is never read (config/load.ts refuses it).
 */
export function configsIn(dir: string): string[] {
  const out: string[] = [];
  for (const name of SEARCH_PLACES) {
    const p = path.join(dir, name);
    if (!existsSync(p)) continue;
    if (name !== 'package.json') { out.push(name); continue; }
    try {
      // a package.json that is no regular file (a pipe) is never opened here: the search itself refuses it
      const st = statSync(p);
      if (!st.isFile() || st.size > 1024 * 1024) continue;
      const pkg = JSON.parse(readFileSync(p, 'utf8').replace(/^\uFEFF/, '')) as unknown;
      if (pkg !== null && typeof pkg === 'object' && !Array.isArray(pkg) && (pkg as Record<string, unknown>).tplsync != null) out.push('package.json#tplsync');
    } catch { /* not JSON: not a config (the search says so when it reads it) */ }
  }
  return out;
}
