// A large lint (lint, plan, review of a project of hundreds of files) shows its progress: the
// factory the command gives is asked for one bar of as many steps as files, ticked once a file,
// on the main thread and in the pool alike, and stopped at the end; a small run draws none.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateText } from '../bench/generate.ts';
import { loadConfig } from '../src/config/load.ts';
import { lintProject } from '../src/lint/run.ts';
import { CHANNEL_A, cleanup, tempDir, writeFiles } from './helpers.ts';

function project(n: number): string {
  const dir = tempDir('tplsync-progress-');
  const files: Record<string, string> = { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_A} }\n` };
  for (let i = 0; i < n; i++) files[path.join('templates', `t${i}.yaml`)] = templateText(i).replace(/^name: .*$/m, `name: t_${i}`);
  writeFiles(dir, files);
  return dir;
}

test('a bar of as many steps as files, each ticked once, stopped at the end; none under 300 files', async () => {
  for (const [n, pool] of [[320, 'never'], [320, 'always'], [40, 'never']] as const) {
    const dir = project(n);
    try {
      const bars: { label: string; total: number; ticks: number; stopped: boolean }[] = [];
      const progress = (label: string, total: number) => { const b = { label, total, ticks: 0, stopped: false }; bars.push(b); return { tick: () => { b.ticks++; }, stop: () => { b.stopped = true; } }; };
      const run = await lintProject(await loadConfig({ cwd: dir }), [], dir, { progress, pool });
      assert.is(run.files.length, n);
      if (n < 300) { assert.equal(bars, []); continue; }
      assert.equal(bars.map((b) => [b.label, b.total, b.ticks, b.stopped]), [['linting', n, n, true]], pool);
    } finally { cleanup(dir); }
  }
});

test('the bar: drawn on a terminal, not in a pipe, not in CI (CI=true) even on a terminal', async () => {
  const { progress } = await import('../src/terminal/progress.ts');
  const { runWithIo } = await import('../src/core/io.ts');
  const { Readable } = await import('node:stream');
  for (const [tty, env, drawn] of [[true, {}, true], [false, {}, false], [true, { CI: 'true' }, false], [true, { CI: 'false' }, true]] as const) {
    let out = '';
    const stream = Object.assign(new (await import('node:stream')).Writable({ write(c, _e, cb) { out += String(c); cb(); } }), { isTTY: tty, columns: 80 });
    await runWithIo({ stdout: stream as never, stderr: stream as never, stdin: Readable.from([]), cwd: process.cwd(), env }, async () => {
      const bar = await progress('linting', 10);
      for (let i = 0; i < 10; i++) bar.tick();
      bar.stop();
    });
    assert.is(out.includes('linting'), drawn, `${tty} ${JSON.stringify(env)}: ${JSON.stringify(out.slice(0, 80))}`);
  }
});

test.run();
