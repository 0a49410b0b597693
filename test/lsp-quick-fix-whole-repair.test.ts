// A quick fix for one finding makes the whole of that finding's repair: a gap in the numbers
// renumbered in every text of its numbering (the body with the RCS texts that continue it; each
// carousel card's own) and its samples' keys moved with them, as `lint --fix` does. Its text alone
// left {{2}} without a sample and the sample under 3, a finding the quick fix made. The other
// findings keep their places: the header's numbering is not the body's, one card's not another's.
// Over stdio: the action's edit applied to the document, then the findings the server publishes.
import './seed.ts';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp, type LspClient, type LspDiag } from './lsp-client.ts';

const CONFIG = 'templates: ["t/**/*.yaml"]\nchannels:\n  shop: { kind: whatsapp }\n  shop-rbm: { kind: rcs }\n';
const HEAD = ['channel: shop', 'name: order_ready', 'language: en_US', 'category: UTILITY'];

type Edit = Parameters<typeof applyEdits>[1][number];
type Action = { title: string; kind: string; diagnostics?: LspDiag[]; edit: { changes: Record<string, Edit[]> } };

/** the quick fixes the server offers for one finding */
async function quickFixes(c: LspClient, file: string, d: LspDiag): Promise<Action[]> {
  return await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } }) as Action[];
}

/** the document's text with the action's edit applied, sent as its next version: that text and the findings published for it */
async function applied(c: LspClient, file: string, text: string, action: Action, version: number): Promise<{ text: string; diags: LspDiag[] }> {
  const next = applyEdits(text, action.edit.changes[uri(file)]!);
  const before = c.publications.length;
  await c.change(file, next, version);
  const of = (): { diagnostics: LspDiag[] } | undefined => c.publications.slice(before).find((p) => p.uri === uri(file) && (p as { version?: number }).version === version);
  await c.waitFor(() => of() !== undefined, `the findings of version ${version}`);
  return { text: next, diags: of()!.diagnostics };
}

const codes = (ds: readonly LspDiag[]): string[] => ds.map((d) => d.code);
/** the findings a repair of placeholders could make: a gap, a placeholder without a sample or a sample without one */
const PLACEHOLDER_RULES = ['placeholder-sequence', 'placeholder-sample', 'carousel-card-placeholders', 'schema'];
const placeholderFindings = (ds: readonly LspDiag[]): string[] => ds.filter((d) => PLACEHOLDER_RULES.includes(d.code)).map((d) => `${d.code}: ${d.message}`);

/**
 * Applies the quick fix of `fix` (the file then reads `after`), checks the one gap left is `other`'s at
 * its place, applies that one's quick fix (the file then holds `done`) and checks no placeholder
 * finding is left. Returns the first action, for its title and edits.
 */
async function fixOneThenTheOther(c: LspClient, file: string, text: string, fix: LspDiag, other: LspDiag, after: string, done: string): Promise<Action> {
  const [action] = await quickFixes(c, file, fix);
  const first = await applied(c, file, text, action!, 2);
  assert.is(first.text, after);
  const left = first.diags.filter((d) => PLACEHOLDER_RULES.includes(d.code));
  assert.equal(codes(left), ['placeholder-sequence'], JSON.stringify(left));
  assert.equal(left[0]!.range, other.range);
  const [next] = await quickFixes(c, file, left[0]!);
  const second = await applied(c, file, first.text, next!, 3);
  assert.match(second.text, done);
  assert.equal(placeholderFindings(second.diags), []);
  return action!;
}

test('the quick fix of a gap in the body renumbers the text and moves its sample: no gap and no missing sample after it, as Fix all', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 't/order.yaml');
    const text = [...HEAD, 'body:', '  text: "Hi {{1}}, your order {{3}} is ready for pickup at the front desk today."', '  examples: { 1: Ana, 3: A-1042 }', ''].join('\n');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 't/order.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const [gap] = await c.openFor(file, text, 'placeholder-sequence', 1);
      const actions = await quickFixes(c, file, gap!);
      assert.is(actions.length, 1, JSON.stringify(actions));
      assert.is(actions[0]!.title, 'Renumber {{3}} to {{2}}, its sample too (tplsync)');
      const after = await applied(c, file, text, actions[0]!, 2);
      assert.match(after.text, '  text: "Hi {{1}}, your order {{2}} is ready for pickup at the front desk today."\n  examples: { 1: Ana, 2: A-1042 }\n');
      assert.equal(placeholderFindings(after.diags), []);
      // the same text Fix all writes (the file has no other finding to repair)
      const all = (await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: gap!.range, context: { diagnostics: [], only: ['source.fixAll'] } }) as Action[]);
      assert.is(all.length, 0, 'nothing left to repair');
    });
  } finally { cleanup(dir); }
});

test('a header and a body each with a gap: the body\'s quick fix renumbers the body and its samples only; the header\'s finding stays where it was', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 't/order.yaml');
    const text = [...HEAD, 'header:', '  format: TEXT', '  text: "Order {{2}}"', '  examples: { 2: A-1042 }', 'body:', '  text: "Hi {{1}}, your order {{3}} is ready for pickup at the front desk today."', '  examples:', '    1: Ana', '    3: A-1042', ''].join('\n');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 't/order.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const found = await c.openFor(file, text, 'placeholder-sequence', 2);
      const header = found.find((d) => d.range.start.line === 6)!;
      const body = found.find((d) => d.range.start.line === 9)!;
      assert.ok(header && body, JSON.stringify(found));
      // the body's, then the header's own, after it: nothing of the placeholders left
      await fixOneThenTheOther(c, file, text, body, header, text.replace('order {{3}}', 'order {{2}}').replace('    3: A-1042', '    2: A-1042'),
        '  text: "Order {{1}}"\n  examples: { 1: A-1042 }\n');
    });
  } finally { cleanup(dir); }
});

test('carousel cards: each card\'s quick fix renumbers that card\'s body and its samples; the other card\'s finding keeps its place', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 't/picks.yaml');
    const text = [
      'channel: shop', 'name: weekly_picks', 'language: en_US', 'category: MARKETING',
      'body:', '  text: "Our picks for you this week, {{1}}. Tap a card to see more."', '  examples: { 1: Ana }',
      'carousel:',
      '  - header: { format: IMAGE, example: "https://cdn.example.com/chinos.png" }',
      '    body:', '      text: "Chinos, now {{2}} only"', '      examples: { 2: "€49" }',
      '    buttons:', '      - { type: QUICK_REPLY, text: More like this }',
      '  - header: { format: IMAGE, example: "https://cdn.example.com/shirts.png" }',
      '    body:', '      text: "Shirts in {{1}}, now {{3}}"', '      examples:', '        1: blue', '        3: "€29"',
      '    buttons:', '      - { type: QUICK_REPLY, text: More like this }', '',
    ].join('\n');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 't/picks.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const found = await c.openFor(file, text, 'placeholder-sequence', 2);
      const first = found.find((d) => d.range.start.line === 10)!;
      const second = found.find((d) => d.range.start.line === 16)!;
      assert.ok(first && second, JSON.stringify(found));
      // the second card's first: its samples are two lines below its text
      const action = await fixOneThenTheOther(c, file, text, second, first, text.replace('now {{3}}', 'now {{2}}').replace('        3: "€29"', '        2: "€29"'),
        '      text: "Chinos, now {{1}} only"\n      examples: { 1: "€49" }\n');
      assert.is(action.title, 'Renumber {{3}} to {{2}}, its sample too (tplsync)');
      assert.equal(action.edit.changes[uri(file)]!.map((e) => [e.range.start.line, e.range.end.line]), [[16, 16], [19, 19]]);
    });
  } finally { cleanup(dir); }
});

for (const ends of ['LF', 'CRLF'] as const) test(`an RCS message (${ends}): the quick fix renumbers the message and the fallback that continues it, and moves the sample; the finding between them is not in its edits`, async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 't/ready.yaml');
    const lf = [
      'channel: shop-rbm', 'name: order_ready', 'language: en', 'message:', '  type: text',
      '  message: "Hi {{1}}, your order {{3}} is ready for pickup"',
      '  suggestions:', '    - { action: Reply, text: Thanks, postbackData: thanks }',
      '  fallback: { text: "Hi {{1}}, order {{3}} is ready for pickup" }',
      '  examples: { 1: Ana, 3: A-1042 }', '',
    ].join('\n');
    const text = ends === 'LF' ? lf : lf.replace(/\n/g, '\r\n');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 't/ready.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const [gap] = await c.openFor(file, text, 'placeholder-sequence', 1);
      const [reply] = (c.diags.get(uri(file)) ?? []).filter((d) => d.code === 'schema');
      assert.is(reply?.range.start.line, 7, JSON.stringify(c.diags.get(uri(file))));
      const [action] = await quickFixes(c, file, gap!);
      // an edit a run of changed lines: the message's, then the fallback's and the samples'; the suggestion's line between is in none
      const edits = action!.edit.changes[uri(file)]!;
      assert.equal(edits.map((e) => [e.range.start.line, e.range.end.line]), [[5, 5], [8, 9]]);
      const after = await applied(c, file, text, action!, 2);
      assert.is(after.text, text.replaceAll('{{3}}', '{{2}}').replace('3: A-1042', '2: A-1042'));
      assert.equal(placeholderFindings(after.diags).filter((f) => !f.startsWith('schema')), []);
      assert.equal(after.diags.filter((d) => d.code === 'schema').map((d) => d.range), [reply!.range]);
    });
  } finally { cleanup(dir); }
});

test('named placeholders: the quick fix of {{ first_name }} and the one of a sample left under an old name leave no finding of the samples', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 't/order.yaml');
    const text = [...HEAD, 'body:', '  text: "Hi {{ first_name }}, your order {{order_no}} is ready for pickup at the front desk today."', '  examples: { first_name: Ana, order_id: A-1042 }', ''].join('\n');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 't/order.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const [spaced] = await c.openFor(file, text, 'placeholder-syntax', 1);
      const [action] = await quickFixes(c, file, spaced!);
      const after = await applied(c, file, text, action!, 2);
      assert.is(after.text, text.replace('{{ first_name }}', '{{first_name}}'));
      const stale = after.diags.filter((d) => PLACEHOLDER_RULES.includes(d.code));
      assert.equal(codes(stale), ['placeholder-sample'], JSON.stringify(stale));
      const [move] = await quickFixes(c, file, stale[0]!);
      const done = await applied(c, file, after.text, move!, 3);
      assert.match(done.text, '  examples: { first_name: Ana, order_no: A-1042 }\n');
      assert.equal(placeholderFindings(done.diags), []);
      assert.not.ok(codes(done.diags).includes('placeholder-syntax'));
    });
  } finally { cleanup(dir); }
});

test.run();
