// A template made in the console with the name and language of a file that has no publicId: the
// plan of a pull request (no --orphans) and apply planned a create, and apply made a second template
// of that name and language, which the emulator accepted (trial-o F11). Now, where the environment
// has a listing, plan and apply hold that template (kind refused, exit 1) with how to adopt it (the
// publicId to add, the pull command, runnable as printed); the other templates go ahead. The API
// document is silent on duplicates: the emulator accepts them (docs/api-assumptions.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONSOLE_ID = 'aa11bb22-cc33-4d44-8e55-ff6677889900';
const body = (name: string, text: string) => ({ name, description: '', chatapp: { chatapp: { name, language: 'en_US', category: 'MARKETING', components: [{ type: 'BODY', text }], example: { 1: 'Ana' } } } });
const file = (name: string, text: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

test('a create whose name and language the channel has under another id: held by plan and apply, with the pull that adopts it; the others applied', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const dir = tempDir('tplsync-twin-');
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    await client.writeTemplate(CHANNEL_A, CONSOLE_ID, body('flash_deal', 'Hi {{1}}, flash deal: 20% off today only.') as never);
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: other\nenvironments:\n  other:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_B} }\n  staging:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId, next: nextCursor }\n`,
      'templates/flash_deal.en_US.yaml': file('flash_deal', 'Hi {{1}}, flash deal: 20% off today only.'),
      'templates/welcome.en_US.yaml': file('welcome_twin', 'Hi {{1}}, welcome to our shop.'),
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    const pull = `tplsync pull --channel shop-whatsapp --id ${CONSOLE_ID} --force --env staging`;
    const plan = await cliIn(['plan', '--env', 'staging'], { cwd: dir, env });
    assert.is(plan.exitCode, 1, plan.stdout + plan.stderr);
    assert.not.match(plan.stdout, /\+ create shop-whatsapp\/flash_deal\/en_US/);
    assert.match(plan.stdout, /\+ create shop-whatsapp\/welcome_twin\/en_US/);
    assert.match(plan.stdout, `the channel has flash_deal/en_US already, under id ${CONSOLE_ID}`);
    assert.match(plan.stdout, `run \`${pull}\``);
    assert.match(plan.stdout, 'not planned and not applied; every other template goes ahead');
    const md = await cliIn(['plan', '--env', 'staging', '--format', 'markdown'], { cwd: dir, env });
    assert.match(md.stdout, `${pull}`);
    const apply = await cliIn(['apply', '--env', 'staging', '--auto-approve'], { cwd: dir, env });
    assert.is(apply.exitCode, 1, apply.stdout + apply.stderr);
    assert.match(apply.stdout, /created shop-whatsapp\/welcome_twin\/en_US/);
    assert.not.match(apply.stdout, /created shop-whatsapp\/flash_deal\/en_US/);
    const names = [...emu.state.templates.values()].map((t) => t.body.name).filter((n) => n === 'flash_deal');
    assert.is(names.length, 1, 'one flash_deal on the channel');
    // the advice, followed as printed, adopts the channel's template: the plan has nothing more to create
    assert.match(plan.stdout, `add publicId: ${CONSOLE_ID} to templates/flash_deal.en_US.yaml`);
    writeFiles(dir, { 'templates/flash_deal.en_US.yaml': `publicId: ${CONSOLE_ID}\n${file('flash_deal', 'Hi {{1}}, flash deal: 20% off today only!')}` });
    const pulled = await cliIn(pull.split(' ').slice(1), { cwd: dir, env });
    assert.ok(pulled.exitCode === 0, pulled.stdout + pulled.stderr);
    assert.match(readFileSync(path.join(dir, 'templates/flash_deal.en_US.yaml'), 'utf8'), `publicId: ${CONSOLE_ID}`);
    const after = await cliIn(['plan', '--env', 'staging'], { cwd: dir, env });
    assert.is(after.exitCode, 0, after.stdout + after.stderr);
    assert.not.match(after.stdout, /create|held/);
  } finally { cleanup(dir); await emu.close(); }
});

test('a saved plan whose create the console made since (same name and language, another id): apply holds it with the same advice, the others created', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const dir = tempDir('tplsync-twin-saved-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId, next: nextCursor }\n`,
      'templates/flash_deal.en_US.yaml': file('flash_deal', 'Hi {{1}}, flash deal: 20% off today only.'),
      'templates/welcome.en_US.yaml': file('welcome_twin', 'Hi {{1}}, welcome to our shop.'),
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    const planned = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir, env });
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    await createClient({ baseUrl: emu.url, apiKey: 'k' }).writeTemplate(CHANNEL_A, CONSOLE_ID, body('flash_deal', 'Hi {{1}}, flash deal: 20% off today only.') as never);
    const apply = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir, env });
    assert.is(apply.exitCode, 1, apply.stdout + apply.stderr);
    assert.match(apply.stderr, `shop-whatsapp/flash_deal/en_US is not created: the channel has flash_deal/en_US already, under id ${CONSOLE_ID}`);
    assert.match(apply.stderr, `tplsync pull --channel shop-whatsapp --id ${CONSOLE_ID} --force --env staging`);
    assert.match(apply.stdout, /created shop-whatsapp\/welcome_twin\/en_US/);
    assert.is([...emu.state.templates.values()].filter((t) => t.body.name === 'flash_deal').length, 1);
  } finally { cleanup(dir); await emu.close(); }
});

test('the emulator accepts a second template of a name and language (the API document is silent: docs/api-assumptions.md); tplsync\'s plan is what holds it', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    await client.writeTemplate(CHANNEL_A, CONSOLE_ID, body('delay_voucher', 'Hi {{1}}, here is a voucher.') as never);
    await client.writeTemplate(CHANNEL_A, '258c7231-0000-4000-8000-000000000001', body('delay_voucher', 'Hi {{1}}, here is a voucher.') as never);
    assert.is([...emu.state.templates.values()].filter((t) => t.body.name === 'delay_voucher').length, 2);
  } finally { await emu.close(); }
});

test.run();
