// trial-bf F2: a template left PENDING (in review) planned as "No changes. 1 template in dev matches its file." (exit 0)
// and the text never named it, while review exits 2 and send refuses it: a drift job never saw a template left in review
// for days. PENDING stays no change for --detailed-exitcode (a review under way after an apply is no drift, as plan.md
// says), but every rendering names the templates in review: the text and the Markdown on a line of their own, the JSON
// as `inReview`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Rv7`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const validPlan = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

test('a template left in review: "No changes" and exit 0 with --detailed-exitcode as documented, and named in the text, the Markdown and the JSON', async () => {
  const dir = tempDir('tplsync-in-review-');
  const names = ['cart_reminder', 'order_ready'].map((n) => `${n}_${process.pid}`);
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  dev:\n    baseUrl: ${emu.url}\n    apiKeyEnv: RV_KEY\n    channels: { wa: ${CHANNEL_A} }\n`,
    ...Object.fromEntries(names.map((n) => [`templates/${n}.en_US.yaml`, `channel: wa\nname: ${n}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`])),
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { RV_KEY: KEY } });
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    let json = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { name: string; publicId: string }[]; inReview?: unknown };
    assert.is(json.inReview, undefined, 'none in review: no list');
    const left = json.changes.find((c) => c.name === names[0])!;
    const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: left.publicId, statusText: 'PENDING' }) });
    await res.arrayBuffer();
    assert.is(res.status, 200);

    const text = await run(['plan', '--detailed-exitcode']);
    assert.is(text.exitCode, 0, text.stdout + text.stderr);
    assert.match(text.stdout, 'No changes. 2 templates in dev match the files.');
    assert.match(text.stdout, `1 template in review in dev, not sendable until approved: wa/${names[0]}/en_US (PENDING); \`tplsync review --env dev\` follows it.`);
    assert.not.match(text.stdout, `wa/${names[1]}/en_US`);

    const md = await run(['plan', '--format', 'markdown']);
    assert.match(md.stdout, `⏳ 1 template in review in dev, not sendable until approved: \`wa/${names[0]}/en_US\` (PENDING)`);

    json = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as typeof json;
    assert.ok(validPlan(json), JSON.stringify(validPlan.errors));
    assert.equal(json.inReview, [{ channel: 'wa', name: names[0], language: 'en_US', publicId: left.publicId, state: 'PENDING', action: 'noop' }]);
    // review says it is not approved, as before (exit 2): the two commands no longer disagree in silence
    assert.is((await run(['review'])).exitCode, 2);
  } finally { cleanup(dir); }
});

test.run();
