// A templates glob that reaches beyond the project: `templates: ["/"]` walked the whole machine
// (/proc included) until V8 ran out of memory, and a signal did not end it. A glob that starts at
// the file system's root, or outside the git repository the config is in, is refused as a config
// problem (exit 3) before anything is read; any walk (the direct one of walk.ts and tinyglobby's) is
// bounded in entries read, and says so as a config problem.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { discoverFiles } from '../src/files/discover.ts';
import { braceBranches, upAfterWildcard, wideGlobProblem } from '../src/files/glob-bounds.ts';
import { WalkTooLarge, walkSimpleGlobs } from '../src/files/walk.ts';
import { cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const config = (templates: string): string => `templates: ${templates}\n`;

test('a glob that starts at the root of the file system is refused (exit 3), outside a repository too, and nothing is walked', async () => {
  const dir = tempDir();
  try {
    for (const g of ['"/"', '"/**/*.yaml"', '"/*/*.yaml"', `"${'../'.repeat(40)}**/*.yaml"`]) {
      writeFiles(dir, { 'tplsync.config.yaml': config(`[${g}]`) });
      const r = await cliIn(['lint'], { cwd: dir });
      assert.is(r.exitCode, 3, `${g}: ${r.stderr}`);
      assert.match(r.stderr, /the root of the file system/, g);
      assert.match(r.stderr, /tplsync\.config\.yaml/, g);
    }
  } finally { cleanup(dir); }
});

test('in a git repository, a glob that starts outside it (an absolute path elsewhere, .. above it) is refused; one inside it is linted', async () => {
  const outer = tempDir();
  try {
    const repo = path.join(outer, 'repo');
    mkdirSync(path.join(repo, 'templates'), { recursive: true });
    execFileSync('git', ['init', '-q', repo]);
    writeFiles(outer, { 'elsewhere/a.yaml': VALID, 'repo/templates/t.yaml': VALID });
    for (const g of [`"${path.join(outer, 'elsewhere')}/**/*.yaml"`, '"../elsewhere/**/*.yaml"', '"templates/../../elsewhere/*.yaml"']) {
      writeFiles(repo, { 'tplsync.config.yaml': config(`["templates/**/*.yaml", ${g}]`) });
      const r = await cliIn(['lint'], { cwd: repo });
      assert.is(r.exitCode, 3, `${g}: ${r.stderr}`);
      assert.match(r.stderr, /outside the repository the config is in/, g);
    }
    writeFiles(repo, { 'tplsync.config.yaml': config(`["${path.join(repo, 'templates')}/**/*.yaml"]`) });
    const found = await discoverFiles({ dir: repo, templates: [`${path.join(repo, 'templates')}/**/*.yaml`] }, [], repo);
    assert.equal(found.map((f) => f.file), [path.join('templates', 't.yaml')]);
  } finally { cleanup(outer); }
});

test('the walk is bounded in entries read: past the bound, a config problem naming where it stopped (direct walk and tinyglobby)', async () => {
  const dir = tempDir();
  try {
    const files: Record<string, string> = { 'tplsync.config.yaml': config('["templates/**/*.yaml"]') };
    for (let i = 0; i < 40; i++) files[`templates/d${i}/t${i}.yaml`] = VALID;
    writeFiles(dir, files);
    assert.throws(() => walkSimpleGlobs(['templates/**/*.yaml'], dir, undefined, undefined, undefined, undefined, undefined, 30), (e: unknown) => e instanceof WalkTooLarge);
    assert.is(walkSimpleGlobs(['templates/**/*.yaml'], dir)!.length, 40);
    // the common shape (the direct walk), another (tinyglobby), a folder named on the command line
    for (const [templates, paths] of [[['templates/**/*.yaml'], []], [['templates/*/t*.yaml'], []], [['templates/**/*.yaml'], ['templates']]] as const) {
      const err = await discoverFiles({ dir, templates, file: path.join(dir, 'tplsync.config.yaml') }, paths, dir, { maxEntries: 30 }).then(() => undefined, (e: Error & { exitCode?: number }) => e);
      assert.ok(err, `${templates} ${paths}: refused`);
      assert.is(err!.exitCode, 3);
      assert.match(err!.message, /reach more than 30 files and folders \(the walk stopped in /);
      const found = await discoverFiles({ dir, templates }, paths, dir);
      assert.is(found.length, 40);
    }
  } finally { cleanup(dir); }
});

test('braceBranches: the globs a brace stands for (nested, several, escaped, comma-less left as written, bounded)', () => {
  assert.equal(braceBranches('data/{wa,rcs/{x,y}}/*.yml'), ['data/wa/*.yml', 'data/rcs/x/*.yml', 'data/rcs/y/*.yml']);
  assert.equal(braceBranches('{a,b}/{c,d}.yaml'), ['a/c.yaml', 'a/d.yaml', 'b/c.yaml', 'b/d.yaml']);
  assert.equal(braceBranches('t/{,../../up/}*.yaml'), ['t/*.yaml', 't/../../up/*.yaml']);
  assert.equal(braceBranches('t/{1..3}/\\{a,b}.yaml'), ['t/{1..3}/\\{a,b}.yaml']);
  assert.equal(braceBranches('t/{open'), ['t/{open']);
  assert.is(braceBranches('{a,b}{a,b}{a,b}{a,b}', 8), undefined);
});

test('a brace branch that leaves the repository is refused (exit 3) naming the branch, not matched to nothing; outside a repository every branch is read', async () => {
  const outer = tempDir();
  try {
    const repo = path.join(outer, 'proj');
    execFileSync('git', ['init', '-q', repo]);
    writeFiles(outer, { 'vendor/b.yaml': VALID, 'proj/msgs/wa/a.yaml': VALID });
    const glob = 'msgs/{wa,../../vendor}/*.yaml';
    const problem = wideGlobProblem({ dir: repo, templates: ['msgs/**/*.yaml', glob] }, 'tplsync.config.yaml');
    assert.ok(problem, 'refused');
    assert.match(problem!, `The templates glob '${glob}' (from tplsync.config.yaml): its branch 'msgs/../../vendor/*.yaml' starts at ${path.join(outer, 'vendor')}, outside the repository the config is in`);
    assert.is(wideGlobProblem({ dir: repo, templates: ['msgs/{wa,rcs}/*.yaml'] }), undefined);
    writeFiles(repo, { 'tplsync.config.yaml': config(`["${glob}"]`) });
    const r = await cliIn(['lint'], { cwd: repo });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /its branch 'msgs\/\.\.\/\.\.\/vendor\/\*\.yaml' starts at .*outside the repository/);
    assert.not.match(r.stderr, /No template files match/);
    // a config in no repository may name a folder beside it: the glob matcher read nothing of such a brace, both branches now
    const free = path.join(outer, 'free');
    writeFiles(free, { 'msgs/wa/a.yaml': VALID });
    const found = await discoverFiles({ dir: free, templates: ['msgs/{wa,../../vendor}/*.yaml'] }, [], free);
    assert.equal(found.map((f) => f.file).sort(), [path.join('..', 'vendor', 'b.yaml'), path.join('msgs', 'wa', 'a.yaml')]);
  } finally { cleanup(outer); }
});

test('a templates glob that climbs (..) after a wildcard is refused once, as the config, before any file is read', async () => {
  assert.is(upAfterWildcard('templates/**/../../../x/*.yaml'), '**');
  assert.is(upAfterWildcard('templates/*/../shared/*.yaml'), '*');
  assert.is(upAfterWildcard('../shared/templates/**/*.yaml'), undefined);
  assert.is(upAfterWildcard('templates/**/*.yaml'), undefined);
  assert.is(upAfterWildcard('templates/a/../b/*.yaml'), undefined);
  const outer = tempDir();
  try {
    const repo = path.join(outer, 'repo');
    writeFiles(outer, { 'x/t.yaml': VALID, 'repo/templates/a/t.yaml': VALID });
    execFileSync('git', ['init', '-q'], { cwd: repo });
    for (const g of ['templates/**/../../../x/*.yaml', '{templates/*.yaml,templates/*/../../../x/*.yaml}']) {
      writeFiles(repo, { 'tplsync.config.yaml': config(`["${g}"]`) });
      const r = await cliIn(['lint'], { cwd: repo });
      assert.is(r.exitCode, 3, `${g}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /goes up a folder \('\.\.'\) after the wildcard/, g);
      assert.not.match(r.stdout, /file-outside-project/, g);
      assert.ok(wideGlobProblem({ dir: repo, templates: [g] }), g);
    }
  } finally { cleanup(outer); }
});

test.run();
