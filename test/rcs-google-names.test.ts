// Google's RBM JSON names in an RCS template (trial findings F5, F6, F11): a suggestion or a card
// written in Google's shape is answered with tplsync's key, once, at the Google key; imageAlign on a
// vertical card is said to do nothing; the schema and a rule do not both report one node.
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { oneAtANode } from '../src/lint/finish.ts';
import { templateSchema } from '../src/schemas/template.ts';

const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
const rcs = (message: string): string => `channel: air-rcs\nname: gate_change\nlanguage: en_US\nmessage:\n${message}`;
const chips = (...items: string[]): string => rcs(`  type: text\n  message: Your gate changed\n  suggestions:\n${items.map((s) => `    - ${s}\n`).join('')}`);

test('F5: each RBM action object on a suggestion is named as Google\'s, with the action and keys tplsync writes', () => {
  const cases: [string, RegExp][] = [
    ['{ text: Boarding pass, postbackData: bp, openUrlAction: { url: "https://air.example.com/bp", application: WEBVIEW, webviewViewMode: HALF } }', /`openUrlAction` is Google's RBM name.*`action: open_url`.*\{ action: open_url, text: Boarding pass, postbackData: "https:\/\/air\.example\.com\/bp", openUrlApplication: WEBVIEW, webviewType: HALF \}/],
    ['{ text: Call desk, postbackData: desk, dialAction: { phoneNumber: "+33140000000" } }', /`dialAction` is Google's RBM name.*\{ action: dial, text: Call desk, postbackData: desk, phoneNumber: "\+33140000000" \}/],
    ['{ text: Terminal, viewLocationAction: { query: "CDG Terminal 2E" } }', /`viewLocationAction`.*\{ action: view_location, text: Terminal, query: CDG Terminal 2E \}/],
    ['{ text: Where am I, shareLocationAction: {} }', /`shareLocationAction`.*\{ action: share_location, text: Where am I \}/],
    ['{ text: Remind me, create_calendar_event_action: { startTime: "2030-02-01T09:00:00Z", endTime: "2030-02-01T10:00:00Z", title: Flight AF1 } }', /`create_calendar_event_action`.*`action: create_calendar_event`/],
  ];
  for (const [s, re] of cases) {
    const d = lint(chips(s));
    assert.is(d.length, 1, `${s}: ${d.map((x) => x.message).join(' | ')}`);
    assert.is(d[0]!.ruleId, 'rcs-action-keys');
    assert.match(d[0]!.message, re);
    assert.not.match(d[0]!.message, /missing required key/);
  }
});

test('F5: Google\'s Suggestion wrappers (reply: {...}, action: {...}) on a card are one finding each, at the wrapper', () => {
  const d = lint(rcs([
    '  type: rich_card',
    '  richCards:',
    '    - title: Lounge access',
    '      suggestions:',
    '        - reply: { text: Thanks, postbackData: ok }',
    '        - action:',
    '            text: Menu',
    '            postbackData: menu',
    '            openUrlAction: { url: "https://air.example.com/lounge" }',
    '  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }',
    '',
  ].join('\n')));
  assert.equal(d.map((x) => [x.ruleId, x.line, x.column]), [['rcs-action-keys', 9, 11], ['rcs-action-keys', 10, 11]]);
  assert.match(d[0]!.message, /Google's RBM Suggestion\.reply.*\{ action: reply, text: Thanks, postbackData: ok \}/);
  assert.match(d[1]!.message, /Suggestion\.action with its SuggestedAction\.openUrlAction.*\{ action: open_url, text: Menu, postbackData: "https:\/\/air\.example\.com\/lounge" \}/);
});

test('F5: Google\'s names of cards and their layout are answered with tplsync\'s keys', () => {
  const d = lint(rcs([
    '  type: rich_card',
    '  carouselCard: { cardWidth: MEDIUM }',
    '  richCards:',
    '    - title: Seat 12A',
    '      media: { height: TALL, contentInfo: { fileUrl: "https://cdn.example.com/seat.jpg" } }',
    '    - title: Seat 14C',
    '      contentInfo: { fileUrl: "https://cdn.example.com/seat2.jpg" }',
    '  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, height: SHORT }',
    '',
  ].join('\n')));
  const by = (re: RegExp) => d.find((x) => re.test(x.message));
  assert.ok(by(/^`carouselCard` is Google's RBM name.*`rcsRichCardsOpts: \{ type: CAROUSEL, cardWidth/), d.map((x) => x.message).join('\n'));
  assert.ok(by(/^`media` is Google's RBM name.*`fileUrl:`.*`rcsRichCardsOpts\.mediaHeight`/));
  assert.ok(by(/^`contentInfo` is Google's RBM name \(Media\.contentInfo\).*`fileUrl:`/));
  assert.ok(by(/^'height' is Google's RBM name \(Media\.height\); tplsync writes it as `mediaHeight:`/));
  const orient = lint(rcs('  type: rich_card\n  richCards:\n    - title: Upgrade\n  rcsRichCardsOpts: { type: STANDALONE, cardOrientation: HORIZONTAL, thumbnailImageAlignment: RIGHT }\n'));
  assert.ok(orient.some((x) => /^'cardOrientation' is Google's RBM name.*`orientation:`/.test(x.message)), orient.map((x) => x.message).join('\n'));
  assert.ok(orient.some((x) => /^'thumbnailImageAlignment' is Google's RBM name.*`imageAlign:`/.test(x.message)));
  const standalone = lint(rcs('  type: rich_card\n  standaloneCard: { cardContent: { title: Upgrade } }\n'));
  assert.match(standalone.find((x) => x.ruleId === 'schema')!.message, /^`standaloneCard` is Google's RBM name.*the card as the one item of `richCards:`/);
});

test('F6: imageAlign on a VERTICAL standalone card is a warning that it does nothing; on a HORIZONTAL one it is needed', () => {
  const card = (opts: string): string => rcs(`  type: rich_card\n  richCards:\n    - { title: Window seat, fileUrl: "https://cdn.example.com/window.png" }\n  rcsRichCardsOpts: ${opts}\n`);
  const d = lint(card('{ type: STANDALONE, orientation: VERTICAL, mediaHeight: TALL, imageAlign: LEFT }'));
  assert.equal(d.map((x) => [x.ruleId, x.severity, x.line]), [['rcs-vertical-image-align', 'warning', 8]]);
  assert.match(d[0]!.message, /^imageAlign LEFT does nothing on a VERTICAL standalone card.*HORIZONTAL/);
  assert.equal(lint(card('{ type: STANDALONE, orientation: HORIZONTAL, imageAlign: LEFT }')), []);
  assert.equal(lint(card('{ type: STANDALONE, orientation: VERTICAL, mediaHeight: TALL }')), []);
  // Google's "not specified", as the API returns it: no side named
  assert.equal(lint(card('{ type: STANDALONE, orientation: VERTICAL, imageAlign: THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED, mediaHeight: TALL }')), []);
});

test('F8: the schema\'s descriptions (the editor\'s hover) name tplsync\'s keys as tplsync\'s, and say what Google calls them', () => {
  const descriptions: { at: string; text: string }[] = [];
  const walk = (v: unknown, at: string): void => {
    if (Array.isArray(v)) { v.forEach((x, i) => walk(x, `${at}/${i}`)); return; }
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if (k === 'description' && typeof x === 'string') descriptions.push({ at, text: x });
      else walk(x, `${at}/${k}`);
    }
  };
  walk(templateSchema(), '');
  // no key of the format is said to be named as Google names it: Google nests what tplsync writes flat
  assert.equal(descriptions.filter((d) => /named as in Google|as in Google's RBM|Google's RBM names/i.test(d.text)).map((d) => d.at), []);
  const of = (at: RegExp): string => descriptions.filter((d) => at.test(d.at)).map((d) => d.text).join(' | ');
  const google: [RegExp, string][] = [
    [/\/openUrlApplication$/, 'openUrlAction.application'], [/\/webviewType$/, 'openUrlAction.webviewViewMode'],
    [/\/phoneNumber$/, 'dialAction.phoneNumber'], [/rcsRichCardsOpts\/properties\/imageAlign$/, 'standaloneCard.thumbnailImageAlignment'],
    [/rcsRichCardsOpts\/properties\/orientation$/, 'standaloneCard.cardOrientation'], [/rcsRichCardsOpts\/properties\/mediaHeight$/, 'media.height'],
    [/richCard\/properties\/fileUrl$/, 'media.contentInfo.fileUrl'],
  ];
  for (const [at, name] of google) assert.match(of(at), `Google calls this ${name}`, String(at));
  assert.match(of(/definitions\/suggestion$/), /flat in tplsync's format/);
});

test('F11: one node, one finding: the schema and a rule on the same value, a rule on a value written in another case, a card echoing Google\'s names', () => {
  const lintWith = (text: string, severities: Record<string, 'off'>) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities });
  const picture = rcs('  type: picture\n  fileUrl: "media/boarding.png"\n');
  const d = lint(picture);
  assert.equal(d.map((x) => [x.ruleId, x.line]), [['schema', 6]], d.map((x) => `${x.ruleId}: ${x.message}`).join('\n'));
  // the schema turned off: the rule's finding on the node is shown
  assert.equal(lintWith(picture, { schema: 'off' }).map((x) => x.ruleId), ['rcs-media']);
  // a value of another case: the schema says which; no rule judges the value it is not
  const cased = lint(chips('{ action: open_url, text: Check in, postbackData: "https://air.example.com/ci", openUrlApplication: Webview, webviewType: Half }'));
  assert.equal(cased.map((x) => x.ruleId), ['schema', 'schema'], cased.map((x) => `${x.ruleId}: ${x.message}`).join('\n'));
  const layout = lint(rcs('  type: rich_card\n  richCards:\n    - { title: Upgrade, fileUrl: "https://cdn.example.com/up.png" }\n  rcsRichCardsOpts: { type: standalone, orientation: horizontal, imageAlign: right }\n'));
  assert.equal(layout.map((x) => x.ruleId), ['schema', 'schema', 'schema'], layout.map((x) => `${x.ruleId}: ${x.message}`).join('\n'));
  // a card whose title is in Google's cardContent: one finding at that key, not "no media, title or description" at the card as well
  const card = lint(rcs('  type: rich_card\n  richCards:\n    - cardContent: { title: Upgrade }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL }\n'));
  assert.equal(card.map((x) => [x.ruleId, x.line, x.column]), [['schema', 7, 7]], card.map((x) => `${x.ruleId}: ${x.message}`).join('\n'));
});

test('F11: oneAtANode keeps the more severe of the schema\'s and a rule\'s finding at one span, the rule\'s of two alike', () => {
  const at = { file: 'f.yaml', line: 3, column: 5, endLine: 3, endColumn: 9 };
  const schema = { ...at, ruleId: 'schema', severity: 'error' as const, message: 's' };
  const warn = { ...at, ruleId: 'rcs-media', severity: 'warning' as const, message: 'w' };
  const err = { ...at, ruleId: 'rcs-x', severity: 'error' as const, message: 'e' };
  const elsewhere = { ...warn, column: 6 };
  assert.equal(oneAtANode([schema, warn, elsewhere]), [schema, elsewhere]);
  assert.equal(oneAtANode([err, schema]), [err]);
  assert.equal(oneAtANode([{ ...schema, severity: 'warning' }, err]), [err]);
  assert.equal(oneAtANode([warn, err]), [warn, err]);
});

test('cc-3: a file with Google\'s contentMessage (no message) is an RCS template: the Google name alone, no body or WhatsApp claim, and its nested suggestions said', async () => {
  const { contentOf, channelKindProblem } = await import('../src/lint/rules/channel-kind.ts');
  const { parse } = await import('yaml');
  const text = [
    'channel: air-rcs',
    'name: seat_offer',
    'language: fr_FR',
    'contentMessage:',
    '  richCard:',
    '    carouselCard:',
    '      cardWidth: MEDIUM',
    '      cardContents:',
    '        - title: Siège 12A',
    '          suggestions:',
    '            - reply: { text: Prendre, postbackData: take_12a }',
    '        - title: Siège 14C',
    '          suggestions:',
    '            - action: { text: Appeler, postbackData: call, dialAction: { phoneNumber: "+33140000000" } }',
    '  suggestions:',
    '    - { text: Carte, postbackData: map, viewLocationAction: { query: "CDG 2E" } }',
    '',
  ].join('\n');
  const d = lint(text);
  const said = d.map((x) => `${x.ruleId} ${x.line}:${x.column} ${x.message}`).join('\n');
  assert.not.match(said, /missing required key|WhatsApp/, said);
  assert.equal(d.map((x) => [x.line, x.column]), [[4, 1], [11, 15], [14, 15], [16, 41]], said);
  assert.match(d[0]!.message, /`contentMessage` is Google's RBM name/);
  assert.match(d[1]!.message, /\{ action: reply, text: Prendre, postbackData: take_12a \}/);
  assert.match(d[2]!.message, /\{ action: dial, text: Appeler, postbackData: call, phoneNumber: "\+33140000000" \}/);
  assert.match(d[3]!.message, /\{ action: view_location, text: Carte, postbackData: map, query: CDG 2E \}/);
  const t = parse(text) as Record<string, unknown>;
  assert.is(contentOf(t), 'rcs');
  assert.is(channelKindProblem('air-rcs', 'rcs', contentOf(t)), undefined);
  // on a WhatsApp channel, the message names what the file has (Google's contentMessage), not a `message:` it lacks
  assert.match(channelKindProblem('air-wa', 'whatsapp', contentOf(t))!, /RCS-only \(an RCS message, `message:` or Google's `contentMessage:`, and no `body:`\)/);
});

test('cc-3: suggestions under message.richCard.standaloneCard.cardContent (Google\'s names) are said, not skipped', () => {
  const d = lint(rcs([
    '  richCard:',
    '    standaloneCard:',
    '      cardOrientation: HORIZONTAL',
    '      cardContent:',
    '        title: Lounge',
    '        suggestions:',
    '          - action: { text: Site, postbackData: site, openUrlAction: { url: "https://air.example.com/l" } }',
    '',
  ].join('\n')));
  const said = d.map((x) => `${x.ruleId} ${x.line}:${x.column} ${x.message}`).join('\n');
  const nested = d.find((x) => x.line === 11);
  assert.ok(nested, said);
  assert.is(nested!.ruleId, 'rcs-action-keys');
  assert.match(nested!.message, /\{ action: open_url, text: Site, postbackData: "https:\/\/air\.example\.com\/l" \}/);
});

test('cc-4: a sample of a placeholder in Google\'s `text:` or a cardContent\'s title is not told to be removed (the name is what to fix)', () => {
  const text = lint(rcs([
    '  text: "Gate {{gate_no}} closes at {{closing}}"',
    '  examples: { gate_no: B12, closing: "10:40" }',
    '',
  ].join('\n')));
  const said = text.map((x) => `${x.ruleId} ${x.message}`).join('\n');
  assert.not.match(said, /Sample '(gate_no|closing)' has no placeholder/, said);
  assert.match(said, /`text` is Google's RBM name/);
  const card = lint(rcs([
    '  richCard:',
    '    standaloneCard:',
    '      cardContent: { title: "Seat {{seat}}", description: "Row {{row}}" }',
    '  examples: { seat: 12A, row: "12", spare: x }',
    '',
  ].join('\n')));
  const cardSaid = card.map((x) => `${x.ruleId} ${x.message}`).join('\n');
  assert.not.match(cardSaid, /Sample '(seat|row)' has no placeholder/, cardSaid);
  // a sample of no placeholder anywhere is still said
  assert.match(cardSaid, /Sample 'spare' has no placeholder/, cardSaid);
});

test('cc-11: ttl/expireTime beside message (Google\'s place) and under it: where tplsync takes them, with the file\'s own value', () => {
  const beside = lint(`${rcs('  type: text\n  message: Boarding now\n')}ttl: "900s"\nexpireTime: "2031-03-04T05:06:07Z"\n`);
  const said = beside.map((x) => `${x.ruleId} ${x.line} ${x.message}`).join('\n');
  assert.not.match(said, /Unknown key/, said);
  assert.match(said, /`ttl` is Google's RBM name \(AgentMessage\.ttl\).*under `message:`.*rcsExpireOpts: \{ type: TTL, ttl: 900 \}/, said);
  assert.match(said, /`expireTime` is Google's RBM name.*under `message:`.*expireTime: "2031-03-04T05:06:07Z"/, said);
  const under = lint(rcs('  type: text\n  message: Boarding now\n  ttl: 1800\n'));
  const saidUnder = under.map((x) => x.message).join('\n');
  assert.match(saidUnder, /rcsExpireOpts: \{ type: TTL, ttl: 1800 \}/, saidUnder);
  assert.not.match(saidUnder, /86400/, saidUnder);
});

test('cc-11: a suggestion in Google\'s shape gets its one finding, not the flat action\'s rules again (view_location, open_url)', () => {
  const d = lint(chips(
    '{ action: view_location, text: Gate, postbackData: g, viewLocationAction: { latLong: { latitude: 49.0, longitude: 2.55 } } }',
    '{ action: open_url, text: Site, openUrlAction: { url: "https://air.example.com" } }',
  ));
  assert.equal(d.map((x) => x.ruleId), ['rcs-action-keys', 'rcs-action-keys'], d.map((x) => `${x.ruleId} ${x.message}`).join('\n'));
});

test.run();
