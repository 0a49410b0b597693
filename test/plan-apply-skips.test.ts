// An update apply does not attempt (a DISABLED template, an APPROVED template whose category the
// channel holds as another) is judged by plan as apply judges it (one function, applyRefusal):
// marked `! apply does not attempt this update: ...` with why, and counted apart from the updates
// apply writes in the text, the JSON and the Markdown a reviewer reads (trial-an F5). Apply then
// skips exactly those the plan said, and writes the others.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Zs5`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const validPlan = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

async function control(body: unknown): Promise<number> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

/** a project of one UTILITY template per kind on the emulator's channel A (names unique to this file's run), its CLI and an edit of a file's text */
let projects = 0;
function project(prefix: string, kinds: string[]) {
  const dir = tempDir(prefix);
  const names = kinds.map((n) => `${n}_${process.pid}_${++projects}`);
  const file = (n: string): string => `templates/${n}.en_US.yaml`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: remote\nenvironments:\n  remote:\n    baseUrl: ${emu.url}\n    apiKeyEnv: SK_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
    ...Object.fromEntries(names.map((n) => [file(n), `channel: shop-whatsapp\nname: ${n}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`])),
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { SK_KEY: KEY } });
  const edit = (n: string): void => { const f = path.join(dir, file(n)); writeFileSync(f, readFileSync(f, 'utf8').replace('at the store', 'at our store')); };
  return { dir, names, run, edit };
}

interface PlanJson {
  changes: { name: string; publicId: string; action: string; attention?: string[]; applySkips?: string }[];
  summary: { create: number; update: number; noop: number; orphan: number; applySkips?: number };
}

test('plan counts the updates apply will skip apart (text, JSON, Markdown), each marked with why; apply skips exactly those', async () => {
  const { dir, names, run, edit } = project('tplsync-skips-', ['disabled', 'recat', 'edited', 'kept']);
  try {
    const first = await run(['apply', '--auto-approve']);
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const ids = new Map(((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes).map((c) => [c.name, c.publicId]));
    const [disabled, recat, edited] = names as [string, string, string, string];
    // DISABLED on the channel, and edited in its file; re-categorised by the platform (the file unchanged); an ordinary edit
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(disabled), statusText: 'DISABLED' }), 200);
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(recat), category: 'MARKETING' }), 200);
    edit(disabled);
    edit(edited);

    const text = await run(['plan']);
    const flat = text.stdout.replace(/\s+/g, ' ');
    assert.match(text.stdout, 'Plan for remote: 0 to create, 1 to update, 2 that apply will skip, 1 unchanged. 3 need attention (marked ! above).', text.stdout);
    // each skipped update says so on its ! line, with why (the re-categorised one lacked it)
    const block = (n: string): string => text.stdout.split('\n\n').find((b) => b.includes(`/${n}/`))!.replace(/\s+/g, ' ');
    assert.match(block(disabled), '! apply does not attempt this update: the template is DISABLED on the channel and takes no edit');
    assert.match(block(recat), '! apply does not attempt this update: the channel has it approved as MARKETING and the category of an approved template cannot change');
    assert.not.match(block(edited), 'apply does not attempt');
    assert.is(flat.split('apply does not attempt this update').length - 1, 2, text.stdout);

    const json = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson;
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    // (the three updates marked !, as the text counts them)
    assert.equal(json.summary, { create: 0, update: 3, noop: 1, orphan: 0, applySkips: 2, needsAttention: 3 });
    assert.equal(json.changes.filter((c) => c.applySkips !== undefined).map((c) => c.name).sort(), [disabled, recat].sort());

    const md = (await run(['plan', '--format', 'markdown'])).stdout;
    assert.match(md, '| create | update | apply will skip | unchanged | orphaned |');
    assert.match(md, '| 0 | 1 | 2 | 1 | 0 |');

    // apply skips exactly the updates the plan counted apart, and writes the other
    const apply = await run(['apply', '--auto-approve']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    const skipped = [...apply.stdout.matchAll(/✗ skipped \S+\/(\w+)\/en_US/g)].map((m) => m[1]).sort();
    assert.equal(skipped, [disabled, recat].sort(), apply.stdout);
    assert.match(apply.stdout + apply.stderr, '1 updated');
    assert.match(apply.stdout + apply.stderr, '2 skipped');
  } finally { cleanup(dir); }
});

test('apply of a saved plan announces its writes as the plan counted them: the updates it will skip apart (trial-aq F7)', async () => {
  const { dir, names, run, edit } = project('tplsync-skips-saved-', ['disabled', 'recat', 'edited']);
  try {
    const first = await run(['apply', '--auto-approve']);
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const ids = new Map(((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as PlanJson).changes).map((c) => [c.name, c.publicId]));
    const [disabled, recat, edited] = names as [string, string, string];
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(disabled), statusText: 'DISABLED' }), 200);
    assert.is(await control({ channel: CHANNEL_A, template: ids.get(recat), category: 'MARKETING' }), 200);
    edit(disabled);
    edit(edited);
    const plan = await run(['plan', '--out', 'p.json']);
    assert.match(plan.stdout, 'Plan for remote: 0 to create, 1 to update, 2 that apply will skip, 0 unchanged.', plan.stdout);
    const apply = await run(['apply', '--auto-approve', 'p.json']);
    assert.is(apply.exitCode, 5, apply.stdout + apply.stderr);
    assert.match(apply.stdout, 'Applying the saved plan (0 to create, 1 to update, 2 that apply will skip) to remote.', apply.stdout);
    assert.match(apply.stdout + apply.stderr, '1 updated');
    assert.match(apply.stdout + apply.stderr, '2 skipped');
  } finally { cleanup(dir); }
});

test.run();
