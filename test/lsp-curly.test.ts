// The language server's quick fix for curly quotes typed as YAML quotes (text-characters): driven
// over stdio with JSON-RPC, the action's edit removes the pair (the intended text is inside it),
// quotes the text only where YAML needs it, and the file it gives lints clean.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { parse } from 'yaml';
import { BIN, CHANNEL_A, cleanup, cliIn, tempDir, withChild, writeFiles } from './helpers.ts';
import { applyEdits } from './lsp-client.ts';

interface LspDiag { range: unknown; code: string; source: string; message: string }
type Action = { title: string; kind: string; edit: { changes: Record<string, { newText: string }[]> } };

for (const form of ['LF', 'BOM and CRLF'] as const) test(`quick fix (${form}): the curly pair removed, the text quoted as YAML needs, the file lint-clean; its byte-order mark and line ends kept`, async () => {
  const dir = tempDir('tplsync-lsp-curly-');
  try {
    const lf = `channel: ${CHANNEL_A}\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nheader:\n  format: TEXT\n  text: \u201C{{1}}, your order is ready\u201D\n  examples: { 1: Ana }\nbody:\n  text: \u201CHi {{1}}, see you soon at the store.\u201D # pasted\n  examples: { 1: Ana }\n`;
    // as a Windows editor saves it: a byte-order mark and CRLF line ends, kept by the fix as lint --fix keeps them
    const text = form === 'LF' ? lf : `\ufeff${lf.replace(/\n/g, '\r\n')}`;
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["t/*.yaml"]\n', 't/a.yaml': text });
    const abs = path.join(dir, 't', 'a.yaml');
    const a = pathToFileURL(abs).href;
    await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
      const conn: MessageConnection = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
      let diags: LspDiag[] = [];
      let wake: () => void = () => undefined;
      let exited = false;
      conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: LspDiag[] }) => { if (p.uri === a) diags = p.diagnostics; wake(); });
      conn.onRequest('client/registerCapability', () => null);
      conn.onRequest('window/showMessageRequest', () => null);
      void proc.finally(() => { exited = true; wake(); });
      conn.listen();
      try {
        await conn.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(dir).href, capabilities: {}, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'project' }] });
        await conn.sendNotification('initialized', {});
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text } });
        // woken by each publication (never a timer); fails if the server exits first
        await new Promise<void>((resolve, reject) => {
          wake = () => { if (diags.filter((d) => d.code === 'text-characters').length === 2) resolve(); else if (exited) reject(new Error('the server exited before the findings')); };
          wake();
        });
        assert.ok(diags.every((d) => /wrapped in curly quotes/.test(d.message)), diags.map((d) => d.message).join('\n'));
        const actions = await conn.sendRequest('textDocument/codeAction', { textDocument: { uri: a }, range: diags[0]!.range, context: { diagnostics: diags } }) as Action[];
        const quick = actions.find((x) => x.kind === 'quickfix');
        assert.ok(quick, 'a quick fix');
        // the title says this fix's change, of its own text
        assert.equal(actions.filter((x) => x.kind === 'quickfix').map((x) => x.title), ['Delete the \u201C \u201D around header.text (tplsync)', 'Delete the \u201C \u201D around body.text (tplsync)']);
        // one quick fix a finding, each changing its own text only: both applied (their spans apart)
        const quicks = actions.filter((x) => x.kind === 'quickfix');
        assert.is(quicks.length, 2, JSON.stringify(actions.map((x) => x.title)));
        const edited = applyEdits(text, quicks.flatMap((x) => x.edit.changes[a]!) as unknown as Parameters<typeof applyEdits>[1]);
        assert.is(edited.startsWith('\ufeff'), form !== 'LF', 'the byte-order mark as the document had it');
        assert.is(/(^|[^\r])\n/.test(edited), form === 'LF', 'the line ends as the document had them');
        const fixed = edited.replace(/^\ufeff/, '').replace(/\r\n/g, '\n');
        assert.match(fixed, 'text: "{{1}}, your order is ready"\n');
        assert.match(fixed, 'text: Hi {{1}}, see you soon at the store. # pasted\n');
        const value = parse(fixed) as { header: { text: string }; body: { text: string } };
        assert.is(value.header.text, '{{1}}, your order is ready');
        assert.is(value.body.text, 'Hi {{1}}, see you soon at the store.');
        writeFileSync(abs, edited);
        await conn.sendRequest('shutdown');
      } finally { conn.dispose(); }
    });
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.equal(JSON.parse(lint.stdout).diagnostics, []);
    assert.is(lint.exitCode, 0);
  } finally { cleanup(dir); }
});

test.run();
