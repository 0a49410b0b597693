// Per-environment values, end to end: ONE template file applied to TWO emulator environments
// (staging, production) whose flow id, URL hosts and a secret value differ. Each emulator gets
// its own environment's values; the secret (a canary) never appears in any output of lint, plan,
// apply, preview, types, send or pull (which writes the reference back), nor in any file under
// the project, the saved plan or the cache.
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, type CliResult, writeFiles } from './helpers.ts';

// fixed canaries (no randomness in tests): strings that appear nowhere else
const CANARY_S = 'cnryS7q2Vx9mKp4Lw';
const CANARY_P = 'cnryP3t8Hd6nZr1Qe';
const KEY_S = 'kS-J4s9Qx2Lm7VbT5';
const KEY_P = 'kP-W8e3Rt6Yu1NpC3';
const ENV = { KEY_S, KEY_P, STAGING_PROMO: CANARY_S, PROD_PROMO: CANARY_P };

let staging: RunningEmulator;
let production: RunningEmulator;
test.before(async () => {
  staging = await startEmulator({ keys: [KEY_S], reviewDelayMs: 0 });
  production = await startEmulator({ keys: [KEY_P], reviewDelayMs: 0 });
});
test.after(async () => { await staging?.close(); await production?.close(); });

const TEMPLATE = `channel: wa
name: spring_offer
language: en_US
category: MARKETING
header:
  format: IMAGE
  example: ((cdn_host))/spring.png
body:
  text: "Hi {{1}}, your code ((promo_token)) takes 10% off your next order this spring."
  examples: { 1: Ana }
buttons:
  - type: URL
    text: Open the shop
    url: ((shop_host))/spring/{{1}}
    example: ((shop_host))/spring/A-1042
  - type: FLOW
    text: Tell us more
    flow_id: ((flow_id))
`;

function config(): string {
  return `templates: ["templates/**/*.yaml"]
defaultEnvironment: staging
environments:
  staging:
    baseUrl: ${staging.url}
    apiKeyEnv: KEY_S
    channels: { wa: ${CHANNEL_A} }
    values:
      flow_id: 1111222233
      shop_host: https://staging.shop.example
      cdn_host: https://cdn.staging.example
      promo_token: { env: STAGING_PROMO }
  production:
    baseUrl: ${production.url}
    apiKeyEnv: KEY_P
    channels: { wa: ${CHANNEL_A} }
    values:
      flow_id: "9999888877"
      shop_host: https://shop.example
      cdn_host: https://cdn.example
      promo_token: { env: PROD_PROMO }
channels:
  wa: { kind: whatsapp }
`;
}

/** every file under `dir`, recursively */
function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? allFiles(p) : [p];
  });
}

const leaks = (text: string): string[] => [CANARY_S, CANARY_P, KEY_S, KEY_P].filter((c) => text.toLowerCase().includes(c.toLowerCase()));

interface Body { name?: string; chatapp?: { chatapp?: { components?: { type: string; text?: string; buttons?: { type: string; url?: string; example?: string[]; flow?: { id?: string } }[] }[]; example?: Record<string, string> } } }

/** what the emulator holds of the one template: the body text, the URL button, the flow id, the media sample */
function received(emu: RunningEmulator): { text?: string; url?: string; example?: string; flow?: string; media?: string } {
  const records = [...emu.state.templates.values()];
  assert.is(records.length, 1, 'one template in the emulator');
  const b = records[0]!.body as unknown as Body;
  const wire = b.chatapp?.chatapp;
  const comps = wire?.components ?? [];
  const body = comps.find((c) => c.type === 'BODY');
  const buttons = comps.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
  const url = buttons.find((x) => x.type === 'URL');
  return { text: body?.text, url: url?.url, example: url?.example?.[0], flow: buttons.find((x) => x.type === 'FLOW')?.flow?.id, media: wire?.example?.headerMediaUrl };
}

test('one file, two environments: each emulator gets its own values; the secret never shows in any output or file', async () => {
  const dir = tempDir('tplsync-env-values-');
  const outputs: { what: string; r: CliResult }[] = [];
  const run = async (args: string[], env: Record<string, string | undefined> = ENV): Promise<CliResult> => {
    const r = await cliIn(args, { cwd: dir, env });
    outputs.push({ what: args.join(' '), r });
    return r;
  };
  try {
    writeFiles(dir, { 'tplsync.config.yaml': config(), 'templates/spring_offer.yaml': TEMPLATE });

    // lint: clean in every format (the references are checked against both environments)
    for (const format of ['stylish', 'json', 'sarif', 'markdown']) {
      const r = await run(['lint', '--format', format, '--cache']);
      assert.is(r.exitCode, 0, `lint --format ${format}: ${r.stdout}${r.stderr}`);
    }

    // staging: a saved plan, applied
    const planText = await run(['plan', '--env', 'staging']);
    assert.is(planText.exitCode, 0, planText.stderr);
    assert.match(planText.stdout, '+ create wa/spring_offer/en_US');
    for (const format of ['json', 'markdown']) assert.is((await run(['plan', '--env', 'staging', '--format', format])).exitCode, 0);
    const saved = await run(['plan', '--env', 'staging', '--out', 'staging-plan.json']);
    assert.is(saved.exitCode, 0, saved.stderr);
    const planFile = readFileSync(path.join(dir, 'staging-plan.json'), 'utf8');
    assert.match(planFile, 'your code (secret) takes 10% off', 'the saved plan shows the secret as (secret)');
    assert.match(planFile, 'https://staging.shop.example/spring/{{1}}', 'and the other values as they are');
    // the saved plan without the secret's variable: a clear error, nothing written
    // applied to another environment: refused, saying the two ways out
    const elsewhere = await run(['apply', 'staging-plan.json', '--env', 'production', '--auto-approve']);
    assert.is(elsewhere.exitCode, 3, elsewhere.stderr);
    assert.match(elsewhere.stderr, "The plan was made for environment 'staging', not 'production': apply it without --env (or with --env staging), or make a plan for production (tplsync plan --env production --out FILE)");
    const unset = await run(['apply', 'staging-plan.json', '--env', 'staging', '--auto-approve'], { ...ENV, STAGING_PROMO: undefined });
    assert.is(unset.exitCode, 3, unset.stdout + unset.stderr);
    assert.match(unset.stderr, 'environments.staging.values.promo_token is read from the environment variable STAGING_PROMO, which is not set');
    assert.is(staging.state.templates.size, 0);
    const applied = await run(['apply', 'staging-plan.json', '--env', 'staging', '--auto-approve', '--results', 'staging-results.json']);
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    // the plan holds no secret: apply says that it writes each as its variable has it now
    assert.match(applied.stderr, '1 template of the plan uses secret values, which a plan does not hold: each is written with its variable\'s value now');

    // production: applied directly
    const prod = await run(['apply', '--env', 'production', '--auto-approve', '--results', 'production-results.json']);
    assert.is(prod.exitCode, 0, prod.stdout + prod.stderr);

    // what each emulator received
    assert.equal(received(staging), {
      text: `Hi {{1}}, your code ${CANARY_S} takes 10% off your next order this spring.`,
      url: 'https://staging.shop.example/spring/{{1}}', example: 'https://staging.shop.example/spring/A-1042',
      flow: '1111222233', media: 'https://cdn.staging.example/spring.png',
    });
    assert.equal(received(production), {
      text: `Hi {{1}}, your code ${CANARY_P} takes 10% off your next order this spring.`,
      url: 'https://shop.example/spring/{{1}}', example: 'https://shop.example/spring/A-1042',
      flow: '9999888877', media: 'https://cdn.example/spring.png',
    });

    // nothing left to do in either: the plan compares the real values (secret included)
    for (const env of ['staging', 'production']) {
      const again = await run(['plan', '--env', env, '--detailed-exitcode']);
      assert.is(again.exitCode, 0, `${env}: ${again.stdout}${again.stderr}`);
    }

    // a change of the secret is a change of the template, shown masked
    const rotated = await run(['plan', '--env', 'production', '--format', 'markdown'], { ...ENV, PROD_PROMO: 'cnryRotated5Gh8Uj' });
    assert.is(rotated.exitCode, 0, rotated.stderr);
    assert.match(rotated.stdout, 'update');
    assert.ok(!rotated.stdout.includes('cnryRotated5Gh8Uj'), 'the new secret is masked');
    assert.match(rotated.stdout, 'a secret value differs from the channel');
    const rotatedText = await run(['plan', '--env', 'production'], { ...ENV, PROD_PROMO: 'cnryRotated5Gh8Uj' });
    assert.match(rotatedText.stdout + rotatedText.stderr, /body\.text: a secret value differs from the channel's copy/, rotatedText.stdout + rotatedText.stderr);
    // rotated and edited: each side shows its text with (secret) where the secret stands, nothing else masked
    writeFileSync(path.join(dir, 'templates/spring_offer.yaml'), TEMPLATE.replace('this spring', 'this spring season'));
    const both = await run(['plan', '--env', 'production'], { ...ENV, PROD_PROMO: 'cnryRotated5Gh8Uj' });
    writeFileSync(path.join(dir, 'templates/spring_offer.yaml'), TEMPLATE);
    assert.match(both.stdout, 'body.text: "Hi {{1}}, your code (secret) takes 10% off your next order this spring." → "Hi {{1}}, your code (secret) takes 10% off your next order this spring season."', both.stdout);
    assert.not.match(both.stdout, '[redacted]');
    for (const secret of [CANARY_P, 'cnryRotated5Gh8Uj']) assert.not.match(both.stdout + both.stderr, secret);

    // a saved plan is stale when its file changed, secrets or not
    const second = await run(['plan', '--env', 'production', '--out', 'prod-plan.json'], { ...ENV, PROD_PROMO: 'cnryRotated5Gh8Uj' });
    assert.is(second.exitCode, 0, second.stderr);
    writeFileSync(path.join(dir, 'templates/spring_offer.yaml'), TEMPLATE.replace('this spring', 'this spring season'));
    const stale = await run(['apply', 'prod-plan.json', '--env', 'production', '--auto-approve'], { ...ENV, PROD_PROMO: 'cnryRotated5Gh8Uj' });
    assert.is(stale.exitCode, 4, stale.stdout + stale.stderr);
    writeFileSync(path.join(dir, 'templates/spring_offer.yaml'), TEMPLATE);
    // ... and when a value it uses moved in the config, the file unchanged: said so, not "the plan was edited"
    const cfgFile = path.join(dir, 'tplsync.config.yaml');
    const cfg = readFileSync(cfgFile, 'utf8');
    writeFileSync(cfgFile, cfg.replace('shop_host: https://shop.example', 'shop_host: https://www.shop.example'));
    const moved = await run(['apply', 'prod-plan.json', '--env', 'production', '--auto-approve'], { ...ENV, PROD_PROMO: 'cnryRotated5Gh8Uj' });
    writeFileSync(cfgFile, cfg);
    assert.is(moved.exitCode, 4, moved.stdout + moved.stderr);
    assert.match(moved.stderr, /templates\/spring_offer\.yaml is unchanged, so a value it uses \(.*\(\(shop_host\)\).*\) changed in the config or in its variable since the plan/, moved.stderr);

    // preview: the environment's values, the secret as (secret)
    const preview = await run(['preview', '--out', 'site', '--env', 'production']);
    assert.is(preview.exitCode, 0, preview.stderr);
    const page = allFiles(path.join(dir, 'site')).filter((f) => f.endsWith('.html') && !f.endsWith('index.html')).map((f) => readFileSync(f, 'utf8')).join('\n');
    assert.match(page, 'your code (secret) takes');
    assert.match(page, 'https://shop.example/spring/');
    const changes = await run(['preview', '--changes', '--out', 'changes', '--env', 'production'], { ...ENV, PROD_PROMO: 'cnryRotated5Gh8Uj' });
    assert.is(changes.exitCode, 0, changes.stderr);

    // types: the default environment's values, the secret as (secret)
    const types = await run(['types', '--out', 'templates.gen.ts']);
    assert.is(types.exitCode, 0, types.stderr);
    const module = readFileSync(path.join(dir, 'templates.gen.ts'), 'utf8');
    assert.match(module, 'https://staging.shop.example/spring/{{1}}');
    assert.match(module, '(secret)');
    // the module says which values it does not hold, and the library sends no stand-in for them
    assert.match(module, /unfilled: \["promo_token"\]/);
    const { sendTemplateWith } = await import('../src/send/send.ts');
    const { createClient } = await import('../src/api/client.ts');
    const meta = { channel: 'wa', name: 'spring_offer', language: 'en_US', params: ['1'], body: 'Use your code (secret) takes {{1}}', buttons: [], unfilled: ['promo_token'] };
    try {
      await sendTemplateWith(createClient({ baseUrl: 'http://127.0.0.1:59999', apiKey: 'k-unused-12345' }), meta, { to: '+4915112345678', params: { 1: 'Ana' }, remoteCheck: false });
      assert.unreachable('sent');
    } catch (e) {
      assert.match((e as Error).message, 'uses ((promo_token)), which the generated module does not hold');
      assert.match((e as Error).message, 'send it with tplsync send');
    }
    // the secret's variable unset (a laptop, a CI job without it): the same module, and --check agrees
    const withoutVar = { ...ENV, STAGING_PROMO: undefined };
    const typesUnset = await run(['types', '--out', 'templates.unset.ts'], withoutVar);
    assert.is(typesUnset.exitCode, 0, typesUnset.stderr);
    assert.is(readFileSync(path.join(dir, 'templates.unset.ts'), 'utf8'), module);
    const check = await run(['types', '--out', 'templates.gen.ts', '--check'], withoutVar);
    assert.is(check.exitCode, 0, check.stdout + check.stderr);
    const previewUnset = await run(['preview', '--out', 'site-unset'], withoutVar);
    assert.is(previewUnset.exitCode, 0, previewUnset.stderr);
    const pageUnset = allFiles(path.join(dir, 'site-unset')).filter((f) => f.endsWith('.html') && !f.endsWith('index.html')).map((f) => readFileSync(f, 'utf8')).join('\n');
    assert.match(pageUnset, 'your code (secret) takes');
    assert.not.match(pageUnset, '((promo_token))');

    // send: the template as the environment has it (the channel's copy must match it: the remote check)
    const sent = await run(['send', '--env', 'production', '--channel', 'wa', '--template', 'spring_offer', '--param', '1=Ana', '--param', 'button_0=A-1042', '--to', '+4915112345678', '--text-only']);
    assert.is(sent.exitCode, 0, sent.stdout + sent.stderr);
    assert.is(production.state.conversations.size, 1, 'sent through production');
    assert.is(staging.state.conversations.size, 0);

    // pull: the secret goes back into the pulled file as its reference
    const id = (JSON.parse((await run(['plan', '--env', 'production', '--format', 'json'])).stdout) as { changes: { publicId: string }[] }).changes[0]!.publicId;
    const pulled = await run(['pull', '--env', 'production', '--channel', 'wa', '--id', id, '--dir', 'pulled', '--force']);
    assert.ok(pulled.exitCode === 0 || pulled.exitCode === 1, pulled.stdout + pulled.stderr);
    const pulledText = allFiles(path.join(dir, 'pulled')).map((f) => readFileSync(f, 'utf8')).join('\n');
    assert.match(pulledText, 'your code ((promo_token)) takes 10% off');
    // and so do the plain values the file it replaces referred to: the file keeps serving both environments
    assert.match(pulledText, '((shop_host))/spring/{{1}}');
    // without the secret's variable, and no file that refers to it (a new clone of the config alone), pull cannot find the
    // secret in the channel's texts: the template is not written, exit 1 (it wrote the secret into the file, exit 0)
    const noSecret = { ...ENV, PROD_PROMO: undefined };
    writeFiles(dir, { 'fresh/tplsync.config.yaml': config() });
    const blind = await cliIn(['pull', '--env', 'production', '--channel', 'wa', '--id', id, '--dir', 'pulled'], { cwd: path.join(dir, 'fresh'), env: noSecret });
    outputs.push({ what: 'pull (fresh, no secret)', r: blind });
    assert.is(blind.exitCode, 1, blind.stdout + blind.stderr);
    assert.match(blind.stderr, 'PROD_PROMO');
    assert.match(blind.stderr, '((promo_token))');
    assert.not.ok(existsSync(path.join(dir, 'fresh', 'pulled')), 'no file written');

    // pull --from: a Meta export holds the approved texts, the secret among them; the file gets its reference
    const exported = { data: [{ name: 'spring_promo', language: 'en_US', category: 'MARKETING', status: 'APPROVED', components: [
      { type: 'BODY', text: `Hi {{1}}, your code ${CANARY_P} takes 10% off your next order this spring.`, example: { body_text: [['Ana']] } },
    ] }] };
    writeFileSync(path.join(dir, 'meta-export.json'), JSON.stringify(exported));
    const fromMeta = await run(['pull', '--from', 'meta', 'meta-export.json', '--env', 'production', '--channel', 'wa', '--dir', 'from-meta']);
    assert.ok(fromMeta.exitCode === 0 || fromMeta.exitCode === 1, fromMeta.stdout + fromMeta.stderr);
    assert.match(readFileSync(path.join(dir, 'from-meta', 'spring_promo.en_US.yaml'), 'utf8'), 'your code ((promo_token)) takes 10% off');
    const fromMetaBlind = await run(['pull', '--from', 'meta', 'meta-export.json', '--env', 'production', '--channel', 'wa', '--dir', 'from-meta-blind'], noSecret);
    assert.is(fromMetaBlind.exitCode, 3, fromMetaBlind.stdout + fromMetaBlind.stderr);
    assert.match(fromMetaBlind.stderr, 'PROD_PROMO');
    assert.not.ok(existsSync(path.join(dir, 'from-meta-blind')), 'no file written');
    rmSync(path.join(dir, 'meta-export.json'));

    // no output and no file holds a secret or a key
    for (const { what, r } of outputs) {
      assert.equal(leaks(r.stdout), [], `stdout of ${what}`);
      assert.equal(leaks(r.stderr), [], `stderr of ${what}`);
    }
    for (const f of allFiles(dir)) assert.equal(leaks(readFileSync(f, 'latin1')), [], path.relative(dir, f));
    assert.ok(allFiles(dir).some((f) => f.includes('lint-cache')), 'the lint cache was written (and scanned)');
  } finally { cleanup(dir); }
});

test('a value a template refers to and an environment lacks: lint points at the reference; the other environment still plans', async () => {
  const dir = tempDir('tplsync-env-values-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': config().replace('      flow_id: "9999888877"\n', ''),
      'templates/spring_offer.yaml': TEMPLATE,
    });
    const lint = await cliIn(['lint', '--format', 'json'], { cwd: dir, env: ENV });
    assert.is(lint.exitCode, 1, lint.stdout + lint.stderr);
    const found = (JSON.parse(lint.stdout) as { files?: { messages?: { ruleId: string; line: number; column: number; message: string }[] }[] }[] | { ruleId: string; line: number; column: number; message: string }[]);
    const flat = JSON.stringify(found);
    assert.match(flat, 'env-value-missing');
    assert.match(flat, '((flow_id)) has no value in environment production');
    const text = await cliIn(['lint'], { cwd: dir, env: ENV });
    assert.match(text.stdout, /18:14\s+error\s+\(\(flow_id\)\) has no value in environment production/);
    // preview in that environment shows the reference as written (it was an internal error, exit 70)
    const preview = await cliIn(['preview', '--env', 'production', '--out', 'site'], { cwd: dir, env: ENV });
    assert.is(preview.exitCode, 0, preview.stderr);
    assert.match(readdirSync(path.join(dir, 'site')).map((f) => readFileSync(path.join(dir, 'site', f), 'utf8')).join(''), '((flow_id))');
    // a secret's variable unset: only the environment that uses it fails, naming it
    writeFiles(dir, { 'tplsync.config.yaml': config() });
    const ok = await cliIn(['plan', '--env', 'staging'], { cwd: dir, env: { ...ENV, PROD_PROMO: undefined } });
    assert.is(ok.exitCode, 0, ok.stdout + ok.stderr);
    const bad = await cliIn(['plan', '--env', 'production'], { cwd: dir, env: { ...ENV, PROD_PROMO: undefined } });
    assert.is(bad.exitCode, 3, bad.stdout + bad.stderr);
    assert.match(bad.stderr, 'environments.production.values.promo_token is read from the environment variable PROD_PROMO, which is not set');
  } finally { cleanup(dir); }
});

test('a saved plan is stale when a value a template it leaves as it is refers to changed in the config (trial-am F2)', async () => {
  const KEY = 'kV-R5t8Wq2Zx7NmB4';
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-env-values-noop-');
  try {
    const cfg = (host: string) => `templates: ["templates/**/*.yaml"]
environments:
  solo:
    baseUrl: ${emu.url}
    apiKeyEnv: KEY_V
    channels: { wa: ${CHANNEL_A} }
    values: { shop_host: ${host}, token: { env: SOLO_TOKEN } }
channels:
  wa: { kind: whatsapp }
`;
    const order = (text: string) => `channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text} {{1}} is ready."\n  examples: { 1: A-1 }\n`;
    const link = `channel: wa\nname: order_link\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order {{1}} is on its way, code ((token))."\n  examples: { 1: A-1 }\nbuttons:\n  - type: URL\n    text: Track it\n    url: "((shop_host))/t/{{1}}"\n    example: "((shop_host))/t/A-1"\n`;
    const env = { KEY_V: KEY, SOLO_TOKEN: 'tokSecret7Hq2' };
    writeFiles(dir, { 'tplsync.config.yaml': cfg('https://shop.example'), 'templates/order_ready.yaml': order('Order'), 'templates/order_link.yaml': link });
    const run = (args: string[], e: Record<string, string> = env) => cliIn(args, { cwd: dir, env: e });
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    // one update (order_ready); order_link, which refers to ((shop_host)) and the secret ((token)), left as it is
    writeFiles(dir, { 'templates/order_ready.yaml': order('Your order') });
    const planned = await run(['plan', '--out', 'p.json']);
    assert.is(planned.exitCode, 0, planned.stderr);
    const saved = JSON.parse(readFileSync(path.join(dir, 'p.json'), 'utf8')) as { changes: { name: string; action: string; values?: Record<string, string> }[] };
    const kept = saved.changes.find((c) => c.name === 'order_link')!;
    assert.is(kept.action, 'noop');
    assert.equal(Object.keys(kept.values ?? {}), ['shop_host', 'token']);
    assert.not.match(readFileSync(path.join(dir, 'p.json'), 'utf8'), 'tokSecret7Hq2');
    // the value changes under the template the plan leaves as it is: stale (exit 4), nothing written
    writeFiles(dir, { 'tplsync.config.yaml': cfg('https://www.shop.example') });
    const stale = await run(['apply', 'p.json', '--auto-approve']);
    assert.is(stale.exitCode, 4, stale.stdout + stale.stderr);
    assert.match(stale.stderr, /order_link.*a value it uses \(\(\(shop_host\)\)\) changed in the config since the plan, so templates\/order_link\.yaml compiles to another body/s);
    assert.match(emuText(emu, 'order_ready'), /^Order /, 'nothing written');
    // the secret's value rotated (its variable the same): a plan never holds it, so it cannot go stale by it; the value put back: applied
    writeFiles(dir, { 'tplsync.config.yaml': cfg('https://shop.example') });
    const applied = await run(['apply', 'p.json', '--auto-approve'], { ...env, SOLO_TOKEN: 'tokRotated4Lp9' });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    assert.match(emuText(emu, 'order_ready'), /^Your order /);
  } finally { cleanup(dir); await emu.close(); }
});

/** the body text the emulator holds of the template named `name` */
function emuText(emu: RunningEmulator, name: string): string {
  for (const r of emu.state.templates.values()) {
    const b = r.body as unknown as Body;
    if (b.name !== name) continue;
    return b.chatapp?.chatapp?.components?.find((c) => c.type === 'BODY')?.text ?? '';
  }
  return '';
}

test('a value read from a key\'s variable (its own environment\'s apiKeyEnv, or another\'s): refused as the key it is, not as a variable "not set" (trial-au F1)', async () => {
  const dir = tempDir('tplsync-env-values-key-');
  try {
    // staging's promo_token is staging's own key; production's is staging's key too (another environment's)
    writeFiles(dir, { 'tplsync.config.yaml': config().replace('promo_token: { env: STAGING_PROMO }', 'promo_token: { env: KEY_S }').replace('promo_token: { env: PROD_PROMO }', 'promo_token: { env: KEY_S }'), 'templates/spring_offer.yaml': TEMPLATE });
    const own = await cliIn(['plan', '--env', 'staging'], { cwd: dir, env: ENV });
    assert.is(own.exitCode, 3, own.stdout + own.stderr);
    assert.match(own.stderr, "environments.staging.values.promo_token is read from the environment variable KEY_S, which is environment 'staging''s apiKeyEnv: the API key cannot be a template value");
    assert.not.match(own.stderr, 'not set');
    const other = await cliIn(['plan', '--env', 'production'], { cwd: dir, env: ENV });
    assert.is(other.exitCode, 3, other.stdout + other.stderr);
    assert.match(other.stderr, 'environments.production.values.promo_token is read from the environment variable KEY_S, which holds an API key (the apiKeyEnv of an environment of the config): an API key cannot be a template value');
    assert.not.match(other.stderr, 'not set');
    for (const r of [own, other]) assert.equal(leaks(r.stdout + r.stderr), []);
  } finally { cleanup(dir); }
});

test.run();
