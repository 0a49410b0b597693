// The pull-request comment shows a template's text in code blocks (its diff, what the customer
// sees). A line of ``` is WhatsApp's own monospace block: it must not close the comment's block
// and turn the rest of the text into the comment's own headings, links and images; and a terminal
// escape in the text is written as an escape. The blocks are read here as CommonMark reads fences.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffTemplates, fromFile, fromWriteBody, toWriteBody, withoutFile } from '../src/model/canonical.ts';
import type { PlanChange } from '../src/plan/plan.ts';
import { renderMarkdown, renderText } from '../src/plan/render.ts';
import { CHANNEL_A } from './helpers.ts';

const ID = '7563f4f9-7a7c-590e-8843-8b805ca99f15';
const INJECTED = '## Plan for staging: 0 to create, 0 to update';
const body = (text: string) => ({ channel: 'shop-whatsapp', name: 'ready', language: 'en_US', category: 'UTILITY', body: { text, examples: ['A-1'] } });

/** the lines of `md` outside fenced code blocks, by CommonMark's rules (a fence closes on a line of at least as many of its characters, indented by 3 spaces at most) */
function outsideBlocks(md: string): string[] {
  const out: string[] = [];
  let open: { ch: string; n: number } | undefined;
  for (const line of md.split('\n')) {
    const m = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (open) {
      if (m && m[1]![0] === open.ch && m[1]!.length >= open.n && m[2]!.trim() === '') open = undefined;
      continue;
    }
    if (m && !(m[1]![0] === '`' && m[2]!.includes('`'))) { open = { ch: m[1]![0]!, n: m[1]!.length }; continue; }
    out.push(line);
  }
  return out;
}

test("a text holding ``` cannot close the comment's code blocks; controls are escaped", () => {
  for (const fence of ['```', '````', '```js', '~~~']) {
    const text = `Your order {{1}} is ready.\n${fence}\n</details>\n\n${INJECTED}\n![x](https://evil.example/pixel.png)\n${fence}\nThanks.\u001b]0;title\u0007`;
    const remote = fromWriteBody(toWriteBody(fromFile(body('Your order {{1}} is ready.'), CHANNEL_A, ID).canonical), CHANNEL_A, ID);
    const desired = fromFile(body(text), CHANNEL_A, ID);
    const c: PlanChange = { channel: 'shop-whatsapp', name: 'ready', language: 'en_US', publicId: ID, channelId: CHANNEL_A, action: 'update', changes: diffTemplates(desired.canonical, remote), remoteFingerprint: 'x', desired, remote: withoutFile(remote) };
    const md = renderMarkdown({ changes: [c], summary: { create: 0, update: 1, noop: 0, orphan: 0 } } as never, { environment: 'staging', rendered: () => text });
    assert.ok(md.includes('What the customer sees'), md);
    const outside = outsideBlocks(md);
    // outside the blocks, the text is only in the table's cells, its Markdown escaped: no heading, no image
    assert.not.ok(outside.some((l) => l.startsWith(INJECTED) || /(^|[^\\])!\[/.test(l)), `${fence}: the text left the block:\n${outside.join('\n')}`);
    assert.ok(outside.includes('</details>'), 'the details element is closed by the comment itself');
    assert.not.ok(/[\u0007\u001b]/.test(md), 'a control character written raw');
    assert.ok(md.includes('\\u001b'), 'the escape shown as an escape');
  }
});

test('the before/after cells and the reasons show entities, links and images as written; C1 and bidi controls are escapes in the comment and on the terminal', () => {
  const text = 'Your order {{1}} is ready: &lt;b&gt;A &amp; B&lt;/b&gt; ![x](https://evil.example/x.png) [click](https://evil.example) \u009b2J \u202eevil a\u2067b\u2069c\u200fd **bold** _it_';
  const remote = fromWriteBody(toWriteBody(fromFile(body('Your order {{1}} is ready.'), CHANNEL_A, ID).canonical), CHANNEL_A, ID);
  const desired = fromFile(body(text), CHANNEL_A, ID);
  const c: PlanChange = { channel: 'shop-whatsapp', name: 'ready', language: 'en_US', publicId: ID, channelId: CHANNEL_A, action: 'update', changes: diffTemplates(desired.canonical, remote), remoteFingerprint: 'x', desired, remote: withoutFile(remote),
    attention: ['REJECTED in review: ![x](https://evil.example/r.png) [click here](https://evil.example) &lt;b&gt; **loud**'] };
  const plan = { changes: [c], summary: { create: 0, update: 1, noop: 0, orphan: 0 } } as never;
  const md = renderMarkdown(plan, { environment: 'staging', rendered: () => text });
  const outside = outsideBlocks(md).join('\n');
  // no image or link syntax left to render, and an entity shown as written (its & escaped)
  assert.not.match(outside, /(^|[^\\])!\[/m);
  assert.not.match(outside, /(^|[^\\])\[(click|x)/m);
  assert.match(outside, '&amp;lt;b&amp;gt;');
  assert.not.match(outside, /(^|[^;])&lt;b&gt;/);
  // the controls: escapes everywhere in the comment
  assert.not.ok(/[\u0080-\u009f\u202a-\u202e]/.test(md), 'a C1 or bidi control written raw in the comment');
  // the directional marks and isolates: escapes where a reviewer reads the file's text (the table, the diff), kept in the customer's view
  const view = md.slice(md.indexOf('What the customer sees'));
  assert.not.ok(/[\u200e\u200f\u2066-\u2069]/.test(md.slice(0, md.indexOf('What the customer sees'))), 'a mark or isolate raw in the table or the diff');
  assert.ok(/\u2067/.test(view), 'the customer sees the isolate as it is');
  // emphasis in a text's cell is written as it is, not rendered
  assert.not.match(outside, /(^|[^\\])\*\*bold/m);
  assert.match(md, '\\u009b');
  assert.match(md, '\\u202e');
  const term = renderText(plan, { color: false, environment: 'staging' });
  assert.not.ok(/[\u0080-\u009f\u202a-\u202e]/.test(term), 'a C1 or bidi control written raw on the terminal');
});

test('characters that print as nothing (a zero-width space, a word joiner, a soft hyphen, a byte-order mark) are escapes where a reviewer reads the change; the joiners a script needs are kept', () => {
  const text = 'Your order {{1}} is ready to re\u200bschedule at\u2060 our\u00ad shop\ufeff. \u0645\u06cc\u200c\u0634\u0648\u062f';
  const remote = fromWriteBody(toWriteBody(fromFile(body('Your order {{1}} is ready to reschedule at our shop.'), CHANNEL_A, ID).canonical), CHANNEL_A, ID);
  const desired = fromFile(body(text), CHANNEL_A, ID);
  const c: PlanChange = { channel: 'shop-whatsapp', name: 'ready', language: 'en_US', publicId: ID, channelId: CHANNEL_A, action: 'update', changes: diffTemplates(desired.canonical, remote), remoteFingerprint: 'x', desired, remote: withoutFile(remote) };
  const plan = { changes: [c], summary: { create: 0, update: 1, noop: 0, orphan: 0 } } as never;
  const md = renderMarkdown(plan, { environment: 'staging', rendered: () => text });
  const reviewed = md.slice(0, md.indexOf('What the customer sees'));
  const term = renderText(plan, { color: false, environment: 'staging' });
  for (const [where, out] of [['the comment', reviewed], ['the terminal', term]] as const) {
    assert.not.ok(/[\u200b\u2060\u00ad\ufeff]/.test(out), `${where}: an invisible character written raw:\n${out}`);
    assert.match(out, 're\\u200bschedule', where);
    assert.match(out, '\u06cc\u200c\u0634', `${where}: Persian's zero-width non-joiner kept as it is`);
  }
});

test('a path in a code span keeps its brackets; a file name in the summary line is escaped as HTML, not as Markdown', () => {
  const withButton = (label: string) => ({ ...body('Your order {{1}} is ready.'), buttons: [{ type: 'QUICK_REPLY', text: label }] });
  const remote = fromWriteBody(toWriteBody(fromFile(withButton('Track'), CHANNEL_A, ID).canonical), CHANNEL_A, ID);
  const desired = fromFile(withButton('Follow'), CHANNEL_A, ID);
  const c: PlanChange = { channel: 'shop-whatsapp', name: 'ready', language: 'en_US', publicId: ID, channelId: CHANNEL_A, action: 'update', changes: diffTemplates(desired.canonical, remote), remoteFingerprint: 'x', desired, remote: withoutFile(remote), file: 'templates/a|b_<i>.yaml' };
  const md = renderMarkdown({ changes: [c], summary: { create: 0, update: 1, noop: 0, orphan: 0 } } as never, { environment: 'staging' });
  assert.match(md, '| `buttons[0].text` |');
  assert.match(md, '(<code>templates/a|b_&lt;i&gt;.yaml</code>)');
  assert.not.match(md, /\\\[0\\\]/);
});

test.run();
