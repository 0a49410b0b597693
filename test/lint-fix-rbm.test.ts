// `lint --fix` writes a suggestion in Google's RBM shape (`reply: { text, postbackData }`,
// `action: { ..., openUrlAction: { url } }`, an action object on the suggestion) as the flat one its
// finding spells out ("Write it as { ... }", src/lint/rules/rbm-names.ts): in place, the comments,
// the other keys' order and the file's indentation kept, the same once more changing nothing. One
// whose action is not said, or that names another action beside Google's, is left and still
// reported. The report of `lint --fix` says every file with findings, also one with none it can
// repair. The editor's quick fix is the same repair, of the one suggestion it is asked for.
import './seed.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { loadConfig } from '../src/config/load.ts';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixFileText, fixText } from '../src/lint/fix.ts';
import { fixReport, fixRun } from '../src/lint/fix-run.ts';
import { lintProject } from '../src/lint/run.ts';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';
import { applyEdits, uri, withLsp } from './lsp-client.ts';

const now = new Date('2026-01-01T00:00:00Z');
// (rcs-view-location-query's note on a query chip, Android Messages' only, is about the chip written flat as much as Google's: off here)
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: { 'rcs-view-location-query': 'off' } });
const rcs = (suggestions: string): string => [
  '# the gate changed',
  'channel: shop-rcs',
  'name: gate_change',
  'language: en_US',
  'message:',
  '  type: text',
  '  message: Your gate changed   # the text',
  '  suggestions:',
  suggestions.replace(/\n$/, ''),
  '  rcsExpireOpts: { type: TTL, ttl: 1800 }  # a day is too long',
  '',
].join('\n');
const suggestionsOf = (text: string): unknown[] => (parse(text) as { message: { suggestions: unknown[] } }).message.suggestions;
/** the flat suggestion a finding says to write, read as YAML */
const writeItAs = (d: Diagnostic): unknown => parse(/Write it as (\{.*\}) \(docs\/format\.md/.exec(d.message)![1]!);
const rbm = (ds: readonly Diagnostic[]): Diagnostic[] => ds.filter((d) => d.ruleId === 'rcs-action-keys' && /Google's RBM/.test(d.message));

/** each of Google's shapes the finding writes out, and the lines the repair writes in its place */
const SHAPES: [string, string, string][] = [
  ['reply on one line', '    - reply: { text: Thanks, postbackData: ok }  # a chip\n', '    - { action: reply, text: Thanks, postbackData: ok }  # a chip\n'],
  ['reply as a block, quoted texts', '    - reply:   # the answer\n        text: "Thanks, really"  # shown\n        postbackData: \'ok\'\n', '    - action: reply   # the answer\n      text: "Thanks, really"  # shown\n      postbackData: \'ok\'\n'],
  ['action wrapper with openUrlAction', '    - action:\n        text: Menu\n        postbackData: menu\n        openUrlAction: { url: "https://air.example.com/lounge", application: WEBVIEW, webviewViewMode: HALF }\n',
    '    - action: open_url\n      text: Menu\n      postbackData: "https://air.example.com/lounge"\n      openUrlApplication: WEBVIEW\n      webviewType: HALF\n'],
  ['action wrapper with dialAction, one line', '    - action: { text: Call desk, postbackData: desk, dialAction: { phoneNumber: "+33140000000" } }\n', '    - { action: dial, text: Call desk, postbackData: desk, phoneNumber: "+33140000000" }\n'],
  ['dialAction on the suggestion', '    - { text: Call desk, postbackData: desk, dialAction: { phoneNumber: "+33140000000" } }\n', '    - { action: dial, text: Call desk, postbackData: desk, phoneNumber: "+33140000000" }\n'],
  ['viewLocationAction with latLong, as a block', '    - text: Terminal\n      viewLocationAction:\n        latLong: { latitude: 49.0, longitude: 2.55 }\n        label: T2\n',
    '    - action: view_location\n      text: Terminal\n      latLong: { latitude: 49.0, longitude: 2.55 }\n      label: T2\n'],
  ['view_location_action with a query', '    - { text: Gate, postbackData: g, view_location_action: { query: "CDG Terminal 2E" } }\n', '    - { action: view_location, text: Gate, postbackData: g, query: "CDG Terminal 2E" }\n'],
  ['shareLocationAction', '    - { text: Where am I, shareLocationAction: {} }\n', '    - { action: share_location, text: Where am I }\n'],
  ['createCalendarEventAction', '    - { text: Remind me, postbackData: r, createCalendarEventAction: { startTime: "2030-02-01T09:00:00Z", endTime: "2030-02-01T10:00:00Z", title: Flight AF1, description: Gate B12 } }\n',
    '    - { action: create_calendar_event, text: Remind me, postbackData: r, startTime: "2030-02-01T09:00:00Z", endTime: "2030-02-01T10:00:00Z", title: Flight AF1, description: Gate B12 }\n'],
  ['openUrlAction on the suggestion: the URL is the postbackData', '    - { text: Open, postbackData: open_site, openUrlAction: { url: "https://air.example.com" } }\n', '    - { action: open_url, text: Open, postbackData: "https://air.example.com" }\n'],
  ['Dialogflow\'s openUrl with uri', '    - { text: Open, openUrl: { uri: "https://air.example.com/d" } }\n', '    - { action: open_url, text: Open, postbackData: "https://air.example.com/d" }\n'],
  ['an action object beside the same action', '    - { action: dial, text: Call, dialAction: { phoneNumber: "+33140000000" } }\n', '    - { action: dial, text: Call, phoneNumber: "+33140000000" }\n'],
];

test('each of Google\'s shapes is written as the flat suggestion its finding spells out, in place, comments kept; a second --fix changes nothing', () => {
  const clean = rcs('    - { action: reply, text: Fine, postbackData: fine }\n');
  assert.equal(findings(clean), []);
  for (const [what, google, flat] of SHAPES) {
    // the Google-shaped suggestion second, after a flat one that stays as it is
    const text = rcs(`    - { action: reply, text: Fine, postbackData: fine }\n${google}`);
    const before = findings(text);
    assert.is(before.length, 1, `${what}: ${before.map((d) => d.message).join(' | ')}`);
    assert.is(rbm(before).length, 1, what);
    const r = fixText(text, { findings, now });
    assert.is(r.text, rcs(`    - { action: reply, text: Fine, postbackData: fine }\n${flat}`), what);
    assert.equal(r.fixed, { 'rcs-action-keys': 1 }, what);
    assert.equal(r.left, [], what);
    // exactly what the finding said to write
    assert.equal(suggestionsOf(r.text)[1], writeItAs(before[0]!), what);
    const again = fixText(r.text, { findings, now });
    assert.is(again.text, r.text, `${what}: idempotent`);
    assert.equal(again.fixed, {}, what);
  }
});

test('a suggestion whose action is not said, or that names another action beside Google\'s, is left as it is and still reported', () => {
  const cases = [
    // `action: { text, postbackData }`: which of RBM's actions is not said (no "Write it as")
    '    - action: { text: Site, postbackData: site }\n',
    // `action: reply` beside a dialAction: reply or dial is not certain
    '    - { action: reply, text: Call, dialAction: { phoneNumber: "+33140000000" } }\n',
    // a text beside the reply's own, another: which one is meant is not certain
    '    - { text: Hello, reply: { text: Thanks, postbackData: ok } }\n',
  ];
  for (const s of cases) {
    const text = rcs(s);
    const before = rbm(findings(text));
    assert.is(before.length, 1, s);
    const r = fixText(text, { findings, now });
    assert.is(r.text, text, s);
    assert.equal(r.fixed, {}, s);
    assert.equal(rbm(r.left).map((d) => d.message), before.map((d) => d.message), s);
  }
  assert.not.match(rbm(findings(rcs(cases[0]!)))[0]!.message, /Write it as/);
});

test('the other suggestions, cards and keys keep their order and layout; a file indented by 4, or with lists not indented under their key, keeps its indentation', () => {
  const card = [
    'channel: shop-rcs', 'name: lounge', 'language: en_US', '# the card', 'message:', '  type: rich_card', '  richCards:', '    - title: Lounge access  # title',
    '      suggestions:', '        - reply: { text: Thanks, postbackData: ok }', '        - action:', '            text: Menu', '            openUrlAction: { url: "https://air.example.com/lounge" }',
    '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }', '',
  ].join('\n');
  const r = fixText(card, { findings, now });
  assert.is(r.text, card.replace('        - reply: { text: Thanks, postbackData: ok }', '        - { action: reply, text: Thanks, postbackData: ok }')
    .replace('        - action:\n            text: Menu\n            openUrlAction: { url: "https://air.example.com/lounge" }', '        - action: open_url\n          text: Menu\n          postbackData: "https://air.example.com/lounge"'));
  assert.equal(r.fixed, { 'rcs-action-keys': 2 });
  const four = [
    'channel: shop-rcs', 'name: gate_change', 'language: en_US', 'message:', '    type: text', '    message: Your gate changed   # the text', '    suggestions:',
    '        - reply:', '              text: Thanks', '              postbackData: ok', '        - { action: reply, text: Fine, postbackData: fine }', '    rcsExpireOpts:', '        type: TTL', '        ttl: 1800', '',
  ].join('\n');
  assert.is(fixFileText(four, { findings, now }).text, four.replace('        - reply:\n              text: Thanks\n              postbackData: ok\n', '        - action: reply\n          text: Thanks\n          postbackData: ok\n'));
  const compact = rcs('  - reply:\n      text: Thanks\n      postbackData: ok\n  - { action: reply, text: Fine, postbackData: fine }\n');
  assert.is(fixFileText(compact, { findings, now }).text, compact.replace('  - reply:\n      text: Thanks\n      postbackData: ok\n', '  - action: reply\n    text: Thanks\n    postbackData: ok\n'));
  // CRLF line ends kept
  const crlf = rcs(SHAPES[0]![1]).replace(/\n/g, '\r\n');
  assert.is(fixFileText(crlf, { findings, now }).text, rcs(SHAPES[0]![2]).replace(/\n/g, '\r\n'));
});

test('suggestions under Google\'s contentMessage (the schema\'s findings there) are written flat too; the name of the part is the writer\'s to change', () => {
  const text = [
    'channel: shop-rcs', 'name: seat_offer', 'language: fr_FR', 'contentMessage:', '  text: Votre siège',
    '  suggestions:', '    - action: { text: Appeler, postbackData: call, dialAction: { phoneNumber: "+33140000000" } }', '',
  ].join('\n');
  const before = findings(text);
  assert.equal(before.map((d) => d.ruleId), ['schema', 'schema']);
  const r = fixText(text, { findings, now });
  assert.match(r.text, '    - { action: dial, text: Appeler, postbackData: call, phoneNumber: "+33140000000" }\n');
  assert.equal(r.fixed, { schema: 1 });
  assert.match(r.left.map((d) => d.message).join('\n'), /^`contentMessage` is Google's RBM name/);
});

test('property: any label and URL survive the rewrite as the same value, and the finding is gone', () => {
  const label = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 25 });
  fc.assert(fc.property(label, fc.webUrl(), fc.constantFrom('reply', 'wrapped', 'on-the-suggestion'), fc.boolean(), (text, url, shape, block) => {
    const t = JSON.stringify(text), u = JSON.stringify(url);
    const google = shape === 'reply'
      ? (block ? `    - reply:\n        text: ${t}\n        postbackData: ${u}\n` : `    - reply: { text: ${t}, postbackData: ${u} }\n`)
      : shape === 'wrapped'
        ? (block ? `    - action:\n        text: ${t}\n        openUrlAction:\n          url: ${u}\n` : `    - action: { text: ${t}, openUrlAction: { url: ${u} } }\n`)
        : (block ? `    - text: ${t}\n      openUrlAction:\n        url: ${u}\n` : `    - { text: ${t}, openUrlAction: { url: ${u} } }\n`);
    const file = rcs(google);
    const only = new Set(['rcs-action-keys']);
    const r = fixText(file, { findings, now, only });
    assert.equal(rbm(r.left), []);
    assert.equal(suggestionsOf(r.text)[0], { action: shape === 'reply' ? 'reply' : 'open_url', text, postbackData: url });
    assert.is(fixText(r.text, { findings, now, only }).text, r.text);
  }), { numRuns: 200 });
});

test('the quick fix of one finding writes that suggestion alone (the language server\'s repair of the finding\'s span)', () => {
  const text = rcs(`${SHAPES[0]![1]}${SHAPES[4]![1]}`);
  const [first, second] = rbm(findings(text));
  const within = (d: Diagnostic) => ({ line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn });
  const one = fixFileText(text, { findings, now, only: new Set(['rcs-action-keys']), within: within(second!) });
  assert.is(one.text, rcs(`${SHAPES[0]![1]}${SHAPES[4]![2]}`));
  assert.equal(rbm(one.left).map((d) => d.message), [first!.message]);
});

test('lint --fix reports what it fixed, and why it left a file (its reason; a rule --fix never repairs): a file whose findings have no repair gets no line, the report lists them (trial-bg F7)', async () => {
  const dir = tempDir();
  try {
    const flat = rcs('    - { action: reply, text: Fine, postbackData: fine }\n');
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      // a Google-shaped suggestion, and one whose action is not said
      'templates/rbm.yaml': rcs(`${SHAPES[0]![1]}    - action: { text: Site, postbackData: site }\n`).replace('gate_change', 'rbm'),
      // findings none of which has a repair: a name with capitals and a hyphen, a label over RBM's 25 characters
      'templates/human.yaml': flat.replace('name: gate_change', 'name: Gate-Change').replace('text: Fine,', 'text: Thank you very much indeed sir,'),
      'templates/clean.yaml': flat.replace('gate_change', 'clean'),
      'templates/broken.yaml': 'channel: shop-rcs\nname: broken\n  bad: [\n',
    });
    const config = await loadConfig({ cwd: dir });
    const run = await lintProject(config, [], dir, { now });
    const fixes = fixRun(config, run, dir, now);
    assert.equal(fixes.map((f) => f.file).sort(), ['templates/broken.yaml', 'templates/human.yaml', 'templates/rbm.yaml']);
    assert.equal(fixes.find((f) => f.file === 'templates/human.yaml'), { file: 'templates/human.yaml', fixed: {} });
    const after = await lintProject(config, [], dir, { now });
    const report = fixReport(fixes, after.diagnostics);
    assert.match(report, /^tplsync: fixed templates\/rbm\.yaml: rcs-action-keys 1$/m);
    // why name-format is left (the finding names the name to write): said; the label over 25 characters is the report's alone
    assert.match(report, /^tplsync: left templates\/human\.yaml: not repaired: name-format: a name is the template's identity on the channel, and another name is another template \(the old one stays there\): renamed by hand$/m);
    assert.not.match(report, /needs a human|rcs-suggestion-text/);
    assert.match(report, /^tplsync: left templates\/broken\.yaml: not touched: yaml-syntax at \d+:\d+$/m, report);
    assert.not.match(report, /clean\.yaml/);
    assert.match(report, /^tplsync: lint --fix: 1 finding fixed in 1 file; \d+ findings left$/m);
    assert.match(readFileSync(path.join(dir, 'templates/rbm.yaml'), 'utf8'), '    - { action: reply, text: Thanks, postbackData: ok }  # a chip\n');
    // the command line says the same
    writeFiles(dir, { 'templates/rbm.yaml': rcs(SHAPES[1]![1]).replace('gate_change', 'rbm') });
    const r = await cliIn(['lint', '--fix'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /^tplsync: fixed templates\/rbm\.yaml: rcs-action-keys 1$/m);
    assert.match(r.stderr, /^tplsync: left templates\/human\.yaml: not repaired: name-format: a name is the template's identity on the channel, and another name is another template \(the old one stays there\): renamed by hand$/m);
  } finally { cleanup(dir); }
});

test('over stdio: the editor offers the repair of a Google-shaped suggestion as its quick fix', async () => {
  const dir = tempDir();
  try {
    const file = path.join(dir, 'templates/rbm.yaml');
    const text = rcs(`${SHAPES[0]![1]}    - action: { text: Site, postbackData: site }\n`);
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/rbm.yaml': text });
    await withLsp(dir, {}, async (c) => {
      await c.open(file, text);
      await c.waitFor(() => (c.diags.get(uri(file)) ?? []).length > 0, 'the findings of the suggestions');
      const diags = c.diags.get(uri(file))!;
      const actions = await c.conn.sendRequest('textDocument/codeAction', { textDocument: { uri: uri(file) }, range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } }, context: { diagnostics: diags, only: ['quickfix'] } }) as { title: string; diagnostics: { code: string; message: string }[]; edit: { changes: Record<string, Parameters<typeof applyEdits>[1]> } }[];
      // one, for the suggestion the finding says how to write; none for the one whose action is not said
      assert.equal(actions.map((a) => a.diagnostics[0]!.code), ['rcs-action-keys'], actions.map((a) => a.title).join(' | '));
      assert.match(actions[0]!.title, /flat/);
      assert.is(applyEdits(text, actions[0]!.edit.changes[uri(file)]!), rcs(`${SHAPES[0]![2]}    - action: { text: Site, postbackData: site }\n`));
    });
  } finally { cleanup(dir); }
});

test.run();
