// apply --results FILE in a folder that cannot be written to is refused before anything is applied
// (exit 3): it was found only after every template had been written, when the results were saved.
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n`;
const TEMPLATE = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n';

/** a folder this process cannot create a file in: read-only by its mode, or (root ignores modes) immutable; undefined when neither holds here */
function unwritableFolder(dir: string): (() => void) | undefined {
  mkdirSync(dir);
  chmodSync(dir, 0o555);
  const writable = (): boolean => { try { closeSync(openSync(path.join(dir, 'p'), 'wx')); rmSync(path.join(dir, 'p')); return true; } catch { return false; } };
  if (!writable()) return () => chmodSync(dir, 0o755);
  try { execFileSync('chattr', ['+i', dir], { stdio: 'ignore' }); } catch { return undefined; }
  if (!writable()) return () => { execFileSync('chattr', ['-i', dir]); chmodSync(dir, 0o755); };
  execFileSync('chattr', ['-i', dir]);
  return undefined;
}

test('apply --results in a folder that cannot be written to: exit 3 before anything is applied; in a new folder: written', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': TEMPLATE });
    const undo = unwritableFolder(path.join(dir, 'ro'));
    if (undo) {
      try {
        const r = await cliIn(['apply', '--auto-approve', '--results', 'ro/results.json'], { cwd: dir });
        assert.is(r.exitCode, 3, r.stderr);
        assert.match(r.stderr, /--results ro\/results\.json: the folder ro cannot be written to: .*\(nothing was applied\)/);
        const plan = await cliIn(['plan'], { cwd: dir });
        assert.match(plan.stdout, /1 to create/);
      } finally { undo(); }
    } else {
      // this machine cannot make a folder unwritable to this process: the check lets the apply through
      assert.is((await cliIn(['apply', '--auto-approve', '--results', 'ro/results.json'], { cwd: dir })).exitCode, 0);
    }
    const fresh = await cliIn(['apply', '--auto-approve', '--results', 'out/sub/results.json'], { cwd: dir });
    assert.is(fresh.exitCode, 0, fresh.stderr);
    assert.ok(existsSync(path.join(dir, 'out/sub/results.json')));
  } finally { cleanup(dir); }
});

test.run();
