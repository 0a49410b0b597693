// The config's own warnings reach the editor and the JSON report (trial-r F4: a language WhatsApp
// does not list, a channel without kind, no config found were only stderr lines of `tplsync
// lint`: the LSP published nothing on the config file and said nothing, and `lint --format json`
// had no trace of them). Now the JSON report has them (`configWarnings`, at the key's line), the
// language server publishes them on the config file at that line, or says once that no config was
// found; the exit code is as before.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cliIn, inProjectDir } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\nchannels:\n  wa: { kind: whatsapp, languages: [en_US, de_DE] }\n  rcs: { kind: rcs }\n`;
const TEMPLATE = 'channel: wa\nname: one\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order has shipped and arrives soon."\n';

test('lint --format json: configWarnings at the key\'s line, as stderr says them; the exit code unchanged', () => inProjectDir({ 'tplsync.config.yaml': CONFIG.replace('de_DE', 'de'), 'templates/one.yaml': TEMPLATE, 'templates/one.de.yaml': TEMPLATE.replace('en_US', 'de').replace('Your order has shipped and arrives soon.', 'Deine Bestellung ist unterwegs und kommt bald an.') }, async (dir) => {
  const clean = await cliIn(['lint', '--format', 'json'], { cwd: dir });
  assert.is(clean.exitCode, 0, clean.stderr);
  assert.not.ok('configWarnings' in JSON.parse(clean.stdout));
  const { writeFileSync } = await import('node:fs');
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), CONFIG.replace('  rcs: { kind: rcs }\n', ''));
  const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
  const report = JSON.parse(r.stdout) as { configWarnings: { file: string; line: number; column: number; message: string }[]; summary: { errors: number; warnings: number } };
  const lang = report.configWarnings.find((w) => w.message.includes('de_DE'));
  assert.ok(lang, r.stdout);
  assert.equal([lang!.file, lang!.line, lang!.column], ['tplsync.config.yaml', 7, 44]);
  assert.ok(report.configWarnings.some((w) => w.message.includes('what kind of channel rcs')));
  for (const w of report.configWarnings) assert.match(r.stderr, `tplsync: warning: ${w.message}`);
  // not findings: the summary and the exit code are the templates' (language-coverage asks for a de_DE variant: an error)
  assert.is(report.summary.warnings, 0);
  assert.is(r.exitCode, 1);
}));

test('lint --format json without a config: the warning without a place', () => inProjectDir({ 'templates/one.yaml': TEMPLATE }, async (dir) => {
  const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
  const report = JSON.parse(r.stdout) as { configWarnings: { file?: string; message: string }[] };
  assert.is(report.configWarnings.length, 1);
  assert.match(report.configWarnings[0]!.message, 'No config found');
  assert.is(report.configWarnings[0]!.file, undefined);
  assert.is(r.exitCode, 0);
}));

test('lsp: the config\'s warnings published on the config file at the key\'s line; no config found said once', async () => {
  await inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/one.yaml': TEMPLATE }, async (dir) => {
    const config = path.join(dir, 'tplsync.config.yaml');
    await withLsp(dir, {}, async (c) => {
      await c.waitFor(() => (c.diags.get(uri(config)) ?? []).length > 0, 'the config\'s warning');
      const [d] = c.diags.get(uri(config))!;
      assert.is(d!.severity, 2);
      assert.is(d!.code, 'config');
      assert.equal(d!.range.start, { line: 6, character: 43 });
      assert.match(d!.message, 'WhatsApp does not list language \'de_DE\'');
    });
  });
  await inProjectDir({ 'templates/one.yaml': TEMPLATE, 'package.json': '{"name":"x"}\n' }, async (dir) => {
    const shown: string[] = [];
    await withLsp(dir, {}, async (c) => {
      c.conn.onNotification('window/showMessage', (p: { type: number; message: string }) => { shown.push(`${p.type} ${p.message}`); });
      await c.waitFor(() => c.diags.has(uri(path.join(dir, 'templates/one.yaml'))), 'the template published');
      await c.conn.sendRequest('textDocument/hover', { textDocument: { uri: uri(path.join(dir, 'templates/one.yaml')) }, position: { line: 0, character: 0 } });
      assert.equal(shown.filter((m) => m.includes('No config found')).length, 1, shown.join('\n'));
      assert.ok(shown.some((m) => m.startsWith('2 tplsync: No config found')), shown.join('\n'));
    });
  });
});

test.run();
