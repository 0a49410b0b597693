// Sums the lines bench/test-cpu-log.mjs wrote during a run: CPU seconds by kind of process (the
// test files' own processes or, in the runner's pool, each file's share of its worker; the CLI
// children by command, npm, tsc, ...) and by test file (its own process, the CLIs it started and
// how many, everything else it started).
// Usage: node bench/test-cpu-report.mjs LOG [FILES=30]
import { readFileSync } from 'node:fs';

const rows = readFileSync(process.argv[2], 'utf8').trim().split('\n').map((l) => JSON.parse(l));
const top = Number(process.argv[3] ?? 30);
const kind = (r) => {
  const a = r.argv.join(' ');
  if (r.test) return 'test file process';
  // a process of the runner's pool, outside the files it ran (each file logs its own line)
  if (/test-worker\.mjs/.test(a)) return 'test runner pool, between files';
  if (/bin\/tplsync(\.js)?\b/.test(a)) return `cli ${r.argv[1] ?? ''}`;
  if (/npm-cli|\/npm\b|npx/.test(a)) return 'npm';
  if (/\btsc\b/.test(a)) return 'tsc';
  if (/depcruise|dependency-cruise/.test(a)) return 'dependency-cruiser';
  return `other ${a.replace(/^.*?([^/]+\/[^/]+)$/, '$1').slice(0, 50)}`;
};
const add = (m, k, cpu) => { const v = m.get(k) ?? { cpu: 0, n: 0 }; v.cpu += cpu; v.n++; m.set(k, v); };
const kinds = new Map();
const files = new Map();
for (const r of rows) {
  const k = kind(r);
  add(kinds, k.startsWith('cli ') ? 'cli (all commands)' : k, r.cpu);
  if (k.startsWith('cli ')) add(kinds, k, r.cpu);
  const f = files.get(r.file) ?? { cpu: 0, own: 0, cli: 0, clis: 0, other: 0 };
  f.cpu += r.cpu;
  if (r.test) f.own += r.cpu; else if (k.startsWith('cli ')) { f.cli += r.cpu; f.clis++; } else f.other += r.cpu;
  files.set(r.file, f);
}
const s = (x) => x.toFixed(1).padStart(7);
console.log(`${rows.length} processes, ${rows.reduce((a, r) => a + r.cpu, 0).toFixed(1)} s of CPU\n\nby kind (CPU s, processes, mean):`);
for (const [k, v] of [...kinds].sort((a, b) => b[1].cpu - a[1].cpu)) console.log(`${s(v.cpu)} ${String(v.n).padStart(5)} ${(v.cpu / v.n).toFixed(3)}  ${k}`);
console.log('\nby test file (CPU s: all, its own process, CLIs started (how many), other):');
for (const [k, v] of [...files].sort((a, b) => b[1].cpu - a[1].cpu).slice(0, top)) console.log(`${s(v.cpu)} ${s(v.own)} ${s(v.cli)} (${String(v.clis).padStart(3)}) ${s(v.other)}  ${k}`);
