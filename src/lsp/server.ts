// Effects: `tplsync lsp --stdio`, the Language Server Protocol server (vscode-languageserver).
// Every template file the config covers has the findings `tplsync lint` reports (project.ts),
// published as diagnostics whether the file is open or not and updated as the user types; a
// change to a sibling (in the editor or on disk) updates the cross-file findings; a change to the
// config reloads everything. Hover explains a finding's rule, or shows a placeholder's sample and
// where else it is used; code actions apply the rules' repairs (src/lint/fix.ts); completion
// offers channel aliases, languages and the template's placeholder names; the outline is the
// template's keys and items (symbols.ts).
import { existsSync } from 'node:fs';
import { Writable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  CodeActionKind, CompletionItemKind, LSPErrorCodes, MessageType, ShowMessageNotification, DiagnosticSeverity, DidChangeWatchedFilesNotification, ErrorCodes, FileChangeType, ProposedFeatures, ResponseError,
  StreamMessageReader, StreamMessageWriter, TextDocumentSyncKind, TextDocuments, createConnection, ConnectionError,
  type RemoteConsole, type DataCallback, type Disposable, type MessageWriter, type ResponseMessage,
  type CodeAction, type DocumentSymbol, type Message, type SymbolInformation, type CompletionItem, type TextEdit, type Connection, type Diagnostic as LspDiagnostic, type Hover, type InitializeResult,
} from 'vscode-languageserver/node.js';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { diffArrays } from 'diff';
import { isScalar, parseDocument } from 'yaml';
import { SEARCH_PLACES } from '../config/load.js';
import { searchPlacesShown } from '../core/search-places.js';
import type { Diagnostic, Span } from '../core/diagnostic.js';
import { toolVersion } from '../core/version.js';
import { redact } from '../core/redact.js';
import { fixFileText, isRepairable, type AppliedChange } from '../lint/fix.js';
import { quickFixTitle } from '../lint/fix-title.js';
import { formatBytes, formatBytesSteps } from '../fmt/run.js';
import type { RuleMeta } from '../lint/rule.js';
import { WHATSAPP_LANGUAGES } from '../lint/rules/languages.js';
import { obj } from '../lint/rule.js';
import { placeholderSites } from '../model/sites.js';
import { scanPlaceholders } from '../model/placeholders.js';
import { channelItems, channelLanguages, exampleKeyItems, fileKindOf, keyPathAt, languageItems, placeholderItems, scalarPathAt, scopedPlaceholderNames } from './complete.js';
import { looksLikeTemplate, LspProject, nearestConfigDir } from './project.js';
import { flatSymbols, templateSymbols } from './symbols.js';
import { DiskWatcher, foldersBelow, foldersToWatch, globBases } from './watch.js';
import { io } from '../core/io.js';

/** the most lines a quick fix's edits are told apart by (more changed: the one span from the first to the last) */
const MAX_EDIT_LINES = 200;
/** how long the server waits after an edit for the next before it lints (the editor's burst of keystrokes linted once) */
const EDIT_SETTLE_MS = 80;

const SEVERITY = { error: DiagnosticSeverity.Error, warning: DiagnosticSeverity.Warning, info: DiagnosticSeverity.Information } as const;

/** A finding as an LSP diagnostic: 0-based UTF-16 positions (lint's columns are UTF-16 already), the rule id as `code`, the rule's docs (LspProject.rule) as its description. */
export function toLsp(d: Diagnostic, rule?: RuleMeta): LspDiagnostic {
  return {
    range: { start: { line: d.line - 1, character: d.column - 1 }, end: { line: d.endLine - 1, character: d.endColumn - 1 } },
    severity: SEVERITY[d.severity], code: d.ruleId, source: 'tplsync', message: d.message,
    ...(rule?.docsUrl ? { codeDescription: { href: rule.docsUrl } } : {}),
  };
}

const uriToPath = (uri: string): string | undefined => { try { return uri.startsWith('file:') ? fileURLToPath(uri) : undefined; } catch { return undefined; } };
const pathToUri = (abs: string): string => pathToFileURL(abs).href;

/**
 * The keys under which the protocol carries the text an edit writes into the user's file: a
 * TextEdit's (formatting, a code action's WorkspaceEdit, a completion's textEdit) `newText`, a
 * completion item's `insertText`. Masking is for what is shown: an edit is the document's own
 * text (the editor sent it) with the repair applied, and a masked one would write `(secret)` or
 * `[redacted]` over the user's text when the editor applies it (format on save, fix all on save).
 */
export const EDIT_TEXT_KEYS: ReadonlySet<string> = new Set(['newText', 'insertText']);

/** Every string of a message redacted (a key in a template's text never reaches the editor as a message, a hover, a title), but the text of an edit (EDIT_TEXT_KEYS). */
export function redactDeep(v: unknown): unknown {
  if (typeof v === 'string') return redact(v);
  if (Array.isArray(v)) return v.map(redactDeep);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, EDIT_TEXT_KEYS.has(k) && typeof x === 'string' ? x : redactDeep(x)]));
  return v;
}

/**
 * Messages are redacted before they are framed: stdout's own redaction (core/redact.ts) would
 * change a message's length after its Content-Length header was written. So every message passes
 * redactDeep (every string but the text of an edit), and is written with the stream's own write, under the redaction gate's.
 */
class RedactingWriter extends StreamMessageWriter {
  override write(msg: Message): Promise<void> {
    // the editor closed its end (EPIPE, the stream then destroyed): what is left to send is for no one; the server ends with its input
    return super.write(redactDeep(msg) as Message).catch((e: unknown) => { const code = (e as NodeJS.ErrnoException)?.code; if (code !== 'EPIPE' && code !== 'ERR_STREAM_DESTROYED') throw e; });
  }
}

/**
 * Standard output as the messages' stream: the process's own stream, which queues what the
 * editor has not read yet (a pipe the editor reads slowly is full for a while: an editor busy for
 * a second). A write stream of file descriptor 1 of its own lost every message after the first
 * EAGAIN of such a pipe, and the server fell silent for good. Each write goes through the stream's
 * own write (its prototype's), not the redaction gate installed on it (RedactingWriter redacts).
 */
function messageOutput(): Writable {
  const out = io().stdout as NodeJS.WriteStream;
  const write = (Object.getPrototypeOf(out) as { write: (chunk: Buffer, done: (e?: Error | null) => void) => boolean }).write;
  // the editor closed its end (EPIPE): nothing more can reach it; the server ends with its input, not with a stack trace
  out.on('error', () => undefined);
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (out.destroyed) { done(Object.assign(new Error('the output is closed'), { code: 'ERR_STREAM_DESTROYED' })); return; }
      write.call(out, chunk, (e?: Error | null) => done(e ?? null));
    },
  });
}

/**
 * The server's log to the editor (window/logMessage), silent once the connection is closed: the
 * library logs a malformed message as it reads it, and when the input ended right after it (`[]`,
 * then end of input: an editor that died, a probe) the log went to a closed connection and threw
 * an uncaught ConnectionError with its stack (exit 1). The server then ends with its input as
 * documented (exit 1 without `shutdown`, 0 after it).
 */
const quietWhenClosed = (Base: new () => RemoteConsole): new () => RemoteConsole => class extends Base {
  override error(message: string): void { whileOpen(() => super.error(message)); }
  override warn(message: string): void { whileOpen(() => super.warn(message)); }
  override info(message: string): void { whileOpen(() => super.info(message)); }
  override log(message: string): void { whileOpen(() => super.log(message)); }
  override debug(message: string): void { whileOpen(() => super.debug(message)); }
};

function whileOpen(send: () => void): void {
  try { send(); } catch (e) {
    // only a closed or disposed connection is nothing to report; anything else is a bug, thrown as it was
    if (!(e instanceof ConnectionError)) throw e;
  }
}

/**
 * The editor's messages, a request to a method the server answers whose `params` is not what that method takes answered
 * -32602 InvalidParams here, naming what is missing or malformed (JSON-RPC: params, when present, is a structured value;
 * LSP says what each request's holds): the library's handlers read fields of it first, and a null `params`, a hover
 * without its `position` or a code action without its `context` made an internal error (-32603, "Cannot read
 * properties of undefined") of a malformed request. A method the server does not answer is left to the library, which
 * answers a request MethodNotFound (-32601) whatever its params, and ignores a notification (LSP). (`shutdown` takes no
 * params: a client's `null` there is no params.)
 */
class CheckedReader extends StreamMessageReader {
  constructor(readable: NodeJS.ReadableStream, private readonly replies: MessageWriter) { super(readable); }
  override listen(callback: DataCallback): Disposable {
    return super.listen((msg) => {
      const m = msg as { id?: unknown; method?: unknown; params?: unknown };
      const check = typeof m.method === 'string' && Object.hasOwn(REQUEST_PARAMS, m.method) ? REQUEST_PARAMS[m.method] : undefined;
      if (check && (typeof m.id === 'number' || typeof m.id === 'string')) {
        const wrong = m.params === null || typeof m.params !== 'object' || Array.isArray(m.params)
          ? `params must be an object (JSON-RPC: a structured value), not ${m.params === null ? 'null' : Array.isArray(m.params) ? 'an array' : typeof m.params}`
          : check(m.params as Record<string, unknown>);
        if (wrong !== undefined) {
          void this.replies.write({ jsonrpc: '2.0', id: m.id, error: { code: ErrorCodes.InvalidParams, message: `${m.method as string}: ${wrong}` } } as ResponseMessage);
          return;
        }
      }
      callback(msg);
    });
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isPosition = (v: unknown): boolean => isObject(v) && Number.isInteger(v.line) && (v.line as number) >= 0 && Number.isInteger(v.character) && (v.character as number) >= 0;
const isRange = (v: unknown): boolean => isObject(v) && isPosition(v.start) && isPosition(v.end);
/** every textDocument/ request names its document (LSP: params.textDocument, a TextDocumentIdentifier) */
const documentNamed = (p: Record<string, unknown>): string | undefined =>
  isObject(p.textDocument) && typeof p.textDocument.uri === 'string' ? undefined : "params.textDocument.uri must be the document's URI (a string)";
/** what a param that is not what it must be is told: missing, or what it is instead (shortened) */
const wrongParam = (name: string, what: string, v: unknown): string => {
  if (v === undefined) return `${name} is missing: it must be ${what}`;
  const was = JSON.stringify(v) ?? String(v);
  return `${name} must be ${what}, not ${was.length > 60 ? `${was.slice(0, 57)}...` : was}`;
};
const positionGiven = (p: Record<string, unknown>): string | undefined =>
  isPosition(p.position) ? undefined : wrongParam('params.position', 'a position ({ line, character }: whole numbers from 0)', p.position);

/**
 * The requests the server answers, each with what its params must hold (LSP 3.17) of what the server reads: undefined
 * when they hold it, else what is missing or malformed. (A formatting request's `options` the server does not read:
 * tplsync fmt's layout is the project's.)
 */
const REQUEST_PARAMS: Readonly<Record<string, (p: Record<string, unknown>) => string | undefined>> = {
  initialize: (p) => (isObject(p.capabilities) ? undefined : "params.capabilities must be the client's capabilities (an object)"),
  'textDocument/hover': (p) => documentNamed(p) ?? positionGiven(p),
  'textDocument/completion': (p) => documentNamed(p) ?? positionGiven(p),
  'textDocument/codeAction': (p) => {
    const doc = documentNamed(p);
    if (doc !== undefined) return doc;
    const ctx = p.context;
    if (!isRange(p.range)) return wrongParam('params.range', 'a range ({ start, end }: positions)', p.range);
    if (!isObject(ctx)) return wrongParam('params.context', 'the code action context (an object with the diagnostics)', ctx);
    if (!Array.isArray(ctx.diagnostics) || !ctx.diagnostics.every((d) => isObject(d) && isRange(d.range))) return wrongParam('params.context.diagnostics', 'a list of diagnostics, each with its range', ctx.diagnostics);
    if (ctx.only !== undefined && !(Array.isArray(ctx.only) && ctx.only.every((k) => typeof k === 'string'))) return wrongParam('params.context.only', 'a list of code action kinds (strings)', ctx.only);
    return undefined;
  },
  'textDocument/formatting': documentNamed,
  'textDocument/documentSymbol': documentNamed,
};

export function stdioConnection(): Connection {
  const writer = new RedactingWriter(messageOutput());
  return createConnection({ ...ProposedFeatures.all, console: quietWhenClosed }, new CheckedReader(io().stdin, writer), writer);
}

/** What the server reads the time from and waits with (the process's; a test's own, to move time on without waiting). */
export interface ServerClock {
  now(): Date;
  /** runs `fn` after `ms`; the handle cancels it */
  after(ms: number, fn: () => void): { cancel(): void };
}

const realClock: ServerClock = {
  now: () => new Date(),
  after(ms, fn) {
    const t = setTimeout(fn, ms);
    // a finding waiting for its instant does not keep the server alive once the editor is gone
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};

/** the longest wait setTimeout takes (about 24.8 days); a later instant is waited for in steps */
const MAX_WAIT_MS = 2 ** 31 - 1;

/** Starts the server; `shutDown()` says whether the editor asked it to shut down (the exit code at the end of its input: 0, else 1). */
/** What the command line gives the server: `configFile`, the config named with --config (absolute), for every folder. */
export interface ServerOptions { configFile?: string }

export function startServer(connection: Connection = stdioConnection(), clock: ServerClock = realClock, options: ServerOptions = {}): { shutDown(): boolean; stop(): void } {
  let shutDown = false;
  let initialized = false;
  // the protocol's life cycle (LSP 3.17, "Server lifecycle"): a request before `initialize` is a
  // ServerNotInitialized error (-32002), and after `shutdown` only `exit` is allowed: a request is
  // an InvalidRequest error, not an answer
  const afterShutdown = (): void => {
    if (!initialized) throw new ResponseError(ErrorCodes.ServerNotInitialized, 'the server has not been initialized: send the initialize request first');
    if (shutDown) throw new ResponseError(ErrorCodes.InvalidRequest, 'the server has been shut down: only the exit notification is accepted');
  };
  connection.onShutdown(() => { afterShutdown(); shutDown = true; settling?.cancel(); settling = undefined; expiry?.cancel(); disk?.close(); });
  const documents = new TextDocuments(TextDocument);
  /** one project per workspace folder (each with the config found from it), the deepest folder first */
  let projects: LspProject[] = [];
  const within = (abs: string, dir: string): boolean => abs === dir || abs.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
  /** the project a file is of: the one whose config covers it, else the one whose folder holds it, else the first */
  const projectOf = (abs: string | undefined): LspProject | undefined => {
    if (abs === undefined) return projects[0];
    return projects.find((p) => p.covers(abs)) ?? projects.find((p) => within(abs, p.cwd)) ?? projects[0];
  };
  /**
   * The open documents that are a project's file under another path (a template reached through a folder linked into
   * the project, opened at its real path, or the other way round): the document's path -> the project's. The project
   * lints the editor's text as its file's, and the findings are published for the document the editor has open.
   */
  const aliases = new Map<string, string>();
  /** an open document's path as the projects know its file: its own, or the covered path of the same real file */
  const docPath = (uri: string): string | undefined => {
    const abs = uriToPath(uri);
    if (abs === undefined) return undefined;
    const known = aliases.get(abs);
    if (known !== undefined) return known;
    if (!/\.ya?ml$/i.test(abs) || projects.some((p) => p.covers(abs))) return abs;
    for (const p of projects) {
      const as = p.coveredAs(abs);
      if (as !== undefined && as !== abs) { aliases.set(abs, as); return as; }
    }
    return abs;
  };
  const addProject = (root: string): LspProject | undefined => {
    if (projects.some((p) => p.cwd === root)) return undefined;
    const p = new LspProject(root, () => clock.now(), options.configFile);
    projects = [...projects, p].sort((a, b) => b.cwd.length - a.cwd.length);
    return p;
  };
  /** the edits of the editor received (didChange, didOpen, didClose), and how many of them the projects hold: fewer, and what they hold is superseded */
  let received = 0;
  let applied = 0;
  const superseded = (): boolean => applied !== received;
  /** the version of each open document's text the projects hold (what its findings are published with) */
  const versionOf = new Map<string, number>();
  /** the findings last published, by absolute path (so only what changed is sent again) */
  const published = new Map<string, string>();
  let findings = new Map<string, Diagnostic[]>();
  /** the project whose findings a file's are (its rules' metadata: hover, codeDescription) */
  let ownerOf = new Map<string, LspProject>();

  const publish = async (): Promise<void> => {
    // the server's own watcher (a client that cannot watch) on the folders of what the projects hold now, before
    // the editor hears of them
    rewatch();
    const all = new Map<string, Diagnostic[]>();
    const owner = new Map<string, LspProject>();
    // a file two folders' configs cover is the deepest folder's
    for (const p of projects) for (const [abs, list] of p.findings()) if (!all.has(abs)) { all.set(abs, list); owner.set(abs, p); }
    findings = all;
    ownerOf = owner;
    // a file open under another path (aliases): its findings go to the document the editor has, none to the path it is covered at
    const shown = new Map(all);
    const aliasOf = new Map<string, string>();
    for (const [doc, as] of aliases) {
      if (!documents.get(pathToUri(doc)) && !documents.all().some((d) => uriToPath(d.uri) === doc)) { aliases.delete(doc); continue; }
      if (!all.has(as)) continue;
      shown.set(doc, all.get(as)!);
      shown.set(as, []);
      aliasOf.set(doc, as);
    }
    for (const abs of new Set([...shown.keys(), ...published.keys()])) {
      // an edit received since these findings' texts were taken (during a send, or waiting to be linted): they are
      // of a superseded text, and the work that takes the edit publishes again; nothing more of them is sent
      if (superseded()) return;
      const list = shown.get(abs) ?? [];
      // an open document's findings carry the version of its text they are of (LSP 3.17 publishDiagnostics `version`)
      const version = versionOf.get(aliasOf.get(abs) ?? abs);
      const key = `${version ?? ''}\0${JSON.stringify(list)}`;
      if (published.get(abs) === key) continue;
      published.set(abs, key);
      await connection.sendDiagnostics({ uri: pathToUri(abs), ...(version === undefined ? {} : { version }), diagnostics: list.map((d) => toLsp(d, ownerOf.get(aliasOf.get(abs) ?? abs)?.rule(d.ruleId))) });
    }
    expireAt(projects.map((p) => p.nextChange()).filter((t): t is number => t !== undefined).reduce((a, b) => Math.min(a, b), Infinity));
  };

  // a finding that compared a template with the clock (an RCS expireTime) changes at an instant
  // with no edit: the files it holds for are linted again then, and the findings published, as
  // `tplsync lint` run at that instant reports them
  let expiry: { cancel(): void } | undefined;
  const expireAt = (at: number): void => {
    expiry?.cancel();
    expiry = undefined;
    if (at === Infinity || shutDown) return;
    const wait = Math.max(0, at - clock.now().getTime());
    expiry = clock.after(Math.min(wait, MAX_WAIT_MS), () => { expiry = undefined; enqueue(() => projects.map((p) => p.expire()).some(Boolean) || (expireAt(at), false)); });
  };

  // one piece of work at a time, in the order the editor sent it
  let queue: Promise<void> = Promise.resolve();
  /** the editor's end of the connection is gone (a send failed, and so did saying so): queued work is dropped */
  let closed = false;
  // (no onExit handler here: the library's own ends the process at the `exit` notification)
  /** (work that answers false did nothing: nothing to publish after it) */
  const enqueue = (work: () => Promise<void | boolean> | void | boolean): void => {
    queue = queue.then(() => (closed ? false : work())).then((did) => (closed || did === false ? undefined : publish())).catch((e: unknown) => {
      // a send that failed because the input ended meanwhile (the connection closed): nothing to tell anyone
      try { connection.console.error(`tplsync: ${(e as Error).message}`); } catch { closed = true; }
    });
  };

  /** the config warnings said already (window/showMessage), by folder and text: each said once */
  const saidNotes = new Set<string>();
  const sayNotes = (project: LspProject): void => {
    for (const note of project.configNotes) {
      const said = `${project.cwd}\0${note}`;
      if (saidNotes.has(said)) continue;
      saidNotes.add(said);
      void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `tplsync: ${projects.length > 1 ? `${project.cwd}: ` : ''}${note}` });
    }
  };
  /**
   * the problem of each project's config said last (window/showMessage, a notification as the other messages are: the
   * library's showErrorMessage is a window/showMessageRequest, a request for the user's choice among actions, which a
   * client may answer without showing it): a load that finds the same one again says nothing (one save reloads twice when the editor's watcher and the
   * server's own both report it), a new one or a fixed then broken config is said
   */
  const saidError = new Map<LspProject, string>();
  const sayError = (project: LspProject, message: string, type: MessageType): void => {
    if (saidError.get(project) === message) return;
    saidError.set(project, message);
    void connection.sendNotification(ShowMessageNotification.type, { type, message });
  };
  /** a config file as the message names it: from the project's folder, else its whole path (undefined: none found) */
  const configShown = (project: LspProject): string | undefined => {
    const file = project.config?.file;
    if (file === undefined) return undefined;
    const abs = path.resolve(project.cwd, file);
    return within(abs, project.cwd) ? path.relative(project.cwd, abs) : abs;
  };
  /** (re)loads a project (every project: none given), with the documents open in the editor that are its */
  const load = async (only?: LspProject): Promise<void> => {
    for (const project of only ? [only] : projects) {
      try {
        await project.load();
        for (const doc of documents.all()) { const abs = docPath(doc.uri); if (abs && projectOf(abs) === project) { project.setText(abs, doc.getText()); versionOf.set(abs, doc.version); } }
        // a broken config: said once, its problems shown in it, and the templates linted with the default settings meanwhile
        // a warning of the config with no file to show it in (no config found): said once
        sayNotes(project);
        if (project.configError !== undefined) {
          // a warning, as the templates are still linted; it names the config file, whose problems are shown in it
          const shown = configShown(project);
          sayError(project, `tplsync: ${projects.length > 1 ? `${project.cwd}: ` : ''}${shown ? `the config ${shown} cannot be used` : 'the config cannot be used'}: the templates are linted with the default settings until it is fixed (its problems are shown in it).\n${project.configError}`, MessageType.Warning);
        }
        else saidError.delete(project);
      } catch (e) {
        // (no config found, and no template where the default globs look: both said)
        sayNotes(project);
        // a project that cannot be loaded at all: said once, and the findings of the last good one are cleared
        sayError(project, `tplsync: ${projects.length > 1 ? `${project.cwd}: ` : ''}${(e as Error).message}`, MessageType.Error);
      }
    }
  };

  let watchRegistration = false;
  /** the client takes RelativePattern globs (a base folder and a pattern), which it applies outside its workspace folders too */
  let relativePatterns = false;
  let hierarchicalSymbols = false;
  let supportsFolders = false;
  connection.onInitialize((params): InitializeResult => {
    // initialize is sent once (LSP 3.17): a second one would replace the project under the open documents
    if (initialized) throw new ResponseError(ErrorCodes.InvalidRequest, 'the server is initialized already: initialize is sent once');
    initialized = true;
    // notifications before initialize are dropped, as the protocol says: the documents are tracked from here on
    documents.listen(connection);
    // every workspace folder (an editor's multi-root workspace): each its own project, with the config found from it
    const folders = (params.workspaceFolders ?? []).map((f) => uriToPath(f.uri)).filter((f): f is string => f !== undefined);
    const root = (params.rootUri && uriToPath(params.rootUri)) ?? params.rootPath ?? io().cwd();
    for (const f of folders.length ? folders : [root]) addProject(f);
    watchRegistration = Boolean(params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration);
    relativePatterns = params.capabilities.workspace?.didChangeWatchedFiles?.relativePatternSupport === true;
    hierarchicalSymbols = params.capabilities.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport === true;
    supportsFolders = params.capabilities.workspace?.workspaceFolders === true;
    return {
      capabilities: {
        // the saves too (settingsTouched): a number here leaves didSave to the client's choice
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.SourceFixAll] },
        completionProvider: { triggerCharacters: [' ', '{'] },
        documentFormattingProvider: true,
        documentSymbolProvider: { label: 'tplsync' },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
      },
      serverInfo: { name: 'tplsync', version: toolVersion() },
    };
  });

  connection.onInitialized(() => {
    if (!initialized) return;
    if (watchRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yaml,yml}' }, ...SEARCH_PLACES.map((p) => ({ globPattern: `**/${p}` }))],
      });
    }
    // a client that watches only its workspace folders (string globs) is told of no config or template above them:
    // those the server watches itself (rewatch), as it does every folder for a client that cannot watch
    if (!watchRegistration || !relativePatterns) {
      disk = new DiskWatcher(
        (changes) => onDisk(changes),
        (abs) => projects.some((p) => p.covers(abs) || p.settingsFiles().includes(abs)),
        (abs) => /\.ya?ml$/i.test(abs) || SEARCH_PLACES.includes(path.basename(abs)) || projects.some((p) => p.settingsFiles().includes(abs)),
      );
    }
    enqueue(() => load());
    // folders added to the workspace, or removed from it (its files' findings then cleared)
    if (supportsFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        enqueue(async () => {
          const gone = new Set(e.removed.map((f) => uriToPath(f.uri)));
          projects = projects.filter((p) => !gone.has(p.cwd));
          for (const f of e.added) {
            const root = uriToPath(f.uri);
            const p = root === undefined ? undefined : addProject(root);
            if (p) await load(p);
          }
        });
      });
    }
  });

  // a burst of edits (typing) is linted once, with the text of the last: an edit keeps only the newest text of its
  // document, and the lint waits EDIT_SETTLE_MS for the next edit (a 5,000-line file linted at every keystroke took
  // seconds to catch up); a request (hover, a code action, ...) takes the edits made so far at once
  const newest = new Map<string, { text: string | undefined; version: number | undefined }>();
  let settling: { cancel(): void } | undefined;
  const takeEdits = (): void => {
    settling?.cancel();
    settling = undefined;
    if (!newest.size) return;
    const edits = [...newest];
    newest.clear();
    const upTo = received;
    enqueue(async () => {
      for (const [abs, { text, version }] of edits) {
        projectOf(abs)?.setText(abs, text);
        if (version === undefined) versionOf.delete(abs); else versionOf.set(abs, version);
      }
      applied = upTo;
      for (const [abs, { text }] of edits) if (text !== undefined) await adopt(abs, text);
    });
  };

  /** the templates said (window/showMessage) to be linted by no config, each once */
  const saidUncovered = new Set<string>();
  /**
   * A template open in the editor that no project covers: linted with the config that governs it, the nearest one
   * above it, as `tplsync lint` finds it from the file's folder (a monorepo opened at its root, its configs in
   * packages/*: a project of its own for that config's folder); else said why not, once (no config above it, or its
   * config's globs do not take it). Only a file that looks like a template (top-level `channel:` and `name:`): another
   * YAML file gets nothing, as before. With --config, that config governs every file (no other is looked for): one its
   * globs do not take is said so too (it was linted by no one, in silence).
   */
  const adopt = async (abs: string, text: string): Promise<void> => {
    if (!/\.ya?ml$/i.test(abs) || !looksLikeTemplate(text)) return;
    if (projects.some((p) => p.covers(abs) || p.settingsFiles().includes(abs))) return;
    const dir = options.configFile ? undefined : nearestConfigDir(path.dirname(abs));
    if (dir !== undefined && !projects.some((p) => p.cwd === dir || (p.config?.file !== undefined && p.config.dir === dir))) {
      const p = addProject(dir);
      if (p) await load(p);
    }
    if (projects.some((p) => p.covers(abs)) || saidUncovered.has(abs)) return;
    const governing = options.configFile
      ? projectOf(abs)?.config
      : dir === undefined ? undefined : projects.find((p) => p.config?.file !== undefined && p.config.dir === dir)?.config;
    // (the config --config names did not load at all: that is said already, of the config)
    if (options.configFile && governing?.file === undefined) return;
    saidUncovered.add(abs);
    const why = governing
      ? `the templates globs of ${governing.file} (${governing.templates.join(', ')}) do not take it; add a glob that does, or move the file under one`
      : `no tplsync config was found in its folder or a folder above it (looked for ${searchPlacesShown()}); run tplsync init in the project's folder`;
    void connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Warning, message: `tplsync: ${abs} is not linted: ${why}.` });
  };
  const settle = (abs: string, text: string | undefined, version: number | undefined): void => {
    newest.set(abs, { text, version });
    received++;
    settling?.cancel();
    settling = clock.after(EDIT_SETTLE_MS, takeEdits);
  };
  documents.onDidChangeContent((e) => {
    const abs = docPath(e.document.uri);
    if (abs) settle(abs, e.document.getText(), e.document.version);
  });
  documents.onDidClose((e) => {
    const abs = docPath(e.document.uri);
    if (abs) settle(abs, undefined, undefined);
  });

  /** whether a file is one a project's settings are read from (its config, a policy plugin), or a config where it has none */
  const settingsOf = (abs: string, project: LspProject): boolean =>
    project.settingsFiles().includes(abs) || (!project.config?.file && within(abs, project.cwd) && SEARCH_PLACES.includes(path.basename(abs)));

  /** files changed on disk (the editor's watcher, or the server's own: watch.ts): the projects follow */
  const onDisk = (paths: readonly { abs: string | undefined; type: FileChangeType }[]): void => {
    enqueue(async () => {
      for (const project of projects) {
        // its config or a plugin changed (or a config appeared where it had none): the project loaded again
        if (paths.some((c) => c.abs && settingsOf(c.abs, project))) { await load(project); continue; }
        const own = paths.filter((c) => c.abs && projectOf(c.abs) === project);
        if (own.some((c) => c.type !== FileChangeType.Changed)) await project.discover();
        for (const c of own) if (c.abs && c.type === FileChangeType.Changed && project.textOf(c.abs) === undefined) project.refresh(c.abs);
      }
    });
  };
  connection.onDidChangeWatchedFiles((p) => onDisk(p.changes.map((c) => ({ abs: uriToPath(c.uri), type: c.type }))));

  // a client that cannot watch the files for the server (watchRegistration false): the server's own watcher
  // (watch.ts), on the folders of what the projects hold now (taken again after each publication)
  let disk: DiskWatcher | undefined;
  const rewatch = (): void => {
    if (!disk || shutDown) { reregister(); return; }
    const dirs = new Set<string>();
    for (const p of projects) {
      const root = p.config?.dir ?? p.cwd;
      for (const d of foldersToWatch(root, [...p.covered(), ...p.settingsFiles()])) dirs.add(d);
      // every folder the config's globs can take a template from, a template in it or not (emptied by a checkout, new)
      for (const base of globBases(root, p.config?.templates ?? [])) { foldersBelow(base, dirs); for (const d of foldersToWatch(root, [path.join(base, '_')])) dirs.add(d); }
      dirs.add(p.cwd);
    }
    // a client that watches its workspace folders (registered string globs): only what lies outside them
    if (watchRegistration) for (const d of [...dirs]) if (projects.some((p) => within(d, p.cwd))) dirs.delete(d);
    disk.watch(dirs);
    reregister();
  };

  // a client that takes RelativePattern globs: the config's templates globs and its settings files, anchored at their
  // folders (a config above the workspace folder, templates beside it), registered again when they change. (String
  // globs alone are applied by a client such as VS Code inside its workspace folders only: a config above the folder
  // opened was never read again when it changed on disk.)
  let relativeRegistered = '';
  let relativeRegistration: Promise<{ dispose(): void } | undefined> = Promise.resolve(undefined);
  const reregister = (): void => {
    if (!watchRegistration || !relativePatterns || shutDown) return;
    const watchers = relativeWatchers(projects.map((p) => ({ dir: p.config?.dir, templates: p.config?.templates ?? [], settings: p.settingsFiles() })));
    const key = JSON.stringify(watchers);
    if (key === relativeRegistered) return;
    relativeRegistered = key;
    const before = relativeRegistration;
    relativeRegistration = before.then(async (old) => {
      old?.dispose();
      return watchers.length ? connection.client.register(DidChangeWatchedFilesNotification.type, { watchers }) : undefined;
    }).catch(() => undefined);
  };

  // the config (or a plugin) saved in the editor, or edited there and saved: reloaded with no watcher of the
  // files (a client that cannot register one, as Neovim on Linux), once what is on disk differs from what the
  // last load read (not at every keystroke)
  const settingsTouched = (uri: string): void => {
    const abs = uriToPath(uri);
    if (!abs || !projects.some((p) => settingsOf(abs, p))) return;
    enqueue(async () => {
      let did = false;
      for (const project of projects) {
        if (!settingsOf(abs, project) || !(project.settingsChanged() || (!project.config?.file && existsSync(abs)))) continue;
        await load(project);
        did = true;
      }
      return did;
    });
  };
  documents.onDidSave((e) => settingsTouched(e.document.uri));
  documents.onDidChangeContent((e) => settingsTouched(e.document.uri));

  connection.onHover(async (p): Promise<Hover | null> => {
    afterShutdown();
    takeEdits();
    await queue;
    const abs = docPath(p.textDocument.uri);
    if (!abs) return null;
    const here = (findings.get(abs) ?? []).filter((d) => inside(d, p.position.line + 1, p.position.character + 1));
    // The finding's message is not repeated: every editor shows its diagnostics (VS Code right
    // above this hover); the hover adds the rule's explanation. One rule explained once.
    const parts = [...new Map(here.map((d) => [d.ruleId, d])).values()].map((d) => {
      // the rule as the run knows it (LspProject.rule): a built-in one links its section of the docs
      const r = (ownerOf.get(abs) ?? projectOf(abs))?.rule(d.ruleId);
      return r
        ? [`**${d.ruleId}** (${d.severity}): ${r.summary}`, '', `**Why:** ${r.why}`, '', `**Fix:** ${r.fix}`, ...(r.docsUrl ? ['', `[${d.ruleId} in the rules](${r.docsUrl})`] : [])].join('\n')
        : `**${d.ruleId}** (${d.severity}): ${d.message}`;
    });
    // the placeholder first: it is short, and a long explanation must not push it out of sight
    const doc = documents.get(p.textDocument.uri);
    const ph = doc ? placeholderHover(doc, p.position.line, p.position.character) : undefined;
    if (ph) parts.unshift(ph);
    return parts.length ? { contents: { kind: 'markdown', value: parts.join('\n\n---\n\n') } } : null;
  });

  /** an open document of the project once the queued work is done (a request after shutdown refused): its path, text and whole range */
  const openCovered = async (docUri: string): Promise<{ abs: string; project: LspProject; text: string; whole: { start: { line: number; character: number }; end: { line: number; character: number } } } | undefined> => {
    afterShutdown();
    takeEdits();
    await queue;
    const abs = docPath(docUri);
    const doc = documents.get(docUri);
    const project = abs === undefined ? undefined : projectOf(abs);
    if (!abs || !doc || !project?.covers(abs)) return undefined;
    const text = doc.getText();
    return { abs, project, text, whole: { start: { line: 0, character: 0 }, end: doc.positionAt(text.length) } };
  };

  // The repairs of a document's version, computed once: the editor asks for code actions at every move of the
  // cursor (VS Code), and each repair lints the whole text again (a file of 20,000 samples took 9 s a request, the
  // whole server waiting behind it). Kept by the document's version and the project's load (a config reloaded
  // changes the repairs); one version a document, dropped when it closes.
  const repairs = new Map<string, { key: string; fixed: Map<string, { text: string; applied: AppliedChange[] } | undefined>; left: Map<string, Diagnostic[]> }>();
  documents.onDidClose((e) => { repairs.delete(e.document.uri); });

  connection.onCodeAction(async (p): Promise<CodeAction[]> => {
    const open = await openCovered(p.textDocument.uri);
    if (!open) return [];
    const { abs, project, text, whole } = open;
    const key = `${documents.get(p.textDocument.uri)?.version}:${project.generation}`;
    let memo = repairs.get(p.textDocument.uri);
    if (memo?.key !== key) { memo = { key, fixed: new Map(), left: new Map() }; repairs.set(p.textDocument.uri, memo); }
    const { fixed: fixedMemo, left: leftMemo } = memo;
    /** the document's text repaired (undefined: nothing to repair), with the changes it holds (what a quick fix's title says) */
    const fix = (only?: ReadonlySet<string>, within?: Span): { text: string; applied: AppliedChange[] } | undefined => {
      const id = `${only ? [...only].join(',') : ''}${within ? `@${within.line}:${within.column}-${within.endLine}:${within.endColumn}` : ''}`;
      if (fixedMemo.has(id)) return fixedMemo.get(id);
      // the document's byte-order mark and CRLF line ends kept, as lint --fix keeps them
      const r = fixFileText(text, { findings: (t) => project.fileFindings(abs, t), now: new Date(), file: abs, ...(only ? { only } : {}), ...(within ? { within } : {}) });
      const out = r.text === text ? undefined : { text: r.text, applied: r.applied };
      fixedMemo.set(id, out);
      return out;
    };
    /** the findings of one rule the fixed text still has */
    const leftAfter = (id: string, fixed: string): Diagnostic[] => {
      const k = `${id}\0${fixed}`;
      let l = leftMemo.get(k);
      if (!l) { l = project.fileFindings(abs, fixed).filter((f) => f.ruleId === id); leftMemo.set(k, l); }
      return l;
    };
    const out: CodeAction[] = [];
    const wanted = p.context.only;
    const doc = documents.get(p.textDocument.uri)!;
    if (!wanted || wanted.some((k) => k.startsWith(CodeActionKind.QuickFix))) {
      // one quick fix a finding, changing that finding's nodes only (with the rest of its repair's part: a text's samples), as an edit a run of lines it changes
      for (const d of p.context.diagnostics) {
        if (d.source !== 'tplsync' || typeof d.code !== 'string' || !isRepairable({ ruleId: d.code })) continue;
        const id = d.code;
        const within: Span = { line: d.range.start.line + 1, column: d.range.start.character + 1, endLine: d.range.end.line + 1, endColumn: d.range.end.character + 1 };
        const repaired = fix(new Set([id]), within);
        if (repaired === undefined) continue;
        const fixed = repaired.text;
        // repaired when the fixed text has fewer findings of its words than the document (a stub sample for the body's {{2}} is none for a URL's)
        const same = (f: { message: string }): boolean => f.message === d.message;
        if (leftAfter(id, fixed).filter(same).length >= p.context.diagnostics.filter((x) => x.code === id && same(x)).length) continue;
        out.push({
          // what this action's edit does (Write WEBVIEW in capitals, Remove orientation from rcsRichCardsOpts), on one line
          title: `${quickFixTitle(id, repaired.applied)} (tplsync)`, kind: CodeActionKind.QuickFix, isPreferred: true,
          diagnostics: [d],
          edit: { changes: { [p.textDocument.uri]: changedSpans(doc, text, fixed) } },
        });
      }
    }
    const anyFixable = (findings.get(abs) ?? []).some((d) => isRepairable(d));
    if (anyFixable && (!wanted || wanted.some((k) => k.startsWith(CodeActionKind.SourceFixAll) || k === CodeActionKind.Source))) {
      const fixed = fix()?.text;
      if (fixed !== undefined) out.push({ title: 'Fix all repairable tplsync findings', kind: CodeActionKind.SourceFixAll, edit: { changes: { [p.textDocument.uri]: [{ range: whole, newText: fixed }] } } });
    }
    return out;
  });

  /**
   * the edits from a document's text to another: each run of lines that differ (a text renumbered and
   * its samples' keys a few lines below are two edits; the lines between, another finding's among them,
   * are not written again), each the span between its common start and common end
   */
  function changedSpans(doc: TextDocument, before: string, after: string): TextEdit[] {
    const a = before.split(/(?<=\n)/);
    const b = after.split(/(?<=\n)/);
    let head = 0;
    while (head < a.length && head < b.length && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
    const offsetOf = (lines: string[], n: number): number => lines.slice(0, n).reduce((k, l) => k + l.length, 0);
    // the runs of lines told apart; more than MAX_EDIT_LINES lines changed (every key put in order): the one span from the first to the last
    const runs = diffArrays(a.slice(head, a.length - tail), b.slice(head, b.length - tail), { maxEditLength: MAX_EDIT_LINES });
    if (!runs) return [changedSpan(doc, before, offsetOf(a, head), offsetOf(a, a.length - tail), after.slice(offsetOf(b, head), offsetOf(b, b.length - tail)))];
    const edits: TextEdit[] = [];
    let at = offsetOf(a, head);
    let from = -1;
    let written = '';
    const close = (): void => { if (from >= 0) edits.push(changedSpan(doc, before, from, at, written)); from = -1; written = ''; };
    for (const run of runs) {
      const text = run.value.join('');
      if (!run.added && !run.removed) { close(); at += text.length; continue; }
      if (from < 0) from = at;
      if (run.removed) at += text.length;
      else written += text;
    }
    close();
    return edits;
  }

  /** the edit of the text from `start` to `end` of `before` written as `replaced`: the span between their common start and common end */
  function changedSpan(doc: TextDocument, before: string, start: number, end: number, replaced: string): TextEdit {
    const old = before.slice(start, end);
    let head = 0;
    const most = Math.min(old.length, replaced.length);
    while (head < most && old.charCodeAt(head) === replaced.charCodeAt(head)) head++;
    let tail = 0;
    while (tail < most - head && old.charCodeAt(old.length - 1 - tail) === replaced.charCodeAt(replaced.length - 1 - tail)) tail++;
    // never between the halves of a UTF-16 pair, nor between a CR and its LF
    const splits = (t: string, i: number): boolean => i > 0 && i < t.length && ((/[\uD800-\uDBFF]/.test(t[i - 1]!) && /[\uDC00-\uDFFF]/.test(t[i]!)) || (t[i - 1] === '\r' && t[i] === '\n'));
    while (head > 0 && (splits(old, head) || splits(replaced, head))) head--;
    while (tail > 0 && (splits(old, old.length - tail) || splits(replaced, replaced.length - tail))) tail--;
    return { range: { start: doc.positionAt(start + head), end: doc.positionAt(end - tail) }, newText: replaced.slice(head, replaced.length - tail) };
  }

  // formatting is `tplsync fmt` of the editor's text: the same layout, the same files left as they are
  // (a syntax error, duplicate keys: no edit, lint says why)
  // A large file's layout takes a while (a 1 MB template, a second or two): the work is done in its passes over the
  // file (format.ts Steps), with a pause between them in which the editor's other requests (another file's hover, its
  // diagnostics) are answered, and the editor's $/cancelRequest stops it (RequestCancelled). A document changed
  // meanwhile gets no edit of its old text (ContentModified).
  connection.onDocumentFormatting(async (p, token): Promise<TextEdit[]> => {
    const open = await openCovered(p.textDocument.uri);
    if (!open) return [];
    const version = documents.get(p.textDocument.uri)?.version;
    const steps = formatBytesSteps(open.project.shown(open.abs) ?? open.abs, Buffer.from(open.text, 'utf8'));
    let r: ReturnType<typeof formatBytes>;
    for (;;) {
      if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'the formatting was cancelled');
      const step = steps.next();
      if (step.done) { r = step.value; break; }
      await new Promise<void>((resolve) => { setTimeout(resolve, 0); });
    }
    if (documents.get(p.textDocument.uri)?.version !== version) throw new ResponseError(LSPErrorCodes.ContentModified, 'the document changed while it was being formatted: format it again');
    return r.kind === 'changed' && r.text !== undefined ? [{ range: open.whole, newText: r.text }] : [];
  });

  // the outline (and breadcrumbs) of a template: its keys, a list's items by index and what they are
  connection.onDocumentSymbol(async (p): Promise<DocumentSymbol[] | SymbolInformation[]> => {
    const open = await openCovered(p.textDocument.uri);
    if (!open) return [];
    const symbols = templateSymbols(open.text);
    // a client that does not take the nested form gets the flat one (LSP 3.17)
    return hierarchicalSymbols ? symbols : flatSymbols(symbols, p.textDocument.uri);
  });

  connection.onCompletion(async (p): Promise<CompletionItem[]> => {
    afterShutdown();
    takeEdits();
    await queue;
    const doc = documents.get(p.textDocument.uri);
    const abs = docPath(p.textDocument.uri);
    const project = projectOf(abs);
    // a template file the config's globs take (an open one not saved yet too), as for code actions and formatting:
    // an Ansible playbook's `name:`/`channel:` or any other YAML file gets nothing of tplsync's
    if (!doc || !project?.config || abs === undefined || !project.covers(abs)) return [];
    const line = doc.getText({ start: { line: p.position.line, character: 0 }, end: p.position });
    if (/^\s*channel:\s*[\w-]*$/.test(line)) {
      // the aliases whose kind fits the file (an RCS-only template is offered no WhatsApp channel, and the reverse);
      // those every environment defines first, one only some define after them, marked: a template only they have
      let t: Record<string, unknown> | undefined;
      try { t = obj(parseDocument(doc.getText()).toJS({ maxAliasCount: 100 })); } catch { /* not parseable yet: every alias */ }
      return channelItems(project.config.environments, project.config.channels, fileKindOf(t));
    }
    if (/^\s*language:\s*[\w-]*$/.test(line)) {
      // the languages of the file's own channel (those language-coverage asks of it), as the aliases are offered by kind
      let t: Record<string, unknown> | undefined;
      try { t = obj(parseDocument(doc.getText()).toJS({ maxAliasCount: 100 })); } catch { /* not parseable yet: every channel's */ }
      return languageItems(uriToPath(p.textDocument.uri) ?? p.textDocument.uri, channelLanguages(t, project.config.channels), WHATSAPP_LANGUAGES);
    }
    const open = /\{\{([a-z0-9_]*)$/.exec(line);
    const keyAt = /^\s*[A-Za-z0-9_"]*$/.test(line);
    // a key typed in a flow mapping (`examples: { 1: Ana, |}`, as the README and translations import write it): that key's mapping
    const flow = /^\s*(?:- +)*([A-Za-z0-9_"'-]+)\s*:\s*\{(?:[^{}]*,)?\s*[A-Za-z0-9_"]*$/.exec(line);
    if (!open && !keyAt && !flow) return [];
    let t: Record<string, unknown> | undefined;
    let yamlDoc: ReturnType<typeof parseDocument> | undefined;
    try { yamlDoc = parseDocument(doc.getText()); t = obj(yamlDoc.toJS({ maxAliasCount: 100 })); } catch { /* not parseable yet: no names */ }
    if (open) {
      // the names lint takes in the text under the cursor, with the samples of its scope (a card's own, a URL's {{1}}, none in a footer)
      const at = yamlDoc ? scalarPathAt(yamlDoc, doc.offsetAt(p.position)) : undefined;
      if (!t || !at) return [];
      const after = doc.getText({ start: p.position, end: { line: p.position.line, character: p.position.character + 2 } });
      // the placeholder the cursor is in, when braces close it (`{{ord|}}`): the text's own name for it, replaced by the completion
      const rest = /^([a-z0-9_]*)\}\}/.exec(doc.getText({ start: p.position, end: { line: p.position.line + 1, character: 0 } }));
      return placeholderItems(scopedPlaceholderNames(t, placeholderSites(t), at, rest ? `${open[1]}${rest[1]}` : undefined), after);
    }
    // a key typed inside an `examples:` block: the placeholders of its texts that have no sample there yet
    const at = keyPathAt(doc.getText().split(/\r?\n/), p.position.line);
    if (flow && !keyAt) at.push(flow[1]!.replace(/^["']|["']$/g, ''));
    if (!t || at.at(-1) !== 'examples') return [];
    const missing = new Map<string, string>();
    for (const site of placeholderSites(t)) {
      if (site.examplesPath.filter((x) => typeof x === 'string').join('.') !== at.join('.')) continue;
      let ex: unknown = t;
      for (const seg of site.examplesPath) ex = obj(ex)?.[seg];
      for (const x of scanPlaceholders(site.text).placeholders) {
        if (obj(ex)?.[x.key] === undefined && !missing.has(x.key)) missing.set(x.key, site.path.join('.'));
      }
    }
    return exampleKeyItems(missing);
  });

  connection.listen();
  return {
    shutDown: () => shutDown,
    // the editor's input ended: the work still queued is for no one, and nothing more is sent
    // (the connection is not disposed: a request of the library's own still waiting, a capability's
    // registration, would then log its failure through the disposed connection and throw)
    stop: () => { closed = true; },
  };
}

function inside(d: Diagnostic, line: number, column: number): boolean {
  const afterStart = line > d.line || (line === d.line && column >= d.column);
  const beforeEnd = line < d.endLine || (line === d.endLine && column <= d.endColumn);
  return afterStart && beforeEnd;
}

/** The sample of the placeholder under the cursor and the other texts that use it. */
function placeholderHover(doc: TextDocument, line: number, character: number): string | undefined {
  const text = doc.getText({ start: { line, character: 0 }, end: { line: line + 1, character: 0 } });
  const ph = scanPlaceholders(text).placeholders.find((x) => x.start <= character && character <= x.end);
  if (!ph) return undefined;
  let t: Record<string, unknown> | undefined;
  let yamlDoc: ReturnType<typeof parseDocument>;
  try {
    yamlDoc = parseDocument(doc.getText());
    t = obj(yamlDoc.toJS({ maxAliasCount: 100 }));
  } catch { return undefined; }
  if (!t) return undefined;
  const all = placeholderSites(t).filter((s) => scanPlaceholders(s.text).placeholders.some((x) => x.key === ph.key));
  // the text under the cursor: the one whose scalar in the document holds the cursor's offset. (The line's
  // own text holding the parsed one missed every block or folded scalar, and a string with escapes, and the
  // hover fell back to every text using the name.)
  const offset = doc.offsetAt({ line, character });
  const holds = (s: (typeof all)[number]): boolean => {
    const node = yamlDoc.getIn(s.path, true);
    return isScalar(node) && node.range !== undefined && node.range !== null && node.range[0] <= offset && offset <= node.range[1];
  };
  // a URL button numbers its own {{1}}: the button's, when the cursor is in its URL; else the texts' (theirs is another placeholder)
  const isUrl = (s: (typeof all)[number]): boolean => s.role === 'url' || s.role === 'card-url';
  const onUrl = all.filter((s) => isUrl(s) && holds(s));
  // the texts that sample from the same examples as the text under the cursor: a header's {{1}} is
  // not the body's, nor a card's {{1}} the bubble's (each has its own samples, as lint and types have them)
  const here = all.find((s) => !isUrl(s) && holds(s));
  const scope = here?.examplesPath.join('.');
  const sites = onUrl.length ? onUrl : all.filter((s) => !isUrl(s) && (scope === undefined || s.examplesPath.join('.') === scope));
  const samples = [...new Map(sites.map((s) => [s.examplesPath.join('.'), s])).values()].flatMap((site) => {
    const p = site.examplesPath.join('.');
    let cur: unknown = t;
    for (const seg of site.examplesPath) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string | number, unknown>)[seg] : undefined;
    // a URL button's sample is its `example`, the whole URL with the placeholder filled in
    // the sample's own key only (a {{constructor}} or {{__proto__}} is not every object's)
    const ex = obj(cur);
    const v = site.role === 'url' || site.role === 'card-url' ? cur : ex && Object.hasOwn(ex, ph.key) ? ex[ph.key] : undefined;
    return v === undefined ? [] : [`${JSON.stringify(v)} (\`${site.role === 'url' || site.role === 'card-url' ? p : `${p}.${ph.key}`}\`)`];
  });
  return [`**${ph.raw}**: ${samples.length ? samples.join('; ') : 'no sample yet'}`, '', `Used in: ${sites.map((s) => `\`${s.path.join('.')}\``).join(', ') || 'nowhere else'}`].join('\n');
}

/**
 * Pure: the RelativePattern watchers (LSP 3.17) of the projects' files: each config's `templates`
 * globs anchored at the config's folder, each settings file (the config, a policy plugin) by its
 * name in its folder.
 */
export function relativeWatchers(projects: readonly { dir: string | undefined; templates: readonly string[]; settings: readonly string[] }[]): { globPattern: { baseUri: string; pattern: string } }[] {
  const out = new Map<string, { globPattern: { baseUri: string; pattern: string } }>();
  const add = (dir: string, pattern: string): void => { const baseUri = pathToUri(dir); out.set(`${baseUri}\0${pattern}`, { globPattern: { baseUri, pattern } }); };
  for (const p of projects) {
    if (p.dir !== undefined) for (const g of p.templates) if (!g.startsWith('!')) add(p.dir, g);
    for (const f of p.settings) add(path.dirname(f), path.basename(f));
  }
  return [...out.values()];
}
