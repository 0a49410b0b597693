// A small client of `tplsync lsp --stdio` for the tests: the server a child process (its
// arguments, directory and variables the test's), its diagnostics kept by URI, a wait for a
// publication that holds (never a timer: it rejects if the server exits first), the child ended
// however the test ends.
import { pathToFileURL } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { BIN, withChild } from './helpers.ts';

export interface LspDiag { range: { start: { line: number; character: number }; end: { line: number; character: number } }; severity: number; code: string; source: string; message: string; codeDescription?: { href: string } }

export const uri = (abs: string): string => pathToFileURL(abs).href;

export class LspClient {
  readonly diags = new Map<string, LspDiag[]>();
  /** every publication in order */
  readonly publications: { uri: string; diagnostics: LspDiag[] }[] = [];
  /** the capabilities the server registered (client/registerCapability) */
  readonly registrations: unknown[] = [];
  /** what the server said (window/showMessage), in order */
  readonly messages: { type: number; message: string }[] = [];
  private waiters: (() => void)[] = [];
  private exited = false;
  constructor(readonly conn: MessageConnection, proc: ResultPromise) {
    conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: LspDiag[] }) => {
      this.diags.set(p.uri, p.diagnostics);
      this.publications.push(p);
      for (const w of [...this.waiters]) w();
    });
    conn.onRequest('client/registerCapability', (p: unknown) => { this.registrations.push(p); return null; });
    conn.onNotification('window/showMessage', (p: { type: number; message: string }) => { this.messages.push(p); for (const w of [...this.waiters]) w(); });
    conn.onRequest('window/showMessageRequest', () => null);
    void proc.finally(() => { this.exited = true; for (const w of [...this.waiters]) w(); });
  }
  /** resolves once `pred` holds after a publication or a message (or at once); rejects if the server exits first */
  waitFor(pred: () => boolean, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (pred()) { this.waiters = this.waiters.filter((w) => w !== check); resolve(); }
        else if (this.exited) reject(new Error(`the server exited while waiting for ${what}`));
      };
      this.waiters.push(check);
      check();
    });
  }
  /** the rule ids and severities published for a file */
  codes(abs: string): [string, number][] { return (this.diags.get(uri(abs)) ?? []).map((d) => [d.code, d.severity]); }
  open(abs: string, text: string, version = 1): Promise<void> { return this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(abs), languageId: 'yaml', version, text } }); }
  change(abs: string, text: string, version: number): Promise<void> { return this.conn.sendNotification('textDocument/didChange', { textDocument: { uri: uri(abs), version }, contentChanges: [{ text }] }); }
  /** opens the file and waits for `n` findings of rule `code` in it: those findings */
  async openFor(abs: string, text: string, code: string, n: number): Promise<LspDiag[]> {
    await this.open(abs, text);
    const of = (): LspDiag[] => (this.diags.get(uri(abs)) ?? []).filter((d) => d.code === code);
    await this.waitFor(() => of().length === n, `${n} ${code} finding${n === 1 ? '' : 's'} in ${abs}`);
    return of();
  }
  save(abs: string, text?: string): Promise<void> { return this.conn.sendNotification('textDocument/didSave', { textDocument: { uri: uri(abs) }, ...(text === undefined ? {} : { text }) }); }
}

export interface ServerOptions {
  /** the command line after the bin (default: lsp --stdio) */
  args?: string[];
  env?: Record<string, string>;
  /** the workspace folders (default: the directory) */
  folders?: string[];
  /** the client's capabilities (default: none) */
  capabilities?: Record<string, unknown>;
}

/** The server started in `dir`, initialized: `use` gets the client; shut down after, the child ended however `use` ends. */
export async function withLsp(dir: string, o: ServerOptions, use: (c: LspClient) => Promise<void>): Promise<void> {
  await withChild(() => execa('node', [BIN, ...(o.args ?? ['lsp', '--stdio'])], { cwd: dir, env: o.env ?? {}, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new LspClient(conn, proc);
    conn.listen();
    try {
      const folders = o.folders ?? [dir];
      await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(folders[0]!), capabilities: o.capabilities ?? {}, workspaceFolders: folders.map((f, i) => ({ uri: uri(f), name: `folder${i}` })) });
      await conn.sendNotification('initialized', {});
      await use(client);
      await conn.sendRequest('shutdown');
    } finally { conn.dispose(); }
  });
}

/** a document's text with an LSP edit list applied (positions in UTF-16 code units, the edits not overlapping) */
export function applyEdits(text: string, edits: readonly { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const at = (p: { line: number; character: number }): number => (starts[p.line] ?? text.length) + p.character;
  let out = text;
  for (const e of [...edits].sort((a, b) => at(b.range.start) - at(a.range.start))) out = out.slice(0, at(e.range.start)) + e.newText + out.slice(at(e.range.end));
  return out;
}
