// The suite run again and again, as issue 21 asks ("green with the machine loaded, ten runs in a
// row each way"): a fresh clone of HEAD in a temporary folder, `npm ci` once, then `npm test` RUNS
// times in a row, each with BUSY busy processes beside it (0: a quiet machine), and one line per
// run: wall time, CPU (user + sys of npm test and the processes it waited for, where /usr/bin/time
// exists), passed and failed from the runner's summary, the load average at its start and its
// end, the exit code. The busy processes are ended whatever happens (a failure, Ctrl-C).
//   node bench/suite-runs.mjs [--runs 10] [--busy 8] [--keep]
// Each run's output is kept outside the clone, in a folder of its own whose path is printed
// (suite-run-N.log), so that a red run can be read after the clone is removed; --keep leaves the
// clone too.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, d) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : d; };
const runs = Number(arg('runs', '10'));
const busy = Number(arg('busy', '0'));
const keep = process.argv.includes('--keep');
if (!(runs >= 1) || !(busy >= 0)) {
  process.stderr.write('usage: node bench/suite-runs.mjs [--runs N>=1] [--busy N>=0] [--keep]\n');
  process.exit(2);
}

const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-suite-runs-'));
const logs = mkdtempSync(path.join(tmpdir(), 'tplsync-suite-runs-logs-'));
const loops = [];
const timed = existsSync('/usr/bin/time');
const cpuFile = path.join(logs, 'cpu.txt');
const stopLoops = () => { for (const p of loops.splice(0)) { try { process.kill(-p.pid, 'SIGKILL'); } catch { /* already ended */ } } };
process.on('exit', stopLoops);
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => { stopLoops(); process.exit(130); });

try {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const clone = spawnSync('git', ['clone', '-q', root, dir], { stdio: 'inherit' });
  if (clone.status !== 0) throw new Error('git clone failed');
  process.stdout.write(`clone of ${head} in ${dir}; npm ci ...\n`);
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'ignore' });
  if (ci.status !== 0) throw new Error(`npm ci failed (exit ${ci.status})`);
  for (let i = 0; i < busy; i++) loops.push(spawn('sh', ['-c', 'while :; do :; done'], { detached: true, stdio: 'ignore' }));
  process.stdout.write(`${runs} runs of npm test, ${busy} busy processes beside them; the logs in ${logs}\n`);
  let green = 0;
  for (let r = 1; r <= runs; r++) {
    const before = load();
    const t0 = Date.now();
    const out = await new Promise((resolve) => {
      const [cmd, args] = timed ? ['/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, 'npm', 'test']] : ['npm', ['test']];
      const child = spawn(cmd, args, { cwd: dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
      let text = '';
      child.stdout.on('data', (d) => { text += d; });
      child.stderr.on('data', (d) => { text += d; });
      child.on('close', (code) => resolve({ code, text }));
    });
    const seconds = (Date.now() - t0) / 1000;
    // the CPU of npm test and every process it waited for (user + sys), where /usr/bin/time is
    let cpu = '';
    if (timed) {
      try { const [u, sy] = readFileSync(cpuFile, 'utf8').trim().split('\n').at(-1).split(' ').map(Number); cpu = `, CPU ${Math.round(u + sy)} s`; } catch { /* not measured */ }
    }
    writeFileSync(path.join(logs, `suite-run-${r}.log`), out.text);
    const total = Number(/^\s*Total:\s+(\d+)/m.exec(out.text)?.[1] ?? 0);
    const passed = Number(/^\s*Passed:\s+(\d+)/m.exec(out.text)?.[1] ?? 0);
    const failedFiles = /^\s*Failed files: (.*)$/m.exec(out.text)?.[1] ?? '';
    const ok = out.code === 0 && total > 0 && passed === total;
    if (ok) green++;
    process.stdout.write(`run ${r}: ${ok ? 'green' : 'RED'} ${passed} passed, ${total - passed} failed, ${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s${cpu}, load ${before} -> ${load()}, exit ${out.code}${failedFiles ? `; failed files: ${failedFiles}` : ''}\n`);
  }
  process.stdout.write(`${green} of ${runs} runs green\n`);
  process.exitCode = green === runs ? 0 : 1;
} finally {
  stopLoops();
  if (keep) process.stdout.write(`kept ${dir}\n`);
  else rmSync(dir, { recursive: true, force: true });
}
