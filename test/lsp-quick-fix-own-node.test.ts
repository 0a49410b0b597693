// An editor quick fix for one finding changes that finding's node only (not another value the
// same rule would repair elsewhere in the file), and sends the changed span, not the whole
// document (the editor keeps its cursor and folds). Fix all still repairs the whole file.
import './seed.ts';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp } from './lsp-client.ts';

const CONFIG = 'templates: ["wa/**/*.yaml"]\nchannels:\n  clinic: { kind: whatsapp }\n';
const TEXT = [
  'channel: clinic', 'name: visit_confirm', 'language: es', 'category: UTILITY',
  'body:', '  text: "Hola {{1}}, ¿confirmas tu cita del martes? 🦷"', '  examples: { 1: Lucía }',
  'buttons:', '  - type: quick_reply', '    text: Sí', '  - type: Url', '    text: Ver cita', '    url: "https://clinic.example.org/cita"', '',
].join('\n');

type Edit = { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string };
type Action = { title: string; kind: string; diagnostics?: { code: string; range: Edit['range'] }[]; edit: { changes: Record<string, Edit[]> } };

test('a quick fix for one button type changes that value only, as a one-line edit; fix all changes both', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'wa/visit.yaml');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'wa/visit.yaml': TEXT });
    await withLsp(dir, {}, async (c) => {
      const diags = await c.openFor(file, TEXT, 'schema', 2);
      const second = diags.find((d) => d.range.start.line === 10)!;
      assert.ok(second, JSON.stringify(diags));
      const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: second.range, context: { diagnostics: [second] } }) as Action[];
      const quick = actions.filter((a) => a.kind === 'quickfix');
      assert.is(quick.length, 1, JSON.stringify(actions));
      const edits = quick[0]!.edit.changes[uri(file)]!;
      assert.is(edits.length, 1);
      assert.is(edits[0]!.range.start.line, 10, JSON.stringify(edits));
      assert.is(edits[0]!.range.end.line, 10, JSON.stringify(edits));
      const after = applyEdits(TEXT, edits);
      assert.match(after, '  - type: URL\n');
      assert.match(after, '  - type: quick_reply\n');
      assert.is(after, TEXT.replace('type: Url', 'type: URL'));
      const all = actions.find((a) => a.kind === 'source.fixAll');
      assert.ok(all, 'a fix-all action');
      const fixedAll = applyEdits(TEXT, all!.edit.changes[uri(file)]!);
      assert.match(fixedAll, '  - type: QUICK_REPLY\n');
      assert.match(fixedAll, '  - type: URL\n');
    });
  } finally { cleanup(dir); }
});

test('the stub sample quick fix of the body\'s placeholder adds the body\'s stubs, not the header\'s, and its title says where each goes (trial-bp F1)', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'wa/promo.yaml');
    const text = ['channel: clinic', 'name: spring_promo', 'language: es', 'category: MARKETING', 'header:', '  format: TEXT', '  text: "Oferta {{1}}"',
      'body:', '  text: "Hola {{1}}, {{2}} de descuento"', '  examples:', '    1: Lucía', ''].join('\r\n');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'wa/promo.yaml': text });
    await withLsp(dir, {}, async (c) => {
      const diags = await c.openFor(file, text, 'placeholder-sample', 2);
      const at = (line: number) => diags.find((d) => d.range.start.line === line)!;
      const quick = async (d: (typeof diags)[number]): Promise<Action[]> =>
        (await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: d.range, context: { diagnostics: [d], only: ['quickfix'] } }) as Action[]);
      const body = await quick(at(8));
      assert.equal(body.map((a) => a.title), ['Add a stub sample (TODO) for {{2}} (tplsync)']);
      assert.is(applyEdits(text, body[0]!.edit.changes[uri(file)]!), text.replace('    1: Lucía\r\n', '    1: Lucía\r\n    2: TODO\r\n'));
      const header = await quick(at(6));
      assert.equal(header.map((a) => a.title), ['Add a stub sample (TODO) for {{1}} in the header (tplsync)']);
      assert.is(applyEdits(text, header[0]!.edit.changes[uri(file)]!), text.replace('  text: "Oferta {{1}}"\r\n', '  text: "Oferta {{1}}"\r\n  examples:\r\n    1: TODO\r\n'));
    });
  } finally { cleanup(dir); }
});

test.run();
