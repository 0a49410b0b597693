// A run opens each template file's located document once and parses it at most once per reader
// (the text read, js-yaml, `yaml` with positions), lint and plan alike, files with cross-file
// findings included: their documents are kept by the run (released to their texts: a cross-file
// finding at a path costs its file a second pass of the text reader, never a read) and the
// findings placed on them. Counted
// by the probe of src/files/document.ts (every opening and parse, with the file's name) and by
// the file system's open and read functions, wrapped for this process (syncBuiltinESMExports carries the wrappers into `import { ... } from 'node:fs'`).
// test-runner: a process of its own (the wrappers stay for the life of the process)
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { loadConfig } from '../src/config/load.ts';
import { connect } from '../src/connection/connect.ts';
import { documentStats } from '../src/files/document.ts';
import { lintProject } from '../src/lint/run.ts';
import { runPlan } from '../src/plan/run.ts';
import { main } from '../src/cli/main.ts';
import { CONFIG, cleanup, tempDir, writeFiles } from './helpers.ts';

type Event = 'open' | 'text' | 'fast' | 'yaml' | 'read';
let templatesDir = '';
const events = new Map<string, Map<Event, number>>();
const count = (file: string, e: Event): void => {
  const abs = path.resolve(templatesDir, '..', file);
  if (!templatesDir || !abs.startsWith(templatesDir)) return;
  const m = events.get(abs) ?? new Map<Event, number>();
  m.set(e, (m.get(e) ?? 0) + 1);
  events.set(abs, m);
};
documentStats.probe = (file, e) => count(file, e);
type AnyFn = (...a: unknown[]) => unknown;
for (const [target, names] of [[fs, ['openSync', 'readFileSync', 'open', 'readFile', 'createReadStream']], [fs.promises, ['open', 'readFile']]] as const) {
  for (const name of names) {
    const t = target as unknown as Record<string, AnyFn>;
    const orig = t[name]!;
    t[name] = function (this: unknown, p: unknown, ...rest: unknown[]) {
      const s = p instanceof URL ? p.pathname : String(p);
      if (templatesDir && s.startsWith(templatesDir)) count(path.relative(path.dirname(templatesDir), s), 'read');
      return orig.call(this, p, ...rest);
    };
  }
}
syncBuiltinESMExports();

const N = 24;
/**
 * A project of N files, one with a block scalar (the text read gives up on it) and, with
 * `variant`, one that gives template 3 a second language with another header format (variant-mismatch:
 * an error, found across files and placed at a path of the file's value).
 */
function project(extra: Record<string, string>, variant: boolean): string {
  const dir = tempDir();
  const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
  for (let i = 0; i < N; i++) files[`templates/t${i}.yaml`] = templateText(i, 'realistic');
  // a file the text read cannot take (a block scalar): js-yaml reads it, and a finding in it needs `yaml`
  // a finding in it (placeholder-density, a warning) is placed by `yaml`
  files['templates/block.yaml'] = templateText(5, 'realistic').replace('name: template_5', 'name: block_5').replace(/ {2}text: "[^"]*"/, '  text: |\n    Hi {{customer}}, order {{order_id}} is ready.');
  if (variant) files['templates/variant.yaml'] = templateText(3, 'realistic').replace(/^language: .*$/m, 'language: fr').replace('format: DOCUMENT\n  example: https://cdn.example.com/docs/3.pdf', 'format: IMAGE\n  example: https://cdn.example.com/docs/3.png');
  writeFiles(dir, { ...files, ...extra });
  templatesDir = `${path.join(dir, 'templates')}${path.sep}`;
  events.clear();
  return dir;
}

/**
 * Every template file: opened and read once; each reader at most once. The run keeps its
 * documents released (their texts: document.ts, release), so a file with a cross-file finding at
 * a path, or whose deferred facts a cross-file rule reads (`placedAgain`), has its kept text read
 * again by the text reader, and by nothing else.
 */
function expectOnce(what: string, files: number, placedAgain: readonly string[] = []): void {
  assert.is(events.size, files, `${what}: files seen`);
  for (const [abs, m] of events) {
    const name = path.basename(abs);
    assert.is(m.get('open'), 1, `${what}: ${name} opened ${m.get('open')} times`);
    assert.is(m.get('read'), 1, `${what}: ${name} read ${m.get('read')} times`);
    for (const r of ['text', 'fast', 'yaml'] as const) {
      const most = r === 'text' && placedAgain.includes(name) ? 2 : 1;
      assert.ok((m.get(r) ?? 0) <= most, `${what}: ${name} parsed ${m.get(r)} times by ${r}`);
    }
  }
}

test('lint opens, reads and parses each file once per reader, files with cross-file findings included', async () => {
  const dir = project({ 'templates/dup.yaml': templateText(3, 'realistic') }, true);
  try {
    const run = await lintProject(await loadConfig({ cwd: dir }), [], dir, { pool: 'never' });
    const dup = run.diagnostics.filter((d) => d.ruleId === 'duplicate-template');
    const variant = run.diagnostics.filter((d) => d.ruleId === 'variant-mismatch');
    assert.ok(dup.length >= 1, 'duplicate-template');
    assert.ok(variant.length >= 1, 'a variant finding was placed');
    // placed on the header's format line of its file, not at 1:1
    for (const d of variant) assert.ok(d.line > 1, `${d.file}:${d.line}:${d.column}`);
    const density = run.diagnostics.find((d) => d.file.endsWith('block.yaml') && d.ruleId === 'placeholder-density');
    assert.ok(density && density.line > 1, 'the block-scalar file has its finding, placed');
    // the files of template 3 (t3, its duplicate, its variant) share a name: the run without a
    // cache reads their variant facts off the kept texts when variant-mismatch asks (lazyFacts)
    expectOnce('lint', N + 3, [...new Set([...variant.map((d) => path.basename(d.file)), 't3.yaml', 'dup.yaml', 'variant.yaml'])]);
    // the block scalar: the text read gave up, js-yaml read the value, `yaml` placed the finding
    const block = events.get(path.join(templatesDir, 'block.yaml'))!;
    assert.equal([block.get('text'), block.get('fast'), block.get('yaml')], [1, 1, 1]);
  } finally { cleanup(dir); }
});

test('plan (lint, compile, read the remote, diff) opens, reads and parses each file once per reader', async () => {
  const dir = project({}, false);
  try {
    const config = await loadConfig({ cwd: dir });
    const conn = await connect(config, {});
    try {
      const plan = await runPlan(config, conn, { paths: [], cwd: dir });
      assert.ok(plan.changes.length >= N, `${plan.changes.length} changes`);
    } finally { await conn.close(); }
    expectOnce('plan', N + 1);
    const block = events.get(path.join(templatesDir, 'block.yaml'))!;
    assert.equal([block.get('text'), block.get('fast'), block.get('yaml')], [1, 1, 1]);
  } finally { cleanup(dir); }
});

test('apply of a saved plan (verify the bodies, check staleness, write) opens, reads and parses each file once per reader', async () => {
  const dir = project({}, false);
  const cwd = process.cwd();
  const out = process.stdout.write.bind(process.stdout);
  try {
    process.chdir(dir);
    process.stdout.write = (() => true) as typeof process.stdout.write; // the plan's and apply's reports
    try {
      assert.is(await main(['plan', '--out', 'plan.json']), 0);
      events.clear();
      assert.is(await main(['apply', '--auto-approve', 'plan.json']), 0);
    } finally { process.stdout.write = out; }
    expectOnce('apply of a saved plan', N + 1);
  } finally { process.chdir(cwd); cleanup(dir); }
});

test.run();
