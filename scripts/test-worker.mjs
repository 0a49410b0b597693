// A process of scripts/test.mjs's pool: it runs test files one after another, each when the
// runner sends its path over the IPC channel, so that the suite starts a Node process, the
// schema validators and the packages the files share (uvu, yaml, ajv, execa, fast-check,
// playwright-core...) a few times rather than once a file. A file here runs as it would alone:
//   - its suites run and report through uvu's own exec (UVU_DEFER: `test.run()` queues them),
//     with uvu's summary, so the runner reads a file's result as before;
//   - when its suites are done, the processes it left running are ended (the descendants of this
//     process that were not there before it: files run one at a time, so those are the file's;
//     never the esbuild service that tsx's loader, TEST_BUNDLE=0, keeps for every file), and the file
//     is done only once the event loop holds nothing more than before it started, as its own
//     process would have exited only then: a file that leaves a server listening or a timer
//     ticking never reports done, and the runner fails it at its time limit, as before;
//   - what it changed of the process that a later file could see (process.env, the working
//     directory, the umask, process listeners, globals, node:fs, module resolution, the generated
//     validators' switch, process.exitCode) is reported with its result, and the runner ends this
//     process after it rather than give the next file a changed process. A file that needs a
//     process no other file ran in says so in its source (OWN_PROCESS in scripts/test.mjs).
// Each file's output ends with a line of its own (`\0<nonce> end`) on stdout and on stderr, so
// that the runner gives each file its own output. An exception nobody caught ends this process,
// and the runner fails the file that was running (it goes on with the next files in a new one).
// Usage (by scripts/test.mjs only): node --import test/generated-validators.mjs [--import tsx/esm] scripts/test-worker.mjs NONCE
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const nonce = process.argv[2];
if (!nonce || !process.send) {
  process.stderr.write('test-worker.mjs is started by scripts/test.mjs, with an IPC channel\n');
  process.exit(2);
}
// uvu's test.run() queues the suites instead of running them on a timer (read once, when uvu loads)
globalThis.UVU_DEFER = 1;
const { exec } = await import('uvu');

// the runner's log of CPU by test file (bench/test-cpu-log.mjs): one line a file, and the
// process's own line at exit counts only what no file's line did
const cpuLog = process.env.TEST_CPU_LOG;
const cpuShared = (globalThis[Symbol.for('tplsync.test.cpuLog')] ??= { logged: 0 });
const cpuNow = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

/** the resources that keep the event loop alive, by kind (process.getActiveResourcesInfo) */
function resources() {
  const m = new Map();
  for (const r of process.getActiveResourcesInfo()) m.set(r, (m.get(r) ?? 0) + 1);
  return m;
}
/** what `now` holds beyond `base` ('' when nothing) */
function beyond(now, base) {
  return [...now].filter(([k, n]) => n > (base.get(k) ?? 0)).map(([k, n]) => `${k} x${n - (base.get(k) ?? 0)}`).join(', ');
}

/**
 * Whether `pid` is an esbuild service (`esbuild --service=VERSION --ping`): the one helper process
 * the esbuild module keeps for the whole process (tsx's loader transforms every TypeScript file
 * through it when TEST_BUNDLE=0; a file's own esbuild import has one too), started at its first
 * transform, possibly inside the first file, and used by every file after it. Killed with a
 * file's leftovers, every later file failed to load ("The service is no longer running").
 */
function esbuildService(pid) {
  try {
    const [exe, first] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return path.basename(exe ?? '') === 'esbuild' && /^--service=/.test(first ?? '');
  } catch { return false; }
}

/**
 * The ids of every process descended from this one (Linux: /proc; elsewhere none are found), but
 * those of `kept` (and what they started) and the esbuild services of this process: what a file
 * started is what is left of them.
 */
function descendants(kept = new Set()) {
  const children = new Map();
  let entries = [];
  try { entries = readdirSync('/proc'); } catch { return []; }
  for (const e of entries) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      // pid (comm) state ppid ...: comm may hold spaces and parentheses
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      const list = children.get(Number(ppid)) ?? [];
      list.push(Number(e));
      children.set(Number(ppid), list);
    } catch { /* gone meanwhile */ }
  }
  const out = [];
  const walk = (pid) => {
    for (const c of children.get(pid) ?? []) {
      if (kept.has(c) || (pid === process.pid && esbuildService(c))) continue;
      out.push(c);
      walk(c);
    }
  };
  walk(process.pid);
  return out;
}

/**
 * Ends what the file left running (the processes descended from this one that it started: not
 * those there before it, `before`, nor the esbuild service of the modules this process shares
 * between files), and waits until it is gone.
 */
async function endLeftovers(before) {
  for (let round = 0; round < 3; round++) {
    const left = descendants(before);
    if (!left.length) return;
    for (const pid of left) { try { process.kill(pid, 'SIGKILL'); } catch { /* already gone */ } }
    // the kernel ends them; their exit events reach the file's handlers before the file is done
    for (let i = 0; i < 200 && descendants(before).some((p) => left.includes(p)); i++) await new Promise((r) => setTimeout(r, 10));
  }
}

// Process-wide singletons that packages make at their first use, the same whichever file makes
// them first: execa's signal-exit (one emitter a process, its signal listeners only while someone
// listens), the dispatcher of Node's fetch (made at the first fetch), and graceful-fs's retry
// queue with the fs.close and fs.closeSync it wraps once a process (the wrapper keeps the
// original under Symbol.for('graceful-fs.previous')). A later file cannot tell a process where
// they appeared from a fresh one after its own first use: their appearing is no change.
const SINGLETONS = new Set(['Symbol(signal-exit emitter)', 'Symbol(undici.globalDispatcher.1)', 'Symbol(graceful-fs.queue)']);
const gracefulPrevious = Symbol.for('graceful-fs.previous');

/** globalThis's own properties: their values or accessors, but uvu's queue, set for each file */
function globalsOf() {
  const m = new Map();
  for (const k of Reflect.ownKeys(globalThis)) {
    if (k === 'UVU_QUEUE' || k === 'UVU_INDEX') continue;
    const d = Object.getOwnPropertyDescriptor(globalThis, k);
    m.set(k, d && ('value' in d ? [d.value] : [d.get, d.set]));
  }
  return m;
}
const sameProperty = (x, y) => x.length === y.length && x.every((v, i) => Object.is(v, y[i]));
// Node defines most web globals (AbortController, TextEncoder, fetch's Headers...) as getters that
// turn into plain values at their first use: used once here, no file's first use is a change
for (const k of Reflect.ownKeys(globalThis)) {
  const d = Object.getOwnPropertyDescriptor(globalThis, k);
  if (d && d.get) Reflect.get(globalThis, k);
}

const FS_FUNCTIONS = () => [...Object.entries(fs), ...Object.entries(fs.promises).map(([k, v]) => [`promises.${k}`, v])].filter(([, v]) => typeof v === 'function');
const switchKey = Symbol.for('tplsync.test.generatedValidators');
/** what of this process a file could change and a later file see */
function snapshot() {
  return {
    env: { ...process.env },
    cwd: process.cwd(),
    umask: process.umask(),
    listeners: Object.fromEntries(process.eventNames().map((e) => [String(e), process.listenerCount(e)])),
    globals: globalsOf(),
    fs: new Map(FS_FUNCTIONS()),
    resolve: Module._resolveFilename,
    load: Module._load,
    validators: globalThis[switchKey]?.enabled,
  };
}
/** what differs between two snapshots, in words ([] when nothing) */
function changes(a, b) {
  const out = [];
  const keys = new Set([...Object.keys(a.env), ...Object.keys(b.env)]);
  const env = [...keys].filter((k) => a.env[k] !== b.env[k]);
  if (env.length) out.push(`process.env (${env.join(', ')})`);
  if (a.cwd !== b.cwd) out.push('the working directory');
  if (a.umask !== b.umask) out.push('the umask');
  const events = new Set([...Object.keys(a.listeners), ...Object.keys(b.listeners)]);
  const ls = [...events].filter((e) => (a.listeners[e] ?? 0) !== (b.listeners[e] ?? 0));
  if (ls.length) out.push(`process listeners (${ls.join(', ')})`);
  const gs = [...new Set([...a.globals.keys(), ...b.globals.keys()])]
    .filter((k) => !(a.globals.has(k) && b.globals.has(k) && sameProperty(a.globals.get(k), b.globals.get(k))))
    .filter((k) => !(!a.globals.has(k) && SINGLETONS.has(String(k))));
  if (gs.length) out.push(`globals (${gs.map(String).join(', ')})`);
  const fns = [...b.fs].filter(([k, v]) => a.fs.get(k) !== v && !(v?.[gracefulPrevious] === a.fs.get(k) && ['close', 'closeSync'].includes(k))).map(([k]) => k);
  if (fns.length) out.push(`node:fs (${fns.join(', ')})`);
  if (a.resolve !== b.resolve || a.load !== b.load) out.push('module loading');
  if (a.validators !== b.validators) out.push('the generated validators\' switch');
  return out;
}

const end = `\0${nonce} end\n`;
/** what keeps the loop alive when no file runs (set once ready: the IPC channel among them) */
let baseline;

process.on('message', async (msg) => {
  // the runner has no more files for this process: it ends once the loop is empty
  if (msg?.type === 'stop') { process.disconnect(); return; }
  if (msg?.type !== 'run') return;
  const file = msg.file;
  const t0 = Date.now();
  const cpu0 = cpuNow();
  if (cpuLog) process.env.TEST_CPU_FILE = msg.name;
  const before = snapshot();
  // the processes there before the file (an esbuild service among them, or none): not the file's to end
  const running = new Set(descendants());
  globalThis.UVU_QUEUE = [[null]];
  globalThis.UVU_INDEX = 0;
  let loaded = true;
  try {
    await import(pathToFileURL(path.resolve(file)).href);
  } catch (e) {
    // as Node reports a module that throws as it loads
    process.stderr.write(`${e?.stack ?? String(e)}\n`);
    loaded = false;
  }
  if (loaded) await exec();
  const code = loaded ? (process.exitCode ?? 0) : 1;
  process.exitCode = undefined;
  await endLeftovers(running);
  // the file is done once the loop holds no more than before it, as its process would exit
  // (an unref'd timer is not among them, and the IPC channel keeps this process up meanwhile)
  while (beyond(resources(), baseline)) await new Promise((r) => setTimeout(r, 10).unref());
  const changed = changes(before, snapshot());
  if (cpuLog) {
    const cpu = cpuNow() - cpu0;
    cpuShared.logged += cpu;
    try { appendFileSync(cpuLog, `${JSON.stringify({ file: msg.name, test: true, argv: [file], cpu, wall: (Date.now() - t0) / 1000 })}\n`); } catch { /* best effort */ }
    process.env.TEST_CPU_FILE = before.env.TEST_CPU_FILE;
    if (process.env.TEST_CPU_FILE === undefined) delete process.env.TEST_CPU_FILE;
  }
  process.stdout.write(end);
  process.stderr.write(end);
  process.send({ type: 'done', code, changed, rss: process.memoryUsage().rss });
});
// touch the standard streams before the baseline: their pipes count among the loop's resources
process.stdout.write('');
process.stderr.write('');
process.send({ type: 'ready' }, () => { baseline = resources(); });
