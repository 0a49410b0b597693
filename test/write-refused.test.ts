// A write tplsync will not make is the user's to resolve (exit 3, a plain message), never reported
// as a bug: `new --force` onto a link or onto a read-only file, `types` onto a link.
import { chmodSync, lstatSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n';

test('new --force onto a link, types onto a link, new --force onto a read-only file: exit 3, nothing replaced', async () => {
  const root = tempDir('tplsync-refused-');
  try {
    const dir = path.join(root, 'p');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': VALID, 'templates/ro.en_US.yaml': VALID.replace('order_ready', 'ro') });
    writeFiles(root, { 'outside/target.en_US.yaml': 'keep\n', 'outside/types.ts': 'keep\n' });
    symlinkSync(path.join(root, 'outside/target.en_US.yaml'), path.join(dir, 'templates/target.en_US.yaml'));
    symlinkSync(path.join(root, 'outside/types.ts'), path.join(dir, 'tplsync-templates.ts'));
    chmodSync(path.join(dir, 'templates/ro.en_US.yaml'), 0o444);
    for (const [args, what] of [
      [['new', '--channel', 'shop-whatsapp', '--name', 'target', '--dir', 'templates', '--force'], 'is a symbolic link'],
      [['new', '--channel', 'shop-whatsapp', '--name', 'ro', '--dir', 'templates', '--force'], 'is read-only'],
    ] as const) {
      const r = await cliIn([...args], { cwd: dir });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, what);
      assert.not.match(r.stderr, /bug/i);
    }
    assert.ok(lstatSync(path.join(dir, 'templates/target.en_US.yaml')).isSymbolicLink());
    // types, once the linked template is gone (lint would stop it first)
    rmSync(path.join(dir, 'templates/target.en_US.yaml'));
    const types = await cliIn(['types'], { cwd: dir });
    assert.is(types.exitCode, 3, types.stdout + types.stderr);
    assert.match(types.stderr, /is a symbolic link|leads out of the project/);
    assert.not.match(types.stderr, /bug/i);
    assert.is(readFileSync(path.join(root, 'outside/target.en_US.yaml'), 'utf8'), 'keep\n');
    assert.is(readFileSync(path.join(root, 'outside/types.ts'), 'utf8'), 'keep\n');
    assert.is(readFileSync(path.join(dir, 'templates/ro.en_US.yaml'), 'utf8'), VALID.replace('order_ready', 'ro'));
  } finally { cleanup(root); }
});

test.run();
