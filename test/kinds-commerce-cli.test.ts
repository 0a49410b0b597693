// Through the CLI, the commerce and calling kinds of format 1.2: `new --kind` writes a lint-clean,
// formatted file of each; apply, then plan with no changes; the preview draws each; send refuses
// each by name (exit 3, nothing sent); pull writes lint-clean files back.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KINDS = ['product', 'product-carousel', 'call-permission', 'order-details', 'order-status'] as const;

test('new --kind product|product-carousel|call-permission|order-details|order-status: lint clean, apply, plan with no changes, preview, send refused by name, pull', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const dir = tempDir('tplsync-commerce-');
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    for (const kind of KINDS) {
      const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', `my_${kind.replace('-', '_')}`, '--kind', kind], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
    }
    assert.match(readFileSync(path.join(dir, 'templates', 'my_order_status.en_US.yaml'), 'utf8'), /category: UTILITY\nsub_category: ORDER_STATUS /);
    assert.is((await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'x', '--kind', 'product', '--category', 'UTILITY'], { cwd: dir })).exitCode, 3);
    let r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout);
    // clean but for the description each scaffold leaves to its author (scaffold-stub)
    assert.match(r.stdout, new RegExp(`\\(0 errors, ${KINDS.length} warnings\\)`), r.stdout);
    assert.is(r.stdout.match(/scaffold-stub/g)?.length, KINDS.length, r.stdout);
    assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout);
    r = await cliIn(['preview', '--out', 'site'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const pages = readdirSync(path.join(dir, 'site'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    const page = (name: string) => readFileSync(path.join(dir, 'site', pages.find((f) => f.includes(name))!), 'utf8');
    assert.match(page('my_product_en'), /data-testid="product"/);
    assert.equal(page('my_product_carousel').match(/data-testid="product"/g)?.length, 2);
    assert.match(page('my_call_permission'), /data-testid="call-permission"/);
    assert.match(page('my_order_details'), /data-type="ORDER_DETAILS" dir="auto"><span class="icon"><svg class="i" data-icon="receipt"[^>]*>.*?<\/svg><\/span> Review and Pay/);
    assert.match(page('my_order_status'), /data-testid="order-status"/);
    const refused: Record<string, RegExp> = {
      my_product: /the product header; button index 0, SPM "View"\. Nothing was sent/,
      my_call_permission: /the call permission request\. Nothing was sent/,
      my_order_details: /button index 0, ORDER_DETAILS "Review and Pay"\. Nothing was sent/,
      my_order_status: /the order status \(sub_category ORDER_STATUS\)\. Nothing was sent/,
    };
    for (const [name, why] of Object.entries(refused)) {
      const params = name === 'my_order_details' ? ['--param', '1=Ana', '--param', '2=A1'] : name === 'my_product' ? ['--param', 'code=A', '--param', 'percent=5'] : name === 'my_call_permission' ? ['--param', 'first_name=Ana'] : ['--param', '1=Ana'];
      r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', name, ...params], { cwd: dir, env });
      assert.is(r.exitCode, 3, `${name}: ${r.stderr}`);
      assert.match(r.stderr, why);
    }
    const ids = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout).changes.flatMap((c: { publicId: string }) => ['--id', c.publicId]);
    r = await cliIn(['pull', '--channel', 'shop-whatsapp', ...ids, '--dir', 'pulled', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(readFileSync(path.join(dir, 'pulled', 'my_product.en_US.yaml'), 'utf8'), /category: MARKETING[^]*header:\n\s+format: PRODUCT/);
    assert.match(readFileSync(path.join(dir, 'pulled', 'my_call_permission.en_US.yaml'), 'utf8'), /call_permission_request: true/);
    assert.match(readFileSync(path.join(dir, 'pulled', 'my_order_details.en_US.yaml'), 'utf8'), /display_format: ORDER_DETAILS/);
    r = await cliIn(['lint', 'pulled'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
