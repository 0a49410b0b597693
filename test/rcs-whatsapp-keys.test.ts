// WhatsApp's keys on an RCS-only template (a `message` and no `body`): its write body is the RCS
// message alone, so `message_send_ttl_seconds`, `cta_url_link_tracking_opted_out` (and a footer,
// buttons, ...) never came back in a read, lint passed the file, and every plan showed an update
// that each apply sent again, the approved template back to review each time (verify-14 NEW-5).
// Lint now refuses each key by name at its line (rcs-whatsapp-keys), and plan with it; on a
// template with a WhatsApp body the keys are carried, and apply then plan settles.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';
import { keysNotCarriedOnRcs } from '../src/model/canonical.ts';

const CONFIG = `templates: ["t/**/*.yaml"]\ndefaultEnvironment: local\nchannels:\n  wa: { kind: whatsapp }\n  rcs: { kind: rcs }\nenvironments:\n  local:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n`;
const MESSAGE = `message:\n  type: text\n  message: "Your parcel is on its way. Tap below for the latest on your delivery."\n  suggestions:\n    - { action: reply, text: Track, postbackData: track }\n  fallback:\n    text: "Your parcel is on its way."\n`;
const RCS_ONLY = (keys: string) => `channel: rcs\nname: x7\nlanguage: en_US\n${keys}${MESSAGE}`;

test('lint and plan refuse message_send_ttl_seconds and cta_url_link_tracking_opted_out on an RCS-only template, by name at their lines', async () => {
  const dir = tempDir('tplsync-rcs-wa-keys-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 't/x7.yaml': RCS_ONLY('cta_url_link_tracking_opted_out: true\nmessage_send_ttl_seconds: 600\n') });
    const lint = await lintInProcess(dir);
    const mine = lint.diagnostics.filter((d) => d.ruleId === 'rcs-whatsapp-keys');
    assert.equal(mine.map((d) => [d.severity, d.line]), [['error', 4], ['error', 5]], JSON.stringify(lint.diagnostics));
    assert.match(mine[0]!.message, /`cta_url_link_tracking_opted_out` is WhatsApp's, and this template is RCS-only.*not carried/);
    assert.match(mine[1]!.message, /`message_send_ttl_seconds` is WhatsApp's.*message\.rcsExpireOpts/);
    assert.equal(lint.diagnostics.filter((d) => d.ruleId !== 'rcs-whatsapp-keys' && d.severity === 'error'), []);
    const plan = await cliIn(['plan'], { cwd: dir });
    assert.is.not(plan.exitCode, 0);
    assert.match(plan.stdout + plan.stderr, /rcs-whatsapp-keys/);
    assert.not.match(plan.stdout, /create rcs\/x7/);
  } finally { cleanup(dir); }
});

test('every WhatsApp part the RCS write body leaves out is named; the same template without them names none', () => {
  const t = (extra: Record<string, unknown>) => ({ channel: 'rcs', name: 'x7', language: 'en_US', category: 'UTILITY', description: 'd', message: { type: 'text', message: 'Hi' }, ...extra });
  assert.equal(keysNotCarriedOnRcs(t({})), [], 'category and description are not asked about');
  assert.equal(keysNotCarriedOnRcs(t({
    sub_category: 'ORDER_STATUS', message_send_ttl_seconds: 600, cta_url_link_tracking_opted_out: true, footer: 'Thanks',
    header: { format: 'TEXT', text: 'Hi' }, buttons: [{ type: 'QUICK_REPLY', text: 'ok' }],
  })).sort(), ['buttons', 'cta_url_link_tracking_opted_out', 'footer', 'header', 'message_send_ttl_seconds', 'sub_category']);
  // false is the default: nothing to carry
  assert.equal(keysNotCarriedOnRcs(t({ cta_url_link_tracking_opted_out: false })), []);
  // a template with a WhatsApp body carries them in its WhatsApp part
  assert.equal(keysNotCarriedOnRcs(t({ body: { text: 'Hi there' }, message_send_ttl_seconds: 600 })), []);
});

test('on a template with a WhatsApp body the keys are carried: applied, the next plan has no changes', async () => {
  const dir = tempDir('tplsync-rcs-wa-keys-both-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      't/both.yaml': `channel: rcs\nname: both\nlanguage: en_US\ncategory: UTILITY\ncta_url_link_tracking_opted_out: true\nmessage_send_ttl_seconds: 600\nbody:\n  text: "Your parcel is on its way. Track it any time."\nbuttons:\n  - { type: URL, text: Track, url: "https://shop.example.com/track" }\n${MESSAGE}`,
    });
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.severity === 'error'), []);
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    const plan = await cliIn(['plan'], { cwd: dir });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.match(plan.stdout, /No changes/);
  } finally { cleanup(dir); }
});

test.run();
