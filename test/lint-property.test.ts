// Property: whatever bytes a file holds, lint ends with findings (exit 1), a usage error
// (exit 3) or, for a mutation that is still a valid template, a clean result; never a crash.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes, finishProject } from '../src/lint/engine.ts';
import { cleanup, cliIn, CONFIG, ROOT, tempDir, writeFiles } from './helpers.ts';
import { mutate } from './arbitraries.ts';

const samples = readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => readFileSync(path.join(ROOT, 'templates', f)));

const mutated = mutate(samples);
const yamlish = fc.string({ unit: fc.constantFrom('a', ':', ' ', '\n', '-', '{', '}', '[', ']', '&', '*', '"', "'", '#', '|', '>', '!', '%', '@', '`', '\t', '1', 'é'), maxLength: 200 })
  .map((s) => new TextEncoder().encode(s));
const anyInput = fc.oneof(fc.uint8Array({ maxLength: 400 }), mutated, yamlish);

test('property (in process): lint of any bytes returns diagnostics and never throws', () => {
  const now = new Date('2026-01-01T00:00:00Z');
  fc.assert(fc.property(anyInput, (bytes) => {
    const r = lintBytes('t.yaml', bytes, { now });
    const diags = finishProject([r], { severities: {} });
    for (const d of diags) {
      assert.ok(d.line >= 1 && d.column >= 1, 'positions are 1-based');
      assert.ok(typeof d.message === 'string' && d.message.length > 0);
    }
    const valid = diags.every((d) => d.severity !== 'error');
    // only a still-valid template may come out clean
    if (valid) assert.ok(r.facts.name !== undefined, 'a clean result is a real template');
  }), { numRuns: 3000 });
});

test('property (CLI): exit 1 or 3 with diagnostics (0 only when still valid), never 70 or a stack trace', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG });
    await fc.assert(fc.asyncProperty(anyInput, async (bytes) => {
      writeFileSync(path.join(dir, 'input.yaml'), bytes);
      const r = await cliIn(['lint', '--format', 'json', 'input.yaml'], { cwd: dir });
      assert.ok([0, 1, 3].includes(r.exitCode), `exit ${r.exitCode}: ${r.stderr}`);
      assert.not.match(r.stderr, /\n\s+at /);
      if (r.exitCode !== 3) {
        const out = JSON.parse(r.stdout);
        if (r.exitCode === 1) assert.ok(out.diagnostics.length > 0);
        else assert.is(out.summary.errors, 0);
      }
    }), { numRuns: 25 });
  } finally { cleanup(dir); }
});

test.run();
