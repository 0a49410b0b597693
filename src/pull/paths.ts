// Pure: where a new template file goes when the path pull would give it (NAME.LANG.yaml in the folder it writes to) is
// another template's, the rule pull and `new` share. Identity is (channel, name, language): an RCS template and a WhatsApp
// one of the same name and language are two templates, and the usual multi-channel project has both. The second is
// written in its channel's folder under that folder (templates/shop-rcs/order_shipped.en_US.yaml, the layout of the
// samples: a folder per channel), else, where the config's globs would not take that folder, or it is taken too, beside
// the first with its id after the language (order_shipped.en_US.038a59a6.yaml): never over the other template's file.
import path from 'node:path';
import { templateExtension } from '../files/extension.js';
import { safeFileName } from '../model/to-file.js';
import { inTemplateGlobs } from './in-globs.js';
import type { Config } from '../config/load.js';

/** a channel's alias as a folder name: its letters, digits, `-`, `_` and `.` (another character `_`), never `.` or `..` */
export function channelFolder(alias: string): string {
  const clean = alias.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100);
  return /^\.*$/.test(clean) ? `channel_${clean.length}` : clean;
}

/**
 * The paths a template's new file may take in `dir`, in the order they are tried: the usual NAME.LANG.yaml; the same in
 * the channel's folder under `dir` (unless `dir` is that folder already, or the config's globs take the first and not
 * this one); the first with the first 8 digits of the template's id after the language. Each has the extension the globs
 * take there.
 */
export function placeCandidates(config: Pick<Config, 'dir' | 'templates'>, dir: string, t: { alias: string; name: string; language: string; id?: string }): string[] {
  const file = (folder: string, suffix = ''): string => path.join(folder, safeFileName(t.name, t.language, (stem) => `${suffix}${templateExtension(config, folder, stem + suffix)}`));
  const first = file(dir);
  const out = [first];
  const folder = channelFolder(t.alias);
  if (path.basename(dir) !== folder) {
    const own = file(path.join(dir, folder));
    if (!inTemplateGlobs(config, first) || inTemplateGlobs(config, own)) out.push(own);
  }
  if (t.id) out.push(file(dir, `.${t.id.toLowerCase().replace(/[^0-9a-f]/g, '').slice(0, 8)}`));
  return out;
}

/** the channel's folder under `dir` that placeCandidates gives a second template (for `new --dir`), or undefined where it gives none */
export function channelFolderFor(config: Pick<Config, 'dir' | 'templates'>, dir: string, t: { alias: string; name: string; language: string }): string | undefined {
  const own = placeCandidates(config, dir, t)[1];
  return own ? path.dirname(own) : undefined;
}

/** a template's identity as the user names it: `channel/name/language` */
export const identity = (t: { channel: string; name: string; language: string }): string => `${t.channel}/${t.name}/${t.language}`;
