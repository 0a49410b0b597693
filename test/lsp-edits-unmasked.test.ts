// An edit the language server sends is written into the user's file: formatting and every code
// action carry the document's own text, never the masks of what is shown. Seen in an editor
// trial: with a secret value of the config's environment in the editor's environment
// (`values: { promo: { env: PROMO_CODE } }`), Format Document and each quick fix wrote
// `(secret)` over the user's comment that held the same text (and `[redacted]` over a piece of
// it), as format on save and fix all on save do without asking; `tplsync fmt` kept it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { inProjectDir } from './helpers.ts';
import { applyEdits, uri, withLsp } from './lsp-client.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11 }\n    values:\n      promo: { env: PROMO_CODE }\nchannels:\n  wa: { kind: whatsapp }\n';
// 4-space indentation (fmt has work to do), {{2}} and {{3}} without samples (repairs to offer),
// the secret whole in a comment and a piece of it (8 characters of its run) in the footer
const TEMPLATE = 'channel: wa\nname: spring_sale\nlanguage: en\ncategory: MARKETING\nbody:\n    # last year\'s code was SPRING2030-XK (kept for the record)\n    text: "Hi {{1}}, use code ((promo)) for 20% off in our spring sale, {{2}} and {{3}}."\n    examples: { 1: SPRING2030-XK }\nfooter: "old code SPRING2030 ended"\n';

test('formatting and the quick fixes keep the text that equals a secret of the environment; what is shown stays masked', () => inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/spring.en.yaml': TEMPLATE }, async (dir) => {
  const file = path.join(dir, 'templates/spring.en.yaml');
  await withLsp(dir, { env: { PROMO_CODE: 'SPRING2030-XK' } }, async (c) => {
    await c.waitFor(() => (c.diags.get(uri(file)) ?? []).some((d) => d.code === 'placeholder-sample'), 'the missing samples');
    await c.open(file, TEMPLATE);
    const fmt = await c.conn.sendRequest('textDocument/formatting', { textDocument: { uri: uri(file) }, options: { tabSize: 2, insertSpaces: true } }) as { newText: string }[];
    assert.is(fmt.length, 1, 'fmt has work to do');
    assert.match(fmt[0]!.newText, "  # last year's code was SPRING2030-XK (kept for the record)\n");
    assert.match(fmt[0]!.newText, 'footer: "old code SPRING2030 ended"');
    assert.not.match(fmt[0]!.newText, /\(secret\)|\[redacted\]/);
    const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, context: { diagnostics: c.diags.get(uri(file)) } }) as { title: string; kind: string; edit: { changes: Record<string, { newText: string }[]> } }[];
    assert.ok(actions.some((a) => a.kind === 'quickfix') && actions.some((a) => a.kind === 'source.fixAll'), JSON.stringify(actions.map((a) => a.title)));
    for (const a of actions) {
      const text = applyEdits(TEMPLATE, a.edit.changes[uri(file)]! as unknown as Parameters<typeof applyEdits>[1]);
      assert.match(text, "# last year's code was SPRING2030-XK (kept for the record)\n", a.title);
      assert.match(text, '1: SPRING2030-XK', a.title);
      assert.match(text, 'footer: "old code SPRING2030 ended"', a.title);
      assert.not.match(text, /\(secret\)|\[redacted\]/, a.title);
    }
    // shown text (the hover of {{1}}, whose sample is the secret) is still masked
    const hover = await c.conn.sendRequest('textDocument/hover', { textDocument: { uri: uri(file) }, position: { line: 6, character: TEMPLATE.split('\n')[6]!.indexOf('{{1}}') + 2 } }) as { contents: { value: string } } | null;
    assert.match(hover?.contents.value ?? '', '(secret)');
    assert.not.match(JSON.stringify(hover), 'SPRING2030');
    // nothing was written by the server itself
    assert.is(readFileSync(file, 'utf8'), TEMPLATE);
  });
}));

test.run();
