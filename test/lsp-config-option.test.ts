// `tplsync lsp` takes --config as every command does, before or after its name. Seen in an editor
// trial: the server always searched for the config from each workspace folder and ignored
// `--config conf/team.yaml` without a word, so a team whose CI runs `lint --config conf/team.yaml`
// saw other findings in the editor (those of "no config found") than in CI.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const TEAM = 'templates: ["../templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\nrules:\n  category: warning\n';
const TEMPLATE = 'channel: wa\nname: nc\nlanguage: en\ncategory: UTILTY\nbody:\n  text: "Your parcel {{1}} is ready at the front desk, see you soon again."\n  examples: { 1: A }\n';

for (const args of [['--config', 'conf/team.yaml', 'lsp', '--stdio'], ['lsp', '--stdio', '--config', 'conf/team.yaml']]) {
  test(`tplsync ${args.join(' ')}: the findings of that config, as lint --config gives them`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { 'conf/team.yaml': TEAM, 'templates/a.en.yaml': TEMPLATE });
      const file = path.join(dir, 'templates/a.en.yaml');
      const lint = JSON.parse((await cliIn(['lint', '--format', 'json', '--config', 'conf/team.yaml'], { cwd: dir })).stdout) as { diagnostics: { ruleId: string; severity: string }[] };
      const expected = lint.diagnostics.map((d) => [d.ruleId, d.severity === 'error' ? 1 : d.severity === 'warning' ? 2 : 3]);
      assert.equal(expected.map(([id]) => id).sort(), ['category', 'unknown-channel']);
      await withLsp(dir, { args }, async (c) => {
        await c.waitFor(() => c.diags.has(uri(file)), 'the file published');
        assert.equal(c.codes(file).sort(), expected.sort());
      });
    } finally { cleanup(dir); }
  });
}

test('tplsync lsp --config FILE: a template its globs do not take is said not linted, with why, as without --config (trial-bp F6)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'conf/team.yaml': TEAM, 'templates/a.en.yaml': TEMPLATE, 'drafts/b.en.yaml': TEMPLATE.replace('name: nc', 'name: draft') });
    const a = path.join(dir, 'templates/a.en.yaml');
    const draft = path.join(dir, 'drafts/b.en.yaml');
    await withLsp(dir, { args: ['lsp', '--stdio', '--config', 'conf/team.yaml'] }, async (c) => {
      await c.waitFor(() => c.diags.has(uri(a)), 'the covered file published');
      await c.open(draft, TEMPLATE.replace('name: nc', 'name: draft'));
      await c.waitFor(() => c.messages.some((m) => m.message.includes(draft)), 'the draft said not linted');
      const said = c.messages.filter((m) => m.message.includes(draft));
      assert.equal(said.map((m) => m.message), [`tplsync: ${draft} is not linted: the templates globs of ${path.join(dir, 'conf/team.yaml')} (../templates/**/*.yaml) do not take it; add a glob that does, or move the file under one.`]);
      assert.not.ok(c.diags.has(uri(draft)));
    });
  } finally { cleanup(dir); }
});

test.run();
