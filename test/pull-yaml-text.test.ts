// The file texts `pull --from meta|twilio` writes directly from the value (src/pull/yaml-text.ts)
// are byte for byte those of the `yaml` Document writer they replaced: over the seeded
// generators of every kind the round-trip property tests use (as files, and as pulled back from
// Meta's create request), every Meta and Twilio fixture, every template of the format's kinds
// (preview-kinds.ts: each property of the schema), and seeded values of any shape with awkward
// strings (quotes, indicators, numbers and booleans as text, line breaks, blank lines). Where the
// direct writer declines a shape it answers undefined and pull prints with `yaml`; the kinds
// themselves never take that way.
import './seed.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { metaTemplates, metaToFile, toMeta } from '../src/formats/meta.ts';
import { twilioTemplates, twilioToFile } from '../src/formats/twilio.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateFileText, yamlTemplateFileText } from '../src/pull/file-text.ts';
import { directTemplateFileText } from '../src/pull/yaml-text.ts';
import { authenticationTemplate, carouselTemplate, offerTemplate } from './kinds-arbitraries.ts';
import { COMMERCE_KINDS } from './kinds-commerce-arbitraries.ts';
import { RCS_KINDS, WHATSAPP_KINDS, textOf } from './preview-kinds.ts';
import { FIXTURES } from './helpers.ts';

const OPTS = { schemaPath: '../schema/template.schema.json', note: 'Pulled from a Meta (WhatsApp Business) export by tplsync 0.1.0 on 2026-11-25.' };
const CHOSEN = { ...OPTS, comments: { category: ' the export has no category: check it' } };

/** both writers on one value: the direct one must answer (`required`) and give yaml's bytes */
function same(value: Record<string, unknown>, o: typeof OPTS & { comments?: Record<string, string> } = OPTS, required = true): boolean {
  const direct = directTemplateFileText(value, o);
  const reference = yamlTemplateFileText(value, o);
  if (direct === undefined) {
    assert.ok(!required, `the direct writer declined a kind's template:\n${reference}`);
    assert.is(templateFileText(value, o), reference);
    return false;
  }
  assert.fixture(direct, reference);
  return true;
}

const KINDS = [carouselTemplate, offerTemplate, authenticationTemplate, ...COMMERCE_KINDS.map(([, k]) => k)] as fc.Arbitrary<Record<string, unknown>>[];

test('every kind the round-trip properties generate: as a file, and as pulled back from its Meta create request', () => {
  fc.assert(fc.property(fc.oneof(...KINDS), fc.boolean(), (file, chosen) => {
    same(file, chosen ? CHOSEN : OPTS);
    const { description: _notCarried, ...rest } = file;
    const exported = toMeta(fromFile(rest, 'ch', 'id'));
    if (!exported.request) return;
    const back = metaToFile(JSON.parse(JSON.stringify(exported.request)), '(template)');
    same({ channel: 'shop-whatsapp', ...back.value }, chosen ? CHOSEN : OPTS);
  }), { numRuns: 300 });
});

test('every Meta and Twilio fixture, as pull maps it', () => {
  let n = 0;
  for (const f of readdirSync(path.join(FIXTURES, 'meta')).filter((x) => x.endsWith('.json'))) {
    for (const x of metaTemplates(JSON.parse(readFileSync(path.join(FIXTURES, 'meta', f), 'utf8')))) {
      const t = metaToFile(x.value, x.where);
      if (t.issues.length) continue;
      same({ channel: 'shop-whatsapp', ...t.value });
      n++;
    }
  }
  for (const f of readdirSync(path.join(FIXTURES, 'twilio')).filter((x) => x.endsWith('.json'))) {
    for (const x of twilioTemplates(JSON.parse(readFileSync(path.join(FIXTURES, 'twilio', f), 'utf8')))) {
      const t = twilioToFile(x.value, x.where, x.approval, {});
      if (t.issues.length) continue;
      same({ channel: 'shop-whatsapp', ...t.value }, t.categoryChosen ? CHOSEN : OPTS);
      n++;
    }
  }
  assert.ok(n >= 20, `${n} fixtures`);
});

test("every kind of the format (each property of the schema), WhatsApp and RCS, and the Meta examples' files", () => {
  for (const k of [...WHATSAPP_KINDS, ...RCS_KINDS]) same(parse(textOf(k)) as Record<string, unknown>);
  const dir = path.join(FIXTURES, 'meta-examples');
  for (const f of readdirSync(dir)) same(parse(readFileSync(path.join(dir, f), 'utf8')) as Record<string, unknown>);
});

// strings that put each of yaml's choices to the test: plain, single or double quotes, literal blocks
const awkward = fc.oneof(
  fc.constantFrom('', ' ', 'a', 'true', 'False', 'null', '10:30', 'yes', 'Off', 'y', '0755', '0b1', '~', '1', '-1', '0x1F', '0o17', '1.5', '1e3', '.inf', '.NaN', '- a', '-', '?', ': x', 'a: b', 'a #b', 'a#b', '#x',
    "it's", 'say "hi"', `"both' kinds"`, '@home', '`x`', '%x', '---', '...', 'a\nb', 'a\n\nb', '\na', ' a\nb', 'a\nb\n', 'a\nb\n\n', 'a \nb', 'a\n b', 'a\n', '\n', '\t', 'a\tb',
    'x\u00a0y', 'é', '{{1}}', '[x]', '{x}', 'a,b', '*x', '&x', '!x', '|', '>', 'a:', 'https://x.example/{{1}}', 'line\r\nbreak', 'bell\u0007', 'sur\ud800'),
  fc.string({ unit: fc.constantFrom('a', ' ', '\n', ':', '#', '-', "'", '"', '1', '.', '\t', '{', '}'), maxLength: 12 }),
);
const keyOf = fc.oneof(fc.constantFrom('channel', 'name', 'language', 'category', 'body', 'text', 'examples', 'buttons', 'header', 'footer', 'type', 'url', '1', '2', '10', 'order_id', 'constructor', 'toString'), awkward);
const { tree } = fc.letrec((tie) => ({
  tree: fc.oneof({ depthSize: 'small' }, awkward, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), tie('map'), tie('seq')),
  map: fc.dictionary(keyOf, tie('tree'), { maxKeys: 5 }),
  seq: fc.array(tie('tree'), { maxLength: 4 }),
}));

test('values of any shape: the direct writer gives yaml\'s bytes, or leaves the value to yaml', () => {
  let direct = 0;
  fc.assert(fc.property(fc.dictionary(keyOf, tree, { minKeys: 1, maxKeys: 8 }), fc.boolean(), (value, chosen) => {
    if (same(value as Record<string, unknown>, chosen ? CHOSEN : OPTS, false)) direct++;
  }), { numRuns: 3000 });
  // most of the values are written directly: the comparison is not vacuous
  assert.ok(direct > 1000, `${direct} of 3000 written directly`);
});

test('a string a YAML 1.1 reader takes for a number or a boolean (10:30, yes, off, 0755) is quoted by both writers, and reads back as text under YAML 1.1 too', () => {
  const texts = ['10:30', '1:05:00', 'yes', 'No', 'off', 'Y', '0755', '0b101', 'on', '.inf', '2026-03-01', '2026-03-01 10:30:00', '1_000', '-1_2', '<<'];
  const value = { name: 'times', language: 'en_US', body: { text: 'Open {{1}} to {{2}}.', examples: Object.fromEntries(texts.map((t, i) => [String(i + 1), t])) } };
  assert.ok(same(value));
  const file = templateFileText(value, OPTS);
  for (const t of texts) assert.ok(file.includes(`"${t}"`), `${t} quoted:\n${file}`);
  const back = parse(file, { version: '1.1' }) as { body: { examples: Record<string, unknown> } };
  assert.equal(Object.values(back.body.examples), texts);
  // text that is a string to every reader stays plain
  assert.match(templateFileText({ name: 'n', body: { text: 'Open at 10:30 today' } }, OPTS), /text: Open at 10:30 today\n/);
});

test('an object met twice is left to yaml (which prints an anchor and an alias)', () => {
  const shared = { format: 'TEXT', text: 'Hi' };
  assert.is(directTemplateFileText({ name: 'a', header: shared, x: shared }, OPTS), undefined);
  assert.match(templateFileText({ name: 'a', header: shared, x: shared }, OPTS), /&a1/);
});

test.run();
