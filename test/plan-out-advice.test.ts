// `plan --out FILE` (and `promote --out`) advise the apply command that works where the plan was
// made: where stdin is not a terminal (CI), apply refuses to run without --auto-approve (exit 3),
// so the advice carries it; on a terminal, where apply asks, it does not (trial-an F1).
import { PassThrough, Readable } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { runWithIo } from '../src/core/io.ts';
import { applyAdvice, canConfirm } from '../src/cli/context.ts';
import { CHANNEL_A, cleanup, cliEnv, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Ad1`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('plan --out without a terminal advises apply --auto-approve FILE, and that very command applies it', async () => {
  const dir = tempDir('tplsync-out-advice-');
  const name = `advice_${Math.random().toString(36).slice(2, 8)}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: AD_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    [`templates/${name}.en_US.yaml`]: `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { AD_KEY: KEY } });
  try {
    const plan = await run(['plan', '--out', 'saved.plan']);
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    const advised = /apply it with: tplsync (.+)$/m.exec(plan.stderr)?.[1];
    assert.is(advised, 'apply --auto-approve saved.plan', plan.stderr);
    // the advice, run as given where the plan was made (no terminal): applied, not refused (exit 3)
    const apply = await run(advised!.split(' '));
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.match(apply.stdout + apply.stderr, '1 created');
  } finally { cleanup(dir); }
});

test('the advice follows the confirmation apply can ask: none on a terminal, --auto-approve without one (stdin or stderr not a terminal)', () => {
  const tty = <T extends object>(s: T, isTTY: boolean): T => Object.assign(s, { isTTY });
  const under = (stdin: boolean, stderr: boolean): [boolean, string] => runWithIo({
    stdout: new PassThrough(), stderr: tty(new PassThrough(), stderr), stdin: tty(Readable.from([]), stdin), cwd: process.cwd(), env: cliEnv(), args: [],
  }, () => [canConfirm(), applyAdvice()]);
  assert.equal(under(true, true), [true, 'tplsync apply ']);
  assert.equal(under(false, true), [false, 'tplsync apply --auto-approve ']);
  assert.equal(under(true, false), [false, 'tplsync apply --auto-approve ']);
});

test.run();
