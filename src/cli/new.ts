// `tplsync new --channel ALIAS --name NAME`: scaffold a lint-clean template file.
import { TEMPLATE_NAME, templateNameProblem } from '../core/template-name.js';
import { LANG, languageCode } from '../core/language.js';
import { withProjectWrites } from '../files/project-lock.js';
import type { Config } from '../config/load.js';
import { commandConfig, lockWait, warnUncovered, confinedWriteDir } from './context.js';
import { existsSync } from 'node:fs';
import { readTemplateValue } from '../files/value.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import path from 'node:path';
import { HOW_TO_CREATE, noConfigFound, schemaModelinePath } from '../config/load.js';
import { UsageError } from '../core/errors.js';
import { formatTemplate } from '../fmt/format.js';
import { KINDS, scaffoldRcsTemplate, scaffoldTemplate } from '../scaffold/scaffold.js';
import { channelKindProblem } from '../lint/rules/channel-kind.js';
import { an } from '../lint/rule.js';
import { safeFileName } from '../model/to-file.js';
import { templateExtension } from '../files/extension.js';
import { EXIT } from '../core/exit-codes.js';
import { writeFileAtomic } from '../terminal/output.js';
import { io } from '../core/io.js';
import { readRegularFile } from '../core/read-regular.js';
import { tplsyncCommand } from '../core/invocation.js';
import { channelFolderFor, identity } from '../pull/paths.js';

export interface NewCommandOptions { config?: string; channel: string; name: string; language: string; category?: string; kind?: string; dir?: string; force?: boolean; lockTimeout?: string }

export async function newCommand(o: NewCommandOptions): Promise<number> {
  if (!TEMPLATE_NAME.test(o.name)) {
    throw new UsageError(templateNameProblem(`--name '${o.name}'`, o.name, 'may use only lowercase letters, digits and underscores'));
  }
  // BCP 47 (pt-BR), as the translations commands and file names take it: in the template files' form, by the same normaliser
  const language = languageCode(o.language);
  if (!LANG.test(language)) {
    const { languageHint } = await import('../translations/formats.js');
    throw new UsageError(`--language '${o.language}' is not a language code like de, en_US or pt_BR${languageHint(o.language)}`);
  }
  if (language !== o.language) io().stderr.write(`tplsync: --language ${o.language} is taken as ${language}, the form a template's language takes (ll or ll_CC)\n`);
  o = { ...o, language };
  const config = await commandConfig(o);
  // no config: the channel could not be checked, and lint and plan would not find the file; nothing is written (not even .tplsync/)
  if (!config.file) throw new UsageError(`${noConfigFound(config.dir)} \`${tplsyncCommand()} init\` writes one with a first template; then \`${tplsyncCommand()} new\` adds others.\n${HOW_TO_CREATE}`);
  return withProjectWrites(config.dir, 'new', () => newFile(config, o), lockWait(o));
}

async function newFile(config: Config, o: NewCommandOptions): Promise<number> {
  // without --kind, a channel the config calls RCS gets an RCS template
  const channelKind = config.channels?.[o.channel]?.kind;
  const kind = o.kind === 'whatsapp' ? 'standard' : o.kind ?? (channelKind === 'rcs' ? 'rcs' : 'standard');
  if (!Object.hasOwn(KINDS, kind) && kind !== 'rcs') throw new UsageError(`--kind is ${[...Object.keys(KINDS), 'rcs'].join(', ')}, not '${kind}'`);
  const category = o.category ?? KINDS[kind] ?? 'UTILITY';
  if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(category)) throw new UsageError(`--category is MARKETING, UTILITY or AUTHENTICATION, not '${category}'`);
  if (KINDS[kind] && KINDS[kind] !== category) throw new UsageError(`${capitalized(an(kind))} template is ${KINDS[kind]}, not ${category}`);
  const mismatch = channelKind ? channelKindProblem(o.channel, channelKind, kind === 'rcs' ? 'rcs' : 'whatsapp') : undefined;
  if (mismatch) throw new UsageError(`--kind ${o.kind}: ${mismatch}`);
  const aliases = new Set(Object.values(config.environments).flatMap((e) => Object.keys(e.channels)));
  if (aliases.size && !aliases.has(o.channel) && !/^[0-9a-f-]{36}$/i.test(o.channel)) {
    throw new UsageError(`Channel '${o.channel}' is not an alias of the config (${[...aliases].join(', ')})`);
  }
  // a folder of the project that is a link out of it (a repository can hold one) is refused; a folder outside, named as such, is the user's
  const dir = confinedWriteDir(config, o.dir);
  const file = path.join(dir, safeFileName(o.name, o.language, (stem) => templateExtension(config, dir, stem)));
  // --force starts this template over, never another's file (another channel's of the same name and language, or a name its
  // file name does not tell apart): the path that keeps both is said, by the rule pull places a second template by
  if (existsSync(file)) {
    const other = otherTemplateIn(config, file, o.channel, o.name, o.language);
    if (other) {
      const shown = path.relative(io().cwd(), file);
      // the advice is checked before it is given (trial-aq F1): this template in another file of the project already is the
      // answer (a --dir would only be refused for it), and a channel's folder is named only where its file is free
      const elsewhere = await fileOfTemplate(config, o.channel, o.name, o.language, file);
      const folder = channelFolderFor(config, dir, { alias: o.channel, name: o.name, language: o.language });
      const there = folder ? path.join(folder, safeFileName(o.name, o.language, (stem) => templateExtension(config, folder, stem))) : undefined;
      const keep = elsewhere
        ? `${o.channel}/${o.name}/${o.language} is in the project already: ${elsewhere} holds it; edit that one`
        : folder && there && !existsSync(there)
          ? `To keep both, write it in its channel's folder, as pull places a second template of a name and language: --dir ${path.relative(io().cwd(), folder) || '.'} (${path.relative(io().cwd(), there)})`
          : there && existsSync(there) && !otherTemplateIn(config, there, o.channel, o.name, o.language)
            ? `${path.relative(io().cwd(), there)}, in its channel's folder, is this template's file already: edit that one`
            : 'Name the new one\'s folder with --dir, or move that file';
      // --force starts this template over and never writes over another template's file: said so, given or not (trial-aq F2)
      const force = o.force
        ? `--force was given, and is refused for another template's file: it is not replaced with ${o.channel}/${o.name}/${o.language}`
        : `it is not this template's file, and --force does not write over another template's file`;
      throw new UsageError(`${shown} holds ${other.identity}, ${other.otherChannel ? 'another channel\'s template' : 'another template'}; ${force}. ${keep}`);
    }
    if (!o.force) throw new UsageError(`${path.relative(io().cwd(), file)} exists; pass --force to overwrite it`);
  }
  // the template (channel, name, language) in another file of the project already: a second file of it is a duplicate-template error at once
  const elsewhere = await fileOfTemplate(config, o.channel, o.name, o.language, file);
  if (elsewhere) throw new UsageError(`${elsewhere} holds ${o.channel}/${o.name}/${o.language} already; edit that file (a second file of one template is refused by lint: duplicate-template), or choose another --name or --language`);
  const schemaPath = schemaModelinePath(config, dir);
  // written in the canonical layout, so that `fmt --check` passes on a new file
  const scaffold = kind === 'rcs' ? scaffoldRcsTemplate : scaffoldTemplate;
  const text = formatTemplate(scaffold({ channel: o.channel, name: o.name, language: o.language, category, schemaPath, kind })).text;
  // the file is lint-clean or not written: lint itself judges the scaffold (every kind and category pair, none missed by a list)
  const problem = await scaffoldFinding(file, text);
  // a language lint refuses (de_DE, which WhatsApp does not list): the --language given, not the kind or category, is what to change
  if (problem?.startsWith('language-')) throw new UsageError(`--language ${o.language}: the file would fail lint (${problem}); choose another --language`);
  if (problem) throw new UsageError(`${capitalized(an(kind))} template cannot be ${category}: its file would fail lint (${problem}). ${o.category !== undefined && KINDS[kind] === undefined ? 'Choose another --category' : 'Choose another --kind'}`);
  writeFileAtomic(file, text);
  io().stdout.write(`${path.relative(io().cwd(), file)}\n`);
  // the scaffolds' texts are English: in a template of another language they are a stub too, which no rule can tell from a text the author wrote
  if (o.language.split(/[-_]/)[0]!.toLowerCase() !== 'en') io().stderr.write(`tplsync: note: the texts of ${path.relative(io().cwd(), file)} are the scaffold's English: write them in ${o.language} before you apply; WhatsApp rejects a template whose text is not in its language (TAG_CONTENT_MISMATCH). To start from the texts of a template you have in another language, remove this file and run tplsync translations export, then import the translation: it writes the file\n`);
  // a folder the config's globs do not cover: lint and plan would never see the file
  await warnUncovered(config, [file]);
  return EXIT.OK;
}

/** Pure but for the clock: the first finding lint (its rules at their default severities) makes on the scaffold but for its stubs, as `rule-id: message`, or undefined when it lints clean (but for them). */
async function scaffoldFinding(file: string, text: string): Promise<string | undefined> {
  const { finishProject, lintBytes } = await import('../lint/engine.js');
  // (the stubs the scaffold writes for the author to replace, `description: TODO ...`, are scaffold-stub's to say after, not a reason to refuse)
  const found = finishProject([lintBytes(file, Buffer.from(text), { now: new Date() })], { severities: {} }).filter((d) => d.ruleId !== 'scaffold-stub');
  const first = found.find((d) => d.severity === 'error') ?? found[0];
  return first ? `${first.ruleId}: ${first.message.replace(/\.$/, '')}` : undefined;
}

const capitalized = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The project file (shown relative to the working folder) that holds channel/name/language, other than `except`; undefined when none does. */
async function fileOfTemplate(config: Config, channel: string, name: string, language: string, except: string): Promise<string | undefined> {
  const { discoverFiles } = await import('../files/discover.js');
  let files: { abs: string }[];
  try { files = await discoverFiles(config, [], io().cwd(), { list: true }); } catch { return undefined; }
  for (const f of files) {
    if (f.abs === except) continue;
    let v: unknown;
    try { v = readTemplateValue(readRegularFile(f.abs, { max: MAX_FILE_BYTES, shown: f.abs, what: 'a template file' }).toString('utf8')); } catch { continue; } // a FIFO, a device or a file over the bound: not one to compare
    const t = v as { channel?: unknown; name?: unknown; language?: unknown } | null;
    if (t && typeof t === 'object' && typeof t.channel === 'string' && sameChannel(config, t.channel, channel) && t.name === name && t.language === language) return path.relative(io().cwd(), f.abs) || f.abs;
  }
  return undefined;
}

/** whether two channels are one, whether written as its alias or as the UUID an environment maps the alias to */
function sameChannel(config: Config, other: string, channel: string): boolean {
  const ids = (c: string): Set<string> => new Set(/^[0-9a-f-]{36}$/i.test(c) ? [c.toLowerCase()] : Object.values(config.environments).flatMap((e) => (e.channels[c] ? [e.channels[c]!.toLowerCase()] : [])));
  if (other === channel) return true;
  const mine = ids(channel);
  return [...ids(other)].some((id) => mine.has(id));
}

/**
 * The template a file holds when it is not channel/name/language (`otherChannel`: of the same name and language on
 * another channel); undefined when it is that template, or does not read as one.
 */
function otherTemplateIn(config: Config, file: string, channel: string, name: string, language: string): { identity: string; otherChannel: boolean } | undefined {
  let v: unknown;
  try { v = readTemplateValue(readRegularFile(file, { max: MAX_FILE_BYTES, shown: file, what: 'a template file' }).toString('utf8')); } catch { return undefined; }
  const t = v as { channel?: unknown; name?: unknown; language?: unknown } | null;
  if (!t || typeof t !== 'object' || typeof t.name !== 'string') return undefined;
  const itsLanguage = t.language === undefined ? language : String(t.language);
  const itsChannel = typeof t.channel === 'string' ? t.channel : undefined;
  const same = t.name === name && itsLanguage === language;
  if (same && (itsChannel === undefined || sameChannel(config, itsChannel, channel))) return undefined;
  return { identity: itsChannel === undefined ? `${t.name}/${itsLanguage}` : identity({ channel: itsChannel, name: t.name, language: itsLanguage }), otherChannel: same };
}
