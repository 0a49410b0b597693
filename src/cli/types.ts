// `tplsync types [--out FILE] [--check]`: the TypeScript module of every template's placeholders.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config/load.js';
import { lintProject } from '../lint/run.js';
import { readTemplateValue } from '../files/value.js';
import { LintFailed } from '../plan/run.js';
import { templateMeta } from '../model/meta.js';
import { EXIT } from '../core/exit-codes.js';
import { writeFileAtomic } from '../terminal/output.js';
import { reportLintFailure } from './plan.js';

export interface TypesCommandOptions { config?: string; out?: string; check?: boolean; importFrom?: string }

export async function typesCommand(o: TypesCommandOptions): Promise<number> {
  const config = await loadConfig({ cwd: process.cwd(), ...(o.config ? { configFile: o.config } : {}) });
  const { files, diagnostics } = await lintProject(config, [], process.cwd());
  if (diagnostics.some((d) => d.severity === 'error')) return reportLintFailure(new LintFailed(diagnostics, files.length), 'nothing was generated');
  const metas = files.map((f) => templateMeta(readTemplateValue(readFileSync(f.abs, 'utf8'))));
  const out = path.resolve(process.cwd(), o.out ?? path.join(config.dir, config.typesOut));
  const source = config.file ? path.relative(path.dirname(out), config.file).split(path.sep).join('/') : 'the template files';
  const { generateTypes } = await import('../typegen/generate.js');
  const text = generateTypes(metas, { source, ...(o.importFrom ? { importFrom: o.importFrom } : {}) });
  const current = existsSync(out) ? readFileSync(out, 'utf8') : undefined;
  const rel = path.relative(process.cwd(), out) || out;
  if (o.check) {
    if (current === text) { process.stdout.write(`${rel} is up to date (${metas.length} template${metas.length === 1 ? '' : 's'})\n`); return EXIT.OK; }
    process.stderr.write(`${rel} is ${current === undefined ? 'missing' : 'stale'}; update it with: tplsync types${o.out ? ` --out ${o.out}` : ''}\n`);
    return EXIT.FINDINGS;
  }
  if (current === text) { process.stdout.write(`${rel} is up to date (${metas.length} template${metas.length === 1 ? '' : 's'})\n`); return EXIT.OK; }
  writeFileAtomic(out, text);
  process.stdout.write(`wrote ${rel} (${metas.length} template${metas.length === 1 ? '' : 's'})\n`);
  return EXIT.OK;
}
