// RCS rules (Google RBM) for the channel-neutral `message` of a template, one pure check each.
import { reportSchema } from './schema.js';
import { ACTION_KEYS } from './suggestions.js';
import { RBM_REPAIR_TITLE, rbmSuggestionFinding, rbmSuggestionRepairs } from './rbm-names.js';
import { wholeTemplate } from '../scope.js';
import { charLength, renderText } from '../../model/placeholders.js';
import { firstNonGsm, smsPartsInWords, smsSize, smsUnitsInWords } from '../../model/sms.js';
import { rfc3339Capitals, rfc3339Ms, rfc3339Shape } from '../../model/time.js';
import { an, arr, blank, defineRules, indexed, obj, str, type Change, type Loose, type Indexed, type RuleContext } from '../rule.js';
import { certainE164, E164 } from '../../model/phone-numbers.js';
import { ordinal } from './whatsapp.js';
import { urlAddressProblem } from '../../model/urls.js';
import { isStandInTime } from '../../model/values.js';
import { foreignCharacters, shownWithEscapes } from '../../model/written-characters.js';
import { keysNotCarriedOnRcs } from '../../model/canonical.js';
import { cardLayout, horizontalMediaAlone } from '../../model/rcs-card-fit.js';
import { fileMessageKind, mediaKind, mediaOf, RBM_AUDIO, RBM_VIDEOS, takesNoThumbnail, urlExtension } from '../../model/rcs-media.js';

type Path = (string | number)[];

/** what the helpers below read of a rule's context: its template (a repair's context too) */
type Seen = Pick<RuleContext, 't'>;
function message(ctx: Seen): Loose | undefined { return obj(ctx.t.message); }
/**
 * The cards' layout (rcsRichCardsOpts) of a rich_card message, or of one whose type is not written
 * (the schema says that); on a text, picture, video or file message it lays out nothing: rcs-message-shape
 * says once that the cards and their layout belong to type rich_card, and no layout rule speaks of them.
 */
function laidOut(ctx: RuleContext): boolean {
  const m = message(ctx);
  return m !== undefined && (m.type === 'rich_card' || typeof m.type !== 'string');
}
const layoutOf = (ctx: RuleContext): Loose | undefined => (laidOut(ctx) ? obj(message(ctx)!.rcsRichCardsOpts) : undefined);
/** the cards a layout rule lays out: none on a message of another type than rich_card (see laidOut) */
const laidOutCards = (ctx: RuleContext): readonly Indexed[] => (laidOut(ctx) ? cards(ctx) : NO_CARDS);
const NO_CARDS: readonly Indexed[] = Object.freeze([]);
const cards = (ctx: Seen): readonly Indexed[] => indexed(message(ctx)?.richCards);
/** the template whose suggestions were asked for last, and them: its rules ask one after the other (no WeakMap of every template of the run: rule.ts indexed) */
let lastOf: { t: Loose; out: readonly { s: Loose; path: Path }[] } | undefined;
/** every suggestion of the message, message-level and on cards, with its path */
function suggestions(ctx: Seen): readonly { s: Loose; path: Path }[] {
  if (message(ctx) === undefined) return NONE;
  if (lastOf?.t !== ctx.t) lastOf = { t: ctx.t, out: allSuggestions(ctx) };
  return lastOf.out;
}
const NONE: readonly never[] = Object.freeze([]);
/**
 * every suggestion of the message in tplsync's shape: one in Google's RBM shape (`reply: {...}`,
 * `action: { dialAction: ... }`, `viewLocationAction:`) has its one finding at the Google key, with the
 * suggestion as tplsync writes it (rbm-names.ts); the rules of its action's keys would say the same again
 */
function allSuggestions(ctx: Seen): { s: Loose; path: Path }[] {
  const out: { s: Loose; path: Path }[] = [];
  const add = (v: unknown, path: Path): void => { const s = obj(v); if (s && !rbmSuggestionFinding(path, s)) out.push({ s, path }); };
  arr(message(ctx)?.suggestions).forEach((v, k) => add(v, ['message', 'suggestions', k]));
  for (const { v: c, i } of cards(ctx)) {
    arr(c.suggestions).forEach((v, k) => add(v, ['message', 'richCards', i, 'suggestions', k]));
  }
  return out;
}
const isHttpUrl = (u: string): boolean => { try { const x = new URL(u); return x.protocol === 'https:' || x.protocol === 'http:'; } catch { return false; } };
const rbm = 'RBM phones.agentMessages';
/** a placeholder as the texts write one (named or numbered) */
const CHIP_PLACEHOLDER = /\{\{\s*[A-Za-z0-9_]+\s*\}\}/;

/** RBM: ttl and expireTime are at most 15 days after the message is submitted */
const RBM_MAX_TTL_SECONDS = 15 * 86400;

export const rcsRules = defineRules([
  {
    id: 'rcs-message-length', group: 'rcs', severity: 'error', summary: 'The RCS message text has at most 3072 characters.',
    why: 'RBM rejects longer text messages.', fix: 'Shorten `message.message`.', source: 'RBM AgentContentMessage',
    check(ctx) {
      const m = str(message(ctx)?.message);
      if (m !== undefined && charLength(m) > 3072) ctx.report(['message', 'message'], `The message text is ${charLength(m)} characters; the limit is 3072.`);
    },
  },
  {
    id: 'rcs-message-shape', group: 'rcs', severity: 'error', summary: 'A rich_card message has richCards; a picture, video or file message has fileUrl; a text or rich_card message has no fileUrl or thumbnailUrl of its own; richCards and their layout (rcsRichCardsOpts) belong to a rich_card message only.',
    why: 'Without its content the message cannot be rendered; content of another type is not sent (cards and their layout on a text or picture message mean nothing).', fix: 'Add the cards or the media URL, or change `message.type`; remove richCards and rcsRichCardsOpts from a message that is not a rich_card.',
    source: 'tplsync (the message types of the partner messaging API)',
    check(ctx) {
      const m = message(ctx);
      if (!m) return;
      const n = arr(m.richCards).length;
      if (m.type === 'rich_card' && n === 0) ctx.report(['message', 'type'], 'A rich_card message needs `richCards` with at least one card.');
      // cards and their layout on a text or media message: said once, here (the layout rules leave such a message alone)
      if (m.type !== 'rich_card' && typeof m.type === 'string') {
        const opts = m.rcsRichCardsOpts !== undefined;
        if (m.richCards !== undefined) ctx.report(['message', 'richCards'], `richCards${opts ? ' and their layout (rcsRichCardsOpts) are' : ' are'} only sent with type rich_card, not ${m.type}.`, { part: 'key' });
        else if (opts) ctx.report(['message', 'rcsRichCardsOpts'], `rcsRichCardsOpts lays out the cards of a rich_card message: it is only sent with type rich_card, and this message is of type ${m.type}, with no cards to lay out. Remove it, or make the message a rich_card with its richCards.`, { part: 'key' });
      }
      if ((m.type === 'picture' || m.type === 'video' || m.type === 'file') && !str(m.fileUrl)) ctx.report(['message', 'type'], `A ${m.type} message needs \`fileUrl\`.`);
      if (m.type === 'text' && blank(str(m.message) ?? '')) ctx.report(['message', 'type'], 'A text message needs non-empty `message`.');
      // RBM sends one content a message: a text message's media would be dropped (send refuses it, preview drew it)
      if (m.type === 'text' || m.type === 'rich_card') {
        for (const k of ['fileUrl', 'thumbnailUrl'] as const) {
          if (m[k] !== undefined) ctx.report(['message', k], `${k} is only sent with type picture, video or file, not ${m.type}${m.type === 'rich_card' ? ' (a card has its own fileUrl and thumbnailUrl)' : ''}.`, { part: 'key' });
        }
      }
    },
  },
  {
    id: 'rcs-text-beside-content', group: 'rcs', severity: 'info',
    summary: 'A picture, video, file or rich_card message\'s text (`message.message`) is no part of that RCS message: RBM sends it, if at all, as a message of its own.',
    why: 'Google\'s RBM message holds one content: AgentContentMessage\'s "Union field content can be only one of the following": a text, a file or a rich card. RCS has no caption on media and no text on a card message, so a text written beside them is not drawn on them: the partner sends it as a message of its own (before the media or the cards), or drops it (Twilio drops a carousel\'s body when it sends the carousel over RCS). `tplsync send`, whose conversation request carries a text and no media or card, sends it alone with --text-only (naming the media or cards it leaves out), and the preview draws it as a bubble of its own, before the media or the cards. An info, not a warning: the text may be meant so, or for another channel (the WhatsApp body of a template with both parts, the body Twilio\'s carousel requires).',
    fix: 'Put what the customer must read with the media or the cards on them: in a card\'s title or description (a rich card with the image or video as its media, for a picture or a video). Keep the text if a message of its own (or one another channel shows) is what you mean; remove it if it only repeats the card.',
    source: 'RBM AgentContentMessage',
    check(ctx) {
      const m = message(ctx);
      const text = str(m?.message);
      if (!m || text === undefined || blank(text)) return;
      const what = m.type === 'rich_card' ? (arr(m.richCards).length > 1 ? 'the carousel' : 'the card') : m.type === 'picture' || m.type === 'video' || m.type === 'file' ? `the ${m.type}` : undefined;
      if (what === undefined) return;
      const on = m.type === 'rich_card' ? `no text on ${what}'s message` : 'no caption on media';
      const instead = m.type === 'rich_card' ? `Put what must be read with ${what} in a card's title or description, or keep this text as a message of its own.`
        : m.type === 'file' ? 'Keep this text as a message of its own, or send a text message whose open_url chip links the file.'
        : `For a text shown with ${what}, make it a rich card (${what} as its media, the text as its title or description), or keep this text as a message of its own.`;
      ctx.report(['message', 'message'], `RCS has ${on}: RBM sends one content per message (a text, a file or a rich card), so this text is not shown on ${what}. An RCS phone gets it, if the partner sends it, as a message of its own before ${what} (Twilio drops a carousel's body over RCS); \`tplsync send --text-only\` sends it alone, without ${what}. ${instead}`, { part: 'key' });
    },
  },
  {
    id: 'rcs-suggestions-count', group: 'rcs', severity: 'error', summary: 'At most 11 suggestions on a message and 4 on a card.',
    why: 'RBM rejects more.', fix: 'Remove suggestions.', source: rbm,
    check(ctx) {
      const ms = arr(message(ctx)?.suggestions);
      if (ms.length > 11) ctx.report(['message', 'suggestions', 11], `A message has at most 11 suggestions; this is the ${ordinal(12)} of ${ms.length}.`);
      for (const { v: c, i } of cards(ctx)) {
        const cs = arr(c.suggestions);
        if (cs.length > 4) ctx.report(['message', 'richCards', i, 'suggestions', 4], `A card has at most 4 suggestions; this is the ${ordinal(5)} of ${cs.length}.`);
      }
    },
  },
  {
    id: 'rcs-card-text-length', group: 'rcs', severity: 'error', summary: 'A card title has at most 200 characters, a description at most 2000.',
    why: 'RBM\'s CardContent takes a title of at most 200 characters and a description of at most 2000, counted in characters (code points) whatever the script: an 80-character Japanese title is within it. (Dialogflow\'s RbmCardContent words the same limits in bytes; that is Dialogflow\'s, not RBM\'s, and tplsync does not apply it.)', fix: 'Shorten the title or description.', source: 'RBM CardContent',
    check(ctx) {
      for (const { v: c, i } of cards(ctx)) {
        for (const [k, max] of [['title', 200], ['description', 2000]] as const) {
          const v = str(c[k]);
          if (v !== undefined && charLength(v) > max) ctx.report(['message', 'richCards', i, k], `The card ${k} is ${charLength(v)} characters; the limit is ${max}.`);
        }
      }
    },
  },
  {
    id: 'rcs-card-content', group: 'rcs', severity: 'error', summary: 'A card has at least one of media (fileUrl), title or description; a thumbnailUrl only beside a fileUrl.',
    why: 'RBM rejects empty cards. A card\'s thumbnail is part of its media: RBM\'s CardContent has no thumbnail of its own, only media.contentInfo, where fileUrl is required and thumbnailUrl optional (the preview of that file), so a thumbnailUrl without a fileUrl has nothing to be the preview of and is refused.',
    fix: 'Add a title, a description or media; give a card with a thumbnailUrl its fileUrl (the image or video), or remove the thumbnailUrl.', source: 'RBM rich cards guide',
    check(ctx) {
      const given = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';
      for (const { v: c, i } of cards(ctx)) {
        // a card whose content is written under Google's names (cardContent, media, contentInfo): the schema says, at
        // that key, where tplsync writes it (rbm-names.ts); "no media, title or description" at the card would be its echo
        if (c.cardContent !== undefined || c.media !== undefined || c.contentInfo !== undefined) continue;
        if (![c.fileUrl, c.title, c.description].some(given)) {
          ctx.report(['message', 'richCards', i], 'This card has no media, title or description.');
        }
        if (c.thumbnailUrl !== undefined && !given(c.fileUrl)) {
          ctx.report(['message', 'richCards', i, 'thumbnailUrl'], 'thumbnailUrl is the preview of the card\'s media and RBM sends it only with a fileUrl (media.contentInfo requires fileUrl): add the card\'s fileUrl (the image or video), or remove thumbnailUrl.', { part: 'key' });
        }
      }
    },
  },
  {
    id: 'rcs-suggestion-text', group: 'rcs', severity: 'error', summary: 'A suggestion label has 1 to 25 characters.',
    why: 'RBM\'s SuggestedReply.text and SuggestedAction.text are required and take at most 25 characters: an empty label (a chip with nothing to tap on) or a longer one is refused.',
    fix: 'Write a label of 1 to 25 characters.', source: 'RBM SuggestedReply/SuggestedAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        const t = str(s.text);
        if (t !== undefined && blank(t)) ctx.report([...path, 'text'], `The suggestion text is ${t === '' ? 'empty' : 'blank'}; a chip needs a label of 1 to 25 characters.`);
        else if (t !== undefined && charLength(t) > 25) ctx.report([...path, 'text'], `The suggestion text is ${charLength(t)} characters; the limit is 25.`);
      }
    },
  },
  {
    id: 'rcs-postback-length', group: 'rcs', severity: 'error', summary: 'postbackData has 1 to 2048 characters.',
    why: 'RBM\'s SuggestedReply.postbackData and SuggestedAction.postbackData take 1 to 2048 characters: an empty one tells you nothing of which chip was tapped and a longer one is refused.',
    fix: 'Give postbackData a key of 1 to 2048 characters (keep state on your server and send a key), or leave the key out.', source: 'RBM SuggestedReply/SuggestedAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        const p = str(s.postbackData);
        // open_url: the URL; rcs-open-url says an empty one is no URL
        if (p === '' && s.action !== 'open_url') ctx.report([...path, 'postbackData'], 'postbackData is empty; RBM takes 1 to 2048 characters (a key that tells you which chip was tapped), or leave the key out.');
        else if (p !== undefined && charLength(p) > 2048) ctx.report([...path, 'postbackData'], `postbackData is ${charLength(p)} characters; the limit is 2048.`);
      }
    },
  },
  {
    id: 'rcs-open-url', group: 'rcs', severity: 'error', summary: 'An open_url suggestion opens an absolute http(s) URL (its postbackData).',
    why: 'RBM OpenUrlAction needs an absolute URL.', fix: 'Set postbackData to https://...', source: 'RBM OpenUrlAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        if (s.action !== 'open_url') continue;
        const p = str(s.postbackData);
        if (p === undefined) ctx.report([...path, 'action'], 'An open_url suggestion needs `postbackData`: the URL to open.');
        else if (!isHttpUrl(p)) ctx.report([...path, 'postbackData'], `'${p}' is not an absolute http(s) URL.`);
        else {
          // a space, tab or line break in it, a port no URL takes: as a WhatsApp URL button's address
          const bad = urlAddressProblem(p);
          if (bad) ctx.report([...path, 'postbackData'], bad.message, bad.at ? { at: bad.at } : {});
        }
      }
    },
  },
  {
    id: 'rcs-webview-mode', group: 'rcs', severity: 'warning', summary: 'webviewType is set only with openUrlApplication WEBVIEW, and openUrlApplication WEBVIEW always with a webviewType.',
    why: 'RBM ignores the webview size when the URL opens in the browser. The other way round, RBM\'s OpenUrlAction.webviewViewMode left out is WEBVIEW_VIEW_MODE_UNSPECIFIED, of which Google says "To use webview, a view mode must be specified": a WEBVIEW link without FULL, HALF or TALL has no webview to open in (the preview draws no size it would have to invent).',
    fix: 'Remove webviewType, or set openUrlApplication: WEBVIEW; with WEBVIEW, add webviewType: FULL, HALF or TALL.', source: 'RBM OpenUrlAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        if (s.webviewType !== undefined && s.openUrlApplication !== 'WEBVIEW') {
          ctx.report([...path, 'webviewType'], `webviewType ${String(s.webviewType)} is ignored unless openUrlApplication is WEBVIEW${s.openUrlApplication ? ` (it is ${String(s.openUrlApplication)})` : ''}.`, { part: 'key' });
        } else if (s.action === 'open_url' && s.openUrlApplication === 'WEBVIEW' && s.webviewType === undefined) {
          // RBM's webviewViewMode left out is WEBVIEW_VIEW_MODE_UNSPECIFIED: "To use webview, a view mode must be specified"
          ctx.report([...path, 'openUrlApplication'], 'openUrlApplication WEBVIEW names no webviewType: RBM opens a webview only in a view mode ("To use webview, a view mode must be specified"). Add webviewType: FULL, HALF or TALL, or open the URL in the BROWSER.');
        }
      }
    },
  },
  {
    id: 'rcs-standalone-layout', group: 'rcs', severity: 'error', summary: 'A HORIZONTAL standalone card has imageAlign LEFT or RIGHT.',
    why: 'RBM needs to know on which side the image goes.', fix: 'Set rcsRichCardsOpts.imageAlign to LEFT or RIGHT, or use VERTICAL.', source: 'RBM StandaloneCard',
    check(ctx) {
      const o = layoutOf(ctx);
      if (o?.orientation === 'HORIZONTAL' && o.type !== 'CAROUSEL' && o.imageAlign !== 'LEFT' && o.imageAlign !== 'RIGHT') {
        ctx.report(['message', 'rcsRichCardsOpts', o.imageAlign === undefined ? 'orientation' : 'imageAlign'], 'A HORIZONTAL card needs imageAlign LEFT or RIGHT.');
      }
    },
  },
  {
    id: 'rcs-horizontal-content', group: 'rcs', severity: 'error', summary: 'A HORIZONTAL standalone card with media also has a title, a description or a suggestion.',
    why: 'Google\'s StandaloneCard.CardOrientation.HORIZONTAL: "If a horizontal rich card\'s CardContent contains the media field, it must also include at least a title, description, or suggestions[] field." A horizontal card puts its media on one side and its text and chips on the other; media alone leaves that side empty, and RBM refuses the card. rcs-card-content\'s "at least one of media, title or description" is met by the media alone; this is the horizontal layout\'s own requirement (a VERTICAL card, or a carousel\'s, may be media alone).',
    fix: 'Give the card a title, a description or a suggestion, or use orientation VERTICAL (with its mediaHeight) for media alone.', source: 'RBM StandaloneCard',
    check(ctx) {
      const cs = laidOutCards(ctx);
      // a standalone card is one card: several are rcs-standalone-count's (or a carousel's, which is never horizontal)
      if (cs.length !== 1) return;
      const layout = cardLayout(layoutOf(ctx), 1);
      const { v: c, i } = cs[0]!;
      // a card written under Google's names (cardContent, media): the schema says where tplsync writes it (rcs-card-content)
      if (c.cardContent !== undefined || c.media !== undefined || c.contentInfo !== undefined) return;
      if (horizontalMediaAlone(layout, c)) {
        ctx.report(['message', 'richCards', i], 'This HORIZONTAL card is media alone: Google requires a horizontal card with media to have "at least a title, description, or suggestions[]" beside it, and refuses it otherwise (the preview draws that side empty). Add a title, a description or a suggestion, or use orientation VERTICAL for media alone.');
      }
    },
  },
  {
    id: 'rcs-standalone-count', group: 'rcs', severity: 'error', summary: 'A rich card message of several cards is a CAROUSEL: a STANDALONE one, or one that names no layout, has exactly one card.',
    why: 'A standalone card is one card; several cards are a carousel, which RBM sends only as one (CarouselCard, with its cardWidth).',
    fix: 'Keep one card, or set `rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM }` (SMALL or MEDIUM).', source: 'RBM StandaloneCard',
    check(ctx) {
      const n = laidOut(ctx) ? arr(message(ctx)?.richCards).length : 0;
      if (n <= 1) return;
      const o = layoutOf(ctx);
      // the layout the file writes: a STANDALONE it never wrote is not said (several cards without a layout lack a carousel's)
      if (!o) ctx.report(['message', 'richCards'], `The ${n} cards name no layout: several cards are a carousel, which RBM sends with its type and card width; add \`rcsRichCardsOpts: { type: CAROUSEL, cardWidth: MEDIUM }\` (cardWidth SMALL or MEDIUM), or keep one card.`, { part: 'key' });
      else if (o.type === undefined) ctx.report(['message', 'rcsRichCardsOpts'], `rcsRichCardsOpts names no type, and a message of ${n} cards is a carousel: add \`type: CAROUSEL\`${o.cardWidth === undefined ? ' and its `cardWidth: SMALL` or `MEDIUM`' : ''}, or keep one card.`, { part: 'key' });
      else if (o.type === 'STANDALONE') ctx.report(['message', 'richCards', 1], `A STANDALONE message has exactly one card; it has ${n}. For 2 to 10 cards set \`rcsRichCardsOpts.type: CAROUSEL\` (with its cardWidth), or keep one card.`);
    },
  },
  {
    id: 'rcs-carousel', group: 'rcs', severity: 'error', summary: 'A carousel has 2 to 10 cards; SMALL cards cannot take TALL media.',
    why: 'RBM CarouselCard limits.', fix: 'Keep 2 to 10 cards; use MEDIUM width or shorter media.', source: 'RBM CarouselCard',
    check(ctx) {
      const o = layoutOf(ctx);
      if (o?.type !== 'CAROUSEL') return;
      const n = arr(message(ctx)?.richCards).length;
      if (n < 2) ctx.report(['message', 'rcsRichCardsOpts', 'type'], `A carousel has 2 to 10 cards; it has ${n}.`);
      if (n > 10) ctx.report(['message', 'richCards', 10], `A carousel has at most 10 cards; this is card 11 of ${n}.`);
      if (o.cardWidth === 'SMALL' && o.mediaHeight === 'TALL') ctx.report(['message', 'rcsRichCardsOpts', 'mediaHeight'], 'SMALL carousel cards cannot take TALL media; use SHORT or MEDIUM, or cardWidth MEDIUM.');
    },
  },
  {
    id: 'rcs-expiry', group: 'rcs', severity: 'error',
    summary: 'Expiry is TTL with `ttl` or EXPIRE_TIME with a future `expireTime`, never both.',
    why: 'RBM takes one expiry; an expiry in the past means the message is never delivered.',
    fix: 'Set type TTL with ttl (seconds), or type EXPIRE_TIME with an RFC 3339 time (Z or an offset) in the future.', source: rbm,
    check(ctx) {
      const e = obj(message(ctx)?.rcsExpireOpts);
      if (!e) return;
      const base: Path = ['message', 'rcsExpireOpts'];
      if (e.ttl !== undefined && e.expireTime !== undefined) ctx.report([...base, e.type === 'TTL' ? 'expireTime' : 'ttl'], 'Set either ttl or expireTime, never both.', { part: 'key' });
      if (e.type === 'TTL' && e.ttl === undefined) ctx.report([...base, 'type'], 'Expiry type TTL needs `ttl` (seconds).');
      if (e.type === 'EXPIRE_TIME') {
        const t = str(e.expireTime);
        if (t === undefined) ctx.report([...base, 'type'], 'Expiry type EXPIRE_TIME needs `expireTime`.');
        // written otherwise (no zone, a space for the T): the schema's finding; written so, a day or hour that does not exist is this one's
        else if (rfc3339Shape(t) && rfc3339Ms(t) === undefined) ctx.report([...base, 'expireTime'], `expireTime '${t}' is no real time: its day, hour, minute, second or offset does not exist (the month has fewer days, or a field is out of range).`);
      }
      if (e.type === 'TTL' && e.expireTime !== undefined && e.ttl === undefined) ctx.report([...base, 'expireTime'], 'Expiry type TTL takes `ttl` (seconds), not expireTime; or set type EXPIRE_TIME.', { part: 'key' });
    },
  },
  {
    id: 'rcs-whatsapp-keys', group: 'rcs', severity: 'error',
    summary: 'An RCS-only template (a `message` and no `body`) holds no WhatsApp key its write does not carry: `message_send_ttl_seconds`, `cta_url_link_tracking_opted_out`, a header, footer, buttons, ...',
    why: 'The write of an RCS-only template is its RCS message alone: WhatsApp\'s keys are not sent, so the channel never gives them back, and every plan shows an update that apply sends again, each time sending an approved template back to review. The RCS message has its own expiry (`message.rcsExpireOpts`).',
    fix: 'Remove the key, or give the template a WhatsApp `body` (and `category`) if the channel also sends it on WhatsApp, where the key is carried.',
    source: 'tplsync (the write body of an RCS template, docs/format.md "On an RCS channel")',
    check(ctx) {
      for (const key of keysNotCarriedOnRcs(ctx.t)) {
        ctx.report([key], `\`${key}\` is WhatsApp's, and this template is RCS-only (a message and no body): its write carries the RCS message alone, so the key is not carried and every plan would update the template again, sending it back to review. Remove it${key === 'message_send_ttl_seconds' ? ' (an RCS message\'s expiry is `message.rcsExpireOpts`)' : ''}, or give the template a WhatsApp body and category if the channel also sends it on WhatsApp.`, { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-ttl-limit', group: 'rcs', severity: 'error',
    summary: 'A TTL expiry is at most 15 days (1296000 seconds).',
    why: 'The maximum of ttl and expireTime is 15 days after the message is submitted (Google\'s send messages guide, its message expiration section as served in Chinese: ttl 和 expireTime 的最大值为消息提交后的 15 天): a longer `ttl` is refused. The 30 days the English page names are how long RBM keeps an undelivered message that has no expiry, not a limit on `ttl`.',
    fix: 'Give a ttl of at most 1296000 seconds (15 days).', source: 'RBM send messages guide (message expiration, hl=zh-cn)',
    check(ctx) {
      const e = obj(message(ctx)?.rcsExpireOpts);
      const ttl = e?.ttl;
      if (typeof ttl === 'number' && ttl > RBM_MAX_TTL_SECONDS) {
        ctx.report(['message', 'rcsExpireOpts', 'ttl'], `ttl is ${ttl} seconds, ${ttl - RBM_MAX_TTL_SECONDS} more than RBM's 15 days (1296000 seconds).`);
      }
    },
  },
  {
    id: 'rcs-expire-window', group: 'rcs', severity: 'warning',
    summary: 'An EXPIRE_TIME expiry is at most 15 days after the message is sent.',
    why: 'The maximum of ttl and expireTime is 15 days after the message is submitted (Google\'s send messages guide, its message expiration section as served in Chinese; the 30 days of the English page are how long an undelivered message without an expiry is kept): a message sent more than 15 days before its expireTime is refused. The finding depends on the clock: it holds until 15 days before the expireTime, when messages of this template can be sent.',
    fix: 'Send the campaign within 15 days of its expireTime, or bring the expireTime closer (or use a ttl of at most 15 days).',
    source: 'RBM send messages guide (message expiration, hl=zh-cn)',
    check(ctx) {
      const e = obj(message(ctx)?.rcsExpireOpts);
      const t = str(e?.expireTime);
      if (e?.type !== 'EXPIRE_TIME' || t === undefined) return;
      const ms = rfc3339Ms(t);
      const from = ms === undefined ? undefined : ms - RBM_MAX_TTL_SECONDS * 1000;
      // reached: the verdict is kept (lint --cache) until the first instant a send is within the window
      if (from !== undefined && !ctx.reached(from)) {
        ctx.report(['message', 'rcsExpireOpts', 'expireTime'], `expireTime ${t} is more than 15 days away: RBM refuses a message sent more than 15 days before its expiry, so this template can be sent from ${new Date(from).toISOString()} on.`);
      }
    },
  },
  {
    id: 'rcs-expired', group: 'rcs', severity: 'error', holdsOnlyItsTemplate: true,
    summary: 'An EXPIRE_TIME expiry is in the future.',
    why: 'A message whose expireTime has passed is never delivered: the campaign is over. The finding depends on the clock, not on your change, so it keeps only this template from being planned and applied; every other template still plans and applies. An expireTime that is an environment value, `((campaign_end))`, is judged with the environment\'s value by lint --env, plan and export --env, and holds its template back the same way.',
    fix: 'Retire the finished campaign: delete its file (the plan then reports it as an orphan with --base; the API has no delete, so remove it in the console if it should go), or give it a new expireTime if it runs again.',
    source: rbm,
    check(ctx) {
      const e = obj(message(ctx)?.rcsExpireOpts);
      const t = str(e?.expireTime);
      if (e?.type !== 'EXPIRE_TIME' || t === undefined) return;
      // a time that is no time (2026-02-30) is rcs-expiry's finding, not a past one
      const ms = rfc3339Ms(t);
      if (ms !== undefined && ctx.reached(ms)) {
        ctx.report(['message', 'rcsExpireOpts', 'expireTime'], `expireTime ${t} is in the past: the campaign is over and the message would never be delivered. This template is held back from plan and apply; retire it by deleting its file.`);
      }
    },
  },
  {
    id: 'rcs-preview-url', group: 'rcs', severity: 'error', summary: 'message.previewUrl, when it is given, is an absolute http(s) URL without a {{placeholder}}, checked as every other URL of the message.',
    why: 'The partner API carries a message\'s previewUrl (a string, or null) to the channel as it is written; RBM itself has no such field and tplsync send does not send it. A URL the channel stores must still be one: another scheme (ftp://), a relative path or a space in it is refused, as in an open_url suggestion\'s URL. Nothing fills a placeholder there (a message\'s placeholders are filled in its text, its cards\' titles and descriptions and its fallback, when it is sent), so `{{1}}` would be stored as written, braces and all.',
    fix: 'Write the absolute https:// address, or remove previewUrl; for an address that differs by environment, use an environment value, ((name)), not a placeholder.', source: 'tplsync: the partner API\'s message.previewUrl is a URL',
    check(ctx) {
      const u = message(ctx)?.previewUrl;
      if (typeof u !== 'string') return;
      const path = ['message', 'previewUrl'];
      // a placeholder is filled in the message's texts only: the channel stores previewUrl as written, braces and all
      const ph = CHIP_PLACEHOLDER.exec(u);
      if (ph) ctx.report(path, `previewUrl is stored as written: ${ph[0]} in it is never filled in (placeholders are filled in the message text, the cards' titles and descriptions, and the fallback), so the channel would keep the braces. Write the full https:// address; for one that differs by environment, an environment value: ((shop_host))/lounge, with shop_host under the config's values.`, { at: { start: ph.index, end: ph.index + ph[0].length } });
      else if (!isHttpUrl(u)) ctx.report(path, `'${u}' is not an absolute http(s) URL.`);
      else {
        const bad = urlAddressProblem(u);
        if (bad) ctx.report(path, bad.message, bad.at ? { at: bad.at } : {});
      }
    },
  },
  {
    id: 'rcs-media', group: 'rcs', severity: 'warning', summary: 'Media is a public https URL; images are JPEG, PNG or GIF (a picture message and a thumbnail are images: a URL with the extension of a video or another file is not); videos are MP4, M4V, MPEG, MPEG-4, H.263 or WebM (not .mov, a bare .h264 stream, or .3gp, which Google lists as audio alone); a video message plays a video, not audio or a document; a rich card\'s media is an image or a video (a PDF only in India, on Google Messages), not audio or another document; a file message is an image, audio (a .3gp too), a video or a PDF, and only an image or a video takes a thumbnail.',
    why: 'RBM fetches media from public https URLs and renders only these image types. A `picture` message and a thumbnail show an image: a video (.mp4) or a document there is refused or shows nothing (rcs-video-file is the reverse case: an image as a video). A rich card\'s media is an image or a video; Google\'s rich cards guide lists a PDF too, but "only available in India on the Google Messages client": elsewhere the card has no media to show. A `file` message is fetched by RBM like other media, and RBM supports images, audio, video and PDF files (files.create lists their content types): a Word document, a spreadsheet, an archive or an app is refused. Google\'s list has 3GPP as audio alone (audio/3gpp, and no video/3gpp): a .3gp file message is audio RBM sends, while a .3gp as a video message or a card\'s media is a video RBM does not play. Its thumbnail is Google\'s ContentInfo.thumbnailUrl, "(Optional, for image and video files only)": on a PDF or an audio file it is no documented part of the message.',
    fix: 'Host the file on https and use .jpg, .png or .gif; for a video, use type video (with the image in thumbnailUrl); send a document as a PDF in a message of type file (a card\'s PDF reaches only Google Messages in India), or link to it with an open_url chip; remove the thumbnailUrl of a PDF or audio file.', source: 'RBM ContentInfo, files.create',
    check(ctx) {
      const m = message(ctx);
      if (!m) return;
      // a thumbnail beside a file that takes none (a PDF, audio: ContentInfo.thumbnailUrl is for image and video files only), said
      // at the thumbnail, which is then judged for nothing else (what kind of image it is does not matter: it is not used)
      const fileUrl = str(m.fileUrl);
      const noThumbnail = m.type === 'file' && fileUrl !== undefined && typeof m.thumbnailUrl === 'string' ? takesNoThumbnail(fileUrl) : undefined;
      if (noThumbnail) ctx.report(['message', 'thumbnailUrl'], `Google takes a thumbnail for image and video files only (ContentInfo.thumbnailUrl: "for image and video files only"), and the file (.${urlExtension(fileUrl!)!.toLowerCase()}) is ${noThumbnail}: its thumbnail is no documented part of such a message. Remove thumbnailUrl.`, { part: 'key' });
      // image: the URL can only be an image (a picture message, a thumbnail); else a card's media or a video/file message
      const urls: { u: unknown; path: Path; image: boolean }[] = [{ u: m.fileUrl, path: ['message', 'fileUrl'], image: m.type === 'picture' }, ...(noThumbnail ? [] : [{ u: m.thumbnailUrl, path: ['message', 'thumbnailUrl'], image: true }])];
      for (const { v: c, i } of cards(ctx)) {
        urls.push({ u: c.fileUrl, path: ['message', 'richCards', i, 'fileUrl'], image: false }, { u: c.thumbnailUrl, path: ['message', 'richCards', i, 'thumbnailUrl'], image: true });
      }
      for (const { u, path, image } of urls) {
        if (typeof u !== 'string') continue;
        // what the file is, by the one table (model/rcs-media.ts) the preview and the Twilio export read too
        const f = mediaOf(u);
        const cardMedia = path[1] === 'richCards' && path[3] === 'fileUrl';
        const fileMessage = m.type === 'file' && path.length === 2 && path[1] === 'fileUrl';
        if (!/^https:\/\//i.test(u)) ctx.report(path, 'Media must be served from a public https:// URL.');
        else if (f?.kind === 'image' && !f.rbm.length) ctx.report(path, 'RCS images must be JPEG, PNG or GIF.');
        else if (cardMedia && f && (f.kind === 'pdf' || f.kind === 'document' || f.kind === 'audio')) {
          // Google's rich cards guide: media is an image, a video or a PDF, the PDF "only available in India on the Google
          // Messages client"; any other document, or audio, none (RbmMedia lists image and video types alone)
          ctx.report(path, f.kind === 'pdf'
            ? 'Google shows a PDF as a rich card\'s media only in India, on the Google Messages client (rich cards guide: "Supported file types (only available in India on the Google Messages client): PDF"); elsewhere a card\'s media is an image (JPEG, PNG, GIF) or a video, and this card has none to show. Outside India, send the PDF as a message of type file, or link to it with an open_url chip.'
            : f.kind === 'audio'
              ? `A rich card's media is an image (JPEG, PNG, GIF) or a video, not audio (.${f.ext}); send the audio as a message of type file, or link to it with an open_url chip.`
              : `A rich card's media is an image (JPEG, PNG, GIF) or a video, not a .${f.ext} file; send a document as a PDF in a message of type file, or link to it with an open_url chip.`);
        } else if (!image && f?.kind === 'video' && !f.rbm.includes('video') && !(fileMessage && f.rbm.length)) {
          // Google's files.create and RbmMedia list video/h263, m4v, mp4, mpeg, mpeg4 and webm: a phone's .mov is refused or not
          // played; a .3gp is audio to RBM (audio/3gpp; no video/3gpp), which a file message sends (below) and no video plays
          const stream = /^(h26[45]|26[45]|hevc)$/.test(f.ext);
          const audio = f.rbm.includes('audio') ? ` (Google lists 3GPP as audio alone, audio/3gpp: a 3GP voice recording is sent as a message of type file, not as ${cardMedia ? 'a card\'s media' : 'a video'})` : '';
          ctx.report(path, `RBM plays videos as ${RBM_VIDEOS}, not .${f.ext}${stream ? ' (a bare video stream, without the container RBM plays)' : ''}${audio}: convert the video (to MP4 with H.264, say) and link that file.`);
        } else if (image && f && f.kind !== 'image') {
          ctx.report(path, `${path[path.length - 1] === 'thumbnailUrl' ? 'A thumbnail' : 'A picture message'} shows an image (JPEG, PNG or GIF), but ${u} is a .${f.ext} file${f.kind === 'video' && path[path.length - 1] === 'fileUrl' ? '; for a video, use type video (with the image in thumbnailUrl)' : ''}.`);
        } else if (m.type === 'video' && path.length === 2 && path[1] === 'fileUrl' && f && (f.kind === 'audio' || f.kind === 'pdf' || f.kind === 'document')) {
          // a video message's player plays a video (RbmMedia: image and video types); an image there is rcs-video-file's (an error)
          ctx.report(path, `A video message plays a video, but ${u} is ${f.kind === 'audio' ? 'audio' : f.kind === 'pdf' ? 'a PDF' : 'a document'} (.${f.ext}): ${f.rbm.length ? 'send it as a message of type file' : 'link to it with an open_url chip'}, or link the video.`);
        } else if (fileMessage) {
          // RBM files.create: "RBM supports images, audio, video and PDF", each by its content types; a file of another type
          // (a Word document, an archive, an app) is refused when RBM fetches it. By the path's extension; none (or a script's) says nothing.
          const ext = urlExtension(u);
          if (ext !== undefined && !f?.rbm.length && !SCRIPT_PATH.test(ext)) {
            ctx.report(path, `RBM sends a file message of an image (JPEG, PNG, GIF), audio (${RBM_AUDIO}), a video (${RBM_VIDEOS}) or a PDF, not a .${ext.toLowerCase()} file; send a PDF, or link to the file with an open_url chip.`);
          }
        }
      }
    },
  },
  {
    id: 'rcs-action-keys', group: 'rcs', severity: 'error',
    summary: 'A suggestion takes only the keys of its action, and the keys that action needs.',
    why: 'Each RBM suggested action has its own fields (dial: phoneNumber; view_location: latLong, label, query; create_calendar_event: startTime, endTime, title, description; open_url: openUrlApplication, webviewType). A key of another action is dropped or refused, and a dial chip without a number calls no one.',
    fix: 'Move the key to a suggestion of the action it belongs to, or change `action`; add the key the action needs. A suggestion written in Google\'s RBM shape (`reply: { text, postbackData }`, `action: { ..., openUrlAction: { url } }`, `dialAction:` on the suggestion) is written flat, as the finding spells it out, by `tplsync lint --fix` (or the editor\'s quick fix); one whose action is not said (`action: { text, postbackData }`) is left to you.', source: 'RBM SuggestedAction',
    // the keys of each action are the schema's (suggestions.ts words its errors on them); a key the action needs given
    // as a text of spaces alone is as missing (the request drops an empty text, and the review refuses it as missing)
    check(ctx) {
      reportSchema(ctx, 'rcs-action-keys');
      for (const { s, path } of suggestions(ctx)) {
        const keys = typeof s.action === 'string' ? ACTION_KEYS[s.action]?.required ?? [] : [];
        for (const k of keys) {
          const v = s[k];
          if (typeof v === 'string' && blank(v)) ctx.report([...path, k], `${an(String(s.action)).replace(/^a/, 'A')} suggestion needs '${k}', and this one is ${v === '' ? 'empty' : 'blank (spaces or invisible characters)'}: write it, or remove the suggestion.`);
        }
      }
    },
    // a suggestion in Google's RBM shape whose finding says what to write (`Write it as { ... }`), written so
    repair: (ctx) => rbmSuggestionRepairs(wholeTemplate(ctx.t), 'message'),
    repairTitle: RBM_REPAIR_TITLE,
    quickFixTitle: 'Write the suggestion in Google\'s RBM shape flat',
  },
  {
    id: 'rcs-dial', group: 'rcs', severity: 'error', summary: 'A dial suggestion calls a phone number in E.164 form (+, country code, at most 15 digits).',
    why: 'RBM DialAction takes the number in E.164 form; anything else is refused or dials the wrong number.',
    fix: 'Write the number as +<country code><number>, without spaces, e.g. +4930123456.', source: 'RBM DialAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        const n = str(s.phoneNumber);
        if (s.action === 'dial' && n !== undefined && !E164.test(n)) {
          // the trunk 0 written in brackets after the country code (+44 (0)20 ...) is not dialled from abroad: left out; but
          // where the 0 is a digit of the number (Italy's +39 06 ...) it is dialled: both numbers said, and no repair
          // (an invisible mark, Arabic-Indic digits: copied from an app in another script; named, and left out of the number to write)
          const foreign = foreignCharacters(n);
          const fixed = (foreign?.fixed ?? n).replace(/\(0\)/g, '').replace(/[\s().-]/g, '');
          const kept = (foreign?.fixed ?? n).replace(/[\s().-]/g, '');
          const write = !E164.test(fixed) ? '; write +<country code><number>, e.g. +4930123456'
            : kept !== fixed && E164.test(kept) ? `; write '${fixed}' if the (0) is a trunk 0, not dialled from abroad (the UK's +44 (0)20), or '${kept}' if it is dialled (Italy's +39 06)`
            : `; write '${fixed}'`;
          ctx.report([...path, 'phoneNumber'], `'${shownWithEscapes(n)}' ${foreign ? `${foreign.said}, so it ` : ''}is not an E.164 number${write}.`);
        }
      }
    },
    // a number written with its country code and grouped (+49 30 123456), or copied with an invisible mark: its digits
    // after the +; a `(0)` is left (a trunk 0 in one country, a digit of the number in another: model/phone-numbers.ts)
    repair(ctx) {
      const out: Change[] = [];
      for (const { s, path } of suggestions(ctx)) {
        const n = str(s.phoneNumber);
        const fixed = s.action === 'dial' && n !== undefined ? certainE164(n) : undefined;
        if (fixed !== undefined) out.push({ op: 'set', path: [...path, 'phoneNumber'], value: fixed });
      }
      return out;
    },
    repairTitle: 'Write the number in E.164 form, its digits after the + alone (+49 30 123456 is +4930123456)',
    quickFixTitle: 'Write the number in E.164 form (+4930123456)',
  },
  {
    id: 'rcs-view-location', group: 'rcs', severity: 'error',
    summary: 'A view_location suggestion shows latLong (latitude -90..90, longitude -180..180) or a query.',
    why: 'RBM ViewLocationAction needs a place: coordinates, or a query for the maps app. A query beside latLong, or a label beside a query, is rcs-view-location-mixed\'s (a warning: Google does not say it refuses them).',
    fix: 'Add `latLong: { latitude: ..., longitude: ... }` (with a `label`), or `query: "..."`.', source: 'RBM ViewLocationAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        if (s.action !== 'view_location') continue;
        const ll = obj(s.latLong);
        if (!ll && str(s.query) === undefined) { ctx.report([...path, 'action'], 'A view_location suggestion needs `latLong` or `query`.'); continue; }
        // an empty query finds no place (the request drops it: the review refuses the suggestion as having neither)
        if (!ll && blank(str(s.query)!)) { ctx.report([...path, 'query'], `A view_location suggestion's query is what the maps app searches for; this one is ${s.query === '' ? 'empty' : 'blank (spaces or invisible characters)'}: write the place, or give latLong.`); continue; }
        if (ll) {
          for (const [k, max] of [['latitude', 90], ['longitude', 180]] as const) {
            const v = ll[k];
            if (typeof v === 'number' && (v < -max || v > max)) ctx.report([...path, 'latLong', k], `${k} ${v} is out of range; it runs from -${max} to ${max}.`);
          }
        }
      }
    },
  },
  {
    id: 'rcs-view-location-mixed', group: 'rcs', severity: 'warning',
    summary: 'A view_location suggestion gives latLong (with its label) or a query, not a query beside latLong or a label.',
    why: 'Google\'s ViewLocationAction has three optional fields, none of them a union with another: latLong, label ("The label of the pin dropped at lat_long") and query ("Rather than specify a lat_long (and optionally, a label), the agent can instead specify a query string"). Google offers the query instead of the place and its label; it does not say that a suggestion with both is refused, nor which one the phone uses then, and a label without latLong names no pin. So tplsync does not refuse them either: a key that does nothing Google documents is a warning, as imageAlign on a VERTICAL card is (rcs-vertical-image-align), so that it is seen and one of the two is kept.',
    fix: 'Keep latLong (with its label) where the phone must show one place; keep the query alone (remove latLong and label) for a search of the map around the customer, which Google supports on Android Messages clients only (rcs-view-location-query).',
    source: 'RBM ViewLocationAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        if (s.action !== 'view_location' || s.query === undefined) continue;
        if (obj(s.latLong)) ctx.report([...path, 'query'], 'Google offers query instead of latLong (ViewLocationAction.query: "Rather than specify a lat_long (and optionally, a label), the agent can instead specify a query string") and does not say which of the two the phone uses when both are given: keep latLong for one place, or the query alone for a search of the map.', { part: 'key' });
        else if (s.label !== undefined) ctx.report([...path, 'label'], 'label is Google\'s "label of the pin dropped at lat_long" (ViewLocationAction.label), and this suggestion has no latLong: beside a query it names no pin Google documents. Remove it, or give the place\'s latLong instead of the query.', { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-view-location-query', group: 'rcs', severity: 'info',
    summary: 'A view_location suggestion that searches the map (`query`) is supported on Android Messages clients only.',
    why: 'Google\'s ViewLocationAction.query: "(Optional, only supported on Android Messages clients) Rather than specify a lat_long (and optionally, a label), the agent can instead specify a query string." Google documents no other RCS client for it (Apple\'s Messages, a carrier\'s app): there the chip may find no place. `latLong` with a `label` is the form every client takes. An info, not a warning: a query is the right chip where the customers use Google Messages, or where a search near them is the point ("our stores near me").',
    fix: 'Where every client must find the place, give its `latLong: { latitude, longitude }` with a `label` instead of the query; keep the query where a search around the customer is meant and Android Messages is what they use.',
    source: 'RBM ViewLocationAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        // with latLong too: rcs-view-location-mixed's finding (keep one of the two); a blank query: rcs-view-location's (it finds nothing)
        const q = str(s.query);
        if (s.action !== 'view_location' || q === undefined || blank(q) || obj(s.latLong)) continue;
        ctx.report([...path, 'query'], `Google supports a view_location query only on Android Messages clients (ViewLocationAction.query: "only supported on Android Messages clients"): on another RCS client this chip may find no place. Where every phone must show it, give the place's latLong with a label instead.`, { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-suggestion-placeholder', group: 'rcs', severity: 'error',
    summary: 'A suggestion (chip) holds no {{placeholder}}: chips are sent as written.',
    why: 'Placeholders are filled in an RCS message\'s text, its cards\' titles and descriptions and its fallback: a chip\'s text, postbackData, phone number, place or event is sent as the file writes it, so the customer would see "Track {{order}}", and a postback or a link would carry the braces. tplsync\'s types have no parameter for it either.',
    fix: 'Write the chip without the placeholder (a fixed label, a fixed postbackData your server maps), and put what varies in the message text or a card.',
    source: 'RBM SuggestedReply/SuggestedAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        for (const [k, v] of Object.entries(s)) {
          if (typeof v !== 'string') continue;
          const m = CHIP_PLACEHOLDER.exec(v);
          if (m) ctx.report([...path, k], `A suggestion is sent as written: ${m[0]} in its ${k} is not filled in (placeholders are filled in the message text, the cards' titles and descriptions, and the fallback); write it without the placeholder.`, { at: { start: m.index, end: m.index + m[0].length } });
        }
      }
    },
  },
  {
    id: 'rcs-calendar-event', group: 'rcs', severity: 'error',
    summary: 'A create_calendar_event suggestion has startTime before endTime, both RFC 3339 times (`Z` or an offset).',
    why: 'RBM CreateCalendarEventAction takes Google Timestamps: RFC 3339, in UTC (`Z`) or with an offset (`+02:00`); an event that ends before it starts cannot be saved. A time that is an environment value, `((event_start))`, is compared with the environment\'s value (lint --env, plan); lint without an environment judges the other time alone.',
    fix: 'Write both times as RFC 3339 (e.g. 2030-05-04T08:00:00.000Z or 2030-05-04T10:00:00+02:00) with the start first.', source: 'RBM CreateCalendarEventAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        if (s.action !== 'create_calendar_event') continue;
        const times: Record<string, number> = {};
        // a time that stands in for a reference (lint without an environment) is no time to compare with: its order is
        // judged with the environment's value (lint --env, plan)
        let standIn = false;
        for (const k of ['startTime', 'endTime'] as const) {
          const v = str(s[k]);
          if (v === undefined) continue;
          if (isStandInTime(v)) { standIn = true; continue; }
          const ms = rfc3339Ms(v);
          const up = ms === undefined ? rfc3339Capitals(v) : undefined;
          if (up) ctx.report([...path, k], `${k} '${v}' writes its T or Z in lower case; write them in capitals: ${up}.`);
          else if (ms === undefined) ctx.report([...path, k], `${k} '${v}' is not an RFC 3339 time (a real date and time with Z or an offset); write e.g. 2030-05-04T08:00:00.000Z or 2030-05-04T10:00:00+02:00.`);
          else times[k] = ms;
        }
        if (!standIn && times.startTime !== undefined && times.endTime !== undefined && times.startTime >= times.endTime) {
          ctx.report([...path, 'endTime'], `endTime ${String(s.endTime)} is not after startTime ${String(s.startTime)}: set the end after the start (or swap the two).`);
        }
      }
    },
  },
  {
    id: 'rcs-calendar-past', group: 'rcs', severity: 'warning', holdsOnlyItsTemplate: true,
    summary: 'A create_calendar_event suggestion is not wholly in the past.',
    why: 'A chip that saves an event which has already ended puts a past event in the customer\'s calendar: the campaign it announces is over. Like an expireTime in the past (rcs-expired), the finding depends on the clock, not on your change.',
    fix: 'Give the event its new dates, or remove the suggestion (or retire the template) if the event is over.',
    source: 'RBM CreateCalendarEventAction',
    check(ctx) {
      for (const { s, path } of suggestions(ctx)) {
        if (s.action !== 'create_calendar_event') continue;
        const end = str(s.endTime);
        const ms = end === undefined ? undefined : rfc3339Ms(end);
        // reached: the verdict is kept (lint --cache) only until the event's end
        if (ms !== undefined && ctx.reached(ms)) ctx.report([...path, 'endTime'], `The event ended at ${end}: the chip would save a past event to the customer's calendar. Give it its new dates, or remove the suggestion.`);
      }
    },
  },
  {
    id: 'rcs-carousel-options', group: 'rcs', severity: 'error', summary: 'A CAROUSEL takes no orientation or imageAlign.',
    why: 'orientation and imageAlign lay out one standalone card; RBM carousels are always vertical cards side by side.',
    fix: 'Remove orientation and imageAlign; size carousel cards with cardWidth and mediaHeight.', source: 'RBM CarouselCard',
    // certain: a carousel has no use for them (RBM lays its cards out vertically, side by side)
    repair(ctx) {
      const o = layoutOf(ctx as RuleContext);
      if (o?.type !== 'CAROUSEL') return [];
      return (['orientation', 'imageAlign'] as const).filter((k) => o[k] !== undefined).map((k) => ({ op: 'remove' as const, path: ['message', 'rcsRichCardsOpts', k] }));
    },
    repairTitle: 'Remove orientation and imageAlign from the carousel\'s layout',
    quickFixTitle: 'Remove what the carousel\'s layout ignores',
    check(ctx) {
      const o = layoutOf(ctx);
      if (o?.type !== 'CAROUSEL') return;
      for (const k of ['orientation', 'imageAlign'] as const) {
        if (o[k] !== undefined) ctx.report(['message', 'rcsRichCardsOpts', k], `A CAROUSEL takes no ${k}: it lays out a standalone card. Remove it.`, { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-card-size', group: 'rcs', severity: 'warning',
    summary: 'Rich cards name their layout (rcsRichCardsOpts): a standalone card its orientation, a CAROUSEL its cardWidth, a vertical card with media its mediaHeight.',
    why: 'Google\'s RBM reference marks a standalone card\'s orientation ("Required. Orientation of the card."), a carousel\'s card width ("Required. The width of the cards in the carousel.") and a vertical card\'s media height ("Required for cards with vertical orientation.") as required; without them the layout the phone shows is not the one you chose (the preview assumes a vertical card of MEDIUM height).',
    fix: 'Add `rcsRichCardsOpts` with `orientation: VERTICAL` or `HORIZONTAL` (a standalone card), `cardWidth: SMALL` or `MEDIUM` (a carousel) and `mediaHeight: SHORT`, `MEDIUM` or `TALL`.', source: 'Google Dialogflow RbmStandaloneCard, RbmCardContent',
    check(ctx) {
      const o = layoutOf(ctx);
      const n = laidOutCards(ctx).length;
      if (!o) {
        // a card without any layout: RBM's required fields all missing (several cards without one: rcs-standalone-count)
        if (n === 1) ctx.report(['message', 'richCards'], 'The card names no layout: add `rcsRichCardsOpts: { type: STANDALONE, orientation: VERTICAL, mediaHeight: MEDIUM }` (RBM requires a standalone card\'s orientation; the preview assumes this one).', { part: 'key' });
        return;
      }
      const at = ['message', 'rcsRichCardsOpts'];
      if (o.type !== 'CAROUSEL' && n <= 1 && o.orientation === undefined) ctx.report(at, 'A standalone card names its orientation: add `orientation: VERTICAL` or `HORIZONTAL` (RBM requires it; the preview assumes VERTICAL).', { part: 'key' });
      if (o.type === 'CAROUSEL' && o.cardWidth === undefined) ctx.report(at, 'A CAROUSEL names the width of its cards: add `cardWidth: SMALL` or `cardWidth: MEDIUM` (RBM requires it; the preview assumes MEDIUM).', { part: 'key' });
      const withMedia = laidOutCards(ctx).some(({ v }) => typeof v.fileUrl === 'string');
      if (withMedia && o.orientation !== 'HORIZONTAL' && o.mediaHeight === undefined) ctx.report(at, `${o.type === 'CAROUSEL' ? 'The cards have' : 'A vertical card has'} media: name its height, \`mediaHeight: SHORT\`, \`MEDIUM\` or \`TALL\` (RBM requires it for vertical cards; the preview assumes MEDIUM).`, { part: 'key' });
    },
  },
  {
    id: 'rcs-standalone-width', group: 'rcs', severity: 'error', summary: 'A STANDALONE card takes no cardWidth.',
    why: 'cardWidth (SMALL, MEDIUM) sizes carousel cards; a standalone card always spans the conversation.',
    fix: 'Remove cardWidth, or make the message a CAROUSEL of 2 to 10 cards.', source: 'RBM StandaloneCard',
    // certain for what is sent: a standalone card has no width to set (a carousel of one card is no carousel: rcs-carousel)
    repair(ctx) {
      const o = layoutOf(ctx as RuleContext);
      return o && o.type !== 'CAROUSEL' && o.cardWidth !== undefined && (o.type === 'STANDALONE' || arr(message(ctx as RuleContext)?.richCards).length <= 1)
        ? [{ op: 'remove', path: ['message', 'rcsRichCardsOpts', 'cardWidth'] }] : [];
    },
    repairTitle: 'Remove cardWidth from the standalone card\'s layout',
    check(ctx) {
      const o = layoutOf(ctx);
      if (o && o.type !== 'CAROUSEL' && o.cardWidth !== undefined && (o.type === 'STANDALONE' || arr(message(ctx)?.richCards).length <= 1)) {
        ctx.report(['message', 'rcsRichCardsOpts', 'cardWidth'], 'A STANDALONE card takes no cardWidth: only carousel cards are SMALL or MEDIUM. Remove it.', { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-horizontal-media-height', group: 'rcs', severity: 'warning', summary: 'A HORIZONTAL standalone card ignores mediaHeight.',
    why: 'Google\'s Media.height: "For a standalone card with horizontal layout, height is not customizable, and this field is ignored." RBM does not refuse it, so neither does tplsync: the key is a leftover that does nothing (often from a card switched from VERTICAL). A warning, so that it is seen and removed.',
    fix: 'Remove mediaHeight, or use orientation VERTICAL if the height was meant.', source: 'RBM Media',
    // certain: Google ignores the key on a horizontal card, so removing it changes nothing the phone shows
    repair(ctx) {
      const o = layoutOf(ctx as RuleContext);
      return o?.orientation === 'HORIZONTAL' && o.type !== 'CAROUSEL' && o.mediaHeight !== undefined ? [{ op: 'remove', path: ['message', 'rcsRichCardsOpts', 'mediaHeight'] }] : [];
    },
    repairTitle: 'Remove mediaHeight, which a horizontal card ignores',
    check(ctx) {
      const o = layoutOf(ctx);
      if (o?.orientation === 'HORIZONTAL' && o.type !== 'CAROUSEL' && o.mediaHeight !== undefined) {
        ctx.report(['message', 'rcsRichCardsOpts', 'mediaHeight'], 'mediaHeight is ignored on a HORIZONTAL standalone card (Google: its height is not customizable): the media takes the card\'s height. Remove it, or use VERTICAL.', { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-vertical-image-align', group: 'rcs', severity: 'warning', summary: 'A VERTICAL standalone card takes no imageAlign.',
    why: 'imageAlign is Google\'s StandaloneCard.thumbnailImageAlignment, which Google documents only for a standalone card with horizontal layout ("Image preview alignment for standalone cards with horizontal layout."): on a VERTICAL card the media spans the top of the card, there is no side to put it on, and the key does nothing (often a leftover from a card switched from HORIZONTAL). A warning, as mediaHeight on a HORIZONTAL card is.',
    fix: 'Remove imageAlign (THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED, Google\'s "not specified", is left alone), or use orientation HORIZONTAL if the side was meant.', source: 'RBM StandaloneCard',
    check(ctx) {
      const o = layoutOf(ctx);
      // THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED is Google's "not specified" (what the API returns for a card without a side): no side named
      if (o?.orientation === 'VERTICAL' && o.type !== 'CAROUSEL' && o.imageAlign !== undefined && o.imageAlign !== 'THUMBNAIL_IMAGE_ALIGNMENT_UNSPECIFIED') {
        ctx.report(['message', 'rcsRichCardsOpts', 'imageAlign'], `imageAlign ${String(o.imageAlign)} does nothing on a VERTICAL standalone card: Google lays out thumbnailImageAlignment (tplsync's imageAlign) only on a HORIZONTAL one, where the image sits LEFT or RIGHT of the text. Remove it, or use orientation HORIZONTAL.`, { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-video-file', group: 'rcs', severity: 'error', summary: 'A video message plays a video file, not an image.',
    why: 'A `video` message whose fileUrl is a JPEG, PNG or GIF is refused or shows a broken player.',
    fix: 'Point fileUrl at the video (e.g. .mp4) and put the still image in thumbnailUrl, or use type picture.', source: 'RBM ContentInfo',
    check(ctx) {
      const m = message(ctx);
      const u = str(m?.fileUrl);
      if (m?.type === 'video' && u !== undefined && mediaKind(u) === 'image') {
        ctx.report(['message', 'fileUrl'], `A video message plays a video, but ${u} is an image; use the video's URL (put the image in thumbnailUrl), or type picture.`);
      }
    },
  },
  {
    id: 'rcs-video-thumbnail', group: 'rcs', severity: 'info',
    summary: 'A video (a video message, a card\'s video, a file message of a video) has a thumbnailUrl, the picture the phone shows before the video downloads.',
    why: 'Google\'s ContentInfo.thumbnailUrl: "If you don\'t provide a thumbnail URL, the RBM platform displays a blank placeholder thumbnail until the user\'s device downloads the file. Depending on the user\'s setting, the file may not download automatically and may require the user to tap a download button." (RbmMedia.thumbnailUri says the same of a card\'s media.) The message is sent and plays all the same: an info, so that the author knows the customer first sees a blank tile, not a picture of the video. `tplsync preview` draws that placeholder, not a player.',
    fix: 'Give the video a thumbnailUrl: a JPEG, PNG or GIF of a frame of it, on a public https URL.', source: 'RBM ContentInfo',
    check(ctx) {
      const m = message(ctx);
      if (!m) return;
      const noThumbnail = 'Google shows a blank placeholder in its place until the phone downloads the video (ContentInfo.thumbnailUrl: "If you don\'t provide a thumbnail URL, the RBM platform displays a blank placeholder thumbnail until the user\'s device downloads the file"), and the download may wait for a tap on a download button. Give a thumbnailUrl (a JPEG, PNG or GIF of a frame) to show a picture at once.';
      const u = str(m.fileUrl);
      // a video message of a video, or of a URL that tells no type (one of an image is rcs-video-file's, of audio or a document
      // rcs-media's); a file message's file by what RBM takes it as (a .3gp: audio)
      const kind = u === undefined ? undefined : mediaKind(u);
      const video = u !== undefined && (m.type === 'video' ? kind === undefined || kind === 'video' : m.type === 'file' && fileMessageKind(u) === 'video');
      if (video && m.thumbnailUrl === undefined) ctx.report(['message', 'fileUrl'], `This video has no thumbnailUrl: ${noThumbnail}`, { part: 'key' });
      for (const { v: c, i } of cards(ctx)) {
        const cu = str(c.fileUrl);
        if (cu !== undefined && mediaKind(cu) === 'video' && c.thumbnailUrl === undefined) ctx.report(['message', 'richCards', i, 'fileUrl'], `This card's video has no thumbnailUrl: ${noThumbnail}`, { part: 'key' });
      }
    },
  },
  {
    id: 'rcs-rendered-length', group: 'rcs', severity: 'warning',
    summary: 'The RCS message text stays within 3072 characters, a card title within 200 and a description within 2000 with the samples filled in.',
    why: 'RBM counts a text as it is sent, with the values in its placeholders: a text within its limit as written can be refused once its values are in (`tplsync send` refuses such a message text before sending it). The samples are what the values look like. A warning, as rendered-length is: the values sent may be shorter than the samples.',
    fix: 'Shorten the text or the samples; real values must stay short too.', source: rbm,
    check(ctx) {
      const m = message(ctx);
      if (!m) return;
      const sites: { path: Path; text: string | undefined; limit: number; what: string }[] = [{ path: ['message', 'message'], text: str(m.message), limit: 3072, what: 'the message text' }];
      for (const { v: c, i } of cards(ctx)) {
        sites.push({ path: ['message', 'richCards', i, 'title'], text: str(c.title), limit: 200, what: `the title of card ${i + 1}` });
        sites.push({ path: ['message', 'richCards', i, 'description'], text: str(c.description), limit: 2000, what: `the description of card ${i + 1}` });
      }
      for (const { path, text, limit, what } of sites) {
        // over a limit as written: rcs-message-length and rcs-card-text-length report it
        if (text === undefined || !text.includes('{{') || charLength(text) > limit) continue;
        const filled = withSamples(text, ctx.t);
        const n = charLength(filled);
        if (n > limit) ctx.report(path, `With its samples ${what} is ${n} characters (${charLength(text)} as written); RBM takes at most ${limit}, values included.`);
      }
    },
  },
  {
    id: 'rcs-fallback-length', group: 'rcs', severity: 'warning', summary: 'The SMS fallback text fits one SMS: 160 characters of the GSM 7-bit alphabet, or 70 of any other text (sent as UCS-2).',
    why: 'Phones without RCS get the fallback as SMS; longer text is split into several parts (each billed) and may arrive out of order. A text the GSM 7-bit alphabet carries fits 160 characters in one SMS and 153 in each part of a longer one (^ { } [ ] ~ | \\ € count twice); one character outside it (Arabic, Hindi or Chinese letters, an emoji, a curly quote) sends the whole text as UCS-2: 70 characters in one SMS, 67 in each part. The SMS carries the values, not the placeholders: the text is counted with the samples in their place.',
    fix: 'Shorten message.fallback.text to fit one SMS (160 GSM characters, or 70 otherwise), replace the character that makes an English text UCS-2 (a curly quote, an emoji), or accept several SMS parts.', source: 'GSM 03.38 / 3GPP TS 23.040 (SMS part length)',
    check(ctx) {
      const written = str(obj(message(ctx)?.fallback)?.text);
      if (written === undefined) return;
      // the SMS carries the values, never the braces: counted with the samples in (a placeholder without one as written)
      const f = withSamples(written, ctx.t);
      const size = smsSize(f);
      if (size.parts <= 1) return;
      const filled = f !== written ? ' with the samples filled in' : '';
      const because = size.encoding === 'UCS-2' ? ` (because of ${codePointOf(firstNonGsm(f)!)})` : '';
      ctx.report(['message', 'fallback', 'text'], `The fallback will be split into ${smsPartsInWords(size)}: ${smsUnitsInWords(size, f)}${because}${filled}; ${size.single} fit one SMS, ${size.perPart} each part of a longer one.`);
    },
  },
]);

/** An RCS text as it is sent (the message text, a card's, the SMS fallback): each placeholder replaced by its sample (message.examples, else the body's of the same name), one without a sample as written. */
export function withSamples(text: string, t: Loose): string {
  if (!text.includes('{{')) return text;
  const samples: Record<string, string> = {};
  for (const from of [obj(obj(t.body)?.examples), obj(obj(t.message)?.examples)]) {
    for (const [k, v] of Object.entries(from ?? {})) if (typeof v === 'string' || typeof v === 'number') samples[k] = String(v);
  }
  return renderText(text, samples);
}

/** a path served by a script, whose content type its extension does not tell */
const SCRIPT_PATH = /^(php|aspx?|ashx|jsp|cgi|pl|py)$/i;

/** "“" (U+201C): a character and its code point */
function codePointOf(ch: string): string {
  return `"${ch}" (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
}
