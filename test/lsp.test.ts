// `tplsync lsp --stdio` driven over stdio with JSON-RPC (vscode-jsonrpc), the server a child
// process ended however each test ends: its diagnostics equal `lint --format json` for a corpus
// of good and bad files; an edit that fixes a finding clears it; a sibling language file's change
// (in the editor or on disk) updates the variant finding; a code action applied gives a lint-clean
// file; hover explains a rule; completion offers the config's channel aliases.
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa, type ResultPromise } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node.js';
import { BIN, cleanup, cliIn, FIXTURES, inProjectDir, tempDir, withChild, writeFiles } from './helpers.ts';
import { LspClient, uri, type LspDiag } from './lsp-client.ts';
import { toolVersion } from '../src/core/version.ts';

// (the client of the tests of the server: lsp-client.ts)
type Client = LspClient;

/** the server started in `dir`, connected, not initialized yet: `use` gets the connection, a client of its diagnostics and the process; ended however `use` ends */
async function connected(dir: string, use: (conn: MessageConnection, client: Client, proc: ResultPromise) => Promise<void>): Promise<void> {
  await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new LspClient(conn, proc);
    conn.listen();
    try { await use(conn, client, proc); } finally { conn.dispose(); }
  });
}

async function withServer(dir: string, use: (c: Client) => Promise<void>): Promise<void> {
  await connected(dir, async (conn, client) => {
    const init = await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } }, workspaceFolders: [{ uri: uri(dir), name: 'project' }] }) as { capabilities: Record<string, unknown> };
    assert.ok(init.capabilities.documentSymbolProvider, 'the outline is offered');
    await conn.sendNotification('initialized', {});
    await use(client);
    await conn.sendRequest('shutdown');
  });
}

/** an LSP diagnostic back in lint's JSON shape (1-based lines and columns) */
const back = (file: string, d: LspDiag): Record<string, unknown> => ({
  file, line: d.range.start.line + 1, column: d.range.start.character + 1, endLine: d.range.end.line + 1, endColumn: d.range.end.character + 1,
  ruleId: d.code, severity: ['', 'error', 'warning', 'info'][d.severity], message: d.message,
});
const key = (d: Record<string, unknown>): string => JSON.stringify(d);

const RULE_FIXTURES = path.join(FIXTURES, 'rules');
/** the rule fixtures' config (its channels), covering templates/ only */
const CONFIG = readFileSync(path.join(RULE_FIXTURES, 'tplsync.config.yaml'), 'utf8').replace('templates: ["**/*.yaml"]', 'templates: ["templates/**/*.yaml"]');
/** good and bad files, per-file and cross-file findings, a syntax error, a directive */
const CORPUS = ['placeholder-sequence', 'placeholder-sample', 'buttons-grouping', 'name-format', 'footer', 'yaml-syntax', 'variant-mismatch', 'duplicate-template', 'unknown-channel', 'directive-unused', 'body-length', 'rcs-suggestion-text'];

function corpus(): string {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG });
  for (const id of CORPUS) for (const kind of ['fail', 'pass']) cpSync(path.join(RULE_FIXTURES, id, kind), path.join(dir, 'templates', id, kind), { recursive: true });
  return dir;
}

function yamlFiles(dir: string): string[] {
  return readdirSync(path.join(dir, 'templates'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.ya?ml$/.test(f)).map((f) => path.join(dir, 'templates', f));
}

test('diagnostics equal `lint --format json` for every covered file, open or not; the rule docs as codeDescription', async () => {
  const dir = corpus();
  try {
    const files = yamlFiles(dir);
    assert.ok(files.length >= 20);
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    const expected = (JSON.parse(lint.stdout).diagnostics as Record<string, unknown>[]).map(key).sort();
    assert.ok(expected.length >= 10, 'the corpus has findings');
    await withServer(dir, async (c) => {
      await c.waitFor(() => files.every((f) => c.diags.has(uri(f))), 'every file published');
      const got = files.flatMap((f) => c.diags.get(uri(f))!.map((d) => key(back(path.relative(dir, f), d)))).sort();
      assert.equal(got, expected);
      for (const f of files) for (const d of c.diags.get(uri(f))!) {
        assert.is(d.source, 'tplsync');
        assert.is(d.codeDescription?.href, `https://github.com/tplsync/tplsync/blob/v${toolVersion()}/docs/rules.md#${d.code}`);
      }
    });
  } finally { cleanup(dir); }
});

const BAD = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  # the body\n  text: "Hello {{1}}, your order {{3}} is ready for pickup at the store."\n  examples: { 1: Ana, 3: A1 }\n';

test('an edit that fixes a finding clears it; hover explains the rule; completion offers channel aliases; the outline is the template\'s keys', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': BAD });
    const a = uri(path.join(dir, 'templates/a.yaml'));
    await withServer(dir, async (c) => {
      await c.waitFor(() => (c.diags.get(a) ?? []).some((d) => d.code === 'placeholder-sequence'), 'the finding');
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text: BAD } });
      const d = c.diags.get(a)!.find((x) => x.code === 'placeholder-sequence')!;
      const hover = await c.conn.sendRequest('textDocument/hover', { textDocument: { uri: a }, position: d.range.start }) as { contents: { value: string } };
      assert.match(hover.contents.value, /placeholder-sequence/);
      assert.match(hover.contents.value, /Why:.*WhatsApp rejects/);
      const items = await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: a }, position: { line: 0, character: 9 } }) as { label: string }[];
      // a WhatsApp template: no RCS alias (line-rcs); the alias of its kind first, then those of no kind
      assert.equal(items.map((i) => i.label), ['line-wa', 'fixture-w', 'fixture-wa', 'shop-rcs', 'shop-translated', 'shop-whatsapp']);
      // the outline of the editor's text (the symbols' own cases: test/lsp-symbols.test.ts)
      const outline = await c.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: a } }) as { name: string; detail?: string; children?: { name: string }[] }[];
      assert.equal(outline.map((x) => x.name), ['channel', 'name', 'language', 'category', 'body']);
      assert.is(outline[1]!.detail, 'order_ready');
      assert.equal(outline[4]!.children!.map((x) => x.name), ['text', 'examples']);
      // in the editor only: the disk keeps the bad text
      const fixed = BAD.replace('{{3}}', '{{2}}').replace('3: A1', '2: A1');
      await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: a, version: 2 }, contentChanges: [{ text: fixed }] });
      await c.waitFor(() => c.diags.get(a)!.length === 0, 'the finding cleared');
      assert.is(readFileSync(path.join(dir, 'templates/a.yaml'), 'utf8'), BAD);
      // a burst of edits (typing), linted once the burst settles: a request right after it sees the last edit, and
      // the findings published are the last text's
      for (let v = 3; v <= 43; v++) void c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: a, version: v }, contentChanges: [{ text: v % 2 ? BAD : fixed }] });
      const last = await c.conn.sendRequest('textDocument/hover', { textDocument: { uri: a }, position: d.range.start }) as { contents: { value: string } } | null;
      assert.match(last?.contents.value ?? '', /placeholder-sequence/, 'the last edit (the bad text) is the one answered');
      await c.waitFor(() => (c.diags.get(a) ?? []).some((x) => x.code === 'placeholder-sequence'), 'the last edit\'s finding');
    });
  } finally { cleanup(dir); }
});

test('formatting gives the text `tplsync fmt` writes; a file fmt leaves alone gets no edit', async () => {
  const dir = tempDir();
  try {
    const messy = 'name: order_ready   # the name\nchannel: shop-whatsapp\ncategory: UTILITY\nlanguage: en_US\nbody:\n  examples: { 1: Ana }\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': messy, 'templates/dup.yaml': `${messy}name: again\n` });
    const a = uri(path.join(dir, 'templates/a.yaml'));
    const dup = uri(path.join(dir, 'templates/dup.yaml'));
    let edits: { newText: string }[] = [];
    let none: unknown[] = [];
    await withServer(dir, async (c) => {
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text: messy } });
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: dup, languageId: 'yaml', version: 1, text: `${messy}name: again\n` } });
      edits = await c.conn.sendRequest('textDocument/formatting', { textDocument: { uri: a }, options: { tabSize: 2, insertSpaces: true } }) as { newText: string }[];
      none = await c.conn.sendRequest('textDocument/formatting', { textDocument: { uri: dup }, options: { tabSize: 2, insertSpaces: true } }) as unknown[];
    });
    assert.is(edits.length, 1);
    assert.equal(none, []);
    await cliIn(['fmt'], { cwd: dir });
    assert.is(edits[0]!.newText, readFileSync(path.join(dir, 'templates/a.yaml'), 'utf8'));
    assert.match(edits[0]!.newText, /^channel: shop-whatsapp\nname: order_ready   # the name\n/);
  } finally { cleanup(dir); }
});

test('formatting keeps a comment on its own line above a key that follows a list ending with an indented comment at that key (fmt put it inside the list)', async () => {
  const dir = tempDir();
  try {
    const text = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready."\n  examples:\n    1: Ana\n      # one sample is enough\n# the buttons\nbuttons:\n  - type: QUICK_REPLY\n    text: Thanks\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': text });
    const a = uri(path.join(dir, 'templates/a.yaml'));
    let edits: { newText: string }[] = [];
    await withServer(dir, async (c) => {
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text } });
      edits = await c.conn.sendRequest('textDocument/formatting', { textDocument: { uri: a }, options: { tabSize: 2, insertSpaces: true } }) as { newText: string }[];
    });
    assert.is(edits.length, 1);
    assert.is(edits[0]!.newText, text.replace('      # one sample', '    # one sample'));
  } finally { cleanup(dir); }
});

test('a link out of the project opened in the editor is refused as lint refuses it, whatever its text', async () => {
  const dir = tempDir();
  const outside = tempDir();
  try {
    writeFiles(outside, { 'elsewhere.yaml': BAD });
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG });
    mkdirSync(path.join(dir, 'templates'), { recursive: true });
    symlinkSync(path.join(outside, 'elsewhere.yaml'), path.join(dir, 'templates', 'link.yaml'));
    const l = uri(path.join(dir, 'templates', 'link.yaml'));
    await withServer(dir, async (c) => {
      await c.waitFor(() => (c.diags.get(l) ?? []).some((d) => d.code === 'file-outside-project'), 'the refusal');
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: l, languageId: 'yaml', version: 1, text: BAD } });
      await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: l, version: 2 }, contentChanges: [{ text: BAD.replace('{{3}}', '{{2}}') }] });
      // a request waits for the edits' work, whose findings are published before its answer
      await c.conn.sendRequest('textDocument/hover', { textDocument: { uri: l }, position: { line: 0, character: 0 } });
      // the editor's text is not linted in place of the refusal (it would show the other project's file as this one's)
      assert.equal(c.diags.get(l)!.map((d) => d.code), ['file-outside-project']);
    });
    const lint = JSON.parse((await cliIn(['lint', '--format', 'json'], { cwd: dir })).stdout) as { diagnostics: { ruleId: string }[] };
    assert.equal(lint.diagnostics.map((d) => d.ruleId), ['file-outside-project']);
  } finally { cleanup(dir); cleanup(outside); }
});

test('a sibling language file changed in the editor, then on disk, updates the variant finding', async () => {
  const dir = tempDir();
  const variants = path.join(RULE_FIXTURES, 'variant-mismatch', 'fail');
  try {
    const de = readFileSync(path.join(variants, 'order_shipped.de.yaml'), 'utf8');
    const en = readFileSync(path.join(variants, 'order_shipped.en_US.yaml'), 'utf8');
    // the English file without its second placeholder: the variants agree
    const enAgreeing = en.replace(', your order {{order_id}} is', ', your order is').replace(', order_id: A-1042', '');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/de.yaml': de, 'templates/en.yaml': enAgreeing });
    const deUri = uri(path.join(dir, 'templates/de.yaml'));
    const enUri = uri(path.join(dir, 'templates/en.yaml'));
    const variant = (): boolean => [deUri, enUri].some((u) => (c0!.diags.get(u) ?? []).some((d) => d.code === 'variant-mismatch'));
    let c0: Client | undefined;
    await withServer(dir, async (c) => {
      c0 = c;
      await c.waitFor(() => c.diags.has(deUri) && c.diags.has(enUri), 'both files');
      assert.not.ok(variant());
      // the editor: the English text gains a placeholder the German lacks
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: enUri, languageId: 'yaml', version: 1, text: enAgreeing } });
      await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: enUri, version: 2 }, contentChanges: [{ text: en }] });
      await c.waitFor(variant, 'the variant finding');
      // closed without saving: the disk's agreeing text again
      await c.conn.sendNotification('textDocument/didClose', { textDocument: { uri: enUri } });
      await c.waitFor(() => !variant(), 'the variant finding gone');
      // on disk: a watcher reports the change
      writeFileSync(path.join(dir, 'templates/en.yaml'), en);
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: enUri, type: 2 }] });
      await c.waitFor(variant, 'the variant finding after the disk changed');
    });
  } finally { cleanup(dir); }
});

test('code actions: a quick fix per repairable finding, and fix-all; applied, the file is lint-clean once its stub sample is filled in', async () => {
  const dir = tempDir();
  try {
    const text = `${BAD}buttons:\n  - { type: QUICK_REPLY, text: Yes }\n  - { type: URL, text: Open, url: "https://shop.example.com/o" }\n  - { type: QUICK_REPLY, text: No }\n`.replace(' ready for', ' ready {{4}} for');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': text });
    const abs = path.join(dir, 'templates/a.yaml');
    const a = uri(abs);
    await withServer(dir, async (c) => {
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text } });
      await c.waitFor(() => (c.diags.get(a) ?? []).length >= 3, 'the findings');
      const diagnostics = c.diags.get(a)!;
      assert.equal([...new Set(diagnostics.map((d) => d.code))].sort(), ['buttons-grouping', 'placeholder-sample', 'placeholder-sequence']);
      const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: a }, range: diagnostics[0]!.range, context: { diagnostics } }) as { title: string; kind: string; edit: { changes: Record<string, { newText: string }[]> } }[];
      assert.equal(actions.filter((x) => x.kind === 'quickfix').length, 3);
      const all = actions.find((x) => x.kind === 'source.fixAll')!;
      assert.ok(all, 'a fix-all action');
      const newText = all.edit.changes[a]![0]!.newText;
      assert.match(newText, /# the body/);
      writeFileSync(abs, newText);
      // what is left is the stub sample the fix wrote, for a person to fill in (sample-stub)
      const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
      assert.equal(JSON.parse(lint.stdout).diagnostics.map((d: { ruleId: string }) => d.ruleId), ['sample-stub']);
      writeFileSync(abs, newText.replace(/\bTODO\b/, 'A-1042'));
      const filled = await cliIn(['lint', '--format', 'json'], { cwd: dir });
      assert.equal(JSON.parse(filled.stdout).diagnostics, []);
      assert.is(filled.exitCode, 0);
      // a quick fix names only the findings it repairs: the stub sample for the body's {{2}} repairs nothing of a URL without a sample
      const both = `${BAD.replace('{{3}}', '{{2}}').replace('3: A1', '2: A1').replace('Hello {{1}}', 'Hello {{1}} {{3}}')}buttons:\n  - { type: URL, text: Open, url: "https://shop.example.com/o?c={{1}}" }\n`;
      await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: a, version: 2 }, contentChanges: [{ text: both }] });
      await c.waitFor(() => (c.diags.get(a) ?? []).filter((d) => d.code === 'placeholder-sample').length === 2, 'two missing samples');
      const now = c.diags.get(a)!;
      const stub = (await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: a }, range: now[0]!.range, context: { diagnostics: now, only: ['quickfix'] } }) as { kind: string; diagnostics?: LspDiag[] }[])
        .find((x) => x.diagnostics?.some((d) => d.code === 'placeholder-sample'));
      assert.ok(stub, 'the stub quick fix');
      assert.equal(stub!.diagnostics!.map((d) => d.message.includes('URL') || d.message.includes('url')), [false], JSON.stringify(stub!.diagnostics));
    });
  } finally { cleanup(dir); }
});

test('a config change on disk is picked up; hover on a placeholder shows its sample and uses; completion offers placeholder names', async () => {
  const named = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer}}, your order {{order_id}} is ready for pickup at the store."\n  examples: { customer: Ana, order_id: A1 }\n';
  await inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': named }, async (dir) => {
    const a = uri(path.join(dir, 'templates/a.yaml'));
    await withServer(dir, async (c) => {
      await c.waitFor(() => c.diags.get(a)?.length === 0, 'a clean file');
      await c.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text: named } });
      const hover = await c.conn.sendRequest('textDocument/hover', { textDocument: { uri: a }, position: { line: 5, character: 18 } }) as { contents: { value: string } };
      assert.match(hover.contents.value, /\{\{customer\}\}/);
      assert.match(hover.contents.value, /"Ana"/);
      assert.match(hover.contents.value, /body\.text/);
      const withOpen = named.replace('ready for', 'ready {{ for');
      await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: a, version: 2 }, contentChanges: [{ text: withOpen }] });
      const items = await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: a }, position: { line: 5, character: withOpen.split('\n')[5]!.indexOf('{{ for') + 2 } }) as { label: string }[];
      assert.equal(items.map((i) => i.label).sort(), ['customer', 'order_id']);
      await c.conn.sendNotification('textDocument/didChange', { textDocument: { uri: a, version: 3 }, contentChanges: [{ text: named }] });
      // the config loses the alias the file uses: unknown-channel, from the watcher's event alone
      writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replaceAll('shop-whatsapp:', 'shop-wa:'));
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri(path.join(dir, 'tplsync.config.yaml')), type: 2 }] });
      await c.waitFor(() => (c.diags.get(a) ?? []).some((d) => d.code === 'unknown-channel'), 'unknown-channel after the config changed');
    });
  });
});

test('the life cycle: a request before initialize is refused (-32002) and a document opened before it is not tracked; a second initialize is refused', async () => {
  const dir = tempDir();
  try {
    const messy = 'name: order_ready   # the name\nchannel: shop-whatsapp\ncategory: UTILITY\nlanguage: en_US\nbody:\n  examples: { 1: Ana }\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': messy });
    const a = uri(path.join(dir, 'templates/a.yaml'));
    const format = { textDocument: { uri: a }, options: { tabSize: 2, insertSpaces: true } };
    await connected(dir, async (conn, _client, proc) => {
      const code = (p: Promise<unknown>): Promise<number | undefined> => p.then(() => undefined, (e: { code?: number }) => e.code);
      for (const [method, params] of [['textDocument/hover', { textDocument: { uri: a }, position: { line: 0, character: 0 } }], ['textDocument/formatting', format], ['shutdown', undefined]] as const) {
        assert.is(await code(conn.sendRequest(method, params)), -32002, method);
      }
      // dropped, as the protocol says of notifications before initialize
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text: messy } });
      await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: {} });
      assert.is(await code(conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: {} })), -32600, 'initialize is sent once');
      await conn.sendNotification('initialized', {});
      assert.equal(await conn.sendRequest('textDocument/formatting', format), [], 'the document opened before initialize is not known');
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: a, languageId: 'yaml', version: 1, text: messy } });
      assert.is((await conn.sendRequest('textDocument/formatting', format) as unknown[]).length, 1, 'opened after it, it is');
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      assert.is((await proc).exitCode, 0);
    });
  } finally { cleanup(dir); }
});

test('an editor that reads slowly for a while (its pipe full) gets every message after: the diagnostics of 300 files and the answers', async () => {
  const dir = tempDir();
  try {
    const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
    for (let i = 0; i < 300; i++) files[`templates/t${i}.yaml`] = BAD.replace('order_ready', `order_ready_${i}`);
    writeFiles(dir, files);
    await connected(dir, async (conn, client, proc) => {
      await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: {} });
      // the editor busy: nothing read while the server publishes the findings of 300 files (far more than a pipe holds)
      proc.stdout!.pause();
      await conn.sendNotification('initialized', {});
      await new Promise((r) => setTimeout(r, 1500));
      proc.stdout!.resume();
      await client.waitFor(() => client.diags.size === 300, 'the diagnostics of all 300 files');
      const hover = await conn.sendRequest('textDocument/hover', { textDocument: { uri: uri(path.join(dir, 'templates', 't7.yaml')) }, position: { line: 6, character: 30 } });
      assert.ok(hover !== undefined, 'answered');
      await conn.sendRequest('shutdown');
    });
  } finally { cleanup(dir); }
});

test('a workspace of two folders, each with its own config: each folder\'s files have their own config\'s findings; a folder added later too, and a folder removed has its findings cleared', async () => {
  const dir = tempDir();
  try {
    const emoji = 'channel: shop-whatsapp\nname: delivery_delay\nlanguage: es\ncategory: UTILITY\nbody:\n  text: "Hola {{1}}, tu pedido llega con retraso. Gracias por tu paciencia."\n  examples: { 1: Ana }\nfooter: "Gracias 🙏"\n';
    // the same file in two folders; folder b makes the footer's emoji an error
    writeFiles(dir, {
      'a/tplsync.config.yaml': CONFIG, 'a/templates/d.yaml': emoji,
      'b/tplsync.config.yaml': `${CONFIG}rules:\n  header-footer-emoji: error\n`, 'b/templates/d.yaml': emoji,
      'c/tplsync.config.yaml': `${CONFIG}rules:\n  header-footer-emoji: off\n`, 'c/templates/d.yaml': emoji.replace('Gracias 🙏', 'Gracias'),
    });
    const [a, b, c] = ['a', 'b', 'c'].map((f) => path.join(dir, f, 'templates', 'd.yaml')) as [string, string, string];
    await connected(dir, async (conn, client) => {
      const folders = ['a', 'b'].map((f) => ({ uri: uri(path.join(dir, f)), name: f }));
      const init = await conn.sendRequest('initialize', { processId: process.pid, rootUri: folders[0]!.uri, workspaceFolders: folders, capabilities: { workspace: { workspaceFolders: true } } }) as { capabilities: { workspace?: unknown } };
      assert.equal(init.capabilities.workspace, { workspaceFolders: { supported: true, changeNotifications: true } });
      await conn.sendNotification('initialized', {});
      const severity = (file: string): number | undefined => client.diags.get(uri(file))?.find((d) => d.code === 'header-footer-emoji')?.severity;
      await client.waitFor(() => severity(a) !== undefined && severity(b) !== undefined, 'both folders\' findings');
      assert.is(severity(a), 2, 'a: a warning, its config\'s');
      assert.is(severity(b), 1, 'b: an error, its config\'s');
      await conn.sendNotification('workspace/didChangeWorkspaceFolders', { event: { added: [{ uri: uri(path.join(dir, 'c')), name: 'c' }], removed: [folders[1]] } });
      await client.waitFor(() => client.diags.has(uri(c)) && (client.diags.get(uri(b))?.length ?? 0) === 0, 'c published, b cleared');
      assert.is(severity(a), 2);
      await conn.sendRequest('shutdown');
    });
  } finally { cleanup(dir); }
});

test('exit codes: 0 after shutdown and exit, 1 when the input ends without shutdown (also in the middle of work, or with the output closed first), 3 without --stdio', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': BAD });
    await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, stdin: 'pipe', stdout: 'pipe', buffer: false, reject: false }), async (proc) => {
      const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
      conn.listen();
      try {
        await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: {} });
        await conn.sendRequest('shutdown');
        // after shutdown only exit: a request is refused as the protocol says (InvalidRequest), not answered
        for (const [method, params] of [['textDocument/hover', { textDocument: { uri: uri(path.join(dir, 'templates', 'a.yaml')) }, position: { line: 0, character: 0 } }], ['shutdown', undefined]] as const) {
          const refused = await conn.sendRequest(method, params).then(() => undefined, (e: { code?: number }) => e.code);
          assert.is(refused, -32600, method);
        }
        await conn.sendNotification('exit');
        assert.is((await proc).exitCode, 0);
      } finally { conn.dispose(); }
    });
    await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, stdin: 'pipe', stdout: 'pipe', buffer: false, reject: false }), async (proc) => {
      proc.stdin!.end();
      assert.is((await proc).exitCode, 1);
    });
    // the editor gone in the middle of work: its input ends after 50 edits (exit 1, no stack trace), or
    // its end of the output closes first (EPIPE: the same)
    for (const closeOutputFirst of [false, true]) {
      await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', reject: false }), async (proc) => {
        const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
        conn.onRequest('client/registerCapability', () => null);
        conn.listen();
        const init = await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } }, workspaceFolders: [{ uri: uri(dir), name: 'project' }] }) as { capabilities: Record<string, unknown> };
      assert.ok(init.capabilities.documentSymbolProvider, 'the outline is offered');
        await conn.sendNotification('initialized', {});
        const doc = uri(path.join(dir, 'templates', 'a.yaml'));
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: doc, languageId: 'yaml', version: 1, text: BAD } });
        if (closeOutputFirst) { conn.dispose(); proc.stdout!.destroy(); }
        // written as an editor writes them (the client's own connection is gone with the output)
        const send = (method: string, params: unknown): void => { const body = JSON.stringify({ jsonrpc: '2.0', method, params }); proc.stdin!.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`); };
        for (let v = 2; v < 52; v++) send('textDocument/didChange', { textDocument: { uri: doc, version: v }, contentChanges: [{ text: BAD.replace('UTILITY', `X${v}`) }] });
        proc.stdin!.end();
        const done = await proc;
        assert.is(done.exitCode, 1, String(done.stderr));
        assert.not.match(String(done.stderr), /Error|\n\s+at /, 'no stack trace');
      });
    }
    const r = await cliIn(['lsp'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /tplsync lsp --stdio/);
  } finally { cleanup(dir); }
});

test('a config with problems: each is a finding of the config file at its place, cleared once the config is fixed', async () => {
  const dir = tempDir();
  try {
    const broken = 'templates: ["templates/**/*.yaml"]\nchannels: { shop-whatsapp: whatsapp }\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n';
    writeFiles(dir, { 'tplsync.config.yaml': broken, 'templates/a.yaml': BAD });
    const cfg = uri(path.join(dir, 'tplsync.config.yaml'));
    await withServer(dir, async (c) => {
      await c.waitFor(() => (c.diags.get(cfg) ?? []).length > 0, 'the config\'s finding');
      const [d] = c.diags.get(cfg)!;
      assert.equal([d!.range.start.line, d!.code, d!.severity], [1, 'config', 1]);
      assert.match(d!.message, /channels\.shop-whatsapp: must be a mapping, not a text; write what the channel is/);
      writeFiles(dir, { 'tplsync.config.yaml': broken.replace('channels: { shop-whatsapp: whatsapp }', 'channels: { shop-whatsapp: { kind: whatsapp } }') });
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: cfg, type: 2 }] });
      await c.waitFor(() => (c.diags.get(cfg) ?? []).length === 0, 'the config\'s finding cleared');
    });
  } finally { cleanup(dir); }
});

test('a config that fails to load: its problems in the config file, and the templates still linted (its globs, default settings), said once', async () => {
  const dir = tempDir();
  try {
    const broken = CONFIG.replace('templates: ["templates/**/*.yaml"]', 'templates: ["tpl/**/*.yaml"]') + 'rules:\n  placeholder-densty: off\n';
    writeFiles(dir, { 'tplsync.config.yaml': broken, 'tpl/a.yaml': BAD });
    const cfg = uri(path.join(dir, 'tplsync.config.yaml'));
    const a = uri(path.join(dir, 'tpl/a.yaml'));
    await connected(dir, async (conn, c) => {
      const said: string[] = [];
      conn.onNotification('window/showMessage', (p: { message: string }) => { said.push(p.message); });
      await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: {}, workspaceFolders: [{ uri: uri(dir), name: 'project' }] });
      await conn.sendNotification('initialized', {});
      await c.waitFor(() => (c.diags.get(cfg) ?? []).length > 0 && (c.diags.get(a) ?? []).length > 0, 'the config\'s finding and the template\'s');
      const [d] = c.diags.get(cfg)!;
      assert.equal([d!.code, d!.severity], ['config', 1]);
      assert.match(d!.message, /unknown rule id 'placeholder-densty'; did you mean 'placeholder-density'\?/);
      assert.ok(c.diags.get(a)!.some((x) => x.code === 'placeholder-sequence'), JSON.stringify(c.diags.get(a)));
      // (the message that says it was sent before the diagnostics)
      assert.ok(said.some((m) => /linted with the default settings until it is fixed[\s\S]*placeholder-densty/.test(m)), said.join('\n'));
      await conn.sendRequest('shutdown');
    });
  } finally { cleanup(dir); }
});

test.run();
