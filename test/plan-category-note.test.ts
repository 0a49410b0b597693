// trial-bg F3: a template the platform re-categorised (UTILITY approved as MARKETING) got two near-identical
// ~600-character `!` lines, for each of its languages (six paragraphs for one decision, the first naming
// `environments.<env>`, the second `dev`). Now one short line says what differs and the two ways out, with the config
// key to set, on the template's first language (the others point to it: the key covers every language); the why and
// the other ways out are said once below the plan. A category changed in the file says one line, not two (trial-bg F2).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Ct3`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const LANGUAGES = ['en_US', 'es_MX', 'pt_BR'];
let projects = 0;
async function project(): Promise<{ dir: string; name: string; run: (args: string[]) => ReturnType<typeof cliIn>; ids: Map<string, string> }> {
  const dir = tempDir('tplsync-category-note-');
  const name = `back_in_stock_${process.pid}_${++projects}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${emu.url}\n    apiKeyEnv: CT_KEY\n    channels: { whatsapp: ${CHANNEL_A} }\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { whatsapp: ${CHANNEL_A} }\n`,
    ...Object.fromEntries(LANGUAGES.map((l) => [`templates/${name}.${l}.yaml`, `channel: whatsapp\nname: ${name}\nlanguage: ${l}\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, the item you asked about is available again (${l})."\n  examples: { 1: Ana }\n`])),
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { CT_KEY: KEY } });
  const first = await run(['apply', '--auto-approve']);
  assert.is(first.exitCode, 0, first.stdout + first.stderr);
  const plan = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { language: string; publicId: string }[] };
  return { dir, name, run, ids: new Map(plan.changes.map((c) => [c.language, c.publicId])) };
}

test('a template re-categorised in every language: one short line with the config key, the others pointing to it, the why once', async () => {
  const { dir, name, run, ids } = await project();
  try {
    for (const id of ids.values()) {
      const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, category: 'MARKETING' }) });
      await res.arrayBuffer();
      assert.is(res.status, 200);
    }
    const text = await run(['plan']);
    const marks = text.stdout.split('\n').filter((l) => l.trimStart().startsWith('! '));
    assert.is(marks.length, 3, text.stdout);
    const key = `environments.dev.categories: { "whatsapp/${name}": MARKETING }`;
    assert.is(marks[0], `    ! apply does not attempt this update: approved as MARKETING, the file says UTILITY: set category: MARKETING in the file, or accept it for dev with ${key} (see below)`);
    // short: the ways out with the key, not the paragraph (each was ~600 characters, two per language)
    assert.ok(marks[0]!.length < 250, `${marks[0]!.length}`);
    for (const l of marks.slice(1)) assert.is(l, `    ! apply does not attempt this update: its category, as for whatsapp/${name}/en_US above`);
    assert.is(text.stdout.split(key).length - 1, 1, text.stdout);
    assert.not.match(text.stdout, 'environments.<env>');
    // the why and the other ways out, once, below the summary
    assert.is(text.stdout.split('an APPROVED template\'s category cannot change').length - 1, 1, text.stdout);
    assert.match(text.stdout, /Plan for dev: 0 to create, 0 to update, 3 that apply will skip, 0 unchanged\. 3 need attention \(marked ! above\)\.\nCategories: /);
    assert.match(text.stdout, 'set the category the channel approved in its file only if the copy in local has it too');
    assert.match(text.stdout, 'or appeal the category in the console within 60 days, or create a new template under another name for the file\'s category. No base was found to tell which');

    // the comment: one note for the three languages, the why once
    const md = (await run(['plan', '--format', 'markdown'])).stdout;
    const notes = md.split('\n').filter((l) => l.startsWith('- ⚠️'));
    assert.equal(notes, [`- ⚠️ 3 templates (${LANGUAGES.map((l) => `\`whatsapp/${name}/${l}\``).join(', ')}): apply does not attempt this update: approved as MARKETING, the file says UTILITY: set category: MARKETING in the file, or accept it for dev with ${key} (see below)`]);
    assert.is(md.split('an APPROVED template\'s category cannot change').length - 1, 1, md);

    // the advice works: accepted for dev, in sync
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8').replace('    apiKeyEnv: CT_KEY\n', `    apiKeyEnv: CT_KEY\n    categories: { "whatsapp/${name}": MARKETING }\n`));
    const accepted = await run(['plan', '--detailed-exitcode']);
    assert.is(accepted.exitCode, 0, accepted.stdout + accepted.stderr);
  } finally { cleanup(dir); }
});

test('a category changed in the file (seen against --base) is one line, not two', async () => {
  const { dir, name, run } = await project();
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' } });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'templates');
    const f = path.join(dir, `templates/${name}.en_US.yaml`);
    writeFileSync(f, readFileSync(f, 'utf8').replace('category: UTILITY', 'category: MARKETING'));
    const json = JSON.parse((await run(['plan', '--base', 'HEAD', '--format', 'json'])).stdout) as { changes: { language: string; attention?: string[] }[] };
    const c = json.changes.find((x) => x.language === 'en_US')!;
    assert.equal(c.attention, ['apply does not attempt this update: category UTILITY → MARKETING, and an APPROVED template\'s category cannot change: put back category: UTILITY, or create a new template under another name for MARKETING']);
    const md = (await run(['plan', '--base', 'HEAD', '--format', 'markdown'])).stdout;
    assert.is(md.split('\n').filter((l) => l.startsWith('- ⚠️')).length, 1, md);
  } finally { cleanup(dir); }
});

test.run();
