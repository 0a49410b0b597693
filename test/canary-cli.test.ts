// The API key never appears in anything the CLI prints or writes: plan, apply (with faults),
// saved plans, results, send, status; and plain http to a non-loopback host is refused.
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateText } from '../bench/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cli, cliIn, tempDir, writeFiles } from './helpers.ts';

test('a canary key is in no output and no file, through plan, apply under faults, send and status', async () => {
  const CANARY = `canary-${randomUUID()}`;
  const logs: string[] = [];
  const emu = await startEmulator({ keys: [CANARY], reviewDelayMs: 0, statusDelayMs: 0, log: (l) => logs.push(l) });
  const dir = tempDir();
  try {
    const files: Record<string, string> = {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  prod:\n    baseUrl: ${emu.url}\n    apiKeyEnv: MY_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
    };
    for (let i = 0; i < 8; i++) files[`templates/t${i}.yaml`] = templateText(i).replace(`template_${i}`, `c${i}_${randomUUID().slice(0, 6)}`);
    writeFiles(dir, files);
    const env = { MY_KEY: CANARY };
    const out: string[] = [];
    // as a child process: what leaves the process (its own streams, Node's report of a crash) is what is checked
    const run = async (args: string[], e: Record<string, string | undefined> = env) => { const r = await cli(args, { cwd: dir, env: e }); out.push(r.stdout, r.stderr); return r; };
    emu.setFaults({ seed: 4, errorRate: 0.3, rateLimitRate: 0.1, retryAfterSec: 0, resetRate: 0.1, lostResponseRate: 0.1 });
    await run(['plan', '--out', 'plan.json']);
    await run(['apply', '--auto-approve', 'plan.json', '--results', 'results.json']);
    await run(['apply', '--auto-approve', '--results', 'results2.json']);
    emu.setFaults({ errorRate: 1 });
    await run(['plan']);
    emu.setFaults({});
    const sent = await run(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000099', '--text', 'hello']);
    await run(['status', sent.stdout.trim(), '--all']);
    const debug = await run(['plan', '--debug']);
    assert.match(debug.stderr, /tplsync: http GET \/channel\/[0-9a-f-]+\/template\/[0-9a-f-]+ -> ok \d+ ms/);
    await run(['plan'], { MY_KEY: `${CANARY}-wrong` });
    await run(['plan', '--debug'], { MY_KEY: `${CANARY}-wrong` });
    assert.ok(out.join('').length > 500, 'the commands printed something to check');
    for (const [i, text] of out.entries()) assert.not.ok(text.includes(CANARY), `output ${i} holds the key`);
    for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const p = path.join(dir, f);
      if (statSync(p).isFile()) assert.not.ok(readFileSync(p, 'utf8').includes(CANARY), `${f} holds the key`);
    }
    assert.not.ok(logs.join('\n').includes(CANARY), 'emulator log');
  } finally { cleanup(dir); await emu.close(); }
});

test('a server that echoes the key (or GitHub the token) back in its errors: every command prints it redacted', async () => {
  const CANARY = `canary-${randomUUID()}`;
  const TOKEN = `ghs_canary${randomUUID().replace(/-/g, '')}`;
  const json = (res: ServerResponse, status: number, v: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
  // a partner API that quotes the key it was sent in every error, as some services do
  const api = createServer((req, res) => {
    const key = String(req.headers.apikey ?? '');
    req.resume();
    if (req.url!.startsWith('/chatapp-message-status/')) return json(res, 200, { result: { errcode: 40001, errmsg: `invalid credential ${key}` }, status: { errcode: 40001, errmsg: `invalid credential ${key}`, next_cursor: '', send_list: [] } });
    if (req.url!.endsWith('/conversation')) return json(res, 400, { code: 400, message: `bad request for key ${key}`, errors: [{ code: 'BAD', message: `key=${encodeURIComponent(key)}` }] });
    if (req.method === 'POST') return json(res, 409, { code: 409, message: `conflict (${key})` });
    return json(res, 400, { code: 400, message: `invalid credential ${key}` });
  });
  // GitHub answering with the token it was sent
  const gh = createServer((req, res) => { req.resume(); json(res, 422, { message: `Validation Failed for ${req.headers.authorization}` }); });
  await Promise.all([api, gh].map((s) => new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok))));
  const url = (s: typeof api) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  prod:\n    baseUrl: ${url(api)}\n    apiKeyEnv: MY_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
      'templates/t1.yaml': templateText(1), 'plan.md': '## plan\n',
    });
    const env = { MY_KEY: CANARY, GITHUB_TOKEN: TOKEN, GITHUB_API_URL: url(gh), GITHUB_REPOSITORY: 'acme/shop' };
    const results = [
      await cliIn(['status', randomUUID()], { cwd: dir, env }),
      await cliIn(['status', randomUUID(), '--all', '--format', 'json', '--debug'], { cwd: dir, env }),
      await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000099', '--text', 'hi'], { cwd: dir, env }),
      await cliIn(['plan', '--debug'], { cwd: dir, env }),
      await cliIn(['comment', '--body-file', 'plan.md', '--pr', '7'], { cwd: dir, env }),
    ];
    const all = results.map((r) => r.stdout + r.stderr).join('\n');
    assert.match(results[0]!.stderr, /invalid credential \[redacted\]/, 'status says what the server said, without the key');
    assert.match(results[4]!.stderr, /Validation Failed for Bearer \[redacted\]/, 'comment says what GitHub said, without the token');
    assert.not.ok(all.includes(CANARY), all);
    assert.not.ok(all.includes(encodeURIComponent(CANARY)), all);
    assert.not.ok(all.includes(TOKEN), all);
  } finally { cleanup(dir); api.close(); gh.close(); }
});

test('plain http to a host that is not this machine is refused (exit 3) unless allowed', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `environments:\n  prod:\n    baseUrl: http://api.example.com\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/t.yaml': templateText(1),
    });
    const r = await cliIn(['plan'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k' } });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /Refusing to send the API key over plain http to api.example.com/);
    const missing = await cliIn(['plan'], { cwd: dir, env: { TPLSYNC_API_KEY: undefined } });
    assert.is(missing.exitCode, 3);
    assert.match(missing.stderr, /environment variable TPLSYNC_API_KEY/);
  } finally { cleanup(dir); }
});

test.run();
