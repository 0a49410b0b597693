// The language server lints a file the editor has open before it was ever saved, where the
// config's globs would find it once saved (it said nothing until the file was on disk), with the
// project's cross-file rules; a file the globs would not take stays out, and one closed unsaved
// leaves the project.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { LspProject } from '../src/lsp/project.ts';
import { CONFIG, cleanup, tempDir, writeFiles } from './helpers.ts';

const ORDER = `channel: shop-whatsapp
name: order_ready
language: en_US
category: UTILITY
body:
  text: "Hi {{1}}, your order is ready for pickup at the store."
  examples: { 1: Maria }
`;

test('an unsaved file under the globs is linted with the project; outside them it is not; closed, it is gone', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.yaml': ORDER });
    const project = new LspProject(dir, () => new Date('2026-01-01T00:00:00Z'));
    await project.load();
    const fresh = path.join(dir, 'templates/new/order_ready_copy.yaml');
    project.setText(fresh, ORDER.replace('channel: shop-whatsapp', 'channel: shop-'));
    const found = project.findings();
    assert.equal((found.get(fresh) ?? []).map((d) => d.ruleId), ['unknown-channel']);
    assert.ok(project.covers(fresh), 'code actions and hover serve it');
    // the same template twice: the cross-file rule sees the unsaved file as lint would once saved (both files named)
    project.setText(fresh, ORDER);
    assert.equal((project.findings().get(fresh) ?? []).map((d) => d.ruleId), ['duplicate-template']);
    assert.match(project.findings().get(fresh)![0]!.message, 'is also defined in templates/order_ready.yaml');
    assert.equal((project.findings().get(path.join(dir, 'templates/order_ready.yaml')) ?? []).map((d) => d.ruleId), ['duplicate-template']);
    project.setText(fresh, ORDER.replace('order_ready', 'order_ready_copy'));
    // a scratch file the globs would never take is none of the project's
    const scratch = path.join(dir, 'notes/scratch.yaml');
    project.setText(scratch, 'name: x\n');
    assert.not.ok(project.covers(scratch));
    assert.is(project.findings().get(scratch), undefined);
    // rediscovery (a file created on disk) keeps the open unsaved one
    writeFileSync(path.join(dir, 'templates/other.yaml'), ORDER.replace('order_ready', 'order_other').replace('your order is ready', 'your parcel is ready'));
    await project.discover();
    assert.ok(project.covers(fresh));
    // closed without saving: gone from the project, its findings with it
    project.setText(fresh, undefined);
    assert.not.ok(project.covers(fresh));
    assert.is(project.findings().get(fresh), undefined);
    // (but the config's own warning, its channels' kind not said, in the config file: config-warnings.test.ts)
    assert.equal([...project.findings().values()].flat().filter((d) => d.ruleId !== 'config'), [], 'the rest is clean');
  } finally { cleanup(dir); }
});

test.run();
