// The edit budget in review (issue 26 item 4): the plan (text, JSON, pull-request comment) says
// how many edits of APPROVED templates the change spends in its environment, which templates
// would exceed their 24-hour or 30-day allowance, and from when each becomes possible. The reads
// come from the emulator over HTTP (its edit-allowance headers), its clock moved, never waited for.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { fromWriteBody } from '../src/model/canonical.ts';
import { editBudget, editSpend } from '../src/plan/edit-budget.ts';
import { makePlan } from '../src/plan/plan.ts';
import { renderJson, renderMarkdown, renderText } from '../src/plan/render.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, ROOT, writeBody } from './helpers.ts';

const DAY = 24 * 3600_000;
const id = (i: number) => `8c3f4d5e-6f70-4a81-9c92-${String(i).padStart(12, '0')}`;
const text = (v: number) => `Hello {{1}}, your order is ready for pickup at store number ${v}.`;
const schema = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

test('editSpend: which allowance a refused edit would exceed, from the service\'s headers', () => {
  assert.equal(editSpend(undefined), {});
  assert.equal(editSpend({ remaining: 7, left30d: 7 }), { remaining: 7, left30d: 7 });
  assert.equal(editSpend({ remaining: 0, left30d: 6, nextAt: '2026-01-02T00:00:00.000Z' }), { remaining: 0, left30d: 6, exceeds: '24h', possibleFrom: '2026-01-02T00:00:00.000Z' });
  assert.equal(editSpend({ remaining: 0, left30d: 0, nextAt: '2026-01-20T00:00:00.000Z' }), { remaining: 0, left30d: 0, exceeds: '30d', possibleFrom: '2026-01-20T00:00:00.000Z' });
  assert.equal(editSpend({ remaining: 0 }), { remaining: 0, exceeds: 'unknown' });
  const b = editBudget([
    { channel: 'c', name: 'a', language: 'en', publicId: id(1), action: 'update', edit: { remaining: 3 } },
    { channel: 'c', name: 'b', language: 'en', publicId: id(2), action: 'update', edit: {} },
    { channel: 'c', name: 'n', language: 'en', publicId: id(3), action: 'create' },
  ]);
  assert.equal([b.spends, b.exceeding.length, b.unknown], [2, 0, 1]);
});

test('plan against the emulator: spends, the 24-hour and the 30-day allowance, and when each edit becomes possible', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 0 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    // a: approved, never edited; b: edited today (24 h used); c: ten edits in the last 30 days; d: pending (no limit); e: unchanged
    for (const i of [1, 2, 3, 5]) await client.writeTemplate(CHANNEL_A, id(i), writeBody(`budget_${i}`, text(0)));
    emu.advanceClock(60_000);
    for (let v = 1; v <= 10; v++) { await client.writeTemplate(CHANNEL_A, id(3), writeBody('budget_3', text(v))); emu.advanceClock(DAY + 60_000); }
    await client.writeTemplate(CHANNEL_A, id(2), writeBody('budget_2', text(1)));
    emu.advanceClock(60_000);
    const pendingEmu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 10 * DAY });
    let pendingRead: TemplateReadResponse | null;
    try {
      const pc = createClient({ baseUrl: pendingEmu.url, apiKey: 'k1' });
      await pc.writeTemplate(CHANNEL_A, id(4), writeBody('budget_4', text(0)));
      pendingRead = await pc.getTemplate(CHANNEL_A, id(4));
    } finally { await pendingEmu.close(); }
    const reads = new Map<string, TemplateReadResponse | null>();
    for (const i of [1, 2, 3, 5]) reads.set(id(i), await client.getTemplate(CHANNEL_A, id(i)));
    reads.set(id(4), pendingRead);
    const desired = [1, 2, 3, 4, 5].map((i) => {
      const body = writeBody(`budget_${i}`, text(i === 5 ? 0 : i === 3 ? 99 : 42));
      return { file: `t${i}.yaml`, fileHash: 'h', channel: 'shop-whatsapp', canonical: fromWriteBody(body, CHANNEL_A, id(i)) };
    });
    const plan = makePlan({ desired, remote: reads });
    assert.equal(plan.summary, { create: 0, update: 4, noop: 1, orphan: 0 });

    // JSON: every spending update with what its read said; the schema in step
    const json = JSON.parse(renderJson(plan, { environment: 'production', target: emu.url })) as { editBudget: { spends: number; exceeding: number; unknown: number; edits: { name: string; exceeds?: string; possibleFrom?: string; remaining?: number }[] }; changes: { name: string; edit?: unknown }[] };
    assert.ok(schema(json), JSON.stringify(schema.errors));
    assert.equal([json.editBudget.spends, json.editBudget.exceeding, json.editBudget.unknown], [3, 2, 0], JSON.stringify(json.editBudget));
    const by = new Map(json.editBudget.edits.map((e) => [e.name, e]));
    assert.is(by.get('budget_1')!.remaining, 10);
    assert.is(by.get('budget_1')!.exceeds, undefined);
    assert.is(by.get('budget_2')!.exceeds, '24h');
    assert.is(by.get('budget_3')!.exceeds, '30d');
    assert.is(by.has('budget_4'), false, 'a PENDING template spends no limited edit');
    const now = emu.state.now();
    const from2 = Date.parse(by.get('budget_2')!.possibleFrom!);
    assert.ok(from2 > now && from2 <= now + DAY, 'the 24-hour allowance returns within a day');
    const from3 = Date.parse(by.get('budget_3')!.possibleFrom!);
    assert.ok(from3 > now + DAY, 'the 30-day allowance: when the oldest of the ten edits leaves the 30 days');
    assert.is(json.changes.find((c) => c.name === 'budget_5')!.edit, undefined);

    // text: the budget line and one line per template that would exceed, with its date
    const t = renderText(plan, { color: false, environment: 'production' });
    assert.match(t, /Edit budget in production: this change spends 3 edits of APPROVED templates \(each allows 1 edit per 24 h, 10 per 30 days\); 2 would exceed their allowance\./);
    assert.match(t, new RegExp(`! shop-whatsapp/budget_2/en_US would exceed its 24-hour allowance \\(1 edit per 24 h\\): the service refuses it; possible from ${by.get('budget_2')!.possibleFrom!.replace(/\./g, '\\.')}`));
    assert.match(t, /! shop-whatsapp\/budget_3\/en_US would exceed its 30-day allowance \(10 edits per 30 days\): the service refuses it; possible from \d{4}-/);

    // the pull-request comment: its own section
    const md = renderMarkdown(plan, { environment: 'production' });
    assert.match(md, /### Edit budget\n\nEdit budget in production: this change spends 3 edits/);
    assert.match(md, /- ⛔ shop-whatsapp\/budget_2\/en_US would exceed its 24-hour allowance/);
    assert.match(md, /- ⛔ shop-whatsapp\/budget_3\/en_US would exceed its 30-day allowance/);
  } finally { await emu.close(); }
});

test('--edit-limits off: the reads state no allowance, so the budget counts the edits and claims no refusal', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 0, editLimits: false });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    await client.writeTemplate(CHANNEL_A, id(20), writeBody('free', text(0)));
    emu.advanceClock(60_000);
    await client.writeTemplate(CHANNEL_A, id(20), writeBody('free', text(1)));
    emu.advanceClock(60_000);
    const read = await client.getTemplate(CHANNEL_A, id(20));
    const plan = makePlan({ desired: [{ file: 't.yaml', fileHash: 'h', channel: 'shop-whatsapp', canonical: fromWriteBody(writeBody('free', text(2)), CHANNEL_A, id(20)) }], remote: new Map([[id(20), read]]) });
    const b = editBudget(plan.changes);
    assert.equal([b.spends, b.exceeding.length, b.unknown], [1, 0, 1]);
    assert.match(renderText(plan, { color: false, environment: 'local' }), /Edit budget in local: this change spends 1 edit of APPROVED templates \(each allows 1 edit per 24 h, 10 per 30 days\); the service did not state the allowance of 1\./);
  } finally { await emu.close(); }
});

test('an edit WhatsApp is certain to refuse (the category of an APPROVED template) spends no edit of the budget', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k1'], reviewDelayMs: 0 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    await client.writeTemplate(CHANNEL_A, id(30), writeBody('cat', text(0)));
    emu.advanceClock(60_000);
    const read = await client.getTemplate(CHANNEL_A, id(30));
    assert.is(read?.statusText, 'APPROVED');
    const marketing = { ...fromWriteBody(writeBody('cat', text(1)), CHANNEL_A, id(30)), category: 'MARKETING' };
    const plan = makePlan({
      desired: [{ file: 't.yaml', fileHash: 'h', channel: 'shop-whatsapp', canonical: marketing }],
      remote: new Map([[id(30), read]]), baseCategories: new Map([[id(30), 'UTILITY']]),
    });
    assert.is(plan.changes[0]!.action, 'update');
    assert.match(plan.changes[0]!.attention?.join('\n') ?? '', /category UTILITY → MARKETING, and an APPROVED template's category cannot change/);
    assert.is(plan.changes[0]!.edit, undefined);
    assert.equal(editBudget(plan.changes).spends, 0);
    assert.not.match(renderText(plan, { color: false, environment: 'p' }), /Edit budget/);
  } finally { await emu.close(); }
});

test('a plan that edits no APPROVED template says nothing of a budget', () => {
  const plan = makePlan({ desired: [{ file: 't.yaml', fileHash: 'h', channel: 'shop-whatsapp', canonical: fromWriteBody(writeBody('n'), CHANNEL_A, id(9)) }], remote: new Map() });
  assert.not.match(renderText(plan, { color: false, environment: 'p' }), /Edit budget/);
  assert.not.match(renderMarkdown(plan, { environment: 'p' }), /Edit budget/);
  assert.is((JSON.parse(renderJson(plan, { environment: 'p', target: 'http://127.0.0.1:8080' })) as { editBudget?: unknown }).editBudget, undefined);
});

test.run();
