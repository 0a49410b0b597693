// The category a pulled template is written with when its source gives none is one rule for every
// source (the channel's read, --from meta, --from twilio): the one its kind requires (an OTP
// button's AUTHENTICATION; a catalog's or multi-product's MARKETING), which --category never
// overrides (lint would refuse the file); --category for a template of no such kind (a coupon's
// COPY_CODE button among them: Meta's utility templates page lists copy code for UTILITY too).
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, FIXTURES, tempDir, writeFiles } from './helpers.ts';

const TWILIO = path.join(FIXTURES, 'twilio');
const categoryOf = (dir: string, file: string) => /^category: .*$/m.exec(readFileSync(path.join(dir, file), 'utf8'))?.[0];

test('pull --from twilio: --category does not override the category a kind requires (authentication, catalog, multi-product), as --from meta, and is taken for a coupon; the file says so; lint clean', async () => {
  const dir = tempDir('tplsync-kind-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      // a coupon in Twilio's call-to-action type (https://www.twilio.com/docs/content/twilio-call-to-action: a COPY_CODE action), and a catalog without items
      'more.json': JSON.stringify([
        { friendly_name: 'autumn_coupon', language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/call-to-action': { body: 'Hello {{1}}, our autumn collection is in: use this code at checkout this week.', actions: [{ type: 'COPY_CODE', title: 'Copy code', code: 'AUTUMN20' }] } } },
        { friendly_name: 'whole_catalog', language: 'en', variables: {}, types: { 'twilio/catalog': { id: '1017234312776586', body: 'Browse our whole catalog and order in a few taps.', subtitle: 'Great deals' } } },
        { friendly_name: 'plain_news', language: 'en', variables: {}, types: { 'twilio/text': { body: 'Our autumn collection is in: see the new pieces in the shop this week.' } } },
      ]),
    });
    const r = await cliIn(['pull', '--from', 'twilio', path.join(TWILIO, 'authentication.json'), path.join(TWILIO, 'catalog.json'), 'more.json', '--channel', 'shop-whatsapp', '--category', 'UTILITY'], { cwd: dir });
    assert.ok(r.exitCode === 0 || r.exitCode === 1, r.stderr);
    assert.is(categoryOf(dir, 'templates/verify_login.en.yaml'), "category: AUTHENTICATION # the export has no category: its kind requires this one (not --category's UTILITY)");
    assert.is(categoryOf(dir, 'templates/catalog_menu.en.yaml'), "category: MARKETING # the export has no category: its kind requires this one (not --category's UTILITY)");
    // a COPY_CODE button fixes no category (Meta's utility templates page lists copy code): --category's, and lint takes it (trial-bd F2)
    assert.is(categoryOf(dir, 'templates/autumn_coupon.en.yaml'), 'category: UTILITY # the export has no category: --category gave this one');
    assert.is(categoryOf(dir, 'templates/whole_catalog.en.yaml'), "category: MARKETING # the export has no category: its kind requires this one (not --category's UTILITY)");
    // --category is for a template of no such kind, and the file says it came from there, as --from meta's does (verify-5 J-2: no comment)
    assert.is(categoryOf(dir, 'templates/plain_news.en.yaml'), 'category: UTILITY # the export has no category: --category gave this one');
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout);
    // the approval request's own category still wins (what WhatsApp approved it under)
    rmSync(path.join(dir, 'templates', 'autumn_coupon.en.yaml'));
    writeFiles(dir, { 'approved.json': JSON.stringify({ contents: [{ friendly_name: 'autumn_coupon', language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/call-to-action': { body: 'Hello {{1}}, our autumn collection is in: use this code at checkout this week.', actions: [{ type: 'COPY_CODE', title: 'Copy code', code: 'AUTUMN20' }] } }, approval_requests: { name: 'autumn_coupon', category: 'MARKETING', status: 'approved' } }] }) });
    await cliIn(['pull', '--from', 'twilio', 'approved.json', '--channel', 'shop-whatsapp', '--category', 'UTILITY'], { cwd: dir });
    assert.is(categoryOf(dir, 'templates/autumn_coupon.en.yaml'), 'category: MARKETING');
  } finally { cleanup(dir); }
});

test('pull from the channel, whose read gives no category (the API reference\'s read has none): --category does not override the category a kind requires either (an OTP template stays AUTHENTICATION)', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  // the service as the reference documents its read: no category (the emulator reports the one it approved)
  const proxy = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)).map(([k, v]) => [k, String(v)]));
      const r = await fetch(`${emu.url}${req.url}`, { method: req.method!, headers, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
      let body = await r.text();
      if (req.method === 'GET' && r.ok) {
        const v = JSON.parse(body) as { chatapp?: { category?: string } };
        if (v.chatapp) delete v.chatapp.category;
        body = JSON.stringify(v);
      }
      res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' }).end(body);
    })();
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
  const dir = tempDir('tplsync-kind-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: http://127.0.0.1:${(proxy.address() as AddressInfo).port}\n    apiKeyEnv: K\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/login_code.en_US.yaml': 'channel: shop-whatsapp\nname: login_code\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  text: "{{1}} is your verification code. For your security, do not share this code."\n  examples: { 1: "123456" }\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Copy code }\n',
    });
    const env = { K: 'k' };
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const plan = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] };
    // adopting it into no file of the project (a file that holds it would keep its own category)
    rmSync(path.join(dir, 'templates', 'login_code.en_US.yaml'));
    const r = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', plan.changes[0]!.publicId, '--dir', 'pulled', '--category', 'UTILITY'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(categoryOf(dir, 'pulled/login_code.en_US.yaml') ?? '', /^category: AUTHENTICATION\b/);
    assert.is((await cliIn(['lint', 'pulled'], { cwd: dir })).exitCode, 0);
  } finally {
    cleanup(dir);
    await new Promise((ok) => proxy.close(ok));
    await emu.close();
  }
});


test('pull --from meta and --from twilio write the same comment beside a category the export did not give: --category\'s for a plain template, the kind\'s with or without --category (verify-5 J-2)', async () => {
  const dir = tempDir('tplsync-kind-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      // one plain template, one coupon and one one-time password (a kind that fixes its category) in each export's own form, none with a category
      'meta.json': JSON.stringify({ data: [
        { name: 'meta_news', language: 'en', components: [{ type: 'BODY', text: 'Our autumn collection is in: see the new pieces in the shop this week.' }] },
        { name: 'meta_coupon', language: 'en', components: [{ type: 'BODY', text: 'Hello {{1}}, our autumn collection is in: use this code at checkout this week.', example: { body_text: [['Ana']] } }, { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'AUTUMN20' }] }] },
        { name: 'meta_code', language: 'en', components: [{ type: 'BODY', add_security_recommendation: true }, { type: 'FOOTER', code_expiration_minutes: 30 }, { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy verification code' }] }] },
      ] }),
      'twilio.json': JSON.stringify([
        { friendly_name: 'twilio_news', language: 'en', variables: {}, types: { 'twilio/text': { body: 'Our autumn collection is in: see the new pieces in the shop this week.' } } },
        { friendly_name: 'twilio_coupon', language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/call-to-action': { body: 'Hello {{1}}, our autumn collection is in: use this code at checkout this week.', actions: [{ type: 'COPY_CODE', title: 'Copy code', code: 'AUTUMN20' }] } } },
        { friendly_name: 'twilio_code', language: 'en', types: { 'whatsapp/authentication': { add_security_recommendation: true, code_expiration_minutes: '30', actions: [{ type: 'COPY_CODE', copy_code_text: 'Copy verification code' }] } } },
      ]),
    });
    const comments = (names: string[]) => names.map((n) => categoryOf(dir, `templates/${n}.en.yaml`));
    for (const category of ['UTILITY', 'MARKETING']) {
      rmSync(path.join(dir, 'templates'), { recursive: true, force: true });
      const m = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'shop-whatsapp', '--category', category], { cwd: dir });
      const t = await cliIn(['pull', '--from', 'twilio', 'twilio.json', '--channel', 'shop-whatsapp', '--category', category], { cwd: dir });
      assert.ok(m.exitCode === 0 && t.exitCode === 0, m.stderr + t.stderr);
      assert.equal(comments(['twilio_news', 'twilio_coupon', 'twilio_code']), comments(['meta_news', 'meta_coupon', 'meta_code']));
      assert.is(categoryOf(dir, 'templates/twilio_code.en.yaml'), `category: AUTHENTICATION # the export has no category: its kind requires this one (not --category's ${category})`);
      assert.is(categoryOf(dir, 'templates/twilio_news.en.yaml'), `category: ${category} # the export has no category: --category gave this one`);
    }
    // without --category: the coupon is of no kind that fixes its category, as the plain one (Meta refuses both; Twilio writes UTILITY and asks to check it)
    rmSync(path.join(dir, 'templates'), { recursive: true, force: true });
    const m = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    await cliIn(['pull', '--from', 'twilio', 'twilio.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    for (const name of ['meta_news', 'meta_coupon']) assert.match(m.stderr, new RegExp(`${name}/en .* nothing written for it:\\n  category: the export has none`));
    for (const name of ['twilio_news', 'twilio_coupon']) assert.is(categoryOf(dir, `templates/${name}.en.yaml`), 'category: UTILITY # the export has no category: check it');
    // a kind that fixes its category: the kind's, said the same way by both
    assert.is(categoryOf(dir, 'templates/twilio_code.en.yaml'), categoryOf(dir, 'templates/meta_code.en.yaml'));
    assert.is(categoryOf(dir, 'templates/twilio_code.en.yaml'), 'category: AUTHENTICATION # the export has no category: its kind requires this one');
  } finally { cleanup(dir); }
});

test.run();
