// plan and apply end to end: the CLI as a child process against the emulator on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateText } from '../bench/generate.ts';
import { BIN, CHANNEL_A, CHANNEL_B, cleanup, cliIn, refusedUrl, tempDir, withChild, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
let emu: RunningEmulator;
test.before(async () => {
  emu = await startEmulator({ keys: [KEY, { key: 'read-only-b', readOnlyChannels: [CHANNEL_B] }], reviewDelayMs: 0 });
});
test.after(async () => { await emu.close(); });

function config(url: string, extra = ''): string {
  return `templates: ["templates/**/*.yaml"]
defaultEnvironment: test
environments:
  test:
    baseUrl: ${url}
    apiKeyEnv: TPLSYNC_TEST_KEY
    channels:
      shop-whatsapp: ${CHANNEL_A}
      shop-rcs: ${CHANNEL_B}
${extra}`;
}

/** a project with n generated templates; channels get their own emulator ids via a fresh channel map per project */
function project(n: number, url = emu.url): string {
  const dir = tempDir();
  const files: Record<string, string> = { 'tplsync.config.yaml': config(url) };
  const tag = randomUUID().slice(0, 8);
  for (let i = 0; i < n; i++) files[`templates/t${i}.yaml`] = templateText(i).replace(`name: template_${i}`, `name: p${tag}_${i}`);
  writeFiles(dir, files);
  return dir;
}
/** makes the project a git repository with everything committed (for --base HEAD) */
async function commitAll(dir: string): Promise<void> {
  const git = (args: string[]) => execa('git', args, { cwd: dir, env: { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } });
  await git(['init', '-q']);
  await git(['add', '.']);
  await git(['commit', '-qm', 'templates']);
}
const run = (dir: string, args: string[], key = KEY) => cliIn(args, { cwd: dir, env: { TPLSYNC_TEST_KEY: key } });
const planJson = async (dir: string, args: string[] = []) => {
  const r = await run(dir, ['plan', '--format', 'json', ...args]);
  // (5: apply would skip an update, a category change of an approved template: the plan is written all the same)
  assert.ok(r.exitCode === 0 || r.exitCode === 2 || r.exitCode === 5, r.stderr);
  return JSON.parse(r.stdout) as { changes: { action: string; name: string; changes?: { path: string }[]; attention?: string[] }[]; summary: Record<string, number> };
};

test('create, then noop; --detailed-exitcode says 2 only when there are changes', async () => {
  const dir = project(6);
  try {
    let r = await run(dir, ['plan', '--detailed-exitcode']);
    assert.is(r.exitCode, 2, r.stderr);
    assert.match(r.stdout, /6 to create, 0 to update, 0 unchanged/);
    r = await run(dir, ['apply', '--auto-approve', '--results', 'results.json']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /6 created, 0 updated, 0 failed/);
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8'));
    assert.is(results.summary.created, 6);
    assert.ok(results.results.every((x: { status: string }) => x.status === 'APPROVED'));
    const p = await planJson(dir);
    assert.equal(p.summary, { create: 0, update: 0, noop: 6, orphan: 0 });
    r = await run(dir, ['plan', '--detailed-exitcode']);
    assert.is(r.exitCode, 0);
    assert.match(r.stdout, /No changes/);
    // a second apply writes nothing
    const before = emu.state.templates.size;
    r = await run(dir, ['apply', '--auto-approve']);
    assert.is(r.exitCode, 0);
    assert.match(r.stdout, /No changes/);
    assert.is(emu.state.templates.size, before);
  } finally { cleanup(dir); }
});

test('update: a field-level change list and a diff; an APPROVED template is flagged as going back to review', async () => {
  const dir = project(2);
  try {
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    const f = path.join(dir, 'templates', 't1.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('footer: Reply STOP to opt out', 'footer: Reply STOP to leave'));
    const p = await planJson(dir);
    const u = p.changes.find((c) => c.action === 'update')!;
    assert.equal(u.changes!.map((c) => c.path), ['footer']);
    assert.match(u.attention!.join(' '), /back to review/);
    const text = await run(dir, ['plan']);
    assert.match(text.stdout, /-footer: Reply STOP to opt out\n\s+\+footer: Reply STOP to leave/);
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    assert.equal((await planJson(dir)).summary.update, 0);
  } finally { cleanup(dir); }
});

test('a saved plan is refused with exit 4, writing nothing, when the remote or the files moved', async () => {
  const dir = project(3);
  try {
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    const f = path.join(dir, 'templates', 't0.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('Reply STOP to opt out', 'Reply STOP to quit'));
    let r = await run(dir, ['plan', '--out', 'plan.json']);
    assert.is(r.exitCode, 0);
    // someone edits the template on the channel meanwhile
    const other = path.join(dir, 'other');
    writeFiles(other, { 'tplsync.config.yaml': config(emu.url), 'templates/t0.yaml': readFileSync(f, 'utf8').replace('Reply STOP to quit', 'Console edit') });
    assert.is((await run(other, ['apply', '--auto-approve'])).exitCode, 0);
    const writes = [...emu.state.templates.values()].reduce((a, t) => a + t.writes, 0);
    r = await run(dir, ['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 4, r.stdout + r.stderr);
    assert.match(r.stderr, /plan is stale; nothing was written/);
    assert.match(r.stderr, /template on the channel changed/);
    assert.is([...emu.state.templates.values()].reduce((a, t) => a + t.writes, 0), writes, 'nothing written');
    // a fresh plan applies; then a file edit after the plan is stale too
    assert.is((await run(dir, ['plan', '--out', 'plan.json'])).exitCode, 0);
    writeFileSync(f, `${readFileSync(f, 'utf8')}# a comment\n`);
    r = await run(dir, ['apply', '--auto-approve', 'plan.json', '--results', 'stale.json']);
    assert.is(r.exitCode, 4);
    assert.match(r.stderr, /t0.yaml changed since the plan/);
    assert.equal(JSON.parse(readFileSync(path.join(dir, 'stale.json'), 'utf8')).results, []);
    emu.advanceClock(25 * 3600_000); // the console edit used the day's one edit of the APPROVED t0
    assert.is((await run(dir, ['plan', '--out', 'plan.json'])).exitCode, 0);
    assert.is(JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')).base, '.');
    // applied from another folder of the project (a CI step's working directory): its files are found where the plan was made
    mkdirSync(path.join(dir, 'ci'));
    r = await run(path.join(dir, 'ci'), ['apply', '--auto-approve', '../plan.json']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /1 updated/);
  } finally { cleanup(dir); }
});

test('orphans: templates gone from git since --base are reported, never deleted', async () => {
  const dir = project(3);
  try {
    await commitAll(dir);
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    unlinkSync(path.join(dir, 'templates', 't2.yaml'));
    const p = await planJson(dir, ['--base', 'HEAD']);
    const orphan = p.changes.filter((c) => c.action === 'orphan');
    assert.is(orphan.length, 1);
    assert.match(orphan[0]!.name, /_2$/);
    assert.is(p.summary.orphan, 1);
    const before = emu.state.templates.size;
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    assert.is(emu.state.templates.size, before, 'nothing deleted');
    const bad = await run(dir, ['plan', '--base', 'no-such-ref']);
    assert.is(bad.exitCode, 3);
  } finally { cleanup(dir); }
});

test('a category change is seen with --base; for an APPROVED template it is flagged, and refused on apply (exit 5)', async () => {
  const dir = project(2);
  try {
    await commitAll(dir);
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    const f = path.join(dir, 'templates', 't1.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('category: UTILITY', 'category: MARKETING'));
    // without --base (and no upstream branch to take the merge base with) the read's category
    // shows the difference: the channel approved it as UTILITY, the file says MARKETING
    const noBase = await planJson(dir);
    assert.is(noBase.summary.update, 1);
    assert.ok(noBase.changes.some((x) => (x as { needsAttention?: { state: string } }).needsAttention?.state === 'CATEGORY_DIFFERS'), JSON.stringify(noBase.changes));
    const p = await planJson(dir, ['--base', 'HEAD']);
    const c = p.changes.find((x) => x.attention?.some((a) => /apply does not attempt this update: category UTILITY → MARKETING, and an APPROVED template's category cannot change: put back category: UTILITY/.test(a)))!;
    assert.ok(c, JSON.stringify(p.changes.map((x) => x.attention)));
    assert.is(c.action, 'update');
    assert.equal(c.changes!.map((x) => x.path), ['category']);
    const r = await run(dir, ['apply', '--auto-approve', '--base', 'HEAD']);
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, /not attempted: the channel has it approved as UTILITY and the category of an approved template cannot change/);
  } finally { cleanup(dir); }
});

test('--results at a pipe is refused before anything (and left as it is); so is one in a folder that takes no new file (exit 3, nothing applied)', async () => {
  const dir = project(3);
  const folder = path.join(dir, 'out');
  let undo = (): void => {};
  try {
    execFileSync('mkfifo', [path.join(dir, 'pipe')]);
    let r = await run(dir, ['apply', '--auto-approve', '--results', 'pipe']);
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, '--results pipe is not a regular file');
    assert.ok(lstatSync(path.join(dir, 'pipe')).isFIFO(), 'the pipe is still there');
    assert.not.match(r.stdout, /Applied/);
    // a template, the config or a saved plan named as --results by mistake: refused, and left as it is
    const template = readFileSync(path.join(dir, 'templates/t0.yaml'), 'utf8');
    writeFileSync(path.join(dir, 'saved-plan.json'), JSON.stringify({ version: 1, environment: 'test', summary: {}, changes: [] }));
    for (const f of ['templates/t0.yaml', 'tplsync.config.yaml', 'saved-plan.json']) {
      const before = readFileSync(path.join(dir, f), 'utf8');
      r = await run(dir, ['apply', '--auto-approve', '--results', f]);
      assert.is(r.exitCode, 3, `${f}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, `--results ${f} exists and is not the results of an earlier apply`);
      assert.is(readFileSync(path.join(dir, f), 'utf8'), before, `${f} left as it is`);
    }
    assert.is(readFileSync(path.join(dir, 'templates/t0.yaml'), 'utf8'), template);
    // a folder that takes no new file: immutable when root (root writes a read-only folder), else read-only
    mkdirSync(folder);
    if (process.getuid?.() === 0) { execFileSync('chattr', ['+i', folder]); undo = () => execFileSync('chattr', ['-i', folder]); }
    else { chmodSync(folder, 0o555); undo = () => chmodSync(folder, 0o755); }
    r = await run(dir, ['apply', '--auto-approve', '--results', 'out/r.json']);
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.not.match(r.stdout, /Applied/);
    assert.match(r.stderr, '--results out/r.json: the folder out cannot be written to: apply writes its results there at the end; give a path where it can (nothing was applied)');
    assert.not.match(r.stderr, /internal error|bug/i);
    undo();
    undo = () => {};
    r = await run(dir, ['plan', '--detailed-exitcode']);
    assert.is(r.exitCode, 2, r.stdout);
    // the folder writable again: applied, the results written
    r = await run(dir, ['apply', '--auto-approve', '--results', 'out/r.json']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, 'Applied to test: 3 created, 0 updated, 0 failed');
    assert.ok(existsSync(path.join(folder, 'r.json')));
  } finally { undo(); cleanup(dir); }
});

test('a template whose text holds the API key (pasted by mistake) is held: not planned, not applied, and said why', async () => {
  const dir = project(2);
  try {
    const piece = KEY.slice(2, 14);
    writeFileSync(path.join(dir, 'templates/t1.yaml'), readFileSync(path.join(dir, 'templates/t1.yaml'), 'utf8').replace(/text: "/, `text: "Use ${piece} `));
    const plan = await run(dir, ['plan']);
    assert.match(plan.stdout, /held/);
    assert.match(plan.stdout, /its text holds the API key, or 8 or more characters of it in a row/);
    assert.match(plan.stdout, /take it out of templates\/t1\.yaml/);
    assert.match(plan.stdout, /Take the key out where the reason above says, then plan again/);
    assert.not.match(plan.stdout, /finished campaign/);
    assert.not.match(plan.stdout + plan.stderr, new RegExp(piece));
    const r = await run(dir, ['apply', '--auto-approve']);
    assert.match(r.stdout, /Applied to test: 1 created/);
    // the file and the channel differ until the key is taken out: not a green run
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stderr, /1 template was held and not written because its text holds the API key/);
    assert.ok(![...emu.state.templates.values()].some((t) => JSON.stringify(t.body).includes(piece)), 'the key never reached the channel');
    // once the rest is written, the drift check still sees it: exit 2, not "No changes"
    const drift = await run(dir, ['plan', '--detailed-exitcode']);
    assert.is(drift.exitCode, 2, drift.stdout + drift.stderr);
    assert.match(drift.stdout, /No changes to the content, but not in sync: 1 template is held because its text holds the API key/);
    const md = await run(dir, ['plan', '--format', 'markdown']);
    assert.match(md.stdout, /⚠️ No changes to the content, but not in sync: 1 template is held because its text holds the API key/);
    // types and export refuse it too: a generated module or an export would hold the key, or [redacted] in a shell where it is set
    for (const args of [['types', '--out', 'gen/t.ts'], ['export', '--to', 'meta', '--out', 'meta.json']]) {
      const x = await run(dir, args);
      assert.is(x.exitCode, 1, `${args.join(' ')}: ${x.stdout}${x.stderr}`);
      assert.match(x.stderr, /t1\.yaml.*the text holds the API key/);
      assert.not.match(x.stdout + x.stderr, new RegExp(piece));
    }
    assert.not.ok(existsSync(path.join(dir, 'gen', 't.ts')), 'no module written');
    // a key that shares 8 letters with a category or a name holds nothing: only the texts are looked at
    const wordy = await run(dir, ['plan'], 'live_MARKETING_Zq9x7Kp2Wm4');
    assert.not.match(wordy.stdout + wordy.stderr, /its text holds the API key/);
  } finally { cleanup(dir); }
});

test('a key that reaches a template through an environment value: plan, types and export name the value, not the file', async () => {
  const dir = project(1);
  try {
    const piece = KEY.slice(3, 15);
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${config(emu.url)}    values:\n      promo: "Code ${piece}"\n`);
    writeFileSync(path.join(dir, 'templates/t0.yaml'), readFileSync(path.join(dir, 'templates/t0.yaml'), 'utf8').replace(/text: "/, 'text: "((promo)) '));
    const plan = await run(dir, ['plan']);
    assert.match(plan.stdout, /held/, plan.stdout + plan.stderr);
    assert.match(plan.stdout, /it is not written in templates\/t0\.yaml: the reference \(\(promo\)\) there fills it in from environment 'test'/);
    assert.not.match(plan.stdout, /take it out of templates/);
    for (const args of [['types', '--out', 'gen/t.ts'], ['export', '--to', 'meta', '--out', 'meta.json']]) {
      const x = await run(dir, args);
      assert.is(x.exitCode, 1, `${args.join(' ')}: ${x.stdout}${x.stderr}`);
      assert.match(x.stderr, /t0\.yaml\)?: .*the reference \(\(promo\)\) there fills it in from environment 'test'/, x.stderr);
      assert.not.match(x.stdout + x.stderr, new RegExp(piece));
    }
  } finally { cleanup(dir); }
});

test('partial failure: the other templates are written, exit 5, the results say which; authentication refused: exit 6', async () => {
  const dir = project(10);
  try {
    // a key that may only read channel B: the RCS templates (channel B) fail with 403
    let r = await run(dir, ['apply', '--auto-approve', '--results', 'r.json'], 'read-only-b');
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    const results = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    assert.is(results.summary.failed, 2);
    assert.is(results.summary.created, 8);
    assert.ok(results.results.filter((x: { outcome: string }) => x.outcome === 'failed').every((x: { channel: string; error: string }) => x.channel === 'shop-rcs' && /may only read/.test(x.error)));
    // a re-run with the right key converges, writing only what is missing
    r = await run(dir, ['apply', '--auto-approve']);
    assert.is(r.exitCode, 0);
    assert.match(r.stdout, /2 created, 0 updated/);
    r = await run(dir, ['plan'], 'wrong-key');
    assert.is(r.exitCode, 6);
    assert.match(r.stderr, /authentication refused/);
    // which variable to fix
    assert.match(r.stderr, /the key is the variable TPLSYNC_TEST_KEY of environment '\w+'/);
    // a key the API knows but does not allow this channel: also named, with what to do
    const scoped = await startEmulator({ keys: [{ key: 'scoped-key-0123456789', channels: ['00000000-0000-4000-8000-000000000000'] }] });
    try {
      writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(scoped.url));
      r = await run(dir, ['plan'], 'scoped-key-0123456789');
      assert.is(r.exitCode, 6, r.stdout + r.stderr);
      assert.match(r.stderr, /not allowed: This API key may not use channel .* \(the key is the variable TPLSYNC_TEST_KEY of environment '\w+': it is not allowed this operation or channel; use a key that is, or ask for the permission\)/);
    } finally { await scoped.close(); }
    assert.not.match(r.stderr, /wrong-key/);
  } finally { cleanup(dir); }
});

test('remote unavailable: exit 7, nothing written', async () => {
  const url = await refusedUrl();
  const dir = project(2, url);
  // no retries: what is asserted is the answer once they ran out (test/exits.test.ts counts them)
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(url).replace('apiKeyEnv: TPLSYNC_TEST_KEY\n', 'apiKeyEnv: TPLSYNC_TEST_KEY\n    retries: 0\n'));
  try {
    // a results file from an earlier run is not left to be read as this one's
    const stale = `${JSON.stringify({ version: 1, environment: 'test', results: [{ outcome: 'created', stale: true }], summary: { created: 1, updated: 0, failed: 0, skipped: 0, rejected: 0 } })}\n`;
    writeFileSync(path.join(dir, 'results.json'), stale);
    const r = await run(dir, ['apply', '--auto-approve', '--results', 'results.json']);
    assert.is(r.exitCode, 7, r.stderr);
    assert.match(r.stderr, /network error/);
    // the results file is written all the same (a CI job keeps it): nothing was written
    const results = JSON.parse(readFileSync(path.join(dir, 'results.json'), 'utf8')) as { results: unknown[]; summary: Record<string, number> };
    assert.equal(results.results, []);
    assert.equal(results.summary, { created: 0, updated: 0, failed: 0, skipped: 0, rejected: 0 });
    // stopped before the connection (the key's variable not set: exit 3): the earlier file is gone all the same
    writeFileSync(path.join(dir, 'results.json'), stale);
    const nokey = await cliIn(['apply', '--auto-approve', '--results', 'results.json'], { cwd: dir, env: { TPLSYNC_TEST_KEY: undefined } });
    assert.is(nokey.exitCode, 3, nokey.stderr);
    assert.not.ok(existsSync(path.join(dir, 'results.json')), 'no earlier results left to pass for this run\'s');
  } finally { cleanup(dir); }
});

test('without a terminal, apply refuses to run unless --auto-approve (exit 3)', async () => {
  const dir = project(1);
  try {
    const r = await run(dir, ['apply']);
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /--auto-approve/);
  } finally { cleanup(dir); }
});

test('lint errors stop plan and apply before anything is read or written (exit 1)', async () => {
  const dir = project(2);
  try {
    const f = path.join(dir, 'templates', 't0.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('category: MARKETING', 'category: MARKETTING'));
    const r = await run(dir, ['apply', '--auto-approve']);
    assert.is(r.exitCode, 1);
    assert.match(r.stderr, /did you mean 'MARKETING'/);
  } finally { cleanup(dir); }
});

test('--shard splits the templates deterministically and completely', async () => {
  const dir = project(12);
  try {
    const names: string[][] = [];
    for (const s of ['1/3', '2/3', '3/3']) names.push((await planJson(dir, ['--shard', s])).changes.map((c) => c.name));
    const all = names.flat().sort();
    assert.is(all.length, 12);
    assert.is(new Set(all).size, 12);
    assert.equal((await planJson(dir, ['--shard', '2/3'])).changes.map((c) => c.name), names[1]);
    assert.is((await run(dir, ['plan', '--shard', '4/3'])).exitCode, 3);
  } finally { cleanup(dir); }
});

test('fault matrix: 20% errors, resets, 429 with Retry-After, lost responses; the emulator ends with exactly the desired templates', async () => {
  const dir = project(30);
  try {
    emu.setFaults({ seed: 11, errorRate: 0.2, resetRate: 0.05, rateLimitRate: 0.05, retryAfterSec: 0, lostResponseRate: 0.1 });
    let r = await run(dir, ['apply', '--auto-approve', '--parallelism', '8']);
    emu.setFaults({});
    // faults are decided per request (its identity and attempt): a read that fails all its
    // attempts while planning stops the run before any write (7); a failed write is a partial apply (5)
    assert.ok([0, 5, 7].includes(r.exitCode), r.stdout + r.stderr);
    r = await run(dir, ['apply', '--auto-approve']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const p = await planJson(dir);
    assert.equal(p.summary, { create: 0, update: 0, noop: 30, orphan: 0 });
    const tag = /name: (p[0-9a-f]+)_0/.exec(readFileSync(path.join(dir, 'templates', 't0.yaml'), 'utf8'))![1]!;
    const mine = [...emu.state.templates.values()].filter((t) => t.body.name.startsWith(`${tag}_`));
    assert.is(mine.length, 30, 'exactly the desired templates, none twice');
  } finally { emu.setFaults({}); cleanup(dir); }
});

test('kill -9 in the middle of an apply, then apply again: converged', async () => {
  const dir = project(40);
  try {
    emu.setFaults({ latencyMs: 20 });
    const tag = /name: (p[0-9a-f]+)_0/.exec(readFileSync(path.join(dir, 'templates', 't0.yaml'), 'utf8'))![1]!;
    const written = () => [...emu.state.templates.values()].filter((t) => t.body.name.startsWith(`${tag}_`)).length;
    await withChild(() => execa('node', [BIN, 'apply', '--auto-approve', '--parallelism', '2'], { cwd: dir, env: { TPLSYNC_TEST_KEY: KEY, NO_COLOR: '1' }, reject: false }), async (proc) => {
      // however long a loaded machine takes; an apply that ends first fails the assertion below
      while (written() < 5 && proc.exitCode === null) await new Promise((res) => setTimeout(res, 10));
      assert.ok(written() >= 5, `apply wrote ${written()} templates before the kill`);
      proc.kill('SIGKILL');
      await proc;
    });
    emu.setFaults({});
    assert.ok(written() < 40, 'killed part way');
    const r = await run(dir, ['apply', '--auto-approve']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(written(), 40);
    assert.equal((await planJson(dir)).summary, { create: 0, update: 0, noop: 40, orphan: 0 });
  } finally { emu.setFaults({}); cleanup(dir); }
});

test('pull adopts templates into lint-clean files (a template tplsync made, of the derived id, without publicId: the same template in every environment); no overwrite without --force; never outside --dir', async () => {
  const dir = project(3);
  try {
    assert.is((await run(dir, ['apply', '--auto-approve'])).exitCode, 0);
    const p = JSON.parse((await run(dir, ['plan', '--format', 'json'])).stdout) as { changes: { publicId: string; channel: string; name: string }[] };
    const wa = p.changes.filter((c) => c.channel === 'shop-whatsapp');
    const ids = wa.flatMap((c) => ['--id', c.publicId]);
    // adopting templates that live in no file yet (pull-existing.test.ts covers those that do)
    renameSync(path.join(dir, 'templates'), path.join(dir, 'applied'));
    let r = await run(dir, ['pull', '--channel', 'shop-whatsapp', ...ids, '--dir', 'pulled', '--category', 'MARKETING']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    for (const c of wa) {
      const f = path.join(dir, 'pulled', `${c.name}.${/language: (\S+)/.exec(readFileSync(path.join(dir, 'applied', `t${c.name.split('_').pop()}.yaml`), 'utf8'))![1]}.yaml`);
      assert.ok(existsSync(f), f);
      // the id is the one derived from channel, name and language: not pinned (the plan below still finds each)
      assert.not.match(readFileSync(f, 'utf8'), 'publicId:');
    }
    const lint = await run(dir, ['lint', 'pulled']);
    assert.is(lint.exitCode, 0, lint.stdout);
    // pulled again: each file holds its template already, nothing is written, and that is no failure
    const held = readFileSync(path.join(dir, 'pulled', readdirSync(path.join(dir, 'pulled'))[0]!), 'utf8');
    r = await run(dir, ['pull', '--channel', 'shop-whatsapp', ...ids, '--dir', 'pulled']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.is((r.stderr.match(/is in pulled\/\S+ already; nothing written \(--force writes the channel's copy over it\)/g) ?? []).length, wa.length, r.stderr);
    assert.is(readFileSync(path.join(dir, 'pulled', readdirSync(path.join(dir, 'pulled'))[0]!), 'utf8'), held);
    assert.is((await run(dir, ['pull', '--channel', 'shop-whatsapp', ...ids, '--dir', 'pulled', '--force'])).exitCode, 0);
    // pulled files plan as noop: adopting changes nothing on the channel
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(emu.url).replace('templates/**/*.yaml', 'pulled/**/*.yaml'));
    const plan = await planJson(dir);
    assert.equal(plan.summary, { create: 0, update: 0, noop: wa.length, orphan: 0 });
    // a hostile template name cannot escape the directory
    const evil = randomUUID();
    const body = JSON.parse(JSON.stringify((await import('./helpers.ts')).writeBody('x')));
    body.chatapp.chatapp.name = '../../../escape';
    await fetch(`${emu.url}/channel/${CHANNEL_A}/template/${evil}`, { method: 'POST', headers: { apiKey: KEY, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    r = await run(dir, ['pull', '--channel', 'shop-whatsapp', '--id', evil, '--dir', 'safe']);
    assert.ok(existsSync(path.join(dir, 'safe', 'escape.en_US.yaml')), r.stdout + r.stderr);
    assert.not.ok(existsSync(path.join(dir, '..', 'escape.en_US.yaml')));
  } finally { cleanup(dir); }
});

test.run();
