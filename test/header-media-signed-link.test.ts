// header-media-signed-link (trial bh F2): Meta's listing gives a media header's sample as a signed,
// expiring link of its CDN (scontent.whatsapp.net ...?oh=...&oe=<hex Unix seconds>); pulled into a
// file it went by lint without a word. The finding names the day the link says it expires, never
// "expired": the clock is not read, so the verdict is the same on any day and lint's cache keeps it.
// In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes } from '../src/lint/engine.ts';
import { metaCdnLink, metaCdnLinkSaid } from '../src/model/meta-cdn.ts';

const SCONTENT = 'https://scontent.whatsapp.net/v/t61.29466-34/448812345_1234567890_n.jpg?ccb=1-7&_nc_sid=8b1bef&_nc_ohc=AbCdEf&_nc_ht=scontent.whatsapp.net&edm=AH51TzQEAAAA&oh=01_Q5AaIAbCdEf&oe=66F2A1B2';

const lint = (header: string, now: string) => {
  const yaml = `channel: wa\nname: promo\nlanguage: en_US\ncategory: MARKETING\n${header}\nbody:\n  text: "Our spring sale starts today with everything at half price."\n`;
  return lintBytes('t.yaml', Buffer.from(yaml), { now: new Date(now) });
};
const found = (header: string, now = '2026-01-01T00:00:00Z') => lint(header, now).diagnostics.filter((d) => d.ruleId === 'header-media-signed-link').map((d) => d.message);

test('metaCdnLink: the hosts of Meta\'s CDN with a signature, and the day oe= (hex) or a download link\'s ext= (decimal) says', () => {
  assert.equal(metaCdnLink(SCONTENT), { host: 'scontent.whatsapp.net', expires: '2024-09-24' });
  assert.equal(metaCdnLink('https://scontent-fra5-1.xx.fbcdn.net/v/t39.30808-6/a_n.jpg?_nc_cat=1&oh=00_AfB'), { host: 'scontent-fra5-1.xx.fbcdn.net' });
  assert.equal(metaCdnLink('https://lookaside.fbsbx.com/whatsapp_business/attachments/?mid=1037543291543636&ext=1727177138&hash=ATs1'), { host: 'lookaside.fbsbx.com', expires: '2024-09-24', download: true });
  // an oe= that is no time: signed, with no day said
  assert.equal(metaCdnLink('https://scontent.whatsapp.net/v/a.jpg?oh=1&oe=zz'), { host: 'scontent.whatsapp.net' });
  // another host with the same query, a Meta host without a signature, no URL: none
  for (const u of ['https://cdn.example.com/a.jpg?oh=1&oe=66F2A1B2', 'https://evilwhatsapp.net/a.jpg?oe=66F2A1B2', 'https://static.whatsapp.net/a.jpg', 'not a url']) assert.equal(metaCdnLink(u), undefined, u);
  assert.equal(metaCdnLinkSaid(metaCdnLink(SCONTENT)!), 'a link of Meta\'s CDN (scontent.whatsapp.net), signed to expire on 2024-09-24');
});

test('a media header\'s and a carousel card\'s signed sample are warned, naming the day; another sample is not', () => {
  assert.equal(found(`header: { format: IMAGE, example: "${SCONTENT}" }`), [
    'The IMAGE header\'s sample is a link of Meta\'s CDN (scontent.whatsapp.net), signed to expire on 2024-09-24: a temporary link (Meta\'s listing gives every media sample so), not a file\'s address; every create and edit sends the sample for review, and once the link expires nothing is served there. Host the file at a stable https:// address and write that as the sample.',
  ]);
  const cards = `carousel:\n  - header: { format: IMAGE, example: "${SCONTENT}" }\n    buttons: [{ type: QUICK_REPLY, text: More }]\n  - header: { format: IMAGE, example: "https://cdn.example.com/b.jpg" }\n    buttons: [{ type: QUICK_REPLY, text: More }]`;
  assert.equal(found(cards).map((m) => m.startsWith('Card 1: the IMAGE header\'s sample is a link of Meta\'s CDN (scontent.whatsapp.net), signed to expire on 2024-09-24: ')), [true]);
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

test.run();
