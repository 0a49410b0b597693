// Language-server gaps of trial-ag F6, and its minor observation: sample keys completed in a
// flow-style `examples: { 1: Ana, }` (the style the README and translations import write), not
// only in a block; a request whose params is null answered -32602 InvalidParams (JSON-RPC), not an
// internal error; a config problem said once when the same load is made twice (the editor's
// didChangeWatchedFiles and the server's own watcher); after `{{`, the number missing between
// the ones used offered. The server as a process, spoken to over stdio.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { BIN, inProjectDir, withChild } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\nchannels:\n  wa: { kind: whatsapp }\n';
const HEAD = 'channel: wa\nname: welcome\nlanguage: en_US\ncategory: UTILITY\nbody:\n';

interface Item { label: string }

test('F6a: sample keys are completed in a flow-style examples mapping, after its comma, as in a block', () => inProjectDir({ 'tplsync.config.yaml': CONFIG }, async (dir) => {
  const file = path.join(dir, 'templates/welcome.en_US.yaml');
  await withLsp(dir, {}, async (c) => {
    const flow = `${HEAD}  text: "Hi {{1}}, your order {{2}} is ready."\n  examples: { 1: Ana,  }\n`;
    await c.open(file, flow);
    await c.waitFor(() => c.diags.has(uri(file)), 'the diagnostics');
    const items = await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(file) }, position: { line: 6, character: '  examples: { 1: Ana, '.length } }) as Item[];
    assert.equal(items.map((i) => i.label), ['2']);
    // typing a value is not a key: nothing offered
    const value = await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(file) }, position: { line: 6, character: '  examples: { 1: A'.length } }) as Item[];
    assert.equal(value, []);
  });
}));

test('minor: after {{ in a body with {{1}} and {{3}}, the missing 2 is offered, in order', () => inProjectDir({ 'tplsync.config.yaml': CONFIG }, async (dir) => {
  const file = path.join(dir, 'templates/welcome.en_US.yaml');
  await withLsp(dir, {}, async (c) => {
    const text = `${HEAD}  text: "Hi {{1}}, your order {{3}} is ready {{"\n  examples: { 1: Ana, 3: A-1 }\n`;
    await c.open(file, text);
    await c.waitFor(() => c.diags.has(uri(file)), 'the diagnostics');
    const items = await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(file) }, position: { line: 5, character: '  text: "Hi {{1}}, your order {{3}} is ready {{'.length } }) as Item[];
assert.equal(items.map((i) => i.label), ['1', '2', '3']);
  });
}));

test('F6b: a request whose params is null is answered -32602 InvalidParams, and the server goes on', () => inProjectDir({ 'tplsync.config.yaml': CONFIG }, async (dir) => {
  await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, env: {}, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
    const writer = new StreamMessageWriter(proc.stdin!);
    const reader = new StreamMessageReader(proc.stdout!);
    const answers = new Map<number, { error?: { code: number; message: string }; result?: unknown }>();
    let wake: (() => void) | undefined;
    reader.listen((m) => { const r = m as { id?: number }; if (typeof r.id === 'number') { answers.set(r.id, m as never); wake?.(); } });
    const answer = async (id: number) => { while (!answers.has(id)) await new Promise<void>((r) => { wake = r; }); return answers.get(id)!; };
    await writer.write({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: uri(dir), capabilities: {} } } as never);
    await answer(1);
    await writer.write({ jsonrpc: '2.0', method: 'initialized', params: {} } as never);
    await writer.write({ jsonrpc: '2.0', id: 2, method: 'textDocument/hover', params: null } as never);
    const hover = await answer(2);
    assert.is(hover.error?.code, -32602, JSON.stringify(hover));
    // an object without the document (verify-19: params {} made -32603 "reading 'uri'")
    for (const [id, params] of [[4, {}], [5, { textDocument: {} }], [6, { textDocument: { uri: 7 } }]] as const) {
      await writer.write({ jsonrpc: '2.0', id, method: 'textDocument/hover', params } as never);
      const a = await answer(id);
      assert.is(a.error?.code, -32602, JSON.stringify(a));
      assert.match(a.error!.message, 'params.textDocument.uri');
    }
    await writer.write({ jsonrpc: '2.0', id: 3, method: 'shutdown', params: null } as never);
    assert.is((await answer(3)).error, undefined);
    await writer.write({ jsonrpc: '2.0', method: 'exit' } as never);
    reader.dispose();
  });
}));

test('F6c: the same config problem found by two loads (the editor\'s watched-files notice, then another) is said once', () => inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/welcome.en_US.yaml': `${HEAD}  text: "Hi {{1}}, welcome."\n  examples: { 1: Ana }\n` }, async (dir) => {
  const config = path.join(dir, 'tplsync.config.yaml');
  const file = path.join(dir, 'templates/welcome.en_US.yaml');
  await withLsp(dir, { capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } }, async (c) => {
    const said: string[] = [];
    // (an error is said as window/showMessageRequest: the library's showErrorMessage)
    c.conn.onNotification('window/showMessage', (p: { message: string }) => { said.push(p.message); });
    c.conn.onRequest('window/showMessageRequest', (p: { message: string }) => { said.push(p.message); return null; });
    await c.open(file, `${HEAD}  text: "Hi {{1}}, welcome."\n  examples: { 1: Ana }\n`);
    await c.waitFor(() => c.diags.has(uri(file)), 'the diagnostics');
    writeFileSync(config, CONFIG.replace('defaultEnvironment: local', 'defaultEnviroment: local'));
    const changed = { changes: [{ uri: uri(config), type: 2 }] };
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', changed);
    await c.conn.sendNotification('workspace/didChangeWatchedFiles', changed);
    // a completion is answered after the work queued before it (the server works in the order sent): both loads are done
    await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(file) }, position: { line: 0, character: 0 } });
    assert.is(said.filter((m) => m.includes('defaultEnviroment')).length, 1, said.join('\n---\n'));
  });
}));

test('a request without a param it needs is answered -32602 naming it; a method the server does not answer -32601, whatever its params; a notification of one ignored (trial-bp F4)', () => inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/welcome.en_US.yaml': `${HEAD}  text: "Hi {{1}}, welcome."\n  examples: { 1: Ana }\n` }, async (dir) => {
  await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, env: {}, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
    const writer = new StreamMessageWriter(proc.stdin!);
    const reader = new StreamMessageReader(proc.stdout!);
    const answers = new Map<number, { error?: { code: number; message: string }; result?: unknown }>();
    const others: string[] = [];
    let wake: (() => void) | undefined;
    reader.listen((m) => {
      const r = m as { id?: number; method?: string };
      if (typeof r.id === 'number' && r.method === undefined) { answers.set(r.id, m as never); wake?.(); } else if (r.method !== 'textDocument/publishDiagnostics') others.push(JSON.stringify(m));
    });
    const answer = async (id: number) => { while (!answers.has(id)) await new Promise<void>((r) => { wake = r; }); return answers.get(id)!; };
    let id = 1;
    const ask = async (method: string, params: unknown) => { const n = id++; await writer.write({ jsonrpc: '2.0', id: n, method, params } as never); return answer(n); };
    await ask('initialize', { processId: null, rootUri: uri(dir), capabilities: {} });
    await writer.write({ jsonrpc: '2.0', method: 'initialized', params: {} } as never);
    const file = path.join(dir, 'templates/welcome.en_US.yaml');
    const textDocument = { uri: uri(file) };
    const range = { start: { line: 3, character: 0 }, end: { line: 3, character: 5 } };
    for (const [method, params, named] of [
      ['textDocument/hover', { textDocument }, 'params.position is missing'],
      ['textDocument/completion', { textDocument }, 'params.position is missing'],
      ['textDocument/hover', { textDocument, position: { line: '3', character: 2 } }, 'params.position must be a position'],
      ['textDocument/codeAction', { textDocument, range }, 'params.context is missing'],
      ['textDocument/codeAction', { textDocument, range, context: {} }, 'params.context.diagnostics is missing'],
      ['textDocument/codeAction', { textDocument, context: { diagnostics: [] } }, 'params.range is missing'],
    ] as const) {
      const a = await ask(method, params);
      assert.is(a.error?.code, -32602, `${method} ${JSON.stringify(params)}: ${JSON.stringify(a)}`);
      assert.match(a.error!.message, `${method}: ${named}`);
      assert.not.match(a.error!.message, 'Cannot read properties');
    }
    // a method the server does not answer: MethodNotFound, with params or without, under textDocument/ too
    for (const [method, params] of [['textDocument/foo', {}], ['textDocument/foo', null], ['textDocument/definition', { textDocument, position: { line: 0, character: 0 } }], ['foo/bar', {}]] as const) {
      const a = await ask(method, params);
      assert.is(a.error?.code, -32601, `${method}: ${JSON.stringify(a)}`);
    }
    // a notification of a method it does not know: nothing said, and the server goes on
    await writer.write({ jsonrpc: '2.0', method: 'textDocument/foo', params: { textDocument } } as never);
    await writer.write({ jsonrpc: '2.0', method: 'foo/bar', params: {} } as never);
    const hover = await ask('textDocument/hover', { textDocument, position: { line: 3, character: 12 } });
    assert.is(hover.error, undefined, JSON.stringify(hover));
    assert.equal(others.filter((m) => !m.includes('client/registerCapability')), []);
    assert.is((await ask('shutdown', null)).error, undefined);
    await writer.write({ jsonrpc: '2.0', method: 'exit' } as never);
    reader.dispose();
  });
}));

test.run();
