// Every command's page lists the exit codes its command uses (docs/commands/README.md says so):
// a command ends with 130 after Ctrl-C and 143 after SIGTERM (src/core/interrupt.ts: the one
// handler every command runs under), so each page's table lists both; the emulator alone listens
// for the signals itself and exits 0 (its page says so).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './helpers.ts';

/** the codes of a page's "Exit codes" table */
function exitCodes(page: string): number[] {
  const at = page.indexOf('## Exit codes');
  assert.ok(at >= 0, 'the page has an exit code table');
  const rest = page.slice(at).split('\n').slice(1);
  const rows = rest.slice(rest.findIndex((l) => l.startsWith('|')));
  return rows.slice(0, rows.findIndex((l) => !l.startsWith('|')) >>> 0).map((l) => /^\| (\d+) \|/.exec(l)?.[1]).filter((c) => c !== undefined).map(Number);
}

const LISTENS_ITSELF = new Set(['emulator']);

for (const dir of ['docs/commands', 'scripts/command-docs']) {
  test(`${dir}: each command's exit codes include 130 (Ctrl-C) and 143 (SIGTERM)`, () => {
    const pages = readdirSync(path.join(ROOT, dir)).filter((f) => f.endsWith('.md') && f !== 'README.md');
    assert.ok(pages.length >= 18, `${pages.length} pages`);
    const missing: string[] = [];
    for (const f of pages) {
      const codes = exitCodes(readFileSync(path.join(ROOT, dir, f), 'utf8'));
      if (LISTENS_ITSELF.has(f.slice(0, -3))) { assert.ok(codes.includes(0), f); continue; }
      for (const c of [130, 143]) if (!codes.includes(c)) missing.push(`${f}: ${c}`);
    }
    assert.equal(missing, []);
  });
}

test('the emulator, which listens for the signals itself, says that Ctrl-C and SIGTERM stop it with 0', () => {
  assert.match(readFileSync(path.join(ROOT, 'docs/commands/emulator.md'), 'utf8'), /\| 0 \| stopped with Ctrl-C \(or SIGTERM\) \|/);
});

test.run();
