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

/** what a side of a before/after page shows in its phone: its text, without tags, entities unescaped */
const sideText = (html: string, side: 'before' | 'after'): string => {
  const from = html.indexOf(`<section data-testid="${side}">`);
  const to = html.indexOf('</section>', from);
  return html.slice(from, to).replace(/<[^>]*>/g, '').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
};

for (const [what, remote, desired] of EDITS) {
  test(`preview --changes: ${what} is marked where it changed, named`, () => {
    const site = renderChangesSite(planOf(remote, desired), { environment: 'e' });
    const [, html] = [...site.pages].find(([n]) => n !== 'index.html')!;
    // the two phones read differently to a person, and the character is named in a changed part
    assert.is.not(looks(sideText(html, 'before')).replace(/^Now[^·]*· e/, ''), looks(sideText(html, 'after')).replace(/^After this change · the files/, ''), what);
    assert.match(html, /<(ins|del)>[^<]*(<[^/][^>]*>[^<]*)*<span class="invisible" dir="ltr" title="[^"]+ \(U\+[0-9A-F]{4}\)">\\u[0-9a-f]{4}<\/span>/);
  });
}

test('preview --changes: the character stays beside its marker, and the marker decides no line\'s direction', () => {
  const site = renderChangesSite(planOf(EDITS[0]![1], EDITS[0]![2]), { environment: 'e' });
  const [, html] = [...site.pages].find(([n]) => n !== 'index.html')!;
  // the channel's footer starts with its LRM: a left-to-right line, its marker beside it
  assert.match(html, '<div class="line" dir="auto"><del>\u200e<span class="invisible" dir="ltr" title="left-to-right mark (U+200E)">\\u200e</span></del>شكراً لتسوقك معنا</div>');
  // an inline block: the line a <del> draws through its text does not cross the marker's escape
  assert.match(html, /\.invisible\{display:inline-block;/);
});

test('preview --changes: a no-break space for a space is marked on both sides, each side showing its own space', () => {
  const site = renderChangesSite(planOf(EDITS[3]![1], EDITS[3]![2]), { environment: 'e' });
  const [, html] = [...site.pages].find(([n]) => n !== 'index.html')!;
  assert.match(sideText(html, 'before'), 'شكراً لتسوقك');
  assert.match(sideText(html, 'after'), 'شكراً\u00a0\\u00a0لتسوقك');
});

test.run();
