// The language server on a 2,000-file project: the time from an edit of one open file
// (`textDocument/didChange`) to its diagnostics (`textDocument/publishDiagnostics`), p50 and p95,
// for `tplsync lsp --stdio` (all of lint: schema, platform rules, cross-file rules over the 2,000
// files) against yaml-language-server's own JSON Schema validation of the same edit, both driven
// over stdio in the same run; and the tplsync server's memory (RSS) on that project.
// The edit toggles `category` between a valid value and a typo, so each edit changes the findings.
// Usage: npm run build && npm run bench:lsp [-- --files 2000 --edits 200]
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa, type ResultPromise } from 'execa';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { generate } from './generate.ts';

const arg = (name: string, d: number): number => { const i = process.argv.indexOf(name); return i > 0 ? Number(process.argv[i + 1]) : d; };
const FILES = arg('--files', 2000);
const EDITS = arg('--edits', 200);
const WARMUP = 20;
const ROOT = path.resolve(import.meta.dirname, '..');

interface Pub { uri: string; diagnostics: { range: { start: { line: number } }; message: string }[] }

class Server {
  readonly conn: MessageConnection;
  private waiters: ((p: Pub) => boolean)[] = [];
  readonly seen = new Set<string>();
  constructor(readonly proc: ResultPromise, settings: unknown) {
    this.conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: Pub) => {
      this.seen.add(p.uri);
      this.waiters = this.waiters.filter((w) => !w(p));
    });
    this.conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) => p.items.map((i) => (i.section === 'yaml' ? (settings as { yaml: unknown }).yaml : settings)));
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    this.conn.onNotification(() => {});
    this.conn.listen();
  }
  next(pred: (p: Pub) => boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiters.push((p) => { if (!pred(p)) return false; resolve(); return true; });
      void this.proc.finally(() => reject(new Error('the server exited')));
    });
  }
}

async function run(name: string, cmd: string[], dir: string, file: string, settings: unknown, onLine: (d: Pub['diagnostics']) => boolean): Promise<{ times: number[]; rss?: number; startMs: number }> {
  const proc = execa('node', cmd, { cwd: dir, stdin: 'pipe', stdout: 'pipe', stderr: 'ignore', buffer: false, reject: false });
  try {
    const s = new Server(proc, settings);
    const root = pathToFileURL(dir).href;
    const t0 = performance.now();
    await s.conn.sendRequest('initialize', { processId: process.pid, rootUri: root, workspaceFolders: [{ uri: root, name: 'bench' }], capabilities: { workspace: { configuration: true } } });
    await s.conn.sendNotification('initialized', {});
    await s.conn.sendNotification('workspace/didChangeConfiguration', { settings });
    const uri = pathToFileURL(file).href;
    const good = readFileSync(file, 'utf8');
    const bad = good.replace(/^category: (\w+)$/m, 'category: $1X');
    if (bad === good) throw new Error('no category line to edit');
    const opened = s.next((p) => p.uri === uri);
    await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: good } });
    await opened;
    const startMs = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < WARMUP + EDITS; i++) {
      const toBad = i % 2 === 0;
      const got = s.next((p) => p.uri === uri && onLine(p.diagnostics) === toBad);
      const t = performance.now();
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 2 }, contentChanges: [{ text: toBad ? bad : good }] });
      await got;
      if (i >= WARMUP) times.push(performance.now() - t);
    }
    let rss: number | undefined;
    try { rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${proc.pid}/status`, 'utf8'))?.[1]) / 1024; } catch { /* not Linux */ }
    await s.conn.sendRequest('shutdown');
    s.conn.dispose();
    console.error(`${name}: done`);
    return { times, startMs, ...(rss ? { rss } : {}) };
  } finally {
    proc.kill('SIGKILL');
    await proc.catch(() => undefined);
  }
}

const pct = (xs: number[], p: number): number => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!; };

const dir = path.join(os.tmpdir(), `tplsync-bench-lsp-${process.pid}`);
try {
  mkdirSync(dir, { recursive: true });
  generate(dir, FILES);
  // the files' modeline ($schema=../schema/template.schema.json) resolves for yaml-language-server
  mkdirSync(path.join(dir, 'templates', 'schema'), { recursive: true });
  copyFileSync(path.join(ROOT, 'schema', 'template.schema.json'), path.join(dir, 'templates', 'schema', 'template.schema.json'));
  const file = path.join(dir, 'templates', '0', 'template_3.yaml');
  const categoryLine = readFileSync(file, 'utf8').split('\n').findIndex((l) => l.startsWith('category:'));
  const flagged = (d: Pub['diagnostics']): boolean => d.some((x) => x.range.start.line === categoryLine);
  const tplsync = await run('tplsync lsp', [path.join(ROOT, 'bin', 'tplsync.cjs'), 'lsp', '--stdio'], dir, file, {}, flagged);
  const yamlSettings = { yaml: { validate: true, hover: false, completion: false, format: { enable: false }, schemaStore: { enable: false } } };
  const yls = await run('yaml-language-server', [path.join(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server'), '--stdio'], dir, file, yamlSettings, flagged);
  // its fixed 200 ms wait before validating taken out: its schema validation of the edit alone
  const ylsNow = await run('yaml-language-server, no wait', [path.join(ROOT, 'bench', 'yaml-ls-no-delay.cjs'), '--stdio'], dir, file, yamlSettings, flagged);
  console.log(`${FILES} files, ${EDITS} edits of one open file (after ${WARMUP} to warm up), edit -> its diagnostics:`);
  console.log('server                           p50 ms   p95 ms   first diagnostics ms   RSS MB');
  for (const [n, r] of [['tplsync lsp', tplsync], ['yaml-language-server', yls], ['yaml-language-server, no wait', ylsNow]] as const) {
    console.log(`${n.padEnd(31)} ${pct(r.times, 50).toFixed(1).padStart(7)}  ${pct(r.times, 95).toFixed(1).padStart(7)}  ${r.startMs.toFixed(0).padStart(21)}  ${r.rss ? r.rss.toFixed(0).padStart(7) : '      ?'}`);
  }
  console.log(`p95 ratio tplsync / yaml-language-server: ${(pct(tplsync.times, 95) / pct(yls.times, 95)).toFixed(2)}; against its validation alone (no wait): ${(pct(tplsync.times, 95) / pct(ylsNow.times, 95)).toFixed(2)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
