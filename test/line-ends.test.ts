// src/files/line-ends.ts: the writers of an existing file (fmt, lint --fix, pull, translations import)
// keep its line ends and byte-order mark; lint --fix and the editor's repairs give back each line
// they did not change as the file had it (its own line end, its white space at the end).
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keepUnchangedLines, lineEndsOf, withLineEnd } from '../src/files/line-ends.ts';

const plain = (t: string) => t.replace(/[ \t]+(?=\r?\n|$)/g, '').replace(/\r\n/g, '\n');

test('the main line end is what most lines end with; LF when as many', () => {
  assert.equal(lineEndsOf('a\r\nb\r\nc\n'), { crlf: 2, lf: 1, main: '\r\n' });
  assert.equal(lineEndsOf('a\r\nb\n'), { crlf: 1, lf: 1, main: '\n' });
  assert.equal(lineEndsOf('no break'), { crlf: 0, lf: 0, main: '\n' });
  assert.is(withLineEnd('a\nb\n', '\r\n'), 'a\r\nb\r\n');
});

test('property (seeded): a repair\'s text keeps every line it did not change as the file had it, and says what the writer wrote', () => {
  const line = fc.constantFrom('a: 1', 'b: 2', '  c: "x"', '- d', '# note', '', 'e: {{1}}');
  const ws = fc.constantFrom('', ' ', '  \t');
  const end = fc.constantFrom('\n', '\r\n');
  fc.assert(fc.property(fc.array(fc.tuple(line, ws, end), { maxLength: 40 }), fc.array(fc.tuple(fc.nat(40), fc.option(line)), { maxLength: 6 }), (rows, edits) => {
    const before = rows.map(([l, w, e]) => l + w + e).join('');
    const lines = rows.map(([l]) => l);
    for (const [at, to] of edits) {
      if (to === null) lines.splice(at % (lines.length + 1), 1); else lines.splice(at % (lines.length + 1), 0, to);
    }
    const after = lines.map((l) => `${l}\n`).join('');
    const kept = keepUnchangedLines(before, after);
    assert.ok(kept !== undefined);
    // the same text, once white space at line ends and CRs are set aside
    assert.is(plain(kept!), plain(after));
    // nothing changed: the file itself, byte for byte
    if (!edits.length) assert.is(kept, before);
  }), { seed: 4242, numRuns: 300 });
});

test('a change at each end of a 2,000-line file: the lines between keep their CRLF and trailing spaces', () => {
  const lines = Array.from({ length: 1990 }, (_, i) => `  key_${i}: value ${i}   `);
  const before = ['first: a', ...lines, 'last: z'].join('\r\n') + '\r\n';
  const after = ['first: b', ...lines.map((l) => l.trimEnd()), 'last: y'].join('\n') + '\n';
  assert.is(keepUnchangedLines(before, after), ['first: b', ...lines, 'last: y'].join('\r\n') + '\r\n');
});

test.run();
