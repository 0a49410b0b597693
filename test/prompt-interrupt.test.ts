// Ctrl-C at a question (init's prompts through @inquirer/prompts, apply's "Type yes" through
// readline) is the user stopping: exit 130 and "nothing was written", not "internal error ...
// This is a bug in tplsync" with exit 70. The errors are the real ones: each prompt is given a
// terminal-like stream and a Ctrl-C (\x03) typed into it.
import { createInterface } from 'node:readline/promises';
import { PassThrough } from 'node:stream';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { handleError } from '../src/cli/main.ts';
import { confirm } from '../src/cli/apply.ts';

/** what handleError writes to stderr, and its exit code */
function handled(e: unknown): { code: number; err: string } {
  let err = '';
  const write = process.stderr.write;
  process.stderr.write = ((s: string) => { err += s; return true; }) as typeof process.stderr.write;
  try { return { code: handleError(e, false), err }; } finally { process.stderr.write = write; }
}

function tty(): { input: PassThrough & { isTTY?: boolean; setRawMode?: () => void }; output: PassThrough & { isTTY?: boolean } } {
  const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => {} });
  // (a terminal's output too: readline reads keys, Ctrl-D among them, only when it writes to one)
  return { input, output: Object.assign(new PassThrough(), { isTTY: true, columns: 80 }) };
}

test('readline: Ctrl-C at "Type yes" is an interruption (130)', async () => {
  const { input, output } = tty();
  const rl = createInterface({ input, output, terminal: true });
  const asked = rl.question('Write 3 templates? Type "yes" to go on: ');
  input.write('\x03');
  const e = await asked.then(() => undefined, (x: unknown) => x);
  rl.close();
  const r = handled(e);
  assert.is(r.code, 130);
  assert.match(r.err, 'interrupted at the question; nothing was written');
  assert.not.match(r.err, /bug|internal error/);
});

test('inquirer: Ctrl-C at init\'s question is an interruption (130)', async () => {
  const { input } = await import('@inquirer/prompts');
  const streams = tty();
  const asked = input({ message: 'Channel alias?' }, { input: streams.input, output: streams.output });
  streams.input.write('\x03');
  const e = await asked.then(() => undefined, (x: unknown) => x);
  const r = handled(e);
  assert.is(r.code, 130, String(e));
  assert.not.match(r.err, /bug|internal error/);
});

test('apply\'s question: Ctrl-D is no "yes" (declined, not an internal error); "yes" goes on', async () => {
  for (const [typed, want] of [['\x04', false], ['no\r', false], ['yes\r', true]] as const) {
    const { input, output } = tty();
    const asked = confirm('Write 3 templates? Type "yes" to go on: ', new AbortController().signal, { input, output });
    input.write(typed);
    assert.is(await asked, want, JSON.stringify(typed));
  }
});

test('apply\'s question ends when a signal comes from outside (kill -INT, kill -TERM): an interruption (130), not a wait for an answer that never comes', async () => {
  const { input, output } = tty();
  const stop = new AbortController();
  const asked = confirm('Write 3 templates? Type "yes" to go on: ', stop.signal, { input, output });
  stop.abort();
  const e = await asked.then(() => undefined, (x: unknown) => x);
  const r = handled(e);
  assert.is(r.code, 130, String(e));
  assert.match(r.err, 'interrupted at the question; nothing was written');
});

test('any other error is still an internal error (70)', () => {
  assert.is(handled(new TypeError('x is undefined')).code, 70);
  const abort = Object.assign(new Error('The operation was aborted'), { name: 'AbortError', code: 'ABORT_ERR' });
  assert.is(handled(abort).code, 70, 'an abort that is not a Ctrl-C at a question');
});

test.run();
