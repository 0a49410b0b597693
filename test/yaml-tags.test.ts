// A YAML tag in a template file is said at the tag, with what it marks, as the merge key `<<` is:
// `!!omap` was reported as a body "missing required key 'text'", `!!binary` as "a mapping", `!!set`
// as "{} is not a valid category", and `!!js/function` or an unknown `!foo` were taken as plain text
// without a word. The core schema's own tags (`!!str 12`) stay plain YAML.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';
import { openDocument } from '../src/files/document.ts';

const CONFIG = 'templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { whatsapp: 3b66178b-585b-549b-8664-15b9ad34b735 }\n';
const head = (name: string) => `channel: whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\n`;

async function lint(files: Record<string, string>) {
  const dir = tempDir();
  try { writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files }); return await lintInProcess(dir); } finally { cleanup(dir); }
}

test('!!omap, !!binary, !!set, !!js/function and !foo: each named at its tag (line:column), no misleading schema finding', async () => {
  const r = await lint({
    'templates/omap.en_US.yaml': `${head('omap')}body: !!omap\n  - text: "Hello {{name}}, thanks for your order."\n  - examples: { name: Ana }\n`,
    'templates/tags.en_US.yaml': 'channel: whatsapp\nname: !!binary dGFncw==\nlanguage: !foo en_US\ncategory: !!set { UTILITY }\nbody:\n  text: !!js/function "Hello {{name}}, thanks for your order."\n  examples: { name: Ana }\n',
  });
  const at = (file: string) => r.diagnostics.filter((d) => d.file.endsWith(file)).map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`);
  const omap = at('omap.en_US.yaml');
  assert.is(omap.length, 1, omap.join('\n'));
  assert.match(omap[0]!, /^5:7 yaml-syntax A YAML tag: !!omap marks an ordered mapping .* write a plain mapping/);
  const tags = at('tags.en_US.yaml');
  assert.equal(tags.map((t) => t.split(' ').slice(0, 2).join(' ')), ['2:7 yaml-syntax', '3:11 yaml-syntax', '4:11 yaml-syntax', '6:9 yaml-syntax'], tags.join('\n'));
  assert.match(tags[0]!, /!!binary marks base64-encoded bytes/);
  assert.match(tags[1]!, /!foo is a tag tplsync does not know .* taken as plain text in silence: remove the tag/);
  assert.match(tags[2]!, /!!set marks a set/);
  assert.match(tags[3]!, /!!js\/function marks a JavaScript value/);
  assert.not.ok(r.diagnostics.some((d) => d.ruleId === 'schema' || /missing required key|not a valid category/.test(d.message)));
  assert.is(r.exitCode, 1);
});

test('the core schema\'s tags are plain YAML; a "!" inside a text or a comment is no tag', async () => {
  const r = await lint({ 'templates/ok.en_US.yaml': `${head('ok')}body:\n  text: !!str "Hello {{name}}! Your order has shipped and is on its way!"\n  examples: { name: Ana }  # hi!\n` });
  assert.not.ok(r.diagnostics.some((d) => d.ruleId === 'yaml-syntax'), JSON.stringify(r.diagnostics));
});

test('every reader of a document gives the same finding (a tagged value has no plain value to check)', () => {
  const doc = openDocument('t.yaml', `${head('x')}body:\n  text: !foo Hello\n`);
  assert.is(doc.value, undefined);
  assert.ok(doc.loading().some((p) => p.kind === 'syntax' && /!foo is a tag/.test(p.message) && p.span.line === 6 && p.span.column === 9), JSON.stringify(doc.loading()));
});

test.run();
