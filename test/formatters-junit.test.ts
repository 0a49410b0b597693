// `lint --format junit`: JUnit XML as GitLab, Jenkins and Azure DevOps read it, valid against the
// Jenkins xUnit plugin's junit-10.xsd (vendored in test/fixtures/junit, SOURCE.md there) with
// xmllint (Debian's libxml2-utils, as translations-formats.test.ts needs it), whatever a message
// or a file's name holds; read back by a parser that is not ours (fast-xml-parser).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { XMLParser } from 'fast-xml-parser';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { FORMATTERS } from '../src/lint/formatters/index.ts';
import { cleanup, cliIn, CONFIG, FIXTURES, tempDir, VALID, writeFiles } from './helpers.ts';

const XSD = path.join(FIXTURES, 'junit', 'junit-10.xsd');

/** xmllint's verdict on `xml` against junit-10.xsd: '' when it validates */
function invalid(xml: string): string {
  const which = spawnSync('sh', ['-c', 'command -v xmllint'], { encoding: 'utf8' });
  if (which.status !== 0) throw new Error('xmllint is not installed: this test needs it, on every machine (CONTRIBUTING.md, "What to install"). Debian and Ubuntu: apt-get install libxml2-utils; Fedora: dnf install libxml2; macOS: brew install libxml2');
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'report.xml'), xml);
    const r = spawnSync('xmllint', ['--noout', '--schema', XSD, path.join(dir, 'report.xml')], { encoding: 'utf8' });
    return r.status === 0 ? '' : r.stderr;
  } finally { cleanup(dir); }
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseAttributeValue: false, parseTagValue: false, trimValues: false, isArray: (name) => ['testsuite', 'testcase', 'failure'].includes(name) });
type Case = { '@name': string; '@classname': string; failure?: { '@type': string; '@message': string; '#text': string }[] };
type Suite = { '@name': string; '@tests': string; '@failures': string; '@file'?: string; testcase?: Case[]; 'system-out'?: string };
const read = (xml: string) => (parser.parse(xml) as { testsuites: { '@tests': string; '@failures': string; testsuite: Suite[] } }).testsuites;

const HOSTILE = 'a <b> & "quoted" \'single\' ]]> \u0001\u001b[31m 😀 \ud800 lone \uffff end\nsecond line';
const FILE = 'templates/odd & <name> "x" 😀.yaml';

test('a message with markup characters, quotes, control characters, a lone surrogate, emoji: escaped, valid against junit-10.xsd, read back as written (controls as escapes)', () => {
  const diags: Diagnostic[] = [
    { file: FILE, line: 3, column: 7, endLine: 3, endColumn: 12, ruleId: 'category', severity: 'error', message: HOSTILE },
    { file: FILE, line: 5, column: 2, endLine: 5, endColumn: 3, ruleId: 'placeholder-sequence', severity: 'error', message: 'second error' },
    { file: FILE, line: 6, column: 1, endLine: 6, endColumn: 2, ruleId: 'text-characters', severity: 'warning', message: 'a warning <w>' },
    { file: 'templates/c.yaml', line: 2, column: 1, endLine: 2, endColumn: 5, ruleId: 'schema', severity: 'info', message: 'an info' },
  ];
  const xml = FORMATTERS.junit(diags, {
    fileCount: 3, color: false, toolVersion: '1.2.3', files: [FILE, 'templates/c.yaml', 'templates/clean.yaml'],
    configWarnings: [{ message: 'no kind for channel <x> & "y"', file: 'tplsync.config.yaml', line: 4, column: 3 }, { message: 'no config found' }],
  });
  assert.is(invalid(xml), '', xml);
  assert.not.match(xml, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/, 'no control character in the XML');
  const root = read(xml);
  assert.equal([root['@tests'], root['@failures']], ['4', '2']);
  const [odd, c, clean, config] = root.testsuite;
  // one suite per file, in the run's order, a clean file too
  assert.equal(root.testsuite.map((s) => s['@name']), [FILE, 'templates/c.yaml', 'templates/clean.yaml', 'tplsync config']);
  // a failed testcase per error finding, its failure with the rule, the message and file:line:col
  assert.equal([odd!['@tests'], odd!['@failures'], odd!['@file']], ['2', '2', FILE]);
  assert.equal(odd!.testcase!.map((t) => [t['@name'], t['@classname']]), [['category (3:7)', FILE], ['placeholder-sequence (5:2)', FILE]]);
  const failure = odd!.testcase![0]!.failure![0]!;
  const shown = 'a <b> & "quoted" \'single\' ]]> \\u0001\\u001b[31m 😀 \\ud800 lone \\uffff end\\nsecond line';
  assert.is(failure['@type'], 'category');
  assert.is(failure['@message'], shown);
  assert.is(failure['#text'], `${FILE}:3:7: category: ${shown}`);
  // warnings and infos fail no test: a line each of the file's system-out
  assert.is(odd!['system-out'], `${FILE}:6:1: warning: text-characters: a warning <w>`);
  assert.equal([c!['@tests'], c!['@failures'], c!.testcase!.map((t) => t['@name']), c!['system-out']], ['1', '0', ['lint'], 'templates/c.yaml:2:1: info: schema: an info']);
  assert.equal([clean!['@tests'], clean!['@failures'], clean!.testcase!.map((t) => [t['@name'], t['@classname'], t.failure])], ['1', '0', [['lint', 'templates/clean.yaml', undefined]]]);
  // the config's own warnings: a suite with no test, beside the files'
  assert.equal([config!['@tests'], config!['system-out']], ['0', 'tplsync.config.yaml:4:3: warning: no kind for channel <x> & "y"\nwarning: no config found']);
});

test('no finding, no file: still a report that validates', () => {
  for (const files of [[], ['templates/a.yaml']]) {
    const xml = FORMATTERS.junit([], { fileCount: files.length, color: false, toolVersion: '1.2.3', files });
    assert.is(invalid(xml), '', xml);
    assert.is(read(xml)['@tests'], String(files.length));
  }
});

test('lint --format junit -o FILE: the report of every file checked, valid, the exit code lint\'s own', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/good.yaml': VALID,
      'templates/bad.yaml': VALID.replace(/name: .*/, 'name: Bad Name'),
    });
    const r = await cliIn(['lint', '--format', 'junit', '-o', 'report.xml'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.is(r.stdout, '');
    const xml = readFileSync(path.join(dir, 'report.xml'), 'utf8');
    assert.is(invalid(xml), '', xml);
    const root = read(xml);
    // (and the config's own warnings, if any: a suite without a test)
    assert.equal(root.testsuite.map((s) => s['@name']).filter((n) => n !== 'tplsync config').sort(), ['templates/bad.yaml', 'templates/good.yaml']);
    const bad = root.testsuite.find((s) => s['@name'] === 'templates/bad.yaml')!;
    const names = bad.testcase!.map((t) => t.failure![0]!['@type']);
    assert.ok(names.includes('name-format'), xml);
    assert.match(bad.testcase![names.indexOf('name-format')]!.failure![0]!['#text'], /^templates\/bad\.yaml:\d+:\d+: name-format: Template name 'Bad Name'/);
    writeFiles(dir, { 'templates/bad.yaml': VALID.replace(/name: (.*)/, 'name: $1_two') });
    const ok = await cliIn(['lint', '--format', 'junit'], { cwd: dir });
    assert.is(ok.exitCode, 0, ok.stderr);
    assert.is(invalid(ok.stdout), '', ok.stdout);
    assert.equal([read(ok.stdout)['@tests'], read(ok.stdout)['@failures']], ['2', '0']);
  } finally { cleanup(dir); }
});

test('two errors of one rule at one place: testcases of one file never share a name (the readers key them by classname and name), still valid', () => {
  const at = { file: 'templates/broken.en_US.yaml', line: 2, column: 7, endLine: 2, endColumn: 8, severity: 'error' as const };
  const diags: Diagnostic[] = [
    { ...at, ruleId: 'yaml-syntax', message: 'first' },
    { ...at, ruleId: 'yaml-syntax', message: 'second' },
    { ...at, ruleId: 'yaml-syntax', message: 'third' },
    { ...at, ruleId: 'schema', message: 'another rule' },
  ];
  const xml = FORMATTERS.junit(diags, { fileCount: 1, color: false, toolVersion: '1.2.3', files: [at.file] });
  assert.is(invalid(xml), '', xml);
  const names = read(xml).testsuite[0]!.testcase!.map((t) => `${t['@classname']} ${t['@name']}`);
  assert.equal(names, [`${at.file} yaml-syntax (2:7)`, `${at.file} yaml-syntax (2:7) #2`, `${at.file} yaml-syntax (2:7) #3`, `${at.file} schema (2:7)`]);
  assert.is(new Set(names).size, names.length);
});

test('lint --format junit --max-warnings: the report fails a test exactly when lint exits 1 (errors, warnings over the limit), valid each time', async () => {
  const dir = tempDir();
  try {
    // an unknown language is a warning (cli-lint.test.ts)
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/good.yaml': VALID, 'templates/w.yaml': VALID.replace(/name: (.*)/, 'name: $1_w').replace('en_US', 'xx_YY') });
    const cases: { args: string[]; exit: number }[] = [
      { args: [], exit: 0 },
      { args: ['--max-warnings', '5'], exit: 0 },
      { args: ['--max-warnings', '0'], exit: 1 },
    ];
    const runs = async (): Promise<void> => {
      for (const c of cases) {
        const r = await cliIn(['lint', '--format', 'junit', ...c.args], { cwd: dir });
        assert.is(r.exitCode, c.exit, `${c.args.join(' ')}: ${r.stderr}`);
        assert.is(invalid(r.stdout), '', r.stdout);
        const root = read(r.stdout);
        assert.is(Number(root['@failures']) > 0, r.exitCode === 1, `${c.args.join(' ')}: exit ${r.exitCode}, failures ${root['@failures']}\n${r.stdout}`);
        const tplsync = root.testsuite.find((x) => x['@name'] === 'tplsync');
        if (c.args.includes('--max-warnings')) {
          assert.equal(tplsync?.testcase?.map((t) => t['@name']), ['max-warnings'], r.stdout);
          if (c.exit) assert.match(tplsync!.testcase![0]!.failure![0]!['@message'], /^\d+ warnings?, more than --max-warnings 0$/);
          else assert.is(tplsync!.testcase![0]!.failure, undefined);
        } else assert.is(tplsync, undefined, 'no --max-warnings: no test for it');
      }
    };
    await runs();
    // with the cache: a report kept for one --max-warnings is not reused for another
    cases.forEach((c) => c.args.push('--cache'));
    await runs();
    await runs();
    // an error beside the warnings: failed, with or without the limit
    writeFiles(dir, { 'templates/bad.yaml': VALID.replace(/name: .*/, 'name: Bad Name') });
    for (const extra of [[], ['--max-warnings', '5'], ['--max-warnings', '0']]) {
      const r = await cliIn(['lint', '--format', 'junit', ...extra], { cwd: dir });
      assert.is(r.exitCode, 1, r.stderr);
      assert.is(invalid(r.stdout), '', r.stdout);
      assert.ok(Number(read(r.stdout)['@failures']) > 0);
    }
  } finally { cleanup(dir); }
});

test('lint -o FILE stopped before its report (a config typo, exit 3): the earlier green report is not left in place (junit, markdown: a report of the failure; json, sarif: removed); another file is left alone', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/good.yaml': VALID });
    const ext = { junit: 'xml', markdown: 'md', json: 'json', sarif: 'sarif' } as const;
    for (const format of Object.keys(ext) as (keyof typeof ext)[]) {
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG });
      const out = `report.${ext[format]}`;
      const ok = await cliIn(['lint', '--format', format, '-o', out], { cwd: dir });
      assert.is(ok.exitCode, 0, ok.stderr);
      const green = readFileSync(path.join(dir, out), 'utf8');
      // a typo in the config: exit 3, no lint
      writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG}rulez: {}\n` });
      const r = await cliIn(['lint', '--format', format, '-o', out], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      if (format === 'json' || format === 'sarif') {
        assert.not.ok(existsSync(path.join(dir, out)), `${format}: the stale report removed`);
        continue;
      }
      const now = readFileSync(path.join(dir, out), 'utf8');
      assert.is.not(now, green);
      if (format === 'junit') {
        assert.is(invalid(now), '', now);
        const root = read(now);
        assert.equal([root['@tests'], root['@failures']], ['1', '1']);
        const t = root.testsuite[0]!.testcase![0]!;
        assert.equal([root.testsuite[0]!['@name'], t['@name'], t['@classname']], ['tplsync', 'tplsync', 'tplsync']);
        assert.match(t.failure![0]!['@message'], /^tplsync lint did not run: .*rulez/);
      } else {
        assert.match(now, /^## tplsync lint\n\n❌ tplsync lint did not run: .*rulez/);
        assert.not.match(now, /no problems/);
      }
    }
    // a file that is no tplsync report (a template named by mistake): untouched, as the config that would protect it was not read
    const r = await cliIn(['lint', '--format', 'junit', '-o', 'templates/good.yaml'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.is(readFileSync(path.join(dir, 'templates/good.yaml'), 'utf8'), VALID);
  } finally { cleanup(dir); }
});

test('lint -o FILE refused on its command line (an unknown option, a format not among the choices, a value missing: exit 3 before lint runs): the earlier report is not left in place either, whatever the spelling of -o and --format', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/good.yaml': VALID });
    const green = async (format: string, out: string): Promise<void> => {
      const ok = await cliIn(['lint', '--format', format, '-o', out], { cwd: dir });
      assert.is(ok.exitCode, 0, ok.stderr);
    };
    // an unknown option, -o spelled three ways: the JUnit report says lint did not run, and why
    for (const spelled of [['-o', 'r.xml'], ['--output=r.xml'], ['-or.xml']]) {
      await green('junit', 'r.xml');
      const r = await cliIn(['--env', 'local', 'lint', '-f', 'junit', ...spelled, '--bogus'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      const now = readFileSync(path.join(dir, 'r.xml'), 'utf8');
      assert.is(invalid(now), '', now);
      assert.match(read(now).testsuite[0]!.testcase![0]!.failure![0]!['@message'], /^tplsync lint did not run: unknown option '--bogus'/, spelled.join(' '));
    }
    // a format not among the choices: the JSON report of the earlier run is removed (no format to say the failure in)
    await green('json', 'r.json');
    const bad = await cliIn(['lint', '--format=jsonn', '-o', 'r.json'], { cwd: dir });
    assert.is(bad.exitCode, 3, bad.stderr);
    assert.not.ok(existsSync(path.join(dir, 'r.json')));
    // --max-warnings without its value
    await green('markdown', 'r.md');
    const missing = await cliIn(['lint', '--format', 'markdown', '-o', 'r.md', '--max-warnings'], { cwd: dir });
    assert.is(missing.exitCode, 3, missing.stderr);
    assert.match(readFileSync(path.join(dir, 'r.md'), 'utf8'), /^## tplsync lint\n\n❌ tplsync lint did not run: option '--max-warnings &lt;n>' argument missing/);
    // another command's refused line, and a file that is no report: left alone
    await green('junit', 'r.xml');
    const before = readFileSync(path.join(dir, 'r.xml'), 'utf8');
    assert.is((await cliIn(['plan', '-o', 'r.xml', '--bogus'], { cwd: dir })).exitCode, 3);
    assert.is(readFileSync(path.join(dir, 'r.xml'), 'utf8'), before);
    assert.is((await cliIn(['lint', '-o', 'templates/good.yaml', '--bogus'], { cwd: dir })).exitCode, 3);
    assert.is(readFileSync(path.join(dir, 'templates/good.yaml'), 'utf8'), VALID);
  } finally { cleanup(dir); }
});

test.run();
