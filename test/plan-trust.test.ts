// A saved plan is trusted only as far as it is checked: apply writes what the files compile to,
// and a file that is not a saved plan is named as such (exit 3), never linted as a template.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateText } from '../bench/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

function project(n: number): string {
  const dir = tempDir();
  const tag = randomUUID().slice(0, 8);
  const files: Record<string, string> = {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  test:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_TEST_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
  };
  for (let i = 0; i < n; i++) files[`templates/t${i}.yaml`] = templateText(i).replace(`name: template_${i}`, `name: v${tag}_${i}`);
  writeFiles(dir, files);
  return dir;
}
const run = (dir: string, args: string[]) => cliIn(args, { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY } });
const writes = () => [...emu.state.templates.values()].reduce((a, t) => a + t.writes, 0);

interface Saved { changes: { action: string; body?: { chatapp: { chatapp: { components: { type: string; text?: string }[] } } }; desiredHash?: string; file?: string; fileHash?: string }[] }
const bodyText = (c: Saved['changes'][number]) => c.body!.chatapp.chatapp.components.find((x) => x.type === 'BODY')!;

test('a saved plan whose body was edited by hand is refused (exit 4), nothing written, even with its digest updated', async () => {
  const dir = project(2);
  try {
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    const f = path.join(dir, 'templates', 't1.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Reply STOP to opt out', 'Reply STOP to leave'));
    assert.is((await run(dir, ['plan', '--out', 'plan.json'])).exitCode, 0);
    const planFile = path.join(dir, 'plan.json');
    const original = readFileSync(planFile, 'utf8');
    const plan = JSON.parse(original) as Saved;
    const u = plan.changes.find((c) => c.action === 'update')!;
    bodyText(u).text = 'Unreviewed text that must never go live {{1}} {{2}}';
    writeFileSync(planFile, JSON.stringify(plan));
    const before = writes();
    let r = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stderr, /the plan's body is not what templates\/t1\.yaml compiles to \(at body\.text\); the plan was edited/);
    assert.match(r.stderr, /nothing was written/);
    assert.is(writes(), before, 'nothing written');
    // with the digest recomputed as well: still refused, the files decide
    const { createHash } = await import('node:crypto');
    const { canonicalJson } = await import('../src/model/canonical.ts');
    u.desiredHash = createHash('sha256').update(canonicalJson(u.body)).digest('hex');
    writeFileSync(planFile, JSON.stringify(plan));
    r = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.is(writes(), before, 'nothing written');
    // an update aimed at another file of the project is refused too
    const plan2 = JSON.parse(original) as Saved;
    const u2 = plan2.changes.find((c) => c.action === 'update')!;
    u2.file = path.join('templates', 't0.yaml');
    u2.fileHash = createHash('sha256').update(readFileSync(path.join(dir, 'templates', 't0.yaml'))).digest('hex');
    writeFileSync(planFile, JSON.stringify(plan2));
    r = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stderr, /templates\/t0\.yaml is template \S+ in channel \S+, not the plan's/);
    assert.is(writes(), before, 'nothing written');
    // the plan as it was made applies, and the text that goes live is the file's
    writeFileSync(planFile, original);
    r = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /1 updated/);
    assert.ok([...emu.state.templates.values()].some((t) => JSON.stringify(t.body).includes('Reply STOP to leave')));
  } finally { cleanup(dir); }
});

test('a create in a saved plan with an edited body is refused as well', async () => {
  const dir = project(1);
  try {
    assert.is((await run(dir, ['plan', '--out', 'p'])).exitCode, 0);
    const plan = JSON.parse(readFileSync(path.join(dir, 'p'), 'utf8')) as Saved;
    bodyText(plan.changes[0]!).text += ' Visit evil.example.com';
    writeFileSync(path.join(dir, 'p'), JSON.stringify(plan));
    const before = writes();
    const r = await run(dir, ['apply', '--auto-approve', 'p']);
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.is(writes(), before);
  } finally { cleanup(dir); }
});

test('a saved plan is applied only to the server it was made against: another baseUrl or emulator file in the config is a stale plan (exit 4), nothing written; a plan made in a subfolder still applies from the config\'s folder', async () => {
  const dir = project(2);
  const other = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  try {
    assert.is((await run(dir, ['plan', '--out', 'plan.json'])).exitCode, 0);
    const config = path.join(dir, 'tplsync.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace(emu.url, other.url));
    const r = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`it was made against ${emu.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}.*test is ${other.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/? now \\(its baseUrl changed\\)`));
    assert.is(other.state.templates.size, 0, 'nothing written to the other server');
    // the embedded emulator: its file is the target
    writeFileSync(config, readFileSync(config, 'utf8').replace(/baseUrl: .*\n    apiKeyEnv: TPLSYNC_TEST_KEY/, 'emulator: .tplsync/a.json'));
    assert.is((await run(dir, ['plan', '--out', 'plan.json'])).exitCode, 0);
    writeFileSync(config, readFileSync(config, 'utf8').replace('.tplsync/a.json', '.tplsync/b.json'));
    const e = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(e.exitCode, 4, e.stdout + e.stderr);
    assert.match(e.stderr, /made against embedded emulator \(\.tplsync\/a\.json\).*embedded emulator \(\.tplsync\/b\.json\) now \(its emulator file changed\)/);
    // a plan made in a subfolder names the file from there; applied from the config's folder it is the same file
    writeFileSync(config, readFileSync(config, 'utf8').replace('.tplsync/b.json', '.tplsync/a.json'));
    const sub = path.join(dir, 'templates');
    assert.is((await cliIn(['plan', '--out', '../sub-plan.json'], { cwd: sub, env: { TPLSYNC_TEST_KEY: KEY } })).exitCode, 0);
    assert.match(readFileSync(path.join(dir, 'sub-plan.json'), 'utf8'), /"target": "embedded emulator \(\.\.\/\.tplsync\/a\.json\)"/);
    const ok = await run(dir, ['apply', '--auto-approve', 'sub-plan.json']);
    assert.is(ok.exitCode, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout, /2 created/);
  } finally { await other.close(); cleanup(dir); }
});

test('a file that is not a saved plan is "not a tplsync plan" (exit 3), whatever it holds; a rendered plan says so', async () => {
  const dir = project(1);
  try {
    assert.is((await run(dir, ['plan', '--out', 'good.json'])).exitCode, 0);
    const good = JSON.parse(readFileSync(path.join(dir, 'good.json'), 'utf8')) as Record<string, unknown>;
    const { changes: _c, ...noChanges } = good;
    writeFiles(dir, {
      'garbage.json': '\u0000\u0001 not a plan at all {{',
      'array.json': '[1, 2, 3]',
      'nochanges.json': JSON.stringify(noChanges),
      'v2.json': JSON.stringify({ ...good, version: 2 }),
      'empty.json': '',
      'notjson.json': '{"format": "tplsync-plan", ',
    });
    const expect: Record<string, RegExp> = {
      'garbage.json': /not a tplsync plan: not JSON/,
      'array.json': /not a tplsync plan: a JSON array/,
      'nochanges.json': /not a tplsync plan: "changes" is missing/,
      'v2.json': /plan format version 2/,
      'empty.json': /not a tplsync plan: the file is empty/,
      'notjson.json': /not a tplsync plan: not JSON/,
    };
    for (const [file, re] of Object.entries(expect)) {
      const r = await run(dir, ['apply', '--auto-approve', file]);
      assert.is(r.exitCode, 3, `${file}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, re, file);
      assert.match(r.stderr, /tplsync plan --out FILE/, file);
      assert.not.match(r.stdout + r.stderr, /yaml-syntax/, file);
    }
    for (const args of [['--format', 'json', '--output', 'x.json'], ['--output', 'x.json'], ['--format', 'markdown', '--output', 'x.json']]) {
      assert.is((await run(dir, ['plan', ...args])).exitCode, 0);
      const r = await run(dir, ['apply', '--auto-approve', 'x.json']);
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /x\.json: this is a rendered plan .*not a saved plan; save one to apply with `tplsync plan --out FILE`/);
    }
    // the content decides, not the name: a saved plan called .yaml is a plan
    writeFileSync(path.join(dir, 'plan.yaml'), readFileSync(path.join(dir, 'good.json')));
    const r = await run(dir, ['apply', '--auto-approve', 'plan.yaml']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Applying the saved plan \(1 to create, 0 to update\)/);
  } finally { cleanup(dir); }
});

test('an update turned into a create by hand, its digest and summary recomputed: not a plan tplsync makes (exit 3), nothing written', async () => {
  const dir = project(1);
  try {
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    const f = path.join(dir, 'templates', 't0.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Reply STOP to opt out', 'Reply STOP to leave'));
    assert.is((await run(dir, ['plan', '--out', 'plan.json'])).exitCode, 0);
    const planFile = path.join(dir, 'plan.json');
    const { planDigest } = await import('../src/plan/saved.ts');
    const plan = JSON.parse(readFileSync(planFile, 'utf8')) as Parameters<typeof planDigest>[0] & { digest: string; summary: Record<string, number> };
    const u = plan.changes.find((c) => c.action === 'update')!;
    (u as { action: string }).action = 'create';
    plan.summary = { ...plan.summary, create: (plan.summary.create ?? 0) + 1, update: plan.summary.update! - 1 };
    plan.digest = planDigest(plan);
    writeFileSync(planFile, JSON.stringify(plan));
    const before = writes();
    const r = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, /changes\[0\] is a create of a template the channel had when the plan was made/);
    assert.is(writes(), before, 'nothing written');
  } finally { cleanup(dir); }
});

test.run();
