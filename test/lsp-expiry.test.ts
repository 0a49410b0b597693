// The language server and the clock: a finding that compares a template with the clock (an RCS
// expireTime, rcs-expired) changes at an instant with no edit, and the server publishes it then,
// as `tplsync lint` run at that instant reports it (a trial saw the editor clean long after lint
// failed). The server runs in this process on in-memory streams, with a clock of the test's own:
// time moves when the test says, and the server's wait is the test's to end (no real timer).
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node.js';
import { templateText } from '../bench/generate.ts';
import { LspProject } from '../src/lsp/project.ts';
import { startServer, type ServerClock } from '../src/lsp/server.ts';
import { cleanup, CONFIG, tempDir, VALID, writeFiles } from './helpers.ts';

const EXPIRES = '2031-03-01T00:00:00.000Z';
const AT = Date.parse(EXPIRES);
const DAY = 86_400_000;
const RCS = templateText(4, 'clean').replace('{ type: TTL, ttl: 3600 }', `{ type: EXPIRE_TIME, expireTime: "${EXPIRES}" }`);

function project(): string {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/rcs.yaml': RCS, 'templates/wa.yaml': VALID });
  return dir;
}

const ruleIds = (m: Map<string, { ruleId: string }[]>): string[] => [...m.values()].flat().map((d) => d.ruleId).sort();

test('LspProject: the instant the clock changes a finding, and the files linted again at it', async () => {
  const dir = project();
  try {
    let now = AT - 20 * DAY;
    const p = new LspProject(dir, () => new Date(now));
    await p.load();
    assert.not.ok(ruleIds(p.findings()).includes('rcs-expired'));
    const next = p.nextChange();
    assert.ok(next !== undefined && next > now && next <= AT, `next change ${next}`);
    assert.not.ok(p.expire(), 'nothing to lint again before that instant');
    // the instants of the file's verdicts, one after the other, up to the expiry itself
    for (let guard = 0; p.nextChange() !== undefined && p.nextChange()! <= AT && guard < 10; guard++) {
      now = p.nextChange()!;
      assert.ok(p.expire(), 'linted again at its instant');
    }
    assert.ok(ruleIds(p.findings()).includes('rcs-expired'), ruleIds(p.findings()).join(' '));
  } finally { cleanup(dir); }
});

test('the server publishes what the clock changed at its instant, without an edit, and waits for nothing once none can change', async () => {
  const dir = project();
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  let now = AT - 20 * DAY;
  const waits: { ms: number; fn: () => void; cancelled: boolean }[] = [];
  let waiters: (() => void)[] = [];
  // a new wait of the server's, as a publication, wakes the test's waiters
  const clock: ServerClock = {
    now: () => new Date(now),
    after(ms, fn) { const w = { ms, fn, cancelled: false }; waits.push(w); for (const x of waiters) x(); return { cancel: () => { w.cancelled = true; } }; },
  };
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(server, clock);
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const diags = new Map<string, string[]>();
  client.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: { code: string }[] }) => {
    diags.set(p.uri, p.diagnostics.map((d) => d.code));
    for (const w of waiters) w();
  });
  client.onRequest('client/registerCapability', () => null);
  client.listen();
  const rcsUri = pathToFileURL(`${dir}/templates/rcs.yaml`).href;
  const until = (pred: () => boolean): Promise<void> => new Promise((resolve) => {
    const check = (): void => { if (pred()) { waiters = waiters.filter((w) => w !== check); resolve(); } };
    waiters.push(check);
    check();
  });
  const pending = () => waits.filter((w) => !w.cancelled);
  try {
    await client.sendRequest('initialize', { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {} });
    await client.sendNotification('initialized', {});
    // (the first publication done: the file and every other, the wait for the next instant set at its end)
    await until(() => diags.has(rcsUri) && pending().length > 0);
    assert.not.ok(diags.get(rcsUri)!.includes('rcs-expired'));
    // one wait, for the earliest instant a verdict can change; each instant reached publishes the file again
    for (let guard = 0; !diags.get(rcsUri)!.includes('rcs-expired'); guard++) {
      assert.ok(guard < 10, 'the expiry was reached');
      const [w] = pending();
      assert.ok(w, 'a wait for the next instant');
      assert.is(pending().length, 1, 'one wait at a time');
      now += w!.ms;
      assert.ok(now <= AT, 'never past the expiry');
      w!.cancelled = true;
      const before = waits.length;
      w!.fn();
      // the work the wait queued ends with a publication and the next wait (or none: the expiry published)
      await until(() => diags.get(rcsUri)!.includes('rcs-expired') || waits.length > before);
    }
    assert.is(now, AT, 'published at the expiry itself');
    assert.equal(pending(), [], 'an expiry that has passed stays passed: nothing more to wait for');
  } finally {
    client.dispose();
    server.dispose();
    cleanup(dir);
  }
});

test.run();
