// RCS against Google's RBM documentation (trial-br F1 to F5): export --to twilio takes every video
// type lint and Google take (one table of media by extension, model/rcs-media.ts, read by both); a
// .3gp file message is audio Google lists (audio/3gpp), not a video to convert; a label or latLong
// beside a query is a warning of its own rule that says only what Google says; the preview draws an
// audio file as an audio widget, and a video without a thumbnail as Google's blank placeholder, which
// an info of rcs-media says. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { rcsToTwilio, twilioToFile } from '../src/formats/twilio.ts';
import { chipEffect, renderRcs } from '../src/preview/rcs.ts';
import { fromFile } from '../src/model/canonical.ts';

const lint = (text: string, severities: Record<string, 'off'> = {}) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities });
/** the file-type findings alone (a video without a thumbnail is rcs-video-thumbnail's info, F5) */
const lintTypes = (text: string) => lint(text, { 'rcs-video-thumbnail': 'off' });
const rcs = (message: string): string => `channel: air-rcs\nname: probe\nlanguage: en_US\nmessage:\n${message}`;
const media = (type: string, fileUrl: string, more = ''): string => rcs(`  type: ${type}\n  fileUrl: "${fileUrl}"\n${more}`);
const said = (d: ReturnType<typeof lint>): string => d.map((x) => `${x.ruleId}@${x.line}:${x.column}: ${x.message}`).join('\n');

test('F1: export --to twilio writes a video message of every type Google and lint take (.webm, .m4v, .mpeg, .mpg, .h263, .mpeg4, .mp4) as twilio/media, and pull reads it back a video', () => {
  for (const ext of ['webm', 'm4v', 'mpeg', 'mpg', 'h263', 'mpeg4', 'mp4', 'WEBM']) {
    const file = { name: 'clip', language: 'en_US', message: { type: 'video', fileUrl: `https://cdn.example.com/rbm/clip.${ext}` } };
    assert.equal(lintTypes(media('video', file.message.fileUrl)), [], ext);
    const r = rcsToTwilio(file);
    assert.equal(r.issues, [], ext);
    assert.equal(r.request!.content.types, { 'twilio/media': { media: [file.message.fileUrl] } }, ext);
    const back = twilioToFile(r.request!.content, '[0]', undefined, { channelKind: 'rcs' });
    assert.equal(back.value.message, file.message, ext);
  }
  // a GIF picture (Google's image/gif) too: it was no image by the WhatsApp table the export read
  assert.equal(rcsToTwilio({ name: 'anim', language: 'en_US', message: { type: 'picture', fileUrl: 'https://cdn.example.com/rbm/anim.gif' } }).issues, []);
});

test('F1: what the file is contradicts the message (a picture of an .mp4, a video of a .jpg, .mp3 or .pdf): refused, saying what the file is', () => {
  const cases: [string, string, RegExp][] = [
    ['picture', 'https://cdn.example.com/rbm/clip.mp4', /'https:\/\/cdn\.example\.com\/rbm\/clip\.mp4' is a video by its file type \(\.mp4\), not a picture/],
    ['video', 'https://cdn.example.com/rbm/still.jpg', /is an image by its file type \(\.jpg\), not a video/],
    ['video', 'https://cdn.example.com/rbm/jingle.mp3', /is audio by its file type \(\.mp3\), not a video/],
    ['video', 'https://cdn.example.com/rbm/terms.pdf', /is a PDF by its file type \(\.pdf\), not a video/],
  ];
  for (const [type, fileUrl, message] of cases) {
    const r = rcsToTwilio({ name: 'x', language: 'en_US', message: { type, fileUrl } });
    assert.is(r.request, undefined, fileUrl);
    assert.equal(r.issues.map((i) => i.field), ['message.fileUrl'], fileUrl);
    assert.match(r.issues[0]!.message, message);
    assert.not.match(r.issues[0]!.message, /no image or video/);
    // lint reports each of them too (rcs-media, or rcs-video-file for an image as a video)
    assert.ok(lint(media(type, fileUrl)).some((d) => d.ruleId === 'rcs-media' || d.ruleId === 'rcs-video-file'), fileUrl);
  }
});

test('F1: a file message of an image or a video, and a picture or video whose URL tells no type, are written; that pull reads them back by the URL is a note, not an issue', () => {
  for (const [type, fileUrl, back] of [['file', 'https://cdn.example.com/rbm/clip.mp4', 'video'], ['file', 'https://cdn.example.com/rbm/photo.jpg', 'picture'], ['picture', 'https://cdn.example.com/rbm/image?id=42', 'file']] as const) {
    const r = rcsToTwilio({ name: 'x', language: 'en_US', message: { type, fileUrl } });
    assert.equal(r.issues, [], fileUrl);
    assert.equal(r.request!.content.types, { 'twilio/media': { media: [fileUrl] } });
    assert.equal(r.notes!.map((n) => n.field), ['message.type'], fileUrl);
    assert.match(r.notes![0]!.message, new RegExp(`twilio/media has no message type .*: ${back}, not ${type}$`));
  }
  assert.equal(rcsToTwilio({ name: 'x', language: 'en_US', message: { type: 'file', fileUrl: 'https://cdn.example.com/rbm/terms.pdf' } }).notes, []);
});

test('F1: lint and the Twilio export cannot disagree: a media message lint\'s rcs-media and rcs-video-file pass is exported', () => {
  const exts = ['jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'm4v', 'mpeg', 'mpg', 'mpeg4', 'h263', 'webm', 'mov', '3gp', '3gpp', 'mkv', 'h264', 'aac', 'mp3', 'm4a', 'ogg', 'oga', 'ogx', 'amr', 'wav', 'pdf', 'docx', 'zip', 'xyz', ''];
  for (const type of ['picture', 'video', 'file']) {
    for (const ext of exts) {
      const fileUrl = `https://cdn.example.com/rbm/${ext ? `media.${ext}` : 'media'}`;
      const clean = !lint(media(type, fileUrl)).some((d) => d.ruleId === 'rcs-media' || d.ruleId === 'rcs-video-file');
      const exported = rcsToTwilio({ name: 'x', language: 'en_US', message: { type, fileUrl } }).request !== undefined;
      if (clean) assert.ok(exported, `${type} ${fileUrl}: lint passes it, the export refuses it`);
    }
  }
});

test('F2: a .3gp file message is audio Google lists (audio/3gpp): no finding; as a video or a card\'s media it is a video RBM does not play, and the finding says 3GP audio goes in a file message', () => {
  assert.equal(lint(media('file', 'https://cdn.example.com/rbm/sound.3gp')), []);
  assert.equal(lint(media('file', 'https://cdn.example.com/rbm/sound.3GPP')), []);
  // application/ogg's extension: Google lists the type
  assert.equal(lint(media('file', 'https://cdn.example.com/rbm/sound.ogx')), []);
  const video = lintTypes(media('video', 'https://cdn.example.com/rbm/clip.3gp'));
  assert.equal(video.map((d) => `${d.ruleId}@${d.line}:${d.column}`), ['rcs-media@6:12'], said(video));
  assert.match(video[0]!.message, /^RBM plays videos as MP4, M4V, MPEG, MPEG-4, H\.263 or WebM, not \.3gp \(Google lists 3GPP as audio alone, audio\/3gpp: a 3GP voice recording is sent as a message of type file, not as a video\): convert the video/);
  const card = lintTypes(rcs('  type: rich_card\n  richCards:\n    - { title: A, fileUrl: "https://cdn.example.com/rbm/clip.3gp" }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n'));
  assert.equal(card.filter((d) => d.ruleId === 'rcs-media').length, 1, said(card));
  assert.match(card.find((d) => d.ruleId === 'rcs-media')!.message, /not as a card's media/);
  // a file message of a video RBM does not list keeps the video's advice; of another type, the list of what RBM sends
  assert.match(lintTypes(media('file', 'https://cdn.example.com/rbm/clip.mov'))[0]!.message, /^RBM plays videos as .*, not \.mov: convert the video/);
  assert.match(lint(media('file', 'https://cdn.example.com/rbm/sound.amr'))[0]!.message, /audio \(MP3, AAC, M4A, OGG, 3GP\).*not a \.amr file/);
  // a thumbnail beside a .3gp file: Google takes one for image and video files only, and RBM takes a .3gp as audio
  const thumb = lint(media('file', 'https://cdn.example.com/rbm/sound.3gp', '  thumbnailUrl: "https://cdn.example.com/rbm/sound.jpg"\n'));
  assert.equal(thumb.map((d) => d.ruleId), ['rcs-media'], said(thumb));
  assert.match(thumb[0]!.message, /the file \(\.3gp\) is audio/);
});

test('F2: audio as a rich card\'s media or as a video message is said (the preview said rcs-media reports it; it did not)', () => {
  const card = lint(rcs('  type: rich_card\n  richCards:\n    - { title: A, fileUrl: "https://cdn.example.com/rbm/jingle.mp3" }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n'));
  assert.equal(card.filter((d) => d.ruleId === 'rcs-media').map((d) => d.message), ['A rich card\'s media is an image (JPEG, PNG, GIF) or a video, not audio (.mp3); send the audio as a message of type file, or link to it with an open_url chip.'], said(card));
  const video = lint(media('video', 'https://cdn.example.com/rbm/jingle.mp3'));
  assert.equal(video.map((d) => d.message), ['A video message plays a video, but https://cdn.example.com/rbm/jingle.mp3 is audio (.mp3): send it as a message of type file, or link the video.'], said(video));
});

test('F4: a label or latLong beside a query is a warning of rcs-view-location-mixed that says what Google says, not an error that holds the template', () => {
  const text = rcs('  type: text\n  message: Find us\n  suggestions:\n    - { action: view_location, text: Map1, postbackData: m1, query: Googleplex, label: HQ }\n    - { action: view_location, text: Map2, postbackData: m2, query: Googleplex, latLong: { latitude: 1, longitude: 2 } }\n');
  const d = lint(text).filter((x) => x.ruleId !== 'rcs-view-location-query');
  assert.equal(d.map((x) => [x.ruleId, x.severity, `${x.line}:${x.column}`]), [['rcs-view-location-mixed', 'warning', '8:81'], ['rcs-view-location-mixed', 'warning', '9:62']], said(d));
  assert.match(d[0]!.message, /^label is Google's "label of the pin dropped at lat_long" \(ViewLocationAction\.label\), and this suggestion has no latLong/);
  assert.match(d[1]!.message, /^Google offers query instead of latLong \(ViewLocationAction\.query: "Rather than specify a lat_long \(and optionally, a label\), the agent can instead specify a query string"\) and does not say which of the two the phone uses/);
  // no claim of what the phone shows that Google does not make
  for (const x of d) assert.not.match(x.message, /shows latLong|ignores the query/);
  assert.not.ok(lint(text).some((x) => x.severity === 'error'), said(lint(text)));
  // the preview does not say the phone shows latLong either
  assert.match(chipEffect({ action: 'view_location', latLong: { latitude: 1, longitude: 2 }, query: 'Googleplex' }), /^shows 1, 2 on a map, or searches the map for “\u2068Googleplex\u2069” \(Google does not say which\)$/);
  // latLong with its label, or a query alone: none
  assert.equal(lint(rcs('  type: text\n  message: Hi\n  suggestions:\n    - { action: view_location, text: Store, latLong: { latitude: 52.52, longitude: 13.4 }, label: Berlin }\n')), []);
});

test('F3: the preview draws an audio file message as an audio widget (play button, track, time, the file\'s name), a PDF still as a file', () => {
  const page = (message: Record<string, unknown>) => renderRcs(fromFile({ channel: 'shop-rcs', name: 'probe', language: 'en_US', message }, '3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b', '7563f4f9-7a7c-590e-8843-8b805ca99f15'));
  for (const name of ['jingle.mp3', 'voice.aac', 'voice.m4a', 'voice.ogg', 'voice.3gp']) {
    const html = page({ type: 'file', fileUrl: `https://cdn.example.com/rbm/${name}` });
    assert.match(html, new RegExp(`<div class="rcs-audio" role="img" aria-label="Audio: ${name.replace('.', '\\.')}" lang="en" dir="ltr" data-testid="rcs-audio"><span class="audio-play" aria-hidden="true"><svg [^>]*data-icon="play"`), name);
    assert.match(html, /<span class="audio-time">0:00<\/span>/);
    assert.match(html, new RegExp(`data-icon="audio"[^]*${name.replace('.', '\\.')}</span></div>`), name);
    assert.not.match(html, /data-icon="document"/, name);
    // a drawing: no element that loads or plays the file
    assert.not.match(html, /<audio|<video|<img/, name);
  }
  const pdf = page({ type: 'file', fileUrl: 'https://cdn.example.com/rbm/invoice.pdf' });
  assert.match(pdf, /<div class="bubble"><svg [^>]*data-icon="document"[^>]*>.*<\/svg> invoice\.pdf<\/div>/);
  assert.not.match(pdf, /rcs-audio/);
});

test('F5: a video without a thumbnailUrl (a video message, a card\'s video, a file message of a video) is an info of rcs-video-thumbnail that says what Google says; with one, none', () => {
  const d = lint(media('video', 'https://cdn.example.com/rbm/teaser.mp4'));
  assert.equal(d.map((x) => [x.ruleId, x.severity, `${x.line}:${x.column}`]), [['rcs-video-thumbnail', 'info', '6:3']], said(d));
  assert.match(d[0]!.message, /^This video has no thumbnailUrl: Google shows a blank placeholder in its place until the phone downloads the video \(ContentInfo\.thumbnailUrl: "If you don't provide a thumbnail URL, the RBM platform displays a blank placeholder thumbnail until the user's device downloads the file"\), and the download may wait for a tap on a download button/);
  const card = lint(rcs('  type: rich_card\n  richCards:\n    - title: Teaser\n      fileUrl: "https://cdn.example.com/rbm/teaser.webm"\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n'));
  assert.equal(card.map((x) => `${x.ruleId}@${x.line}:${x.column}`), ['rcs-video-thumbnail@8:7'], said(card));
  assert.match(card[0]!.message, /^This card's video has no thumbnailUrl: Google shows a blank placeholder/);
  assert.equal(lint(media('file', 'https://cdn.example.com/rbm/teaser.mp4')).map((x) => x.ruleId), ['rcs-video-thumbnail']);
  // with a thumbnail, or a file that is no video (an image, a PDF, audio, a .3gp RBM takes as audio): nothing
  assert.equal(lint(media('video', 'https://cdn.example.com/rbm/teaser.mp4', '  thumbnailUrl: "https://cdn.example.com/rbm/teaser.jpg"\n')), []);
  for (const name of ['photo.jpg', 'terms.pdf', 'jingle.mp3', 'voice.3gp']) assert.equal(lint(media('file', `https://cdn.example.com/rbm/${name}`)), [], name);
  assert.equal(lint(rcs('  type: rich_card\n  richCards:\n    - { title: A, fileUrl: "https://cdn.example.com/rbm/a.jpg" }\n  rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }\n')), []);
});

test('F5: the preview draws a video without a thumbnail as Google\'s blank placeholder (no black player) with a note; with a thumbnail, the player with its poster', () => {
  const page = (message: Record<string, unknown>) => renderRcs(fromFile({ channel: 'shop-rcs', name: 'probe', language: 'en_US', message }, '3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b', '7563f4f9-7a7c-590e-8843-8b805ca99f15'));
  const note = /No thumbnailUrl: the phone shows a blank placeholder until it downloads the video, which may wait for a tap on its download button \(Google's ContentInfo\.thumbnailUrl\)/;
  const card = page({ type: 'rich_card', richCards: [{ title: 'Teaser', fileUrl: 'https://cdn.example.com/rbm/teaser.mp4' }], rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL', mediaHeight: 'MEDIUM' } });
  assert.match(card, /<div class="card-media video no-thumbnail" style="height:168px" role="img" aria-label="Card video: teaser\.mp4" lang="en" data-testid="video-placeholder"><span class="ph" aria-hidden="true"><span class="ph-icon"><svg [^>]*data-icon="download"/);
  assert.not.match(card, /<video/);
  assert.match(card, new RegExp(`<p class="meta card-video-note" data-testid="video-no-thumbnail">${note.source}`));
  const message = page({ type: 'video', fileUrl: 'https://cdn.example.com/rbm/teaser.mp4' });
  assert.match(message, /data-testid="video-placeholder"/);
  assert.not.match(message, /<video/);
  assert.match(message, new RegExp(`<p class="meta" data-testid="video-no-thumbnail" lang="en" dir="ltr">${note.source}`));
  const poster = page({ type: 'video', fileUrl: 'https://cdn.example.com/rbm/teaser.mp4', thumbnailUrl: 'https://cdn.example.com/rbm/teaser.jpg' });
  assert.match(poster, /<video controls preload="none" poster="https:\/\/cdn\.example\.com\/rbm\/teaser\.jpg"/);
  assert.not.match(poster, /video-placeholder|video-no-thumbnail/);
});

test.run();
