// init checks every file it writes before it writes the first: a symbolic link where one goes (a
// dangling link from a template repository) stopped it half-way, after it had written a config, a
// sample template and a workflow, with the refusal alone on the screen (exit 3).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir } from './helpers.ts';

/** every file under `dir` but .git's */
const filesIn = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true })
  .filter((e) => !e.isDirectory() && !path.join(e.parentPath, e.name).includes(`${path.sep}.git${path.sep}`) && e.name !== '.git')
  .map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();

for (const [where, link] of [['a workflow', '.github/workflows/tplsync-apply.yml'], ['the generated types', 'tplsync-templates.ts'], ['.gitignore', '.gitignore']] as const) {
  test(`a dangling link at ${where}: refused before anything is written (exit 3), the link named`, async () => {
    const dir = tempDir();
    try {
      execFileSync('git', ['init', '-q'], { cwd: dir });
      mkdirSync(path.join(dir, path.dirname(link)), { recursive: true });
      symlinkSync('/tmp/tplsync-nowhere-init.yml', path.join(dir, link));
      const before = filesIn(dir);
      const r = await cliIn(['init', '--yes'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, `init cannot write this file: ${link} is a symbolic link`);
      assert.match(r.stderr, 'Nothing was written');
      assert.equal(filesIn(dir), before, 'nothing written');
      assert.not.ok(existsSync(path.join(dir, 'tplsync.config.yaml')));
    } finally { cleanup(dir); }
  });
}

test('a file where init makes a folder (templates is a file) is refused before anything is written', async () => {
  const dir = tempDir();
  try {
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('sh', ['-c', 'echo notes > templates'], { cwd: dir });
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'templates is a file where init makes a folder');
    assert.equal(filesIn(dir), ['templates']);
  } finally { cleanup(dir); }
});

test.run();
