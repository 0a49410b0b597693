// pull and pull --from keep a file's references (a reviewer's attack on the last fixes): a secret
// whose value in an export is an earlier one (a rotation) or another environment's stays its
// reference, never a value in clear; a value under 8 characters that is a whole field (a copy-code
// sample, a flow id) or starts a text stays its reference; an export of another environment's
// account keeps short references too; a file's CRLF line ends and byte-order mark are kept; RCS cards
// the channel reordered are compared with their own (a secret in one, a reference in a title).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { templateId } from '../src/model/ids.ts';
import { positionalNamesBack } from '../src/pull/positional-names.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const RCS = '5e0f3a40-1b2c-4d5e-8f90-a1b2c3d4e5f6';
const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/local.json
    channels: { wa: ${CHANNEL_A}, rcs: ${RCS} }
    values: { code: SAVE10, flow_id: "1234567", x: A, cc: "49", city: Berlin, promo: { env: LOCAL_PROMO } }
  staging:
    emulator: .tplsync/staging.json
    channels: { wa: ${CHANNEL_B}, rcs: 8d2f3e4a-5b6c-4d7e-9f80-1a2b3c4d5e6f }
    values: { code: DEAL20, flow_id: "7654321", x: B, cc: "44", city: London, promo: { env: STG_PROMO } }
channels:
  wa: { kind: whatsapp }
  rcs: { kind: rcs }
`;
const ENV = { LOCAL_PROMO: 'cnryLocalVip26', STG_PROMO: 'cnryStageVip26' };
const meta = (name: string, components: unknown[]) => JSON.stringify({ data: [{ name, language: 'en_US', status: 'APPROVED', category: 'MARKETING', id: '1602436420123456', parameter_format: 'POSITIONAL', components }] });
const read = (dir: string, f: string): string => readFileSync(path.join(dir, f), 'utf8');
/** a FLOW button's reference written back as the file wrote it (flow_id:, not flow: { id }), the edit taken, nothing said lost */
function flowReferenceKept(text: string, stderr: string, edit: RegExp): void {
  assert.match(text, edit);
  assert.match(text, /\n    flow_id: \(\(flow_id\)\)\n/);
  assert.not.match(text, /flow:|1234567/);
  assert.not.match(stderr, /no longer holds/);
}
/** `pull --from meta --force EXPORT` into the project at `dir`, the secrets' variables set */
const pullFromMeta = (dir: string, exportFile: string, env: Record<string, string> = ENV) => cliIn(['pull', '--from', 'meta', '--channel', 'wa', '--force', exportFile], { cwd: dir, env });

test('pull --from meta over a file with a secret: an earlier value (a rotation) or another environment\'s in the export stays ((promo)); beside other edits the template is not written', async () => {
  const dir = tempDir();
  try {
    const file = 'channel: wa\nname: vip_invite\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hello {{1}}, you are invited to our VIP night. Entry code ((promo)), see you soon!"\n  examples: { 1: Ana }\n';
    const body = (code: string, end = 'see you soon!') => [{ type: 'BODY', text: `Hello {{1}}, you are invited to our VIP night. Entry code ${code}, ${end}`, example: { body_text: [['Ana']] } }];
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/vip.yaml': file, 'old.json': meta('vip_invite', body('cnryOldVip2025')), 'stage.json': meta('vip_invite', body(ENV.STG_PROMO)) });
    for (const [exp, env] of [['old.json', ENV], ['stage.json', { LOCAL_PROMO: ENV.LOCAL_PROMO }]] as const) {
      const r = await pullFromMeta(dir, exp, env);
      assert.is(r.exitCode, 0, r.stderr);
      assert.is(read(dir, 'templates/vip.yaml'), file, `${exp}: the file says it already (its reference), left as it is`);
      assert.not.match(r.stdout + r.stderr, /cnry/);
    }
    // an edit next to the earlier value: what stands for the secret cannot be told from the edit
    writeFiles(dir, { 'edited.json': meta('vip_invite', [{ ...body('cnryOldVip2025')[0]!, text: 'Hello {{1}}, you are invited to our VIP night. Your entry code is cnryOldVip2025, see you soon!' }]) });
    const r = await pullFromMeta(dir, 'edited.json');
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /body\.text: the file has a secret here, and the export's text around it differs too/);
    assert.is(read(dir, 'templates/vip.yaml'), file);
    assert.not.match(r.stdout + r.stderr, /cnry/);
  } finally { cleanup(dir); }
});

test('pull --from meta: a short value that is a whole field or starts a text stays its reference; another environment\'s short values too; CRLF and the byte-order mark kept', async () => {
  const dir = tempDir();
  try {
    const sale = 'channel: wa\nname: spring_sale\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, spring sale now on."\n  examples:\n    1: Ana\nbuttons:\n  - type: COPY_CODE\n    example: ((code))\n';
    const saleParts = (text: string, code: string) => [{ type: 'BODY', text, example: { body_text: [['Ana']] } }, { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: code }] }];
    const order = '\ufeff# our order note\r\nchannel: wa\r\nname: order_note\r\nlanguage: en_US\r\ncategory: MARKETING\r\nbody:\r\n  text: "Hi {{1}}, order ((x)) ships today. Call +((cc)) 30 1234567 for help."  # keep short\r\n  examples: { 1: Ana }\r\n';
    const orderParts = (x: string, cc: string, end = 'for help.') => [{ type: 'BODY', text: `Hi {{1}}, order ${x} ships today. Call +${cc} 30 1234567 ${end}`, example: { body_text: [['Ana']] } }];
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG, 'templates/sale.yaml': sale, 'templates/order.yaml': order,
      'same.json': meta('spring_sale', saleParts('Hi {{1}}, spring sale now on.', 'SAVE10')),
      'edited.json': meta('spring_sale', saleParts('Hi {{1}}, the spring sale is now on.', 'SAVE10')),
      'order.json': meta('order_note', orderParts('B', '44', 'for any help.')),
    });
    let r = await pullFromMeta(dir, 'same.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(read(dir, 'templates/sale.yaml'), sale, 'nothing changed: byte for byte');
    assert.not.match(r.stderr, /no longer holds/);
    r = await pullFromMeta(dir, 'edited.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(read(dir, 'templates/sale.yaml'), /the spring sale is now on[\s\S]*example: \(\(code\)\)/);
    assert.not.match(r.stderr, /no longer holds/);
    // staging's export pulled with local's --env: its short values where the file's references stood stay references
    r = await pullFromMeta(dir, 'order.json');
    assert.is(r.exitCode, 0, r.stderr);
    const text = read(dir, 'templates/order.yaml');
    assert.match(text, /order \(\(x\)\) ships today\. Call \+\(\(cc\)\) 30 1234567 for any help\./);
    assert.not.match(r.stderr, /no longer holds/);
    assert.ok(text.startsWith('\ufeff'), JSON.stringify(text.slice(0, 30)));
    assert.match(text, /# our order note\r\n/);
    assert.not.match(text.replace(/\r\n/g, ''), /\n/, 'every line ends with CRLF');
    assert.match(text, /# keep short/);
  } finally { cleanup(dir); }
});

test('pull over RCS cards the channel reordered: a card with a secret, and one whose title refers to a value, keep their references', async () => {
  const dir = tempDir();
  try {
    const cards = (a: string, b: string) => `channel: rcs\nname: vip_cards\nlanguage: en_US\nmessage:\n  type: rich_card\n  richCards:\n${a}${b}  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }\n  examples: { name: Ana }\n`;
    const one = '    - title: Sneakers in ((city))\n      description: "Use ((code)) for 20% off, {{name}}."\n      fileUrl: https://cdn.shop.example/img/sneakers.jpg\n';
    const two = '    - title: Jackets\n      description: "VIP code ((promo)) at the till."\n      fileUrl: https://cdn.shop.example/img/jackets.jpg\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/cards.yaml': cards(one, two) });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env: ENV })).exitCode, 0);
    writeFiles(dir, { 'templates/cards.yaml': cards(two, one) });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env: ENV })).exitCode, 0);
    writeFiles(dir, { 'templates/cards.yaml': cards(one, two) });
    const r = await cliIn(['pull', '--channel', 'rcs', '--id', templateId(RCS, 'vip_cards', 'en_US'), '--force'], { cwd: dir, env: ENV });
    assert.is(r.exitCode, 0, r.stderr);
    const text = read(dir, 'templates/cards.yaml');
    assert.match(text, /- title: Jackets\n\s+description: "VIP code \(\(promo\)\) at the till\."[\s\S]*- title: Sneakers in \(\(city\)\)\n\s+description: "Use \(\(code\)\) for 20% off, \{\{1\}\}\."/);
    assert.not.match(text + r.stdout + r.stderr, /cnry|SAVE10/);
  } finally { cleanup(dir); }
});

test('pull of a FLOW button written flow_id: ((flow_id)) (a 7-character id the channel kept): the reference stays, in that form', async () => {
  const dir = tempDir();
  try {
    const file = (minute: string) => `channel: wa\nname: feedback_flow\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Thanks for shopping with us, {{1}}! Tell us how we did, it takes ${minute}."\n  examples: { 1: Ana }\nbuttons:\n  - type: FLOW\n    text: Give feedback\n    flow_id: ((flow_id))\n`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/flow.yaml': file('a minute') });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env: ENV })).exitCode, 0);
    writeFiles(dir, { 'templates/flow.yaml': file('two minutes') });
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env: ENV })).exitCode, 0);
    writeFiles(dir, { 'templates/flow.yaml': file('a minute') });
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'feedback_flow', 'en_US'), '--force'], { cwd: dir, env: ENV });
    assert.is(r.exitCode, 0, r.stderr);
    flowReferenceKept(read(dir, 'templates/flow.yaml'), r.stderr, /it takes two minutes/);
  } finally { cleanup(dir); }
});

test('pull --from meta over a file with flow_id: ((flow_id)) (format.md\'s own form): unchanged, left byte for byte; edited elsewhere, the reference kept in that form', async () => {
  const dir = tempDir();
  try {
    const file = 'channel: wa\nname: size_finder\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, find the right size for your next pair in one minute."\n  examples: { 1: Ana }\nbuttons:\n  - type: FLOW\n    text: Find my size\n    flow_id: ((flow_id))\n';
    const parts = (text: string) => [{ type: 'BODY', text, example: { body_text: [['Ana']] } }, { type: 'BUTTONS', buttons: [{ type: 'FLOW', text: 'Find my size', flow_id: '1234567' }] }];
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/size.yaml': file,
      'same.json': meta('size_finder', parts('Hi {{1}}, find the right size for your next pair in one minute.')),
      'edited.json': meta('size_finder', parts('Hi {{1}}, find the right size for your next pair in two minutes.')) });
    let r = await pullFromMeta(dir, 'same.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(read(dir, 'templates/size.yaml'), file);
    r = await pullFromMeta(dir, 'edited.json');
    assert.is(r.exitCode, 0, r.stderr);
    flowReferenceKept(read(dir, 'templates/size.yaml'), r.stderr, /in two minutes/);
  } finally { cleanup(dir); }
});

test('pull --from a positional Meta export over a file that names its placeholders: the names come back by number (a rotated secret beside them placed too); a placeholder added: numbered, and said', async () => {
  const dir = tempDir();
  try {
    const file = 'channel: wa\nname: welcome_back\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{first_name}}, welcome back, {{first_name}}: use code ((promo)) at {{store}} this week."\n  examples: { first_name: Jonas, store: Berlin }\n';
    const body = (text: string, ex: string[]) => [{ type: 'BODY', text, example: { body_text: [ex] } }];
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/welcome.yaml': file,
      'same.json': meta('welcome_back', body('Hi {{1}}, welcome back, {{1}}: use code cnryOldPromo26 at {{2}} this week.', ['Jonas', 'Berlin'])),
      'edited.json': meta('welcome_back', body('Hi {{1}}, welcome back to {{2}}, {{1}}: use code cnryLocalVip26 this week.', ['Jonas', 'Berlin'])),
      'added.json': meta('welcome_back', body('Hi {{1}}, welcome back, {{1}}: use code cnryLocalVip26 at {{2}} until {{3}}.', ['Jonas', 'Berlin', 'Sunday'])) });
    let r = await pullFromMeta(dir, 'same.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(read(dir, 'templates/welcome.yaml'), file, 'the same once numbered, its rotated secret its reference: left as it is');
    r = await pullFromMeta(dir, 'edited.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(read(dir, 'templates/welcome.yaml'), /text: "Hi \{\{first_name\}\}, welcome back to \{\{store\}\}, \{\{first_name\}\}: use code \(\(promo\)\) this week\."/);
    assert.not.match(r.stderr, /numbers them/);
    r = await pullFromMeta(dir, 'added.json');
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /templates\/welcome\.yaml: the file named its placeholders, and the export numbers them \(a positional template\)/);
    assert.not.match(read(dir, 'templates/welcome.yaml') + r.stdout + r.stderr, /cnry/);
  } finally { cleanup(dir); }
});

test('positionalNamesBack: names where the numbers are certainly the file\'s names; otherwise (a number more, numbers out of their order, a text of names, no names) as it is', () => {
  const own = { header: { format: 'TEXT', text: 'Order {{order_id}}' }, body: { text: 'Hi {{name}}, order {{order_id}} for {{name}}.', examples: { name: 'Ana', order_id: 'A1' } } };
  const back = positionalNamesBack({ header: { format: 'TEXT', text: 'Order {{1}} shipped', examples: { 1: 'A1' } }, body: { text: 'For {{1}}: hi {{2}}.', examples: { 2: 'Ana', 1: 'A1' } } }, own);
  assert.equal({ value: back.value, kept: back.kept }, { value: { header: { format: 'TEXT', text: 'Order {{order_id}} shipped', examples: { order_id: 'A1' } }, body: { text: 'For {{order_id}}: hi {{name}}.', examples: { name: 'Ana', order_id: 'A1' } } }, kept: [] });
  // each part's numbers with their names (what the renumbering of a Twilio export is said in)
  assert.equal([...back.named!].map(([f, m]) => [f, [...m]]), [['header', [['1', 'order_id']]], ['body', [['1', 'order_id'], ['2', 'name']]]]);
  const more = { body: { text: 'Hi {{1}}, {{2}} and {{3}}.' } };
  assert.is(positionalNamesBack(more, own).value, more);
  assert.match(positionalNamesBack(more, own).kept[0]!.message, /the export has 3 placeholders here, the file 2/);
  const unordered = { body: { text: 'For {{2}}: hi {{1}}.', examples: { 1: 'Ana', 2: 'A1' } } };
  assert.is(positionalNamesBack(unordered, own).value, unordered);
  const namedAlready = { body: { text: 'Hi {{name}}.' } };
  assert.equal(positionalNamesBack(namedAlready, own), { value: namedAlready, kept: [] });
  assert.equal(positionalNamesBack({ body: { text: 'Hi {{1}}.' } }, { body: { text: 'Hi {{1}}.' } }), { value: { body: { text: 'Hi {{1}}.' } }, kept: [] });
});

test.run();
