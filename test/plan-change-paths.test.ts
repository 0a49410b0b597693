// The JSON plan's change paths are what its schema documents: keys joined with dots and a list's
// item by its index in brackets (`buttons[1].text`), as the output writes them (the schema said
// `buttons.1.text`, which no plan ever wrote).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { fromWriteBody } from '../src/model/canonical.ts';
import { makePlan } from '../src/plan/plan.ts';
import { renderJson } from '../src/plan/render.ts';
import { CHANNEL_A, ROOT, writeBody } from './helpers.ts';

const ID = '4c5d6e7f-8a9b-4c0d-8e1f-000000000001';
const schemaText = JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')) as { properties: { changes: { items: { properties: { changes: { items: { properties: { path: { description: string } } } } } } } } };

test('a button\'s change is at buttons[1].text in the JSON, and the schema describes that form', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k'], reviewDelayMs: 0 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    await client.writeTemplate(CHANNEL_A, ID, writeBody('order_track'));
    const reads = new Map<string, TemplateReadResponse | null>([[ID, await client.getTemplate(CHANNEL_A, ID)]]);
    const body = writeBody('order_track');
    const buttons = body.chatapp!.chatapp.components.find((c) => c.type === 'BUTTONS')!.buttons!;
    buttons[1]!.text = 'Open order';
    const plan = makePlan({ desired: [{ file: 't.yaml', fileHash: 'h', channel: 'wa', canonical: fromWriteBody(body, CHANNEL_A, ID) }], remote: reads });
    const json = JSON.parse(renderJson(plan, { environment: 'dev', target: emu.url })) as { changes: { changes?: { path: string }[] }[] };
    assert.ok(new Ajv.default({ allErrors: true, strict: true }).compile(schemaText)(json));
    assert.equal(json.changes[0]!.changes!.map((c) => c.path), ['buttons[1].text']);
    const described = schemaText.properties.changes.items.properties.changes.items.properties.path.description;
    assert.match(described, 'buttons[1].text');
    assert.not.match(described, /buttons\.\d/);
  } finally { await emu.close(); }
});

test.run();
