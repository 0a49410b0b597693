// A pull that wrote some templates' files and then could not read the next (the API lost, its retries spent) is a
// partial pull: it says how many files it wrote and how many templates it did not read, and exits 5, as an interrupted
// pull says what it wrote. (trial-aa F5: `pull --all` that wrote 13 of 20 files exited 7, "nothing was written", with
// the error alone.)
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const file = (name: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer}}, ${name}."\n  examples: { customer: Ann }\n`;
const env = { TPLSYNC_API_KEY: 'k' };

test('F5: a read that fails after a file was written: "1 written, 2 not read: pull again", exit 5', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const failing = templateId(CHANNEL_A, 'two', 'en_US');
  // the emulator behind a proxy that answers 500 to every read of one template
  const proxy = createServer((req, res) => {
    if (req.url?.includes(failing)) { res.writeHead(500, { 'content-type': 'application/json' }); res.end('{"message":"injected"}'); return; }
    const u = new URL(emu.url);
    const fwd = request({ host: u.hostname, port: u.port, path: req.url, method: req.method, headers: req.headers }, (r) => { res.writeHead(r.statusCode ?? 502, r.headers); r.pipe(res); });
    req.pipe(fwd);
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
  const dir = tempDir('tplsync-pull-partial-');
  try {
    const config = (url: string) => `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${url}\n    retries: 0\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`;
    writeFiles(dir, { 'tplsync.config.yaml': config(emu.url), 'templates/one.en_US.yaml': file('one'), 'templates/two.en_US.yaml': file('two'), 'templates/three.en_US.yaml': file('three') });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    // the files gone (another clone): pull writes them anew
    rmSync(path.join(dir, 'templates'), { recursive: true });
    writeFiles(dir, { 'tplsync.config.yaml': config(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`) });
    const ids = ['one', 'two', 'three'].map((n) => templateId(CHANNEL_A, n, 'en_US'));
    // one read at a time, so that which were read before the failure is known (at once, the reads in flight finish and are written too)
    const r = await cliIn(['pull', '--channel', 'wa', '--dir', 'pulled', '--parallelism', '1', ...ids.flatMap((id) => ['--id', id])], { cwd: dir, env: { ...env, TPLSYNC_ALLOW_INSECURE_HTTP: '1' } });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, 'pulled/one.en_US.yaml');
    assert.ok(existsSync(path.join(dir, 'pulled/one.en_US.yaml')));
    assert.not.ok(existsSync(path.join(dir, 'pulled/three.en_US.yaml')));
    assert.match(r.stderr, 'HTTP 500');
    assert.match(r.stderr, 'pull stopped: 1 template file written (listed above), each whole; 2 templates were not read: pull again to get them');
  } finally { cleanup(dir); proxy.close(); await emu.close(); }
});

test.run();
