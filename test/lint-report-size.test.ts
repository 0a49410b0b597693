// lint's Markdown reports kept within what GitHub takes, the rest counted (trial-ab findings 4 and 5): a pull-request
// comment (65,536 characters, as plan's Markdown) and the job summary of `--format github` (GitHub drops a step's
// summary over 1 MiB), which also says how many findings there are when GitHub shows only 10 annotations of each kind.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { FORMATTERS } from '../src/lint/formatters/index.ts';
import { RULES } from '../src/lint/registry.ts';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

// the job summary's budget (lint.md; STEP_SUMMARY_CHARACTERS in src/lint/formatters/markdown.ts)
const STEP_SUMMARY_CHARACTERS = 131_072;
const rows = (md: string): number => md.split('\n').filter((l) => l.startsWith('| `')).length;
const notShown = (md: string): number => Number(/^_(\d+) more findings? not shown/m.exec(md)?.[1] ?? 0);

test('markdown: 2,000 findings kept under a comment\'s 65,536 characters, the rest counted by rule and file', () => {
  const diags: Diagnostic[] = Array.from({ length: 2000 }, (_, i) => ({
    file: `templates/whatsapp/group_${i % 40}/template_${i}.yaml`, line: 4, column: 11, endLine: 4, endColumn: 18,
    ruleId: i % 3 ? 'category' : 'schema', severity: 'error', message: `"MARKETNG" is not a valid category; did you mean 'MARKETING'? (template ${i})`,
  }));
  const md = FORMATTERS.markdown!(diags, { fileCount: 2000, color: false, toolVersion: '1', rules: RULES });
  assert.ok(md.length <= 65_536, `${md.length} characters`);
  assert.match(md, /\*\*2000 errors, 0 warnings\*\* in 2000 files/);
  assert.ok(rows(md) > 100, 'as many rows as fit');
  assert.is(rows(md) + notShown(md), 2000);
  assert.match(md, /not shown \(`category` \d+, `schema` \d+; in \d+ files\): .*Run `tplsync lint` for all of them/);
  // a report that fits is whole, with no such line
  const few = FORMATTERS.markdown!(diags.slice(0, 5), { fileCount: 5, color: false, toolVersion: '1', rules: RULES });
  assert.is(rows(few), 5);
  assert.not.match(few, /not shown/);
});

function manyFindings(): string {
  const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
  for (let i = 0; i < 12; i++) {
    files[`templates/t${i}.yaml`] = `channel: shop-whatsapp\nname: t${i}\nlanguage: en_US\ncategory: UTILTY\nbody:\n  text: "Hello {{1}}"\n  examples: { 1: Ana }\n${Array.from({ length: 120 }, (_, k) => `unknown_key_${k}: x\n`).join('')}`;
  }
  const dir = tempDir();
  writeFiles(dir, files);
  return dir;
}

test('lint --format markdown stays under 65,536 characters with hundreds of findings', async () => {
  const dir = manyFindings();
  try {
    const r = await cliIn(['lint', '--format', 'markdown'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.ok(r.stdout.length <= 65_536, `${r.stdout.length} characters`);
    const total = Number(/\*\*(\d+) errors, (\d+) warnings\*\*/.exec(r.stdout)![1]) + Number(/\*\*(\d+) errors, (\d+) warnings\*\*/.exec(r.stdout)![2]);
    assert.ok(notShown(r.stdout) > 0);
    assert.is(rows(r.stdout) + notShown(r.stdout), total);
  } finally { cleanup(dir); }
});

test('lint --format github: the job summary kept to its budget, with how many findings the 10 annotations GitHub shows stand for', async () => {
  const dir = manyFindings();
  try {
    const summary = path.join(dir, 'summary.md');
    writeFileSync(summary, '# earlier step\n');
    const r = await cliIn(['lint', '--format', 'github'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    assert.is(r.exitCode, 1);
    // (the config's own warnings are annotations too, not findings: verify-18 NEW-F)
    const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::') && !l.includes('title=tplsync config::')).length;
    const s = readFileSync(summary, 'utf8');
    assert.ok(s.startsWith('# earlier step\n'));
    const mine = s.slice('# earlier step\n'.length);
    assert.ok(mine.length <= STEP_SUMMARY_CHARACTERS, `${mine.length} characters`);
    assert.ok(Buffer.byteLength(s) < 1024 * 1024 / 2, 'well under GitHub\'s 1 MiB, with room for other summaries');
    assert.match(mine, new RegExp(`GitHub shows at most 10 error and 10 warning annotations of a step: this one has ${annotations} findings in all`));
    assert.is(rows(mine) + notShown(mine), annotations);
    assert.ok(notShown(mine) > 0);
  } finally { cleanup(dir); }
});

test.run();
