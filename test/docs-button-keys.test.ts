// docs/format.md's "Keys that belong to one button type" names, for every button type of the JSON
// Schema, exactly the keys the schema gives that type (a reader took `flow_id:` for a key on the
// wrong type, since the paragraph left out the version 1.2 keys and the VOICE_CALL button).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers.ts';

test('the paragraph of per-type button keys agrees with the schema, type by type', () => {
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'schema', 'template.schema.json'), 'utf8')) as { definitions: Record<string, { properties?: Record<string, { const?: unknown }> }> };
  const want = new Map<string, string[]>();
  for (const def of Object.values(schema.definitions)) {
    const type = def.properties?.type?.const;
    if (typeof type === 'string') want.set(type, Object.keys(def.properties!).filter((k) => k !== 'type').sort());
  }
  const doc = readFileSync(path.join(ROOT, 'docs', 'format.md'), 'utf8');
  const start = doc.indexOf('Each button type takes only its own keys:');
  assert.ok(start > 0);
  let para = doc.slice(start + 'Each button type takes only its own keys:'.length, doc.indexOf('The JSON Schema says so', start)).replace(/\s+/g, ' ');
  // the asides in brackets (nested: a link inside one) say more than the keys
  for (let before = ''; before !== para;) { before = para; para = para.replace(/\([^()]*\)/g, ''); }
  const got = new Map<string, string[]>();
  for (const part of para.split(/;|\.\s*$/).map((x) => x.trim()).filter(Boolean)) {
    const [keys, types] = part.split(/ on /);
    assert.ok(types, `"${part}" says keys on types`);
    const list = [...keys!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!).sort();
    for (const t of types!.match(/\b[A-Z][A-Z_]+\b/g) ?? []) got.set(t, list);
  }
  assert.equal([...got.keys()].sort(), [...want.keys()].sort(), 'every button type, once');
  for (const [t, keys] of want) assert.equal(got.get(t), keys, t);
});

test.run();
