// The language server's project when its config does not load: the config's problems are findings
// of the config file (one the message places nowhere at its first line), and the templates are
// still linted, under the config's own globs, with the default settings.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LspProject } from '../src/lsp/project.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const BAD = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order {{3}} is ready for pickup at the store."\n  examples: { 1: Ana, 3: A1 }\n';

test('an override\'s severity written as a list: said at the config\'s first line, the template linted under the config\'s globs', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["tpl/**/*.yaml"]\noverrides:\n  - files: ["tpl/**"]\n    rules: { button-url: [off] }\n', 'tpl/a.yaml': BAD });
    const p = new LspProject(dir);
    await p.load();
    assert.match(p.configError ?? '', /overrides\[0\]\.rules\.button-url/);
    const all = p.findings();
    const cfg = all.get(path.join(dir, 'tplsync.config.yaml')) ?? [];
    assert.equal(cfg.map((d) => [d.line, d.column, d.ruleId]), [[1, 1, 'config']]);
    assert.match(cfg[0]!.message, /overrides\[0\]\.rules\.button-url: a rule takes its severity alone/);
    assert.ok((all.get(path.join(dir, 'tpl/a.yaml')) ?? []).some((d) => d.ruleId === 'placeholder-sequence'), JSON.stringify([...all]));
  } finally { cleanup(dir); }
});

test('a config problem is over what it names: a wrong value from its key through the value, an unknown key the key (trial-ba F3)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nrules: { button-label: of, no-such-rule: error }\nrules2:\n  x: 1\n', 'templates/a.yaml': BAD });
    const p = new LspProject(dir);
    await p.load();
    const cfg = p.findings().get(path.join(dir, 'tplsync.config.yaml')) ?? [];
    const spans = cfg.map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message.slice(0, 30)}`);
    assert.equal(spans, [
      "2:10-2:26 rules.button-label: 'of' is no",
      "2:28-2:40 rules: unknown rule id 'no-suc",
      "3:1-3:7 unknown key 'rules2'; did you ",
    ]);
    // a key written twice in the config: the second key whole
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nrules: {}\n"rules": {}\n' });
    await p.load();
    assert.equal((p.findings().get(path.join(dir, 'tplsync.config.yaml')) ?? []).map((d) => `${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.message}`), ['3:1-3:8 YAML syntax error: duplicated mapping key']);
  } finally { cleanup(dir); }
});

test('over stdio: a config that cannot be used is said once (window/showMessage, a warning naming the file and that the default settings are used until it is fixed), again only when its problem changes (trial-ba F5)', async () => {
  const dir = tempDir();
  try {
    const config = 'templates: ["templates/**/*.yaml"]\nrules: { placeholder-sequence: off }\n';
    writeFiles(dir, { 'tplsync.config.yaml': `${config}extra: [oops\n`, 'templates/a.yaml': BAD });
    const cfg = uri(path.join(dir, 'tplsync.config.yaml'));
    const a = path.join(dir, 'templates/a.yaml');
    await withLsp(dir, { capabilities: { window: { showMessage: {} }, workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } } }, async (c) => {
      const said: { type: number; message: string }[] = [];
      c.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => { said.push(p); });
      // the rule the config turns off is back (the default settings), and the config's problem is shown in it
      await c.waitFor(() => (c.diags.get(cfg) ?? []).length > 0 && c.codes(a).some(([code]) => code === 'placeholder-sequence'), 'the config\'s finding and the template\'s');
      // (the message is sent before the diagnostics of that load)
      assert.is(said.length, 1, JSON.stringify(said));
      assert.is(said[0]!.type, 2, 'a warning: the templates are still linted');
      assert.match(said[0]!.message, /^tplsync: the config tplsync\.config\.yaml cannot be used: the templates are linted with the default settings until it is fixed/);
      assert.match(said[0]!.message, 'tplsync.config.yaml:4:1: YAML syntax error');
      // opening a template, and the same problem found again by another load, say nothing more
      await c.open(a, BAD);
      writeFiles(dir, { 'tplsync.config.yaml': `${config}extra: [oops\n` });
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: cfg, type: 2 }] });
      // a completion is answered after the work queued before it
      await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(a) }, position: { line: 0, character: 0 } });
      assert.is(said.length, 1, JSON.stringify(said));
      // another problem (a severity misspelt) is said, once
      writeFiles(dir, { 'tplsync.config.yaml': config.replace('placeholder-sequence: off', 'placeholder-sequence: of') });
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: cfg, type: 2 }] });
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: cfg, type: 2 }] });
      await c.waitFor(() => (c.diags.get(cfg) ?? []).some((d) => d.message.includes("'of'")), 'the new problem shown in the config');
      await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(a) }, position: { line: 0, character: 0 } });
      assert.is(said.length, 2, JSON.stringify(said));
      assert.match(said[1]!.message, /^tplsync: the config tplsync\.config\.yaml cannot be used: [^\n]*default settings until it is fixed[\s\S]*placeholder-sequence: 'of'/);
      // fixed: nothing to say, and the rule is off again
      writeFiles(dir, { 'tplsync.config.yaml': config });
      await c.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: cfg, type: 2 }] });
      await c.waitFor(() => !(c.diags.get(cfg) ?? []).some((d) => d.severity === 1) && !c.codes(a).some(([code]) => code === 'placeholder-sequence'), 'the config fixed');
      assert.is(said.length, 2, JSON.stringify(said));
    });
  } finally { cleanup(dir); }
});

test.run();
