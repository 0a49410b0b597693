// The hover of `tplsync lsp --stdio` as an editor shows it: the editor already shows the finding's
// message (VS Code right above the hover, Neovim and Helix inline), so the hover explains the
// rule without repeating the message, explains a rule once however many of its findings are
// under the cursor, and puts a placeholder's own line (its sample, where it is used) first, where
// a long explanation cannot push it below the hover's fold.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { BIN, cleanup, tempDir, withChild, writeFiles } from './helpers.ts';
import { toolVersion } from '../src/core/version.ts';

const uri = (abs: string): string => pathToFileURL(abs).href;

const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels:\n      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11\nchannels:\n  shop-whatsapp: { kind: whatsapp }\n';
// {{2}} has no sample (placeholder-sample at line 7, column 34)
const TEMPLATE = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  # the body\n  text: "Hello {{1}}, your order {{2}} is ready for pickup at the store."\n  examples: { 1: Ana }\nbuttons:\n  - { type: URL, text: Track it, url: "https://shop.example.com/t/{{1}}", example: "https://shop.example.com/t/A-1042" }\n';
// named placeholders in the body beside a URL button's own {{1}}
const NAMED = 'channel: shop-whatsapp\nname: order_named\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{name}}, your order is ready for pickup at the store {{}}."\n  examples: { name: Ana }\nbuttons:\n  - { type: URL, text: Track it, url: "https://shop.example.com/t/{{1}}", example: "https://shop.example.com/t/A-1042" }\n';

interface LspDiag { range: { start: { line: number; character: number } }; code: string; message: string }

test('hover on a flagged placeholder: its sample line first, then the rule explained once, without the message the editor already shows', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.yaml': TEMPLATE });
    const file = uri(path.join(dir, 'templates/order_ready.yaml'));
    await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
      const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
      const published = new Promise<LspDiag[]>((resolve) => {
        conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: LspDiag[] }) => { if (p.uri === file) resolve(p.diagnostics); });
      });
      conn.onRequest('client/registerCapability', () => null);
      conn.listen();
      try {
        await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: {}, workspaceFolders: [{ uri: uri(dir), name: 'project' }] });
        await conn.sendNotification('initialized', {});
        const diags = await published;
        const finding = diags.find((d) => d.code === 'placeholder-sample');
        assert.ok(finding, JSON.stringify(diags));
        assert.equal(finding.range.start, { line: 6, character: 33 });
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: file, languageId: 'yaml', version: 1, text: TEMPLATE } });
        const hover = await conn.sendRequest('textDocument/hover', { textDocument: { uri: file }, position: { line: 6, character: 35 } }) as { contents: { kind: string; value: string } };
        const text = hover.contents.value;
        assert.is(hover.contents.kind, 'markdown');
        // the placeholder's line leads
        assert.ok(text.startsWith('**{{2}}**: no sample yet'), text);
        assert.match(text, /Used in: `body\.text`/);
        // the rule, explained once, with its docs link
        assert.is(text.split('**placeholder-sample** (error)').length, 2, text);
        assert.match(text, /\*\*Why:\*\* /);
        assert.match(text, /\*\*Fix:\*\* /);
        // the rules of the installed version (its release tag), not main's
        assert.ok(text.includes(`[placeholder-sample in the rules](https://github.com/tplsync/tplsync/blob/v${toolVersion()}/docs/rules.md#placeholder-sample)`), text);
        // not the message the editor shows next to it
        assert.not.ok(text.includes(finding.message), text);
        // a placeholder with a sample: the sample, quoted
        const first = await conn.sendRequest('textDocument/hover', { textDocument: { uri: file }, position: { line: 6, character: 17 } }) as { contents: { value: string } };
        assert.ok(first.contents.value.startsWith('**{{1}}**: "Ana" (`body.examples.1`)'), first.contents.value);
        // a URL button's {{1}}: its sample is the button's example, the whole URL
        const url = await conn.sendRequest('textDocument/hover', { textDocument: { uri: file }, position: { line: 9, character: 68 } }) as { contents: { value: string } };
        assert.ok(url.contents.value.startsWith('**{{1}}**: "https://shop.example.com/t/A-1042" (`buttons.0.example`)'), url.contents.value);
        // `{{` in a body of named placeholders offers its names, not the button's number
        const named = uri(path.join(dir, 'templates/order_named.yaml'));
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: named, languageId: 'yaml', version: 1, text: NAMED } });
        const items = await conn.sendRequest('textDocument/completion', { textDocument: { uri: named }, position: { line: 5, character: NAMED.split('\n')[5]!.indexOf('{{}}') + 2 } }) as { label: string }[];
        assert.equal(items.map((x) => x.label), ['name']);
        // {{constructor}} without a sample: none shown (every object has a `constructor`; it was 'undefined')
        const ctor = uri(path.join(dir, 'templates/order_ctor.yaml'));
        const CTOR = NAMED.replace('{{name}}', '{{constructor}}').replace(' {{}}', '').replace('examples: { name: Ana }', 'examples: { }');
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: ctor, languageId: 'yaml', version: 1, text: CTOR } });
        const h = await conn.sendRequest('textDocument/hover', { textDocument: { uri: ctor }, position: { line: 5, character: CTOR.split('\n')[5]!.indexOf('{{constructor}}') + 3 } }) as { contents: { value: string } };
        assert.ok(h.contents.value.startsWith('**{{constructor}}**: no sample yet'), h.contents.value);
        // a header's {{1}} and the body's {{1}} are two placeholders, each with its own sample (as lint and types have them)
        const inv = uri(path.join(dir, 'templates/invoice.yaml'));
        const INV = 'channel: shop-whatsapp\nname: payment_due\nlanguage: en_US\ncategory: UTILITY\nheader: { format: TEXT, text: "Invoice {{1}} is due", examples: { 1: INV-2291 } }\nbody: { text: "Hello {{1}}, your invoice of {{2}} is due.", examples: { 1: Priya, 2: "$120.00" } }\n';
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: inv, languageId: 'yaml', version: 1, text: INV } });
        const head = (await conn.sendRequest('textDocument/hover', { textDocument: { uri: inv }, position: { line: 4, character: INV.split('\n')[4]!.indexOf('{{1}}') + 2 } }) as { contents: { value: string } }).contents.value;
        assert.ok(head.startsWith('**{{1}}**: "INV-2291" (`header.examples.1`)\n'), head);
        assert.match(head, 'Used in: `header.text`');
        assert.not.match(head, 'Priya');
        const body = (await conn.sendRequest('textDocument/hover', { textDocument: { uri: inv }, position: { line: 5, character: INV.split('\n')[5]!.indexOf('{{1}}') + 2 } }) as { contents: { value: string } }).contents.value;
        assert.ok(body.startsWith('**{{1}}**: "Priya" (`body.examples.1`)\n'), body);
        assert.not.match(body, 'INV-2291');
        await conn.sendRequest('shutdown');
      } finally { conn.dispose(); }
    });
  } finally { cleanup(dir); }
});

test.run();
