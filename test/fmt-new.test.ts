// fmt: canonical layout, comments kept, idempotent; new: a lint-clean, fmt-clean file.
import { readFileSync, readdirSync, writeFileSync, cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { parse } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { formatTemplate } from '../src/fmt/format.ts';
import { formatBytes } from '../src/fmt/run.ts';
import { KINDS, scaffoldRcsTemplate, scaffoldTemplate } from '../src/scaffold/scaffold.ts';
import { cleanup, cliIn, CONFIG, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

const samples = readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml')).map((f) => readFileSync(path.join(ROOT, 'templates', f), 'utf8'));

test('the sample templates are in the canonical layout', () => {
  for (const s of samples) assert.is(formatTemplate(s).text, s);
});

test('keys in schema order, comments kept, values unchanged', () => {
  const messy = `# top comment\nbody:\n  # about the body\n  examples: { b: B }   # samples\n  text: "Hi {{b}}, this is the text of the body."\nname: x    # the name\nchannel: shop-whatsapp\nlanguage: en_US\ncategory: UTILITY\nbuttons:\n  - text: Go\n    type: QUICK_REPLY\n`;
  const out = formatTemplate(messy).text;
  // the comment right above a nested key is that key's, and moves with it; the document's first comment heads the file
  // (the spaces before a line's comment as the file had them)
  assert.is(out, `# top comment\nchannel: shop-whatsapp\nname: x    # the name\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{b}}, this is the text of the body."\n  # about the body\n  examples: { b: B }   # samples\nbuttons:\n  - type: QUICK_REPLY\n    text: Go\n`);
  assert.equal(parse(out), parse(messy));
  // parted from it by a blank line, it heads the mapping
  const headed = formatTemplate(messy.replace('  # about the body\n', '  # about the body\n\n')).text;
  assert.match(headed, /\nbody:\n  # about the body\n\n?  text: "Hi/);
});

test('a comment right above a nested mapping\'s first key moves with that key (it described examples, and was left over type)', () => {
  const t = 'channel: telco-rcs\nname: fmt_probe\nlanguage: en_US\nmessage:\n  # samples: agreed with legal\n  examples: { plan: Unlimited }\n  type: text\n  message: "Your {{plan}} plan renews tomorrow."\n';
  assert.is(formatTemplate(t).text, 'channel: telco-rcs\nname: fmt_probe\nlanguage: en_US\nmessage:\n  type: text\n  message: "Your {{plan}} plan renews tomorrow."\n  # samples: agreed with legal\n  examples: { plan: Unlimited }\n');
});

test('comments aligned in a column stay aligned (the README\'s first template is laid out as it is written); a flow collection over several lines (JSON\'s layout) is laid out one entry a line, one on one line stays', () => {
  const readme = '# yaml-language-server: $schema=../../node_modules/tplsync/schema/template.schema.json\nchannel: whatsapp               # an alias from tplsync.config.yaml\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{customer}}, your order {{order_id}} is on its way."\n  examples: { customer: Maria, order_id: A-1042 }\n';
  assert.is(formatTemplate(readme).text, readme);
  // a 4-space file: its lines move left together, their comments keep their gaps (and so their column to one another)
  const four = 'channel: wa   # alias\nname: n      # name\nlanguage: en_US\ncategory: UTILITY\nbody:\n    text: "Hi {{1}}, ok."   # the text\n    examples: { 1: A }      # samples\n';
  assert.is(formatTemplate(four).text, 'channel: wa   # alias\nname: n      # name\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, ok."   # the text\n  examples: { 1: A }      # samples\n');
  // a "#" in a text is not a comment: its spaces are the text's
  const hash = 'channel: wa\nname: n\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Order  #{{1}} is ready."\n  examples: { 1: A }\n';
  assert.is(formatTemplate(hash).text, hash);
  const json = '{\n  "channel": "shop-wa",\n  "name": "order_update",\n  "language": "en_US",\n  "category": "UTILITY",\n  "body": {\n      "text": "Hi {{1}}, your order #{{2}} has shipped.",\n      "examples": { "1": "Pablo", "2": "860198" }\n  },\n  "footer": "Reply STOP to opt out",\n  "buttons": [ { "type": "URL", "text": "Track", "url": "https://example.com/track" } ]\n}\n';
  const laid = formatTemplate(json).text;
  assert.is(laid, '"channel": "shop-wa"\n"name": "order_update"\n"language": "en_US"\n"category": "UTILITY"\n"body":\n  "text": "Hi {{1}}, your order #{{2}} has shipped."\n  "examples": { "1": "Pablo", "2": "860198" }\n"footer": "Reply STOP to opt out"\n"buttons": [ { "type": "URL", "text": "Track", "url": "https://example.com/track" } ]\n');
  assert.equal(parse(laid), parse(json));
  assert.is(formatTemplate(laid).text, laid, 'a second fmt changes nothing');
  // an empty one over several lines: `[]` at once (a block list has no way to be empty; a second fmt changed it again)
  const empty = formatTemplate('channel: wa\nname: n\nlanguage: en_US\ncategory: UTILITY\nbody: { text: "Hi." }\nbuttons: [\n]\n').text;
  assert.match(empty, /\nbuttons: \[\]\n$/);
  assert.is(formatTemplate(empty).text, empty);
});

/** each input laid out as wanted, a second fmt changing nothing, the value the same */
function laidOut(cases: readonly (readonly [string, string])[]): void {
  for (const [input, want] of cases) {
    const once = formatTemplate(input).text;
    assert.is(once, want);
    assert.is(formatTemplate(once).text, once, 'a second fmt changes nothing');
    assert.equal(parse(once), parse(input));
  }
}

test('a heading comment parted by a blank line stays on its mapping while the comment right above the first key moves with it; a list item\'s moved comment goes above the item, and a second fmt changes nothing', () => {
  const HEAD = 'channel: x\nname: y\nlanguage: en_US\ncategory: UTILITY\n';
  const cases: [string, string][] = [
    [`${HEAD}body:\n  # --- body section ---\n\n  # sample clinic\n  examples: { clinic: N }\n  text: "How {{clinic}}?"\n`,
      `${HEAD}body:\n  # --- body section ---\n\n  text: "How {{clinic}}?"\n  # sample clinic\n  examples: { clinic: N }\n`],
    [`${HEAD}body:\n  text: Hi\nbuttons:\n  - text: Yes\n    type: QUICK_REPLY\n  - text: Confirm\n    # quick reply first\n    type: QUICK_REPLY\n`,
      `${HEAD}body:\n  text: Hi\nbuttons:\n  - type: QUICK_REPLY\n    text: Yes\n  # quick reply first\n  - type: QUICK_REPLY\n    text: Confirm\n`],
  ];
  laidOut(cases);
});

test('the comment that ends the file stays the document\'s after a list that ends with an indented comment of its own (it went into the list, and fmt --check failed right after fmt)', () => {
  const HEAD = 'channel: x\nname: y\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Hi\n';
  const LIST = 'buttons:\n  - type: QUICK_REPLY\n    text: Confirm\n  # TODO: add a cancel button\n';
  const cases: [string, string][] = [
    // (no blank line added before it: blank lines stay as written)
    [`${LIST}${HEAD}# owner: @ana\n`, `${HEAD}${LIST}# owner: @ana\n`],
    [`${HEAD}${LIST}\n# owner: @ana\n# team: growth\n`, `${HEAD}${LIST}\n# owner: @ana\n# team: growth\n`],
    [`${HEAD}${LIST}# owner: @ana\n`, `${HEAD}${LIST}# owner: @ana\n`],
  ];
  // a CRLF file (fmt keeps the file's line ends): the same layout, and a second fmt changes nothing (a stray CR came and went at every run)
  const crlf = `${LIST}${HEAD}# owner: @ana\n`.replace(/\n/g, '\r\n');
  const fromCrlf = formatBytes('t.yaml', Buffer.from(crlf, 'utf8'));
  assert.is(fromCrlf.text, `${HEAD}${LIST}# owner: @ana\n`.replace(/\n/g, '\r\n'));
  assert.is(formatBytes('t.yaml', Buffer.from(fromCrlf.text!, 'utf8')).kind, 'unchanged');
  laidOut(cases);
});

test('a comment on a key\'s line before its block stays on that line, after an anchor too; a key moved inside a list item keeps its comment\'s gap; no blank line is added before the comment that ends the file (trial-q F6, F2)', () => {
  const HEAD = 'channel: x\nname: y\nlanguage: en_US\ncategory: UTILITY\n';
  const cases: [string, string][] = [
    // already in the layout: unchanged (fmt wrote `body:` then `  # required` on a line of its own)
    [`${HEAD}body:   # required\n  text: "Hi {{1}}"\n  examples: { 1: Ana }\nbuttons: &btns   # shared buttons\n  - type: QUICK_REPLY\n    text: Yes\n`,
      `${HEAD}body:   # required\n  text: "Hi {{1}}"\n  examples: { 1: Ana }\nbuttons: &btns   # shared buttons\n  - type: QUICK_REPLY\n    text: Yes\n`],
    // keys that move under it: the comment stays the key's, the one above the first key moves with that key
    [`${HEAD}body:   # required\n  # agreed with legal\n  examples: { 1: Ana }\n  text: "Hi {{1}}"\n`,
      `${HEAD}body:   # required\n  text: "Hi {{1}}"\n  # agreed with legal\n  examples: { 1: Ana }\n`],
    // a key moved to or from the head of a list item, and a file that ends in a comment right after the list
    [`${HEAD}body:\n  text: Hi\nbuttons:\n  - text: Yes        # aligned\n    type: QUICK_REPLY\n  - type: QUICK_REPLY\n    text: No         # aligned\nfooter: Telco        # aligned\n# trailing comment at end\n`,
      `${HEAD}body:\n  text: Hi\nfooter: Telco        # aligned\nbuttons:\n  - type: QUICK_REPLY\n    text: Yes        # aligned\n  - type: QUICK_REPLY\n    text: No         # aligned\n# trailing comment at end\n`],
  ];
  laidOut(cases);
});

test('property: fmt is idempotent and never changes the value, whatever the key order', () => {
  fc.assert(fc.property(fc.constantFrom(...samples), fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })), (text, rnd) => {
    // shuffle the top-level keys of a sample (with their comments and sub-trees)
    const blocks = text.split(/\n(?=[a-z])/);
    const head = blocks.shift()!;
    const shuffled = [head, ...blocks.map((b) => ({ b, r: rnd.next().value })).sort((x, y) => x.r - y.r).map((x) => x.b)].join('\n');
    const once = formatTemplate(shuffled.endsWith('\n') ? shuffled : `${shuffled}\n`).text;
    assert.is(formatTemplate(once).text, once);
    assert.equal(parse(once), parse(text));
  }), { numRuns: 200 });
});

test('a comment on its own line above a key that follows a list or mapping ending with an indented comment stays that key\'s, at its indentation, in fmt and in the language server\'s formatting (both formatBytes); a second run changes nothing', () => {
  const rcs = 'channel: telco-rcs\nname: plan_renewal\nlanguage: en_US\nmessage:\n  type: text\n  message: "Your {{plan}} plan renews on Friday."\n  suggestions:\n    - { action: reply, text: Keep it, postbackData: keep }\n    - { action: reply, text: Cancel, postbackData: cancel }\n      # a dial suggestion later, once support has a number\n  # the samples legal agreed on\n  examples: { plan: Unlimited }\n  # a day: the renewal notice is stale after that\n  rcsExpireOpts: { type: TTL, ttl: 86400 }\n';
  const wa = 'channel: shop-wa\nname: parcel_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your parcel {{1}} is ready."\n  examples:\n    1: PX-77\n    # more samples: ask ops\n# buttons go last\nbuttons:\n  - type: QUICK_REPLY\n    text: Thanks\n      # one more reply button?\n\n  # the second reply\n  - type: QUICK_REPLY\n    text: Stop\n';
  const cases: [string, string][] = [
    // (the list's own comment, written under its last item deeper than the items, is the list's, at the items' indentation)
    [rcs, rcs.replace('      # a dial', '    # a dial')],
    [wa, wa.replace('      # one more', '    # one more')],
  ];
  for (const [input, want] of cases) {
    const once = formatBytes('t.yaml', Buffer.from(input, 'utf8'));
    assert.is(once.text, want);
    assert.is(formatBytes('t.yaml', Buffer.from(want, 'utf8')).kind, 'unchanged', 'a second run changes nothing');
  }
  laidOut(cases);
});

/** the sample templates and `tplsync new`'s scaffolds of both channels' shapes (those end lists with indented comments of their own) */
const withScaffolds = [...samples, ...Object.keys(KINDS).map((kind) => formatTemplate(scaffoldTemplate({ channel: 'shop-wa', name: 'probe', language: 'en_US', category: KINDS[kind] ?? 'UTILITY', schemaPath: 'schema.json', kind })).text),
  formatTemplate(scaffoldRcsTemplate({ channel: 'shop-rcs', name: 'probe', language: 'en_US', category: 'UTILITY', schemaPath: 'schema.json', kind: 'rcs' })).text];
const indentOf = (line: string | undefined): number => line === undefined ? 0 : line.length - line.trimStart().length;
/** the column of a line's content after a list item's dashes */
const innerOf = (line: string | undefined): number => line === undefined ? 0 : line.length - line.trimStart().replace(/^(?:-[ \t]+)+/, '').length;
const NOTE = /^[ \t]*# note-\d+$/;

test('property (seeded): own-line comments anywhere (between keys, after lists, between list items, at the end) survive fmt once, stay above the line they precede at its indentation, and a second fmt changes nothing', () => {
  type Style = 'next' | 'prev' | 'prevInner' | 'zero';
  const insertion = fc.tuple(fc.nat(), fc.constantFrom<Style>('next', 'next', 'prev', 'prevInner', 'zero'));
  fc.assert(fc.property(fc.constantFrom(...withScaffolds), fc.array(insertion, { minLength: 1, maxLength: 6 }), (text, inserts) => {
    const value = parse(text);
    let lines = text.replace(/\n$/, '').split('\n');
    /** the comments above a line they precede at its indentation: that line */
    const above = new Map<string, string>();
    inserts.forEach(([at, style], k) => {
      const i = at % (lines.length + 1);
      const content = (j: number, step: number): string | undefined => { while (j >= 0 && j < lines.length && (lines[j]!.trim() === '' || NOTE.test(lines[j]!))) j += step; return lines[j]; };
      const next = content(i, 1);
      const prev = content(i - 1, -1);
      const col = style === 'next' ? indentOf(next) : style === 'prev' ? indentOf(prev) : style === 'prevInner' ? innerOf(prev) : 0;
      const note = `${' '.repeat(col)}# note-${k}`;
      const tried = [...lines.slice(0, i), note, ...lines.slice(i)];
      // only where a comment is one (not inside a text over several lines)
      try { if (JSON.stringify(parse(`${tried.join('\n')}\n`)) !== JSON.stringify(value)) return; } catch { return; }
      lines = tried;
      if (style === 'next' && next !== undefined && i < lines.length - 1 && lines[i + 1] === next && /^[ \t]*(?:-[ \t]+)*[A-Za-z_"'][^#]*:/.test(next)) above.set(`# note-${k}`, next);
    });
    const input = `${lines.join('\n')}\n`;
    const r = formatTemplate(input);
    assert.not.ok(r.error, r.error);
    const once = r.text;
    assert.is(formatTemplate(once).text, once, `a second fmt changes nothing; input:\n${input}`);
    assert.equal(parse(once), value);
    const out = once.split('\n');
    for (const line of lines.filter((l) => NOTE.test(l))) assert.is(out.filter((l) => l.trim() === line.trim()).length, 1, `${line.trim()} kept once`);
    for (const [note, key] of above) {
      const i = out.findIndex((l) => l.trim() === note);
      let j = i + 1;
      while (j < out.length && NOTE.test(out[j]!)) j++;
      // the line it preceded (a key that fmt put at the head of a list item: with its dashes)
      assert.is(out[j]?.trimStart().replace(/^(?:-[ \t]+)+/, ''), key.trimStart().replace(/^(?:-[ \t]+)+/, ''), `${note} stays above ${key.trim()}; input:\n${input}\noutput:\n${once}`);
      assert.ok([indentOf(out[j]), innerOf(out[j])].includes(indentOf(out[i])), `${note} at the indentation of ${key.trim()}; input:\n${input}\noutput:\n${once}`);
    }
  }), { numRuns: 300 });
});

test('tplsync fmt rewrites, a second run changes nothing; --check lists and exits 1; syntax errors are reported', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/a.yaml': `# keep me\nname: order_ready\n${VALID.replace('name: order_ready\n', '')}`, 'templates/b.yaml': VALID });
    let r = await cliIn(['fmt', '--check'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.is(r.stdout.trim(), path.join('templates', 'a.yaml'));
    r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 0);
    assert.match(r.stdout, /1 of 2 files reformatted/);
    const a = readFileSync(path.join(dir, 'templates', 'a.yaml'), 'utf8');
    assert.ok(a.startsWith('# keep me\nchannel: shop-whatsapp\nname: order_ready\n'), a);
    r = await cliIn(['fmt'], { cwd: dir });
    assert.match(r.stdout, /0 of 2 files reformatted/);
    assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0);
    writeFileSync(path.join(dir, 'templates', 'c.yaml'), 'name: [broken\n');
    r = await cliIn(['fmt'], { cwd: dir });
    assert.is(r.exitCode, 1);
    assert.match(r.stderr, /c\.yaml:\d+:\d+: not formatted: .* \(yaml-syntax\)/);
  } finally { cleanup(dir); }
});

test('a double-quoted text with \\n escapes stays on one line (yaml would fold it over three)', () => {
  const text = 'channel: c\nname: n\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{name}}, line one.\\nLine two is here."\n  examples: { name: Ana }\n';
  assert.is(formatTemplate(text).text, text);
});

test('button keys keep the order they had before each button type had its own schema; the new keys follow', () => {
  const head = 'channel: shop-whatsapp\nname: x\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: hi there you\nbuttons:\n';
  const v1 = `${head}  - type: OTP\n    text: Copy code\n    otp_type: COPY_CODE\n  - type: URL\n    text: Go\n    url: https://x.example/{{1}}\n    example: https://x.example/1\n`;
  assert.is(formatTemplate(v1).text, v1, 'a version-1 layout is still canonical');
  const messy = `${head}  - supported_apps: [{ package_name: com.example.app, signature_hash: K8a/AINcGX7 }]\n    otp_type: ONE_TAP\n    autofill_text: Autofill\n    type: OTP\n    text: Copy\n`;
  assert.match(formatTemplate(messy).text, /- type: OTP\n {4}text: Copy\n {4}otp_type: ONE_TAP\n {4}autofill_text: Autofill\n {4}supported_apps:/);
});

test('tplsync new scaffolds a file that lints clean (but for its description stub) and is already formatted; it never overwrites', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    for (const category of ['UTILITY', 'MARKETING', 'AUTHENTICATION']) {
      const name = `hello_${category.toLowerCase()}`;
      const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', name, '--category', category, '--language', 'de'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
      const f = path.join('templates', `${name}.de.yaml`);
      assert.is(r.stdout.trim(), f);
      const text = readFileSync(path.join(dir, f), 'utf8');
      assert.match(text, /^# yaml-language-server: \$schema=/);
      const lint = await cliIn(['lint', f], { cwd: dir });
      assert.is(lint.exitCode, 0, lint.stdout);
      // a second scaffold has its own body (its name is in it): no duplicate-content with the first, as docs/commands/new.md says;
      // the one finding is the description stub the author is to replace
      assert.match(lint.stdout, /✖ 1 problem \(0 errors, 1 warning\)/);
      assert.match(lint.stdout, /8:14 +warning +`description` is still the stub .* scaffold-stub/);
      assert.is((await cliIn(['fmt', '--check', f], { cwd: dir })).exitCode, 0);
    }
    // --force starts a template over, never another's file
    writeFiles(dir, { 'templates/promo.de.yaml': 'channel: shop-whatsapp\nname: promo\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Our spring sale starts today, with new colours in every size."\n' });
    const other = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'promo', '--language', 'de', '--force'], { cwd: dir });
    assert.is(other.exitCode, 3, other.stdout + other.stderr);
    assert.match(other.stderr, 'holds shop-whatsapp/promo/en_US, another template; --force was given, and is refused for another template\'s file: it is not replaced with shop-whatsapp/promo/de');
    rmSync(path.join(dir, 'templates', 'promo.de.yaml'));
    // two of a kind: each body names its template
    for (const [kind, name] of [['offer', 'offer_one'], ['offer', 'offer_two'], ['carousel', 'linen_week'], ['carousel', 'chino_week']]) {
      assert.is((await cliIn(['new', '--channel', 'shop-whatsapp', '--name', name!, '--kind', kind!, '--language', 'de'], { cwd: dir })).exitCode, 0, `${kind} ${name}`);
    }
    assert.match(readFileSync(path.join(dir, 'templates', 'offer_two.de.yaml'), 'utf8'), /\n {2}text: "Offer two: /);
    // the whole project too: the scaffolds, none the same as another
    const all = await cliIn(['lint'], { cwd: dir });
    assert.not.match(all.stdout, /duplicate-content/);
    const again = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'hello_utility', '--language', 'de'], { cwd: dir });
    assert.is(again.exitCode, 3);
    assert.match(again.stderr, /exists; pass --force/);
    // the template in another file of the project: refused, even in another folder (a second file is duplicate-template)
    const twice = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'hello_utility', '--language', 'de', '--dir', 'templates/more'], { cwd: dir });
    assert.is(twice.exitCode, 3, twice.stdout + twice.stderr);
    assert.match(twice.stderr, `${path.join('templates', 'hello_utility.de.yaml')} holds shop-whatsapp/hello_utility/de already; edit that file`);
    // the channel named by the UUID the alias maps to is the same channel
    const id = /shop-whatsapp: ([0-9a-f-]{36})/.exec(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'))![1]!;
    const byId = await cliIn(['new', '--channel', id, '--name', 'hello_utility', '--language', 'de', '--dir', 'templates/more'], { cwd: dir });
    assert.is(byId.exitCode, 3, byId.stdout + byId.stderr);
    assert.match(byId.stderr, 'hello_utility.de.yaml holds');
    assert.is((await cliIn(['new', '--channel', 'nope', '--name', 'x'], { cwd: dir })).exitCode, 3);
    assert.is((await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'Bad-Name'], { cwd: dir })).exitCode, 3);
    // from a subfolder: written where the config's templates are (lint and plan see it), not under the subfolder
    writeFiles(dir, { 'src/deep/.keep': '' });
    const sub = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'from_sub'], { cwd: path.join(dir, 'src', 'deep') });
    assert.is(sub.exitCode, 0, sub.stderr);
    assert.is(sub.stdout.trim(), path.join('..', '..', 'templates', 'from_sub.en_US.yaml'));
    assert.is(sub.stderr, '');
    // a name YAML 1.1 readers take for a boolean is written quoted
    const on = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'on'], { cwd: dir });
    assert.is(on.exitCode, 0, on.stderr);
    assert.match(readFileSync(path.join(dir, 'templates', 'on.en_US.yaml'), 'utf8'), /^name: "on"$/m);
    assert.is((await cliIn(['lint', path.join('templates', 'on.en_US.yaml')], { cwd: dir })).exitCode, 0);
    // an explicit --dir the config does not cover: written, and said
    const away = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'away', '--dir', 'drafts'], { cwd: dir });
    assert.is(away.exitCode, 0, away.stderr);
    assert.match(away.stderr, 'drafts/away.en_US.yaml is not among the config\'s templates');
  } finally { cleanup(dir); }
});

test('verify-10: a tab before a comment is kept as the file wrote it (fmt --check passed a canonical file only with one space)', () => {
  const t = 'channel: wa\nname: n\nlanguage: en_US\ncategory: UTILITY\nbody:\t# required\n  text: "Hi {{1}}, ok."\t# the text\n  examples: { 1: A }\n';
  assert.is(formatTemplate(t).text, t);
  // a key moved by fmt keeps its tab too
  const moved = 'name: n\nchannel: wa\t# alias\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, ok."\n  examples: { 1: A }\n';
  assert.match(formatTemplate(moved).text, /^channel: wa\t# alias\n/);
});

// trial t F9: fmt --check listed a file whose only difference was CRLF or a BOM as "not in the canonical layout" without
// saying why, and fmt wrote it with LF and no BOM, while pull, translations import and lint --fix keep them: a Windows
// checkout (core.autocrlf=true) failed fmt --check on every file. The line ends and the BOM are the file's
test('fmt keeps a file\'s CRLF line ends and its byte-order mark: such a file in the layout is in it; a file with CRLF and LF lines gets the line end most have, and fmt says so', async () => {
  const LF = 'channel: wa\nname: crlf_only\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your appointment is confirmed for tomorrow."\n  examples: { 1: Ana }\n';
  const CRLF = LF.replace(/\n/g, '\r\n');
  for (const text of [CRLF, `\uFEFF${CRLF}`, `\uFEFF${LF}`]) assert.is(formatBytes('t.yaml', Buffer.from(text, 'utf8')).kind, 'unchanged', JSON.stringify(text));
  // out of the layout (keys out of order): laid out, in the file's line ends and with its BOM
  const moved = (t: string) => t.replace(/^(\uFEFF?)(channel: wa\r?\n)(name: crlf_only\r?\n)/, '$1$3$2');
  for (const text of [CRLF, `\uFEFF${CRLF}`]) assert.is(formatBytes('t.yaml', Buffer.from(moved(text), 'utf8')).text, text);
  // mixed (lines 1, 3, 5, 7 CRLF; 2, 4, 6 LF): all CRLF, as most end, and said
  const mixed = LF.split('\n').map((l, i) => (i % 2 === 0 ? `${l}\r` : l)).join('\n').replace(/\r$/, '');
  const m = formatBytes('t.yaml', Buffer.from(mixed, 'utf8'));
  assert.is(m.kind, 'changed');
  assert.equal(m.kind === 'changed' && m.mixed, { crlf: 4, lf: 3 });
  assert.is(m.text, CRLF);
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\n', 'templates/crlf_only.en_US.yaml': CRLF, 'templates/bom.en_US.yaml': `\uFEFF${CRLF.replace('crlf_only', 'bom')}`, 'templates/mixed.en_US.yaml': mixed.replace('crlf_only', 'mixed') });
    const check = await cliIn(['fmt', '--check'], { cwd: dir });
    assert.is(check.exitCode, 1);
    assert.is(check.stdout.trim(), 'templates/mixed.en_US.yaml');
    assert.match(check.stderr, /^templates\/mixed\.en_US\.yaml: its lines end with CRLF \(4\) and LF \(3\): fmt gives them all CRLF, as most end$/m);
    const fmt = await cliIn(['fmt'], { cwd: dir });
    assert.match(fmt.stdout, /1 of 3 files reformatted/);
    assert.is(readFileSync(path.join(dir, 'templates/mixed.en_US.yaml'), 'utf8'), CRLF.replace('crlf_only', 'mixed'));
    assert.is(readFileSync(path.join(dir, 'templates/crlf_only.en_US.yaml'), 'utf8'), CRLF);
    assert.is((await cliIn(['fmt', '--check'], { cwd: dir })).exitCode, 0);
  } finally { cleanup(dir); }
});

test('the file\'s first comment stays at the top; a comment below a blank line, right above the first key, moves with that key (trial-ap F4)', () => {
  const t = '# top comment\n\n# about the buttons\nbuttons: [ {type: QUICK_REPLY, text: "Yes"} ]\nbody:\n  text: Hello there, are you coming?\nname: fmt_stress\nchannel: shop-whatsapp   # the alias\nlanguage: en_US\ncategory: UTILITY\n';
  const out = formatTemplate(t).text;
  assert.is(out, '# top comment\n\nchannel: shop-whatsapp   # the alias\nname: fmt_stress\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: Hello there, are you coming?\n# about the buttons\nbuttons: [ { type: QUICK_REPLY, text: "Yes" } ]\n');
  assert.is(formatTemplate(out).text, out, 'idempotent');
  assert.equal(parse(out), parse(t));
  // with no blank line, the whole comment is the file's first: it stays at the top
  const one = formatTemplate(t.replace('# top comment\n\n', '# top comment\n')).text;
  assert.ok(one.startsWith('# top comment\n# about the buttons\nchannel:'), one);
});

test('trial-ap F2b: new over another channel\'s template of the same name and language says whose the file is and the path that keeps both (pull\'s rule), never --force; --force does not replace it', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    assert.is((await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'order_shipped'], { cwd: dir })).exitCode, 0);
    const whatsapp = readFileSync(path.join(dir, 'templates', 'order_shipped.en_US.yaml'), 'utf8');
    for (const force of [[], ['--force']]) {
      const r = await cliIn(['new', '--channel', 'shop-rcs', '--name', 'order_shipped', '--kind', 'rcs', ...force], { cwd: dir });
      assert.is(r.exitCode, 3, r.stdout + r.stderr);
      assert.match(r.stderr, `${path.join('templates', 'order_shipped.en_US.yaml')} holds shop-whatsapp/order_shipped/en_US, another channel's template`);
      assert.match(r.stderr, `--dir ${path.join('templates', 'shop-rcs')} (${path.join('templates', 'shop-rcs', 'order_shipped.en_US.yaml')})`);
      assert.not.match(r.stderr, 'pass --force');
      // --force never reads as the way to replace it, given or not (trial-aq F2)
      assert.not.match(r.stderr, '--force would replace');
      assert.match(r.stderr, force.length ? "--force was given, and is refused for another template's file: it is not replaced with shop-rcs/order_shipped/en_US" : "it is not this template's file, and --force does not write over another template's file");
      assert.is(readFileSync(path.join(dir, 'templates', 'order_shipped.en_US.yaml'), 'utf8'), whatsapp);
    }
    // the path it names keeps both, and the two lint clean together
    const kept = await cliIn(['new', '--channel', 'shop-rcs', '--name', 'order_shipped', '--kind', 'rcs', '--dir', path.join('templates', 'shop-rcs')], { cwd: dir });
    assert.is(kept.exitCode, 0, kept.stdout + kept.stderr);
    // asked again: that file is the template's
    const again = await cliIn(['new', '--channel', 'shop-rcs', '--name', 'order_shipped', '--kind', 'rcs'], { cwd: dir });
    assert.is(again.exitCode, 3);
    assert.match(again.stderr, `shop-rcs/order_shipped/en_US is in the project already: ${path.join('templates', 'shop-rcs', 'order_shipped.en_US.yaml')} holds it; edit that one`);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.not.match(lint.stdout, 'duplicate-template');
    assert.is(lint.exitCode, 0, lint.stdout);
  } finally { cleanup(dir); }
});

test('trial-aq F1: new over another channel\'s file, when this template is in another file of the project already, names that file at once rather than a --dir that would be refused', async () => {
  const dir = tempDir();
  try {
    cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
    assert.is((await cliIn(['new', '--channel', 'shop-rcs', '--name', 'order_update', '--kind', 'rcs'], { cwd: dir })).exitCode, 0);
    // the WhatsApp template of that name and language in a folder of the user's choosing, not the channel's folder pull would pick
    const mine = path.join('templates', 'whatsapp');
    const made = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'order_update', '--dir', mine], { cwd: dir });
    assert.is(made.exitCode, 0, made.stdout + made.stderr);
    for (const force of [[], ['--force']]) {
      const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'order_update', ...force], { cwd: dir });
      assert.is(r.exitCode, 3, r.stdout + r.stderr);
      assert.match(r.stderr, `${path.join('templates', 'order_update.en_US.yaml')} holds shop-rcs/order_update/en_US, another channel's template`);
      assert.match(r.stderr, `shop-whatsapp/order_update/en_US is in the project already: ${path.join(mine, 'order_update.en_US.yaml')} holds it; edit that one`);
      assert.not.match(r.stderr, '--dir');
    }
  } finally { cleanup(dir); }
});

test.run();
