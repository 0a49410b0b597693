// Heavy modules load only where needed: lint and plan never load ts-morph or typescript;
// `types` does. And on a terminal, apply asks before writing.
import { cpSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BIN, ROOT, cleanup, tempDir } from './helpers.ts';

const PRELOAD = path.join(ROOT, 'bench', 'loaded-modules.mjs');
async function heavy(args: string[], cwd: string): Promise<string[]> {
  const r = await execa('node', ['--import', PRELOAD, BIN, ...args], { cwd, reject: false, env: { NO_COLOR: '1' } });
  const m = /heavy-modules (\[.*\])/.exec(String(r.stderr));
  assert.ok(m, `${args.join(' ')}: ${String(r.stderr)}`);
  return JSON.parse(m![1]!) as string[];
}

test('lint and plan load neither ts-morph nor typescript; types does', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    assert.equal(await heavy(['lint'], dir), []);
    assert.equal(await heavy(['plan'], dir), []);
    assert.equal(await heavy(['--version'], dir), []);
    assert.ok((await heavy(['types'], dir)).length > 0, 'the check itself can see ts-morph when it is loaded');
  } finally { cleanup(dir); }
});

test('on a terminal, apply asks first and writes nothing without "yes"', async () => {
  const which = await execa('sh', ['-c', 'command -v script'], { reject: false });
  if (which.exitCode !== 0) { console.log('  (skipped: the `script` command that provides a terminal is not installed)'); return; }
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    const r = await execa('script', ['-qec', `node ${BIN} apply`, '/dev/null'], { cwd: dir, input: 'no\n', reject: false, env: { NO_COLOR: '1' } });
    assert.match(String(r.stdout), /Type "yes" to go on/);
    assert.match(String(r.stdout), /Nothing was written/);
    const again = await execa('node', [BIN, 'plan'], { cwd: dir, reject: false, env: { NO_COLOR: '1' } });
    assert.match(String(again.stdout), /20 to create/);
  } finally { cleanup(dir); }
});

/**
 * The modules a run ran, from V8's coverage (NODE_V8_COVERAGE=dir): every script it loaded (ES
 * modules and CommonJS), and in the bin's bundle (dist/bundle/main.cjs, scripts/bundle.mjs) the
 * modules run at start-up and those on demand whose function (named for the module by esbuild)
 * was called.
 */
function ranModules(coverage: string): string[] {
  const meta = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'bundle', 'meta.json'), 'utf8')) as { outputs: Record<string, { inputs: Record<string, unknown> }> };
  const cjs = JSON.parse(readFileSync(path.join(ROOT, 'dist', 'bundle', 'cjs-meta.json'), 'utf8')) as { atStart: string[]; onDemand: string[] };
  const onDemand = new Set(cjs.onDemand);
  type Script = { url: string; functions: { functionName: string; ranges: { count: number }[] }[] };
  const scripts = readdirSync(coverage).flatMap((f) => (JSON.parse(readFileSync(path.join(coverage, f), 'utf8')) as { result: Script[] }).result);
  return scripts.flatMap((s) => {
    if (!s.url.startsWith('file:')) return [];
    const rel = path.relative(ROOT, fileURLToPath(s.url)).split(path.sep).join('/');
    if (rel === 'dist/bundle/main.cjs') return [...cjs.atStart, ...s.functions.filter((f) => onDemand.has(f.functionName) && f.ranges[0]!.count > 0).map((f) => f.functionName)];
    return rel.startsWith('dist/bundle/') ? Object.keys(meta.outputs[rel]?.inputs ?? { [`(not in the metafile) ${rel}`]: 1 }) : [rel];
  });
}

test('a lint --cache run with nothing changed loads neither the rules, the linter nor a glob library', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    // a file with an EXPIRE_TIME among them, 30 days ahead: its verdict (rcs-expire-window's warning) is kept until 15 days before it
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
    writeFileSync(path.join(dir, 'templates', 'rcs', 'flash_sale.en_US.yaml'), `channel: shop-rcs\nname: flash_sale\nlanguage: en_US\nmessage:\n  type: text\n  message: Flash sale in every store until the end of the month.\n  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "${expires}" }\n`);
    // a code cache of lint made first (src/core/code-cache.ts), as the suite's earlier files may have
    // made one: the runs below load their bytecode from it, and the coverage must still see what
    // they ran (it does: V8 counts the calls of functions that came from the cache too)
    const codeCache = { TPLSYNC_CODE_CACHE: path.join(dir, 'code-cache') };
    await execa('node', [BIN, 'lint', '--format', 'json'], { cwd: dir, reject: false, env: codeCache });
    assert.ok(readdirSync(codeCache.TPLSYNC_CODE_CACHE).some((f) => f.startsWith('lint-')), 'a code cache of lint was made');
    const first = await execa('node', [BIN, 'lint', '--cache', '--format', 'json'], { cwd: dir, reject: false, env: { ...codeCache, NODE_V8_COVERAGE: path.join(dir, 'coverage-cold') } });
    // the check sees the modules a run loads on demand: the first run, with no cache, ran the linter
    const cold = ranModules(path.join(dir, 'coverage-cold'));
    // (once red in a loaded suite run, and not since: the message says what the run and its coverage were)
    const seen = () => `exit ${first.exitCode}, stderr ${JSON.stringify(String(first.stderr).slice(0, 400))}, coverage files ${readdirSync(path.join(dir, 'coverage-cold')).length}, ${cold.length} modules seen: ${cold.slice(0, 12).join(' ')}`;
    for (const m of ['dist/lint/engine.js', 'dist/lint/lint-files.js', 'dist/lint/rules/whatsapp.js']) assert.ok(cold.includes(m), `the cold run ran ${m} (${seen()})`);
    // the run's answer is kept only for files older than a second (their mtime can prove them unchanged)
    const old = new Date(Date.now() - 60_000);
    for (const f of readdirSync(path.join(dir, 'templates'), { recursive: true, encoding: 'utf8' })) utimesSync(path.join(dir, 'templates', f), old, old);
    await execa('node', [BIN, 'lint', '--cache', '--format', 'json'], { cwd: dir, reject: false, env: codeCache });
    const warm = await execa('node', [BIN, 'lint', '--cache', '--debug', '--format', 'json'], { cwd: dir, reject: false, env: { ...codeCache, NODE_V8_COVERAGE: path.join(dir, 'coverage-warm') } });
    assert.is(warm.stdout, first.stdout, 'the same report');
    assert.match(warm.stderr, /proven by their stat/);
    const modules = ranModules(path.join(dir, 'coverage-warm'));
    assert.ok(modules.includes('dist/lint/run.js'), 'the coverage saw the lint run');
    const heavy = modules.filter((m) => /^dist\/lint\/(?:rules\/|engine\.js|lint-files\.js|registry\.js|cache\.js)|node_modules\/(?:tinyglobby|cosmiconfig|yaml)\/|\(not in the metafile\)/.test(m));
    assert.equal(heavy, []);
  } finally { cleanup(dir); }
});

test.run();
