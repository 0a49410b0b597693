// apply --wait in a CI log: each template's line when its write ends, then each review's when it
// ends (a rejection seen early is said then, not when the slowest review or the time-out ends), and
// --results replaced as the run goes, so a job killed hard keeps what was written. Before, nothing
// was said and no file written until every write, quota wait and review had ended.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import Ajv from 'ajv';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;
const validResults = new Ajv.default({ strict: false }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema/output/apply-results.v1.schema.json'), 'utf8')) as object);
type Results = { results: { name: string; status?: string }[]; running?: { templates: string[] } };

test('apply --wait: writes said and recorded as they end, a rejection as soon as it is read, the rest when their reviews end', async () => {
  // reviews that never end by themselves: the test decides them through the control endpoint
  const slow = await startEmulator({ keys: [KEY], reviewDelayMs: 24 * 3600_000 });
  const dir = tempDir('tplsync-wait-lines-');
  const review = async (id: string, statusText: string) => {
    const res = await fetch(`${slow.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${slow.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText, ...(statusText === 'REJECTED' ? { reason: 'TAG_CONTENT_MISMATCH' } : {}) }) });
    assert.is(res.status, 200, await res.text());
  };
  const file = path.join(dir, 'r.json');
  /** the results file once `ok` holds of it (bounded: a file that never comes fails the test, never hangs it) */
  const resultsWhen = async (ok: (r: Results) => boolean): Promise<Results | undefined> => {
    for (let i = 0; i < 1000; i++) {
      try { if (existsSync(file)) { const r = JSON.parse(readFileSync(file, 'utf8')) as Results; if (ok(r)) return r; } } catch { /* replaced meanwhile */ }
      await new Promise((r) => setTimeout(r, 10));
    }
    return undefined;
  };
  let applying: ReturnType<typeof cliIn> | undefined;
  try {
    const tag = randomUUID().slice(0, 6);
    const names = [`first_${tag}`, `second_${tag}`];
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${slow.url}\n    apiKeyEnv: WL_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      ...Object.fromEntries(names.map((n) => [`templates/${n}.en_US.yaml`, `channel: shop-whatsapp\nname: ${n}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, the item you asked about is back in stock."\n  examples: { 1: Ana }\n`])),
    });
    applying = cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '600', '--results', 'r.json'], { cwd: dir, env: { WL_KEY: KEY } });
    // both written: the file says so while apply waits for the reviews
    const written = await resultsWhen((r) => r.results.length === 2 && r.results.every((x) => x.status === 'PENDING'));
    assert.ok(written, 'the results file holds both writes while apply waits for their reviews');
    assert.ok(validResults(written), JSON.stringify(validResults.errors));
    const idOf = (n: string) => [...slow.state.templates.values()].find((t) => JSON.stringify(t.body).includes(n))!.templateId;
    await review(idOf(names[0]!), 'REJECTED');
    // the rejection is recorded once a read sees it, the other review still under way
    const rejected = await resultsWhen((r) => r.results.find((x) => x.name === names[0])?.status === 'REJECTED');
    assert.ok(rejected, 'the rejection is recorded while the other review goes on');
    assert.is(rejected!.results.find((x) => x.name === names[1])?.status, 'PENDING');
    await review(idOf(names[1]!), 'APPROVED');
    const r = await applying;
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    const lines = r.stdout.split('\n');
    const at = (re: RegExp) => lines.findIndex((l) => re.test(l));
    const w1 = at(new RegExp(`✓ created shop-whatsapp/${names[0]}/en_US → PENDING$`));
    const w2 = at(new RegExp(`✓ created shop-whatsapp/${names[1]}/en_US → PENDING$`));
    const rej = at(new RegExp(`✗ created shop-whatsapp/${names[0]}/en_US → REJECTED: TAG_CONTENT_MISMATCH`));
    const ok = at(new RegExp(`✓ created shop-whatsapp/${names[1]}/en_US → APPROVED`));
    assert.ok(w1 >= 0 && w2 >= 0 && rej > Math.max(w1, w2) && ok > rej, r.stdout);
    const done = JSON.parse(readFileSync(file, 'utf8')) as Results;
    assert.is(done.running, undefined);
    assert.equal(done.results.map((x) => x.status), ['REJECTED', 'APPROVED']);
  } finally {
    // a failed assertion ends the reviews still open, so that apply (in this process) ends too
    for (const t of slow.state.templates.values()) await review(t.templateId, 'APPROVED').catch(() => {});
    await applying?.catch(() => {});
    cleanup(dir); await slow.close();
  }
});

test('apply --wait: a rejection by the review is said with the reviewer\'s recommendation, as plan and review say it, on its line and in --results (written, and followed with nothing to write) (trial-bf F3)', async () => {
  const reads: string[] = [];
  const slow = await startEmulator({ keys: [KEY], reviewDelayMs: 24 * 3600_000, log: (l) => { if (l.startsWith('GET ')) reads.push(l); } });
  const dir = tempDir('tplsync-wait-recommendation-');
  const reject = async (id: string) => {
    const res = await fetch(`${slow.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${slow.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText: 'REJECTED', reason: 'INCORRECT_CATEGORY', recommendation: 'This looks like marketing' }) });
    assert.is(res.status, 200, await res.text());
  };
  /** until `ok` holds (bounded: never hangs the test) */
  const until = async (ok: () => boolean): Promise<boolean> => {
    for (let i = 0; i < 1000; i++) { if (ok()) return true; await new Promise((r) => setTimeout(r, 10)); }
    return false;
  };
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { WL_KEY: KEY } });
  let applying: ReturnType<typeof cliIn> | undefined;
  try {
    const tag = randomUUID().slice(0, 6);
    const names = [`order_confirmed_${tag}`, `order_packed_${tag}`];
    const text = (n: string) => `channel: shop-whatsapp\nname: ${n}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, we confirm your order."\n  examples: { 1: Ana }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${slow.url}\n    apiKeyEnv: WL_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      [`templates/${names[0]}.en_US.yaml`]: text(names[0]!),
    });
    const idOf = (n: string) => [...slow.state.templates.values()].find((t) => JSON.stringify(t.body).includes(n))?.templateId;
    // written, then rejected while apply waits
    applying = run(['apply', '--auto-approve', '--wait', '--wait-timeout', '600', '--results', 'r.json']);
    assert.ok(await until(() => idOf(names[0]!) !== undefined), 'written');
    await reject(idOf(names[0]!)!);
    const r = await applying;
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, `✗ created shop-whatsapp/${names[0]}/en_US → REJECTED: INCORRECT_CATEGORY; recommendation: This looks like marketing`);
    const written = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8')) as { results: Record<string, unknown>[] };
    assert.ok(validResults(written), JSON.stringify(validResults.errors));
    assert.equal([written.results[0]!.status, written.results[0]!.rejectionReason, written.results[0]!.recommendation], ['REJECTED', 'INCORRECT_CATEGORY', 'This looks like marketing']);
    // in review already, nothing to write: apply --wait follows the review, and says its rejection the same way
    writeFiles(dir, { [`templates/${names[1]}.en_US.yaml`]: text(names[1]!) });
    assert.is((await run(['apply', '--auto-approve', `templates/${names[1]}.en_US.yaml`])).exitCode, 0);
    const id = idOf(names[1]!)!;
    const before = reads.filter((l) => l.includes(id)).length;
    applying = run(['apply', '--auto-approve', '--wait', '--wait-timeout', '600', '--results', 'f.json', `templates/${names[1]}.en_US.yaml`]);
    // read by the plan, then by the wait: following it
    assert.ok(await until(() => reads.filter((l) => l.includes(id)).length >= before + 2), 'the review followed');
    await reject(id);
    const f = await applying;
    assert.is(f.exitCode, 5, f.stdout + f.stderr);
    assert.match(f.stdout, `✗ in review shop-whatsapp/${names[1]}/en_US → REJECTED: INCORRECT_CATEGORY; recommendation: This looks like marketing`);
    const followed = JSON.parse(readFileSync(path.join(dir, 'f.json'), 'utf8')) as { followed: Record<string, unknown>[] };
    assert.ok(validResults(followed), JSON.stringify(validResults.errors));
    assert.equal([followed.followed[0]!.status, followed.followed[0]!.rejectionReason, followed.followed[0]!.recommendation], ['REJECTED', 'INCORRECT_CATEGORY', 'This looks like marketing']);
  } finally {
    for (const t of slow.state.templates.values()) {
      await fetch(`${slow.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${slow.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: t.templateId, statusText: 'APPROVED' }) }).catch(() => {});
    }
    await applying?.catch(() => {});
    cleanup(dir); await slow.close();
  }
});

test.run();
