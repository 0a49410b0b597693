// The send gate: `send --template` and the library's sendTemplate read the template from the
// channel first and send only what the channel has APPROVED as the file says; a localised
// authentication text needs the caller's text; a webview open_url is refused by name.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta } from '../src/model/meta.ts';
import { NotSendable } from '../src/send/gate.ts';
import { ParamError } from '../src/send/render.ts';
import { sendTemplateWith } from '../src/send/send.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Gt7`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, statusDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

const ORDER = (name: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer}}, your order is ready for pickup at the store."\n  examples: { customer: Ana }\nbuttons:\n  - { type: QUICK_REPLY, text: Thanks }\n`;
/** WhatsApp's German wording of an authentication text with the security sentence and a 10-minute expiry */
const FULL_DE = '*{{code}}* ist dein Bestätigungscode. Gib diesen Code aus Sicherheitsgründen nicht weiter.\n\nDieser Code läuft in 10 Minuten ab.';
const AUTH_DE = (name: string) => `channel: wa\nname: ${name}\nlanguage: de\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\nfooter:\n  code_expiration_minutes: 10\nbuttons:\n  - { type: OTP, text: Code kopieren, otp_type: COPY_CODE }\n`;
const WEBVIEW = (name: string) => `channel: rcs\nname: ${name}\nlanguage: en_US\ndescription: Tracking\nmessage:\n  type: text\n  message: "Your parcel {{order_id}} is on its way."\n  examples: { order_id: A-1042 }\n  suggestions:\n    - { action: open_url, text: Track live, postbackData: "https://shop.example.com/track", openUrlApplication: WEBVIEW, webviewType: TALL }\n`;

function project(): { dir: string; name: string; run: (args: string[]) => ReturnType<typeof cliIn> } {
  const dir = tempDir('tplsync-gate-');
  const name = `ready_${Math.random().toString(36).slice(2, 8)}`;
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    apiKeyEnv: GATE_KEY\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n`,
    'templates/order.yaml': ORDER(name),
    'templates/auth.yaml': AUTH_DE(`${name}_code`),
    'templates/auth-en.yaml': AUTH_DE(`${name}_code`).replace('language: de', 'language: en_US').replace('Code kopieren', 'Copy code'),
    'templates/track.yaml': WEBVIEW(`${name}_track`),
  });
  return { dir, name, run: (args) => cliIn(args, { cwd: dir, env: { GATE_KEY: KEY } }) };
}
const sendOrder = (name: string, extra: string[] = []) => ['send', '--channel', 'wa', '--to', '+4915100000042', '--template', name, '--param', 'customer=Maria', ...extra];

/** the publicId of template `name` as plan (of `env`, else the default environment) reads it from the channel */
async function publicIdOf(run: (args: string[]) => ReturnType<typeof cliIn>, name: string, env?: string): Promise<string> {
  const r = await run(['plan', ...(env ? ['--env', env] : []), '--format', 'json']);
  return (JSON.parse(r.stdout) as { changes: { name: string; publicId: string }[] }).changes.find((c) => c.name === name)!.publicId;
}

/** applies the project, then sets template `name` to `statusText` on the emulator's channel: its publicId */
async function appliedAs(run: (args: string[]) => ReturnType<typeof cliIn>, name: string, statusText: string): Promise<string> {
  assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
  const id = await publicIdOf(run, name);
  assert.is(await control({ channel: CHANNEL_A, template: id, statusText }), 200);
  return id;
}

async function control(body: unknown): Promise<number> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  return res.status;
}

test('a template not on the channel is refused (exit 3, nothing sent); --no-remote-check sends it', async () => {
  const { dir, name, run } = project();
  try {
    const before = emu.state.conversations.size;
    const r = await run(sendOrder(name));
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, `wa/${name}/en_US is not on the channel 'wa' of environment t (${CHANNEL_A})`);
    assert.match(r.stderr, 'apply it first');
    assert.match(r.stderr, 'If this is a test service that keeps no templates, --no-remote-check');
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    const forced = await run(sendOrder(name, ['--no-remote-check']));
    assert.is(forced.exitCode, 0, forced.stderr);
    // sent unchecked: said on stderr, so that a log shows it
    assert.match(forced.stderr, `tplsync: sent wa/${name}/en_US unchecked (--no-remote-check): the channel has no copy of it, so that the channel has it APPROVED as the file says was not checked`);
    assert.ok(emu.state.conversation(forced.stdout.trim()));
    const dry = await run(sendOrder(name, ['--no-remote-check', '--dry-run']));
    assert.is(dry.exitCode, 0, dry.stderr);
    assert.match(dry.stdout, "the channel's copy was NOT checked (--no-remote-check): the channel has no copy of it");
    // a language the files do not have: the ones they do are named
    const fr = await run(sendOrder(name, ['--language', 'fr']));
    assert.is(fr.exitCode, 3, fr.stdout + fr.stderr);
    assert.match(fr.stderr, `No template wa/${name}/fr in the template files; there is wa/${name}/en_US: choose with --language`);
  } finally { cleanup(dir); }
});

test('under --env dev every command a refusal advises names dev (followed literally, it acts on dev, not the default environment)', async () => {
  const dir = tempDir('tplsync-gate-env-');
  const name = `envs_${Math.random().toString(36).slice(2, 8)}`;
  // the default environment maps the alias to another channel: a bare `tplsync apply` would apply there
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    baseUrl: ${emu.url}\n    apiKeyEnv: GATE_KEY\n    channels: { wa: ${CHANNEL_B} }\n  dev:\n    baseUrl: ${emu.url}\n    apiKeyEnv: GATE_KEY\n    channels: { wa: ${CHANNEL_A} }\n`,
    'templates/order.yaml': ORDER(name),
  });
  const run = (args: string[]) => cliIn(args, { cwd: dir, env: { GATE_KEY: KEY } });
  const send = ['send', '--env', 'dev', '--to', '+4915100000042', '--template', name, '--param', 'customer=Maria'];
  try {
    let r = await run(send);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, `wa/${name}/en_US is not on the channel 'wa' of environment dev (${CHANNEL_A}), template id `);
    assert.match(r.stderr, 'apply it first (tplsync apply --env dev)');
    // the advice, followed as written, makes the send go
    assert.is((await run(['apply', '--env', 'dev', '--auto-approve'])).exitCode, 0);
    r = await run(send);
    assert.is(r.exitCode, 0, r.stderr);
    // an edit not applied: plan is advised with dev
    writeFileSync(path.join(dir, 'templates', 'order.yaml'), ORDER(name).replace('ready for pickup', 'ready for collection'));
    r = await run(send);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, '(tplsync plan --env dev shows it;');
    assert.not.match(r.stderr, /tplsync (apply|plan|review|types)\b(?![^.;)]*--env dev)/, r.stderr);
    // rejected: review is advised with dev
    const id = await publicIdOf(run, name, 'dev');
    assert.is(await control({ channel: CHANNEL_A, template: id, statusText: 'REJECTED', reason: 'PROMOTIONAL' }), 200);
    r = await run(send);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'not approved: see tplsync review --env dev');
    assert.not.match(r.stderr, /tplsync (apply|plan|review|types)\b(?![^.;)]*--env dev)/, r.stderr);
    // a send the service answered failed: the status read it advises is dev's (the default environment's service does not know the id)
    emu.setFaults({ failedSendRate: 1 });
    try { r = await run(['send', '--env', 'dev', '--channel', 'wa', '--to', '+4915100000042', '--text', 'Hello']); } finally { emu.setFaults({}); }
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /\(`tplsync status [0-9a-f-]{36} --env dev` shows its delivery\)/);
  } finally { cleanup(dir); }
});

test('PENDING and REJECTED templates are refused with their state; APPROVED is sent', async () => {
  const { dir, name, run } = project();
  try {
    const id = await appliedAs(run, name, 'PENDING');
    let r = await run(sendOrder(name));
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, 'is PENDING on the channel, still in review');
    assert.is(await control({ channel: CHANNEL_A, template: id, statusText: 'REJECTED', reason: 'PROMOTIONAL' }), 200);
    r = await run(sendOrder(name));
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, 'is REJECTED on the channel (PROMOTIONAL), not approved');
    // a missing parameter too: the state first (fixing the parameter would not help), then the rest
    r = await run(sendOrder(name).filter((a) => a !== '--param' && a !== 'customer=Maria'));
    assert.is(r.exitCode, 3);
    assert.ok(r.stderr.indexOf('is REJECTED on the channel') >= 0 && r.stderr.indexOf('is REJECTED on the channel') < r.stderr.indexOf('Also:'), r.stderr);
    assert.match(r.stderr, /Also: .*customer/);
    assert.is(await control({ channel: CHANNEL_A, template: id, statusText: 'APPROVED' }), 200);
    r = await run(sendOrder(name));
    assert.is(r.exitCode, 0, r.stderr);
  } finally { cleanup(dir); }
});

test('a template the channel did not approve (every such state), re-categorised or unlike its approved copy is refused without advice to skip the check: --no-remote-check is no way past the channel\'s decision', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const id = await publicIdOf(run, name);
    const before = emu.state.conversations.size;
    for (const statusText of ['PENDING', 'REJECTED', 'PAUSED', 'DISABLED', 'IN_APPEAL', 'FLAGGED', 'LIMIT_EXCEEDED', 'LOCKED', 'ARCHIVED', 'PENDING_DELETION', 'DELETED']) {
      assert.is(await control({ channel: CHANNEL_A, template: id, statusText, ...(statusText === 'REJECTED' ? { reason: 'INVALID_FORMAT' } : {}) }), 200);
      const r = await run(sendOrder(name));
      assert.is(r.exitCode, 3, `${statusText}: ${r.stderr}`);
      assert.match(r.stderr, `is ${statusText} on the channel`);
      assert.match(r.stderr, 'Nothing was sent');
      assert.not.match(r.stderr, 'remote-check', `${statusText}: ${r.stderr}`);
      assert.not.match(r.stderr, 'anyway', `${statusText}: ${r.stderr}`);
      // nor with it: the channel's copy is read all the same, and its text would go out as a plain conversation message,
      // which nothing on the channel stops (trial-u F4: a PAUSED and a DISABLED template's text was delivered)
      const forced = await run(sendOrder(name, ['--no-remote-check']));
      assert.is(forced.exitCode, 3, `${statusText} --no-remote-check: ${forced.stdout}${forced.stderr}`);
      assert.match(forced.stderr, `is ${statusText} on the channel`);
      assert.is(forced.stdout, '');
    }
    assert.is(await control({ channel: CHANNEL_A, template: id, statusText: 'APPROVED', category: 'MARKETING' }), 200);
    let r = await run(sendOrder(name));
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'approved on the channel as MARKETING');
    assert.not.match(r.stderr, 'remote-check');
    assert.is(await control({ channel: CHANNEL_A, template: id, category: 'UTILITY' }), 200);
    const f = path.join(dir, 'templates', 'order.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('at the store', 'at our new store'));
    r = await run(sendOrder(name));
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "differs from the channel's approved copy in body.text");
    assert.not.match(r.stderr, 'remote-check');
    assert.is((await run(sendOrder(name, ['--no-remote-check']))).exitCode, 3, 'an edit not applied, with the flag too');
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
  } finally { cleanup(dir); }
});

test('the gate\'s read fails (the channel unavailable): the error says nothing was sent, exit 7; a key refused on the read says it too (exit 6)', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8').replace('    apiKeyEnv:', '    retries: 1\n    apiKeyEnv:'));
    const before = emu.state.conversations.size;
    emu.setFaults({ errorRate: 1, operations: ['read'] });
    let r;
    try { r = await run(sendOrder(name)); } finally { emu.setFaults({}); }
    assert.is(r.exitCode, 7, r.stdout + r.stderr);
    assert.match(r.stderr, 'template read');
    assert.match(r.stderr, 'Nothing was sent: the read of the template before the send (the send gate) failed, so no send was attempted.');
    assert.match(r.stderr, '--no-remote-check (remoteCheck: false) sends when this read fails');
    assert.is(r.stdout, '');
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    // what the flag is for: a read that fails does not stop the send, said on stderr
    let forced;
    emu.setFaults({ errorRate: 1, operations: ['read'] });
    try { forced = await run(sendOrder(name, ['--no-remote-check'])); } finally { emu.setFaults({}); }
    assert.is(forced.exitCode, 0, forced.stdout + forced.stderr);
    assert.match(forced.stderr, `tplsync: sent wa/${name}/en_US unchecked (--no-remote-check): the read of its copy failed (`);
    assert.ok(emu.state.conversation(forced.stdout.trim()));
    const refused = await cliIn(sendOrder(name), { cwd: dir, env: { GATE_KEY: 'k-not-a-key-0000' } });
    assert.is(refused.exitCode, 6, refused.stderr);
    assert.match(refused.stderr, 'Nothing was sent');
    assert.not.match(refused.stderr, 'remote-check');
  } finally { cleanup(dir); }
});

test('a change of the description or the samples alone is no change of what is sent: the send goes out (a docs-only pull request stopped every send)', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const f = path.join(dir, 'templates', 'order.yaml');
    const text = readFileSync(f, 'utf8');
    writeFileSync(f, `description: Sent when an order can be collected\n${text.replace('examples: { customer: Ana }', 'examples: { customer: Bruno }')}`);
    assert.not.equal(readFileSync(f, 'utf8'), text);
    const r = await run(sendOrder(name));
    assert.is(r.exitCode, 0, r.stderr);
  } finally { cleanup(dir); }
});

test('two files of one template: send names the duplicate-template finding (exit 1), not a question of --language', async () => {
  const { dir, name, run } = project();
  try {
    writeFiles(dir, { 'templates/old/order-copy.yaml': ORDER(name).replace('ready for pickup', 'ready to collect') });
    const r = await run([...sendOrder(name), '--language', 'en_US']);
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, 'duplicate-template');
    assert.not.match(r.stderr, 'choose one with --language');
  } finally { cleanup(dir); }
});

test('an edit that was not applied is refused, naming the field that differs; after apply it is sent', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const f = path.join(dir, 'templates', 'order.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('at the store', 'at our new store'));
    let r = await run(sendOrder(name));
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "differs from the channel's approved copy in body.text");
    writeFileSync(f, readFileSync(f, 'utf8').replace('text: Thanks', 'text: Thank you'));
    r = await run(sendOrder(name));
    assert.match(r.stderr, 'in body.text, buttons');
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    r = await run(sendOrder(name));
    assert.is(r.exitCode, 0, r.stderr);
  } finally { cleanup(dir); }
});

test('a German authentication template without text of its own needs the caller\'s text (--preset-text with {{code}})', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const args = ['send', '--channel', 'wa', '--to', '+4915100000042', '--template', `${name}_code`, '--language', 'de', '--param', 'code=482913'];
    let r = await run(args);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'whose text WhatsApp writes in de');
    assert.match(r.stderr, '--preset-text');
    r = await run([...args, '--preset-text', 'Dein Code lautet 482913.']);
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, 'must hold {{code}}');
    // the approved template carries the security sentence and the expiry line: a text without them is refused (the docs' code line alone was sent)
    r = await run([...args, '--preset-text', '*{{code}}* ist dein Bestätigungscode.']);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "carries WhatsApp's expiry line (10 minutes), which --preset-text (presetText) must hold as WhatsApp words it in de: the text has no 10");
    r = await run([...args, '--preset-text', '*{{code}}* ist dein Bestätigungscode. Dieser Code läuft in 10 Minuten ab.']);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "carries WhatsApp's security sentence");
    r = await run([...args, '--preset-text', FULL_DE]);
    assert.is(r.exitCode, 0, r.stderr);
    // a template with text of its own takes no --preset-text
    r = await run([...sendOrder(name), '--preset-text', 'x {{code}}']);
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, 'has text of its own');
    // the caller's text stands for WhatsApp's wording: a link, another placeholder, the code twice or a long text is not that wording
    const before = emu.state.conversations.size;
    for (const [text, why] of [
      ['Gewinnspiel! Klick https://evil.example/win?c={{code}}', 'holds what reads as a link'],
      ['*{{code}}* ist dein Code. Gratis Pizza auf pizza-deals.com', 'holds what reads as a link'],
      ['*{{code}}* ist dein Code, {{name}}.', 'no other placeholder'],
      ['*{{code}}* {{code}}', 'once'],
      // a link in any form: an address, Unicode dots, a zero-width space inside it, another script's domain, a scheme, markdown, a bidi override
      ...['1.2.3.4/login', 'evil\u3002com', 'evil\uff0ecom', 'evil.shop', '\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444', '[hier](evil)', 'mailto:a@b.de', 'tel:+4930123', '[::1]/x']
        .map((link) => [`*{{code}}* ist dein Code. ${link}`, 'holds what reads as a link or an address'] as const),
      ['*{{code}}* ist dein Code. evil.c\u200bom', 'holds an invisible character (U+200B)'],
      ['*{{code}}* ist dein Code. \u202emoc.live', 'holds an invisible character (U+202E)'],
      ['*{{code}}*\n\n\n\nweiter', 'holds a run of spaces or blank lines'],
      ['*{{code}}* ist dein Code\u0000', 'holds a control character'],
      ['*{{code}}* ist dein Code. \uff45\uff56\uff49\uff4c\uff0e\uff43\uff4f\uff4d', "holds what reads as a link or an address ('evil.com')"],
      ['*{{code}}* ist dein\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0Code.', 'holds a run of spaces or blank lines'],
      ['*{{code}}* ist dein Code.\n \n \n \nEnde', 'holds a run of spaces or blank lines'],
      ['*{{code}}* ist dein Code \u3164.', 'holds an invisible character (U+3164)'],
      // what a reader does not see does not split a link; a name of one letter is a name
      ...['evil\u200c.com', 'evil\u2066.\u2069com', 'evil.c\u0332om', 'x.com', 't.co'].map((link) => [`*{{code}}* ist dein Code. ${link}`, 'holds what reads as a link or an address'] as const),
      // a host name of three labels or more, as a phone links it (trial-ac F5: the first two labels hid the top-level name)
      ...['www.paypal.com', 'evil.example.com', 'login.mybank.de'].map((link) => [`*{{code}}* ist dein Code. Bestätige auf ${link} jetzt.`, `holds what reads as a link or an address ('${link}')`] as const),
      [`*{{code}}* ist dein Bestätigungscode. ${'Bitte lesen. '.repeat(30)}`, 'at most 300 taken'],
    ] as const) {
      r = await run([...args, '--preset-text', text]);
      assert.is(r.exitCode, 3, `${text}: ${r.stderr}`);
      assert.match(r.stderr, why);
    }
    // the text and its code together: a code of letters that finishes a link the text starts
    r = await run([...args.slice(0, -1), 'code=com', '--preset-text', 'Code: evil.{{code}}\nGib diesen Code nicht weiter.\nGültig 10 Minuten.']);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "with its code holds what reads as a link or an address ('evil.com')");
    // a code that is no code: a link, spaces, a hyphen alone
    for (const code of ['https://x.io', 'bit.ly/abcdefg', '12 34', '-']) {
      r = await run([...args.slice(0, -1), `code=${code}`, '--preset-text', FULL_DE]);
      assert.is(r.exitCode, 3, `${code}: ${r.stderr}`);
      assert.match(r.stderr, "'code' holds other characters than letters, digits and a hyphen");
    }
    // a one-time password over Meta's 15 characters
    r = await run([...args.slice(0, -1), 'code=1234567890123456', '--preset-text', FULL_DE]);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "'code' is 16 characters; WhatsApp's one-time password is at most 15");
    // the English wording is WhatsApp's and tplsync's: no other text goes out under it
    r = await run(['send', '--channel', 'wa', '--to', '+4915100000042', '--template', `${name}_code`, '--language', 'en_US', '--param', 'code=482913', '--preset-text', 'Free pizza at https://evil.example {{code}}']);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "is sent with WhatsApp's own en_US wording");
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    // writing as it is is sent: a German abbreviation and a time
    r = await run([...args, '--preset-text', '*{{code}}* ist dein Code, z.B. für die App, gültig bis 10.30 Uhr. Gib ihn nicht weiter.\nDieser Code läuft in 10 Minuten ab.']);
    assert.is(r.exitCode, 0, r.stderr);
    r = await run([...args, '--preset-text', 'Bestätigungscode:{{code}}\nNicht weitergeben!\n10 Minuten gültig']);
    assert.is(r.exitCode, 0, r.stderr);
    // abbreviations whose ending is no top-level name (z.Zt., p.ex., p.ej.)
    r = await run([...args, '--preset-text', '*{{code}}* ist dein Code, gültig z.Zt. 10 Min. (p.ex. dans l’app, p.ej. en la app)']);
    // (sentences are counted at their stops: abbreviations count too, so the security sentence stays the caller's to write)
    // the bin (the bundle, written as ASCII) reads the stops of other scripts as the sources do: a Hindi and a Japanese text
    // with their own stops, and a Thai one, which writes none, are sent (the bundle had turned 。 and । into ?)
    const { cli } = await import('./helpers.ts');
    for (const text of [
      '{{code}} \u0906\u092a\u0915\u093e \u0915\u094b\u0921 \u0939\u0948\u0964 \u0907\u0938\u0947 \u0915\u093f\u0938\u0940 \u0938\u0947 \u0936\u0947\u092f\u0930 \u0928 \u0915\u0930\u0947\u0902\u0964\n\n\u092f\u0939 \u0915\u094b\u0921 \u0967\u0966 \u092e\u093f\u0928\u091f \u092e\u0947\u0902 \u0938\u092e\u093e\u092a\u094d\u0924 \u0939\u094b\u0917\u093e\u0964',
      '{{code}}\u306f\u78ba\u8a8d\u30b3\u30fc\u30c9\u3067\u3059\u3002\u4ed6\u306e\u4eba\u3068\u5171\u6709\u3057\u306a\u3044\u3067\u304f\u3060\u3055\u3044\u3002\n\n\u3053\u306e\u30b3\u30fc\u30c9\u306e\u6709\u52b9\u671f\u9650\u306f10\u5206\u3067\u3059\u3002',
      '{{code}} \u0e04\u0e37\u0e2d\u0e23\u0e2b\u0e31\u0e2a\u0e22\u0e37\u0e19\u0e22\u0e31\u0e19 \u0e42\u0e1b\u0e23\u0e14\u0e2d\u0e22\u0e48\u0e32\u0e41\u0e0a\u0e23\u0e4c\u0e23\u0e2b\u0e31\u0e2a\u0e19\u0e35\u0e49\n\n\u0e23\u0e2b\u0e31\u0e2a\u0e19\u0e35\u0e49\u0e08\u0e30\u0e2b\u0e21\u0e14\u0e2d\u0e32\u0e22\u0e38\u0e43\u0e19 10 \u0e19\u0e32\u0e17\u0e35',
    ]) {
      const bin = await cli([...args, '--preset-text', text], { cwd: dir, env: { GATE_KEY: KEY } });
      assert.is(bin.exitCode, 0, `${text}: ${bin.stderr}`);
    }
    assert.is(r.exitCode, 0, r.stderr);
  } finally { cleanup(dir); }
});

test('values that take the body past 1024 characters are refused before anything is sent (error 132005)', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const before = emu.state.conversations.size;
    const r = await run(['send', '--channel', 'wa', '--to', '+4915100000042', '--template', name, '--param', `customer=${'x'.repeat(5000)}`]);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /With these values the body of wa\/\S+\/en_US is 5052 characters; WhatsApp takes at most 1024 \(error 132005\)\. Nothing was sent/);
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    // at the limit: sent; the channel named by its UUID, as --channel allows
    const ok = await run(['send', '--channel', CHANNEL_A, '--to', '+4915100000042', '--template', name, '--param', `customer=${'x'.repeat(1024 - 52)}`]);
    assert.is(ok.exitCode, 0, ok.stderr);
  } finally { cleanup(dir); }
});

test('an RCS open_url in a webview is refused by name, never sent as a plain link', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const args = ['send', '--channel', 'rcs', '--to', '+4915100000042', '--template', `${name}_track`, '--param', 'order_id=A-7'];
    let r = await run(args);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'suggestion index 0, open_url in a webview (TALL) "Track live"');
    r = await run([...args, '--text-only']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, 'left out: suggestion index 0, open_url in a webview (TALL) "Track live"');
  } finally { cleanup(dir); }
});

test('library: sendTemplate reads the channel first (NotSendable), and remoteCheck: false skips the read', async () => {
  const { dir, name, run } = project();
  try {
    const v = readTemplateValue(readFileSync(path.join(dir, 'templates', 'order.yaml'), 'utf8'));
    const meta = templateMeta(fromFile(v, 'wa', ''), 'wa');
    const client = createClient({ baseUrl: emu.url, apiKey: KEY, channels: { wa: CHANNEL_A } });
    try { await sendTemplateWith(client, meta, { to: '+4915100000042', params: { customer: 'Maria' } }); assert.unreachable(); } catch (e) {
      assert.instance(e, NotSendable);
      assert.match((e as Error).message, 'is not on the channel');
      assert.is((e as NotSendable).reason, 'absent', 'code tells the refusals apart without reading the message');
    }
    const sent = await sendTemplateWith(client, meta, { to: '+4915100000042', params: { customer: 'Maria' }, remoteCheck: false });
    assert.ok(emu.state.conversation(sent.clientMessageId));
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    assert.ok((await sendTemplateWith(client, meta, { to: '+4915100000042', params: { customer: 'Maria' } })).clientMessageId);
    // an edit not applied: reason 'changed'; a copy the platform re-categorised: 'recategorised', with the channel's status
    const edited = templateMeta(fromFile({ ...v, body: { ...(v.body as object), text: `${String((v.body as { text: string }).text)} Thanks.` } }, 'wa', ''), 'wa');
    for (const [m, reason] of [[edited, 'changed'], [{ ...meta, check: { ...meta.check!, category: 'MARKETING' } }, 'recategorised']] as const) {
      try { await sendTemplateWith(client, m, { to: '+4915100000042', params: { customer: 'Maria' } }); assert.unreachable(); } catch (e) {
        assert.instance(e, NotSendable);
        assert.is((e as NotSendable).reason, reason);
        assert.is((e as NotSendable).status, 'APPROVED');
        // sent from a module made before the last apply, the cause is the module: the message names both causes and the command for each
        if (reason === 'changed') assert.match((e as Error).message, /not applied \(tplsync plan shows it.*a module made before the last apply \(tplsync types --check says it is stale: run tplsync types and build again\)/);
      }
    }
    // the generated module carries what the gate compares
    assert.is((await run(['types'])).exitCode, 0);
    const generated = readFileSync(path.join(dir, 'tplsync-templates.ts'), 'utf8');
    assert.match(generated, /check: \{ digest: \{ "body.examples": "[0-9a-f]{16}", "body.text": "[0-9a-f]{16}"/);
    assert.match(generated, /presetText: "localised"/);
    // and its send compiles only with the text in its language, as it runs only so
    const key = /"(wa\/[^"]+)": \{ channel: "wa"[^\n]*presetText: "localised"/.exec(generated)?.[1];
    assert.ok(key, 'the localised template in the module');
    assert.match(generated, new RegExp(`"${key!.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}": SendTemplateOptions<TemplateParams\\["[^"]+"\\]> & \\{ presetText: string \\}`));
  } finally { cleanup(dir); }
});

test('a message that would hold the API key is never sent, with --no-remote-check too (a template\'s URL, a free text, a value given)', async () => {
  const { dir, name, run } = project();
  try {
    writeFiles(dir, { 'templates/reset.yaml': `channel: wa\nname: ${name}_reset\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, reset your password with the link below."\n  examples: { 1: Ana }\nbuttons:\n  - { type: URL, text: Reset, url: "https://id.example.com/reset?k=${KEY}&t={{1}}", example: "https://id.example.com/reset?k=${KEY}&t=abc" }\n` });
    const before = emu.state.conversations.size;
    const tries = [
      ['send', '--channel', 'wa', '--to', '+4915100000042', '--template', `${name}_reset`, '--param', '1=Sam', '--param', 'button_0=abc', '--no-remote-check'],
      ['send', '--channel', 'wa', '--to', '+4915100000042', '--text', `Your key is ${KEY}`],
      // percent-encoded, as a URL carries it
      ['send', '--channel', 'wa', '--to', '+4915100000042', '--text', `See https://r.example.com/?t=${[...KEY].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join('')}`],
      ['send', '--channel', 'wa', '--to', '+4915100000042', '--template', name, '--param', `customer=${KEY}`, '--no-remote-check'],
    ];
    for (const args of tries) {
      const r = await run(args);
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, 'The message holds the API key', `${args.join(' ')}: ${r.stderr}`);
      assert.not.ok(`${r.stdout}${r.stderr}`.includes(KEY), 'the key is not printed either');
    }
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
  } finally { cleanup(dir); }
});


test('an authentication template that writes its own text ({{1}} is your code) holds its code to what the preset form does: at most 15 characters, letters, digits and a hyphen', async () => {
  const { checkParams } = await import('../src/send/render.ts');
  const v = readTemplateValue('channel: wa\nname: legacy_otp\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  text: "{{1}} is your verification code. For your security, do not share this code."\n  examples: { 1: "482913" }\nbuttons:\n  - type: OTP\n    otp_type: COPY_CODE\n    text: Copy code\n');
  const meta = templateMeta(fromFile(v, CHANNEL_A, 'x'), 'wa');
  assert.equal(meta.params, ['1']);
  assert.not.ok(meta.presetText, 'not the preset form');
  assert.equal(checkParams(meta, { 1: '482913' }), { 1: '482913' });
  assert.equal(checkParams(meta, { 1: 'AB-12cd' }), { 1: 'AB-12cd' });
  assert.throws(() => checkParams(meta, { 1: '1234567890123456' }), /'1' is 16 characters; WhatsApp's one-time password is at most 15/);
  assert.throws(() => checkParams(meta, { 1: 'abc def' }), /'1' holds other characters than letters, digits and a hyphen/);
});

test('--text-only compares only what it sends: an unapplied edit of the SMS fallback, the expiry or a card alone does not stop it; one of the text does', async () => {
  const { dir, name, run } = project();
  try {
    writeFiles(dir, {
      'templates/eta.yaml': `channel: rcs\nname: ${name}_eta\nlanguage: en_GB\ndescription: ETA\nmessage:\n  type: text\n  message: "Hi {{first_name}}, your driver arrives in about {{minutes}} minutes."\n  examples: { first_name: Sam, minutes: "15" }\n  rcsExpireOpts: { type: TTL, ttl: 3600 }\n  fallback:\n    text: "Hi {{first_name}}, your driver arrives in about {{minutes}} min."\n`,
      'templates/missed.yaml': `channel: rcs\nname: ${name}_missed\nlanguage: en_GB\ncategory: UTILITY\ndescription: Missed\nbody:\n  text: "Sorry {{first_name}}, we missed you today."\n  examples: { first_name: Sam }\nmessage:\n  type: rich_card\n  richCards:\n    - { title: "We missed you", description: "Your parcel waits at the depot.", fileUrl: "https://cdn.example.com/depot.png" }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: TALL }\n`,
    });
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const eta = ['send', '--to', '+447700900123', '--template', `${name}_eta`, '--param', 'first_name=Sam', '--param', 'minutes=15'];
    const edit = (file: string, from: string, to: string) => { const f = path.join(dir, 'templates', file); writeFileSync(f, readFileSync(f, 'utf8').replace(from, to)); };
    edit('eta.yaml', 'about {{minutes}} min.', 'about {{minutes}} minutes.');
    edit('eta.yaml', 'ttl: 3600', 'ttl: 7200');
    let r = await run([...eta, '--text-only']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, 'left out:');
    // the whole template would carry the edit: refused, naming it
    r = await run(eta);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "differs from the channel's approved copy in message.fallback, message.rcsExpireOpts");
    // an edit of what a text-only send carries still stops it
    edit('eta.yaml', 'Hi {{first_name}}, your driver', 'Hello {{first_name}}, your driver');
    r = await run([...eta, '--text-only']);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "differs from the channel's approved copy in message.message");
    // a template with a WhatsApp text and an RCS card: its card is left out, its text sent
    edit('missed.yaml', 'title: "We missed you"', 'title: "We missed you again"');
    const missed = ['send', '--to', '+447700900123', '--template', `${name}_missed`, '--param', 'first_name=Sam', '--text-only'];
    r = await run(missed);
    assert.is(r.exitCode, 0, r.stderr);
    edit('missed.yaml', 'we missed you today', 'we missed you this morning');
    r = await run(missed);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "differs from the channel's approved copy in body.text");
  } finally { cleanup(dir); }
});

test('--text-only of a one-tap or zero-tap authentication template: an unapplied edit of its OTP button\'s apps alone (left out whole) does not stop it; one of the text does (verify-13 NEW-1)', async () => {
  const { dir, name, run } = project();
  try {
    writeFiles(dir, {
      'templates/zt.yaml': `channel: wa\nname: ${name}_zt\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\nfooter:\n  code_expiration_minutes: 5\nbuttons:\n  - type: OTP\n    otp_type: ZERO_TAP\n    zero_tap_terms_accepted: true\n    supported_apps:\n      - { package_name: com.acme.bank, signature_hash: Abcdefghij1 }\n      - { package_name: com.acme.bank.beta, signature_hash: Abcdefghij2 }\n`,
    });
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const zt = ['send', '--to', '+4915112345678', '--template', `${name}_zt`, '--param', 'code=123456', '--text-only'];
    const f = path.join(dir, 'templates', 'zt.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('com.acme.bank.beta', 'com.acme.bank.gamma'));
    let r = await run(zt);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, 'com.acme.bank.gamma');
    // an edit of the text it sends (the expiry line) still stops it
    writeFileSync(f, readFileSync(f, 'utf8').replace('code_expiration_minutes: 5', 'code_expiration_minutes: 7'));
    r = await run(zt);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "differs from the channel's approved copy in codeExpirationMinutes");
    assert.not.match(r.stderr, 'buttons');
  } finally { cleanup(dir); }
});

test('an RCS suggestion with tracking: true is refused by name (the conversation suggestion has no tracking), never sent without it in silence; --text-only lists it', async () => {
  const { dir, name, run } = project();
  try {
    writeFiles(dir, {
      'templates/rate.yaml': `channel: rcs\nname: ${name}_rate\nlanguage: en_GB\ndescription: Rate the delivery\nmessage:\n  type: text\n  message: "How was the delivery of parcel {{tracking_no}}?"\n  suggestions:\n    - { action: reply, text: Great, postbackData: rate_good, tracking: true }\n    - { action: reply, text: Poor, postbackData: rate_poor, tracking: false }\n    - { action: open_url, text: Leave a review, postbackData: "https://deliveryco.example/review", openUrlApplication: BROWSER }\n  examples: { tracking_no: DC123456789GB }\n`,
    });
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const args = ['send', '--to', '+447700900123', '--template', `${name}_rate`, '--param', 'tracking_no=DC1'];
    const before = emu.state.conversations.size;
    let r = await run(args);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'has parts a conversation message cannot carry: suggestion index 0, reply "Great" with tracking: true. Nothing was sent.');
    assert.is(emu.state.conversations.size, before);
    r = await run([...args, '--text-only']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, 'left out: suggestion index 0, reply "Great" with tracking: true');
  } finally { cleanup(dir); }
});

test('the metadata of a template with tracking: true: the suggestion is not among those sent, and is named in omitted', () => {
  const v = readTemplateValue('channel: rcs\nname: rate_us\nlanguage: en_GB\ndescription: Rate\nmessage:\n  type: text\n  message: "How was it?"\n  suggestions:\n    - { action: reply, text: Great, postbackData: rate_good, tracking: true }\n    - { action: reply, text: Poor, postbackData: rate_poor, tracking: false }\n');
  const m = templateMeta(fromFile(v, 'rcs', ''), 'rcs');
  assert.equal(m.suggestions, [{ action: 'reply', text: 'Poor', postbackData: 'rate_poor' }]);
  assert.equal(m.omitted, ['suggestion index 0, reply "Great" with tracking: true']);
});

test('a template with a WhatsApp text and an RCS message: what is left out names every part of the message, its SMS fallback and media too (the send and the generated module\'s omitted)', () => {
  const v = readTemplateValue([
    'channel: rcs', 'name: missed_delivery', 'language: en_GB', 'category: UTILITY', 'description: Missed',
    'body:', '  text: "Sorry {{first_name}}, we missed you."', '  examples: { first_name: Sam }',
    'message:', '  type: rich_card', '  richCards:', '    - { title: "We missed you, {{first_name}}", description: "Parcel at {{depot}}." }',
    '  examples: { depot: Camden depot }', '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }',
    '  rcsExpireOpts: { type: TTL, ttl: 3600 }',
    '  fallback:', '    text: "Sorry {{first_name}}, your parcel is at {{depot}}."', '',
  ].join('\n'));
  const m = templateMeta(fromFile(v, 'rcs', ''), 'rcs');
  assert.equal(m.omitted, ['RCS rich card 1 "We missed you, {{first_name}}"', 'the RCS expiry', 'the SMS fallback']);
  assert.match(generateTypes([m], { source: 'templates' }), /omitted: \[[^\]]*"the SMS fallback"\]/);
  // what requires textOnly, as the generated module's doc comment says it: every kind unsendableParts names (verify-13 NEW-1)
  assert.match(generateTypes([m], { source: 'templates' }), /\* The options of each template.s send: `textOnly: true` required where a part cannot be sent \(a media header, a one-tap or zero-tap OTP button[^\n]*an RCS message beside a WhatsApp text/);
  const pic = readTemplateValue('channel: rcs\nname: pic\nlanguage: en_GB\ncategory: UTILITY\nbody:\n  text: "Your parcel is here."\nmessage:\n  type: picture\n  fileUrl: https://cdn.example.com/parcel.png\n');
  assert.equal(templateMeta(fromFile(pic, 'rcs', ''), 'rcs').omitted, ['the RCS picture https://cdn.example.com/parcel.png']);
});

// fix-bg's note: --text-only compared the header whole, so an unapplied edit of a media header alone (its format), which
// such a send leaves out, stopped it; a text header is part of the text, and an edit of it still does
test('--text-only of a template with a media header: an unapplied edit of the header alone does not stop it; a text header in its place does', async () => {
  const { dir, name, run } = project();
  try {
    const file = (header: string) => `channel: wa\nname: ${name}_media\nlanguage: en_US\ncategory: MARKETING\nheader:\n${header}\nbody:\n  text: "Our spring sale starts today, {{first_name}}: see the new shoes in store."\n  examples: { first_name: Ana }\n`;
    writeFiles(dir, { 'templates/media.yaml': file('  format: IMAGE\n  example: https://cdn.example.com/spring.png') });
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const send = ['send', '--to', '+4915112345678', '--template', `${name}_media`, '--param', 'first_name=Ana', '--text-only'];
    writeFiles(dir, { 'templates/media.yaml': file('  format: VIDEO\n  example: https://cdn.example.com/spring.mp4') });
    let r = await run(send);
    assert.is(r.exitCode, 0, r.stderr);
    // a text header is sent with the body: not applied, it stops the send
    writeFiles(dir, { 'templates/media.yaml': file('  format: TEXT\n  text: Spring sale') });
    r = await run(send);
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, "differs from the channel's approved copy in header");
  } finally { cleanup(dir); }
});

test('a receiver in Twilio\'s whatsapp:+E164 form or a tel: link is refused before the send (exit 3, nothing sent), by the CLI and the library\'s sendTemplate alike', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const before = emu.state.conversations.size;
    for (const to of ['whatsapp:+4915100000042', 'tel:+4915100000042', '+4915100000042x']) {
      const r = await run(sendOrder(name).map((a) => (a === '+4915100000042' ? to : a)));
      assert.is(r.exitCode, 3, to + r.stdout + r.stderr);
      assert.match(r.stderr, to.startsWith('+') ? 'starts as a phone number' : 'write +4915100000042. Nothing was sent.');
    }
    const meta = templateMeta(fromFile(readTemplateValue(readFileSync(path.join(dir, 'templates', 'order.yaml'), 'utf8')), 'wa', ''), 'wa');
    const client = createClient({ baseUrl: emu.url, apiKey: KEY, channels: { wa: CHANNEL_A } });
    const e = await sendTemplateWith(client, meta, { to: 'whatsapp:+4915100000042', params: { customer: 'Maria' } }).catch((x: unknown) => x);
    assert.instance(e, ParamError);
    assert.match((e as Error).message, "Twilio's WhatsApp address form (whatsapp:)");
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    assert.ok((await sendTemplateWith(client, meta, { to: '+4915100000042', params: { customer: 'Maria' } })).clientMessageId);
  } finally { cleanup(dir); }
});

test('a send of a PAUSED template exits 3 (nothing sent), and the exit-code table (README, --help) says 3 for it, not 2 (trial av F3)', async () => {
  const { dir, name, run } = project();
  try {
    const id = await appliedAs(run, name, 'PAUSED');
    const before = emu.state.conversations.size;
    const r = await run(sendOrder(name));
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'is PAUSED on the channel');
    assert.is(emu.state.conversations.size, before, 'nothing was sent');
    const help = (await run(['send', '--help'])).stdout;
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.match(/^ {2}3 {3}(.*)$/m.exec(help)?.[1] ?? '', /a send refused \(its template not APPROVED on the channel/);
    assert.match(/^ {2}2 {3}(.*)$/m.exec(help)?.[1] ?? '', /send refuses one with 3/);
    assert.match(/^\| 3 \| (.*) \|$/m.exec(readme)?.[1] ?? '', /a `send` refused/);
    assert.match(/^\| 2 \| (.*) \|$/m.exec(readme)?.[1] ?? '', /`send` refuses one: 3/);
  } finally { cleanup(dir); }
});

test('a refusal is worded for who sends: tplsync send never speaks of a generated module (its metadata is the file\'s now); the library\'s refusal names the stale module as a cause (trial-bf F6)', async () => {
  const { dir, name, run } = project();
  try {
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const id = await publicIdOf(run, name);
    const v = readTemplateValue(readFileSync(path.join(dir, 'templates', 'order.yaml'), 'utf8'));
    const meta = templateMeta(fromFile(v, 'wa', ''), 'wa');
    const client = createClient({ baseUrl: emu.url, apiKey: KEY, channels: { wa: CHANNEL_A } });
    const library = async (): Promise<NotSendable> => {
      try { await sendTemplateWith(client, meta, { to: '+4915100000042', params: { customer: 'Maria' } }); } catch (e) { return e as NotSendable; }
      throw new Error('sent: the library did not refuse it');
    };
    // re-categorised on the channel
    assert.is(await control({ channel: CHANNEL_A, template: id, statusText: 'APPROVED', category: 'MARKETING' }), 200);
    const cli = await run(sendOrder(name));
    assert.is(cli.exitCode, 3, cli.stderr);
    assert.match(cli.stderr, 'approved on the channel as MARKETING, and the file says UTILITY');
    assert.match(cli.stderr, 'or appeal the category in the console. Nothing was sent.');
    assert.not.match(cli.stderr, /generated module|types --check/);
    const lib = await library();
    assert.is(lib.reason, 'recategorised');
    assert.match(lib.message, 'Sent from a generated module: a module made before the config accepted it');
    assert.match(lib.message, 'tplsync types --check');
    // an edit not applied
    assert.is(await control({ channel: CHANNEL_A, template: id, category: 'UTILITY' }), 200);
    const f = path.join(dir, 'templates', 'order.yaml');
    writeFileSync(f, readFileSync(f, 'utf8').replace('at the store', 'at our new store'));
    const edited = await run(sendOrder(name));
    assert.is(edited.exitCode, 3, edited.stderr);
    assert.match(edited.stderr, "differs from the channel's approved copy in body.text: an edit that was not applied (tplsync plan --env t shows it; apply it and send once the review approves it, or send what the channel has from the file as it was). Nothing was sent.");
    assert.not.match(edited.stderr, /generated module|types --check/);
    const dry = await run(sendOrder(name, ['--dry-run']));
    assert.is(dry.exitCode, 3, dry.stderr);
    assert.not.match(dry.stderr, /generated module/);
  } finally { cleanup(dir); }
});

test.run();
