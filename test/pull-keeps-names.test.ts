// pull keeps names: pulling over the file of a template (or while a file holds it) keeps that
// file's placeholder names, and its RCS samples, which the read does not return, when the file
// says what the channel says; the files lint clean and plan with no changes. A template that
// changed on the channel since the file comes back with the channel's numbers, and pull says so.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const ORDER = 'channel: wa\nname: order_named\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{first_name}}, order {{order_id}} ships today."\n  examples: { first_name: Ana, order_id: A-1042 }\n';
const CARD = 'channel: rcs\nname: parcel_card\nlanguage: en_US\ndescription: Parcel\nmessage:\n  type: text\n  message: "Your parcel {{order_id}} reaches {{city}} today."\n  examples: { order_id: A-1042, city: Berlin }\n';


/** a project on an emulator of its own (channels wa and rcs; `values`: the environment's values lines), removed with it after `fn` */
async function inProject(prefix: string, files: Record<string, string>, fn: (dir: string) => Promise<void>, values = ''): Promise<void> {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir(prefix);
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A}, rcs: ${CHANNEL_B} }\n${values}`, ...files });
    await fn(dir);
  } finally { cleanup(dir); await emu.close(); }
}

test('pull --force over the files: names and RCS samples kept, lint clean, no changes; changed on the channel: numbers, said', async () => {
  await inProject('tplsync-keep-', {
    'templates/order_named.en_US.yaml': `# owned by the fulfilment team\n${ORDER.replace('category: UTILITY\n', 'category: UTILITY # approved as utility in March\n# the wording legal signed off\n')}`, 'templates/parcel_card.en_US.yaml': CARD,
  }, async (dir) => {
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const wa = templateId(CHANNEL_A, 'order_named', 'en_US'), rcs = templateId(CHANNEL_B, 'parcel_card', 'en_US');
    let r = await cliIn(['pull', '--channel', 'wa', '--id', wa, '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    r = await cliIn(['pull', '--channel', 'rcs', '--id', rcs, '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const order = readFileSync(path.join(dir, 'templates', 'order_named.en_US.yaml'), 'utf8');
    // the file's own comments kept (pull's note added on top)
    for (const c of ['# owned by the fulfilment team\n', 'category: UTILITY # approved as utility in March\n', '# the wording legal signed off\n']) assert.match(order, c);
    // (the body as the file wrote it: the channel has it the same, and the file's own layout stays)
    assert.match(order, 'Hi {{first_name}}, order {{order_id}} ships today.');
    assert.match(order, /first_name: Ana/);
    assert.match(order, /order_id: A-1042/);
    const card = readFileSync(path.join(dir, 'templates', 'parcel_card.en_US.yaml'), 'utf8');
    // the file as it was, its quotes and flow mapping included (a review shows what the channel changed: here nothing)
    assert.is(card.replace(/^# (?:yaml-language-server|Pulled from ).*\n/gm, ''), CARD);
    assert.not.match(card, /\(sample/);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    let plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    // the body changes on the channel (applied from elsewhere); the file still says the old text
    writeFiles(dir, { 'other/order.yaml': ORDER.replace('ships today', 'ships tomorrow') });
    assert.is((await cliIn(['apply', 'other/order.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    r = await cliIn(['pull', '--channel', 'wa', '--id', wa, '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    // (no git here: which side moved cannot be told, and both are said; the same samples keep the names)
    assert.match(r.stderr, 'order_named/en_US: templates/order_named.en_US.yaml did not say what t\'s copy says; either it changed on the channel (an edit outside tplsync), or the file changed since it was last applied');
    assert.match(r.stderr, 'order_named/en_US: the file\'s placeholder names kept: the texts differ, and each of the channel\'s samples is the file\'s sample of one name alone');
    assert.match(readFileSync(path.join(dir, 'templates', 'order_named.en_US.yaml'), 'utf8'), /text: "Hi \{\{first_name\}\}, order \{\{order_id\}\} ships tomorrow\."/);
    plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    // the RCS message changes on the channel: the read returns no samples, and the file's own stay (not pull's stub),
    // in the file's quotes
    writeFiles(dir, { 'other/card.yaml': CARD.replace('today', 'tomorrow') });
    // (the file as a Windows editor saves it: a byte-order mark and CRLF, which the file pulled over keeps)
    const cardFile = path.join(dir, 'templates', 'parcel_card.en_US.yaml');
    writeFileSync(cardFile, `\ufeff${readFileSync(cardFile, 'utf8').replace(/\n/g, '\r\n')}`);
    assert.is((await cliIn(['apply', 'other/card.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    r = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(CHANNEL_B, 'parcel_card', 'en_US'), '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const pulled = readFileSync(path.join(dir, 'templates', 'parcel_card.en_US.yaml'), 'utf8');
    assert.match(pulled, 'message: "Your parcel {{1}} reaches {{2}} tomorrow."');
    assert.match(pulled, /examples: \{ "?1"?: A-1042, "?2"?: Berlin \}/, pulled);
    assert.not.match(pulled, /\(sample/);
    assert.is(pulled.charCodeAt(0), 0xfeff, 'the byte-order mark kept');
    assert.not.match(pulled, /[^\r]\n/, 'every line ends with CRLF');
  });
});

test('changed on the channel, a named template whose names cannot be told comes back numbered: each sample keeps its comment and quotes, under its number', async () => {
  const NAMED = 'channel: wa\nname: order_shipped_c\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{customer}}, your order {{order_id}} has shipped."\n  examples:\n    customer: "Maria" # double quoted on purpose\n    # a leading zero that must stay\n    order_id: \'00042\'\n';
  // (a placeholder added on the channel: which number is which name is not certain)
  const added = NAMED.replace('has shipped', 'is on its way to {{city}}').replace("order_id: '00042'\n", "order_id: '00042'\n    city: Berlin\n");
  await inProject('tplsync-keep-', { 'templates/order_shipped_c.en_US.yaml': NAMED, 'other/o.yaml': added }, async (dir) => {
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', 'other/o.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped_c', 'en_US'), '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    const text = readFileSync(path.join(dir, 'templates', 'order_shipped_c.en_US.yaml'), 'utf8');
    assert.match(text, 'text: "Hi {{1}}, your order {{2}} is on its way to {{3}}."');
    assert.match(r.stderr, "its placeholders are the channel's numbers, as which number is which of the file's names is not certain (body: the file has 2 placeholders, the channel's template 3");
    assert.match(text, /\n {4}"?1"?: "Maria" # double quoted on purpose\n {4}# a leading zero that must stay\n {4}"?2"?: '00042'\n/, text);
  });
});

test('a template without placeholders changed on the channel: pull says it changed, and nothing of numbers', async () => {
  const PLAIN = 'channel: rcs\nname: store_news\nlanguage: en_US\ndescription: News\nmessage:\n  type: text\n  message: "Our store opens on Sundays from May."\n';
  await inProject('tplsync-keep-', { 'templates/store_news.en_US.yaml': PLAIN, 'other/news.yaml': PLAIN.replace('from May', 'from June') }, async (dir) => {
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', 'other/news.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(CHANNEL_B, 'store_news', 'en_US'), '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, "store_news/en_US: templates/store_news.en_US.yaml did not say what t's copy says; either it changed on the channel", r.stderr);
    assert.not.match(r.stderr, "the channel's numbers");
  });
});

test('pull --force over an RCS file keeps its references to environment values (((cdn)), ((support_phone))) where it wrote this environment\'s values', async () => {
  const SUPPORT = [
    'channel: rcs', 'name: support_card', 'language: en_US', 'message:', '  type: rich_card', '  richCards:',
    '    - title: Need help?', '      description: "Hi {{first_name}}, our agents are here."', '      fileUrl: ((cdn))/support/agent.jpg', '      suggestions:',
    '        - { action: dial, text: Call us, postbackData: call, phoneNumber: ((support_phone)) }',
    '        - { action: open_url, text: Help centre, postbackData: ((portal))/help, openUrlApplication: BROWSER }',
    '  examples: { first_name: Ana }', '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }',
    '  fallback:', '    text: "Hi {{first_name}}, call us on ((support_phone)) or visit ((portal))/help"', '',
  ].join('\n');
  await inProject('tplsync-keep-refs-', { 'templates/support_card.en_US.yaml': SUPPORT }, async (dir) => {
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(CHANNEL_B, 'support_card', 'en_US'), '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const card = readFileSync(path.join(dir, 'templates', 'support_card.en_US.yaml'), 'utf8');
    assert.not.match(card, /telco\.example|441632960555/);
    assert.is(card.replace(/^# (?:yaml-language-server|Pulled from ).*\n/gm, ''), SUPPORT);
  }, '    values:\n      cdn: https://cdn.telco.example\n      support_phone: "+441632960555"\n      portal: https://my.telco.example\n');
});

test('pull --force without --dir writes over the file that holds the template, wherever it lives (it wrote a second file in the default folder)', async () => {
  await inProject('tplsync-in-place-', { 'templates/whatsapp/orders/order_named.en_US.yaml': ORDER }, async (dir) => {
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    writeFiles(dir, { 'other/order.yaml': ORDER.replace('ships today', 'ships tomorrow') });
    assert.is((await cliIn(['apply', 'other/order.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const id = templateId(CHANNEL_A, 'order_named', 'en_US');
    // without --force: held, nothing written
    let r = await cliIn(['pull', '--channel', 'wa', '--id', id], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.ok(existsSync(path.join(dir, 'templates', 'order_named.en_US.yaml')));
    r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.ok(existsSync(path.join(dir, 'templates', 'order_named.en_US.yaml')), 'no second file');
    const text = readFileSync(path.join(dir, 'templates', 'whatsapp', 'orders', 'order_named.en_US.yaml'), 'utf8');
    assert.match(text, /ships tomorrow/);
    // a file pulled over gets none of pull's own lines (the schema modeline, the note: a new file's)
    assert.not.match(text, /yaml-language-server|Pulled from/);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    // --dir naming another folder: a second file there, said
    r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--dir', 'templates'], { cwd: dir, env });
    assert.match(r.stderr, /already lives in templates\/whatsapp\/orders\/order_named\.en_US\.yaml; nothing written to --dir templates \(--force writes a second file there/);
  });
});

test('pull --force keeps a text the file writes with a reference wherever it reads, filled in, as the channel has it (((shop_host))-cart), and a literal address stays literal', async () => {
  const CART = [
    'channel: wa', 'name: cart_reminder', 'language: en_US', 'category: MARKETING',
    'body:', '  text: "Hi {{1}}, you left items in your cart. Questions? https://shop.example.com/faq"', '  examples: { 1: Ana }',
    'buttons:', '  - { type: URL, text: Open cart, url: "((shop_host))-cart/{{1}}", example: "((shop_host))-cart/c-991" }',
    '  - { type: URL, text: Help, url: "https://shop.example.com/help" }', '',
  ].join('\n');
  await inProject('tplsync-keep-fill-', { 'templates/cart.yaml': CART }, async (dir) => {
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const id = templateId(CHANNEL_A, 'cart_reminder', 'en_US');
    // unchanged on the channel: the file as it was
    let r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(readFileSync(path.join(dir, 'templates', 'cart.yaml'), 'utf8').replace(/^# (?:yaml-language-server|Pulled from ).*\n/gm, ''), CART);
    // the body changed on the channel: the buttons, unchanged, as the file wrote them
    writeFiles(dir, { 'other/cart.yaml': CART.replace('you left items', 'you still have items') });
    assert.is((await cliIn(['apply', 'other/cart.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    r = await cliIn(['pull', '--channel', 'wa', '--id', id, '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const text = readFileSync(path.join(dir, 'templates', 'cart.yaml'), 'utf8');
    assert.match(text, 'you still have items');
    assert.match(text, 'url: "((shop_host))-cart/{{1}}", example: "((shop_host))-cart/c-991"');
    assert.match(text, 'url: "https://shop.example.com/help"');
    // (the changed body is the channel's text, its values written as the references the file uses: docs/commands/pull.md)
    assert.not.match(text, /shop_host\)\)\/help/);
  }, '    values:\n      shop_host: https://shop.example.com\n');
});

test('pull --force of an RCS card whose texts the channel still has, another field changed: the channel\'s field, the file\'s names and samples kept (they came back numbered)', async () => {
  const SALE = [
    'channel: rcs', 'name: spring_sale', 'language: en_US', 'message:', '  type: rich_card', '  richCards:',
    '    - title: "Spring sale, {{first_name}}!"', '      description: "Up to {{discount}} off until Sunday."', '      fileUrl: https://cdn.example.com/spring.jpg',
    '      suggestions:', '        - { action: reply, text: Show me, postbackData: show }', '        - { action: reply, text: Not now, postbackData: later }',
    '  examples: { first_name: Jonas, discount: 30% }', '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }', '',
  ].join('\n');
  await inProject('tplsync-keep-rcs-', { 'templates/spring_sale.en_US.yaml': SALE }, async (dir) => {
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const file = path.join(dir, 'templates', 'spring_sale.en_US.yaml');
    // the file and the channel differ in a field that is no text (and in the suggestions' order)
    writeFiles(dir, { 'templates/spring_sale.en_US.yaml': SALE.replace('mediaHeight: MEDIUM', 'mediaHeight: TALL') });
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(CHANNEL_B, 'spring_sale', 'en_US'), '--dir', 'templates', '--force'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.not.match(r.stderr, /placeholders are the channel's numbers/);
    const pulled = readFileSync(file, 'utf8');
    assert.match(pulled, 'mediaHeight: MEDIUM', 'the channel\'s field');
    assert.match(pulled, 'Spring sale, {{first_name}}!');
    assert.match(pulled, 'Up to {{discount}} off until Sunday.');
    assert.match(pulled, /first_name: Jonas/);
    assert.match(pulled, /discount: 30%/);
    assert.not.match(pulled, /\{\{\d\}\}/);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    assert.is((await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env })).exitCode, 0, 'no changes');
  });
});

test.run();
