// pull --from twilio: every fixture (written from Twilio's documentation, the page cited in each,
// one per content type) becomes files that lint clean, apply to the emulator and then plan with no
// changes; what a file leaves out is listed by template and field (exit 1); what it cannot carry
// is listed and not written; a template in a file is not duplicated; export --to twilio of the
// files reads back to the same files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, FIXTURES, ROOT, tempDir, writeFiles } from './helpers.ts';

const TWILIO = path.join(FIXTURES, 'twilio');
const expressible = readdirSync(TWILIO).filter((f) => f.endsWith('.json') && f !== 'not-expressible.json').map((f) => path.join(TWILIO, f));
const strip = (t: string) => t.split('\n').filter((l) => !l.startsWith('#')).join('\n');

test('one fixture per type: lint clean, apply, plan with no changes; left-out parts listed; pulled again: reported, not duplicated; export and back: the same files', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-twilio-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    const env = { TPLSYNC_API_KEY: 'k' };
    const r = await cliIn(['pull', '--from', 'twilio', ...expressible, '--channel', 'shop-whatsapp'], { cwd: dir });
    // the quick replies' ids, the text fallback, the catalog's products: written without them, listed
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /owl_air_qr\/en \(.*quick-reply\.json contents\[0\]\) written to templates\/owl_air_qr\.en\.yaml without [^\n]*\n  types\.twilio\/quick-reply\.actions\[0\]\.id: [^\n]*\n  types\.twilio\/quick-reply\.actions\[1\]\.id: [^\n]*\n  types\.twilio\/quick-reply\.actions\[2\]\.id: [^\n]*\n  types\.twilio\/text: /);
    assert.match(r.stderr, /catalog_menu\/en [^\n]*\n  types\.twilio\/catalog\.id: [^\n]*\n  types\.twilio\/catalog\.thumbnail_item_id: [^\n]*\n  types\.twilio\/catalog\.items: /);
    const files = readdirSync(path.join(dir, 'templates')).sort();
    assert.equal(files, ['catalog_menu.en.yaml', 'media_template.en.yaml', 'owl_air_cta.en.yaml', 'owl_air_qr.en.yaml', 'owl_coupon_card.en.yaml', 'owl_coupon_code.en.yaml', 'support_call.en.yaml', 'text_template.en.yaml', 'twilio_deal.en.yaml', 'verify_login.en.yaml']);
    assert.match(readFileSync(path.join(dir, 'templates', 'text_template.en.yaml'), 'utf8'), /category: UTILITY # the export has no category: check it/);
    assert.match(readFileSync(path.join(dir, 'templates', 'owl_coupon_code.en.yaml'), 'utf8'), /category: MARKETING\n/);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0);
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    const plan = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    const again = await cliIn(['pull', '--from', 'twilio', path.join(TWILIO, 'text.json'), '--channel', 'shop-whatsapp', '--dir', 'elsewhere'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stderr, /text_template\/en \(.*text\.json contents\[0\]\) already lives in templates\/text_template\.en\.yaml/);
    assert.equal(readdirSync(path.join(dir, 'templates')).length, 10);
    // export --to twilio, and back: the same files
    // the multi-product template's items are given when sending: Twilio's catalog needs them in the template
    const ex = await cliIn(['export', '--to', 'twilio', '--out', 'twilio.json'], { cwd: dir });
    assert.is(ex.exitCode, 1, ex.stderr);
    assert.match(ex.stderr, /catalog_menu\/en \(templates\/catalog_menu\.en\.yaml\): buttons\[0\]: a multi-product template/);
    const requests = JSON.parse(readFileSync(path.join(dir, 'twilio.json'), 'utf8')) as { content: { friendly_name: string; types: object }; approval: { category: string } }[];
    assert.is(requests.length, 9);
    assert.not.ok(requests.some((x) => x.content.friendly_name === 'catalog_menu'));
    const back = await cliIn(['pull', '--from', 'twilio', 'twilio.json', '--channel', 'shop-whatsapp', '--dir', 'back', '--force'], { cwd: dir });
    assert.is(back.exitCode, 0, back.stderr);
    for (const f of files.filter((x) => x !== 'catalog_menu.en.yaml')) assert.is(strip(readFileSync(path.join(dir, 'back', f), 'utf8')).replace(/ # the export has no category: .*/, ''), strip(readFileSync(path.join(dir, 'templates', f), 'utf8')).replace(/ # the export has no category: .*/, ''), f);
  } finally { cleanup(dir); await emu.close(); }
});

test('what a file cannot carry: listed by template and field, exit 1, only the rest written', async () => {
  const dir = tempDir('tplsync-twilio-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    const r = await cliIn(['pull', '--from', 'twilio', path.join(TWILIO, 'not-expressible.json'), '--channel', 'shop-whatsapp', '--category', 'MARKETING'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /owl_air_location\/en [^\n]*\n  types: none of twilio\/location is a WhatsApp template/);
    assert.match(r.stderr, /Owl Air Deal\/en [^\n]*\n  friendly_name: /);
    // a card's title: WhatsApp's carousel card has none, so it is the first line of the card's body (said)
    assert.match(r.stderr, /titled_carousel\/en [^\n]*written to templates\/titled_carousel\.en\.yaml without [^\n]*\n  types\.twilio\/carousel\.cards\[0\]\.title: [^\n]*folds it into the card's body[^\n]*\n  types\.twilio\/carousel\.cards\[0\]\.actions\[0\]\.id: [^\n]*\n  types\.twilio\/carousel\.cards\[1\]\.title: /);
    assert.match(r.stderr, /call_owl_air\/en [^\n]*\n  types\.twilio\/call-to-action\.actions\[0\]\.type: a VOICE_CALL_REQUEST action/);
    assert.equal(readdirSync(path.join(dir, 'templates')).sort(), ['plain_and_fine.en.yaml', 'titled_carousel.en.yaml']);
    assert.match(readFileSync(path.join(dir, 'templates', 'titled_carousel.en.yaml'), 'utf8'), /text: \|-\n\s+Hoodie\n\s+Warm\n/);
    assert.match(readFileSync(path.join(dir, 'templates', 'plain_and_fine.en.yaml'), 'utf8'), /category: MARKETING # the export has no category: --category gave this one\n/);
    // a file written that breaks a platform rule: linted as written, the finding at its line and column
    writeFiles(dir, { 'ends.json': JSON.stringify([{ friendly_name: 'ends_badly', language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/text': { body: 'Hello there {{1}}' } } }]) });
    const lint = await cliIn(['pull', '--from', 'twilio', 'ends.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(lint.exitCode, 1, lint.stderr);
    assert.match(lint.stderr, /templates\/ends_badly\.en\.yaml\n(.*\n)*\s+\d+:21\s+error\s+The body ends with the placeholder \{\{1\}\}/);
  } finally { cleanup(dir); }
});

test('a media URL with a variable and a body Twilio numbered after it: written, a variable holding a path listed (exit 1), the renumbering said by field', async () => {
  const dir = tempDir('tplsync-twilio-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'c.json': JSON.stringify({ sid: 'HX8', friendly_name: 'invoice_media', language: 'en', variables: { 1: 'invoices/inv-1.pdf', 2: 'Pablo' },
        types: { 'twilio/media': { body: 'Hi {{2}}, your invoice is attached.', media: ['https://cdn.owl.com/{{1}}'] } },
        approval_requests: { name: 'invoice_media', category: 'UTILITY', status: 'approved' } }),
    });
    const r = await cliIn(['pull', '--from', 'twilio', 'c.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /invoice_media\/en \(c\.json \(template\)\) written to templates\/invoice_media\.en\.yaml without [^\n]*\n  types\.twilio\/media\.media: the media URL 'https:\/\/cdn\.owl\.com\/\{\{1\}\}' takes a variable/);
    assert.match(r.stderr, /invoice_media\/en [^\n]* written to templates\/invoice_media\.en\.yaml with other placeholders than Twilio's[^\n]*\n  types\.twilio\/media\.body: Twilio's \{\{2\}\} is \{\{1\}\} in the file/);
  } finally { cleanup(dir); }
});

// trial K F2 and F3: a Twilio export numbers its variables ({{1}} {{3}} {{5}}); `--names-from meta` was refused with --from twilio
// ("an export names its own"), and over a named file the renumbering was said in numbers the file does not use ({{3}} is {{2}})
test('--from twilio --names-from meta: Twilio\'s numbers named as a Meta export names them (where certain); the renumbering said in the file\'s names', async () => {
  const dir = tempDir('tplsync-twilio-names-');
  try {
    const tw = (name: string, body: string) => ({ sid: 'HX00000000000000000000000000000f03', friendly_name: 'Order-Update-PT', language: 'pt_BR', variables: { 1: 'Maria', 3: 'A-1042', 5: '4 de maio' },
      types: { 'twilio/text': { body } }, approval_requests: { name, category: 'UTILITY', content_type: 'twilio/text', status: 'approved', rejection_reason: '' } });
    const meta = (text: string, samples: [string, string, string]) => JSON.stringify({ data: [{ name: 'order_update', parameter_format: 'NAMED', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', id: '1',
      components: [{ type: 'BODY', text, example: { body_text_named_params: [{ param_name: 'customer_name', example: samples[0] }, { param_name: 'order_id', example: samples[1] }, { param_name: 'ship_date', example: samples[2] }] } }] }] });
    const named = 'Olá {{customer_name}}, seu pedido {{order_id}} será enviado em {{ship_date}}.';
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      'tw.json': JSON.stringify([tw('order_update', 'Olá {{1}}, seu pedido {{3}} será enviado em {{5}}.'), tw('order_other', 'Olá {{1}}, seu pedido {{3}} chega em {{5}}.')]),
      'meta.json': meta(named, ['Maria', 'A-1042', '4 de maio']),
      'meta-other.json': meta('Oi {{customer_name}}! Pedido {{order_id}}, entrega {{ship_date}}.', ['Ana', 'B-7', '1 de junho']),
    });
    const file = () => readFileSync(path.join(dir, 'templates', 'order_update.pt_BR.yaml'), 'utf8');
    const r = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json', '--names-from', 'meta', 'meta.json'], { cwd: dir });
    // order_other is not in the Meta export: numbered, said, exit 1
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, 'order_other/pt_BR: not in the --names-from export; its placeholders stay numbered');
    assert.match(file(), /text: Olá \{\{customer_name\}\}, seu pedido \{\{order_id\}\} será enviado em \{\{ship_date\}\}\.\n\s+examples:\n\s+customer_name: Maria\n\s+order_id: A-1042\n\s+ship_date: 4 de maio/);
    assert.match(r.stderr, /order_update\/pt_BR \(tw\.json \[0\]\) written to [^\n]*\n  types\.twilio\/text\.body: Twilio's \{\{1\}\} is \{\{customer_name\}\}, Twilio's \{\{3\}\} is \{\{order_id\}\}, Twilio's \{\{5\}\} is \{\{ship_date\}\} in the file/);
    // a Meta export worded otherwise whose samples tell nothing: numbered, said by part, exit 1
    const o = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json', '--force', '--names-from', 'meta', 'meta-other.json'], { cwd: dir });
    assert.is(o.exitCode, 1, o.stderr);
    assert.match(file(), 'Olá {{1}}, seu pedido {{2}} será enviado em {{3}}.');
    assert.match(o.stderr, 'order_update/pt_BR: its placeholders stay numbered');
    assert.match(o.stderr, 'the export\'s sample of {{1}} ("Maria") is not the --names-from export\'s of {{customer_name}} ("Ana")');
  } finally { cleanup(dir); }
});

// verify-8 U-1 and U-3: --from twilio --names-from meta named by the samples without saying the texts differ (the channel route
// says it), and a header's {{1}} named {{arzt}} was not said (only the body's renumbering was)
test('--from twilio --names-from meta: names given by the samples are said (the texts differ); every part\'s naming is said, a header Twilio numbers as the file does too', async () => {
  const dir = tempDir('tplsync-twilio-u13-');
  try {
    const order = { sid: 'HX00000000000000000000000000000f05', friendly_name: 'Pedido', language: 'es_MX', variables: { 1: 'Ana', 2: 'A-7', 3: 'lunes' },
      types: { 'twilio/text': { body: 'Tu pedido {{2}} llega el {{3}}. ¡Gracias, {{1}}!' } }, approval_requests: { name: 'envio_v2', category: 'UTILITY', content_type: 'twilio/text', status: 'approved', rejection_reason: '' } };
    const card = { sid: 'HX00000000000000000000000000000f06', friendly_name: 'Termin', language: 'de', variables: { 1: 'Dr. Weber', 3: 'Lena', 5: 'Montag' },
      types: { 'whatsapp/card': { header_text: 'Termin bei {{1}}', body: 'Hallo {{3}}, Ihr Termin ist am {{5}}.' } }, approval_requests: { name: 'termin', category: 'UTILITY', content_type: 'whatsapp/card', status: 'approved', rejection_reason: '' } };
    const named = (name: string, language: string, components: unknown[]) => ({ name, parameter_format: 'NAMED', language, status: 'APPROVED', category: 'UTILITY', id: name, components });
    const p = (param_name: string, example: string) => ({ param_name, example });
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      'tw.json': JSON.stringify([order, card]),
      'meta.json': JSON.stringify({ data: [
        // worded otherwise, each sample one name's: named by the samples
        named('envio_v2', 'es_MX', [{ type: 'BODY', text: 'Hola {{nombre}}, tu pedido {{pedido}} llega el {{fecha}}.', example: { body_text_named_params: [p('nombre', 'Ana'), p('pedido', 'A-7'), p('fecha', 'lunes')] } }]),
        named('termin', 'de', [{ type: 'HEADER', format: 'TEXT', text: 'Termin bei {{arzt}}', example: { header_text_named_params: [p('arzt', 'Dr. Weber')] } },
          { type: 'BODY', text: 'Hallo {{patient}}, Ihr Termin ist am {{datum}}.', example: { body_text_named_params: [p('patient', 'Lena'), p('datum', 'Montag')] } }]),
      ] }),
    });
    const r = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json', '--names-from', 'meta', 'meta.json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(readFileSync(path.join(dir, 'templates', 'envio_v2.es_MX.yaml'), 'utf8'), 'Tu pedido {{pedido}} llega el {{fecha}}. ¡Gracias, {{nombre}}!');
    assert.match(r.stderr, "envio_v2/es_MX: body: the export's text is not the --names-from export's, so the names were given by the samples");
    const termin = readFileSync(path.join(dir, 'templates', 'termin.de.yaml'), 'utf8');
    assert.match(termin, 'Termin bei {{arzt}}');
    assert.match(termin, 'Hallo {{patient}}, Ihr Termin ist am {{datum}}.');
    assert.match(r.stderr, "types.whatsapp/card.header_text: Twilio's {{1}} is {{arzt}} in the file (named");
    assert.match(r.stderr, "types.whatsapp/card.body: Twilio's {{3}} is {{patient}}, Twilio's {{5}} is {{datum}} in the file (named");
  } finally { cleanup(dir); }
});

// verify-8 U-2: --names-from took the first copy of a template in the Meta export, a DELETED or REJECTED one too
test('--names-from meta: of a template the Meta export gives twice, the copy pull --from would write names it (APPROVED over DELETED or REJECTED, whatever the order); the other said', async () => {
  const dir = tempDir('tplsync-twilio-u2-');
  try {
    const tw = { sid: 'HX00000000000000000000000000000f04', friendly_name: 'Envio', language: 'es_MX', variables: { 1: 'Ana', 2: 'A-7', 3: 'lunes' },
      types: { 'twilio/text': { body: 'Hola {{1}}, tu pedido {{2}} llega el {{3}}.' } }, approval_requests: { name: 'envio', category: 'UTILITY', content_type: 'twilio/text', status: 'approved', rejection_reason: '' } };
    const copy = (status: string, names: [string, string, string]) => ({ name: 'envio', parameter_format: 'NAMED', language: 'es_MX', status, category: 'UTILITY', id: status,
      components: [{ type: 'BODY', text: `Hola {{${names[0]}}}, tu pedido {{${names[1]}}} llega el {{${names[2]}}}.`, example: { body_text_named_params: [{ param_name: names[0], example: 'Ana' }, { param_name: names[1], example: 'A-7' }, { param_name: names[2], example: 'lunes' }] } }] });
    const live = copy('APPROVED', ['nombre', 'pedido', 'fecha']);
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      'tw.json': JSON.stringify(tw),
    });
    const file = () => readFileSync(path.join(dir, 'templates', 'envio.es_MX.yaml'), 'utf8');
    for (const [status, order] of [['DELETED', 'first'], ['REJECTED', 'first'], ['DELETED', 'last']] as const) {
      const old = copy(status, ['cliente', 'numero', 'dia']);
      writeFiles(dir, { 'meta.json': JSON.stringify({ data: order === 'first' ? [old, live] : [live, old] }) });
      const r = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json', '--force', '--names-from', 'meta', 'meta.json'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
      assert.match(file(), 'Hola {{nombre}}, tu pedido {{pedido}} llega el {{fecha}}.', `${status} ${order}: ${r.stderr}`);
      assert.match(r.stderr, status === 'DELETED'
        ? `envio/es_MX (meta.json data[${order === 'first' ? 0 : 1}]) in the --names-from export is deleted on the platform (DELETED): its names are not used`
        : 'envio/es_MX comes twice in the --names-from export, and the copies differ: the names are the APPROVED copy\'s (meta.json data[1]), as pull --from would write it; this REJECTED copy\'s (meta.json data[0]) are not used');
    }
    // two APPROVED copies named otherwise: the first's names, the other said
    writeFiles(dir, { 'meta.json': JSON.stringify({ data: [live, copy('APPROVED', ['cliente', 'numero', 'dia'])] }) });
    const two = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json', '--force', '--names-from', 'meta', 'meta.json'], { cwd: dir });
    assert.match(file(), 'Hola {{nombre}}, tu pedido {{pedido}}');
    assert.match(two.stderr, 'envio/es_MX comes twice in the --names-from export, APPROVED each time, and the copies differ: the names are the first\'s (meta.json data[0]), not this one\'s (meta.json data[1]): check which is the channel\'s current one');
  } finally { cleanup(dir); }
});

// trial K F3: over a file that names its placeholders, Twilio's other wording: the file's names are kept, and the renumbering
// was said in numbers the file does not have ("Twilio's {{3}} is {{2}}"); now in its names
test('--from twilio --force over a named file: the renumbering is said in the file\'s names', async () => {
  const dir = tempDir('tplsync-twilio-f3-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`,
      'tw.json': JSON.stringify({ sid: 'HX00000000000000000000000000000f03', friendly_name: 'Order-Update-PT', language: 'pt_BR', variables: { 1: 'Maria', 3: 'A-1042', 5: '4 de maio' },
        types: { 'twilio/text': { body: 'Olá {{1}}, seu pedido {{3}} será enviado em {{5}}.' } }, approval_requests: { name: 'order_update', category: 'UTILITY', content_type: 'twilio/text', status: 'approved', rejection_reason: '' } }),
      'templates/order_update.pt_BR.yaml': `channel: wa\nname: order_update\nlanguage: pt_BR\ncategory: UTILITY\nbody:\n  text: Olá {{customer_name}}, seu pedido {{order_id}} sai em {{ship_date}}.\n  examples: { customer_name: Maria, order_id: A-1042, ship_date: 4 de maio }\n`,
    });
    const file = () => readFileSync(path.join(dir, 'templates', 'order_update.pt_BR.yaml'), 'utf8');
    const named = 'Olá {{customer_name}}, seu pedido {{order_id}} será enviado em {{ship_date}}.';
    const f3 = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json', '--force'], { cwd: dir });
    assert.is(f3.exitCode, 0, f3.stderr);
    assert.match(file(), named);
    assert.match(f3.stderr, "types.twilio/text.body: Twilio's {{1}} is {{customer_name}}, Twilio's {{3}} is {{order_id}}, Twilio's {{5}} is {{ship_date}} in the file");
    assert.not.match(f3.stderr, 'is {{2}}');
  } finally { cleanup(dir); }
});

// trial K F14: friendly_name written as the description; over a file with a description of its own, that one is kept and the
// other said
test('--from twilio: friendly_name becomes the description; a file\'s own description is kept over it, said', async () => {
  const dir = tempDir('tplsync-twilio-f14-');
  try {
    const tw = (body: string) => JSON.stringify([{ sid: 'HX00000000000000000000000000000f14', friendly_name: 'Order-Update-EN', language: 'en', variables: { 1: 'Maria' },
      types: { 'twilio/text': { body } }, approval_requests: { name: 'order_update', category: 'UTILITY', content_type: 'twilio/text', status: 'approved', rejection_reason: '' } }]);
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`, 'tw.json': tw('Hi {{1}}, your order has shipped today.') });
    const file = () => readFileSync(path.join(dir, 'templates', 'order_update.en.yaml'), 'utf8');
    const r = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(file(), /\ndescription: Order-Update-EN\n/);
    writeFiles(dir, { 'templates/order_update.en.yaml': file().replace('description: Order-Update-EN', 'description: Sent when the parcel leaves'), 'tw.json': tw('Hi {{1}}, your order has left our warehouse.') });
    const f = await cliIn(['pull', '--channel', 'wa', '--from', 'twilio', 'tw.json', '--force'], { cwd: dir });
    assert.is(f.exitCode, 0, f.stderr);
    assert.match(file(), /\ndescription: Sent when the parcel leaves\n/);
    assert.match(file(), 'left our warehouse');
    assert.match(f.stderr, 'templates/order_update.en.yaml: its own description is kept; the export\'s (Twilio\'s friendly_name \'Order-Update-EN\') is not written');
  } finally { cleanup(dir); }
});

test('a pull --from that writes some templates and cannot write another exits 1, and the exit-code table (README, --help) says 1 for it, not 5 (trial av F2)', async () => {
  const dir = tempDir('tplsync-twilio-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n` });
    const r = await cliIn(['pull', '--from', 'twilio', path.join(TWILIO, 'not-expressible.json'), '--channel', 'shop-whatsapp', '--category', 'MARKETING'], { cwd: dir });
    assert.match(r.stderr, /templates written[^\n]*, \d+ not\./);
    assert.is(r.exitCode, 1, r.stderr);
    // the row of that code, in the README's table and in every --help, names what pull does not write; the row of 5 says a pull
    // gets it only when the API cut it short
    const help = (await cliIn(['--help'], { cwd: dir })).stdout;
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    assert.match(/^ {2}1 {3}(.*)$/m.exec(help)?.[1] ?? '', /templates pull could not write/);
    assert.match(/^\| 1 \| (.*) \|$/m.exec(readme)?.[1] ?? '', /templates `pull` could not write/);
    assert.match(/^ {2}5 {3}(.*)$/m.exec(help)?.[1] ?? '', /a pull the API cut short/);
    assert.match(/^\| 5 \| (.*) \|$/m.exec(readme)?.[1] ?? '', /a `pull` the API cut short/);
  } finally { cleanup(dir); }
});

test('a GET /v1/Content/{sid} resource and its /ApprovalRequests answer given together are paired by sid (trial av F6); an answer no resource given takes is refused (exit 3)', async () => {
  const dir = tempDir('tplsync-twilio-');
  const sid = 'HXb0aa1e52c1b1a3c1a1b1c1d1e1f1a1b1';
  const approval = (of: string) => ({ sid: of, account_sid: 'AC00000000000000000000000000000000', whatsapp: { type: 'whatsapp', name: 'flu_shot_reminder', category: 'UTILITY', content_type: 'twilio/text', status: 'approved', rejection_reason: '' }, url: `https://content.twilio.com/v1/Content/${of}/ApprovalRequests` });
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'one.json': JSON.stringify({ sid, account_sid: 'AC00000000000000000000000000000000', friendly_name: 'Flu shot reminder', language: 'en', variables: { 1: 'Maria' }, types: { 'twilio/text': { body: 'Hi {{1}}, your flu shot is due this month. Reply to book a slot.' } }, url: `https://content.twilio.com/v1/Content/${sid}` }),
      'one-approval.json': JSON.stringify(approval(sid)),
      'other-approval.json': JSON.stringify(approval('HX0000000000000000000000000000ffff')),
    });
    // either order: the approval names the template and gives its category; friendly_name is the description
    const r = await cliIn(['pull', '--from', 'twilio', 'one-approval.json', 'one.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const file = readFileSync(path.join(dir, 'templates', 'flu_shot_reminder.en.yaml'), 'utf8');
    assert.match(file, /name: flu_shot_reminder\n/);
    assert.match(file, /category: UTILITY\n/);
    assert.match(file, /description: Flu shot reminder\n/);
    // an answer whose resource is not given: refused as before, saying what to give
    const alone = await cliIn(['pull', '--from', 'twilio', 'one.json', 'other-approval.json', '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
    assert.is(alone.exitCode, 3, alone.stderr);
    assert.match(alone.stderr, 'other-approval.json: is the answer of GET /v1/Content/HX0000000000000000000000000000ffff/ApprovalRequests (a resource\'s WhatsApp approval, without its content), and no file given holds the resource of that sid: give it beside that resource');
  } finally { cleanup(dir); }
});

test('an array of /ApprovalRequests answers (jq -s of a loop over the sids) pairs by sid as separate files do, also mixed with the resources; an answer no resource takes: the file refused (trial bh F1)', async () => {
  const dir = tempDir('tplsync-twilio-');
  const AC = 'AC00000000000000000000000000000000';
  const sid = (n: number) => `HX00000000000000000000000000000${String(n).padStart(3, '0')}`;
  const resource = (n: number, friendly: string, body: string) => ({ sid: sid(n), account_sid: AC, friendly_name: friendly, language: 'en', variables: { 1: 'Maria' }, types: { 'twilio/text': { body } }, url: `https://content.twilio.com/v1/Content/${sid(n)}` });
  const approval = (n: number, name: string, category: string) => ({ account_sid: AC, sid: sid(n), url: `https://content.twilio.com/v1/Content/${sid(n)}/ApprovalRequests`, whatsapp: { type: 'whatsapp', status: 'approved', name, category, content_type: 'twilio/text', rejection_reason: '', allow_category_change: true } });
  const resources = [resource(1, 'Appointment reminder', 'Hi {{1}}, your appointment is tomorrow at 10.'), resource(2, 'Spring sale', 'Hi {{1}}, our spring sale starts today.'), resource(3, 'Order ready', 'Hi {{1}}, your order is ready for pickup.')];
  const approvals = [approval(2, 'spring_sale', 'MARKETING'), approval(1, 'appointment_reminder', 'UTILITY'), approval(3, 'order_ready', 'UTILITY')];
  const config = `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;
  const listing = JSON.stringify({ contents: resources, meta: { page: 0, page_size: 50, first_page_url: 'https://content.twilio.com/v1/Content?PageSize=50&Page=0', previous_page_url: null, url: 'https://content.twilio.com/v1/Content?PageSize=50&Page=0', next_page_url: null, key: 'contents' } });
  const read = (d: string) => Object.fromEntries(readdirSync(path.join(dir, d, 'templates')).sort().map((f) => [f, strip(readFileSync(path.join(dir, d, 'templates', f), 'utf8'))]));
  try {
    writeFiles(dir, {
      'split/tplsync.config.yaml': config, 'array/tplsync.config.yaml': config, 'mixed/tplsync.config.yaml': config,
      'content.json': listing,
      'approvals.json': JSON.stringify(approvals, null, 1),
      ...Object.fromEntries(approvals.map((a, i) => [`appr/a${i}.json`, JSON.stringify(a)])),
      'mixed.json': JSON.stringify([approvals[0], resources[0], resources[1], approvals[1], approvals[2], resources[2]]),
      'unpaired.json': JSON.stringify([...approvals, approval(9, 'gone', 'UTILITY')]),
    });
    const split = await cliIn(['pull', '--from', 'twilio', '../content.json', ...approvals.map((_a, i) => `../appr/a${i}.json`), '--channel', 'shop-whatsapp'], { cwd: path.join(dir, 'split') });
    assert.is(split.exitCode, 0, split.stderr);
    // the array beside the listing: each answer is its resource's approval (its name and category), none read as a resource
    const array = await cliIn(['pull', '--from', 'twilio', '../content.json', '../approvals.json', '--channel', 'shop-whatsapp'], { cwd: path.join(dir, 'array') });
    assert.is(array.exitCode, 0, array.stderr);
    assert.not.match(array.stderr, /cannot be written|friendly_name|whatsapp:/);
    assert.equal(Object.keys(read('array')), ['appointment_reminder.en.yaml', 'order_ready.en.yaml', 'spring_sale.en.yaml']);
    assert.equal(read('array'), read('split'));
    assert.match(read('array')['spring_sale.en.yaml']!, /category: MARKETING\n/);
    // answers and resources in one array, in any order
    const mixed = await cliIn(['pull', '--from', 'twilio', '../mixed.json', '--channel', 'shop-whatsapp'], { cwd: path.join(dir, 'mixed') });
    assert.is(mixed.exitCode, 0, mixed.stderr);
    assert.equal(read('mixed'), read('split'));
    // an answer whose resource is not given: the file refused as a whole, naming the answer and what to give (exit 3)
    const unpaired = await cliIn(['pull', '--from', 'twilio', '../content.json', '../unpaired.json', '--channel', 'shop-whatsapp', '--force'], { cwd: path.join(dir, 'array') });
    assert.is(unpaired.exitCode, 3, unpaired.stderr);
    assert.match(unpaired.stderr, `../unpaired.json: holds 4 answers of GET /v1/Content/{sid}/ApprovalRequests (WhatsApp approvals, without their content), and no file given holds the resource of the sid of 1 of them ([3] ${sid(9)}): give it beside that resource`);
    const alone = await cliIn(['pull', '--from', 'twilio', '../approvals.json', '--channel', 'shop-whatsapp', '--force'], { cwd: path.join(dir, 'array') });
    assert.is(alone.exitCode, 3, alone.stderr);
    assert.match(alone.stderr, /approvals\.json: is an array of 3 answers of GET \/v1\/Content\/\{sid\}\/ApprovalRequests [^\n]*their sids \(\[0\] HX0+002, \[1\] HX0+001, \[2\] HX0+003\)[^\n]*ContentAndApprovals/);
  } finally { cleanup(dir); }
});

test.run();
