// The template listing: the emulator's own operation, the config's mapping (off unless set),
// `pull --all` and `plan --orphans` on top of it, all against the emulator on 127.0.0.1.
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { listPath, listTemplateIds, readListPage } from '../src/api/list.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import Ajv from 'ajv';
import { cleanup, cliIn, listedServiceConfig, raw, ROOT, tempDir, VALID, writeBody, writeFiles } from './helpers.ts';

const KEY = `k-${randomUUID()}`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY, { key: 'scoped', channels: [randomUUID()] }], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const LIST = { path: '/channel/{channelId}/templates', items: 'templates', id: 'publicId', next: 'nextCursor' };

/** a fresh channel with n templates written to the emulator; returns the channel and the ids */
async function channelWith(n: number, names = (i: number) => `greeting_${i}`): Promise<{ channel: string; ids: string[] }> {
  const channel = randomUUID();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomUUID();
    const r = await raw(`${emu.url}/channel/${channel}/template/${id}`, { key: KEY, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(writeBody(names(i))) });
    assert.is(r.status, 200);
    ids.push(id);
  }
  return { channel, ids: ids.sort() };
}

test('emulator: GET /channel/{id}/templates lists the channel\'s templates in pages, with the key\'s scope and clear 4xx', async () => {
  const { channel, ids } = await channelWith(5);
  const first = await raw(`${emu.url}/channel/${channel}/templates?limit=2`, { key: KEY });
  assert.is(first.status, 200);
  const page = first.body as { templates: { publicId: string; name: string; language: string; statusText: string }[]; nextCursor: string };
  assert.equal(page.templates.map((t) => t.publicId), ids.slice(0, 2));
  assert.equal(page.templates[0]!.language, 'en_US');
  const rest = (await raw(`${emu.url}/channel/${channel}/templates?limit=10&cursor=${page.nextCursor}`, { key: KEY })).body as typeof page;
  assert.equal(rest.templates.map((t) => t.publicId), ids.slice(2));
  assert.is(rest.nextCursor, '');
  assert.equal(((await raw(`${emu.url}/channel/${channel}/templates?status=REJECTED`, { key: KEY })).body as typeof page).templates, []);
  assert.equal(((await raw(`${emu.url}/channel/${randomUUID()}/templates`, { key: KEY })).body as typeof page), { templates: [], nextCursor: '' });
  assert.is((await raw(`${emu.url}/channel/${channel}/templates`, { key: null })).status, 401);
  assert.is((await raw(`${emu.url}/channel/${channel}/templates`, { key: 'scoped' })).status, 403);
  assert.is((await raw(`${emu.url}/channel/${channel}/templates?limit=0`, { key: KEY })).status, 400);
  assert.is((await raw(`${emu.url}/channel/${channel}/templates?cursor=nope`, { key: KEY })).status, 400);
  assert.is((await raw(`${emu.url}/channel/not-a-uuid/templates`, { key: KEY })).status, 400);
  const post = await raw(`${emu.url}/channel/${channel}/templates`, { key: KEY, method: 'POST' });
  assert.is(post.status, 405);
  assert.is(post.headers.get('allow'), 'GET, HEAD');
});

test('the mapping (pure): {channelId} and the cursor in the path, items and ids at dot paths, the last page', () => {
  assert.is(listPath(LIST, 'c1'), '/channel/c1/templates');
  assert.is(listPath({ ...LIST, path: '/v2/templates?channel={channelId}&status=APPROVED', cursorParam: 'after' }, 'c1', 'x y'), '/v2/templates?channel=c1&status=APPROVED&after=x%20y');
  const cfg = { path: '/x/{channelId}', items: 'data.list', id: 'template.uuid', next: 'data.page.next' };
  assert.equal(readListPage(cfg, { data: { list: [{ template: { uuid: 'a' } }, { template: { uuid: 'b' } }], page: { next: 'p2' } } }), { ids: ['a', 'b'], next: 'p2' });
  assert.equal(readListPage(cfg, { data: { list: [], page: { next: null } } }), { ids: [] });
  assert.equal(readListPage({ path: '/x/{channelId}', items: '', id: 'id' }, [{ id: 'a' }]), { ids: ['a'] });
  assert.throws(() => readListPage(cfg, { data: {} }), /list\.items 'data\.list' is not an array/);
  assert.throws(() => readListPage(cfg, { data: { list: [{ id: 'a' }] } }), /item 0 has no string at list\.id 'template\.uuid'/);
});

test('listTemplateIds follows the cursor to the last page; a cursor the service repeats is an error, not a loop', async () => {
  const { channel, ids } = await channelWith(7);
  const client = createClient({ baseUrl: emu.url, apiKey: KEY });
  assert.equal((await listTemplateIds(client, channel, { ...LIST, path: '/channel/{channelId}/templates?limit=3' })).sort(), ids);
  // the emulator ignores a parameter it does not know: the same page and cursor come back
  let error: unknown;
  try { await listTemplateIds(client, channel, { ...LIST, path: '/channel/{channelId}/templates?limit=3', cursorParam: 'after' }); } catch (e) { error = e; }
  assert.match(String(error), /returned the cursor \S+ twice/);
});

function project(channel: string, list: boolean): string {
  const dir = tempDir();
  writeFiles(dir, {
    'tplsync.config.yaml': listedServiceConfig(emu.url, channel, list ? 2 : null),
  });
  return dir;
}
const env = { TPLSYNC_TEST_KEY: KEY };

test('pull --all writes every listed template into lint-clean files that keep their publicId; never overwrites; skips what the files manage', async () => {
  const { channel, ids } = await channelWith(3, (i) => ['order_ready', 'order_shipped', 'invoice_ready'][i]!);
  const dir = project(channel, true);
  try {
    let r = await cliIn(['pull', '--all', '--channel', 'shop-whatsapp'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /The listing of shop-whatsapp in test names 3 templates/);
    const files = readdirSync(path.join(dir, 'templates')).sort();
    assert.equal(files, ['invoice_ready.en_US.yaml', 'order_ready.en_US.yaml', 'order_shipped.en_US.yaml']);
    const publicIds = files.map((f) => /publicId: (\S+)/.exec(readFileSync(path.join(dir, 'templates', f), 'utf8'))![1]).sort();
    assert.equal(publicIds, ids);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout);
    // the pulled files are the channel: nothing to change, nothing orphaned
    const plan = JSON.parse((await cliIn(['plan', '--orphans', '--format', 'json'], { cwd: dir, env })).stdout) as { summary: Record<string, number> };
    assert.equal(plan.summary, { create: 0, update: 0, noop: 3, orphan: 0 });
    // a second run: every template is managed by a file already; nothing is written
    const before = readFileSync(path.join(dir, 'templates', files[0]!), 'utf8');
    r = await cliIn(['pull', '--all', '--channel', 'shop-whatsapp'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is((r.stdout.match(/already manages/g) ?? []).length, 3);
    assert.is(readFileSync(path.join(dir, 'templates', files[0]!), 'utf8'), before);
    // with --force too, which --all does not apply to a managed file: said so, with the command that re-pulls one (trial-aq F3)
    r = await cliIn(['pull', '--all', '--force', '--channel', 'shop-whatsapp'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const orderReady = /publicId: (\S+)/.exec(readFileSync(path.join(dir, 'templates', 'order_ready.en_US.yaml'), 'utf8'))![1]!;
    assert.match(r.stdout, `${path.join('templates', 'order_ready.en_US.yaml')}: already manages ${orderReady} (skipped: --force does not re-pull with --all a template a file manages; to write the channel's copy over this file: tplsync pull --channel shop-whatsapp --id ${orderReady} --force --env test (tplsync plan --env test shows whether it differs from the channel))`);
    assert.is((r.stdout.match(/--force does not re-pull/g) ?? []).length, 3);
    assert.is(readFileSync(path.join(dir, 'templates', files[0]!), 'utf8'), before);
    // into another folder, where a file is in the way: refused without --force
    rmSync(path.join(dir, 'templates', 'order_ready.en_US.yaml'));
    writeFiles(dir, { 'elsewhere/order_ready.en_US.yaml': 'mine\n' });
    r = await cliIn(['pull', '--all', '--channel', 'shop-whatsapp', '--dir', 'elsewhere'], { cwd: dir, env });
    assert.is(r.exitCode, 1);
    assert.match(r.stderr, /elsewhere\/order_ready\.en_US\.yaml exists; pass --force to overwrite it/);
    assert.is(readFileSync(path.join(dir, 'elsewhere', 'order_ready.en_US.yaml'), 'utf8'), 'mine\n');
  } finally { cleanup(dir); }
});

test('plan --orphans (no --base): a listed template no file defines is an orphan; without the listing configured both commands say what to set', async () => {
  const { channel } = await channelWith(2, (i) => `kept_${i}`);
  const dir = project(channel, true);
  try {
    writeFiles(dir, { 'templates/order_ready.en_US.yaml': VALID });
    const plan = JSON.parse((await cliIn(['plan', '--orphans', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { action: string; name: string; channel: string }[] };
    assert.equal(plan.changes.map((c) => `${c.action} ${c.channel}/${c.name}`), ['orphan shop-whatsapp/kept_0', 'orphan shop-whatsapp/kept_1', 'create shop-whatsapp/order_ready']);
    const text = await cliIn(['plan', '--orphans'], { cwd: dir, env });
    assert.match(text.stdout, /on the channel but in no template file \(found by the listing\)/);
  } finally { cleanup(dir); }
  const off = project(channel, false);
  try {
    writeFiles(off, { 'templates/order_ready.en_US.yaml': VALID });
    const pull = await cliIn(['pull', '--all', '--channel', 'shop-whatsapp'], { cwd: off, env });
    assert.is(pull.exitCode, 3);
    assert.match(pull.stderr, /pull --all needs the template listing of environment 'test'.*names "Get List Approved Template" but not its path.*set environments\.test\.list \(path, items, id\)/);
    const plan = await cliIn(['plan', '--orphans'], { cwd: off, env });
    assert.is(plan.exitCode, 3);
    assert.match(plan.stderr, /plan --orphans needs the template listing of environment 'test'.*or find orphans in git with --base REF/);
    assert.match((await cliIn(['pull', '--channel', 'shop-whatsapp'], { cwd: off, env })).stderr, /either --id UUID\.\.\. or --all/);
  } finally { cleanup(off); }
});

test('the drift check: a template made in the console (listed, no file) makes plan --orphans --detailed-exitcode exit 2; --orphans-if-listed looks when the listing is set, and says it does not when it is not', async () => {
  const { channel } = await channelWith(1, () => 'console_made');
  const dir = project(channel, true);
  try {
    // the files: one template, applied, so that the files alone plan no change
    writeFiles(dir, { 'templates/order_ready.en_US.yaml': VALID });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    assert.is((await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env })).exitCode, 0, 'no orphans asked for: only the files are compared');
    for (const flag of ['--orphans', '--orphans-if-listed']) {
      const r = await cliIn(['plan', '--detailed-exitcode', flag], { cwd: dir, env });
      assert.is(r.exitCode, 2, `${flag}: ${r.stdout}${r.stderr}`);
      assert.match(r.stdout, /orphan shop-whatsapp\/console_made/);
    }
    assert.is((await cliIn(['plan', '--orphans'], { cwd: dir, env })).exitCode, 0, 'without --detailed-exitcode an orphan is no failure');
  } finally { cleanup(dir); }
  const off = project(channel, false);
  try {
    writeFiles(off, { 'templates/order_ready.en_US.yaml': VALID });
    const r = await cliIn(['plan', '--detailed-exitcode', '--orphans-if-listed'], { cwd: off, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /Orphans not looked for: environment 'test' has no template listing \(environments\.test\.list\), so templates on its channels that no file defines \(made in the console\) were not looked for/);
  } finally { cleanup(off); }
});

test('plan --orphans-if-listed: that orphans were not looked for (no listing, or a listing that failed) is part of the plan, text, Markdown and JSON, so the drift issue made of drift.md carries it', async () => {
  const { channel } = await channelWith(1, () => 'console_made');
  const NOTE = /Orphans not looked for: environment 'test' has no template listing \(environments\.test\.list\)/;
  const off = project(channel, false);
  try {
    // a drift: the file is not on the channel (exit 2), and the body is drift.md
    writeFiles(off, { 'templates/order_ready.en_US.yaml': VALID });
    const md = await cliIn(['plan', '--detailed-exitcode', '--orphans-if-listed', '--format', 'markdown', '--output', 'drift.md'], { cwd: off, env });
    assert.is(md.exitCode, 2, md.stderr);
    assert.is(md.stderr, '', 'said in the plan, not on stderr alone');
    assert.match(readFileSync(path.join(off, 'drift.md'), 'utf8'), NOTE);
    const json = await cliIn(['plan', '--orphans-if-listed', '--format', 'json'], { cwd: off, env });
    const doc = JSON.parse(json.stdout) as { orphansNotLookedFor: string };
    assert.match(doc.orphansNotLookedFor, /^environment 'test' has no template listing/);
    const validate = new Ajv.default({ strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));
    assert.ok(validate(doc), 'the JSON plan with the note validates against plan.v1');
    const text = await cliIn(['plan', '--orphans-if-listed'], { cwd: off, env });
    assert.match(text.stdout, NOTE);
    // asked for nothing of the kind: nothing said
    assert.not.match((await cliIn(['plan'], { cwd: off, env })).stdout, /not looked for/);
    assert.not.ok('orphansNotLookedFor' in JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: off, env })).stdout));
  } finally { cleanup(off); }
  // a listing that fails (here: the config's items do not fit the answer): the files are planned, the plan says why orphans were not looked for, and the run exits as the listing's failure
  const broken = project(channel, true);
  try {
    writeFiles(broken, { 'tplsync.config.yaml': readFileSync(path.join(broken, 'tplsync.config.yaml'), 'utf8').replace('items: templates', 'items: data') });
    writeFiles(broken, { 'templates/order_ready.en_US.yaml': VALID });
    const r = await cliIn(['plan', '--detailed-exitcode', '--orphans-if-listed', '--format', 'markdown', '--output', 'drift.md'], { cwd: broken, env });
    assert.is(r.exitCode, 3, r.stderr);
    const drift = readFileSync(path.join(broken, 'drift.md'), 'utf8');
    assert.match(drift, /create.*order_ready/);
    assert.match(drift, /Orphans not looked for: the template listing of environment 'test' failed, .* list\.items 'data' is not an array/);
    // --orphans itself still stops at a listing that fails
    const strict = await cliIn(['plan', '--orphans'], { cwd: broken, env });
    assert.is(strict.exitCode, 3);
    assert.is(strict.stdout, '');
  } finally { cleanup(broken); }
});

test('plan --orphans: two orphans of one name and language (twins, which pull --all refuses) are advised what pull says of twins, not pull --all (trial-aq F10)', async () => {
  const { channel, ids } = await channelWith(3, (i) => ['promo_spring', 'promo_spring', 'welcome_back'][i]!);
  const dir = project(channel, true);
  try {
    writeFiles(dir, { 'templates/order_ready.en_US.yaml': VALID });
    const plan = JSON.parse((await cliIn(['plan', '--orphans', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { action: string; name: string; publicId: string; note?: string; attention?: string[] }[] };
    const twins = plan.changes.filter((c) => c.name === 'promo_spring');
    assert.is(twins.length, 2);
    const text = (await cliIn(['plan', '--orphans'], { cwd: dir, env })).stdout.replace(/\s+/g, ' ');
    for (const t of twins) {
      const other = twins.find((x) => x.publicId !== t.publicId)!.publicId;
      assert.match(text, `the channel holds another template of this name and language that no file defines (${other}): a file can be one of them only, so pull --all pulls none of them. Keep this one: pull it by itself (tplsync pull --channel shop-whatsapp --id ${t.publicId} --env test) and remove the other in the console; or remove this one in the console`);
    }
    // the one other orphan keeps the advice of pull --all, which pulls it
    assert.match(text, `every such template of the channel: tplsync pull --all --channel shop-whatsapp --env test`);
    assert.is((text.match(/pull --all --channel/g) ?? []).length, 1, text);
    // what the advice says holds: pull --all writes neither twin; the one pulled by itself is written
    const all = await cliIn(['pull', '--all', '--channel', 'shop-whatsapp'], { cwd: dir, env });
    assert.is(all.exitCode, 1, all.stdout + all.stderr);
    assert.is((all.stderr.match(/promo_spring\/en_US \(\S+\) not written: the channel holds another template of that name and language/g) ?? []).length, 2, all.stderr);
    const one = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', twins[0]!.publicId, '--env', 'test'], { cwd: dir, env });
    assert.is(one.exitCode, 0, one.stdout + one.stderr);
    assert.ok(ids.includes(twins[0]!.publicId));
  } finally { cleanup(dir); }
});

test.run();
