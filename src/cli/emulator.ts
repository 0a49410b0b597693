// `tplsync emulator`: the local emulator as a process. First line: `listening on URL`; second
// line: `control token: TOKEN` (for /_emulator/faults, clock and state).
import { UsageError } from '../core/errors.js';
import { parseDuration, parseNumberOption, PORT_RULE, type DurationRule, type NumberRule } from '../core/number-option.js';
import { jsonDepthProblem } from '../core/json-depth.js';
import { checkFaults, FAULT_LIMITS, faultRule, type FaultSettings, type Operation } from '../emulator/faults.js';
import { JournalError } from '../emulator/journal.js';
import { parseCreateQuota } from '../emulator/quota.js';
import { startEmulator, type KeySpec } from '../emulator/server.js';
import { keysFileProblem } from '../emulator/auth.js';
import { jsonErrorPosition } from '../core/json-position.js';
import { io, resolvePath } from '../core/io.js';
import { readRegularText } from '../core/read-regular.js';
import { MAX_FILE_BYTES } from '../files/limits.js';

export interface EmulatorCommandOptions {
  port: string;
  host: string;
  data?: string;
  key?: string[];
  keysFile?: string;
  reviewDelay: string;
  statusDelay: string;
  editLimits?: string;
  seed?: string;
  latency?: string;
  jitter?: string;
  errorRate?: string;
  rateLimitRate?: string;
  retryAfter?: string;
  resetRate?: string;
  hangRate?: string;
  truncateRate?: string;
  nonJsonRate?: string;
  lostResponseRate?: string;
  failedSendRate?: string;
  faultOperations?: string;
  createQuota?: string;
  controlToken?: string;
  headersTimeout?: string;
  requestTimeout?: string;
  verbose?: boolean;
}

/** The milliseconds of a duration flag (a bare number is ms, as its help says; or 2s, 1m: the one parser of every command's durations). */
function ms(name: string, v: string | undefined, rule: DurationRule = {}): number | undefined {
  return v === undefined ? undefined : parseDuration(v, `--${name}`, { unit: 'ms', ...rule });
}

/** The value of a numeric flag, checked against its rule (said with the rule whatever is wrong: no number, or one out of range). */
function num(name: string, v: string | undefined, rule: NumberRule = { min: 0 }): number | undefined {
  return v === undefined ? undefined : parseNumberOption(`--${name}`, v, rule);
}

function readKeys(o: EmulatorCommandOptions): (string | KeySpec)[] {
  const keys: (string | KeySpec)[] = [...(o.key ?? [])];
  if (o.keysFile) {
    let parsed: unknown;
    const text = readRegularText(resolvePath(o.keysFile), { max: MAX_FILE_BYTES, shown: `--keys-file ${o.keysFile}`, what: 'the keys file' });
    const expected = 'expected a JSON list of {"key": "...", "channels": ["<uuid>", ...], "readOnlyChannels": ["<uuid>", ...], "messageStatus": true}';
    // JSON.parse's own message quotes the text around the error: part of a key. Said by line and column only
    try { parsed = JSON.parse(text); } catch {
      const at = jsonErrorPosition(text);
      throw new UsageError(`--keys-file ${o.keysFile}${at ? `:${at.line}:${at.column}` : ''}: not valid JSON${at ? ` at line ${at.line}, column ${at.column}` : ''} (the file's text is not shown: it holds keys); ${expected}`);
    }
    const wrong = jsonDepthProblem(parsed) ?? keysFileProblem(parsed);
    if (wrong) throw new UsageError(`--keys-file ${o.keysFile}: ${wrong}; ${expected}`);
    keys.push(...(parsed as KeySpec[]));
  }
  const envKey = io().env.TPLSYNC_API_KEY;
  if (keys.length === 0 && envKey) keys.push(envKey);
  if (keys.length === 0) throw new UsageError('The emulator needs an API key to accept: --key KEY (repeatable), --keys-file FILE, or TPLSYNC_API_KEY in the environment');
  return keys;
}

function timeouts(o: EmulatorCommandOptions): { headersTimeoutMs?: number; requestTimeoutMs?: number } {
  const out: { headersTimeoutMs?: number; requestTimeoutMs?: number } = {};
  for (const [flag, v, k] of [['headers-timeout', o.headersTimeout, 'headersTimeoutMs'], ['request-timeout', o.requestTimeout, 'requestTimeoutMs']] as const) {
    const n = ms(flag, v, { minMs: 1, maxMs: 3_600_000 });
    if (n !== undefined) out[k] = n;
  }
  if (out.headersTimeoutMs !== undefined && out.requestTimeoutMs !== undefined && out.requestTimeoutMs < out.headersTimeoutMs) {
    throw new UsageError('--request-timeout must be at least --headers-timeout');
  }
  return out;
}

/** each fault setting's flag */
const FLAG_OF: Record<string, string> = {
  seed: '--seed', latencyMs: '--latency', jitterMs: '--jitter', errorRate: '--error-rate', rateLimitRate: '--rate-limit-rate', retryAfterSec: '--retry-after',
  resetRate: '--reset-rate', hangRate: '--hang-rate', truncateRate: '--truncate-rate', nonJsonRate: '--non-json-rate', lostResponseRate: '--lost-response-rate', failedSendRate: '--failed-send-rate', operations: '--fault-operations',
};

export async function emulatorCommand(o: EmulatorCommandOptions): Promise<number> {
  // an empty --host ("$UNSET_VAR") would listen on every interface: the emulator takes any key's requests
  if (o.host.trim() === '') throw new UsageError('--host is empty: name the address to listen on (127.0.0.1 by default; 0.0.0.0 for every interface, on purpose)');
  const port = num('port', o.port, PORT_RULE)!;
  const faults: FaultSettings = {};
  // each fault setting with its rule (the emulator's own, as its control endpoint checks them)
  const set = (k: keyof FaultSettings, flag: string, v: string | undefined) => { const n = num(flag, v, faultRule(k)); if (n !== undefined) (faults as Record<string, number>)[k] = n; };
  // the durations: a bare number in the flag's unit (ms; the Retry-After in seconds), or 2s, 1m
  const latency = ms('latency', o.latency, { maxMs: FAULT_LIMITS.latencyMs });
  const jitter = ms('jitter', o.jitter, { maxMs: FAULT_LIMITS.jitterMs });
  const retryAfter = o.retryAfter === undefined ? undefined : parseDuration(o.retryAfter, '--retry-after', { unit: 's', maxMs: FAULT_LIMITS.retryAfterSec * 1000, stepMs: 1000 }) / 1000;
  set('seed', 'seed', o.seed);
  if (latency !== undefined) faults.latencyMs = latency;
  if (jitter !== undefined) faults.jitterMs = jitter;
  if (retryAfter !== undefined) faults.retryAfterSec = retryAfter;
  set('errorRate', 'error-rate', o.errorRate); set('rateLimitRate', 'rate-limit-rate', o.rateLimitRate);
  set('resetRate', 'reset-rate', o.resetRate); set('hangRate', 'hang-rate', o.hangRate); set('truncateRate', 'truncate-rate', o.truncateRate);
  set('nonJsonRate', 'non-json-rate', o.nonJsonRate); set('lostResponseRate', 'lost-response-rate', o.lostResponseRate);
  set('failedSendRate', 'failed-send-rate', o.failedSendRate);
  // (an empty --fault-operations '' names no operation: refused, as the control endpoint refuses [])
  if (o.faultOperations !== undefined) faults.operations = o.faultOperations.split(',').map((s) => s.trim()).filter(Boolean) as Operation[];
  const err = checkFaults(faults);
  // said with the flag's name, not the setting's (errorRate: --error-rate)
  if (err) throw new UsageError(err.replace(/^(?:the )?(\w+)(?= must| is )/, (k: string) => FLAG_OF[k] ?? k));
  const quota = o.createQuota !== undefined ? parseCreateQuota(o.createQuota) : undefined;
  if (quota && 'error' in quota) throw new UsageError(`--create-quota: ${quota.error}`);
  const editLimits = (o.editLimits ?? 'on').toLowerCase();
  if (editLimits !== 'on' && editLimits !== 'off') throw new UsageError(`--edit-limits takes on or off, not '${o.editLimits}'`);
  let emu;
  try {
    emu = await startEmulator({
      editLimits: editLimits === 'on',
      port, host: o.host, keys: readKeys(o), faults, ...(quota ? { createQuota: quota } : {}),
      reviewDelayMs: ms('review-delay', o.reviewDelay)!, statusDelayMs: ms('status-delay', o.statusDelay)!,
      ...(o.controlToken !== undefined ? { controlToken: o.controlToken } : {}),
      ...timeouts(o),
      ...(o.data ? { dataFile: o.data } : {}),
      ...(o.verbose ? { log: (l: string) => io().stderr.write(`${l}\n`) } : { log: (l: string) => { if (l.startsWith('emulator')) io().stderr.write(`${l}\n`); } }),
    });
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`Port ${port} is in use; choose another with --port (0 picks a free one)`);
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL') throw new UsageError(`Cannot listen on ${o.host}:${port} (${code})`);
    // a --host no name service knows (a typo): the user's input, not a bug
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') throw new UsageError(`--host ${o.host}: no address of that name (${code}); give an address of this machine, such as 127.0.0.1`);
    if (e instanceof JournalError) throw new UsageError(e.message);
    if (/control token/.test((e as Error).message)) throw new UsageError(`--control-token: ${(e as Error).message}`);
    throw e;
  }
  // the signal handlers first: a supervisor may stop the emulator as soon as it reads the first
  // line, and a SIGTERM before them would end the process without releasing its data file
  const stopped = new Promise<void>((resolve) => {
    const stop = () => { void emu.close().then(resolve); };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  // what the start found in --data (a cut last line dropped and kept, an empty file): said before the first line, on stderr
  for (const n of emu.dataFileNotes) io().stderr.write(`tplsync: ${n.message}\n`);
  io().stdout.write(`listening on ${emu.url}\ncontrol token: ${emu.controlToken}\n`);
  await stopped;
  return 0;
}
