// Every machine output validates against its versioned schema in schema/output/: lint JSON, plan
// JSON, the saved plan and the apply results file, made by the CLI against the emulator on
// 127.0.0.1 in the states that fill their optional fields (updates, orphans, failures, a wait).
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { checkContract } from '../src/schemas/contract.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cli, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const SCHEMAS = path.join(ROOT, 'schema', 'output');
const ajv = new Ajv.default({ allErrors: true, strict: true });
const validators = Object.fromEntries(readdirSync(SCHEMAS).map((f) => [f, ajv.compile(JSON.parse(readFileSync(path.join(SCHEMAS, f), 'utf8')))]));
function valid(schema: string, doc: unknown): void {
  const v = validators[schema];
  assert.ok(v, `schema/output/${schema} exists`);
  assert.ok(v!(doc), `${schema}: ${ajv.errorsText(v!.errors)}\n${JSON.stringify(doc).slice(0, 500)}`);
}

const KEY = `k-${randomUUID()}`;
const READ_ONLY_B = `ro-${randomUUID()}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY, { key: READ_ONLY_B, readOnlyChannels: [CHANNEL_B] }], reviewDelayMs: 0, statusDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

function project(): { dir: string; run: (args: string[], key?: string) => ReturnType<typeof cli> } {
  const dir = tempDir();
  const tag = randomUUID().slice(0, 8);
  const files: Record<string, string> = {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: test\nenvironments:\n  test:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_TEST_KEY\n    channels:\n      shop-whatsapp: ${CHANNEL_A}\n      shop-rcs: ${CHANNEL_B}\n`,
  };
  // both channels, so that a key read-only on one of them makes a partial apply
  for (let i = 0; i < 4; i++) files[`templates/t${i}.yaml`] = templateText(i).replace(`name: template_${i}`, `name: s${tag}_${i}`).replace(/^channel: .*/m, `channel: ${i % 2 ? 'shop-rcs' : 'shop-whatsapp'}`);
  writeFiles(dir, files);
  return { dir, run: (args, key = KEY) => cliIn(args, { cwd: dir, env: { TPLSYNC_TEST_KEY: key } }) };
}
const git = (dir: string, args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } });

test('lint --format json: with errors, warnings and none', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["t/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      't/bad.yaml': 'channel: shop-whatsapp\nname: Bad-Name\nlanguage: xx_YY\ncategory: UTILTY\nbody:\n  text: "Hi {{1}}"\n',
      't/broken.yaml': 'channel: [\n',
      't/good.yaml': templateText(1),
    });
    const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    const doc = JSON.parse(r.stdout) as { diagnostics: { severity: string }[] };
    assert.ok(doc.diagnostics.some((d) => d.severity === 'error') && doc.diagnostics.some((d) => d.severity === 'warning'));
    valid('lint-report.v1.schema.json', doc);
    const clean = await cliIn(['lint', '--format', 'json', 't/good.yaml'], { cwd: dir });
    assert.is(clean.exitCode, 0, clean.stderr);
    valid('lint-report.v1.schema.json', JSON.parse(clean.stdout));
    // --max-warnings: the summary says it, and whether lint fails on it
    const capped = await cliIn(['lint', '--format', 'json', '--max-warnings', '0'], { cwd: dir });
    assert.is(capped.exitCode, 1, capped.stderr);
    const cappedDoc = JSON.parse(capped.stdout) as { summary: { maxWarnings?: number; overMaxWarnings?: boolean } };
    valid('lint-report.v1.schema.json', cappedDoc);
    assert.equal([cappedDoc.summary.maxWarnings, cappedDoc.summary.overMaxWarnings], [0, true]);
  } finally { cleanup(dir); }
});

test('plan JSON, saved plan and results file: create, update, orphan, a partial apply, a wait', async () => {
  const { dir, run } = project();
  try {
    // create: the plan, the saved plan (each body is a valid write body), apply from the saved plan
    let r = await run(['plan', '--format', 'json', '--out', 'plan.saved.json']);
    assert.is(r.exitCode, 0, r.stderr);
    valid('plan.v1.schema.json', JSON.parse(r.stdout));
    const saved = JSON.parse(readFileSync(path.join(dir, 'plan.saved.json'), 'utf8')) as { environment: string; target: string; changes: { body?: unknown }[] };
    valid('saved-plan.v1.schema.json', saved);
    // the plan JSON names its environment and target as the saved plan does (trial-az F2); nothing needs attention: no count
    const rendered = JSON.parse(r.stdout) as { environment?: string; target?: string; summary: { needsAttention?: number } };
    assert.equal([rendered.environment, rendered.target, rendered.summary.needsAttention], [saved.environment, saved.target, undefined]);
    assert.is(saved.environment, 'test');
    for (const c of saved.changes) if (c.body) assert.is(checkContract('TemplateWriteRequest', c.body), undefined);
    // a key that may not write to the RCS channel: a partial apply, the failures in the results
    r = await run(['apply', 'plan.saved.json', '--auto-approve', '--results', 'partial.json'], READ_ONLY_B);
    assert.is(r.exitCode, 5, r.stderr);
    const partial = JSON.parse(readFileSync(path.join(dir, 'partial.json'), 'utf8')) as { results: { outcome: string; error?: string }[] };
    assert.ok(partial.results.some((x) => x.outcome === 'failed' && x.error) && partial.results.some((x) => x.outcome === 'created'), JSON.stringify(partial));
    valid('apply-results.v1.schema.json', partial);
    assert.equal([(partial as { environment?: string }).environment, (partial as { target?: string }).target], [saved.environment, saved.target]);
    // the rest, waiting for the review
    r = await run(['apply', '--auto-approve', '--wait', '--results', 'results.json']);
    assert.is(r.exitCode, 0, r.stderr);
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: { status?: string }[] };
    assert.ok(results.results.length > 0 && results.results.every((x) => x.status === 'APPROVED'), JSON.stringify(results));
    valid('apply-results.v1.schema.json', results);

    // update (field changes, attention) and orphan (a file deleted since --base)
    await git(dir, ['init', '-q']);
    await git(dir, ['add', '.']);
    await git(dir, ['commit', '-qm', 'applied']);
    const f = path.join(dir, 'templates', 't0.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace(/footer: .*/, 'footer: Reply STOP to unsubscribe'));
    await git(dir, ['rm', '-q', 'templates/t3.yaml']);
    r = await run(['plan', '--format', 'json', '--base', 'HEAD', '--out', 'plan2.saved.json']);
    assert.is(r.exitCode, 0, r.stderr);
    const plan = JSON.parse(r.stdout) as { summary: Record<string, number>; changes: { action: string; changes?: unknown[]; attention?: unknown[] }[] };
    assert.is(plan.summary.update, 1, r.stdout);
    assert.is(plan.summary.orphan, 1, r.stdout);
    assert.ok(plan.changes.some((c) => c.action === 'update' && c.changes?.length && c.attention?.length));
    // the templates marked ! (orphans aside: they are counted as orphans) are summary.needsAttention
    assert.is(plan.summary.needsAttention, plan.changes.filter((c) => c.action !== 'orphan' && c.attention?.length).length, r.stdout);
    valid('plan.v1.schema.json', plan);
    valid('saved-plan.v1.schema.json', JSON.parse(readFileSync(path.join(dir, 'plan2.saved.json'), 'utf8')));
  } finally { cleanup(dir); }
});

test('status --format json: one page and every page, with its version', async () => {
  const { dir, run } = project();
  try {
    const sent = await run(['send', '--channel', 'shop-whatsapp', '--to', '+4915112345678', '--text', 'Your parcel is here']);
    assert.is(sent.exitCode, 0, sent.stderr);
    const id = sent.stdout.trim();
    for (const extra of [[], ['--all']]) {
      const r = await run(['status', id, '--format', 'json', ...extra]);
      assert.is(r.exitCode, 0, r.stderr);
      const doc = JSON.parse(r.stdout) as { version: number; send_list: unknown[] };
      assert.is(doc.version, 1);
      assert.is(doc.send_list.length, 1, r.stdout);
      valid('status.v1.schema.json', doc);
    }
  } finally { cleanup(dir); }
});

test('send --format json: the id, the answer and what was left out; a message answered failed is outcome failed (exit 3)', async () => {
  const { dir, run } = project();
  try {
    writeFiles(dir, { 'templates/shipped.yaml': readFileSync(path.join(ROOT, 'templates', 'whatsapp', 'order_shipped.en_US.yaml'), 'utf8') });
    let r = await run(['send', '--channel', 'shop-whatsapp', '--to', '+4915112345678', '--text', 'Your parcel is here', '--format', 'json']);
    assert.is(r.exitCode, 0, r.stderr);
    let doc = JSON.parse(r.stdout) as { outcome: string; clientMessageId: string; messages: { status: number }[]; omitted: string[] };
    valid('send.v1.schema.json', doc);
    assert.is(doc.outcome, 'sent');
    assert.match(doc.clientMessageId, /^[0-9a-f-]{36}$/);
    assert.is(doc.messages[0]!.status, 2);
    assert.equal(doc.omitted, []);
    const template = ['send', '--channel', 'shop-whatsapp', '--to', '+4915112345678', '--template', 'order_shipped', '--param', 'customer=Maria', '--param', 'order_id=A-1', '--param', 'button_2=A-1', '--text-only', '--no-remote-check', '--format', 'json'];
    r = await run(template);
    assert.is(r.exitCode, 0, r.stderr);
    doc = JSON.parse(r.stdout) as typeof doc;
    valid('send.v1.schema.json', doc);
    assert.equal(doc.omitted, ['the image header']);
    assert.is(r.stderr, '', 'what was left out is in the document, not said again on stderr');
    emu.setFaults({ failedSendRate: 1, operations: ['send'] });
    try { r = await run(template); } finally { emu.setFaults({}); }
    assert.is(r.exitCode, 3, r.stderr);
    doc = JSON.parse(r.stdout) as typeof doc;
    valid('send.v1.schema.json', doc);
    assert.is(doc.outcome, 'failed');
    assert.is(doc.messages[0]!.status, 3);
    assert.equal(doc.omitted, ['the image header']);
    assert.match(r.stderr, `Its clientMessageId is ${doc.clientMessageId}`);
  } finally { cleanup(dir); }
});

test('the schemas are live: an unknown field, a wrong version or a missing field is refused', () => {
  const good = { version: 1, diagnostics: [], summary: { files: 0, errors: 0, warnings: 0, infos: 0 } };
  valid('lint-report.v1.schema.json', good);
  const v = validators['lint-report.v1.schema.json']!;
  assert.not.ok(v({ ...good, extra: 1 }));
  assert.not.ok(v({ ...good, version: 2 }));
  assert.not.ok(v({ version: 1, diagnostics: [{ file: 'a', line: 0, column: 1, endLine: 1, endColumn: 1, ruleId: 'x', severity: 'error', message: 'm' }], summary: good.summary }));
  const p = validators['saved-plan.v1.schema.json']!;
  assert.not.ok(p({ format: 'tplsync-plan', version: 1 }));
});

test.run();
