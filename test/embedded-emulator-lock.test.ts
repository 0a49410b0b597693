// The embedded emulator's lock is taken once: by the connection, which then starts the emulator on a
// lock it holds. The emulator taking it a second time (its own pid found there, the file removed and
// made again) left a window in which a second tplsync took it, and the first then failed with the
// standalone emulator's message ("give this one another --data file", an option send has not).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { connect } from '../src/connection/connect.ts';
import { BIN, CHANNEL_A, cleanup, cliEnv, cliIn, firstLines, tempDir, withChild, writeFiles } from './helpers.ts';

test('while the embedded emulator runs, its lock is the one the connection took, never taken again by the emulator', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { rcs: ${CHANNEL_A} }\n` });
    const config = await loadConfig({ cwd: dir });
    const file = `${config.environments.local!.emulator!}.lock`;
    const conn = await connect(config, { env: 'local' });
    try {
      const owner = readFileSync(file, 'utf8');
      assert.match(owner, new RegExp(`^${process.pid} `));
      assert.match(owner, / embedded emulator\n$/, `the connection's lock, not one the emulator made again: ${owner}`);
    } finally { await conn.close(); }
    assert.not.ok(existsSync(file), 'released when the run ends');
  } finally { cleanup(dir); }
});

// trial-x F8: a standalone `tplsync emulator --data .tplsync/emulator.json` (the embedded emulator's file) made every command
// of `local` exit 3 saying "Another tplsync ... wait for it to finish (... if no tplsync is running, remove that file)":
// the holder serves until stopped, and a tplsync was running. The lock records what holds it: a standalone emulator is said so
test('a standalone emulator on the embedded emulator\'s data file: the refusal names it, and how to stop it or use it, never "wait" or "remove the lock"', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { rcs: ${CHANNEL_A} }\n` });
    await withChild(() => execa(process.execPath, [BIN, 'emulator', '--port', '0', '--key', 'dev-key', '--data', '.tplsync/emulator.json'], { cwd: dir, reject: false, env: cliEnv() }), async (emu) => {
      await firstLines(emu, 1);
      const r = await cliIn(['plan'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      const lock = path.join(dir, '.tplsync', 'emulator.json.lock');
      assert.match(r.stderr, `The embedded emulator of environment 'local' keeps its state in emulator.json, which a standalone \`tplsync emulator\` (pid ${emu.pid}) is serving until it is stopped (its lock is ${lock})`);
      assert.match(r.stderr, /Stop that emulator \(Ctrl-C\) or start it with a --data file of its own; or use it: in environment 'local', replace `emulator:` with `baseUrl:`/);
      assert.not.match(r.stderr, /wait for it|remove that file/);
    });
  } finally { cleanup(dir); }
});

test.run();
