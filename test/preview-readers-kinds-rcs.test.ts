// test-runner: time limit 900 s
// (a page a kind in headless Chromium: 15-48 s alone on a quiet machine, 300 s once beside eight busy
// loops, a second suite and a helper (load 28); the default 300 s limit failed a slow run, not a hung one)
// The preview in headless Chromium, one page per kind of template in Latin script (RCS: a text with chips, every suggested action (reply, open_url in the browser and each webview, dial, view_location, share_location, create_calendar_event), standalone cards vertical and horizontal (image left and right), carousels of SMALL and MEDIUM cards, picture, video and file messages, a video card with a long SMS fallback, a template with a WhatsApp part and a message),
// at 360 and 1280 px, light and dark: no sideways scroll of the page, the page and the message
// laid out left to right, nothing sticking out of its phone, the kind's own elements drawn, no
// axe-core violation of impact serious or critical. One browser, one context, one tab for the file.
// Screenshots, with TPLSYNC_SHOTS=1 only: test-output/preview-kinds/site-<page>-<width>-<scheme>.png.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { browserMatrix, pageOfKind, RCS_KINDS } from './preview-kinds.ts';

const { built } = browserMatrix('tplsync-kinds-rcs-', 'every rcs kind', (b) => RCS_KINDS.map((k) => ({ file: path.join(b.site, pageOfKind(k)), shows: k.shows })));

test('every kind has its page in the site', () => {
  for (const k of RCS_KINDS) assert.ok(built().sitePages.includes(pageOfKind(k)), pageOfKind(k));
});

test.run();
