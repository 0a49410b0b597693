// pull --from meta: every fixture (written from Meta's documentation, cited in each) becomes files
// that lint clean, apply to the emulator and then plan with no changes; what a file cannot carry
// is listed by template and field (exit 1) and not written; a template in a file is not duplicated.
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, FIXTURES, lintInProcess, tempDir, writeFiles } from './helpers.ts';
import { fieldTexts, textHash } from '../src/translations/units.ts';
import { parse as parseYaml } from 'yaml';

const META = path.join(FIXTURES, 'meta');
const expressible = readdirSync(META).filter((f) => f.endsWith('.json') && f !== 'not-expressible.json').map((f) => path.join(META, f));

const env = { TPLSYNC_API_KEY: 'k' };

/** a project of one channel against an emulator of its own, for the length of `use` */
async function withMetaProject(use: (dir: string) => Promise<void>): Promise<void> {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    await use(dir);
  } finally { cleanup(dir); await emu.close(); }
}

test('the fixtures of every kind: lint clean, apply, plan with no changes; pulled again: reported, not duplicated', () => withMetaProject(async (dir) => {
  const r = await cliIn(['pull', '--from', 'meta', ...expressible, '--channel', 'shop-whatsapp'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  const files = readdirSync(path.join(dir, 'templates'));
  assert.is(files.length, 12, files.join(' '));
  // not even a warning: an import writes nothing lint then asks to remove (a copy-code button's label is WhatsApp's own)
  const lint = await cliIn(['lint', '--max-warnings', '0'], { cwd: dir });
  assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0);
  const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
  const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
  assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
  const again = await cliIn(['pull', '--from', 'meta', ...expressible, '--channel', 'shop-whatsapp', '--dir', 'elsewhere'], { cwd: dir });
  assert.is(again.exitCode, 0, again.stderr);
  assert.match(again.stderr, /seasonal_sale_named\/en_US \(.*named-text-header\.json data\[0\]\) already lives in templates\/seasonal_sale_named\.en_US\.yaml/);
  assert.equal(readdirSync(path.join(dir, 'templates')).length, 12);
  // the same pull again, into the same folder (a migration script run twice): every file holds its template, nothing written, exit 0
  const before = Object.fromEntries(files.map((f) => [f, readFileSync(path.join(dir, 'templates', f), 'utf8')]));
  const rerun = await cliIn(['pull', '--from', 'meta', ...expressible, '--channel', 'shop-whatsapp'], { cwd: dir });
  assert.is(rerun.exitCode, 0, rerun.stderr);
  assert.not.match(rerun.stderr, /--force to overwrite/);
  // a file that already says what the export has is counted as up to date, with no line of its own (trial-ar F5)
  assert.not.match(rerun.stderr, / is in templates\/\S+ already/);
  assert.match(rerun.stderr, /^0 templates written, 12 already up to date, 0 not\.$/m);
  for (const f of files) assert.is(readFileSync(path.join(dir, 'templates', f), 'utf8'), before[f], f);
  // one file changed since: the one line said, about that file alone
  const changed = files.find((f) => f.startsWith('seasonal_sale_named.'))!;
  writeFiles(dir, { [path.join('templates', changed)]: before[changed]!.replace(/^category: MARKETING$/m, 'category: UTILITY') });
  const differs = await cliIn(['pull', '--from', 'meta', ...expressible, '--channel', 'shop-whatsapp'], { cwd: dir });
  assert.is(differs.exitCode, 0, differs.stderr);
  const held = differs.stderr.match(/^.* is in templates\/\S+ already.*$/gm) ?? [];
  assert.is(held.length, 1, differs.stderr);
  assert.match(held[0]!, /^tplsync: seasonal_sale_named\/en_US \(.*named-text-header\.json data\[0\]\) is in templates\/seasonal_sale_named\.en_US\.yaml already, and the export's copy differs from it; nothing written/);
  assert.match(differs.stderr, /^0 templates written, 11 already up to date, 1 not\.$/m);
}));

test('--from --force without --dir writes over the file that holds the template, wherever it lives and whatever its name (it wrote a second file)', () => withMetaProject(async (dir) => {
  const one = expressible.find((f) => f.endsWith('named-text-header.json'))!;
  let r = await cliIn(['pull', '--from', 'meta', one, '--channel', 'shop-whatsapp', '--dir', 'templates/marketing/spring'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  const [made] = readdirSync(path.join(dir, 'templates', 'marketing', 'spring'));
  renameSync(path.join(dir, 'templates', 'marketing', 'spring', made!), path.join(dir, 'templates', 'marketing', 'spring', 'sale-banner.yaml'));
  for (const args of [[], ['--dir', 'templates/marketing/spring']]) {
    r = await cliIn(['pull', '--from', 'meta', one, '--channel', 'shop-whatsapp', '--force', ...args], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /also lives in/);
    assert.equal(readdirSync(path.join(dir, 'templates'), { recursive: true }).filter((f) => String(f).endsWith('.yaml')).map(String), [path.join('marketing', 'spring', 'sale-banner.yaml')]);
  }
  assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
}));

test('pulled over with --force, a translated file keeps its translated_from record (from an export and from the channel), so translation-outdated still reads it', () => withMetaProject(async (dir) => {
  assert.is((await cliIn(['pull', '--from', 'meta', ...expressible, '--channel', 'shop-whatsapp'], { cwd: dir })).exitCode, 0);
  const file = path.join(dir, 'templates', readdirSync(path.join(dir, 'templates')).find((f) => f.startsWith('seasonal_sale_named.'))!);
  const record = 'translated_from:\n  language: de\n  texts:\n    body.text: "0123abcd"\n';
  writeFiles(dir, { [path.relative(dir, file)]: readFileSync(file, 'utf8') + record });
  const forced = await cliIn(['pull', '--from', 'meta', ...expressible, '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
  assert.is(forced.exitCode, 0, forced.stderr);
  assert.match(readFileSync(file, 'utf8'), /\ntranslated_from:\n  language: de\n  texts:\n    body\.text: "?0123abcd"?\n/, readFileSync(file, 'utf8'));
  // from the channel: applied, then pulled over by its id
  assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
  // a file pulled from an export has no publicId: its id is derived from the channel, the name and the language
  const pulled = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', templateId(CHANNEL_A, 'seasonal_sale_named', 'en_US'), '--force'], { cwd: dir, env });
  assert.is(pulled.exitCode, 0, pulled.stderr);
  assert.match(readFileSync(file, 'utf8'), /\ntranslated_from:\n  language: de\n  texts:\n    body\.text: "?0123abcd"?\n/, readFileSync(file, 'utf8'));
}));

test('pull --force: a translated text the channel\'s copy replaces gets its translated_from hash as unknown (said), so translation-outdated reports it; an untouched text keeps its hash', () => withMetaProject(async (dir) => {
  assert.is((await cliIn(['pull', '--from', 'meta', ...expressible, '--channel', 'shop-whatsapp'], { cwd: dir })).exitCode, 0);
  assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
  const name = readdirSync(path.join(dir, 'templates')).find((f) => f.startsWith('order_confirmation_positional.'))!;
  const file = path.join(dir, 'templates', name);
  const applied = readFileSync(file, 'utf8');
  const value = parseYaml(applied) as { body: { text: string }; header?: { text?: string } };
  // the source language's file (de), and this one re-translated from it, not applied yet: its body differs from the channel's
  const de = applied.replace(/^language: .*$/m, 'language: de');
  const newer = value.body.text.replace('contact support.', 'contact support. (neu)');
  const hashes: Record<string, string> = Object.fromEntries([...fieldTexts(value)].map(([k, t]) => [k, textHash(k === 'body.text' ? newer : t)]));
  assert.ok(Object.keys(hashes).length > 1, 'texts beside the body');
  const record = `translated_from:\n  language: de\n  texts:\n${Object.entries(hashes).sort().map(([k, h]) => `    ${k}: "${h}"\n`).join('')}`;
  writeFiles(dir, {
    'templates/order_confirmation_positional.de.yaml': de.replace('contact support.', 'contact support. (neu)'),
    [path.relative(dir, file)]: applied.replace('contact support.', 'contact support. (new)') + record,
  });
  assert.is((parseYaml(readFileSync(file, 'utf8')) as typeof value).body.text, value.body.text.replace('contact support.', 'contact support. (new)'));
  const outdatedOf = async (): Promise<string[]> => (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'translation-outdated' && d.file.endsWith(name)).map((d) => d.message);
  assert.equal(await outdatedOf(), []);
  const pulled = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', templateId(CHANNEL_A, 'order_confirmation_positional', 'en_US'), '--force'], { cwd: dir, env });
  assert.is(pulled.exitCode, 0, pulled.stderr);
  const after = readFileSync(file, 'utf8');
  assert.not.match(after, /\(new\)/);
  assert.match(after, /\n {4}body\.text: "00000000"\n/, after);
  for (const [k, h] of Object.entries(hashes)) if (k !== 'body.text') assert.ok(after.includes(`${k}: "${h}"`), after);
  assert.match(pulled.stderr, /the channel's text replaced the translated body\.text, so the file's translated_from no longer says what it was translated from: recorded as unknown/);
  const outdated = await outdatedOf();
  assert.is(outdated.length, 1, outdated.join('\n'));
  assert.match(outdated[0]!, /The en_US text at body\.text is the channel's copy \(written by tplsync pull over the translated text\), so which de text it was translated from is unknown/);
}));

test('pull --from --force: a translated text the export\'s copy replaces gets its hash as unknown, and says so', () => withMetaProject(async (dir) => {
  const one = expressible.find((f) => f.endsWith('positional-image-url-phone.json'))!;
  assert.is((await cliIn(['pull', '--from', 'meta', one, '--channel', 'shop-whatsapp'], { cwd: dir })).exitCode, 0);
  const name = readdirSync(path.join(dir, 'templates')).find((f) => f.startsWith('order_confirmation_positional.'))!;
  const file = path.join(dir, 'templates', name);
  const text = readFileSync(file, 'utf8');
  const value = parseYaml(text) as Record<string, unknown>;
  const hashes = Object.fromEntries([...fieldTexts(value)].map(([k, t]) => [k, textHash(t)]));
  const record = `translated_from:\n  language: de\n  texts:\n${Object.entries(hashes).sort().map(([k, h]) => `    ${k}: "${h}"\n`).join('')}`;
  writeFiles(dir, { [path.relative(dir, file)]: text.replace('contact support.', 'contact support. (new)') + record });
  const r = await cliIn(['pull', '--from', 'meta', one, '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  const after = readFileSync(file, 'utf8');
  assert.match(after, /\n {4}body\.text: "00000000"\n/, after);
  for (const [k, h] of Object.entries(hashes)) if (k !== 'body.text') assert.ok(after.includes(`${k}: "${h}"`), after);
  assert.match(r.stderr, /the export's text replaced the translated body\.text, so the file's translated_from no longer says what it was translated from: recorded as unknown/);
}));

test('what a file cannot carry: listed by template and field, exit 1, only the rest written', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    const r = await cliIn(['pull', '--from', 'meta', path.join(META, 'not-expressible.json'), '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    // a GIF header given by an upload handle (a create request's form): the file needs a sample URL
    assert.match(r.stderr, /gif_header_promo\/en_US .*\n  components\[0\]\.example\.header_handle: a media handle/);
    // sub_category CUSTOM (what reads say of an ordinary template), a VOICE_CALL button and a flow by name are written
    assert.not.match(r.stderr, /call_us_now/);
    assert.equal(readdirSync(path.join(dir, 'templates')).sort(), ['call_us_now.en_US.yaml', 'plain_and_fine.en_US.yaml']);
    const call = readFileSync(path.join(dir, 'templates', 'call_us_now.en_US.yaml'), 'utf8');
    assert.match(call, /- type: VOICE_CALL\n\s+text: Call now/);
    assert.match(call, /flow_name: signup_flow/);
    assert.not.match(call, /sub_category/);
  } finally { cleanup(dir); }
});

test('Meta\'s read-only fields of a template (library_template_name, the default cta_url_link_tracking_opted_out) are read and left out; a link-tracking opt-out is written to the file (trial-w F4)', async () => {
  const dir = tempDir();
  try {
    const tpl = (name: string, extra: Record<string, unknown>) => ({ name, parameter_format: 'POSITIONAL', language: 'en_US', status: 'APPROVED', category: 'UTILITY', id: name, ...extra,
      quality_score: { score: 'GREEN', date: 1732000000 }, sub_category: 'CUSTOM', previous_category: 'MARKETING',
      components: [{ type: 'BODY', text: 'Hello {{1}}, this is a reminder that your payment of {{2}} is due on {{3}}. Thank you.', example: { body_text: [['Ana', 'EUR 10.00', '1 Dec']] } }] });
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'fields.json': JSON.stringify({ data: [tpl('payment_reminder_lib', { library_template_name: 'payment_reminder_1', cta_url_link_tracking_opted_out: false })], paging: { cursors: { before: 'a', after: 'b' } } }),
      'opted.json': JSON.stringify({ data: [tpl('payment_reminder_opt', { cta_url_link_tracking_opted_out: true })], paging: { cursors: { before: 'a', after: 'b' } } }),
    });
    const r = await cliIn(['pull', '--from', 'meta', 'fields.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.match(r.stderr, /library_template_name|cta_url_link_tracking|no place/);
    const file = readFileSync(path.join(dir, 'templates', 'payment_reminder_lib.en_US.yaml'), 'utf8');
    assert.not.match(file, /library_template_name|cta_url_link_tracking|payment_reminder_1/);
    const opted = await cliIn(['pull', '--from', 'meta', 'opted.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(opted.exitCode, 0, opted.stderr);
    assert.not.match(opted.stderr, /cannot carry/);
    assert.match(readFileSync(path.join(dir, 'templates', 'payment_reminder_opt.en_US.yaml'), 'utf8'), /\ncta_url_link_tracking_opted_out: true\n/);
    // a value that is no boolean says nothing of the opt-out: refused, not taken for `true`
    writeFiles(dir, { 'maybe.json': JSON.stringify({ data: [tpl('payment_reminder_maybe', { cta_url_link_tracking_opted_out: 'maybe' })] }) });
    const maybe = await cliIn(['pull', '--from', 'meta', 'maybe.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(maybe.exitCode, 1, maybe.stderr);
    assert.match(maybe.stderr, 'cta_url_link_tracking_opted_out: "maybe" is not true or false: correct the export');
    assert.not.match(maybe.stderr, /opted out of Meta's link tracking/);
    assert.not.ok(readdirSync(path.join(dir, 'templates')).includes('payment_reminder_maybe.en_US.yaml'));
  } finally { cleanup(dir); }
});

test('a ZERO_TAP button in the listing\'s URL form: written without zero_tap_terms_accepted (the listing never holds it), and said what to add; the file\'s own attestation kept when pulled over', async () => {
  const dir = tempDir();
  try {
    const url = (code: string) => `https://www.whatsapp.com/otp/code/?otp_type=ZERO_TAP&cta_display_name=Autofill&package_name=com.bankexample.app&signature_hash=K8a%2FAINcGX7&code_expiration_minutes=5&code=otp${code}`;
    const listing = { data: [{ name: 'zerotap_login', language: 'en_US', status: 'APPROVED', category: 'AUTHENTICATION', id: '1', components: [
      { type: 'BODY', text: '*{{1}}* is your verification code. For your security, do not share this code.', add_security_recommendation: true, example: { body_text: [['123456']] } },
      { type: 'FOOTER', text: 'This code expires in 5 minutes.', code_expiration_minutes: 5 },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Copy code', url: url('{{1}}'), example: [url('123456')] }] }] }], paging: { cursors: { before: 'a', after: 'b' } } };
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'zerotap.json': JSON.stringify(listing) });
    const r = await cliIn(['pull', '--from', 'meta', 'zerotap.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, 'zerotap_login/en_US (zerotap.json data[0]) written to templates/zerotap_login.en_US.yaml; the export does not say what the file needs here, to add by hand:\n  buttons[0].zero_tap_terms_accepted: the listing gives a ZERO_TAP button as a URL, which never carries the create request\'s zero_tap_terms_accepted');
    assert.match(r.stderr, 'add `zero_tap_terms_accepted: true` to the button once you accept them');
    const file = path.join(dir, 'templates', 'zerotap_login.en_US.yaml');
    const text = readFileSync(file, 'utf8');
    assert.match(text, 'otp_type: ZERO_TAP');
    assert.not.match(text, 'zero_tap_terms_accepted', 'tplsync does not attest for the user');
    // the user attests; pulled over again, the attestation stays (and nothing is to add)
    writeFileSync(file, text.replace('otp_type: ZERO_TAP', 'otp_type: ZERO_TAP\n    zero_tap_terms_accepted: true'));
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    const again = await cliIn(['pull', '--from', 'meta', 'zerotap.json', '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.not.match(again.stderr, 'to add by hand');
    assert.match(readFileSync(file, 'utf8'), 'zero_tap_terms_accepted: true');
  } finally { cleanup(dir); }
});

test('a platform text holding ((name)) is written escaped (from an export and from the channel): lint asks for no value, plan sends it as it was', () => withMetaProject(async (dir) => {
  const body = 'Hi {{1}}, reply ((yes)) or see C:\\temp\\((x)) for your order.';
  const page = { data: [{ name: 'paren_ref', language: 'en_US', status: 'APPROVED', category: 'UTILITY', id: '1', components: [
    { type: 'BODY', text: body, example: { body_text: [['Ana']] } },
    { type: 'FOOTER', text: 'Text ((stop)) to opt out' },
  ] }] };
  writeFiles(dir, { 'export.json': JSON.stringify(page) });
  const r = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  const file = readFileSync(path.join(dir, 'templates', 'paren_ref.en_US.yaml'), 'utf8');
  assert.match(file, 'text: Hi {{1}}, reply \\((yes)) or see C:\\temp\\\\((x)) for your order.');
  assert.match(file, 'footer: Text \\((stop)) to opt out');
  const lint = await cliIn(['lint'], { cwd: dir });
  assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
  assert.is((await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env })).exitCode, 0);
  // pulled back from the channel into another folder: escaped the same way (so the channel holds the export's text, backslashes and brackets whole)
  const back = await cliIn(['pull', '--id', templateId(CHANNEL_A, 'paren_ref', 'en_US'), '--channel', 'shop-whatsapp', '--dir', 'back', '--force'], { cwd: dir, env });
  assert.is(back.exitCode, 0, back.stdout + back.stderr);
  const again = readFileSync(path.join(dir, 'back', 'paren_ref.en_US.yaml'), 'utf8');
  assert.match(again, 'Text \\((stop)) to opt out');
  assert.match(again, 'C:\\temp\\\\((x))');
}));

test('input that is not JSON: file:line:col, exit 3, nothing written', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'bad.json': '{"data": [\n  {"name": "x",,}\n]}' });
    const r = await cliIn(['pull', '--from', 'meta', 'bad.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /bad\.json:2:\d+: not JSON/);
    assert.not.match(r.stderr, /\n\s+at /);
    // what else is saved in place of an export: each said for what it is (exit 3, nothing written)
    writeFiles(dir, {
      'page.json': '<!DOCTYPE html><html><body>Log in to Facebook</body></html>',
      'error.json': JSON.stringify({ error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } }),
      'twilio.json': JSON.stringify({ contents: [{ friendly_name: 'x', language: 'en', types: { 'twilio/text': { body: 'Hi' } } }], meta: {} }),
    });
    const said = async (file: string, from = 'meta') => { const x = await cliIn(['pull', '--from', from, file, '--channel', 'shop-whatsapp'], { cwd: dir }); assert.is(x.exitCode, 3, x.stderr); return x.stderr; };
    assert.match(await said('page.json'), 'page.json is an HTML or XML page, not the JSON');
    // a file cut off at its end: located at its end, not at 1:1
    writeFiles(dir, { 'cut.json': '{"data": [\n  {"name": "order_ready", "language": "en_US",\n   "components": [{"type": "BODY", "text":' });
    assert.match(await said('cut.json'), /cut\.json:3:\d{2,}: not JSON: .*the file ends before its JSON does/);
    // cut right after a closing brace: the parser's position is the end, and said so too
    writeFiles(dir, { 'cut2.json': '{"data": [{"name": "order_ready"}' });
    assert.match(await said('cut2.json'), /cut2\.json:1:\d+: not JSON: .*the file ends before its JSON does/);
    assert.match(await said('error.json'), 'error.json is an error answer of the Graph API, not a template listing: "Invalid OAuth access token."');
    assert.match(await said('twilio.json'), 'twilio.json looks like a Twilio Content export ("contents", "types"), not Meta\'s: pull it with --from twilio');
    // not UTF-8: said, never read with U+FFFD in place of its letters
    const latin1 = Buffer.from(JSON.stringify({ data: [{ name: 'hello', language: 'fr', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Bonjour Léna, votre commande est prête.' }] }] }), 'latin1');
    writeFileSync(path.join(dir, 'latin1.json'), latin1);
    assert.match(await said('latin1.json'), /latin1\.json is not UTF-8 \(byte \d+ is not; Latin-1 or Windows-1252\?\): save the export as UTF-8/);
    writeFileSync(path.join(dir, 'utf16.json'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"data": []}', 'utf16le')]));
    assert.match(await said('utf16.json'), 'utf16.json is UTF-16 text: save the export as UTF-8');
    writeFileSync(path.join(dir, 'utf16nobom.json'), Buffer.from('{"data": []}', 'utf16le'));
    assert.match(await said('utf16nobom.json'), 'utf16nobom.json is UTF-16 text: save the export as UTF-8');
    // NUL bytes alone are no UTF-16 (a file of zeros): not text, said so
    writeFileSync(path.join(dir, 'zeros.json'), Buffer.alloc(1000));
    assert.match(await said('zeros.json'), 'zeros.json is not text: 64 of its first 64 bytes are NUL bytes');
    assert.not.match(await said('zeros.json'), 'UTF-16');
    // a file outside the working directory, given by its absolute path, is named so (not ../../dev/zero)
    assert.match(await said('/dev/zero'), /(^|\s)\/dev\/zero: an export file is a device/);
    assert.equal(readdirSync(dir).filter((f) => f === 'templates'), [], 'nothing written');
  } finally { cleanup(dir); }
});

test('an export with a byte-order mark is read; a template that is not APPROVED is written and named with its state, one deleted is not written; a paging URL\'s token is never printed; --force keeps the file\'s description', async () => {
  const dir = tempDir();
  try {
    const token = 'EAAJBxyzSECRET' + 'TOKEN1234567890abcdef';
    const tpl = (name: string, status: string, extra: Record<string, unknown> = {}) => ({ name, language: 'en_US', status, category: 'UTILITY', id: name, ...extra, components: [{ type: 'BODY', text: `Your order for ${name} is ready for pickup at the store.` }] });
    const page = { data: [tpl('ready_ok', 'APPROVED'), tpl('ready_rejected', 'REJECTED', { rejected_reason: 'INVALID_FORMAT' }), tpl('ready_gone', 'DELETED'), tpl('ready_again', 'REINSTATED')],
      paging: { cursors: { after: 'QVFI' }, next: `https://graph.facebook.com/v21.0/1022/message_templates?access_token=${token}&after=QVFI` } };
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'export.json': `\ufeff${JSON.stringify(page)}` });
    const r = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr); // the page after it is not given
    assert.match(r.stderr, 'ready_rejected/en_US (export.json data[1]) is REJECTED in the export (INVALID_FORMAT): written, but apply would submit it for review');
    // trial K F13: deleted on the platform, as pull --all skips it: not written (the next plan would create it again), said
    assert.match(r.stdout, 'ready_gone/en_US (export.json data[2]): deleted on the platform (DELETED), not written (skipped)');
    assert.not.ok(existsSync(path.join(dir, 'templates', 'ready_gone.en_US.yaml')), 'a deleted template is not adopted');
    assert.not.match(r.stderr, 'ready_ok/en_US (export.json data[0]) is');
    assert.not.match(r.stderr, 'ready_again/en_US (export.json data[3]) is', 'REINSTATED is approved again');
    assert.match(r.stderr, 'access_token=[redacted]&after=QVFI');
    assert.not.ok((r.stdout + r.stderr).includes(token), 'the token is never printed');
    // into a folder the config's globs do not cover: written, and said
    const away = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp', '--dir', 'drafts', '--force'], { cwd: dir });
    assert.match(away.stderr, /drafts\/\w+\.en_US\.yaml, .* are not among the config's templates/, away.stdout + away.stderr);
    // the description a user wrote survives a pull --force of the same export
    const file = path.join(dir, 'templates', 'ready_ok.en_US.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('category: UTILITY\n', 'category: UTILITY\ndescription: Sent when the order is packed # owner: fulfilment\n# legal asked for this wording\n').replace(/^(# Pulled from .*)$/m, '$1\n# reviewed by the shop team'));
    // pulled again without --force: a description is the file's own, no difference; an edited text is one, and said
    const same = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.not.match(same.stderr, 'ready_ok/en_US (export.json data[0]) is in');
    assert.match(same.stderr, /^0 templates written, \d+ already up to date, /m);
    writeFileSync(file, readFileSync(file, 'utf8').replace('is ready for pickup', 'can be picked up'));
    const differs = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.match(differs.stderr, 'ready_ok/en_US (export.json data[0]) is in templates/ready_ok.en_US.yaml already, and the export\'s copy differs from it; nothing written');
    assert.match(readFileSync(file, 'utf8'), 'can be picked up');
    const forced = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
    assert.is(forced.exitCode, 1, forced.stderr);
    const after = readFileSync(file, 'utf8');
    assert.match(after, 'description: Sent when the order is packed # owner: fulfilment');
    // the user's comments are kept, pull's own note once (this pull's)
    assert.match(after, '# legal asked for this wording\n');
    assert.match(after, '# reviewed by the shop team\n');
    assert.is(after.match(/# Pulled from /g)?.length, 1);
    assert.match(after, 'is ready for pickup', 'the channel\'s text written');
  } finally { cleanup(dir); }
});

test('360dialog\'s listing is read as a Meta export; a listing without content or of another kind is refused with what to fetch', async () => {
  const dir = tempDir('tplsync-d360-');
  try {
    const promo = { name: 'spring_promo', language: 'en_US', category: 'MARKETING', status: 'approved', id: '1001', components: [{ type: 'BODY', text: 'Hello {{1}}, our spring collection is in store.', example: { body_text: [['Ana']] } }],
      namespace: 'c8ae5f90_307a', external_id: '1001', partner_id: 'pa1', waba_account_id: 'wa1', quality_score: { score: 'UNKNOWN' }, rejected_reason: 'NONE', modified_at: '2024-03-01T10:00:00Z', modified_by: { user_id: 'u', user_name: 'A' }, created_at: '2024-03-01T09:00:00Z', created_by: { user_id: 'u', user_name: 'A' } };
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'd360.json': JSON.stringify({ count: 1, filters: {}, limit: 1000, offset: 0, sort: ['id'], total: 1, waba_templates: [promo] }),
      'bare.json': JSON.stringify({ data: [{ name: 'gift_card_expiry', status: 'APPROVED', language: 'en_US', id: '8002' }], paging: { cursors: { before: 'a', after: 'b' } } }),
    });
    const r = await cliIn(['pull', '--from', 'meta', 'd360.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal(readdirSync(path.join(dir, 'templates')), ['spring_promo.en_US.yaml']);
    const bare = await cliIn(['pull', '--from', 'meta', 'bare.json', '--channel', 'shop-whatsapp', '--dir', 'bare'], { cwd: dir });
    assert.is.not(bare.exitCode, 0);
    assert.match(bare.stderr, /bare\.json: is a listing of Meta's message templates fetched without the templates' content[^\n]*fields=name,language,category,components/);
    assert.not.match(bare.stderr, /components: missing/);
  } finally { cleanup(dir); }
});

test('pulled again, with or without --force: the summary counts the templates the files already hold as up to date, the same both ways', async () => {
  const dir = tempDir('tplsync-again-');
  try {
    const t = (name: string) => ({ name, language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: name, components: [{ type: 'BODY', text: 'Hello {{1}}, our spring collection is in store.', example: { body_text: [['Ana']] } }] });
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'page.json': JSON.stringify({ data: [t('promo_a'), t('promo_b')] }),
    });
    const first = await cliIn(['pull', '--from', 'meta', 'page.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    assert.match(first.stderr, /^2 templates written, 0 not\.$/m);
    const again = await cliIn(['pull', '--from', 'meta', 'page.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stderr, /^0 templates written, 2 already up to date, 0 not\.$/m);
    const forced = await cliIn(['pull', '--from', 'meta', 'page.json', '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
    assert.is(forced.exitCode, 0, forced.stderr);
    assert.match(forced.stdout, /promo_a\/en_US already as the export has it \(not written\)/);
    assert.match(forced.stderr, /^0 templates written, 2 already up to date, 0 not\.$/m);
    // one changed on the platform: not written without --force, and counted as not written
    writeFiles(dir, { 'page.json': JSON.stringify({ data: [t('promo_a'), { ...t('promo_b'), components: [{ type: 'BODY', text: 'Hello {{1}}, our summer collection is in store.', example: { body_text: [['Ana']] } }] }] }) });
    const changed = await cliIn(['pull', '--from', 'meta', 'page.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.match(changed.stderr, /^0 templates written, 1 already up to date, 1 not\.$/m);
  } finally { cleanup(dir); }
});

test('a listing without category (fetched with a fields= that leaves it out): refused with what to fetch; --category gives it, said beside it; an export\'s own category wins', () => withMetaProject(async (dir) => {
  const tpl = (name: string, category?: string) => ({ name, language: 'en_US', ...(category ? { category } : {}), components: [{ type: 'BODY', text: 'Our autumn collection is in: see the new pieces in the shop this week.' }] });
  writeFiles(dir, { 'nocat.json': JSON.stringify({ data: [tpl('autumn_news'), tpl('autumn_utility', 'UTILITY')] }) });
  let r = await cliIn(['pull', '--from', 'meta', 'nocat.json', '--channel', 'shop-whatsapp'], { cwd: dir });
  assert.is(r.exitCode, 1, r.stderr);
  assert.match(r.stderr, /autumn_news\/en_US .* nothing written for it:\n  category: the export has none \(a listing fetched with a fields= that leaves out category\) and its kind requires none: fetch it with \?fields=name,language,category,.* or give the category with --category/);
  assert.not.match(r.stderr, /category: ''/);
  r = await cliIn(['pull', '--from', 'meta', 'nocat.json', '--channel', 'shop-whatsapp', '--category', 'MARKETING', '--force'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  const news = readFileSync(path.join(dir, 'templates', 'autumn_news.en_US.yaml'), 'utf8');
  assert.match(news, /^category: MARKETING # the export has no category: --category gave this one$/m);
  assert.match(readFileSync(path.join(dir, 'templates', 'autumn_utility.en_US.yaml'), 'utf8'), /^category: UTILITY$/m);
}));

test('a listing without category: a template whose kind fixes its category gets that one, with or without --category (a limited-time offer, an OTP template); a coupon\'s does not (Meta lists copy code for UTILITY too)', () => withMetaProject(async (dir) => {
  const body = { type: 'BODY', text: 'Hello {{1}}, our autumn collection is in: see the new pieces this week.', example: { body_text: [['Ana']] } };
  const coupon = { name: 'autumn_coupon', language: 'en_US', components: [body, { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'AUTUMN20' }] }] };
  const offer = { name: 'autumn_offer', language: 'en_US', components: [{ type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Autumn deal', has_expiration: true } }, body,
    { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'AUTUMN20' }, { type: 'URL', text: 'Shop now', url: 'https://shop.example.com/{{1}}', example: ['https://shop.example.com/autumn'] }] }] };
  const otp = { name: 'login_code', language: 'en_US', components: [{ type: 'BODY', add_security_recommendation: true }, { type: 'FOOTER', code_expiration_minutes: 10 }, { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] }] };
  const plain = { name: 'autumn_news', language: 'en_US', components: [body] };
  writeFiles(dir, { 'nocat.json': JSON.stringify({ data: [coupon, offer, otp, plain] }) });
  const categoryOf = (name: string) => /^category: .*$/m.exec(readFileSync(path.join(dir, 'templates', `${name}.en_US.yaml`), 'utf8'))?.[0];
  // no --category: the kinds' categories; the template of no such kind is refused, as before
  let r = await cliIn(['pull', '--from', 'meta', 'nocat.json', '--channel', 'shop-whatsapp'], { cwd: dir });
  assert.is(categoryOf('autumn_offer'), 'category: MARKETING # the export has no category: its kind requires this one', r.stdout + r.stderr);
  assert.is(categoryOf('login_code'), 'category: AUTHENTICATION # the export has no category: its kind requires this one');
  // a coupon (COPY_CODE) is of no kind that fixes its category: Meta's utility templates page lists copy code among a UTILITY template's buttons (trial-bd F2)
  for (const name of ['autumn_news', 'autumn_coupon']) assert.match(r.stderr, new RegExp(`${name}/en_US .* nothing written for it:\\n  category: the export has none`));
  assert.not.match(r.stderr, /autumn_offer\/en_US .* nothing written|login_code\/en_US .* nothing written/);
  // --category UTILITY (a fresh pull): taken for the plain one and the coupon; the kinds keep theirs, and the file says --category's was not taken
  for (const name of ['autumn_offer', 'login_code']) rmSync(path.join(dir, 'templates', `${name}.en_US.yaml`));
  r = await cliIn(['pull', '--from', 'meta', 'nocat.json', '--channel', 'shop-whatsapp', '--category', 'UTILITY', '--force'], { cwd: dir });
  assert.is(categoryOf('autumn_news'), 'category: UTILITY # the export has no category: --category gave this one', r.stdout + r.stderr);
  assert.is(categoryOf('autumn_coupon'), 'category: UTILITY # the export has no category: --category gave this one');
  assert.is(categoryOf('autumn_offer'), "category: MARKETING # the export has no category: its kind requires this one (not --category's UTILITY)");
  assert.is(categoryOf('login_code'), "category: AUTHENTICATION # the export has no category: its kind requires this one (not --category's UTILITY)");
  assert.not.match(r.stdout + r.stderr, /offer-category|copy-code-category|authentication-otp/);
}));

test('trial-am F1: a URL sample given as a value with a space is written percent-encoded, as send puts a value in the URL; a whole sample URL with a space is written as given and lint names it (exit 1)', async () => {
  const dir = tempDir();
  try {
    const listing = (example: string) => JSON.stringify({ data: [{ name: 'space_url', language: 'en_US', category: 'UTILITY', parameter_format: 'POSITIONAL', status: 'APPROVED', components: [
      { type: 'BODY', text: 'Hi {{1}}, your receipt is ready to view online now.', example: { body_text: [['Jo']] } },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'View receipt', url: 'https://shop.example.com/r?id={{1}}', example: [example] }] },
    ] }] });
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nchannels:\n  shop-whatsapp: { kind: whatsapp }\nenvironments:\n  t:\n    emulator: .tplsync/t.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'value.json': listing('R 12/7 ü'), 'whole.json': listing('https://shop.example.com/r?id=R 12/7') });
    let r = await cliIn(['pull', '--from', 'meta', 'value.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const text = readFileSync(path.join(dir, 'templates', 'space_url.en_US.yaml'), 'utf8');
    assert.match(text, 'example: https://shop.example.com/r?id=R%2012/7%20%C3%BC\n', text);
    assert.is((await lintInProcess(dir)).exitCode, 0);
    r = await cliIn(['pull', '--from', 'meta', 'whole.json', '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    // (line 16: the forced pull keeps the blank line after the header, as the first pull wrote it: trial-bl F3)
    assert.match(r.stdout + r.stderr, /templates\/space_url\.en_US\.yaml\n\s+16:45\s+error\s+The sample URL holds a space at character 32/);
  } finally { cleanup(dir); }
});

// (trial-bl F2: pull reads the clock, so a link whose day has passed is said as expired: the header's link expired in 2024, the
// cards' expire in 2984, what any day the test runs on says of them alike)
test('trial bh F2: a media sample Meta\'s listing gives as a signed link of its CDN is written and said by template and field with the day it expires (exit 0, lint warns); a file\'s own stable sample is kept when pulled over', async () => {
  const dir = tempDir();
  try {
    const signed = (file: string, oe: string) => `https://scontent.whatsapp.net/v/t61.29466-34/${file}?ccb=1-7&_nc_sid=8b1bef&_nc_ht=scontent.whatsapp.net&oh=01_Q5AaIAbCdEf&oe=${oe}`;
    const card = (file: string) => ({ components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [signed(file, '773594000')] } }, { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More' }] }] });
    const listing = (text: string) => ({ data: [
      { name: 'promo_img', language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: '701', parameter_format: 'POSITIONAL', components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [signed('448812345_n.jpg', '66F2A1B2')] } }, { type: 'BODY', text }] },
      { name: 'promo_cards', language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: '702', components: [
        { type: 'BODY', text: 'Our autumn picks, chosen for you this week.' }, { type: 'CAROUSEL', cards: [card('a_n.jpg'), card('b_n.jpg')] }] },
    ], paging: { cursors: { before: 'a', after: 'b' } } });
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'meta.json': JSON.stringify(listing('Our autumn collection is here. Take a look today.')) });
    const r = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, 'promo_img/en_US (meta.json data[0]) written to templates/promo_img.en_US.yaml (said, not a finding):\n  header.example: the sample is a link of Meta\'s CDN (scontent.whatsapp.net), expired on 2024-09-24 already (nothing is served there now), as Meta\'s listing gives every media sample: a temporary link, written as it is: replace it with a stable https:// address of the file');
    assert.match(r.stderr, /promo_cards\/en_US .*\n  carousel\[0\]\.header\.example: the sample is a signed link of Meta's CDN \(scontent\.whatsapp\.net\) whose signature says it expires on 2984-01-15, .*\n  carousel\[1\]\.header\.example: /);
    // lint's finding beside it (a warning: the exit code stays 0)
    assert.match(r.stdout + r.stderr, /warning\s+The IMAGE header's sample is a signed link of Meta's CDN .* header-media-signed-link/);
    const file = path.join(dir, 'templates', 'promo_img.en_US.yaml');
    assert.match(readFileSync(file, 'utf8'), 'oe=66F2A1B2');
    // the user hosts the file: pulled again, the export's link is what Meta's listing gives of any sample, and the file's stays
    writeFileSync(file, readFileSync(file, 'utf8').replace(/example: .*scontent.*$/m, 'example: https://cdn.example.com/autumn.jpg'));
    const again = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stderr, /^0 templates written, 2 already up to date, 0 not\.$/m);
    writeFiles(dir, { 'meta.json': JSON.stringify(listing('Our autumn collection is here. Have a look today.')) });
    const forced = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
    assert.is(forced.exitCode, 0, forced.stderr);
    assert.match(forced.stderr, 'promo_img/en_US (meta.json data[0]) written to templates/promo_img.en_US.yaml (said, not a finding):\n  header.example: the file\'s own sample is kept: in its place the export gives a link of Meta\'s CDN (scontent.whatsapp.net), expired on 2024-09-24 already (nothing is served there now), as Meta\'s listing gives every media sample');
    const text = readFileSync(file, 'utf8');
    assert.match(text, 'example: https://cdn.example.com/autumn.jpg');
    assert.match(text, 'Have a look today.');
  } finally { cleanup(dir); }
});

test('trial bh F5: Meta\'s settings of a template are read and not written, said by template and field (exit 0); the defaults every listing gives, silently; a field tplsync does not know is refused with the jq line and the fields= that adopt the template', async () => {
  const dir = tempDir();
  try {
    const tpl = (name: string, extra: Record<string, unknown>) => ({ name, language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: name, components: [{ type: 'BODY', text: `Fresh deals every Friday at Acme (${name}).` }], is_primary_device_delivery_only: false, disable_ios_autofill: false, ...extra });
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'settings.json': JSON.stringify({ data: [tpl('plain', {}), tpl('dof', { degrees_of_freedom_spec: { creative_features_spec: [{ key: 'TEXT_FORMATTING_OPTIMIZATION', value: 'OPT_OUT' }] } }), tpl('bid', { bid_spec: { bid_strategy: 'LOWEST_COST_WITHOUT_CAP' } })] }),
      'future.json': JSON.stringify({ data: [tpl('future', { is_sms_fallback_enabled: true })] }),
    });
    const r = await cliIn(['pull', '--from', 'meta', 'settings.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal(readdirSync(path.join(dir, 'templates')).sort(), ['bid.en_US.yaml', 'dof.en_US.yaml', 'plain.en_US.yaml']);
    assert.not.match(r.stderr, /plain\/en_US|is_primary_device_delivery_only|disable_ios_autofill|no place/);
    assert.match(r.stderr, 'dof/en_US (settings.json data[1]) written to templates/dof.en_US.yaml (said, not a finding):\n  degrees_of_freedom_spec: TEXT_FORMATTING_OPTIMIZATION OPT_OUT: the creative optimizations Meta may apply');
    assert.match(r.stderr, 'bid/en_US (settings.json data[2]) written to templates/bid.en_US.yaml (said, not a finding):\n  bid_spec: {"bid_strategy":"LOWEST_COST_WITHOUT_CAP"}: the maximum price per 1,000 deliveries');
    assert.not.match(readFileSync(path.join(dir, 'templates', 'dof.en_US.yaml'), 'utf8'), /degrees_of_freedom|OPT_OUT/);
    const f = await cliIn(['pull', '--from', 'meta', 'future.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(f.exitCode, 1, f.stderr);
    assert.match(f.stderr, "future/en_US (future.json data[0]) cannot be written as a template file; nothing written for it:\n  is_sms_fallback_enabled: 'is_sms_fallback_enabled' is a field of Meta's template that tplsync does not know");
    assert.match(f.stderr, "remove the field from the export (jq 'del(.data[].is_sms_fallback_enabled)' future.json > without.json) and pull that, or fetch the listing again with fields=");
  } finally { cleanup(dir); }
});

test('trial-bo F2: create requests from Meta\'s template library (library_template_name, no components) are said to be that, with what to do, not "fetch it again with fields="; a template made from the library (with its components) is written', async () => {
  const dir = tempDir();
  try {
    const request = (name: string) => ({ name, language: 'en_US', category: 'UTILITY', library_template_name: 'delivery_update_1',
      library_template_button_inputs: [{ type: 'URL', url: { base_url: 'https://www.luckyshrub.com/track/{{1}}', url_suffix_example: 'https://www.luckyshrub.com/track/A-1042' } }] });
    const made = { name: 'lib_made', language: 'en_US', category: 'UTILITY', status: 'APPROVED', id: '9001', library_template_name: 'delivery_update_1',
      components: [{ type: 'BODY', text: 'Good news! Your order {{1}} is on its way.', example: { body_text: [['A-1042']] } }] };
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'lib.json': JSON.stringify({ data: [request('lib_shipment')] }),
      'request.json': JSON.stringify(request('lib_shipment')),
      'mixed.json': JSON.stringify({ data: [made, request('lib_shipment')] }),
    });
    const advice = "the partner API's template write carries a template's components only, so it cannot create a template from Meta's template library (docs/format.md, \"Meta fields the partner API does not carry\"): create the template from the library in WhatsApp Manager or through Meta's Graph API (POST /<WABA_ID>/message_templates with library_template_name), then `tplsync pull --from meta` the created template's entry of Meta's listing (GET /<WABA_ID>/message_templates?fields=name,language,category,components,";
    const listing = await cliIn(['pull', '--from', 'meta', 'lib.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(listing.exitCode, 3, listing.stderr);
    assert.match(listing.stderr, "lib.json: holds create requests from Meta's template library, not templates (its items have name, language, category, library_template_name, library_template_button_inputs, and no components: Meta writes a library template's fixed content when it creates the template): " + advice);
    assert.not.match(listing.stderr, /fetched without the templates' content|fetch it again/);
    // one create request, as Meta's documentation writes it
    const one = await cliIn(['pull', '--from', 'meta', 'request.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(one.exitCode, 1, one.stderr);
    assert.match(one.stderr, "lib_shipment/en_US (request.json (template)) cannot be written as a template file; nothing written for it:\n  library_template_name: 'delivery_update_1' names a template of Meta's template library: this is a create request from the library, not a template's content (it has no components: Meta writes the library template's fixed content when it creates the template); " + advice);
    assert.not.match(one.stderr, /does not know|components: missing/);
    // beside a template made from the library (the listing's entry with its components): that one is written, the request said
    const mixed = await cliIn(['pull', '--from', 'meta', 'mixed.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(mixed.exitCode, 1, mixed.stderr);
    assert.equal(readdirSync(path.join(dir, 'templates')), ['lib_made.en_US.yaml']);
    assert.not.match(readFileSync(path.join(dir, 'templates', 'lib_made.en_US.yaml'), 'utf8'), /library/);
    assert.match(mixed.stderr, "lib_shipment/en_US (mixed.json data[1]) cannot be written as a template file; nothing written for it:\n  library_template_name: 'delivery_update_1' names a template of Meta's template library: this is a create request from the library");
    assert.not.match(mixed.stderr, /lib_made\/en_US/);
  } finally { cleanup(dir); }
});

test.run();
