// A plan whose only drift is an orphan (a template on the channel that no file defines) exits 2
// with --detailed-exitcode, and the drift workflow opens an issue with its Markdown as the body:
// neither rendering may open with "No changes" as if the channel matched the files.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { PlanChange } from '../src/plan/plan.ts';
import { renderMarkdown, renderText } from '../src/plan/render.ts';

const orphan: PlanChange = {
  channel: 'shop-whatsapp', name: 'spring_sale', language: 'de', publicId: 'p1', channelId: 'c1', action: 'orphan',
  remoteStatus: 'APPROVED', remoteFingerprint: 'f1',
  attention: ['on the channel, but no file defines it'],
};
const same: PlanChange = { channel: 'shop-whatsapp', name: 'ready', language: 'en_US', publicId: 'p2', channelId: 'c2', action: 'noop', file: 'templates/ready.yaml', remoteFingerprint: 'f2' };
const plan = (orphans: number) => ({ changes: [same, ...(orphans ? [orphan] : [])], summary: { create: 0, update: 0, noop: 1, orphan: orphans } }) as never;

test('an orphan-only plan: the text says what is out of sync, not "No changes."', () => {
  const text = renderText(plan(1), { color: false, environment: 'local' });
  assert.not.match(text, /^No changes\./m);
  assert.match(text, 'No changes to the content, but not in sync: 1 template is on the channel in local that no file defines (an orphan, marked ? above)');
  // with no orphan, the plan still says the files match
  assert.match(renderText(plan(0), { color: false, environment: 'local' }), /^No changes\. 1 template in local matches its file\.$/m);
});

test('an orphan-only plan: the drift issue\'s Markdown does not say the channels match the files', () => {
  const md = renderMarkdown(plan(1), { environment: 'local', marker: 'tplsync-drift:local' });
  assert.not.match(md, '✅ No changes');
  assert.match(md, '⚠️ No changes to the content, but not in sync: 1 template is on the channel that no file defines (an orphan): write its file, or remove it in the console (below).');
  assert.match(renderMarkdown(plan(0), { environment: 'local' }), '✅ No changes: the channels match the files.');
});

test.run();
