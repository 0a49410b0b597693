// A run reads each template file once: lint (with a cross-file finding to place), plan and the
// apply of a saved plan open every file of the project exactly one time. The file system's open and read functions are
// wrapped for this process (syncBuiltinESMExports carries the wrappers into `import { ... } from
// 'node:fs'`), and every call naming a template file is counted.
import fs, { rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { loadConfig } from '../src/config/load.ts';
import { connect } from '../src/connection/connect.ts';
import { lintProject } from '../src/lint/run.ts';
import { main } from '../src/cli/main.ts';
import { runPlan } from '../src/plan/run.ts';
import { CONFIG, cleanup, tempDir, writeFiles } from './helpers.ts';

const opened = new Map<string, number>();
let templatesDir = '';
const note = (p: unknown): void => {
  const s = p instanceof URL ? p.pathname : String(p);
  if (templatesDir && s.startsWith(templatesDir)) opened.set(s, (opened.get(s) ?? 0) + 1);
};
type AnyFn = (...a: unknown[]) => unknown;
function wrap(target: Record<string, unknown>, names: string[]): void {
  for (const name of names) {
    const orig = target[name] as AnyFn;
    target[name] = function (this: unknown, p: unknown, ...rest: unknown[]) { note(p); return orig.call(this, p, ...rest); };
  }
}
wrap(fs as unknown as Record<string, unknown>, ['openSync', 'readFileSync', 'open', 'readFile', 'createReadStream']);
wrap(fs.promises as unknown as Record<string, unknown>, ['open', 'readFile']);
syncBuiltinESMExports();

const N = 20;
function project(): string {
  const dir = tempDir();
  const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
  for (let i = 0; i < N; i++) files[`templates/t${i}.yaml`] = templateText(i, 'realistic');
  writeFiles(dir, files);
  templatesDir = `${path.join(dir, 'templates')}${path.sep}`;
  opened.clear();
  return dir;
}
const expectOnce = (what: string, count: number): void => {
  assert.is(opened.size, count, `${what}: files opened`);
  const more = [...opened].filter(([, n]) => n !== 1);
  assert.equal(more, [], `${what}: files opened more than once`);
};

test('lint opens each template file once, a file with a cross-file finding included', async () => {
  const dir = project();
  try {
    // a second file with t3's identity: duplicate-template, placed in both files
    writeFiles(dir, { 'templates/dup.yaml': templateText(3, 'realistic') });
    const run = await lintProject(await loadConfig({ cwd: dir }), [], dir);
    assert.ok(run.diagnostics.some((d) => d.ruleId === 'duplicate-template'), 'a cross-file finding was placed');
    expectOnce('lint', N + 1);
  } finally { cleanup(dir); }
});

test('plan (lint, compile, read the remote, diff) opens each template file once', async () => {
  const dir = project();
  try {
    const config = await loadConfig({ cwd: dir });
    const conn = await connect(config, {});
    try {
      const plan = await runPlan(config, conn, { paths: [], cwd: dir });
      assert.is(plan.changes.length, N);
    } finally { await conn.close(); }
    expectOnce('plan', N);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('apply of a saved plan (verify the bodies, check staleness, write) opens each template file once', async () => {
  const dir = project();
  const cwd = process.cwd();
  const out = process.stdout.write.bind(process.stdout);
  try {
    process.chdir(dir);
    process.stdout.write = (() => true) as typeof process.stdout.write; // the plan's and apply's reports
    try {
      assert.is(await main(['plan', '--out', 'plan.json']), 0);
      opened.clear();
      assert.is(await main(['apply', '--auto-approve', 'plan.json']), 0);
    } finally { process.stdout.write = out; }
    expectOnce('apply of a saved plan', N);
  } finally { process.chdir(cwd); rmSync(dir, { recursive: true, force: true }); }
});

test.run();
