// Takes the screenshots of docs/editors.md: real VS Code (code-server) with the packed tplsync
// extension, running the tplsync installed in a small temp project, in headless Chromium.
// Not part of `npm test` (it needs code-server, which tplsync does not depend on). Usage:
//
//   npm ci && npm run build
//   mkdir /tmp/cs && cd /tmp/cs && npm install code-server@4.100.3   # see docs/editors.md
//   node scripts/screenshot-editor.mjs --code-server /tmp/cs/node_modules/.bin/code-server
//
// Options: --chromium PATH (default /usr/bin/chromium or TPLSYNC_CHROMIUM), --out DIR (default
// docs/images), --keep (leave the temp project, to look at it). Every process it starts is ended
// when it is done or fails.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { values: opts } = parseArgs({
  options: {
    'code-server': { type: 'string' },
    chromium: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'docs', 'images') },
    keep: { type: 'boolean', default: false },
  },
});
const CODE_SERVER = opts['code-server'] ?? process.env.CODE_SERVER;
const CHROMIUM = opts.chromium ?? process.env.TPLSYNC_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
if (!CODE_SERVER || !existsSync(CODE_SERVER)) usage('give the code-server to run: --code-server PATH (npm install code-server in a scratch folder; see docs/editors.md)');
if (!CHROMIUM) usage('no Chromium found: --chromium PATH or TPLSYNC_CHROMIUM');

function usage(message) { console.error(`screenshot-editor: ${message}`); process.exit(2); }
function fail(message) { throw new Error(message); }
function run(cmd, args, cwd) { return execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' }); }
function step(message) { console.log(`- ${message}`); }

/** a free port on 127.0.0.1 */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => { const { port } = srv.address(); srv.close(() => resolve(port)); });
  });
}

// The project a user has: a config, one template with two findings, tplsync installed from npm
// (here: the tarball `npm pack` makes of this checkout, which is what the registry would serve).
const PROJECT_FILES = {
  'package.json': JSON.stringify({ name: 'shop-templates', private: true, version: '1.0.0' }, null, 2) + '\n',
  'tplsync.config.yaml': [
    '# yaml-language-server: $schema=node_modules/tplsync/schema/config.schema.json',
    'templates: ["templates/**/*.{yaml,yml}"]',
    'defaultEnvironment: local',
    'environments:',
    '  local:',
    '    emulator: .tplsync/emulator.json',
    '    channels:',
    '      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11',
    'channels:',
    '  shop-whatsapp: { kind: whatsapp }',
    '',
  ].join('\n'),
  // a typo'd category and a placeholder without a sample
  'templates/order_ready.en_US.yaml': [
    '# yaml-language-server: $schema=../node_modules/tplsync/schema/template.schema.json',
    'channel: shop-whatsapp',
    'name: order_ready',
    'language: en_US',
    'category: UTILTY',
    'body:',
    '  text: "Hello {{1}}, your order {{2}} is ready for pickup at the store."',
    '  examples: { 1: Ana }',
    'footer: Reply STOP to opt out',
    '',
  ].join('\n'),
};

const work = mkdtempSync(path.join(tmpdir(), 'tplsync-screenshot-'));
const project = path.join(work, 'shop-templates');
const children = [];
let browser;
try {
  step('bundling and packaging the VS Code extension (as test/vscode-extension.test.ts does)');
  const ext = path.join(ROOT, 'editors', 'vscode');
  run(process.execPath, [path.join(ext, 'build.mjs')], ROOT);
  const vsix = path.join(work, 'tplsync.vsix');
  run(process.execPath, [path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'package', '--no-dependencies', '-o', vsix], ext);

  step('packing tplsync and installing it into a temp project');
  run('npm', ['pack', '--silent', '--pack-destination', work], ROOT);
  const tarball = readdirSync(work).find((f) => /^tplsync-.*\.tgz$/.test(f));
  if (!tarball) fail('npm pack made no tarball');
  for (const [name, text] of Object.entries(PROJECT_FILES)) {
    mkdirSync(path.dirname(path.join(project, name)), { recursive: true });
    writeFileSync(path.join(project, name), text);
  }
  run('npm', ['install', '--no-audit', '--no-fund', '--save-dev', path.join(work, tarball)], project);

  step('installing the .vsix into code-server');
  const userData = path.join(work, 'user-data');
  const extensions = path.join(work, 'extensions');
  mkdirSync(path.join(userData, 'User'), { recursive: true });
  writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify({
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.colorTheme': 'Default Light Modern',
    'workbench.secondarySideBar.defaultVisibility': 'hidden',
    'security.workspace.trust.enabled': false,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'extensions.autoCheckUpdates': false,
    'chat.commandCenter.enabled': false,
    'window.commandCenter': false,
    'editor.minimap.enabled': false,
    'editor.fontSize': 14,
    'editor.hover.delay': 100,
    'problems.sortOrder': 'position',
    'remote.autoForwardPorts': false, // other programs' ports are no part of the picture
  }, null, 2));
  const csConfig = path.join(work, 'code-server.yaml');
  writeFileSync(csConfig, 'auth: none\ncert: false\n');
  const common = ['--config', csConfig, '--user-data-dir', userData, '--extensions-dir', extensions];
  run(CODE_SERVER, [...common, '--install-extension', vsix], work);

  step('starting code-server on 127.0.0.1');
  const port = await freePort();
  const cs = spawn(CODE_SERVER, [...common, '--bind-addr', `127.0.0.1:${port}`, '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', project], {
    cwd: project, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PASSWORD: undefined },
  });
  children.push(cs);
  let csLog = '';
  cs.stdout.on('data', (d) => { csLog += d; });
  cs.stderr.on('data', (d) => { csLog += d; });
  const ready = await new Promise((resolve) => {
    const check = () => { if (csLog.includes('HTTP server listening')) { resolve(true); return true; } return false; };
    const timer = setInterval(() => { if (check()) clearInterval(timer); }, 200);
    cs.once('exit', () => { clearInterval(timer); resolve(false); });
  });
  if (!ready) fail(`code-server did not start:\n${csLog}`);

  step('opening the template in headless Chromium');
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage({ viewport: { width: 1100, height: 860 }, deviceScaleFactor: 1 });
  await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(project)}`);
  await page.locator('.monaco-workbench').waitFor({ timeout: 120_000 });
  // Quick Open, as a user would
  await page.locator('.monaco-editor, .editor-group-container').first().waitFor({ timeout: 60_000 });
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').waitFor({ timeout: 30_000 });
  await page.keyboard.type('order_ready.en_US.yaml');
  await page.locator('.quick-input-list .monaco-list-row').first().waitFor({ timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.monaco-editor .view-lines').first().waitFor({ timeout: 30_000 });

  step('waiting for tplsync\'s diagnostics');
  await page.locator('.monaco-editor .squiggly-error').first().waitFor({ timeout: 120_000 });

  step('opening the Problems panel');
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel .monaco-list-row').nth(2).waitFor({ timeout: 30_000 });

  step('hovering over the placeholder without a sample (line 7, column 34)');
  await page.keyboard.press('Control+G');
  await page.keyboard.type('7:34');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Control+K');
  await page.keyboard.press('Control+I');
  await page.locator('.monaco-hover .hover-contents').first().waitFor({ timeout: 30_000 });
  await page.locator('.monaco-hover', { hasText: 'Used in' }).first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(500);
  mkdirSync(opts.out, { recursive: true });
  const shot = async (name, clip) => {
    const file = path.join(opts.out, name);
    await page.screenshot({ path: file, ...(clip ? { clip } : {}) });
    step(`wrote ${path.relative(process.cwd(), file)}`);
  };
  // the window down to the Problems panel's last finding
  const last = await page.locator('.markers-panel .monaco-list-row').last().boundingBox();
  await shot('vscode-diagnostics.png', { x: 0, y: 0, width: 1100, height: Math.round(last.y + last.height + 10) });

  step('opening the quick fixes there (Ctrl+.)');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Control+B'); // the side bar closed: the editor from the window's edge
  await page.keyboard.press('Control+.');
  const fixItem = page.locator('.action-widget .monaco-list-row', { hasText: '(tplsync)' }).first();
  await fixItem.waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  const menu = await page.locator('.action-widget').first().boundingBox();
  const lines = await page.locator('.editor-group-container .monaco-editor .view-lines').first().boundingBox();
  // the editor's lines with their numbers, down to and across to the menu's corner
  const x = Math.max(0, Math.min(menu.x, lines.x) - 64);
  const y = Math.max(0, lines.y - 3);
  const right = Math.min(1100, Math.max(menu.x + menu.width, lines.x + 560) + 12);
  await shot('vscode-quick-fix.png', { x, y, width: right - x, height: menu.y + menu.height + 12 - y });

  step('applying it: the finding goes, the other stays');
  await page.keyboard.press('Enter'); // the fix is the focused entry
  await page.locator('.markers-panel .monaco-list-row', { hasText: 'placeholder-sample' }).waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForTimeout(1000);
  if (process.env.DEBUG_SHOT) await page.screenshot({ path: process.env.DEBUG_SHOT });
  const rows = await page.locator('.markers-panel .monaco-list-row').allTextContents();
  if (rows.length !== 2 || !rows[1].includes('UTILTY')) fail(`after the quick fix the Problems panel lists ${JSON.stringify(rows)}, not the file and its category finding`);
} catch (err) {
  console.error(`screenshot-editor: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await browser?.close().catch(() => {});
  for (const child of children) {
    if (child.exitCode === null) { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ } }
  }
  if (!opts.keep) rmSync(work, { recursive: true, force: true });
  else console.log(`kept ${work}`);
}
