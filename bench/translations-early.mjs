// bench/translations-early: the full rewrite of bench/translations.ts's project (2,000 templates x
// 10 languages, 18,000 files rewritten), the import planning each template while the template
// files are read (as it does) against planning after reading them all (ImportWriting `early:
// false`), alternating, each run on a fresh copy of the project after a pause (so that neither
// inherits the inodes the other freed). Wall clock and CPU (user + system) of the import alone.
// Uses the build (`npm run build` first).
//   node bench/translations-early.mjs [--runs 5] [--templates 2000]
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, d) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const RUNS = arg('runs', 5);
const N = arg('templates', 2000);
const { loadConfig } = await import(pathToFileURL(path.join(ROOT, 'dist/config/load.js')).href);
const { importTranslations } = await import(pathToFileURL(path.join(ROOT, 'dist/cli/translations.js')).href);

const base = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-early-'));
const project = path.join(base, 'project');
try {
  execFileSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench/translations-project.ts'), project, '--templates', String(N)], { cwd: ROOT, stdio: 'ignore' });
  const names = ['de', 'fr', 'es', 'it', 'pt_BR', 'nl', 'pl', 'sv', 'ja'].map((l) => `in/${l}.xlf`);
  const load = () => loadavg().map((x) => x.toFixed(1)).join(' ');
  console.log(`${N} templates x 10 languages, the 9 XLIFF files of a full rewrite; ${RUNS} runs each way, alternating; load average ${load()}`);
  const out = { early: [], after: [] };
  for (let r = 0; r < RUNS; r++) {
    for (const way of ['early', 'after']) {
      const dir = path.join(base, `run-${r}-${way}`);
      cpSync(project, dir, { recursive: true });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const config = await loadConfig({ cwd: dir });
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      const res = await importTranslations(config, names, dir, false, undefined, way === 'early' ? {} : { early: false });
      const c = process.cpuUsage(c0);
      out[way].push({ wall: performance.now() - t0, cpu: (c.user + c.system) / 1000 });
      if (res.written.length !== N * 9 || res.refusals.length) throw new Error(`${way}: ${res.written.length} written, ${res.refusals.length} refused`);
      if ((way === 'early') !== (res.early === res.written.length)) throw new Error(`${way}: ${res.early} of ${res.written.length} planned while reading`);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
  for (const [way, xs] of Object.entries(out)) {
    const w = xs.map((x) => x.wall);
    const c = xs.map((x) => x.cpu);
    console.log(`${way === 'early' ? 'planned while reading' : 'planned after reading'}: wall median ${median(w).toFixed(0)} ms (${w.map((x) => x.toFixed(0)).join(', ')}), CPU median ${median(c).toFixed(0)} ms (${c.map((x) => x.toFixed(0)).join(', ')})`);
  }
  const ratio = (k) => (median(out.early.map((x) => x[k])) / median(out.after.map((x) => x[k]))).toFixed(2);
  console.log(`while / after reading: ${ratio('wall')} wall, ${ratio('cpu')} CPU; load average at the end ${load()}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
