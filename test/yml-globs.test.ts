// A project whose templates globs take `.yml` alone (`templates/**/*.yml`): pull, pull --from and
// new write `.yml` files there, which lint and plan then see; a `.yaml` file in a folder the globs
// cover is said to be kept out by its extension, not by its folder.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = (glob: string) => `templates: ["${glob}"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`;
const EXPORT = JSON.stringify({ data: [{ name: 'transfer_received', language: 'en_US', status: 'APPROVED', category: 'UTILITY', id: '11', components: [{ type: 'BODY', text: 'Hello {{1}}, you received a transfer of {{2}} on your account today.', example: { body_text: [['Ana', 'EUR 10']] } }] }] });

test('pull --from meta and new write the extension the config\'s globs take (.yml), and lint sees the files', async () => {
  const dir = tempDir('tplsync-yml-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('templates/**/*.yml'), 'export.json': EXPORT });
    const pulled = await cliIn(['pull', '--from', 'meta', '--channel', 'wa', 'export.json'], { cwd: dir });
    assert.is(pulled.exitCode, 0, pulled.stderr);
    assert.ok(existsSync(path.join(dir, 'templates/transfer_received.en_US.yml')), pulled.stdout);
    assert.not.ok(existsSync(path.join(dir, 'templates/transfer_received.en_US.yaml')));
    assert.not.match(pulled.stderr, 'not among the config');
    const made = await cliIn(['new', '--channel', 'wa', '--name', 'loan_reminder'], { cwd: dir });
    assert.is(made.exitCode, 0, made.stderr);
    assert.ok(existsSync(path.join(dir, 'templates/loan_reminder.en_US.yml')), made.stdout + made.stderr);
    assert.not.match(made.stderr, 'not among the config');
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    assert.is((JSON.parse(lint.stdout) as { summary: { files: number } }).summary.files, 2, 'both files are the project\'s');
    // the globs take both: .yaml, as before
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('templates/**/*.{yaml,yml}') });
    const both = await cliIn(['new', '--channel', 'wa', '--name', 'card_blocked'], { cwd: dir });
    assert.is(both.exitCode, 0, both.stderr);
    assert.ok(existsSync(path.join(dir, 'templates/card_blocked.en_US.yaml')));
  } finally { cleanup(dir); }
});

test('globs that take .YAML alone: pull --from meta and new write .YAML files, which lint sees (fix-al: they wrote .yaml, left out)', async () => {
  const dir = tempDir('tplsync-yml-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('templates/**/*.YAML'), 'export.json': EXPORT });
    const pulled = await cliIn(['pull', '--from', 'meta', '--channel', 'wa', 'export.json'], { cwd: dir });
    assert.is(pulled.exitCode, 0, pulled.stderr);
    assert.ok(existsSync(path.join(dir, 'templates/transfer_received.en_US.YAML')), pulled.stdout);
    assert.not.match(pulled.stderr, 'not among the config');
    const made = await cliIn(['new', '--channel', 'wa', '--name', 'loan_reminder'], { cwd: dir });
    assert.is(made.exitCode, 0, made.stderr);
    assert.ok(existsSync(path.join(dir, 'templates/loan_reminder.en_US.YAML')), made.stdout + made.stderr);
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    assert.is((JSON.parse(lint.stdout) as { summary: { files: number } }).summary.files, 2, 'both files are the project\'s');
  } finally { cleanup(dir); }
});

test('a .yaml file in a folder the globs cover only as .yml: the message names the extension, not the folder', async () => {
  const dir = tempDir('tplsync-yml-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('templates/**/*.yml'), 'export.json': EXPORT });
    assert.is((await cliIn(['pull', '--from', 'meta', '--channel', 'wa', 'export.json'], { cwd: dir })).exitCode, 0);
    writeFiles(dir, { 'templates/other.en_US.yaml': '' });
    const { renameSync } = await import('node:fs');
    renameSync(path.join(dir, 'templates/transfer_received.en_US.yml'), path.join(dir, 'templates/other.en_US.yaml'));
    const r = await cliIn(['lint', 'templates/other.en_US.yaml'], { cwd: dir });
    assert.match(r.stderr, "templates/other.en_US.yaml is not among the config's templates (templates/**/*.yml): the globs take .yml files there, not .yaml");
    assert.match(r.stderr, 'rename it to .yml, or let the globs take both (*.{yaml,yml})');
    assert.not.match(r.stderr, 'add its folder');
  } finally { cleanup(dir); }
});

test('a file a `!` glob leaves out is never advised a rename to the other extension (both are template extensions): the message names the glob', async () => {
  const { globsTake, negatedBy, otherExtensionTaken } = await import('../src/files/extension.ts');
  const config = { dir: '/srv/shop', templates: ['messages/**/*.{yml,yaml}', '!messages/archive/**'] };
  for (const f of ['/srv/shop/messages/archive/2023/refund_done.es.yaml', '/srv/shop/messages/archive/refund_done.es.yml']) {
    assert.is(globsTake(config, f), false, f);
    assert.is(otherExtensionTaken(config, f), undefined, f);
    assert.is(negatedBy(config, f), '!messages/archive/**', f);
  }
  assert.is(globsTake(config, '/srv/shop/messages/refund_done.es.yaml'), true);
  // a file the globs take as it is: its extension keeps nothing out
  assert.is(otherExtensionTaken({ dir: '/srv/shop', templates: ['messages/**/*.{yml,yaml}'] }, '/srv/shop/messages/refund_done.es.yaml'), undefined);
  assert.is(otherExtensionTaken({ dir: '/srv/shop', templates: ['messages/**/*.yml'] }, '/srv/shop/messages/refund_done.es.yaml'), '.yml');
  const dir = tempDir('tplsync-yml-');
  try {
    const template = `channel: ${CHANNEL_A}\nname: refund_done\nlanguage: es\ncategory: UTILITY\nbody:\n  text: "Hola {{nombre}}, tu reembolso de {{importe}} ya está en camino."\n  examples: { nombre: Eva, importe: "12 EUR" }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["messages/**/*.{yml,yaml}", "!messages/archive/**"]\n',
      'messages/archive/refund_done.es.yaml': template,
      'messages/refund_sent.es.yml': template.replace('refund_done', 'refund_sent').replace('ya está en camino', 'fue enviado'),
    });
    const r = await cliIn(['lint', 'messages/archive/refund_done.es.yaml'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /rename it to \.yml|the globs take \.yml/);
    assert.match(r.stderr, 'messages/archive/refund_done.es.yaml is left out of the config\'s templates by its glob !messages/archive/**');
  } finally { cleanup(dir); }
});

test.run();
