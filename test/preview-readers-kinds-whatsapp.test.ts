// test-runner: time limit 900 s
// (a page a kind in headless Chromium: 15-48 s alone on a quiet machine, 300 s once beside eight busy
// loops, a second suite and a helper (load 28); the default 300 s limit failed a slow run, not a hung one)
// The preview in headless Chromium, one page per kind of template in Latin script (WhatsApp: headers of every format (text, image, video, GIF, document, location), buttons of every type (quick reply, URL, phone, copy code, flow by id, name and JSON, catalog, MPM, WhatsApp call, app deep link, mixed), media card carousels, limited-time offers, authentication (copy code, one tap, zero tap, localised), and a file with lint findings),
// at 360 and 1280 px, light and dark: no sideways scroll of the page, the page and the message
// laid out left to right, nothing sticking out of its phone, the kind's own elements drawn, no
// axe-core violation of impact serious or critical. One browser, one context, one tab for the file.
// Screenshots, with TPLSYNC_SHOTS=1 only: test-output/preview-kinds/site-<page>-<width>-<scheme>.png.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { browserMatrix, pageOfKind, WHATSAPP_KINDS } from './preview-kinds.ts';

const { built } = browserMatrix('tplsync-kinds-whatsapp-', 'every whatsapp kind', (b) => [...WHATSAPP_KINDS, ...b.kinds.filter((k) => k.name === 'with_findings')]
  .map((k) => ({ file: path.join(b.site, pageOfKind(k)), shows: k.shows, ...(k.name === 'with_findings' ? { errorsExpected: true } : {}) })));

test('every kind has its page in the site', () => {
  for (const k of WHATSAPP_KINDS) assert.ok(built().sitePages.includes(pageOfKind(k)), pageOfKind(k));
});

test.run();
