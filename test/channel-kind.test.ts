// Channel kinds: the config says which channel is WhatsApp and which is RCS; lint refuses a
// template that does not fit at its `channel` line (rule channel-kind), `new` refuses to write
// one and picks the kind from the channel, `init` records the kind it was given, and a config
// that says nothing keeps today's behaviour with one warning.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = (channels: string) => `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n${channels}`;
const KINDS = 'channels:\n  wa: { kind: whatsapp }\n  rcs: { kind: rcs }\n';
const RCS_ONLY = (channel: string) => `channel: ${channel}\nname: parcel_card\nlanguage: en_US\ndescription: Parcel\nmessage:\n  type: text\n  message: "Your parcel {{order_id}} is on its way to you."\n  examples: { order_id: A-1042 }\n`;
const WA_ONLY = (channel: string) => `channel: ${channel}\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`;

interface Diag { ruleId: string; line: number; column: number; file: string; message: string }
const lintJson = async (dir: string) => {
  const r = await cliIn(['lint', '--format', 'json'], { cwd: dir });
  return { code: r.exitCode, stderr: r.stderr, diags: (JSON.parse(r.stdout) as { diagnostics: Diag[] }).diagnostics };
};

// the channel-kind findings themselves (positions, messages): test/lint-in-process.test.ts

test('a config without kinds: no channel-kind finding, one warning naming the aliases', async () => {
  const dir = tempDir('tplsync-kind-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG(''), 'templates/a.yaml': RCS_ONLY('wa') });
    const { code, diags, stderr } = await lintJson(dir);
    assert.is(code, 0, JSON.stringify(diags));
    assert.equal(diags.filter((d) => d.ruleId === 'channel-kind'), []);
    assert.is(stderr.split('\n').filter((l) => l.includes('does not say what kind of channel')).length, 1, stderr);
    assert.match(stderr, 'rcs, wa are');
    // a kind for an alias no environment defines: a typo, said with the nearest alias
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('channels:\n  rcz: { kind: rcs }\n') });
    const typo = await cliIn(['lint'], { cwd: dir });
    assert.match(typo.stderr, "channels.rcz in the config names no channel alias of any environment; did you mean 'rcs'?");
    // a kind the schema does not know is a config error
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG('channels:\n  wa: { kind: sms }\n') });
    const bad = await cliIn(['lint'], { cwd: dir });
    assert.is(bad.exitCode, 3, bad.stderr);
  } finally { cleanup(dir); }
});

test('new: refuses an RCS template on a WhatsApp channel; without --kind an RCS channel gets an RCS template', async () => {
  const dir = tempDir('tplsync-kind-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG(KINDS) });
    const refused = await cliIn(['new', '--kind', 'rcs', '--channel', 'wa', '--name', 'card'], { cwd: dir });
    assert.is(refused.exitCode, 3, refused.stdout + refused.stderr);
    assert.match(refused.stderr, "Channel 'wa' is a WhatsApp channel");
    const made = await cliIn(['new', '--channel', 'rcs', '--name', 'card'], { cwd: dir });
    assert.is(made.exitCode, 0, made.stderr);
    assert.match(readFileSync(path.join(dir, made.stdout.trim()), 'utf8'), /^message:/m);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
  } finally { cleanup(dir); }
});

test('init records the channel kind; --kind rcs writes an RCS first template that lints clean', async () => {
  for (const [args, kind] of [[['--yes', '--channel', 'shop'], 'whatsapp'], [['--yes', '--channel', 'shop-rcs'], 'rcs'], [['--yes', '--channel', 'line', '--kind', 'rcs'], 'rcs']] as const) {
    const dir = tempDir('tplsync-kind-init-');
    try {
      const r = await cliIn(['init', ...args], { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      const config = readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8');
      assert.match(config, new RegExp(`^  ${args[2]}: \\{ kind: ${kind} \\}$`, 'm'));
      const first = readFileSync(path.join(dir, 'templates', 'welcome_message.en_US.yaml'), 'utf8');
      assert.is(/^message:/m.test(first), kind === 'rcs');
      const lint = await cliIn(['lint'], { cwd: dir });
      assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
      assert.not.match(lint.stderr, 'does not say what kind');
    } finally { cleanup(dir); }
  }
  const dir = tempDir('tplsync-kind-init-');
  try {
    const bad = await cliIn(['init', '--yes', '--kind', 'sms'], { cwd: dir });
    assert.is(bad.exitCode, 3);
  } finally { cleanup(dir); }
});

test('a template that names its channel by the UUID of an alias: channel-kind and duplicate-template judge it as the alias (plan refused what lint passed)', async () => {
  const dir = tempDir('tplsync-kind-');
  try {
    // a WhatsApp template on the RCS alias's UUID; and one template twice, by alias and by UUID
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG(KINDS), 'templates/a.yaml': WA_ONLY(CHANNEL_B), 'templates/b.yaml': WA_ONLY('wa'), 'templates/c.yaml': WA_ONLY(CHANNEL_A) });
    const { code, diags } = await lintJson(dir);
    assert.is(code, 1);
    const kind = diags.filter((d) => d.ruleId === 'channel-kind');
    assert.equal(kind.map((d) => [d.file, d.line]), [['templates/a.yaml', 1]]);
    assert.match(kind[0]!.message, `Channel ${CHANNEL_B} ('rcs' in the config) is an RCS channel`);
    const dup = diags.filter((d) => d.ruleId === 'duplicate-template');
    assert.equal(dup.map((d) => d.file), ['templates/b.yaml', 'templates/c.yaml']);
    // a UUID no environment names is judged as itself: no finding
    writeFiles(dir, { 'templates/a.yaml': WA_ONLY('9c0d3a1e-1111-4222-8333-444455556666'), 'templates/c.yaml': WA_ONLY('rcs').replace('order_ready', 'order_late').replace('body:', 'message:\n  type: text\n  message: Late.\nbody:') });
    const later = await lintJson(dir);
    assert.equal(later.diags.filter((d) => d.ruleId === 'channel-kind' || d.ruleId === 'duplicate-template'), [], JSON.stringify(later.diags));
  } finally { cleanup(dir); }
});

test.run();
