// Property (seeded): the one-pass XLIFF read (xliff-fast.ts) gives the entries fast-xml-parser's
// read gives, on what tplsync writes and on what translators' tools change in it (character
// references, inline markup, several segments, empty or missing targets, attributes in single
// quotes); whatever it cannot prove (comments, CDATA, unknown entities, a file that is not
// well-formed) it leaves to the parser, which still refuses a broken file with its line.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import './seed.ts';
import { notFinalWhy, readXliff, readXliffTree, TranslationFileError, writeXliff } from '../src/translations/formats.ts';
import { readXliffFast } from '../src/translations/xliff-fast.ts';
import type { Unit } from '../src/translations/units.ts';

const piece = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 12 }), fc.constantFrom('{{customer}}', '{{1}}', ' ', '  ', '<b>', 'a & b', '"q"', "it's", '>', 'größe', '😀', '\n'));
const textArb = fc.array(piece, { maxLength: 5 }).map((xs) => xs.join(''));
const unitArb = fc.record({ template: fc.constantFrom('wa/one', 'wa/two', 'rcs/three'), field: fc.constantFrom('body.text', 'footer', 'buttons.0.text'), source: textArb, target: fc.option(textArb, { nil: undefined }), limit: fc.option(fc.constant(25), { nil: undefined }) });
const units = fc.array(unitArb, { maxLength: 8 }).map((us) => us.map((u): Unit => ({
  template: u.template, field: u.field, id: `${u.template}:${u.field}`, source: u.source, placeholders: [], samples: {},
  ...(u.limit !== undefined ? { limit: u.limit } : {}), ...(u.target !== undefined ? { target: u.target } : {}),
})));

/** what a translator's tool may do to the file */
const edits: ((x: string) => string)[] = [
  (x) => x,
  (x) => x.replace(/<target xml:space="preserve">([^<&]*)/g, (_m, t: string) => `<target xml:space="preserve">${[...t].map((c) => (c === ' ' ? ' ' : `&#${c.codePointAt(0)};`)).join('')}`),
  (x) => x.replace(/<target xml:space="preserve">([^<&]*)/g, (_m, t: string) => `<target xml:space="preserve">${[...t].map((c) => `&#x${c.codePointAt(0)!.toString(16)};`).join('')}`),
  (x) => x.replace(/<target xml:space="preserve">/g, '<target xml:space="preserve"><pc id="b1">').replace(/<\/target>/g, '</pc></target>'),
  (x) => x.replace(/<\/segment>\n( *)<\/unit>/g, '</segment>\n$1<segment><source> more</source><target> mehr</target></segment>\n$1</unit>'),
  (x) => x.replace(/<target xml:space="preserve">[^<]*<\/target>/, '<target/>'),
  (x) => x.replace(/ state="translated"/g, " state='final'").replace(/name="/g, 'name = "'),
  (x) => x.replace(/<unit /, '<!-- a note --><unit '),
  (x) => x.replace(/<source xml:space="preserve">/, '<source xml:space="preserve"><![CDATA[x<y]]>'),
  (x) => x.replace(/<target xml:space="preserve">/, '<target xml:space="preserve">&nbsp;'),
  (x) => x.replace('</file>', ''),
  (x) => x.replace(/<target xml:space="preserve">([^<]*)/, '<target xml:space="preserve">$1 & more'),
  (x) => x.replace(/<ph id="ph1"/, '<ph id="zz"'),
  (x) => x.replace(/\n/g, '\r\n'),
  // segmenting tools: an <ignorable> (the space between sentences) between two segments, with or without its own target
  (x) => x.replace(/<\/segment>\n( *)<\/unit>/g, '</segment>\n$1<ignorable><source xml:space="preserve"> </source><target xml:space="preserve"> </target></ignorable><segment><source>More.</source><target>Mehr.</target></segment>\n$1</unit>'),
  (x) => x.replace(/<\/segment>\n( *)<\/unit>/g, '</segment>\n$1<ignorable><source xml:space="preserve"> - </source></ignorable>\n$1</unit>'),
];

const outcome = (read: (x: string) => unknown, x: string): unknown => {
  try { return read(x); } catch (e) { return e instanceof TranslationFileError ? { error: e.message, line: e.line } : { thrown: String(e) }; }
};

test('the fast read gives the parser\'s entries, or leaves the file to it', () => {
  let fast = 0;
  fc.assert(fc.property(units, fc.integer({ min: 0, max: edits.length - 1 }), (us, k) => {
    const x = edits[k]!(writeXliff(us, 'en_US', 'de'));
    const quick = readXliffFast(x);
    const full = outcome(readXliffTree, x);
    if (quick !== undefined) { fast++; assert.equal(quick, full); }
    // whichever road readXliff takes, its answer is the parser's
    assert.equal(outcome(readXliff, x), full);
  }), { seed: 2741, numRuns: 1500 });
  assert.ok(fast > 500, `the fast read answered ${fast} of 1500`);
});

test('what tplsync writes is always read by the fast road', () => {
  fc.assert(fc.property(units, (us) => {
    const x = writeXliff(us, 'en_US', 'pt_BR');
    assert.ok(readXliffFast(x), x);
  }), { seed: 2742, numRuns: 300 });
});

// trial bj F2: an export writes a translator's <note>s and a reviewed or final state again; both reads give the same notes and states
const noteArb = fc.record({ text: textArb, category: fc.option(fc.constantFrom('translator', 'comment', 'limit', 'a & "b"'), { nil: undefined }), id: fc.option(fc.constantFrom('n1', 'bad id'), { nil: undefined }), appliesTo: fc.option(fc.constantFrom('target', 'source'), { nil: undefined }), priority: fc.option(fc.constantFrom('2', '11'), { nil: undefined }) })
  .map((n) => Object.fromEntries(Object.entries(n).filter(([, v]) => v !== undefined)) as Unit['notes'] extends (infer N)[] | undefined ? N : never);
const noted = fc.tuple(units, fc.array(fc.option(fc.array(noteArb, { minLength: 1, maxLength: 3 }), { nil: undefined }), { minLength: 8, maxLength: 8 }), fc.array(fc.constantFrom(undefined, 'reviewed', 'final'), { minLength: 8, maxLength: 8 }))
  .map(([us, ns, st]) => us.map((u, i): Unit => ({ ...u, ...(ns[i] ? { notes: ns[i] } : {}), ...(st[i] && u.target !== undefined ? { state: st[i] as 'reviewed' | 'final' } : {}) })));
const noteEdits: ((x: string) => string)[] = [
  (x) => x,
  (x) => x.replace(/<\/notes>/, '<note xml:lang="de">namespaced</note></notes>'),
  (x) => x.replace(/ state="(reviewed|final)"/, ' state="translated"'),
  (x) => x.replace(/<note>/, '<note>a <!-- comment --> b'),
];

test('translator notes and a reviewed or final state: both reads give the same (tplsync\'s own categories left out), and what tplsync writes with them is read by the fast road', () => {
  let notes = 0;
  fc.assert(fc.property(noted, fc.integer({ min: 0, max: noteEdits.length - 1 }), (us, k) => {
    const written = writeXliff(us, 'en_US', 'de');
    if (k === 0) assert.ok(readXliffFast(written), written);
    const x = noteEdits[k]!(written);
    const quick = readXliffFast(x);
    const full = outcome(readXliffTree, x);
    if (quick !== undefined) assert.equal(quick, full);
    assert.equal(outcome(readXliff, x), full);
    if (k === 0) {
      const doc = full as ReturnType<typeof readXliffTree>;
      // each unit's notes as written, but those of a category of tplsync's own or without text; a state as written on a finished unit
      for (const u of us) {
        const kept = (u.notes ?? []).filter((n) => n.category !== 'limit' && n.text.trim() !== '');
        const got = doc.notes?.find((x) => x.id === u.id)?.notes;
        if (kept.length && us.filter((v) => v.id === u.id).length === 1) { notes++; assert.equal(got?.map((n) => n.text), kept.map((n) => n.text)); }
      }
    }
  }), { seed: 2743, numRuns: 300 });
  assert.ok(notes > 25, `${notes} units with notes`);
});

test('a character reference is the character it names, in either read', () => {
  const x = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="fr">\n<file id="f1"><unit id="footer" name="wa/x:footer"><segment><source>Caf&#233;</source><target>Caf&#xE9; &amp; th&#233;</target></segment></unit></file></xliff>\n';
  assert.equal(readXliffFast(x)?.entries.map((e) => [e.source, e.target, e.line]), [['Café', 'Café & thé', 3]]);
  assert.equal(readXliffTree(x).entries.map((e) => [e.source, e.target, e.line]), [['Café', 'Café & thé', 3]]);
});

test('a segment without a state whose target is its source word for word (a pre-fill: XLIFF 2.0\'s "initial") is not imported, in either read; one translated without a state is', () => {
  const x = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en" trgLang="ko">\n<file id="f1">'
    + '<unit id="a" name="wa/x:body.text"><segment><source>Hello {{1}}, welcome.</source><target>Hello {{1}}, welcome.</target></segment></unit>\n'
    + '<unit id="b" name="wa/x:footer"><segment><source>Reply STOP</source><target>STOP 회신</target></segment></unit>\n'
    + '<unit id="c" name="wa/x:buttons.0.text"><segment state="translated"><source>OK</source><target>OK</target></segment></unit></file></xliff>\n';
  for (const read of [readXliffFast, readXliffTree, readXliff]) {
    const doc = read(x)!;
    assert.equal(doc.entries.map((e) => [e.id, e.target]), [['wa/x:footer', 'STOP 회신'], ['wa/x:buttons.0.text', 'OK']], read.name);
    assert.equal(doc.fuzzy?.map((f) => [f.id, f.line, f.mark]), [['wa/x:body.text', 3, 'copy']], read.name);
  }
  assert.match(notFinalWhy({ id: 'a', line: 3, mark: 'copy' }), /no state and its target is its source word for word/);
});

test('an <ignorable> between segments is part of the unit\'s text, in document order, in either read', () => {
  const ph = '<ph id="ph1" disp="{{first_name}}" equiv="{{first_name}}"/>';
  const unit = (between: string): string => `<?xml version="1.0" encoding="UTF-8"?>\n<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0" srcLang="en-US" trgLang="de">\n<file id="f1"><unit id="body.text" name="wa/x:body.text">`
    + `<segment state="translated"><source>Hello ${ph}, welcome.</source><target>Hallo ${ph}, willkommen.</target></segment>${between}`
    + '<segment state="translated"><source>Reply here.</source><target>Antworte hier.</target></segment></unit></file></xliff>\n';
  const cases: [string, string, string][] = [
    ['<ignorable><source xml:space="preserve"> </source><target xml:space="preserve"> </target></ignorable>', 'Hello {{first_name}}, welcome. Reply here.', 'Hallo {{first_name}}, willkommen. Antworte hier.'],
    // an ignorable without a target is not translated: its source stands in the target
    ['<ignorable><source xml:space="preserve">\n</source></ignorable>', 'Hello {{first_name}}, welcome.\nReply here.', 'Hallo {{first_name}}, willkommen.\nAntworte hier.'],
  ];
  for (const [between, source, target] of cases) {
    const x = unit(between);
    for (const read of [readXliffFast, readXliffTree, readXliff]) assert.equal(read(x)?.entries.map((e) => [e.source, e.target]), [[source, target]], read.name);
  }
  // a unit whose only target is an ignorable's is not translated
  const none = unit('<ignorable><source> </source><target> </target></ignorable>').replace(/<target>[^<]*(<ph[^>]*>)?[^<]*<\/target><\/segment>/g, '</segment>');
  for (const read of [readXliffFast, readXliffTree]) assert.equal(read(none)?.entries, [], read.name);
  // nor one whose second sentence has no target yet: its first sentence alone is not its translation
  const half = unit('<ignorable><source> </source><target> </target></ignorable>').replace('<target>Antworte hier.</target>', '');
  for (const read of [readXliffFast, readXliffTree]) assert.equal(read(half)?.entries, [], read.name);
});

test('a file that is not well-formed is refused at its line, through the parser', () => {
  const x = '<?xml version="1.0"?>\n<xliff version="2.0" srcLang="en" trgLang="de">\n<file id="f1">\n<unit id="a" name="wa/x:a"><segment><source>A</source><target>B</target></segment></unit>\n</xliff>\n';
  assert.is(readXliffFast(x), undefined);
  try { readXliff(x); assert.unreachable('accepted'); } catch (e) {
    assert.instance(e, TranslationFileError);
    assert.is((e as TranslationFileError).line, 5, (e as Error).message);
    assert.not.match((e as Error).message, /:5:1$/);
  }
});

test.run();
