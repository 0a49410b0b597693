// Pure: rule channel-kind. The config says what kind each channel alias is
// (`channels.<alias>.kind: whatsapp | rcs`); a template must fit it: an RCS-only template (a
// `message` and no `body`) cannot go to a WhatsApp channel, a WhatsApp-only template (no
// `message`) cannot go to an RCS channel. A template with both is fine on either.
import type { Loose } from '../../model/loose.js';

export const CHANNEL_KIND_RULE_ID = 'channel-kind';
export type ChannelKind = 'whatsapp' | 'rcs';
export type { TemplateContent } from '../facts.js';
import type { TemplateContent } from '../facts.js';
import { googleContentMessageKey } from '../scope.js';

const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);

export function contentOf(t: Loose): TemplateContent {
  const rcs = isObject(t.message);
  // `contentMessage:` (Google's RBM name of the message) and no body: an RCS template written in Google's names
  if (!rcs) return t.body === undefined && googleContentMessageKey(t) !== undefined ? 'rcs' : 'whatsapp';
  return t.body === undefined ? 'rcs' : 'both';
}

/** The finding's message when a template of `content` does not fit a channel of `kind`, else undefined. */
export function channelKindProblem(alias: string, kind: ChannelKind, content: TemplateContent): string | undefined {
  if (content === 'both' || content === kind) return undefined;
  return content === 'rcs'
    ? `Channel '${alias}' is a WhatsApp channel (channels.${alias}.kind in the config), and this template is RCS-only (an RCS message, \`message:\` or Google's \`contentMessage:\`, and no \`body:\`): WhatsApp cannot send it. Use an RCS channel, or write a WhatsApp body.`
    : `Channel '${alias}' is an RCS channel (channels.${alias}.kind in the config), and this is a WhatsApp template (no message): RCS cannot send it. Use a WhatsApp channel, or write the RCS message.`;
}

/**
 * The channel a template names, as the config's alias when it names the channel by a UUID an
 * environment gives an alias (`channels.ids`: the first alias of each UUID): a file that names the
 * channel by its id and one that names it by its alias are of one channel.
 */
export function channelAliasOf(ids: Readonly<Record<string, string>> | undefined, channel: string): string {
  const id = channel.toLowerCase();
  return (ids && Object.prototype.hasOwnProperty.call(ids, id) ? ids[id] : undefined) ?? channel;
}
