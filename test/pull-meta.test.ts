// pull --from meta: Meta's template JSON (a WABA's listing, examples from Meta's pages: see
// test/fixtures/meta/SOURCES.md) into files that lint without errors, apply to the emulator and
// plan with no changes; what a file cannot express is listed by template and field (exit 1);
// a template the project has is reported, not written twice.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { metaTemplates, metaToFile } from '../src/formats/meta.ts';
import { CHANNEL_A, cleanup, cli, FIXTURES, tempDir, writeFiles } from './helpers.ts';

const META = path.join(FIXTURES, 'meta');
const KEY = `k${Math.random().toString(36).slice(2)}Mt4`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('metaToFile: positional and named examples, a card URL example given as the value only, the authentication parts', () => {
  const ts = metaTemplates(JSON.parse(readFileSync(path.join(META, 'listing.json'), 'utf8')), 'listing.json');
  assert.ok(Array.isArray(ts));
  const by = new Map((ts as { value: Record<string, unknown> }[]).map((t) => [String(t.value.name), metaToFile(t.value, 'wa')]));
  assert.equal(by.get('seasonal_promotion')!.value.header, { format: 'TEXT', text: 'Our {{1}} is on!', examples: { 1: 'Summer Sale' } });
  assert.equal((by.get('order_confirmation')!.value.body as { examples: unknown }).examples, { first_name: 'Pablo', order_number: '860198-230332' });
  const card = (by.get('summer_carousel_promo_2023')!.value.carousel as { buttons: { example?: string }[] }[])[0]!;
  assert.is(card.buttons[1]!.example, 'https://www.luckyshrub.com/shop?promo=summer_lemons_2023');
  const auth = by.get('authentication_code_copy_code_button')!.value;
  assert.equal([auth.body, auth.footer, auth.message_send_ttl_seconds], [{ add_security_recommendation: true }, { code_expiration_minutes: 10 }, 60]);
  for (const c of by.values()) assert.equal(c.problems, [], c.name);
  assert.ok('error' in (metaTemplates({ templates: [] }, 'x.json') as object));
});

test('pull --from meta writes files that lint without errors, apply, and plan with no changes; a second pull reports them', async () => {
  const dir = tempDir('tplsync-pull-meta-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: e\nenvironments:\n  e:\n    baseUrl: ${emu.url}\n    apiKeyEnv: META_KEY\n    channels: { wa: ${CHANNEL_A} }\nchannels: { wa: { kind: whatsapp } }\n` });
    const run = (args: string[]) => cli(args, { cwd: dir, env: { META_KEY: KEY } });
    const pulled = await run(['pull', '--from', 'meta', path.join(META, 'listing.json'), '--channel', 'wa', '--dir', 'templates']);
    assert.is(pulled.exitCode, 0, pulled.stdout + pulled.stderr);
    assert.is(pulled.stdout.trim().split('\n').length, 5);
    const lint = await run(['lint', '--format', 'json']);
    const errors = (JSON.parse(lint.stdout) as { diagnostics: { severity: string; ruleId: string; file: string }[] }).diagnostics.filter((d) => d.severity === 'error');
    assert.equal(errors, []);
    const apply = await run(['apply', '--auto-approve', '--wait']);
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    const plan = await run(['plan', '--detailed-exitcode']);
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    const again = await run(['pull', '--from', 'meta', path.join(META, 'listing.json'), '--channel', 'wa', '--dir', 'imported']);
    assert.match(again.stderr, 'order_confirmation/en_US already lives in templates/order_confirmation.en_US.yaml; nothing written');
  } finally { cleanup(dir); }
});

test('what a file cannot express is listed by template and field, and the pull exits 1', async () => {
  const dir = tempDir('tplsync-pull-meta-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A} }\n` });
    const r = await cli(['pull', '--from', 'meta', path.join(META, 'unsupported.json'), '--channel', 'wa', '--dir', 'templates'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, 'abandoned_cart_offer/en_US: components[0]: a PRODUCT header cannot be written in a tplsync file yet');
    assert.match(r.stderr, 'abandoned_cart_offer/en_US: components[3].buttons[0]: a SPM button cannot be written in a tplsync file yet');
    assert.match(r.stderr, 'order_status_update/en_US: sub_category "ORDER_STATUS"');
    const bad = await cli(['pull', '--from', 'meta', path.join(FIXTURES, 'meta', 'SOURCES.md'), '--channel', 'wa'], { cwd: dir });
    assert.is(bad.exitCode, 3);
    assert.match(bad.stderr, 'not JSON');
    const none = await cli(['pull', '--from', 'meta', '--channel', 'wa'], { cwd: dir });
    assert.is(none.exitCode, 3);
  } finally { cleanup(dir); }
});

test.run();
