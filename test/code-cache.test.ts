// The V8 code cache the bin runs its bundle and the validators with (src/core/code-cache.ts): used
// when valid, made again when the bundle or Node changes or the file is damaged, pruned key by key,
// and never in the way of a run when its folder cannot be written. In-process on small bundles of
// our own; the tests of the bin run it.
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeCacheDir, codeCacheName, commandKey, KEEP, loadBundle, pruneCodeCache, unsealed, worthCaching } from '../src/core/code-cache.ts';
import { BIN, ROOT, cleanup, tempDir } from './helpers.ts';

/** a bundle as scripts/bundle.mjs makes it: CommonJS, its import() through the function the loader gives */
const BUNDLE = `'use strict';
const __tplsyncImport = typeof __tplsyncImportFrom === 'function' ? __tplsyncImportFrom : (s) => import(s);
function square(x) { return x * x; }
exports.main = (n) => square(n) + VERSION;
exports.later = () => __tplsyncImport('node:path').then((m) => m.basename('/a/b.txt'));
`;

function bundle(dir: string, version = 1): string {
  const file = path.join(dir, 'main.cjs');
  writeFileSync(file, `const VERSION = ${version};\n${BUNDLE}`);
  return file;
}
const codes = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.code')).sort();

test('the first run makes the cache, the next ones use it, and its functions and import() work from it', async () => {
  const dir = tempDir();
  try {
    const file = bundle(dir);
    const cache = path.join(dir, 'cache');
    const first = loadBundle(file, { dir: cache, key: 'lint' });
    assert.equal([first.used, first.rejected], [false, false]);
    assert.is((first.exports.main as (n: number) => number)(3), 10);
    first.save();
    assert.equal(codes(cache).length, 1);
    assert.match(codes(cache)[0]!, /^lint-[0-9a-f]{24}\.code$/);
    const made = statSync(path.join(cache, codes(cache)[0]!)).mtimeMs;
    for (let i = 0; i < 2; i++) {
      const next = loadBundle(file, { dir: cache, key: 'lint' });
      assert.equal([next.used, next.rejected], [true, false], 'the cache was used');
      assert.is((next.exports.main as (n: number) => number)(4), 17);
      // Node 20 refuses import() in a script made from its code cache: the bundle's goes through the loader
      assert.is(await (next.exports.later as () => Promise<string>)(), 'b.txt');
      next.save();
      assert.is(statSync(path.join(cache, codes(cache)[0]!)).mtimeMs, made, 'a cache that was used is not written again');
    }
    // in a new process (this one keeps what it compiled): made from the file, import() included
    const child = `import(${JSON.stringify(path.join(ROOT, 'dist', 'core', 'code-cache.js'))}).then(async ({ loadBundle }) => { const b = loadBundle(${JSON.stringify(file)}, { dir: ${JSON.stringify(cache)}, key: 'lint' }); console.log(JSON.stringify([b.used, b.rejected, await b.exports.later()])); })`;
    const r = await execa('node', ['-e', child]);
    assert.is(r.stdout, '[true,false,"b.txt"]');
    // another command has its own file
    const plan = loadBundle(file, { dir: cache, key: 'plan' });
    assert.is(plan.used, false);
    plan.save();
    assert.equal(codes(cache).length, 2);
  } finally { cleanup(dir); }
});

test('a new bundle or another Node looks for another file; a damaged file is refused and made again', () => {
  const dir = tempDir();
  try {
    const cache = path.join(dir, 'cache');
    const file = bundle(dir, 1);
    loadBundle(file, { dir: cache, key: 'lint' }).save();
    bundle(dir, 2); // the same length, other code: the file's name changes with its bytes
    const rebuilt = loadBundle(file, { dir: cache, key: 'lint' });
    assert.equal([rebuilt.used, rebuilt.rejected], [false, false]);
    assert.is((rebuilt.exports.main as (n: number) => number)(3), 11, 'the new code runs');
    rebuilt.save();
    assert.equal(codes(cache).length, 2, "the older build's file is kept beside it (another version in use)");
    const otherNode = loadBundle(file, { dir: cache, key: 'lint', runtime: 'v99.0.0-x64' });
    assert.equal([otherNode.used, otherNode.rejected], [false, false]);
    assert.is.not(otherNode.file, rebuilt.file);
    // another installation of the same bytes: a file of its own (V8 keeps the script's name with its code)
    const copy = path.join(dir, 'copy.cjs');
    cpSync(file, copy);
    const bytes = readFileSync(file);
    assert.is.not(codeCacheName('lint', copy, bytes), path.basename(rebuilt.file!));
    assert.is(codeCacheName('lint', file, bytes), path.basename(rebuilt.file!));
    // damaged: V8 refuses it, the run goes on, and the file is made again (a path this process has
    // not compiled: V8 keeps the scripts it compiled by source and path, and would not read the
    // file for one it compiled already)
    writeFileSync(path.join(cache, codeCacheName('lint', copy, bytes)), Buffer.alloc(2000, 7));
    const damaged = loadBundle(copy, { dir: cache, key: 'lint' });
    assert.is(damaged.file, path.join(cache, codeCacheName('lint', copy, bytes)));
    assert.equal([damaged.used, damaged.rejected], [false, true]);
    assert.is((damaged.exports.main as (n: number) => number)(3), 11);
    damaged.save();
    // made again: its bytes serve a path not compiled yet (V8 does not check the name)
    const again = path.join(dir, 'again.cjs');
    cpSync(file, again);
    cpSync(damaged.file!, path.join(cache, codeCacheName('lint', again, bytes)));
    assert.equal(loadBundle(again, { dir: cache, key: 'lint' }).used, true, 'made again');
  } finally { cleanup(dir); }
});

test('a file damaged in place (its length kept) is refused before V8 sees it, and made again: V8 of Node 20 would crash on it', () => {
  const dir = tempDir();
  try {
    const file = bundle(dir);
    const cache = path.join(dir, 'cache');
    const first = loadBundle(file, { dir: cache, key: 'lint' });
    (first.exports.main as (n: number) => number)(2);
    first.save();
    const cacheFile = path.join(cache, codes(cache)[0]!);
    const good = readFileSync(cacheFile);
    assert.ok(unsealed(good), 'a file of ours');
    // bytes flipped in the middle of V8's data, the length the same (in a copy of the bundle at another path: V8 keeps what this process compiled by path)
    const bad = Buffer.from(good);
    for (let i = 0; i < 8; i++) { const at = Math.floor(bad.length / 2) + i; bad[at] = bad[at]! ^ 0xa5; }
    const copy = path.join(dir, 'copy.cjs');
    cpSync(file, copy);
    // the copy's own cache file (named for its path too), holding the damaged bytes
    const copyCache = path.join(cache, codeCacheName('lint', copy, readFileSync(file)));
    writeFileSync(copyCache, bad);
    const damaged = loadBundle(copy, { dir: cache, key: 'lint' });
    assert.equal([damaged.used, damaged.rejected], [false, true]);
    assert.is((damaged.exports.main as (n: number) => number)(3), 10);
    damaged.save();
    assert.ok(unsealed(readFileSync(copyCache)), 'made again, whole');
    // the data V8 wrote, without our mark (an older build's file): refused as well
    writeFileSync(copyCache, unsealed(good)!);
    assert.equal(loadBundle(path.join(dir, 'copy.cjs'), { dir: cache, key: 'lint' }).rejected, true);
  } finally { cleanup(dir); }
});

test('one cache file per command: the key is the first argument that names one, never an option value', () => {
  const names = new Set(['lint', 'plan', 'types']);
  assert.is(commandKey(['lint'], names), 'lint');
  assert.is(commandKey(['--config', 'staging.yaml', 'plan', '--env', 'production'], names), 'plan');
  assert.is(commandKey(['--env', 'production', 'types', '--check'], names), 'types');
  assert.is(commandKey(['--config', '/tmp/cfg1.yaml'], names), 'none');
  assert.is(commandKey(['--help'], names), 'none');
  assert.is(commandKey(['lnit'], names), 'none', 'a typo makes no file of its own');
});

test('a run that printed help or ended on a usage, internal or interrupted exit makes no cache file (it would stand for the command\'s every later run)', () => {
  assert.is(worthCaching(['lint'], 0), true);
  assert.is(worthCaching(['lint'], 1), true);
  assert.is(worthCaching(['plan', '--detailed-exitcode'], 2), true);
  assert.is(worthCaching(['lint', '--help'], 0), false);
  assert.is(worthCaching(['-h'], 0), false);
  assert.is(worthCaching(['help', 'lint'], 0), false);
  for (const code of [3, 70, 130, 143]) assert.is(worthCaching(['lint'], code), false, String(code));
});

test('a cache folder that cannot be written costs nothing but the speed', () => {
  const dir = tempDir();
  try {
    const file = bundle(dir);
    writeFileSync(path.join(dir, 'a-file'), 'x');
    const under = loadBundle(file, { dir: path.join(dir, 'a-file', 'cache'), key: 'lint' });
    assert.is((under.exports.main as (n: number) => number)(2), 5);
    under.save();
    const none = loadBundle(file, { dir: undefined, key: 'lint' });
    assert.equal([none.used, none.file], [false, undefined]);
    none.save();
    if (process.getuid?.() !== 0) {
      const ro = path.join(dir, 'read-only');
      mkdirSync(ro);
      chmodSync(ro, 0o555);
      const r = loadBundle(file, { dir: ro, key: 'lint' });
      r.save();
      assert.equal(codes(ro), []);
      chmodSync(ro, 0o755);
    }
  } finally { cleanup(dir); }
});

test('pruned key by key: each keeps its newest files of KEEP builds, this run\'s always; a stale temp file goes', () => {
  const dir = tempDir();
  try {
    const cache = path.join(dir, 'cache');
    mkdirSync(cache);
    const hash = (n: number): string => n.toString(16).padStart(24, '0');
    const at = (f: string, seconds: number): void => { writeFileSync(path.join(cache, f), 'x'); utimesSync(path.join(cache, f), seconds, seconds); };
    // twelve commands of this build (older on disk than three builds of lint before it), as a user
    // of many commands has: a count over all of them used to drop this build's own files
    const commands = ['lint', 'plan', 'apply', 'pull', 'types', 'send', 'status', 'preview', 'fmt', 'new', 'review', 'translations'];
    commands.forEach((c, i) => at(`${c}-${hash(1)}.code`, 1000 + i));
    for (let b = 2; b <= 4; b++) at(`lint-${hash(b)}.code`, 5000 + b);
    at(`template_validate-${hash(7)}.code`, 100);
    at(`template_validate-${hash(8)}.code`, 200);
    at(`template_validate-${hash(9)}.code`, 300);
    // temp files: one left by a killed run two hours ago, one being written now
    const now = 10_000_000;
    at(`lint-${hash(1)}.code.123.tmp`, now / 1000 - 7200);
    at(`plan-${hash(1)}.code.456.tmp`, now / 1000 - 5);
    at('notes.txt', 1);
    pruneCodeCache(cache, [`lint-${hash(1)}.code`, `template_validate-${hash(7)}.code`], now);
    const left = readdirSync(cache).sort();
    for (const c of commands) assert.ok(left.includes(`${c}-${hash(1)}.code`), `${c} of this build kept`);
    assert.equal(left.filter((f) => f.startsWith('lint-')).filter((f) => f.endsWith('.code')), [`lint-${hash(1)}.code`, `lint-${hash(4)}.code`], 'this run\'s lint and the newest other build');
    assert.equal(left.filter((f) => f.startsWith('template_validate-')), [`template_validate-${hash(7)}.code`, `template_validate-${hash(9)}.code`]);
    assert.is(KEEP, 2);
    assert.ok(!left.includes(`lint-${hash(1)}.code.123.tmp`), 'the stale temp file removed');
    assert.ok(left.includes(`plan-${hash(1)}.code.456.tmp`), 'a temp file being written is left alone');
    assert.ok(left.includes('notes.txt'), 'a file not of the cache is left alone');
  } finally { cleanup(dir); }
});

test('a cache file that cannot be written whole leaves no temp file', async () => {
  const dir = tempDir();
  try {
    const file = bundle(dir);
    const cache = path.join(dir, 'cache');
    // a file size limit of 1 KiB (ulimit -f 1): the cache file is larger, its write fails with EFBIG
    const child = `import(${JSON.stringify(path.join(ROOT, 'dist', 'core', 'code-cache.js'))}).then(({ loadBundle }) => { const b = loadBundle(${JSON.stringify(file)}, { dir: ${JSON.stringify(cache)}, key: 'lint' }); for (let i = 0; i < 2000; i++) b.exports.main(i); b.save(); console.log('ran'); })`;
    const big = `${readFileSync(file, 'utf8')}\n${Array.from({ length: 400 }, (_, i) => `exports.f${i} = (x) => x + ${i};`).join('\n')}\n`;
    writeFileSync(file, big);
    const r = await execa('bash', ['-c', 'ulimit -f 1 && exec node -e "$0"', child], { reject: false });
    assert.is(r.stdout, 'ran', r.stderr);
    assert.equal(existsSync(cache) ? readdirSync(cache) : [], [], 'neither a cache file nor a temp file');
  } finally { cleanup(dir); }
});

test('where the cache lives: TPLSYNC_CODE_CACHE, else the user cache folder of the platform', () => {
  const home = () => '/home/u';
  assert.is(codeCacheDir({ TPLSYNC_CODE_CACHE: 'off' }, 'linux', home), undefined);
  assert.is(codeCacheDir({ TPLSYNC_CODE_CACHE: '0' }, 'linux', home), undefined);
  assert.is(codeCacheDir({ TPLSYNC_CODE_CACHE: '/tmp/x' }, 'linux', home), path.resolve('/tmp/x'));
  assert.is(codeCacheDir({}, 'linux', home), path.join('/home/u', '.cache', 'tplsync'));
  assert.is(codeCacheDir({ XDG_CACHE_HOME: '/xdg' }, 'linux', home), path.join('/xdg', 'tplsync'));
  assert.is(codeCacheDir({}, 'darwin', home), path.join('/home/u', 'Library', 'Caches', 'tplsync'));
  assert.is(codeCacheDir({ LOCALAPPDATA: 'C:/L' }, 'win32', home), path.join('C:/L', 'tplsync', 'Cache'));
  assert.is(codeCacheDir({}, 'linux', () => { throw new Error('no home'); }), undefined);
});

test('the bin: the same report with no cache, a cache made, a cache used, and a folder that cannot be written', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    const cache = path.join(dir, 'code-cache');
    writeFileSync(path.join(dir, 'a-file'), 'x');
    const lint = (where: string) => execa('node', [BIN, 'lint', '--format', 'json'], { cwd: dir, reject: false, env: { TPLSYNC_CODE_CACHE: where } });
    const off = await lint('off');
    assert.ok(off.stdout.length > 100, off.stderr);
    // help first: no file, so that the lint after it makes the command's whole one
    await execa('node', [BIN, 'lint', '--help'], { cwd: dir, reject: false, env: { TPLSYNC_CODE_CACHE: cache } });
    assert.ok(!existsSync(cache) || !codes(cache).some((f) => f.startsWith('lint-')), 'no lint file after --help');
    const made = await lint(cache);
    // the command's bundle, and the two validators it ran (the config's and the templates')
    assert.equal(codes(cache).map((f) => f.replace(/-[0-9a-f]{24}\.code$/, '')), ['config_validate', 'lint', 'template_validate']);
    const bytes = codes(cache).map((f) => readFileSync(path.join(cache, f)));
    const used = await lint(cache);
    const unwritable = await lint(path.join(dir, 'a-file', 'cache'));
    for (const r of [made, used, unwritable]) {
      assert.is(r.stdout, off.stdout);
      assert.is(r.stderr, off.stderr);
      assert.is(r.exitCode, off.exitCode);
    }
    codes(cache).forEach((f, i) => assert.ok(readFileSync(path.join(cache, f)).equals(bytes[i]!), `${f}: used, not made again`));
    // a damaged validator's file: refused by V8, the same report, and made again
    const validatorFile = path.join(cache, codes(cache).find((f) => f.startsWith('template_validate'))!);
    writeFileSync(validatorFile, Buffer.alloc(3000, 9));
    const damaged = await lint(cache);
    assert.equal([damaged.stdout, damaged.stderr, damaged.exitCode], [off.stdout, off.stderr, off.exitCode]);
    assert.ok(!readFileSync(validatorFile).equals(Buffer.alloc(3000, 9)), 'made again');
    // a template the schema refuses: the cached validator finds what the uncached one finds
    writeFileSync(path.join(dir, 'templates', 'bad.yaml'), 'channel: shop-whatsapp\nname: Bad Name\nlanguage: en_US\ncategory: NOPE\nbody:\n  text: Hi\n');
    const badOff = await lint('off');
    const badCached = await lint(cache);
    assert.match(badOff.stdout, /bad\.yaml/);
    assert.equal([badCached.stdout, badCached.exitCode], [badOff.stdout, badOff.exitCode]);
  } finally { cleanup(dir); }
});

test('the bin: a lint of thousands of files (its compiler tuned for a batch) keeps the validators\' cache files, and a line with option values makes no files of its own', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    const sample = readFileSync(path.join(ROOT, 'templates', 'whatsapp', readdirSync(path.join(ROOT, 'templates', 'whatsapp')).find((f) => f.endsWith('.yaml'))!), 'utf8');
    mkdirSync(path.join(dir, 'templates'));
    // 2,000 files: the lint sets --no-turbo-inlining for the batch (lint-files.ts); V8 refuses data made under other flags
    for (let i = 0; i < 2000; i++) writeFileSync(path.join(dir, 'templates', `t${i}.yaml`), sample.replace(/^name: .*$/m, `name: t_${i}`));
    const cache = path.join(dir, 'code-cache');
    const lint = (...args: string[]) => execa('node', [BIN, ...args, 'lint', '--format', 'json'], { cwd: dir, reject: false, env: { TPLSYNC_CODE_CACHE: cache } });
    const first = await lint();
    const inodes = () => Object.fromEntries(codes(cache).map((f) => [f, statSync(path.join(cache, f)).ino]));
    const made = inodes();
    assert.ok(Object.keys(made).some((f) => f.startsWith('template_validate-')), JSON.stringify(made));
    const again = await lint('--config', 'tplsync.config.yaml');
    assert.is(again.stdout, first.stdout);
    assert.equal(inodes(), made, 'every file used as it was: none made again, none added for the option value');
  } finally { cleanup(dir); }
});

test.run();
