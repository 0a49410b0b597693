// The repairs of a document are worked out once per version of it. Seen in an editor trial: VS Code
// asks for code actions at every move of the cursor, and each request linted the whole text again
// once per repairable rule and once more for "fix all": on a file of 20,000 samples one request
// took 9 s, every other request (a hover on another file) and the diagnostics waiting behind it.
// The server runs in this process on in-memory streams; the work is counted (the lints of a text
// the repairs make), not timed.
import { PassThrough } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { LspProject } from '../src/lsp/project.ts';
import { startServer } from '../src/lsp/server.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { applyEdits } from './lsp-client.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\nchannels:\n  wa: { kind: whatsapp }\n';
const TEMPLATE = 'channel: wa\nname: stub_me\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your order {{2}} ships on {{3}}, see you soon again."\n  examples: { 1: Ana }\n';

interface Diag { range: unknown; code: string; source: string; message: string }

test('code actions for the same version of a document are worked out once; an edit works them out again', async () => {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.en_US.yaml': TEMPLATE });
  const file = pathToFileURL(path.join(dir, 'templates/a.en_US.yaml')).href;
  const counted = LspProject.prototype.fileFindings;
  let lints = 0;
  LspProject.prototype.fileFindings = function (this: LspProject, abs: string, text: string) { lints++; return counted.call(this, abs, text); };
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(server);
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const diags = new Map<string, Diag[]>();
  let waiters: (() => void)[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: Diag[] }) => { diags.set(p.uri, p.diagnostics); for (const w of waiters) w(); });
  client.onRequest('client/registerCapability', () => null);
  client.listen();
  const until = (pred: () => boolean): Promise<void> => new Promise((resolve) => {
    const check = (): void => { if (pred()) { waiters = waiters.filter((w) => w !== check); resolve(); } };
    waiters.push(check);
    check();
  });
  try {
    await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {} });
    await client.sendNotification('initialized', {});
    await until(() => (diags.get(file) ?? []).some((d) => d.code === 'placeholder-sample'));
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: file, languageId: 'yaml', version: 1, text: TEMPLATE } });
    const ask = async (text = TEMPLATE): Promise<string[]> => {
      const found = diags.get(file)!;
      const actions = await client.sendRequest('textDocument/codeAction', { textDocument: { uri: file }, range: found[0]!.range, context: { diagnostics: found } }) as { title: string; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } }[];
      return actions.map((a) => `${a.title}\n${applyEdits(text, a.edit.changes[file]!)}`);
    };
    const first = await ask();
    assert.ok(first.length >= 2, first.join('\n'));
    const work = lints;
    assert.ok(work > 0);
    // the cursor moved: the same version, the same actions, no lint
    for (let i = 0; i < 5; i++) assert.equal(await ask(), first);
    assert.is(lints, work, 'no repair worked out again for the same version');
    // an edit: a new version, worked out again
    await client.sendNotification('textDocument/didChange', { textDocument: { uri: file, version: 2 }, contentChanges: [{ text: TEMPLATE.replace('Hi ', 'Hello ') }] });
    const second = await ask(TEMPLATE.replace('Hi ', 'Hello '));
    assert.ok(lints > work, 'a new version is repaired afresh');
    assert.match(second[0]!, 'Hello {{1}}');
  } finally {
    LspProject.prototype.fileFindings = counted;
    client.dispose();
    server.dispose();
    cleanup(dir);
  }
});

test.run();
