// Lint's work grows linearly with a text's length, whatever the text repeats: a body of 32,000
// unclosed `{{` took 13 s (a 400 KB one minutes), one of 20,000 zero-width spaces 20 s, as a rule
// (placeholder-density's word count) read a long run without a letter again from each of its
// characters. Each shape is linted in-process at n and 4n characters; the work compared is the
// process's CPU time (not the wall clock: a loaded machine stretches both runs alike, and the best of
// three is taken), which a linear lint multiplies by about 4 and a quadratic one by 16: the bound is 9.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const NOW = new Date('2026-01-01T00:00:00Z');

/** a template whose header, body and footer each hold `unit` n times after a placeholder */
function file(unit: string, n: number): Buffer {
  // written between double quotes as is: a unit holds no quote, and `\u200b` is YAML's escape
  const t = `"Hi {{a}} ${unit.repeat(n)} end"`;
  return Buffer.from(`channel: whatsapp\nname: s\nlanguage: en_US\ncategory: UTILITY\nheader: { format: TEXT, text: ${t} }\nbody:\n  text: ${t}\n  examples: { a: x }\nfooter: ${t}\n`);
}

/** the CPU time (microseconds) of linting the file, the least of three runs */
function work(bytes: Buffer): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const before = process.cpuUsage();
    finishProject([lintBytes('templates/s.en_US.yaml', bytes, { now: NOW })], { severities: {} });
    const used = process.cpuUsage(before);
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

const SHAPES: [string, string][] = [
  ['unclosed {{', '{{'], ['}}', '}}'], ['{{a', '{{a'], ['{{{', '{{{'], ['zero-width spaces', '\u200b'], ['escaped zero-width spaces', '\\u200b'], ['{{ x', '{{ x'],
  ['((', '(('], ['{{$', '{{$'], ['punctuation', '!?'], ['no-break spaces', '\u00a0'],
];

for (const [what, unit] of SHAPES) {
  test(`lint of ${what} repeated: 4 times the text is at most 9 times the work (linear, not quadratic)`, () => {
    const n = Math.ceil(6000 / unit.length);
    work(file(unit, 500)); // the rules' code compiled before anything is measured
    const small = work(file(unit, n));
    const large = work(file(unit, 4 * n));
    // the small run's fixed cost (a few milliseconds) is counted in its favour: a floor of 20 ms
    assert.ok(large <= 9 * Math.max(small, 20_000), `${what}: ${n} took ${small} µs of CPU, ${4 * n} took ${large} µs`);
  });
}

test.run();
