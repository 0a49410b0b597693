// An edit of an APPROVED RCS-only template starts a new review (docs/emulator.md): after the apply
// it is PENDING and send refuses it until the review ends. The plan says so as it does for an edit
// of an APPROVED WhatsApp template (`!`, `attention` in the JSON), without WhatsApp's edit limit,
// which is WhatsApp's alone; a change of only the RCS message of a template with WhatsApp content
// is no new review, and is not said to be one.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const RCS = (text: string) => `channel: rcs\nname: parcel_update\nlanguage: de\nmessage:\n  type: text\n  message: "${text}"\n  examples: { order_id: A-1042 }\n`;
const BOTH = (text: string) => `channel: rcs\nname: parcel_both\nlanguage: de\ncategory: UTILITY\nbody:\n  text: "Hallo {{1}}, Ihre Bestellung ist abholbereit in der Filiale."\n  examples: { 1: Ana }\nmessage:\n  type: text\n  message: "${text}"\n`;
const WA = (text: string) => `channel: wa\nname: order_ready\nlanguage: de\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

test('an edit of an APPROVED RCS-only template is said to send it back to review (text and JSON), without WhatsApp\'s edit limit', async () => {
  const dir = tempDir('tplsync-rcs-edit-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n`,
      'templates/rcs.yaml': RCS('Ihr Paket {{order_id}} ist unterwegs.'),
      'templates/both.yaml': BOTH('Ihre Bestellung ist abholbereit.'),
      'templates/wa.yaml': WA('Hallo {{1}}, Ihre Bestellung ist abholbereit in der Filiale.'),
    });
    const first = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    const states = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir })).stdout) as { changes: { name: string; remoteStatus: string }[] };
    assert.equal(states.changes.map((c) => c.remoteStatus), ['APPROVED', 'APPROVED', 'APPROVED']);
    writeFileSync(path.join(dir, 'templates', 'rcs.yaml'), RCS('Ihr Paket {{order_id}} ist heute unterwegs zu Ihnen.'));
    writeFileSync(path.join(dir, 'templates', 'both.yaml'), BOTH('Ihre Bestellung ist ab heute abholbereit.'));
    writeFileSync(path.join(dir, 'templates', 'wa.yaml'), WA('Hallo {{1}}, Ihre Bestellung ist ab heute abholbereit in der Filiale.'));
    const json = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir })).stdout) as { changes: { name: string; action: string; attention: string[] | null }[] };
    const by = new Map(json.changes.map((c) => [c.name, c]));
    assert.equal(json.changes.map((c) => c.action), ['update', 'update', 'update']);
    const rcs = by.get('parcel_update')!.attention ?? [];
    assert.is(rcs.length, 1, JSON.stringify(rcs));
    assert.match(rcs[0]!, 'this edit sends an APPROVED template back to review');
    assert.match(rcs[0]!, 'PENDING after the apply');
    assert.not.match(rcs[0]!, /limited edits|per 24 h|per 30 days/);
    // WhatsApp's edit keeps its wording, with its limit
    assert.match((by.get('order_ready')!.attention ?? []).join('\n'), 'uses one of its limited edits (1 per 24 h, 10 per 30 days)');
    // the RCS message of a template with WhatsApp content: WhatsApp never sees it, no new review
    assert.is(by.get('parcel_both')!.attention, undefined);
    const text = await cliIn(['plan'], { cwd: dir });
    assert.match(text.stdout, /~ update rcs\/parcel_update\/de \(remote: APPROVED\)[^\n]*\n {4}! this edit sends an APPROVED template back to review/);
  } finally { cleanup(dir); }
});

test.run();
