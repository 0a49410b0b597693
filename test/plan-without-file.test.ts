// Deleting a template's file deletes no template (the API has no delete, tplsync never deletes):
// a plain plan or apply, which compares only the files' templates, says what it knows of
// templates without a file at no request of its own (trial-az F3: after `git rm` of 8 files, "No
// changes. 140 templates in dev match the files.", exit 0, and nothing about the 8): the files
// removed since HEAD~1 (or since the merge base with the upstream, on a branch), or, when it listed
// the channel for its creates, the templates the listing names that no file defines. Exit codes
// stay as they were; `--orphans` and `--base` report them as orphans instead.
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { cleanup, cliIn, listedServiceConfig, ROOT, tempDir, writeFiles } from './helpers.ts';
import { driftRepo, git } from './drift-repo.ts';

const KEY = `k-${randomUUID()}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY, 'k'], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });
const env = { TPLSYNC_TEST_KEY: KEY };
const validPlan = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

const template = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order {{order_id}} for ${name} is ready for pickup at the store."\n  examples: { order_id: A-1042 }\n`;

/** a project on a listed channel of its own, committed, applied: notice_a..notice_d */
async function applied(): Promise<string> {
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': listedServiceConfig(emu.url, randomUUID()),
    ...Object.fromEntries(['a', 'b', 'c', 'd'].map((x) => [`templates/notice_${x}.en_US.yaml`, template(`notice_${x}`)])),
  });
  git(dir, 'init', '-q');
  git(dir, 'add', '.');
  git(dir, 'commit', '-qm', 'templates');
  const ap = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(ap.exitCode, 0, ap.stdout + ap.stderr);
  return dir;
}

test('files removed in the last commit: plain plan and apply say their templates may still be on the channel, and how to look (exit codes unchanged)', async () => {
  const dir = await applied();
  try {
    git(dir, 'rm', '-q', 'templates/notice_b.en_US.yaml', 'templates/notice_c.en_US.yaml');
    // a file moved with its template unchanged removes nothing
    git(dir, 'mv', 'templates/notice_d.en_US.yaml', 'templates/moved.en_US.yaml');
    git(dir, 'commit', '-qm', 'remove two');
    const parent = git(dir, 'rev-parse', 'HEAD~1').trim().slice(0, 12);
    const line = `2 template files were removed since HEAD~1 (${parent}): templates/notice_b.en_US.yaml, templates/notice_c.en_US.yaml. tplsync never deletes a template, so theirs may still be on the channel; \`tplsync plan --orphans --env test\` says whether (as orphans), and the console removes them.`;
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.equal(plan.stdout.split('\n'), ['No changes. 2 templates in test match the files.', line]);
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.match(apply.stdout, line);
    const json = JSON.parse((await cliIn(['plan', '-f', 'json'], { cwd: dir, env })).stdout) as { summary: { orphan: number }; withoutFile: { source: string; since: string; command: string; templates: { name: string; file: string }[] } };
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    assert.is(json.summary.orphan, 0);
    assert.equal({ ...json.withoutFile, templates: json.withoutFile.templates.map((t) => [t.name, t.file]) }, {
      source: 'git', since: `HEAD~1 (${parent})`, command: 'tplsync plan --orphans --env test',
      templates: [['notice_b', 'templates/notice_b.en_US.yaml'], ['notice_c', 'templates/notice_c.en_US.yaml']],
    });
    // the plan that looks: orphans, exit 2, and no second word of them
    const orphans = await cliIn(['plan', '--orphans', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(orphans.exitCode, 2, orphans.stdout + orphans.stderr);
    assert.match(orphans.stdout, /2 templates are on the channel in test that no file defines/);
    assert.not.match(orphans.stdout, /removed since/);
    // a deletion not committed yet is one too
    rmSync(path.join(dir, 'templates', 'notice_a.en_US.yaml'));
    assert.match((await cliIn(['plan'], { cwd: dir, env })).stdout, /^3 template files were removed since HEAD~1 .*templates\/notice_a\.en_US\.yaml, templates\/notice_b/m);
  } finally { cleanup(dir); }
});

test('a plan that lists the channel for its creates says the templates the listing names that no file defines', async () => {
  const dir = await applied();
  try {
    rmSync(path.join(dir, 'templates', 'notice_b.en_US.yaml'));
    writeFiles(dir, { 'templates/notice_e.en_US.yaml': template('notice_e') });
    const r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 2, r.stdout + r.stderr);
    assert.match(r.stdout, /^Plan for test: 1 to create, 0 to update, 3 unchanged\.$/m);
    assert.match(r.stdout, /^1 template on the channel has no file \(shop-whatsapp\/notice_b\/en_US\): tplsync never deletes a template, and this plan compared only the files' templates; `tplsync plan --orphans --env test` lists it as orphans, and the console removes it\.$/m);
    const json = JSON.parse((await cliIn(['plan', '-f', 'json'], { cwd: dir, env })).stdout) as { withoutFile: { source: string; templates: { name: string; status?: string }[] } };
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    assert.equal([json.withoutFile.source, json.withoutFile.templates.map((t) => t.name)], ['listing', ['notice_b']]);
    const md = await cliIn(['plan', '-f', 'markdown'], { cwd: dir, env });
    assert.match(md.stdout, 'ℹ️ 1 template on the channel has no file (`shop-whatsapp/notice_b/en_US`)');
  } finally { cleanup(dir); }
});

test('on a branch, the files it removed since the merge base with its upstream; without a listing, the plan --base that looks', async () => {
  const { root, a, env: driftEnv } = await driftRepo(emu, 'tplsync-without-file-');
  try {
    git(a, 'checkout', '-q', '-b', 'feature', '--track', 'origin/main');
    git(a, 'rm', '-q', 'templates/gate_changed.en_US.yaml');
    git(a, 'commit', '-qm', 'retire gate_changed');
    const base = git(a, 'merge-base', 'HEAD', 'origin/main').trim().slice(0, 12);
    const r = await cliIn(['plan', '--detailed-exitcode'], { cwd: a, env: driftEnv });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, `1 template file was removed since the merge base with origin/main (${base}): templates/gate_changed.en_US.yaml. tplsync never deletes a template, so its template may still be on the channel; \`tplsync plan --base ${base} --env t\` says whether (as orphans), and the console removes it.`);
    const looked = await cliIn(['plan', '--base', base, '--detailed-exitcode'], { cwd: a, env: driftEnv });
    assert.is(looked.exitCode, 2, looked.stdout + looked.stderr);
    assert.match(looked.stdout, /orphan shop-whatsapp\/gate_changed\/en_US/);
    assert.not.match(looked.stdout, /removed since/);
  } finally { cleanup(root); }
});

test.run();
