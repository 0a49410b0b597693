// A template reached through a folder linked into the project (templates/shared -> ../../shared), opened in the editor
// at its real path (from the shared folder, or by an editor that resolves links): the server published nothing for the
// document (its findings went to the link's path only), so a typo was never shown while typing. The document is the
// project's file under another path: its text is linted as that file's, and its findings published for it.
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, tempDir, writeFiles } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const tpl = (category: string): string => `channel: wa\nname: card_blocked\nlanguage: en_US\ncategory: ${category}\nbody:\n  text: "Hi {{1}}, we blocked your card."\n  examples: { "1": Jon }\n`;

test('a linked template opened at its real path: the editor\'s text is linted and its findings published for the document, not twice', async () => {
  const root = tempDir('tplsync-lsp-linked-');
  try {
    const proj = path.join(root, 'packages', 'bank');
    writeFiles(root, {
      'packages/bank/tplsync.config.yaml': `templates: ["templates/*.yaml", "templates/Shared Bank/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      'packages/bank/templates/own.en_US.yaml': tpl('UTILITY').replace('card_blocked', 'own_one').replace('we blocked your card', 'your new card is on its way'),
      'shared/bank-templates/card_blocked.en_US.yaml': tpl('UTILITY'),
    });
    symlinkSync('../../../shared/bank-templates', path.join(proj, 'templates', 'Shared Bank'));
    const real = path.join(root, 'shared', 'bank-templates', 'card_blocked.en_US.yaml');
    const link = path.join(proj, 'templates', 'Shared Bank', 'card_blocked.en_US.yaml');
    await withLsp(proj, { folders: [proj, path.join(root, 'shared')] }, async (c) => {
      await c.waitFor(() => c.diags.has(uri(link)), 'the linked template\'s first publication');
      assert.equal(c.diags.get(uri(link)), []);
      await c.open(real, tpl('UTILTY'));
      await c.waitFor(() => (c.diags.get(uri(real)) ?? []).some((d) => d.message.includes('UTILTY')), 'the typo shown in the document opened at its real path');
      assert.equal(c.diags.get(uri(link)), [], 'published once: for the document the editor has');
      // typing on: the findings follow the editor's text
      await c.change(real, tpl('UTILITY'), 2);
      await c.waitFor(() => c.diags.has(uri(real)) && (c.diags.get(uri(real)) ?? []).every((d) => !d.message.includes('UTILTY')), 'the typo repaired');
      assert.equal(c.diags.get(uri(real)), []);
    });
  } finally { cleanup(root); }
});

test.run();
