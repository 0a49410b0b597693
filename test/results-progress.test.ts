// apply --results rewrote the whole results file after every template (trial-ab finding 1): 2,400
// rewrites of a file that grows to 750 KB (110 s instead of 20 s), and after Ctrl-C one more per
// template not started (~55 s before apply ended). The rewrites are counted here with a clock of
// the test's own: no test waits for a real timer.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { resultsProgress, type ResultsClock } from '../src/apply/results-progress.ts';

/** a clock the test moves; timers fire when it passes them */
function testClock(): ResultsClock & { advance(ms: number): void; timers(): number } {
  let t = 1_000_000;
  let timers: { at: number; fn: () => void }[] = [];
  return {
    now: () => t,
    later: (fn, ms) => { const timer = { at: t + ms, fn }; timers.push(timer); return () => { timers = timers.filter((x) => x !== timer); }; },
    advance(ms) {
      t += ms;
      for (;;) {
        const due = timers.filter((x) => x.at <= t).sort((a, b) => a.at - b.at)[0];
        if (!due) return;
        timers = timers.filter((x) => x !== due);
        due.fn();
      }
    },
    timers: () => timers.length,
  };
}

test('2,400 templates written over 24 s rewrite the results file about once a second, not once per template; the last results are written when the time has passed', () => {
  const clock = testClock();
  let writes = 0;
  const p = resultsProgress({ write: () => { writes++; }, clock, everyMs: 1000 });
  for (let i = 0; i < 2400; i++) { p.changed(); clock.advance(10); }
  // one at the first result, then one a second (24 s): never one per template
  assert.ok(writes >= 24 && writes <= 26, `${writes} rewrites for 2400 templates`);
  // a result just before a long pause (a quota wait): written once the second has passed, not only at the next result
  const before = writes;
  p.changed();
  clock.advance(5000);
  assert.is(writes, before + 1);
  p.end();
  assert.is(clock.timers(), 0, 'no timer left after the end');
});

test('a signal writes the results file once, at once; the templates then reported not started make no rewrite each', () => {
  const clock = testClock();
  const stop = new AbortController();
  let writes = 0;
  const p = resultsProgress({ write: () => { writes++; }, clock, everyMs: 1000, signal: stop.signal });
  for (let i = 0; i < 354; i++) { p.changed(); clock.advance(5); }
  const before = writes;
  stop.abort();
  assert.is(writes, before + 1, 'written when the signal came');
  // 2,046 "skipped: interrupted", reported one after the other at once
  for (let i = 0; i < 2046; i++) p.changed();
  assert.is(writes, before + 1);
  // the run ends (the caller writes the final results itself): nothing more from here
  p.end();
  clock.advance(60_000);
  assert.is(writes, before + 1);
  assert.is(clock.timers(), 0);
});

test('nothing is written after the end, whatever the signal does then', () => {
  const clock = testClock();
  const stop = new AbortController();
  let writes = 0;
  const p = resultsProgress({ write: () => { writes++; }, clock, signal: stop.signal });
  p.changed();
  p.end();
  stop.abort();
  p.changed();
  clock.advance(10_000);
  assert.is(writes, 1);
});

test.run();
