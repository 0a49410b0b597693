// init reads and keeps files already in the repository (.gitignore, package.json, its own files from
// an earlier run): a named pipe at .gitignore blocked its open for ever, deaf to SIGTERM and Ctrl-C,
// after init had written the config, three workflows and a template. Every such file that is not a
// regular file (a FIFO, a folder) is refused with exit 3 before anything is written, never opened.
// Run as a child with a time limit: a blocking open stops the whole process, a test's too.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, cleanup, tempDir, withChild } from './helpers.ts';

/** every entry under `dir` but .git's */
const entriesIn = (dir: string): string[] => readdirSync(dir, { recursive: true })
  .map(String).filter((e) => e !== '.git' && !e.startsWith(`.git${path.sep}`)).sort();

const CASES: [string, string, (abs: string) => void][] = [
  ['a FIFO at .gitignore', '.gitignore', (abs) => execFileSync('mkfifo', [abs])],
  ['a FIFO at package.json', 'package.json', (abs) => execFileSync('mkfifo', [abs])],
  ['a folder at tplsync.config.yaml', 'tplsync.config.yaml', (abs) => mkdirSync(abs)],
  ['a FIFO at a workflow', '.github/workflows/tplsync-apply.yml', (abs) => { mkdirSync(path.dirname(abs), { recursive: true }); execFileSync('mkfifo', [abs]); }],
];

for (const [what, file, make] of CASES) {
  test(`${what}: init refuses it (exit 3), names it, and writes nothing`, async () => {
    const dir = tempDir();
    try {
      execFileSync('git', ['init', '-q'], { cwd: dir });
      make(path.join(dir, file));
      const before = entriesIn(dir);
      const r = await withChild(() => execa('node', [BIN, 'init', '--yes'], { cwd: dir, reject: false, timeout: 30_000, env: { NO_COLOR: '1' } }), (p) => p);
      assert.not.ok(r.timedOut, `${what}: init did not end (a blocking open)`);
      assert.is(r.exitCode, 3, `${r.stdout}\n${r.stderr}`);
      assert.match(String(r.stderr), file);
      assert.match(String(r.stderr), /not a regular file/);
      assert.equal(entriesIn(dir), before, 'nothing written');
    } finally { cleanup(dir); }
  });
}

test.run();
