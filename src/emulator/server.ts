// Effects: the local emulator of the partner messaging API, an HTTP server on loopback.
// This module composes the parts and dispatches a request through them:
//   http-transport (bounded HTTP) -> router (normalised path) -> control (token) or
//   faults (decided per request identity) -> auth (keys, scopes) -> operations (journal, then
//   state) -> answers (every answer checked against schema/openapi.yaml).
import { checkContract, type SchemaName } from '../schemas/contract.js';
import { contractBreach } from './answers.js';
import { ControlToken, KeyRing, type KeySpec } from './auth.js';
import { Clock, control } from './control.js';
import { checkFaults, FaultPlan, requestIdentity, type FaultDecision, type FaultSettings, type Operation } from './faults.js';
import { errorBody, HttpError } from './http-error.js';
import { listen, type Incoming, type Reply } from './http-transport.js';
import { compactJournal, Journal, keepCutLine, lockDataFile, readJournal, type JournalEntry } from './journal.js';
import { Operations } from './operations.js';
import { CreateQuota, checkCreateQuota, type CreateQuotaSpec } from './quota.js';
import { route } from './router.js';
import { EmulatorState, type ConversationRecord, type TemplateRecord } from './state.js';

export type { KeySpec } from './auth.js';
export type { CreateQuotaSpec } from './quota.js';
/** what setFaults and the faults option take (and POST /_emulator/faults): the share of requests that misbehave, and how */
export type { FaultSettings, Operation as FaultOperation } from './faults.js';
export { MAX_BODY_BYTES } from './http-transport.js';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  /** the journal file; without it the state lives in memory only */
  dataFile?: string;
  /**
   * The caller holds the data file's lock (`FILE.lock`, as the embedded emulator's connection takes
   * it): the emulator does not take it again. Taking it again removed and re-made the caller's own
   * lock, and a second process could take it in between.
   */
  dataFileLocked?: boolean;
  keys: (string | KeySpec)[];
  reviewDelayMs?: number;
  statusDelayMs?: number;
  /** false: no limit on edits of APPROVED templates (local iteration) */
  editLimits?: boolean;
  faults?: FaultSettings;
  /** the time the emulator's clock starts from (default the machine's, Date.now): a test gives one that only its own advanceClock moves */
  baseClock?: () => number;
  /** per channel, at most `limit` creations within any `windowSeconds` of the emulator's clock; beyond, 429 with Retry-After (off by default) */
  createQuota?: CreateQuotaSpec;
  /** the token the control endpoints require (default: 32 random hex digits, see RunningEmulator.controlToken) */
  controlToken?: string;
  /** time allowed for a request's headers, in ms (default 5 000) */
  headersTimeoutMs?: number;
  /** time allowed for a whole request, in ms (default 10 000) */
  requestTimeoutMs?: number;
  /** request log lines (never containing a key or the control token) */
  log?: (line: string) => void;
  /** for tests: awaited after each journal batch is written and before it is synced */
  beforeJournalSync?: () => Promise<void>;
}

export interface RunningEmulator {
  url: string;
  port: number;
  state: EmulatorState;
  /** send as `Authorization: Bearer TOKEN` to the control endpoints (/_emulator/faults, clock, state) */
  controlToken: string;
  setFaults(f: FaultSettings): void;
  advanceClock(ms: number): void;
  /** requests received and not yet answered */
  inFlight(): number;
  /** the most requests received and not yet answered at once since it started: how many a client sends at once (its --parallelism), told without timing it */
  peakInFlight(): number;
  /**
   * What the start found in the data file, for the user: `cut`, a last line cut off that was dropped
   * (and kept beside the file); `empty`, a file that holds nothing. Said by the command that started
   * the emulator, on stderr.
   */
  dataFileNotes: readonly DataFileNote[];
  close(): Promise<void>;
}

export interface DataFileNote { kind: 'cut' | 'empty'; message: string }

const EMPTY: Buffer = Buffer.alloc(0);
const NO_FAULT: FaultDecision = { delayMs: 0 };
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

export async function startEmulator(options: EmulatorOptions): Promise<RunningEmulator> {
  const keys = new KeyRing(options.keys);
  const token = new ControlToken(options.controlToken);
  const clock = new Clock(options.baseClock);
  const state = new EmulatorState({ reviewDelayMs: options.reviewDelayMs ?? 1000, statusDelayMs: options.statusDelayMs ?? 1000, now: clock.now, ...(options.editLimits === false ? { editLimits: false } : {}) });
  if (options.createQuota) { const e = checkCreateQuota(options.createQuota); if (e) throw new Error(`createQuota: ${e}`); }
  const initialFaults = options.faults ?? {};
  const err = checkFaults(initialFaults);
  if (err) throw new Error(err);
  let faults = new FaultPlan(initialFaults);
  const log = options.log ?? (() => {});

  let journal: Journal | undefined;
  const dataFileNotes: DataFileNote[] = [];
  let unlock = (): void => {};
  if (options.dataFile) {
    if (!options.dataFileLocked) unlock = lockDataFile(options.dataFile);
    try {
      await openJournal(options.dataFile);
    } catch (e) { unlock(); throw e; }
  }
  async function openJournal(dataFile: string): Promise<void> {
    // a record the emulator could not answer for (a stored request or answer, a verdict or a review
    // state a hand damaged) would be answered with a 500 on every read: said at its line instead. Each
    // template is read once, as the API would, from a scratch state (nothing of it is kept)
    const scratch = new EmulatorState({ reviewDelayMs: 0, statusDelayMs: 0, now: clock.now });
    const { entries, cut, empty } = readJournal(dataFile, (e) => {
      const [schema, value] = e.t === 'template' ? ['TemplateWriteRequest', (e.rec as TemplateRecord).body] as const
        : e.t === 'conversation' ? ['ConversationResponse', (e.rec as ConversationRecord).response] as const : [undefined, undefined];
      const v = schema ? checkContract(schema, value) : undefined;
      if (v) return `a ${e.t} whose stored ${e.t === 'template' ? 'request' : 'answer'} breaks the API contract: ${v.path || '(the whole)'} ${v.message}`;
      if (e.t !== 'template') return undefined;
      const rec = e.rec as TemplateRecord;
      try {
        scratch.restoreTemplate(rec);
        const read = checkContract('TemplateReadResponse', scratch.readTemplate(rec.channelId, rec.templateId));
        return read ? `a template the emulator cannot answer for: its read would break the API contract at ${read.path || '(the whole)'} ${read.message} (its verdict, review state or ids were changed by a hand?)` : undefined;
      } catch (x) {
        return `a template the emulator cannot answer for (${(x as Error).message})`;
      }
    });
    for (const e of entries.values()) {
      if (e.t === 'template') state.restoreTemplate(e.rec as TemplateRecord);
      else if (e.t === 'conversation') state.restoreConversation(e.rec as ConversationRecord);
      else if (e.t === 'clock') clock.restore((e.rec as { offsetMs?: unknown } | null)?.offsetMs);
    }
    const templates = [...entries.values()].filter((e) => e.t === 'template').length;
    const some = `${templates === 0 ? 'no' : templates} template${templates === 1 ? '' : 's'}`;
    if (cut) {
      // the compaction below rewrites the file without the cut line: its bytes are kept first, and said
      const kept = keepCutLine(dataFile, cut);
      dataFileNotes.push({ kind: 'cut', message: `${dataFile}: dropped its last line, line ${cut.line}, cut off after ${cut.bytes.length} byte${cut.bytes.length === 1 ? '' : 's'} (no newline after it): a write a crash interrupted (never acknowledged: nothing lost), or damage to the file (a copy or a truncation cut short: what stood after it is gone); its bytes are kept in ${kept}; starting with ${some}` });
    } else if (empty) dataFileNotes.push({ kind: 'empty', message: `${dataFile} is empty: starting with no templates` });
    compactJournal(dataFile, entries.values());
    journal = new Journal(dataFile, options.beforeJournalSync);
    await journal.open();
  }
  const persist = (e: JournalEntry): Promise<void> => journal?.append(e) ?? Promise.resolve();
  const operations = new Operations(state, persist, options.createQuota ? new CreateQuota(options.createQuota) : undefined);
  const setFaults = (f: FaultSettings) => { faults = new FaultPlan(f); };

  /** an answer to an API operation, replaced by a 500 (and logged) if it would break the contract */
  function checked(op: Operation | undefined, status: number, body: unknown, schema?: SchemaName, headers: Record<string, string> = {}): Reply {
    const breach = contractBreach(op, status, body, schema);
    if (!breach) return { kind: 'json', status, body, headers };
    log(`emulator bug: its answer ${status} breaks the contract: ${breach}`);
    return { kind: 'json', status: 500, body: errorBody(500, 'INTERNAL', `The emulator's answer breaks the contract: ${breach}`) };
  }
  const refusal = (op: Operation | undefined, e: HttpError): Reply => checked(op, e.status, errorBody(e.status, e.code, e.message, e.field), undefined, e.headers);

  async function api(req: Incoming, r: Extract<ReturnType<typeof route>, { kind: 'api' }>): Promise<Reply> {
    let body = EMPTY;
    try {
      if (r.op === 'write' || r.op === 'send') body = await req.readBody(); else req.discardBody();
    } catch (e) {
      if (e instanceof HttpError) return refusal(r.op, e);
      throw e;
    }
    const f = faults.active ? faults.decide(r.op, requestIdentity(req.method, r.target.normalised, body)) : NO_FAULT;
    if (f.delayMs > 0) await sleep(f.delayMs);
    switch (f.kind) {
      case 'error': return checked(r.op, f.status!, errorBody(f.status!, 'INTERNAL', 'Injected server error'));
      case 'rateLimit': {
        const s = faults.settings.retryAfterSec ?? 1;
        return checked(r.op, 429, errorBody(429, 'RATE_LIMITED', `Too many requests; retry after ${s} s`), undefined, { 'retry-after': String(s) });
      }
      case 'reset': return { kind: 'reset' };
      case 'hang': return { kind: 'hang' };
      default: break;
    }
    let answer;
    try {
      const principal = keys.authenticate(req.headers);
      answer = await operations.run({
        op: r.op, principal, headers: req.headers, body, query: r.target.query,
        ...(r.channelId ? { channelId: r.channelId } : {}), ...(r.templateId ? { templateId: r.templateId } : {}),
        ...(r.clientMessageId ? { clientMessageId: r.clientMessageId } : {}),
        ...(f.kind === 'failedSend' ? { failMessages: true } : {}),
      });
    } catch (e) {
      if (e instanceof HttpError) return refusal(r.op, e);
      throw e;
    }
    const reply = checked(r.op, answer.status, answer.body, answer.schema, answer.headers);
    if (reply.kind !== 'json' || reply.status !== 200) return reply;
    // the faults that strike after the operation was carried out: the transport, not the contract, breaks
    if (f.kind === 'lostResponse') return { kind: 'reset' };
    if (f.kind === 'nonJson') return { kind: 'nonJson' };
    if (f.kind === 'truncate') return { kind: 'truncate', status: 200, body: answer.body };
    return reply;
  }

  async function handle(req: Incoming): Promise<Reply> {
    let r;
    try { r = route(req.method, req.target); } catch (e) {
      if (e instanceof HttpError) return refusal(undefined, e);
      throw e;
    }
    if (r.kind === 'control') {
      const a = await control({ name: r.name, method: req.method, headers: req.headers, remoteAddress: req.remoteAddress, readBody: req.readBody, discardBody: req.discardBody }, {
        token, state, clock, faults: () => faults.settings, setFaults, persist,
      });
      return { kind: 'json', ...a };
    }
    return api(req, r);
  }

  let transport;
  try {
    transport = await listen({
      log,
      ...(options.port !== undefined ? { port: options.port } : {}), ...(options.host !== undefined ? { host: options.host } : {}),
      ...(options.headersTimeoutMs !== undefined ? { headersTimeoutMs: options.headersTimeoutMs } : {}),
      ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    }, handle);
  } catch (e) {
    await journal?.close(); // the port was taken or an option was refused: leave nothing open
    unlock();
    throw e;
  }
  const t = transport;
  return {
    url: t.url,
    port: t.port,
    state,
    controlToken: token.value,
    setFaults(f) { const e = checkFaults(f); if (e) throw new Error(e); setFaults(f); },
    advanceClock(ms) { clock.advance(ms); },
    inFlight: t.inFlight,
    peakInFlight: t.peakInFlight,
    dataFileNotes,
    async close() {
      await t.close();
      await journal?.close();
      unlock();
    },
  };
}
