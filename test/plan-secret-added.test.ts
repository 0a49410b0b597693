// A secret reference put where the channel's approved text had a word of its own ("use the code
// below" becomes "use the code ((promo_code))"): the channel's copy holds no secret there (a word
// shorter than any secret value), so the plan, its Markdown (the pull-request comment) and its JSON
// show the approved text as it is beside the file's, and claim no rotation of a secret.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

const PROMO = (code: string) => `channel: wa\nname: promo_note\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, use the code ${code} at checkout to get 5% back on your card."\n  examples: { 1: Ana }\nfooter: Reply STOP to opt out\n`;
const BEFORE = 'Hi {{1}}, use the code below at checkout to get 5% back on your card.';
const AFTER = 'Hi {{1}}, use the code (secret) at checkout to get 5% back on your card.';

test('plan: a secret added where the approved text had a word shows the approved text, in text, Markdown and JSON', async () => {
  const dir = tempDir('tplsync-secret-added-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ env: 'staging', channels: { wa: CHANNEL_A }, values: { promo_code: { env: 'STAGING_PROMO' } } }), 'templates/promo.en_US.yaml': PROMO('below') });
    const env = { STAGING_PROMO: 'SPRING2026X' };
    const applied = await cliIn(['apply', '--auto-approve', '--wait'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    const file = path.join(dir, 'templates/promo.en_US.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('the code below', 'the code ((promo_code))'));
    const text = await cliIn(['plan'], { cwd: dir, env });
    assert.ok(text.stdout.includes(`body.text: "${BEFORE}" → "${AFTER}"`), text.stdout);
    assert.not.match(text.stdout, 'a secret value differs');
    assert.not.match(text.stdout, 'SPRING2026X');
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.ok(md.stdout.includes(BEFORE), md.stdout);
    assert.not.match(md.stdout, 'a secret value differs');
    const json = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    const change = (JSON.parse(json.stdout) as { changes: { changes?: { path: string; before: unknown; after: unknown }[] }[] }).changes[0]!.changes!.find((c) => c.path === 'body.text')!;
    assert.equal([change.before, change.after], [BEFORE, AFTER]);
  } finally { cleanup(dir); }
});

test.run();
