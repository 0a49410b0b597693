// Effects: build the preview site (lint + render) for the selected templates.
import { readFileSync } from 'node:fs';
import type { Config } from '../config/load.js';
import { lintProject } from '../lint/run.js';
import { readTemplateValue } from '../files/value.js';
import { renderIndex, renderTemplatePage, type PageInput } from './html.js';

export interface Site { pages: Map<string, string>; count: number; errors: number }

function valueOf(text: string): unknown {
  try { return readTemplateValue(text); } catch { return undefined; }
}

export async function buildSite(config: Config, paths: readonly string[], cwd: string, o: { live?: boolean } = {}): Promise<Site> {
  const { files, diagnostics } = await lintProject(config, paths, cwd);
  const inputs: PageInput[] = [];
  const used = new Set<string>();
  for (const f of files) {
    const v = valueOf(readFileSync(f.abs, 'utf8')) as Record<string, unknown> | undefined;
    const key = v && typeof v === 'object' && v.channel && v.name && v.language ? `${String(v.channel)}/${String(v.name)}/${String(v.language)}` : f.file;
    let href = `${key.replace(/[^A-Za-z0-9_-]+/g, '_')}.html`;
    for (let n = 2; used.has(href); n++) href = href.replace(/(_\d+)?\.html$/, `_${n}.html`);
    used.add(href);
    inputs.push({ key, file: f.file, value: v, diagnostics: diagnostics.filter((d) => d.file === f.file), href });
  }
  inputs.sort((a, b) => a.key.localeCompare(b.key));
  const pages = new Map<string, string>([['index.html', renderIndex(inputs, o)]]);
  for (const p of inputs) pages.set(p.href, renderTemplatePage(p, o));
  return { pages, count: inputs.length, errors: diagnostics.filter((d) => d.severity === 'error').length };
}
