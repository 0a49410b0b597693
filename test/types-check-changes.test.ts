// `types --check` said only `src/tplsync-templates.ts is stale` for every change: a reviewer of a
// pull request could not tell a change of TemplateParams, which the application's calls of
// sendTemplate must follow, from a footer edit that changes no call (trial-bm F4). The committed
// module is now read against the one the templates make, template by template (typegen/diff.ts):
// the check names the templates whose parameters changed (and how), those added or removed, and
// those whose other metadata alone changed.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta } from '../src/model/meta.ts';
import type { Loose } from '../src/model/loose.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { describeChanges, literalValue, moduleChanges } from '../src/typegen/diff.ts';
import { cleanup, cli, cliIn, tempDir, writeFiles } from './helpers.ts';

/** the module `tplsync types` makes of these template files (YAML texts) */
function moduleOf(files: readonly string[], source = 'tplsync.config.yaml'): string {
  return generateTypes(files.map((y) => {
    const v = parse(y) as Loose;
    return templateMeta(fromFile(v, String(v.channel), ''), String(v.channel), { channelKind: 'whatsapp' });
  }), { source });
}

const SHIPPED = 'channel: wa\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your order {{2}} has left our warehouse."\n  examples: { 1: Maria, 2: A-1001 }\nfooter: Thanks for shopping with us\n';
const SHIPPED_NAMED = SHIPPED.replace('{{1}}', '{{customer}}').replace('{{2}}', '{{order_id}}').replace('{ 1: Maria, 2: A-1001 }', '{ customer: Maria, order_id: A-1001 }');
const LOGIN = 'channel: wa\nname: login_code\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  text: "{{1}} is your verification code. For your security, do not share this code."\n  examples: { 1: "123456" }\nfooter:\n  code_expiration_minutes: 10\nbuttons:\n  - type: OTP\n    otp_type: COPY_CODE\n';
const LOGIN_PRESET = 'channel: wa\nname: login_code\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\nfooter:\n  code_expiration_minutes: 10\nbuttons:\n  - type: OTP\n    otp_type: COPY_CODE\n';
const READY = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\ndescription: Sent when the order can be picked up\nbody:\n  text: "Hi {{name}}, your order is ready for pickup at the store."\n  examples: { name: Ana }\n';

test('moduleChanges: parameters renamed (numbered to named, an authentication text to WhatsApp\'s) are calls that must follow; a footer, a category, a body\'s text are metadata', () => {
  const before = moduleOf([SHIPPED, LOGIN, READY]);
  const c = moduleChanges(before, moduleOf([SHIPPED_NAMED, LOGIN_PRESET, READY]))!;
  assert.equal(c.calls.map((x) => x.key), ['wa/login_code/en_US', 'wa/order_shipped/en_US']);
  assert.is(c.calls[1]!.what, '1, 2 → customer, order_id');
  assert.match(c.calls[0]!.what, /^1 → code/);
  assert.equal([c.added, c.removed, c.metadata], [[], [], []]);

  const meta = moduleChanges(before, moduleOf([SHIPPED.replace('Thanks for shopping with us', 'Thank you for shopping with us'), LOGIN, READY.replace('UTILITY', 'MARKETING')]))!;
  assert.equal(meta.calls, []);
  assert.equal(meta.metadata, [{ key: 'wa/order_ready/en_US', parts: ['category'] }, { key: 'wa/order_shipped/en_US', parts: ['footer'] }]);
  // a body's text with the same placeholders: its text, not its call
  assert.equal(moduleChanges(before, moduleOf([SHIPPED.replace('has left', 'left'), LOGIN, READY]))!.metadata, [{ key: 'wa/order_shipped/en_US', parts: ['body'] }]);
});

test('moduleChanges: templates added and removed; a quick reply\'s payload added; a media header makes textOnly required; a module that does not read gives none', () => {
  const before = moduleOf([SHIPPED, READY]);
  const c = moduleChanges(before, moduleOf([SHIPPED, LOGIN]))!;
  assert.equal([c.added, c.removed], [['wa/login_code/en_US'], ['wa/order_ready/en_US']]);
  const reply = moduleChanges(before, moduleOf([SHIPPED, `${READY}buttons:\n  - type: QUICK_REPLY\n    text: On my way\n`]))!;
  assert.equal(reply.calls, [{ key: 'wa/order_ready/en_US', what: 'button_0 added' }]);
  const media = moduleChanges(before, moduleOf([SHIPPED, READY.replace('body:', 'header:\n  format: IMAGE\n  example: https://cdn.example.com/ready.png\nbody:')]))!;
  assert.equal(media.calls, [{ key: 'wa/order_ready/en_US', what: 'textOnly: true required now' }]);
  assert.is(moduleChanges('export const x = 1;\n', before), undefined);
  // only the rest of the module moved (its first line names another source)
  const other = moduleChanges(before, moduleOf([SHIPPED, READY], 'config/tplsync.config.yaml'))!;
  assert.equal(describeChanges(other), ['no template\'s entry changed: the rest of the module did (another tplsync version writes it so, or another config path or import)']);
});

test('describeChanges: each kind on a line, the first five named, then how many more', () => {
  const seven = [...Array(7).keys()].map((i) => READY.replace('order_ready', `order_ready_${i}`));
  const c = moduleChanges(moduleOf([SHIPPED, ...seven]), moduleOf([SHIPPED_NAMED, ...seven.map((y) => `${y}footer: Reply STOP to opt out\n`)]))!;
  assert.equal(describeChanges(c), [
    'parameters changed, which code calling sendTemplate must follow (1): wa/order_shipped/en_US (1, 2 → customer, order_id)',
    'other metadata changed, the calls compile as they did (7): wa/order_ready_0/en_US (footer); wa/order_ready_1/en_US (footer); wa/order_ready_2/en_US (footer); wa/order_ready_3/en_US (footer); wa/order_ready_4/en_US (footer); and 2 more',
  ]);
  assert.equal(literalValue('{ a: "x\\u200E", "b-c": [1, true, null], d: {} }'), Object.assign(Object.create(null), { a: 'x\u200e', 'b-c': [1, true, null], d: Object.create(null) }));
});

test('types --check names the templates whose entries changed, parameters apart, on stderr and in the annotation; a module it cannot read is said stale alone', async () => {
  const dir = tempDir('tplsync-types-changes-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nchannels:\n  wa: { kind: whatsapp }\n',
      'templates/order_shipped.en_US.yaml': SHIPPED,
      'templates/order_ready.en_US.yaml': READY,
    });
    assert.is((await cliIn(['types'], { cwd: dir })).exitCode, 0);
    writeFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), SHIPPED_NAMED);
    writeFileSync(path.join(dir, 'templates/order_ready.en_US.yaml'), `${READY}footer: Reply STOP to opt out\n`);
    const r = await cliIn(['types', '--check'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.is(r.stderr, [
      'tplsync-templates.ts is stale; update it with: tplsync types',
      '  parameters changed, which code calling sendTemplate must follow (1): wa/order_shipped/en_US (1, 2 → customer, order_id)',
      '  other metadata changed, the calls compile as they did (1): wa/order_ready/en_US (footer)',
    ].join('\n'));
    const gh = await cli(['types', '--check'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir } });
    assert.match(gh.stdout, '::tplsync-templates.ts is stale; update it with: tplsync types%0A  parameters changed, which code calling sendTemplate must follow (1): wa/order_shipped/en_US (1, 2 → customer, order_id)%0A  other metadata changed');
    // a module edited by hand out of its layout: stale, as before, with nothing more said
    const file = path.join(dir, 'tplsync-templates.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('export interface TemplateParams {', 'export interface TemplateParameters {'));
    const edited = await cliIn(['types', '--check'], { cwd: dir });
    assert.is(edited.exitCode, 1);
    assert.is(edited.stderr, 'tplsync-templates.ts is stale; update it with: tplsync types');
  } finally { cleanup(dir); }
});

test.run();
