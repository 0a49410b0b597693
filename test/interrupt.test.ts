// Ctrl-C (SIGINT to the child process) while the emulator is slow: the work in flight finishes,
// nothing new starts, the command says "interrupted" and exits 130, and the console agrees with
// the results file. The signal is sent when the emulator has answered a request (an event, not
// a time), and each run has far more requests left than the one in flight.
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateText } from '../bench/generate.ts';
import Ajv from 'ajv';
import { BIN, CHANNEL_A, CHANNEL_B, ROOT, cleanup, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
let emu: RunningEmulator;
let onLog: (line: string) => void = () => {};
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, log: (l) => onLog(l) }); });
test.after(async () => { await emu.close(); });

function project(n: number): { dir: string; tag: string } {
  const dir = tempDir();
  const tag = `i${randomUUID().slice(0, 8)}`;
  const files: Record<string, string> = {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  test:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_TEST_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
  };
  for (let i = 0; i < n; i++) files[`templates/t${i}.yaml`] = templateText(i).replace(`name: template_${i}`, `name: ${tag}_${i}`);
  writeFiles(dir, files);
  return { dir, tag };
}

/** Runs tplsync, sends it SIGINT once the emulator has answered a request matching `when`. */
async function interrupt(dir: string, args: string[], when: RegExp): Promise<{ exitCode: number | undefined; stdout: string; stderr: string }> {
  const proc = execa('node', [BIN, ...args], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY, NO_COLOR: '1' }, reject: false, timeout: 120_000 });
  let sent = false;
  onLog = (line) => { if (!sent && when.test(line)) { sent = true; proc.kill('SIGINT'); } };
  const r = await proc;
  onLog = () => {};
  assert.ok(sent, `no request matched ${when}: ${r.stderr}`);
  return { exitCode: r.exitCode, stdout: String(r.stdout), stderr: String(r.stderr) };
}

const mine = (tag: string) => [...emu.state.templates.values()].filter((t) => t.body.name.startsWith(`${tag}_`)).length;

test('Ctrl-C while plan reads: "interrupted", exit 130, not "unavailable"', async () => {
  const { dir } = project(30);
  try {
    emu.setFaults({ latencyMs: 200 });
    const r = await interrupt(dir, ['plan', '--parallelism', '1'], /^GET \/channel\//);
    assert.is(r.exitCode, 130, r.stdout + r.stderr);
    assert.match(r.stderr, /tplsync: interrupted while reading the templates \(\d+ of 30 read\): nothing was written/);
    assert.not.match(r.stderr, /unavailable/);
  } finally { emu.setFaults({}); cleanup(dir); }
});

test('Ctrl-C while apply plans: exit 130, nothing written', async () => {
  const { dir, tag } = project(30);
  try {
    emu.setFaults({ latencyMs: 200, operations: ['read'] });
    const r = await interrupt(dir, ['apply', '--auto-approve', '--parallelism', '1'], /^GET \/channel\//);
    assert.is(r.exitCode, 130, r.stdout + r.stderr);
    assert.match(r.stderr, /interrupted while reading the templates .*nothing was written/);
    assert.is(mine(tag), 0);
  } finally { emu.setFaults({}); cleanup(dir); }
});

test('Ctrl-C while pull reads: the template being read is written, no other is read; what was written is said; exit 130', async () => {
  const { dir, tag } = project(12);
  try {
    const applied = await execa('node', [BIN, 'apply', '--auto-approve'], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY, NO_COLOR: '1' }, reject: false });
    assert.is(applied.exitCode, 0, applied.stderr);
    const ids = [...emu.state.templates.values()].filter((t) => t.body.name.startsWith(`${tag}_`) && t.channelId.toLowerCase() === CHANNEL_A.toLowerCase()).map((t) => t.templateId);
    assert.ok(ids.length >= 8, `${ids.length} templates on the channel`);
    // a new clone without the files: pull writes each template it reads
    rmSync(path.join(dir, 'templates'), { recursive: true });
    emu.setFaults({ latencyMs: 200, operations: ['read'] });
    // the signal once the second template has been read
    let reads = 0;
    const r = await interrupt(dir, ['pull', '--channel', 'shop-whatsapp', '--dir', 'templates', '--parallelism', '2', ...ids.flatMap((id) => ['--id', id])], { test: (l: string) => /^GET \/channel\//.test(l) && ++reads === 2 } as RegExp);
    assert.is(r.exitCode, 130, r.stdout + r.stderr);
    const written = r.stdout.split('\n').filter((l) => l.startsWith('templates/')).length;
    assert.ok(written >= 2 && written < ids.length, `${written} written: ${r.stdout}\n${r.stderr}`);
    assert.is(readdirSync(path.join(dir, 'templates')).filter((f) => f.endsWith('.yaml')).length, written, 'the files listed are the files there');
    assert.match(r.stderr, new RegExp(`tplsync: stopped: ${written} template files? written \\(listed above\\), each whole; the other ${ids.length - written} templates? (was|were) not read: pull again`));
  } finally { emu.setFaults({}); cleanup(dir); }
});

test('Ctrl-C while apply writes: the write in flight finishes, the rest are not started, so said on their lines and marked in --results; console and --results agree; exit 130', async () => {
  const { dir, tag } = project(30);
  try {
    emu.setFaults({ latencyMs: 200, operations: ['write'] });
    const r = await interrupt(dir, ['apply', '--auto-approve', '--parallelism', '1', '--results', 'r.json'], /^POST \/channel\/.* 200 /);
    assert.is(r.exitCode, 130, r.stdout + r.stderr);
    const res = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as { summary: { created: number; failed: number; skipped: number } };
    assert.ok(res.summary.created >= 1 && res.summary.skipped >= 1, JSON.stringify(res.summary));
    assert.is(res.summary.failed, 0);
    assert.is(res.summary.created + res.summary.skipped, 30);
    // the closing line says the templates a signal kept from their writes as the interrupt line does: not started (trial-bl F8)
    assert.match(r.stdout, new RegExp(`Applied to test: ${res.summary.created} created, 0 updated, 0 failed, ${res.summary.skipped} not started\\.`));
    assert.match(r.stderr, new RegExp(`tplsync: interrupted: ${res.summary.created} written, ${res.summary.skipped} not started, 0 failed`));
    assert.not.match(r.stderr, /unavailable/);
    // one word for them everywhere (trial-bq F6): each one's line says "not started", not a failure's "✗ skipped", and the
    // results mark each (notStarted) and count them (summary.notStarted, among skipped), as a script tells them apart from
    // what apply skips as things stand, which a re-run does not write either
    const full = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as { results: { name: string; outcome: string; notStarted?: boolean; error?: string }[]; summary: { skipped: number; notStarted?: number } };
    const schema = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'apply-results.v1.schema.json'), 'utf8')));
    assert.ok(schema(full), JSON.stringify(schema.errors));
    assert.is(full.summary.notStarted, full.summary.skipped);
    const kept = full.results.filter((x) => x.outcome === 'skipped');
    assert.ok(kept.every((x) => x.notStarted === true && x.error === 'interrupted before its write began; a re-run writes it'), JSON.stringify(kept));
    assert.not.match(r.stdout, /✗|skipped/);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('- not started shop-'));
    assert.is(lines.length, kept.length, r.stdout);
    assert.match(lines[0]!, /^- not started shop-\S+: interrupted before its write began; a re-run writes it$/);
    // the others' lines say the short reason, as a reason many templates share is said (the results keep the whole text)
    assert.ok(lines.slice(1).every((l) => l.endsWith(': interrupted before its write began (as above)')), lines.join('\n'));
    assert.is(mine(tag), res.summary.created, 'what the results call created is what the emulator has');
  } finally { emu.setFaults({}); cleanup(dir); }
});

test('Ctrl-C twice while apply writes: the second ends it at once, and --results still says what was written and what was not finished', async () => {
  const { dir, tag } = project(30);
  try {
    const proc = execa('node', [BIN, 'apply', '--auto-approve', '--parallelism', '1', '--results', 'r.json'], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY, NO_COLOR: '1' }, reject: false, timeout: 120_000 });
    let first = false, second = false;
    // once a write is answered, the next one is held without an answer (set before the emulator sees it:
    // this runs as it answers, and the next write comes after the answer and its read-back); Ctrl-C
    // once that one is held, so that there is work in flight for the first signal to wait for
    let held = false;
    onLog = (line) => {
      if (!held && /^POST \/channel\/.* 200 /.test(line)) { held = true; emu.setFaults({ hangRate: 1, operations: ['write'] }); }
      else if (held && !first && /^POST \/channel\/.* hung /.test(line)) { first = true; proc.kill('SIGINT'); }
    };
    // the second once the first was handled (the command says so): two signals sent at once could be one
    proc.stderr!.on('data', (d: Buffer) => { if (first && !second && /finishing what is in flight/.test(String(d))) { second = true; proc.kill('SIGINT'); } });
    const r = await proc;
    onLog = () => {};
    assert.ok(first && second, String(r.stderr));
    assert.is(r.exitCode, 130, String(r.stdout) + String(r.stderr));
    assert.match(String(r.stderr), /interrupted again; stopping now/, String(r.stderr));
    const res = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as { summary: { created: number }; results: { outcome: string }[]; stopped: { why: string; templates: string[] } };
    assert.match(res.stopped.why, /a second signal ended the run at once/);
    const schema = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'apply-results.v1.schema.json'), 'utf8')));
    assert.ok(schema(res), JSON.stringify(schema.errors));
    assert.is(res.summary.created + res.stopped.templates.length, 30, JSON.stringify(res));
    assert.is(res.summary.created, 1, 'the write answered before the first Ctrl-C');
    assert.is(mine(tag), 1, 'the held write was never carried out');
  } finally { emu.setFaults({}); cleanup(dir); }
});

test('Ctrl-C twice while send writes: the second ends it at once, and names the clientMessageId (the message may be delivered)', async () => {
  const { dir } = project(0);
  try {
    emu.setFaults({ hangRate: 1, operations: ['send'] });
    const proc = execa('node', [BIN, 'send', '--channel', 'shop-whatsapp', '--to', '+4915100000099', '--text', 'Your parcel is on its way.'], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY, NO_COLOR: '1' }, reject: false, timeout: 120_000 });
    let first = false, second = false;
    onLog = (line) => { if (!first && /^POST \/channel\/.* hung /.test(line)) { first = true; proc.kill('SIGINT'); } };
    proc.stderr!.on('data', (d: Buffer) => { if (first && !second && /finishing what is in flight/.test(String(d))) { second = true; proc.kill('SIGINT'); } });
    const r = await proc;
    onLog = () => {};
    assert.ok(first && second, String(r.stderr));
    assert.is(r.exitCode, 130, String(r.stdout) + String(r.stderr));
    const id = /Its clientMessageId is ([0-9a-f-]{36})/.exec(String(r.stderr))?.[1];
    assert.ok(id, String(r.stderr));
    assert.match(String(r.stderr), `send it again with --client-message-id ${id}`);
  } finally { emu.setFaults({}); cleanup(dir); }
});

test.run();
