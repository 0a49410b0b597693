// trial-ad F16: the repair's summary said what the repair meant to do, not what the files show. With
// --cache, a second `lint --fix --cache` over findings no repair removes reused the report kept by
// the run before and said "0 findings left" while the report above it listed them (exit 1). And
// "fixed FILE: rule N" was the repair's own count, never checked against the lint of the file as
// written (the bin: a child process, as the kept report is given). Now the summary's "left" is the lint after the repairs, and each repaired rule's count is
// what that lint no longer finds in the file (a finding still there is said as left).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { fixReport, verifiedFixes, type FileFix } from '../src/lint/fix-run.ts';
import { cleanup, cli, tempDir, writeFiles } from './helpers.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: 1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f }\nchannels:\n  wa: { kind: whatsapp }\n';
// a placeholder at the start of the body: a finding no repair removes
const LEFT = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "{{1}} your order is ready for collection."\n  examples:\n    1: Maria\n';

test('lint --fix --cache, run again over a finding no repair removes: its summary counts the finding left, as its report lists it', async () => {
  const dir = tempDir('tplsync-fix-verified-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': LEFT });
    const first = await cli(['lint', '--cache'], { cwd: dir });
    assert.is(first.exitCode, 1, first.stdout + first.stderr);
    for (let i = 0; i < 2; i++) {
      const r = await cli(['lint', '--fix', '--cache'], { cwd: dir });
      assert.is(r.exitCode, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /placeholder-position/);
      assert.match(r.stderr, /^tplsync: lint --fix: 0 findings fixed in 0 files; 1 finding left$/m, `run ${i + 1}: ${r.stderr}`);
    }
  } finally { cleanup(dir); }
});

const d = (file: string, ruleId: string, line: number): Diagnostic => ({ file, ruleId, line, column: 1, endLine: line, endColumn: 2, severity: 'error', message: ruleId });

test('verifiedFixes: a repaired rule counts what the lint after it no longer finds; a finding still there is said as left', () => {
  const before = [d('a.yaml', 'sample-missing', 3), d('a.yaml', 'sample-missing', 5), d('a.yaml', 'quick-reply-order', 9), d('b.yaml', 'sample-missing', 2)];
  // the write of a.yaml removed one sample-missing of the two the repair counted, and the quick-reply-order finding
  const after = [d('a.yaml', 'sample-missing', 5), d('b.yaml', 'sample-missing', 2)];
  const fixes: FileFix[] = [{ file: 'a.yaml', fixed: { 'sample-missing': 2, 'quick-reply-order': 1 } }, { file: 'b.yaml', fixed: {}, left: 'no repair was certain' }];
  const v = verifiedFixes(fixes, before, after);
  assert.equal(v[0], { file: 'a.yaml', fixed: { 'sample-missing': 1, 'quick-reply-order': 1 }, left: 'sample-missing: 1 of the 2 repaired still found after the write' });
  assert.equal(v[1], fixes[1]);
  // each file repaired, with the findings the write did not remove
  // (what is left of each is the report's to list: not said here again)
  assert.match(fixReport(v, after), /^tplsync: fixed a\.yaml: sample-missing 1, quick-reply-order 1 \(sample-missing: 1 of the 2 repaired still found after the write\)\ntplsync: lint --fix: 2 findings fixed in 1 file; 2 findings left\n$/);
  // all removed as counted: the fix as it was
  assert.is(verifiedFixes([{ file: 'a.yaml', fixed: { 'quick-reply-order': 1 } }], before, after)[0]!.left, undefined);
});

test.run();
