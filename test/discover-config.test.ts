// The config file is never taken for a template: a `templates` glob such as `**/*.yaml`, or a
// directory named on the command line, that also finds `tplsync.config.yaml` leaves it out (it
// was linted as a template and failed with "Unknown key 'channels'"); named as a file, it is
// checked as asked.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { lintProject } from '../src/lint/run.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';

const TEMPLATE = `name: hello
language: en_US
category: UTILITY
channel: wa
body:
  text: "Hello {{1}}, your order is on its way to you"
  examples: { 1: Maria }
`;

function project(globs: string, extension: 'yaml' | 'yml'): string {
  const dir = tempDir();
  writeFiles(dir, {
    [`tplsync.config.${extension}`]: `templates: [${JSON.stringify(globs)}]\nchannels:\n  wa: { kind: whatsapp }\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: 3b66178b-585b-549b-8664-15b9ad34b735 }\n`,
    'hello.en_US.yaml': TEMPLATE,
    'sub/hello.de.yml': TEMPLATE.replace('en_US', 'de'),
  });
  return dir;
}

for (const [glob, ext] of [['**/*.yaml', 'yaml'], ['*.{yaml,yml}', 'yaml'], ['**/*.{yaml,yml}', 'yml'], ['**/*', 'yml']] as const) {
  test(`the config's glob ${glob} leaves out tplsync.config.${ext}`, async () => {
    const dir = project(glob, ext);
    try {
      const config = await loadConfig({ cwd: dir });
      const files = (await discoverFiles(config, [], dir)).map((f) => f.file);
      assert.not.ok(files.some((f) => f.startsWith('tplsync.config')), files.join(', '));
      assert.ok(files.includes('hello.en_US.yaml'));
      const run = await lintProject(config, [], dir, {});
      assert.equal(run.diagnostics.filter((d) => d.severity === 'error'), [], 'the project lints clean');
    } finally { cleanup(dir); }
  });
}

test('a directory named on the command line leaves out the config in it; so does a path naming the config (no template: lint and fmt say so)', async () => {
  const dir = project('*.yaml', 'yaml');
  try {
    const config = await loadConfig({ cwd: dir });
    const inDir = (await discoverFiles(config, ['.'], dir)).map((f) => f.file);
    assert.equal(inDir.sort(), ['hello.en_US.yaml', path.join('sub', 'hello.de.yml')].sort());
    const named = (await discoverFiles(config, ['tplsync.config.yaml', 'hello.en_US.yaml'], dir)).map((f) => f.file);
    assert.equal(named, ['hello.en_US.yaml']);
  } finally { cleanup(dir); }
});

test('a glob longer than any path, on the command line or in the config: a usage error that says so, never the matcher crashing', async () => {
  const dir = project('**/*.yaml', 'yaml');
  try {
    const config = await loadConfig({ cwd: dir });
    const huge = `templates/${'*'.repeat(70_000)}.yaml`;
    const failure = (p: Promise<unknown>): Promise<Error | undefined> => p.then(() => undefined, (e: Error) => e);
    const e1 = await failure(discoverFiles(config, [huge], dir));
    assert.is(e1?.name, 'UsageError', String(e1));
    assert.match(e1!.message, 'a path or glob of 70,015 characters');
    writeFiles(dir, { 'tplsync.config.yaml': `templates: [${JSON.stringify(huge)}]\n` });
    assert.match(String((await failure(loadConfig({ cwd: dir })))?.message), /templates\[0\]: must NOT have more than 4096 characters/);
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["**/*.yaml"]\noverrides:\n  - files: [${JSON.stringify(huge)}]\n    rules: { text-characters: off }\n` });
    assert.match(String((await failure(loadConfig({ cwd: dir })))?.message), /overrides\[0\]\.files\[0\]: must NOT have more than 4096 characters/);
  } finally { cleanup(dir); }
});

// Windows tools' files on the way to the config: cosmiconfig threw on them before any handler (exit 70)
test('a package.json with a byte order mark is read (and passed when it has no tplsync key); one that is not JSON, a UTF-16 or NUL config: a usage error with the file and line', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["t/**/*.yaml"]\n', 'packages/billing/package.json': '\uFEFF{ "name": "@acme/billing", "version": "1.0.0" }\r\n', 'packages/web/package.json': '\uFEFF{ "name": "web", "tplsync": { "templates": ["w/**/*.yaml"] } }\n', 'bad/package.json': '{\n  "name": "x",\n}\n', 'rc/.tplsyncrc.json': '\uFEFF{ "templates": ["rc/**/*.yaml"] }' });
    const billing = await loadConfig({ cwd: path.join(dir, 'packages', 'billing') });
    assert.is(billing.file, path.join(dir, 'tplsync.config.yaml'));
    assert.equal((await loadConfig({ cwd: path.join(dir, 'packages', 'web') })).templates, ['w/**/*.yaml']);
    assert.equal((await loadConfig({ cwd: path.join(dir, 'rc') })).templates, ['rc/**/*.yaml']);
    const bad = await loadConfig({ cwd: path.join(dir, 'bad') }).then(() => undefined, (e: Error & { exitCode?: number }) => e);
    assert.is(bad?.exitCode, 3);
    assert.match(bad!.message, /package\.json:3:1: JSON syntax error: .*\n\(tplsync looks in each package\.json from the working directory up for a "tplsync" key/);
    writeFiles(dir, { 'u16/tplsync.config.yaml': '' });
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(dir, 'u16', 'tplsync.config.yaml'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('templates: []\n', 'utf16le')]));
    const u16 = await loadConfig({ cwd: path.join(dir, 'u16') }).then(() => undefined, (e: Error & { exitCode?: number }) => e);
    assert.is(u16?.exitCode, 3);
    assert.match(u16!.message, /tplsync\.config\.yaml is UTF-16 text: save it as UTF-8/);
    writeFileSync(path.join(dir, 'u16', 'tplsync.config.yaml'), 'templates: []\nrules: {}\n\0');
    assert.match(String(await loadConfig({ cwd: path.join(dir, 'u16') }).catch((e: Error) => e.message)), /tplsync\.config\.yaml:3: a NUL byte \(not text\): delete it/);
  } finally { cleanup(dir); }
});

test('a template whose extension is in capitals (.YAML, .Yml) is reported as a finding where it lies, with the config\'s globs and with a folder named, never skipped in silence', async () => {
  const { refusedOf } = await import('../src/files/refusals.ts');
  const { runWithIo } = await import('../src/core/io.ts');
  const dir = tempDir();
  try {
    writeFiles(dir, { 'templates/wa/a.yaml': 'x: 1\n', 'templates/wa/Reminder.YAML': 'x: 1\n', 'templates/wa/b.Yml': 'x: 1\n', 'templates/wa/notes.txt': '' });
    const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: dir, env: {}, args: [] } as never;
    for (const paths of [[], ['templates/wa']]) {
      await runWithIo(io, async () => {
        const files = await discoverFiles({ dir, templates: ['templates/**/*.{yaml,yml}'] }, paths, dir);
        assert.equal(files.map((f) => f.file), ['templates/wa/Reminder.YAML', 'templates/wa/a.yaml', 'templates/wa/b.Yml'], String(paths));
        const refused = refusedOf();
        assert.match(refused.get(path.join(dir, 'templates/wa/Reminder.YAML'))?.message ?? '', 'its extension .YAML is not in small letters');
        assert.match(refused.get(path.join(dir, 'templates/wa/b.Yml'))?.message ?? '', 'Rename it to b.yml');
        assert.is(refused.has(path.join(dir, 'templates/wa/a.yaml')), false);
        return 0;
      });
    }
  } finally { cleanup(dir); }
});

test('duplicate-template between two file names that look the same (NFC and NFD): the message says how they differ', async () => {
  const dir = tempDir();
  try {
    const nfc = 'caf\u00e9.en_US.yaml';
    const nfd = 'cafe\u0301.en_US.yaml';
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: 3b66178b-585b-549b-8664-15b9ad34b735 }\n', [nfc]: TEMPLATE, [nfd]: TEMPLATE });
    const { readdirSync } = await import('node:fs');
    if (readdirSync(dir).filter((f) => f.startsWith('caf')).length < 2) return; // a file system that normalises names holds one file
    const config = await loadConfig({ cwd: dir });
    const run = await lintProject(config, [], dir, {});
    const dup = run.diagnostics.filter((d) => d.ruleId === 'duplicate-template');
    assert.is(dup.length, 2);
    for (const d of dup) assert.match(d.message, 'one writes an accent as one character (NFC), the other as a letter and a combining mark (NFD); rename one');
  } finally { cleanup(dir); }
});

test.run();
