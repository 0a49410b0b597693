// Pure: what RBM does with an RCS media file by its kind, read from its URL (the extension of its
// path, not of a query or a fragment): lint's rcs-media and the preview ask the same questions here.

/** The extension of a URL's path (the part before ? or #), or undefined when its last segment has none (a version like v1.2 is none). */
export function urlExtension(u: string): string | undefined {
  const last = u.split(/[?#]/)[0]!.replace(/^https?:\/\/[^/]*/i, '').split('/').pop() ?? '';
  const m = /\.([a-z0-9]*[a-z][a-z0-9]*)$/i.exec(last);
  return m !== null && m[1]!.length <= 5 ? m[1] : undefined;
}

/** audio files by their extension (files.create's audio/aac, mp3, mpeg, ogg, ...; .mp4 and .3gp are taken for video) */
const AUDIO = /^(aac|mp3|m4a|ogg|oga|opus|amr|wav)$/i;

/**
 * A file that takes no thumbnail, by its URL: Google's ContentInfo.thumbnailUrl is "(Optional, for
 * image and video files only)", so a PDF's or an audio file's thumbnail is no part of RBM's message.
 * Its kind, or undefined for an image, a video, or a file whose URL does not tell.
 */
export function takesNoThumbnail(fileUrl: string): 'a PDF' | 'audio' | undefined {
  const ext = urlExtension(fileUrl);
  if (ext === undefined) return undefined;
  if (/^pdf$/i.test(ext)) return 'a PDF';
  return AUDIO.test(ext) ? 'audio' : undefined;
}
