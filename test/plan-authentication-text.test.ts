// Meta builds a new authentication template from its preset text only ("<code> is your verification
// code.", the optional security sentence and expiry line); older approved ones pulled from Meta's
// listing may hold a text of their own, which lint keeps loadable (authentication-preset-text, a
// warning: a file cannot tell new from pulled). The plan can: a create with a custom body text, or an
// edit that writes one, is held (kind `refused`, plan and apply exit 1), citing Meta's rule; an approved
// template with a custom text left unchanged, or one whose text goes back to the preset, goes ahead.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { fromFile, toWriteBody } from '../src/model/canonical.ts';
import { makePlan } from '../src/plan/plan.ts';
import { renderText } from '../src/plan/render.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const ID = (i: number) => `6a1e2f3a-4b5c-4d6e-8f70-${String(i).padStart(12, '0')}`;
const CUSTOM = '{{1}} is your Acme login code. Never share it with anyone.';
const auth = (name: string, text: string | undefined, language = 'en_US') => ({
  channel: 'wa', name, language, category: 'AUTHENTICATION',
  body: text === undefined ? { add_security_recommendation: true } : { text, examples: { 1: '123456' } },
  buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }],
});
const desired = (file: string, t: Record<string, unknown>, id: string) => ({ file, fileHash: 'h', channel: 'wa', canonical: fromFile(t, CHANNEL_A, id).canonical });

test('makePlan: a create of an authentication template with a text of its own is held; the preset text, in its English wording too, is created', () => {
  const plan = makePlan({
    desired: [
      desired('t/custom.yaml', auth('login_custom', CUSTOM), ID(1)),
      desired('t/german.yaml', auth('login_de', '{{1}} ist Ihr Code.', 'de'), ID(2)),
      desired('t/preset.yaml', auth('login_preset', undefined), ID(3)),
      desired('t/worded.yaml', auth('login_worded', '*{{1}}* is your verification code.'), ID(4)),
      desired('t/utility.yaml', { channel: 'wa', name: 'order_ready', language: 'en_US', category: 'UTILITY', body: { text: 'Hi {{1}}, your order is ready.', examples: { 1: 'Ana' } } }, ID(5)),
    ],
    remote: new Map(),
  });
  assert.equal(plan.changes.map((c) => `${c.action} ${c.name}`).sort(), ['create login_preset', 'create login_worded', 'create order_ready']);
  const held = new Map((plan.held ?? []).map((h) => [h.name, h]));
  assert.equal([...held.keys()].sort(), ['login_custom', 'login_de']);
  const h = held.get('login_custom')!;
  assert.is(h.kind, 'refused');
  assert.match(h.reasons[0]!, 'this create would make an authentication template with a body text of its own, and WhatsApp builds authentication templates from its preset text only');
  assert.match(h.reasons[0]!, 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/');
  assert.match(h.reasons[0]!, 'Drop body.text (and its examples) from t/custom.yaml');
  const text = renderText(plan, { color: false, environment: 'dev' });
  assert.match(text, '! held   wa/login_custom/en_US  t/custom.yaml');
  assert.match(text, 'plan and apply exit 1 until the file is corrected');
});

test('makePlan: an approved template with a custom text (pulled) unchanged goes ahead; an edit to another custom text is held; back to the preset is an update', async () => {
  const emu = await startEmulator({ port: 0, keys: ['k'], reviewDelayMs: 0 });
  try {
    const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
    const reads = new Map<string, TemplateReadResponse | null>();
    for (const i of [1, 2, 3]) {
      await client.writeTemplate(CHANNEL_A, ID(i), toWriteBody(fromFile(auth(`login_${i}`, CUSTOM), CHANNEL_A, ID(i)).canonical));
      reads.set(ID(i), await client.getTemplate(CHANNEL_A, ID(i)));
    }
    const plan = makePlan({
      desired: [
        desired('t/1.yaml', auth('login_1', CUSTOM), ID(1)),
        desired('t/2.yaml', auth('login_2', '{{1}} is your new Acme code.'), ID(2)),
        desired('t/3.yaml', auth('login_3', undefined), ID(3)),
      ],
      remote: reads,
    });
    assert.equal(plan.changes.map((c) => `${c.action} ${c.name}`).sort(), ['noop login_1', 'update login_3']);
    assert.equal((plan.held ?? []).map((h) => `${h.kind} ${h.name}`), ['refused login_2']);
    assert.match(plan.held![0]!.reasons[0]!, 'this update would change the body text of the authentication template on the channel to a text of its own');
    assert.match(plan.held![0]!.reasons[0]!, "or put back the channel's text to keep the approved one as it is");
  } finally { await emu.close(); }
});

test('plan and apply: exit 1 for a new authentication template with a custom text, nothing written; the others applied', async () => {
  const dir = tempDir('tplsync-auth-text-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["t/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      't/custom.yaml': `channel: wa\nname: login_custom\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  text: "${CUSTOM}"\n  examples: { 1: "123456" }\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Copy code }\n`,
      't/order.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n',
    });
    const plan = await cliIn(['plan'], { cwd: dir });
    assert.is(plan.exitCode, 1, plan.stdout + plan.stderr);
    assert.match(plan.stdout, '! held   wa/login_custom/en_US');
    assert.match(plan.stderr, 'the platform refuses what its file asks for');
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(apply.exitCode, 1, apply.stdout + apply.stderr);
    assert.match(apply.stderr, 'held and not written because the platform refuses what its file asks for (held above): wa/login_custom/en_US');
    assert.match(apply.stdout, 'order_ready');
    assert.not.match(apply.stdout, 'created wa/login_custom');
  } finally { cleanup(dir); }
});

test.run();
