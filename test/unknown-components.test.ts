// A component type the API document leaves open (DISCLAIMER here) on the channel's copy of a
// template: plan said "No changes" and pull wrote a file without it; an edit's apply then deleted it
// from the channel (a trial's own server). Now plan names it, apply does not write the template,
// pull writes no file for it. A real HTTP server on 127.0.0.1 plays the service.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateId } from '../src/model/ids.ts';
import { cleanup, cliIn, jsonService, NOT_FOUND_ANSWER, tempDir, writeFiles } from './helpers.ts';

const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const FILE = `channel: shop-whatsapp
name: winter_sale
language: en_US
category: MARKETING
body:
  text: "Hi {{1}}, our winter sale takes 25% off every coat this week."
  examples: { 1: Ana }
footer: Reply STOP to opt out
`;

async function service(extra: 'component' | 'button' = 'component'): Promise<{ url: string; close(): void; posts: unknown[] }> {
  const id = templateId(CHANNEL, 'winter_sale', 'en_US');
  const stored = {
    name: 'winter_sale', publicId: id, status: 2, statusText: 'APPROVED',
    chatapp: { name: 'winter_sale', language: 'en_US', status: 'APPROVED', components: [
      { type: 'BODY', text: 'Hi {{1}}, our winter sale takes 25% off every coat this week.', example: { body_text: [['Ana']] } },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      extra === 'component' ? { type: 'DISCLAIMER', text: 'Terms apply. See shop-example.co.uk/terms' } : { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop promotions' }, { type: 'REMINDER', text: 'Remind me' }] },
    ] },
  };
  const posts: unknown[] = [];
  const service = await jsonService(({ method, url, body }) => {
    if (method === 'POST') { posts.push(JSON.parse(body)); return { body: stored }; }
    if (method === 'GET' && url.toLowerCase().endsWith(`/template/${id}`)) return { body: stored };
    return NOT_FOUND_ANSWER;
  });
  return { ...service, posts };
}

test('a component the model does not know: plan names it, apply does not write (nothing deleted), pull writes no file without it', async () => {
  const { close, url, posts } = await service();
  const dir = tempDir();
  const env = { PARTNER_KEY: 'key-5c1e-canary-77aa' };
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: p\nenvironments:\n  p:\n    baseUrl: ${url}\n    apiKeyEnv: PARTNER_KEY\n    channels: { shop-whatsapp: ${CHANNEL} }\n`,
      'templates/winter_sale.en_US.yaml': FILE,
    });
    let r = await cliIn(['plan'], { cwd: dir, env });
    assert.match(r.stdout, /~ update shop-whatsapp\/winter_sale\/en_US/, r.stdout + r.stderr);
    assert.match(r.stdout, /the channel's copy holds a part no template file can hold \(the DISCLAIMER component\): a write would delete it, so apply does not write this template/);
    // the edit the trial made: still not written
    writeFiles(dir, { 'templates/winter_sale.en_US.yaml': FILE.replace('25%', '30%') });
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(posts.length, 0, 'no write, so nothing deleted');
    assert.ok(r.exitCode !== 0, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /no template file can hold \(the DISCLAIMER component\)/);
    // a saved plan too
    r = await cliIn(['plan', '--out', 'p.json'], { cwd: dir, env });
    r = await cliIn(['apply', 'p.json', '--auto-approve'], { cwd: dir, env });
    assert.is(posts.length, 0, 'the saved plan writes nothing either');
    assert.match(r.stdout + r.stderr, /no template file can hold \(the DISCLAIMER component\)/);
    r = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', templateId(CHANNEL, 'winter_sale', 'en_US'), '--dir', 'pulled', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /winter_sale\/en_US \(\S+\) not written to pulled\/\S+: the channel's copy holds a part no template file can hold \(the DISCLAIMER component\)/);
    assert.not.ok(existsSync(path.join(dir, 'pulled', 'winter_sale.en_US.yaml')));
  } finally { cleanup(dir); close(); }
});

test('a button of a type the model does not know (REMINDER): named like an unknown component, and the template not written', async () => {
  const { close, url, posts } = await service('button');
  const dir = tempDir();
  const env = { PARTNER_KEY: 'key-5c1e-canary-77aa' };
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: p\nenvironments:\n  p:\n    baseUrl: ${url}\n    apiKeyEnv: PARTNER_KEY\n    channels: { shop-whatsapp: ${CHANNEL} }\n`,
      'templates/winter_sale.en_US.yaml': `${FILE.replace('25%', '30%')}buttons:\n  - type: QUICK_REPLY\n    text: Stop promotions\n`,
    });
    const plan = await cliIn(['plan'], { cwd: dir, env });
    assert.match(plan.stdout, /holds a part no template file can hold \(the REMINDER button\)/, plan.stdout + plan.stderr);
    const r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(posts.length, 0, 'nothing written, so the button stays');
    assert.match(r.stdout + r.stderr, /the REMINDER button/);
    const pull = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', templateId(CHANNEL, 'winter_sale', 'en_US'), '--force'], { cwd: dir, env });
    assert.is(pull.exitCode, 1, pull.stdout + pull.stderr);
    assert.match(pull.stderr, /not written to templates\/winter_sale\.en_US\.yaml: the channel's copy holds a part no template file can hold \(the REMINDER button\)/);
  } finally { cleanup(dir); close(); }
});

test('a component of a type no file can hold inside a carousel card is read (not an answer outside the contract) and named as the card\'s', async () => {
  const { createClient } = await import('../src/api/client.ts');
  const { fromRead } = await import('../src/model/canonical.ts');
  const id = templateId(CHANNEL, 'spring_cards', 'en_US');
  const card = (n: number, extra: unknown[] = []) => ({ components: [
    { type: 'HEADER', format: 'IMAGE', example: { header_handle: [`https://cdn.shop.example/${n}.png`] } },
    { type: 'BODY', text: `Card ${n}` },
    ...extra,
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More' }] },
  ] });
  const stored = { name: 'spring_cards', publicId: id, status: 2, statusText: 'APPROVED', chatapp: { name: 'spring_cards', language: 'en_US', status: 'APPROVED', components: [
    { type: 'BODY', text: 'Our spring picks for you.' },
    { type: 'CAROUSEL', cards: [card(1), card(2, [{ type: 'FOOTER', text: 'Prices in store may differ' }])] },
  ] } };
  const service = await jsonService(({ method }) => (method === 'GET' ? { body: stored } : NOT_FOUND_ANSWER));
  try {
    const read = await createClient({ baseUrl: service.url, apiKey: 'key-5c1e-canary-77aa' }).getTemplate(CHANNEL, id);
    assert.ok(read);
    assert.equal(fromRead(read!, CHANNEL).unknownComponents, ['FOOTER component of card 2']);
  } finally { service.close(); }
});

test.run();
