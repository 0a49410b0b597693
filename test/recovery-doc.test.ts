// trial-bs F8: review's "see docs/recovery.md#rejected" and apply's "(docs/recovery.md#the-edit-limit)" named a path no
// project has: tplsync installed as a devDependency has the page in node_modules/tplsync/docs. Every message that sends
// the reader there names it through one helper (core/recovery-doc.ts), from where the reader is: through the project's
// node_modules when tplsync runs from an installed package, docs/recovery.md in a checkout of tplsync's repository.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { runWithIo } from '../src/core/io.ts';
import { recoveryDoc, recoveryPage } from '../src/core/recovery-doc.ts';
import { CHANNEL_A, cleanup, cliEnv, emulatorReview, ROOT, tempDir, writeFiles } from './helpers.ts';

const sink = (): Writable => new Writable({ write: (_c, _e, cb) => cb() });
/** recoveryPage(page) as a run in `cwd` names it */
const shownFrom = (cwd: string, page: string): string =>
  runWithIo({ stdout: sink(), stderr: sink(), stdin: Readable.from([]), cwd, env: {}, args: [] }, () => recoveryPage(page));

test('the page is named from where the reader is: through the nearest node_modules/tplsync, as the project shows it', () => {
  const dir = tempDir('tplsync-recovery-');
  try {
    // a project's devDependency, its real folder behind a link as pnpm lays it out (.pnpm/tplsync@0.1.0/node_modules/tplsync)
    const real = path.join(dir, 'acme', 'node_modules', '.pnpm', 'tplsync@0.1.0', 'node_modules', 'tplsync');
    writeFiles(real, { 'docs/recovery.md': '# Recovery\n' });
    symlinkSync(real, path.join(dir, 'acme', 'node_modules', 'tplsync'), 'dir');
    mkdirSync(path.join(dir, 'acme', 'teams', 'messaging'), { recursive: true });
    const page = path.join(real, 'docs', 'recovery.md');
    assert.is(shownFrom(path.join(dir, 'acme'), page), path.join('node_modules', 'tplsync', 'docs', 'recovery.md'));
    // from a team's folder of a monorepo whose root holds node_modules
    assert.is(shownFrom(path.join(dir, 'acme', 'teams', 'messaging'), page), path.join('..', '..', 'node_modules', 'tplsync', 'docs', 'recovery.md'));
    // a global install, run in a folder without it: its own path
    const global = path.join(dir, 'usr', 'lib', 'node_modules', 'tplsync', 'docs', 'recovery.md');
    writeFiles(path.dirname(global), { 'recovery.md': '# Recovery\n' });
    mkdirSync(path.join(dir, 'elsewhere'));
    assert.is(shownFrom(path.join(dir, 'elsewhere'), global), global);
    // nor another copy's page, found on the way up: the one that runs
    assert.is(shownFrom(path.join(dir, 'acme'), global), global);
    // a checkout of tplsync's repository (no node_modules in the page's path): its own docs/recovery.md
    assert.is(shownFrom(path.join(dir, 'acme'), path.join(ROOT, 'docs', 'recovery.md')), 'docs/recovery.md');
    assert.is(recoveryDoc('rejected'), 'docs/recovery.md#rejected');
  } finally { cleanup(dir); }
});

test('every message that names docs/recovery.md takes it from recoveryDoc: no other string in src/ writes the path', () => {
  const found: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith(path.join('core', 'recovery-doc.ts'))) {
        readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
          // comments name the page for the code's reader
          if (/docs\/recovery\.md/.test(line) && !/^\s*(?:\/\/|\*|\/\*)/.test(line)) found.push(`${path.relative(ROOT, p)}:${i + 1}`);
        });
      }
    }
  };
  walk(path.join(ROOT, 'src'));
  assert.equal(found, []);
});

let emu: RunningEmulator;
const KEY = `k${Math.random().toString(36).slice(2)}Zr4`;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('trial-bs F8: tplsync run from a project\'s node_modules names node_modules/tplsync/docs/recovery.md#rejected, a page that opens there', async () => {
  const dir = tempDir('tplsync-recovery-installed-');
  try {
    // the package as npm installs it (its files: bin, dist, schema, docs), its dependencies found beside it
    const pkg = path.join(dir, 'node_modules', 'tplsync');
    for (const f of ['bin', 'dist', 'schema', 'docs', 'package.json']) cpSync(path.join(ROOT, f), path.join(pkg, f), { recursive: true });
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(pkg, 'node_modules'), 'dir');
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: RD_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/order.en_US.yaml': `channel: shop-whatsapp\nname: order_ready_${Math.random().toString(36).slice(2, 8)}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
    });
    const run = (args: string[]) => execa(process.execPath, [path.join(pkg, 'bin', 'tplsync.cjs'), ...args], { cwd: dir, env: cliEnv({ RD_KEY: KEY }), reject: false });
    const applied = await run(['apply', '--auto-approve']);
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const id = (JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { publicId: string }[] }).changes[0]!.publicId;
    assert.is(await emulatorReview(emu, { channel: CHANNEL_A, template: id, statusText: 'REJECTED', reason: 'INVALID_FORMAT' }), 200);
    const review = await run(['review']);
    assert.is(review.exitCode, 2, review.stdout + review.stderr);
    assert.match(review.stdout, 'see node_modules/tplsync/docs/recovery.md#rejected');
    assert.not.match(review.stdout, /(?<![/\w])docs\/recovery\.md/);
    // the path opens from where the reader ran it, and the anchor is a heading of the page
    assert.ok(existsSync(path.join(dir, 'node_modules', 'tplsync', 'docs', 'recovery.md')));
    assert.match(readFileSync(path.join(pkg, 'docs', 'recovery.md'), 'utf8'), /^### REJECTED$/m);
  } finally { cleanup(dir); }
});

test.run();
