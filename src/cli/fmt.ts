// `tplsync fmt [PATH...] [--check]`: rewrite template files in the canonical layout and key order.
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config/load.js';
import { formatTemplate } from '../layout/format.js';
import { discoverFiles } from '../lint/run.js';
import { EXIT } from '../core/exit-codes.js';
import { writeFileAtomic } from '../terminal/output.js';

export interface FmtCommandOptions { config?: string; check?: boolean }

export async function fmtCommand(paths: string[], o: FmtCommandOptions): Promise<number> {
  const config = await loadConfig({ cwd: process.cwd(), ...(o.config ? { configFile: o.config } : {}) });
  const files = await discoverFiles(config, paths, process.cwd());
  const changed: string[] = [];
  let broken = 0;
  for (const f of files) {
    const text = readFileSync(f.abs, 'utf8');
    const r = formatTemplate(text);
    if (r.error) { process.stderr.write(`${f.file}: not formatted: ${r.error}\n`); broken++; continue; }
    if (r.text === text) continue;
    changed.push(f.file);
    if (!o.check) writeFileAtomic(f.abs, r.text);
  }
  if (o.check) {
    for (const f of changed) process.stdout.write(`${f}\n`);
    if (changed.length) process.stderr.write(`${changed.length} file${changed.length === 1 ? '' : 's'} not in the canonical layout; run: tplsync fmt\n`);
  } else {
    process.stdout.write(`${changed.length} of ${files.length} file${files.length === 1 ? '' : 's'} reformatted\n`);
  }
  return (o.check && changed.length) || broken ? EXIT.FINDINGS : EXIT.OK;
}
