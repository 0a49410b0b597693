// The kinds of FORMAT 1.1 as a new user meets them, through the CLI (a child process) against
// the emulator on 127.0.0.1: the samples lint, apply, plan with no changes, type-check (the real
// TypeScript compiler), send (authentication) or are refused by name (carousel, offer), pull back
// into lint-clean files, and `new --kind` scaffolds each kind.
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import { compileConsumer } from './consumer-compile.ts';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { KINDS } from '../src/scaffold/scaffold.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const SAMPLES = ['new_arrivals.en_US.yaml', 'caribbean_offer.en_US.yaml', 'one_tap_login.en_US.yaml', 'login_code.en_US.yaml'];
const env = { TPLSYNC_API_KEY: 'k' };
let emu: RunningEmulator;
const dir = tempDir('tplsync-kinds-');
const config = (url: string, glob = 'templates/**/*.yaml') => `templates: ["${glob}"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;

test.before(async () => {
  emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  writeFiles(dir, { 'tplsync.config.yaml': config(emu.url), 'package.json': '{ "type": "module" }\n' });
  for (const f of SAMPLES) cpSync(path.join(ROOT, 'templates', 'whatsapp', f), path.join(dir, 'templates', f));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'), 'dir');
});
test.after(async () => { await emu.close(); cleanup(dir); });

interface PlanJson { changes: { name: string; action: string; publicId: string }[]; summary: Record<string, number> }

test('the samples of each kind lint clean, apply, and plan with no changes afterwards', async () => {
  let r = await cliIn(['lint'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout);
  r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /4 created, 0 updated, 0 failed/);
  r = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
  const plan = JSON.parse(r.stdout) as PlanJson;
  assert.equal(plan.summary, { create: 0, update: 0, noop: 4, orphan: 0 });
  r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stdout);
});

test('a changed card is planned as an update of that field only', async () => {
  const f = path.join(dir, 'templates', 'new_arrivals.en_US.yaml');
  const before = readFileSync(f, 'utf8');
  try {
    writeFileSync(f, before.replace('Chinos, now {{price}} in three colours.', 'Chinos, now {{price}} in four colours.'));
    const r = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    const plan = JSON.parse(r.stdout) as PlanJson & { changes: { fields?: { path: string }[] }[] };
    // (the update of an APPROVED template spends one of its edits: marked !, needsAttention)
    assert.equal(plan.summary, { create: 0, update: 1, noop: 3, orphan: 0, needsAttention: 1 });
    const text = (await cliIn(['plan'], { cwd: dir, env })).stdout;
    assert.match(text, /carousel\[1\]\.body\.text/);
    // the rendering shows the one changed line, not keys that moved
    assert.is(text.split('\n').filter((l) => /^ {4}- /.test(l)).length, 1, text);
    assert.is(text.split('\n').filter((l) => /^ {4}\+ /.test(l)).length, 1, text);
  } finally { writeFileSync(f, before); }
});

/** the consumer's diagnostics, one message a line */
const compile = (consumer: string): string => compileConsumer(dir, consumer).map((x) => ts.flattenDiagnosticMessageText(x.messageText, '\n')).join('\n');
const PRELUDE = `import { createClient } from 'tplsync';\nimport { sendTemplate } from './tplsync-templates.js';\nconst client = createClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', channels: { 'shop-whatsapp': '${CHANNEL_A}' } });\n`;

test('types: card_<n> parameters as FORMAT.md names them, which no send takes (a carousel card\'s values cannot be sent), code for authentication; checked by the compiler', async () => {
  const r = await cliIn(['types'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  const mod = readFileSync(path.join(dir, 'tplsync-templates.ts'), 'utf8');
  assert.match(mod, /"shop-whatsapp\/new_arrivals\/en_US": \{ first_name: string; card_1: \{ price: string; button_1: string \}; card_2: \{ price: string; button_1: string \} \};/);
  assert.match(mod, /SendTemplateOptions<\{ first_name: string; card_1\?: never; card_2\?: never \}>, 'textOnly'> & \{ textOnly: true \}/);
  assert.match(mod, /"shop-whatsapp\/one_tap_login\/en_US": \{ code: string \}/);
  assert.equal(compile(`${PRELUDE}
void sendTemplate(client, 'shop-whatsapp/new_arrivals/en_US', { to: '+49', params: { first_name: 'Ana' }, textOnly: true });
void sendTemplate(client, 'shop-whatsapp/one_tap_login/en_US', { to: '+49', params: { code: '482913' }, textOnly: true });
void sendTemplate(client, 'shop-whatsapp/caribbean_offer/en_US', { to: '+49', params: { '1': 'Pablo', '2': 'CARIBE25', button_1: 'n3mtql' }, textOnly: true });
`), '');
  // a carousel is refused at run time unless textOnly: so at compile time; text-only, the cards take no values (nothing sends them)
  assert.match(compile(`${PRELUDE}void sendTemplate(client, 'shop-whatsapp/new_arrivals/en_US', { to: '+49', params: { first_name: 'Ana' } });\n`), /'textOnly' is missing/);
  assert.match(compile(`${PRELUDE}void sendTemplate(client, 'shop-whatsapp/new_arrivals/en_US', { to: '+49', params: { first_name: 'Ana', card_1: { price: '€39', button_1: 'x' } }, textOnly: true });\n`), /Type '\{ price: string; button_1: string; \}' is not assignable to type 'undefined'/);
  assert.match(compile(`${PRELUDE}void sendTemplate(client, 'shop-whatsapp/one_tap_login/en_US', { to: '+49', params: { otp: '1' } });\n`), /otp/);
  // trial-w F1: the one-tap autofill is left out of a send: textOnly required, as for a carousel
  assert.match(compile(`${PRELUDE}void sendTemplate(client, 'shop-whatsapp/one_tap_login/en_US', { to: '+49', params: { code: '482913' } });\n`), /'textOnly' is missing/);
});

test('send: an authentication template sends its code as text; a carousel and an offer are refused by name', async () => {
  const before = emu.state.conversations.size;
  // trial-w F1: the one-tap autofill is the button's, which the text cannot carry: named, and sent with --text-only
  let r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'one_tap_login', '--param', 'code=482913'], { cwd: dir, env });
  assert.is(r.exitCode, 3, r.stderr);
  // trial-w F8: and its time-to-live, which the conversation request has no field for
  assert.match(r.stderr, /cannot carry: the one-tap autofill of button index 0, OTP( "[^"]*")? \(the code handed to [\w.]+\); the time-to-live \(message_send_ttl_seconds: \d+\)\. Nothing was sent\. To send its text part alone, pass --text-only/);
  r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'one_tap_login', '--param', 'code=482913', '--text-only'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stderr);
  assert.match(r.stderr, /left out: the one-tap autofill of button index 0.*; the time-to-live \(message_send_ttl_seconds: \d+\)/);
  assert.ok(emu.state.conversation(r.stdout.trim()), 'sent');
  r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'new_arrivals', '--param', 'first_name=Ana',
    '--param', 'card_1.price=€39', '--param', 'card_1.button_1=linen', '--param', 'card_2.price=€49', '--param', 'card_2.button_1=chino'], { cwd: dir, env });
  assert.is(r.exitCode, 3, r.stderr);
  assert.match(r.stderr, /cannot carry: the carousel of 2 cards\. Nothing was sent/);
  r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'caribbean_offer', '--param', '1=Pablo', '--param', '2=CARIBE25', '--param', 'button_1=n3mtql'], { cwd: dir, env });
  assert.is(r.exitCode, 3, r.stderr);
  assert.match(r.stderr, /button index 0, COPY_CODE; the limited-time offer "Expiring offer!" with its countdown\. Nothing was sent/);
  assert.is(emu.state.conversations.size, before + 1, 'only the authentication code was sent');
  // the text part alone needs only its own values; a card's values given are refused by name, never dropped without a word
  // (a carousel cannot be sent by the API: no send carries them), whole or partial
  const conversations = emu.state.conversations.size;
  for (const cards of [['card_1.price=€39'], ['card_1.price=€39', 'card_1.button_1=linen', 'card_2.price=€49', 'card_2.button_1=chino'], ['card_1.bogus=1']]) {
    r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'new_arrivals', '--param', 'first_name=Ana', ...cards.flatMap((c) => ['--param', c]), '--text-only'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /'card_1'(, 'card_2')?: a carousel card's values cannot be sent \(the API sends a message as a text with reply and open_url suggestions, which carries no carousel; --text-only sends the text without the cards\): leave them out\. It takes: first_name\./, r.stderr);
    assert.not.match(r.stderr, /is missing|not needed/, r.stderr);
  }
  // a card numbered as Meta numbers cards (card_index from 0), or past the last card, is explained as a card's value too,
  // with tplsync's numbering, not as "not a parameter" (trial-ac F2)
  for (const [card, named] of [['card_0.price=5', 'card_0.price'], ['card_3.price=5', 'card_3']]) {
    r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'new_arrivals', '--param', 'first_name=Ana', '--param', card!, '--text-only', '--dry-run'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, `'${named}': a carousel card's values cannot be sent (the API sends a message as a text with reply and open_url suggestions, which carries no carousel; --text-only sends the text without the cards): leave them out ('${named}': tplsync numbers a carousel's cards from 1, card_1 to card_2 here, where Meta's card_index counts from 0). It takes: first_name.`, r.stderr);
    assert.not.match(r.stderr, 'is not a parameter', r.stderr);
  }
  assert.is(emu.state.conversations.size, conversations, 'nothing sent with card values given');
  r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--template', 'new_arrivals', '--param', 'first_name=Ana', '--text-only'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stderr);
  assert.is(emu.state.conversations.size, conversations + 1, 'the bubble\'s text sent without the cards\' values');
});

test('pull adopts each kind into a lint-clean file with the category its kind requires, which plans as no change', async () => {
  const plan = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as PlanJson;
  const ids = plan.changes.flatMap((c) => ['--id', c.publicId]);
  // they live in the project's files already: pull says where and writes nothing, unless forced
  let r = await cliIn(['pull', '--channel', 'shop-whatsapp', ...ids, '--dir', 'pulled'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.not.ok(existsSync(path.join(dir, 'pulled', 'new_arrivals.en_US.yaml')));
  r = await cliIn(['pull', '--channel', 'shop-whatsapp', ...ids, '--dir', 'pulled', '--force'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(readFileSync(path.join(dir, 'pulled', 'new_arrivals.en_US.yaml'), 'utf8'), /category: MARKETING/);
  assert.match(readFileSync(path.join(dir, 'pulled', 'caribbean_offer.en_US.yaml'), 'utf8'), /limited_time_offer:\n {2}text: Expiring offer!\n {2}has_expiration: true/);
  assert.match(readFileSync(path.join(dir, 'pulled', 'one_tap_login.en_US.yaml'), 'utf8'), /category: AUTHENTICATION[^\n]*\n(.*\n)*body:\n {2}add_security_recommendation: true\nfooter:\n {2}code_expiration_minutes: 10/);
  r = await cliIn(['lint', 'pulled'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout);
  writeFileSync(path.join(dir, 'pulled.config.yaml'), config(emu.url, 'pulled/**/*.yaml'));
  const again = JSON.parse((await cliIn(['plan', '--config', 'pulled.config.yaml', '--format', 'json'], { cwd: dir, env })).stdout) as PlanJson;
  assert.equal(again.summary, { create: 0, update: 0, noop: 4, orphan: 0 });
});

test('new --kind carousel|offer|authentication scaffolds files that lint clean (but for their description stubs) and are formatted', async () => {
  for (const kind of ['carousel', 'offer', 'authentication']) {
    const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', `my_${kind}`, '--kind', kind, '--dir', 'scaffolded'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
  }
  let r = await cliIn(['lint', 'scaffolded'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout);
  assert.match(r.stdout, /✖ 3 problems \(0 errors, 3 warnings\) in 3 files/);
  assert.is(r.stdout.match(/scaffold-stub/g)?.length, 3, r.stdout);
  r = await cliIn(['fmt', '--check', 'scaffolded'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(readFileSync(path.join(dir, 'scaffolded', 'my_offer.en_US.yaml'), 'utf8'), /category: MARKETING/);
  r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'x', '--kind', 'offer', '--category', 'UTILITY', '--dir', 'scaffolded'], { cwd: dir });
  assert.is(r.exitCode, 3);
  assert.match(r.stderr, /An offer template is MARKETING, not UTILITY/);
  r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'x', '--kind', 'story', '--dir', 'scaffolded'], { cwd: dir });
  assert.is(r.exitCode, 3);
});

test('new: every --kind with every --category either writes a file that lints clean but for its description stub (scaffold-stub, until it is replaced) or is refused (exit 3) with the finding lint would make; an/a by the word', async () => {
  const out = 'every-pair';
  const written: string[] = [];
  const refused: Record<string, string> = {};
  for (const kind of Object.keys(KINDS)) {
    for (const category of ['MARKETING', 'UTILITY', 'AUTHENTICATION']) {
      const name = `p_${kind.replace(/-/g, '_')}_${category.toLowerCase()}`;
      const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', name, '--kind', kind, '--category', category, '--dir', out], { cwd: dir });
      if (r.exitCode === 0) written.push(name);
      else { assert.is(r.exitCode, 3, r.stderr); refused[`${kind} ${category}`] = r.stderr; }
    }
  }
  // the stub each scaffold writes for its author (description: TODO ...) is said, once a file, and nothing else
  const lint = await cliIn(['lint', '--format', 'json', out], { cwd: dir });
  assert.is(lint.exitCode, 0, lint.stdout);
  const findings = (JSON.parse(lint.stdout) as { diagnostics: { file: string; ruleId: string; line: number; severity: string; message: string }[] }).diagnostics;
  assert.equal(findings.map((d) => `${path.basename(d.file)} ${d.ruleId} ${d.severity} ${d.line}`).sort(), written.map((n) => {
    const text = readFileSync(path.join(dir, out, `${n}.en_US.yaml`), 'utf8');
    return `${n}.en_US.yaml scaffold-stub warning ${text.split('\n').findIndex((l) => l.startsWith('description: TODO say what this template is for')) + 1}`;
  }).sort());
  assert.match(findings[0]!.message, /^`description` is still the stub 'TODO say what this template is for' that tplsync wrote: replace it with a line that says what the template is for/);
  // replaced by the author: no problem left
  for (const n of written) {
    const file = path.join(dir, out, `${n}.en_US.yaml`);
    writeFileSync(file, readFileSync(file, 'utf8').replace('description: TODO say what this template is for', `description: Sent when ${n.replace(/_/g, ' ')} happens`));
  }
  const after = await cliIn(['lint', out], { cwd: dir });
  assert.is(after.exitCode, 0, after.stdout);
  assert.match(after.stdout, `${written.length} files checked, no problems`);
  // the four kinds that take any category but cannot be AUTHENTICATION (no OTP button): refused with lint's own finding
  for (const kind of ['call', 'flow', 'call-permission', 'order-details']) {
    const said = refused[`${kind} AUTHENTICATION`];
    assert.ok(said, `${kind} AUTHENTICATION refused`);
    assert.match(said!, `template cannot be AUTHENTICATION: its file would fail lint (authentication-otp: An AUTHENTICATION template needs exactly one OTP button`);
    assert.not.ok(existsSync(path.join(dir, out, `p_${kind.replace(/-/g, '_')}_authentication.en_US.yaml`)));
  }
  assert.match(refused['app-link UTILITY']!, 'An app-link template is MARKETING, not UTILITY');
  assert.match(refused['order-status MARKETING']!, 'An order-status template is UTILITY, not MARKETING');
  assert.match(refused['gif UTILITY']!, 'A gif template is MARKETING, not UTILITY');
  assert.match(refused['call AUTHENTICATION']!, /^tplsync: A call template/);
  assert.match(refused['order-details AUTHENTICATION']!, /^tplsync: An order-details template/);
});

test.run();
