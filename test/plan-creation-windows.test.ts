// plan says how many windows of the creation quota a channel's creations need, and how long apply will wait (trial-ab
// finding 7: 2,100 creations at the default 100 an hour, a ~20-hour apply nothing announced, cut by CI's 6-hour limit).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const file = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`;
const config = (quota: string) => `environments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n${quota}`;

function project(n: number, quota = ''): string {
  const dir = tempDir();
  const files: Record<string, string> = { 'tplsync.config.yaml': config(quota) };
  for (let i = 0; i < n; i++) files[`templates/t${i}.yaml`] = file(`order_ready_${i}`);
  writeFiles(dir, files);
  return dir;
}

test('plan: creations past the config\'s createQuota say the windows and the hours apply will wait, in text and Markdown', async () => {
  const dir = project(5, '    createQuota: { limit: 2, windowSeconds: 3600 }\n');
  try {
    const r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, 'channel shop-whatsapp: 5 creations, more than its creation quota of 2 per 3600 s (createQuota) allows at once: apply creates them in 3 windows, waiting about 2 h in all.');
    assert.match(r.stdout, /Apply will take about 2 h or more: set the CI job's timeout-minutes above that .*--no-wait-for-quota/);
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir });
    assert.match(md.stdout, /⏳ channel shop-whatsapp: 5 creations, .* 3 windows, waiting about 2 h in all/);
  } finally { cleanup(dir); }
});

test('plan: the documented default quota (100 per hour) counts when the config sets none; within one window nothing is said', async () => {
  const dir = project(101);
  try {
    const r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, 'channel shop-whatsapp: 101 creations, more than its creation quota of 100 per 3600 s (createQuota) allows at once: apply creates them in 2 windows, waiting about 1 h in all.');
  } finally { cleanup(dir); }
  const small = project(2, '    createQuota: { limit: 2, windowSeconds: 3600 }\n');
  try {
    const r = await cliIn(['plan'], { cwd: small });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stdout, /windows|createQuota|timeout-minutes/);
  } finally { cleanup(small); }
});

test('init: the apply workflow sets the job\'s timeout-minutes, with why (a large first apply waits for the quota)', async () => {
  const dir = tempDir();
  try {
    const r = await cliIn(['init', '--channel', 'shop-whatsapp', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const wf = readFileSync(path.join(dir, '.github/workflows/tplsync-apply.yml'), 'utf8');
    assert.match(wf, /creation quota's windows: a large first apply takes hours \(tplsync plan says how many\)[^\n]*\n[^\n]*\n    timeout-minutes: 360\n/);
  } finally { cleanup(dir); }
});

// the review of fix-bc: plan --format json did not carry the estimate text plan prints, so a CI job could not read it
test('plan --format json: creationWindows carries the windows and the wait text plan says (schema-valid); absent within one window', async () => {
  const valid = new Ajv.default({ allErrors: true, strict: true }).compile<Record<string, unknown>>(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));
  const dir = project(5, '    createQuota: { limit: 2, windowSeconds: 3600 }\n');
  try {
    const r = await cliIn(['plan', '--format', 'json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const json = JSON.parse(r.stdout);
    assert.ok(valid(json), JSON.stringify(valid.errors));
    assert.equal(json.creationWindows, { limit: 2, windowSeconds: 3600, waitSeconds: 7200, channels: [{ channel: 'shop-whatsapp', creations: 5, windows: 3, waitSeconds: 7200 }] });
    assert.equal(json.summary, { create: 5, update: 0, noop: 0, orphan: 0 }, 'the old fields as they were');
  } finally { cleanup(dir); }
  const small = project(2, '    createQuota: { limit: 2, windowSeconds: 3600 }\n');
  try {
    const r = await cliIn(['plan', '--format', 'json'], { cwd: small });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const json = JSON.parse(r.stdout);
    assert.ok(valid(json), JSON.stringify(valid.errors));
    assert.not.ok('creationWindows' in json);
  } finally { cleanup(small); }
});

test.run();
