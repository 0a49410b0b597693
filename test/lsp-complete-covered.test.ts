// Completion is offered in the template files the config's globs take, and nowhere else. Seen in an
// editor trial: the VS Code client (and the Neovim and Helix setups) hand every YAML file to the
// server, and an Ansible playbook outside `templates/**` got the channel aliases after `channel:`
// and 111 language codes after `language:`, where code actions and formatting answered nothing.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\nchannels:\n  wa: { kind: whatsapp }\n';
const PLAYBOOK = '- hosts: web\n  tasks:\n    - name: greet\n      channel: \n      language: \n';
const TEMPLATE = 'channel: \nlanguage: \n';

test('completion after channel: and language: in a template the globs take (saved or not), none in another YAML file', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'deploy/playbook.yaml': PLAYBOOK, 'templates/a.en.yaml': 'channel: wa\n' });
    await withLsp(dir, {}, async (c) => {
      const complete = async (abs: string, line: number, character: number): Promise<string[]> =>
        (await c.conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(abs) }, position: { line, character } }) as { label: string }[]).map((i) => i.label);
      await c.waitFor(() => c.diags.has(uri(path.join(dir, 'templates/a.en.yaml'))), 'the project loaded');
      const playbook = path.join(dir, 'deploy/playbook.yaml');
      await c.open(playbook, PLAYBOOK);
      assert.equal(await complete(playbook, 3, 15), []);
      assert.equal(await complete(playbook, 4, 16), []);
      // a template on disk, and one opened before it was ever saved
      for (const name of ['templates/a.en.yaml', 'templates/new/b.en.yaml']) {
        const file = path.join(dir, name);
        await c.open(file, TEMPLATE);
        assert.equal(await complete(file, 0, 9), ['wa'], name);
        assert.ok((await complete(file, 1, 10)).includes('en_US'), name);
      }
    });
  } finally { cleanup(dir); }
});

test.run();
