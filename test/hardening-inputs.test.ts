// The files a pull request can plant besides the templates (the config under each name it is
// looked for by, or named with --config; the files it imports; a policy plugin; a saved plan; a
// translation or export file; a comment's body) are read as the templates are: regular files only,
// and bounded. A committed link to /dev/zero grew the process's memory without end, and a FIFO
// blocked the open on the main thread, where SIGTERM and SIGINT were never handled: each is now
// refused at once with exit 3. The runs that could hang are children with a time limit, killed
// (SIGKILL after the SIGTERM a blocked process ignored) however the test ends.
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, cleanup, cliEnv, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n';

function project(files: Record<string, string> = { 'tplsync.config.yaml': CONFIG }): string {
  const dir = path.join(tempDir('tplsync-inputs-'), 'project');
  writeFiles(dir, { 'templates/order_ready.en_US.yaml': VALID, ...files });
  return dir;
}

/** a run of the bin that must end by itself: a time limit, then SIGTERM and (a blocked process ignores it) SIGKILL */
async function bounded(args: string[], cwd: string, env: Record<string, string> = {}): Promise<{ exitCode: number | undefined; out: string; timedOut: boolean }> {
  const r = await execa('node', [BIN, ...args], { cwd, env: cliEnv(env), extendEnv: false, reject: false, stdin: 'ignore', timeout: 20_000, forceKillAfterDelay: 500 });
  return { exitCode: r.exitCode, out: `${String(r.stdout)}${String(r.stderr)}`, timedOut: r.timedOut };
}

async function mkfifo(file: string): Promise<void> { await execa('mkfifo', [file]); }

test('a config that is a FIFO (found, or named with --config) is refused with exit 3 at once, never waited on', async () => {
  const dir = project({});
  try {
    await mkfifo(path.join(dir, 'tplsync.config.yaml'));
    for (const args of [['lint'], ['types', '--check'], ['fmt', '--check'], ['lint', '--config', 'tplsync.config.yaml']]) {
      const r = await bounded(args, dir);
      assert.is(r.timedOut, false, `${args.join(' ')}: still waiting on the FIFO`);
      assert.is(r.exitCode, 3, r.out);
      assert.match(r.out, 'tplsync.config.yaml: the config is a FIFO (named pipe), not a regular file');
    }
  } finally { cleanup(path.dirname(dir)); }
});

test('every name the config is looked for by is refused when it is no regular file (.tplsyncrc, a JavaScript config, package.json, an $import)', async () => {
  for (const [name, files] of [['.tplsyncrc', {}], ['tplsync.config.js', {}], ['package.json', {}], ['base.yaml', { 'tplsync.config.yaml': '$import: base.yaml\n' }]] as const) {
    const dir = project(files);
    try {
      await mkfifo(path.join(dir, name));
      const r = await bounded(['lint'], dir);
      assert.is(r.timedOut, false, `${name}: still waiting on the FIFO`);
      assert.is(r.exitCode, 3, `${name}: ${r.out}`);
      assert.match(r.out, `${name}: `);
      assert.match(r.out, 'is a FIFO (named pipe), not a regular file');
    } finally { cleanup(path.dirname(dir)); }
  }
});

test('a config that is a link to a device (/dev/zero) is refused with exit 3, its memory never grown', async () => {
  const dir = project({});
  try {
    symlinkSync('/dev/zero', path.join(dir, 'tplsync.config.yaml'));
    const r = await bounded(['lint'], dir);
    assert.is(r.timedOut, false, 'still reading /dev/zero');
    assert.is(r.exitCode, 3, r.out);
    assert.match(r.out, 'tplsync.config.yaml: the config is a device, not a regular file');
    const named = await cliIn(['lint', '--config', '/dev/zero'], { cwd: dir });
    assert.is(named.exitCode, 3, named.stderr);
    assert.match(named.stderr, 'the config is a device');
    assert.not.match(named.stderr, 'Invalid string length');
  } finally { cleanup(path.dirname(dir)); }
});

test('a config over 1 MiB is refused with its size, as a template file over the bound is', async () => {
  const dir = project({ 'tplsync.config.yaml': `${CONFIG}# ${'x'.repeat(1024 * 1024)}\n` });
  try {
    const r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /tplsync\.config\.yaml: the config is \d+ bytes; it may be at most 1 MiB/);
  } finally { cleanup(path.dirname(dir)); }
});

test('the files the config and the command line name (a plugin, a saved plan, an export, a translation file, a comment body) are refused when FIFOs', async () => {
  const dir = project({ 'tplsync.config.yaml': `${CONFIG}policies:\n  - plugin: ./rules.mjs\n` });
  try {
    for (const f of ['rules.mjs', 'plan.json', 'export.json', 'de.po', 'body.md']) await mkfifo(path.join(dir, f));
    const cases: [string[], string][] = [
      [['lint'], 'policies: plugin ./rules.mjs: the plugin is a FIFO'],
      [['apply', 'plan.json'], 'plan.json: a saved plan (or template file) is a FIFO'],
      [['pull', '--from', 'meta', '--channel', 'shop-whatsapp', 'export.json'], 'export.json: an export file is a FIFO'],
      [['translations', 'import', 'de.po'], 'de.po: a translation file is a FIFO'],
      [['comment', '--repo', 'o/r', '--pr', '1', '--body-file', 'body.md'], '--body-file body.md: the comment body is a FIFO'],
    ];
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), `${CONFIG}policies:\n  - plugin: ./rules.mjs\n`);
    for (const [args, said] of cases) {
      const r = await bounded(args, dir, { GITHUB_TOKEN: 'not-a-token-0123456789' });
      assert.is(r.timedOut, false, `${args.join(' ')}: still waiting on the FIFO`);
      assert.match(r.out, said, `${args.join(' ')}: ${r.out}`);
      if (args[0] !== 'lint') assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.out}`);
    }
  } finally { cleanup(path.dirname(dir)); }
});

test.run();
