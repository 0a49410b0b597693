// `tplsync preview --changes`: the channel today beside the files, the change marked; against the
// files at --base when the channel cannot be reached; in a real browser, both sides render and
// the marked change is the one that was made (a screenshot is kept in test-output/).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { withBrowser } from './browser.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, refusedUrl, ROOT, tempDir } from './helpers.ts';

const dir = tempDir('tplsync-changes-');
const SHIPPED = path.join(dir, 'templates', 'whatsapp', 'order_shipped.en_US.yaml');
const PAGE = 'shop-whatsapp_order_shipped_en_US.html';

test.before(async () => {
  cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
  const r = await cliIn(['apply', '--auto-approve'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  for (const args of [['init', '-q'], ['add', '-A'], ['-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-qm', 'applied']]) await execa('git', args, { cwd: dir });
  // the change under review: a reworded body and a renamed button, and a new template
  writeFileSync(SHIPPED, readFileSync(SHIPPED, 'utf8')
    .replace('is on its way and should arrive within three working days', 'has shipped and arrives within two working days')
    .replace('text: Talk to support', 'text: Chat with us'));
  writeFileSync(path.join(dir, 'templates', 'whatsapp', 'order_late.en_US.yaml'), [
    'channel: shop-whatsapp', 'name: order_late', 'language: en_US', 'category: UTILITY', 'description: Late order',
    'body:', '  text: "Sorry {{name}}, your order is running late by a day; we will keep you posted."', '  examples: { name: Ana }', '',
  ].join('\n'));
});
test.after(() => cleanup(dir));

test('the index lists each change; the update page shows the channel today beside the files, with the change marked', async () => {
  const r = await cliIn(['preview', '--changes', '--out', 'changes'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stderr, /1 to create, 1 to update, 0 orphaned; against local/);
  const index = readFileSync(path.join(dir, 'changes', 'index.html'), 'utf8');
  assert.match(index, /<tr role="row" data-action="update"><td role="cell">update<\/td><td role="cell"><a href="shop-whatsapp_order_shipped_en_US\.html">/);
  assert.match(index, /<tr role="row" data-action="create"><td role="cell">create<\/td><td role="cell"><a href="shop-whatsapp_order_late_en_US\.html">/);
  assert.not.match(index, /summer_sale/, 'unchanged templates are not listed');
  const html = readFileSync(path.join(dir, 'changes', PAGE), 'utf8');
  const [before, after] = html.split('data-testid="after"');
  assert.match(before!, /<del>is on its way<\/del>/);
  assert.match(before!, /<del>should arrive<\/del> within <del>three<\/del>/);
  assert.match(after!, /<ins>has shipped<\/ins>/);
  assert.match(after!, /<ins>arrives<\/ins> within <ins>two<\/ins>/);
  assert.match(before!, /class="wa-button changed" data-path="buttons\[1\]"[^>]*>.*Talk to support/);
  assert.match(after!, /class="wa-button changed" data-path="buttons\[1\]"[^>]*>.*Chat with us/);
  assert.match(after!, /class="wa-button" data-path="buttons\[0\]"/, 'the unchanged button is not marked');
  const created = readFileSync(path.join(dir, 'changes', 'shop-whatsapp_order_late_en_US.html'), 'utf8');
  assert.match(created, /Not on the channel yet: this template is new/);
  assert.match(created, /Sorry <mark title="\{\{name\}\}">Ana<\/mark>/);
});

test('the plan comment links to the preview and names each changed template\'s page', async () => {
  const r = await cliIn(['plan', '--format', 'markdown', '--preview-url', 'https://github.com/o/r/actions/runs/1/artifacts/2'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stdout, /🔍 \[See each change before and after, as the customer sees it\]\(https:\/\/github\.com\/o\/r\/actions\/runs\/1\/artifacts\/2\)/);
  assert.match(r.stdout, /Before and after: `shop-whatsapp_order_shipped_en_US\.html` in the \[preview\]/);
  assert.match(r.stdout, /Before and after: `shop-whatsapp_order_late_en_US\.html`/);
  // a marker that would end the hidden HTML comment early: refused by plan, not one step later by comment
  const marker = await cliIn(['plan', '--format', 'markdown', '--marker', 'x-->y'], { cwd: dir });
  assert.is(marker.exitCode, 3, marker.stdout + marker.stderr);
  assert.match(marker.stderr, "--marker 'x-->y' would end the hidden comment early");
  // an empty workflow output before it: the next option is no address
  const empty = await cliIn(['plan', '--format', 'markdown', '--preview-url', '--output', 'plan.md'], { cwd: dir });
  assert.is(empty.exitCode, 3, empty.stdout + empty.stderr);
  assert.match(empty.stderr, "--preview-url takes the http(s) address of the before/after site, not '--output' (an empty value before it?");
});

test('when the channel cannot be reached, --base compares with the files at that ref', async () => {
  const cfg = path.join(dir, 'offline.config.yaml');
  // a port nothing listens on (port 9 and the other "bad ports" are refused before any attempt)
  const closed = Number(new URL(await refusedUrl()).port);
  writeFileSync(cfg, readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8')
    .replace(/defaultEnvironment: local/, 'defaultEnvironment: offline')
    .replace(/environments:\n/, `environments:\n  offline:\n    baseUrl: http://127.0.0.1:${closed}\n    retries: 0\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11, shop-rcs: 3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b }\n`));
  // a template removed from the files since HEAD: an orphan against the files at HEAD too
  const removed = path.join(dir, 'templates', 'whatsapp', 'summer_sale.en_US.yaml');
  const kept = readFileSync(removed, 'utf8');
  rmSync(removed);
  const r = await cliIn(['preview', '--changes', '--base', 'HEAD', '--out', 'offline', '--config', cfg], { cwd: dir, env: { TPLSYNC_API_KEY: 'k' } });
  writeFileSync(removed, kept);
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stderr, /cannot be reached; showing the changes against the files at HEAD/);
  assert.match(r.stderr, /1 to create, 1 to update, 1 orphaned; against the files at HEAD/);
  assert.match(readFileSync(path.join(dir, 'offline', 'index.html'), 'utf8'), /summer_sale/);
  const html = readFileSync(path.join(dir, 'offline', PAGE), 'utf8');
  assert.match(html, /the files at HEAD/);
  assert.match(html, /<del>is on its way<\/del>/);
  assert.match(html, /<ins>has shipped<\/ins>/);
  const without = await cliIn(['preview', '--changes', '--out', 'offline2', '--config', cfg], { cwd: dir, env: { TPLSYNC_API_KEY: 'k' } });
  assert.is(without.exitCode, 7, 'without --base an unreachable channel is exit 7');
  assert.match(without.stderr, 'preview --changes --base REF compares with the files at a git ref when the channel cannot be reached');
});

test('in headless Chromium: both sides render and the marked change is the one that was made; a screenshot is kept', async () => {
  await withBrowser(async (browser) => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    await page.goto(`file://${path.join(dir, 'changes', PAGE)}`);
    const before = page.locator('[data-testid="before"]');
    const after = page.locator('[data-testid="after"]');
    assert.is(await before.locator('[data-testid="body"]').innerText(), 'Hi Maria, your order A-1042 is on its way and should arrive within three working days.');
    assert.is(await after.locator('[data-testid="body"]').innerText(), 'Hi Maria, your order A-1042 has shipped and arrives within two working days.');
    assert.equal(await after.locator('ins').allInnerTexts(), ['has shipped', 'arrives', 'two']);
    assert.equal(await before.locator('del').allInnerTexts(), ['is on its way', 'should arrive', 'three']);
    assert.equal((await after.locator('.wa-button.changed').allInnerTexts()).map((t) => t.trim()), ['Chat with us']);
    assert.equal((await before.locator('.wa-button.changed').allInnerTexts()).map((t) => t.trim()), ['Talk to support']);
    assert.ok(await after.locator('.wa-button.changed').isVisible());
    mkdirSync(path.join(ROOT, 'test-output'), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, 'test-output', 'preview-changes-order-shipped.png'), fullPage: true });
    assert.ok(existsSync(path.join(ROOT, 'test-output', 'preview-changes-order-shipped.png')));
  });
});

test.run();
