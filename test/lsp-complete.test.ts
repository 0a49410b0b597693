// Completion as an editor uses it: the language of the file name first and preselected, then the
// config's languages, then the rest; a placeholder name after `{{` closed only with the braces
// the editor has not already written (VS Code auto-closes `{{` to `{{}}`). The pure ranking, then
// the server over stdio.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import { channelItems, channelLanguages, exampleKeyItems, fileKindOf, keyPathAt, languageItems, languagesInPath, placeholderItems, templateNames } from '../src/lsp/complete.ts';
import { WHATSAPP_LANGUAGES } from '../src/lint/rules/languages.ts';
import { BIN, cleanup, inProjectDir, tempDir, withChild, writeFiles } from './helpers.ts';

interface Item { label: string; sortText?: string; preselect?: boolean; insertText?: string; detail?: string }
/** the labels in the order an editor shows them (by sortText, else label) */
const shown = (items: Item[]): string[] => [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);

test('languagesInPath: a dot-separated part of the file name or the folder, known codes only', () => {
  assert.equal(languagesInPath('/p/templates/welcome.en_US.yaml', WHATSAPP_LANGUAGES), ['en_US']);
  assert.equal(languagesInPath('C:\\p\\templates\\de\\welcome.yaml', WHATSAPP_LANGUAGES), ['de']);
  assert.equal(languagesInPath('/p/templates/welcome.yaml', WHATSAPP_LANGUAGES), []);
  // `yaml` is the extension, `order` no language
  assert.equal(languagesInPath('/p/order.yaml', WHATSAPP_LANGUAGES), []);
});

test('languageItems: the file name\'s language first and preselected, then the config\'s, then every other code', () => {
  const items = languageItems('/p/templates/welcome.en_US.yaml', new Map(['fr', 'de', 'en_US', 'xx_NOPE'].map((l) => [l, ['wa']])), WHATSAPP_LANGUAGES);
  assert.is(items.length, WHATSAPP_LANGUAGES.size);
  const order = shown(items);
  assert.equal(order.slice(0, 3), ['en_US', 'de', 'fr']);
  assert.equal(items.filter((i) => i.preselect).map((i) => i.label), ['en_US']);
  // the rest alphabetical
  const rest = order.slice(3);
  assert.equal(rest, [...rest].sort());
  // no hint from the path or the config: alphabetical, nothing preselected
  const plain = languageItems('/p/templates/welcome.yaml', new Map(), WHATSAPP_LANGUAGES);
  assert.equal(shown(plain), [...WHATSAPP_LANGUAGES].sort());
  assert.not.ok(plain.some((i) => i.preselect));
});

test('channelLanguages: the languages of the channel the file names; before it names one, those of the channels of its kind (trial-bp F3)', () => {
  const channels = { wa: { kind: 'whatsapp' as const, languages: ['en_US', 'de', 'es'] }, rcs: { kind: 'rcs' as const, languages: ['en_US', 'fr'] }, old: { languages: ['it'] } };
  const of = (t: Record<string, unknown> | undefined): [string, string[]][] => [...channelLanguages(t, channels)].sort(([a], [b]) => a.localeCompare(b));
  assert.equal(of({ channel: 'rcs', message: { type: 'text' } }), [['en_US', ['rcs']], ['fr', ['rcs']]]);
  assert.equal(of({ channel: 'wa', body: { text: 'Hi' } }), [['de', ['wa']], ['en_US', ['wa']], ['es', ['wa']]]);
  // no alias of the config yet: the channels whose kind fits (one of no kind too), as the aliases are offered
  assert.equal(of({ channel: '', message: { type: 'text' } }), [['en_US', ['rcs']], ['fr', ['rcs']], ['it', ['old']]]);
  assert.equal(of(undefined), [['de', ['wa']], ['en_US', ['wa', 'rcs']], ['es', ['wa']], ['fr', ['rcs']], ['it', ['old']]]);
  // ranked second, and said to be the channel's; the other channel's languages are not
  const items = languageItems('/p/templates/rcs/flash.en_US.yaml', channelLanguages({ channel: 'rcs', message: { type: 'text' } }, channels), WHATSAPP_LANGUAGES);
  assert.equal(shown(items).slice(0, 2), ['en_US', 'fr']);
  assert.is(items.find((i) => i.label === 'fr')!.detail, 'a language channel rcs asks for');
  assert.is(items.find((i) => i.label === 'de')!.detail, undefined);
});

test('placeholderItems: closes with the braces the text after the cursor lacks; the sample as detail', () => {
  const samples = new Map<string, unknown>([['1', 'Ana'], ['order_id', 'A-1'], ['n', 3]]);
  assert.equal(placeholderItems(samples, '}}').map((i) => i.insertText), ['1', 'order_id', 'n']);
  assert.equal(placeholderItems(samples, '}"').map((i) => i.insertText), ['1}', 'order_id}', 'n}']);
  assert.equal(placeholderItems(samples, ' i').map((i) => i.insertText), ['1}}', 'order_id}}', 'n}}']);
  assert.equal(placeholderItems(samples, '').map((i) => i.insertText), ['1}}', 'order_id}}', 'n}}']);
  assert.equal(placeholderItems(samples, '').map((i) => i.detail), ['sample: Ana', 'sample: A-1', 'sample: 3']);
});

test('keyPathAt: the keys holding a line, from indentation; a sequence item\'s dash is indentation', () => {
  const yaml = ['channel: x', 'body:', '  text: "Hi {{name}}"', '  examples:', '    ', 'carousel:', '  cards:', '    - header: { format: IMAGE }', '      body:', '        text: "{{1}}"', '        examples:', '          ', '    # a comment', 'x: 1'];
  assert.equal(keyPathAt(yaml, 4), ['body', 'examples']);
  assert.equal(keyPathAt(yaml, 11), ['carousel', 'cards', 'body', 'examples']);
  assert.equal(keyPathAt(yaml, 2), ['body']);
  assert.equal(keyPathAt(yaml, 13), []);
});

test('templateNames and exampleKeyItems: names used without a sample are offered; digits quoted as keys', () => {
  assert.equal([...templateNames(new Map([['name', 'Ana']]), ['name', 'order_id', 'order_id'])], [['name', 'Ana'], ['order_id', undefined]]);
  assert.equal(exampleKeyItems(new Map([['order_id', 'body.text'], ['1', 'header.text']])).map((i) => [i.label, i.insertText, i.detail]),
    [['order_id', 'order_id: ', 'sample of {{order_id}} in body.text'], ['1', '"1": ', 'sample of {{1}} in header.text']]);
});

const uri = (abs: string): string => pathToFileURL(abs).href;
const CONFIG = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels:\n      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11\nchannels:\n  shop-whatsapp: { kind: whatsapp, languages: [en_US, pt_BR] }\n';
const TEMPLATE = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  # the body\n  text: "Hello {{1}}, your order {{2}} is ready for pickup at the store."\n  examples: { 1: Ana, 2: A-17 }\n';

/** `tplsync lsp --stdio` in `dir`, initialized, handed to `use`; the connection and the server ended after */
async function withServer(dir: string, use: (conn: ReturnType<typeof createMessageConnection>) => Promise<void>): Promise<void> {
  await withChild(() => execa('node', [BIN, 'lsp', '--stdio'], { cwd: dir, stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', buffer: false, reject: false }), async (proc) => {
    const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    conn.onRequest('client/registerCapability', () => null);
    conn.listen();
    try {
      await conn.sendRequest('initialize', { processId: process.pid, rootUri: uri(dir), capabilities: {}, workspaceFolders: [{ uri: uri(dir), name: 'project' }] });
      await conn.sendNotification('initialized', {});
      await use(conn);
    } finally { conn.dispose(); }
  });
}

test('over stdio: `language: ` in order_ready.pt_BR.yaml preselects pt_BR; `{{` auto-closed by the editor completes to `{{1}}`', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.pt_BR.yaml': TEMPLATE.replace('en_US', 'pt_BR') });
    const file = uri(path.join(dir, 'templates/order_ready.pt_BR.yaml'));
    await withServer(dir, async (conn) => {
        // the line as the user types it: `language: `
        const typing = TEMPLATE.replace('language: en_US', 'language: ');
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: file, languageId: 'yaml', version: 1, text: typing } });
        const langs = await conn.sendRequest('textDocument/completion', { textDocument: { uri: file }, position: { line: 2, character: 10 } }) as Item[];
        assert.equal(shown(langs).slice(0, 2), ['pt_BR', 'en_US']);
        assert.equal(langs.filter((i) => i.preselect).map((i) => i.label), ['pt_BR']);
        // `{{` typed before the closing quote; the editor has closed it to `{{}}`
        const lines = TEMPLATE.split('\n');
        const at = lines[6]!.length - 1;
        lines[6] = `${lines[6]!.slice(0, at)} {{}}${lines[6]!.slice(at)}`;
        await conn.sendNotification('textDocument/didChange', { textDocument: { uri: file, version: 2 }, contentChanges: [{ text: lines.join('\n') }] });
        const names = await conn.sendRequest('textDocument/completion', { textDocument: { uri: file }, position: { line: 6, character: at + 3 } }) as Item[];
        assert.equal(names.map((i) => [i.label, i.insertText, i.detail]), [['1', '1', 'sample: Ana'], ['2', '2', 'sample: A-17']]);
        // a named body whose examples block lacks a sample: `{{` offers the name, and a key typed in the block offers it too
        const named = 'channel: shop-whatsapp\nname: order_ready\nlanguage: pt_BR\ncategory: UTILITY\nbody:\n  text: "Hello {{first_name}}, your order {{order_id}} is ready."\n  examples:\n    first_name: Ana\n    \n';
        await conn.sendNotification('textDocument/didChange', { textDocument: { uri: file, version: 3 }, contentChanges: [{ text: named }] });
        const keys = await conn.sendRequest('textDocument/completion', { textDocument: { uri: file }, position: { line: 8, character: 4 } }) as Item[];
        assert.equal(keys.map((i) => [i.label, i.insertText]), [['order_id', 'order_id: ']]);
        const typed = named.replace('is ready.', 'is ready, {{}}.');
        await conn.sendNotification('textDocument/didChange', { textDocument: { uri: file, version: 4 }, contentChanges: [{ text: typed }] });
        const col = typed.split('\n')[5]!.indexOf('{{}}') + 2;
        const both = await conn.sendRequest('textDocument/completion', { textDocument: { uri: file }, position: { line: 5, character: col } }) as Item[];
        assert.equal(both.map((i) => [i.label, i.detail]), [['first_name', 'sample: Ana'], ['order_id', 'placeholder of this template']]);
        await conn.sendRequest('shutdown');
    });
  } finally { cleanup(dir); }
});

test('over stdio: `channel: ` offers the aliases every environment defines first; one defined in some is marked as lint refuses it', async () => {
  const config = 'templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels:\n      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11\n  dev:\n    emulator: .tplsync/dev.json\n    channels:\n      shop-whatsapp: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11\n      acme-beta: 3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b\n';
  await inProjectDir({ 'tplsync.config.yaml': config, 'templates/order_ready.en_US.yaml': TEMPLATE }, async (dir) => {
    const file = uri(path.join(dir, 'templates/order_ready.en_US.yaml'));
    await withServer(dir, async (conn) => {
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: file, languageId: 'yaml', version: 1, text: TEMPLATE.replace('channel: shop-whatsapp', 'channel: ') } });
        const items = await conn.sendRequest('textDocument/completion', { textDocument: { uri: file }, position: { line: 0, character: 9 } }) as Item[];
        assert.equal(shown(items), ['shop-whatsapp', 'acme-beta']);
        assert.match(items.find((i) => i.label === 'acme-beta')!.detail ?? '', 'channel alias of dev only: the template is only theirs');
        assert.is(items.find((i) => i.label === 'shop-whatsapp')!.detail, 'channel alias (tplsync config)');
    });
  });
});

test('over stdio: after `{{` only what lint takes there: a card\'s own names and samples, the bubble\'s in the bubble, {{1}} in a URL, nothing in a footer (trial-r F2, F3)', async () => {
  const carousel = [
    'channel: shop-whatsapp', 'name: wa_carousel_9', 'language: en_US', 'category: MARKETING',
    'body:', '  text: "Hi {{first_name}}, swipe to see 9 new arrivals{{}}."', '  examples:', '    first_name: Ana',
    'carousel:',
    '  - header: { format: IMAGE, example: https://cdn.example.com/c/9_0.png }',
    '    body:', '      text: "Buy now: {{price}} (1){{}}."', '      examples:', '        price: "€30"',
    '    buttons:', '      - { type: QUICK_REPLY, text: Tell me more }',
    '      - { type: URL, text: Buy now, url: "https://shop.example.com/p/{{}}", example: "https://shop.example.com/p/item0" }',
    '  - header: { format: IMAGE, example: https://cdn.example.com/c/9_1.png }',
    '    body:', '      text: "Buy now: {{price}} (2){{}}."', '      examples:', '        price: "€31"',
    '',
  ].join('\n');
  const standard = [
    'channel: shop-whatsapp', 'name: order_shipped', 'language: en_US', 'category: UTILITY',
    'body:', '  text: "Hi {{customer}}, order {{order_id}} has shipped."', '  examples: { customer: Maria, order_id: A-1002 }',
    'footer: "Reply STOP {{}}"',
    'buttons:', '  - type: URL', '    text: Track', '    url: https://shop.example.com/orders/{{}}', '    example: https://shop.example.com/orders/A-1002',
    '',
  ].join('\n');
  await inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/wa_carousel_9.yaml': carousel, 'templates/order_shipped.yaml': standard }, async (dir) => {
    await withServer(dir, async (conn) => {
      const ask = async (file: string, text: string, line: number, nth = 0): Promise<[string, string | undefined][]> => {
        const l = text.split('\n')[line]!;
        let col = -1;
        for (let i = 0; i <= nth; i++) col = l.indexOf('{{}}', col + 1);
        const items = await conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(path.join(dir, file)) }, position: { line, character: col + 2 } }) as Item[];
        return items.map((i) => [i.label, i.detail]);
      };
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path.join(dir, 'templates/wa_carousel_9.yaml')), languageId: 'yaml', version: 1, text: carousel } });
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: uri(path.join(dir, 'templates/order_shipped.yaml')), languageId: 'yaml', version: 1, text: standard } });
      // the bubble's body: its own name, not the cards'
      assert.equal(await ask('templates/wa_carousel_9.yaml', carousel, 5), [['first_name', 'sample: Ana']]);
      // a card's body: the card's own name with the card's sample
      assert.equal(await ask('templates/wa_carousel_9.yaml', carousel, 11), [['price', 'sample: €30']]);
      assert.equal(await ask('templates/wa_carousel_9.yaml', carousel, 19), [['price', 'sample: €31']]);
      // a card's URL button: {{1}}
      assert.equal((await ask('templates/wa_carousel_9.yaml', carousel, 16)).map(([l]) => l), ['1']);
      // a URL button's url: {{1}} with the button's example, never the body's names
      assert.equal(await ask('templates/order_shipped.yaml', standard, 11), [['1', 'sample: https://shop.example.com/orders/A-1002']]);
      // the footer takes no placeholder
      assert.equal(await ask('templates/order_shipped.yaml', standard, 7), []);
      // a text header: the body's named placeholders, with the body's samples (a header's named placeholder may take them)
      const header = standard.replace('body:', 'header: { format: TEXT, text: "Order {{}}" }\nbody:');
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri: uri(path.join(dir, 'templates/order_shipped.yaml')), version: 2 }, contentChanges: [{ text: header }] });
      assert.equal(await ask('templates/order_shipped.yaml', header, 4), [['customer', 'sample: Maria'], ['order_id', 'sample: A-1002']]);
      // verify-11 NEW-C: a text header that holds its one placeholder: nothing (a second name is header-placeholders' error)
      const full = standard.replace('body:', 'header: { format: TEXT, text: "Order {{order_id}} {{}}" }\nbody:');
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri: uri(path.join(dir, 'templates/order_shipped.yaml')), version: 3 }, contentChanges: [{ text: full }] });
      assert.equal(await ask('templates/order_shipped.yaml', full, 4), []);
      // the cursor in the header's one placeholder (`{{ord|}}`): it is the one being written, so every name lint takes there
      const typing = standard.replace('body:', 'header: { format: TEXT, text: "Order {{ord}}" }\nbody:');
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri: uri(path.join(dir, 'templates/order_shipped.yaml')), version: 4 }, contentChanges: [{ text: typing }] });
      const items = await conn.sendRequest('textDocument/completion', { textDocument: { uri: uri(path.join(dir, 'templates/order_shipped.yaml')) }, position: { line: 4, character: typing.split('\n')[4]!.indexOf('{{ord}}') + 5 } }) as Item[];
      assert.equal(items.filter((i) => i.label !== 'ord').map((i) => [i.label, i.detail]), [['customer', 'sample: Maria'], ['order_id', 'sample: A-1002']]);
      await conn.sendRequest('shutdown');
    });
  });
});

test('verify-11 NEW-C: scopedPlaceholderNames in a text header: none once it holds its placeholder; a name it uses with the body\'s sample', async () => {
  const { scopedPlaceholderNames } = await import('../src/lsp/complete.ts');
  const { placeholderSites } = await import('../src/model/sites.ts');
  const t = (header: string) => ({ channel: 'shop-whatsapp', name: 'ready', language: 'en_US', category: 'UTILITY',
    header: { format: 'TEXT', text: header }, body: { text: 'Hi {{customer}}, order {{order_id}} is ready at {{store}}.', examples: { customer: 'Maria', order_id: 'A-1002', store: 'Main St' } } });
  const names = (header: string, typing?: string) => [...scopedPlaceholderNames(t(header), placeholderSites(t(header)), ['header', 'text'], typing)];
  // the report's header, ` {{` typed after its placeholder: nothing (lint refuses a second)
  assert.equal(names('Order {{order_id}} {{'), []);
  assert.equal(names('Order {{order_id}} {{}}', ''), []);
  assert.equal(names('Order {{1}} {{'), []);
  // the placeholder there is the one being typed: the names lint takes, each with its sample (order_id with the body's)
  assert.equal(names('Order {{order_id}}', 'order_id'), [['order_id', 'A-1002'], ['customer', 'Maria'], ['store', 'Main St']]);
  // an empty header: the body's named ones
  assert.equal(names('Order {{'), [['customer', 'Maria'], ['order_id', 'A-1002'], ['store', 'Main St']]);
});

test('channelItems: only the aliases whose kind fits the file; an alias of no kind after the others; a file with both or neither takes all', () => {
  const envs = { prod: { channels: { 'promo-sms': 'a', 'promo-wa': 'b', legacy: 'c' } }, stage: { channels: { 'promo-sms': 'a', 'promo-wa': 'b', legacy: 'c', 'beta-rcs': 'd' } } };
  const kinds = { 'promo-sms': { kind: 'rcs' as const }, 'promo-wa': { kind: 'whatsapp' as const }, 'beta-rcs': { kind: 'rcs' as const } };
  assert.equal(shown(channelItems(envs, kinds, 'rcs')), ['promo-sms', 'legacy', 'beta-rcs']);
  assert.equal(shown(channelItems(envs, kinds, 'whatsapp')), ['promo-wa', 'legacy']);
  assert.equal(shown(channelItems(envs, kinds, 'both')), ['promo-sms', 'promo-wa', 'legacy', 'beta-rcs']);
  assert.equal(shown(channelItems(envs, kinds, undefined)), ['promo-sms', 'promo-wa', 'legacy', 'beta-rcs']);
  assert.match(channelItems(envs, kinds, 'rcs').find((i) => i.label === 'promo-sms')!.detail ?? '', 'an RCS channel');
  // the file's kind: message and no body RCS-only, body and no message WhatsApp, both, or nothing yet
  assert.is(fileKindOf({ channel: null, message: { type: 'text', text: 'Hi' } }), 'rcs');
  assert.is(fileKindOf({ channel: null, body: { text: 'Hi' } }), 'whatsapp');
  assert.is(fileKindOf({ body: { text: 'Hi' }, message: { type: 'text' } }), 'both');
  assert.is(fileKindOf({ channel: null, name: 'x' }), undefined);
  assert.is(fileKindOf(undefined), undefined);
});

test('over stdio: `channel: ` in an RCS-only template offers no WhatsApp alias, in a WhatsApp one no RCS alias', async () => {
  const config = 'templates: ["tpl/**/*.yml"]\ndefaultEnvironment: prod\nenvironments:\n  prod:\n    emulator: .tplsync/emulator.json\n    channels:\n      brand-wa: 6a1f0c2e-1b7d-4e6f-8a1b-2c3d4e5f6a70\n      brand-rbm: 6a1f0c2e-1b7d-4e6f-8a1b-2c3d4e5f6a71\nchannels:\n  brand-wa: { kind: whatsapp }\n  brand-rbm: { kind: rcs }\n';
  const rcs = 'channel: \nname: spring_sale\nlanguage: de\nmessage:\n  type: text\n  text: "Frühlingsangebote ab heute"\n  fallback: { text: "Frühlingsangebote ab heute" }\n';
  const wa = 'channel: \nname: spring_sale_wa\nlanguage: de\ncategory: MARKETING\nbody:\n  text: "Frühlingsangebote ab heute"\n';
  await inProjectDir({ 'tplsync.config.yaml': config, 'tpl/spring.yml': rcs, 'tpl/spring-wa.yml': wa }, async (dir) => {
    await withServer(dir, async (conn) => {
      const one = uri(path.join(dir, 'tpl/spring.yml'));
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: one, languageId: 'yaml', version: 1, text: rcs } });
      const items = await conn.sendRequest('textDocument/completion', { textDocument: { uri: one }, position: { line: 0, character: 9 } }) as Item[];
      assert.equal(shown(items), ['brand-rbm']);
      const two = uri(path.join(dir, 'tpl/spring-wa.yml'));
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: two, languageId: 'yaml', version: 1, text: wa } });
      const other = await conn.sendRequest('textDocument/completion', { textDocument: { uri: two }, position: { line: 0, character: 9 } }) as Item[];
      assert.equal(shown(other), ['brand-wa']);
    });
  });
});

test('over stdio: `language: ` ranks the languages of the file\'s own channel second, not another channel\'s (trial-bp F3)', async () => {
  const config = 'templates: ["tpl/**/*.yml"]\ndefaultEnvironment: prod\nenvironments:\n  prod:\n    emulator: .tplsync/emulator.json\n    channels:\n      brand-wa: 6a1f0c2e-1b7d-4e6f-8a1b-2c3d4e5f6a70\n      brand-rbm: 6a1f0c2e-1b7d-4e6f-8a1b-2c3d4e5f6a71\nchannels:\n  brand-wa: { kind: whatsapp, languages: [en_US, de, es] }\n  brand-rbm: { kind: rcs, languages: [en_US, fr] }\n';
  const rcs = 'channel: brand-rbm\nname: flash\nlanguage: \nmessage:\n  type: text\n  text: "Flash sale today"\n  fallback: { text: "Flash sale today" }\n';
  const wa = 'channel: brand-wa\nname: promo\nlanguage: \ncategory: MARKETING\nbody:\n  text: "Our spring sale starts today"\n';
  await inProjectDir({ 'tplsync.config.yaml': config, 'tpl/flash.en_US.yml': rcs, 'tpl/promo.en_US.yml': wa }, async (dir) => {
    await withServer(dir, async (conn) => {
      const ask = async (file: string, text: string): Promise<Item[]> => {
        const u = uri(path.join(dir, file));
        await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: u, languageId: 'yaml', version: 1, text } });
        return await conn.sendRequest('textDocument/completion', { textDocument: { uri: u }, position: { line: 2, character: 10 } }) as Item[];
      };
      const ofRcs = await ask('tpl/flash.en_US.yml', rcs);
      assert.equal(shown(ofRcs).slice(0, 2), ['en_US', 'fr']);
      assert.equal(ofRcs.filter((i) => i.detail?.startsWith('a language')).map((i) => [i.label, i.detail]), [['fr', 'a language channel brand-rbm asks for']]);
      const ofWa = await ask('tpl/promo.en_US.yml', wa);
      assert.equal(shown(ofWa).slice(0, 3), ['en_US', 'de', 'es']);
      assert.equal(ofWa.filter((i) => i.detail?.startsWith('a language')).map((i) => i.label), ['de', 'es']);
      await conn.sendRequest('shutdown');
    });
  });
});

test.run();
