// Formatting a large template in the language server (trial-bp F5): a 1 MB template of 13,000 buttons took seconds,
// and every other request (another file's hover) waited behind it, $/cancelRequest unheard. The layout is now made in
// its passes over the file (fmt/format.ts Steps), with a pause between them: a request sent after the formatting is
// answered before it ends, a cancel stops it (RequestCancelled, -32800), and what it gives is still `tplsync fmt`'s.
// The order of the answers is the event loop's (one message a turn, one pass a turn), not a clock's.
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { formatBytes, formatBytesSteps } from '../src/fmt/run.ts';
import { BIN, inProjectDir, withChild } from './helpers.ts';
import { uri } from './lsp-client.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\nchannels:\n  wa: { kind: whatsapp }\n';
const SMALL = 'channel: wa\nname: small\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, welcome."\n  examples: { 1: Ana }\n';
/** a template of `n` quick replies, each written with its keys out of fmt's order (so formatting changes every one) */
const large = (n: number): string => `name: large\nchannel: wa\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, pick one."\n  examples: { 1: Ana }\nbuttons:\n${Array.from({ length: n }, (_, i) => `  - text: 'Reply number ${i}'\n    type: QUICK_REPLY\n`).join('')}`;

test('formatBytesSteps: the layout in several passes, the same as formatBytes at once', () => {
  const text = large(300);
  const steps = formatBytesSteps('t.yaml', Buffer.from(text));
  let n = 0;
  let r = steps.next();
  while (!r.done) { n++; r = steps.next(); }
  assert.ok(n >= 5, `${n} pauses`);
  assert.equal(r.value, formatBytes('t.yaml', Buffer.from(text)));
  assert.is(r.value.kind, 'changed');
  assert.match(r.value.text ?? '', "  - type: QUICK_REPLY\n    text: 'Reply number 299'\n");
});

test('the server: another file\'s hover sent after a large file\'s formatting is answered first; a cancel stops the formatting; uncancelled, it gives fmt\'s layout (trial-bp F5)', () => {
  const text = large(8000);
  return inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/small.en_US.yaml': SMALL }, async (dir) => {
    await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, env: {}, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
      const writer = new StreamMessageWriter(proc.stdin!);
      const reader = new StreamMessageReader(proc.stdout!);
      /** the answers in the order they came */
      const order: number[] = [];
      const answers = new Map<number, { error?: { code: number; message: string }; result?: unknown }>();
      let wake: (() => void) | undefined;
      reader.listen((m) => { const r = m as { id?: number; method?: string }; if (typeof r.id === 'number' && r.method === undefined) { order.push(r.id); answers.set(r.id, m as never); wake?.(); } });
      const answer = async (id: number) => { while (!answers.has(id)) await new Promise<void>((r) => { wake = r; }); return answers.get(id)!; };
      const send = (msg: object): Promise<void> => writer.write({ jsonrpc: '2.0', ...msg } as never);
      await send({ id: 1, method: 'initialize', params: { processId: null, rootUri: uri(dir), capabilities: {} } });
      await answer(1);
      await send({ method: 'initialized', params: {} });
      const file = uri(path.join(dir, 'templates/large.en_US.yaml'));
      const small = uri(path.join(dir, 'templates/small.en_US.yaml'));
      await send({ method: 'textDocument/didOpen', params: { textDocument: { uri: file, languageId: 'yaml', version: 1, text } } });
      await send({ method: 'textDocument/didOpen', params: { textDocument: { uri: small, languageId: 'yaml', version: 1, text: SMALL } } });
      // a first request waits for the open documents to be linted: answered, the formatting below starts at once
      await send({ id: 2, method: 'textDocument/hover', params: { textDocument: { uri: small }, position: { line: 0, character: 1 } } });
      await answer(2);
      const formatting = { method: 'textDocument/formatting', params: { textDocument: { uri: file }, options: { tabSize: 2, insertSpaces: true } } };
      await send({ id: 3, ...formatting });
      await send({ id: 4, method: 'textDocument/hover', params: { textDocument: { uri: small }, position: { line: 0, character: 1 } } });
      // the hover is answered after the formatting's first pass, with the others still to make
      await answer(4);
      assert.not.ok(answers.has(3), `answered in the order ${order.join(', ')}`);
      // cancelled while it runs (a cancel of a request not yet begun is the library's to answer, whatever the work)
      await send({ method: '$/cancelRequest', params: { id: 3 } });
      const cancelled = await answer(3);
      // (a cancel races the child's remaining passes: on a machine that starves this process, the formatting may end first;
      // then its answer is the whole layout, never a partial one. No test waits on how fast the machine is.)
      if (cancelled.error) assert.is(cancelled.error.code, -32800, JSON.stringify(cancelled).slice(0, 300));
      else assert.is((cancelled.result as { newText: string }[])[0]!.newText, formatBytes('templates/large.en_US.yaml', Buffer.from(text)).text);
      assert.equal(order, [1, 2, 4, 3]);
      // not cancelled: the whole document in fmt's layout, as `tplsync fmt` writes it
      await send({ id: 5, ...formatting });
      const done = await answer(5);
      const edits = done.result as { newText: string }[];
      assert.is(edits.length, 1, JSON.stringify(done).slice(0, 300));
      assert.is(edits[0]!.newText, formatBytes('templates/large.en_US.yaml', Buffer.from(text)).text);
      await send({ id: 6, method: 'shutdown', params: null });
      await answer(6);
      await send({ method: 'exit' });
      reader.dispose();
    });
  });
});

test.run();
