// A file whose publicId (as `tplsync pull` writes it) names a template the channel has under
// another name or language: a template's name and language identify it (docs/format.md: a rename
// makes a new template, the old one stays), and WhatsApp's edit takes only the category and the
// components. The plan holds that template (kind `identity`, exit 1) with both ways out, instead
// of planning an update that renames the live template in place; a saved plan cannot write it either.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { fromWriteBody } from '../src/model/canonical.ts';
import { makePlan } from '../src/plan/plan.ts';
import { renderJson, renderMarkdown, renderText } from '../src/plan/render.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeBody, writeFiles } from './helpers.ts';

const ID = (i: number) => `5d1e2f3a-4b5c-4d6e-8f70-${String(i).padStart(12, '0')}`;
const TEXT = 'Hallo {{1}}, der Laden in Bonn ist heute bis 20 Uhr geöffnet.';
const schema = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

test('makePlan: an id whose template the channel has under another name or language is held, not an update that renames it', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k'], reviewDelayMs: 0 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    const body = (name: string, language: string) => { const b = writeBody(name, TEXT); b.chatapp!.chatapp.language = language; return b; };
    await client.writeTemplate(CHANNEL_A, ID(1), body('store_open_bonn', 'de'));
    await client.writeTemplate(CHANNEL_A, ID(2), body('store_open_koeln', 'de'));
    await client.writeTemplate(CHANNEL_A, ID(3), body('store_open_mainz', 'de'));
    const reads = new Map<string, TemplateReadResponse | null>();
    for (const i of [1, 2, 3]) reads.set(ID(i), await client.getTemplate(CHANNEL_A, ID(i)));
    const desired = [
      // renamed in the file, its publicId kept
      { file: 'templates/bonn.yaml', fileHash: 'h', channel: 'wa', canonical: fromWriteBody(body('pickup_bonn', 'de'), CHANNEL_A, ID(1)) },
      // its language changed, its publicId kept
      { file: 'templates/koeln.yaml', fileHash: 'h', channel: 'wa', canonical: fromWriteBody(body('store_open_koeln', 'en'), CHANNEL_A, ID(2)) },
      // as the channel has it: planned as ever
      { file: 'templates/mainz.yaml', fileHash: 'h', channel: 'wa', canonical: fromWriteBody(body('store_open_mainz', 'de'), CHANNEL_A, ID(3)) },
    ];
    const plan = makePlan({ desired, remote: reads });
    assert.equal(plan.summary, { create: 0, update: 0, noop: 1, orphan: 0 });
    assert.equal(plan.changes.map((c) => c.name), ['store_open_mainz']);
    assert.ok(!plan.changes.some((c) => c.changes?.some((f) => f.path === 'name' || f.path === 'language')), 'no change renames a template');
    const held = new Map((plan.held ?? []).map((h) => [h.file, h]));
    const bonn = held.get('templates/bonn.yaml')!;
    assert.is(bonn.kind, 'identity');
    assert.equal([bonn.channel, bonn.name, bonn.language], ['wa', 'pickup_bonn', 'de']);
    assert.match(bonn.reasons[0]!, `its id ${ID(1)} (the file's publicId) names store_open_bonn/de on the channel, and the file changed its name`);
    assert.match(bonn.reasons[0]!, 'remove the publicId from templates/bonn.yaml or give it a new one');
    assert.match(bonn.reasons[0]!, 'shows as an orphan');
    assert.match(bonn.reasons[0]!, /put back name: store_open_bonn$/);
    const koeln = held.get('templates/koeln.yaml')!;
    assert.is(koeln.kind, 'identity');
    assert.match(koeln.reasons[0]!, 'names store_open_koeln/de on the channel, and the file changed its language');
    assert.match(koeln.reasons[0]!, /put back language: de$/);
    // every rendering shows it held; the JSON stays within its schema
    const text = renderText(plan, { color: false, environment: 'dev' });
    assert.match(text, '! held   wa/pickup_bonn/de  templates/bonn.yaml');
    assert.match(text, 'plan and apply exit 1 until the file is corrected');
    assert.not.match(text, /^No changes\./m);
    const json = JSON.parse(renderJson(plan, { environment: 'dev', target: emu.url })) as { held: { kind: string }[] };
    assert.ok(schema(json), JSON.stringify(schema.errors));
    assert.equal(json.held.map((h) => h.kind), ['identity', 'identity']);
    assert.match(renderMarkdown(plan, { environment: 'dev' }), /⛔ `wa\/pickup_bonn\/de` is held back \(not planned, not applied\): its id/);
  } finally { await emu.close(); }
});

test('plan, plan --out then apply PLAN, and apply: the renamed template is held (exit 1) and the channel keeps its name; the others are written', async () => {
  const dir = tempDir('tplsync-rename-held-');
  try {
    const T = (name: string, extra = '') => `channel: wa\nname: ${name}\n${extra}language: de\ncategory: UTILITY\nbody:\n  text: "${TEXT}"\n  examples: { 1: Ana }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      'templates/bonn.yaml': T('store_open_bonn'),
    });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    const created = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir })).stdout) as { changes: { publicId: string }[] };
    const id = created.changes[0]!.publicId;
    // as pull writes it: the publicId in the file; then the name changed, and another template added
    writeFiles(dir, { 'templates/bonn.yaml': T('pickup_bonn', `publicId: ${id}\n`), 'templates/mainz.yaml': T('store_open_mainz') });
    const plan = await cliIn(['plan'], { cwd: dir });
    assert.is(plan.exitCode, 1, plan.stdout + plan.stderr);
    assert.not.match(plan.stdout, /~ update/);
    assert.match(plan.stdout, '! held   wa/pickup_bonn/de  templates/bonn.yaml');
    assert.match(plan.stdout, '+ create wa/store_open_mainz/de');
    assert.match(plan.stderr, 'a template is never renamed in place');
    // a saved plan holds it back too
    const saved = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir });
    assert.is(saved.exitCode, 1, saved.stdout + saved.stderr);
    const savedPlan = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as { changes: { name: string }[]; held: { kind: string }[] };
    assert.equal(savedPlan.changes.map((c) => c.name), ['store_open_mainz']);
    assert.equal(savedPlan.held.map((h) => h.kind), ['identity']);
    const fromSaved = await cliIn(['apply', '--auto-approve', 'plan.json'], { cwd: dir });
    assert.is(fromSaved.exitCode, 1, fromSaved.stdout + fromSaved.stderr);
    assert.match(fromSaved.stdout, '1 created, 0 updated');
    assert.match(fromSaved.stderr, 'held and not written because its file keeps the id of a template the channel has under another name or language');
    const direct = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(direct.exitCode, 1, direct.stdout + direct.stderr);
    assert.not.match(direct.stdout, /updated wa\/pickup_bonn/);
    // the channel kept the template under its name: the file with the old name back matches it
    writeFileSync(path.join(dir, 'templates', 'bonn.yaml'), T('store_open_bonn', `publicId: ${id}\n`));
    const back = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir })).stdout) as { changes: { name: string; action: string }[]; held?: unknown };
    assert.equal(back.changes.map((c) => [c.name, c.action]), [['store_open_bonn', 'noop'], ['store_open_mainz', 'noop']]);
    assert.is(back.held, undefined);
  } finally { cleanup(dir); }
});

test.run();
