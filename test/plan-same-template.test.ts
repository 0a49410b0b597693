// Two files that are one template on the channel: one's id derived from its channel, name and
// language, the other's publicId naming the same (copied from a pulled file). plan and apply refuse
// (exit 1, both files named, nothing written), rather than each apply rewriting (and renaming) the
// approved template as the other file has it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const T = (name: string, text: string, extra = '') => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\n${extra}body:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

test('a publicId that is another file\'s derived id: plan and apply refuse, naming both files; nothing is written', async () => {
  const dir = tempDir('tplsync-same-id-');
  try {
    const derived = templateId(CHANNEL_A, 'store_update', 'en_US');
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/store_update.yaml': T('store_update', 'Hello {{1}}, the store opens at nine tomorrow morning.'),
      'templates/store_update_copy.yaml': T('store_update_copy', 'Hello {{1}}, the store closes at six tomorrow evening.', `publicId: ${derived}\n`),
    });
    const plan = await cliIn(['plan'], { cwd: dir });
    assert.is(plan.exitCode, 1, plan.stdout + plan.stderr);
    assert.match(plan.stderr, /templates\/store_update\.yaml \(wa\/store_update\/en_US, its id derived from its channel, name and language\) and templates\/store_update_copy\.yaml \(wa\/store_update_copy\/en_US, its publicId\) are one template in environment 'dev'/);
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(apply.exitCode, 1, apply.stdout + apply.stderr);
    assert.match(apply.stderr, /Nothing was planned or written/);
    assert.not.ok(existsSync(path.join(dir, '.tplsync', 'emu.json')) && (await cliIn(['review', '--format', 'json'], { cwd: dir })).stdout.includes('store_update'), 'nothing reached the channel');
    // one of the two files named alone: the other is still one template with it (applying it alone would rename the other's template)
    for (const file of ['templates/store_update_copy.yaml', 'templates/store_update.yaml']) {
      const one = await cliIn(['plan', file], { cwd: dir });
      assert.is(one.exitCode, 1, one.stdout + one.stderr);
      assert.match(one.stderr, /templates\/store_update\.yaml \(wa\/store_update\/en_US, its id derived from its channel, name and language\)/);
      assert.match(one.stderr, /templates\/store_update_copy\.yaml \(wa\/store_update_copy\/en_US, its publicId\)/);
      assert.match(one.stderr, 'Remove or correct the publicId that names another file\'s template');
      const applied = await cliIn(['apply', '--auto-approve', file], { cwd: dir });
      assert.is(applied.exitCode, 1, applied.stdout + applied.stderr);
    }
    assert.not.ok(existsSync(path.join(dir, '.tplsync', 'emu.json')) && (await cliIn(['review', '--format', 'json'], { cwd: dir })).stdout.includes('store_update'), 'nothing reached the channel');
    // a draft outside the globs with a publicId copied from a project file, under another name: it would rename that template
    writeFiles(dir, { 'drafts/store_dispatch.yaml': T('store_dispatch', 'Hello {{1}}, the store ships today.', `publicId: ${derived}\n`) });
    const draft = await cliIn(['plan', 'drafts/store_dispatch.yaml'], { cwd: dir });
    assert.is(draft.exitCode, 1, draft.stdout + draft.stderr);
    assert.match(draft.stderr, /drafts\/store_dispatch\.yaml \(wa\/store_dispatch\/en_US, its publicId\) and templates\/store_update\.yaml/);
    // a file whose id no other file shares plans alone as before
    writeFiles(dir, { 'templates/other.yaml': T('store_hours', 'Hello {{1}}, our opening hours change next week.') });
    const fine = await cliIn(['plan', 'templates/other.yaml'], { cwd: dir });
    assert.is(fine.exitCode, 0, fine.stdout + fine.stderr);
    assert.match(fine.stdout, '1 to create');
  } finally { cleanup(dir); }
});

test.run();
