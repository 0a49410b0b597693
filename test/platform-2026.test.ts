// Rules that agree with the platforms' own pages (issue 24): Meta's published examples lint clean
// and go through apply, plan (no change afterwards), preview and types against the emulator; the
// messages a new user meets for a pasted character or an unquoted {{ name what to do.
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { parseTemplateText } from '../src/files/parse.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { projectOptions } from '../src/lint/lint-files.ts';
import { loadConfig } from '../src/config/load.ts';
import { CHANNEL_A, cleanup, cliIn, CONFIG, FIXTURES, lintInProcess, tempDir, writeFiles } from './helpers.ts';
import { desktopNote, webNote, whatsapp } from '../src/preview/html.ts';
import { renderRcs } from '../src/preview/rcs.ts';
import { formatWhatsApp, textWithMarks } from '../src/preview/markup.ts';
import { cleanText } from '../src/lint/rules/characters.ts';
import { fromFile } from '../src/model/canonical.ts';

const META = path.join(FIXTURES, 'meta-examples');
const NOW = new Date('2026-01-01T00:00:00Z');
const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: NOW })], { severities: {} });
const HEAD = 'channel: shop-whatsapp\nname: fixture\nlanguage: en_US\ncategory: UTILITY\n';

test('every Meta example names the page it was copied from', () => {
  const files = readdirSync(META).filter((f) => f.endsWith('.yaml'));
  assert.ok(files.length > 0);
  for (const f of files) assert.match(readFileSync(path.join(META, f), 'utf8'), /https:\/\/developers\.facebook\.com\/documentation\/business-messaging\/whatsapp\/\S+/, f);
});

test('Meta examples and a GIF header: lint clean, apply, plan with no changes, preview, types', async () => {
  const emu: RunningEmulator = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const dir = tempDir('tplsync-meta-');
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/spring_gif.en_US.yaml': `${HEAD.replace('fixture', 'spring_gif').replace('UTILITY', 'MARKETING')}header:\n  format: GIF\n  example: https://cdn.example.com/spring.mp4\nbody:\n  text: "Hello {{1}}, our spring sale starts today with new colours in every size."\n  examples: { 1: Ana }\n`,
    });
    cpSync(META, path.join(dir, 'templates'), { recursive: true });
    const n = readdirSync(path.join(dir, 'templates')).length;
    let r = await cliIn(['lint'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout);
    assert.match(r.stdout, /no problems/);
    r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`${n} created, 0 updated, 0 failed`));
    r = await cliIn(['plan', '--detailed-exitcode'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    r = await cliIn(['preview', '--out', 'site'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const pages = readdirSync(path.join(dir, 'site'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.html'));
    const gif = pages.find((f) => f.includes('spring_gif'));
    assert.ok(gif, pages.join(', '));
    assert.match(readFileSync(path.join(dir, 'site', gif), 'utf8'), /class="media gif"[^>]*><video autoplay muted loop playsinline preload="none" src="https:\/\/cdn\.example\.com\/spring\.mp4">/);
    const offer = pages.find((f) => f.includes('limited_time_offer_caribbean_pkg_2023'));
    assert.ok(offer);
    assert.match(readFileSync(path.join(dir, 'site', offer), 'utf8'), /Expiring offer!/);
    r = await cliIn(['types'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const mod = readFileSync(path.join(dir, 'tplsync-templates.ts'), 'utf8');
    assert.match(mod, /"shop-whatsapp\/limited_time_offer_caribbean_pkg_2023\/en_US": \{ "1": string; "2": string; button_1: string \}/);
    assert.match(mod, /"shop-whatsapp\/spring_gif\/en_US": \{ "1": string \}/);
  } finally { await emu.close(); cleanup(dir); }
});

/** a template applied to an emulator whose reviews take 60 s (of its clock), its file then edited: `use` runs with the edit not applied */
async function withEditInReview(log: ((line: string) => void) | undefined, use: (o: { emu: RunningEmulator; dir: string; env: Record<string, string> }) => Promise<void>): Promise<void> {
  const emu: RunningEmulator = await startEmulator({ keys: ['k'], reviewDelayMs: 60_000, statusDelayMs: 0, ...(log ? { log } : {}) });
  const dir = tempDir('tplsync-pending-');
  const env = { TPLSYNC_API_KEY: 'k' };
  const file = (n: number) => `${HEAD.replace('fixture', 'order_ready')}body:\n  text: "Hello {{1}}, your order number ${n} is ready for pickup at the store."\n  examples: { 1: Ana }\n`;
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/order_ready.en_US.yaml': file(1),
    });
    const r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    writeFiles(dir, { 'templates/order_ready.en_US.yaml': file(2) });
    await use({ emu, dir, env });
  } finally { await emu.close(); cleanup(dir); }
}

test('a template PENDING review is not edited: plan says so, apply is refused, and goes through once the review has ended', () => withEditInReview(undefined, async ({ emu, dir, env }) => {
  let r = await cliIn(['plan'], { cwd: dir, env });
  assert.match(r.stdout, /PENDING review, and WhatsApp edits only APPROVED, REJECTED and PAUSED templates/);
  r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is.not(r.exitCode, 0, r.stdout);
  assert.is(r.exitCode, 5, r.stdout + r.stderr);
  // not attempted: the channel would refuse it; a re-run after the review writes it
  assert.match(r.stdout + r.stderr, /not attempted: the template is in review \(PENDING\) and WhatsApp takes no edit until the review ends/);
  emu.advanceClock(61_000);
  r = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
  assert.is(r.exitCode, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /0 created, 1 updated, 0 failed/);
}));

test('apply --wait of an edit of a template in review waits for the review to end, then writes the edit', async () => {
  // the emulator's log says when apply reads the template: its review ends (the clock moves) only once apply is following it
  let reads = 0;
  let onRead: (() => void) | undefined;
  let onWrite: (() => void) | undefined;
  const log = (line: string): void => {
    if (/^GET \S*\/template\/\S+ 200 /.test(line)) { reads++; onRead?.(); }
    if (/^POST \S*\/template\/\S+ 200 /.test(line)) onWrite?.();
  };
  await withEditInReview(log, async ({ emu, dir, env }) => {
    const before = reads;
    // the plan's read, then the first read of the review it follows: the review ends after that
    const following = new Promise<void>((ok) => { onRead = () => { if (reads - before >= 2) { onRead = undefined; ok(); } }; });
    const applying = cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '600'], { cwd: dir, env });
    await following;
    // the edit, once written, goes through a review of its own, which --wait follows: it ends at once
    onWrite = () => { onWrite = undefined; emu.advanceClock(61_000); };
    emu.advanceClock(61_000);
    const r = await applying;
    assert.is(onWrite, undefined, 'the edit was written after the review ended');
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /0 created, 1 updated, 0 failed/);
    assert.match(r.stdout, /✓ updated shop-whatsapp\/order_ready\/en_US → /);
  });
});

test('apply --wait: a review that ends neither APPROVED nor REJECTED (DISABLED) is exit 5, marked ✗, named', async () => {
  let reads = 0;
  let onRead: (() => void) | undefined;
  const log = (line: string): void => { if (/^GET \S*\/template\/\S+ 200 /.test(line)) { reads++; onRead?.(); } };
  const emu: RunningEmulator = await startEmulator({ keys: ['k'], reviewDelayMs: 60_000, statusDelayMs: 0, log });
  const dir = tempDir('tplsync-wait-disabled-');
  const env = { TPLSYNC_API_KEY: 'k' };
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/order_ready.en_US.yaml': `${HEAD.replace('fixture', 'order_ready')}body:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n`,
    });
    // the plan's read, the read back after the write, then a read of the review: it ends DISABLED there
    const following = new Promise<void>((ok) => { onRead = () => { if (reads >= 3) { onRead = undefined; ok(); } }; });
    const applying = cliIn(['apply', '--auto-approve', '--wait', '--wait-timeout', '600'], { cwd: dir, env });
    await following;
    const id = [...emu.state.templates.keys()][0]!.split('/')[1]!;
    const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: id, statusText: 'DISABLED' }) });
    assert.is(res.status, 200);
    const r = await applying;
    assert.is(r.exitCode, 5, r.stdout + r.stderr);
    assert.match(r.stdout, /✗ created shop-whatsapp\/order_ready\/en_US → DISABLED/);
    assert.match(r.stderr, '1 template written whose review ended neither APPROVED nor REJECTED (DISABLED)');
  } finally { await emu.close(); cleanup(dir); }
});

test('button-url: a sample in the query may name other keys; a sample of another address may not', () => {
  const url = (u: string, ex: string) => lint(`${HEAD}body:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\nbuttons:\n  - { type: URL, text: Open, url: "${u}", example: "${ex}" }\n`).filter((d) => d.ruleId === 'button-url').map((d) => d.message);
  assert.equal(url('https://a.example/offers?code={{1}}', 'https://a.example/offers?ref=n3mtql'), []);
  assert.equal(url('https://a.example/offers?code={{1}}', 'https://a.example/offers?code=x'), []);
  assert.equal(url('https://a.example/p/{{1}}', 'https://a.example/p/x'), []);
  assert.match(url('https://a.example/offers?code={{1}}', 'https://a.example/other?code=x')[0] ?? '', /address, 'https:\/\/a\.example\/offers', followed by its query/);
  assert.match(url('https://a.example/offers?code={{1}}', 'https://a.example/offersX?code=x')[0] ?? '', /followed by its query/);
  assert.match(url('https://a.example/p/{{1}}', 'https://a.example/q/x')[0] ?? '', /start with the fixed part of the URL, 'https:\/\/a\.example\/p\/'/);
});

test('a character no one sees or a curly quote is named by its code point', () => {
  const msgs = (text: string) => lint(`${HEAD}body:\n  text: "${text}"\n  examples: { 1: Ana }\n`).map((d) => `${d.ruleId}: ${d.message}`);
  const zw = msgs('Hello {{1\u200B}}, your order is ready for pickup at the store.');
  assert.ok(zw.some((m) => m.startsWith('placeholder-syntax: Malformed placeholder "{{1<U+200B>}}": it holds U+200B ZERO WIDTH SPACE, which cannot be seen')), zw.join('\n'));
  assert.ok(msgs('Hello {{1}}, your order\u200F is ready for pickup at the store.').some((m) => m.includes('U+200F RIGHT-TO-LEFT MARK')));
  assert.ok(msgs('Hello {{1}},\\tyour order is ready for pickup at the store.').some((m) => m.includes('a tab, U+0009')));
  // quotes around a placeholder quote its value, as the language quotes: typography, no finding
  assert.equal(msgs('Hello \u201C{{1}}\u201D, your order is ready for pickup at the store.').filter((m) => m.startsWith('text-characters')), []);
  const inside = msgs('Hello {{\u201C1\u201D}}, your order is ready for pickup at the store.');
  assert.ok(inside.some((m) => m.includes('it holds U+201C LEFT DOUBLE QUOTATION MARK, a word processor\'s quote')), inside.join('\n'));
  // an emoji sequence and a Persian joiner are the characters doing their job
  assert.equal(msgs('Hello {{1}}, our team \u{1F469}\u200D\u{1F4BB} says \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 your order is ready.').filter((m) => m.startsWith('text-characters')), []);
  // ... and counted apart from one that is not: two joiners of Persian words, one inside a placeholder's neighbourhood alone
  const zwnj = msgs('Hello {{1}}, \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645 and \u0628\u0633\u062A\u0647\u200C\u0647\u0627 ok \u200C your order is ready.').filter((m) => m.startsWith('text-characters'));
  assert.equal(zwnj.length, 1, zwnj.join('\n'));
  assert.not.match(zwnj[0]!, 'times');
  // a terminal's escape sequence pasted from a log: ESC and BEL are control characters, named
  const esc = msgs('Hello {{1}}, ok \\e]0;x\\a\\e[31m your order is ready for pickup at the store.').filter((m) => m.startsWith('text-characters'));
  assert.ok(esc.some((m) => m.includes('a control character, U+001B ESCAPE (2 times)')), esc.join('\n'));
  assert.ok(esc.some((m) => m.includes('a control character, U+0007 BELL')), esc.join('\n'));
  // lint --fix removes a terminal's escape sequence whole, not only its ESC
  assert.is(cleanText('Order \u001b[31mA-1\u001b[0m is ready \u001b]0;title\u0007now'), 'Order A-1 is ready now');
  // tput sgr0's character set (ESC ( B) and a reset (ESC c) too
  assert.is(cleanText('Reply \u001b(0STOP\u001b(B to opt out'), 'Reply STOP to opt out');
  assert.is(cleanText('Thanks\u001bc for waiting'), 'Thanks for waiting');
  // what an RCS action shows: a calendar event's title and description, a place's label
  const shown = lint('channel: shop-rcs\nname: event\nlanguage: en_US\ndescription: Event\nmessage:\n  type: text\n  message: "Your visit is booked."\n  suggestions:\n    - { action: create_calendar_event, text: Add, postbackData: add, title: "Visit\\u200b", description: "Bring\\ayour card", startTime: "2030-01-01T10:00:00Z", endTime: "2030-01-01T11:00:00Z" }\n    - { action: view_location, text: Map, postbackData: map, label: "Store\\u200d", latLong: { latitude: 52.5, longitude: 13.4 } }\n').filter((d) => d.ruleId === 'text-characters');
  assert.is(shown.length, 3, shown.map((d) => d.message).join('\n'));
  // an RCS chip's label is a text too
  const rcs = lint('channel: shop-rcs\nname: chips\nlanguage: en_US\ndescription: Chips\nmessage:\n  type: text\n  message: "Your order is ready."\n  suggestions:\n    - { action: reply, text: "Thanks\\e[0m", postbackData: thanks }\n    - { action: reply, text: "Call\\tus", postbackData: call }\n').filter((d) => d.ruleId === 'text-characters');
  assert.equal(rcs.map((d) => d.line), [9, 10], rcs.map((d) => d.message).join('\n'));
  // the line break stays a line break
  assert.equal(msgs('Hello {{1}},\\nyour order is ready for pickup at the store.').filter((m) => m.startsWith('text-characters')), []);
});

test('an unresolved merge conflict is one finding that says so, wherever its markers stand', () => {
  const conflicted = (inside: string) => lint(`${HEAD}body:\n${inside}\n  examples: { 1: Ana }\n`).filter((d) => d.ruleId === 'yaml-syntax');
  for (const inside of [
    '<<<<<<< HEAD\n  text: "Hello {{1}}, your order is ready for pickup."\n=======\n  text: "Hi {{1}}, your order can be picked up."\n>>>>>>> feature/copy',
    '  text: >-\n    Hello {{1}}, your order\n<<<<<<< HEAD\n    is ready for pickup.\n=======\n    can be picked up.\n>>>>>>> feature/copy',
  ]) {
    const d = conflicted(inside);
    assert.is(d.length, 1, d.map((x) => x.message).join('\n'));
    assert.match(d[0]!.message, 'An unresolved merge conflict: <<<<<<< starts it on this line');
    assert.is(d[0]!.line, inside.split('\n').findIndex((l) => l.startsWith('<<<<<<<')) + 6);
  }
  // diff3's base section (verify-10): deleted whichever side is kept, said with the lines
  const d3 = conflicted('<<<<<<< HEAD\n  text: "Hello {{1}}, ready."\n||||||| base\n  text: "Hi {{1}}, ready."\n=======\n  text: "Hi {{1}}, pick it up."\n>>>>>>> feature/copy');
  assert.is(d3.length, 1);
  assert.match(d3[0]!.message, 'To keep the side after <<<<<<< (line 7), delete lines 6, 8-12; to keep the side after ======= (line 11), delete lines 6-10, 12 (lines 8-9, from ||||||| to =======, are the base both sides changed: deleted either way)');
});

test('an unquoted leading {{ says to quote the text', () => {
  const d = parseTemplateText('f.yaml', 'body:\n  text: {{1}} is your code\n').problems;
  assert.equal(d.map((x) => [x.kind, x.span.line]), [['syntax', 2]]);
  assert.match(d[0]!.message, /quote the text, e.g\. text: "\{\{1\}\} is your code"$/);
  assert.match(parseTemplateText('f.yaml', 'body: { text: {{1}} is your code }\n').problems[0]!.message, /e\.g\. body: \{ text: "\{\{1\}\} is your code" \}$/);
  // a syntax error elsewhere gets no such hint
  assert.not.match(parseTemplateText('f.yaml', 'body:\n  text: "a\n').problems[0]?.message ?? '', /quote the text/);
  // `text: {{1}}` alone parses, as a mapping: the schema finding says the same
  const s = lint(`${HEAD}body:\n  text: {{1}}\n`).find((x) => x.ruleId === 'schema');
  assert.match(s?.message ?? '', /YAML read an unquoted \{\{…\}\} as a mapping: quote the text, e\.g\. text: "\{\{1\}\} \.\.\."/);
});

test('placeholder-density counts characters in scripts written without spaces', () => {
  const density = (text: string, language = 'ja') => lint(`${HEAD.replace('en_US', language)}body:\n  text: "${text}"\n  examples: { 1: A }\n`).filter((d) => d.ruleId === 'placeholder-density').map((d) => d.message);
  assert.equal(density('こんにちは{{1}}様、ご注文の商品を発送しました。'), []);
  assert.equal(density('สวัสดีคุณ{{1}} คำสั่งซื้อของคุณจัดส่งแล้ว', 'th'), []);
  assert.equal(density('你好{{1}}。', 'zh_CN'), ['The body has 1 placeholder and 2 fixed characters (counted one by one in a script without spaces); WhatsApp tends to reject fewer than 3 (words and placeholders together at least 4).']);
  assert.equal(density('Hi {{1}} ok.', 'en'), ['The body has 1 placeholder and 2 fixed words; WhatsApp tends to reject fewer than 3 (words and placeholders together at least 4).']);
});

test('message_send_ttl_seconds: -1 (30 days) for AUTHENTICATION and UTILITY only', () => {
  const ttl = (category: string, v: number) => lint(`${HEAD.replace('UTILITY', category)}message_send_ttl_seconds: ${v}\nbody:\n  text: "Your order has shipped and is on its way to you."\n`)
    .filter((d) => /message-ttl/.test(d.ruleId)).map((d) => d.message);
  assert.equal(ttl('UTILITY', -1), []);
  assert.match(ttl('MARKETING', -1)[0] ?? '', /43200 to 2592000; -1 is out of range/);
  assert.match(ttl('UTILITY', -2)[0] ?? '', /30 to 43200 \(or -1 for 30 days\)/);
});

test('a config that still names the retired rcs-card-text-bytes loads; a misspelt id is still refused', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["**/*.yaml"]\nrules:\n  rcs-card-text-bytes: off\noverrides:\n  - files: ["a/**"]\n    rules: { rcs-card-text-bytes: warning }\n' });
    assert.ok(projectOptions(await loadConfig({ cwd: dir }), dir));
    writeFileSync(path.join(dir, 'tplsync.config.yaml'), 'templates: ["**/*.yaml"]\nrules:\n  copy-code-lenght: off\n');
    const refused = await loadConfig({ cwd: dir }).then(() => undefined, (x: Error) => x);
    assert.match(refused?.message ?? 'loaded', /unknown rule id 'copy-code-lenght'/);
  } finally { cleanup(dir); }
});

test('the preview notes what WhatsApp desktop does not show: 4 or more buttons, a quick reply beside another type', () => {
  const b = (type: string) => ({ type, text: 'x' });
  assert.match(desktopNote([b('QUICK_REPLY'), b('URL')]) ?? '', /quick reply beside another button type/);
  assert.match(desktopNote([b('URL'), b('URL'), b('PHONE_NUMBER'), b('COPY_CODE')]) ?? '', /4 or more buttons \(this one has 4\)/);
  assert.is(desktopNote([b('QUICK_REPLY'), b('QUICK_REPLY'), b('QUICK_REPLY')]), undefined);
  assert.is(desktopNote([b('URL'), b('VOICE_CALL')]), undefined);
});

test('the preview shows what a phone shows of more than three buttons: two, then "See all options", and the whole list below', () => {
  const t = (n: number) => fromFile({ ...parseTemplateText('t.yaml', `${HEAD}body:\n  text: "Hello, pick one."\n`).value as object, buttons: Array.from({ length: n }, (_, i) => ({ type: 'QUICK_REPLY', text: `Option ${i + 1}` })) }, CHANNEL_A, '');
  const four = whatsapp(t(4));
  const bubble = four.slice(0, four.indexOf('data-testid="all-options"'));
  assert.equal([...bubble.matchAll(/Option \d+/g)].map((m) => m[0]), ['Option 1', 'Option 2']);
  assert.match(bubble, /data-testid="see-all"[^>]*>.*See all options/);
  const list = four.slice(four.indexOf('data-testid="all-options"'));
  assert.equal([...list.matchAll(/data-path="buttons\[(\d)\]"[^>]*>[^<]*<span class="icon"><svg class="i dir" data-icon="reply"[^>]*><path d="[^"]*"\/><\/svg><\/span> (Option \d)/g)].map((m) => `${m[1]}:${m[2]}`), ['0:Option 1', '1:Option 2', '2:Option 3', '3:Option 4']);
  // three buttons: all of them under the bubble, no list
  const three = whatsapp(t(3));
  assert.equal([...three.matchAll(/Option \d+/g)].map((m) => m[0]), ['Option 1', 'Option 2', 'Option 3']);
  assert.not.match(three, /See all options|all-options/);
});

test('sample-number: a sample YAML reads as a number other than as written (19.90, 007, 1e3, 0x1F) is said at it; 42 and 3.5 are not; in flow and block maps, LF and CRLF', async () => {
  const dir = tempDir();
  try {
    const body = (ex: string) => `channel: shop-whatsapp\nname: n_${ex.length}\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Hi {{1}}, now {{2}} with code {{3}}, {{4}} items, zip {{5}}, {{6}} left, see you soon at the store today."\n  examples: ${ex}\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/flow.yaml': body('{ 1: Ana, 2: 19.90, 3: 007, 4: 1e3, 5: 0x1F, 6: 42 }'),
      'templates/crlf.yaml': body('\n    1: 3.5\n    2: 19.90\n    3: "007"\n    4: x\n    5: y\n    6: z').replace(/\n/g, '\r\n').replace('name: n_', 'name: c_'),
    });
    const found = (await lintInProcess(dir)).diagnostics.filter((d) => d.ruleId === 'sample-number').map((d) => `${path.basename(d.file)}:${d.line}:${d.column}:${/number (\S+) /.exec(d.message)?.[1]}`);
    assert.equal(found.sort(), ['crlf.yaml:9:8:19.9', 'flow.yaml:7:26:19.9', 'flow.yaml:7:36:7', 'flow.yaml:7:44:1000', 'flow.yaml:7:52:31']);
  } finally { cleanup(dir); }
});

test('preview --changes of an RCS card: the changed words of its title, description and fallback marked, and the changed chip', () => {
  const rcs = (title: string, chip: string, fallback: string) => fromFile({ ...parseTemplateText('t.yaml', [
    'channel: shop-rcs', 'name: roaming', 'language: he', 'description: Roaming', 'message:', '  type: rich_card', '  richCards:',
    `    - title: "${title}"`, '      description: "חבילה {{plan}}"', '      fileUrl: https://cdn.example.com/r.png', '      suggestions:',
    '        - { action: reply, text: "כן", postbackData: yes }', `        - { action: reply, text: "${chip}", postbackData: no }`,
    '  examples: { plan: 5G }', '  fallback:', `    text: "${fallback}"`, '',
  ].join('\n')).value as object }, 'c', '');
  const before = rcs('נדידה באירופה', 'לא', 'נדידה זמינה');
  const after = rcs('נדידה בכל העולם', 'לא תודה', 'נדידה זמינה עכשיו');
  const marks = { paths: ['message.richCards[0].title', 'message.richCards[0].suggestions[1].text', 'message.fallback.text'], side: 'after' as const, other: before };
  const html = renderRcs(after, marks);
  assert.match(html, /<div class="card-title"><div class="line" dir="auto">נדידה <ins>בכל העולם<\/ins><\/div><\/div>/);
  assert.match(html, /<div class="card-description"><div class="line" dir="auto">חבילה <mark title="\{\{plan\}\}">5G<\/mark><\/div><\/div>/, 'an unchanged text is not compared');
  assert.match(html, /<ins>[^<]*עכשיו<\/ins>/);
  assert.match(html, /<span class="chip changed" data-testid="chip" data-action="reply"[^>]*><span class="label" dir="auto"><span class="icon"><svg class="i dir" data-icon="reply"[^>]*>.*?<\/svg><\/span> לא תודה/);
  assert.equal((html.match(/class="chip changed"/g) ?? []).length, 1, 'the unchanged chip is not marked');
  const back = renderRcs(before, { ...marks, side: 'before', other: after });
  assert.match(back, /<del>באירופה<\/del>/);
});

test('the preview draws a text header\'s and a footer\'s marks as written (WhatsApp formats the body alone; lint\'s header-formatting says so)', () => {
  const t = fromFile({ ...parseTemplateText('t.yaml', `${HEAD}header:\n  format: TEXT\n  text: "تخفيضات *كبيرة* اليوم"\nbody:\n  text: "Hello, *this* is bold."\nfooter: "_Reply_ STOP"\n`).value as object }, CHANNEL_A, '');
  const html = whatsapp(t);
  assert.match(html, /data-path="header"><div class="line" dir="auto">تخفيضات \*كبيرة\* اليوم</);
  assert.match(html, /Hello, <b>this<\/b> is bold\./);
  assert.match(html, />_Reply_ STOP</);
});

test('preview --changes: a changed text keeps its samples marked (not isolated: laid out as the phone lays out the filled text), its placeholders compared whole', () => {
  const other = fromFile({ ...parseTemplateText('t.yaml', `${HEAD}body:\n  text: "مرحبا {{1}}، طلبك {{2}} جاهز."\n  examples: { 1: Ana, 2: A-1042 }\n`).value as object }, CHANNEL_A, '');
  const marks = { paths: ['body.text'], side: 'after' as const, other };
  const html = textWithMarks('مرحبا {{1}}، طلبك {{2}} جاهز الآن.', { 1: 'Ana', 2: 'A-1042' }, marks, 'body', (o) => ({ text: o.canonical.body.text, samples: { 1: 'Ana', 2: 'A-1042' } }));
  assert.match(html, '<mark title="{{1}}">Ana</mark>');
  assert.match(html, '<mark title="{{2}}">A-1042</mark>');
  assert.match(html, /<ins>[^<]*الآن[^<]*<\/ins>/);
  // the placeholders numbered otherwise, the message the same: nothing marked, each shown as the sample it shows, with this side's name
  const renumbered = textWithMarks('مرحبا {{2}}، طلبك {{1}} جاهز.', { 1: 'A-1042', 2: 'Ana' }, marks, 'body', (o) => ({ text: o.canonical.body.text, samples: { 1: 'Ana', 2: 'A-1042' } }));
  assert.match(renumbered, '<mark title="{{2}}">Ana</mark>');
  assert.not.match(renumbered, /<ins>|<del>|tplsyncph/);
  // a sample that changed shows as changed words
  const resampled = textWithMarks('مرحبا {{1}}، طلبك {{2}} جاهز.', { 1: 'Ana', 2: 'B-7' }, marks, 'body', (o) => ({ text: o.canonical.body.text, samples: { 1: 'Ana', 2: 'A-1042' } }));
  assert.match(resampled, /<ins><mark title="\{\{2\}\}">B-7<\/mark><\/ins>/);
});

test('the preview formats *bold*, _italic_ and ~strike~ beside punctuation as WhatsApp does, and never inside words, spaced runs or tags', () => {
  assert.is(formatWhatsApp('Ends _today_: and (_soon_) and *bold*; done.'), 'Ends <i>today</i>: and (<i>soon</i>) and <b>bold</b>; done.');
  assert.is(formatWhatsApp('&quot;*quoted*&quot; ~gone~!'), '&quot;<b>quoted</b>&quot; <s>gone</s>!');
  // around a placeholder's span (an authentication code: *{{1}}*), never ending inside a tag
  assert.is(formatWhatsApp('*<span class="ph">123456</span>* is your code.'), '<b><span class="ph">123456</span></b> is your code.');
  assert.is(formatWhatsApp('_a <span data-k="x_">b</span>'), '_a <span data-k="x_">b</span>');
  for (const plain of ['snake_case_name', '5 * 3 * 2', 'a*b*c', '* not bold *', '<span class="ph" data-k="first_name">x</span> and last_name_']) assert.is(formatWhatsApp(plain), plain);
});

test('one mistake, one finding: a malformed placeholder does not also orphan its sample, mixed styles are not also a gap, a call request on an authentication template is not also a missing body and a button', () => {
  const rules = (text: string) => lint(text).map((d) => d.ruleId).sort();
  assert.equal(rules(`${HEAD}body:\n  text: "Hello {{1}, your order is ready for pickup."\n  examples: { 1: Ana }\n`), ['placeholder-syntax']);
  assert.equal(rules(`${HEAD}body:\n  text: "Hello {{first_name}}, your order {{2}} is ready for pickup."\n  examples: { first_name: Ana, 2: A-1 }\n`), ['placeholder-mixed']);
  const auth = 'channel: shop-whatsapp\nname: fixture\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\ncall_permission_request: true\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Copy code }\n';
  assert.equal(rules(auth), ['call-permission-request']);
  // each still found alone: a sample whose placeholder is gone, a gap in an all-numbered text
  assert.equal(rules(`${HEAD}body:\n  text: "Hello {{1}}, your order is ready for pickup."\n  examples: { 1: Ana, 2: A-1 }\n`), ['placeholder-sample']);
  assert.equal(rules(`${HEAD}body:\n  text: "Hello {{1}}, your order {{3}} is ready for pickup."\n  examples: { 1: Ana, 3: A-1 }\n`), ['placeholder-sequence']);
});

test('RCS messages say what to write: a ttl in RBM\'s JSON form, a ttl that is not whole, one second over 15 days, RBM\'s OpenUrlAction names', () => {
  const rcs = (ttl: string) => lint(`channel: shop-rcs\nname: t\nlanguage: en_US\nmessage:\n  type: text\n  message: Hello there.\n  rcsExpireOpts: { type: TTL, ttl: ${ttl} }\n  suggestions:\n    - { action: open_url, text: Open, postbackData: "https://a.example.com", application: WEBVIEW, webviewViewMode: FULL }\n`).map((d) => d.message);
  assert.ok(rcs('"86400s"').some((m) => m.endsWith('must be a whole number, not a string; write the seconds alone: 86400.')), rcs('"86400s"').join('\n'));
  assert.ok(rcs('3.5').some((m) => m.endsWith('must be a whole number, not 3.5.')));
  assert.ok(rcs('1296001').includes("ttl is 1296001 seconds, 1 more than RBM's 15 days (1296000 seconds)."));
  const keys = rcs('60');
  assert.ok(keys.some((m) => /'application'.*did you mean 'openUrlApplication'/.test(m)) && keys.some((m) => /'webviewViewMode'.*did you mean 'webviewType'/.test(m)), keys.join('\n'));
  // a phone number without quotes (read as a number, its + lost); a card's height written on the card, as Google's API has it
  const phone = lint('channel: shop-rcs\nname: t\nlanguage: en_US\nmessage:\n  type: text\n  message: Call us\n  suggestions:\n    - { action: dial, text: Call, postbackData: call, phoneNumber: +4930123456 }\n').map((d) => d.message);
  assert.ok(phone.includes('message.suggestions[0].phoneNumber must be a string, not a number; YAML read it unquoted as a number: write it in quotes, e.g. phoneNumber: "...".'), phone.join('\n'));
  const card = lint('channel: shop-rcs\nname: t\nlanguage: en_US\nmessage:\n  type: rich_card\n  richCards:\n    - { title: A, description: B, fileUrl: "https://cdn.example.com/a.png", mediaHeight: SHORT }\n    - { title: C, description: D, fileUrl: "https://cdn.example.com/c.png" }\n  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM, mediaHeight: MEDIUM }\n').map((d) => d.message);
  // RFC 3339 with its T and Z in lower case: both fields say the same, with the time to write
  const lower = lint('channel: shop-rcs\nname: t\nlanguage: en_US\nmessage:\n  type: text\n  message: Save the date\n  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "2030-05-04t08:00:00z" }\n  suggestions:\n    - { action: create_calendar_event, text: Save, postbackData: save, title: Opening, startTime: "2030-05-04t08:00:00z", endTime: "2030-05-04T10:00:00Z" }\n').map((d) => d.message);
  assert.ok(lower.includes("expireTime '2030-05-04t08:00:00z' writes its T or Z in lower case; write them in capitals: 2030-05-04T08:00:00Z."), lower.join('\n'));
  assert.ok(lower.includes("startTime '2030-05-04t08:00:00z' writes its T or Z in lower case; write them in capitals: 2030-05-04T08:00:00Z."), lower.join('\n'));
  assert.ok(card.includes("Unknown key 'mediaHeight' in message.richCards[0]: the cards' layout is the message's, one for every card; write it under `message.rcsRichCardsOpts` (`rcsRichCardsOpts: { mediaHeight: ... }`)"), card.join('\n'));
  const orientation = lint('channel: shop-rcs\nname: t\nlanguage: en_US\nmessage:\n  type: rich_card\n  richCards:\n    - { title: A, description: B, orientation: VERTICAL }\n    - { title: C, description: D }\n  rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM }\n').map((d) => d.message);
  assert.ok(orientation.some((m) => m.endsWith('for a standalone card (a carousel takes no orientation: remove it there)')), orientation.join('\n'));
});

test('trial-bd F2: a COPY_CODE button on a UTILITY template lints clean, as Meta\'s utility templates page lists it; on AUTHENTICATION it is still refused; a config naming the retired copy-code-category loads', async () => {
  // Meta, Utility templates: "Up to 10 buttons (optional). Supported types: Call request, Copy code, Phone number, Quick-reply, URL"
  const utility = `${HEAD}body:\n  text: "Your refund reference is {{1}}, tap below to copy it for your records."\n  examples: { 1: R-1234 }\nbuttons:\n  - { type: COPY_CODE, example: R-1234 }\n`;
  assert.equal(lint(utility).map((d) => `${d.ruleId}: ${d.message}`), []);
  assert.equal(lint(utility.replace('UTILITY', 'MARKETING')).map((d) => d.ruleId), []);
  // an authentication code is copied with its OTP button (otp_type: COPY_CODE); a COPY_CODE button beside it is refused
  const auth = 'channel: shop-whatsapp\nname: fixture\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Copy code }\n  - { type: COPY_CODE, example: R-1234 }\n';
  assert.ok(lint(auth).some((d) => d.ruleId === 'authentication-otp' && /only its OTP button; remove this COPY_CODE button/.test(d.message)), lint(auth).map((d) => d.message).join('\n'));
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["**/*.yaml"]\nrules:\n  copy-code-category: off\noverrides:\n  - files: ["a/**"]\n    rules: { copy-code-category: warning }\n' });
    assert.ok(projectOptions(await loadConfig({ cwd: dir }), dir));
  } finally { cleanup(dir); }
});

test('trial-bd F3: the preview notes that WhatsApp web does not support a coupon (COPY_CODE) template, as it notes an offer\'s strip and 4+ buttons; not for an OTP copy-code button', () => {
  const page = (text: string) => whatsapp(fromFile({ ...parseTemplateText('t.yaml', text).value as object }, CHANNEL_A, ''));
  const coupon = `${HEAD.replace('UTILITY', 'MARKETING')}body:\n  text: "Shop now and use code {{1}} to get 25% off all merchandise."\n  examples: { 1: 25OFF }\nbuttons:\n  - { type: COPY_CODE, example: 25OFF }\n`;
  // Meta, Coupon code templates, Limitations: "Coupon code templates are currently not supported by the WhatsApp web client."
  assert.match(page(coupon), /data-testid="web"[^>]*>WhatsApp web does not support templates with a copy-code \(coupon\) button \(Meta: &quot;currently not supported by the WhatsApp web client&quot;\)/);
  // beside a quick reply: both notes, the web one and the desktop one
  const both = page(`${coupon}  - { type: QUICK_REPLY, text: Stop promotions }\n`);
  assert.ok(both.includes('data-testid="web"') && both.includes('data-testid="desktop"'));
  const otp = 'channel: shop-whatsapp\nname: fixture\nlanguage: en_US\ncategory: AUTHENTICATION\nbody:\n  add_security_recommendation: true\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Copy code }\n';
  assert.not.match(page(otp), 'data-testid="web"');
  // a limited-time offer's code: the offer's own note says what the web and desktop apps leave out
  assert.is(webNote({ buttons: [{ type: 'COPY_CODE', example: 'X' }], limitedTimeOffer: { text: 'Deal', hasExpiration: true } }), undefined);
});

test.run();
