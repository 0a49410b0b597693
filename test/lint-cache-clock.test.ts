// lint --cache and verdicts that compare a template with the clock (an RCS expireTime): a verdict
// is kept until the instant it can change, and so is the whole run's answer. The run's clock is
// injected (LintRunOptions.now), so every step is decided by the given instants, not by when the
// test runs; the files' mtimes are set far back, so no racy-mtime rule depends on its speed.
import { readFileSync, readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { LintCache } from '../src/lint/cache.ts';
import { lintProject } from '../src/lint/run.ts';
import { earliestUntil, loadRendered, loadSummary, saveRendered } from '../src/lint/run-summary.ts';
import { templateText } from '../bench/generate.ts';
import { CONFIG, VALID, cleanup, tempDir, writeFiles } from './helpers.ts';

const EXPIRES = '2030-01-01T00:00:00.000Z';
const AT = Date.parse(EXPIRES);
const DAY = 86_400_000;
const RCS = templateText(4, 'clean').replace('{ type: TTL, ttl: 3600 }', `{ type: EXPIRE_TIME, expireTime: "${EXPIRES}" }`);

function project(): { dir: string; cacheFile: string } {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/wa.yaml': VALID, 'templates/rcs.yaml': RCS });
  const old = new Date('2020-01-01T00:00:00Z');
  for (const f of readdirSync(path.join(dir, 'templates'))) utimesSync(path.join(dir, 'templates', f), old, old);
  return { dir, cacheFile: path.join(dir, '.tplsync', 'lint-cache.json') };
}

const expired = (r: { diagnostics: { ruleId: string }[] }): boolean => r.diagnostics.some((d) => d.ruleId === 'rcs-expired');

test('the whole answer is kept until the expiry instant, linted afresh at it, and kept again once expired', async () => {
  const { dir, cacheFile } = project();
  try {
    const config = await loadConfig({ cwd: dir });
    const run = (ms: number) => lintProject(config, [], dir, { cacheFile, now: new Date(ms) });
    const cold = await run(AT - 10 * DAY);
    assert.is(cold.results.length, 2, 'linted');
    assert.not.ok(expired(cold), JSON.stringify(cold.diagnostics));
    assert.equal(cold.kept?.until, AT, 'the run is kept until the expiry');
    assert.equal(loadSummary(`${cacheFile}.run.json`, cold.kept!.key, AT - 1)?.until, AT);

    // a millisecond before: the whole answer, nothing linted
    const warm = await run(AT - 1);
    assert.is(warm.results.length, 0, 'the kept answer, without the linter');
    assert.is(warm.cached, 2);
    assert.equal(warm.diagnostics, cold.diagnostics);

    // at the instant: the RCS file is linted again (and expired), the other file comes from the cache
    const at = await run(AT);
    assert.is(at.results.length, 2);
    assert.is(at.cached, 1, 'only the WhatsApp file was reused');
    assert.ok(expired(at), 'rcs-expired at the instant');
    assert.is(at.kept?.until, undefined, 'an expiry that has passed stays passed: no limit');

    // a year later: the expired answer is kept whole
    const later = await run(AT + 365 * DAY);
    assert.is(later.results.length, 0);
    assert.equal(later.diagnostics, at.diagnostics);
  } finally { cleanup(dir); }
});

test('the per-file cache: an entry held until an instant is stale from it; a verdict that read the clock itself is never kept', async () => {
  const { dir, cacheFile } = project();
  try {
    const config = await loadConfig({ cwd: dir });
    await lintProject(config, [], dir, { cacheFile, now: new Date(AT - DAY) });
    const abs = path.join(dir, 'templates', 'rcs.yaml');
    const st = { size: 1, mtimeMs: 0, ctimeMs: 0, ino: 0 };
    const result = { file: 'x.yaml', diagnostics: [], directives: [], facts: {} };
    const before = LintCache.load(cacheFile, AT - 1);
    const after = LintCache.load(cacheFile, AT);
    assert.ok(before.hasAll([abs]));
    // the stat of the file as recorded: proven by it before the instant, not at it
    const rec = (JSON.parse(readFileSync(cacheFile, 'utf8')) as { entries: Record<string, { hash: string; size: number; mtimeMs: number; ctimeMs: number; ino: number }> }).entries[abs]!;
    const stat = { size: rec.size, mtimeMs: rec.mtimeMs, ctimeMs: rec.ctimeMs, ino: rec.ino };
    assert.ok(before.byStat(abs, stat, 'rcs.yaml'), 'held before the instant');
    assert.is(after.byStat(abs, stat, 'rcs.yaml'), undefined, 'stale at the instant');
    assert.is(after.get(abs, rec.hash, 'rcs.yaml', stat), undefined, 'stale by hash too');
    // a verdict held only for the run's own instant (a rule read ctx.now): not kept, and the entry of the earlier bytes goes
    after.set(abs, 'h', { ...result, until: AT }, st);
    assert.not.ok(after.hasAll([abs]), 'not kept, and no earlier entry stands in for it');
    after.set(abs, 'h', { ...result, until: AT + 1 }, st);
    assert.ok(after.hasAll([abs]));
  } finally { cleanup(dir); }
});

test('the rendered report is kept until the same instant; the earliest of the verdicts bounds the run', () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'run.json.out');
    saveRendered(file, 'k', 'r', { text: 'report\n', errors: 0, warnings: 1, until: AT });
    assert.equal(loadRendered(file, 'k', 'r', AT - 1), { text: 'report\n', errors: 0, warnings: 1, until: AT });
    assert.is(loadRendered(file, 'k', 'r', AT), undefined);
    saveRendered(file, 'k', 'r', { text: 'report\n', errors: 0, warnings: 1 });
    assert.ok(loadRendered(file, 'k', 'r', AT + 365 * DAY), 'no limit without an instant');
    assert.is(earliestUntil([{}, { until: AT + 5 }, { until: AT }, {}]), AT);
    assert.is(earliestUntil([{}, {}]), undefined);
  } finally { cleanup(dir); }
});

test.run();
