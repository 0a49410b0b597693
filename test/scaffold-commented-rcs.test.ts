// The RCS block that `init` and `new` write commented out at the end of a WhatsApp template is
// guidance: a user who removes its `# ` must get a template that lints clean. It lacked
// `mediaHeight`, which RBM requires of a vertical card with media (rule rcs-card-size warned
// once it was uncommented; trial-x F3).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, lintInProcess, tempDir } from './helpers.ts';

/** the template with the commented `# message:` block (up to the first blank line) uncommented */
function uncommentRcs(text: string): string {
  const lines = text.split('\n');
  const start = lines.indexOf('# message:');
  assert.ok(start > 0, 'the scaffold has a commented RCS block');
  let i = start;
  for (; i < lines.length && lines[i] !== ''; i++) lines[i] = lines[i]!.replace(/^# /, '');
  assert.ok(i - start >= 5, 'the whole block');
  return lines.join('\n');
}

test('the RCS block init writes commented out lints clean once uncommented', async () => {
  const dir = tempDir('tplsync-scaffold-rcs-');
  try {
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const file = path.join(dir, 'templates', 'welcome_message.en_US.yaml');
    writeFileSync(file, uncommentRcs(readFileSync(file, 'utf8')));
    assert.match(readFileSync(file, 'utf8'), /^message:\n {2}type: rich_card\n/m);
    const lint = await lintInProcess(dir);
    // (the description stub is the author's to write: scaffold-stub's one finding, not the block's)
    assert.equal(lint.diagnostics.filter((d) => d.ruleId !== 'scaffold-stub').map((d) => `${d.line}:${d.column} ${d.severity} ${d.message} ${d.ruleId}`), []);
  } finally { cleanup(dir); }
});

test('and so does the one `tplsync new` writes', async () => {
  const dir = tempDir('tplsync-scaffold-rcs-new-');
  try {
    assert.is((await cliIn(['init', '--yes'], { cwd: dir })).exitCode, 0);
    const r = await cliIn(['new', '--channel', 'whatsapp', '--name', 'order_news'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const file = path.join(dir, 'templates', 'order_news.en_US.yaml');
    writeFileSync(file, uncommentRcs(readFileSync(file, 'utf8')));
    const lint = await lintInProcess(dir, [file]);
    // (the description stub is the author's to write: scaffold-stub's one finding, not the block's)
    assert.equal(lint.diagnostics.filter((d) => d.ruleId !== 'scaffold-stub').map((d) => `${d.line}:${d.column} ${d.severity} ${d.message} ${d.ruleId}`), []);
  } finally { cleanup(dir); }
});

test.run();
