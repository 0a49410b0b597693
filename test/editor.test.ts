// The JSON Schema drives editors: yaml-language-server, run headlessly, completes keys and
// enum values from it and flags a wrong value at its position.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService } from 'yaml-language-server/lib/umd/languageservice/yamlLanguageService.js';
import { ROOT } from './helpers.ts';

const schema = JSON.parse(readFileSync(path.join(ROOT, 'schema', 'template.schema.json'), 'utf8'));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const ls = getLanguageService({ schemaRequestService: async () => JSON.stringify(schema), workspaceContext: { resolveRelativePath: (p: string) => p } } as any);
ls.configure({ validate: true, completion: true, hover: true, schemas: [{ uri: 'file:///template.schema.json', fileMatch: ['*.yaml'], schema }] });

let n = 0;
const doc = (text: string) => TextDocument.create(`file:///work/templates/t${n++}.yaml`, 'yaml', 1, text);

test('completes the keys of a header from the schema', async () => {
  const text = 'channel: shop-whatsapp\nname: x\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: hi there\nheader:\n  fo';
  const c = await ls.doComplete(doc(text), { line: 7, character: 4 }, false);
  const labels = c.items.map((i) => i.label);
  assert.ok(labels.includes('format'), JSON.stringify(labels));
});

test('completes category values from the enum', async () => {
  const text = 'channel: shop-whatsapp\nname: x\nlanguage: en_US\ncategory: \nbody:\n  text: hi there\n';
  const c = await ls.doComplete(doc(text), { line: 3, character: 10 }, false);
  const labels = c.items.map((i) => i.label);
  assert.ok(['MARKETING', 'UTILITY', 'AUTHENTICATION'].every((v) => labels.includes(v)), JSON.stringify(labels));
});

test('flags a misspelt category at its position', async () => {
  const text = 'channel: shop-whatsapp\nname: x\nlanguage: en_US\ncategory: MARKETTING\nbody:\n  text: hi there\n';
  const d = await ls.doValidation(doc(text), false);
  assert.is(d.length, 1, JSON.stringify(d));
  assert.equal(d[0]!.range.start, { line: 3, character: 10 });
});

test('every property of the schema has a description', () => {
  const missing: string[] = [];
  const walk = (s: Record<string, unknown>, where: string): void => {
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Record<string, unknown>>)) {
      if (!v.description && !v.$ref) missing.push(`${where}.${k}`);
      walk(v, `${where}.${k}`);
    }
    for (const [k, v] of Object.entries((s.definitions ?? {}) as Record<string, Record<string, unknown>>)) walk(v, `#${k}`);
    if (s.items) walk(s.items as Record<string, unknown>, `${where}[]`);
  };
  walk(schema, '');
  assert.equal(missing, []);
});

const rcs = (action: string, more = '') => `channel: shop-rcs\nname: x\nlanguage: en_US\nmessage:\n  type: text\n  message: hi there\n  suggestions:\n    - action: ${action}\n      text: Go\n${more}      `;

test('offers only the keys of the suggestion action being written', async () => {
  const keys = async (action: string) => (await ls.doComplete(doc(rcs(action)), { line: 9, character: 6 }, false)).items.map((i) => i.label);
  const own: Record<string, string[]> = {
    reply: [], open_url: ['openUrlApplication', 'webviewType'], dial: ['phoneNumber'], view_location: ['latLong', 'label', 'query'],
    share_location: [], create_calendar_event: ['startTime', 'endTime', 'title', 'description'],
  };
  const all = Object.values(own).flat();
  for (const [action, mine] of Object.entries(own)) {
    const got = await keys(action);
    for (const k of mine) assert.ok(got.includes(k), `${action} offers ${k}: ${JSON.stringify(got)}`);
    assert.ok(got.includes('postbackData'), `${action} offers postbackData`);
    for (const k of all.filter((x) => !mine.includes(x))) assert.not.ok(got.includes(k), `${action} does not offer ${k}: ${JSON.stringify(got)}`);
  }
});

test('flags a key of another action at its position, and an RCS-only template needs no category or body', async () => {
  const d = await ls.doValidation(doc(`${rcs('reply', '      phoneNumber: "+4930123456"\n')}\n`), false);
  assert.is(d.length, 1, JSON.stringify(d));
  assert.equal(d[0]!.range.start, { line: 9, character: 6 });
  assert.equal(await ls.doValidation(doc(`${rcs('dial', '      phoneNumber: "+4930123456"\n')}\n`), false), []);
});

test.run();
