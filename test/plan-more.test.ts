// The embedded emulator flow of `npm start`, --wait on review, and the markdown plan limit.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { makePlan, type DesiredTemplate } from '../src/plan/plan.ts';
import { renderMarkdown, MARKDOWN_LIMIT } from '../src/plan/render.ts';
import { fromFile } from '../src/model/canonical.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { templateText } from '../bench/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

test('npm start flow: lint, plan and apply the samples to the embedded emulator; the second run has no changes', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    let r = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /20 created, 0 updated, 0 failed/);
    assert.ok(readFileSync(path.join(dir, '.tplsync', 'emulator.json'), 'utf8').length > 0, 'state kept in the environment\'s emulator file');
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(r.exitCode, 0);
    assert.match(r.stdout, /No changes\. 20 templates in local match the files\./);
  } finally { cleanup(dir); }
});

test('apply --wait follows the review: approved, or rejected with the reason', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 400 });
  const dir = tempDir();
  try {
    const good = templateText(1).replace('name: template_1', `name: w${randomUUID().slice(0, 6)}`);
    // lint-clean by a reasoned suppression, but the platform's review rejects it
    const bad = templateText(2).replace('name: template_2', `name: w${randomUUID().slice(0, 6)}_bad`)
      .replace('  text: "Hi {{customer}}, your order', '  # tplsync-disable-next-line placeholder-position -- testing the review\n  text: "{{customer}}, your order');
    writeFiles(dir, {
      'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
      'templates/good.yaml': good, 'templates/bad.yaml': bad,
    });
    const r = await cliIn(['apply', '--auto-approve', '--wait', '--results', 'r.json'], { cwd: dir, env: { TPLSYNC_API_KEY: 'k' } });
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, /✓ created shop-whatsapp\/w\w+\/de → APPROVED/);
    assert.match(r.stdout, /✗ created shop-whatsapp\/w\w+_bad\/pt_BR → REJECTED: placeholder-position: The body starts with the placeholder/);
    const res = JSON.parse(readFileSync(path.join(dir, 'r.json'), 'utf8'));
    assert.equal(res.results.map((x: { status: string }) => x.status).sort(), ['APPROVED', 'REJECTED']);
  } finally { cleanup(dir); await emu.close(); }
});

test('the markdown plan of 500 changed templates stays within a GitHub comment, summary and attention first', () => {
  const desired: DesiredTemplate[] = [];
  const remote = new Map();
  for (let i = 0; i < 500; i++) {
    const t = readTemplateValue(templateText(i));
    const { canonical, ...fileOnly } = fromFile(t, CHANNEL_A, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    desired.push({ file: `templates/t${i}.yaml`, fileHash: 'h', channel: String(t.channel), canonical, fileOnly });
  }
  const plan = makePlan({ desired, remote });
  const md = renderMarkdown(plan, { environment: 'production', marker: 'tplsync-plan:production' });
  assert.ok(md.length <= MARKDOWN_LIMIT, `${md.length} characters`);
  assert.ok(md.startsWith('<!-- tplsync-plan:production -->\n## tplsync plan: production'));
  assert.match(md, /\| 500 \| 0 \| 0 \| 0 \|/);
  assert.match(md, /more changes not shown/);
  assert.ok(md.indexOf('| create |') < md.indexOf('<details>'));
  const small = renderMarkdown(makePlan({ desired: desired.slice(0, 3), remote }), { environment: 'production' });
  assert.is((small.match(/<details>/g) ?? []).length, 3);
  assert.not.match(small, /not shown/);
});

// a service that answers a media sample with its own copy's address (re-hosted): the file's sample edited since
// the base is a change all the same; one not edited is none; an edit to another host is one (the embedded emulator's case)
test('media samples: a re-hosted copy is no change, a sample edited since the base is one, whatever the hosts', async () => {
  const { toWriteBody, fromWriteBody } = await import('../src/model/canonical.ts');
  const { mediaSamples } = await import('../src/plan/plan.ts');
  const id = '00000000-0000-4000-8000-000000000001';
  const file = (example: string) => fromFile({ channel: 'wa', name: 'spring', language: 'en_US', category: 'MARKETING', header: { format: 'IMAGE', example }, body: { text: 'Hello {{1}}, our spring range is here.', examples: { 1: 'Ana' } } }, CHANNEL_A, id);
  const desired = (example: string): DesiredTemplate => { const { canonical, ...fileOnly } = file(example); return { file: 't.yaml', fileHash: 'h', channel: 'wa', canonical, fileOnly }; };
  const read = (example: string) => {
    const w = toWriteBody(file(example).canonical);
    const c = fromWriteBody(w, CHANNEL_A, id);
    return { name: 'spring', publicId: id, status: 2, statusText: 'APPROVED', chatapp: { name: 'spring', language: 'en_US', status: 'APPROVED', category: 'MARKETING', components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [c.header!.example!] } }, { type: 'BODY', text: c.body.text, example: { body_text: [c.body.examples] } }] } };
  };
  const OLD = 'https://cdn.shop.example/spring.png';
  const CDN = 'https://scontent.partner-cdn.example/v/t61/123.png';
  const base = new Map([[id, mediaSamples(file(OLD).canonical)]]);
  const planOf = (mine: string, channel: string, withBase: boolean) => makePlan({ desired: [desired(mine)], remote: new Map([[id, read(channel) as never]]), ...(withBase ? { baseSamples: base } : {}) }).changes[0]!;
  assert.is(planOf(OLD, CDN, true).action, 'noop', 'the service\'s copy of the unchanged sample');
  assert.is(planOf(OLD, CDN, false).action, 'noop');
  const edited = planOf('https://cdn.shop.example/spring-v2.png', CDN, true);
  assert.is(edited.action, 'update');
  assert.equal(edited.changes, [{ path: 'header.example', before: CDN, after: 'https://cdn.shop.example/spring-v2.png' }]);
  // the embedded emulator keeps what was written: a sample moved to another host and path, edited since the base
  const moved = planOf('https://media.other-cdn.example/img/box.png', OLD, true);
  assert.is(moved.action, 'update');
  assert.equal(moved.changes?.map((c) => c.path), ['header.example']);
  // without a base, the embedded emulator's plan (exactSamples: it keeps what it was given) sees the move too
  const exact = makePlan({ desired: [desired('https://media.other-cdn.example/img/box.png')], remote: new Map([[id, read(OLD) as never]]), exactSamples: true }).changes[0]!;
  assert.equal(exact.changes?.map((c) => c.path), ['header.example']);
});

test.run();
