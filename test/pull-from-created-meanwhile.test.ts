// verify-18 NEW-A: pull --from meta|twilio into an existing folder writes a new template file
// exclusively, as pull from a channel does (writeOver, one rule for both): a file created at that
// path between pull's look (none there) and its write (an editor's save, another program) is kept,
// and said "created while tplsync ran" (exit 1), never replaced by a rename in silence; a file pulled
// over (--force) that changed since pull read it is kept too. The moment is injected (the file made
// just before pull's writes), never raced.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, selectEnvironment } from '../src/config/load.ts';
import { pullFromExport, type ExportOutcome } from '../src/pull/from-export.ts';
import { FileCreated, startWritingFiles } from '../src/files/write.ts';
import { CHANNEL_A, cleanup, tempDir, writeFiles } from './helpers.ts';

const meta = (name: string) => ({ name, language: 'en_US', category: 'UTILITY', parameter_format: 'POSITIONAL', status: 'APPROVED', components: [{ type: 'BODY', text: `Order {{1}} of ${name} is ready.`, example: { body_text: [['A-1']] } }] });
const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`;
const file = (name: string, text: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: ${text}\n  examples:\n    "1": A-1\n`;

async function pull(dir: string, force: boolean, beforeWrite: (abs: string) => void): Promise<ExportOutcome[]> {
  const config = await loadConfig({ cwd: dir });
  const env = selectEnvironment(config, undefined);
  const { outcomes } = await pullFromExport(config, env, { format: 'meta', files: ['export.json'], channel: 'wa', channelId: CHANNEL_A, dir: path.join(dir, 'templates'), force, cwd: dir, note: 'n', beforeWrite }, () => {});
  return outcomes;
}

const kinds = (out: ExportOutcome[]) => Object.fromEntries(out.map((o) => [o.name, [o.kind, 'created' in o ? o.created : undefined]]));

test('pull --from meta: a new file created at its path while pull ran is kept, said created (outcome changed); the others written', async () => {
  const dir = tempDir('tplsync-from-created-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'export.json': JSON.stringify({ data: ['fresh', 'raced'].map(meta) }), 'templates/other.yaml': file('other', 'Other {{1}}.') });
    const raced = path.join(dir, 'templates/raced.en_US.yaml');
    const out = await pull(dir, false, (abs) => { if (abs === raced) writeFileSync(abs, '# mine\n'); });
    assert.equal(kinds(out), { fresh: ['written', undefined], raced: ['changed', true] });
    assert.is(readFileSync(raced, 'utf8'), '# mine\n');
    assert.match(readFileSync(path.join(dir, 'templates/fresh.en_US.yaml'), 'utf8'), 'Order {{1}} of fresh is ready.');
    assert.equal(readdirSync(path.join(dir, 'templates')).filter((f) => f.endsWith('.tmp')), []);
  } finally { cleanup(dir); }
});

test('pull --from meta --force: a file pulled over that changed after pull read it is kept, said changed (not created)', async () => {
  const dir = tempDir('tplsync-from-created-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'export.json': JSON.stringify({ data: [meta('held')] }), 'templates/held.en_US.yaml': file('held', 'Old text {{1}}.') });
    const held = path.join(dir, 'templates/held.en_US.yaml');
    const out = await pull(dir, true, (abs) => { if (abs === held) writeFileSync(abs, '# saved meanwhile\n'); });
    assert.equal(kinds(out), { held: ['changed', undefined] });
    assert.is(readFileSync(held, 'utf8'), '# saved meanwhile\n');
    // nothing in the way: the same pull writes over it
    writeFileSync(held, file('held', 'Old text {{1}}.'));
    assert.equal(kinds(await pull(dir, true, () => {})), { held: ['written', undefined] });
    assert.match(readFileSync(held, 'utf8'), 'Order {{1}} of held is ready.');
  } finally { cleanup(dir); }
});

test('startWritingFiles: a file asked for new that is there is kept and listed (FileCreated); the others written', async () => {
  const dir = tempDir('tplsync-from-created-');
  try {
    const a = path.join(dir, 'a.yaml'), b = path.join(dir, 'b.yaml');
    writeFileSync(a, '# mine\n');
    const batch = startWritingFiles([{ file: a, data: 'x\n', create: true }, { file: b, data: 'y\n', create: true }]);
    await batch.written;
    assert.equal(batch.changed.map((e) => [e instanceof FileCreated, e.file]), [[true, a]]);
    assert.is(readFileSync(a, 'utf8'), '# mine\n');
    assert.is(readFileSync(b, 'utf8'), 'y\n');
  } finally { cleanup(dir); }
});

test.run();
