// The pacing clock's wait past what a Node timer holds (2^31 - 1 ms, about 24.8 days): a quota
// window of 30 days or a server's Retry-After of weeks. A timer set longer fires at once with a
// TimeoutOverflowWarning, and apply's wait became a busy loop writing that warning thousands of
// times a second. The wait is kept (no warning, not over after a shorter timer), and the signal
// still ends it. No wall-clock race: the shorter timer below is due long before any chunk of the wait.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { MAX_TIMER_MS, systemClock } from '../src/apply/quota.ts';

test('a wait longer than a timer holds: no overflow warning, still waiting after a short timer, ended by the signal', async () => {
  const warnings: string[] = [];
  const onWarning = (w: Error): void => { warnings.push(w.name); };
  process.on('warning', onWarning);
  try {
    const stop = new AbortController();
    let over = false;
    const wait = systemClock.sleep(MAX_TIMER_MS + 400_000_000, stop.signal).then(() => { over = true; });
    await new Promise((r) => setTimeout(r, 20));
    assert.is(over, false, 'the wait ended at once');
    assert.not.ok(warnings.includes('TimeoutOverflowWarning'), warnings.join(', '));
    stop.abort();
    await wait;
    assert.is(over, true);
  } finally { process.off('warning', onWarning); }
});

test.run();
