// One parser of the command line's numbers and durations (src/core/number-option.ts): whatever is
// wrong with a value, the message is the option's real rule. `emulator --latency 1e12` said "not a
// number >= 0" where 100000000000 got "from 0 to 60000"; `fmt --lock-timeout 99999999999h` said it
// was not "a whole number with ms, s, m or h", which it is.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { numberOf, parseDuration, parseNumberOption, PORT_RULE, ruleText } from '../src/core/number-option.ts';
import { faultRule } from '../src/emulator/faults.ts';
import { UsageError } from '../src/core/errors.ts';
import { cleanup, cliIn, tempDir } from './helpers.ts';

const said = (f: () => unknown): string => { try { f(); } catch (e) { assert.ok(e instanceof UsageError); return (e as Error).message; } throw new Error('not refused'); };

test('a number in any decimal spelling is a number; anything Number() alone would take is not', () => {
  assert.equal(['1e12', '1.5E+2', '.5', '-2', '7', '0.25'].map(numberOf), [1e12, 150, 0.5, -2, 7, 0.25]);
  for (const no of ['', ' 1', '0x10', '0b1', 'Infinity', '1e', 'abc', '1,5']) assert.ok(Number.isNaN(numberOf(no)), no);
});

test('every spelling out of range gets the same sentence: the real rule', () => {
  const latency = faultRule('latencyMs');
  for (const v of ['1e12', '100000000000', '-1', 'abc', '']) assert.is(said(() => parseNumberOption('--latency', v, latency)), `--latency takes a number from 0 to 60000, not '${v}'`);
  assert.is(parseNumberOption('--latency', '1.5e3', latency), 1500);
  assert.is(said(() => parseNumberOption('--port', '70000', PORT_RULE)), "--port takes a port number from 0 to 65535, not '70000'");
  // a whole number is written in digits: 1e2 is not taken as 100
  assert.is(said(() => parseNumberOption('--parallelism', '1e2', { min: 1, max: 256, whole: true })), "--parallelism takes a whole number from 1 to 256, not '1e2'");
  assert.is(ruleText({ min: 1, max: 3_600_000, whole: true, unit: 'ms' }), 'a whole number from 1 to 3600000 (ms)');
});

test('a duration past the bound is told the bound; one of another shape the shape and the bound', () => {
  assert.match(said(() => parseDuration('99999999999h', '--lock-timeout')), /up to 168h, not '99999999999h'$/);
  assert.match(said(() => parseDuration('soon', '--lock-timeout')), /^--lock-timeout takes a duration such as 30s, 2m or 0 .* up to 168h, not 'soon'$/);
  assert.is(parseDuration('2m', '--lock-timeout'), 120_000);
});

test('the commands say the rule: fmt --lock-timeout, lint --max-warnings', async () => {
  const dir = tempDir();
  try {
  const fmt = await cliIn(['fmt', '--lock-timeout', '99999999999h'], { cwd: dir });
  assert.is(fmt.exitCode, 3);
  assert.match(fmt.stderr, /--lock-timeout takes a duration .* up to 168h, not '99999999999h'/);
  const lint = await cliIn(['lint', '--max-warnings', '1e3'], { cwd: dir });
  assert.is(lint.exitCode, 3);
  assert.match(lint.stderr, /--max-warnings takes a whole number >= 0, not '1e3'/);
  } finally { cleanup(dir); }
});

test.run();
