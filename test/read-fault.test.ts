// One template the channel will not return (every read of it answers 503) does not stop the rest:
// plan holds it and exits 7 naming it; apply writes every other template, holds it, and exits 5
// saying a re-run continues; the re-run, with the channel healthy again, writes it.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;
let emu: RunningEmulator;
let proxy: Server;
/** the template id whose reads fail (none: the channel is healthy) */
let failing: string | undefined;

test.before(async () => {
  emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const target = new URL(emu.url);
  proxy = createServer((req, res) => {
    if (failing && req.method === 'GET' && req.url!.includes(failing)) {
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 503, message: 'unavailable', errors: [{ code: 'UNAVAILABLE', message: 'unavailable' }] }));
      return;
    }
    const fwd = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => { res.writeHead(r.statusCode!, r.headers); r.pipe(res); });
    req.pipe(fwd);
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
});
test.after(async () => { await emu.close(); await new Promise((ok) => proxy.close(ok)); });

test('a template whose reads keep failing is held; every other one is planned and written; a re-run finishes', async () => {
  const dir = tempDir('tplsync-readfault-');
  try {
    const tag = randomUUID().slice(0, 6).replace(/-/g, '');
    const names = ['one', 'two', 'three'].map((n) => `${n}_${tag}`);
    const files: Record<string, string> = {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: http://127.0.0.1:${(proxy.address() as AddressInfo).port}\n    apiKeyEnv: RF_KEY\n    retries: 1\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    };
    for (const n of names) files[`templates/${n}.en_US.yaml`] = VALID.replace('order_ready', n);
    writeFiles(dir, files);
    failing = templateId(CHANNEL_A, names[1]!, 'en_US');
    const env = { RF_KEY: KEY };

    const plan = await cliIn(['plan', '--out', 'saved.json'], { cwd: dir, env });
    assert.is(plan.exitCode, 7, plan.stdout + plan.stderr);
    assert.match(plan.stdout, `! held   shop-whatsapp/${names[1]}/en_US`);
    assert.match(plan.stdout, 'could not be read from the channel');
    assert.match(plan.stdout, '2 to create');
    assert.match(plan.stdout, 'Plan for remote: 2 to create, 0 to update, 0 unchanged, 1 held (not read).');
    // the saved plan keeps what it held back: applied later (the read works again), it writes the rest, names it and exits 5
    assert.equal((JSON.parse(readFileSync(path.join(dir, 'saved.json'), 'utf8')) as { held?: { name: string; kind?: string }[] }).held?.map((h) => [h.name, h.kind]), [[names[1], 'not-read']]);
    failing = undefined;
    const fromSaved = await cliIn(['apply', '--auto-approve', 'saved.json', '--results', 'saved-results.json'], { cwd: dir, env });
    assert.is(fromSaved.exitCode, 5, fromSaved.stdout + fromSaved.stderr);
    assert.match(fromSaved.stderr, `the plan held back shop-whatsapp/${names[1]}/en_US when it was made`);
    assert.match(fromSaved.stderr, 'a new plan includes it (tplsync plan --out FILE --env remote)');
    // the closing line counts it: "2 created, 0 failed" alone read as a full success of 3 files (exit 5)
    assert.match(fromSaved.stdout, 'Applied to remote: 2 created, 0 updated, 0 failed, 1 held (not read).');
    assert.equal((JSON.parse(readFileSync(path.join(dir, 'saved-results.json'), 'utf8')) as { summary: { held?: number } }).summary.held, 1);
    failing = templateId(CHANNEL_A, names[1]!, 'en_US');

    const apply = await cliIn(['apply', '--auto-approve', '--results', 'results.json'], { cwd: dir, env });
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.match(apply.stdout, /0 to create, 0 to update, 2 unchanged|No changes/, apply.stdout);
    assert.match(apply.stderr, '1 template could not be read from the channel');
    // the results list it too: a reader of the artifact sees why the run exits 5
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { held?: { kind?: string; name: string }[]; summary: { held?: number } };
    assert.is(results.summary.held, 1);
    assert.equal(results.held?.map((h) => h.kind), ['not-read']);
    assert.match(apply.stderr, 'a re-run is safe');

    failing = undefined;
    const again = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
    assert.match(again.stdout, '1 created');
    const done = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(done.exitCode, 0, done.stdout + done.stderr);
  } finally { cleanup(dir); failing = undefined; }
});

test('when no template can be read, plan and apply exit 7 and write nothing, as before', async () => {
  const dir = tempDir('tplsync-readfault-');
  try {
    const name = `only_${randomUUID().slice(0, 6).replace(/-/g, '')}`;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: http://127.0.0.1:${(proxy.address() as AddressInfo).port}\n    apiKeyEnv: RF_KEY\n    retries: 1\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      [`templates/${name}.en_US.yaml`]: VALID.replace('order_ready', name),
    });
    failing = templateId(CHANNEL_A, name, 'en_US');
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { RF_KEY: KEY } });
    assert.is(apply.exitCode, 7, apply.stdout + apply.stderr);
  } finally { cleanup(dir); failing = undefined; }
});

test.run();
