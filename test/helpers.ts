// Test helpers: real temp dirs, and the real CLI: in this process (cliIn) or as a child process (cli).
import { cpSync, mkdtempSync, mkdirSync, symlinkSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { execa, type Options, type ResultPromise } from 'execa';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = path.join(ROOT, 'bin', 'tplsync.cjs');
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');

/**
 * A temp project of the repository's sample templates and config, with tplsync itself as its
 * node_modules/tplsync (the checkout, linked) and an ESM package.json: where generated types are
 * compiled as a service would compile them.
 */
export function typesProject(prefix: string): string {
  const dir = tempDir(prefix);
  cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  return dir;
}

export function tempDir(prefix = 'tplsync-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function writeFiles(dir: string, files: Record<string, string | Uint8Array>): void {
  for (const [name, content] of Object.entries(files)) {
    const p = path.join(dir, name);
    mkdirSync(path.dirname(p), { recursive: true });
    writeFileSync(p, content);
  }
}

export function cleanup(dir: string): void { rmSync(dir, { recursive: true, force: true }); }

/** `files` written into a temporary folder for the length of `use`, which is given its path; removed after, also on failure */
/**
 * A loopback URL whose port refuses connections (ECONNREFUSED), and keeps refusing while the test
 * runs: a port below 1024, which only root can bind and no test does, checked refused first. A port
 * taken and let go (a closed server's) does not: the suite's other files are given ephemeral ports
 * all the time, and one got the port between a test's attempts (exits.test.ts answered 401 at its
 * fifth attempt). None of these is one of fetch's "bad ports".
 */
export async function refusedUrl(): Promise<string> {
  const { connect } = await import('node:net');
  for (const port of [2, 3, 4, 5, 6, 8, 10, 12]) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = connect({ host: '127.0.0.1', port });
      s.once('connect', () => { s.destroy(); resolve(false); });
      s.once('error', (e: NodeJS.ErrnoException) => resolve(e.code === 'ECONNREFUSED'));
    });
    if (refused) return `http://127.0.0.1:${port}`;
  }
  throw new Error('refusedUrl: every low loopback port tried answers or fails otherwise');
}

export async function inProjectDir(files: Record<string, string | Uint8Array>, use: (dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    writeFiles(dir, files);
    await use(dir);
  } finally { cleanup(dir); }
}

export interface CliResult { exitCode: number; stdout: string; stderr: string }

/** Runs `tplsync ARGS` as a user would: a child process, no TTY. */
export async function cli(args: string[], opts: { cwd?: string; env?: Record<string, string | undefined>; input?: string } = {}): Promise<CliResult> {
  const o: Options = {
    cwd: opts.cwd ?? ROOT,
    reject: false,
    // (GITHUB_ACTIONS: a suite run in GitHub Actions would annotate and name files from the checkout's root: a test sets it when it means to)
    env: { NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_STEP_SUMMARY: undefined, CI: undefined, GITHUB_ACTIONS: undefined, ...opts.env },
    extendEnv: true,
    stdin: opts.input === undefined ? 'ignore' : 'pipe',
    ...(opts.input !== undefined ? { input: opts.input } : {}),
    timeout: 120_000,
  };
  const r = await execa('node', [BIN, ...args], o);
  return { exitCode: r.exitCode ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

/** the variables a CLI run of the tests sees: the process's, without colour or CI settings, with `env` over them (undefined removes one) */
export function cliEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  // (npm_command: how npm ran the suite, which the hints' `npx tplsync` follows: a test sets it when it means to)
  const all: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_STEP_SUMMARY: undefined, CI: undefined, GITHUB_ACTIONS: undefined, npm_command: undefined, ...env };
  for (const [k, v] of Object.entries(all)) if (v === undefined) delete all[k];
  return all;
}

/** a stream that keeps what is written to it, as a child's captured stdout would (no TTY) */
class Captured extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, enc: BufferEncoding, done: (e?: Error | null) => void): void {
    this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, enc));
    done();
  }
  text(): string { return Buffer.concat(this.chunks).toString('utf8'); }
}

/**
 * Runs `tplsync ARGS` in this process: the CLI's `main` with stdout, stderr, stdin, working
 * directory and variables of its own (src/core/io.ts), as `cli` gives a child; the exit code is
 * what the bin would exit with. For everything but what only a process shows (signals, the exit
 * through the bin, EPIPE, a TTY, the key never leaving the process, a crash, `--version`'s fast
 * path, the emulator command): those stay with `cli`. Runs may overlap; none sees another's I/O.
 * A thrown error (a bug main did not catch) fails the test, as a child's crash would show.
 */
export async function cliIn(args: string[], opts: { cwd?: string; env?: Record<string, string | undefined>; input?: string } = {}): Promise<CliResult> {
  const [{ main }, { runWithIo }] = await Promise.all([import('../src/cli/main.ts'), import('../src/core/io.ts')]);
  const stdout = new Captured();
  const stderr = new Captured();
  const stdin = Readable.from(opts.input === undefined ? [] : [Buffer.from(opts.input, 'utf8')]);
  const exitCode = await runWithIo({ stdout, stderr, stdin, cwd: path.resolve(opts.cwd ?? ROOT), env: cliEnv(opts.env), args }, () => main(args));
  // a child's captured output loses its last newline (execa's stripFinalNewline): so does this one
  return { exitCode, stdout: stripFinal(stdout.text()), stderr: stripFinal(stderr.text()) };
}

const stripFinal = (s: string): string => s.replace(/\r?\n$/, '');

/**
 * Runs `use` with a child process that `start` starts, and ends the child however `use` ends:
 * a failed assertion, a time-out or a throw never leaves it running (it would keep the test
 * process alive). A child `use` already ended is left as it is.
 */
export async function withChild<P extends ResultPromise, T>(start: () => P, use: (proc: P) => Promise<T>): Promise<T> {
  const proc = start();
  try {
    return await use(proc);
  } finally {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
    await proc.catch(() => undefined);
  }
}

/**
 * The first `n` lines a child prints on stdout; rejects when it exits (or its stdout closes)
 * before printing them, with what it printed, so a test never waits on a dead child.
 */
export function firstLines(proc: ResultPromise, n = 1): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    proc.stderr?.on('data', (d: Buffer) => { err += d.toString(); });
    proc.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const lines = out.split('\n');
      if (lines.length > n) resolve(lines.slice(0, n));
    });
    const early = () => reject(new Error(`the child ended before printing ${n} line(s): ${JSON.stringify(out)} ${JSON.stringify(err)}`));
    proc.stdout!.once('close', early);
    proc.once('exit', early);
  });
}

/**
 * `tplsync lint` in this process, for tests of what lint finds (rules, positions, config): the
 * config found from `cwd`, the files of `paths` (or the config's globs), the diagnostics as the
 * JSON format gives them, and the exit code the CLI would choose (without --max-warnings).
 */
export async function lintInProcess(cwd: string, paths: string[] = []): Promise<{ exitCode: number; diagnostics: import('../src/core/diagnostic.ts').Diagnostic[] }> {
  const { loadConfig } = await import('../src/config/load.ts');
  const { lintProject } = await import('../src/lint/run.ts');
  const run = await lintProject(await loadConfig({ cwd }), paths, cwd);
  return { exitCode: run.diagnostics.some((d) => d.severity === 'error') ? 1 : 0, diagnostics: run.diagnostics };
}

/** a config with the local environment and the two sample channel aliases */
export { BENCH_CONFIG as CONFIG } from '../bench/generate.ts';

/** A WhatsApp template of one named placeholder in en_US, the source of the translation tests (a test adds its own footer and the like). */
export const ORDER_SHIPPED_EN = `channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, your order is on its way."
  examples: { customer: Maria }
`;

export { VALID } from '../bench/generate.ts';

/** A valid template write body (wire shape). */
export function writeBody(name = 'order_ready', text = 'Hello {{1}}, your order is ready for pickup at the store.'): import('../src/api/shapes.ts').TemplateWriteRequest {
  return {
    name,
    description: `The ${name} template`,
    chatapp: {
      name, description: `The ${name} template`,
      chatapp: {
        name, language: 'en_US', category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text },
          { type: 'FOOTER', text: 'Reply STOP to opt out' },
          { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track' }, { type: 'URL', text: 'Open', url: 'https://shop.example.com/o/{{1}}', example: ['https://shop.example.com/o/A1'] }] },
        ],
        example: { 1: 'Ana', headerMediaUrl: 'https://cdn.example.com/a.png' },
      },
    },
  };
}

export const CHANNEL_A = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';

/**
 * A config of one environment `test` on a running emulator (`baseUrl`, its key from
 * TPLSYNC_TEST_KEY) with the channel `shop-whatsapp`, and, unless `pageSize` is null, the
 * emulator's template listing (`environments.test.list`; `pageSize`: its page's limit).
 */
export function listedServiceConfig(baseUrl: string, channel: string, pageSize: number | null | undefined = undefined): string {
  const list = pageSize === null ? '' : `    list:\n      path: /channel/{channelId}/templates${pageSize === undefined ? '' : `?limit=${pageSize}`}\n      items: templates\n      id: publicId\n      next: nextCursor\n`;
  return `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: test\nenvironments:\n  test:\n    baseUrl: ${baseUrl}\n    apiKeyEnv: TPLSYNC_TEST_KEY\n    channels:\n      shop-whatsapp: ${channel}\n${list}`;
}

/**
 * A config of one environment on an embedded emulator: its channels (alias -> id) and values
 * (a text, or `{ env: VAR }` for a secret), written as a user writes them.
 */
export function emulatorConfig(o: { env?: string; emulator?: string; channels: Record<string, string>; values?: Record<string, string | { env: string }> }): string {
  const env = o.env ?? 'local';
  const values = Object.entries(o.values ?? {}).map(([k, v]) => `      ${k}: ${typeof v === 'string' ? JSON.stringify(v) : `{ env: ${v.env} }`}\n`).join('');
  return `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: ${env}\nenvironments:\n  ${env}:\n    emulator: ${o.emulator ?? '.tplsync/emulator.json'}\n    channels: { ${Object.entries(o.channels).map(([a, id]) => `${a}: ${id}`).join(', ')} }\n${values ? `    values:\n${values}` : ''}`;
}
export const CHANNEL_B = '3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b';

/** fetch against the emulator with a key (raw HTTP, for what the client would not send) */
export async function raw(url: string, init: RequestInit & { key?: string | null } = {}): Promise<{ status: number; body: unknown; headers: Headers }> {
  const { key = 'k1', ...rest } = init;
  const headers = new Headers(rest.headers);
  if (key !== null) headers.set('apiKey', key);
  const res = await fetch(url, { ...rest, headers });
  const text = await res.text();
  let body: unknown = text;
  try { body = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body, headers: res.headers };
}

/** one request to a test's own service: its method, path (with query) and body as text */
/**
 * `p`, awaited while V8 collects garbage every few milliseconds (its full collection, exposed at run
 * time): what only a weak reference keeps (the target of a timer's WeakRef, a composite signal's
 * sources) is lost as it is in any run long enough for the collector to come by, instead of
 * surviving a short test by chance. After `guardMs` it rejects: a bound to fail on instead of
 * hanging, never a time asserted.
 */
export async function underGc<T>(p: Promise<T>, guardMs = 60_000): Promise<T> {
  const { setFlagsFromString } = await import('node:v8');
  const { runInNewContext } = await import('node:vm');
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  // the flag set back at once (gc stays callable): V8's flags are part of a code cache's key, so a flag left set would make
  // the code caches this process makes rejected by every other process (code-cache.test, run after this in the same worker)
  setFlagsFromString('--no-expose-gc');
  const every = setInterval(gc, 10);
  let guard: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => { guard = setTimeout(() => reject(new Error(`still not settled after ${guardMs / 1000} s`)), guardMs); })]);
  } finally { clearInterval(every); clearTimeout(guard); }
}

export interface ServiceRequest { method: string; url: string; body: string }
/** a test's answer: a status (200 unless said) and a JSON body */
export interface ServiceAnswer { status?: number; body: unknown }

/**
 * A service of the test's own on 127.0.0.1 (a random port) that answers every request with
 * `answer` as JSON: a real HTTP server for what the emulator cannot play (a partner that re-keys
 * templates, answers out of the contract, ...). Close it in the test's `finally`.
 */
export async function jsonService(answer: (req: ServiceRequest) => ServiceAnswer): Promise<{ url: string; close(): void }> {
  const { createServer } = await import('node:http');
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      const a = answer({ method: req.method ?? 'GET', url: req.url ?? '/', body });
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as import('node:net').AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => { server.close(); } };
}

/** the body of the API's answer for a template it does not have */
export const NOT_FOUND_ANSWER: ServiceAnswer = { status: 404, body: { code: 404, message: 'not found', errors: [{ code: 'RESOURCE_NOT_FOUND', message: 'no such template' }] } };

/**
 * A WhatsApp marketing template (channel alias `wa`) whose header and body hold the word Checkout:
 * a word a secret reference may take the place of, which a plan shows rather than masks when a base
 * says it was text (the plan-secret and saved-plan tests).
 */
export const WINTER_CHECKOUT = `channel: wa
name: winter_checkout
language: en_US
category: MARKETING
header: { format: TEXT, text: "Winter Checkout offer" }
body:
  text: "Hi {{1}}, use the coupon Checkout at checkout to save 15% on boots."
  examples: { 1: Ana }
footer: Reply STOP to opt out
`;

/** POST /_emulator/review on a running emulator with its control token (a template's state, rating or pause moved): the status answered */
export async function emulatorReview(emu: { url: string; controlToken: string }, body: unknown): Promise<number> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}
