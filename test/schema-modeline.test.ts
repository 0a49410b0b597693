// The `# yaml-language-server: $schema=` line of the files tplsync writes (init, new, pull) names
// the schema through the project's node_modules/tplsync when the project has it there, not the
// real path Node runs the package from: behind a link (pnpm's .pnpm/tplsync@1.2.3/..., a linked
// checkout) that path names one version's folder, or another folder of the machine.
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, schemaModelinePath } from '../src/config/load.ts';
import { cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

/** a project whose node_modules/tplsync is a link to this checkout, as pnpm and `npm link` make it */
function linkedProject(): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'));
  return dir;
}

test('the modeline names node_modules/tplsync/schema, from the folder a file is written to', async () => {
  const dir = linkedProject();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'environments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n' });
    const config = await loadConfig({ cwd: dir });
    assert.is(schemaModelinePath(config, path.join(dir, 'templates', 'deep')), '../../node_modules/tplsync/schema/template.schema.json');
  } finally { cleanup(dir); }
});

test('without tplsync in the project (npx, a global install), the modeline names where it runs from', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'environments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n' });
    const config = await loadConfig({ cwd: dir });
    const shown = schemaModelinePath(config, path.join(dir, 'templates'));
    assert.is(path.resolve(dir, 'templates', shown), path.join(ROOT, 'schema', 'template.schema.json'));
  } finally { cleanup(dir); }
});

test('init and new write the node_modules path into the config and the templates', async () => {
  const dir = linkedProject();
  try {
    const r = await cliIn(['init', '--yes', '--channel', 'wa'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), '$schema=node_modules/tplsync/schema/config.schema.json');
    const n = await cliIn(['new', '--name', 'order_ready', '--channel', 'wa', '--language', 'en_US'], { cwd: dir });
    assert.is(n.exitCode, 0, n.stdout + n.stderr);
    const written = n.stdout.match(/templates\/\S+\.yaml/)?.[0] ?? 'templates/order_ready.en_US.yaml';
    assert.match(readFileSync(path.join(dir, written), 'utf8'), '$schema=../node_modules/tplsync/schema/template.schema.json');
  } finally { cleanup(dir); }
});

test.run();
