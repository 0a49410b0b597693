// `send --dry-run`: everything a send does up to its request (the file's lint, the values, the
// channel's copy read and compared, the message rendered and checked), the same refusals and exit
// codes, and the request shown instead of made (text, or send.v1 with outcome dry-run); never the key.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Dr5`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, statusDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const validSend = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'send.v1.schema.json'), 'utf8')));
const ORDER = (name: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer}}, your order is ready for pickup at the store."\n  examples: { customer: Ana }\nbuttons:\n  - { type: QUICK_REPLY, text: Thanks }\n`;

async function control(body: unknown): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.is(res.status, 200, await res.text());
}

async function applied(use: (p: { dir: string; name: string; id: string; run: (args: string[]) => ReturnType<typeof cliIn> }) => Promise<void>): Promise<void> {
  const dir = tempDir('tplsync-dry-run-');
  const name = `ready_${Math.random().toString(36).slice(2, 8)}`;
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    retries: 1\n    apiKeyEnv: DR_KEY\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/order.yaml': ORDER(name),
    });
    const run = (args: string[]) => cliIn(args, { cwd: dir, env: { DR_KEY: KEY } });
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const id = (JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { publicId: string }[] }).changes[0]!.publicId;
    await use({ dir, name, id, run });
  } finally { cleanup(dir); }
}

const send = (name: string, extra: string[] = []) => ['send', '--to', '+4915100000077', '--template', name, '--param', 'customer=Maria', '--dry-run', ...extra];

test('an APPROVED template: the request it would make, after the gate; nothing sent, exit 0; text and json (send.v1, outcome dry-run); the key nowhere', async () => {
  await applied(async ({ name, run }) => {
    const before = emu.state.conversations.size;
    const r = await run(send(name));
    assert.is(r.exitCode, 0, r.stderr);
    assert.ok(r.stdout.startsWith(`Dry run: wa/${name}/en_US to +4915100000077 would be sent; nothing was sent.\n`), r.stdout);
    assert.match(r.stdout, 'the channel has it APPROVED and it matches the file');
    assert.match(r.stdout, `POST /channel/${CHANNEL_A}/conversation`);
    assert.match(r.stdout, '"message": "Hello Maria, your order is ready for pickup at the store."');
    assert.match(r.stdout, '"receiver": "+4915100000077"');
    const id = '5E0D1C2B-3A49-4C8D-9E7F-000000000077';
    const j = await run([...send(name), '--format', 'json', '--client-message-id', id]);
    assert.is(j.exitCode, 0, j.stderr);
    const doc = JSON.parse(j.stdout) as { outcome: string; clientMessageId: string; messages: unknown[]; request: { method: string; path: string; body: { clientMessageId: string; messages: { data: { message: string }; suggestions?: { text: string }[] }[] } }; remoteCheck: { status: string } | null };
    assert.ok(validSend(doc), JSON.stringify(validSend.errors));
    assert.is(doc.outcome, 'dry-run');
    assert.equal(doc.messages, []);
    assert.is(doc.clientMessageId, id.toLowerCase());
    assert.is(doc.request.body.clientMessageId, id.toLowerCase());
    assert.is(doc.request.path, `/channel/${CHANNEL_A}/conversation`);
    assert.is(doc.request.body.messages[0]!.data.message, 'Hello Maria, your order is ready for pickup at the store.');
    assert.equal(doc.request.body.messages[0]!.suggestions!.map((s) => s.text), ['Thanks']);
    assert.equal(doc.remoteCheck, { status: 'APPROVED' });
    for (const out of [r, j]) assert.not.match(out.stdout + out.stderr, KEY);
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    // the same id, really sent afterwards: the first message under it
    const real = await run(send(name, ['--client-message-id', id]).filter((a) => a !== '--dry-run'));
    assert.is(real.exitCode, 0, real.stderr);
    assert.is(emu.state.conversations.size, before + 1);
  });
});

test('what a send refuses, a dry run refuses with the same exit code and nothing on stdout: not approved (3), a missing value (3), the key in a value (3), lint errors (1), the read failing (7)', async () => {
  await applied(async ({ dir, name, id, run }) => {
    const before = emu.state.conversations.size;
    await control({ channel: CHANNEL_A, template: id, statusText: 'PAUSED' });
    let r = await run(send(name));
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'is PAUSED on the channel');
    assert.is(r.stdout, '');
    await control({ channel: CHANNEL_A, template: id, statusText: 'APPROVED' });
    r = await run(send(name).filter((a) => a !== 'customer=Maria' && a !== '--param'));
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'customer');
    r = await run([...send(name).filter((a) => a !== 'customer=Maria' && a !== '--param'), '--param', `customer=${KEY}`]);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'holds the API key');
    assert.not.match(r.stdout + r.stderr, KEY);
    emu.setFaults({ errorRate: 1, operations: ['read'] });
    try { r = await run(send(name)); } finally { emu.setFaults({}); }
    assert.is(r.exitCode, 7, r.stderr);
    assert.match(r.stderr, 'Nothing was sent');
    const f = path.join(dir, 'templates', 'order.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('category: UTILITY', 'category: UTILTY'));
    r = await run(send(name));
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
  });
});

test('--no-remote-check and --text: the dry run checks a copy the channel has all the same, and says when there is none to check; a --text shows its request', async () => {
  await applied(async ({ name, run }) => {
    const before = emu.state.conversations.size;
    const r = await run(send(name, ['--no-remote-check']));
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, 'the channel has it APPROVED and it matches the file');
    const j = JSON.parse((await run(send(name, ['--no-remote-check', '--format', 'json']))).stdout) as { remoteCheck: unknown };
    assert.ok(validSend(j), JSON.stringify(validSend.errors));
    assert.equal(j.remoteCheck, { status: 'APPROVED' });
    const t = await run(['send', '--channel', 'wa', '--to', '+4915100000077', '--text', 'Your parcel is here', '--reply', 'Thanks', '--dry-run']);
    assert.is(t.exitCode, 0, t.stderr);
    assert.ok(t.stdout.startsWith('Dry run: a text to +4915100000077 would be sent; nothing was sent.'), t.stdout);
    assert.match(t.stdout, '"message": "Your parcel is here"');
    const long = await run(['send', '--channel', 'wa', '--to', '+4915100000077', '--text', 'x'.repeat(5000), '--dry-run']);
    assert.is(long.exitCode, 3, long.stderr);
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
  });
});

test.run();
