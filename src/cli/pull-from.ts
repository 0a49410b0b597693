// `tplsync pull --from meta|twilio FILE... --channel ALIAS [--dir DIR]`: adopt the templates of a
// platform's own export. Needs the config (the channel's id for this environment, the files the
// project has) but never the API.
import { withProjectWrites } from '../files/project-lock.js';
import { interruptSignal } from '../core/interrupt.js';
import type { Config } from '../config/load.js';
import path from 'node:path';
import { selectEnvironment } from '../config/load.js';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { toolVersion } from '../core/version.js';
import { stylish } from '../lint/formatters/stylish.js';
import { resolveChannel } from '../plan/desired.js';
import { pullFromExport } from '../pull/from-export.js';
import { useColor } from '../terminal/output.js';
import { commandConfig, lockWait, warnUncovered, confinedWriteDir } from './context.js';
import { io } from '../core/io.js';
import { CHANGED_WHILE_RUNNING, CREATED_WHILE_RUNNING } from '../files/write.js';
import { visible } from '../core/visible.js';

/** how often a template comes in the exports: twice, three times, 4 times */
const times = (n: number): string => (n === 2 ? 'twice' : n === 3 ? 'three times' : `${n} times`);

export interface PullFromOptions { config?: string; env?: string; channel: string; from?: 'meta' | 'twilio'; files?: string[]; dir?: string; force?: boolean; category?: string; lockTimeout?: string;
  /** --names-from meta FILE...: read already (names-from.ts metaNameSource) */
  namesSource?: ReadonlyMap<string, Record<string, unknown>> }

export async function pullFromCommand(o: PullFromOptions): Promise<number> {
  const format = o.from!;
  if (!o.files?.length) throw new UsageError(`pull --from ${format} needs the export files to read: tplsync pull --from ${format} FILE... --channel ALIAS`);
  const config = await commandConfig(o);
  return withProjectWrites(config.dir, 'pull --from', () => pullFrom(config, o, format), lockWait(o));
}

async function pullFrom(config: Config, o: PullFromOptions, format: NonNullable<PullFromOptions['from']>): Promise<number> {
  const env = selectEnvironment(config, o.env);
  const channelId = resolveChannel(o.channel, env);
  if (!channelId) throw new UsageError(`Channel '${o.channel}' is neither a UUID nor an alias of environment '${env.name}' (${Object.keys(env.channels).join(', ') || 'none'})`);
  const dir = confinedWriteDir(config, o.dir);
  const from = format === 'meta' ? 'a Meta (WhatsApp Business) export' : 'a Twilio Content API export';
  let code: number = EXIT.OK;
  // upToDate: a file that already says what the export has (pulled again, with or without --force): neither written nor a failure
  let written = 0, notWritten = 0, partial = 0, upToDate = 0;
  // a line per file written, thousands for a catalogue: gathered and written in large pieces, and
  // always before anything goes to stderr (a terminal shows both in the order they were said)
  let lines = '';
  const flush = () => { if (lines) { io().stdout.write(lines); lines = ''; } };
  const say = (s: string) => { lines += s; if (lines.length >= 1 << 16) flush(); };
  // the export's names and texts are quoted in these lines: their control characters are printed as escapes
  const warn = (s: string) => { flush(); io().stderr.write(visible(s)); };
  const writtenFiles: string[] = [];
  // one moment for the run: the day the files' note says, and what a signed media link's expiry is compared with
  const now = new Date();
  const { diagnostics, morePages } = await pullFromExport(config, env, {
    format, files: o.files!, channel: o.channel, channelId, dir, force: Boolean(o.force), cwd: io().cwd(), ...(o.dir !== undefined ? { dirGiven: true } : {}),
    note: `Pulled from ${from} by tplsync ${toolVersion()} on ${now.toISOString().slice(0, 10)}.`, now,
    ...(o.category !== undefined ? { category: o.category } : {}),
    ...(o.namesSource ? { namesFrom: o.namesSource } : {}),
    signal: interruptSignal(),
  }, (r) => {
    const what = `${r.name}/${r.language}`;
    /** the references kept where the export holds another environment's value of them */
    const sayOtherValues = (x: { file: string; source: string; otherValues?: { environment: string; names: string[] }[] }): void => {
      for (const o of x.otherValues ?? []) {
        warn(`tplsync: ${what} (${x.source}): the export holds environment ${o.environment}'s value of ${o.names.map((n) => `((${n}))`).join(', ')} where ${x.file} refers to ${o.names.length === 1 ? 'it' : 'them'}; the reference${o.names.length === 1 ? ' is' : 's are'} kept. If the export is ${o.environment}'s, pull it with --env ${o.environment}\n`);
      }
    };
    if (r.kind === 'written') {
      written++;
      writtenFiles.push(path.resolve(io().cwd(), r.file));
      say(`${r.file}: ${what}\n`);
      if (r.alsoIn) warn(`tplsync: ${what} also lives in ${r.alsoIn}; ${r.alsoInLinted ? 'lint will report the two files until one goes' : `${r.file} is outside the config's templates globs, so lint, plan and apply read only ${r.alsoIn} and leave this copy alone`}\n`);
      // not live on the platform: apply would submit it (again) for review, or create what was deleted
      if (r.status) warn(`tplsync: ${what} (${r.source}) is ${r.status} in the export${r.reason ? ` (${r.reason})` : ''}: written, but apply would submit it for review${/DELET/.test(r.status) ? ' again under a name the platform deleted' : ''}; remove ${r.file} if it should not go live, or fix it first\n`);
      if (r.toAdd?.length) {
        code = EXIT.FINDINGS;
        warn(`tplsync: ${what} (${r.source}) written to ${r.file}; the export does not say what the file needs here, to add by hand:\n`);
        for (const i of r.toAdd) warn(`  ${i.field}: ${i.message}\n`);
      }
      if (r.leftOut?.length) {
        code = EXIT.FINDINGS;
        partial++;
        warn(`tplsync: ${what} (${r.source}) written to ${r.file} without what a template file cannot carry:\n`);
        for (const i of r.leftOut) warn(`  ${i.field}: ${i.message}\n`);
      }
      // said, no finding (exit 0): what the file does not carry of the platform's settings, and what it carries that needs a word
      if (r.notes?.length) {
        warn(`tplsync: ${what} (${r.source}) written to ${r.file} (said, not a finding):\n`);
        for (const i of r.notes) warn(`  ${i.field}: ${i.message}\n`);
      }
      sayOtherValues(r);
      if (r.namesLost) {
        warn(`tplsync: ${r.file}: the file named its placeholders, and the export numbers them (a positional template) where which number is which name cannot be told for certain; the written file numbers them all (a template is never part named, part numbered), so the generated types and the code that sends it change; put the names back by hand, or pull from an export of the named template:\n`);
        for (const i of r.namesLost) warn(`  ${i.field}: ${i.message}\n`);
      }
      if (r.descriptionNotKept !== undefined) warn(`tplsync: ${r.file}: its own description is kept; the export's (Twilio's friendly_name '${r.descriptionNotKept}') is not written\n`);
      // named by the samples alone (the texts differ): said, as the channel route says it; not a finding
      if (r.namesFrom && 'given' in r.namesFrom) {
        const { bySamples, byContext } = r.namesFrom.given;
        if (bySamples?.length) warn(`tplsync: ${what}: ${bySamples.join(', ')}: the export's text is not the --names-from export's, so the names were given by the samples (each of the export's samples is the --names-from export's sample of one name alone); check the file's text: it is the export's\n`);
        // (named by the words beside each placeholder: a sample changed with the text is the export's, trial-bq F3)
        if (byContext?.length) {
          const changes = byContext.flatMap((p) => p.samples).map((x) => `the export's sample of {{${x.name}}} is ${JSON.stringify(x.theirs)} (the --names-from export has ${JSON.stringify(x.ours)})`);
          warn(`tplsync: ${what}: ${byContext.map((p) => p.field).join(', ')}: the export's text is not the --names-from export's, so the names were given where each placeholder stands where the --names-from export has its name, with the same words beside it${changes.length ? `; ${changes.join(', ')}` : ''}; check the file's text: it is the export's\n`);
        }
      }
      else if (r.namesFrom) {
        code = EXIT.FINDINGS;
        if ('missing' in r.namesFrom) warn(`tplsync: ${what}: not in the --names-from export; its placeholders stay numbered\n`);
        else {
          warn(`tplsync: ${what}: its placeholders stay numbered (names are given only where the export's text and the --names-from export's agree around them, or the samples tell which is which; a template is never part named, part numbered):\n`);
          for (const i of r.namesFrom.kept) warn(`  ${i.field}: ${i.message}\n`);
        }
      }
      if (r.lostReferences?.length) {
        const refs = r.lostReferences.map((l) => `((${l.name}))`).join(', ');
        const fields = [...new Set(r.lostReferences.flatMap((l) => l.fields))];
        warn(`tplsync: ${r.file}: the file referred to ${refs}, and the written file writes the export's text in ${r.lostReferences.length === 1 ? 'its' : 'their'} place${fields.length ? ` (${fields.join(', ')})` : ''}: the export's text there is not the value, as the text around ${r.lostReferences.length === 1 ? 'it' : 'them'} tells; every other environment now gets that text: put the reference back where it belongs (git diff shows where)\n`);
      }
      if (r.sourceUnknown) warn(`tplsync: ${r.file}: the export's text replaced the translated ${r.sourceUnknown.fields.join(', ')}, so the file's translated_from no longer says what ${r.sourceUnknown.fields.length === 1 ? 'it was' : 'they were'} translated from: recorded as unknown ("00000000"), and translation-outdated reports ${r.sourceUnknown.fields.length === 1 ? 'it' : 'them'} until translated again (tplsync translations export --source ${r.sourceUnknown.language}) or confirmed\n`);
      if (r.renumbered?.length) {
        warn(`tplsync: ${what} (${r.source}) written to ${r.file} with other placeholders than Twilio's variables (as WhatsApp numbers and names them; an app that sent Twilio's variables sends the file's placeholders instead):\n`);
        for (const i of r.renumbered) warn(`  ${i.field}: ${i.message}\n`);
      }
      return;
    }
    if (r.kind === 'same') { upToDate++; say(`${r.file}: ${what} already as the export has it (not written)\n`); sayOtherValues(r); return; }
    // the same template twice, the same both times (pages fetched twice): written once, nothing lost
    if (r.kind === 'repeated' && !r.differs) { warn(`tplsync: ${what} (${r.source}) comes ${times(r.copies)}, ${r.copies === 2 ? 'the same both times' : 'this copy the same as the one written'}; taken once (from ${r.first})\n`); return; }
    // the copy in the most advanced review state is the one WhatsApp has: written, the other named
    if (r.kind === 'repeated' && r.states) { notWritten++; warn(`tplsync: ${what} (${r.source}) comes ${times(r.copies)}, and ${r.copies === 2 ? 'the two differ' : 'this copy differs from the one written'}: the ${r.states.written} copy (${r.first}) is the one written, since it is what WhatsApp has; this ${r.states.skipped} copy is not on disk\n`); return; }
    // deleted on the platform: not adopted (as pull --all)
    if (r.kind === 'deleted') { notWritten++; say(`${what} (${r.source}): deleted on the platform (${r.status}), not written (skipped)\n`); return; }
    // a file that already says what the export has (the same pull run again): counted as up to date in the summary, no line
    // of its own (a line each drowned the one file that differs, and --force would write nothing it does not hold already)
    if (r.kind === 'held' && !r.differs) { upToDate++; return; }
    notWritten++;
    if (r.kind === 'held') {
      warn(`tplsync: ${what} (${r.source}) is in ${r.file} already, and the export's copy differs from it; nothing written (--force writes the export's copy over it; git diff shows what that changes)\n`);
      return;
    }
    if (r.kind === 'elsewhere') { warn(`tplsync: ${what} (${r.source}) already lives in ${r.file}; nothing written to --dir ${o.dir ?? ''} (--force writes a second file there, which lint reports beside the first; without --dir, pull --force writes over ${r.file})\n`); return; }
    code = EXIT.FINDINGS;
    if (r.kind === 'exists') warn(`tplsync: ${r.file} exists; pass --force to overwrite it\n`);
    else if (r.kind === 'not-utf8') warn(`tplsync: ${what} (${r.source}) lives in ${r.file}, which is not UTF-8 text: ${r.file}:${r.problem.line}:${r.problem.column}: ${r.problem.message} Then pull again (nothing written${o.force ? ', --force or not' : ''}: neither over that file, whose bytes pull cannot read to keep, nor a second file of the template beside it)\n`);
    else if (r.kind === 'changed') warn(`tplsync: ${what} (${r.source}): ${r.file}: ${r.created ? CREATED_WHILE_RUNNING : CHANGED_WHILE_RUNNING}\n`);
    else if (r.kind === 'repeated') warn(`tplsync: ${what} (${r.source}) comes ${times(r.copies)}, and ${r.copies === 2 ? 'the two differ' : 'this copy differs from the one written'}; the first (${r.first}) is the one written: check which is the channel's current one (this one is not on disk)\n`);
    else {
      warn(`tplsync: ${r.name ? what : r.source} (${r.source}) cannot be written as a template file; nothing written for it:\n`);
      for (const i of r.issues) warn(`  ${i.field}: ${i.message}\n`);
    }
  });
  flush();
  await warnUncovered(config, writtenFiles);
  const listing = format === 'meta' ? 'Meta\'s' : 'Twilio\'s';
  // a Graph API paging URL carries the access token when the first request passed it in its query: never printed
  const shown = (u: string | undefined): string => (u ?? "").replace(/([?&](?:access_token|appsecret_proof)=)[^&#]*/gi, (_m, k: string) => `${k}[redacted]`);
  for (const p of morePages.after) {
    code = EXIT.FINDINGS;
    const how = format === 'meta'
      ? 'GET the paging.next URL with the same token, and again from each page until one has no paging.next'
      : 'GET the meta.next_page_url URL with the same credentials, and again from each page until next_page_url is null';
    io().stderr.write(`tplsync: ${p.file} is one page of ${listing} listing, and the page after it is not among the files given (${shown(p.next)}): only the templates of the files given are pulled; ${how}, and pass every page's file to one pull\n`);
  }
  for (const p of morePages.before) {
    code = EXIT.FINDINGS;
    io().stderr.write(`tplsync: ${p.file} is a later page of ${listing} listing, and the pages before it are not among the files given${p.previous ? ` (${shown(p.previous)})` : ''}: only the templates of the files given are pulled; fetch the listing from its first page (the request without a cursor) and pass every page's file to one pull\n`);
  }
  if (morePages.accounts.length) {
    code = EXIT.FINDINGS;
    io().stderr.write(`tplsync: the pages given are listings of ${morePages.accounts.length} WhatsApp Business Accounts (${morePages.accounts.join(', ')}, the ids in their paging URLs): one pull writes the templates of one channel; pull each account's pages into its own channel\n`);
  }
  io().stderr.write(`${written} template${written === 1 ? '' : 's'} written${partial ? ` (${partial} without parts a file cannot carry, listed above)` : ''}, ${upToDate ? `${upToDate} already up to date, ` : ''}${notWritten} not.\n`);
  if (diagnostics.length) {
    io().stderr.write(stylish(diagnostics, { fileCount: new Set(diagnostics.map((d) => d.file)).size, color: useColor(io().stderr), toolVersion: toolVersion() }));
    if (diagnostics.some((d) => d.severity === 'error')) code = EXIT.FINDINGS;
  }
  return code;
}
