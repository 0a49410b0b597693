// `tplsync pull --channel ALIAS (--id UUID... | --all)`: adopt existing templates into files that
// lint clean and keep their publicId; never overwrite without --force, never write outside --dir.
// --all needs the template listing configured (the reference gives no path for it).
import { adviceCommand } from '../core/advice.js';
import { shellWord } from '../core/shell-word.js';
import { withProjectWrites } from '../files/project-lock.js';
import { CHANGED_WHILE_RUNNING, CREATED_WHILE_RUNNING } from '../files/write.js';
import path from 'node:path';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { toolVersion } from '../core/version.js';
import { stylish } from '../lint/formatters/stylish.js';
import { UUID_RE } from '../model/ids.js';
import { resolveChannel } from '../plan/desired.js';
import { HISTORY_DEPTH, pullTemplates, type ChangedNames } from '../pull/pull.js';
import type { NamesMismatch } from '../pull/names-from.js';
import { interruptSignal } from '../core/interrupt.js';
import { useColor } from '../terminal/output.js';
import { commandConfig, lockWait, warnUncovered, withConnection, confinedWriteDir } from './context.js';
import { io } from '../core/io.js';
import { progress } from '../terminal/progress.js';
import { parseParallelism } from './report.js';
import { visible } from '../core/visible.js';
import { recoveryDoc } from '../core/recovery-doc.js';

/** a line of pull's report: template names, languages and states are the channel's text, printed with their control characters as escapes */
const line = (text: string): string => `${visible(text.replace(/\n$/, ''), { oneLine: true })}\n`;
const sayErr = (text: string): void => { io().stderr.write(line(text)); };
const sayOut = (text: string): void => { io().stdout.write(line(text)); };

/**
 * What pull says of a file it wrote over that did not say what the channel says: which side moved (as the file's commits
 * tell it, or both possibilities when none can), the fields of the file the channel's copy replaced, and its placeholders'
 * names (kept, and how; or the channel's numbers, and why).
 */
/**
 * The command that shows what a write over `n.changed` replaced: `git diff FILE`; for a file behind a linked folder
 * (git tracks the link, not the files behind it) git in its real folder when a repository there has it, else none.
 */
function gitDiffOf(n: ChangedNames): string | undefined {
  if (!n.behindLink) return `git diff ${n.changed}`;
  return n.behindLink.tracked ? `git -C ${path.dirname(n.behindLink.real) || '.'} diff ${path.basename(n.behindLink.real)}` : undefined;
}

/** what to see the replaced text with, after "replaced the file's FIELDS" */
function diffAdvice(n: ChangedNames): string {
  const cmd = gitDiffOf(n);
  if (!n.behindLink) return ` (${cmd} shows what changed)`;
  const why = `${n.changed} lies behind the linked folder ${n.behindLink.link}, which git tracks as a link, not the files behind it`;
  if (cmd) return ` (${cmd} shows what changed: ${why})`;
  // a repository holds its real folder, and the file has no commit there: it was never committed (trial-bb)
  return n.behindLink.repository
    ? `: git does not hold what it replaced (git has no commit of ${n.behindLink.real}: it was not committed)`
    : `: git does not hold what it replaced (${why}, and no repository at its real path ${n.behindLink.real} has it)`;
}

/** `the value of ((a))`, `the values of ((a)) and ((b))` */
function refs(names: string[]): string {
  const list = names.map((v) => `((${v}))`);
  return `the value${list.length === 1 ? '' : 's'} of ${list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]!}`}`;
}

/** `{{1}} ("EUR 49")`: a placeholder with its sample, where it has one */
const withSample = (key: string, sample: string | undefined): string => `{{${key}}}${sample !== undefined ? ` (${JSON.stringify(sample)})` : ''}`;

/**
 * What to rename by hand in the parts that kept their numbers (`named`: the side whose names they are, "the file"): in
 * each, the numbers a sample names (`{{1}} → {{name}}`, its sample that name's alone, or the one left of as many numbers
 * as names), then the others with their samples beside the names left with theirs, to pair by their values. Undefined
 * where no part has names to give (a reason with none: numbers out of their order of appearance).
 */
function handRenames(mismatches: readonly NamesMismatch[], named: string): string | undefined {
  const parts = mismatches.flatMap(({ field, hand }) => {
    if (!hand) return [];
    const names = new Map(hand.names.map((x) => [x.key, x.sample]));
    const paired = hand.pairs.map((p) => `{{${p.number}}} → {{${p.name}}} (${p.by === 'sample'
      ? `its sample ${JSON.stringify(hand.numbers.find((x) => x.key === p.number)?.sample ?? '')} is ${named}'s of {{${p.name}}}`
      : `the one left${hand.numbers.find((x) => x.key === p.number)?.sample !== undefined ? `: its sample ${JSON.stringify(hand.numbers.find((x) => x.key === p.number)!.sample)}${names.get(p.name) !== undefined ? `, ${named}'s ${JSON.stringify(names.get(p.name))}` : ''}` : ''}`})`);
    const numbersLeft = hand.numbers.filter((x) => !hand.pairs.some((p) => p.number === x.key));
    const namesLeft = hand.names.filter((x) => !hand.pairs.some((p) => p.name === x.key));
    const rest = numbersLeft.length
      ? [`${numbersLeft.map((x) => withSample(x.key, x.sample)).join(', ')} each to the name of its value${namesLeft.length ? ` among ${named}'s ${namesLeft.map((x) => withSample(x.key, x.sample)).join(', ')}` : ''}${numbersLeft.length > namesLeft.length ? ` (${numbersLeft.length - namesLeft.length} more than ${named} has: a new name for a new placeholder)` : ''}`]
      : [];
    return [`${field}: ${[...paired, ...rest].join(', ')}`];
  });
  return parts.length ? parts.join('; ') : undefined;
}

function changedLines(what: string, n: ChangedNames, environment: string): string[] {
  const fields = n.fields.length ? n.fields.join(', ') : 'its category or layout';
  const cause = {
    file: `the channel's copy did not change: it is what ${n.changed} says in its last commit (${n.commit}), and the file was edited since (not committed)${n.valueNames?.length ? `; ${refs(n.valueNames)} also changed in the config since that commit` : ''}`,
    values: `the channel's copy did not change: it is what ${n.changed} says in its last commit (${n.commit}), and the file is the same since; ${n.valueNames?.length ? refs(n.valueNames) : 'a value it refers to'} changed in the config since that commit (not committed), and ${n.valueNames?.length === 1 ? 'that value was' : 'the change was'} not applied to ${environment}`,
    'file-since': `the channel's copy is what ${n.changed} said at commit ${n.commit}: ${n.values ? 'a value it refers to changed after it (a commit of the config), with the file the same' : 'the file changed after it'}, and that change was not applied to ${environment} (or was undone there)${n.uncommitted ? '; the file also had edits not committed' : ''}`,
    channel: `it changed on the channel: none of the last ${HISTORY_DEPTH} commits of ${n.changed} says what the channel's copy says (an edit outside tplsync, as in the console, or an apply from another branch)${n.uncommitted ? '; the file also had edits not committed' : ''}`,
    unknown: `either it changed on the channel (an edit outside tplsync), or the file changed since it was last applied: ${n.changed} has no commit in git to tell which`,
  }[n.cause];
  const out = [`tplsync: ${what}: ${n.changed} did not say what ${environment}'s copy says; ${cause}. Written over with the channel's copy, which replaced the file's ${fields}${n.cause === 'file' || n.uncommitted ? ': the edit was not committed, so git does not hold it' : diffAdvice(n)}\n`];
  if (n.namedBy === 'context') {
    const changes = (n.byContext ?? []).flatMap((p) => p.samples).map((x) => `the channel's sample of {{${x.name}}} is ${JSON.stringify(x.theirs)} (the file had ${JSON.stringify(x.ours)})`);
    out.push(`tplsync: ${what}: the file's placeholder names kept: the texts differ, and each placeholder stands where the file had its name, with the same words beside it${changes.length ? `; ${changes.join(', ')}` : ''}${n.bySamples?.length ? ` (${n.bySamples.join(', ')}: each of the channel's samples is the file's sample of one name alone)` : ''}\n`);
  }
  if (n.namedBy === 'samples') out.push(`tplsync: ${what}: the file's placeholder names kept: the texts differ, and each of the channel's samples is the file's sample of one name alone\n`);
  if (n.namedBy === 'commit') out.push(`tplsync: ${what}: the placeholder names are those of ${n.changed} at ${n.commit}, which says what the channel says\n`);
  if (n.numbered) {
    const why = n.why?.length ? n.why.map((m) => `${m.field}: ${m.message}`).join('; ') : 'the file names no placeholder there';
    // (an RCS message has no Meta export to name it from: the names are put back in the file, git diff showing the ones it had)
    const rcs = n.why?.length && n.why.every((m) => m.field.startsWith('message'));
    // (not --names-from with an export of the file: it decides by the same rule from the same names and samples, trial-bq F3)
    const hand = n.why?.length ? handRenames(n.why, 'the file') : undefined;
    const rename = `rename them by hand in ${n.changed}, each number to the name of the value it stands for, in every text and its samples`;
    // (a reason with no names to give, numbers out of their order of appearance: named, they would be another template)
    const advice = rcs
      ? `an RCS message has no Meta export to name them from: put the names back in ${n.changed}${gitDiffOf(n) ? ` (${gitDiffOf(n)!} shows the ones it had)` : ''}, one name for each number in every text`
      : hand ? `${rename} (${hand})` : !n.why?.length ? `${rename}${gitDiffOf(n) ? ` (${gitDiffOf(n)!} shows the names it had)` : ''}` : undefined;
    out.push(`tplsync: ${what}: its placeholders are the channel's numbers, as which number is which of the file's names is not certain (${why})${advice ? `; ${advice}` : ''}\n`);
  }
  return out;
}

export interface PullCommandOptions { config?: string; env?: string; channel: string; parallelism?: string; from?: 'meta' | 'twilio'; files?: string[]; id?: string[]; all?: boolean; dir?: string; force?: boolean; category?: string; allowInsecureHttp?: boolean; namesFrom?: string[]; lockTimeout?: string }

/** `--names-from meta FILE...`: the templates of the Meta exports, by name and language */
async function namesFromMeta(given: string[]): Promise<Map<string, Record<string, unknown>>> {
  const [format, ...files] = given;
  if (format !== 'meta' || !files.length) throw new UsageError(`--names-from takes meta and the Meta export files: --names-from meta FILE... (got ${given.join(' ')})`);
  // a copy not used (deleted on the platform, or beside a copy in a more advanced state): said
  const notes: string[] = [];
  const source = await (await import('../pull/names-from.js')).metaNameSource(files, io().cwd(), notes);
  for (const n of notes) sayErr(`tplsync: ${n}\n`);
  return source;
}

export async function pullCommand(o: PullCommandOptions): Promise<number> {
  if (o.category !== undefined && !['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(o.category)) throw new UsageError(`--category is MARKETING, UTILITY or AUTHENTICATION, not '${o.category}'`);
  if (o.from) {
    if (o.all || o.id?.length) throw new UsageError('pull --from reads export files: it takes no --id or --all');
    // an export's numbered placeholders (Twilio's variables, Meta's POSITIONAL templates) named as the channel's are
    const namesSource = o.namesFrom ? await namesFromMeta(o.namesFrom) : undefined;
    return (await import('./pull-from.js')).pullFromCommand({ ...o, ...(namesSource ? { namesSource } : {}) });
  }
  if (o.files?.length) throw new UsageError(`pull reads files only with --from meta|twilio (got ${o.files.join(' ')})`);
  if (Boolean(o.all) === Boolean(o.id?.length)) throw new UsageError('pull takes either --id UUID... or --all (or --from meta|twilio FILE...)');
  for (const id of o.id ?? []) if (!UUID_RE.test(id)) throw new UsageError(`--id '${id}' is not a UUID`);
  // the templates read at once, as plan reads them (--parallelism)
  const parallelism = parseParallelism(o.parallelism ?? '8');
  const namesFrom = o.namesFrom ? await namesFromMeta(o.namesFrom) : undefined;
  const config = await commandConfig(o);
  return withProjectWrites(config.dir, 'pull', () => withConnection(config, { ...o, parallelism }, async (conn) => {
    const env = conn.environment;
    const channelId = resolveChannel(o.channel, env);
    if (!channelId) throw new UsageError(`Channel '${o.channel}' is neither a UUID nor an alias of environment '${env.name}' (${Object.keys(env.channels).join(', ') || 'none'})`);
    let ids = o.id ?? [];
    if (o.all) {
      if (!env.list) {
        throw new UsageError(`pull --all needs the template listing of environment '${env.name}': the API reference names "Get List Approved Template" but not its path or answer, so set environments.${env.name}.list (path, items, id) in ${config.file ? path.relative(io().cwd(), config.file) : 'the config'} from your provider's documentation (docs/api-assumptions.md), or pull by --id`);
      }
      const { listTemplateIds } = await import('../api/list.js');
      ids = await listTemplateIds(conn.client, channelId, env.list);
      sayErr(`The listing of ${o.channel} in ${env.name} names ${ids.length} template${ids.length === 1 ? '' : 's'}.\n`);
    }
    const dir = confinedWriteDir(config, o.dir);
    let code: number = EXIT.OK;
    let unsetExplained = false;
    const writtenFiles: string[] = [];
    const { diagnostics } = await pullTemplates(config, conn, {
      channel: o.channel, channelId, ids, dir, ...(o.category ? { category: o.category } : {}), force: Boolean(o.force), cwd: io().cwd(), ...(o.dir !== undefined ? { dirGiven: true } : {}),
      ...(o.all ? { skipManaged: true } : {}), ...(namesFrom ? { namesFrom } : {}), signal: interruptSignal(), progress,
    }, (r) => {
      if (r.kind === 'missing') { sayErr(`tplsync: no template ${r.id} in channel ${o.channel} (${env.name})\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'changed') { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}): ${r.file}: ${r.created ? CREATED_WHILE_RUNNING : CHANGED_WHILE_RUNNING}\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'exists') { sayErr(`tplsync: ${r.file} exists; pass --force to overwrite it\n`); code = EXIT.FINDINGS; return; }
      // the file's encoding said as lint says it (rule encoding), at its line and column
      if (r.kind === 'not-utf8') { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) lives in ${r.file}, which is not UTF-8 text: ${r.file}:${r.problem.line}:${r.problem.column}: ${r.problem.message} Then pull again (nothing written${o.force ? ', --force or not' : ''}: neither over that file, whose bytes pull cannot read to keep, nor a second file of the template beside it)\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'outside') { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) not written to ${r.file}: ${r.message} (file-outside-project: lint and fmt refuse it too)\n`); code = EXIT.FINDINGS; return; }
      // --all leaves the files the project manages, --force or not: with --force, said so, with the command that does re-pull one
      // (pull does not read a template it skips, so whether the file differs from the channel is plan's to show) (trial-aq F3)
      if (r.kind === 'managed') { sayOut(`${r.file}: already manages ${r.id} (skipped${o.force ? `: --force does not re-pull with --all a template a file manages; to write the channel's copy over this file: ${adviceCommand(`pull --channel ${shellWord(o.channel)} --id ${r.id} --force`, env.name)} (${adviceCommand('plan', env.name)} shows whether it differs from the channel)` : ''})\n`); return; }
      if (r.kind === 'deleted') { sayOut(`${r.name}/${r.language} (${r.id}): deleted on the platform (${r.status}), not written (skipped)\n`); return; }
      if (r.kind === 'same') { sayOut(`${r.file}: ${r.name}/${r.language} already as the channel has it (not written)\n`); return; }
      if (r.kind === 'secret' && r.unset?.length) {
        const list = r.unset.map((u) => `((${u.value})) from ${u.variable}`).join(', ');
        code = EXIT.FINDINGS;
        // said in full once; each further template in a line (a pull --all of 500 said the same 500 times)
        if (unsetExplained) { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) not written to ${r.file}: the secret value${r.unset.length === 1 ? '' : 's'} ${list} ${r.unset.length === 1 ? 'is' : 'are'} not set (above)\n`); return; }
        unsetExplained = true;
        sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) not written to ${r.file}: the secret value${r.unset.length === 1 ? '' : 's'} ${list} of environment '${env.name}' ${r.unset.length === 1 ? 'is' : 'are'} not set, and no file pulled shows where ${r.unset.length === 1 ? 'it stands' : 'they stand'}: tplsync finds a secret in the channel's texts by its value, and cannot tell whether this copy holds it (the file would hold it in clear). Set ${r.unset.map((u) => u.variable).join(' and ')} and pull again, or pull it in one run with a template whose file refers to ${r.unset.map((u) => `((${u.value}))`).join(' and ')} (--id of both; --force to write over that file): where that file has the reference, the channel's copy of that template holds the value, and pull learns it there\n`);
        code = EXIT.FINDINGS;
        return;
      }
      if (r.kind === 'secret') {
        const why = r.fields.length
          ? `in ${r.fields.join(', ')} the file has a secret value and the channel's text around it differs too, so the value the channel holds cannot be written back as its reference`
          : 'the channel\'s copy holds text that tplsync masks as a secret (a value of the environment, or a piece of the API key) where the file has no reference to name it';
        const then = r.noFile
          ? `No file of the project holds this template, so there is none to apply: write the file by hand with the reference ((NAME)) where the channel's text has the value (${adviceCommand('plan', env.name)} then shows whether the two agree), or, if the text holds the value by coincidence (a short or common word), give the secret a value no template text holds`
          : 'Apply the file first, so that the channel holds the current value, then pull again';
        sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) not written to ${r.file}: ${why} (the file would hold it in clear). ${then}\n`);
        code = EXIT.FINDINGS;
        return;
      }
      if (r.kind === 'unknown') {
        sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) not written to ${r.file}: the channel's copy holds ${r.types.length === 1 ? 'a part' : 'parts'} no template file can hold (${r.types.map((t) => `the ${t}`).join(', ')}); a file without ${r.types.length === 1 ? 'it' : 'them'} would say another template, and its apply would delete ${r.types.length === 1 ? 'it' : 'them'}\n`);
        code = EXIT.FINDINGS;
        return;
      }
      if (r.kind === 'twin') {
        const others = r.others.join(', ');
        sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) not written: the channel holds ${r.others.length === 1 ? 'another template' : `${r.others.length} other templates`} of that name and language (${others}), and a template is its channel, name and language: a file can be one of them only (two files of it are lint's duplicate-template${r.held ? `, and ${r.file}, which has that name and language, is neither by its publicId` : ''}), and which one is not pull's to pick. Remove the one${r.others.length === 1 ? '' : 's'} you do not want in the console, or pull the one to keep by itself (--id)${r.held ? ` with --force over ${r.file}` : ''}\n`);
        code = EXIT.FINDINGS;
        return;
      }
      if (r.kind === 'conflict') { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) not written: every path pull gives it holds another template (${r.holders.join('; ')}): pull it into a folder of your choice with --id ${r.id} --dir DIR\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'held' && r.derived && r.derivedLive) { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) has the name and language of ${r.file}, which manages another template of the channel (${r.derived}): the channel holds two templates of that name and language; nothing written${o.force ? ', --force or not' : ''} (remove the one you do not want in the console)\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'held' && r.derived && r.pinned) { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) has the name and language of ${r.file}, which is another template by its publicId (${r.derived}, which ${env.name} does not have): nothing written${o.force ? ', --force or not' : ''}; if the file is to be this template, write publicId: ${r.id} in it and pull --id ${r.id} --force\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'held' && r.derived) { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) has the name and language of ${r.file}, which has no publicId (its id in ${env.name} is ${r.derived}), so apply would create a second template beside it: add publicId: ${r.id} to ${r.file} to make it this template; nothing written (--force writes the channel's copy over it)\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'held') { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) is in ${r.file} already; nothing written (--force writes the channel's copy over it)\n`); return; }
      if (r.kind === 'elsewhere') { sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) already lives in ${r.file}; nothing written to --dir ${o.dir ?? ''} (--force writes a second file there, which lint reports beside the first; without --dir, pull --force writes over ${r.file})\n`); return; }
      if (r.placed) sayErr(`tplsync: ${r.name}/${r.language} (${r.id}) written to ${r.file}, not ${r.placed.instead}: that file holds ${r.placed.holder}, another template (a template is its channel, name and language; two never share a file)\n`);
      if (r.names && 'missing' in r.names) { sayErr(`tplsync: ${r.name}/${r.language}: not in the --names-from export; its placeholders stay numbered\n`); code = EXIT.FINDINGS; }
      else if (r.names && 'changed' in r.names) for (const l of changedLines(`${r.name}/${r.language}`, r.names, env.name)) sayErr(l);
      else if (r.names && 'given' in r.names) {
        const { bySamples, byContext } = r.names.given;
        if (bySamples?.length) sayErr(`tplsync: ${r.name}/${r.language}: ${bySamples.join(', ')}: the channel's text is not the --names-from export's, so the names were given by the samples (each of the channel's samples is the export's sample of one name alone); check the file's text: it is the channel's\n`);
        if (byContext?.length) {
          const changes = byContext.flatMap((p) => p.samples).map((x) => `the channel's sample of {{${x.name}}} is ${JSON.stringify(x.theirs)} (the export has ${JSON.stringify(x.ours)})`);
          sayErr(`tplsync: ${r.name}/${r.language}: ${byContext.map((p) => p.field).join(', ')}: the channel's text is not the --names-from export's, so the names were given where each placeholder stands where the export has its name, with the same words beside it${changes.length ? `; ${changes.join(', ')}` : ''}; check the file's text: it is the channel's\n`);
        }
      }
      else if (r.names) {
        code = EXIT.FINDINGS;
        sayErr(`tplsync: ${r.name}/${r.language}: its placeholders stay numbered (names are given only where the channel's text and the --names-from export's agree around them, or the samples tell which is which; a template is never part named, part numbered):\n`);
        for (const m of r.names.mismatches) sayErr(`tplsync: ${r.name}/${r.language}: ${m.field}: ${m.message}\n`);
        const hand = handRenames(r.names.mismatches, 'the Meta export');
        if (hand) sayErr(`tplsync: ${r.name}/${r.language}: to name them, rename them by hand in ${r.file}, each number to the name of the value it stands for, in every text and its samples (${hand})\n`);
      }
      if (r.unpinned) {
        code = EXIT.FINDINGS;
        sayErr(`tplsync: ${r.name}/${r.language}: ${r.unpinned.file} has no publicId, so its id is derived in each environment (${r.unpinned.derived} in ${env.name}), but the channel's template is ${r.id}: written without a publicId, the next plan would create ${r.unpinned.derived} beside it; to make the file this template in every environment, add publicId: ${r.id} to it\n`);
      }
      if (r.lostFile?.asGit) sayErr(`tplsync: ${r.name}/${r.language}: its file was deleted (not committed): written back at ${r.file} as git has it (byte for byte, its comments and layout kept: the channel's copy says what that version says)\n`);
      else if (r.lostFile) sayErr(`tplsync: ${r.name}/${r.language}: its file was deleted (not committed): ${r.lostFile.gitPath ? `written at ${r.file} (--dir), not where git has it: ${r.lostFile.gitPath} stays deleted (pull without --dir writes it back there)` : `written back at ${r.file}, where git has it`}${r.lostFile.names ? ", with the placeholder names and samples of that version (its texts are the channel's once numbered)" : r.lostFile.numbers ? "; that version numbers its placeholders, as the channel does: git diff shows what changed" : "; its placeholders stay numbered (the committed texts are not the channel's once numbered): git diff shows what changed"}\n`);
      if (r.alsoIn) sayErr(`tplsync: ${r.name}/${r.language} also lives in ${r.alsoIn}; ${r.alsoInLinted ? 'lint will report the two files until one goes' : `${r.file} is outside the config's templates globs, so lint, plan and apply read only ${r.alsoIn} and leave this copy alone`}\n`);
      if (r.lostReferences?.length) {
        const refs = r.lostReferences.map((l) => `((${l.name}))`).join(', ');
        const fields = [...new Set(r.lostReferences.flatMap((l) => l.fields))];
        sayErr(`tplsync: ${r.file}: the file referred to ${refs}, and the written file writes the channel's text in ${r.lostReferences.length === 1 ? 'its' : 'their'} place${fields.length ? ` (${fields.join(', ')})` : ''}: the channel's text there is not ${env.name}'s value of ${r.lostReferences.length === 1 ? 'it' : 'each'}, as the text around ${r.lostReferences.length === 1 ? 'it' : 'them'} tells (a value changed in the config and not applied yet, or an edit on the channel); every other environment now gets ${env.name}'s text there: put the reference back where it belongs (git diff shows where)\n`);
      }
      if (r.sourceUnknown) sayErr(`tplsync: ${r.file}: the channel's text replaced the translated ${r.sourceUnknown.fields.join(', ')}, so the file's translated_from no longer says what ${r.sourceUnknown.fields.length === 1 ? 'it was' : 'they were'} translated from: recorded as unknown (${'"00000000"'}), and translation-outdated reports ${r.sourceUnknown.fields.length === 1 ? 'it' : 'them'} until translated again (tplsync translations export --source ${r.sourceUnknown.language}) or confirmed\n`);
      if (r.acceptedKept) sayErr(`tplsync: ${r.file}: category ${r.acceptedKept.file} kept: ${env.name}'s copy is approved as ${r.acceptedKept.channel}, which environments.${env.name}.categories accepts (the file serves the other environments too)\n`);
      if (r.recategorised) {
        const { was, now, others, key } = r.recategorised;
        sayErr(others.length
          ? `tplsync: ${r.file}: category ${now} written (${env.name}'s copy is approved as ${now}; the file said ${was}): the file also serves ${others.join(', ')}, whose copy keeps its own category, so if it is ${was} there its plan now shows the difference the other way (tplsync review --env ${others[0]!} shows it). To accept ${now} for ${env.name} alone, put back category: ${was} and set environments.${env.name}.categories: { "${key}": ${now} } in the config (${recoveryDoc('recategorised')})\n`
          : `tplsync: ${r.file}: category ${now} written (the channel approved it as ${now}; the file said ${was})\n`);
      }
      sayOut(`${r.file}: ${r.name}/${r.language} (${r.status})\n`);
      writtenFiles.push(path.resolve(io().cwd(), r.file));
    });
    await warnUncovered(config, writtenFiles);
    if (diagnostics.length) {
      io().stderr.write(stylish(diagnostics, { fileCount: new Set(diagnostics.map((d) => d.file)).size, color: useColor(io().stderr), toolVersion: toolVersion() }));
      if (diagnostics.some((d) => d.severity === 'error')) code = EXIT.FINDINGS;
    }
    return code;
  }), lockWait(o));
}
