// The embedded emulator's lock is taken once: by the connection, which then starts the emulator on a
// lock it holds. The emulator taking it a second time (its own pid found there, the file removed and
// made again) left a window in which a second tplsync took it, and the first then failed with the
// standalone emulator's message ("give this one another --data file", an option send has not).
import { existsSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { connect } from '../src/connection/connect.ts';
import { CHANNEL_A, cleanup, tempDir, writeFiles } from './helpers.ts';

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

test.run();
