// The kinds of format 1.2 built so far (a GIF header, a WhatsApp call button): a seeded round trip
// over generated templates (file -> write body -> emulator -> read -> canonical, no difference;
// the emulator's review approves them; pull's file of the read lints clean), and, through the CLI,
// send refusing them by name, the preview drawing them, pull and `new --kind`.
import fc from 'fast-check';
import './seed.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta, unsendableParts } from '../src/model/meta.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { throughTheChannel } from './kinds-roundtrip.ts';

const SEED = 20261125;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 }); });
test.after(async () => { await emu.close(); });


const word = fc.constantFrom('spring', 'linen', 'garden', 'order', 'support', 'today', 'colours', 'sizes');
const body = fc.tuple(fc.array(word, { minLength: 4, maxLength: 8 }), fc.constantFrom('Ana', 'Pablo', 'Mei')).map(([ws, name]) => ({
  text: `Hello {{1}}, ${ws.join(' ')} and more for you.`, examples: { 1: name },
}));
const id = fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/);

const voiceCallTemplate = fc.record({
  id, body, category: fc.constantFrom('UTILITY', 'MARKETING'), language: fc.constantFrom('en_US', 'de', 'pt_BR'),
  label: fc.option(fc.constantFrom('Call Now', 'Call us', 'Anrufen', 'Ligar agora'), { nil: undefined }),
  ttl: fc.option(fc.integer({ min: 1440, max: 43200 }), { nil: undefined }),
  url: fc.boolean(), callFirst: fc.boolean(),
}).map((g) => {
  const call = { type: 'VOICE_CALL', ...(g.label ? { text: g.label } : {}), ...(g.ttl !== undefined ? { ttl_minutes: g.ttl } : {}) };
  const other = { type: 'URL', text: 'Our website', url: 'https://shop.example.com/' };
  return {
    channel: 'shop-whatsapp', name: `call_${g.id}`, language: g.language, category: g.category, body: g.body,
    buttons: g.url ? (g.callFirst ? [call, other] : [other, call]) : [call],
  };
});

const gifTemplate = fc.record({ id, body, file: fc.constantFrom('sale', 'spring-2026', 'dance'), query: fc.boolean() }).map((g) => ({
  channel: 'shop-whatsapp', name: `gif_${g.id}`, language: 'en_US', category: 'MARKETING',
  header: { format: 'GIF', example: `https://cdn.example.com/${g.file}.mp4${g.query ? '?v=2' : ''}` }, body: g.body,
}));

const appLinkTemplate = fc.record({
  id, body, path: fc.constantFrom('deals/summer/', 'p/linen', 'cart'), // a number, or the digits in quotes: 16 and 17 digits pass 2^53, where a number loses the last ones
  appId: fc.oneof(fc.integer({ min: 1, max: 999_999_999_999_999 }), fc.stringMatching(/^[1-9][0-9]{14,16}$/)),
  fallback: fc.boolean(), second: fc.boolean(),
}).map((g) => {
  const button = {
    type: 'URL', text: 'View deals', url: `https://shop.example.com/${g.path}`,
    app_deep_link: { meta_app_id: g.appId, android_deep_link: `exampleshop://${g.path}`, ...(g.fallback ? { android_fallback_playstore_url: `https://shop.example.com/${g.path}` } : {}) },
  };
  return {
    channel: 'shop-whatsapp', name: `app_${g.id}`, language: 'en_US', category: 'MARKETING', body: g.body,
    buttons: g.second ? [button, { type: 'URL', text: 'Help', url: 'https://shop.example.com/help' }] : [button],
  };
});

const flowJson = (screen: string) => JSON.stringify({ version: '3.1', screens: [{ id: screen, layout: { type: 'SingleColumnLayout', children: [{ type: 'TextHeading', text: 'Hello' }] }, title: 'Welcome', terminal: true, data: {} }] });
const flowTemplate = fc.record({
  id, body, by: fc.constantFrom('flow_id', 'flow_name', 'flow_json', 'flow'), action: fc.constantFrom('navigate', 'data_exchange', undefined),
  screen: fc.constantFrom('WELCOME_SCREEN', 'SIGN_UP'), flowId: fc.stringMatching(/^[1-9][0-9]{5,15}$/),
}).map((g) => {
  const screen = g.action === 'navigate' ? { navigate_screen: g.screen } : {};
  const button = g.by === 'flow'
    ? { type: 'FLOW', text: 'Sign up', flow: { id: g.flowId, ...(g.action ? { action: g.action } : {}), ...(g.action === 'navigate' ? { navigateScreen: g.screen } : {}) } }
    : { type: 'FLOW', text: 'Sign up', [g.by]: g.by === 'flow_id' ? g.flowId : g.by === 'flow_name' ? `signup_${g.id}` : flowJson(g.screen), ...(g.action ? { flow_action: g.action } : {}), ...screen };
  return { channel: 'shop-whatsapp', name: `flow_${g.id}`, language: 'en_US', category: 'MARKETING', body: g.body, buttons: [button] };
});

async function roundTrip(t: Record<string, unknown>): Promise<void> {
  const { c, again } = await throughTheChannel(emu.url, t);
  if (t.header !== undefined || (t.buttons as { app_deep_link?: unknown }[]).some((b) => b.app_deep_link)) assert.is(again.category, 'MARKETING');
  assert.equal({ ...again, category: c.category }, c, 'the pulled file is the same template');
  for (const b of (t.buttons ?? []) as { app_deep_link?: { meta_app_id: unknown } }[]) {
    if (b.app_deep_link) assert.is(c.buttons.find((x) => x.appDeepLink)?.appDeepLink?.metaAppId, String(b.app_deep_link.meta_app_id), 'the app id, every digit');
  }
}

for (const [kind, arb] of [['call-button templates', voiceCallTemplate], ['GIF-header templates', gifTemplate], ['templates with an app deep link', appLinkTemplate], ['FLOW-button templates (by id, name or inline JSON)', flowTemplate]] as const) {
  test(`property (seeded): generated ${kind} round-trip file -> write body -> emulator -> read -> canonical unchanged`, async () => {
    await fc.assert(fc.asyncProperty(arb as fc.Arbitrary<Record<string, unknown>>, roundTrip), { numRuns: 30, seed: SEED });
  });
}

test('send names what the conversation request cannot carry: the call button, the GIF header', () => {
  const [call] = fc.sample(voiceCallTemplate, { numRuns: 1, seed: SEED }) as Record<string, unknown>[];
  const c = fromFile({ ...call!, buttons: [{ type: 'VOICE_CALL', text: 'Call Now' }] }, CHANNEL_A, 'x');
  assert.equal(unsendableParts(c), ['button index 0, VOICE_CALL "Call Now"']);
  const [gif] = fc.sample(gifTemplate, { numRuns: 1, seed: SEED }) as Record<string, unknown>[];
  assert.equal(unsendableParts(fromFile(gif!, CHANNEL_A, 'y')), ['the gif header']);
  assert.equal(templateMeta(fromFile(gif!, CHANNEL_A, 'y'), 'shop-whatsapp').params, ['1']);
  const [app] = fc.sample(appLinkTemplate, { numRuns: 1, seed: SEED }) as Record<string, unknown>[];
  assert.match(unsendableParts(fromFile(app!, CHANNEL_A, 'z'))[0] ?? '', /^the Android app link exampleshop:\/\/\S+ of button index 0 "View deals"$/);
});

test('through the CLI: new --kind call|gif|app-link|flow lint clean; apply, plan with no changes, preview, send refused by name, pull', async () => {
  const dir = tempDir('tplsync-kinds12-');
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    for (const kind of ['call', 'gif', 'app-link', 'flow']) {
      const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', `my_${kind.replace('-', '_')}`, '--kind', kind], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
    }
    assert.match(readFileSync(path.join(dir, 'templates', 'my_gif.en_US.yaml'), 'utf8'), /category: MARKETING/);
    let r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout);
    // clean but for the description each scaffold leaves to its author (scaffold-stub)
    assert.match(r.stdout, /\(0 errors, 4 warnings\)/, r.stdout);
    assert.is(r.stdout.match(/scaffold-stub/g)?.length, 4, r.stdout);
    assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0);
    assert.is((await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'x', '--kind', 'gif', '--category', 'UTILITY'], { cwd: dir })).exitCode, 3);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout);
    r = await cliIn(['preview', '--out', 'site'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const page = readFileSync(path.join(dir, 'site', (await import('node:fs')).readdirSync(path.join(dir, 'site'), { recursive: true, encoding: 'utf8' }).find((f) => f.includes('my_call') && f.endsWith('.html'))!), 'utf8');
    assert.match(page, /data-type="VOICE_CALL" dir="auto"><span class="icon"><svg class="i" data-icon="phone"[^>]*>.*?<\/svg><\/span> Call Now/);
    const appPage = readFileSync(path.join(dir, 'site', (await import('node:fs')).readdirSync(path.join(dir, 'site'), { recursive: true, encoding: 'utf8' }).find((f) => f.includes('my_app_link') && f.endsWith('.html'))!), 'utf8');
    assert.match(appPage, /data-type="URL" dir="auto" data-app-link="exampleshop:\/\/deals\/summer\/" title="Android: exampleshop:\/\/deals\/summer\/; elsewhere: https:\/\/shop\.example\.com\/deals\/summer\/"/);
    r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'my_call', '--param', '1=Ana'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /button index 0, VOICE_CALL "Call Now"\. Nothing was sent/);
    r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'my_gif', '--param', '1=Ana'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /the gif header\. Nothing was sent/);
    r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'my_app_link', '--param', '1=Ana'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /the Android app link exampleshop:\/\/deals\/summer\/ of button index 0 "View deals"\. Nothing was sent/);
    const ids = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout).changes.flatMap((c: { publicId: string }) => ['--id', c.publicId]);
    r = await cliIn(['pull', '--channel', 'shop-whatsapp', ...ids, '--dir', 'pulled', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(readFileSync(path.join(dir, 'pulled', 'my_call.en_US.yaml'), 'utf8'), /- type: VOICE_CALL\n\s+text: Call Now\n\s+ttl_minutes: 1440/);
    assert.match(readFileSync(path.join(dir, 'pulled', 'my_app_link.en_US.yaml'), 'utf8'), /app_deep_link:\n\s+meta_app_id: 634974688087057\n\s+android_deep_link: exampleshop:\/\/deals\/summer\//);
    assert.match(readFileSync(path.join(dir, 'pulled', 'my_flow.en_US.yaml'), 'utf8'), /- type: FLOW\n\s+text: Sign up\n\s+flow_name: newsletter_signup\n\s+flow_action: navigate\n\s+navigate_screen: WELCOME_SCREEN/);
    r = await cliIn(['lint', 'pulled'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout);
  } finally { cleanup(dir); }
});

test.run();
