// Every duration option of every command (a time-out, a wait, a delay, an interval) is read by one
// parser (parseDuration): a bare number in the option's own unit, as its help says, or a whole
// number with ms, s, m or h; anything else refused with the option's rule (trial-an F2:
// `apply --wait-timeout 20s` was refused while `--lock-timeout` took `30s`, `2m`).
import { Command } from '@commander-js/extra-typings';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withGlobalOptions } from '../src/cli/command.ts';
import { COMMANDS } from '../src/cli/main.ts';
import { parseDuration } from '../src/core/number-option.ts';
import { UsageError } from '../src/core/errors.ts';
import { parseCreateQuota } from '../src/emulator/quota.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { BIN, CHANNEL_A, cleanup, cliIn, firstLines, ROOT, tempDir, withChild, writeFiles } from './helpers.ts';

const said = (f: () => unknown): string => { try { f(); } catch (e) { assert.ok(e instanceof UsageError); return (e as Error).message; } throw new Error('not refused'); };

/** every option of every command, with its command's name */
function allOptions(): { command: string; flags: string; long: string; description: string }[] {
  const program = withGlobalOptions(new Command('tplsync'));
  return COMMANDS.flatMap((c) => c.define(program.command(c.name)).options.map((o) => ({ command: c.name, flags: o.flags, long: o.long ?? '', description: o.description })));
}

test('a bare number is in the option\'s own unit; ms, s, m and h are taken alike whatever that unit', () => {
  assert.equal(['20', '20s', '500ms', '2m', '1h'].map((t) => parseDuration(t, '--wait-timeout', { unit: 's' })), [20_000, 20_000, 500, 120_000, 3_600_000]);
  assert.equal(['1500', '20s', '500ms', '1m'].map((t) => parseDuration(t, '--latency', { unit: 'ms', maxMs: 60_000 })), [1500, 20_000, 500, 60_000]);
  // seconds unless an option says otherwise (--lock-timeout)
  assert.is(parseDuration('45', '--lock-timeout'), 45_000);
});

test('junk is refused with the option\'s whole rule, whatever is wrong with it: 20x, -1, an empty value, a fraction, past the bound', () => {
  for (const bad of ['20x', '-1', '', ' ', '1.5m', '2 minutes', '0x10', '1e3']) {
    assert.is(said(() => parseDuration(bad, '--wait-timeout', { unit: 's', minMs: 1 })), `--wait-timeout takes a duration such as 30s, 2m or 600 (a whole number with ms, s, m or h; a bare number is seconds), from 1ms up to 168h, not '${bad}'`);
  }
  assert.is(said(() => parseDuration('2m', '--latency', { unit: 'ms', maxMs: 60_000 })), "--latency takes a duration such as 30s, 2m or 0 (a whole number with ms, s, m or h; a bare number is milliseconds), up to 1m, not '2m'");
  assert.match(said(() => parseDuration('0', '--wait-timeout', { unit: 's', minMs: 1 })), 'from 1ms');
  assert.match(said(() => parseDuration('1500ms', '--retry-after', { unit: 's', stepMs: 1000 })), ', in whole seconds, not \'1500ms\'');
  // the creation quota's window: a duration in whole seconds too
  assert.equal(parseCreateQuota('100/1h'), { limit: 100, windowSeconds: 3600 });
  assert.equal(parseCreateQuota('100/3600'), { limit: 100, windowSeconds: 3600 });
  for (const bad of ['100/20x', '100/-1', '100/', '100/1500ms']) assert.ok('error' in parseCreateQuota(bad), bad);
});

test('every duration-like option of every command names a duration and says its bare unit; none is left on a unit of its own', () => {
  const durationLike = allOptions().filter((o) => /timeout|delay|wait|interval|latency|jitter|retry-after|quota/.test(o.long) && /<[^>]+>/.test(o.flags));
  assert.ok(durationLike.length >= 10, JSON.stringify(durationLike.map((o) => `${o.command} ${o.flags}`)));
  for (const o of durationLike) {
    const where = `${o.command} ${o.flags}`;
    if (o.long === '--create-quota') { assert.match(o.description, '100/1h', where); continue; }
    assert.match(o.flags, '<duration>', where);
    // the unit a bare number is counted in, on the help line (or the shared words of --lock-timeout)
    assert.ok(/(milliseconds|seconds) when bare/.test(o.description), `${where}: ${o.description}`);
  }
  // no option anywhere still takes <ms>, <s> or <seconds>
  assert.equal(allOptions().filter((o) => /<(ms|s|seconds|sec)>/.test(o.flags)).map((o) => `${o.command} ${o.flags}`), []);
  // the pages say it too (generated from the same definitions: npm run docs:commands)
  assert.match(readFileSync(path.join(ROOT, 'docs', 'commands', 'apply.md'), 'utf8'), '`--wait-timeout <duration>`');
  assert.match(readFileSync(path.join(ROOT, 'docs', 'commands', 'emulator.md'), 'utf8'), '`--latency <duration>`');
});

let emu: RunningEmulator;
const KEY = `k${Math.random().toString(36).slice(2)}Du2`;

test('apply --wait --wait-timeout 20s waits (as 20 does); 20x is refused before anything is written (exit 3)', async () => {
  emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-durations-');
  const name = `dur_${Math.random().toString(36).slice(2, 8)}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: DU_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    [`templates/${name}.en_US.yaml`]: `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { DU_KEY: KEY } });
  try {
    for (const junk of ['20x', '-1', '']) {
      const bad = await run(['apply', '--auto-approve', '--wait', `--wait-timeout=${junk}`]);
      assert.is(bad.exitCode, 3, bad.stdout + bad.stderr);
      // (an empty value is every option's usage error first: cli-empty-values)
      if (junk === '') assert.match(bad.stderr, '--wait-timeout needs a duration (30s, 2m), got an empty string');
      else {
        assert.match(bad.stderr, `--wait-timeout takes a duration such as 30s, 2m or 600`);
        assert.match(bad.stderr, `not '${junk}'`);
      }
    }
    assert.is([...emu.state.templates.values()].length, 0, 'nothing written');
    const ok = await run(['apply', '--auto-approve', '--wait', '--wait-timeout', '20s']);
    assert.is(ok.exitCode, 0, ok.stdout + ok.stderr);
    assert.match(ok.stdout + ok.stderr, '1 created');
  } finally { cleanup(dir); await emu.close(); }
});

test('tplsync emulator: its junk durations refused with the rule (exit 3); units taken by every duration flag (the process listens)', async () => {
  for (const [flag, unit] of [['--latency', 'milliseconds'], ['--review-delay', 'milliseconds'], ['--headers-timeout', 'milliseconds'], ['--retry-after', 'seconds']] as const) {
    const r = await cliIn(['emulator', '--port', '0', '--key', 'k1', flag, '20x']);
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, `${flag} takes a duration such as 30s, 2m or`);
    assert.match(r.stderr, `a bare number is ${unit}`);
  }
  await withChild(() => execa('node', [BIN, 'emulator', '--port', '0', '--key', 'k1', '--review-delay', '1s', '--status-delay', '500ms', '--latency', '1', '--jitter', '0s',
    '--retry-after', '1m', '--headers-timeout', '5s', '--request-timeout', '1m', '--create-quota', '100/1h'], { reject: false }), async (proc) => {
    const [line] = await firstLines(proc);
    assert.match(line!, /^listening on http:\/\/127\.0\.0\.1:\d+$/);
  });
});

test.run();
