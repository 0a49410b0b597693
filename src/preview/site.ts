// The preview site (through the loaded-project stage): every selected template rendered from
// the canonical model, with its lint findings; a file with errors is rendered as far as it reads.
import { boundedStem } from '../core/file-name.js';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { fromFile, type FileTemplate } from '../model/canonical.js';
import type { Loose } from '../model/loose.js';
import { loadProject } from '../project/load.js';
import { shownTemplate } from '../project/values.js';
import { filesInEnvironment, refuseUnknownExcludeKeys, type LeftOut } from '../project/environment-templates.js';
import { renderIndex, renderRulesPage, renderTemplatePage, RULES_PAGE, type PageInput } from './html.js';

export interface Site { pages: Map<string, string>; count: number; errors: number }

function fileTemplateOf(v: Loose): FileTemplate | undefined {
  try { return fromFile(v, String(v.channel ?? ''), ''); } catch { return undefined; }
}

/**
 * `environment`: whose values stand for the references, ((name)), secrets as `(secret)` (none: as written), and whose
 * templates the site holds (a file whose channel alias it does not define is left out, told to `onLeftOut`, as plan and
 * types leave it out); its name is on every page. `earlier`: the pages of this project an earlier run left in the folder
 * (a run of some files: its index lists them too, apart, since they stay)
 */
export async function buildSite(config: Config, paths: readonly string[], cwd: string, o: { live?: boolean; environment?: EnvironmentConfig; earlier?: readonly string[]; onLeftOut?: (file: string, why: LeftOut) => void } = {}): Promise<Site> {
  const project = await loadProject(config, paths, cwd);
  const inputs: PageInput[] = [];
  // (the site's own pages: no template's page takes their names)
  const used = new Set<string>(['index.html', RULES_PAGE]);
  const shown = o.environment ? { environment: o.environment.name } : {};
  // a key of the environment's `exclude` that names no template (known only when every file is shown): refused
  if (!paths.length) refuseUnknownExcludeKeys(o.environment, project.files);
  for (const f of filesInEnvironment(project.files, o.environment, o.onLeftOut ?? (() => undefined))) {
    const v = f.value;
    const key = v && v.channel && v.name && v.language ? `${String(v.channel)}/${String(v.name)}/${String(v.language)}` : f.file;
    let href = `${boundedStem(key)}.html`;
    for (let n = 2; used.has(href); n++) href = href.replace(/(_\d+)?\.html$/, `_${n}.html`);
    used.add(href);
    const template = v ? fileTemplateOf(shownTemplate(f.file, v, o.environment)) : undefined;
    inputs.push({ key, file: f.file, ...(template ? { template } : {}), diagnostics: f.diagnostics, href });
  }
  inputs.sort((a, b) => a.key.localeCompare(b.key));
  const hrefs = new Set(inputs.map((p) => p.href));
  const earlier = (o.earlier ?? []).filter((name) => !hrefs.has(name) && name !== 'index.html' && name !== RULES_PAGE);
  const pages = new Map<string, string>([['index.html', renderIndex(inputs, { ...(o.live ? { live: true } : {}), ...shown, earlier })]]);
  for (const p of inputs) pages.set(p.href, renderTemplatePage(p, { ...(o.live ? { live: true } : {}), ...shown }));
  // the rules the findings name, explained offline and as this version explains them (each finding links there)
  const ids = inputs.flatMap((p) => p.diagnostics.map((d) => d.ruleId));
  if (ids.length) pages.set(RULES_PAGE, renderRulesPage(ids, o));
  return { pages, count: inputs.length, errors: project.diagnostics.filter((d) => d.severity === 'error').length };
}
