// RCS findings whose repair is certain have quick fixes in the editor, as WhatsApp ones do: a
// layout key RBM ignores or refuses on that layout removed (a carousel's orientation or
// imageAlign, a standalone card's cardWidth, a horizontal card's mediaHeight), an RCS value of a
// fixed list written in another case set to the list's value. `lint --fix` applies the same.
// A label over its limit has none: which words to cut is the writer's choice. The repairs
// in-process, then the server over stdio.
import './seed.ts';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixFileText } from '../src/lint/fix.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp } from './lsp-client.ts';

const CONFIG = 'templates: ["rcs/**/*.yaml"]\ndefaultEnvironment: prod\nenvironments:\n  prod:\n    emulator: .tplsync/emulator.json\n    channels: { outdoor-rbm: 2d9e6b1a-4c3f-4e8a-9b7d-1f2e3d4c5b6a }\nchannels:\n  outdoor-rbm: { kind: rcs }\n';
const CARD = [
  'channel: outdoor-rbm', 'name: trail_report', 'language: en', 'message:', '  type: rich_card',
  '  rcsRichCardsOpts:', '    type: STANDALONE', '    orientation: HORIZONTAL', '    imageAlign: LEFT', '    cardWidth: SMALL', '    mediaHeight: TALL',
  '  richCards:', '    - title: "Trail conditions this weekend"', '      fileUrl: https://media.example.net/trail.png', '      suggestions:',
  '        - action: Open_URL', '          text: "See the full trail report now"', '          postbackData: https://example.net/trails',
  '  fallback: { text: "Trail conditions: https://example.net/trails" }', '',
].join('\n');

test('lint --fix repairs the certain RCS findings and leaves the label over 25 characters', () => {
  const now = new Date('2030-01-01T00:00:00Z');
  const findings = (text: string): Diagnostic[] => finishProject([lintBytes('rcs/trail.yaml', Buffer.from(text), { now })], { severities: {} });
  const before = findings(CARD).map((d) => d.ruleId).sort();
  assert.ok(before.includes('rcs-standalone-width'), before.join());
  assert.ok(before.includes('schema'), before.join());
  const r = fixFileText(CARD, { findings, now });
  assert.match(r.text, '        - action: open_url\n');
  assert.not.match(r.text, 'cardWidth');
  assert.not.match(r.text, 'mediaHeight');
  // the label over its limit stays, and its finding with it
  assert.match(r.text, 'See the full trail report now');
  assert.equal(r.left.map((d) => d.ruleId), ['rcs-suggestion-text']);
});

test('over stdio: quick fixes for the RCS findings whose repair is certain, none for the label', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'rcs/trail.yaml');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'rcs/trail.yaml': CARD });
    await withLsp(dir, {}, async (c) => {
      await c.open(file, CARD);
      await c.waitFor(() => (c.diags.get(uri(file)) ?? []).length > 0, 'the findings of the card');
      const diags = c.diags.get(uri(file))!;
      const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } }, context: { diagnostics: diags, only: ['quickfix'] } }) as { title: string; diagnostics: { code: string }[]; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } }[];
      const fixed = new Map(actions.map((a) => [a.diagnostics[0]!.code, a]));
      assert.ok(fixed.has('rcs-standalone-width'), actions.map((a) => a.title).join(' | '));
      assert.ok(fixed.has('rcs-horizontal-media-height'));
      assert.match(applyEdits(CARD, fixed.get('schema')!.edit.changes[uri(file)]!), '        - action: open_url\n');
      assert.not.match(applyEdits(CARD, fixed.get('rcs-standalone-width')!.edit.changes[uri(file)]!), 'cardWidth');
      assert.not.ok(fixed.has('rcs-suggestion-text'));
    });
  } finally { cleanup(dir); }
});

test('over stdio: each carousel finding\'s quick fix is titled by what its edit removes, one key each; Fix all removes both (trial-ba F1)', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'rcs/carousel.yaml');
    const text = [
      'channel: outdoor-rbm', 'name: carousel', 'language: en', 'message:', '  type: rich_card', '  richCards:',
      '    - { title: Card one, description: First card, fileUrl: https://media.example.net/a.jpg }',
      '    - { title: Card two, description: Second card, fileUrl: https://media.example.net/b.jpg }',
      '  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM, orientation: VERTICAL, imageAlign: LEFT }',
      '  fallback: { text: Two cards for you }', '',
    ].join('\n');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'rcs/carousel.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const found = await c.openFor(file, text, 'rcs-carousel-options', 2);
      type Action = { title: string; kind: string; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } };
      const said: string[] = [];
      for (const d of found) {
        const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } }) as Action[];
        assert.is(actions.length, 1, JSON.stringify(actions.map((a) => a.title)));
        const fixed = applyEdits(text, actions[0]!.edit.changes[uri(file)]!);
        const key = /orientation|imageAlign/.exec(text.split('\n')[d.range.start.line]!.slice(d.range.start.character))![0];
        // the edit removes the key its title names, and only that one
        assert.is(actions[0]!.title, `Remove ${key} from rcsRichCardsOpts (tplsync)`);
        assert.not.match(fixed, `${key}:`);
        assert.match(fixed, key === 'orientation' ? 'imageAlign: LEFT' : 'orientation: VERTICAL');
        said.push(actions[0]!.title);
      }
      assert.equal(said.sort(), ['Remove imageAlign from rcsRichCardsOpts (tplsync)', 'Remove orientation from rcsRichCardsOpts (tplsync)']);
      const all = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: found[0]!.range, context: { diagnostics: [], only: ['source.fixAll'] } }) as Action[];
      assert.equal(all.map((a) => a.title), ['Fix all repairable tplsync findings']);
      const fixed = applyEdits(text, all[0]!.edit.changes[uri(file)]!);
      assert.match(fixed, 'rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }');
    });
  } finally { cleanup(dir); }
});

test.run();
