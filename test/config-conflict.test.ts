// A merge conflict in the config is said as one, at its markers' lines, as in a template file
// (trial-o F8: two engineers' edits of one environment left git's markers, and the config was
// reported as "YAML syntax error: can not read a block mapping entry" at the line after the first).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const STAGING = [
  'templates: ["templates/**/*.yaml"]',
  'defaultEnvironment: staging',
  'environments:',
  '  staging:',
  '    emulator: .tplsync/emulator.json',
  '<<<<<<< HEAD',
  '    retries: 1',
  '=======',
  '    retries: 2',
  '>>>>>>> origin/main',
  '    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }',
  '',
].join('\n');

async function lintWith(config: string): Promise<{ exitCode: number; stderr: string }> {
  const dir = tempDir('tplsync-config-conflict-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config, 'templates/order_ready.en_US.yaml': VALID });
    return await cliIn(['lint'], { cwd: dir });
  } finally { cleanup(dir); }
}

test('a conflict inside an environment: said at its first marker, with the lines of the others (not a YAML error at the next line)', async () => {
  const r = await lintWith(STAGING);
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, 'tplsync.config.yaml:6:1: An unresolved merge conflict: <<<<<<< starts it on line 6, ======= on line 8 and >>>>>>> ends it on line 10. To keep the side after <<<<<<< (line 7), delete lines 6, 8-10; to keep the side after ======= (line 9), delete lines 6-8, 10; to keep parts of both, edit them into one and delete the other lines from <<<<<<< to >>>>>>>, then run again.');
  assert.not.match(r.stderr, 'YAML syntax error');
});

test('a conflict on a top-level key, and two conflicts: each said', async () => {
  const top = ['templates: ["templates/**/*.yaml"]', '<<<<<<< HEAD', 'defaultEnvironment: staging', '=======', 'defaultEnvironment: local', '>>>>>>> feature', 'environments:', '  staging:', '    emulator: .tplsync/emulator.json', '    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }', '  local:', '<<<<<<< HEAD', '    emulator: .tplsync/a.json', '=======', '    emulator: .tplsync/b.json', '>>>>>>> feature', '    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }', ''].join('\n');
  const r = await lintWith(top);
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, 'tplsync.config.yaml:2:1: An unresolved merge conflict: <<<<<<< starts it on line 2, ======= on line 4 and >>>>>>> ends it on line 6.');
  assert.match(r.stderr, 'tplsync.config.yaml:12:1: An unresolved merge conflict: <<<<<<< starts it on line 12, ======= on line 14 and >>>>>>> ends it on line 16.');
});

test('conflictProblems (pure): diff3\'s base section, an end marker missing, and no conflict', async () => {
  const { conflictProblems } = await import('../src/config/diagnose.ts');
  assert.equal(conflictProblems('a: 1\n<<<<<<< ours\nb: 1\n||||||| base\nb: 0\n=======\nb: 2\n>>>>>>> theirs\n').map((p) => [p.line, p.message.split('. ')[0]]), [[2, 'An unresolved merge conflict: <<<<<<< starts it on line 2, ||||||| on line 4, ======= on line 6 and >>>>>>> ends it on line 8']]);
  assert.match(conflictProblems('<<<<<<< ours\nb: 1\n=======\nb: 2\n')[0]!.message, 'and no >>>>>>> ends it');
  assert.equal(conflictProblems('text: "<<<<<<< not at the start"\n# ======= a comment\n'), []);
});

test('verify-10: with diff3 (merge.conflictstyle diff3) the advice names the base section, deleted whichever side is kept (following it leaves one key, not three)', async () => {
  const { conflictProblems } = await import('../src/config/diagnose.ts');
  const text = ['environments:', '  staging:', '    channels:', '<<<<<<< HEAD', '      travel-wa: aaa', '||||||| base', '      travel-wa: old', '=======', '      travel-wa: bbb', '>>>>>>> feature', ''].join('\n');
  const [p] = conflictProblems(text);
  assert.match(p!.message, 'To keep the side after <<<<<<< (line 5), delete lines 4, 6-10; to keep the side after ======= (line 9), delete lines 4-8, 10 (lines 6-7, from ||||||| to =======, are the base both sides changed: deleted either way)');
  // following the advice literally leaves one travel-wa key, each way
  const keep = (del: string) => text.split('\n').filter((_, i) => !del.split(', ').some((r) => { const [a, b] = r.split('-').map(Number); return i + 1 >= a! && i + 1 <= (b ?? a)!; })).join('\n');
  const m = /delete lines ([\d, -]+); to keep the side after ======= \(line 9\), delete lines ([\d, -]+) \(/.exec(p!.message)!;
  assert.equal(keep(m[1]!).match(/travel-wa/g), ['travel-wa']);
  assert.match(keep(m[1]!), 'travel-wa: aaa');
  assert.match(keep(m[2]!), 'travel-wa: bbb');
  assert.not.match(keep(m[2]!), /<{7}|\|{7}|={7}|>{7}|old/);
});

test('verify-11: two conflicts in one file: the advice says to resolve them from the last one up, and following it so keeps each side asked for', async () => {
  const { conflictProblems } = await import('../src/config/diagnose.ts');
  const text = ['environments:', '  staging:', '<<<<<<< HEAD', '    retries: 1', '||||||| base', '    retries: 0', '=======', '    retries: 2', '>>>>>>> feature',
    '    channels:', '<<<<<<< HEAD', '      travel-wa: aaa', '=======', '      travel-wa: bbb', '>>>>>>> feature', ''].join('\n');
  const ps = conflictProblems(text);
  assert.is(ps.length, 2);
  for (const p of ps) assert.match(p.message, 'The file has 2 conflicts, and these line numbers are as it is now: resolve them from the last one up (the one on line 11 first), as deleting lines moves the lines below them.');
  const del = (t: string, lines: string) => t.split('\n').filter((_, i) => !lines.split(', ').some((r) => { const [a, b] = r.split('-').map(Number); return i + 1 >= a! && i + 1 <= (b ?? a)!; })).join('\n');
  const theirs = (p: { message: string }) => /to keep the side after ======= \([^)]*\), delete lines ([\d, -]+)/.exec(p.message)![1]!;
  // from the last up, keeping the side after ======= in each: the file both sides' text would have, no marker left
  const done = del(del(text, theirs(ps[1]!)), theirs(ps[0]!));
  assert.is(done, ['environments:', '  staging:', '    retries: 2', '    channels:', '      travel-wa: bbb', ''].join('\n'));
  // one conflict: no order to say
  assert.not.match(conflictProblems(text.split('\n').slice(0, 10).join('\n'))[0]!.message, 'conflicts');
});

test.run();
