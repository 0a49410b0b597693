// pull --from meta of a catalogue of 6,000 templates (Meta's per-account limit) from one export
// file, against reading and JSON.parse of the same file alone, in the same run. Runs the command
// as a user does (a child process: config, mapping, writing 6,000 files, linting them).
// Usage: node --import tsx bench/pull-meta.ts [--count 6000]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const count = Number(process.argv[process.argv.indexOf('--count') + 1]) || 6000;
const BIN = fileURLToPath(new URL('../bin/tplsync.js', import.meta.url));
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
  let t = process.hrtime.bigint();
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { data: unknown[] };
  const parseMs = Number(process.hrtime.bigint() - t) / 1e6;
  t = process.hrtime.bigint();
  execFileSync(process.execPath, [BIN, 'pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  const pullMs = Number(process.hrtime.bigint() - t) / 1e6;
  console.log(`${parsed.data.length} templates, ${(readFileSync(file).length / 1e6).toFixed(1)} MB: JSON.parse ${parseMs.toFixed(0)} ms; pull --from meta ${pullMs.toFixed(0)} ms (ratio ${(pullMs / parseMs).toFixed(0)}x)`);
} finally { rmSync(dir, { recursive: true, force: true }); }
