// pull --from an export of another environment's account: where the file it replaces refers to a
// value (((shop_host))) and the export holds another environment's value of it, the reference is
// kept and the outcome says whose value it was; the file goes on serving every environment.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, selectEnvironment } from '../src/config/load.ts';
import { pullFromExport, type ExportOutcome } from '../src/pull/from-export.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    emulator: .tplsync/staging.json
    channels: { shop-whatsapp: ${CHANNEL_A} }
    values: { shop_host: "https://staging.shop.example", flow_id: "1198765432109876" }
  production:
    emulator: .tplsync/production.json
    channels: { shop-whatsapp: ${CHANNEL_B} }
    values: { shop_host: "https://shop.example", flow_id: "2298765432109999" }
`;
const FILE = `channel: shop-whatsapp
name: coupon
language: en_US
category: MARKETING
body:
  text: Your coupon {{1}} is ready.
  examples:
    "1": SUMMER15
buttons:
  - type: URL
    text: Open
    url: ((shop_host))/c/{{1}}
    example: ((shop_host))/c/SUMMER15
`;
const exported = (host: string) => ({ data: [{ name: 'coupon', language: 'en_US', category: 'MARKETING', parameter_format: 'POSITIONAL', status: 'APPROVED', components: [
  { type: 'BODY', text: 'Your coupon {{1}} is ready.', example: { body_text: [['SUMMER15']] } },
  { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Open', url: `${host}/c/{{1}}`, example: [`${host}/c/SUMMER15`] }] },
] }] });

async function pull(dir: string, env: string | undefined, force: boolean): Promise<ExportOutcome[]> {
  const config = await loadConfig({ cwd: dir });
  const { outcomes } = await pullFromExport(config, selectEnvironment(config, env), { format: 'meta', files: ['export.json'], channel: 'shop-whatsapp', channelId: CHANNEL_A, dir: path.join(dir, 'templates'), force, schemaPath: 's.json', cwd: dir, note: 'n' }, () => {});
  return outcomes;
}

test('production\'s export pulled with staging\'s --env over a file that refers to ((shop_host)): the reference kept, production named', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/coupon.en_US.yaml': FILE, 'export.json': JSON.stringify(exported('https://shop.example')) });
    // not forced: the same template, told apart from a changed one
    const held = await pull(dir, undefined, false);
    assert.equal(held.map((o) => [o.kind, o.kind === 'held' ? o.differs : undefined]), [['held', undefined]]);
    const [o] = await pull(dir, undefined, true);
    assert.is(o!.kind, 'written');
    assert.equal(o?.kind === 'written' ? o.otherValues : undefined, [{ environment: 'production', names: ['shop_host'] }]);
    const text = readFileSync(path.join(dir, 'templates/coupon.en_US.yaml'), 'utf8');
    assert.match(text, /url: \(\(shop_host\)\)\/c\/\{\{1\}\}/);
    assert.not.match(text, /https:\/\/shop\.example/, 'production\'s host is not written in place of the reference');
    // its own environment's export: the reference kept, nothing to say
    writeFiles(dir, { 'export.json': JSON.stringify(exported('https://staging.shop.example')) });
    const [own] = await pull(dir, undefined, true);
    assert.is(own?.kind === 'written' ? own.otherValues : 'not written', undefined);
  } finally { cleanup(dir); }
});

test.run();
