// trial-t F7: the language server opened at a monorepo's root (configs in packages/*/, none at the root) published
// nothing for the packages' templates and said none of the "no config found" messages docs/editors.md promises. A
// template opened in the editor is now linted with the config nearest above it (as the command line finds it from the
// file's folder); one no config takes is said, once, with why; and the root's own "no config found" is said.
import { execa } from 'execa';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { BIN, CHANNEL_A, CHANNEL_B, cleanup, tempDir, withChild, writeFiles } from './helpers.ts';
import { LspClient, uri, withLsp } from './lsp-client.ts';
import { LspProject } from '../src/lsp/project.ts';

const config = (alias: string, channel: string, glob: string): string => `templates: ["${glob}"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { ${alias}: ${channel} }\n`;
const tpl = (alias: string, name: string, category: string, words: string): string => `channel: ${alias}\nname: ${name}\nlanguage: en_US\ncategory: ${category}\nbody:\n  text: "Hi {{1}}, ${words}."\n  examples: { "1": Ana }\n`;

test('a monorepo opened at its root: each package\'s template linted with its own config, the others said once with why', async () => {
  const root = tempDir('tplsync-lsp-mono-');
  try {
    writeFiles(root, {
      'package.json': '{ "name": "mono", "private": true, "workspaces": ["packages/*"] }\n',
      'packages/shop/tplsync.config.yaml': config('shop-whatsapp', CHANNEL_A, 'Templates/**/*.{yaml,yml}'),
      'packages/shop/Templates/Marketing Campañas/promo.en_US.yaml': tpl('shop-whatsapp', 'promo', 'UTILITY', 'our summer sale starts today'),
      'packages/bank/tplsync.config.yaml': config('bank-whatsapp', CHANNEL_B, 'templates/**/*.yaml'),
      'packages/bank/templates/card.en_US.yaml': tpl('bank-whatsapp', 'card', 'UTILITY', 'your card is blocked'),
      'packages/bank/drafts/draft.en_US.yaml': tpl('bank-whatsapp', 'draft', 'UTILITY', 'this is a draft'),
      'loose/stray.en_US.yaml': tpl('wa', 'stray', 'UTILITY', 'nobody lints me'),
      'loose/other.yaml': 'name: an ansible play\nhosts: all\n',
    });
    const shop = path.join(root, 'packages/shop/Templates/Marketing Campañas/promo.en_US.yaml');
    const bank = path.join(root, 'packages/bank/templates/card.en_US.yaml');
    const draft = path.join(root, 'packages/bank/drafts/draft.en_US.yaml');
    const stray = path.join(root, 'loose/stray.en_US.yaml');
    await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: root, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
      const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
      const c = new LspClient(conn, proc);
      const said: string[] = [];
      let heard = (): void => undefined;
      /** resolves once `pred` holds after a message (or at once) */
      const saidSo = (pred: () => boolean): Promise<void> => new Promise((resolve) => { heard = () => { if (pred()) resolve(); }; heard(); });
      conn.onNotification('window/showMessage', (p: { message: string }) => { said.push(p.message); heard(); });
      conn.onRequest('window/showMessageRequest', (p: { message: string }) => { said.push(p.message); heard(); return null; });
      conn.listen();
      try {
        await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(root), capabilities: {}, workspaceFolders: [{ uri: uri(root), name: 'mono' }] });
        await conn.sendNotification('initialized', {});
        await c.open(shop, tpl('shop-whatsapp', 'promo', 'MARKETNG', 'our summer sale starts today'));
        await c.open(bank, tpl('bank-whatsapp', 'card', 'UTILTY', 'your card is blocked'));
        await c.waitFor(() => [shop, bank].every((f) => (c.diags.get(uri(f)) ?? []).length > 0), 'the two packages\' templates linted');
        assert.ok(c.diags.get(uri(shop))!.some((d) => d.message.includes('MARKETNG')), JSON.stringify(c.diags.get(uri(shop))));
        assert.ok(c.diags.get(uri(bank))!.some((d) => d.message.includes('UTILTY')), JSON.stringify(c.diags.get(uri(bank))));
        // each with its own config: the shop's alias is no channel of the bank's
        assert.not.ok(c.diags.get(uri(bank))!.some((d) => /channel/.test(d.code)), JSON.stringify(c.diags.get(uri(bank))));
        await c.open(draft, tpl('bank-whatsapp', 'draft', 'UTILTY', 'this is a draft'));
        await c.open(stray, tpl('wa', 'stray', 'UTILTY', 'nobody lints me'));
        await c.open(path.join(root, 'loose/other.yaml'), 'name: an ansible play\nhosts: all\n');
        await saidSo(() => said.filter((m) => m.includes('is not linted')).length >= 2);
        await conn.sendRequest('shutdown');
        const text = said.join('\n');
        assert.match(text, `tplsync: ${draft} is not linted: the templates globs of ${path.join(root, 'packages/bank/tplsync.config.yaml')} (templates/**/*.yaml) do not take it`);
        assert.match(text, `tplsync: ${stray} is not linted: no tplsync config was found in its folder or a folder above it`);
        assert.not.match(text, 'other.yaml');
        assert.match(text, /No config found/, text);
        assert.is(said.filter((m) => m.includes(draft)).length, 1, text);
        assert.not.ok(c.diags.has(uri(draft)));
      } finally { conn.dispose(); }
    });
  } finally { cleanup(root); }
});

test('a workspace folder with no config: one message, of what the editor does (not lint\'s "checked the files alone", no "No template files match"), then once for a template opened there (trial-bp F2)', async () => {
  const root = tempDir('tplsync-lsp-noconfig-');
  try {
    writeFiles(root, {
      'app/tplsync.config.yaml': config('shop-whatsapp', CHANNEL_A, 'templates/**/*.yaml'),
      'app/templates/promo.en_US.yaml': tpl('shop-whatsapp', 'promo', 'UTILITY', 'our summer sale starts today'),
      'loose/hello.en_US.yaml': tpl('wa', 'hello', 'UTILITY', 'nobody lints me'),
    });
    const app = path.join(root, 'app');
    const loose = path.join(root, 'loose');
    const hello = path.join(loose, 'hello.en_US.yaml');
    await withLsp(root, { folders: [app, loose] }, async (c) => {
      await c.open(hello, tpl('wa', 'hello', 'UTILITY', 'nobody lints me'));
      await c.waitFor(() => c.messages.some((m) => m.message.includes(`${hello} is not linted`)), 'the opened template said not linted');
      const text = c.messages.map((m) => m.message).join('\n');
      const ofLoose = c.messages.filter((m) => m.message.startsWith(`tplsync: ${loose}: `));
      assert.is(ofLoose.length, 1, text);
      assert.match(ofLoose[0]!.message, `No config found: looked for`);
      assert.match(ofLoose[0]!.message, 'A template you open here is linted with the config in its folder or a folder above it, and is not linted where there is none');
      assert.not.match(text, 'Lint checked the files alone');
      assert.not.match(text, 'No template files match');
      assert.is(c.messages.filter((m) => m.message.includes(hello)).length, 1, text);
      assert.not.ok(c.diags.has(uri(hello)));
    });
  } finally { cleanup(root); }
});

test('a folder with no config whose templates the default globs take: they are linted alone, with the default settings, and the note says so (trial-bp F2)', async () => {
  const dir = tempDir('tplsync-lsp-noconfig-');
  try {
    writeFiles(dir, { 'templates/hello.en_US.yaml': tpl('wa', 'hello', 'UTILITY', 'nobody configured me') });
    const p = new LspProject(dir);
    await p.load();
    assert.equal(p.covered(), [path.join(dir, 'templates/hello.en_US.yaml')]);
    assert.is(p.configNotes.length, 1, p.configNotes.join('\n'));
    assert.match(p.configNotes[0]!, 'The templates here (templates/**/*.{yaml,yml}, the default globs) are linted alone, with the default settings, not against the channel each names (rule unknown-channel)');
    // and none there: no error, one note
    const empty = tempDir('tplsync-lsp-noconfig-');
    try {
      const q = new LspProject(empty);
      await q.load();
      assert.equal(q.covered(), []);
      assert.is(q.configNotes.length, 1);
      assert.match(q.configNotes[0]!, 'A template you open here is linted with the config in its folder or a folder above it');
    } finally { cleanup(empty); }
  } finally { cleanup(dir); }
});

test.run();
