// translations import refuses a translation over a field's limit only where lint's rule for that
// limit is an error: over a limit lint only warns about (a calendar event's title over 100
// characters, rcs-calendar-text) it writes the translation and says the warning. Every limit of the
// translations' table is held to lint here: each field of templates of every kind made one
// character too long, refused by the import exactly when lint finds a new error in it. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseDocument } from 'yaml';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { RULES_BY_ID } from '../src/lint/registry.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { planImport, type SourceTemplate } from '../src/translations/apply.ts';
import { fieldKey, textFields } from '../src/translations/units.ts';
import { cleanup, cliIn, tempDir, writeFiles, CONFIG } from './helpers.ts';

const now = new Date('2026-01-01T00:00:00Z');
const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const errors = (text: string): Set<string> => new Set(lint(text).filter((d) => d.severity === 'error').map((d) => `${d.ruleId}@${d.line}`));

const WA = (name: string, lines: string[]): string => ['channel: shop-whatsapp', `name: ${name}`, 'language: en_US', ...lines].join('\n') + '\n';
const RCS = (name: string, lines: string[]): string => ['channel: shop-rcs', `name: ${name}`, 'language: en_US', 'message:', ...lines.map((l) => `  ${l}`)].join('\n') + '\n';
const CALENDAR = '{ action: create_calendar_event, text: Save the date, postbackData: save_launch, startTime: "2030-09-12T17:00:00.000Z", endTime: "2030-09-12T18:00:00.000Z", title: Autumn launch, description: Live stream of the new collection }';

/** a template of each kind whose texts have a limit in the translations' table */
const SOURCES: string[] = [
  WA('header_text', ['category: UTILITY', 'header:', '  format: TEXT', '  text: "Order {{order_id}} update"', '  examples: { order_id: A-1042 }',
    'body:', '  text: "Hi {{customer}}, your order {{order_id}} was packed today."', '  examples: { customer: Maria, order_id: A-1042 }',
    'footer: Reply STOP to opt out', 'buttons:', '  - { type: QUICK_REPLY, text: Track parcel }']),
  WA('voice_call', ['category: UTILITY', 'body:', '  text: "Hi {{1}}, we could not deliver your parcel today. Call us to arrange a new time."', '  examples: { 1: Ana }',
    'buttons:', '  - { type: VOICE_CALL, text: Call Now, ttl_minutes: 1440 }', '  - { type: URL, text: Contact Support, url: "https://shop.example.com/support" }']),
  WA('auth_one_tap', ['category: AUTHENTICATION', 'message_send_ttl_seconds: 600', 'body: { add_security_recommendation: true }', 'footer: { code_expiration_minutes: 10 }',
    'buttons:', '  - type: OTP', '    otp_type: ONE_TAP', '    text: Copy code', '    autofill_text: Autofill', '    supported_apps: [{ package_name: com.example.shop, signature_hash: K8a/AINcGX7 }]']),
  WA('carousel_image', ['category: MARKETING', 'body:', '  text: "New arrivals for you, {{first_name}}: swipe to see them."', '  examples: { first_name: Ana }', 'carousel:',
    ...['linen', 'chino'].flatMap((p) => [`  - header: { format: IMAGE, example: "https://cdn.example.com/products/${p}.png" }`,
      '    body: { text: "Now {{price}} in every size.", examples: { price: "€39" } }',
      '    buttons:', '      - { type: QUICK_REPLY, text: Tell me more }', `      - { type: URL, text: Buy, url: "https://shop.example.com/p/{{1}}", example: "https://shop.example.com/p/${p}" }`])]),
  WA('offer_expiring', ['category: MARKETING', 'header: { format: IMAGE, example: "https://cdn.example.com/campaigns/caribbean.png" }', 'limited_time_offer: { text: Expiring offer!, has_expiration: true }',
    'body:', '  text: "Good news, {{1}}! Use code {{2}} to get 25% off all Caribbean packages!"', '  examples: { 1: Pablo, 2: CARIBE25 }',
    'buttons:', '  - { type: COPY_CODE, example: CARIBE25 }', '  - { type: URL, text: Book now!, url: "https://travel.example.com/offers?code={{1}}", example: "https://travel.example.com/offers?code=n3mtql" }']),
  WA('product_spm', ['category: MARKETING', 'header: { format: PRODUCT }', 'body:', '  text: "Use code {{code}} to get {{percent}} off our newest succulent!"', '  examples: { code: 15OFF, percent: "15%" }',
    'footer: Offer ends September 22', 'buttons:', '  - { type: SPM, text: View }']),
  RCS('text_calendar', ['type: text', 'message: "Hi {{first_name}}, our autumn collection launches live on 12 September."', 'suggestions:',
    '  - { action: reply, text: Count me in, postbackData: rsvp_yes }', `  - ${CALENDAR}`, 'examples: { first_name: Maria }']),
  RCS('card_vertical', ['type: rich_card', 'richCards:', '  - title: "New store in {{city}}"', '    description: Opening Saturday, 10:00', '    fileUrl: https://cdn.example.com/stores/berlin.jpg',
    '    suggestions:', `      - ${CALENDAR}`, 'examples: { city: Berlin }', 'rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }']),
  RCS('text_fallback', ['type: text', 'message: "Our {{city}} store opens Saturday at 10:00. Come and see us!"', 'fallback: { text: "Our {{city}} store opens Saturday 10:00. See you there!" }', 'examples: { city: Berlin }']),
];

/** a plan's warnings but those of a text sent back as its source has it (the other fields here: said as kept in en_US, not this file's matter) */
const said = (ws: readonly { id: string; message: string }[] | undefined): { id: string; message: string }[] => (ws ?? []).filter((w) => !w.message.startsWith('the translation is the en_US text word for word'));

const FILLER = ' and a few more words to read';
/** the text made longer than `limit` (in characters, and so in bytes too), its placeholders kept */
const longer = (text: string, limit: number): string => { let t = text; while ([...t].length <= limit) t += FILLER; return t; };

test('the sources lint without errors, and every limit of the table names a rule of lint whose severity it follows', () => {
  for (const text of SOURCES) {
    assert.equal([...errors(text)], [], text.split('\n')[1]);
    for (const f of textFields(readTemplateValue(text))) {
      if (f.limit === undefined) continue;
      const rule = RULES_BY_ID.get(f.rule ?? '');
      assert.ok(rule, `${fieldKey(f.path)}: the rule ${f.rule} of its limit`);
      assert.is(f.warning === true, rule!.severity !== 'error', `${fieldKey(f.path)} (${f.rule}: ${rule!.severity})`);
    }
  }
});

test('each field one step over its limit: import refuses it exactly when lint finds a new error, else writes it and says the warning', () => {
  let warned = 0;
  for (const text of SOURCES) {
    const value = readTemplateValue(text);
    const template = `${value.channel}/${value.name}`;
    const source: SourceTemplate = { template, file: `templates/${String(value.name)}.en_US.yaml`, text, value };
    const fields = textFields(value);
    const base = errors(text);
    for (const f of fields.filter((x) => x.limit !== undefined)) {
      const long = longer(f.text, f.limit!);
      const entries = fields.map((x, line) => ({ id: `${template}:${fieldKey(x.path)}`, source: x.text, target: x === f ? long : x.text, line: line + 1 }));
      const plan = planImport(entries, 'en_US', 'de', new Map([[template, source]]), new Map());
      const doc = parseDocument(text);
      doc.setIn(f.path, long);
      const added = [...errors(String(doc))].filter((e) => !base.has(e));
      const what = `${template}:${fieldKey(f.path)} (${f.rule})`;
      if (added.length) {
        assert.equal(plan.writes, [], `${what}: lint finds ${added.join(', ')}, so import refuses it`);
        assert.ok(plan.refusals.some((r) => r.id === `${template}:${fieldKey(f.path)}`), what);
      } else {
        assert.equal(plan.refusals, [], `${what}: lint finds no error, so import writes it`);
        assert.is(plan.writes.length, 1, what);
        // the warning lint gives the written file is said with the write
        const w = lint(plan.writes[0]!.text).filter((d) => d.ruleId === f.rule);
        assert.ok(w.length > 0 && w.every((d) => d.severity === 'warning'), `${what}: lint warns of the written file`);
        assert.equal(said(plan.writes[0]!.warnings).map((x) => x.id), [`${template}:${fieldKey(f.path)}`], what);
        warned++;
      }
    }
  }
  // the calendar event's title and description, in a message's suggestion and a card's; the SMS fallback
  assert.is(warned, 5);
});

test('CLI: an event title of 120 characters is written, with the warning at its line; the template is not refused', async () => {
  const dir = tempDir();
  try {
    const en = SOURCES[6]!;
    const title = longer('Autumn launch', 100);
    const rows = [['id', 'en_US', 'de', 'limit', 'notes']];
    for (const f of textFields(readTemplateValue(en))) rows.push([`shop-rcs/text_calendar:${fieldKey(f.path)}`, f.text, f.path.at(-1) === 'title' ? title : f.text, '', '']);
    const csv = rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/text_calendar.en_US.yaml': en, 'de.csv': csv });
    const r = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/text_calendar\.de\.yaml/);
    const line = 1 + rows.findIndex((x) => x[0]!.endsWith('.title'));
    assert.match(r.stderr, new RegExp(`de\\.csv:${line}: shop-rcs/text_calendar:message\\.suggestions\\.1\\.title: warning: the translation has ${[...title].length} characters; keep it within 100 \\(rcs-calendar-text`));
    assert.not.match(r.stderr, /refused/);
  } finally { cleanup(dir); }
});

test('the SMS fallback: exported with its limit (one SMS: 160 GSM 7-bit, 70 UCS-2), and an Arabic translation over 70 characters written with rcs-fallback-length\'s warning at its line', async () => {
  const dir = tempDir();
  try {
    const en = SOURCES.find((x) => x.includes('name: text_fallback'))!;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/text_fallback.en_US.yaml': en });
    for (const format of ['csv', 'po', 'xliff'] as const) {
      const r = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'ar', '--format', format, '--out', '-'], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
      const want = format === 'csv' ? /"shop-rcs\/text_fallback:message\.fallback\.text","Our \{\{city\}\} store opens Saturday 10:00\. See you there!","","1 SMS: 160 GSM-7 \/ 70 UCS-2 \(samples included\)"/
        : format === 'po' ? /#\. limit: at most one SMS: 160 characters of the GSM 7-bit alphabet, or 70 if any character is outside it [^\n]*\n(?:#[^\n]*\n)*msgctxt "shop-rcs\/text_fallback:message\.fallback\.text"/
          : /<unit id="message\.fallback\.text"[^>]*>\n {6}<notes>\n {6}<note category="limit">at most one SMS: 160 characters of the GSM 7-bit alphabet, or 70/;
      assert.match(r.stdout, want, format);
    }
    const fallback = 'يفتح متجرنا الجديد في {{city}} يوم السبت القادم الساعة العاشرة صباحاً. نراكم هناك مع القهوة والخصومات!';
    const rows = [['id', 'en_US', 'ar', 'limit', 'notes']];
    for (const f of textFields(readTemplateValue(en))) rows.push([`shop-rcs/text_fallback:${fieldKey(f.path)}`, f.text, fieldKey(f.path) === 'message.fallback.text' ? fallback : 'افتتاح متجرنا في {{city}} يوم السبت الساعة 10:00. تعالوا!', '', '']);
    writeFiles(dir, { 'ar.csv': rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n' });
    const r = await cliIn(['translations', 'import', 'ar.csv'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/text_fallback\.ar\.yaml/);
    const line = 1 + rows.findIndex((x) => x[0]!.endsWith('fallback.text'));
    assert.match(r.stderr, new RegExp(`^ar\\.csv:${line}: shop-rcs/text_fallback:message\\.fallback\\.text: warning: the translation will be split into 2 SMS parts: \\d+ characters sent as UCS-2 \\(because of '.'\\) with the samples filled in; 70 fit one SMS, 67 each part of a longer one \\(rcs-fallback-length, a warning: written all the same\\)$`, 'm'));
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.match(lint.stdout, /The fallback will be split into 2 SMS parts/);
  } finally { cleanup(dir); }
});

test('CLI: the config\'s severities decide, overrides by the written file\'s path: a limit set to error refuses, one set to warning or info writes with the finding, one off writes in silence', async () => {
  const dir = tempDir();
  try {
    // the calendar event's title (rcs-calendar-text, a warning by default) and a quick reply's label (an error by default), each too long
    const rcs = SOURCES[6]!; const wa = SOURCES[0]!;
    const csvOf = (template: string, text: string, long: (f: { path: (string | number)[] }) => string | undefined): { csv: string; line: number } => {
      const rows = [['id', 'en_US', 'de', 'limit', 'notes']];
      let line = 0;
      for (const f of textFields(readTemplateValue(text))) {
        const t = long(f);
        if (t !== undefined) line = rows.length + 1;
        rows.push([`${template}:${fieldKey(f.path)}`, f.text, t ?? f.text, '', '']);
      }
      return { csv: rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n', line };
    };
    const label = textFields(readTemplateValue(wa)).find((f) => f.path.at(-1) === 'text' && f.path[0] === 'buttons')!;
    assert.ok(label.rule && RULES_BY_ID.get(label.rule)!.severity === 'error', `the label's limit is an error by default (${label.rule})`);
    const title = longer('Autumn launch', 100);
    const de1 = csvOf('shop-rcs/text_calendar', rcs, (f) => (f.path.at(-1) === 'title' ? title : undefined));
    const de2 = csvOf('shop-whatsapp/header_text', wa, (f) => (f === undefined ? undefined : fieldKey(f.path) === fieldKey(label.path) ? longer(label.text, label.limit!) : undefined));
    const run = async (rules: string, files: string[]): Promise<Awaited<ReturnType<typeof cliIn>>> => {
      for (const f of ['templates/text_calendar.de.yaml', 'templates/header_text.de.yaml']) cleanup(`${dir}/${f}`);
      writeFiles(dir, { 'tplsync.config.yaml': CONFIG + rules, 'templates/text_calendar.en_US.yaml': rcs, 'templates/header_text.en_US.yaml': wa, 'rcs.de.csv': de1.csv, 'wa.de.csv': de2.csv });
      return cliIn(['translations', 'import', ...files], { cwd: dir });
    };
    // the warning made an error: refused at its line, nothing written
    let r = await run('rules: { rcs-calendar-text: error }\n', ['rcs.de.csv']);
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`rcs\\.de\\.csv:${de1.line}: .*title.*(refused|at most 100)`));
    assert.not.match(r.stdout, /created/);
    // the error made a warning: written, the finding said as a warning
    r = await run(`rules: { ${label.rule}: warning }\n`, ['wa.de.csv']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/header_text\.de\.yaml/);
    assert.match(r.stderr, new RegExp(`wa\\.de\\.csv:${de2.line}: .*warning: the translation has \\d+ characters; keep it within ${label.limit} \\(${label.rule}, a warning`));
    // info: written, said as info
    r = await run(`rules: { ${label.rule}: info }\n`, ['wa.de.csv']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, new RegExp(`\\(${label.rule}, info: written all the same\\)`));
    // off: written, nothing said of it
    r = await run(`rules: { ${label.rule}: off, rcs-calendar-text: off }\n`, ['wa.de.csv', 'rcs.de.csv']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/header_text\.de\.yaml/);
    assert.match(r.stdout, /created templates\/text_calendar\.de\.yaml/);
    assert.not.match(r.stderr, /keep it within/);
    // an override for the German files only: the top-level error stands for other paths, the override's warning for the file written
    r = await run(`overrides:\n  - files: ["templates/*.de.yaml"]\n    rules: { ${label.rule}: warning }\n`, ['wa.de.csv']);
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /created templates\/header_text\.de\.yaml/);
    r = await run(`overrides:\n  - files: ["templates/*.fr.yaml"]\n    rules: { ${label.rule}: warning }\n`, ['wa.de.csv']);
    assert.is(r.exitCode, 1, r.stderr);
  } finally { cleanup(dir); }
});

/** the German import of the first source with `targets` by field (the rest as the source has it), under the config's severities `sev` (unset: built-in) */
function importDe(targets: Record<string, string>, sev?: Record<string, 'error' | 'warning' | 'info' | 'off'>): { template: string; plan: ReturnType<typeof planImport> } {
  const text = SOURCES[0]!;
  const value = readTemplateValue(text);
  const template = `${value.channel}/${value.name}`;
  const source: SourceTemplate = { template, file: 'templates/header_text.en_US.yaml', text, value };
  const entries = textFields(value).map((x, line) => ({ id: `${template}:${fieldKey(x.path)}`, source: x.text, target: targets[fieldKey(x.path)] ?? x.text, line: line + 1 }));
  return { template, plan: planImport(entries, 'en_US', 'de', new Map([[template, source]]), new Map(), new Set(), [],
    sev && ((file, rule) => { assert.is(file, 'templates/header_text.de.yaml'); return sev[rule] ?? RULES_BY_ID.get(rule)!.severity; })) };
}

test('the placement and line-break refusals follow the config too: off or a warning for the file written, the translation is written', () => {
  const wrong: Record<string, string> = { 'body.text': '{{customer}}, Ihre Bestellung {{order_id}} wurde heute verpackt.', footer: 'Antworten Sie STOP\num sich abzumelden' };
  const { template } = importDe(wrong);
  const plan = (sev: Record<string, 'error' | 'warning' | 'info' | 'off'>) => importDe(wrong, sev).plan;
  const strict = plan({});
  assert.equal(strict.writes, []);
  assert.equal(strict.refusals.map((r) => r.id).sort(), [`${template}:body.text`, `${template}:footer`]);
  const loose = plan({ 'placeholder-position': 'off', 'header-footer-line-break': 'warning' });
  assert.equal(loose.refusals, []);
  assert.is(loose.writes.length, 1);
  // the one set to warning is said with the write, as lint will say it; the one turned off is not
  const warned = said(loose.writes[0]!.warnings);
  assert.equal(warned.map((w) => w.id), [`${template}:footer`], JSON.stringify(warned));
  assert.match(warned[0]!.message, /line break.*\(header-footer-line-break, a warning: written all the same\)/);
  // the rule named once (a refusal's words end with its id: not again before its level)
  assert.is(warned[0]!.message.match(/header-footer-line-break/g)?.length, 1, warned[0]!.message);
  const info = plan({ 'placeholder-position': 'info', 'header-footer-line-break': 'off' });
  assert.equal(said(info.writes[0]!.warnings).map((w) => [w.id, /\(placeholder-position, info: written all the same\)/.test(w.message)]), [[`${template}:body.text`, true]]);
});

test('a translation with line breaks (and indentation) where its source has none is written and said: a tool wrapped it, and xml:space="preserve" kept them', () => {
  const { template, plan: p } = importDe({ 'body.text': 'Hallo {{customer}}, Ihre Bestellung {{order_id}}\n        wurde heute verpackt.' });
  assert.equal(p.refusals, []);
  assert.equal(said(p.writes[0]!.warnings).map((w) => w.id), [`${template}:body.text`]);
  assert.match(said(p.writes[0]!.warnings)[0]!.message, 'the translation has 1 line break followed by indentation, and the en_US text has none');
});

test.run();
