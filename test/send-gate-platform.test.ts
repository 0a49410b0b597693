// The send gate's refusal names the platform whose approval is missing: an RCS-only template is
// approved (or rejected) by RCS, Google's RBM, not by WhatsApp (trial-ac F10: a REJECTED RCS
// template was refused with "WhatsApp sends only an approved template").
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta } from '../src/model/meta.ts';
import { remoteProblem } from '../src/send/gate.ts';
import { CHANNEL_A, CHANNEL_B } from './helpers.ts';

const RCS = 'channel: rbm\nname: rcs_boarding\nlanguage: en_US\nmessage:\n  type: text\n  message: "Hi {{name}}, flight {{flight}} boards at gate {{gate}}."\n  examples: { name: Ana, flight: LH123, gate: B12 }\n  suggestions:\n    - { action: reply, text: Thanks, postbackData: thanks }\n';
const WA = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer}}, your order is ready."\n  examples: { customer: Ana }\n';
const meta = (yaml: string, channel: string, id: string) => templateMeta(fromFile(readTemplateValue(yaml), id, 'x'), channel);
const read = (statusText: string, rejectionReason?: string) => ({ name: 'x', publicId: 'x', status: 0, statusText, ...(rejectionReason ? { rejectionReason } : {}) }) as TemplateReadResponse;

test('a template the channel has not approved is refused naming its own platform: RCS for an RCS-only template, WhatsApp for a WhatsApp one', () => {
  for (const [status, why] of [['REJECTED', 'SPAM'], ['PENDING', undefined], ['PAUSED', undefined]] as const) {
    const rcs = remoteProblem(meta(RCS, 'rbm', CHANNEL_B), read(status, why), { channelId: CHANNEL_B, templateId: 'x' });
    assert.is(rcs?.reason, 'not-approved');
    assert.match(rcs!.message, "Nothing was sent; RCS (Google's RBM) sends only an approved template.");
    assert.not.match(rcs!.message, 'WhatsApp');
    const wa = remoteProblem(meta(WA, 'wa', CHANNEL_A), read(status, why), { channelId: CHANNEL_A, templateId: 'x' });
    assert.match(wa!.message, 'Nothing was sent; WhatsApp sends only an approved template.');
  }
});

test.run();
