// pull --from twilio: every fixture (written from Twilio's documentation, the page cited in each,
// one per content type) becomes files that lint clean, apply to the emulator and then plan with no
// changes; what a file leaves out is listed by template and field (exit 1); what it cannot carry
// is listed and not written; a template in a file is not duplicated; export --to twilio of the
// files reads back to the same files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, FIXTURES, tempDir, writeFiles } from './helpers.ts';

const TWILIO = path.join(FIXTURES, 'twilio');
const expressible = readdirSync(TWILIO).filter((f) => f.endsWith('.json') && f !== 'not-expressible.json').map((f) => path.join(TWILIO, f));
const strip = (t: string) => t.split('\n').filter((l) => !l.startsWith('#')).join('\n');

test('one fixture per type: lint clean, apply, plan with no changes; left-out parts listed; pulled again: reported, not duplicated; export and back: the same files', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-twilio-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    const env = { TPLSYNC_API_KEY: 'k' };
    const r = await cliIn(['pull', '--from', 'twilio', ...expressible, '--channel', 'shop-whatsapp'], { cwd: dir });
    // the quick replies' ids, the text fallback, the catalog's products: written without them, listed
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /owl_air_qr\/en \(.*quick-reply\.json contents\[0\]\) written to templates\/owl_air_qr\.en\.yaml without [^\n]*\n  types\.twilio\/quick-reply\.actions\[0\]\.id: [^\n]*\n  types\.twilio\/quick-reply\.actions\[1\]\.id: [^\n]*\n  types\.twilio\/quick-reply\.actions\[2\]\.id: [^\n]*\n  types\.twilio\/text: /);
    assert.match(r.stderr, /catalog_menu\/en [^\n]*\n  types\.twilio\/catalog\.id: [^\n]*\n  types\.twilio\/catalog\.thumbnail_item_id: [^\n]*\n  types\.twilio\/catalog\.items: /);
    const files = readdirSync(path.join(dir, 'templates')).sort();
    assert.equal(files, ['catalog_menu.en.yaml', 'media_template.en.yaml', 'owl_air_cta.en.yaml', 'owl_air_qr.en.yaml', 'owl_coupon_card.en.yaml', 'owl_coupon_code.en.yaml', 'support_call.en.yaml', 'text_template.en.yaml', 'twilio_deal.en.yaml', 'verify_login.en.yaml']);
    assert.match(readFileSync(path.join(dir, 'templates', 'text_template.en.yaml'), 'utf8'), /category: UTILITY # the export has no category: check it/);
    assert.match(readFileSync(path.join(dir, 'templates', 'owl_coupon_code.en.yaml'), 'utf8'), /category: MARKETING\n/);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0);
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    const again = await cliIn(['pull', '--from', 'twilio', path.join(TWILIO, 'text.json'), '--channel', 'shop-whatsapp', '--dir', 'elsewhere'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stderr, /text_template\/en \(.*text\.json contents\[0\]\) already lives in templates\/text_template\.en\.yaml/);
    assert.equal(readdirSync(path.join(dir, 'templates')).length, 10);
    // export --to twilio, and back: the same files
    // the multi-product template's items are given when sending: Twilio's catalog needs them in the template
    const ex = await cliIn(['export', '--to', 'twilio', '--out', 'twilio.json'], { cwd: dir });
    assert.is(ex.exitCode, 1, ex.stderr);
    assert.match(ex.stderr, /catalog_menu\/en \(templates\/catalog_menu\.en\.yaml\): buttons\[0\]: a multi-product template/);
    const requests = JSON.parse(readFileSync(path.join(dir, 'twilio.json'), 'utf8')) as { content: { friendly_name: string; types: object }; approval: { category: string } }[];
    assert.is(requests.length, 9);
    assert.not.ok(requests.some((x) => x.content.friendly_name === 'catalog_menu'));
    const back = await cliIn(['pull', '--from', 'twilio', 'twilio.json', '--channel', 'shop-whatsapp', '--dir', 'back', '--force'], { cwd: dir });
    assert.is(back.exitCode, 0, back.stderr);
    for (const f of files.filter((x) => x !== 'catalog_menu.en.yaml')) assert.is(strip(readFileSync(path.join(dir, 'back', f), 'utf8')).replace(' # the export has no category: check it', ''), strip(readFileSync(path.join(dir, 'templates', f), 'utf8')).replace(' # the export has no category: check it', ''), f);
  } finally { cleanup(dir); await emu.close(); }
});

test('what a file cannot carry: listed by template and field, exit 1, only the rest written', async () => {
  const dir = tempDir('tplsync-twilio-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    const r = await cliIn(['pull', '--from', 'twilio', path.join(TWILIO, 'not-expressible.json'), '--channel', 'shop-whatsapp', '--category', 'MARKETING'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /owl_air_location\/en [^\n]*\n  types: none of twilio\/location is a WhatsApp template/);
    assert.match(r.stderr, /Owl Air Deal\/en [^\n]*\n  friendly_name: /);
    assert.match(r.stderr, /titled_carousel\/en [^\n]*\n  types\.twilio\/carousel\.cards\[0\]\.title: [^\n]*\n  types\.twilio\/carousel\.cards\[1\]\.title: /);
    assert.match(r.stderr, /call_owl_air\/en [^\n]*\n  types\.twilio\/call-to-action\.actions\[0\]\.type: a VOICE_CALL_REQUEST action/);
    assert.equal(readdirSync(path.join(dir, 'templates')), ['plain_and_fine.en.yaml']);
    assert.match(readFileSync(path.join(dir, 'templates', 'plain_and_fine.en.yaml'), 'utf8'), /category: MARKETING\n/);
    // a file written that breaks a platform rule: linted as written, the finding at its line and column
    writeFiles(dir, { 'ends.json': JSON.stringify([{ friendly_name: 'ends_badly', language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/text': { body: 'Hello there {{1}}' } } }]) });
    const lint = await cliIn(['pull', '--from', 'twilio', 'ends.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(lint.exitCode, 1, lint.stderr);
    assert.match(lint.stderr, /templates\/ends_badly\.en\.yaml\n(.*\n)*\s+\d+:21\s+error\s+The body ends with the placeholder \{\{1\}\}/);
  } finally { cleanup(dir); }
});

test('a media URL with a variable and a body Twilio numbered after it: written, a variable holding a path listed (exit 1), the renumbering said by field', async () => {
  const dir = tempDir('tplsync-twilio-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'c.json': JSON.stringify({ sid: 'HX8', friendly_name: 'invoice_media', language: 'en', variables: { 1: 'invoices/inv-1.pdf', 2: 'Pablo' },
        types: { 'twilio/media': { body: 'Hi {{2}}, your invoice is attached.', media: ['https://cdn.owl.com/{{1}}'] } },
        approval_requests: { name: 'invoice_media', category: 'UTILITY', status: 'approved' } }),
    });
    const r = await cliIn(['pull', '--from', 'twilio', 'c.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /invoice_media\/en \(c\.json \(template\)\) written to templates\/invoice_media\.en\.yaml without [^\n]*\n  types\.twilio\/media\.media: the media URL 'https:\/\/cdn\.owl\.com\/\{\{1\}\}' takes a variable/);
    assert.match(r.stderr, /invoice_media\/en [^\n]* numbered in templates\/invoice_media\.en\.yaml as WhatsApp numbers it[^\n]*\n  types\.twilio\/media\.body: Twilio's \{\{2\}\} is \{\{1\}\} in the file/);
  } finally { cleanup(dir); }
});

test.run();
