// pull --from of an export that is one page of a listing (Meta's paging.next, Twilio's
// meta.next_page_url): the templates of the files given are written, and a page whose following
// page is not among the files is said by file, with how to fetch the rest (exit 1); every page
// given: nothing said, exit 0.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { listingPage, pagesNotGiven } from '../src/formats/pages.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    emulator: .tplsync/emu.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;
const GRAPH = 'https://graph.facebook.com/v23.0/102290129340398/message_templates';
const metaTemplate = (name: string) => ({ name, parameter_format: 'POSITIONAL', language: 'en_US', status: 'APPROVED', category: 'MARKETING', id: name,
  components: [{ type: 'BODY', text: 'Hello {{1}}, our spring collection is now in store for you.', example: { body_text: [['Ana']] } }] });
const metaPage = (name: string, paging: Record<string, unknown>) => JSON.stringify({ data: [metaTemplate(name)], paging: { cursors: { before: 'QVFIUk', after: 'QVFIUm' }, ...paging } });
const CONTENT = 'https://content.twilio.com/v1/Content';
const twilioPage = (name: string, page: number, next: string | null) => JSON.stringify({
  contents: [{ sid: `HX${page}`, friendly_name: name, language: 'en', variables: { 1: 'Ana' }, types: { 'twilio/text': { body: 'Hello {{1}}, our spring collection is now in store for you.' } } }],
  meta: { page, page_size: 1, first_page_url: `${CONTENT}?PageSize=1&Page=0`, previous_page_url: page ? `${CONTENT}?PageSize=1&Page=${page - 1}&PageToken=PB${page}` : null, url: `${CONTENT}?PageSize=1&Page=${page}${page ? `&PageToken=PT${page}` : ''}`, next_page_url: next, key: 'contents' },
});

test('one page of a listing: written, the missing pages said by file with how to fetch them, exit 1', async () => {
  const dir = tempDir('tplsync-pages-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'meta.json': metaPage('promo_a', { next: `${GRAPH}?limit=1&after=QVFIUm` }),
      'tw.json': twilioPage('promo_b', 0, `${CONTENT}?PageSize=1&Page=1&PageToken=PT1`),
    });
    const meta = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(meta.exitCode, 1, meta.stderr);
    assert.match(meta.stderr, /meta\.json is one page of Meta's listing, and the page after it is not among the files given \(https:\/\/graph\.facebook\.com\/[^)]*after=QVFIUm\)[^\n]*paging\.next[^\n]*pass every page's file/);
    const tw = await cliIn(['pull', '--from', 'twilio', 'tw.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(tw.exitCode, 1, tw.stderr);
    assert.match(tw.stderr, /tw\.json is one page of Twilio's listing[^\n]*PageToken=PT1[^\n]*next_page_url/);
    assert.equal(readdirSync(path.join(dir, 'templates')).sort(), ['promo_a.en_US.yaml', 'promo_b.en.yaml']);
    // the last page alone: written, and the pages before it said missing
    writeFiles(dir, { 'last.json': metaPage('promo_z', { previous: `${GRAPH}?limit=1&before=QVFIUz` }) });
    const last = await cliIn(['pull', '--from', 'meta', 'last.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(last.exitCode, 1, last.stderr);
    assert.match(last.stderr, /last\.json is a later page of Meta's listing, and the pages before it are not among the files given \(https:\/\/graph\.facebook\.com\/[^)]*before=QVFIUz\)[^\n]*from its first page/);
  } finally { cleanup(dir); }
});

test('every page given: nothing said, exit 0', async () => {
  const dir = tempDir('tplsync-pages-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'm1.json': metaPage('promo_a', { next: `${GRAPH}?limit=1&after=QVFIUm` }),
      'm2.json': metaPage('promo_c', { previous: `${GRAPH}?limit=1&before=QVFIUx` }),
      't1.json': twilioPage('promo_b', 0, `${CONTENT}?PageSize=1&Page=1&PageToken=PT1`),
      't2.json': twilioPage('promo_d', 1, null),
    });
    const meta = await cliIn(['pull', '--from', 'meta', 'm1.json', 'm2.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(meta.exitCode, 0, meta.stderr);
    assert.not.match(meta.stderr, /one page/);
    const tw = await cliIn(['pull', '--from', 'twilio', 't2.json', 't1.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(tw.exitCode, 0, tw.stderr);
    assert.not.match(tw.stderr, /one page/);
  } finally { cleanup(dir); }
});

test('a template in two export files: the same twice is written once (exit 0); two that differ are said to differ (exit 1)', async () => {
  const dir = tempDir('tplsync-pages-');
  try {
    const one = (t: ReturnType<typeof metaTemplate>) => JSON.stringify({ data: [t] });
    const changed = { ...metaTemplate('promo_x'), components: [{ type: 'BODY', text: 'Hello {{1}}, our summer collection is now in store for you.', example: { body_text: [['Ana']] } }] };
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'a.json': one(metaTemplate('promo_x')), 'b.json': one(metaTemplate('promo_x')), 'c.json': one(changed) });
    const same = await cliIn(['pull', '--from', 'meta', 'a.json', 'b.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(same.exitCode, 0, same.stderr);
    assert.match(same.stderr, /promo_x[^\n]*comes twice, the same both times; taken once \(from a\.json/);
    const differ = await cliIn(['pull', '--from', 'meta', 'a.json', 'c.json', '--channel', 'shop-whatsapp', '--dir', 'other'], { cwd: dir });
    assert.is(differ.exitCode, 1, differ.stderr);
    assert.match(differ.stderr, /promo_x[^\n]*\(c\.json[^)]*\) comes twice, and the two differ; the first \(a\.json[^)]*\) is the one written/);
  } finally { cleanup(dir); }
});

// trial K F5: a rejected re-submission listed before the approved original under one approval name and language: the rejected
// text was written (the first given), and apply would have submitted it over the live one. The copy in the most advanced review
// state is written (what WhatsApp has), and the other named
test('a template twice in a Twilio listing, rejected retry first: the APPROVED copy is written, the rejected one named (exit 0)', async () => {
  const dir = tempDir('tplsync-pages-');
  try {
    const resource = (sid: string, friendly: string, body: string, status: string) => ({ sid, friendly_name: friendly, language: 'en', variables: { 1: 'Maria' }, types: { 'twilio/text': { body } },
      approval_requests: { name: 'order_update', category: 'UTILITY', content_type: 'twilio/text', status, rejection_reason: status === 'rejected' ? 'Duplicate name' : '' } });
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      't.json': JSON.stringify({ contents: [resource('HX00000000000000000000000000000a01', 'order_update_v2', 'Hi {{1}}, your order is on its way (new wording).', 'rejected'), resource('HX00000000000000000000000000000a02', 'order_update_v1', 'Hi {{1}}, your order has shipped.', 'approved')],
        meta: { page: 0, page_size: 50, url: 'https://content.twilio.com/v1/ContentAndApprovals?PageSize=50&Page=0', next_page_url: null, previous_page_url: null, key: 'contents' } }),
    });
    const r = await cliIn(['pull', '--from', 'twilio', 't.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const file = readFileSync(path.join(dir, 'templates', 'order_update.en.yaml'), 'utf8');
    assert.match(file, 'Hi {{1}}, your order has shipped.');
    assert.not.match(file, 'new wording');
    assert.match(r.stderr, 'order_update/en (t.json contents[0]) comes twice, and the two differ: the APPROVED copy (t.json contents[1]) is the one written, since it is what WhatsApp has; this REJECTED copy is not on disk');
    assert.not.match(r.stderr, 'is REJECTED in the export');
    // a Meta listing alike: a PAUSED copy (approved, then paused for its quality) goes before a PENDING one, whatever their order
    const meta = (status: string, text: string) => ({ ...metaTemplate('promo_y'), status, components: [{ type: 'BODY', text, example: { body_text: [['Ana']] } }] });
    writeFiles(dir, { 'm.json': JSON.stringify({ data: [meta('PENDING', 'Hello {{1}}, our new collection is waiting for you in store.'), meta('PAUSED', 'Hello {{1}}, our winter collection is now in store for you.')] }) });
    const m = await cliIn(['pull', '--from', 'meta', 'm.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.match(readFileSync(path.join(dir, 'templates', 'promo_y.en_US.yaml'), 'utf8'), 'winter collection', m.stderr);
    assert.match(m.stderr, 'the PAUSED copy (m.json data[1]) is the one written');
    // three copies: said as three (verify-8: "a template given three times is said to come twice"), one line for each not written
    writeFiles(dir, { 'm3.json': JSON.stringify({ data: [meta('REJECTED', 'Hello {{1}}, our new collection is waiting for you in store.'), meta('PENDING', 'Hello {{1}}, our spring collection is waiting for you.'), meta('APPROVED', 'Hello {{1}}, our winter collection is now in store for you.')] }) });
    const m3 = await cliIn(['pull', '--from', 'meta', 'm3.json', '--channel', 'shop-whatsapp', '--force'], { cwd: dir });
    assert.match(readFileSync(path.join(dir, 'templates', 'promo_y.en_US.yaml'), 'utf8'), 'winter collection', m3.stderr);
    assert.is(m3.stderr.match(/promo_y\/en_US \(m3\.json data\[[01]\]\) comes three times, and this copy differs from the one written: the APPROVED copy \(m3\.json data\[2\]\) is the one written/g)?.length, 2, m3.stderr);
    assert.not.match(m3.stderr, 'comes twice');
  } finally { cleanup(dir); }
});

test('pages not given: Twilio by address, Meta by count of pages before and after', () => {
  const t0 = listingPage('twilio', 'a', JSON.parse(twilioPage('x', 0, `${CONTENT}?PageSize=1&Page=1&PageToken=PT1`)))!;
  const t2 = listingPage('twilio', 'c', JSON.parse(twilioPage('x', 2, null)))!;
  // page 1 missing between 0 and 2: Twilio's addresses tell
  assert.equal(pagesNotGiven('twilio', [t0, t2]).after.map((p) => p.file), ['a']);
  // a later page alone: its first page is missing
  assert.equal(pagesNotGiven('twilio', [t2]).before.map((p) => p.file), ['c']);
  assert.equal(pagesNotGiven('twilio', [t0, t2]).before, []);
  assert.equal(listingPage('twilio', 'one', JSON.parse(twilioPage('x', 0, null))), undefined);
  const m1 = listingPage('meta', 'm1', JSON.parse(metaPage('x', { next: `${GRAPH}?after=A` })))!;
  const m2 = listingPage('meta', 'm2', JSON.parse(metaPage('x', { next: `${GRAPH}?after=B`, previous: `${GRAPH}?before=B` })))!;
  assert.equal(pagesNotGiven('meta', [m1, m2]).after.map((p) => p.file), ['m1', 'm2']);
  const last = listingPage('meta', 'm3', JSON.parse(metaPage('x', { previous: `${GRAPH}?before=C` })))!;
  // the last page alone (a page before it, none after): the pages before it are missing
  assert.equal(pagesNotGiven('meta', [last]), { after: [], before: [last], accounts: [] });
  // a middle page alone: both sides missing
  assert.equal(pagesNotGiven('meta', [m2]).before.map((p) => p.file), ['m2']);
  assert.equal(pagesNotGiven('meta', [m2]).after.map((p) => p.file), ['m2']);
  // the whole listing: nothing missing, one account
  assert.equal(pagesNotGiven('meta', [m1, m2, last]), { after: [], before: [], accounts: [] });
  // pages of two accounts (the id in their paging URLs)
  const other = listingPage('meta', 'o', JSON.parse(metaPage('x', { previous: `${GRAPH.replace('102290129340398', '999999999999999')}?before=D` })))!;
  assert.equal(pagesNotGiven('meta', [m1, other]).accounts, ['102290129340398', '999999999999999']);
  assert.equal(listingPage('meta', 'all', JSON.parse(metaPage('x', {}))), undefined);
});

test('the same Meta page given twice (the same path, or a copy under another name) is one page: nothing said missing, exit 0', async () => {
  const dir = tempDir('tplsync-pages-');
  try {
    const first = metaPage('promo_a', { next: `${GRAPH}?limit=1&after=QVFIUm` });
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'm1.json': first, 'copy.json': first, 'm2.json': metaPage('promo_c', { previous: `${GRAPH}?limit=1&before=QVFIUx` }) });
    for (const files of [['m1.json', 'm1.json', 'm2.json'], ['m1.json', 'm2.json', 'copy.json']]) {
      const r = await cliIn(['pull', '--from', 'meta', ...files, '--channel', 'shop-whatsapp', '--dir', `out-${files[2]}`], { cwd: dir });
      assert.is(r.exitCode, 0, r.stderr);
      assert.not.match(r.stderr, /one page|later page/);
      assert.match(r.stderr, /promo_a[^\n]*comes twice, the same both times; taken once/);
    }
    // a page given twice is still one page: its following page missing is said
    const alone = await cliIn(['pull', '--from', 'meta', 'm1.json', 'copy.json', '--channel', 'shop-whatsapp', '--dir', 'out-alone'], { cwd: dir });
    assert.is(alone.exitCode, 1, alone.stderr);
    assert.match(alone.stderr, /m1\.json is one page of Meta's listing, and the page after it is not among the files given/);
  } finally { cleanup(dir); }
  const m1 = listingPage('meta', 'm1', JSON.parse(metaPage('x', { next: `${GRAPH}?after=A` })))!;
  const again = listingPage('meta', 'again', JSON.parse(metaPage('x', { next: `${GRAPH}?after=A` })))!;
  const last = listingPage('meta', 'm2', JSON.parse(metaPage('x', { previous: `${GRAPH}?before=A` })))!;
  assert.equal(pagesNotGiven('meta', [m1, again, last]), { after: [], before: [], accounts: [] });
  assert.equal(pagesNotGiven('meta', [m1, last, again, last]), { after: [], before: [], accounts: [] });
  // two pages with other cursors are two pages
  const other = listingPage('meta', 'o', JSON.parse(metaPage('x', { next: `${GRAPH}?after=B`, previous: `${GRAPH}?before=B` })))!;
  assert.equal(pagesNotGiven('meta', [m1, other, again]).after.map((p) => p.file), ['m1', 'o']);
  assert.equal(pagesNotGiven('meta', [m1, other, again, last]), { after: [], before: [], accounts: [] });
});

test.run();
