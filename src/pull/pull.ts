// Pull's core: read templates by id (or every template the channel's listing names) and turn each
// into a template file that keeps its publicId; refuses to write outside the target directory or
// over an existing file, skips (with --all) templates the project's files already manage, and
// lints what it wrote the way `tplsync lint` of the project would (lint-written.ts).
import { parse as parseYaml } from 'yaml';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { schemaModelinePath, type Config } from '../config/load.js';
import type { Connection } from '../connection/connect.js';
import type { Diagnostic } from '../core/diagnostic.js';
import { toolVersion } from '../core/version.js';
import { diffTemplates, fromFile, fromRead, kindCategory, type CanonicalTemplate, type PlaceholderNames } from '../model/canonical.js';
import { flatFlowButtons, safeFileName, toTemplateFile } from '../model/to-file.js';
import { templateExtension } from '../files/extension.js';
import { templateId } from '../model/ids.js';
import { FileChanged, FileCreated, writeFileAtomic, writeOver } from '../files/write.js';
import { linkedFolderOf, realTarget } from '../files/confine-write.js';
import { changedValues, lookupValue, lostPlainReferences, markedTemplate, refersToSecret, shownTemplate, unreadableSecrets, valuesAsReferences } from '../project/values.js';
import { remnantsAsReferences } from '../model/remnants.js';
import { namesAPlaceholder } from '../model/placeholders.js';
import { addSecret, redact } from '../core/redact.js';
import { escapeLiteralReferences, marksAsReferences, replaceReferences, templateReferences } from '../model/values.js';
import { formatTemplate } from '../fmt/format.js';
import { inFileForm, keepComments } from './keep-comments.js';
import { editedInPlace } from './splice.js';
import { alignedTo, urlSamplesInFileForm } from '../project/references-back.js';
import { existingFiles, findExisting, type ExistingTemplate } from '../plan/existing.js';
import { resolveChannel } from '../plan/desired.js';
import { isDeletedState } from '../core/template-state.js';
import { lintWritten } from './lint-written.js';
import { inTemplateGlobs } from './in-globs.js';
import { fileMessageSamples, withFileNames, withMetaNames, type NamesMismatch } from './names-from.js';
import type { SampleChange } from './positional-names.js';
import { committedVersions, deletedFiles, HISTORY_DEPTH } from './history.js';
import { readTemplateValue } from '../files/value.js';
import { refusedOf } from '../files/refusals.js';
import type { EnvironmentConfig } from '../config/load.js';
import { io, resolvePath } from '../core/io.js';
import { Interrupted } from '../core/interrupt.js';
import { EXIT } from '../core/exit-codes.js';
import { readRegularFile } from '../core/read-regular.js';
import { MAX_FILE_BYTES } from '../files/limits.js';
import { recordAfterReplace } from '../translations/units.js';
import { acceptedCategory, categoryKey, otherEnvironmentsServing } from '../config/categories.js';
import type { TemplateReadResponse } from '../api/shapes.js';
import { forEachBounded } from '../core/bounded.js';
import type { ProgressFactory } from '../plan/run.js';
import { identity, placeCandidates } from './paths.js';

/** no progress shown (a run that gives none: the tests, --from) */
const noProgress: ProgressFactory = () => ({ tick() {}, stop() {} });

export interface PullRequest { channel: string; channelId: string; ids: readonly string[]; dir: string; category?: string; force: boolean; cwd: string;
  /**
   * `dir` was named (--dir): a template is written there even when a project file holds it (a
   * second file). Otherwise a template a project file holds is written over that file (--force).
   */
  dirGiven?: boolean;
  /** skip the templates a file of the project already manages (pull --all), saying so */
  skipManaged?: boolean;
  /** the placeholder names of the templates, from a Meta export (`--names-from meta FILE`), by `name\0language` */
  namesFrom?: ReadonlyMap<string, Record<string, unknown>>;
  /** Ctrl-C: the templates being read are finished (and written), no other is read */
  signal?: AbortSignal;
  /** the reads' progress (a bar on a terminal, as plan's) */
  progress?: ProgressFactory;
  /** called just before each file is written (a test's moment: another program saving the file meanwhile) */
  beforeWrite?: (abs: string) => void }

/** a pull that wrote some templates' files and could not read the others (the API lost after its retries): exit 5, as a partial apply */
export class PullPartial extends Error {
  override name = 'PullPartial';
  readonly exitCode = EXIT.PARTIAL;
}

/** what pull says of the names of a template written over a file that did not say what the channel says (why the two differ, which names it kept) */
export interface ChangedNames {
  changed: string;
  /** placeholders left with the channel's numbers */
  numbered: boolean;
  /** the fields of the file the channel's copy replaced */
  fields: string[];
  /**
   * which side moved, as git tells it: `file`, the last commit of the file says what the channel says (the file was edited
   * since); `file-since`, an earlier commit does (`commit`: the file changed after it); `channel`, none of its last commits
   * does; `values`, the last commit of the file says what the channel says with the config's values there, and the file is
   * the same since: a value it refers to changed in the config (not committed), not a file edit; `unknown`, the file has no
   * commit to tell
   */
  cause: 'file' | 'file-since' | 'values' | 'channel' | 'unknown';
  /** `values` (or `file` with a value changed too): the references whose config value is not the one of that commit */
  valueNames?: string[];
  commit?: string;
  /** `file-since` by a value the file refers to (the config's, committed), the file's text the same */
  values?: true;
  /** the file had edits not committed (replaced too) */
  uncommitted?: boolean;
  /**
   * the file lies behind a linked folder of the project (`link`, as shown), which git tracks as a link, never the files
   * behind it: `git diff` of the file's path shows nothing; `real`, its real path (as shown); `tracked`, a repository
   * there has commits of it (git -C its folder shows what changed)
   */
  behindLink?: { link: string; real: string; tracked: boolean;
    /** a repository holds its real folder (the file there has no commit: not committed yet) */
    repository?: boolean };
  /**
   * how the names were kept: the file's text and samples (`text`, `samples`), the words beside each placeholder where the
   * file had its name (`context`: the text edited around them), or the commit that says what the channel says
   */
  namedBy?: 'text' | 'samples' | 'context' | 'commit';
  /** `context`: the parts named so, with the channel's samples that are not the file's; and the parts named by their samples alone */
  byContext?: { field: string; samples: SampleChange[] }[];
  bySamples?: string[];
  /** why each part stayed numbered, and what to rename by hand */
  why?: NamesMismatch[] }

/** a template file git has at HEAD and the working tree lacks (deleted, not committed): `text`, its text there */
type LostFile = ExistingTemplate & { text: string; present?: boolean };

/** --names-from: the template not in the export, the parts that kept their numbers, or how the names were given where the texts differ */
type PulledNames = { missing: true } | { mismatches: NamesMismatch[] } | ChangedNames | { given: { bySamples?: string[]; byContext?: { field: string; samples: SampleChange[] }[] } };

export type PullOutcome =
  /** alsoIn: with force, the file of the project that held the template already; alsoInLinted: whether the written file is in the templates globs too (lint then reports both) */
  | { id: string; kind: 'written'; file: string; name: string; language: string; status: string; alsoIn?: string; alsoInLinted?: boolean;
    /** the template's file was deleted, not committed: written where git has it at HEAD; `names`: its names and samples kept (its texts the channel's once numbered) */
    lostFile?: { names: boolean; /** that version numbers its placeholders, as the channel does: no name to keep */ numbers?: boolean;
      /** that version says what the channel has: written back as git has it, byte for byte (its comments and layout kept) */
      asGit?: true; /** where git has it, when the file was written elsewhere (--dir) */ gitPath?: string };
    /** --names-from: the export has no such template, or parts whose placeholder counts differ (kept numbered) */
    names?: PulledNames;
    /** the file it replaced had no publicId (its id derived per environment) but the channel's template has another id: written without one */
    unpinned?: { file: string; derived: string };
    /** plain values the replaced file referred to that the written file no longer does (a value under 8 characters; a text changed around it) */
    lostReferences?: { name: string; fields: string[] }[];
    /** translated texts the channel's copy replaced: their `translated_from` hash no longer says what they were made from (UNKNOWN_SOURCE written) */
    sourceUnknown?: { language: string; fields: string[] };
    /**
     * the file said another category than the one the channel approved this copy under, and the channel's was written:
     * the other environments the file serves (their copies keep their own category), and the config key that accepts it here instead
     */
    recategorised?: { was: string; now: string; others: string[]; key: string };
    /** the channel approved this copy under a category the environment's config accepts: the file's own was kept */
    acceptedKept?: { file: string; channel: string };
    /** written at another path than NAME.LANG.yaml in the folder: `instead` holds `holder`, another template */
    placed?: { instead: string; holder: string } }
  | { id: string; kind: 'missing' }
  /** the file pulled over changed between pull's read of it and its rename (an edit saved meanwhile): left with that edit */
  | { id: string; kind: 'changed'; file: string; name: string; language: string; /** the file was absent when pull looked, and there when it created it */ created?: true }
  | { id: string; kind: 'exists'; file: string }
  /**
   * other templates of the channel have this name and language (`others`, their ids), and no file of the project is this
   * one by its id: a file can be one of them only, and which is not pull's to pick (not written, exit 1); `held`: `file`
   * is the project's file of that name and language (another id's, or none's yet)
   */
  | { id: string; kind: 'twin'; file: string; name: string; language: string; others: string[]; held?: true }
  /** every path pull gives a new file of the template holds another template (`holders`: each path and what it holds): not written (exit 1) */
  | { id: string; kind: 'conflict'; file: string; name: string; language: string; holders: string[] }
  /** the channel's copy holds a secret (fields: where the file has one and the text around it changed too) that the file could not name: not written (exit 1) */
  | { id: string; kind: 'secret'; file: string; name: string; language: string; fields: string[]; unset?: { value: string; variable: string }[];
    /** no file of the project holds the template (a new clone, another project): nothing to apply first */
    noFile?: boolean }
  /** the channel's copy holds components no template file can hold: not written (exit 1), rather than a file that drops them */
  | { id: string; kind: 'unknown'; file: string; name: string; language: string; types: string[] }
  /** the file the template would be written over already says what the channel has: left as it is (exit 0) */
  | { id: string; kind: 'same'; file: string; name: string; language: string }
  /** the file the template would be written to holds it already: nothing written without --force (exit 0) */
  | { id: string; kind: 'held'; file: string; name: string; language: string;
    /** the file has no publicId, and its id (derived in this environment) is another: it is not yet this template */
    derived?: string;
    /** and the channel holds that derived id too: the file manages that one, and this is a second template of its name and language */
    derivedLive?: boolean;
    /** the file's id is its publicId (another template's, written in it): never written over, --force or not */
    pinned?: true }
  | { id: string; kind: 'managed'; file: string }
  /** pull --all: the platform deleted the template (DELETED, PENDING_DELETION): no file is written for it (it can never be sent or edited again) */
  | { id: string; kind: 'deleted'; name: string; language: string; status: string; /** the path its file would have (the order outcomes are said in) */ file?: string }
  /** the file that holds the template (or would) leads out of the project through a link: lint and fmt refuse it, and nothing is written to it (exit 1) */
  | { id: string; kind: 'outside'; file: string; name: string; language: string; message: string }
  /** the template lives in a file of the project already: nothing written (a second file would fail lint) */
  | { id: string; kind: 'elsewhere'; file: string; name: string; language: string }
  /**
   * the template's file is not UTF-8 text (`problem`: where, and lint's `encoding` message): nothing written, --force or
   * not: neither over it (its bytes cannot be read to keep its comments) nor a second file of the template beside it (exit 1)
   */
  | { id: string; kind: 'not-utf8'; file: string; name: string; language: string; problem: { line: number; column: number; message: string } };

/**
 * A file discovery refused as leading out of the project (never read) whose name is the one pull
 * gives this template's file (NAME.LANGUAGE.yaml or .yml): the file the template lives in, as far
 * as can be told without reading it.
 */
function refusedNamedFor(name: string, language: string): { abs: string; message: string } | undefined {
  const stem = safeFileName(name, language, () => '');
  for (const [abs, r] of refusedOf()) {
    if (r.kind === 'outside-project' && path.basename(abs).replace(/\.ya?ml$/i, '') === stem) return { abs, message: r.message };
  }
  return undefined;
}

export async function pullTemplates(config: Config, conn: Connection, req: PullRequest, onOutcome: (o: PullOutcome) => void): Promise<{ outcomes: PullOutcome[]; diagnostics: Diagnostic[] }> {
  // each template's outcome is said once every path is decided and the files are written, sorted as the files are (by
  // the path each has, or would have), never in the order the reads arrive in; what a stop or a failure leaves is said too
  const out: PullOutcome[] = [];
  let said = 0;
  const keyOf = (o: PullOutcome): string => ('file' in o && o.file ? o.file : `\uffff${o.id}`);
  const flush = (): PullOutcome[] => {
    const fresh = out.splice(said).sort((a, b) => compare(keyOf(a), keyOf(b)) || compare(a.id, b.id));
    out.push(...fresh);
    said = out.length;
    for (const o of fresh) onOutcome(o);
    return out;
  };
  try {
    const diagnostics = await pullEach(config, conn, req, (o) => { out.push(o); });
    return { outcomes: flush(), diagnostics };
  } finally { flush(); }
}

async function pullEach(config: Config, conn: Connection, req: PullRequest, push: (o: PullOutcome) => void): Promise<Diagnostic[]> {
  const { templates: existing, notUtf8 } = await existingFiles(config, conn.environment, req.cwd, [req.dir]);
  const written: string[] = [];
  // A secret is written back as its reference, found by its value: one whose variable is unset is
  // known only where a file has its reference (the value the channel holds there, learned). The
  // templates whose files refer to such a secret are pulled first, and what they teach serves every
  // template of the run; a template written while a secret is still unknown could hold it in clear,
  // and is not written.
  const unset = unreadableSecrets(conn.environment);
  const learnedAll = new Map<string, string>();
  const teaches = (id: string): boolean => existing.some((e) => e.id === id.toLowerCase() && templateReferences(e.value).some((x) => unset.some((u) => u.name === x.name)));
  // (an id given twice is one template)
  const ids = [...new Map(req.ids.map((id) => [id.toLowerCase(), id])).values()];
  const stopped = (n: number, cause?: unknown, unwritten = 0): Interrupted => {
    const done = written.length ? `${written.length} template file${written.length === 1 ? '' : 's'} written (listed above), each whole` : 'no template file written';
    // the read the stop ended, as the client said it (a 429 not tried again)
    const under = cause instanceof Error ? `; the read under way: ${cause.message}` : '';
    return new Interrupted(`stopped: ${done}; the other ${n} template${n === 1 ? ' was' : 's were'} not ${unwritten ? `written (${n - unwritten} of them not read)` : 'read'}: pull again to get ${n === 1 ? 'it' : 'them'}${written.length ? ' (a file written is not written again without --force)' : ''}${under}`);
  };
  // a read failed: what was written is whole and stays, the rest is read by the next pull (which skips what --all wrote)
  const failedAfter = (n: number, cause: unknown): PullPartial => {
    const why = cause instanceof Error ? cause.message : String(cause);
    return new PullPartial(`${why}\ntplsync: pull stopped: ${written.length} template file${written.length === 1 ? '' : 's'} written (listed above), each whole; ${n} template${n === 1 ? ' was' : 's were'} not read: pull again to get ${n === 1 ? 'it' : 'them'}${req.skipManaged ? ' (pull --all skips the files written)' : ' (a file written is not written again without --force)'}`);
  };
  // the template files git tracks that the working tree lacks, read once when a template has no file
  let lostRead: Promise<LostFile[]> | undefined;
  const lostFiles = (): Promise<LostFile[]> => (lostRead ??= deletedFiles(config.dir, (abs) => inTemplateGlobs(config, abs)).then((fs) => fs.flatMap(({ abs, text, present }) => {
    let t: Record<string, unknown>;
    try { t = readTemplateValue(text); } catch { return []; }
    if (!t || typeof t !== 'object' || typeof t.channel !== 'string' || typeof t.name !== 'string' || typeof t.language !== 'string') return [];
    const channelId = resolveChannel(t.channel, conn.environment);
    if (!channelId) return [];
    return [{ file: path.relative(req.cwd, abs), abs, id: templateId(channelId, t.name, t.language, typeof t.publicId === 'string' ? t.publicId : undefined), channelId, name: t.name, language: t.language, managed: true, value: t, text, ...(present ? { present } : {}) }];
  })).catch(() => []));
  // 1. The reads, `parallelism` at a time (the bounded queue and the --parallelism of plan): a Ctrl-C or a read that
  // fails starts no other, those in flight finish; what was read is placed and written as below, the rest is said
  const toRead: string[] = [];
  for (const id of ids) {
    const managedBy = req.skipManaged ? existing.find((e) => e.managed && e.id === id.toLowerCase()) : undefined;
    if (managedBy) push({ id, kind: 'managed', file: managedBy.file }); else toRead.push(id);
  }
  const reads = new Map<string, TemplateReadResponse | null>();
  const halt = new AbortController();
  const onStop = (): void => { halt.abort(); };
  req.signal?.addEventListener('abort', onStop, { once: true });
  let failure: { error: unknown } | undefined;
  let interruptedRead: unknown;
  const bar = await (req.progress ?? noProgress)('reading', toRead.length);
  try {
    if (!req.signal?.aborted) {
      await forEachBounded(toRead, conn.parallelism, async (id) => {
        // (a read in flight ends with the interrupt: said as the stop it is; one that failed otherwise (the API lost,
        // its retries spent) stops the others, and what was read before is written: a partial pull, exit 5)
        try { reads.set(id, await conn.client.getTemplate(req.channelId, id)); } catch (e) {
          if (req.signal?.aborted) interruptedRead ??= e; else failure ??= { error: e };
          halt.abort();
        }
        bar.tick();
      }, halt.signal);
    }
  } finally { bar.stop(); req.signal?.removeEventListener('abort', onStop); }
  const notRead = toRead.length - reads.size;
  // a stop while reading: what was read is written all the same (each whole); a stop while writing writes no further file
  const stoppedReading = req.signal?.aborted === true;

  // 2. Every path decided before anything is written: a template's own file (by its id, or its channel, name and
  // language), a deleted file git still has, else a new file at the first of placeCandidates that holds no other
  // template (another channel's, another id's, or another of this run): two templates never share a file
  const read = toRead.filter((id) => reads.has(id));
  const named = (id: string): { r: TemplateReadResponse; name: string; language: string } | undefined => {
    const r = reads.get(id);
    return r ? { r, name: r.chatapp?.name ?? r.name, language: r.chatapp?.language ?? r.language ?? 'und' } : undefined;
  };
  // templates of one name and language on the channel (the run reads one channel): a file can be one of them only
  const byIdentity = new Map<string, string[]>();
  for (const id of read) {
    const t = named(id);
    if (!t || (req.skipManaged && isDeletedState(t.r.statusText))) continue;
    const key = `${t.name}\u0000${t.language}`;
    byIdentity.set(key, [...(byIdentity.get(key) ?? []), id]);
  }
  /** the paths this run gives (resolved), and the template each is given to */
  const claimed = new Map<string, { id: string; name: string; language: string }>();
  /** what holds the file at `abs`, when it is another template than `id` (undefined: free, or a file that does not read as a template) */
  const holderOf = (abs: string, id: string): string | undefined => {
    const c = claimed.get(resolvePath(abs));
    if (c && c.id !== id.toLowerCase()) return `${c.name}/${c.language} (${c.id}), pulled in this run`;
    if (!existsSync(abs)) return undefined;
    const e = existing.find((x) => resolvePath(x.abs) === resolvePath(abs));
    if (e) return e.id === id.toLowerCase() ? undefined : `${identity({ channel: String(e.value.channel), name: e.name, language: e.language })}${typeof e.value.publicId === 'string' ? ` (${e.value.publicId})` : ''}`;
    // a template of a channel this environment does not have is another template too
    let v: unknown;
    try { v = readTemplateValue(readRegularFile(abs, { max: MAX_FILE_BYTES, shown: abs, what: 'a template file' }).toString('utf8')); } catch { return undefined; }
    const t = v as { channel?: unknown; name?: unknown; language?: unknown } | null;
    return t && typeof t === 'object' && typeof t.channel === 'string' && typeof t.name === 'string' && typeof t.language === 'string' ? identity({ channel: t.channel, name: t.name, language: t.language }) : undefined;
  };
  interface Placed { id: string; r: TemplateReadResponse; name: string; language: string; lives: ExistingTemplate | undefined; lost: LostFile | undefined; target: string; rel: string; elsewhere: string | undefined; there: boolean; placed?: { instead: string; holder: string } }
  const placedAll: Placed[] = [];
  // its own files first (they are theirs whatever the order), then the new ones by name, language and id
  const located: { id: string; name: string; language: string; r: TemplateReadResponse; lives: ExistingTemplate | undefined; lost: LostFile | undefined; own?: string }[] = [];
  for (const id of read) {
    const t = named(id);
    if (!t) { push({ id, kind: 'missing' }); continue; }
    const { r, name, language } = t;
    // the listing may still name a template deleted in the console: adopting it would make a file that is never approved
    if (req.skipManaged && isDeletedState(r.statusText)) { push({ id, kind: 'deleted', name, language, status: r.statusText!, file: path.relative(req.cwd, path.join(req.dir, safeFileName(name, language, (stem) => templateExtension(config, req.dir, stem)))) }); continue; }
    // a second file of a template the project has would fail lint: without --dir, the file that holds it is the one written
    const lives = findExisting(existing, { id: r.publicId, channelId: req.channelId, name, language });
    // its file is there but not UTF-8 (a comment re-saved in Windows-1252): never written over from a reading with U+FFFD
    // in place of its bytes, nor a second file written beside it (trial-bb F7: it was, the first said to hold "another
    // template", the same one); the file is to be saved as UTF-8 first, as lint's `encoding` says
    const unreadable = lives ? undefined : findExisting(notUtf8, { id: r.publicId, channelId: req.channelId, name, language });
    if (unreadable) { push({ id, kind: 'not-utf8', file: unreadable.file, name, language, problem: (unreadable as typeof notUtf8[number]).problem }); continue; }
    // a template whose file was deleted and not committed (git still has it at HEAD): that file is the one pulled back,
    // at its place (without --dir), with the names and samples it holds where its texts are the channel's once numbered
    const lost = lives || req.namesFrom ? undefined : findExisting(await lostFiles(), { id: r.publicId, channelId: req.channelId, name, language });
    const inPlace = lives !== undefined && (!req.dirGiven || resolvePath(path.dirname(lives.abs)) === resolvePath(req.dir));
    const own = inPlace ? lives.abs : lost && !req.dirGiven ? lost.abs : undefined;
    located.push({ id, name, language, r, lives, lost, ...(own ? { own } : {}) });
    if (own) claimed.set(resolvePath(own), { id: r.publicId.toLowerCase(), name, language });
  }
  const alias = aliasOf(req.channel, conn.environment);
  const order = (a: { name: string; language: string; id: string }, b: typeof a): number => compare(a.name, b.name) || compare(a.language, b.language) || compare(a.id, b.id);
  for (const { id, name, language, r, lives, lost, own } of [...located.filter((l) => l.own), ...located.filter((l) => !l.own).sort(order)]) {
    // another template of the channel has this name and language, and the file (if any) is neither's by its id: which one
    // the file is to be is not pull's to pick (an apply of either would write over the other)
    const twins = (byIdentity.get(`${name}\u0000${language}`) ?? []).filter((x) => x !== id);
    if (twins.length && lives?.id !== r.publicId.toLowerCase()) {
      push({ id, kind: 'twin', file: lives?.file ?? path.relative(req.cwd, placeCandidates(config, req.dir, { alias, name, language })[0]!), name, language, others: twins, ...(lives ? { held: true } : {}) });
      continue;
    }
    let target = own;
    let placed: Placed['placed'];
    if (!target) {
      const candidates = placeCandidates(config, req.dir, { alias, name, language, id: r.publicId });
      // a file discovery refused at the usual path (reached through a link out of the project) is said as such, below
      const first = candidates[0]!;
      const refusedFirst = refusedOf().get(first) ?? refusedOf().get(resolvePath(first));
      const holders: string[] = [];
      for (const c of refusedFirst ? [first] : candidates) {
        const holder = refusedFirst ? undefined : holderOf(c, r.publicId);
        if (holder === undefined) { target = c; break; }
        holders.push(`${path.relative(req.cwd, c)} holds ${holder}`);
      }
      if (!target) { push({ id, kind: 'conflict', file: path.relative(req.cwd, first), name, language, holders }); continue; }
      if (target !== first) placed = { instead: path.relative(req.cwd, first), holder: holders[0]!.replace(/^.*? holds /, '') };
    }
    claimed.set(resolvePath(target), { id: r.publicId.toLowerCase(), name, language });
    const inside = path.relative(req.dir, target);
    if (!own && (inside.startsWith('..') || path.isAbsolute(inside))) throw new Error('refusing to write outside the target directory');
    const rel = path.relative(req.cwd, target);
    // a file discovery refused (reached through a link out of the project: lint's file-outside-project, what fmt and
    // translations import refuse too) is never read or written; git, which does not follow the link, calls it deleted
    const refusedAs = refusedOf().get(target) ?? refusedOf().get(resolvePath(target));
    if (refusedAs) { push({ id, kind: 'outside', file: rel, name, language, message: refusedAs.message }); continue; }
    // a template no file of the project holds may live in a file discovery refused, never read (a committed link out of
    // the project, which git does not call deleted): one named for it (NAME.LANGUAGE.yaml) is taken for its file, and
    // nothing is written, rather than a second file of the template beside it
    const linkedOut = lives || lost ? undefined : refusedNamedFor(name, language);
    if (linkedOut) { push({ id, kind: 'outside', file: path.relative(req.cwd, linkedOut.abs), name, language, message: linkedOut.message }); continue; }
    const elsewhere = lives && resolvePath(lives.abs) !== resolvePath(target) ? path.relative(req.cwd, lives.abs) : undefined;
    if (elsewhere && !req.force) { push({ id, kind: 'elsewhere', file: elsewhere, name, language }); continue; }
    if (lives && !elsewhere) {
      // the file is another id's (its publicId, or the id derived from its channel, name and language here)
      const derived = lives.id !== r.publicId.toLowerCase() ? lives.id : undefined;
      const pinned = derived !== undefined && typeof lives.value.publicId === 'string';
      // the file's own id on the channel: it manages that template, and this one is a second of its name and language
      const derivedLive = derived !== undefined && (await conn.client.getTemplate(req.channelId, derived).catch(() => null)) !== null;
      // never written over a file that is another template (its publicId, or its derived id on the channel): --force
      // writes the channel's copy over a file of this template, or one whose derived id names no template there (adopted)
      if (!req.force || pinned || derivedLive) {
        push({ id, kind: 'held', file: rel, name, language, ...(derived ? { derived } : {}), ...(derivedLive ? { derivedLive: true } : {}), ...(pinned ? { pinned: true } : {}) });
        continue;
      }
    }
    // a file there that pull does not read as a template (--force writes over it)
    const there = existsSync(target);
    if (there && !req.force) { push({ id, kind: 'exists', file: rel }); continue; }
    placedAll.push({ id, r, name, language, lives, lost, target, rel, elsewhere, there, ...(placed ? { placed } : {}) });
  }

  // 3. The writes, one at a time: the templates whose files teach a secret first (above), then as the files sort
  const teachFirst = (p: Placed): number => (unset.length && teaches(p.id) ? 0 : 1);
  const writing = placedAll.sort((a, b) => teachFirst(a) - teachFirst(b) || compare(a.rel, b.rel));
  let notWritten = 0;
  for (const [k, { id, r, name, language, lives, lost, target, rel, elsewhere, there, placed }] of writing.entries()) {
    if (req.signal?.aborted && !stoppedReading) { notWritten = writing.length - k; break; }
    // the channel's texts as the file must write them: a ((name)) in them is text, not a reference (escaped)
    const channelCopy = escapeLiteralReferences(fromRead(r, req.channelId));
    // a file could not hold them, and an apply of it would delete them from the channel
    if (channelCopy.unknownComponents?.length) { push({ id, kind: 'unknown', file: rel, name, language, types: channelCopy.unknownComponents }); continue; }
    // the file's references stay references: what the channel holds where the file has a secret
    // (the current value, or an earlier one after a rotation) becomes the reference first; the
    // file is then compared in that form (its secrets as references, its other values filled in)
    const replacedFirst = existing.find((e) => resolvePath(e.abs) === resolvePath(target)) ?? lives ?? lost;
    const marked = replacedFirst && refersToSecret(replacedFirst.value, conn.environment) ? markedTemplate(replacedFirst.value, conn.environment) : undefined;
    let c: CanonicalTemplate = channelCopy;
    let unplaced: string[] = [];
    let learned: ReadonlyMap<string, string> = new Map();
    if (marked) {
      const current = (ref: string): string | undefined => { const v = conn.environment.values?.[ref]; return v && 'env' in v ? io().env[v.env] : undefined; };
      // compared in the same form: the file's literal ((name)) texts escaped as the channel copy's are (its secrets are marks, not references)
      // (its lists in the channel's order: a card or button the channel moved is compared with its own)
      const placed = remnantsAsReferences(alignedTo(escapeLiteralReferences(fromFile(marked, req.channelId, '').canonical), channelCopy), channelCopy, current);
      c = placed.value as CanonicalTemplate;
      unplaced = placed.unplaced;
      learned = placed.learned;
      // secrets of the output too: what the channel holds is masked wherever it shows, and a copy still holding it is not written
      for (const v of learned.keys()) addSecret(v, 'value');
    }
    // a file that already says what the channel has (in this environment, its values filled in): left as it is,
    // not rewritten in pull's own layout (its key order, a `has_expiration: false`, a button's older form)
    const over = existing.find((e) => resolvePath(e.abs) === resolvePath(target));
    // a file deleted and not committed, written back where git has it: git's version, when it says what the channel has, is
    // written back as git has it, byte for byte (its comments, quotes, flow mappings and modeline), as a file that is there
    // is left as it is (trial-bm F2: it was rewritten in pull's layout, a diff of noise in every file of a lost checkout).
    // Not a version the gate of every write would mask (a key in it: written as the channel's copy, and refused, as any),
    // nor one that is not UTF-8 (its bytes are not what the text read holds)
    const gitCopy = !over && lost && replacedFirst === lost && !lost.present && resolvePath(lost.abs) === resolvePath(target)
      && !lost.text.includes('\uFFFD') && redact(lost.text) === lost.text ? lost : undefined;
    // the category the environment's config accepts for this copy (environments.<env>.categories): the channel approved it
    // under that one here, and the file keeps its own, which the other environments' copies have
    const fileOf = over ?? lives;
    const alias = typeof fileOf?.value.channel === 'string' ? fileOf.value.channel : req.channel;
    const fileCategory = typeof fileOf?.value.category === 'string' ? fileOf.value.category : undefined;
    const accepted = acceptedCategory(conn.environment, { channel: alias, name, language });
    const keepFileCategory = accepted !== undefined && fileCategory !== undefined && r.chatapp?.category === accepted && fileCategory !== accepted;
    // (and is this template here: its publicId, or the id derived from its channel, name and language, is the channel's)
    const sameAs = over ?? gitCopy;
    const overId = sameAs ? (typeof sameAs.value.publicId === 'string' ? sameAs.value.publicId : templateId(req.channelId, name, language)).toLowerCase() : undefined;
    // (what the channel held where the file has a secret serves the other templates of the run, this one left or not)
    for (const [v, n] of learned) learnedAll.set(v, n);
    if (sameAs && !req.namesFrom && overId === r.publicId.toLowerCase()) {
      // a file that refers to a secret is compared as any other, its values (the secret's too) filled in; a secret whose
      // variable is unset cannot be: then the file with its secrets as references is compared with the channel's copy
      // with the text that stands where they do as their references (`c`), what pull would write
      const unread = marked !== undefined && templateReferences(sameAs.value).some((x) => unset.some((u) => u.name === x.name));
      const [mine, theirs] = unread
        ? [marksAsReferences({ ...escapeLiteralReferences(fromFile(marked, req.channelId, r.publicId).canonical) }) as unknown as CanonicalTemplate, c]
        : [escapeLiteralReferences(fromFile(shownTemplate(sameAs.abs, sameAs.value, conn.environment, { mask: false }), req.channelId, r.publicId).canonical), channelCopy];
      if (!unplaced.length && (!r.chatapp?.category || mine.category === r.chatapp.category || keepFileCategory) && diffTemplates(mine, theirs).length === 0) {
        if (over) { push({ id, kind: 'same', file: rel, name, language }); continue; }
        // the deleted file's version says what the channel has: written back as git has it (a file created meanwhile is kept)
        req.beforeWrite?.(target);
        try { writeFileAtomic(target, gitCopy!.text, { verbatim: true, ...writeOver(undefined, there) }); } catch (e) {
          if (!(e instanceof FileChanged)) throw e;
          push({ id, kind: 'changed', file: rel, name, language, ...(e instanceof FileCreated ? { created: true as const } : {}) });
          continue;
        }
        written.push(target);
        push({ id, kind: 'written', file: rel, name, language, status: r.statusText, lostFile: { names: false, asGit: true } });
        continue;
      }
    }
    const unknown = unset.filter((u) => ![...learnedAll.values()].includes(u.name));
    if (unknown.length) { push({ id, kind: 'secret', file: rel, name, language, fields: [], unset: unknown.map(({ name: value, variable }) => ({ value, variable })) }); continue; }
    // the names the file writes for the channel's numbered placeholders (none: numbered)
    let named: PlaceholderNames = {};
    let names: PulledNames | undefined;
    // the file it replaces (or the one the template lives in) keeps its names and samples when it says what the channel says
    const replaced = replacedFirst;
    let kept: { message?: Record<string, unknown>; category?: string } = {};
    /** the file as it was, in the form compared (its values filled in), when no secret of it stands as a reference: what the written file is compared with */
    let formBefore: Record<string, unknown> | undefined;
    if (replaced && !req.namesFrom) {
      // compared as the file is in this environment: its ((values)) filled in, its secrets as their references (as `c` has them)
      const form = marked ? marksAsReferences(escapeLiteralReferences(marked)) : escapeLiteralReferences(shownTemplate(replaced.abs, replaced.value, conn.environment, { mask: false }));
      const w = withFileNames(c, form, req.channelId);
      if (w.names) named = w.names;
      // the message as the file writes it, its references (((cdn))/card.jpg) included: the copy compared had this
      // environment's values in their place, which written back would serve this environment alone
      const own = replaced.value.message;
      const message = own && typeof own === 'object' && !Array.isArray(own) ? own as Record<string, unknown> : w.message;
      kept = { ...(w.message && message ? { message } : {}), ...(w.category ? { category: w.category } : {}) };
      if (marked === undefined) formBefore = form;
      const since = { c, channelCopy, form, abs: replaced.abs, shown: path.relative(req.cwd, replaced.abs), secrets: marked !== undefined, channelId: req.channelId, publicId: r.publicId, environment: conn.environment, projectDir: config.dir, cwd: req.cwd, ...(config.file ? { configFile: config.file } : {}) };
      if (!w.kept) {
        const changed = await changedSince(since);
        named = changed.named;
        names = changed.names;
      } else if (differs(form, c, req.channelId, r.publicId)) {
        // the texts the same once numbered (the names kept), another field not (a footer, a button edited): which side moved and what is replaced, said too
        names = (await changedSince({ ...since, keepNames: true })).names;
      }
    }
    if (req.namesFrom) {
      const meta = req.namesFrom.get(`${name}\u0000${language}`);
      if (!meta) names = { missing: true };
      else {
        const w = withMetaNames(c, meta);
        named = w.names;
        if (w.mismatches.length) names = { mismatches: w.mismatches };
        else if (w.bySamples || w.byContext) names = { given: { ...(w.bySamples ? { bySamples: w.bySamples } : {}), ...(w.byContext ? { byContext: w.byContext } : {}) } };
      }
    }
    // a file without publicId has an id derived from channel, name and language in each
    // environment: pulled again, it stays without one (pinning this environment's id would make
    // the file another environment's template, and that environment's plan create a second one)
    // (a new file, a second one beside the file that holds the template included, adopts the id, unless it is the id
    // derived here: a template tplsync made; pinned, the file would be this environment's template in every other one, and
    // the next plan of each would create a second one)
    const overwritten = existing.find((e) => resolvePath(e.abs) === resolvePath(target));
    const derivedId = overwritten !== undefined ? typeof overwritten.value.publicId !== 'string' : r.publicId.toLowerCase() === templateId(req.channelId, name, language);
    const unpinned = derivedId && r.publicId.toLowerCase() !== templateId(req.channelId, name, language)
      ? { file: rel, derived: templateId(req.channelId, name, language) } : undefined;
    // then each value of the environment found in the channel's strings
    // (a plain value only where the file's own text at that place refers to it: a literal the file wrote stays literal)
    const fileCopy = replaced ? fromFile(replaced.value, req.channelId, r.publicId).canonical : undefined;
    // (and a URL sample the file writes as the placeholder's value alone stays so where it is the channel's sample: the
    // channel's whole one is this environment's host, the value serves every one)
    const referred = valuesAsReferences(c, conn.environment, io().env, fileCopy, learnedAll);
    const pulledValue = replaced ? urlSamplesInFileForm(referred, replaced.value) : referred;
    const fileOptions: Parameters<typeof toTemplateFile>[1] = {
      // the category the channel reports (it approved the template under it) wins, then the one the template's kind
      // requires (--category never overrides it: lint would refuse the file, as pull --from meta and --from twilio)
      // (one the environment's config accepts leaves the file's: the file serves the other environments too)
      channel: req.channel, category: keepFileCategory ? fileCategory : r.chatapp?.category ?? kindCategory(c) ?? req.category ?? kept.category ?? 'UTILITY', ...(r.chatapp?.category ? { categoryRead: true } : {}), // the modeline counted from the folder the file is written in (its own, a deleted file's written back, --dir)
      schemaPath: schemaModelinePath(config, path.dirname(target)),
      note: `Pulled from ${conn.environment.name} by tplsync ${toolVersion()} on ${new Date().toISOString().slice(0, 10)}.`,
      names: named, ...(derivedId ? { derivedId: true } : {}), ...(kept.message ? { message: kept.message } : {}),
      // a message changed on the channel: the read returns no samples, and the file's stay where its numbers still are
      ...(!kept.message && replaced && !req.namesFrom ? { messageSamples: fileMessageSamples(replaced.value, req.channelId, named.message) } : {}),
      // the record of what the file was translated from (translation-outdated reads it)
      ...(overwritten?.value.translated_from !== undefined ? { translatedFrom: overwritten.value.translated_from } : {}),
      // a FLOW button the file writes `flow_id: ...` stays in that form
      ...(replaced ? { flatFlows: flatFlowButtons(replaced.value) } : {}),
    };
    // in the canonical layout, so that `fmt --check` passes on a pulled file; over a file of the template, with its comments
    let before: string | undefined;
    if (overwritten) { try { before = readRegularFile(target, { max: MAX_FILE_BYTES, shown: target, what: 'a template file' }).toString('utf8'); } catch { before = undefined; } }
    const fileText = (options: typeof fileOptions): string => {
      const text = toTemplateFile(pulledValue, options);
      let file = formatTemplate(text).text || text;
      // a text the file writes with references that reads, filled in, as the channel has it stays as the file writes it
      // (((shop_host))-cart/{{1}}; and a literal https://... in the file stays literal where nothing changed)
      // (a secret stays a reference: it is not read, so its variable may be unset, as pull allows)
      const fill = (text: string): string => replaceReferences(text, (n) => { const d = conn.environment.values?.[n]; return d && 'text' in d ? lookupValue(conn.environment, n)?.value : undefined; });
      if (overwritten && before !== undefined) {
        // what a file says, to tell a key pull would add that says nothing more (its values filled in, as compared above)
        const meaning = (v: unknown): string | undefined => {
          try { return JSON.stringify(fromFile(escapeLiteralReferences(shownTemplate(target, v as Record<string, unknown>, conn.environment, { mask: false })), req.channelId, r.publicId).canonical); } catch { return undefined; }
        };
        const kept = keepComments(before, file, fill, meaning);
        if (kept !== file) file = formatTemplate(kept).text || kept;
        file = inFileForm(before, file);
        // the file's own text, each value the channel's copy changed edited at its place (its layout, order and quotes as
        // they were), where that reads as the file made above
        file = editedInPlace(before, file) ?? file;
      }
      return file;
    };
    let file = fileText(fileOptions);
    // a text the channel's copy replaced was not made from the source text the file's record names (the channel may hold an
    // older translation, not applied yet): its hash is written as unknown, so translation-outdated reports it until it is
    // translated again or confirmed (the record of a text pull left as it was stays true)
    const after = overwritten?.value.translated_from !== undefined ? recordAfterReplace(overwritten.value.translated_from, overwritten.value, parseYaml(file) as Record<string, unknown>) : undefined;
    if (after?.changed.length) file = fileText({ ...fileOptions, translatedFrom: after.record });
    const sourceUnknown = after?.changed.length ? { language: String((overwritten!.value.translated_from as Record<string, unknown>).language), fields: after.changed } : undefined;
    // a secret the file could not name (an earlier value beside other edits; a piece of the key): not
    // written, rather than written in clear or as [redacted] by the gate every write passes
    // (the lines tplsync itself writes, the schema's path on this machine and the note of the pull, are not the channel's:
    // a folder that shares 8 characters with the API key refused every template; they are written as they are)
    const ours = /^# (?:yaml-language-server: \$schema=|Pulled from ).*$/gm;
    const channelsText = file.replace(ours, '');
    if (unplaced.length || redact(channelsText) !== channelsText) {
      push({ id, kind: 'secret', file: rel, name, language, fields: unplaced, ...(replaced ? {} : { noFile: true }) });
      continue;
    }
    // over the text read (the file's comments and names were taken from it): an edit saved meanwhile is kept, and said
    // a new file (none there when pull looked, or a file of the template not read) is created exclusively: one
    // that appeared since (an editor, another program) is kept, and said "created while tplsync ran" (writeOver: as pull --from writes)
    req.beforeWrite?.(target);
    try { writeFileAtomic(target, file, { verbatim: true, ...writeOver(before, !overwritten && there) }); } catch (e) {
      if (!(e instanceof FileChanged)) throw e;
      push({ id, kind: 'changed', file: rel, name, language, ...(e instanceof FileCreated ? { created: true as const } : {}) });
      continue;
    }
    written.push(target);
    // the fields the channel's copy replaced, as the written file has them beside the file it replaced (its placeholder names kept,
    // a console reorder of {{country}} and {{date}} changed body.text alone, not body.examples: compared numbered, both would differ)
    if (names && 'fields' in names && formBefore) {
      const now = writtenFields(formBefore, file, target, conn.environment);
      if (now) names = { ...names, fields: now };
    }
    // a plain value the file referred to and the written file does not: said, never dropped in silence (its other environments would change)
    const lostReferences = replaced ? lostPlainReferences(replaced.value, parseYaml(file), conn.environment) : [];
    // the channel's category written over the file's: the other environments the file serves keep theirs on their channels
    const recategorised = fileCategory !== undefined && !keepFileCategory && r.chatapp?.category && r.chatapp.category !== fileCategory
      ? { was: fileCategory, now: r.chatapp.category, others: otherEnvironmentsServing(config, conn.environment.name, alias), key: categoryKey({ channel: alias, name }) } : undefined;
    push({ id, kind: 'written', file: rel, name, language, status: r.statusText, ...(elsewhere ? { alsoIn: elsewhere, alsoInLinted: inTemplateGlobs(config, target) } : {}), ...(lost && !('present' in lost && lost.present) && replacedFirst === lost ? { lostFile: { names: Object.keys(named).length > 0 || kept.message !== undefined, ...(namesAPlaceholder(lost.value) ? {} : { numbers: true }), ...(resolvePath(lost.abs) !== resolvePath(target) ? { gitPath: path.relative(req.cwd, lost.abs) } : {}) } } : {}), ...(names ? { names } : {}), ...(unpinned ? { unpinned } : {}), ...(lostReferences.length ? { lostReferences } : {}), ...(sourceUnknown ? { sourceUnknown } : {}),
      ...(recategorised ? { recategorised } : {}), ...(keepFileCategory ? { acceptedKept: { file: fileCategory, channel: accepted } } : {}), ...(placed ? { placed } : {}) });
  }
  // what was not read (a Ctrl-C, a read that failed) is said after what was written, each whole
  if (notRead + notWritten > 0 && req.signal?.aborted) throw stopped(notRead + notWritten, interruptedRead, notWritten);
  if (failure) throw written.length ? failedAfter(notRead, failure.error) : failure.error;
  // judged beside the project's files, as `tplsync lint` would (its variants, its duplicates)
  return lintWritten(config, written.map((abs) => ({ abs, file: path.relative(req.cwd, abs) || abs })), req.cwd, { forced: req.force });
}

/** the channel's alias in the environment (the --channel given, or the alias of the UUID given), as a folder is named for it */
function aliasOf(channel: string, environment: EnvironmentConfig): string {
  if (channel in environment.channels) return channel;
  return Object.entries(environment.channels).find(([, id]) => id.toLowerCase() === channel.toLowerCase())?.[0] ?? channel;
}

/** by code point: the same order on every machine (as the files are sorted) */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);


/**
 * A file pulled over that does not say what the channel says: which side moved, as the file's commits tell it (the
 * channel's copy is what a commit of the file says: the file moved since; what none says: the channel moved; no commit:
 * either), the fields the channel's copy replaces, and the names its placeholders keep where which number is which name is
 * certain (positional-names.ts, the rule of --names-from): the file's own, by its text or its samples; else those of the
 * commit that says what the channel says; else the file's by the words beside each placeholder (a console edit of the text
 * and a sample, trial-bq F3); else none (numbered, each part's reason said, with what to rename by hand).
 */
/**
 * The fields in which the written file says otherwise than the file it replaced, both as files (their placeholder names and
 * named samples as written, their values filled in; the record of the translation aside), or undefined when it cannot be
 * told. Compared numbered, a reorder of two named placeholders would move their samples too, though the file keeps them.
 */
function writtenFields(before: Record<string, unknown>, file: string, abs: string, environment: EnvironmentConfig): string[] | undefined {
  try {
    const after = escapeLiteralReferences(shownTemplate(abs, readTemplateValue(file), environment, { mask: false }));
    const out: string[] = [];
    const walk = (a: unknown, b: unknown, at: string): void => {
      if (JSON.stringify(a) === JSON.stringify(b)) return;
      const objA = a !== null && typeof a === 'object'; const objB = b !== null && typeof b === 'object';
      if (!objA || !objB || Array.isArray(a) !== Array.isArray(b)) { out.push(at); return; }
      if (Array.isArray(a) && Array.isArray(b)) { for (let i = 0; i < Math.max(a.length, b.length); i++) walk(a[i], b[i], `${at}[${i}]`); return; }
      const ra = a as Record<string, unknown>; const rb = b as Record<string, unknown>;
      for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) if (!(at === '' && k === 'translated_from')) walk(ra[k], rb[k], at ? `${at}.${k}` : k);
    };
    walk(before, after, '');
    return out;
  } catch { return undefined; }
}

/** whether the file (in the form compared) says otherwise than the channel's copy in a field a read shows */
function differs(form: Record<string, unknown>, c: CanonicalTemplate, channelId: string, publicId: string): boolean {
  try { return diffTemplates(fromFile(form, channelId, publicId).canonical, c).length > 0; } catch { return false; }
}

async function changedSince(o: { c: CanonicalTemplate; channelCopy: CanonicalTemplate; form: Record<string, unknown>; abs: string; shown: string; secrets: boolean; channelId: string; publicId: string; environment: EnvironmentConfig; projectDir: string; cwd: string;
  /** the config file: each committed version of the file is filled with the values it had at the same commit */
  configFile?: string;
  /** the file's names are kept already (its texts are the channel's once numbered): only which side moved, and what is replaced */
  keepNames?: boolean }): Promise<{ named: PlaceholderNames; names: ChangedNames }> {
  const canonicalOf = (v: Record<string, unknown>): CanonicalTemplate => fromFile(v, o.channelId, o.publicId).canonical;
  let fields: string[] = [];
  try { fields = [...new Set(diffTemplates(canonicalOf(o.form), o.c).map((f) => f.path))]; } catch { fields = []; }
  // a version of the file that says what the channel says (a file referring to secrets is not compared: its secrets' values are the channel's to tell)
  const valueOf = (text: string): Record<string, unknown> | undefined => { try { return readTemplateValue(text); } catch { return undefined; } };
  // (each version with the values of its own commit: a committed change of a value is the file's change, not the channel's)
  const shownForm = (v: Record<string, unknown>, environment = o.environment) => escapeLiteralReferences(shownTemplate(o.abs, v, environment, { mask: false }));
  const inSync = (text: string, environment?: EnvironmentConfig): boolean => {
    const v = valueOf(text);
    if (!v) return false;
    try { return diffTemplates(canonicalOf(shownForm(v, environment)), o.channelCopy).length === 0; } catch { return false; }
  };
  const history = o.secrets ? { versions: [], tracked: false, repository: false } : await committedVersions(o.abs, inSync, HISTORY_DEPTH, o.configFile ? { configFile: o.configFile, environment: o.environment } : undefined);
  const head = history.versions[0];
  const synced = history.versions.find((v) => inSync(v.text, v.environment));
  let working: string | undefined;
  try { working = readRegularFile(o.abs, { max: MAX_FILE_BYTES, shown: o.shown, what: 'a template file' }).toString('utf8'); } catch { working = undefined; }
  const uncommitted = head !== undefined && working !== undefined && head.text !== working;
  // the last commit says what the channel says with its own values: what differs now is the file (edited since, not
  // committed) or, its bytes those of the commit, a value of the config it refers to (changed since, not committed)
  const valueNames = synced && synced === head && head.environment ? changedValues(valueOf(working ?? head.text) ?? {}, head.environment, o.environment) : [];
  const cause: ChangedNames['cause'] = synced ? (synced !== head ? 'file-since' : working !== undefined && !uncommitted ? 'values' : 'file') : history.tracked ? 'channel' : 'unknown';
  // behind a linked folder: git here tracks the link, so `git diff` of the file's path cannot show what changed (said otherwise)
  const link = linkedFolderOf(o.abs, o.projectDir);
  const behindLink = link ? { link: path.relative(o.cwd, link) || link, real: path.relative(o.cwd, realTarget(o.abs)), tracked: history.tracked, ...(history.repository ? { repository: true } : {}) } : undefined;
  // the file's text the same since: a value it refers to changed (a commit of the config)
  const valuesSince = cause === 'file-since' && synced!.text === head!.text;
  const base: Omit<ChangedNames, 'numbered'> = { changed: o.shown, fields, cause, ...(synced ? { commit: synced.commit } : {}), ...(valuesSince ? { values: true } : {}), ...(valueNames.length && (cause === 'values' || cause === 'file') ? { valueNames } : {}), ...(uncommitted && cause !== 'file' ? { uncommitted: true } : {}), ...(behindLink ? { behindLink } : {}) };
  if (o.keepNames) return { named: {}, names: { ...base, numbered: false } };
  // numbered as the channel numbers them: a loss (and names to ask for) only where the file named its placeholders
  const placeholders = JSON.stringify(o.c).includes('{{') && namesAPlaceholder(o.form);
  // the file's own names, where its text or its samples say which number is which
  const byFile = withMetaNames(o.c, o.form, { numbered: 'the channel\'s copy', named: 'the file' });
  const named = Object.keys(byFile.names).length > 0;
  if (!byFile.mismatches.length && named && !byFile.byContext) return { named: byFile.names, names: { ...base, numbered: false, namedBy: byFile.bySamples ? 'samples' : 'text' } };
  // the commit that says what the channel says: its names are the channel's numbers' own (before the words beside the
  // placeholders: a local edit that renamed one, `{{destination}}` to `{{city}}`, is not what the channel holds)
  const fromCommit = synced ? valueOf(synced.text) : undefined;
  if (fromCommit) {
    const w = withFileNames(o.c, shownForm(fromCommit, synced!.environment), o.channelId);
    if (w.kept && w.names && Object.keys(w.names).length) return { named: w.names, names: { ...base, numbered: false, namedBy: 'commit' } };
  }
  // each placeholder where the file had its name, with the same words beside it (a console edit of the text and a sample)
  if (!byFile.mismatches.length && named) return { named: byFile.names, names: { ...base, numbered: false, namedBy: 'context', byContext: byFile.byContext!, ...(byFile.bySamples ? { bySamples: byFile.bySamples } : {}) } };
  const why = byFile.mismatches;
  return { named: {}, names: { ...base, numbered: placeholders, ...(why.length ? { why } : {}) } };
}

export { HISTORY_DEPTH };
