// Exit codes from the table and network errors that say where they tried: an unknown message id
// is a usage error (3), a refused connection names host and port (7), a port fetch will never
// connect to fails at once (3, no attempt made).
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { cleanup, cliIn, refusedUrl, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
/** a URL nothing answers at, for as long as the test runs */
const deadUrl = refusedUrl;

const config = (url: string) => `environments:\n  t:\n    baseUrl: ${url}\n    apiKeyEnv: TPLSYNC_TEST_KEY\n    channels: {}\n`;

test('status of an id nothing was sent with: exit 3 (usage), with what the service said', async () => {
  const emu = await startEmulator({ keys: [KEY] });
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(emu.url) });
    const id = randomUUID();
    const r = await cliIn(['status', id], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, new RegExp(`No messages were sent with clientMessageId ${id}`));
  } finally { cleanup(dir); await emu.close(); }
});

test('status of an id given in capitals asks for it in small letters, as send sends it (a service that keys ids as sent)', async () => {
  const { createServer } = await import('node:http');
  const id = randomUUID();
  const asked: string[] = [];
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if ((req.url ?? '').includes(`/chatapp-message-status/${id}`)) { res.end(JSON.stringify({ result: { errcode: 0, errmsg: 'ok', msgid: id }, status: { errcode: 0, errmsg: 'ok', send_list: [{ external_userid: '+4915112345678', userid: 'u1', status: 1 }], next_cursor: '' } })); return; }
    res.writeHead(400); res.end(JSON.stringify({ code: 400, message: 'unknown clientMessageId', errors: [] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(`http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`) });
    const r = await cliIn(['status', id.toUpperCase()], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
    assert.is(r.exitCode, 0, r.stdout + r.stderr + asked.join(' '));
    assert.ok(asked.every((u) => !u.includes(id.toUpperCase())), asked.join(' '));
  } finally { cleanup(dir); server.close(); }
});

test('status whose result part fails beside a status part that says ok: the message is the failing part\'s', async () => {
  const { createServer } = await import('node:http');
  const id = randomUUID();
  const server = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ result: { errcode: 40001, errmsg: 'quota exceeded' }, status: { errcode: 0, errmsg: 'ok', send_list: [], next_cursor: '' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(`http://127.0.0.1:${(server.address() as import('node:net').AddressInfo).port}`) });
    const r = await cliIn(['status', id], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'errcode 40001: quota exceeded');
  } finally { cleanup(dir); server.close(); }
});

test('a refused connection names the host and port it tried (exit 7)', async () => {
  const url = await deadUrl();
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `${config(url)}    retries: 0\n` });
    const r = await cliIn(['status', randomUUID()], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
    assert.is(r.exitCode, 7, r.stderr);
    assert.match(r.stderr, new RegExp(`network error ECONNREFUSED \\(${new URL(url).host.replace(/\./g, '\\.')}\\)`));
  } finally { cleanup(dir); }
});

test('an environment\'s retries: the number of attempts a request makes before exit 7 (default 4 retries, 0 and 1 as set); a number out of 0..10 is a config problem', async () => {
  const url = await deadUrl();
  const dir = tempDir();
  try {
    for (const [setting, attempts] of [['', 0], ['    retries: 0\n', 1], ['    retries: 1\n', 2]] as const) {
      writeFiles(dir, { 'tplsync.config.yaml': config(url) + setting });
      const r = await cliIn(['status', randomUUID(), '--debug'], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
      assert.is(r.exitCode, 7, r.stderr);
      if (!setting) { assert.match(r.stderr, /gave up after 5 attempts/); continue; }
      assert.is(r.stderr.split('\n').filter((l) => l.startsWith('tplsync: http GET ')).length, attempts, r.stderr);
      assert.match(r.stderr, attempts === 1 ? /ECONNREFUSED .*\(not tried again: retries is 0\); nothing answers at 127\.0\.0\.1:\d+: start the API there \(or tplsync emulator\), or check the environment's baseUrl/ : /gave up after 2 attempts/);
      // the last attempt is not labelled a retry
      assert.match(r.stderr.split('\n').filter((l) => l.startsWith('tplsync: http GET ')).pop()!, /-> failed, no retry left \(network error ECONNREFUSED/);
    }
    writeFiles(dir, { 'tplsync.config.yaml': config(url) + '    retries: 11\n' });
    const bad = await cliIn(['status', randomUUID()], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
    assert.is(bad.exitCode, 3, bad.stderr);
    assert.match(bad.stderr, /retries/);
  } finally { cleanup(dir); }
});

test('a "bad port" (9, 6000, ...) fails at once with that reason, no request attempted (exit 3); GitHub too', async () => {
  const dir = tempDir();
  try {
    for (const port of [9, 6000]) {
      writeFiles(dir, { 'tplsync.config.yaml': config(`http://127.0.0.1:${port}`), 'plan.md': 'x' });
      const r = await cliIn(['status', randomUUID(), '--debug'], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, new RegExp(`fetch refuses to connect to port ${port} \\(one of the "bad ports"`));
      assert.not.match(r.stderr, /tplsync: http |gave up after/, 'no attempt, no retry');
      const gh = await cliIn(['comment', '--body-file', 'plan.md', '--repo', 'a/b', '--pr', '1'], { cwd: dir, env: { GITHUB_TOKEN: 'ghs_xxxxxxxxxxxx', GITHUB_API_URL: `http://127.0.0.1:${port}` } });
      assert.is(gh.exitCode, 3, gh.stderr);
      assert.match(gh.stderr, new RegExp(`port ${port}`));
    }
  } finally { cleanup(dir); }
});

test.run();
