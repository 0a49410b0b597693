// `tplsync lsp --stdio` given a message that is no request, response nor notification, then the
// end of its input (an editor that died after sending garbage, a CI probe): the library logs the
// message to the editor (window/logMessage) over a connection already closed, which threw an
// uncaught ConnectionError with its stack (exit 1 with a trace). The server ends as at any end of
// input without shutdown: exit 1, nothing on stderr that looks like a crash.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execa } from 'execa';
import { BIN, cleanup, tempDir, withChild, writeFiles } from './helpers.ts';

test('a malformed message then the end of the input: exit 1, no ConnectionError stack trace', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\n' });
    for (const body of ['[]', '7', '"x"', '{"jsonrpc":"2.0"}']) {
      await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, input: `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`, stdout: 'pipe', stderr: 'pipe', reject: false }), async (proc) => {
        const done = await proc;
        assert.is(done.exitCode, 1, `${body}: ${String(done.stderr)}`);
        assert.not.match(String(done.stderr), /Error|\n\s+at /, `${body}: no stack trace`);
      });
    }
  } finally { cleanup(dir); }
});

test.run();
