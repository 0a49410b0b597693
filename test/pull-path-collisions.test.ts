// Pull decides every template's path before it writes anything: two templates never share a file, and a file that holds
// another template (another channel, another publicId) is never written over as if it were this one's. (trial-ap F2: an
// RCS template named as a WhatsApp one of the project, pulled with --all, said "exists; pass --force" and, with --force,
// replaced the WhatsApp template's file, "it changed on the channel"; two ids of one name and language on one channel went
// to one file.) Against the emulator on 127.0.0.1, real files in a temp dir.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, raw, tempDir, writeBody, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
const env = { TPLSYNC_TEST_KEY: KEY };
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const LIST = '    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId, next: nextCursor }\n';
const config = (wa: string, rcs: string): string => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: test\nenvironments:\n  test:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_TEST_KEY\n    channels: { wa: ${wa}, rcs: ${rcs} }\n${LIST}channels:\n  wa: { kind: whatsapp }\n  rcs: { kind: rcs }\n`;

async function put(channel: string, id: string, body: unknown): Promise<void> {
  const r = await raw(`${emu.url}/channel/${channel}/template/${id}`, { key: KEY, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.is(r.status, 200, JSON.stringify(r.body));
}
const rcsBody = (name: string) => ({ name, language: 'en_US', description: 'rcs twin', message: { type: 'text', message: 'Your order has shipped and is on its way.', suggestions: [{ action: 'reply', text: 'Thanks', postbackData: 'thanks' }] } });
const fileOf = (dir: string, rel: string): Record<string, unknown> => parse(readFileSync(path.join(dir, rel), 'utf8')) as Record<string, unknown>;
/** the template files under templates/, sorted */
function files(dir: string, at = 'templates'): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, at), { withFileTypes: true })) {
    const rel = `${at}/${e.name}`;
    if (e.isDirectory()) out.push(...files(dir, rel)); else out.push(rel);
  }
  return out.sort();
}

test('F2: an RCS template named as a WhatsApp one the project has is written beside it, in the channel\'s folder; the WhatsApp file is left as it was', async () => {
  const [wa, rcs] = [randomUUID(), randomUUID()];
  const waId = randomUUID(), rcsId = randomUUID();
  await put(wa, waId, writeBody('order_shipped'));
  await put(rcs, rcsId, rcsBody('order_shipped'));
  const dir = tempDir('tplsync-pull-paths-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(wa, rcs) });
    let r = await cliIn(['pull', '--all', '--channel', 'wa'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const waFile = readFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), 'utf8');
    assert.is(fileOf(dir, 'templates/order_shipped.en_US.yaml').publicId, waId);
    for (const force of [[], ['--force']]) {
      r = await cliIn(['pull', '--all', '--channel', 'rcs', ...force], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      // said where it went and why (the first run; the second finds it in its file)
      if (!force.length) {
        assert.match(r.stdout, `${path.join('templates', 'rcs', 'order_shipped.en_US.yaml')}: order_shipped/en_US (APPROVED)`);
        assert.match(r.stderr, `order_shipped/en_US (${rcsId}) written to ${path.join('templates', 'rcs', 'order_shipped.en_US.yaml')}, not ${path.join('templates', 'order_shipped.en_US.yaml')}: that file holds wa/order_shipped/en_US (${waId}), another template`);
      } else assert.match(r.stdout, `already manages ${rcsId}`);
      assert.not.match(r.stderr, 'pass --force');
      assert.not.match(r.stderr, 'changed on the channel');
      assert.is(readFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), 'utf8'), waFile, 'the WhatsApp template\'s file is as it was');
      assert.equal(files(dir), ['templates/order_shipped.en_US.yaml', 'templates/rcs/order_shipped.en_US.yaml']);
      const twin = fileOf(dir, 'templates/rcs/order_shipped.en_US.yaml');
      assert.is(twin.channel, 'rcs');
      assert.is(twin.publicId, rcsId);
    }
  } finally { cleanup(dir); }
});

test('F2: two ids of one name and language on one channel are never one file: neither is written over the other, each named, exit 1', async () => {
  const [wa, rcs] = [randomUUID(), randomUUID()];
  const a = randomUUID(), b = randomUUID();
  await put(wa, a, writeBody('restock_alert'));
  await put(wa, b, writeBody('restock_alert', 'Hi {{1}}, it is back in stock.'));
  const dir = tempDir('tplsync-pull-paths-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(wa, rcs) });
    const r = await cliIn(['pull', '--all', '--channel', 'wa', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.not.match(r.stderr, 'pass --force');
    assert.not.match(r.stderr, 'changed on the channel');
    assert.match(r.stderr, a);
    assert.match(r.stderr, b);
    // neither is the file's to be (which one is not pull's to pick): each says the other
    assert.match(r.stderr, `restock_alert/en_US (${a}) not written: the channel holds another template of that name and language (${b})`);
    assert.match(r.stderr, `restock_alert/en_US (${b}) not written: the channel holds another template of that name and language (${a})`);
    assert.equal(existsSync(path.join(dir, 'templates')) ? files(dir) : [], []);
    // the one to keep, pulled by itself, is written
    const one = await cliIn(['pull', '--id', a, '--channel', 'wa'], { cwd: dir, env });
    assert.is(one.exitCode, 0, one.stdout + one.stderr);
    assert.equal(files(dir), ['templates/restock_alert.en_US.yaml']);
  } finally { cleanup(dir); }
});

test('F2: a second id of a name and language whose file the project has is not written over that file, even with --force (exit 1)', async () => {
  const [wa, rcs] = [randomUUID(), randomUUID()];
  const a = randomUUID(), b = randomUUID();
  await put(wa, a, writeBody('restock_alert'));
  const dir = tempDir('tplsync-pull-paths-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(wa, rcs) });
    assert.is((await cliIn(['pull', '--all', '--channel', 'wa'], { cwd: dir, env })).exitCode, 0);
    const before = readFileSync(path.join(dir, 'templates/restock_alert.en_US.yaml'), 'utf8');
    await put(wa, b, writeBody('restock_alert', 'Hi {{1}}, it is back in stock.'));
    for (const force of [[], ['--force']]) {
      const r = await cliIn(['pull', '--all', '--channel', 'wa', ...force], { cwd: dir, env });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.not.match(r.stderr, 'changed on the channel');
      assert.match(r.stderr, `restock_alert/en_US (${b}) has the name and language of ${path.join('templates', 'restock_alert.en_US.yaml')}, which manages another template of the channel (${a})`);
      assert.is(readFileSync(path.join(dir, 'templates/restock_alert.en_US.yaml'), 'utf8'), before);
      assert.equal(files(dir), ['templates/restock_alert.en_US.yaml']);
    }
  } finally { cleanup(dir); }
});

test('F3: pull --all reads --parallelism templates at once (the emulator\'s peak of requests in flight), and says them sorted as the files are', async () => {
  // an emulator of its own: its peak counts this pull's requests alone; each read held a second, so that the reads a
  // pull sends at once are in flight together whatever the machine's load
  const own = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const [wa, rcs] = [randomUUID(), randomUUID()];
  const names = ['zeta_notice', 'alpha_notice', 'mid_notice', 'beta_notice', 'omega_notice', 'gamma_notice'];
  const dir = tempDir('tplsync-pull-paths-');
  try {
    for (const n of names) {
      const r = await raw(`${own.url}/channel/${wa}/template/${randomUUID()}`, { key: KEY, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(writeBody(n)) });
      assert.is(r.status, 200);
    }
    assert.is(own.peakInFlight(), 1, 'the writes above, one at a time');
    own.setFaults({ latencyMs: 1000, operations: ['read'] });
    writeFiles(dir, { 'tplsync.config.yaml': config(wa, rcs).replace(emu.url, own.url) });
    const r = await cliIn(['pull', '--all', '--channel', 'wa', '--parallelism', '3'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(own.peakInFlight(), 3, 'three reads at once, never more');
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('templates'));
    assert.equal(lines, [...names].sort().map((n) => `${path.join('templates', `${n}.en_US.yaml`)}: ${n}/en_US (APPROVED)`));
    assert.equal(files(dir), [...names].sort().map((n) => `templates/${n}.en_US.yaml`));
  } finally { await own.close(); cleanup(dir); }
});

test.run();
