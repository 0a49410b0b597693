// Diagnostics of a superseded text are never published, and an open document's carry the version
// of the text they are of (trial-r, the flicker: a change arriving while the server was
// publishing the findings of the text before it, the older text's findings were sent after the
// newer didChange, without a version, and corrected ~90 ms later). The server runs in this
// process on in-memory streams, with a clock of the test's own (its wait for the next keystroke is
// the test's to end) and an output the test holds: the publication of one file is held while the
// next edit arrives, so the race is the same on every machine.
import { PassThrough, Writable } from 'node:stream';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { startServer, type ServerClock } from '../src/lsp/server.ts';
import { cleanup, CONFIG, tempDir, VALID, writeFiles } from './helpers.ts';

const OTHER = VALID.replace('name: order_ready', 'name: order_other');
// the edit that makes b a duplicate of a (a finding in both files) with a misspelt category
const BROKEN = VALID.replace('UTILITY', 'UTILTY');

test('an edit received while the findings of the text before it are being sent: the rest of them is dropped; every publication of the document carries its version', async () => {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': VALID, 'templates/b.yaml': OTHER });
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  // the server's output: passed on at once, but a write of the server's is done only when the test releases it
  let hold = false;
  const held: (() => void)[] = [];
  const output = new Writable({
    write(chunk: Buffer, _enc, done) {
      toClient.write(chunk);
      if (hold) { held.push(() => done()); wake(); } else done();
    },
  });
  const settles: { fn: () => void; cancelled: boolean }[] = [];
  const clock: ServerClock = {
    now: () => new Date(),
    after(_ms, fn) { const w = { fn, cancelled: false }; settles.push(w); wake(); return { cancel: () => { w.cancelled = true; } }; },
  };
  let waiters: (() => void)[] = [];
  const wake = (): void => { for (const w of [...waiters]) w(); };
  const until = (pred: () => boolean, what: string): Promise<void> => new Promise((resolve, reject) => {
    // (only to fail with a reason rather than at the file's time limit: every step is awaited on the server's own doing)
    const guard = setTimeout(() => { waiters = waiters.filter((w) => w !== check); reject(new Error(`waited in vain for ${what}`)); }, 20_000);
    const check = (): void => { if (pred()) { clearTimeout(guard); waiters = waiters.filter((w) => w !== check); resolve(); } };
    waiters.push(check);
    check();
  });
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(output));
  startServer(server, clock);
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const pubs: { uri: string; version?: number; codes: string[] }[] = [];
  client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: { code: string }[] }) => {
    pubs.push({ uri: p.uri, ...(p.version === undefined ? {} : { version: p.version }), codes: p.diagnostics.map((d) => d.code).sort() });
    wake();
  });
  client.onRequest('client/registerCapability', () => null);
  client.listen();
  const a = pathToFileURL(path.join(dir, 'templates/a.yaml')).href;
  const b = pathToFileURL(path.join(dir, 'templates/b.yaml')).href;
  const of = (u: string) => pubs.filter((p) => p.uri === u);
  /** the server's next wait for the end of a burst of keystrokes (it has read the edit), ended at once */
  const settled = async (what: string): Promise<void> => {
    const before = settles.length;
    await until(() => settles.length > before, what);
    const w = settles.at(-1)!;
    if (!w.cancelled) w.fn();
  };
  try {
    await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(dir).href, capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } } });
    await client.sendNotification('initialized', {});
    await until(() => of(a).length > 0 && of(b).length > 0, 'the first publication');
    const opened = settled('the open read');
    await client.sendNotification('textDocument/didOpen', { textDocument: { uri: b, languageId: 'yaml', version: 1, text: OTHER } });
    await opened;
    await until(() => of(b).some((p) => p.version === 1), 'b published with its version 1');

    // version 2 (b a duplicate of a, its category misspelt) taken, and its publication held at its first file (a)
    hold = true;
    const v2 = settled('the edit of version 2');
    await client.sendNotification('textDocument/didChange', { textDocument: { uri: b, version: 2 }, contentChanges: [{ text: BROKEN }] });
    await v2;
    await until(() => held.length > 0, 'the first publication of version 2 under way');
    // version 3 (b as it was) arrives while it is under way, then the publication goes on
    const v3 = settled('the edit of version 3');
    await client.sendNotification('textDocument/didChange', { textDocument: { uri: b, version: 3 }, contentChanges: [{ text: OTHER }] });
    await v3;
    hold = false;
    for (const release of held.splice(0)) release();
    await until(() => of(b).some((p) => p.version === 3) && JSON.stringify(of(a).at(-1)?.codes) === JSON.stringify(of(a)[0]!.codes), 'version 3 published, and a as before').catch((e: Error) => { throw new Error(`${e.message}: ${JSON.stringify(pubs)}`); });

    // what version 2 found in b was never published: the editor had sent version 3 before it would have been
    assert.not.ok(of(b).some((p) => p.codes.includes('category')), JSON.stringify(of(b)));
    // an open document's publications carry the version of the text they are of; the last is the editor's last
    assert.ok(of(b).slice(1).every((p) => p.version !== undefined), JSON.stringify(of(b)));
    assert.equal(of(b).at(-1), { uri: b, version: 3, codes: of(b)[0]!.codes });
    // a file not open: no version
    assert.ok(of(a).every((p) => p.version === undefined));
  } finally {
    client.dispose();
    server.dispose();
    cleanup(dir);
  }
});

test.run();
