// A name written in Latin letters with a Cyrillic or Greek letter that looks like a Latin one
// (trial-au F6: `оrder_ready` with U+043E, typed on a Russian layout or pasted) is told what that
// letter is, where, and the name with the Latin letter: it was suggested as `rder_ready`, another
// template. Wherever a name is checked: a template's name (lint and `new --name`), a placeholder's
// and its sample's key, a language code, a channel alias (the template's or the config's), and a
// name an import refuses. A word of another script (заказ) is not taken for a slip.
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { lookalikes } from '../src/core/lookalikes.ts';
import { templateNameMeant } from '../src/core/template-name.ts';
import { metaToFile } from '../src/formats/meta.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { placeholderNameMeant } from '../src/model/placeholders.ts';
import { CHANNEL_A, CHANNEL_B, cliIn, inProjectDir, lintInProcess } from './helpers.ts';

const O = '\u043e'; // CYRILLIC SMALL LETTER O
const now = new Date('2030-01-01T00:00:00Z');
const lint = (text: string): Diagnostic[] => finishProject([lintBytes('templates/t.yaml', Buffer.from(text), { now })], { severities: {} });
const template = (o: { channel?: string; name?: string; language?: string; text?: string; examples?: string } = {}): string => [
  `channel: "${o.channel ?? 'wa'}"`, `name: "${o.name ?? 'order_ready'}"`, `language: "${o.language ?? 'en_US'}"`, 'category: UTILITY',
  'body:', `  text: "${o.text ?? 'Hi {{1}}, your order is ready for pickup.'}"`, `  examples: { ${o.examples ?? '1: Ana'} }`, '',
].join('\n');
const message = (ds: Diagnostic[], rule: string): string => {
  const d = ds.find((x) => x.ruleId === rule);
  assert.ok(d, `${rule}: ${ds.map((x) => `${x.ruleId} ${x.message}`).join('\n')}`);
  return d!.message;
};

test('lookalikes: the look-alike letters of a name otherwise in Latin letters, the first named, the name in Latin letters', () => {
  const f = lookalikes(`${O}rder_ready`)!;
  assert.equal(f, { latin: 'order_ready', said: "U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o'", character: 1, count: 1 });
  // several; Greek; a capital; one that looks like a digit
  assert.equal(lookalikes(`${O}rd\u0435r_r\u0435ady`)?.count, 3);
  assert.equal(lookalikes('\u03bfrder')?.said, "U+03BF GREEK SMALL LETTER OMICRON, a Greek letter that looks like the Latin 'o'");
  assert.equal(lookalikes('\u041erder')?.latin, 'Order');
  assert.equal(lookalikes('promo_\u0417')?.said, "U+0417 CYRILLIC CAPITAL LETTER ZE, a Cyrillic letter that looks like the digit '3'");
  // a word of another script, beside a Latin one or alone; a name all in Latin letters; a letter of another script that looks like none
  for (const s of ['\u0437\u0430\u043a\u0430\u0437_ready', '\u043e\u0440\u0441', 'order_ready', 'caf\u00e9', 'stra\u00dfe', `\u0436${O}rder`]) assert.is(lookalikes(s), undefined, s);
  assert.is(templateNameMeant(`${O}rder_ready`), 'order_ready');
  assert.is(templateNameMeant('caf\u00e9_promo'), 'cafe_promo');
  assert.is(placeholderNameMeant(`cust${O}mer`), 'customer');
});

test('name-format names the look-alike letter, where it is, and suggests the name with the Latin letter (not rder_ready)', () => {
  const m = message(lint(template({ name: `${O}rder_ready` })), 'name-format');
  assert.is(m, `Template name '${O}rder_ready' holds U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o' (character 1 of the name): a template name is written in Latin letters; did you mean 'order_ready'?`);
  assert.match(message(lint(template({ name: `${O}rd\u0435r_r\u0435ady` })), 'name-format'), "(character 1 of the name), and 2 more such letters: a template name is written in Latin letters; did you mean 'order_ready'?");
  // a name of another script beside Latin letters: no letter taken for a slip, no name made of what is left
  const word = message(lint(template({ name: '\u0437\u0430\u043a\u0430\u0437_ready' })), 'name-format');
  assert.not.match(word, 'looks like');
  assert.not.match(word, "did you mean 'a_a_ready'");
  // a Latin letter with a mark: the letter kept
  assert.match(message(lint(template({ name: 'caf\u00e9_promo' })), 'name-format'), "did you mean 'cafe_promo'?");
});

test('a placeholder\'s name, its sample\'s key and the language: the look-alike named, the Latin name suggested', () => {
  const ds = lint(template({ text: `Hi {{cust${O}mer}}, your order is ready for pickup.`, examples: `cust${O}mer: Ana` }));
  assert.is(message(ds, 'placeholder-syntax'), `Malformed placeholder "{{cust${O}mer}}": its name holds U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o' (character 5 of the name): write {{customer}}.`);
  assert.match(message(ds, 'schema'), `Sample key 'cust${O}mer' holds U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o' (character 5 of the key): a placeholder's name is written in Latin letters; did you mean 'customer'?`);
  assert.match(message(lint(template({ language: '\u0435n_US' })), 'language-code'), "Language '\u0435n_US' holds U+0435 CYRILLIC SMALL LETTER IE, a Cyrillic letter that looks like the Latin 'e' (character 1 of the code): a language code is written in Latin letters; did you mean 'en_US'?");
});

const config = (aliases: Record<string, string>, more = ''): string => `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { ${Object.entries(aliases).map(([a, id]) => `"${a}": ${id}`).join(', ')} }\n${more}`;

test('a channel alias with a look-alike letter, in the template or in the config: the letter named, the alias meant given', async () => {
  await inProjectDir({ 'tplsync.config.yaml': config({ wa: CHANNEL_A }), 'templates/a.yaml': template({ channel: 'w\u0430' }) }, async (dir) => {
    const m = message((await lintInProcess(dir)).diagnostics, 'unknown-channel');
    assert.is(m, "Channel alias 'w\u0430' is not defined in the config: it holds U+0430 CYRILLIC SMALL LETTER A, a Cyrillic letter that looks like the Latin 'a' (character 2 of the alias); did you mean 'wa'?");
  });
  await inProjectDir({ 'tplsync.config.yaml': config({ 'w\u0430': CHANNEL_A }), 'templates/a.yaml': template({ channel: 'wa' }) }, async (dir) => {
    const m = message((await lintInProcess(dir)).diagnostics, 'unknown-channel');
    assert.is(m, "Channel alias 'wa' is not defined in the config; the config's 'w\u0430' holds U+0430 CYRILLIC SMALL LETTER A, a Cyrillic letter that looks like the Latin 'a' (character 2 of the alias): write it in Latin letters there, or write 'w\u0430' here");
  });
  // one environment's alias with the look-alike: env-channel-misspelt names it
  const two = config({ wa: CHANNEL_A }, `  production:\n    emulator: .tplsync/p.json\n    channels: { "w\u0430": ${CHANNEL_B} }\n`);
  await inProjectDir({ 'tplsync.config.yaml': two, 'templates/a.yaml': template({ channel: 'wa' }) }, async (dir) => {
    const m = message((await lintInProcess(dir)).diagnostics, 'env-channel-misspelt');
    assert.match(m, "production has 'w\u0430' instead (it holds U+0430 CYRILLIC SMALL LETTER A, a Cyrillic letter that looks like the Latin 'a' (character 2 of the alias)), which no template is on");
  });
});

test('an import refuses a name with a look-alike letter and names it', () => {
  const r = metaToFile({ name: `${O}rder_ready`, language: 'en_US', category: 'UTILITY', components: [{ type: 'BODY', text: 'Your order is ready.' }] }, 'data[0]');
  const issue = r.issues.find((i) => i.field === 'name');
  assert.ok(issue, JSON.stringify(r.issues));
  assert.is(issue!.message, `'${O}rder_ready' is not a WhatsApp template name (lower-case letters, digits and _): it holds U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o' (character 1 of the name); in Latin letters it is 'order_ready'`);
});

test('tplsync new --name with a look-alike letter: refused (exit 3), the letter named and the name meant given', async () => {
  await inProjectDir({ 'tplsync.config.yaml': config({ wa: CHANNEL_A }) }, async (dir) => {
    const r = await cliIn(['new', '--channel', 'wa', '--name', `${O}rder_ready`, '--language', 'en_US'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, `--name '${O}rder_ready' holds U+043E CYRILLIC SMALL LETTER O, a Cyrillic letter that looks like the Latin 'o' (character 1 of the name): a template name is written in Latin letters; did you mean 'order_ready'?`);
  });
});

test.run();
