// An edit that only adds or removes an invisible character (a left-to-right or right-to-left mark,
// a zero-width space, a no-break space for a space, an isolate) is an edit a reviewer must see:
// wherever two texts are shown as before and after for a person (the text plan's field line and
// its diff, the Markdown plan, the before/after pages of `preview --changes`), such a character is
// shown by its escape (or, in the preview, a marker naming it), never as two texts that look the
// same. In-process, no browser.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffTemplates, fromFile } from '../src/model/canonical.ts';
import type { Loose } from '../src/model/loose.ts';
import type { Plan } from '../src/plan/plan.ts';
import { renderMarkdown, renderText } from '../src/plan/render.ts';
import { renderChangesSite } from '../src/preview/changes.ts';

const FOOTER = 'شكراً لتسوقك معنا';
const BODY = 'مرحباً {{1}}، طلبك جاهز للاستلام اليوم.';
const file = (body: string, footer: string): Loose => ({
  channel: 'shop-whatsapp', name: 'order_update', language: 'ar', category: 'UTILITY', body: { text: body, examples: { 1: 'خالد' } }, footer,
});

/** the edits: [what, the channel's side, the file's side], each differing by one invisible character alone */
const EDITS: [string, Loose, Loose][] = [
  ['an LRM removed from the footer', file(BODY, `\u200e${FOOTER}`), file(BODY, FOOTER)],
  ['an RLM added at the end of the body', file(BODY, FOOTER), file(`${BODY}\u200f`, FOOTER)],
  ['a zero-width space added in the footer', file(BODY, FOOTER), file(BODY, FOOTER.replace(' ', ' \u200b'))],
  ['a space made a no-break space', file(BODY, FOOTER), file(BODY, FOOTER.replace(' ', '\u00a0'))],
  ['the placeholder put in an isolate', file(BODY, FOOTER), file(BODY.replace('{{1}}', '\u2068{{1}}\u2069'), FOOTER)],
];

/** a line as a person sees it: what prints as nothing left out, every space alike */
const looks = (s: string): string => s.replace(/\p{Default_Ignorable_Code_Point}/gu, '').replace(/\p{Zs}/gu, ' ');

const planOf = (remote: Loose, desired: Loose): Plan => {
  const d = fromFile(desired, 'c', '');
  const r = fromFile(remote, 'c', '');
  return {
    version: 1, summary: { create: 0, update: 1, noop: 0, orphan: 0 },
    changes: [{ channel: 'shop-whatsapp', name: 'order_update', language: 'ar', publicId: 'p', channelId: 'c', action: 'update', changes: diffTemplates(d.canonical, r.canonical), remoteFingerprint: 'x', desired: d, remote: r }],
  };
};

for (const [what, remote, desired] of EDITS) {
  test(`text plan: ${what} shows on the field line and in the diff`, () => {
    const text = renderText(planOf(remote, desired), { color: false, environment: 'e' });
    const field = text.split('\n').find((l) => / → /.test(l));
    assert.ok(field, text);
    const [before, after] = field!.replace(/^\s*[\w.[\]]+: /, '').split(' → ');
    assert.is.not(looks(before!), looks(after!), `${what}: the two sides read alike:\n${field}`);
    assert.match(field!, /\\u(200e|200f|200b|00a0|2068)/);
    const minus = text.split('\n').filter((l) => /^ {4}-(?!--)/.test(l)).map((l) => l.slice(5));
    const plus = text.split('\n').filter((l) => /^ {4}\+(?!\+\+)/.test(l)).map((l) => l.slice(5));
    assert.ok(minus.length && plus.length, text);
    assert.is.not(looks(minus.join('\n')), looks(plus.join('\n')), `${what}: the diff's lines read alike:\n${text}`);
  });

  test(`Markdown plan: ${what} shows in the table`, () => {
    const md = renderMarkdown(planOf(remote, desired), { environment: 'e' });
    const row = md.split('\n').find((l) => /^\| `(footer|body\.text)` \|/.test(l));
    assert.ok(row, md);
    const [, before, after] = row!.split(' | ');
    assert.is.not(looks(before!), looks(after!), `${what}: ${row}`);
  });
}

test.run();
