// White space at the ends of a WhatsApp text (trial-bg F4): spaces after a body, a footer, a text
// header or a button label, and the last line break a YAML block `|` keeps, went to the API as
// written (lint, fmt and preview said nothing), and deleting them once the template was approved
// spent one of its limited edits. Rule text-edge-whitespace warns (Meta's pages do not say they
// are rejected), says what and where, and its repair (lint --fix, the editor's quick fix) trims them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixText } from '../src/lint/fix.ts';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp } from './lsp-client.ts';

const now = new Date('2026-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const edges = (text: string): string[] => findings(text).filter((d) => d.ruleId === 'text-edge-whitespace').map((d) => `${d.line}:${d.column} ${d.message}`);
const HEAD = 'channel: shop-whatsapp\nname: delivery_failed\nlanguage: en_US\ncategory: UTILITY\n';
const BODY = 'body:\n  text: "Hi {{1}}, we tried to deliver your order today. We will try again tomorrow."\n  examples: { 1: Ana }\n';

test('the trial\'s texts: spaces after the body, the footer and a text header, and a `|` body\'s last line break, each said where it is and what it is', () => {
  const failed = `${HEAD}body:\n  text: "We tried to deliver order {{1}} today but nobody was home. We will try again tomorrow.   "\n  examples: { 1: "A-100" }\nfooter: "Northwind Customer Care  "\n`;
  const got = edges(failed);
  assert.is(got.length, 2, got.join('\n'));
  assert.match(got[0]!, /^6:96 The body ends with 3 spaces: sent as written and counted in its length, though no one sees them; deleting them once the template is approved is an edit \(back to review, one of its limited edits\): delete them now\.$/);
  assert.match(got[1]!, /^8:33 The footer ends with 2 spaces: /);
  const upgrade = `${HEAD}header: { format: TEXT, text: "Welcome to Gold!   " }\nbody:\n  text: |\n    Hi {{1}}, you reached Gold status.\n    Your benefits apply from today.\n  examples: { 1: Ana }\n`;
  const up = edges(upgrade);
  assert.is(up.length, 2, up.join('\n'));
  assert.match(up[0]!, /^5:48 The text header ends with 3 spaces: /);
  assert.match(up[1]!, /The body ends with a line break \(a YAML block `\|` or `>` keeps its last line break: write `\|-` or `>-`\): sent as written and counted in its length, though no one sees it; deleting it once/);
  // a warning: Meta's pages do not say such a template is rejected
  assert.ok(findings(upgrade).filter((d) => d.ruleId === 'text-edge-whitespace').every((d) => d.severity === 'warning'));
});

test('every text the customer reads: labels, a card\'s body and labels, the offer text; spaces at the start too, any Unicode space named by its code point', () => {
  const buttons = `${HEAD}${BODY}buttons:\n  - { type: QUICK_REPLY, text: " Yes" }\n  - { type: QUICK_REPLY, text: "No\u00a0" }\n`;
  const b = edges(buttons);
  assert.match(b[0]!, /The label of button 1 starts with a space: /);
  assert.match(b[1]!, /The label of button 2 ends with U\+00A0 NO-BREAK SPACE: /);
  const carousel = 'channel: shop-whatsapp\nname: picks\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, here are this week\'s picks for you."\n  examples: { 1: Ana }\ncarousel:\n'
    + '  - header: { format: IMAGE, example: "https://cdn.example.com/a.jpg" }\n    body: { text: "Linen shirt, light and cool. " }\n    buttons: [{ type: QUICK_REPLY, text: "More " }]\n'
    + '  - header: { format: IMAGE, example: "https://cdn.example.com/b.jpg" }\n    body: { text: "Chinos, for every day." }\n    buttons: [{ type: QUICK_REPLY, text: "More" }]\n';
  const c = edges(carousel);
  assert.equal(c.map((x) => x.replace(/ .*/s, '')), ['10:48', '11:47'], c.join('\n'));
  assert.match(c[0]!, /The body of card 1 ends with a space/);
  assert.match(c[1]!, /The label of card 1's button 1 ends with a space/);
  const offer = 'channel: shop-whatsapp\nname: flash\nlanguage: en_US\ncategory: MARKETING\nlimited_time_offer: { text: "Ends tonight ", has_expiration: false }\nbody:\n  text: "Hi {{1}}, our flash sale ends tonight: take 20% off everything."\n  examples: { 1: Ana }\nbuttons:\n  - { type: URL, text: Shop now, url: "https://shop.example.com/sale" }\n';
  assert.match(edges(offer)[0]!, /The offer text ends with a space/);
});

test('the lines of a body that end with spaces: one finding, how many, at the first', () => {
  const text = `${HEAD}body:\n  text: |-\n    Hi {{1}},  \n    your parcel is on its way.  \n    It arrives tomorrow.\n  examples: { 1: Ana }\n`;
  const got = edges(text);
  assert.equal(got.length, 1);
  assert.match(got[0]!, /^7:14 2 lines of the body end with spaces \(the first here\): /);
});

test('what it leaves alone: white space inside a text, an indented list, a text of white space only (an empty text is other rules\' finding), a line break at the end of a header or the footer alone (header-footer-line-break\'s error), RCS texts', () => {
  const inside = `${HEAD}body:\n  text: |-\n    Hi {{1}}, your order:\n\n      - 2 shirts\n      - 1 pair of chinos\n\n    It ships   today.\n  examples: { 1: Ana }\nfooter: Northwind\n`;
  assert.equal(edges(inside), []);
  assert.equal(edges(`${HEAD}${BODY}footer: "   "\n`), []);
  const block = `${HEAD}${BODY}footer: |\n  Reply STOP to opt out\n`;
  assert.equal(edges(block), []);
  assert.ok(findings(block).some((d) => d.ruleId === 'header-footer-line-break'));
  // spaces before the footer's line break: said (the line break is the other rule's), and the repair deletes both
  const spaced = `${HEAD}${BODY}footer: "Reply STOP to opt out  \\n"\n`;
  assert.match(edges(spaced)[0]!, /The footer ends with 2 spaces and a line break/);
  const rcs = 'channel: shop-rcs\nname: a\nlanguage: en\nmessage:\n  type: text\n  message: "Your order is ready.  "\n';
  assert.equal(edges(rcs), []);
});

test('the repair trims the texts and nothing else: lint finds no white space after it, the header\'s and footer\'s last line break goes with it, a second run changes nothing', () => {
  const text = `${HEAD}header: { format: TEXT, text: "  Delivery update " }\nbody:\n  text: |\n    Hi {{1}},  \n\n    we will try again tomorrow.\n  examples: { 1: Ana }\nfooter: |\n  Northwind  \nbuttons:\n  - { type: QUICK_REPLY, text: "Call us " }\n`;
  const r = fixText(text, { findings, now });
  const v = parse(r.text) as { header: { text: string }; body: { text: string }; footer: string; buttons: { text: string }[] };
  assert.equal([v.header.text, v.body.text, v.footer, v.buttons[0]!.text], ['Delivery update', 'Hi {{1}},\n\nwe will try again tomorrow.', 'Northwind', 'Call us']);
  assert.match(r.text, /text: \|-\n/);
  assert.equal(findings(r.text).map((d) => d.ruleId), []);
  assert.equal(fixText(r.text, { findings, now }).text, r.text);
});

test('lint --fix and the editor\'s quick fix delete them (trial-bg F4)', async () => {
  const dir = tempDir('tplsync-edge-space-');
  try {
    const file = `${HEAD}body:\n  text: "We tried to deliver order {{1}} today. We will try again tomorrow.   "\n  examples: { 1: "A-100" }\nfooter: "Northwind Customer Care  "\n`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/delivery_failed.en_US.yaml': file });
    const abs = path.join(dir, 'templates', 'delivery_failed.en_US.yaml');
    await withLsp(dir, {}, async (c) => {
      await c.open(abs, file);
      // the first publication for the file (without the rule it has no finding: waiting for two would wait for ever)
      await c.waitFor(() => c.diags.has(uri(abs)), 'the findings of the file');
      const ds = c.diags.get(uri(abs))!.filter((d) => d.code === 'text-edge-whitespace');
      assert.is(ds.length, 2, JSON.stringify(c.diags.get(uri(abs))));
      type Action = { title: string; kind: string; diagnostics: { code: string }[]; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } };
      const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(abs) }, range: ds[1]!.range, context: { diagnostics: [ds[1]], only: ['quickfix'] } }) as Action[];
      const quick = actions.filter((a) => a.kind === 'quickfix' && a.diagnostics[0]?.code === 'text-edge-whitespace');
      assert.equal(quick.map((a) => a.title), ['Delete the spaces at the end of footer (tplsync)']);
      const edited = applyEdits(file, quick[0]!.edit.changes[uri(abs)]!);
      assert.match(edited, '\nfooter: "Northwind Customer Care"\n');
      // the body's spaces are its own finding's fix
      assert.match(edited, 'tomorrow.   "');
    });
    const r = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /^tplsync: fixed templates\/delivery_failed\.en_US\.yaml: text-edge-whitespace 2$/m);
    assert.is(readFileSync(abs, 'utf8'), file.replace('tomorrow.   "', 'tomorrow."').replace('Care  "', 'Care"'));
  } finally { cleanup(dir); }
});

test.run();
