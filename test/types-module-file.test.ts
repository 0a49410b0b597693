// The module file `tplsync types` writes, as an app's repository holds it. A module made with
// `--import-from` records the import in its first line: `types --check` (the pull-request
// workflow's, without the option) found it stale every time, and its advice, as a plain re-run,
// wrote `from 'tplsync'` back over the import the app compiles with. A module an editor saved with
// a UTF-8 byte-order mark (utf-8-bom) was "a source file that tplsync did not generate": neither
// checked nor rewritten; it is the same module, and a rewrite keeps the mark (and the line ends).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { GENERATED_HEADER, generatedWith } from '../src/typegen/header.ts';
import { VALID } from '../bench/generate.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { twoEnvironments } from './two-environments.ts';

const CONFIG = twoEnvironments();
const SECOND = VALID.replace('name: order_ready', 'name: order_shipped').replace('ready for pickup at the store', 'on its way to you');
const BOM = '\ufeff';

async function inProject(use: (dir: string, run: (args: string[]) => ReturnType<typeof cliIn>) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': VALID });
    await use(dir, (args) => cliIn(args, { cwd: dir }));
  } finally { cleanup(dir); }
}

test('the first line records --import-from (shell-quoted) beside --env, and generatedWith reads both back; tplsync itself is not recorded', () => {
  for (const o of [{}, { environment: 'production' }, { importFrom: '#tplsync' }, { environment: 'production', importFrom: '@acme/messaging/tplsync' }, { importFrom: "../vendor/it's tplsync/index.js" }]) {
    assert.equal(generatedWith(GENERATED_HEADER('tplsync.config.yaml', o)), o);
    assert.equal(generatedWith(BOM + GENERATED_HEADER('tplsync.config.yaml', o)), o, 'after a byte-order mark');
  }
  assert.match(GENERATED_HEADER('c.yaml', { environment: 'production', importFrom: '#tplsync' }), "run `tplsync types --env production --import-from '#tplsync'` to update it");
  assert.equal(generatedWith(GENERATED_HEADER('c.yaml', { importFrom: 'tplsync' })), {});
  assert.equal(generatedWith('// a file of my own\n'), {});
});

test('a module made with --import-from: up to date to a plain types --check; stale, the advice keeps the import; a plain re-run keeps it; --import-from tplsync puts it back', () => inProject(async (dir, run) => {
  const file = path.join(dir, 'imp.ts');
  const made = await run(['types', '--import-from', '#tplsync', '--out', 'imp.ts']);
  assert.is(made.exitCode, 0, made.stdout + made.stderr);
  const text = readFileSync(file, 'utf8');
  assert.match(text.split('\n')[0]!, "tplsync types --import-from '#tplsync' from");
  assert.match(text, "} from '#tplsync';");
  const check = await run(['types', '--check', '--out', 'imp.ts']);
  assert.is(check.exitCode, 0, check.stdout + check.stderr);
  assert.match(check.stdout, 'imp.ts is up to date (1 template)');
  // a template added: stale, and the advice is a command that keeps the import
  writeFiles(dir, { 'templates/order_shipped.en_US.yaml': SECOND });
  const stale = await run(['types', '--check', '--out', 'imp.ts']);
  assert.is(stale.exitCode, 1, stale.stdout + stale.stderr);
  assert.match(stale.stderr, "imp.ts is stale; update it with: tplsync types --import-from '#tplsync' --out imp.ts");
  // a plain re-run (what the file's first line said to run) keeps it
  const again = await run(['types', '--out', 'imp.ts']);
  assert.is(again.exitCode, 0, again.stdout + again.stderr);
  assert.match(readFileSync(file, 'utf8'), "} from '#tplsync';");
  assert.is((await run(['types', '--check', '--out', 'imp.ts'])).exitCode, 0);
  // an explicit --import-from wins, tplsync included (then nothing is recorded)
  assert.is((await run(['types', '--check', '--import-from', 'tplsync', '--out', 'imp.ts'])).exitCode, 1);
  assert.is((await run(['types', '--import-from', 'tplsync', '--out', 'imp.ts'])).exitCode, 0);
  const back = readFileSync(file, 'utf8');
  assert.match(back, "} from 'tplsync';");
  assert.not.match(back.split('\n')[0]!, '--import-from');
  // the config's typesOut, checked as the pull-request workflow checks it (`types --check`), with --env beside it
  assert.is((await run(['types', '--env', 'production', '--import-from', '#tplsync'])).exitCode, 0);
  const ci = await run(['types', '--check']);
  assert.is(ci.exitCode, 0, ci.stdout + ci.stderr);
  // an import the first line could not hold
  const bad = await run(['types', '--import-from', 'a\nb', '--out', 'bad.ts']);
  assert.is(bad.exitCode, 3, bad.stdout + bad.stderr);
  assert.match(bad.stderr, '--import-from');
}));

test('a module made with --import-from before its first line recorded it: stale, the advice and a plain re-run keep its import, and record it', () => inProject(async (dir, run) => {
  const file = path.join(dir, 'old.ts');
  assert.is((await run(['types', '--import-from', '#tplsync', '--out', 'old.ts'])).exitCode, 0);
  // the first line as it was written then: no --import-from in it
  writeFileSync(file, readFileSync(file, 'utf8').replace(/ --import-from '#tplsync'/g, ''));
  assert.not.match(readFileSync(file, 'utf8').split('\n')[0]!, '--import-from');
  const stale = await run(['types', '--check', '--out', 'old.ts']);
  assert.is(stale.exitCode, 1, stale.stdout + stale.stderr);
  assert.match(stale.stderr, "old.ts is stale; update it with: tplsync types --import-from '#tplsync' --out old.ts");
  assert.is((await run(['types', '--out', 'old.ts'])).exitCode, 0);
  const now = readFileSync(file, 'utf8');
  assert.match(now.split('\n')[0]!, "tplsync types --import-from '#tplsync' from");
  assert.match(now, "} from '#tplsync';");
}));

test('a module with a byte-order mark is the module: up to date to --check, rewritten when stale with its mark and its CRLF line ends kept', () => inProject(async (dir, run) => {
  assert.is((await run(['types', '--out', 'lf.ts'])).exitCode, 0);
  const lf = readFileSync(path.join(dir, 'lf.ts'), 'utf8');
  writeFileSync(path.join(dir, 'bom.ts'), BOM + lf);
  writeFileSync(path.join(dir, 'bom-crlf.ts'), BOM + lf.replace(/\n/g, '\r\n'));
  for (const name of ['bom.ts', 'bom-crlf.ts']) {
    const check = await run(['types', '--check', '--out', name]);
    assert.is(check.exitCode, 0, check.stdout + check.stderr);
    assert.match(check.stdout, `${name} is up to date (1 template)`);
  }
  writeFiles(dir, { 'templates/order_shipped.en_US.yaml': SECOND });
  assert.is((await run(['types', '--check', '--out', 'bom.ts'])).exitCode, 1);
  assert.is((await run(['types', '--out', 'lf.ts'])).exitCode, 0);
  const now = readFileSync(path.join(dir, 'lf.ts'), 'utf8');
  assert.ok(now.includes('order_shipped') && !now.startsWith(BOM) && !now.includes('\r'), 'a file without a mark gets none');
  for (const [name, ends] of [['bom.ts', '\n'], ['bom-crlf.ts', '\r\n']] as const) {
    const r = await run(['types', '--out', name]);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(readFileSync(path.join(dir, name), 'utf8'), BOM + now.replace(/\n/g, ends), name);
    assert.is((await run(['types', '--check', '--out', name])).exitCode, 0);
  }
  // a module with a mark made with --env: --check reads its environment from its first line
  assert.is((await run(['types', '--env', 'production', '--out', 'prod.ts'])).exitCode, 0);
  writeFileSync(path.join(dir, 'prod.ts'), BOM + readFileSync(path.join(dir, 'prod.ts'), 'utf8'));
  assert.is((await run(['types', '--check', '--out', 'prod.ts'])).exitCode, 0);
}));

test('types --check of a source file tplsync did not write: a usage error that fits a command that writes nothing', () => inProject(async (dir, run) => {
  writeFiles(dir, { 'src/app.ts': "export const x = 1;\n" });
  const r = await run(['types', '--check', '--out', 'src/app.ts']);
  assert.is(r.exitCode, 3, r.stdout + r.stderr);
  assert.match(r.stderr, '--out src/app.ts is a source file that tplsync did not generate: --check compares the module');
  assert.not.match(r.stderr, 'not replaced');
  const w = await run(['types', '--out', 'src/app.ts']);
  assert.is(w.exitCode, 3);
  assert.match(w.stderr, 'not replaced');
  assert.is(readFileSync(path.join(dir, 'src/app.ts'), 'utf8'), "export const x = 1;\n");
}));

test.run();
