// Drift that the first drift checks missed (verify-10): a feature branch behind origin/main whose upstream is not main
// reverted a colleague's merged and applied change (NEW-6); a branch that edits a template the console also edited
// replaced the console's edit with a plain "update" (NEW-5); and apply on an up-to-date main, where no base tells, reverted
// a console edit without a word (NEW-2). Now: the branch it is merged into is judged as the upstream is ("merge origin/main
// first", not written); a channel's copy that is neither the base's version nor the file now, nor any committed version,
// is a conflict of both sides; and the file's git history tells an older committed version (an ordinary update) from a
// text no commit has (edited outside tplsync: said, with the pull that keeps it).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import type { RunningEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import Ajv from 'ajv';
import { CHANNEL_A, cliIn, ROOT } from './helpers.ts';
import { file, git, inDriftRepo } from './drift-repo.ts';

const SALE_ID = templateId(CHANNEL_A, 'summer_sale', 'en_US');


/** marketing edits summer_sale in the console */
async function consoleEdit(emu: RunningEmulator, text: string): Promise<void> {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
  await client.writeTemplate(CHANNEL_A, SALE_ID, { name: 'summer_sale', description: '', chatapp: { chatapp: { name: 'summer_sale', language: 'en_US', category: 'MARKETING', components: [{ type: 'BODY', text }], example: { 1: 'Mallorca' } } } } as never);
  // a day later: the template takes an edit again
  emu.advanceClock(25 * 3600_000);
}

const live = async (emu: RunningEmulator): Promise<string> => JSON.stringify(await createClient({ baseUrl: emu.url, apiKey: 'k' }).getTemplate(CHANNEL_A, SALE_ID));

test('NEW-6: a feature branch (no upstream, or its own) behind origin/main that would revert a colleague\'s applied change: marked "merge origin/main first", not written', async () => {
  await inDriftRepo('tplsync-drift-sides-', async ({ emu, root, a, env }) => {
    // A branches off an up-to-date main (no upstream) and edits gate_changed only
    git(a, 'checkout', '-q', '-b', 'pr5');
    writeFileSync(path.join(a, 'templates/gate_changed.en_US.yaml'), file('gate_changed', 'Gate change: your flight to {{destination}} now boards at gate B.'));
    git(a, 'commit', '-qam', 'gate wording');
    // B edits summer_sale on main, pushes and applies it
    git(root, 'clone', '-q', path.join(root, 'origin.git'), 'B');
    const b = path.join(root, 'B');
    writeFileSync(path.join(b, 'templates/summer_sale.en_US.yaml'), file('summer_sale', 'Summer sale: flights to {{destination}} until Sunday. Spend them now.'));
    git(b, 'commit', '-qam', 'sale wording');
    git(b, 'push', '-q', 'origin', 'main');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: b, env })).exitCode, 0);
    git(a, 'fetch', '-q');
    for (const args of [['plan', '--base', 'origin/main'], ['plan']]) {
      const plan = await cliIn(args, { cwd: a, env });
      assert.match(plan.stdout, /~ update shop-whatsapp\/summer_sale\/en_US \(drift: reverts origin\/main's newer version, which the channel holds\)/, `${args.join(' ')}\n${plan.stdout}${plan.stderr}`);
      assert.match(plan.stdout, 'This branch is behind origin/main: 1 update reverts origin/main\'s newer version of its file, which the channel holds (a change applied from there) and this branch did not change. Merge origin/main first (git merge origin/main), then tplsync plan --env t again.');
      assert.match(plan.stdout, 'Merge origin/main first (`git merge origin/main`), then `tplsync plan --env t` again');
      assert.match(plan.stdout, /~ update shop-whatsapp\/gate_changed\/en_US(?! \(drift)/);
    }
    const json = JSON.parse((await cliIn(['plan', '--base', 'origin/main', '--format', 'json'], { cwd: a, env })).stdout) as { changes: { name: string; drift?: unknown }[] };
    assert.equal(json.changes.find((c) => c.name === 'summer_sale')?.drift, { base: 'origin/main', upstream: 'origin/main', merge: true });
    // pushed with -u: the upstream is origin/pr5, not main; the branch it is merged into still says it
    git(a, 'push', '-q', '-u', 'origin', 'pr5');
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.match(apply.stdout, /summer_sale\/en_US.*not attempted: this branch is behind origin\/main and did not change the file.*Merge origin\/main first \(`git merge origin\/main`\), then `tplsync apply --env t` again/, apply.stdout + apply.stderr);
    assert.match(apply.stdout, /updated shop-whatsapp\/gate_changed\/en_US/);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.match(await live(emu), 'Spend them now');
    // merged: an ordinary plan
    git(a, 'merge', '-q', '--no-edit', 'origin/main');
    const after = await cliIn(['plan'], { cwd: a, env });
    assert.not.match(after.stdout, 'drift');
    assert.ok(readFileSync(path.join(a, 'templates/summer_sale.en_US.yaml'), 'utf8').includes('Spend them now'));
  });
});

test('NEW-5: a branch edits a template the console also edited: a conflict of both sides (text, JSON, Markdown), and apply names it', async () => {
  await inDriftRepo('tplsync-drift-sides-', async ({ emu, root, a, env }) => {
    await consoleEdit(emu, 'Summer sale: flights to {{1}} until Sunday. Book today.');
    git(a, 'checkout', '-q', '-b', 'pr3');
    writeFileSync(path.join(a, 'templates/summer_sale.en_US.yaml'), file('summer_sale', 'Summer sale: flights to {{destination}} until Sunday night. Book now.'));
    git(a, 'commit', '-qam', 'sale wording');
    const pull = `tplsync pull --channel shop-whatsapp --id ${SALE_ID} --force --env t`;
    const text = await cliIn(['plan', '--base', 'origin/main'], { cwd: a, env });
    assert.match(text.stdout, /~ update shop-whatsapp\/summer_sale\/en_US \(conflict: changed on the channel and in this branch; apply would replace the channel's edit\)/, text.stdout + text.stderr);
    assert.match(text.stdout, `conflict: changed on the channel and in this branch (the channel's copy is neither templates/summer_sale.en_US.yaml at origin/main nor as it is now); apply would replace the channel's edit with this branch's. To keep both, bring the channel's version into the file with \`${pull}\``);
    assert.match(text.stdout, '`tplsync plan --env t` again');
    // verify-11: the summary counted the conflict as "drift: changed on the channel, apply would revert it"
    assert.match(text.stdout, /to update \(1 of them a conflict: changed on the channel and in this branch, apply would replace the channel's edit\),/);
    assert.not.match(text.stdout, 'of them drift');
    const json = JSON.parse((await cliIn(['plan', '--base', 'origin/main', '--format', 'json'], { cwd: a, env })).stdout) as { changes: { name: string; drift?: unknown }[] };
    assert.equal(json.changes.find((c) => c.name === 'summer_sale')?.drift, { base: 'origin/main', kind: 'conflict' });
    const md = await cliIn(['plan', '--base', 'origin/main', '--format', 'markdown'], { cwd: a, env });
    assert.match(md.stdout, '🔴 1 update replaces a change made on the channel to a template this branch changed too (conflict');
    assert.match(md.stdout, pull);
    const apply = await cliIn(['apply', '--auto-approve', '--base', 'origin/main'], { cwd: a, env });
    assert.match(apply.stderr, `warning: 1 update replaces a change made on the channel to a template this branch changed too (conflict): shop-whatsapp/summer_sale/en_US. Written as the files have it, and the channel's edit is lost; to keep it, answer no (without --auto-approve), bring it into the file with \`${pull}\``);
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
  });
});

test('NEW-2: on an up-to-date main, a channel text no commit of the file has is an edit outside tplsync (plan and apply say it); an older committed version is an ordinary update', async () => {
  await inDriftRepo('tplsync-drift-sides-', async ({ emu, root, a, env }) => {
    await consoleEdit(emu, 'Summer sale: flights to {{1}} until Monday. Book now.');
    // gate_changed: two commits on main not applied yet (the channel holds the first version, a committed one)
    for (const w of ['now boards', 'now boards, hurry,']) {
      writeFileSync(path.join(a, 'templates/gate_changed.en_US.yaml'), file('gate_changed', `Gate change: your flight to {{destination}} ${w} at gate B.`));
      git(a, 'commit', '-qam', w);
    }
    git(a, 'push', '-q', 'origin', 'main');
    const pull = `tplsync pull --channel shop-whatsapp --id ${SALE_ID} --force --env t`;
    const plan = await cliIn(['plan'], { cwd: a, env });
    assert.match(plan.stdout, /~ update shop-whatsapp\/summer_sale\/en_US \(drift: edited outside tplsync, no commit of the file has the channel's text; apply would revert it\)/, plan.stdout + plan.stderr);
    assert.match(plan.stdout, `drift: the channel holds a text that no commit of templates/summer_sale.en_US.yaml has (within its last 20 commits, on any branch of this clone): edited outside tplsync (the console), or applied from a file never committed or from a branch not fetched here; apply would revert it. To keep it, \`${pull}\``);
    assert.match(plan.stdout, /~ update shop-whatsapp\/gate_changed\/en_US(?! \(drift)/);
    assert.not.match(plan.stdout, /gate_changed[^\n]*drift/);
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: a, env })).stdout) as { changes: { name: string; drift?: unknown }[] };
    assert.equal(json.changes.find((c) => c.name === 'summer_sale')?.drift, { base: 'the last 20 commits of the file', kind: 'outside' });
    assert.is(json.changes.find((c) => c.name === 'gate_changed')?.drift, undefined);
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: a, env });
    assert.match(md.stdout, '🔴 1 update reverts a text on the channel that no commit of the file has (edited outside tplsync');
    // a shallow clone (a CI checkout of depth 1) has lost the older versions: nothing is claimed of them
    git(root, 'clone', '-q', '--depth', '1', `file://${path.join(root, 'origin.git')}`, 'S');
    const shallow = await cliIn(['plan'], { cwd: path.join(root, 'S'), env });
    assert.match(shallow.stdout, /~ update shop-whatsapp\/gate_changed\/en_US/, shallow.stdout + shallow.stderr);
    assert.not.match(shallow.stdout, 'outside tplsync');
    // and says why (text, JSON), where the full clone has no such line
    assert.match(shallow.stdout, "History missing: this checkout is a shallow clone, without the files' history that tells an edit made on the channel");
    assert.match(shallow.stdout, 'actions/checkout with fetch-depth: 0');
    const shallowJson = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: path.join(root, 'S'), env })).stdout) as { historyMissing?: string };
    assert.match(shallowJson.historyMissing ?? '', 'shallow clone');
    const validate = new Ajv.default({ strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));
    assert.ok(validate(shallowJson), JSON.stringify(validate.errors));
    assert.not.match(plan.stdout, 'History missing');
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.match(apply.stderr, `warning: 1 update reverts a text on the channel that no commit of its file has, on any branch of this clone (edited outside tplsync, in the console, or applied from a file never committed): shop-whatsapp/summer_sale/en_US. Written as the files have it; to keep the channel's version, answer no (without --auto-approve), write it into the file with \`${pull}\``);
    assert.not.match(apply.stderr, 'gate_changed');
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
  });
});

test('a change merged on main and not applied yet is no drift in a branch made from main: the channel holds an older committed version, and the plan says no pull that would undo the merge', async () => {
  await inDriftRepo('tplsync-drift-sides-', async ({ emu, root, a, env }) => {
    // gate_changed's new wording merged on main; its apply has not run (the channel holds the first version)
    writeFileSync(path.join(a, 'templates/gate_changed.en_US.yaml'), file('gate_changed', 'Gate change: your flight to {{destination}} now boards at gate C.'));
    git(a, 'commit', '-qam', 'gate C');
    git(a, 'push', '-q', 'origin', 'main');
    // a feature branch from that main edits summer_sale only
    git(a, 'checkout', '-q', '-b', 'sale-wording');
    writeFileSync(path.join(a, 'templates/summer_sale.en_US.yaml'), file('summer_sale', 'Summer sale: flights to {{destination}} until Monday. Book now.'));
    git(a, 'commit', '-qam', 'sale wording');
    for (const args of [['plan', '--base', 'origin/main'], ['plan', '--base', 'origin/main', '--format', 'json']]) {
      const plan = await cliIn(args, { cwd: a, env });
      assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
      assert.not.match(plan.stdout, /drift|--force/, plan.stdout);
    }
    const plan = await cliIn(['plan', '--base', 'origin/main'], { cwd: a, env });
    assert.match(plan.stdout, /~ update shop-whatsapp\/gate_changed\/en_US \(remote: APPROVED\) /, plan.stdout);
    assert.match(plan.stdout, 'Plan for t: 0 to create, 2 to update, 0 unchanged');
    // a console edit of a template the branch did not change is drift all the same
    await consoleEdit(emu, 'Summer sale: flights to {{1}} until Friday. Book now.');
    git(a, 'checkout', '-q', 'main');
    git(a, 'checkout', '-q', '-b', 'gate-only');
    writeFileSync(path.join(a, 'templates/gate_changed.en_US.yaml'), file('gate_changed', 'Gate change: your flight to {{destination}} now boards at gate D.'));
    git(a, 'commit', '-qam', 'gate D');
    const drift = await cliIn(['plan', '--base', 'origin/main'], { cwd: a, env });
    assert.match(drift.stdout, /summer_sale\/en_US \(drift: changed on the channel, not in this branch/, drift.stdout);
  });
});

test('trial-u F2: a template the platform re-categorised, then edited in a commit, is an ordinary update on main, never "edited outside" (the channel\'s text is a committed one; only its category moved)', async () => {
  await inDriftRepo('tplsync-drift-sides-', async ({ emu, root, a, env }) => {
    const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: SALE_ID, category: 'UTILITY' }) });
    await res.arrayBuffer();
    assert.is(res.status, 200);
    writeFileSync(path.join(a, 'templates/summer_sale.en_US.yaml'), file('summer_sale', 'Summer sale: flights to {{destination}} until Monday. Book now.'));
    git(a, 'commit', '-qam', 'monday');
    git(a, 'push', '-q', 'origin', 'main');
    const plan = await cliIn(['plan'], { cwd: a, env });
    assert.match(plan.stdout, '~ update shop-whatsapp/summer_sale/en_US', plan.stdout + plan.stderr);
    assert.not.match(plan.stdout, /outside tplsync|--force/, plan.stdout);
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: a, env })).stdout) as { changes: { name: string; drift?: unknown }[] };
    assert.is(json.changes.find((c) => c.name === 'summer_sale')?.drift, undefined);
  });
});

// verify-11 NEW-B: a pull request's branch applied to the environment as a preview, pushed and not merged: on an up-to-date
// main, the channel's copy is no commit of main's but one of origin/pr3's. It was called "edited outside tplsync (the
// console)", with a pull --force that would bring the unmerged draft into main.
test('NEW-B: on main, a version applied from a pushed branch not merged here is said as such (text, JSON, Markdown, apply), with no pull into main', async () => {
  await inDriftRepo('tplsync-drift-sides-', async ({ emu, root, a, env }) => {
    git(root, 'clone', '-q', path.join(root, 'origin.git'), 'B');
    const b = path.join(root, 'B');
    // A: a pull request's branch, applied as a preview and pushed
    git(a, 'checkout', '-q', '-b', 'pr3');
    writeFileSync(path.join(a, 'templates/summer_sale.en_US.yaml'), file('summer_sale', 'Summer sale: flights to {{destination}} until Sunday night. Book now.'));
    git(a, 'commit', '-qam', 'sale wording');
    assert.is((await cliIn(['apply', '--base', 'origin/main', '--auto-approve'], { cwd: a, env })).exitCode, 0);
    git(a, 'push', '-q', 'origin', 'pr3');
    // B, on an up-to-date main, fetched the branch
    git(b, 'fetch', '-q');
    const plan = await cliIn(['plan'], { cwd: b, env });
    assert.match(plan.stdout, /~ update shop-whatsapp\/summer_sale\/en_US \(drift: applied from origin\/pr3, not merged here; apply would revert it\)/, plan.stdout + plan.stderr);
    assert.match(plan.stdout, "drift: the channel holds templates/summer_sale.en_US.yaml as origin/pr3 has it, a branch this one has not merged (applied from there: a pull request's preview, most often); apply would revert it to this branch's version. Leave it until origin/pr3 is merged here");
    assert.not.match(plan.stdout, 'edited outside');
    assert.not.match(plan.stdout, '--force');
    assert.match(plan.stdout, 'to update (1 of them applied from a branch not merged here, apply would revert it)');
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: b, env })).stdout) as { changes: { name: string; drift?: unknown }[] };
    assert.equal(json.changes.find((c) => c.name === 'summer_sale')?.drift, { base: 'the last 20 commits of the file', kind: 'unmerged', branch: 'origin/pr3' });
    const validate = new Ajv.default({ strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));
    assert.ok(validate(json), JSON.stringify(validate.errors));
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: b, env });
    assert.match(md.stdout, "🔴 1 update reverts a version on the channel applied from a branch not merged here (origin/pr3: a pull request's preview");
    assert.not.match(md.stdout, 'edited outside');
    // a feature branch of B's (a base that is not HEAD): the same mark, not "changed on the channel" with a pull
    git(b, 'checkout', '-q', '-b', 'pr4');
    writeFileSync(path.join(b, 'templates/gate_changed.en_US.yaml'), file('gate_changed', 'Gate change: your flight to {{destination}} now boards at gate E.'));
    git(b, 'commit', '-qam', 'gate E');
    const feature = await cliIn(['plan', '--base', 'origin/main'], { cwd: b, env });
    assert.match(feature.stdout, /summer_sale\/en_US \(drift: applied from origin\/pr3, not merged here; apply would revert it\)/, feature.stdout + feature.stderr);
    assert.not.match(feature.stdout, '--force');
    git(b, 'checkout', '-q', 'main');
    emu.advanceClock(25 * 3600_000);
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: b, env });
    assert.match(apply.stderr, 'warning: 1 update reverts a version on the channel applied from a branch not merged here: shop-whatsapp/summer_sale/en_US (origin/pr3)');
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    // a clone whose uncommitted edit was applied: no ref has it, said with both readings
    writeFileSync(path.join(a, 'templates/summer_sale.en_US.yaml'), file('summer_sale', 'Summer sale: flights to {{destination}} until Sunday. Last call.'));
    emu.advanceClock(25 * 3600_000);
    assert.is((await cliIn(['apply', '--base', 'origin/main', '--auto-approve'], { cwd: a, env })).exitCode, 0);
    const after = await cliIn(['plan'], { cwd: b, env });
    assert.match(after.stdout, 'edited outside tplsync (the console), or applied from a file never committed or from a branch not fetched here', after.stdout + after.stderr);
  });
});

test.run();
