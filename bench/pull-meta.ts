// bench/pull-meta: a catalogue of 6,000 templates (Meta's per-account limit) pulled from one
// export file (`pull --from meta`, in-process: parse, map, write each file atomically in fmt's
// layout, lint what was written), against reading and parsing the same JSON with JSON.parse alone.
//   node --import tsx bench/pull-meta.ts [--count 6000] [--runs 3]
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config/load.ts';
import { pullFromMeta } from '../src/pull/from-meta.ts';

const arg = (name: string, d: number): number => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? Number(process.argv[i + 1]) : d; };
const COUNT = arg('count', 6000);
const RUNS = arg('runs', 3);
const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';

function template(i: number): unknown {
  const k = i % 4;
  const name = `catalogue_${i}`;
  if (k === 0) return { name, language: 'en_US', status: 'APPROVED', category: 'MARKETING', id: String(1e15 + i), components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://scontent.whatsapp.net/v/t61/${i}.png`] } },
    { type: 'BODY', text: `Hi {{1}}, our spring collection ${i} is here with new colours in every size you love.`, example: { body_text: [['Ana']] } },
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Show me' }, { type: 'URL', text: 'Shop now', url: 'https://shop.example.com/c/{{1}}', example: ['https://shop.example.com/c/spring'] }] }] };
  if (k === 1) return { name, language: 'de', status: 'APPROVED', category: 'UTILITY', parameter_format: 'NAMED', components: [
    { type: 'BODY', text: `Hallo {{first_name}}, deine Bestellung {{order_id}} ist unterwegs und kommt in drei Tagen an (${i}).`, example: { body_text_named_params: [{ param_name: 'first_name', example: 'Ana' }, { param_name: 'order_id', example: 'A-1042' }] } }] };
  if (k === 2) return { name, language: 'en_US', status: 'APPROVED', category: 'AUTHENTICATION', components: [
    { type: 'BODY', add_security_recommendation: true }, { type: 'FOOTER', code_expiration_minutes: 10 }, { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] }] };
  return { name, language: 'es', status: 'APPROVED', category: 'MARKETING', components: [
    { type: 'HEADER', format: 'TEXT', text: 'Oferta {{1}}', example: { header_text: [`${i}`] } },
    { type: 'BODY', text: 'Hola {{1}}, usa el código {{2}} para obtener un descuento en tu próxima compra.', example: { body_text: [['Ana', 'PRIMAVERA']] } },
    { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'PRIMAVERA' }] }] };
}

const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-pull-meta-bench-'));
try {
  const file = path.join(dir, 'export.json');
  writeFileSync(file, JSON.stringify({ data: Array.from({ length: COUNT }, (_, i) => template(i)), paging: { cursors: { before: 'a', after: 'b' } } }));
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL} }\nchannels: { wa: { kind: whatsapp } }\n`);
  const config = await loadConfig({ cwd: dir, configFile: path.join(dir, 'tplsync.config.yaml') });
  const env = config.environments.local!;
  const base: number[] = [], pull: number[] = [];
  let written = 0, errors = 0;
  for (let r = 0; r < RUNS; r++) {
    let t0 = performance.now();
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as { data: unknown[] };
    base.push(performance.now() - t0);
    if (parsed.data.length !== COUNT) throw new Error('bad export');
    const out = path.join(dir, `templates-${r}`);
    t0 = performance.now();
    const res = await pullFromMeta(config, env, { files: [file], channel: 'wa', dir: out, force: false, schemaPath: 'schema.json', cwd: dir }, () => {});
    pull.push(performance.now() - t0);
    written = res.outcomes.filter((o) => o.kind === 'written').length;
    errors = res.diagnostics.filter((d) => d.severity === 'error').length;
    rmSync(out, { recursive: true, force: true });
  }
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(`pull --from meta: ${COUNT} templates from one export (${(readFileSync(file).length / 1024 / 1024).toFixed(1)} MiB): median ${(med(pull) / 1000).toFixed(2)} s over ${RUNS} runs (${written} files written, ${errors} lint errors); JSON.parse alone ${med(base).toFixed(0)} ms; ratio ${(med(pull) / med(base)).toFixed(1)}x`);
} finally { rmSync(dir, { recursive: true, force: true }); }
