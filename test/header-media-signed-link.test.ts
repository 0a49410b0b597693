// header-media-signed-link (trial bh F2): Meta's listing gives a media header's sample as a signed,
// expiring link of its CDN (scontent.whatsapp.net ...?oh=...&oe=<hex Unix seconds>); pulled into a
// file it went by lint without a word. The finding names the day the link says it expires, never
// "expired": the clock is not read, so the verdict is the same on any day and lint's cache keeps it.
// In-process.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, selectEnvironment } from '../src/config/load.ts';
import { connect } from '../src/connection/connect.ts';
import { lintBytes } from '../src/lint/engine.ts';
import { metaCdnLink, metaCdnLinkSaid } from '../src/model/meta-cdn.ts';
import { hasChanges } from '../src/plan/plan.ts';
import { renderJson, renderMarkdown, renderText } from '../src/plan/render.ts';
import { runPlan } from '../src/plan/run.ts';
import { pullFromExport } from '../src/pull/from-export.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const SCONTENT = 'https://scontent.whatsapp.net/v/t61.29466-34/448812345_1234567890_n.jpg?ccb=1-7&_nc_sid=8b1bef&_nc_ohc=AbCdEf&_nc_ht=scontent.whatsapp.net&edm=AH51TzQEAAAA&oh=01_Q5AaIAbCdEf&oe=66F2A1B2';

const lint = (header: string, now: string) => {
  const yaml = `channel: wa\nname: promo\nlanguage: en_US\ncategory: MARKETING\n${header}\nbody:\n  text: "Our spring sale starts today with everything at half price."\n`;
  return lintBytes('t.yaml', Buffer.from(yaml), { now: new Date(now) });
};
const found = (header: string, now = '2026-01-01T00:00:00Z') => lint(header, now).diagnostics.filter((d) => d.ruleId === 'header-media-signed-link').map((d) => d.message);

test('metaCdnLink: the hosts of Meta\'s CDN with a signature, and the day oe= (hex) or a download link\'s ext= (decimal) says', () => {
  assert.equal(metaCdnLink(SCONTENT), { host: 'scontent.whatsapp.net', expires: '2024-09-24', expiresAt: 0x66F2A1B2 * 1000 });
  assert.equal(metaCdnLink('https://scontent-fra5-1.xx.fbcdn.net/v/t39.30808-6/a_n.jpg?_nc_cat=1&oh=00_AfB'), { host: 'scontent-fra5-1.xx.fbcdn.net' });
  assert.equal(metaCdnLink('https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1037543291543636&ext=1727177138&hash=ATs1'), { host: 'lookaside.fbsbx.com', expires: '2024-09-24', expiresAt: 1727177138000, download: true });
  // an oe= that is no time: signed, with no day said
  assert.equal(metaCdnLink('https://scontent.whatsapp.net/v/a.jpg?oh=1&oe=zz'), { host: 'scontent.whatsapp.net' });
  // another host with the same query, a Meta host without a signature, no URL: none
  for (const u of ['https://cdn.example.com/a.jpg?oh=1&oe=66F2A1B2', 'https://evilwhatsapp.net/a.jpg?oe=66F2A1B2', 'https://static.whatsapp.net/a.jpg', 'not a url']) assert.equal(metaCdnLink(u), undefined, u);
  assert.equal(metaCdnLinkSaid(metaCdnLink(SCONTENT)!), 'a signed link of Meta\'s CDN (scontent.whatsapp.net) whose signature says it expires on 2024-09-24');
});

// trial-bl F2: pull and plan, which run at a moment, give it (`now`): a link whose moment has passed is said as expired,
// not "whose signature says it expires on" a past day; lint gives none (above: the same words on any day, true of a past day too)
test('metaCdnLinkSaid with a clock: expired once the link\'s moment has passed (to the second), else as without one', () => {
  const link = metaCdnLink(SCONTENT)!;
  const at = new Date(0x66F2A1B2 * 1000);
  assert.is(metaCdnLinkSaid(link, new Date(at.getTime() - 1000)), 'a signed link of Meta\'s CDN (scontent.whatsapp.net) whose signature says it expires on 2024-09-24');
  assert.is(metaCdnLinkSaid(link, at), 'a link of Meta\'s CDN (scontent.whatsapp.net), expired on 2024-09-24 already (nothing is served there now)');
  assert.is(metaCdnLinkSaid(link, new Date('2026-12-03T00:00:00Z')), metaCdnLinkSaid(link, at));
  const download = metaCdnLink('https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1&ext=1727177138&hash=ATs1')!;
  assert.is(metaCdnLinkSaid(download, new Date('2026-01-01T00:00:00Z')), 'a media download link of Meta\'s API (lookaside.fbsbx.com), expired on 2024-09-24 already (nothing is served there now)');
  // a link without a day: never said expired
  assert.is(metaCdnLinkSaid(metaCdnLink('https://scontent.whatsapp.net/v/a.jpg?oh=1&oe=zz')!, new Date('2999-01-01T00:00:00Z')), 'a signed, expiring link of Meta\'s CDN (scontent.whatsapp.net)');
});

test('a media header\'s and a carousel card\'s signed sample are warned, naming the day; another sample is not', () => {
  assert.equal(found(`header: { format: IMAGE, example: "${SCONTENT}" }`), [
    'The IMAGE header\'s sample is a signed link of Meta\'s CDN (scontent.whatsapp.net) whose signature says it expires on 2024-09-24: a temporary link (Meta\'s listing gives every media sample so), not a file\'s address; every create and edit sends the sample for review, and once the link expires nothing is served there. Host the file at a stable https:// address and write that as the sample.',
  ]);
  const cards = `carousel:\n  - header: { format: IMAGE, example: "${SCONTENT}" }\n    buttons: [{ type: QUICK_REPLY, text: More }]\n  - header: { format: IMAGE, example: "https://cdn.example.com/b.jpg" }\n    buttons: [{ type: QUICK_REPLY, text: More }]`;
  assert.equal(found(cards).map((m) => m.startsWith('Card 1: the IMAGE header\'s sample is a signed link of Meta\'s CDN (scontent.whatsapp.net) whose signature says it expires on 2024-09-24: ')), [true]);
  assert.equal(found('header: { format: IMAGE, example: "https://cdn.example.com/spring.jpg?v=3" }'), []);
  assert.equal(found('header: { format: IMAGE, example: "https://cdn.example.com/spring.jpg?oe=66F2A1B2" }'), []);
});

test('the finding does not read the clock: the same before and after the day the link names, and kept by the cache', () => {
  const header = `header: { format: IMAGE, example: "${SCONTENT}" }`;
  const before = lint(header, '2024-01-01T00:00:00Z'), after = lint(header, '2031-01-01T00:00:00Z');
  assert.equal(before.diagnostics.filter((d) => d.ruleId === 'header-media-signed-link'), after.diagnostics.filter((d) => d.ruleId === 'header-media-signed-link'));
  assert.equal(before.until, undefined);
  assert.equal(after.until, undefined);
});

// trial-bl F2: a link that expired a month before was said "signed to expire on 2026-11-01", and plan created with it without a
// word. Pull and plan run at a moment (their clock given here): the dead link is said as expired, and plan marks the create or
// update that would send it for review (`!`, in text, markdown and JSON), its exit code as it was; a link still live is not marked.
const cdn = (file: string, oe: string) => `https://scontent.whatsapp.net/v/t61.29466-34/${file}?ccb=1-7&_nc_sid=8b1bef&oh=01_Q5AaIAbc&oe=${oe}`;
// 2026-11-01, 2026-12-02 and 2026-12-04 (the trial's links); the clock: 2026-12-03 at noon
const PAST = cdn('123_lookbook_n.jpg', '6AE68100'), YESTERDAY = cdn('a_n.jpg', '6B0F5F80'), TOMORROW = cdn('b_n.jpg', '6B120280');
const NOON = new Date('2026-12-03T12:00:00Z');
const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { wa: ${CHANNEL_A} }\n`;

test('pull --from meta at a moment: a signed sample whose expiry has passed is said as expired, one still live by its day (trial-bl F2)', async () => {
  const dir = tempDir();
  try {
    const card = (url: string) => ({ components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: [url] } }, { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More' }] }] });
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'export.json': JSON.stringify({ data: [
      { name: 'autumn_lookbook', language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: '1', parameter_format: 'POSITIONAL', components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [PAST] } }, { type: 'BODY', text: 'The autumn lookbook is here for you today.' }] },
      { name: 'spring_cards', language: 'en_US', category: 'MARKETING', status: 'APPROVED', id: '2', components: [
        { type: 'BODY', text: 'Our spring picks, chosen for you this week.' }, { type: 'CAROUSEL', cards: [card(YESTERDAY), card(TOMORROW)] }] },
    ] }) });
    const config = await loadConfig({ cwd: dir });
    let run = 0;
    // each pull into a folder of its own (a file already as the export has it is not written again, and says nothing)
    const notes = async (now?: Date) => {
      const { outcomes } = await pullFromExport(config, selectEnvironment(config, undefined), { format: 'meta', files: ['export.json'], channel: 'wa', channelId: CHANNEL_A, dir: path.join(dir, `pulled${run++}`), dirGiven: true, force: false, cwd: dir, note: 'n', ...(now ? { now } : {}) }, () => {});
      return outcomes.flatMap((o) => (o.kind === 'written' ? (o.notes ?? []).map((n) => `${n.field}: ${n.message.replace(/, as Meta's listing .*$/, '')}`) : []));
    };
    assert.equal(await notes(NOON), [
      'header.example: the sample is a link of Meta\'s CDN (scontent.whatsapp.net), expired on 2026-11-01 already (nothing is served there now)',
      'carousel[0].header.example: the sample is a link of Meta\'s CDN (scontent.whatsapp.net), expired on 2026-12-02 already (nothing is served there now)',
      'carousel[1].header.example: the sample is a signed link of Meta\'s CDN (scontent.whatsapp.net) whose signature says it expires on 2026-12-04',
    ]);
    // a month earlier, none has expired; without a clock, each by its day
    for (const now of [new Date('2026-10-01T00:00:00Z'), undefined]) assert.equal((await notes(now)).map((n) => n.replace(/^.*?: the sample is a signed link of Meta's CDN \(scontent\.whatsapp\.net\) /, '')), ['whose signature says it expires on 2026-11-01', 'whose signature says it expires on 2026-12-02', 'whose signature says it expires on 2026-12-04']);
  } finally { cleanup(dir); }
});

test('plan at a moment: a create or an update whose media sample expired is marked ! by field (text, markdown, JSON), exit code as it was; a live link, a noop, an earlier moment are not (trial-bl F2)', async () => {
  const dir = tempDir();
  try {
    const tpl = (name: string, header: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: MARKETING\n${header}body:\n  text: "The autumn lookbook is here for you, {{1}}."\n  examples: { "1": Ana }\n`;
    const img = (url: string) => `header: { format: IMAGE, example: "${url}" }\n`;
    const cards = `carousel:\n  - header: { format: IMAGE, example: "https://cdn.example.com/a.jpg" }\n    buttons: [{ type: QUICK_REPLY, text: More }]\n  - header: { format: IMAGE, example: "${YESTERDAY}" }\n    buttons: [{ type: QUICK_REPLY, text: More }]\n`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG,
      'templates/lookbook.yaml': tpl('lookbook', img(PAST)), 'templates/live.yaml': tpl('live', img(TOMORROW)), 'templates/cards.yaml': tpl('cards', cards),
      'templates/edited.yaml': tpl('edited', img('https://cdn.example.com/edited.jpg')), 'templates/kept.yaml': tpl('kept', img(PAST)) });
    // on the channel first (as they are: the emulator keeps any sample), then `edited` takes the dead link and `kept` stays as it is
    const applied = await cliIn(['apply', '--auto-approve', 'templates/edited.yaml', 'templates/kept.yaml'], { cwd: dir });
    assert.is(applied.exitCode, 0, applied.stderr);
    const edited = path.join(dir, 'templates/edited.yaml');
    writeFileSync(edited, readFileSync(edited, 'utf8').replace('https://cdn.example.com/edited.jpg', PAST));
    const config = await loadConfig({ cwd: dir });
    const conn = await connect(config, {});
    try {
      const plan = await runPlan(config, conn, { paths: [], cwd: dir, now: NOON });
      const marks = Object.fromEntries(plan.changes.map((c) => [`${c.action} ${c.name}`, (c.attention ?? []).filter((a) => a.includes('media sample'))]));
      const dead = (field: string, day: string, action: string) => `${field}: the media sample is a link of Meta's CDN (scontent.whatsapp.net), expired on ${day} already (nothing is served there now), and this ${action} sends it for review, which fails on it: host the file at a stable https:// address and write that as the sample (lint's header-media-signed-link)`;
      assert.equal(marks, {
        'create cards': [dead('carousel[1].header.example', '2026-12-02', 'create')],
        'update edited': [dead('header.example', '2026-11-01', 'update')],
        'noop kept': [],
        'create live': [],
        'create lookbook': [dead('header.example', '2026-11-01', 'create')],
      });
      // beside the change in every rendering; counted among those that need attention, and no other exit (only changes make --detailed-exitcode's 2)
      assert.match(renderText(plan, { color: false, environment: 't' }), `+ create wa/lookbook/en_US  ${plan.changes.find((c) => c.name === 'lookbook')!.publicId}\n    ! ${dead('header.example', '2026-11-01', 'create')}`);
      assert.match(renderText(plan, { color: false, environment: 't' }), '3 need attention (marked ! above).');
      assert.match(renderMarkdown(plan, { environment: 't' }), `- ⚠️ \`wa/lookbook/en_US\`: ${dead('header.example', '2026-11-01', 'create')}`);
      const json = JSON.parse(renderJson(plan, { environment: 't', target: conn.target })) as { changes: { name: string; attention?: string[] }[]; summary: { needsAttention?: number } };
      // (beside what the edit spends)
      assert.equal(json.changes.find((c) => c.name === 'edited')!.attention!.slice(-1), [dead('header.example', '2026-11-01', 'update')]);
      assert.is(json.summary.needsAttention, 3);
      assert.is(plan.changes.filter((c) => c.needsAttention).length, 0);
      assert.ok(hasChanges(plan));
      // the same files a month earlier: nothing has expired, nothing marked
      const earlier = await runPlan(config, conn, { paths: [], cwd: dir, now: new Date('2026-10-01T00:00:00Z') });
      assert.equal(earlier.changes.flatMap((c) => c.attention ?? []).filter((a) => a.includes('media sample')), []);
    } finally { await conn.close(); }
    // the CLI plans at its clock (the trial's day or later: 2026-11-01 has passed): marked, exit 0 as any plan that changes templates
    const cli = await cliIn(['plan', 'templates/lookbook.yaml'], { cwd: dir });
    assert.is(cli.exitCode, 0, cli.stderr);
    assert.match(cli.stdout, '! header.example: the media sample is a link of Meta\'s CDN (scontent.whatsapp.net), expired on 2026-11-01 already');
  } finally { cleanup(dir); }
});

// trial-bo (smaller note), trial-bl F2: lint said "signed to expire on 2026-02-27" of a day already past; it reads no clock, so its
// words must hold of a past day as of one to come
test('lint\'s words of a signed link are true whether its day is past or to come (no clock read): "whose signature says it expires on DAY"', () => {
  const past = SCONTENT; // oe= 2024-09-24
  const future = SCONTENT.replace('oe=66F2A1B2', 'oe=F0000000'); // 2097
  for (const [url, day] of [[past, '2024-09-24'], [future, '2097-08-05']] as const) {
    for (const now of ['2020-01-01T00:00:00Z', '2026-01-01T00:00:00Z']) {
      const [m] = found(`header: { format: IMAGE, example: "${url}" }`, now);
      assert.ok(m!.startsWith(`The IMAGE header's sample is a signed link of Meta's CDN (scontent.whatsapp.net) whose signature says it expires on ${day}: `), m);
      assert.not.match(m!, /signed to expire|expired/);
    }
  }
  const download = metaCdnLink('https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1&ext=1727177138&hash=ATs1')!;
  assert.is(metaCdnLinkSaid(download), 'a signed media download link of Meta\'s API (lookaside.fbsbx.com) whose signature says it expires on 2024-09-24, served only with an access token');
  assert.is(metaCdnLinkSaid(metaCdnLink('https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1&hash=ATs1')!), 'a signed, expiring media download link of Meta\'s API (lookaside.fbsbx.com), served only with an access token');
});

test.run();
