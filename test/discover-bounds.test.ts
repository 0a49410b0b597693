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

test.run();
