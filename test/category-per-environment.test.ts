// One file serves staging and production, and WhatsApp reviews each environment's copy on its own:
// staging's copy approved as MARKETING, production's still UTILITY (the emulator's review endpoint
// re-categorises one copy). `environments.<env>.categories` accepts the category for one
// environment: plan, apply, review and pull there take it, the other environment compares with the
// file; without it, the advice names both ways and the other environment (docs/recovery.md#recategorised).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = 'catEnvKey7Qx2m9Lr4';
let emu: RunningEmulator;
// edit limits off: the tests edit the same template more than once a day
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, editLimits: false }); });
test.after(async () => { await emu.close(); });

const env = { CAT_KEY: KEY };
let n = 0;

function config(categories = ''): string {
  return `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nchannels: { air-wa: { kind: whatsapp } }\nenvironments:\n`
    + `  staging:\n    baseUrl: ${emu.url}\n    apiKeyEnv: CAT_KEY\n    channels: { air-wa: ${CHANNEL_A} }\n${categories}`
    + `  production:\n    baseUrl: ${emu.url}\n    apiKeyEnv: CAT_KEY\n    channels: { air-wa: ${CHANNEL_B} }\n`;
}
const template = (name: string, text = 'Hello {{1}}, your flight SK1 leaves from gate A1 at 10:00.') => `channel: air-wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

/** a project applied to both environments, staging's copy then re-categorised as MARKETING by the review */
async function project(): Promise<{ dir: string; name: string; id: string; run: (args: string[]) => ReturnType<typeof cliIn> }> {
  const dir = tempDir('tplsync-category-env-');
  const name = `flight_status_${++n}`;
  writeFiles(dir, { 'tplsync.config.yaml': config(), 'templates/flight_status.en_US.yaml': template(name) });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env });
  for (const e of ['staging', 'production']) assert.is((await run(['apply', '--env', e, '--auto-approve'])).exitCode, 0, e);
  const plan = JSON.parse((await run(['plan', '--env', 'staging', '--format', 'json'])).stdout) as { changes: { publicId: string }[] };
  const id = plan.changes[0]!.publicId;
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, category: 'MARKETING' }) });
  await res.arrayBuffer();
  assert.is(res.status, 200);
  return { dir, name, id, run };
}
const accept = (dir: string, key: string, category = 'MARKETING') => writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(`    categories:\n      "${key}": ${category}\n`));

test('without an accepted category: the re-categorisation is drift in staging, and the advice names production and both ways', async () => {
  const { dir, name, run } = await project();
  try {
    // (apply skips the update, which would change the category: exit 5, trial-bg F2)
    const plan = await run(['plan', '--env', 'staging', '--detailed-exitcode']);
    assert.is(plan.exitCode, 5, plan.stdout + plan.stderr);
    const oneLine = plan.stdout.replace(/\s+/g, ' ');
    assert.match(oneLine, 'the file serves production as well');
    assert.match(oneLine, `environments.staging.categories: { "air-wa/${name}": MARKETING }`);
    assert.match(oneLine, 'set the category the channel approved in its file only if the copy in production has it too');
    // production's copy keeps the file's category: in sync there
    assert.is((await run(['plan', '--env', 'production', '--detailed-exitcode'])).exitCode, 0);
    const review = await run(['review', '--env', 'staging']);
    assert.is(review.exitCode, 2);
    assert.match(review.stdout.replace(/\s+/g, ' '), `environments.staging.categories: { "air-wa/${name}": MARKETING }`);
  } finally { cleanup(dir); }
});

test('an accepted category: in sync in staging (said once), production compares with the file, review approves it', async () => {
  const { dir, name, run } = await project();
  try {
    accept(dir, `air-wa/${name}`);
    const plan = await run(['plan', '--env', 'staging', '--detailed-exitcode']);
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.not.match(plan.stdout, 'RECATEGORISED');
    assert.not.match(plan.stdout, 're-categorised');
    assert.is(plan.stdout.split('category MARKETING accepted for staging (config)').length, 2, plan.stdout);
    assert.match(plan.stdout, `category MARKETING accepted for staging (config): air-wa/${name}/en_US`);
    const json = JSON.parse((await run(['plan', '--env', 'staging', '--format', 'json'])).stdout) as { changes: { action: string; acceptedCategory?: string; needsAttention?: unknown }[] };
    assert.is(json.changes[0]!.action, 'noop');
    assert.is(json.changes[0]!.acceptedCategory, 'MARKETING');
    assert.is(json.changes[0]!.needsAttention, undefined);
    assert.is((await run(['plan', '--env', 'production', '--detailed-exitcode'])).exitCode, 0);
    const review = await run(['review', '--env', 'staging']);
    assert.is(review.exitCode, 0, review.stdout);
    // the key of one language wins over the template's
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(`    categories:\n      "air-wa/${name}": MARKETING\n      "air-wa/${name}/en_US": AUTHENTICATION\n`));
    assert.is((await run(['plan', '--env', 'staging', '--detailed-exitcode'])).exitCode, 5);
  } finally { cleanup(dir); }
});

test('an update of the other fields carries the accepted category in staging (now and from a saved plan), the file\'s in production', async () => {
  const { dir, name, id, run } = await project();
  try {
    accept(dir, `air-wa/${name}/en_US`);
    writeFileSync(path.join(dir, 'templates/flight_status.en_US.yaml'), template(name, 'Hello {{1}}, your flight SK1 now leaves from gate B7 at 10:00.'));
    const plan = await run(['plan', '--env', 'staging']);
    assert.match(plan.stdout, '~ update');
    assert.not.match(plan.stdout, 'category MARKETING → UTILITY');
    assert.not.match(plan.stdout, 'UTILITY → MARKETING');
    assert.match(plan.stdout, 'category MARKETING accepted for staging (config)');
    const applied = await run(['apply', '--env', 'staging', '--auto-approve']);
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const read = await fetch(`${emu.url}/channel/${CHANNEL_A}/template/${id}`, { headers: { apiKey: KEY } });
    const copy = await read.json() as { chatapp?: { category?: string }; statusText: string };
    assert.is(copy.chatapp?.category, 'MARKETING');
    assert.is((await run(['apply', '--env', 'production', '--auto-approve'])).exitCode, 0);
    assert.is((await run(['plan', '--env', 'production', '--detailed-exitcode'])).exitCode, 0);
    // a saved plan of the next edit is applied with the same body (built again from the file and the config)
    writeFileSync(path.join(dir, 'templates/flight_status.en_US.yaml'), template(name, 'Hello {{1}}, your flight SK1 now leaves from gate C3 at 10:00.'));
    assert.is((await run(['plan', '--env', 'staging', '--out', 'staging.plan.json'])).exitCode, 0);
    const saved = await run(['apply', 'staging.plan.json', '--auto-approve']);
    assert.is(saved.exitCode, 0, saved.stdout + saved.stderr);
    assert.is((await run(['plan', '--env', 'staging', '--detailed-exitcode'])).exitCode, 0);
  } finally { cleanup(dir); }
});

test('send in staging: refused without the accepted category (naming the key), sent with it', async () => {
  const { dir, name, run } = await project();
  try {
    const refused = await run(['send', '--env', 'staging', '--to', '+4915112345678', '--template', name, '--param', '1=Ana']);
    assert.is(refused.exitCode, 3, refused.stderr);
    // the environment named, as plan and review name it (verify-6 O-1: it said environments.<env>)
    assert.match(refused.stderr.replace(/\s+/g, ' '), `environments.staging.categories: { "air-wa/${name}": MARKETING }`);
    const dryRefused = await run(['send', '--env', 'staging', '--to', '+4915112345678', '--template', name, '--param', '1=Ana', '--dry-run']);
    assert.is(dryRefused.exitCode, 3, dryRefused.stderr);
    accept(dir, `air-wa/${name}`);
    // a dry run takes the accepted category as the send does
    const dry = await run(['send', '--env', 'staging', '--to', '+4915112345678', '--template', name, '--param', '1=Ana', '--dry-run']);
    assert.is(dry.exitCode, 0, dry.stderr);
    assert.match(dry.stdout, 'would be sent; nothing was sent');
    const sent = await run(['send', '--env', 'staging', '--to', '+4915112345678', '--template', name, '--param', '1=Ana']);
    assert.is(sent.exitCode, 0, sent.stderr);
    // production's copy is UTILITY, as the file says: sent there as ever
    assert.is((await run(['send', '--env', 'production', '--to', '+4915112345678', '--template', name, '--param', '1=Ana'])).exitCode, 0);
  } finally { cleanup(dir); }
});

test('a generated module for staging carries the accepted category: its sendTemplate sends as tplsync send does, and types --check sees the config change (trial-u F1)', async () => {
  const { dir, name, run } = await project();
  try {
    const key = `air-wa/${name}/en_US`;
    // the module as an application runs it: the library built in dist/, the module's types stripped
    const load = async (file: string): Promise<{ sendTemplate: (c: unknown, k: string, o: unknown) => Promise<unknown> }> => {
      const js = ts.transpileModule(readFileSync(path.join(dir, file), 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
      writeFileSync(path.join(dir, `${file}.mjs`), js);
      return import(pathToFileURL(path.join(dir, `${file}.mjs`)).href) as never;
    };
    const { createClient } = await import(pathToFileURL(path.join(ROOT, 'dist', 'index.js')).href) as typeof import('../src/index.ts');
    const client = createClient({ baseUrl: emu.url, apiKey: KEY, allowInsecureHttp: true, channels: { 'air-wa': CHANNEL_A } });
    const importFrom = pathToFileURL(path.join(ROOT, 'dist', 'index.js')).href;
    assert.is((await run(['types', '--env', 'staging', '--out', 'before.ts', '--import-from', importFrom])).exitCode, 0);
    // not accepted: refused, the advice naming the key and a module made before the config accepted it
    const before = await load('before.ts');
    const refused = await before.sendTemplate(client, key, { to: '+4915112345678', params: { 1: 'Ana' } }).then(() => undefined, (e: unknown) => e as { reason: string; message: string });
    assert.is(refused?.reason, 'recategorised');
    assert.match(refused!.message, 'types --check');
    accept(dir, `air-wa/${name}`);
    // the module made before is stale now: the config moved what staging accepts
    const check = await run(['types', '--env', 'staging', '--out', 'before.ts', '--import-from', importFrom, '--check']);
    assert.is(check.exitCode, 1, check.stdout + check.stderr);
    assert.match(check.stderr, 'stale');
    assert.is((await run(['types', '--env', 'staging', '--out', 'after.ts', '--import-from', importFrom])).exitCode, 0);
    const text = readFileSync(path.join(dir, 'after.ts'), 'utf8');
    assert.match(text, 'acceptedCategory: "MARKETING"');
    const after = await load('after.ts');
    const sent = await after.sendTemplate(client, key, { to: '+4915112345678', params: { 1: 'Ana' } }) as { clientMessageId: string };
    assert.ok(emu.state.conversation(sent.clientMessageId), 'sent');
    // production's module compares with the file's category alone (its copy is UTILITY): nothing accepted there
    assert.is((await run(['types', '--env', 'production', '--out', 'prod.ts', '--import-from', importFrom])).exitCode, 0);
    assert.not.match(readFileSync(path.join(dir, 'prod.ts'), 'utf8'), 'acceptedCategory');
  } finally { cleanup(dir); }
});

test('a channel category that is neither the file\'s nor the accepted one still needs attention', async () => {
  const { dir, name, run } = await project();
  try {
    accept(dir, `air-wa/${name}`, 'AUTHENTICATION');
    const plan = await run(['plan', '--env', 'staging', '--detailed-exitcode']);
    assert.is(plan.exitCode, 5);
    assert.match(plan.stdout, 'MARKETING');
    assert.not.match(plan.stdout, 'accepted for staging');
  } finally { cleanup(dir); }
});

test('a key that names no template is a warning naming the nearest; a category WhatsApp does not know is a problem of the config', async () => {
  const { dir, name, run } = await project();
  try {
    accept(dir, `air-wa/${name.replace('status', 'stat')}`);
    const plan = await run(['plan', '--env', 'staging']);
    assert.match(plan.stderr, `tplsync: warning: environments.staging.categories: 'air-wa/${name.replace('status', 'stat')}' names no template of the project`);
    assert.match(plan.stderr, `did you mean 'air-wa/${name}'?`);
    assert.match((await run(['review', '--env', 'staging'])).stderr, `did you mean 'air-wa/${name}'?`);
    // a plan of some of the files cannot tell: nothing said
    assert.not.match((await run(['plan', '--env', 'staging', 'templates/flight_status.en_US.yaml'])).stderr, 'names no template');
    accept(dir, `air-wa/${name}`, 'marketing');
    const bad = await run(['plan', '--env', 'staging']);
    assert.is(bad.exitCode, 3, bad.stderr);
    assert.match(bad.stderr, 'categories');
  } finally { cleanup(dir); }
});

test('pull in staging keeps the file\'s category where the config accepts the channel\'s; without it, pull --force names production and the key', async () => {
  const { dir, name, id, run } = await project();
  const file = path.join(dir, 'templates/flight_status.en_US.yaml');
  try {
    accept(dir, `air-wa/${name}`);
    const kept = await run(['pull', '--env', 'staging', '--channel', 'air-wa', '--id', id, '--force']);
    assert.is(kept.exitCode, 0, kept.stderr);
    assert.match(readFileSync(file, 'utf8'), /^category: UTILITY$/m);
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), config());
    const forced = await run(['pull', '--env', 'staging', '--channel', 'air-wa', '--id', id, '--force']);
    assert.match(readFileSync(file, 'utf8'), /^category: MARKETING$/m);
    const said = forced.stderr.replace(/\s+/g, ' ');
    assert.match(said, 'category MARKETING written');
    assert.match(said, 'the file also serves production');
    assert.match(said, `environments.staging.categories: { "air-wa/${name}": MARKETING }`);
  } finally { cleanup(dir); }
});

test.run();
