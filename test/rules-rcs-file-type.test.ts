// An RCS file message is of a type RBM documents (rcs-media, a warning). RBM's files.create: "RBM
// supports images, audio, video and PDF", each with its content types; a Word document, an archive
// or an app passes nothing. By the URL path's extension; none, or a script's, says nothing. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

// (a video without a thumbnail is rcs-video-thumbnail's info, about the thumbnail, not the file's type: off here)
const lint = (fileUrl: string, type = 'file'): { id: string; message: string }[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(`channel: telco-rcs\nname: rcs_file\nlanguage: en_US\nmessage:\n  type: ${type}\n  fileUrl: "${fileUrl}"\n`), { now: new Date('2026-01-01T00:00:00Z') })], { severities: { 'rcs-video-thumbnail': 'off' } })
    .map((d) => ({ id: `${d.ruleId}@${d.line}:${d.column}`, message: d.message }));

test('a file message of a Word document, an archive or an app: rcs-media names the types RBM sends', () => {
  for (const name of ['terms.docx', 'pack.zip', 'app.apk', 'sheet.XLSX', 'notes.txt?v=2', 'card.vcf#x']) {
    const found = lint(`https://cdn.example.com/${name}`);
    assert.equal(found.map((f) => f.id), ['rcs-media@6:12'], name);
    const ext = name.split(/[?#]/)[0]!.split('.').pop()!.toLowerCase();
    assert.match(found[0]!.message, `an image (JPEG, PNG, GIF), audio (MP3, AAC, M4A, OGG, 3GP), a video (MP4, M4V, MPEG, MPEG-4, H.263 or WebM) or a PDF, not a .${ext} file`);
  }
});

test('a file message of an image, audio, a video or a PDF, or of a URL without an extension, passes', () => {
  for (const name of ['terms.pdf', 'jingle.mp3', 'voice.aac', 'voice.m4a', 'voice.ogg', 'clip.mp4', 'clip.webm', 'photo.JPG', 'map.png', 'download?id=42', 'files/v1.2/terms', 'get.php?f=terms.pdf']) {
    assert.equal(lint(`https://cdn.example.com/${name}`), [], name);
  }
});

test('the other media keep their own findings: a picture message of a .docx is told it shows an image', () => {
  assert.equal(lint('https://cdn.example.com/terms.docx', 'picture').map((f) => f.id), ['rcs-media@6:12']);
  assert.match(lint('https://cdn.example.com/terms.docx', 'picture')[0]!.message, 'A picture message shows an image');
});

test('a video message or a card of a bare .h264 stream (a type RBM does not list for media): rcs-media says so, with the types it plays', () => {
  for (const name of ['clip.h264', 'clip.H264?v=1', 'clip.h265', 'clip.hevc']) {
    const found = lint(`https://cdn.example.com/${name}`, 'video');
    assert.equal(found.map((f) => f.id), ['rcs-media@6:12'], name);
    assert.match(found[0]!.message, `RBM plays videos as MP4, M4V, MPEG, MPEG-4, H.263 or WebM, not .${name.split(/[?#]/)[0]!.split('.').pop()!.toLowerCase()} (a bare video stream`);
    assert.match(found[0]!.message, 'convert the video');
  }
  const card = finishProject([lintBytes('c.yaml', Buffer.from('channel: telco-rcs\nname: rcs_card\nlanguage: en_US\nmessage:\n  type: rich_card\n  richCards:\n    - title: Repotting\n      fileUrl: https://cdn.example.com/v/repot.h264\n      thumbnailUrl: https://cdn.example.com/v/repot.jpg\n'), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} });
  assert.equal(card.filter((d) => d.ruleId === 'rcs-media').map((d) => `${d.ruleId}@${d.line}:${d.column}`), ['rcs-media@8:16']);
  // the types RBM lists pass
  for (const name of ['clip.mp4', 'clip.m4v', 'clip.webm', 'clip.mpeg', 'clip.h263']) assert.equal(lint(`https://cdn.example.com/${name}`, 'video'), [], name);
});

test.run();
