// pull --from meta of a catalogue of 6,000 templates (Meta's per-account limit) from one export
// file, against reading and JSON.parse of the same file alone, in the same run. Runs the command
// as a user does (a child process: config, mapping, writing 6,000 files, linting them).
// With --runs N (default 1) the command and the parse are run N times, alternately, each pull
// into a new folder of its own, and the medians printed with the load average (`uptime`) before each run.
// Usage: node --import tsx bench/pull-meta.ts [--count 6000] [--runs 5]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const argOf = (name: string) => (process.argv.includes(`--${name}`) ? Number(process.argv[process.argv.indexOf(`--${name}`) + 1]) : undefined);
const count = argOf('count') || 6000;
const runs = argOf('runs') || 1;
const median = (xs: number[]): number => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2; };
const BIN = fileURLToPath(new URL('../bin/tplsync.cjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-bench-pull-meta-'));
try {
  const data = Array.from({ length: count }, (_, i) => ({
    name: `template_${i}`, language: 'en_US', category: i % 3 ? 'UTILITY' : 'MARKETING', parameter_format: i % 2 ? 'NAMED' : 'POSITIONAL', status: 'APPROVED', id: String(1e15 + i),
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order update' },
      i % 2
        ? { type: 'BODY', text: `Hi {{first_name}}, your order {{order_id}} (number ${i}) is on its way.`, example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }, { param_name: 'order_id', example: 'A-1042' }] } }
        : { type: 'BODY', text: `Hi {{1}}, your order {{2}} (number ${i}) is on its way.`, example: { body_text: [['Ana', 'A-1042']] } },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track parcel' }, { type: 'URL', text: 'Open order', url: 'https://shop.example.com/o/{{1}}', example: ['https://shop.example.com/o/A-1042'] }] },
    ],
  }));
  const file = path.join(dir, 'export.json');
  writeFileSync(file, JSON.stringify({ data, paging: { cursors: { before: 'a', after: 'b' } } }));
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), 'templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n');
  const parses: number[] = [], pulls: number[] = [];
  for (let r = 1; r <= runs; r++) {
    const load = loadavg()[0]!.toFixed(1);
    let t = process.hrtime.bigint();
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { data: unknown[] };
    const parseMs = Number(process.hrtime.bigint() - t) / 1e6;
    t = process.hrtime.bigint();
    execFileSync(process.execPath, [BIN, 'pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp', '--dir', `templates-${r}`], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    const pullMs = Number(process.hrtime.bigint() - t) / 1e6;
    parses.push(parseMs); pulls.push(pullMs);
    console.log(`${runs > 1 ? `run ${r} (load ${load}): ` : ''}${parsed.data.length} templates, ${(readFileSync(file).length / 1e6).toFixed(1)} MB: JSON.parse ${parseMs.toFixed(0)} ms; pull --from meta ${pullMs.toFixed(0)} ms (ratio ${(pullMs / parseMs).toFixed(0)}x)`);
    // (the folders are removed at the end: removing 6,000 files just before a run slows its writes)
  }
  if (runs > 1) console.log(`median of ${runs}: JSON.parse ${median(parses).toFixed(0)} ms; pull --from meta ${median(pulls).toFixed(0)} ms (ratio of medians ${(median(pulls) / median(parses)).toFixed(0)}x)`);
} finally { rmSync(dir, { recursive: true, force: true }); }
