// What the project's code prints (a JavaScript config, a policy plugin: code tplsync runs in its
// own process) goes to stderr, masked like tplsync's own output: never into stdout, where it broke
// a JSON or SARIF report and the language server's message framing, and showed the key in clear
// (trial-au F2/F3). Only a process shows it: the bin routes the process's console, and the server
// owns the process's stdout.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pathToFileURL } from 'node:url';
import path from 'node:path';
import { execa } from 'execa';
import { BIN, CHANNEL_A, cleanup, cli, tempDir, VALID, withChild, writeFiles } from './helpers.ts';

const KEY = 'CANARYk3y-Pc7Lw2Xq9Rt5Vb';

/**
 * a project whose JavaScript config and policy plugin print the key, as they run and when the plugin's rule runs
 * (`stdout`: the plugin also writes process.stdout itself, which the server alone takes from it: a command's report is
 * written there by tplsync)
 */
function loudProject(stdout = false): string {
  const dir = tempDir('tplsync-project-console-');
  writeFiles(dir, {
    'tplsync.config.cjs': `console.log('config sees key ' + process.env.LOUD_KEY);
console.info({ also: process.env.LOUD_KEY });
module.exports = {
  templates: ['templates/**/*.yaml'],
  defaultEnvironment: 'dev',
  environments: { dev: { baseUrl: 'http://127.0.0.1:9', apiKeyEnv: 'LOUD_KEY', channels: { 'shop-whatsapp': '${CHANNEL_A}' } } },
  policies: [{ plugin: './policies/loud.mjs' }],
};
`,
    'policies/loud.mjs': `console.log('plugin loaded');
${stdout ? "process.stdout.write('plugin writes stdout\\n');\n" : ''}export default [{ id: 'loud', severity: 'info', check() { console.log('plugin checks with ${KEY}'); return []; } }];
`,
    'templates/order_ready.yaml': VALID,
  });
  return dir;
}

test('lint --format json and sarif with a JavaScript config and a plugin that print: stdout is the report alone, their lines on stderr with the key masked', async () => {
  const dir = loudProject();
  try {
    for (const format of ['json', 'sarif']) {
      const r = await cli(['lint', '--format', format], { cwd: dir, env: { LOUD_KEY: KEY } });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.not.throws(() => JSON.parse(r.stdout), `${format}: stdout is the report, parsed whole`);
      assert.match(r.stderr, 'config sees key [redacted]');
      assert.match(r.stderr, 'plugin loaded');
      assert.match(r.stderr, 'plugin checks with [redacted]');
      assert.not.match(r.stdout + r.stderr, KEY);
    }
  } finally { cleanup(dir); }
});

/** the messages of a raw LSP output, framed strictly (Content-Length header, blank line, body): throws at anything else */
function frames(raw: Buffer): { id?: number; method?: string; params?: unknown; result?: unknown }[] {
  const out: { id?: number; method?: string }[] = [];
  let at = 0;
  while (at < raw.length) {
    const head = raw.indexOf('\r\n\r\n', at);
    if (head < 0) throw new Error(`a partial header at byte ${at}: ${JSON.stringify(raw.subarray(at, at + 80).toString())}`);
    const m = /^Content-Length: (\d+)$/.exec(raw.subarray(at, head).toString('utf8'));
    if (!m) throw new Error(`not a header at byte ${at}: ${JSON.stringify(raw.subarray(at, head).toString().slice(0, 120))}`);
    const end = head + 4 + Number(m[1]);
    out.push(JSON.parse(raw.subarray(head + 4, end).toString('utf8')) as { id?: number; method?: string });
    at = end;
  }
  return out;
}

const send = (msg: object): string => { const body = JSON.stringify({ jsonrpc: '2.0', ...msg }); return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`; };

test('lsp --stdio: the config\'s and the plugin\'s prints (console and process.stdout) never reach the protocol stream; they go to stderr, masked', async () => {
  const dir = loudProject(true);
  try {
    const file = path.join(dir, 'templates', 'order_ready.yaml');
    const uri = pathToFileURL(file).href;
    await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, env: { LOUD_KEY: KEY }, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      proc.stderr!.on('data', (b: Buffer) => err.push(b));
      // the file's diagnostics published: the config was read and the plugin's rule ran
      const published = new Promise<void>((resolve, reject) => {
        proc.stdout!.on('data', (b: Buffer) => {
          out.push(b);
          if (Buffer.concat(out).includes('"textDocument/publishDiagnostics"') && Buffer.concat(out).includes(JSON.stringify(uri).slice(1, -1))) resolve();
        });
        void proc.finally(() => reject(new Error(`the server exited: ${Buffer.concat(err).toString()}`)));
      });
      proc.stdin!.write(send({ id: 1, method: 'initialize', params: { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'p' }] } }));
      proc.stdin!.write(send({ method: 'initialized', params: {} }));
      proc.stdin!.write(send({ method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'yaml', version: 1, text: VALID } } }));
      await published;
      proc.stdin!.write(send({ id: 2, method: 'shutdown' }));
      proc.stdin!.write(send({ method: 'exit' }));
      await proc;
      const raw = Buffer.concat(out);
      const messages = frames(raw);
      assert.ok(messages.some((x) => x.id === 1 && x.result !== undefined), 'the initialize answer');
      assert.ok(messages.some((x) => x.method === 'textDocument/publishDiagnostics'), 'the diagnostics');
      const stderr = Buffer.concat(err).toString('utf8');
      assert.match(stderr, 'config sees key [redacted]');
      assert.match(stderr, 'plugin writes stdout');
      assert.match(stderr, 'plugin checks with [redacted]');
      assert.not.match(raw.toString('utf8') + stderr, KEY);
    });
  } finally { cleanup(dir); }
});

test.run();
