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

test("keys that hold their environment's name (key-production-…): plan --out, promote --out and apply FILE name the environments; neither key, nor any run of 8 of it past the name, in any output or file (trial-az F1)", async () => {
  const KEYS = { staging: `key-staging-${randomUUID()}`, production: `key-production-${randomUUID()}` };
  const [stg, prod] = await Promise.all([startEmulator({ keys: [KEYS.staging], reviewDelayMs: 0, statusDelayMs: 0 }), startEmulator({ keys: [KEYS.production], reviewDelayMs: 0, statusDelayMs: 0 })]);
  const dir = tempDir();
  const template = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order from the production line is ready for pickup."\n  examples: { 1: Ana }\n`;
  try {
    const env = (name: string) => `  ${name}:\n    baseUrl: ${(name === 'staging' ? stg : prod).url}\n    apiKeyEnv: TPLSYNC_${name.toUpperCase()}_API_KEY\n    channels: { shop-whatsapp: ${name === 'staging' ? CHANNEL_A : CHANNEL_B} }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n${env('staging')}${env('production')}channels: { shop-whatsapp: { kind: whatsapp } }\n`,
      'templates/production_notice.yaml': template('production_notice'), 'templates/staging_ready.yaml': template('staging_ready'),
    });
    const vars = { TPLSYNC_STAGING_API_KEY: KEYS.staging, TPLSYNC_PRODUCTION_API_KEY: KEYS.production };
    const out: string[] = [];
    const run = async (args: string[]) => { const r = await cli(args, { cwd: dir, env: vars }); out.push(r.stdout, r.stderr); return r; };
    assert.is((await run(['apply', '--env', 'staging', '--auto-approve'])).exitCode, 0);
    const promoted = await run(['promote', '--from', 'staging', '--to', 'production', '--out', 'promotion.json']);
    assert.is(promoted.exitCode, 0, promoted.stderr);
    assert.match(promoted.stdout, /Promotion from staging to production: 2 templates/);
    const promotion = JSON.parse(readFileSync(path.join(dir, 'promotion.json'), 'utf8')) as { environment: string; source: { environment: string } };
    assert.equal([promotion.environment, promotion.source.environment], ['production', 'staging']);
    const applied = await run(['apply', '--auto-approve', 'promotion.json']);
    assert.is(applied.exitCode, 0, applied.stderr);
    assert.match(applied.stdout, /Applied to production: 2 created/);
    writeFiles(dir, { 'templates/production_extra.yaml': template('production_extra') });
    const planned = await run(['plan', '--env', 'production', '--out', 'p.plan.json']);
    assert.is(planned.exitCode, 0, planned.stderr);
    assert.match(planned.stdout, /\+ create shop-whatsapp\/production_extra\/en_US/);
    assert.match(planned.stdout, /Plan for production: 1 to create/);
    assert.is((JSON.parse(readFileSync(path.join(dir, 'p.plan.json'), 'utf8')) as { environment: string }).environment, 'production');
    const again = await run(['apply', '--auto-approve', 'p.plan.json']);
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stdout, /Applied to production: 1 created/);
    const unknown = await run(['plan', '--env', 'prod']);
    assert.is(unknown.exitCode, 3);
    assert.match(unknown.stderr, /\(the config has: staging, production\)/);
    // the canary: neither key, nor a run of 8 of one that is not inside its environment's name, anywhere
    const runs = Object.entries(KEYS).flatMap(([name, key]) => [...Array(key.length - 7).keys()].map((i) => key.slice(i, i + 8).toLowerCase()).filter((w) => !name.includes(w)));
    const leak = (text: string) => { const t = text.toLowerCase(); return Object.values(KEYS).some((k) => t.includes(k.toLowerCase())) || runs.some((w) => t.includes(w)); };
    for (const [i, text] of out.entries()) assert.not.ok(leak(text), `output ${i} holds a key's run: ${text}`);
    for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
      const p = path.join(dir, f);
      if (statSync(p).isFile()) assert.not.ok(leak(readFileSync(p, 'utf8')), `${f} holds a key's run`);
    }
  } finally { cleanup(dir); await Promise.all([stg.close(), prod.close()]); }
});

test.run();
