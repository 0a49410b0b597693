// Effects: from an environment of the config to a client: the embedded emulator (its state in
// the environment's `emulator` file, a throw-away key, one process at a time) or the real API
// with the key from the environment variable the config names.
import { interruptSignal } from '../core/interrupt.js';
import { escapesProject } from '../files/confine-write.js';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { EMULATOR_LOCK, takeLock, type LockOwner } from '../core/pid-lock.js';
import { secretFromEnv } from '../core/secret-env.js';
import { createClient, type Client, type RetryInfo } from '../api/client.js';
import { retryWaitLines } from '../api/retry.js';
import { UsageError } from '../core/errors.js';
import { oneTypoApart } from '../core/suggest.js';
import { ciNamesFromEnv } from '../core/ci-names.js';
import { addSecret } from '../core/redact.js';
import type { Config, EnvironmentConfig } from '../config/load.js';
import { selectEnvironment } from '../config/load.js';
import { io, resolvePath } from '../core/io.js';
import { makeDirs } from '../core/dirs.js';

export interface Connection {
  client: Client;
  environment: EnvironmentConfig;
  /** where the templates go, for messages and saved plans (never holds a key) */
  target: string;
  /**
   * `target` as a run in folder `dir` names it (an embedded emulator's file is named relative to
   * the working folder): what a saved plan made in `dir` recorded, if it was made against this
   */
  targetFrom(dir: string): string;
  /** requests in flight at once */
  parallelism: number;
  close(): Promise<void>;
}

/** an embedded emulator as a target: its state file, relative to `dir` */
const embeddedTarget = (dataFile: string, dir: string): string => `embedded emulator (${path.relative(dir, dataFile) || dataFile})`;

export interface ConnectOptions {
  env?: string;
  parallelism?: number;
  allowInsecureHttp?: boolean;
  timeoutMs?: number;
  retries?: number;
  onRetry?: (r: RetryInfo) => void;
  /** say every retry on stderr, not only the long waits (a person watching one request: send on a terminal, or --verbose) */
  sayRetries?: boolean;
}

/** --debug (or TPLSYNC_DEBUG=1): one line per HTTP attempt on stderr, never a header */
function debugLog(): ((line: string) => void) | undefined {
  const on = io().args.includes('--debug') || (io().env.TPLSYNC_DEBUG ?? '') !== '' && io().env.TPLSYNC_DEBUG !== '0';
  return on ? (line: string) => io().stderr.write(`tplsync: http ${line}\n`) : undefined;
}

export async function connect(config: Config, o: ConnectOptions = {}): Promise<Connection> {
  const environment = selectEnvironment(config, o.env);
  const log = debugLog();
  const common = {
    concurrency: o.parallelism ?? 8,
    channels: environment.channels,
    ...(log ? { log } : {}),
    ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
    ...((o.retries ?? environment.retries) !== undefined ? { retries: o.retries ?? environment.retries } : {}),
    // a wait before a retry of more than a few seconds is said (a rate limit's Retry-After: a silent CI log looks hung)
    // (one line for the requests rate-limited together: those that begin waiting while a said wait runs are counted in the next line)
    onRetry: o.onRetry ?? retryWaitLines(() => Date.now(), (line) => io().stderr.write(`tplsync: ${line}\n`), { every: o.sayRetries === true }),
    ...(environment.notFoundStatuses ? { notFoundStatuses: [...environment.notFoundStatuses] } : {}),
    // Ctrl-C or SIGTERM: what is in flight finishes, and no request is tried again (a retry is a new request)
    stopSignal: interruptSignal(),
    // what a message advises checking: the config's words, not the library's ("the client's baseUrl")
    baseUrlSource: "the environment's baseUrl",
  };
  if (environment.emulator) {
    const dataFile = environment.emulator;
    // the embedded emulator's state is the project's file: never written out of it (a path of the config's, or a linked .tplsync)
    const out = escapesProject(config.dir, dataFile);
    if (out !== undefined) throw new UsageError(`environments.${environment.name}.emulator: the emulator's state would be written to ${out}, outside the project's folder (${config.dir})${out !== resolvePath(dataFile) ? ', through a linked folder' : ''}; tplsync writes only under the config's folder: name a file there (e.g. .tplsync/emulator.json)`);
    const shared = await embeddedEmulator(dataFile, environment.name);
    const client = createClient({ baseUrl: shared.url, apiKey: shared.key, ...common });
    let closed = false;
    return {
      client, environment, parallelism: common.concurrency, target: embeddedTarget(dataFile, io().cwd()), targetFrom: (dir) => embeddedTarget(dataFile, dir),
      async close() { if (!closed) { closed = true; await shared.close(); } },
    };
  }
  if (!environment.baseUrl) throw new UsageError(`Environment '${environment.name}' has neither baseUrl nor emulator`);
  const apiKey = secretFromEnv(environment.apiKeyEnv);
  addSecret(apiKey);
  // a name unlike a variable's (lower-case letters: `sk_live_51Hx…`) may be the key itself, pasted where its
  // variable's name goes: never printed, and masked wherever else it would show
  const named = VARIABLE_NAME.test(environment.apiKeyEnv);
  if (!named) addSecret(environment.apiKeyEnv);
  if (!apiKey) {
    throw new UsageError(named
      ? `Set the API key of environment '${environment.name}' in the environment variable ${environment.apiKeyEnv}${nearVariableHint(environment.name, environment.apiKeyEnv)}${inWorkflowHint(environment.name, environment.apiKeyEnv)}`
      : `Set the API key of environment '${environment.name}' in the environment variable its apiKeyEnv names: none of that name is set. The name is not shown, since it does not look like a variable's name (capitals, digits and _): if apiKeyEnv holds the key itself, put the key in a variable, name that variable in apiKeyEnv, and revoke the key, which is in the config file`);
  }
  const keySource = named ? keySourceWords(environment.name, environment.apiKeyEnv) : `the key is the variable that apiKeyEnv of environment '${environment.name}' names`;
  const client = createClient({ baseUrl: environment.baseUrl, apiKey, allowInsecureHttp: environment.allowInsecureHttp || Boolean(o.allowInsecureHttp), keySource, ...common });
  return { client, environment, parallelism: common.concurrency, target: client.baseUrl, targetFrom: () => client.baseUrl, async close() {} };
}

/**
 * Where the key tplsync reads as `apiKeyEnv` comes from in GitHub Actions, when the workflows init
 * writes hand it over under that very name (the tplsync action, README "CI recipe"): the secret they
 * read it from, the one to add when the key is missing and to correct when the API refuses it. That
 * is TPLSYNC_<ENV>_API_KEY, the environment's name in capitals, when the config's apiKeyEnv is that
 * name; a folder's workflows (the action's name-suffix, TPLSYNC_NAME_SUFFIX) read the folder's own
 * TPLSYNC_<SUFFIX>_<ENV>_API_KEY and still hand it over as TPLSYNC_<ENV>_API_KEY; or the secret the
 * repository variable TPLSYNC_API_KEY_ENV(_<SUFFIX>) names (the action's API_KEY_ENV), when that is
 * apiKeyEnv. Undefined outside GitHub Actions, and when the workflows hand it over under another name.
 */
function workflowKeySecret(env: string, apiKeyEnv: string): { secret: string; namedBy?: string } | undefined {
  const vars = io().env;
  if (vars.GITHUB_ACTIONS !== 'true') return undefined;
  const names = ciNamesFromEnv(vars);
  if (vars.API_KEY_ENV) return vars.API_KEY_ENV === apiKeyEnv ? { secret: apiKeyEnv, namedBy: `the repository variable ${names.keyVariable}` } : undefined;
  const secret = names.secret(env);
  const delivered = `TPLSYNC_${env.toUpperCase()}_API_KEY`;
  return delivered === apiKeyEnv && VARIABLE_NAME.test(secret) ? { secret } : undefined;
}

/**
 * A key refused by the API (exit 6), or one a header cannot carry: which key it is, to correct. In
 * GitHub Actions, the secret the workflows read it from (workflowKeySecret), not only the variable
 * the action set, which nobody can look at (in a folder's workflows not even the secret's name).
 */
function keySourceWords(env: string, apiKeyEnv: string): string {
  const from = workflowKeySecret(env, apiKeyEnv);
  const variable = `the variable ${apiKeyEnv} of environment '${env}'`;
  if (!from) return `the key is ${variable}`;
  return `the key is the secret ${from.secret}${from.namedBy ? ` (${from.namedBy} names it)` : ''}, of the repository or of the GitHub environment '${env}' for the apply job, which the workflow hands tplsync as ${variable}`;
}

/**
 * In GitHub Actions, where the workflows init writes hand the key over (the tplsync action, README
 * "CI recipe"): under TPLSYNC_<ENV>_API_KEY, the environment's name in capitals, unless the
 * repository variable TPLSYNC_API_KEY_ENV names another. When the config's apiKeyEnv is another
 * name, setting a secret of that name changes nothing: both fixes are said (names only, never a
 * value). Empty outside GitHub Actions, and when the names agree (then the secret is missing: the
 * one workflowKeySecret names, as a refused key's message does).
 * The workflows of a project in a folder read names of the folder's own (the action's name-suffix,
 * TPLSYNC_NAME_SUFFIX: the secret TPLSYNC_<SUFFIX>_<ENV>_API_KEY, the variable TPLSYNC_API_KEY_ENV_<SUFFIX>),
 * and the key still reaches tplsync as TPLSYNC_<ENV>_API_KEY: those are said.
 */
function inWorkflowHint(env: string, apiKeyEnv: string): string {
  const vars = io().env;
  if (vars.GITHUB_ACTIONS !== 'true') return '';
  const names = ciNamesFromEnv(vars);
  const variable = `the repository variable ${names.keyVariable}`;
  const delivered = `TPLSYNC_${env.toUpperCase()}_API_KEY`;
  const secret = names.secret(env);
  const found = workflowKeySecret(env, apiKeyEnv);
  if (found?.namedBy) return `. In GitHub Actions the workflows look up the secret ${found.secret} (${found.namedBy} names it), and none was delivered: add the secret ${found.secret} (to the repository, or to the GitHub environment '${env}' for the apply job)`;
  if (found) return `. In GitHub Actions the workflows read it from the secret ${found.secret} (of the repository, or of the GitHub environment '${env}' for the apply job): add that secret${names.suffix ? ` (this folder's workflows never read the repository's ${delivered})` : ''}`;
  // the repository variable TPLSYNC_API_KEY_ENV, as the tplsync action hands it over, names another than apiKeyEnv
  const named = vars.API_KEY_ENV;
  if (named) return `. In GitHub Actions ${variable} names ${named}, while the config's apiKeyEnv of '${env}' is ${apiKeyEnv}: set the variable to ${apiKeyEnv} and keep the key in a secret named ${apiKeyEnv} (README: CI recipe)`;
  // an environment named so that TPLSYNC_<ENV>_API_KEY is no secret's name (staging-eu): the variable is the only way
  if (!VARIABLE_NAME.test(secret) || !VARIABLE_NAME.test(delivered)) return `. In GitHub Actions the workflows cannot hand the key of environment '${env}' over by its name (${VARIABLE_NAME.test(secret) ? delivered : secret} is no name a secret may have): set ${variable} to ${apiKeyEnv} and keep the key in a secret named ${apiKeyEnv} (README: CI recipe)`;
  const from = secret === delivered ? '' : ` (from the secret ${secret})`;
  const got = vars[delivered] ? `the workflow handed a key over as ${delivered}${from}, the name the tplsync action gives the key of environment '${env}'` : `the workflows hand the key of environment '${env}' over as ${delivered}${from || ' (the secret of that name)'}, unless ${variable} names another`;
  return `. In GitHub Actions, ${got}, while the config's apiKeyEnv of '${env}' is ${apiKeyEnv}: either set apiKeyEnv: ${delivered} in the config (and keep the secret ${secret}), or set ${variable} to ${apiKeyEnv} and keep the key in a secret named ${apiKeyEnv} (README: CI recipe). A secret named ${apiKeyEnv} alone changes nothing: the workflows look up ${secret}`;
}

/**
 * The variables that are set (not empty) one typo away from the name apiKeyEnv gives (`TRIAL_DEV_KYE`
 * while `TRIAL_DEV_KEY` is set): said by name as the did-you-mean the config's keys get. Only names
 * are read and said, never a value; empty when there is none.
 */
function nearVariableHint(env: string, apiKeyEnv: string): string {
  const vars = io().env;
  const near = Object.keys(vars).filter((k) => k !== apiKeyEnv && (vars[k] ?? '') !== '' && oneTypoApart(k, apiKeyEnv)).sort();
  if (!near.length || near.length > 3) return '';
  const names = near.join(' or ');
  return `: none of that name is set, but ${names} ${near.length === 1 ? 'is' : 'are'} (did you mean ${names}? Then correct apiKeyEnv of environment '${env}' in the config, or the variable's name)`;
}

/** an environment variable's name as shells and CI systems write them */
const VARIABLE_NAME = /^[A-Z_][A-Z0-9_]*$/;

/**
 * The embedded emulators this process runs, by state file: two environments of one run that keep
 * their state in the same file (promote from staging to production, both in one emulator file)
 * share one emulator, rather than the second waiting on the first's lock for ever. Each user
 * closes its share; the last one stops the emulator and releases the lock.
 */
const running = new Map<string, { users: number; ready: Promise<{ url: string; key: string; stop: () => Promise<void> }> }>();

async function embeddedEmulator(dataFile: string, envName: string): Promise<{ url: string; key: string; close: () => Promise<void> }> {
  const id = resolvePath(dataFile);
  let entry = running.get(id);
  if (!entry) {
    const ready = (async () => {
      makeDirs(path.dirname(dataFile));
      const release = lock(`${dataFile}.lock`, envName);
      try {
        const { startEmulator } = await import('../emulator/server.js');
        // one key per state file, so that what one run sends, the next run may read the status of
        // (message ids belong to the key that sent them); the emulator is local, the key guards nothing
        const key = createHash('sha256').update(`tplsync embedded emulator\0${id}`).digest('base64url');
        addSecret(key);
        // (on the lock taken above: the emulator takes it no second time, which would open a window for another process)
        const emu = await startEmulator({ keys: [key], dataFile, dataFileLocked: true, reviewDelayMs: 0, statusDelayMs: 0 });
        // a cut last line dropped (and kept beside the file) is said; an empty file is what a run that wrote nothing leaves, not news
        for (const n of emu.dataFileNotes) if (n.kind === 'cut') io().stderr.write(`tplsync: ${n.message}\n`);
        return { url: emu.url, key, stop: async () => { try { await emu.close(); } finally { release(); } } };
      } catch (e) { release(); throw e; }
    })();
    entry = { users: 0, ready };
    running.set(id, entry);
  }
  // counted before waiting: a user closing meanwhile does not stop the emulator under this one
  const mine = entry;
  mine.users++;
  let emu: Awaited<typeof mine.ready>;
  try { emu = await mine.ready; } catch (e) {
    if (--mine.users === 0 && running.get(id) === mine) running.delete(id);
    throw e;
  }
  return {
    url: emu.url, key: emu.key,
    async close() {
      if (--mine.users > 0) return;
      if (running.get(id) === mine) running.delete(id);
      await emu.stop();
    },
  };
}

/** An exclusive lock file with our pid; a lock left by a process that is gone (its pid reused since too) is taken over. */
function lock(file: string, envName: string): () => void {
  const got = takeLock(file, EMULATOR_LOCK.embedded);
  if ('release' in got) return got.release;
  throw new UsageError(lockHeldMessage(got.owner, file, envName));
}

/**
 * Pure: why environment `envName` cannot start its embedded emulator, from what the lock records
 * of its holder. A standalone `tplsync emulator` on the same data file serves it until stopped:
 * waiting for it is no advice, nor is removing the lock of a running process; the user stops it,
 * points the environment at it (baseUrl), or gives it a data file of its own. A tplsync run's
 * embedded emulator ends with its run.
 */
function lockHeldMessage(owner: LockOwner, file: string, envName: string): string {
  const pid = owner.pid ? `pid ${owner.pid}` : 'a process';
  const data = path.basename(file, '.lock');
  if (owner.what === EMULATOR_LOCK.standalone) {
    return `The embedded emulator of environment '${envName}' keeps its state in ${data}, which a standalone \`tplsync emulator\` (${pid}) is serving until it is stopped (its lock is ${file}). Stop that emulator (Ctrl-C) or start it with a --data file of its own; or use it: in environment '${envName}', replace \`emulator:\` with \`baseUrl:\` and the URL it printed ("listening on ..."), its key in the variable \`apiKeyEnv\` names (default TPLSYNC_API_KEY)`;
  }
  return `Another tplsync (${pid}) is using the embedded emulator ${data}; wait for it to finish (its lock is ${file}: if no tplsync is running, remove that file)`;
}

