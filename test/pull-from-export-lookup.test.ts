// pull --from meta in-process, on real files: the templates a project has are found by id and
// by channel, name and language (maps, not a scan per template) and not written twice; a file in
// the way in an existing folder is reported and left as it is; into a folder not there yet every
// template is written, each file exactly the text templateFileText gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, schemaModelinePath, selectEnvironment } from '../src/config/load.ts';
import { pullFromExport, type ExportOutcome } from '../src/pull/from-export.ts';
import { metaToFile } from '../src/formats/meta.ts';
import { templateFileText } from '../src/pull/file-text.ts';
import { CHANNEL_A, cleanup, tempDir, writeFiles } from './helpers.ts';

const meta = (name: string) => ({ name, language: 'en_US', category: 'UTILITY', parameter_format: 'POSITIONAL', status: 'APPROVED', components: [{ type: 'BODY', text: `Order {{1}} of ${name} is ready.`, example: { body_text: [['A-1']] } }] });
const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;
const file = (name: string, extra = '') => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\n${extra}body:\n  text: Order {{1}} of ${name} is ready.\n  examples:\n    "1": A-1\n`;

/** pull --from meta export.json --dir INTO */
async function pull(dir: string, into: string): Promise<ExportOutcome[]> {
  const config = await loadConfig({ cwd: dir });
  const env = selectEnvironment(config, undefined);
  const { outcomes } = await pullFromExport(config, env, { format: 'meta', files: ['export.json'], channel: 'shop-whatsapp', channelId: CHANNEL_A, dir: path.join(dir, into), dirGiven: true, force: false, cwd: dir, note: 'n' }, () => {});
  return outcomes;
}

test('found by id, found by name (another public id), a file in the way: none written twice or overwritten', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'export.json': JSON.stringify({ data: ['moved', 'pinned', 'blocked', 'fresh'].map(meta) }),
      'templates/somewhere.yaml': file('moved'),
      'templates/pinned-here.yaml': file('pinned', 'publicId: 6f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d\n'),
      'out/blocked.en_US.yaml': 'not a template\n',
    });
    const kinds = Object.fromEntries((await pull(dir, 'out')).map((o) => [o.name, o.kind]));
    assert.equal(kinds, { moved: 'elsewhere', pinned: 'elsewhere', blocked: 'exists', fresh: 'written' });
    assert.is(readFileSync(path.join(dir, 'out/blocked.en_US.yaml'), 'utf8'), 'not a template\n');
  } finally { cleanup(dir); }
});

test('into a folder not there yet: every template written, as templateFileText gives it', async () => {
  const dir = tempDir();
  try {
    const names = ['a_1', 'b_2', 'c_3'];
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'export.json': JSON.stringify({ data: names.map(meta) }) });
    const out = await pull(dir, 'new/folder');
    assert.equal(out.map((o) => o.kind), ['written', 'written', 'written']);
    for (const n of names) {
      const expected = templateFileText({ channel: 'shop-whatsapp', ...metaToFile(meta(n), '').value }, { schemaPath: schemaModelinePath(await loadConfig({ cwd: dir }), path.join(dir, 'new/folder')), note: 'n' });
      assert.fixture(readFileSync(path.join(dir, 'new/folder', `${n}.en_US.yaml`), 'utf8'), expected);
    }
  } finally { cleanup(dir); }
});

test.run();
