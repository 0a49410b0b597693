// The language server's project when its config does not load: the config's problems are findings
// of the config file (one the message places nowhere at its first line), and the templates are
// still linted, under the config's own globs, with the default settings.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LspProject } from '../src/lsp/project.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';

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

test.run();
