// `tplsync emulator --keys-file`: every entry's fields are checked (a usage error naming the entry
// and the field, exit 3), and a file that is not JSON is said by line and column without quoting it.
// `"channels": "all"` and `"channels": [5]` crashed the start ("spec.channels.map is not a function",
// exit 70 as a bug), and Node's JSON message quoted ten characters of a key.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { keysFileProblem } from '../src/emulator/auth.ts';
import { jsonErrorPosition } from '../src/core/json-position.ts';
import { cleanup, cliIn, tempDir } from './helpers.ts';

const KEY = 'CANARYkeysfile-SECRET-0001';

test('wrongly typed entries: exit 3 naming the entry and the field; the key is never printed', async () => {
  const dir = tempDir();
  try {
    for (const [json, said] of [
      [`[{"key":"${KEY}","channels":"all"}]`, 'entry 1: "channels" is not a list of channel ids (it is a text)'],
      [`[{"key":"${KEY}","channels":[5]}]`, 'entry 1: "channels" item 1 is not a channel id (a text)'],
      [`[{"key":"${KEY}"},{"key":"${KEY}x","readOnlyChannels":{"a":1}}]`, 'entry 2: "readOnlyChannels" is not a list of channel ids (it is a object)'],
      [`[{"key":"${KEY}","messageStatus":"yes"}]`, 'entry 1: "messageStatus" is not true or false'],
      [`[{"key":"${KEY}","channel":["0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11"]}]`, 'entry 1: unknown field "channel"'],
      [`[{"key":12345678901}]`, 'entry 1: "key" is not a text (a number)'],
      [`["${KEY}"]`, 'entry 1 is not an object'],
      [`{"key":"${KEY}"}`, 'not a JSON list (it is an object)'],
    ] as const) {
      const file = path.join(dir, 'keys.json');
      writeFileSync(file, json);
      const r = await cliIn(['emulator', '--port', '0', '--keys-file', file], { cwd: dir, env: { TPLSYNC_API_KEY: undefined } });
      assert.is(r.exitCode, 3, `${json}: ${r.stderr}`);
      assert.match(r.stderr, `--keys-file ${file}: ${said}`);
      assert.not.match(r.stderr, /internal error|CANARY/);
    }
  } finally { cleanup(dir); }
});

test('a JSON syntax error is said by line and column, never quoting the file (its keys)', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'keys.json');
    writeFileSync(file, `[\n  {"key":${KEY}}\n]\n`);
    const r = await cliIn(['emulator', '--port', '0', '--keys-file', file], { cwd: dir, env: { TPLSYNC_API_KEY: undefined } });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, `--keys-file ${file}:2:10: not valid JSON at line 2, column 10 (the file's text is not shown: it holds keys)`);
    assert.not.match(r.stderr, /CANARY|CANA/);
  } finally { cleanup(dir); }
});

test('jsonErrorPosition: the place of the error, with or without a position in the message; keysFileProblem accepts the documented shape', () => {
  assert.equal(jsonErrorPosition(`[{"key":${KEY}}]`), { line: 1, column: 9 });
  assert.equal(jsonErrorPosition('[\n  1,\n  2 3]'), { line: 3, column: 5 });
  assert.equal(jsonErrorPosition('[1'), { line: 1, column: 3 });
  assert.equal(jsonErrorPosition('[]x'), { line: 1, column: 3 });
  assert.is(jsonErrorPosition('[1]'), undefined);
  assert.is(keysFileProblem([{ key: 'k', channels: ['0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11'], readOnlyChannels: [], messageStatus: false }, { key: 'k2' }]), undefined);
});

test.run();
