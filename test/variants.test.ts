// variant-mismatch: the language variants of one (channel, name) agree on placeholders, buttons,
// header format, category and kind; the variant that differs is reported at the differing node.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { checkVariants, variantFacts } from '../src/lint/rules/variants.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIG, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const en = `channel: shop-whatsapp
name: order_shipped
language: en_US
category: UTILITY
header:
  format: IMAGE
  example: https://cdn.example.com/parcel.png
body:
  text: "Hi {{customer}}, your order {{order_id}} is on its way to you."
  examples: { customer: Maria, order_id: A-1042 }
buttons:
  - type: QUICK_REPLY
    text: Track parcel
  - type: URL
    text: Open order
    url: https://shop.example.com/orders/{{1}}
    example: https://shop.example.com/orders/A-1042
`;

async function lint(files: Record<string, string>): Promise<{ exitCode: number; found: string[] }> {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
    // what lint finds is pure: in this process, no CLI process needed
    const r = await lintInProcess(dir);
    return { exitCode: r.exitCode, found: r.diagnostics.map((d) => `${d.ruleId} ${d.file}:${d.line}:${d.column} ${d.message}`) };
  } finally { cleanup(dir); }
}

test('a variant that lost a placeholder is reported at its text, in its own file', async () => {
  const de = en.replace('language: en_US', 'language: de')
    .replace('"Hi {{customer}}, your order {{order_id}} is on its way to you."', '"Hallo {{customer}}, deine Bestellung ist jetzt auf dem Weg zu dir."')
    .replace('{ customer: Maria, order_id: A-1042 }', '{ customer: Maria }').replace('text: Track parcel', 'text: Paket verfolgen').replace('text: Open order', 'text: Bestellung öffnen');
  const r = await lint({ 'templates/order_shipped.en_US.yaml': en, 'templates/order_shipped.de.yaml': de });
  assert.is(r.exitCode, 1);
  assert.equal(r.found, ['variant-mismatch templates/order_shipped.de.yaml:9:9 The de variant of shop-whatsapp/order_shipped has placeholders in body.text: {{customer}}; the en_US variant has {{customer}}, {{order_id}}.']);
});

test('a malformed placeholder in one variant is placeholder-syntax\'s finding there, not a variant-mismatch blamed on its unchanged sibling', async () => {
  const de = en.replace('language: en_US', 'language: de')
    .replace('"Hi {{customer}}, your order {{order_id}} is on its way to you."', '"Hallo {{customer}}, deine Bestellung {{order_id}} ist jetzt auf dem Weg zu dir."');
  const broken = en.replace('{{order_id}} is on its way', '{{ order_id }} is on its way');
  const r = await lint({ 'templates/order_shipped.en_US.yaml': broken, 'templates/order_shipped.de.yaml': de });
  assert.ok(r.found.some((f) => f.startsWith('placeholder-syntax templates/order_shipped.en_US.yaml')), r.found.join('\n'));
  assert.equal(r.found.filter((f) => f.startsWith('variant-mismatch')), []);
});

test('one file named (a pre-commit hook, an editor\'s save): judged beside its siblings the run was not given, only its findings reported; --fix touches only it', async () => {
  const de = en.replace('language: en_US', 'language: de')
    .replace('"Hi {{customer}}, your order {{order_id}} is on its way to you."', '"Hallo {{customer}}, deine Bestellung ist jetzt auf dem Weg zu dir."')
    .replace('{ customer: Maria, order_id: A-1042 }', '{ customer: Maria }').replace('text: Track parcel', 'text: Paket verfolgen').replace('text: Open order', 'text: Bestellung öffnen');
  // the sibling holds a finding --fix repairs (an invisible character): left as it is, it is not the run's
  const enWithStub = en.replace('is on its way to you.', 'is on its way\u200b to you.');
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': enWithStub, 'templates/order_shipped.de.yaml': de });
    const one = await lintInProcess(dir, ['templates/order_shipped.de.yaml']);
    assert.equal(one.diagnostics.map((d) => `${d.ruleId} ${d.file}`), ['variant-mismatch templates/order_shipped.de.yaml'], 'the en_US file\'s own findings are not this run\'s');
    const fix = await cliIn(['lint', '--fix', 'templates/order_shipped.de.yaml'], { cwd: dir });
    assert.match(fix.stdout, 'variant-mismatch');
    assert.is(readFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), 'utf8'), enWithStub, 'the sibling is read, never repaired');
  } finally { cleanup(dir); }
});

test('a variant with its buttons reordered is reported at the first button that differs', async () => {
  const fr = en.replace('language: en_US', 'language: fr').replace(/  - type: QUICK_REPLY\n    text: Track parcel\n(  - type: URL\n(?:    .*\n)+)/, '$1  - type: QUICK_REPLY\n    text: Suivre le colis\n')
    .replace('"Hi {{customer}}, your order {{order_id}} is on its way to you."', '"Bonjour {{customer}}, votre commande {{order_id}} est en route."').replace('text: Open order', 'text: Voir la commande');
  const r = await lint({ 'templates/a.en_US.yaml': en, 'templates/a.fr.yaml': fr });
  assert.equal(r.found, ['variant-mismatch templates/a.fr.yaml:12:11 The fr variant of shop-whatsapp/order_shipped has buttons: URL, QUICK_REPLY; the en_US variant has QUICK_REPLY, URL.']);
});

test('translated texts, reordered placeholders, other samples and another category are fine; the header format and kind are not', async () => {
  const es = en.replace('language: en_US', 'language: es')
    .replace('"Hi {{customer}}, your order {{order_id}} is on its way to you."', '"Tu pedido {{order_id}} ya está en camino hacia ti, {{customer}}."')
    .replace('A-1042 }', 'B-7 }').replace('Track parcel', 'Seguir').replace('text: Open order', 'text: Abrir pedido');
  assert.equal((await lint({ 'templates/a.en_US.yaml': en, 'templates/a.es.yaml': es })).found, []);
  const pt = en.replace('language: en_US', 'language: pt_BR').replace('category: UTILITY', 'category: MARKETING').replace('format: IMAGE\n  example: https://cdn.example.com/parcel.png', 'format: VIDEO\n  example: https://cdn.example.com/parcel.mp4');
  const r = await lint({ 'templates/a.en_US.yaml': en, 'templates/a.es.yaml': es, 'templates/a.pt_BR.yaml': pt });
  // a category of its own: one language re-categorised by the platform (recovery.md says to write it so), not a finding
  // (pt_BR's texts are en_US's, untranslated: translation-missing's findings, not this test's)
  assert.equal(r.found.filter((f) => !f.startsWith('translation-missing')).map((f) => f.split(' The ')[0]), ['variant-mismatch templates/a.pt_BR.yaml:6:11']);
  assert.not.match(r.found.join('\n'), /category/);
});

test('checkVariants (pure): the majority is the reference; an even split prefers English; other channels or names never compare', () => {
  const facts = (text: string) => variantFacts({ channel: 'c', name: 'n', body: { text } });
  const v = (language: string, text: string, channel = 'c', name = 'n') => ({ file: `${language}.yaml`, channel, name, language, facts: facts(text) });
  assert.equal(checkVariants([v('de', '{{a}}'), v('en', '{{a}} {{b}}')]).map((f) => f.file), ['de.yaml']);
  assert.equal(checkVariants([v('de', '{{a}}'), v('fr', '{{a}}'), v('en', '{{a}} {{b}}')]).map((f) => f.file), ['en.yaml']);
  assert.equal(checkVariants([v('de', '{{a}}'), v('fr', '{{a}} {{b}}')]).map((f) => f.file), ['fr.yaml']);
  assert.equal(checkVariants([v('de', '{{a}}'), v('en', '{{b}}', 'other'), v('fr', '{{c}}', 'c', 'other')]), []);
});

test('a language defined twice is duplicate-template\'s finding alone, not compared as a variant of itself', async () => {
  const dup = en.replace(/buttons:[\s\S]*$/, '');
  const de = en.replace('language: en_US', 'language: de').replace('is on its way to you', 'ist unterwegs');
  const r = await lint({ 'templates/en.yaml': en, 'templates/en_copy.yaml': dup, 'templates/de.yaml': de });
  assert.equal(r.found.filter((f) => f.startsWith('variant-mismatch')), []);
  assert.is(r.found.filter((f) => f.startsWith('duplicate-template')).length, 2);
});

test('translated from one variant (translated_from): a placeholder added to the source reports the translations that lack it, never the source or a translation that has it', async () => {
  const record = (lang: string): string => `translated_from:\n  language: en_US\n  texts:\n    body.text: "0123abcd"\n`.replace('en_US', lang);
  const source = en.replace('is on its way to you.', 'is on its way, arriving at {{slot}}.').replace('order_id: A-1042 }', 'order_id: A-1042, slot: "10-12h" }');
  const translated = (lang: string, text: string): string => en.replace('language: en_US', `language: ${lang}`).replace('Hi {{customer}}, your order {{order_id}} is on its way to you.', text) + record('en_US');
  const { found } = await lint({
    'templates/order_shipped.en_US.yaml': source,
    'templates/order_shipped.ar.yaml': translated('ar', 'مرحبا {{customer}}، طلبك {{order_id}} في الطريق إليك.'),
    'templates/order_shipped.ja.yaml': translated('ja', 'こんにちは{{customer}}様、ご注文{{order_id}}を発送しました。'),
    'templates/order_shipped.pt_BR.yaml': translated('pt_BR', 'Olá {{customer}}, seu pedido {{order_id}} está a caminho.'),
    // translated again with the new placeholder: right, as the source is
    'templates/order_shipped.de.yaml': translated('de', 'Hallo {{customer}}, deine Bestellung {{order_id}} kommt um {{slot}}.').replace('order_id: A-1042 }', 'order_id: A-1042, slot: "10-12h" }'),
  });
  const mismatch = found.filter((f) => f.startsWith('variant-mismatch'));
  assert.equal(mismatch.map((f) => f.split(' ')[1]!.split(':')[0]).sort(), ['templates/order_shipped.ar.yaml', 'templates/order_shipped.ja.yaml', 'templates/order_shipped.pt_BR.yaml'], found.join('\n'));
  assert.match(mismatch.find((f) => f.includes('.ar.yaml'))!, /The ar variant of shop-whatsapp\/order_shipped has placeholders in body\.text: \{\{customer\}\}, \{\{order_id\}\}; the en_US variant, which the variants are translated from, has \{\{customer\}\}, \{\{order_id\}\}, \{\{slot\}\}: it lacks \{\{slot\}\}\. Export and translate it again \(tplsync translations export --source en_US --target ar\)\./);
  // without the records, the majority decides as before (the source, alone with the new placeholder, is reported)
  const plain = await lint({
    'templates/order_shipped.en_US.yaml': source,
    'templates/order_shipped.ar.yaml': translated('ar', 'مرحبا {{customer}}، طلبك {{order_id}} في الطريق إليك.').replace(/translated_from:[\s\S]*$/, ''),
    'templates/order_shipped.pt_BR.yaml': translated('pt_BR', 'Olá {{customer}}, seu pedido {{order_id}} está a caminho.').replace(/translated_from:[\s\S]*$/, ''),
  });
  assert.equal(plain.found.filter((f) => f.startsWith('variant-mismatch')).map((f) => f.split(' ')[1]!.split(':')[0]), ['templates/order_shipped.en_US.yaml']);
});

test('checkVariants (pure): one file\'s translated_from record (th from id, no other variant records it) does not make id the reference: only id, which differs from the rest, is reported', () => {
  const facts = (text: string) => variantFacts({ channel: 'c', name: 'n', body: { text } });
  const v = (language: string, text: string, translatedFrom?: string) => ({ file: `${language}.yaml`, channel: 'c', name: 'n', language, facts: facts(text), ...(translatedFrom ? { translatedFrom } : {}) });
  const found = checkVariants([v('en_US', '{{customer}}, {{order}}'), v('id', '{{customer}}', 'fr'), v('ms', '{{customer}}, {{order}}'), v('th', '{{customer}}, {{order}}', 'id')]);
  assert.equal(found.map((f) => f.file), ['id.yaml']);
  assert.not.match(found.map((f) => f.message).join('\n'), /translated from/);
  // recorded by most of the others: the recorded source judges (a placeholder added to it reports the translations lacking it)
  const recorded = checkVariants([v('en_US', '{{a}} {{b}}'), v('de', '{{a}}', 'en_US'), v('fr', '{{a}}', 'en_US'), v('es', '{{a}}')]);
  assert.equal(recorded.map((f) => f.file).sort(), ['de.yaml', 'es.yaml', 'fr.yaml']);
});

test('checkVariants (pure): of three variants, one record (ur from fa) is not most of the others: fa, lacking what en_US and ur have, is reported by the majority, and en_US is not said to be translated from fa', () => {
  const facts = (text: string) => variantFacts({ channel: 'c', name: 'n', body: { text } });
  const v = (language: string, text: string, translatedFrom?: string) => ({ file: `${language}.yaml`, channel: 'c', name: 'n', language, facts: facts(text), ...(translatedFrom ? { translatedFrom } : {}) });
  const three = checkVariants([v('en_US', '{{member}} {{day}} {{time}}'), v('fa', '{{member}} {{day}}'), v('ur', '{{member}} {{day}} {{time}}', 'fa')]);
  assert.equal(three.map((f) => f.file), ['fa.yaml']);
  assert.match(three[0]!.message, /the en_US variant and most others have \{\{day\}\}, \{\{member\}\}, \{\{time\}\}\.$/);
  // any number: one record of four others, two of four (half, not most)
  for (const recorders of [['ur'], ['ur', 'nb']]) {
    const five = checkVariants(['en_US', 'ur', 'nb', 'es_MX', 'fa'].map((l) => l === 'fa' ? v(l, '{{a}}') : v(l, '{{a}} {{b}}', recorders.includes(l) ? 'fa' : undefined)));
    assert.equal(five.map((f) => f.file), ['fa.yaml'], recorders.join());
  }
  // most of the others (two of three): the recorded source judges, as before
  const most = checkVariants([v('en_US', '{{a}} {{b}}'), v('fa', '{{a}}'), v('ur', '{{a}} {{b}}', 'fa'), v('nb', '{{a}} {{b}}', 'fa')]);
  assert.equal(most.map((f) => f.file).sort(), ['en_US.yaml', 'nb.yaml', 'ur.yaml']);
});

test('checkVariants (pure): a recorded source that gained a placeholder is never blamed, however few files record it: the variants that lack it are reported, the recorders told to translate again', () => {
  const facts = (text: string) => variantFacts({ channel: 'c', name: 'n', body: { text } });
  const v = (language: string, text: string, translatedFrom?: string) => ({ file: `${language}.yaml`, channel: 'c', name: 'n', language, facts: facts(text), ...(translatedFrom ? { translatedFrom } : {}) });
  // six variants, only ur recording en_US (the others made by hand, or before translated_from)
  const found = checkVariants([v('en_US', '{{member}} {{day}} {{time}}'), v('ur', '{{member}} {{day}}', 'en_US'), ...['fa', 'nb', 'es_MX', 'fr'].map((l) => v(l, '{{member}} {{day}}'))]);
  assert.equal(found.map((f) => f.file).sort(), ['es_MX.yaml', 'fa.yaml', 'fr.yaml', 'nb.yaml', 'ur.yaml']);
  const ur = found.find((f) => f.file === 'ur.yaml')!.message;
  assert.match(ur, /the en_US variant, which it is translated from, has \{\{day\}\}, \{\{member\}\}, \{\{time\}\}: it lacks \{\{time\}\}\. Export and translate it again \(tplsync translations export --source en_US --target ur\)\.$/);
  const fa = found.find((f) => f.file === 'fa.yaml')!.message;
  assert.match(fa, /the en_US variant, which ur records as its source, has \{\{day\}\}, \{\{member\}\}, \{\{time\}\}: it lacks \{\{time\}\}\.$/);
  // of three, too
  assert.equal(checkVariants([v('en_US', '{{a}} {{b}}'), v('fa', '{{a}}'), v('ur', '{{a}}', 'en_US')]).map((f) => f.file).sort(), ['fa.yaml', 'ur.yaml']);
  // a source that lost a placeholder, or changed one, is a variant as any other: the majority judges it
  assert.equal(checkVariants([v('en_US', '{{a}}'), v('ur', '{{a}} {{b}}', 'en_US'), ...['fa', 'nb'].map((l) => v(l, '{{a}} {{b}}'))]).map((f) => f.file), ['en_US.yaml']);
  assert.equal(checkVariants([v('en_US', '{{a}} {{c}}'), v('ur', '{{a}} {{b}}', 'en_US'), ...['fa', 'nb'].map((l) => v(l, '{{a}} {{b}}'))]).map((f) => f.file), ['en_US.yaml']);
});

test('verify-10 NEW-4: RCS suggestions: a language\'s own choice (fewer or more at a list\'s end, none) is no finding; reordered, one left out before others, or a rich card missing is', () => {
  const rcs = (language: string, cards: string[][], own?: string[]) => {
    const list = (xs: string[]) => xs.map((a, i) => ({ action: a, text: `${a} ${i}`, ...(a === 'dial' ? { phoneNumber: '+15550100100' } : a === 'open_url' ? { postbackData: 'https://shop.example.com' } : { postbackData: `p${i}` }) }));
    const value = { channel: 'shop-rcs', name: 'store_news', language, message: { type: 'rich_card', message: '', ...(own ? { suggestions: list(own) } : {}), richCards: cards.map((c, i) => ({ title: `Card ${i}`, ...(c.length ? { suggestions: list(c) } : {}) })) } };
    return { file: `${language}.yaml`, channel: 'shop-rcs', name: 'store_news', language, facts: variantFacts(value as never) };
  };
  const found = (...vs: ReturnType<typeof rcs>[]) => checkVariants(vs).map((f) => `${f.file} ${f.path.join('.')}`);
  // the report's case: no dial in de_DE
  assert.equal(found(rcs('en_US', [['reply', 'open_url', 'dial']]), rcs('de_DE', [['reply', 'open_url']])), []);
  assert.equal(found(rcs('en_US', [['reply']]), rcs('de_DE', [['reply', 'dial']]), rcs('fr_FR', [[]])), []);
  assert.equal(found(rcs('en_US', [['reply', 'dial']], ['reply', 'open_url']), rcs('de_DE', [['reply', 'dial']])), []);
  // what breaks the pairing by place
  assert.equal(found(rcs('en_US', [['reply', 'open_url']]), rcs('de_DE', [['open_url', 'reply']])), ['de_DE.yaml message.richCards.0.suggestions.0.action']);
  assert.equal(found(rcs('en_US', [['reply', 'open_url', 'dial']]), rcs('de_DE', [['reply', 'dial']])), ['de_DE.yaml message.richCards.0.suggestions.1.action']);
  assert.equal(found(rcs('en_US', [['reply'], []]), rcs('de_DE', [['reply']])), ['de_DE.yaml message.richCards']);
  const [m] = checkVariants([rcs('en_US', [['reply', 'open_url']]), rcs('de_DE', [['open_url', 'reply']])]);
  assert.match(m!.message, /paired with its suggestion by its place in the list: a language may offer fewer suggestions/);
});

test('verify-10 NEW-4: translations with an RCS variant that offers fewer suggestions: lint clean, export leaves the one it lacks untranslated and says so, an import as exported keeps the file', async () => {
  const dir = tempDir();
  try {
    const fx = (f: string) => readFileSync(path.join(import.meta.dirname, 'fixtures/rules/variant-mismatch/pass', f), 'utf8');
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/store_news.en_US.yaml': fx('store_news.en_US.yaml'), 'templates/store_news.de_DE.yaml': fx('store_news.de_DE.yaml') });
    assert.is((await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'variant-mismatch').length, 0);
    const out = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de_DE', '--format', 'po', '--out', 'tr'], { cwd: dir });
    assert.is(out.exitCode, 0, out.stderr);
    assert.match(out.stdout + out.stderr, /5 units of 1 template\(s\), 4 translated already/);
    const po = readFileSync(path.join(dir, 'tr/de_DE.po'), 'utf8');
    assert.match(po, /msgctxt "shop-rcs\/store_news:message\.richCards\.0\.suggestions\.2\.text"\nmsgid "Call us"\nmsgstr ""/);
    const before = readFileSync(path.join(dir, 'templates/store_news.de_DE.yaml'), 'utf8');
    const imported = await cliIn(['translations', 'import', 'tr/de_DE.po'], { cwd: dir });
    assert.is(imported.exitCode, 0, imported.stdout + imported.stderr);
    assert.not.match(readFileSync(path.join(dir, 'templates/store_news.de_DE.yaml'), 'utf8'), /dial/, 'no suggestion added');
    assert.match(before, /Jetzt kaufen/);
    // a translation given for it adds the suggestion, with the source's number: said at the unit's line
    writeFiles(dir, { 'tr/de_DE.po': po.replace('msgid "Call us"\nmsgstr ""', 'msgid "Call us"\nmsgstr "Rufen Sie uns an"') });
    const added = await cliIn(['translations', 'import', 'tr/de_DE.po'], { cwd: dir });
    assert.is(added.exitCode, 0, added.stdout + added.stderr);
    assert.match(added.stderr, /tr\/de_DE\.po:\d+: .*the de_DE file \(templates\/store_news\.de_DE\.yaml\) offers no suggestion message\.richCards\.0\.suggestions\.2: this translation adds the en_US file's dial suggestion to it, with its phoneNumber \+15550100100; check them for de_DE, or leave the translation empty/);
    assert.match(readFileSync(path.join(dir, 'templates/store_news.de_DE.yaml'), 'utf8'), /Rufen Sie uns an/);
  } finally { cleanup(dir); }
});

test.run();
