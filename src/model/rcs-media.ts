// Pure: what RBM does with an RCS media file by its kind, read from its URL (the extension of its
// path, not of a query or a fragment). ONE table (MEDIA) of the files by extension: lint's rcs-media
// and rcs-video-file, the preview, and export/pull --to/--from twilio into an RCS channel all ask it,
// so that none of them takes a file for another kind than the others do (trial-br F1: the Twilio
// export had a narrower idea of a video than lint and refused the .webm, .m4v, .mpeg, .mpg and .h263
// videos lint and Google take).

/** The extension of a URL's path (the part before ? or #), or undefined when its last segment has none (a version like v1.2 is none). */
export function urlExtension(u: string): string | undefined {
  const last = u.split(/[?#]/)[0]!.replace(/^https?:\/\/[^/]*/i, '').split('/').pop() ?? '';
  const m = /\.([a-z0-9]*[a-z][a-z0-9]*)$/i.exec(last);
  return m !== null && m[1]!.length <= 5 ? m[1] : undefined;
}

/** What a file is by its extension: an image, a video, audio, a PDF or another document. */
export type MediaKind = 'image' | 'video' | 'audio' | 'pdf' | 'document';

/**
 * Google's files.create (RBM reference, fileUrl): "RBM supports images, audio, video, and PDF", with
 * the content types:
 *   images: image/jpeg, image/jpg, image/gif, image/png;
 *   audio:  audio/aac, audio/mp3, audio/mpeg, audio/mpg, audio/mp4, audio/mp4-latm, audio/3gpp, application/ogg, audio/ogg;
 *   video:  video/h263, video/m4v, video/mp4, video/mpeg, video/mpeg4, video/webm;
 *   PDF:    application/pdf.
 * (Dialogflow's RbmCardContent.RbmMedia lists the same images and videos for a card's media.)
 */
const RBM_TYPES = {
  image: ['image/jpeg', 'image/jpg', 'image/gif', 'image/png'],
  audio: ['audio/aac', 'audio/mp3', 'audio/mpeg', 'audio/mpg', 'audio/mp4', 'audio/mp4-latm', 'audio/3gpp', 'application/ogg', 'audio/ogg'],
  video: ['video/h263', 'video/m4v', 'video/mp4', 'video/mpeg', 'video/mpeg4', 'video/webm'],
  pdf: ['application/pdf'],
} as const;
type RbmType = (typeof RBM_TYPES)[keyof typeof RBM_TYPES][number];

/**
 * The files by extension: `kind`, what a file of it is (a .mov is a video whether RBM plays it or
 * not); `rbm`, the content types of Google's list (RBM_TYPES) a file of it is served as, none where
 * RBM takes no file of it. An extension of two kinds in Google's list is both: an .mp4 is video/mp4
 * or audio/mp4, an .mpeg video/mpeg or audio/mpeg. A .3gp is a 3GPP file, a phone's video as often
 * as its voice recording, but Google lists 3GPP as audio alone (audio/3gpp; no video/3gpp): RBM
 * sends it as a file of audio and plays no 3GP video.
 */
const MEDIA: Readonly<Record<string, { kind: MediaKind; rbm: readonly RbmType[] }>> = {
  jpg: { kind: 'image', rbm: ['image/jpeg', 'image/jpg'] },
  jpeg: { kind: 'image', rbm: ['image/jpeg', 'image/jpg'] },
  png: { kind: 'image', rbm: ['image/png'] },
  gif: { kind: 'image', rbm: ['image/gif'] },
  ...Object.fromEntries(['webp', 'bmp', 'tif', 'tiff', 'svg', 'heic', 'heif', 'avif'].map((e) => [e, { kind: 'image', rbm: [] }])),
  mp4: { kind: 'video', rbm: ['video/mp4', 'video/mpeg4', 'audio/mp4', 'audio/mp4-latm'] },
  m4v: { kind: 'video', rbm: ['video/m4v'] },
  mpeg: { kind: 'video', rbm: ['video/mpeg', 'audio/mpeg', 'audio/mpg'] },
  mpg: { kind: 'video', rbm: ['video/mpeg', 'audio/mpeg', 'audio/mpg'] },
  mpeg4: { kind: 'video', rbm: ['video/mpeg4'] },
  h263: { kind: 'video', rbm: ['video/h263'] },
  webm: { kind: 'video', rbm: ['video/webm'] },
  '3gp': { kind: 'video', rbm: ['audio/3gpp'] },
  '3gpp': { kind: 'video', rbm: ['audio/3gpp'] },
  // a phone's QuickTime video, other containers, and bare streams (.h264: the codec's frames without the container RBM plays)
  ...Object.fromEntries(['mov', 'qt', '3g2', 'mkv', 'avi', 'wmv', 'flv', 'h264', '264', 'h265', '265', 'hevc', 'ogv', 'm2ts', 'mts'].map((e) => [e, { kind: 'video', rbm: [] }])),
  aac: { kind: 'audio', rbm: ['audio/aac'] },
  mp3: { kind: 'audio', rbm: ['audio/mp3', 'audio/mpeg', 'audio/mpg'] },
  m4a: { kind: 'audio', rbm: ['audio/mp4'] },
  ogg: { kind: 'audio', rbm: ['audio/ogg', 'application/ogg'] },
  oga: { kind: 'audio', rbm: ['audio/ogg'] },
  // application/ogg's own extension (RFC 5334)
  ogx: { kind: 'audio', rbm: ['application/ogg'] },
  ...Object.fromEntries(['opus', 'amr', 'wav', 'flac', 'wma'].map((e) => [e, { kind: 'audio', rbm: [] }])),
  pdf: { kind: 'pdf', rbm: ['application/pdf'] },
  ...Object.fromEntries(['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt', 'csv', 'zip', 'vcf', 'ics', 'html', 'htm', 'apk'].map((e) => [e, { kind: 'document', rbm: [] }])),
};

const kindOfType = (t: RbmType): MediaKind => (t === 'application/pdf' ? 'pdf' : t === 'application/ogg' ? 'audio' : t.split('/')[0] as MediaKind);

/** What the table says of a URL's file: its extension (lower case), its kind, and the kinds RBM takes it as (none: RBM takes no file of it); undefined for an extension it does not know, or none. */
export function mediaOf(u: string): { ext: string; kind: MediaKind; rbm: readonly MediaKind[] } | undefined {
  const ext = urlExtension(u)?.toLowerCase();
  const m = ext === undefined ? undefined : MEDIA[ext];
  return m && { ext: ext!, kind: m.kind, rbm: [...new Set(m.rbm.map(kindOfType))] };
}

/** The kind of a URL's file, by the table (undefined: its extension says none). */
export function mediaKind(u: string): MediaKind | undefined {
  return mediaOf(u)?.kind;
}

/** Whether RBM takes the URL's file as `kind` (Google's list has a content type of that kind for its extension). */
export function rbmTakesAs(u: string, kind: MediaKind): boolean {
  return mediaOf(u)?.rbm.includes(kind) ?? false;
}

/** The video types RBM plays (Google's video/h263, m4v, mp4, mpeg, mpeg4, webm), as lint's rcs-media names them. */
export const RBM_VIDEOS = 'MP4, M4V, MPEG, MPEG-4, H.263 or WebM';
/** The audio RBM sends as a file (Google's audio/aac, mp3, mpeg, mpg, mp4, mp4-latm, 3gpp, ogg and application/ogg), as lint's rcs-media names it. */
export const RBM_AUDIO = 'MP3, AAC, M4A, OGG, 3GP';

/**
 * What a file message's file is on the phone: its kind by the table, but the kind RBM takes it as
 * where Google's list has it of one kind alone (a .3gp: audio, Google's audio/3gpp). A PDF, audio, an
 * image, a video, a document, or undefined where the URL does not tell.
 */
export function fileMessageKind(u: string): MediaKind | undefined {
  const m = mediaOf(u);
  if (!m) return undefined;
  return m.rbm.length === 1 ? m.rbm[0] : m.kind;
}

/**
 * A file that takes no thumbnail, by its URL: Google's ContentInfo.thumbnailUrl is "(Optional, for
 * image and video files only)", so a PDF's or an audio file's thumbnail is no part of RBM's message.
 * Its kind, or undefined for an image, a video, or a file whose URL does not tell.
 */
export function takesNoThumbnail(fileUrl: string): 'a PDF' | 'audio' | undefined {
  const kind = fileMessageKind(fileUrl);
  return kind === 'pdf' ? 'a PDF' : kind === 'audio' ? 'audio' : undefined;
}

/**
 * The RCS message type a file's URL tells (`picture` an image, `video` a video, `file` anything
 * else, or a URL that tells nothing): what pull --from twilio writes for a twilio/media, which has
 * no message type of its own (Twilio sends a file as the content type it is served with tells).
 */
export function messageTypeOfUrl(u: string): 'picture' | 'video' | 'file' {
  const kind = mediaKind(u);
  return kind === 'image' ? 'picture' : kind === 'video' ? 'video' : 'file';
}
