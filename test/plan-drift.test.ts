// Drift: a change made on the channel (the console, a colleague's apply) was planned as an ordinary
// "update" and applied back without a word (trial-o F2); an apply from a checkout behind its
// upstream reverted a colleague's applied change (F9). When the plan knows a base that is not HEAD
// (--base, or the merge base with the upstream), an update whose file is the same there as now is
// drift: said in the text, JSON and Markdown plan, in the summary, and by apply (naming each). A
// checkout behind its upstream whose update would revert the upstream's newer version says
// "git pull first".
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cliIn } from './helpers.ts';
import { file, git, inDriftRepo } from './drift-repo.ts';

const CONSOLE = 'Summer sale: flights to {{1}} until Monday. Book now and pack your bags!';

test('a console edit of a template the branch did not change is drift in the plan (text, JSON, Markdown) and in apply', async () => {
  await inDriftRepo('tplsync-drift-', async ({ emu, root, a, env }) => {
    // marketing edits summer_sale in the console
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    const id = templateId(CHANNEL_A, 'summer_sale', 'en_US');
    await client.writeTemplate(CHANNEL_A, id, { name: 'summer_sale', description: '', chatapp: { chatapp: { name: 'summer_sale', language: 'en_US', category: 'MARKETING', components: [{ type: 'BODY', text: CONSOLE }], example: { 1: 'Mallorca' } } } } as never);
    // engineer A's branch edits gate_changed only
    git(a, 'checkout', '-q', '-b', 'gate-wording');
    writeFileSync(path.join(a, 'templates/gate_changed.en_US.yaml'), file('gate_changed', 'Gate change: your flight to {{destination}} now boards at gate B.'));
    git(a, 'commit', '-qam', 'gate wording');
    const pull = `tplsync pull --channel shop-whatsapp --id ${id} --force --env t`;
    const text = await cliIn(['plan', '--base', 'origin/main'], { cwd: a, env });
    assert.is(text.exitCode, 0, text.stdout + text.stderr);
    assert.match(text.stdout, /~ update shop-whatsapp\/summer_sale\/en_US \(drift: changed on the channel, not in this branch; apply would revert it\)/);
    assert.match(text.stdout, `drift: changed on the channel, not in this branch (templates/summer_sale.en_US.yaml is the same at origin/main as now); apply would revert it. Keep the channel's version with \`${pull}\``);
    assert.match(text.stdout, /~ update shop-whatsapp\/gate_changed\/en_US(?! \(drift)/);
    assert.match(text.stdout, 'Plan for t: 0 to create, 2 to update (1 of them drift: changed on the channel, apply would revert it), 0 unchanged');
    const json = JSON.parse((await cliIn(['plan', '--base', 'origin/main', '--format', 'json'], { cwd: a, env })).stdout) as { changes: { name: string; drift?: { base: string } }[] };
    assert.equal(json.changes.find((c) => c.name === 'summer_sale')?.drift, { base: 'origin/main' });
    assert.is(json.changes.find((c) => c.name === 'gate_changed')?.drift, undefined);
    const md = await cliIn(['plan', '--base', 'origin/main', '--format', 'markdown'], { cwd: a, env });
    assert.match(md.stdout, '1 update reverts a change made on the channel, not in this branch (drift');
    assert.match(md.stdout, /<b>shop-whatsapp\/summer_sale\/en_US<\/b>.*\(drift: changed on the channel/);
    assert.match(md.stdout, pull);
    // the default base (the merge base with the upstream) says it too; so does apply, naming the template
    const plain = await cliIn(['plan'], { cwd: a, env });
    git(a, 'branch', '-q', '--set-upstream-to', 'origin/main');
    const tracked = await cliIn(['plan'], { cwd: a, env });
    assert.match(tracked.stdout, /summer_sale\/en_US \(drift: changed on the channel/, tracked.stdout + plain.stdout);
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.match(apply.stderr, /warning: 1 update reverts a change made on the channel \(drift\): shop-whatsapp\/summer_sale\/en_US/);
  });
});

test('behind its upstream: an update that reverts the upstream\'s newer (applied) version of a file says git pull first', async () => {
  await inDriftRepo('tplsync-drift-', async ({ emu, root, a, env }) => {
    // engineer B commits, pushes and applies a new wording of summer_sale
    git(root, 'clone', '-q', path.join(root, 'origin.git'), 'B');
    const b = path.join(root, 'B');
    writeFileSync(path.join(b, 'templates/summer_sale.en_US.yaml'), file('summer_sale', 'Summer sale: flights to {{destination}} until Sunday. Book now, seats are few.'));
    git(b, 'commit', '-qam', 'sale wording');
    git(b, 'push', '-q', 'origin', 'main');
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: b, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    // A, one commit of its own, has fetched but not merged: ahead 1, behind 1
    writeFileSync(path.join(a, 'templates/gate_changed.en_US.yaml'), file('gate_changed', 'Gate change: your flight to {{destination}} now boards at gate B.'));
    git(a, 'commit', '-qam', 'gate wording');
    git(a, 'fetch', '-q');
    const plan = await cliIn(['plan'], { cwd: a, env });
    assert.match(plan.stdout, /~ update shop-whatsapp\/summer_sale\/en_US \(drift: reverts origin\/main's newer version, which the channel holds\)/, plan.stdout + plan.stderr);
    assert.match(plan.stdout, 'This checkout is behind origin/main: 1 update reverts origin/main\'s newer version of its file, which the channel holds (a change applied from there). git pull first, then plan again.');
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: a, env });
    assert.match(apply.stderr, /warning: this checkout is behind origin\/main: 1 update reverts its newer version of a file, which the channel holds: shop-whatsapp\/summer_sale\/en_US\. git pull first/);
    // not written: the channel keeps B's applied change; A's own edit is written
    assert.match(apply.stdout, /summer_sale\/en_US.*not attempted: this checkout is behind origin\/main/);
    assert.match(apply.stdout, /updated shop-whatsapp\/gate_changed\/en_US/);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.match(apply.stderr, /1 template not written: this checkout is behind its upstream branch/);
    const live = await createClient({ baseUrl: emu.url, apiKey: 'k' }).getTemplate(CHANNEL_A, templateId(CHANNEL_A, 'summer_sale', 'en_US'));
    assert.match(JSON.stringify(live), 'seats are few');
    // pulled: nothing of the kind
    git(a, 'pull', '-q', '--no-rebase', '--no-edit');
    const after = await cliIn(['plan'], { cwd: a, env });
    assert.not.match(after.stdout, 'drift');
    assert.ok(readFileSync(path.join(a, 'templates/summer_sale.en_US.yaml'), 'utf8').includes('seats are few'));
  });
});

test.run();
