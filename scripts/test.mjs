// Runs the test files concurrently, twice as many at once as there are cores (TEST_JOBS
// overrides), in a pool of as many Node processes that each run one file after another
// (scripts/test-worker.mjs; TEST_POOL=0: a process a file, as before). Each file's output is printed whole when it finishes (never
// interleaved); one summary in uvu's words closes the run, and the exit code is non-zero when
// any file failed. Usage: node scripts/test.mjs [--build] [--checks] [PATTERN]
//
// `npm test` is `node scripts/test.mjs --build --checks`: the build first, and the type check in
// the build's own compiler (scripts/build.mjs --typecheck: src is checked once, not once by the
// build and again by the check), which goes on checking the tests once src is emitted; then the
// test files and check:package, which need the build, in the same pool. A check is an npm script, run and reported like a file; one that fails fails the run
// (it is listed under "Failed files", it adds no uvu test). `npm run deps` is not a check:
// test/dependencies.test.ts runs the same dependency-cruiser command on src/ and asserts what it
// says (and that it fails on planted cycles).
//
// The files run from bundles (bundleTests below: no tsx to load in each process), made beside the
// build in a folder of this run's own (node_modules/.cache/tplsync/test-bundles/<pid>, removed
// when it ends); TEST_BUNDLE=0 runs them from their sources through tsx.
//
// Each file (and check) has a time limit (TEST_FILE_TIMEOUT seconds, default 300): a file that
// outlives it is killed with everything it started (emulators, CLIs, browsers: its process,
// the pool's worker included, leads a process group of its own) and reported as failed, rather
// than waited for. When a file ends, whatever it left running is ended too, so a forgotten child
// can neither hang the run nor outlive it; in the pool, a file ends once the event loop holds
// nothing more than before it (a server it left listening would have kept its own process up, so
// it fails at the limit as before), and a file that changed what later files would see of the
// process (process.env, cwd, listeners, globals...) is the last its worker runs.
//
// The longest files start first, so that the run does not end on one long file alone: how long
// each took is kept in test-output/test-times.json (gitignored) after a run; a file with no time
// recorded (a fresh clone, a new file) is estimated by its size and the size of the test
// helpers it imports (the browser matrix files are small, their helpers are not), and started
// before those with a time. The order changes only when files run, never what they assert.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// TEST_DIR: another folder of test files (the runner's own test points it at fixtures)
const dir = path.resolve(root, process.env.TEST_DIR ?? 'test');
const argv = process.argv.slice(2);
const flags = new Set(argv.filter((a) => a.startsWith('--')));
for (const f of flags) {
  if (f !== '--build' && f !== '--checks') {
    process.stderr.write(`unknown option ${f}: node scripts/test.mjs [--build] [--checks] [PATTERN]\n`);
    process.exit(2);
  }
}
const pattern = new RegExp(argv.find((a) => !a.startsWith('--')) ?? '\\.test\\.ts$');
// twice the cores: much of a test file's time is spent waiting on its children and the emulator
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || 2 * availableParallelism());
const limitSec = Number(process.env.TEST_FILE_TIMEOUT ?? 300);
if (!(limitSec > 0)) {
  process.stderr.write(`TEST_FILE_TIMEOUT must be a number of seconds above 0, not '${process.env.TEST_FILE_TIMEOUT}'\n`);
  process.exit(2);
}
// the command line the tests start keeps its V8 code cache (src/core/code-cache.ts) beside the
// build, not in the user's cache folder
process.env.TPLSYNC_CODE_CACHE ??= path.join(root, 'node_modules', '.cache', 'tplsync', 'code-cache');
// the times of the last run over the default test folder (a fixture folder keeps none)
const timesFile = process.env.TEST_DIR ? undefined : path.join(root, 'test-output', 'test-times.json');
/** @type {Record<string, number>} */
let lastTimes = {};
try { if (timesFile && existsSync(timesFile)) lastTimes = JSON.parse(readFileSync(timesFile, 'utf8')); } catch { lastTimes = {}; }

/** bytes of a test file and of the local helper modules it imports (./x.ts, not *.test.ts) */
function sizeEstimate(file) {
  const text = readFileSync(path.join(dir, file), 'utf8');
  let size = text.length;
  for (const m of text.matchAll(/from '\.\/([\w.-]+\.ts)'/g)) {
    const helper = path.join(dir, m[1]);
    if (!m[1].endsWith('.test.ts') && existsSync(helper)) size += statSync(helper).size;
  }
  return size;
}

/**
 * @typedef {{ name: string, kind: 'file' | 'check', args: string[], needsBuild: boolean, known?: number, size: number }} Task
 * @type {Task[]}
 */
// Each file runs with the generated schema validators of the build rather than ajv compiling the
// schemas again in every process (test/generated-validators.mjs), from a bundle of it (below), or
// through tsx's ESM loader when there is none (TEST_BUNDLE=0, or esbuild refused a file).
const preload = pathToFileURL(path.join(root, 'test', 'generated-validators.mjs')).href;
const names = readdirSync(dir).filter((f) => /\.test\.ts$/.test(f) && pattern.test(f));
const bundles = path.join(root, 'node_modules', '.cache', 'tplsync', 'test-bundles');
const bundleDir = path.join(bundles, String(process.pid));
// The files run in a pool of processes (scripts/test-worker.mjs), one a job, each running one
// file after another (TEST_POOL=0: a process a file); a file whose source holds the line
// `// test-runner: a process of its own` (it changes what the whole process shares: node:fs,
// the generated validators) runs alone in one, as do the checks. A worker that a file changed
// (process.env, cwd, listeners... see the worker), or that holds more than 1 GB, is ended after it.
const pooled = process.env.TEST_POOL !== '0';
const OWN_PROCESS = /^\/\/ test-runner: a process of its own\b/m;
// `// test-runner: time limit N s`: a file whose time depends on the load more than on itself (npm
// installing from a tag, say) gets a limit of its own instead of the default; the limit is there
// to fail a hung file, not a slow one
const OWN_LIMIT = /^\/\/ test-runner: time limit (\d+) s\b/m;
const maxRss = 1024 * 1024 * 1024;
const files = names.map((f) => ({
  name: f, kind: 'file', needsBuild: true, known: lastTimes[f], size: sizeEstimate(f),
  own: OWN_PROCESS.test(readFileSync(path.join(dir, f), 'utf8')),
  limit: Number(OWN_LIMIT.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1] ?? limitSec),
  args: ['--import', preload, '--import', 'tsx/esm', path.join(dir, f)],
}));

/**
 * Every test file as one ES module of plain JavaScript (esbuild: its own code and the test
 * helpers, src/, bench/ and scripts/ modules it imports; packages stay imports), so that no
 * process spends its start loading tsx and passing each of its hundred-odd modules through it:
 * 0.3 to 0.6 s of CPU a file, measured. Each module's import.meta.url is its own source file's,
 * so that what it finds beside it (schema/, dist/, fixtures, workers) is where it was. Returns
 * the files bundled: none when esbuild fails (a syntax error: tsx then reports it in its file).
 */
async function bundleTests(list) {
  if (process.env.TEST_BUNDLE === '0' || !list.length) return [];
  // the folders of runs that ended without removing theirs (killed): another run's are kept
  for (const pid of existsSync(bundles) ? readdirSync(bundles) : []) {
    if (!alive(Number(pid))) rmSync(path.join(bundles, pid), { recursive: true, force: true });
  }
  process.on('exit', () => rmSync(bundleDir, { recursive: true, force: true }));
  const { build: esbuild, stop } = await import('esbuild');
  const own = /\.[cm]?[jt]s$/;
  try {
    await esbuild({
      entryPoints: list.map((f) => path.join(dir, f)), outdir: bundleDir, outExtension: { '.js': '.mjs' }, entryNames: '[name]',
      bundle: true, format: 'esm', platform: 'node', target: 'node20', packages: 'external', logLevel: 'silent',
      // no splitting: each file's bundle holds its own copy of every module of ours it imports,
      // as its own process did. Chunks shared between files would be modules shared between the
      // files a process of the pool runs one after another (scripts/test-worker.mjs), and a
      // module's state (a run's secrets, a memo) would pass from one file to the next: a secret an
      // earlier file registered kept lint-cache-mix's cache from being written. The cost: esbuild
      // lifts the packages a lazily loaded module imports (ts-morph, the language server,
      // inquirer, ...) to the top of each bundle, which a pooled process loads once, not once a file.
      plugins: [{
        name: 'own-import-meta',
        setup(b) {
          b.onLoad({ filter: own }, (a) => {
            if (a.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
            const url = pathToFileURL(a.path).href;
            const contents = readFileSync(a.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(url))
              .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(a.path))).replaceAll('import.meta.filename', JSON.stringify(a.path));
            return { contents, loader: /\.[cm]?ts$/.test(a.path) ? 'ts' : 'js', resolveDir: path.dirname(a.path) };
          });
        },
      }],
    });
    return list;
  } catch (e) {
    process.stdout.write(`  (the test files were not bundled, tsx runs them: ${String(e.message).split('\n')[0]})\n\n`);
    return [];
  } finally {
    await stop(); // esbuild's service process: not kept idle through the run
  }
}
/** whether a process of that id runs (a run of this script that is still going) */
function alive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; }
}
const npmCli = process.env.npm_execpath && /npm-cli\.js$/.test(process.env.npm_execpath) ? [process.execPath, process.env.npm_execpath] : ['npm'];
const npmRun = (script) => [...npmCli.slice(1), 'run', '-s', script];
/** the checks of `npm test` besides the test files; those that need no build run beside it */
// with --build, the type check is the build's own program (scripts/build.mjs --typecheck, below)
const checks = flags.has('--checks') ? [
  ...(flags.has('--build') ? [] : [{ name: 'typecheck', kind: 'check', args: npmRun('typecheck'), needsBuild: false, known: lastTimes.typecheck, size: Infinity }]),
  // a fixture folder (TEST_DIR) has no package of its own to check
  ...(process.env.TEST_DIR ? [] : [{ name: 'check:package', kind: 'check', args: npmRun('check:package'), needsBuild: true, known: lastTimes['check:package'], size: Infinity }]),
] : [];
// unknown files first (biggest first), then the known ones, longest first
const queue = [...checks, ...files].sort((a, b) => (a.known === undefined) !== (b.known === undefined)
  ? (a.known === undefined ? -1 : 1)
  : a.known === undefined ? b.size - a.size : b.known - a.known);

const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');
const totals = { total: 0, passed: 0, skipped: 0, failedFiles: [] };
const started = Date.now();
const running = new Set();
/** how many processes ran test files (the pool's workers, and the files run alone) */
let processes = 0;
/** @type {Record<string, number>} seconds each task took in this run */
const times = {};

/** SIGKILL to the whole process group of a file (it leads its own group: detached) */
function killGroup(child) {
  try { process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
}

const bundledNote = (task) => (task.args.some((a) => a.startsWith(bundleDir)) ? '; run from its bundle: TEST_BUNDLE=0 runs it from its sources, for stack traces into them' : '');

/**
 * Counts and prints one finished file or check: its output whole, then its verdict; whether it
 * passed. `code` is the exit code of its process (or, in the pool, the one it would have had).
 */
function report(task, out, { code, signal, timedOut, seconds, note = '', after = '' }) {
  times[task.name] = seconds;
  const plain = strip(out);
  let ok;
  if (task.kind === 'file') {
    // uvu's summary is the file's last: an assertion's message may quote another run's (a runner test's)
    const num = (label) => Number([...plain.matchAll(new RegExp(`^\\s*${label}:\\s+(\\d+)`, 'gm'))].at(-1)?.[1] ?? 0);
    const total = num('Total'), passed = num('Passed'), skipped = num('Skipped');
    totals.total += total; totals.passed += passed; totals.skipped += skipped;
    ok = !timedOut && code === 0 && total > 0 && passed === total - skipped;
    // a file killed at its limit printed no summary: count it as one failed test
    if (timedOut && total === 0) totals.total += 1;
  } else ok = !timedOut && code === 0;
  if (!ok) totals.failedFiles.push(task.name);
  // the file's own summary is replaced by the one summary of the run
  const body = out.split('\n').filter((l) => !/^\s*(Total|Passed|Skipped|Duration):/.test(strip(l))).join('\n').trimEnd();
  const verdict = timedOut
    ? `FAILED (time limit: still running after ${task.limit ?? limitSec} s; killed with every process it started; ${task.limit && task.limit !== limitSec ? (task.kind === 'check' ? `three times a file's limit; TEST_FILE_TIMEOUT=SECONDS changes it` : 'its own limit: the file\'s "test-runner: time limit" line') : 'TEST_FILE_TIMEOUT=SECONDS changes the limit'})`
    : ok ? 'ok' : `FAILED (exit ${code ?? signal}${note}${bundledNote(task)})`;
  const label = task.label ?? (task.kind === 'file' ? task.name : `npm run ${task.name}`);
  process.stdout.write(`${body ? `${body}\n` : ''}  ${verdict} ${label} in ${seconds.toFixed(1)} s${after}\n\n`);
  return ok;
}

/**
 * A file's output from its two streams, joined line by line in the order the lines complete: a
 * chunk of one stream never lands inside a line of the other. (Joined chunk by chunk, a line of
 * stderr that arrived in the middle of uvu's "Duration:" line was dropped with that line, which
 * the summary filter removes: a file's output was lost now and then.)
 */
function outputOf() {
  const part = { stdout: '', stderr: '' };
  let lines = '';
  return {
    add(stream, d) {
      const s = part[stream] + d;
      const nl = s.lastIndexOf('\n');
      if (nl < 0) { part[stream] = s; return; }
      lines += s.slice(0, nl + 1);
      part[stream] = s.slice(nl + 1);
    },
    /** everything so far, the unfinished line of each stream last, each a line of its own */
    text() { return lines + [part.stdout, part.stderr].filter(Boolean).join('\n'); },
  };
}

/** runs one file or check in a process of its own, in its own process group; resolves to whether it passed */
function runAlone(task) {
  return new Promise((resolve) => {
    const t0 = Date.now();
    const cmd = task.kind === 'file' ? process.execPath : npmCli[0];
    const child = spawn(cmd, task.args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    if (task.kind === 'file') processes++;
    const out = outputOf();
    let timedOut = false;
    child.stdout.on('data', (d) => { out.add('stdout', String(d)); });
    child.stderr.on('data', (d) => { out.add('stderr', String(d)); });
    child.on('error', (e) => { out.add('stderr', `${e.message}\n`); });
    const timer = setTimeout(() => { timedOut = true; killGroup(child); }, (task.limit ?? limitSec) * 1000);
    // the file is done: end what it left behind, which would otherwise hold its pipes open
    child.on('exit', () => killGroup(child));
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      resolve(report(task, out.text(), { code, signal, timedOut, seconds: (Date.now() - t0) / 1000 }));
    });
  });
}

/**
 * A process of the pool (scripts/test-worker.mjs), in a process group of its own: it runs the
 * files `run` sends it one at a time. Its output is cut into files at the line each file ends
 * with on each stream (the worker's `\0NONCE end`); what comes before a file's end on either
 * stream is that file's, in the order it arrived. Resolves once the worker is ready.
 */
function startWorker() {
  const nonce = randomBytes(8).toString('hex');
  const end = `\0${nonce} end\n`;
  // through tsx's loader when the files were not bundled
  const tsx = files.some((f) => f.args.includes('tsx/esm')) ? ['--import', 'tsx/esm'] : [];
  const workerArgs = ['--import', preload, ...tsx, path.join(root, 'scripts', 'test-worker.mjs')];
  const child = spawn(process.execPath, [...workerArgs, nonce], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], detached: true });
  running.add(child);
  processes++;
  const w = { child, files: 0, current: undefined, exited: undefined };
  const carry = { stdout: '', stderr: '' };
  const take = (stream) => (d) => {
    carry[stream] += d;
    for (;;) {
      const cur = w.current;
      const at = carry[stream].indexOf(end);
      if (at < 0) {
        // keep what could be the start of an end line (from a NUL on) until the next chunk
        const z = carry[stream].lastIndexOf('\0');
        const keep = z >= 0 && end.startsWith(carry[stream].slice(z)) ? carry[stream].length - z : 0;
        if (cur && !cur.ended[stream]) cur.output.add(stream, carry[stream].slice(0, carry[stream].length - keep));
        carry[stream] = carry[stream].slice(carry[stream].length - keep);
        return;
      }
      if (cur && !cur.ended[stream]) cur.output.add(stream, carry[stream].slice(0, at));
      carry[stream] = carry[stream].slice(at + end.length);
      if (cur) { cur.ended[stream] = true; cur.settle(); }
    }
  };
  child.stdout.setEncoding('utf8').on('data', take('stdout'));
  child.stderr.setEncoding('utf8').on('data', take('stderr'));
  child.on('message', (m) => { if (m?.type === 'done' && w.current) { w.current.done = m; w.current.settle(); } });
  child.on('exit', () => killGroup(child));
  w.exited = new Promise((resolve) => child.on('close', (code, signal) => {
    running.delete(child);
    // whatever the streams held is the running file's
    if (w.current) { w.current.output.add('stdout', carry.stdout); w.current.output.add('stderr', carry.stderr); w.current.crash({ code, signal }); }
    else if (!w.stopping && w.last) {
      // it ended between two files: after the last one had passed (something of it still ran)
      totals.total += 1;
      totals.failedFiles.push(w.last);
      const out = (carry.stdout + carry.stderr).trimEnd();
      process.stdout.write(`${out ? `${out}\n` : ''}  FAILED (exit ${code ?? signal} after it passed: its process ended before the next file; TEST_POOL=0 runs each file in a process of its own) ${w.last}\n\n`);
    }
    resolve();
  }));
  return new Promise((resolve) => {
    child.on('message', (m) => { if (m?.type === 'ready') resolve(w); });
    child.on('error', () => resolve(w));
    w.exited.then(() => resolve(w));
  });
}

/**
 * ends a worker of the pool (it has no file running): told to, it closes its IPC channel and
 * exits by itself (a channel closed from this side would leave its 'close' event unsent)
 */
async function stopWorker(w) {
  w.stopping = true;
  if (w.child.connected) w.child.send({ type: 'stop' });
  await w.exited;
}

/** runs one file in `slot`'s worker (started when it has none); resolves to whether it passed */
async function runPooled(task, slot) {
  const t0 = Date.now();
  // (a worker that ended between files was reported then)
  if (slot.worker && !slot.worker.child.connected) slot.worker = undefined;
  slot.worker ??= await startWorker();
  const w = slot.worker;
  const ran = w.files++;
  w.last = task.name;
  const result = await new Promise((resolve) => {
    const cur = { output: outputOf(), ended: { stdout: false, stderr: false }, done: undefined };
    let timedOut = false;
    const timer = setTimeout(() => { timedOut = true; killGroup(w.child); }, (task.limit ?? limitSec) * 1000);
    const finish = (r) => { clearTimeout(timer); w.current = undefined; resolve({ out: cur.output.text(), ...r, timedOut }); };
    cur.settle = () => { if (cur.done && cur.ended.stdout && cur.ended.stderr) finish({ code: cur.done.code, changed: cur.done.changed, rss: cur.done.rss }); };
    cur.crash = ({ code, signal }) => finish({ code: code ?? undefined, signal, crashed: true });
    w.current = cur;
    if (!w.child.connected) { cur.crash({ code: w.child.exitCode, signal: w.child.signalCode }); return; }
    w.child.send({ type: 'run', file: task.args.at(-1), name: task.name });
  });
  // a worker that ended, or that the file changed, or that grew large, runs no other file
  if (result.crashed || result.changed?.length || (result.rss ?? 0) > maxRss) {
    slot.worker = undefined;
    if (!result.crashed) await stopWorker(w);
  }
  const note = result.crashed && ran ? `; its process had run ${ran} other file${ran > 1 ? 's' : ''} before it: TEST_POOL=0 runs each file in a process of its own` : '';
  // a file that changes its process says so: the pool then starts a process more
  const after = result.changed?.length ? ` (it changed ${result.changed.join(', ')}: no other file runs in its process)` : '';
  return report(task, result.out, { code: result.crashed ? (result.code ?? 1) : result.code, signal: result.signal, timedOut: result.timedOut, seconds: (Date.now() - t0) / 1000, note, after });
}

/** runs a task: a file in the pool unless it needs a process of its own, a check in its own */
function runTask(task, slot) {
  return task.kind === 'file' && pooled && !task.own && slot ? runPooled(task, slot) : runAlone(task);
}

/**
 * The build and the type check in one compiler (scripts/build.mjs --typecheck), reported as two
 * checks, `npm run build` and `npm run typecheck`: its output up to the line `\0build ok|failed`
 * is the build's, the rest the check's. Resolves to whether the build passed, as soon as it is
 * done (the test files start then); the check goes on beside them and is counted when it ends,
 * before the run's summary. Three times a file's time limit, its processes killed with it.
 */
/** the build and type check's time limit, in files' limits */
const BUILD_LIMIT_FACTOR = 3;

function buildAndCheck() {
  const t0 = Date.now();
  const checkTask = { name: 'typecheck', kind: 'check', args: [], label: 'typecheck (in the build\'s program; alone: npm run typecheck)', limit: BUILD_LIMIT_FACTOR * limitSec };
  const child = spawn(process.execPath, [buildScript, '--typecheck'], { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  const marker = /\0build (ok|failed)\n/;
  let stdout = '', stderr = '', timedOut = false, buildDone;
  const buildReported = new Promise((resolve) => { buildDone = resolve; });
  let reported = false;
  const reportBuild = (ok, text, end) => {
    if (reported) return;
    reported = true;
    buildDone(report({ name: 'build', kind: 'check', args: [], limit: BUILD_LIMIT_FACTOR * limitSec }, text, { ...end, code: ok ? 0 : (end.code || 1), seconds: (Date.now() - t0) / 1000 }));
  };
  child.stdout.setEncoding('utf8').on('data', (d) => {
    stdout += d;
    const m = !reported && marker.exec(stdout);
    if (m) { reportBuild(m[1] === 'ok', stdout.slice(0, m.index), {}); stdout = stdout.slice(m.index + m[0].length); }
  });
  child.stderr.setEncoding('utf8').on('data', (d) => { stderr += d; });
  child.on('error', (e) => { stderr += `${e.message}\n`; });
  // the whole program of src and test compiled twice over (build, then check) on a loaded machine: three times a file's
  // limit (a run beside 8 busy loops at load 17 took 206 s for the build and went past 300 s in all), as the files whose time
  // depends on the load have their own (`test-runner: time limit 900 s`); TEST_FILE_TIMEOUT scales it too
  const timer = setTimeout(() => { timedOut = true; killGroup(child); }, BUILD_LIMIT_FACTOR * limitSec * 1000);
  child.on('exit', () => killGroup(child));
  checking = new Promise((resolve) => child.on('close', (code, signal) => {
    clearTimeout(timer);
    running.delete(child);
    const text = [stdout, stderr].filter(Boolean).join('\n');
    // ended before its build was done (killed, crashed): all it said is the build's, and the check did not finish
    if (!reported) { reportBuild(false, text, { code, signal, timedOut }); resolve(report(checkTask, '', { code: code || 1, signal, timedOut, seconds: (Date.now() - t0) / 1000 })); return; }
    resolve(report(checkTask, text, { code, signal, timedOut, seconds: (Date.now() - t0) / 1000 }));
  }));
  return buildReported;
}
// TEST_BUILD: another build script (the runner's own test points it at a fixture)
const buildScript = process.env.TEST_BUILD ? path.resolve(root, process.env.TEST_BUILD) : path.join(root, 'scripts', 'build.mjs');
/** the type check that runs in the build's process, when it does: done before the summary */
let checking = Promise.resolve(true);

// interrupted: take the files' process groups down with the runner
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => { for (const c of running) killGroup(c); process.exit(130); });
}

// the build, beside the checks that need none; the rest waits for it, and the files for their
// bundles too (made beside the build: esbuild takes a few seconds); a file not bundled runs through tsx
let built = false;
const building = !flags.has('--build') ? Promise.resolve(true)
  : flags.has('--checks') ? buildAndCheck()
  : runTask({ name: 'build', kind: 'check', args: npmRun('build'), needsBuild: false, size: 0 });
const build = Promise.all([building, bundleTests(names)]).then(([ok, done]) => {
  for (const f of files) {
    if (done.includes(f.name)) f.args = ['--import', preload, path.join(bundleDir, f.name.replace(/\.ts$/, '.mjs'))];
  }
  built = ok;
});
const notRun = [];
async function worker() {
  /** this worker's process of the pool, when it has one */
  const slot = { worker: undefined };
  try {
    for (;;) {
      const i = queue.findIndex((t) => built || !t.needsBuild);
      if (i >= 0) { await runTask(queue.splice(i, 1)[0], slot); continue; }
      if (!queue.length) return;
      await build;
      if (!built) { notRun.push(...queue.splice(0).map((t) => t.name)); return; }
    }
  } finally { if (slot.worker) await stopWorker(slot.worker); }
}
await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, queue.length)) }, worker));
await build;
await checking;

if (timesFile && !notRun.length) {
  mkdirSync(path.dirname(timesFile), { recursive: true });
  writeFileSync(timesFile, `${JSON.stringify({ ...lastTimes, ...times }, null, 1)}\n`);
}
const slowest = Object.entries(times).sort((a, b) => b[1] - a[1]).slice(0, 10);
if (slowest.length > 1) process.stdout.write(`  Slowest: ${slowest.map(([n, s]) => `${n} ${s.toFixed(1)} s`).join(', ')}\n`);
const failed = totals.total - totals.passed - totals.skipped;
process.stdout.write(`\n  Total:     ${totals.total}\n  Passed:    ${totals.passed}\n  Skipped:   ${totals.skipped}\n  Duration:  ${Date.now() - started}ms (${files.length} files${pooled ? ` in ${processes} processes` : ''}, ${jobs} at a time, ${limitSec} s limit a file)\n`);
if (notRun.length) process.stdout.write(`  Not run, the build failed: ${notRun.join(', ')}\n`);
if (totals.failedFiles.length) process.stdout.write(`  Failed files: ${totals.failedFiles.join(', ')}\n`);
process.exit(totals.failedFiles.length || notRun.length || failed > 0 || files.length === 0 ? 1 : 0);
