// lint --cache on the benchmark's mix (bench/generate.ts: an eighth RCS templates with an
// expireTime, every WhatsApp kind, a third with a warning): what a run re-checks is counted, not
// timed. The run's clock is injected (LintRunOptions.now) and every file's mtime is set far back,
// so no step depends on when the test runs or how fast the machine is.
import { mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { lintProject, type LintOutcome } from '../src/lint/run.ts';
import { BENCH_CONFIG, generate, templateText } from '../bench/generate.ts';
import { cleanup, tempDir } from './helpers.ts';

const N = 24; // three of each slot of the mix (i % 8), every third file with a warning
const OLD = new Date('2020-01-01T00:00:00Z');
const NOW = Date.parse('2026-06-01T00:00:00Z');
/** RBM's window (rcs-expire-window): a message is sent at most 15 days before its expireTime, so an expiring file's verdict changes 15 days before it too */
const WINDOW = 15 * 86_400_000;

/** the files of the mix that carry an expireTime, with it, earliest first */
const expiries = Array.from({ length: N }, (_, i) => ({ i, at: /expireTime: "([^"]+)"/.exec(templateText(i, 'mix'))?.[1] }))
  .flatMap(({ i, at }) => (at ? [{ i, at: Date.parse(at) }] : [])).sort((a, b) => a.at - b.at);

function mix(): { dir: string; cacheFile: string; file: (i: number) => string } {
  const dir = tempDir();
  generate(dir, N, 'mix');
  const file = (i: number) => path.join(dir, 'templates', '0', `template_${i}.yaml`);
  for (const f of readdirSync(path.join(dir, 'templates', '0'))) utimesSync(path.join(dir, 'templates', '0', f), OLD, OLD);
  return { dir, cacheFile: path.join(dir, '.tplsync', 'lint-cache.json'), file };
}

/** how many files the run linted (the kept run answers with no per-file result: none linted) */
const checked = (o: LintOutcome): number => (o.results.length === 0 ? 0 : o.results.length - (o.cached ?? 0));

const expiredIn = (o: LintOutcome): string[] => o.diagnostics.filter((d) => d.ruleId === 'rcs-expired').map((d) => path.basename(d.file)).sort();

test('the mix: its expireTimes are years ahead and one per file (the premise of what follows)', () => {
  assert.ok(expiries.length >= 3, JSON.stringify(expiries));
  assert.ok(expiries[0]!.at > NOW);
  assert.is(new Set(expiries.map((e) => e.at)).size, expiries.length);
});

test('warm with nothing changed and the clock before the earliest expiry: every file reused, none read', async () => {
  const { dir, cacheFile } = mix();
  try {
    const config = await loadConfig({ cwd: dir });
    const run = (ms: number) => lintProject(config, [], dir, { cacheFile, now: new Date(ms) });
    const cold = await run(NOW);
    assert.is(cold.results.length, N, 'all linted');
    assert.is(checked(cold), N);
    assert.is(cold.diagnostics.filter((d) => d.severity === 'warning').length >= N / 3, true, 'a third with a warning');
    assert.equal(expiredIn(cold), []);
    assert.is(cold.kept?.until, expiries[0]!.at - WINDOW, 'the run is kept until 15 days before the earliest expireTime');

    // the kept run answers: the linter is not called for any file
    const warm = await run(expiries[0]!.at - WINDOW - 1);
    assert.is(checked(warm), 0, 'no file linted');
    assert.is(warm.results.length, 0, 'the kept run answered');
    assert.is(warm.cached, N);
    assert.equal(warm.diagnostics, cold.diagnostics);

    // without the kept run, the per-file cache answers every file by its stat, still none read
    rmSync(`${cacheFile}.run.json`);
    const perFile = await run(expiries[0]!.at - WINDOW - 1);
    assert.is(perFile.results.length, N);
    assert.is(checked(perFile), 0, 'every file from the cache');
    assert.is(perFile.statHits, N, 'proven by stat, without reading a file');
    assert.equal(perFile.diagnostics, cold.diagnostics);
  } finally { cleanup(dir); }
});

test('the clock past an expireTime: only that file is checked again, and it is reported expired; the run is kept until the next one', async () => {
  const { dir, cacheFile } = mix();
  try {
    const config = await loadConfig({ cwd: dir });
    const run = (ms: number) => lintProject(config, [], dir, { cacheFile, now: new Date(ms) });
    await run(NOW);
    const [first, second] = expiries;
    const past = await run(first!.at + 1);
    assert.is(past.results.length, N);
    assert.is(checked(past), 1, 'one file checked again');
    assert.equal(expiredIn(past), [`template_${first!.i}.yaml`]);
    assert.is(past.kept?.until, second!.at - WINDOW, 'kept until 15 days before the next expireTime');

    // the next run at the same instant: the kept run, with the finding
    const again = await run(first!.at + 2);
    assert.is(again.results.length, 0);
    assert.equal(expiredIn(again), [`template_${first!.i}.yaml`]);

    // past the second too: only the second file is checked again (the first stays expired)
    const later = await run(second!.at);
    assert.is(checked(later), 1);
    assert.equal(expiredIn(later), [`template_${first!.i}.yaml`, `template_${second!.i}.yaml`].sort());
  } finally { cleanup(dir); }
});

test('editing one file checks only it again, the expiring files included in the reuse', async () => {
  const { dir, cacheFile, file } = mix();
  try {
    const config = await loadConfig({ cwd: dir });
    const run = (ms: number) => lintProject(config, [], dir, { cacheFile, now: new Date(ms) });
    const cold = await run(NOW);
    // an edit that adds a finding, to a file of another kind than the expiring ones (i % 8 === 5: a carousel)
    const edited = file(5);
    writeFileSync(edited, readFileSync(edited, 'utf8').replace(/^language: \S+$/m, 'language: xx_YY'));
    utimesSync(edited, new Date('2021-01-01T00:00:00Z'), new Date('2021-01-01T00:00:00Z'));
    const after = await run(NOW + 1);
    assert.is(after.results.length, N);
    assert.is(checked(after), 1, 'only the edited file checked');
    assert.is(after.statHits, N - 1, 'the others proven by stat, not read');
    const found = (o: LintOutcome) => o.diagnostics.filter((d) => path.basename(d.file) === 'template_5.yaml').map((d) => d.ruleId);
    assert.not.ok(found(cold).includes('language-unknown'));
    assert.ok(found(after).includes('language-unknown'), JSON.stringify(found(after)));
    assert.is(after.kept?.until, expiries[0]!.at - WINDOW, 'still kept until 15 days before the earliest expireTime');

    // an edit to an expiring file itself, moving its expiry: checked again, and the run kept until the new earliest
    const { i } = expiries[0]!;
    const text = readFileSync(file(i), 'utf8');
    writeFileSync(file(i), text.replace(/expireTime: "[^"]+"/, 'expireTime: "2099-01-01T00:00:00.000Z"'));
    utimesSync(file(i), new Date('2021-01-01T00:00:00Z'), new Date('2021-01-01T00:00:00Z'));
    const moved = await run(NOW + 2);
    assert.is(checked(moved), 1);
    assert.is(moved.kept?.until, expiries[1]!.at - WINDOW);
  } finally { cleanup(dir); }
});

test('an expireTime behind an escape (the value says EXPIRE_TIME, the bytes do not) is kept until it and checked again past it', async () => {
  const dir = tempDir();
  const at = Date.parse('2031-03-01T00:00:00.000Z');
  try {
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), BENCH_CONFIG);
    const file = path.join(dir, 'templates', 'r.yaml');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `channel: shop-rcs\nname: flash\nlanguage: en_US\nmessage:\n  type: text\n  message: "Sale {{f}} today only, come by."\n  examples: { f: A }\n  rcsExpireOpts: { type: "EXPIRE\\x5FTIME", expireTime: "2031-03-01T00:00:00.000Z" }\n`);
    utimesSync(file, OLD, OLD);
    const cacheFile = path.join(dir, '.tplsync', 'lint-cache.json');
    const config = await loadConfig({ cwd: dir });
    const run = (ms: number) => lintProject(config, [], dir, { cacheFile, now: new Date(ms) });
    const cold = await run(NOW);
    assert.equal(expiredIn(cold), []);
    assert.is(cold.kept?.until, at - WINDOW, 'kept until 15 days before the expiry the value holds');
    assert.is(checked(await run(at - WINDOW - 1)), 0, 'reused before it');
    // within the window: checked again (its window warning gone), then kept until the expiry itself
    const within = await run(at - WINDOW);
    assert.is(checked(within), 1, 'checked again 15 days before it');
    assert.is(within.kept?.until, at);
    assert.is(checked(await run(at - 1)), 0, 'reused before it');
    const past = await run(at);
    assert.is(checked(past), 1, 'checked again at it');
    assert.equal(expiredIn(past), ['r.yaml']);
  } finally { cleanup(dir); }
});

test.run();
