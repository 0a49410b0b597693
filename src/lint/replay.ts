// Effects: a kept lint given again by the bin without loading the command line. A `lint --cache`
// whose report was kept (run-summary.ts: the rendered report beside the run) records beside that
// report everything the run's output came from: the arguments, the working directory, the
// environment, whether stdout and stderr are terminals, Node's version, tplsync's code
// (fingerprint.ts), the config file (its path and stat), the repository root, every template
// file's path and stat, and what the run wrote (stderr's lines, the report, to stdout or to
// --output) with its exit code. The bin (bin/tplsync.cjs) first loads this module alone
// (dist/bundle/lint-replay.cjs, a few kilobytes beside the command line's 1.5 MB): when every one
// of those inputs is what it was and the report still holds (its `until`), it writes the same
// output and exits with the same code; anything else, and it steps aside for the command line.
// The files it found and stat'ed are then handed to the command line's run (takeScan), so a run
// with a file changed does not look at the files twice. The record is made only by a run that
// found its config by name in the working directory (or was given --config), whose files all
// had a stat older than RACY_MS, and whose output holds no secret; a run with paths, --fix,
// --env or --debug neither records nor replays (their output depends on more than this records).
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { configsIn, SEARCH_PLACES } from '../core/search-places.js';
import { discoverFiles, type FileEntry } from '../files/discover.js';
import { anyRefused } from '../files/refusals.js';
import { caseVariantFolders } from '../files/path-case.js';
import { io } from '../core/io.js';
import { refuseProtectedOutput } from '../files/output-target.js';
import { outputPlace } from '../files/output-file.js';
import { repositoryRoot } from '../files/repository-root.js';
import { writeFileAtomic } from '../files/write.js';
import { rulesFingerprint } from './fingerprint.js';
import { holds, RACY_MS, sameStat, statFiles, statNumbers, type FileStat } from './run-summary.js';
import { MAX_DATA_FILE_BYTES, readRegularFile } from '../core/read-regular.js';

/** what a run wrote, in order: a line of stderr, or its report (to `output`, else to stdout) */
export type ReplayWrite = readonly ['stderr', string] | readonly ['report'];

export interface ReplayRecord {
  v: 1;
  argv: string[];
  cwd: string;
  node: string;
  /** the environment's hash (envKey) */
  env: string;
  /** stdout's and stderr's isTTY */
  tty: [boolean, boolean];
  /** tplsync's code and schema (rulesFingerprint) */
  code: string;
  config: string;
  configStat: FileStat;
  dir: string;
  templates: string[];
  root: string;
  cacheFile: string;
  /** the template files' paths and stats (filesKey) */
  files: string;
  /** the report's file (--output), absolute; absent: stdout */
  output?: string;
  /** the report's length in bytes (UTF-8) */
  bytes: number;
  writes: ReplayWrite[];
  exit: number;
}

/** variables a shell changes between two commands without the command reading them */
const VOLATILE = new Set(['_', 'OLDPWD']);

/** the hash of the environment's variables (every one a run might read: colours, secrets, GitHub's) */
export function envKey(env: NodeJS.ProcessEnv): string {
  const h = createHash('sha256');
  for (const k of Object.keys(env).sort()) if (!VOLATILE.has(k) && env[k] !== undefined) h.update(`${k}\0${env[k]}\0`);
  return h.digest('hex');
}

/** the hash of the files' absolute paths and stats; undefined when one has no stat */
export function filesKey(abs: readonly string[], stats: readonly (FileStat | undefined)[]): string | undefined {
  const numbers = statNumbers(stats);
  // a path cannot hold a NUL, so the paths cannot run into each other
  return numbers && createHash('sha256').update(abs.join('\0')).update(numbers).digest('hex');
}

/** the value of option `name` on the command line (`--name V` or `--name=V`), if given once */
function optionValue(args: readonly string[], name: string): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    let v: string | undefined;
    if (a === name) v = args[i + 1];
    else if (a.startsWith(`${name}=`)) v = a.slice(name.length + 1);
    else continue;
    if (v === undefined || found !== undefined) return undefined;
    found = v;
  }
  return found;
}

/** the config a run of `args` in `cwd` reads when it is named or lies in `cwd` (else undefined: found further up, or none) */
export function configOf(args: readonly string[], cwd: string): string | undefined {
  const named = optionValue(args, '--config');
  if (named !== undefined) return path.resolve(cwd, named);
  // two configs in the folder: the command line refuses them (config/load.ts), a kept run is never given again
  if (configsIn(cwd).length > 1) return undefined;
  for (const name of SEARCH_PLACES) {
    const p = path.join(cwd, name);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/** where a run of `args` keeps its lint cache (lint.ts: --cache-location, else .tplsync/lint-cache.json beside the config) */
export function cacheFileOf(args: readonly string[], cwd: string, config: string): string {
  return path.resolve(cwd, optionValue(args, '--cache-location') ?? path.join(path.dirname(config), '.tplsync', 'lint-cache.json'));
}

function statOf(file: string): FileStat | undefined {
  const st = statSync(file, { throwIfNoEntry: false });
  return st ? { size: st.size, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino } : undefined;
}

/** What a run of lint (lint.ts) knows when it has rendered or reused a kept report. */
export interface ReplayInput {
  args: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  tty: [boolean, boolean];
  config: { file?: string; dir: string; templates: readonly string[] };
  root: string;
  cacheFile: string;
  abs: readonly string[];
  stats: readonly (FileStat | undefined)[];
  output?: string;
  /** the report as written */
  text: string;
  writes: ReplayWrite[];
  exit: number;
  now: number;
}

/** The record of a run, or undefined when the bin could not check its inputs (see the top of this file). */
export function replayRecord(i: ReplayInput): ReplayRecord | undefined {
  const file = i.config.file;
  if (!file || configOf(i.args, i.cwd) !== file || cacheFileOf(i.args, i.cwd, file) !== i.cacheFile) return undefined;
  const configStat = statOf(file);
  const files = filesKey(i.abs, i.stats);
  // an mtime this recent cannot prove a file unchanged at the next run (run-summary.ts: RACY_MS)
  if (!configStat || configStat.mtimeMs >= i.now - RACY_MS || !files || i.stats.some((st) => !st || st.mtimeMs >= i.now - RACY_MS)) return undefined;
  return {
    v: 1, argv: [...i.args], cwd: i.cwd, node: process.version, env: envKey(i.env), tty: i.tty, code: rulesFingerprint(),
    config: file, configStat, dir: i.config.dir, templates: [...i.config.templates], root: i.root, cacheFile: i.cacheFile,
    files, ...(i.output !== undefined ? { output: i.output } : {}), bytes: Buffer.byteLength(i.text), writes: i.writes, exit: i.exit,
  };
}

/** The files and stats the bin's replay found, for the command line's run in the same process (lint/run.ts). */
export interface Scan { cwd: string; config: string; dir: string; templates: readonly string[]; files: FileEntry[]; stats: (FileStat | undefined)[] }
const SCAN = Symbol.for('tplsync.lint-scan');
type WithScan = { [SCAN]?: Scan };

/** The scan the replay handed over, once, when it is of this run's project (the same folder, config and globs). */
export function takeScan(cwd: string, config: { file?: string; dir: string; templates: readonly string[] }): Scan | undefined {
  const s = (globalThis as WithScan)[SCAN];
  if (!s) return undefined;
  delete (globalThis as WithScan)[SCAN];
  return s.cwd === cwd && s.config === config.file && s.dir === config.dir && s.templates.length === config.templates.length && s.templates.every((t, i) => t === config.templates[i]) ? s : undefined;
}

const isRecord = (r: unknown): r is ReplayRecord => {
  const x = r as ReplayRecord | undefined;
  return Boolean(x) && typeof x === 'object' && x!.v === 1 && Array.isArray(x!.argv) && Array.isArray(x!.writes) && Array.isArray(x!.templates) && Array.isArray(x!.tty)
    && typeof x!.exit === 'number' && typeof x!.bytes === 'number' && typeof x!.files === 'string' && typeof x!.configStat === 'object' && x!.configStat !== null;
};

/** What the replay reads of its process and writes to (the process's own, or a test's). */
export interface ReplayProcess {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: { isTTY?: boolean; write(chunk: Uint8Array | string): unknown };
  stderr: { isTTY?: boolean; write(chunk: string): unknown };
  /** the clock (ms since the epoch) a report's `until` is judged by */
  now: number;
}

/** the bin's: the process's own (core/io.ts) */
const theProcess = (): ReplayProcess => ({ cwd: io().cwd(), env: io().env, stdout: io().stdout, stderr: io().stderr, now: Date.now() });

/** A kept report's file read as bytes: its header, and where the report's bytes start. */
function readKept(file: string): { head: Record<string, unknown>; bytes: Buffer; at: number } | undefined {
  let bytes: Buffer;
  try { bytes = readRegularFile(file, { max: MAX_DATA_FILE_BYTES, shown: file, what: 'a lint cache' }); } catch { return undefined; } // a FIFO or a device: none kept
  const nl = bytes.indexOf(10);
  if (nl < 0) return undefined;
  try {
    const head = JSON.parse(bytes.toString('utf8', 0, nl)) as unknown;
    return head && typeof head === 'object' && !Array.isArray(head) ? { head: head as Record<string, unknown>, bytes, at: nl + 1 } : undefined;
  } catch { return undefined; }
}

/**
 * The bin's first step for `lint --cache`: the kept run's output written again and its exit code,
 * when every input it was made from is what it was; undefined (nothing written) otherwise.
 */
export async function replayLint(args: readonly string[], p: ReplayProcess = theProcess()): Promise<number | undefined> {
  const { cwd, env } = p;
  const config = configOf(args, cwd);
  if (!config) return undefined;
  const cacheFile = cacheFileOf(args, cwd, config);
  const kept = readKept(`${cacheFile}.run.json.out`);
  const r = kept?.head.replay;
  if (!kept || !isRecord(r) || !holds(kept.head.until, p.now) || kept.bytes.length - kept.at !== r.bytes) return undefined;
  if (r.cwd !== cwd || r.config !== config || r.cacheFile !== cacheFile || r.node !== process.version
    || r.argv.length !== args.length || r.argv.some((a, i) => a !== args[i])
    || r.tty[0] !== Boolean(p.stdout.isTTY) || r.tty[1] !== Boolean(p.stderr.isTTY)
    || r.env !== envKey(env) || r.code !== rulesFingerprint()) return undefined;
  const st = statOf(config);
  if (!st || !sameStat(st, r.configStat) || repositoryRoot(r.dir, env) !== r.root) return undefined;
  // a folder beside a glob's in other letters (files/path-case.ts) is warned of by the run, and may have come since the record
  if (caseVariantFolders({ dir: r.dir, templates: r.templates }).length) return undefined;
  const files = await discoverFiles({ dir: r.dir, templates: r.templates, file: config }, [], cwd);
  const abs = files.map((f) => f.abs);
  if (anyRefused(abs)) return undefined;
  const stats = statFiles(abs);
  if (filesKey(abs, stats) !== r.files) {
    (globalThis as WithScan)[SCAN] = { cwd, config, dir: r.dir, templates: r.templates, files, stats };
    return undefined;
  }
  const report = kept.bytes.subarray(kept.at);
  // the report's file first: a failure there leaves nothing written, and the command line reports it
  // (a device or a named pipe, written in place, is the command line's: a pipe may wait for its reader, and only the
  // command line's signal handling ends that wait as Ctrl-C and SIGTERM should)
  if (r.output !== undefined) {
    try {
      refuseProtectedOutput('the output file', r.output);
      if (outputPlace(r.output) !== 'file') return undefined;
      writeFileAtomic(r.output, report);
    } catch { return undefined; }
  }
  for (const w of r.writes) {
    if (w[0] === 'stderr') p.stderr.write(w[1]);
    else if (r.output === undefined) p.stdout.write(report);
  }
  return r.exit;
}
