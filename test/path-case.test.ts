// trial t F10: Linux matches the templates globs and file names case-sensitively, macOS and Windows
// do not. A `Templates/` folder beside the glob `templates/**` was left out on Linux without a word
// (and read on a laptop); two files whose paths differ only in case linted clean, though a laptop's
// checkout holds one of them. Both are said, so that the same repository gives the same answer.
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { caseClashes } from '../src/files/path-case.ts';
import { LspProject } from '../src/lsp/project.ts';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const T = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your appointment is confirmed for tomorrow."\n  examples: { 1: Ana }\n`;

test('a folder that differs from the glob\'s folder only in letter case: named when no file matches, and warned beside the folder the glob names', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'Templates/Sub/hello.en_US.yaml': T('hello') });
    const alone = await cliIn(['lint'], { cwd: dir });
    assert.is(alone.exitCode, 3, alone.stderr);
    assert.match(alone.stderr, /No template files match templates\/\*\*\/\*\.yaml \(from tplsync\.config\.yaml\); Templates\/ is there, which differs from templates\/ only in letter case: a machine whose file names ignore case \(macOS, Windows\) reads it, Linux does not; rename it to templates\/, or add Templates\/\*\*\/\*\.yaml to the templates globs/);
    writeFiles(dir, { 'templates/other.en_US.yaml': T('other') });
    const both = await cliIn(['lint'], { cwd: dir });
    assert.is(both.exitCode, 0, both.stderr);
    assert.match(both.stderr, /^tplsync: warning: the templates glob templates\/\*\*\/\*\.yaml names templates\/, and Templates\/ beside it differs from it only in letter case: its files are not templates here .*reads the two folders as one; rename Templates\/ to templates\/ \(moving its files into it\), or add Templates\/\*\*\/\*\.yaml to the templates globs$/m);
    // in the JSON report too, at the config's templates key
    const json = JSON.parse((await cliIn(['lint', '--format', 'json'], { cwd: dir })).stdout) as { configWarnings?: { message: string }[] };
    assert.ok(json.configWarnings?.some((w) => w.message.includes('Templates/ beside it')), JSON.stringify(json.configWarnings));
    // the glob taking that folder too: nothing to say
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG.replace('templates: ["templates/**/*.yaml"]', 'templates: ["templates/**/*.yaml", "Templates/**/*.yaml"]') });
    const taken = await cliIn(['lint'], { cwd: dir });
    assert.is(taken.exitCode, 0, taken.stderr);
    assert.not.match(taken.stderr, /letter case/);
  } finally { cleanup(dir); }
});

test('verify-12 NEW-3: a link Templates -> templates beside the glob\'s folder is the same folder: no case warning', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/hello.en_US.yaml': T('hello') });
    symlinkSync('templates', path.join(dir, 'Templates'));
    const r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.match(r.stderr, /letter case/);
  } finally { cleanup(dir); }
});

test('two template files whose paths differ only in letter case: a warning naming the pair', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/offer.en_US.yaml': T('offer_a'), 'templates/Offer.en_US.yaml': T('offer_b'), 'templates/plain.en_US.yaml': T('plain') });
    const r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /^tplsync: warning: templates\/Offer\.en_US\.yaml and templates\/offer\.en_US\.yaml differ only in letter case: two templates here \(Linux, CI\), while a checkout on a machine whose file names ignore case \(macOS, Windows\) holds one of them/m);
    assert.not.match(r.stderr, /plain\.en_US\.yaml/);
  } finally { cleanup(dir); }
});

// verify-18 NEW-F: the warning was in the json report, on stderr and in the editor, but in no report a pull request shows
test('the letter-case pair is in every report format: markdown (a line), github (a ::warning and the job summary), sarif (a notification)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/wa/Loc_foot.en_US.yaml': T('loc_a'), 'templates/wa/loc_foot.en_US.yaml': T('loc_b') });
    const said = /templates\/wa\/Loc_foot\.en_US\.yaml and templates\/wa\/loc_foot\.en_US\.yaml differ only in letter case/;
    const md = await cliIn(['lint', '--format', 'markdown'], { cwd: dir });
    assert.is(md.exitCode, 0, md.stderr);
    assert.match(md.stdout, /^- 🟡 warning `tplsync\.config\.yaml:\d+`: templates\/wa\/Loc_foot/m);
    assert.match(md.stdout, said);
    const summary = path.join(dir, 'summary.md');
    const gh = await cliIn(['lint', '--format', 'github'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    assert.is(gh.exitCode, 0, gh.stderr);
    assert.match(gh.stdout, /^::warning file=tplsync\.config\.yaml,line=\d+,col=\d+,title=tplsync config::templates\/wa\/Loc_foot\.en_US\.yaml and /m);
    assert.match(readFileSync(summary, 'utf8'), said);
    const sarif = await cliIn(['lint', '--format', 'sarif'], { cwd: dir });
    assert.is(sarif.exitCode, 0, sarif.stderr);
    const notes = (JSON.parse(sarif.stdout).runs[0].invocations[0].toolExecutionNotifications as { level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[]).filter((n) => said.test(n.message.text));
    assert.is(notes.length, 1);
    assert.is(notes[0]!.level, 'warning');
    assert.match(notes[0]!.message.text, said);
    assert.is(notes[0]!.locations[0]!.physicalLocation.artifactLocation.uri, 'tplsync.config.yaml');
  } finally { cleanup(dir); }
});

// the language server showed no such warning: lint's warnings about the files (not the config alone) were not its
test('the language server warns of the pair too, at the config\'s templates key, and follows a file renamed since', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/offer.en_US.yaml': T('offer_a'), 'templates/plain.en_US.yaml': T('plain') });
    const p = new LspProject(dir);
    await p.load();
    const cfg = () => (p.findings().get(path.join(dir, 'tplsync.config.yaml')) ?? []).filter((d) => /letter case/.test(d.message));
    assert.equal(cfg(), []);
    writeFiles(dir, { 'templates/Offer.en_US.yaml': T('offer_b') });
    await p.discover();
    const found = cfg();
    assert.is(found.length, 1);
    assert.is(found[0]!.severity, 'warning');
    assert.match(found[0]!.message, /^templates\/Offer\.en_US\.yaml and templates\/offer\.en_US\.yaml differ only in letter case/);
    assert.is(found[0]!.line, CONFIG.split('\n').findIndex((l) => l.startsWith('templates:')) + 1, 'at the templates key');
  } finally { cleanup(dir); }
});

test('caseClashes: the groups of paths one apart only in letter case', () => {
  assert.equal(caseClashes(['a/b.yaml', 'A/b.yaml', 'a/c.yaml', 'a/B.yaml']), [['A/b.yaml', 'a/B.yaml', 'a/b.yaml']]);
  assert.equal(caseClashes(['a.yaml', 'b.yaml', 'a.yaml']), []);
});

test.run();
