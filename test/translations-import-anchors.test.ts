// An import into template files that use YAML anchors and aliases (docs/format.md allows them):
// a text whose place an existing target file shares with another (a part reached through an
// alias, an anchored text or part an alias repeats, a text a merge key gives) refuses its
// template with the file's line and the unit id, nothing of it written; a text's own alias is
// replaced by its own text; a new file made from a source with anchors writes the shared places
// out in full. An error planning one template refuses it alone: the others are written and the
// summary said.
import './seed.ts';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { readTemplateValue } from '../src/files/value.ts';
import { applyTexts, planImport, type SourceTemplate, type TargetTemplate } from '../src/translations/apply.ts';
import { sharedPlaces, unshared } from '../src/translations/shared.ts';
import { cleanup, cli, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
    channels:
      promo: 6a0c2f4e-1b3d-4c5e-8f70-9a1b2c3d4e5f
channels:
  promo: { kind: rcs }
`;

/** an RCS carousel whose two cards share their suggestions (`&more` / `*more`), and whose second card's title repeats the first's (`&headline` / `*headline`) */
const CAROUSEL = (language: string, t: { first: string; second: string; more: string; body: string }) => `channel: promo
name: spring_picks
language: ${language}
category: MARKETING
body:
  text: "${t.body}"
  examples:
    name: Lea
message:
  type: rich_card
  message: "${t.body}"
  richCards:
    - title: &headline ${t.first}
      description: Fresh colours
      fileUrl: https://cdn.example.com/a.jpg
      suggestions: &more
        - { action: reply, text: ${t.more}, postbackData: more }
    - title: *headline
      description: Fresh colours
      fileUrl: https://cdn.example.com/b.jpg
      suggestions: *more
  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }
`;

const PLAIN = (name: string, language: string, body: string) => `channel: promo
name: ${name}
language: ${language}
category: UTILITY
body:
  text: "${body}"
message:
  type: text
  message: "${body}"
`;

test('sharedPlaces: an alias on the way, an anchored part or text an alias repeats, a merge key; a plain place and a text\'s own alias are not shared', () => {
  const text = `a:
  - &card
    title: One
    note: &n Keep
  - *card
b:
  title: &t Two
  copy: *t
c:
  <<: { title: Three }
  other: x
d:
  title: Four
  seen: *n
`;
  const got = sharedPlaces(text, [['a', 1, 'title'], ['a', 0, 'title'], ['b', 'title'], ['c', 'title'], ['d', 'title']]);
  assert.equal(got.map((s) => [s.index, s.line]), [[0, 5], [1, 3], [2, 7], [3, 10]]);
  assert.match(got[0]!.message, 'a.1 here is the alias *card, a repeat of the part anchored &card at line 2');
  assert.match(got[1]!.message, 'the text is in the part anchored &card at line 2, which the alias *card repeats (line 5)');
  assert.match(got[2]!.message, 'the text is anchored &t at line 7, which the alias *t repeats (line 8): the text is shared through the anchor &t');
  assert.match(got[3]!.message, 'c.title is not written here: the merge key <<: gives it');
  // the alias of a text changed too: each place gets its own text, nothing else changes
  assert.equal(sharedPlaces(text, [['b', 'title'], ['b', 'copy']]), []);
  // an anchor elsewhere in the file (d's alias of a's note) leaves a plain place alone
  assert.equal(sharedPlaces(text, [['d', 'title']]), []);
  assert.equal(sharedPlaces('a:\n  title: "R&D *new*"\n', [['a', 'title']]), []);
});

test('unshared: the places of the texts written out in full, every other byte of meaning the same; a file without shared places as it is', () => {
  const src = CAROUSEL('en', { first: 'Jackets', second: 'Jackets', more: 'Show more', body: 'Hi {{name}}, spring picks are here.' });
  const paths = [['message', 'richCards', 0, 'title'], ['message', 'richCards', 1, 'title'], ['message', 'richCards', 1, 'suggestions', 0, 'text']];
  const out = unshared(src, paths);
  assert.equal(parse(out), parse(src));
  assert.not.match(out, /[&*](headline|more)\b/);
  assert.equal(sharedPlaces(out, paths), []);
  // only the aliases the texts need are undone: a path that meets no alias leaves the text as it is
  assert.is(unshared(src, [['body', 'text']]), src);
});

const template = 'promo/spring_picks';
const ids = ['body.text', 'message.message', 'message.richCards.0.title', 'message.richCards.0.description', 'message.richCards.0.suggestions.0.text', 'message.richCards.1.title', 'message.richCards.1.description', 'message.richCards.1.suggestions.0.text'];
const EN = CAROUSEL('en', { first: 'Jackets', second: 'Jackets', more: 'Show more', body: 'Hi {{name}}, spring picks are here.' });
const source: SourceTemplate = { template, file: 'templates/spring_picks.en.yaml', text: EN, value: readTemplateValue(EN) };
/** the units translated in `t` (an empty source: the template's text), each at its line of a translation file */
const entries = (t: Record<string, string>) => ids.filter((id) => t[id] !== undefined).map((id) => ({ id: `${template}:${id}`, source: '', target: t[id]!, line: 10 + 6 * ids.indexOf(id) }));

test('a new file made from a source with anchors: each text in its own place, no alias left on a text', () => {
  const de = { 'body.text': 'Hallo {{name}}, die Frühlingsauswahl ist da.', 'message.message': 'Frühlingsauswahl für {{name}}', 'message.richCards.0.title': 'Jacken', 'message.richCards.1.title': 'Stiefel', 'message.richCards.0.description': 'Neue Farben', 'message.richCards.1.description': 'Frische Farben', 'message.richCards.0.suggestions.0.text': 'Mehr zeigen', 'message.richCards.1.suggestions.0.text': 'Mehr davon' };
  const plan = planImport(entries(de), 'en', 'de', new Map([[template, source]]), new Map());
  assert.equal([plan.refusals, plan.skipped], [[], []]);
  assert.is(plan.writes.length, 1);
  const v = parse(plan.writes[0]!.text);
  assert.is(v.message.richCards[0].title, 'Jacken');
  assert.is(v.message.richCards[1].title, 'Stiefel');
  assert.is(v.message.richCards[0].suggestions[0].text, 'Mehr zeigen');
  assert.is(v.message.richCards[1].suggestions[0].text, 'Mehr davon');
  assert.is(v.message.richCards[1].suggestions[0].postbackData, 'more');
  assert.not.match(plan.writes[0]!.text, /[&*](headline|more)\b/);
});

test('an existing target file that shares a text through an anchor: that template refused at each unit\'s line, with the file\'s line; nothing of it written', () => {
  const DE = CAROUSEL('de', { first: 'Jacken', second: 'Jacken', more: 'Mehr', body: 'Hallo {{name}}, neu.' });
  const target: TargetTemplate = { file: 'templates/spring_picks.de.yaml', text: DE, value: readTemplateValue(DE) };
  // the second card's suggestion changed: it is the first card's list (`suggestions: *more`)
  const plan = planImport(entries({ 'message.richCards.1.suggestions.0.text': 'Mehr davon', 'body.text': 'Hallo {{name}}, die Auswahl ist da.' }), 'en', 'de', new Map([[template, source]]), new Map([[template, target]]));
  assert.equal(plan.writes, []);
  assert.equal(plan.refusals.map((r) => [r.id, r.line]), [[`${template}:message.richCards.1.suggestions.0.text`, 52]]);
  assert.match(plan.refusals[0]!.message, 'templates/spring_picks.de.yaml:21: message.richCards.1.suggestions here is the alias *more, a repeat of the part anchored &more at line 16: the text is shared through the anchor &more');
  // the second card's title alone: its alias replaced by its own text, the first card's title kept
  const own = planImport(entries({ 'message.richCards.1.title': 'Stiefel' }), 'en', 'de', new Map([[template, source]]), new Map([[template, target]]));
  assert.equal(own.refusals, []);
  const v = parse(own.writes[0]!.text);
  assert.equal([v.message.richCards[0].title, v.message.richCards[1].title], ['Jacken', 'Stiefel']);
  assert.ok(own.writes[0]!.text.includes('    - title: Stiefel\n'), own.writes[0]!.text);
  // the first card's title alone: the anchored text the second card repeats
  const first = planImport(entries({ 'message.richCards.0.title': 'Stiefel' }), 'en', 'de', new Map([[template, source]]), new Map([[template, target]]));
  assert.equal(first.writes, []);
  assert.match(first.refusals[0]!.message, 'templates/spring_picks.de.yaml:13: the text is anchored &headline at line 13, which the alias *headline repeats (line 18)');
});

test('a merge key that gives a text in an existing target file: refused, nothing written', () => {
  const EN2 = PLAIN('notice', 'en', 'Store hours changed.');
  const DE2 = `channel: promo
name: notice
language: de
category: UTILITY
body: &b
  text: "Öffnungszeiten geändert."
message:
  <<: { type: text, message: "Alt" }
  type: text
`;
  const t2 = 'promo/notice';
  const plan = planImport([{ id: `${t2}:message.message`, source: '', target: 'Geänderte Zeiten', line: 9 }], 'en', 'de',
    new Map([[t2, { template: t2, file: 'templates/notice.en.yaml', text: EN2, value: readTemplateValue(EN2) }]]),
    new Map([[t2, { file: 'templates/notice.de.yaml', text: DE2, value: readTemplateValue(DE2) }]]));
  assert.equal(plan.writes, []);
  assert.equal(plan.refusals.map((r) => [r.id, r.line]), [[`${t2}:message.message`, 9]]);
  assert.match(plan.refusals[0]!.message, 'templates/notice.de.yaml:8: message.message is not written here: the merge key <<: gives it');
});

test('an error planning one template refuses it alone, as an internal error; the templates around it are planned', () => {
  const mk = (name: string): SourceTemplate => { const text = PLAIN(name, 'en', `Text of ${name}.`); return { template: `promo/${name}`, file: `templates/${name}.en.yaml`, text, value: readTemplateValue(text) }; };
  const sources = new Map(['a_one', 'b_two', 'c_three'].map((n) => [`promo/${n}`, mk(n)]));
  const es = [...sources.keys()].flatMap((t, i) => [{ id: `${t}:body.text`, source: '', target: `Text ${i}.`, line: 10 * i + 1 }, { id: `${t}:message.message`, source: '', target: `Text ${i}.`, line: 10 * i + 5 }]);
  const plan = planImport(es, 'en', 'de', sources, new Map(), new Set(), [], undefined, (value) => {
    if (value.name === 'b_two') throw new Error('boom');
    return [];
  });
  assert.equal(plan.writes.map((w) => w.template), ['promo/a_one', 'promo/c_three']);
  assert.equal(plan.refusals.map((r) => [r.id, r.line, r.internal]), [['promo/b_two', 11, true]]);
  assert.match(plan.refusals[0]!.message, /^an internal error while planning it: boom \(a bug in tplsync/);
});

/** a project of three templates, the middle one's de file sharing its title through an anchor; the PO exported and translated */
async function project(dir: string): Promise<void> {
  writeFiles(dir, {
    'tplsync.config.yaml': CONFIG,
    'templates/a_hours.en.yaml': PLAIN('a_hours', 'en', 'We open at nine.'),
    'templates/spring_picks.en.yaml': EN,
    'templates/spring_picks.de.yaml': CAROUSEL('de', { first: 'Jacken', second: 'Jacken', more: 'Mehr', body: 'Hallo {{name}}, neu.' }),
    'templates/z_thanks.en.yaml': PLAIN('z_thanks', 'en', 'Thanks for shopping.'),
  });
  const ex = await cliIn(['translations', 'export', '--source', 'en', '--target', 'de', '--format', 'po', '--out', 'de.po'], { cwd: dir });
  assert.is(ex.exitCode, 0, ex.stderr);
  const po = readFileSync(path.join(dir, 'de.po'), 'utf8');
  const de: Record<string, string> = { 'We open at nine.': 'Wir öffnen um neun.', 'Thanks for shopping.': 'Danke für Ihren Einkauf.', 'Hi {{name}}, spring picks are here.': 'Hallo {{name}}, die Auswahl ist da.' };
  const filled = po.replace(/msgctxt "([^"]+)"\nmsgid "([^"]*)"\nmsgstr "[^"]*"/g, (_m, ctx: string, id: string) => `msgctxt "${ctx}"\nmsgid "${id}"\nmsgstr "${ctx.endsWith(':message.richCards.0.title') ? 'Neue Jacken' : de[id] ?? ''}"`);
  writeFiles(dir, { 'de.po': filled });
}

const snapshot = (dir: string): Record<string, string> => Object.fromEntries(readdirSync(path.join(dir, 'templates')).sort().map((f) => [f, readFileSync(path.join(dir, 'templates', f), 'utf8')]));

test('CLI: the shared text refused by file, line and unit id (exit 1), the other templates written, the summary said; --dry-run says the same and writes nothing', async () => {
  const dir = tempDir();
  try {
    await project(dir);
    const before = snapshot(dir);
    const dry = await cliIn(['translations', 'import', '--dry-run', 'de.po'], { cwd: dir });
    assert.is(dry.exitCode, 1, dry.stderr);
    assert.match(dry.stderr, /de\.po:\d+: promo\/spring_picks:message\.richCards\.0\.title: refused: templates\/spring_picks\.de\.yaml:13: the text is anchored &headline at line 13, which the alias \*headline repeats \(line 18\)/);
    assert.match(dry.stdout, 'would write templates/a_hours.de.yaml');
    assert.match(dry.stdout, '2 files to write; 1 refused (see above)');
    assert.equal(snapshot(dir), before);
    // as a user runs it: a child process
    const r = await cli(['translations', 'import', 'de.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.not.match(r.stderr, 'internal error');
    assert.match(r.stderr, 'promo/spring_picks:message.richCards.0.title: refused: templates/spring_picks.de.yaml:13: the text is anchored &headline');
    assert.match(r.stderr, 'nothing written for promo/spring_picks');
    assert.match(r.stdout, '2 files written; 1 refused (see above)');
    const after = snapshot(dir);
    assert.is(after['spring_picks.de.yaml'], before['spring_picks.de.yaml'], 'the refused template\'s file byte for byte as it was');
    // (what the import wrote from this export, recorded under imported: a corrected delivery of the same file replaces it)
    assert.match(after['a_hours.de.yaml']!, /\n  imported:\n    body\.text: "[0-9a-f]{8}"\n    message\.message: "[0-9a-f]{8}"\n$/);
    assert.is(after['a_hours.de.yaml']!.replace(/  imported:\n(?:    .*\n)+$/, ''), 'channel: promo\nname: a_hours\nlanguage: de\ncategory: UTILITY\nbody:\n  text: "Wir öffnen um neun."\nmessage:\n  type: text\n  message: "Wir öffnen um neun."\ntranslated_from:\n  language: en\n  texts:\n    body.text: "' + after['a_hours.de.yaml']!.match(/body\.text: "([0-9a-f]{8})"/)![1] + '"\n    message.message: "' + after['a_hours.de.yaml']!.match(/message\.message: "([0-9a-f]{8})"/)![1] + '"\n');
    assert.match(after['z_thanks.de.yaml']!, 'text: "Danke für Ihren Einkauf."');
  } finally { cleanup(dir); }
});

test('a merge key in an existing target file that gives a text the import does not change: refused by name, nothing written (not even the record lint would refuse the file with)', () => {
  const EN3 = `channel: promo
name: chips
language: en
message:
  type: text
  message: "Pick a size"
  suggestions:
    - { action: reply, text: Small, postbackData: s }
    - { action: reply, text: Large, postbackData: l }
`;
  const DE3 = `channel: promo
name: chips
language: de
message:
  type: text
  message: "Alt"
  suggestions:
    - &chip
      action: reply
      text: Klein
      postbackData: s
    - <<: *chip
      postbackData: l
`;
  const t3 = 'promo/chips';
  const sources = new Map([[t3, { template: t3, file: 'templates/chips.en.yaml', text: EN3, value: readTemplateValue(EN3) }]]);
  const targets = new Map([[t3, { file: 'templates/chips.de.yaml', text: DE3, value: readTemplateValue(DE3) }]]);
  // the message translated, the chip the merge key gives left empty (not a unit of the file's)
  const plan = planImport([{ id: `${t3}:message.message`, source: '', target: 'Wähle eine Größe', line: 4 }], 'en', 'de', sources, targets);
  assert.equal(plan.writes, []);
  assert.equal(plan.refusals.map((r) => r.id), [`${t3}:message.suggestions.1.text`]);
  assert.match(plan.refusals[0]!.message, 'templates/chips.de.yaml:12: message.suggestions.1.text is not written here: the merge key <<: *chip gives it');
  // a merge key that gives no text (only a postbackData): the template refused at the merge key all the same
  const DE4 = DE3.replace('    - <<: *chip\n      postbackData: l\n', '    - <<: *chip\n      text: Gross\n      postbackData: l\n');
  const plan4 = planImport([{ id: `${t3}:message.message`, source: '', target: 'Wähle eine Größe', line: 4 }], 'en', 'de', sources,
    new Map([[t3, { file: 'templates/chips.de.yaml', text: DE4, value: readTemplateValue(DE4) }]]));
  assert.equal(plan4.writes, []);
  assert.equal(plan4.refusals.map((r) => r.id), [t3]);
  assert.match(plan4.refusals[0]!.message, 'templates/chips.de.yaml:12: the file holds the merge key <<: *chip, which tplsync does not read');
  // the same file without the merge key: written
  const DE5 = DE4.replace('    - <<: *chip\n', '    - action: reply\n');
  const plan5 = planImport([{ id: `${t3}:message.message`, source: '', target: 'Wähle eine Größe', line: 4 }], 'en', 'de', sources,
    new Map([[t3, { file: 'templates/chips.de.yaml', text: DE5, value: readTemplateValue(DE5) }]]));
  assert.equal(plan5.refusals, []);
  assert.is(plan5.writes.length, 1);
});

test('a new file made by import: the source\'s closing comments stay its last lines, below the record, with no blank line added (with and without aliases to write out)', () => {
  const withAlias = `channel: promo
name: reminder
language: en
message:
  type: text
  message: &m "See you on Friday"
  suggestions:
    - { action: reply, text: *m, postbackData: ok }
# written by the events team
# keep this last
`;
  const plain = withAlias.replace('&m ', '').replace('*m', '"See you on Friday"');
  for (const en of [withAlias, plain]) {
    const t = 'promo/reminder';
    const plan = planImport([{ id: `${t}:message.message`, source: '', target: 'Bis Freitag', line: 3 }, { id: `${t}:message.suggestions.0.text`, source: '', target: 'Bis dann', line: 7 }], 'en', 'de',
      new Map([[t, { template: t, file: 'templates/reminder.en.yaml', text: en, value: readTemplateValue(en) }]]), new Map());
    assert.equal(plan.refusals, []);
    const out = plan.writes[0]!.text;
    assert.match(out, /\n {4}message\.suggestions\.0\.text: "[0-9a-f]{8}"\n# written by the events team\n# keep this last\n$/, out);
    assert.not.match(out, /\n\n/, out);
  }
  // an existing file without a record: the record goes above its closing comments, a blank line before them kept
  const de = 'channel: promo\nname: reminder\nlanguage: de\nmessage:\n  type: text\n  message: "Alt"\n\n# closing\n';
  assert.is(applyTexts(de, [{ path: ['message', 'message'], text: 'Neu' }], 'en', { 'message.message': '0badc0de' }),
    'channel: promo\nname: reminder\nlanguage: de\nmessage:\n  type: text\n  message: "Neu"\ntranslated_from:\n  language: en\n  texts:\n    message.message: "0badc0de"\n\n# closing\n');
});

test.run();
