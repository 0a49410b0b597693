// A template made in the console (an id of its own) and a file of the same name and language
// without publicId: plan --orphans showed a create beside the orphan with no word, apply made a
// second template, and pull --all said only that the file held it (a trial). Now plan says what to
// add, on both lines, and pull says it too (exit 1).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONSOLE_ID = '0f3b6c1e-2d4a-4b5c-8d6e-7f8091a2b3c4';
const FILE = `channel: shop-whatsapp
name: payment_failed
language: en_US
category: UTILITY
body:
  text: "Hi {{1}}, your payment for order {{2}} did not go through. Please try another card."
  examples: { 1: Ana, 2: A-1042 }
`;

test('a file without publicId beside the channel\'s template of its name and language (another id): plan --orphans and pull --all say to add that publicId', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const dir = tempDir();
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    await client.writeTemplate(CHANNEL_A, CONSOLE_ID, { name: 'payment_failed', description: '', chatapp: { chatapp: { name: 'payment_failed', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi {{1}}, your payment for order {{2}} did not go through. Please try another card.' }] }, example: { 1: 'Ana', 2: 'A-1042' } } } as never);
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId, next: nextCursor }\n`,
      'templates/payment_failed.en_US.yaml': FILE,
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    const r = await cliIn(['plan', '--orphans'], { cwd: dir, env });
    // not a create: held, with the command that adopts the channel's template (and the publicId to add)
    assert.not.match(r.stdout, /\+ create shop-whatsapp\/payment_failed\/en_US/, r.stdout + r.stderr);
    assert.match(r.stdout, /! held   shop-whatsapp\/payment_failed\/en_US/, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`the channel has payment_failed/en_US already, under id ${CONSOLE_ID} \\([A-Z]+\\), made outside tplsync .*which WhatsApp refuses, so it is not created\\. To adopt that template, add publicId: ${CONSOLE_ID} to templates/payment_failed\\.en_US\\.yaml .*run \`tplsync pull --channel shop-whatsapp --id ${CONSOLE_ID} --force --env t\``));
    assert.match(r.stdout, new RegExp(`templates/payment_failed\\.en_US\\.yaml has this name and language without its id: add publicId: ${CONSOLE_ID}`));
    const p = await cliIn(['pull', '--channel', 'shop-whatsapp', '--all'], { cwd: dir, env });
    assert.is(p.exitCode, 1, p.stdout + p.stderr);
    assert.match(p.stderr, new RegExp(`payment_failed/en_US \\(${CONSOLE_ID}\\) has the name and language of templates/payment_failed\\.en_US\\.yaml, which has no publicId .*add publicId: ${CONSOLE_ID} to templates/payment_failed\\.en_US\\.yaml`));
    // the file's own (derived) id on the channel too: it manages that one; the other is a second of its name and language, said so, no publicId advice
    const { templateId } = await import('../src/model/ids.ts');
    const derived = templateId(CHANNEL_A, 'payment_failed', 'en_US');
    await client.writeTemplate(CHANNEL_A, derived, { name: 'payment_failed', description: '', chatapp: { chatapp: { name: 'payment_failed', language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi {{1}}, your payment for order {{2}} did not go through. Please try another card.' }] }, example: { 1: 'Ana', 2: 'A-1042' } } } as never).catch(() => undefined);
    if (await client.getTemplate(CHANNEL_A, derived)) {
      const both = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', CONSOLE_ID], { cwd: dir, env });
      assert.is(both.exitCode, 1, both.stdout + both.stderr);
      assert.match(both.stderr, `which manages another template of the channel (${derived}): the channel holds two templates of that name and language`);
      assert.not.match(both.stderr, 'add publicId');
    }
    // adopted: the plan is an update of that template (or nothing), no create
    writeFiles(dir, { 'templates/payment_failed.en_US.yaml': `publicId: ${CONSOLE_ID}\n${FILE}` });
    const after = await cliIn(['plan', '--orphans'], { cwd: dir, env });
    assert.not.match(after.stdout, /^\s*\+ create /m, after.stdout);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
