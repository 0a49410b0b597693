// The JSON Schema an editor validates with (yaml-language-server reads `$schema`) accepts a media
// URL that starts with a reference to the environment's values, `((cdn_host))/spring.png`, as
// lint does; any other value is still held to an absolute URL. Checked here with the schema file
// as an editor gets it (ajv with the `uri` format, as yaml-language-server checks formats), and
// with lint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG, ROOT, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const schema = JSON.parse(readFileSync(path.join(ROOT, 'schema/template.schema.json'), 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });
(addFormats as unknown as (a: Ajv, f: string[]) => void)(ajv, ['uri']);
const validate = ajv.compile(schema);

const media = (example: string) => ({
  channel: 'shop-whatsapp', name: 'spring_sale', language: 'en_US', category: 'MARKETING',
  header: { format: 'IMAGE', example },
  body: { text: 'Hi {{1}}, our spring sale starts today in every store.', examples: { 1: 'Maria' } },
});
const card = (fileUrl: string) => ({
  channel: 'shop-rcs', name: 'store_opening', language: 'en_US',
  message: { type: 'rich_card', richCards: [{ title: 'New store', fileUrl, thumbnailUrl: fileUrl }], rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL' } },
});

test('the schema file: a reference-led URL is valid where a URL is asked; a plain word is not', () => {
  assert.ok(validate(media('((cdn_host))/spring.png')), JSON.stringify(validate.errors));
  assert.ok(validate(media('https://cdn.example.com/spring.png')), JSON.stringify(validate.errors));
  assert.ok(validate(card('((cdn_host))/berlin.jpg')), JSON.stringify(validate.errors));
  assert.not.ok(validate(media('spring.png')));
  assert.ok(validate.errors!.some((e) => e.keyword === 'format'), JSON.stringify(validate.errors));
  assert.not.ok(validate(card('berlin.jpg')));
});

test('lint: the same; a value that is no URL is reported once, as before', async () => {
  const dir = tempDir();
  try {
    const yaml = (example: string, name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: MARKETING\nheader:\n  format: IMAGE\n  example: "${example}"\nbody:\n  text: "Hi {{1}}, our spring sale (${name}) starts today in every store."\n  examples: { 1: Maria }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': `${CONFIG}    values:\n      cdn_host: https://cdn.example.com\n`,
      'templates/a.yaml': yaml('((cdn_host))/spring.png', 'spring_a'),
      'templates/b.yaml': yaml('spring.png', 'spring_b'),
    });
    const { diagnostics } = await lintInProcess(dir);
    assert.equal(diagnostics.map((d) => `${d.file.split('/').pop()} ${d.ruleId} ${d.message}`), ['b.yaml schema header.example must be an absolute URL, got "spring.png".']);
  } finally { cleanup(dir); }
});

test.run();
