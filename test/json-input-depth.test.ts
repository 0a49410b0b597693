// Every JSON file tplsync reads is bounded in depth right after it is parsed, as a template's YAML
// is (64 levels): an export of `pull --from` nested 5000 deep overflowed the stack in the check of
// its numbers (exit 70, "a bug in tplsync"); a saved plan and the emulator's keys file are walked
// the same way. Each is now refused by name, exit 3, before any walk.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { classifyPlanText } from '../src/plan/saved.ts';
import { jsonDepthProblem, MAX_JSON_DEPTH } from '../src/core/json-depth.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const nested = (d: number): string => '{"a":'.repeat(d) + '1' + '}'.repeat(d);
const exportOf = (example: string): string => `{"data":[{"name":"deep_ex","language":"en_US","category":"UTILITY","components":[{"type":"BODY","text":"hi {{1}} there","example":${example}}]}]}`;
const config = `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;

test('the bound: 64 levels pass, 65 do not, walked without recursion (100000 levels)', () => {
  assert.is(MAX_JSON_DEPTH, 64);
  assert.is(jsonDepthProblem(JSON.parse('['.repeat(64) + ']'.repeat(64))), undefined);
  assert.match(jsonDepthProblem(JSON.parse('['.repeat(65) + ']'.repeat(65))) ?? '', /more than 64 levels deep/);
  assert.ok(jsonDepthProblem(JSON.parse(nested(100_000))));
});

test('pull --from meta: an export nested 5000 deep is refused by name (exit 3), not a crash (exit 70), as an export and as --names-from', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config, 'deep.json': exportOf(nested(5000)) });
    const r = await cliIn(['pull', '--from', 'meta', 'deep.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, /deep\.json: nests arrays or objects more than 64 levels deep/);
    assert.not.match(r.stderr, /internal error|Maximum call stack/);
    // the same file as --names-from of a pull from an export
    writeFiles(dir, { 'ok.json': exportOf('{"body_text":[["Ana"]]}') });
    const n = await cliIn(['pull', '--from', 'meta', 'ok.json', '--channel', 'shop-whatsapp', '--names-from', 'meta', 'deep.json'], { cwd: dir });
    assert.is(n.exitCode, 3, n.stdout + n.stderr);
    assert.match(n.stderr, /deep\.json: nests arrays or objects more than 64 levels deep/);
  } finally { cleanup(dir); }
});

test('a saved plan nested 5000 deep is no plan (said why), where a walk of it overflowed', async () => {
  const plan = `{"format":"tplsync-plan","version":1,"environment":"local","target":"x","summary":{},"changes":[{"x":${nested(5000)}}]}`;
  const k = classifyPlanText(plan, 'p.json');
  assert.is(k.kind, 'not-a-plan');
  assert.match((k as { reason: string }).reason, /not a tplsync plan: it nests arrays or objects more than 64 levels deep/);
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config, 'p.json': plan });
    const r = await cliIn(['apply', 'p.json'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, /more than 64 levels deep/);
  } finally { cleanup(dir); }
});

test('emulator --keys-file nested 5000 deep: refused by name before the server starts', async () => {
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'keys.json'), `[${nested(5000)}]`);
    const r = await cliIn(['emulator', '--port', '0', '--keys-file', 'keys.json'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, /--keys-file keys\.json: nests arrays or objects more than 64 levels deep/);
  } finally { cleanup(dir); }
});

test.run();
