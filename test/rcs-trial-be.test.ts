// RCS against Google's RBM documentation (trial-be F1 to F6): a HORIZONTAL card of media alone is
// refused (StandaloneCard.CardOrientation.HORIZONTAL), a card's PDF is said to be India's and Google
// Messages' only, a PDF file's thumbnail is said to be no part of the message (ContentInfo.thumbnailUrl:
// image and video files only), a text beside media or cards is a message of its own (AgentContentMessage
// holds one content), RBM's uploaded-file names are answered as not carried, and a view_location query
// is said to be Android Messages' only; lint and the preview tell the same story.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { chipEffect, renderRcs } from '../src/preview/rcs.ts';
import { fromFile } from '../src/model/canonical.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const rcs = (message: string): string => `channel: shop-rcs\nname: probe\nlanguage: en_US\nmessage:\n${message}`;
const said = (d: ReturnType<typeof lint>): string => d.map((x) => `${x.ruleId}@${x.line}:${x.column} ${x.severity}: ${x.message}`).join('\n');
const page = (message: Record<string, unknown>): string => renderRcs(fromFile({ channel: 'shop-rcs', name: 'probe', language: 'en_US', message }, '3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b', '7563f4f9-7a7c-590e-8843-8b805ca99f15'));
const HORIZONTAL = { type: 'STANDALONE', orientation: 'HORIZONTAL', imageAlign: 'LEFT' };

test('F5: RBM\'s uploaded-file names (uploadedRbmFile, fileName, thumbnailName) are answered as not carried, with fileUrl to write, on the message and on a card', () => {
  const d = lint(rcs('  type: picture\n  fileUrl: https://cdn.example.com/rbm/coupon.png\n  uploadedRbmFile: { fileName: files/abc123, thumbnailName: files/def456 }\n  fileName: files/abc123\n  thumbnailName: files/def456\n'));
  assert.equal(d.map((x) => x.ruleId), ['schema', 'schema', 'schema'], said(d));
  for (const [x, key] of d.map((x, i) => [x, ['uploadedRbmFile', 'fileName', 'thumbnailName'][i]!] as const)) {
    assert.match(x.message, new RegExp(`^'${key}' is RBM's .*files\\.create.*not carried.*fileUrl`), said(d));
    assert.not.match(x.message, /Unknown key/);
  }
  const card = lint(rcs('  type: rich_card\n  richCards:\n    - { title: A, fileName: files/abc123 }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }\n'));
  assert.equal(card.map((x) => x.ruleId), ['schema'], said(card));
  assert.match(card[0]!.message, /^'fileName' is RBM's fileName .*not carried/);
});

test.run();
