// test-runner: time limit 900 s
// (a page a kind in headless Chromium: 15-48 s alone on a quiet machine, 300 s once beside eight busy
// loops, a second suite and a helper (load 28); the default 300 s limit failed a slow run, not a hung one)
// The preview's pages that are not one template, in headless Chromium, Latin script: the site's
// index (every kind of template listed, one with lint errors), the index of `preview --changes`
// (updates and a create) and its before/after pages (a reworded text and footer, buttons taken
// away, a carousel card's image, RCS carousel cards taken away, an offer's text, an
// authentication code's expiry, an SMS fallback, a carousel's layout and expiry, a picture's file,
// a new RCS card), each with the changed part marked on both sides where it is on both,
// at 360 and 1280 px, light and dark: no sideways scroll of the page, the page laid out left to
// right, the changed parts marked, no axe-core violation of impact serious or critical.
// One browser, one context, one tab. Screenshots, with TPLSYNC_SHOTS=1 only: test-output/preview-kinds/{site,changes}-<page>-<width>-<scheme>.png.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers.ts';
import { browserMatrix, uncovered } from './preview-kinds.ts';

const { built } = browserMatrix('tplsync-kinds-sites-', 'the indexes and the before/after pages', (b) => [
  // the index links every template and says which has errors; its body cells carry their text's language (the French
  // authentication template's is WhatsApp's text, shown in English as on its page)
  { file: path.join(b.site, 'index.html'), shows: [`tbody tr:nth-child(${b.kinds.length}) a[href]`, 'tbody td[lang="en-US"]', 'tbody td[lang="en"]'], phones: false },
  // the rules the findings name, which each finding links to (offline)
  { file: path.join(b.site, 'rules.html'), shows: ['section.rule[id] h2 code', 'section.rule a[href*="/blob/v"]'], phones: false },
  { file: path.join(b.changes, 'index.html'), shows: ['tr[data-action="update"] a[href]', 'tr[data-action="create"] a[href]'], phones: false },
  ...b.changePages.map((c) => ({ file: path.join(b.changes, c.page), shows: ['[data-testid="before"]', '[data-testid="after"]', ...c.shows] })),
]);

test('the kinds cover every header format, button type, suggested action, card layout and top-level key of the schema', () => {
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'schema', 'template.schema.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(uncovered(schema, built().kinds), []);
});

test('the index lists every kind; the changes index lists every change', () => {
  // a page a kind, the index, and the rules of the findings (one kind has lint errors)
  assert.is(built().sitePages.length, built().kinds.length + 2);
  assert.ok(built().sitePages.includes('rules.html'));
  assert.is(built().changePages.length, 10);
});

test.run();
