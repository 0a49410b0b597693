// Answers of a broken or hostile server: an error whose JSON message is megabytes long is cut to a
// thousand characters in the error, saying how much was left out (8 MB were printed on stderr);
// a read of template A answered with template B is refused (plan showed B's content as A's).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { ContractError } from '../src/api/errors.ts';

test('a 400 with a 5 MB message: the error holds its first thousand characters and says the rest was cut', async () => {
  const server = createServer((_req, res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 400, message: 'x'.repeat(5_000_000), errors: [{ code: 'INVALID', message: 'y'.repeat(3_000_000) }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'key-9f8e7d-1a2b' });
    const err = await client.getTemplate('0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', '11111111-1111-4111-8111-111111111111').then(() => undefined, (e: unknown) => e as Error);
    assert.ok(err, 'refused');
    assert.ok(err!.message.length < 1500, `${err!.message.length} characters`);
    assert.match(err!.message, /HTTP 400: x{1000}\.\.\. \(\d,\d{3},\d{3} more characters not shown\)/);
  } finally { server.close(); }
});

test('a read answered with another template than the one asked for: a contract error, not used', async () => {
  const ASKED = '11111111-1111-4111-8111-111111111111';
  const OTHER = '22222222-2222-4222-8222-222222222222';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ name: 'other_template', publicId: OTHER, status: 2, statusText: 'APPROVED', chatapp: { name: 'other_template', language: 'en_US', status: 'APPROVED', components: [{ type: 'BODY', text: 'Hello' }] } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const client = createClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: 'key-9f8e7d-1a2b' });
    const err = await client.getTemplate('0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', ASKED).then(() => undefined, (e: unknown) => e as Error);
    assert.instance(err, ContractError);
    assert.match(err!.message, `the service answered with another template (publicId ${OTHER})`);
    // the same id in capitals is the same template
    const upper = createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify({ name: 't', publicId: ASKED.toUpperCase(), status: 2, statusText: 'APPROVED', chatapp: { name: 't', language: 'en_US', status: 'APPROVED', components: [{ type: 'BODY', text: 'Hello' }] } })); });
    await new Promise<void>((r) => upper.listen(0, '127.0.0.1', r));
    try {
      const same = await createClient({ baseUrl: `http://127.0.0.1:${(upper.address() as AddressInfo).port}`, apiKey: 'key-9f8e7d-1a2b' }).getTemplate('0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', ASKED);
      assert.is(same?.name, 't');
    } finally { upper.close(); }
  } finally { server.close(); }
});

// a server that keys a new template by an id of its own (the document does not say it may not):
// every apply made another template, each said to be safe to re-run (a trial found two)
test('a write answered with another template id: apply fails it as outside the contract (exit 70), once, and never calls a re-run safe', async () => {
  const { cleanup, cliIn, tempDir, writeFiles, VALID, jsonService, NOT_FOUND_ANSWER } = await import('./helpers.ts');
  const { randomUUID } = await import('node:crypto');
  const posts: string[] = [];
  const stored = new Map<string, unknown>();
  const service = await jsonService(({ method, url, body }) => {
    const m = /\/template\/([0-9a-f-]+)$/i.exec(url);
    if (method === 'GET' && m) {
      const t = stored.get(m[1]!.toLowerCase());
      return t ? { body: t } : NOT_FOUND_ANSWER;
    }
    if (method === 'POST' && m) {
      posts.push(m[1]!);
      const id = randomUUID();
      const w = JSON.parse(body) as { name: string; chatapp: Record<string, unknown> };
      const t = { name: w.name, publicId: id, status: 1, statusText: 'PENDING', chatapp: { ...w.chatapp, status: 'PENDING' } };
      stored.set(id, t);
      return { body: t };
    }
    return { status: 400, body: { code: 400, message: 'bad request', errors: [] } };
  });
  const dir = tempDir();
  try {
    const url = service.url;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: p\nenvironments:\n  p:\n    baseUrl: ${url}\n    apiKeyEnv: PARTNER_KEY\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n`,
      'templates/a.en_US.yaml': VALID,
    });
    const r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env: { PARTNER_KEY: 'key-9f8e7d-1a2b' } });
    assert.is(r.exitCode, 70, r.stdout + r.stderr);
    assert.is(posts.length, 1, 'written once, not retried');
    const [made] = [...stored.keys()];
    assert.match(r.stdout + r.stderr, `the service answered with another template id, ${made}`);
    assert.match(r.stdout + r.stderr, /1 template failed on an answer outside the API's contract/);
    assert.not.match(r.stdout + r.stderr, /re-run is safe/);
  } finally { cleanup(dir); service.close(); }
});

// one template's read with a null where the contract has a text stopped plan and apply for all (exit 70, nothing planned)
test('one template whose read breaks the contract is held with why; the others are planned, reviewed and applied, with --orphans too; exit 70', async () => {
  const { cleanup, cliIn, tempDir, writeFiles, VALID, jsonService, NOT_FOUND_ANSWER } = await import('./helpers.ts');
  const { templateId } = await import('../src/model/ids.ts');
  const CH = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
  const broken = templateId(CH, 'order_ready', 'en_US');
  const posts: string[] = [];
  // a template on the channel without a file, listed by the service, whose read breaks the contract too
  const stray = '5b0d7c1e-2f3a-4b5c-8d6e-7f8091a2b3c4';
  const kept = '6c1e8d2f-3a4b-4c5d-9e6f-8091a2b3c4d5';
  let onlyStray = false;
  const service = await jsonService(({ method, url, body }) => {
    const id = /\/template\/([0-9a-f-]+)$/i.exec(url)?.[1]?.toLowerCase();
    if (method === 'GET' && url.endsWith('/templates')) return { body: { templates: onlyStray ? [{ publicId: stray }] : [{ publicId: broken }, { publicId: stray }, { publicId: kept }] } };
    if (method === 'GET' && id === kept) return { body: { name: 'spring_sale', publicId: kept, status: 2, statusText: 'APPROVED', chatapp: { name: 'spring_sale', language: 'en_US', status: 'APPROVED', components: [{ type: 'BODY', text: 'Our spring sale starts today.' }] } } };
    if (method === 'GET' && id === stray) return { body: { name: 'old_promo', publicId: stray, status: 2, statusText: 'APPROVED', chatapp: { name: 'old_promo', language: 'en_US', status: 'APPROVED', components: null } } };
    if (method === 'GET' && id === broken) {
      return { body: { name: 'order_ready', publicId: broken, description: null, status: 2, statusText: 'APPROVED', chatapp: { name: 'order_ready', language: 'en_US', status: 'APPROVED', components: [{ type: 'BODY', text: 'Hello {{1}}, your order is ready for pickup at the store.', example: { body_text: [['Ana']] } }] } } };
    }
    if (method === 'POST' && id) {
      posts.push(id);
      const w = JSON.parse(body) as { name: string };
      return { body: { name: w.name, publicId: id, status: 1, statusText: 'PENDING' } };
    }
    return NOT_FOUND_ANSWER;
  });
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: p\nenvironments:\n  p:\n    baseUrl: ${service.url}\n    apiKeyEnv: PARTNER_KEY\n    channels: { shop-whatsapp: ${CH} }\n`,
      'templates/a.en_US.yaml': VALID,
      'templates/b.en_US.yaml': VALID.replace('name: order_ready', 'name: order_shipped').replace('is ready for pickup at the store', 'has shipped and arrives soon'),
    });
    const env = { PARTNER_KEY: 'key-9f8e7d-1a2b' };
    const plan = await cliIn(['plan'], { cwd: dir, env });
    assert.is(plan.exitCode, 70, plan.stdout + plan.stderr);
    assert.match(plan.stdout, /\+ create shop-whatsapp\/order_shipped\/en_US/);
    assert.match(plan.stdout + plan.stderr, /order_ready[\s\S]*its read broke the API's contract, so it is neither planned nor written: .*description/);
    // review and plan --orphans held it the same way (they stopped at it: exit 70, nothing else shown)
    const review = await cliIn(['review'], { cwd: dir, env });
    assert.is(review.exitCode, 70, review.stdout + review.stderr);
    assert.match(review.stdout, /shop-whatsapp\/order_ready\/en_US\s+NOT_READ[\s\S]*reason: .*description/);
    assert.match(review.stdout, /shop-whatsapp\/order_shipped\/en_US\s+ABSENT/);
    assert.match(review.stderr, /1 template broke the API's contract[\s\S]*the others are reviewed/);
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: p\nenvironments:\n  p:\n    baseUrl: ${service.url}\n    apiKeyEnv: PARTNER_KEY\n    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId }\n    channels: { shop-whatsapp: ${CH} }\n` });
    const orphans = await cliIn(['plan', '--orphans'], { cwd: dir, env });
    assert.is(orphans.exitCode, 70, orphans.stdout + orphans.stderr);
    assert.match(orphans.stdout, /\+ create shop-whatsapp\/order_shipped\/en_US/);
    assert.match(orphans.stdout, new RegExp(`held +shop-whatsapp/\\(template ${stray}\\)/\\?[\\s\\S]*its read broke the API's contract.*chatapp.components.*a template the service lists, with no file`));
    assert.match(orphans.stderr, /the channel's answer for 2 templates broke the API's contract/);
    assert.match(orphans.stdout, /held +shop-whatsapp\/order_ready\/en_US/);
    assert.match(orphans.stdout, /orphan +shop-whatsapp\/spring_sale\/en_US/);
    // the one listed template, broken: held as well (it stopped the whole plan), the files planned
    onlyStray = true;
    const one = await cliIn(['plan', '--orphans'], { cwd: dir, env });
    assert.is(one.exitCode, 70, one.stdout + one.stderr);
    assert.match(one.stdout, /\+ create shop-whatsapp\/order_shipped\/en_US/);
    assert.match(one.stdout, new RegExp(`held +shop-whatsapp/\\(template ${stray}\\)`));
    onlyStray = false;
    // the one template reviewed, broken: its NOT_READ row in the JSON (there was no document at all)
    const only = await cliIn(['review', '--format', 'json', 'templates/a.en_US.yaml'], { cwd: dir, env });
    assert.is(only.exitCode, 70, only.stdout + only.stderr);
    const rows = (JSON.parse(only.stdout) as { templates: { name: string; state: string; reason?: string }[] }).templates;
    assert.equal(rows.map((t) => [t.name, t.state]), [['order_ready', 'NOT_READ']]);
    assert.match(rows[0]!.reason ?? '', 'description');
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(apply.exitCode, 70, apply.stdout + apply.stderr);
    assert.equal(posts, [templateId(CH, 'order_shipped', 'en_US')], 'the other template written, the held one not');
    assert.match(apply.stdout + apply.stderr, /order_ready[\s\S]*its read broke the API's contract/);
  } finally { cleanup(dir); service.close(); }
});

test('a state word in small letters ("approved") is read as the state: plan, review and send agree it is APPROVED', async () => {
  const ASKED = '11111111-1111-4111-8111-111111111111';
  const { jsonService } = await import('./helpers.ts');
  const service = await jsonService(() => ({ body: { name: 't', publicId: ASKED, status: 2, statusText: 'approved', chatapp: { name: 't', language: 'en_US', status: 'approved', components: [{ type: 'BODY', text: 'Hello' }] } } }));
  try {
    const read = await createClient({ baseUrl: service.url, apiKey: 'key-9f8e7d-1a2b' }).getTemplate('0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11', ASKED);
    assert.is(read?.statusText, 'APPROVED');
    assert.is(read?.chatapp?.status, 'APPROVED');
  } finally { service.close(); }
});

test('a send answered with its time in another ISO form and a message id that is no UUID is a send (exit 0), not "may have been delivered"', async () => {
  const { cleanup, cliIn, tempDir, writeFiles, jsonService } = await import('./helpers.ts');
  for (const [createdDate, publicId] of [['2026-11-29T21:00:00Z', '98765'], ['2026-11-29T22:00:00.123456+01:00', 'msg-1']]) {
    const service = await jsonService(({ body }) => ({ body: { clientMessageId: (JSON.parse(body) as { clientMessageId: string }).clientMessageId, messages: [{ createdDate, status: 1, publicId }] } }));
    const dir = tempDir();
    try {
      writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  p:\n    baseUrl: ${service.url}\n    apiKeyEnv: PARTNER_KEY\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n` });
      const r = await cliIn(['send', '--channel', 'wa', '--to', '+4915112345678', '--text', 'Your parcel is on its way.'], { cwd: dir, env: { PARTNER_KEY: 'key-9f8e7d-1a2b' } });
      assert.is(r.exitCode, 0, `${createdDate} ${publicId}: ${r.stderr}`);
      assert.match(r.stdout, /^[0-9a-f-]{36}$/m);
    } finally { cleanup(dir); service.close(); }
  }
});

test('a service that answers an unknown template with a 400 of its own wording: environments.<env>.notFoundStatuses [404, 400] makes it absent (a create), without it plan says to check', async () => {
  const { cleanup, cliIn, tempDir, writeFiles, VALID } = await import('./helpers.ts');
  const server = createServer((_req, res) => {
    res.writeHead(400, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 400, message: 'template does not exist', errors: [] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir();
  try {
    const cfg = (extra: string) => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: p\nenvironments:\n  p:\n    baseUrl: http://127.0.0.1:${(server.address() as AddressInfo).port}\n    apiKeyEnv: PARTNER_KEY\n    retries: 0\n    channels: { shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n${extra}`;
    writeFiles(dir, { 'tplsync.config.yaml': cfg(''), 'templates/a.en_US.yaml': VALID });
    const env = { PARTNER_KEY: 'key-9f8e7d-1a2b' };
    const before = await cliIn(['plan'], { cwd: dir, env });
    assert.is(before.exitCode, 3, before.stdout + before.stderr);
    assert.match(before.stderr, 'list 400 in the environment\'s notFoundStatuses: notFoundStatuses: [404, 400]');
    writeFiles(dir, { 'tplsync.config.yaml': cfg('    notFoundStatuses: [404, 400]\n') });
    const after = await cliIn(['plan'], { cwd: dir, env });
    assert.is(after.exitCode, 0, after.stdout + after.stderr);
    assert.match(after.stdout, /\+ create shop-whatsapp\/order_ready\/en_US/);
    writeFiles(dir, { 'tplsync.config.yaml': cfg('    notFoundStatuses: [500]\n') });
    assert.is((await cliIn(['plan'], { cwd: dir, env })).exitCode, 3, 'only 4xx statuses');
    // a refused key is never an absent template (every template would plan as new)
    writeFiles(dir, { 'tplsync.config.yaml': cfg('    notFoundStatuses: [404, 401, 403]\n') });
    const auth = await cliIn(['plan'], { cwd: dir, env });
    assert.is(auth.exitCode, 3);
    assert.match(auth.stderr, /notFoundStatuses: 401 says the key is refused or not allowed, never that a template is absent/);
  } finally { cleanup(dir); server.close(); }
});

test.run();
