// Pure: the warnings lint gives of the config itself (no config found, no environments, a channel
// without a kind, a channels.<alias> of no environment, a language WhatsApp does not list), each
// with the key of the config it is about. `tplsync lint` prints them on stderr, `lint --format
// json` carries them (`configWarnings`), and the language server shows them in the config file at
// the key's line (trial-r F4: they reached neither the editor nor the JSON report). Placing them at
// their keys (config-warnings-place.ts) reads the config with `yaml`: loaded only when a report needs it.
import { aliasesWithoutKind, type Config } from '../config/load.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { closest, didYouMean } from '../core/suggest.js';

export interface ConfigWarning {
  /** the warning, without the `tplsync: warning: ` lint prints before it */
  message: string;
  /** the key of the config it is about (`['channels', 'wa', 'languages', 3]`); [] for the config as a whole */
  path: (string | number)[];
}

export interface ConfigWarningContext {
  /** the config file as the user is shown it (relative to the working directory) */
  shown: string;
  /** what lint says when no config was found (config/load.ts noConfigFound) */
  noConfig: string;
  /** the command to run tplsync with (`npx tplsync`) */
  command: string;
  /** folders beside a glob's base whose names differ from it only in letter case (files/path-case.ts) */
  caseFolders?: readonly { glob: string; index: number; folder: string; meant: string; globThere: string; both: boolean }[];
  /** template files of the run whose paths differ only in letter case */
  caseClashes?: readonly (readonly string[])[];
  /** a language WhatsApp does not list: why (undefined: it does); absent when no WhatsApp channel names languages */
  unlistedWhatsappLanguage?: (code: string) => string | undefined;
}

/** The config's warnings, in the order lint prints them. */
export function configWarnings(config: Config, c: ConfigWarningContext): ConfigWarning[] {
  const out: ConfigWarning[] = [];
  const envCount = Object.keys(config.environments).length;
  if (!config.file) out.push({ path: [], message: `${c.noConfig} Lint checked the files alone, not the channel each names (rule unknown-channel); \`${c.command} init\` writes a config, --config FILE names one.` });
  else if (envCount === 0) out.push({ path: [], message: `${c.shown} defines no environments, so lint cannot check the channel each template names (rule unknown-channel): add environments.<name>.channels.` });
  // an alias of an environment one letter from one channels: declares is a misspelling, not a channel whose kind is to be added
  const kinded = Object.keys(config.channels ?? {}).filter((a) => config.channels?.[a]?.kind !== undefined);
  // (in an environment that lacks the declared one: one that has both has two channels)
  const misspelt = new Map<string, { near: string; envs: string[] }>();
  for (const a of aliasesWithoutKind(config)) {
    const near = closest(a, kinded.filter((k) => k !== a));
    const envs = near === undefined ? [] : Object.entries(config.environments).filter(([, e]) => a in e.channels && !(near in e.channels)).map(([n]) => n);
    if (envs.length) misspelt.set(a, { near: near!, envs });
  }
  for (const [alias, { near, envs }] of misspelt) {
    out.push({
      path: ['environments', envs[0]!, 'channels', alias],
      message: `${envs.map((e) => `environments.${e}.channels.${alias}`).join(', ')}: channels: declares no '${alias}'${didYouMean(alias, [near])} (channels.${near} says what kind of channel it is; a template on ${near} is left out of ${envs.join(', ')} while ${envs.length === 1 ? 'it names' : 'they name'} the channel ${alias}): correct the alias in ${config.file ? c.shown : 'the config'}, or, if ${alias} is a channel of its own, say its kind under channels:`,
    });
  }
  const unkinded = aliasesWithoutKind(config).filter((a) => !misspelt.has(a));
  if (unkinded.length) {
    const first = unkinded[0]!;
    // at the first alias's own key in an environment's channels
    const env = Object.entries(config.environments).find(([, e]) => first in e.channels)?.[0];
    out.push({
      path: config.channels?.[first] !== undefined ? ['channels', first] : env !== undefined ? ['environments', env, 'channels', first] : [],
      message: `the config does not say what kind of channel ${unkinded.join(', ')} ${unkinded.length === 1 ? 'is' : 'are'}, so lint cannot check that each template fits its channel (rule channel-kind): add channels: { ${first}: { kind: ${/rcs/i.test(first) ? 'rcs' : 'whatsapp'} } } (or ${/rcs/i.test(first) ? 'whatsapp' : 'rcs'}) to ${config.file ? c.shown : 'the config'}`,
    });
  }
  // what Linux (CI) and a laptop whose file names ignore case (macOS, Windows) read differently: a folder the glob names
  // in other letters, two files one path apart only in letter case
  for (const f of c.caseFolders ?? []) {
    out.push({ path: ['templates', f.index], message: `the templates glob ${f.glob} names ${f.meant}/, and ${f.folder}/ ${f.both ? 'beside it ' : ''}differs from it only in letter case: its files are not templates here (file names are case-sensitive on Linux, so CI leaves them out), while a machine whose file names ignore case (macOS, Windows) reads ${f.both ? 'the two folders as one' : `it as ${f.meant}/`}; rename ${f.folder}/ to ${f.meant}/${f.both ? ' (moving its files into it)' : ''}, or add ${f.globThere} to the templates globs` });
  }
  out.push(...caseClashWarnings(c.caseClashes ?? []));
  // a kind (or languages) set for an alias no environment defines: a typo, most likely
  const defined = new Set(Object.values(config.environments).flatMap((e) => Object.keys(e.channels)));
  for (const alias of Object.keys(config.channels ?? {}).filter((a) => defined.size > 0 && !defined.has(a))) {
    out.push({ path: ['channels', alias], message: `channels.${alias} in the config names no channel alias of any environment${didYouMean(alias, [...defined])}; its settings apply to nothing` });
  }
  // a language a WhatsApp channel must have that WhatsApp does not list: language-coverage would ask every template for a variant WhatsApp rejects
  if (c.unlistedWhatsappLanguage) {
    for (const [alias, s] of Object.entries(config.channels ?? {})) {
      if (s?.kind !== 'whatsapp') continue;
      (s.languages ?? []).forEach((l, i) => {
        const unlisted = c.unlistedWhatsappLanguage!(l);
        if (unlisted) out.push({ path: ['channels', alias, 'languages', i], message: `channels.${alias}.languages in the config names ${l}: ${unlisted}${unlisted.endsWith('?') ? '' : '.'} Rule language-coverage asks every template on ${alias} for a variant in ${l}, which WhatsApp would reject on submission: correct it in ${config.file ? c.shown : 'the config'}` });
      });
    }
  }
  return out;
}

/** whether a config names languages of a WhatsApp channel (only then is WhatsApp's language list loaded) */
export function namesWhatsappLanguages(config: Config): boolean {
  return Object.values(config.channels ?? {}).some((s) => s?.kind === 'whatsapp' && Boolean(s.languages?.length));
}

/** The warning for each group of template files whose paths differ only in letter case (caseClashes), at the config's templates key. */
export function caseClashWarnings(clashes: readonly (readonly string[])[]): ConfigWarning[] {
  return clashes.map((g) => ({ path: ['templates'], message: `${g.join(' and ')} differ only in letter case: two templates here (Linux, CI), while a checkout on a machine whose file names ignore case (macOS, Windows) holds one of them (git reports the collision), so lint and plan there see another set of templates; rename one of them` }));
}
