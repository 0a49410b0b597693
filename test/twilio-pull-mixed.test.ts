// `pull --from twilio` of a resource whose texts name some variables and number others (Twilio
// allows both; export --to twilio writes such resources) writes a file lint takes: the numbered
// ones in the texts are named (`{{1}}` is `{{v_1}}`, with its sample), as pull renames a variable a
// file cannot hold, and that is said (trial z, F7). A URL keeps its own {{1}}.
import { readFileSync, rmSync } from 'node:fs';
import fc from 'fast-check';
import { parse } from 'yaml';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { namedTextVariables, twilioToFile } from '../src/formats/twilio.ts';
import { CHANNEL_A, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';
import './seed.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`;

test('pull --from twilio: a numbered header beside a named body is written named, said, and the file lints clean', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'tw.json': JSON.stringify([{ content: { friendly_name: 'mixed', language: 'en', variables: { 1: 'Berlin', name: 'Ana', 2: 'A-1' },
      types: { 'whatsapp/card': { header_text: 'News from {{1}}', body: 'Hi {{name}}, our new store opens this Saturday with special prices for you.',
        actions: [{ type: 'URL', title: 'Open', url: 'https://shop.example.com/o/{{2}}' }] } } }, approval: { name: 'mixed_vars', category: 'MARKETING' } }]) });
    const r = await cliIn(['pull', '--from', 'twilio', '--channel', 'wa', 'tw.json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const text = readFileSync(path.join(dir, 'templates/mixed_vars.en.yaml'), 'utf8');
    assert.match(text, /text: News from \{\{v_1\}\}\n  examples:\n    v_1: Berlin/);
    assert.match(text, /url: https:\/\/shop\.example\.com\/o\/\{\{1\}\}/);
    assert.match(r.stderr, /types\.whatsapp\/card: Twilio's \{\{1\}\} is \{\{v_1\}\} in the file, with its sample: the resource's texts name some variables and number others/);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.severity === 'error'), []);
  } finally { cleanup(dir); }
});

test('namedTextVariables: by kind across the texts (header, body, a card\'s body), one text mixing alike; a name taken gets _2; URLs untouched', () => {
  const one = namedTextVariables({ body: 'Hi {{first}}, order {{1}} is {{2}}.' }, { first: 'Ana', 1: 'A-1', 2: 'late', v_2: 'x' });
  assert.equal(one.type, { body: 'Hi {{first}}, order {{v_1}} is {{v_2_2}}.' });
  assert.equal(one.renames, [['1', 'v_1'], ['2', 'v_2_2']]);
  assert.is(one.vars.v_1, 'A-1');
  assert.is(one.vars.v_2_2, 'late');
  const card = namedTextVariables({ body: 'Hi {{name}}.', cards: [{ body: 'Now {{1}}', media: 'https://cdn.example.com/{{2}}' }] }, { name: 'Ana', 1: '€9', 2: 'a.png' });
  assert.equal(card.type.cards, [{ body: 'Now {{v_1}}', media: 'https://cdn.example.com/{{2}}' }]);
  assert.equal(card.vars, { name: 'Ana', 1: '€9', 2: 'a.png', v_1: '€9' });
  // one kind: untouched
  const numbered = { header_text: 'From {{1}}', body: 'Hi {{2}}.', actions: [{ type: 'URL', url: 'https://o.example/{{name}}' }] };
  assert.equal(namedTextVariables(numbered, { 1: 'a', 2: 'b', name: 'c' }).renames, []);
  // and a body mixing the two itself is written, not refused
  const mixed = twilioToFile({ friendly_name: 'm', language: 'en', variables: { first: 'Ana', 1: 'A-1' }, types: { 'twilio/text': { body: 'Hi {{first}}, order {{1}} shipped.' } } }, '(template)', { name: 'm', category: 'UTILITY' });
  assert.equal(mixed.issues, []);
  assert.equal(mixed.value.body, { text: 'Hi {{first}}, order {{v_1}} shipped.', examples: { first: 'Ana', v_1: 'A-1' } });
});

// verify-16 NEW-5: Twilio's {{City-Name}} was said to be {{v_city-name}} (no placeholder name either), while the file kept
// {{City-Name}} with no sample and lint refused it. A Twilio variable is renamed to a name lint takes, in the text and the samples,
// unique in the template, and the line says the name the file holds.
const PLACEHOLDER_RULES = ['placeholder-syntax', 'placeholder-sample', 'placeholder-reserved-name', 'placeholder-mixed'];
const pullOne = async (dir: string, vars: Record<string, string>, body: string) => {
  rmSync(path.join(dir, 'templates'), { recursive: true, force: true });
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'tw.json': JSON.stringify({ content: { friendly_name: 'named_only', language: 'en', variables: vars,
    types: { 'twilio/text': { body } } }, approval: { name: 'named_only', category: 'MARKETING' } }) });
  const r = await cliIn(['pull', '--from', 'twilio', 'tw.json', '--channel', 'wa'], { cwd: dir });
  const file = readFileSync(path.join(dir, 'templates/named_only.en.yaml'), 'utf8');
  const errors = (await lintInProcess(dir)).diagnostics.filter((d) => d.severity === 'error' && PLACEHOLDER_RULES.includes(d.ruleId));
  // each rename said: Twilio's key and the file's name
  const said = [...r.stderr.matchAll(/Twilio's \{\{([^\n]*?)\}\} is \{\{([^{}\n]*)\}\} in the file \(a template file's placeholder names/g)].map((m) => [m[1]!, m[2]!] as const);
  return { r, file, errors, said };
};

test('pull --from twilio: {{City-Name}} is {{city_name}} in the file, with its sample, as the line says, and lints clean', async () => {
  const dir = tempDir();
  try {
    const { r, file, errors, said } = await pullOne(dir, { 'City-Name': 'Köln', FirstName: 'Ana' }, 'Hello {{FirstName}}, our new store in {{City-Name}} opens this weekend with great offers.');
    assert.is(r.exitCode, 0, r.stderr);
    assert.equal(said, [['City-Name', 'city_name'], ['FirstName', 'first_name']]);
    assert.match(file, /text: Hello \{\{first_name\}\}, our new store in \{\{city_name\}\} opens this weekend with great offers\.\n  examples:\n    first_name: Ana\n    city_name: Köln\n/);
    assert.equal(errors, []);
  } finally { cleanup(dir); }
});

test('property: any Twilio variable names are renamed to names lint takes, unique, in the text and the samples, as said', async () => {
  const dir = tempDir();
  try {
    const char = fc.constantFrom('A', 'b', 'Z', 'x', 'é', 'Ö', 'ß', 'İ', '名', '-', '_', ' ', '.', '0', '1', '7');
    const keys = fc.uniqueArray(fc.string({ unit: char, minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 });
    await fc.assert(fc.asyncProperty(keys, async (ks) => {
      const vars = Object.fromEntries(ks.map((k, i) => [k, `sample${i}`]));
      const body = `Hello there ${ks.map((k) => `{{${k}}}`).join(' and then ')}, thank you for shopping with us this week at our store.`;
      const { file, errors, said } = await pullOne(dir, vars, body);
      assert.equal(errors, [], file);
      const names = said.map(([, n]) => n);
      assert.is(new Set(names).size, names.length, file);
      const examples = (parse(file) as { body: { examples?: Record<string, unknown> } }).body.examples ?? {};
      for (const [k, n] of said) {
        assert.ok(ks.includes(k), k);
        assert.is(examples[n], vars[k], `${n}'s sample in\n${file}`);
        assert.ok(file.includes(`{{${n}}}`), `${n} in\n${file}`);
        assert.ok(!file.includes(`{{${k}}}`), `${k} in\n${file}`);
      }
    }), { numRuns: 60 });
  } finally { cleanup(dir); }
});

test('a URL\'s renumbered variable is named as send and the generated types take its value (button_0; a carousel card\'s: card_2.button_1), not as the URL\'s {{1}} (trial av F5)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'tw.json': JSON.stringify([{ content: { friendly_name: 'Directions', language: 'en', variables: { 1: 'Northside Clinic', 2: '14 May', 3: 'northside' },
      types: { 'twilio/call-to-action': { body: 'Your visit at {{1}} on {{2}} is booked. Tap below for directions.', actions: [{ type: 'PHONE_NUMBER', title: 'Call us', phone: '+15555551234' }, { type: 'URL', title: 'Directions', url: 'https://clinics.example.com/directions/{{3}}' }] } } },
      approval: { name: 'clinic_directions', category: 'UTILITY' } }]) });
    const r = await cliIn(['pull', '--from', 'twilio', '--channel', 'wa', 'tw.json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, "types.twilio/call-to-action.actions[1].url: Twilio's {{3}} is button_1 when sending (send --param button_1=..., the generated types' button_1): in the file it is this URL's own {{1}}");
    // the name said is the one the send takes
    const sent = await cliIn(['send', '--to', '+4915112345678', '--template', 'clinic_directions', '--param', '1=Northside', '--param', '2=14 May', '--param', '3=northside', '--text-only', '--dry-run', '--no-remote-check'], { cwd: dir });
    assert.match(sent.stderr, /It takes: 1, 2, button_1\./, sent.stderr);
  } finally { cleanup(dir); }
  const carousel = twilioToFile({ friendly_name: 'deal', language: 'en', variables: { 1: 'Twilio', 2: 'tote' }, types: { 'twilio/carousel': { body: 'New {{1}} merch just dropped!', cards: [
    { body: 'Hoodie', media: 'https://cdn.example.com/hoodie.png', actions: [{ type: 'URL', title: 'Buy', url: 'https://shop.example.com/hoodie' }] },
    { body: 'Tote', media: 'https://cdn.example.com/tote.png', actions: [{ type: 'QUICK_REPLY', title: 'Want it', id: 'w' }, { type: 'URL', title: 'Buy', url: 'https://shop.example.com/{{2}}' }] },
  ] } } }, '(template)', { name: 'deal', category: 'MARKETING' });
  assert.equal(carousel.issues, []);
  assert.match(carousel.renumbered.map((i) => i.message).join('\n'), "Twilio's {{2}} is the generated types' card_2.button_1 (a carousel card's value: no send carries a carousel");
});

// trial-bl F1: a carousel card's URL value was said as `send --param card_1's button_0=...`: no parameter syntax (send takes
// NAME=VALUE, a card's card_<n>.<name>=value), and send refuses every card value (no send carries a carousel). Every line
// pull --from twilio prints about where a value goes when sending names what send and the generated types take: a header's
// numbered value is header_1 (not the body's 1), a card's is the generated types' card_1.button_0 and no send is advised.
test('pull --from twilio: each "when sending" line names a parameter send takes; a carousel card\'s value only as the generated types name it (trial-bl F1)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'tw.json': JSON.stringify([
      { content: { friendly_name: 'News', language: 'en', variables: { 1: 'Berlin', 2: 'Ana', 3: 'A-1', 4: 'o-1' },
        types: { 'whatsapp/card': { header_text: 'News from {{1}}', body: 'Hi {{2}}, order {{3}} is ready for you at the store today.', actions: [{ type: 'URL', title: 'Open', url: 'https://shop.example.com/o/{{4}}' }] } } },
      approval: { name: 'card_news', category: 'UTILITY' } },
      { content: { friendly_name: 'Spring', language: 'en', variables: { 1: 'Lena', 2: '89', 3: 'runner-x', 4: 'trail-y' },
        types: { 'twilio/carousel': { body: 'Hi {{1}}, fresh picks for spring:', cards: [
          { body: 'Runner X for {{2}} euros', media: 'https://cdn.shoeshop.example/img/runner-x.jpg', actions: [{ type: 'URL', title: 'Buy now', url: 'https://shoeshop.example/p/{{3}}' }] },
          { body: 'Trail Y, grips anything', media: 'https://cdn.shoeshop.example/img/trail-y.jpg', actions: [{ type: 'URL', title: 'Buy now', url: 'https://shoeshop.example/p/{{4}}' }] }] } } },
      approval: { name: 'spring_shoes', category: 'MARKETING' } }]) });
    const r = await cliIn(['pull', '--from', 'twilio', '--channel', 'wa', 'tw.json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    // a carousel card's values: the generated types' card_<n>.<name>, never a send
    assert.match(r.stderr, "types.twilio/carousel.cards[0].actions[0].url: Twilio's {{3}} is the generated types' card_1.button_0 (a carousel card's value: no send carries a carousel, send refuses it): in the file it is this URL's own {{1}}");
    assert.match(r.stderr, "types.twilio/carousel.cards[1].actions[0].url: Twilio's {{4}} is the generated types' card_2.button_0 (");
    assert.match(r.stderr, "types.twilio/carousel.cards[0].body: Twilio's {{2}} is the generated types' card_1[\"1\"] (a carousel card's value: no send carries a carousel, send refuses it): in the file it is {{1}}, card 1's own");
    assert.not.match(r.stderr, /send --param card_|'s button_/);
    // a numbered header's value is header_1 when sending, not Twilio's (nor the body's) 1
    assert.match(r.stderr, "types.whatsapp/card.header_text: Twilio's {{1}} is header_1 when sending (send --param header_1=..., the generated types' header_1): in the file it is {{1}}, the header's own");
    assert.match(r.stderr, "types.whatsapp/card.actions[0].url: Twilio's {{4}} is button_0 when sending (send --param button_0=..., the generated types' button_0)");
    // every send advised takes the parameter it names (send's own list), in send's NAME=VALUE syntax
    const advised = [...r.stderr.matchAll(/send --param (\S+?)=\.\.\./g)].map((m) => m[1]!);
    assert.equal(advised, ['header_1', 'button_0']);
    const takes = await cliIn(['send', '--to', '+4915112345678', '--template', 'card_news', '--dry-run', '--no-remote-check'], { cwd: dir });
    assert.match(takes.stderr, /It takes: header_1, 1, 2, button_0\./, takes.stderr);
    const sent = await cliIn(['send', '--to', '+4915112345678', '--template', 'card_news', '--dry-run', '--no-remote-check', ...advised.flatMap((p) => ['--param', `${p}=x`]), '--param', '1=Ana', '--param', '2=A-1'], { cwd: dir });
    assert.is(sent.exitCode, 0, sent.stderr);
    // the generated types hold the card's values where the lines say
    const types = await cliIn(['types'], { cwd: dir });
    assert.is(types.exitCode, 0, types.stderr);
    assert.match(readFileSync(path.join(dir, 'tplsync-templates.ts'), 'utf8'), /"wa\/spring_shoes\/en": \{ "1": string; card_1: \{ "1": string; button_0: string \}; card_2: \{ button_0: string \} \}/);
  } finally { cleanup(dir); }
});

test.run();
