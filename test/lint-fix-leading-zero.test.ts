// A numbered placeholder written with a leading zero ({{02}}; Meta numbers a positional template's
// parameters {{1}}, {{2}}, ...) and its sample keyed as written ("02", a key no sample may have):
// lint --fix wrote {{2}} and left the sample under "02", a schema error and a placeholder without its
// sample. The sample now moves to key 2 with the text, in lint --fix and in the editor's quick fix
// alike, and no finding is left; so does {{ 02 }} (spaces and a leading zero, which the finding now
// names). A sample already under 2 beside "02" is not moved (which one is meant is not certain).
import './seed.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, inProjectDir, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp, type LspDiag } from './lsp-client.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop: ${CHANNEL_A}, shop-rbm: ${CHANNEL_B} }\nchannels: { shop: { kind: whatsapp }, shop-rbm: { kind: rcs } }\n`;
const HEAD = 'channel: shop\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\ndescription: Order ready\n';
const ORDER = `${HEAD}body:\n  text: "Hello {{1}}, your order {{02}} is ready for pickup."\n  examples:\n    "1": Ann\n    "02": A-1042\n`;
/** another template of the same form (its own name and wording: no duplicate-content) */
const SPACED = (t: string): string => t.replace('name: order_ready', 'name: order_spaced').replace('ready for pickup', 'waiting at the desk');
const FIXED = `${HEAD}body:\n  text: "Hello {{1}}, your order {{2}} is ready for pickup."\n  examples:\n    "1": Ann\n    "2": A-1042\n`;

test('lint --fix: {{02}} is {{2}} and its sample "02" moves to 2, in a body, a text header, a carousel card and an RCS message with its fallback; nothing is left', () => inProjectDir({
  'tplsync.config.yaml': CONFIG,
  'templates/order.yaml': ORDER,
  'templates/spaced.yaml': SPACED(ORDER).replace('{{1}}', '{{ 01 }}').replace('"1": Ann', '"01": Ann'),
  'templates/header.yaml': `${HEAD.replace('order_ready', 'order_header')}header: { format: TEXT, text: "Order {{01}}", examples: { "01": A-1042 } }\nbody:\n  text: "Hello {{1}}, your order is ready for pickup."\n  examples: { 1: Ann }\n`,
  'templates/cards.yaml': [
    HEAD.replace('order_ready', 'new_arrivals').replace('UTILITY', 'MARKETING').trimEnd(),
    'body:', '  text: "New arrivals for you, {{1}}: swipe to see them."', '  examples: { 1: Ana }',
    'carousel:',
    ...['linen', 'chino'].flatMap((p) => [
      '  - header: { format: IMAGE, example: "https://cdn.example.com/p.png" }',
      `    body: { text: "The ${p}, now {{01}} in every size.", examples: { "01": "€39" } }`,
      `    buttons: [{ type: URL, text: Buy, url: "https://shop.example.com/p/{{1}}", example: "https://shop.example.com/p/${p}" }]`,
    ]), '',
  ].join('\n'),
  'templates/rcs.yaml': 'channel: shop-rbm\nname: rcs_ready\nlanguage: en_US\ndescription: Order ready\nmessage:\n  type: text\n  message: "Hello {{01}}, your order {{02}} is ready."\n  examples: { "01": Ann, "02": A-1042 }\n  fallback: { text: "Order {{02}} is ready." }\n',
}, async (dir) => {
  const before = await cliIn(['lint'], { cwd: dir });
  assert.match(before.stdout, /Malformed placeholder "\{\{02\}\}": a number has no leading zero: write \{\{2\}\}/);
  assert.match(before.stdout, /Malformed placeholder "\{\{ 01 \}\}": remove the spaces and the leading zero: write \{\{1\}\}/);
  const r = await cliIn(['lint', '--fix'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stderr, /0 findings left/);
  const read = (f: string) => readFileSync(path.join(dir, 'templates', f), 'utf8');
  assert.is(read('order.yaml'), FIXED);
  assert.is(read('spaced.yaml'), SPACED(FIXED));
  assert.match(read('header.yaml'), 'header: { format: TEXT, text: "Order {{1}}", examples: { "1": A-1042 } }');
  assert.match(read('cards.yaml'), 'body: { text: "The linen, now {{1}} in every size.", examples: { "1": "€39" } }');
  assert.match(read('cards.yaml'), 'body: { text: "The chino, now {{1}} in every size.", examples: { "1": "€39" } }');
  assert.match(read('rcs.yaml'), '  message: "Hello {{1}}, your order {{2}} is ready."\n  examples: { "1": Ann, "2": A-1042 }\n  fallback: { text: "Order {{2}} is ready." }\n');
  const after = await cliIn(['lint'], { cwd: dir });
  assert.is(after.exitCode, 0, after.stdout);
}));

test('lint --fix: a sample under "02" beside one under 2 is not moved (which is meant is not certain); the placeholder is still written {{2}}', () => inProjectDir({
  'tplsync.config.yaml': CONFIG,
  'templates/order.yaml': ORDER.replace('    "02": A-1042\n', '    "02": A-1042\n    "2": A-2000\n'),
}, async (dir) => {
  await cliIn(['lint', '--fix'], { cwd: dir });
  const text = readFileSync(path.join(dir, 'templates/order.yaml'), 'utf8');
  assert.match(text, 'your order {{2}} is ready');
  assert.match(text, '    "02": A-1042\n    "2": A-2000\n');
}));

test('the editor\'s quick fix of {{02}} writes what lint --fix writes: the sample moved with it, no finding left', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'templates/order.yaml');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order.yaml': ORDER });
    await withLsp(dir, {}, async (c) => {
      const [finding] = await c.openFor(file, ORDER, 'placeholder-syntax', 1);
      type Action = { title: string; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } };
      const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: finding!.range, context: { diagnostics: [finding], only: ['quickfix'] } }) as Action[];
      assert.is(actions.length, 1, JSON.stringify(actions));
      assert.is(actions[0]!.title, 'Write {{02}} as {{2}}, its sample too (tplsync)');
      const next = applyEdits(ORDER, actions[0]!.edit.changes[uri(file)]!);
      assert.is(next, FIXED);
      const before = c.publications.length;
      await c.change(file, next, 2);
      const of = (): { diagnostics: LspDiag[] } | undefined => c.publications.slice(before).find((p) => p.uri === uri(file) && (p as { version?: number }).version === 2);
      await c.waitFor(() => of() !== undefined, 'the findings of version 2');
      assert.equal(of()!.diagnostics.map((d) => `${d.code}: ${d.message}`), []);
    });
  } finally { cleanup(dir); }
});

test.run();
