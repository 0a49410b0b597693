// What lint finds, tested in this process (lintInProcess: the config found from a directory, the
// run, the diagnostics as the JSON format gives them, the exit code the CLI chooses): positions,
// configured severities and overrides, inline directives, config discovery, cross-file rules and
// channel kinds. Moved here from child-process tests (cli-lint, channel-kind, rcs) that started
// the CLI only to read findings; what only a process shows (exit codes of usage errors, stderr,
// --output, colour, --max-warnings) stays there.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { UsageError } from '../src/core/errors.ts';
import { CHANNEL_A, CHANNEL_B, CONFIG, ROOT, VALID, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

function project(files: Record<string, string>, config = CONFIG): string {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': config, ...files });
  return dir;
}

/** the error a lint of `dir` is refused with (a config the CLI answers with exit 3: a UsageError) */
async function refusal(dir: string): Promise<UsageError> {
  try { await lintInProcess(dir); } catch (e) {
    assert.instance(e, UsageError, String(e));
    return e as UsageError;
  }
  assert.unreachable('the lint was not refused');
  throw new Error('unreachable');
}

test('the sample templates of the repository lint clean', async () => {
  const r = await lintInProcess(ROOT);
  assert.equal(r.diagnostics.filter((d) => d.severity !== 'info'), []);
  assert.is(r.exitCode, 0);
});

test('an error at its position, with its rule; a valid file alone is clean', async () => {
  const dir = project({ 'templates/ok.yaml': VALID, 'templates/bad.yaml': VALID.replace('name: order_ready', 'name: Order Ready').replace('your order is ready', 'your parcel is ready') });
  try {
    const r = await lintInProcess(dir);
    assert.is(r.exitCode, 1);
    assert.equal(r.diagnostics.map((d) => [d.file, d.line, d.column, d.ruleId, d.severity]), [[path.join('templates', 'bad.yaml'), 2, 7, 'name-format', 'error']]);
    assert.equal((await lintInProcess(dir, ['templates/ok.yaml'])).diagnostics, []);
  } finally { cleanup(dir); }
});

test('severities from the config: off silences, error escalates; an unknown rule id is refused with the nearest', async () => {
  const w = { 'templates/w.yaml': VALID.replace('en_US', 'xx_YY') };
  let dir = project(w);
  try {
    const r = await lintInProcess(dir);
    assert.equal(r.diagnostics.map((d) => [d.ruleId, d.severity]), [['language-unknown', 'warning']]);
    assert.is(r.exitCode, 0);
  } finally { cleanup(dir); }
  dir = project(w, `${CONFIG}rules:\n  language-unknown: error\n`);
  try {
    const r = await lintInProcess(dir);
    assert.equal(r.diagnostics.map((d) => [d.ruleId, d.severity]), [['language-unknown', 'error']]);
    assert.is(r.exitCode, 1);
  } finally { cleanup(dir); }
  dir = project(w, `${CONFIG}rules:\n  language-unknown: off\n`);
  try { assert.equal((await lintInProcess(dir)).diagnostics, []); } finally { cleanup(dir); }
  dir = project(w, `${CONFIG}rules:\n  languag-unknown: off\n`);
  try { assert.match((await refusal(dir)).message, /unknown rule id 'languag-unknown'.*did you mean 'language-unknown'/); } finally { cleanup(dir); }
});

test('inline suppression with a reason silences the finding on the next line', async () => {
  const dir = project({ 'templates/a.yaml': VALID.replace('language: en_US', '# tplsync-disable-next-line language-unknown -- partner supports it\nlanguage: xx_YY') });
  try {
    const r = await lintInProcess(dir);
    assert.equal(r.diagnostics, []);
    assert.is(r.exitCode, 0);
  } finally { cleanup(dir); }
});

test('finds the config from a subdirectory and resolves globs relative to it', async () => {
  const dir = project({ 'templates/a.yaml': VALID, 'templates/nested/deep/b.yaml': VALID.replace('order_ready', 'other').replace('your order is ready', 'your parcel is ready') });
  try {
    const { loadConfig } = await import('../src/config/load.ts');
    const { lintProject } = await import('../src/lint/run.ts');
    const cwd = path.join(dir, 'templates', 'nested');
    const run = await lintProject(await loadConfig({ cwd }), [], cwd);
    assert.is(run.files.length, 2);
    assert.equal(run.diagnostics, []);
  } finally { cleanup(dir); }
});

test('cross-file: duplicate identities across files, unknown channel aliases', async () => {
  const dir = project({
    'templates/a.yaml': VALID,
    'templates/b.yaml': VALID,
    'templates/c.yaml': VALID.replace('shop-whatsapp', 'shop-whatsap').replace('order_ready', 'c'),
  });
  try {
    const r = await lintInProcess(dir);
    assert.equal(r.diagnostics.map((d) => `${path.basename(d.file)}:${d.ruleId}`), ['a.yaml:duplicate-template', 'b.yaml:duplicate-template', 'c.yaml:unknown-channel']);
  } finally { cleanup(dir); }
});

const KIND_CONFIG = (channels: string) => `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n${channels}`;
const RCS_ONLY = (channel: string) => `channel: ${channel}\nname: parcel_card\nlanguage: en_US\ndescription: Parcel\nmessage:\n  type: text\n  message: "Your parcel {{order_id}} is on its way to you."\n  examples: { order_id: A-1042 }\n`;
const WA_ONLY = (channel: string) => `channel: ${channel}\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`;

test('channel-kind: an RCS-only template on a WhatsApp channel and a WhatsApp template on an RCS channel are errors at the channel line', async () => {
  const dir = project({
    'templates/a.yaml': `# a comment first\n${RCS_ONLY('wa')}`,
    'templates/b.yaml': WA_ONLY('rcs'),
    'templates/c.yaml': RCS_ONLY('rcs').replace('parcel_card', 'parcel_ok'),
    'templates/d.yaml': WA_ONLY('wa').replace('order_ready', 'order_ok'),
  }, KIND_CONFIG('channels:\n  wa: { kind: whatsapp }\n  rcs: { kind: rcs }\n'));
  try {
    const { exitCode, diagnostics } = await lintInProcess(dir);
    assert.is(exitCode, 1);
    const kind = diagnostics.filter((d) => d.ruleId === 'channel-kind').map((d) => `${path.basename(d.file)}:${d.line}:${d.column}`).sort();
    assert.equal(kind, ['a.yaml:2:10', 'b.yaml:1:10']);
    assert.match(diagnostics.find((d) => d.file.endsWith('a.yaml'))!.message, "Channel 'wa' is a WhatsApp channel");
    assert.match(diagnostics.find((d) => d.file.endsWith('b.yaml'))!.message, "Channel 'rcs' is an RCS channel");
    // every alias has its kind: lint has no warning to print about kinds (src/cli/lint.ts)
    const { aliasesWithoutKind, loadConfig } = await import('../src/config/load.ts');
    assert.equal(aliasesWithoutKind(await loadConfig({ cwd: dir })), []);
  } finally { cleanup(dir); }
});

test('overrides: per-path severities, validated with did-you-mean', async () => {
  const long = 'x '.repeat(100);
  const t = (n: string) => `channel: shop-rcs\nname: ${n}\nlanguage: en_US\nmessage:\n  type: text\n  message: Hello there.\n  fallback: { text: "${long}" }\n`;
  const files = { 'templates/rcs/a.yaml': t('a'), 'templates/other/b.yaml': t('b') };
  let dir = project(files, `${CONFIG}overrides:\n  - files: ["templates/rcs/**"]\n    rules: { rcs-fallback-length: off }\n`);
  try {
    const { diagnostics } = await lintInProcess(dir);
    assert.equal(diagnostics.map((x) => `${x.ruleId} ${path.basename(path.dirname(x.file))}`), ['rcs-fallback-length other']);
  } finally { cleanup(dir); }
  dir = project(files, `${CONFIG}overrides:\n  - fles: ["templates/rcs/**"]\n    rules: {}\n`);
  try { assert.match((await refusal(dir)).message, /overrides\[0\]: unknown key 'fles'; did you mean 'files'\?/); } finally { cleanup(dir); }
  dir = project(files, `${CONFIG}overrides:\n  - files: ["templates/rcs/**"]\n    rules: { rcs-fallback-lenght: off }\n`);
  try { assert.match((await refusal(dir)).message, /unknown rule id 'rcs-fallback-lenght'.*did you mean 'rcs-fallback-length'\?/); } finally { cleanup(dir); }
});

test.run();
