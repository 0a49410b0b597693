// `preview --changes` in-process: the channel's side of a change is read with the file's names of
// its placeholders (as plan shows it), and an RCS message's samples, which only the file has, are
// the file's: an unchanged placeholder is neither removed nor added, only the edited words are marked.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderChangesSite } from '../src/preview/changes.ts';
import { diffTemplates, fromFile, withoutFile } from '../src/model/canonical.ts';
import type { Loose } from '../src/model/loose.ts';

const rcs = (percent: string): Loose => ({
  channel: 'bank-rcs', name: 'card_offers', language: 'en_US', category: 'MARKETING',
  message: {
    type: 'rich_card', message: '',
    richCards: [{ title: 'Platinum card', description: `${percent} cash back on purchases in {{city}} until 31 December.`, fileUrl: 'https://cdn.example.com/card.png' }],
    rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', imageAlign: 'THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED', mediaHeight: 'MEDIUM' },
    examples: { city: 'Dubai' },
  },
});

test('an RCS change: the channel\'s side shows the file\'s sample under the file\'s name, and only the edited word is marked', () => {
  const desired = fromFile(rcs('7%'), 'c', 'templates/card_offers.en_US.yaml');
  // the channel's version as plan reads it: numbered placeholders, no samples (an RCS message's are the file's alone)
  const remote = withoutFile(fromFile(rcs('5%'), 'c', '').canonical);
  const site = renderChangesSite({
    version: 1, summary: { create: 0, update: 1, noop: 0, orphan: 0 },
    changes: [{ channel: 'bank-rcs', name: 'card_offers', language: 'en_US', publicId: 'p', channelId: 'c', action: 'update', changes: diffTemplates(desired.canonical, remote.canonical), remoteFingerprint: 'x', desired, remote }],
  }, { environment: 'local' });
  const [, html] = [...site.pages].find(([n]) => n !== 'index.html')!;
  const [before, after] = html.split('data-testid="after"');
  assert.not.match(before!, /class="missing"/, 'no placeholder of the channel\'s side is drawn without its sample');
  assert.match(before!, /<del>5<\/del>% cash back on purchases in <mark title="\{\{city\}\}">Dubai<\/mark>/);
  assert.match(after!, /<ins>7<\/ins>% cash back on purchases in <mark title="\{\{city\}\}">Dubai<\/mark>/);
  assert.not.match(html, /<(del|ins)><mark/, 'the unchanged placeholder is neither removed nor added');
});

test.run();
