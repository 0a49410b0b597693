// Effects (through the loaded-project stage): the metadata of one template of the files, by
// channel, name and (when there are several) language, refused when its file has lint errors.
import { asIdentifier } from '../core/redact.js';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { UsageError } from '../core/errors.js';
import { leftOutOf, refuseUnknownExcludeKeys } from '../project/environment-templates.js';
import { fromFile } from '../model/canonical.js';
import { templateMeta, type TemplateMeta } from '../model/meta.js';
import { LintFailed, loadProject } from '../project/load.js';
import { templateIn } from '../project/values.js';
import { acceptedCategory } from '../config/categories.js';

/**
 * The template `want` names; without a channel, the one channel of the files that has a template of that name.
 * `environment`: whose values stand for the template's references, ((name)) (secrets too: this is what is sent), and
 * whose config may accept another category for it (environments.<env>.categories: the metadata's check.acceptedCategory).
 */
export async function findTemplate(config: Config, cwd: string, want: { channel?: string; name: string; language?: string }, environment?: EnvironmentConfig): Promise<TemplateMeta> {
  const project = await loadProject(config, [], cwd);
  const named = project.files.filter(({ value: t }) => t && t.name === want.name && (want.language === undefined || t.language === want.language));
  const channels = [...new Set(named.map((f) => String(f.value!.channel)))].sort();
  if (want.channel === undefined && channels.length > 1) throw new UsageError(`A template ${want.name} is on several channels (${channels.join(', ')}); choose one with --channel`);
  const channel = want.channel ?? channels[0];
  const candidates = named.filter(({ value: t }) => t!.channel === channel);
  const key = asIdentifier(`${channel ? `${channel}/` : ''}${want.name}${want.language ? `/${want.language}` : ''}`);
  if (channel === undefined || candidates.length === 0) {
    // the same name in other languages (or on other channels): say which exist, as a missing --language does
    const others = project.files.filter(({ value: t }) => t && t.name === want.name && (want.channel === undefined || t.channel === want.channel));
    const where = [...new Set(others.map((f) => asIdentifier(`${String(f.value!.channel)}/${want.name}/${String(f.value!.language)}`)))].sort();
    throw new UsageError(`No template ${key} in the template files${where.length ? `; there ${where.length === 1 ? 'is' : 'are'} ${where.join(', ')}: choose with --language${want.channel === undefined ? ' (and --channel)' : ''}` : ''}`);
  }
  if (candidates.length > 1) {
    // two files of one template (the same language twice): the lint finding that says so, not a question of --language
    const languages = candidates.map((c) => String(c.value!.language));
    if (new Set(languages).size < languages.length) {
      const dup = candidates.flatMap((c) => c.diagnostics.filter((d) => d.ruleId === 'duplicate-template'));
      if (dup.length) throw new LintFailed(dup, candidates.length);
      throw new UsageError(`${channel}/${want.name}/${languages[0]} is defined in ${candidates.map((c) => c.file).join(' and ')} (rule duplicate-template): keep one of them`);
    }
    throw new UsageError(`${channel}/${want.name} exists in ${languages.join(', ')}; choose one with --language`);
  }
  const f = candidates[0]!;
  if (f.failed || f.held) throw new LintFailed(f.diagnostics, 1);
  // a template on an alias the environment does not define is not one of its templates (plan and apply leave it out
  // there): said with its file and the environments that have it, as plan and apply say it (trial-bt F4)
  // and so is one the environment's `exclude` names (retired there alone)
  refuseUnknownExcludeKeys(environment, project.files);
  const why = environment ? leftOutOf(f.value!, environment) : undefined;
  if (environment && why) {
    const what = `${f.file}: ${asIdentifier(`${channel}/${want.name}/${String(f.value!.language)}`)}`;
    if (why.excluded !== undefined) throw new UsageError(`${what} is excluded from environment '${environment.name}' (environments.${environment.name}.exclude: '${why.excluded}'): nothing was sent`);
    const having = Object.values(config.environments).filter((e) => e.channels[channel] !== undefined).map((e) => e.name);
    throw new UsageError(`${what} is not in environment '${environment.name}' (channel alias '${channel}' is not among ${environment.name}'s channels): nothing was sent${having.length ? `; ${having.length === 1 ? 'the environment that has' : 'the environments that have'} it: ${having.join(', ')} (--env ${having[0]})` : ''}`);
  }
  const publicId = typeof f.value!.publicId === 'string' ? f.value!.publicId : undefined;
  const t = environment ? templateIn(f.file, f.value!, environment) : f.value!;
  // the category the environment accepts for it travels in the metadata, as a generated module's does (tplsync types)
  const accepted = environment ? acceptedCategory(environment, { channel, name: want.name, language: String(f.value!.language) }) : undefined;
  // the channel's kind as the config says it: the platform that carries the message, whose rules its values are held to
  const channelKind = config.channels?.[channel]?.kind;
  return templateMeta(fromFile(t, channel, ''), channel, { ...(publicId ? { publicId } : {}), ...(accepted ? { acceptedCategory: accepted } : {}), ...(channelKind ? { channelKind } : {}) });
}
