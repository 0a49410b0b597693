// The placeholder hover finds the text under the cursor by where its scalar is in the document, so a
// block or folded scalar, or a quoted string with escapes, shows only the samples of its own part.
// Seen in an editor trial: a folded body (`text: >-`) or a body with `\"` in it never matched its
// line, and the hover on the body's {{order}} listed the header's sample beside the body's.
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, tempDir, writeFiles } from './helpers.ts';
import { uri, withLsp } from './lsp-client.ts';

const HEAD = 'channel: wa\nname: multi_line\nlanguage: en_US\ncategory: UTILITY\nheader:\n  format: TEXT\n  text: "Order {{order}}"\n  examples: { order: A-1 }\nbody:\n';
const EXAMPLES = '  examples:\n    customer: Maria\n    order: "A-1042"\n';
const BODIES: Record<string, string> = {
  folded: '  text: >-\n    Hello {{customer}}, your order {{order}}\n    is ready for pickup at our Main Street store today.\n',
  literal: '  text: |-\n    Hello {{customer}},\n    your order {{order}} is ready for pickup at our Main Street store today.\n',
  escaped: '  text: "Hello {{customer}}, your order {{order}} is \\"ready\\" for pickup at our Main Street store today."\n',
  'single-quoted over two lines': "  text: 'Hello {{customer}}, your order {{order}}\n    is ''ready'' for pickup at our Main Street store today.'\n",
};

test('hover on a placeholder of a block, folded, escaped or multi-line string: the samples of its own part only', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\n' });
    await withLsp(dir, {}, async (c) => {
      for (const [kind, body] of Object.entries(BODIES)) {
        const text = HEAD + body + EXAMPLES;
        const file = path.join(dir, `templates/${kind.replace(/ /g, '-')}.en_US.yaml`);
        await c.open(file, text);
        const lines = text.split('\n');
        const at = async (line: number, needle: string): Promise<string> => ((await c.conn.sendRequest('textDocument/hover', { textDocument: { uri: uri(file) }, position: { line, character: lines[line]!.indexOf(needle) + 3 } }) as { contents: { value: string } } | null)?.contents.value ?? '');
        const bodyLine = lines.findIndex((l, i) => i > 8 && l.includes('{{order}}'));
        const inBody = await at(bodyLine, '{{order}}');
        assert.ok(inBody.startsWith('**{{order}}**: "A-1042" (`body.examples.order`)\n'), `${kind}: ${inBody}`);
        assert.match(inBody, 'Used in: `body.text`', kind);
        assert.not.match(inBody, 'A-1"', kind);
        const inHeader = await at(6, '{{order}}');
        assert.ok(inHeader.startsWith('**{{order}}**: "A-1" (`header.examples.order`)\n'), `${kind}: ${inHeader}`);
        assert.not.match(inHeader, 'A-1042', kind);
      }
    });
  } finally { cleanup(dir); }
});

test.run();
