// RCS limits that the rules of rcs.ts do not check: the size of the whole message, calendar
// event texts and the height of a rich card. One pure check each.
import { charLength } from '../../model/placeholders.js';
import { CARD_MAX_HEIGHT_DP, MEDIA_HEIGHT_DP, cardLayout, fitRichCard, type CardFit, type CardLayout } from '../../model/rcs-card-fit.js';
import { objs } from '../../model/loose.js';
import { arr, defineRules, indexed, obj, sample, str, type Loose, type RuleContext } from '../rule.js';
import { withSamples } from './rcs.js';

const message = (ctx: RuleContext): Loose | undefined => obj(ctx.t.message);
/** RBM: the stringified message is at most 250 KB */
export const RBM_MAX_MESSAGE_BYTES = 250 * 1024;
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** the message as it is sent: without the file-only samples */
function wireMessage(m: Loose): Loose {
  const { examples: _fileOnly, ...rest } = m;
  return rest;
}

export const rcsLimitRules = defineRules([
  {
    id: 'rcs-card-height', group: 'rcs', severity: 'warning',
    summary: 'Each rich card fits RBM\'s 344 dp: its media, title, description and suggestions are all shown.',
    why: 'Google caps a rich card at 344 dp high. The phone cuts a taller card: the description and title to one line, then the suggestions that do not fit, from the last, then the description and the title; the customer never sees the chips it hides. Google\'s advice: TALL media leaves room for a title and a description or one suggestion, MEDIUM for up to two suggestions, SHORT for up to three. The card is measured as `tplsync preview` draws it (the same model: lines of the texts with the samples in, at the card\'s width), so the two always agree; a warning, as the lines of a text are an estimate.',
    fix: 'Take a shorter mediaHeight (SHORT leaves room for three suggestions), fewer suggestions (move the others to message.suggestions, under the card), or a shorter description; the finding names the changes that make the card fit.',
    source: 'RBM rich cards guide',
    check(ctx) {
      const m = message(ctx);
      // cards on a message of another type are not sent (rcs-message-shape says so), and none on a message without cards
      if (!m || (m.type !== 'rich_card' && typeof m.type === 'string') || !Array.isArray(m.richCards)) return;
      const cards = objs(m.richCards);
      const layout = cardLayout(obj(m.rcsRichCardsOpts), cards.length);
      // the texts as sent, the samples in: what the preview measures too (preview/rcs.ts)
      const sent = (text: string): string => withSamples(text, ctx.t);
      cards.forEach((card, i) => {
        const fit = fitRichCard(layout, card, sent);
        if (!fit.cut.length) return;
        const which = layout.carousel || cards.length > 1 ? `Card ${i + 1}` : 'The card';
        ctx.report(['message', 'richCards', i], `${which} is ${fit.wantedDp} dp high${heldBy(layout, card)}; RBM shows at most ${CARD_MAX_HEIGHT_DP} dp, so the phone cuts it: ${hidden(fit, objs(card.suggestions).length)}. To fit: ${fixes(layout, card, sent).join(', or ')}.`);
      });
    },
  },
  {
    id: 'rcs-message-size', group: 'rcs', severity: 'error',
    summary: 'The whole RCS message is at most 250 KB.',
    why: 'RBM refuses a message whose JSON is larger than 250 KB; rich cards, suggestions and their postback data all count.',
    fix: 'Shorten the texts and postback data, or split the content into several messages.',
    source: 'RBM send messages guide',
    check(ctx) {
      const m = message(ctx);
      if (!m) return;
      const n = bytes(JSON.stringify(wireMessage(m)));
      if (n > RBM_MAX_MESSAGE_BYTES) ctx.report(['message'], `The message is ${(n / 1024).toFixed(1)} KB as JSON; RBM allows at most 250 KB.`, { part: 'key' });
    },
  },
  {
    id: 'rcs-calendar-text', group: 'rcs', severity: 'warning',
    summary: 'A create_calendar_event suggestion has a title of at most 100 characters and a description of at most 500.',
    why: 'Google\'s RBM reference states no length for the event\'s texts; RCS providers that relay RBM (AWS End User Messaging) refuse a title over 100 characters and a description over 500, and calendar apps cut longer ones.',
    fix: 'Shorten the event title to 100 characters and the description to 500.',
    source: 'AWS RcsCreateCalendarEventAction',
    check(ctx) {
      const m = message(ctx);
      const all: { s: Loose; path: (string | number)[] }[] = [];
      arr(m?.suggestions).forEach((v, k) => { const s = obj(v); if (s) all.push({ s, path: ['message', 'suggestions', k] }); });
      for (const { v: c, i } of indexed(m?.richCards)) arr(c.suggestions).forEach((v, k) => { const s = obj(v); if (s) all.push({ s, path: ['message', 'richCards', i, 'suggestions', k] }); });
      for (const { s, path } of all) {
        if (s.action !== 'create_calendar_event') continue;
        for (const [k, max] of [['title', 100], ['description', 500]] as const) {
          const t = str(s[k]);
          if (t !== undefined && charLength(t) > max) ctx.report([...path, k], `The event ${k} is ${charLength(t)} characters; keep it within ${max}.`);
        }
      }
    },
  },
]);

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** what makes the card as high as it is: its media and its layout, in words (` with TALL media on a SMALL carousel card`) */
function heldBy(layout: CardLayout, card: Loose): string {
  const media = sample(card.fileUrl) && layout.mediaDp !== undefined ? ` with ${layout.mediaHeight} media` : '';
  if (layout.carousel) return `${media}${media ? ' on' : ' as'} a ${layout.cardWidth} carousel card (${layout.widthDp} dp wide)`;
  return layout.horizontal ? ' as a HORIZONTAL card (its text beside the media)' : media;
}

/** what the phone hides of a card, in words: `2 of 2 suggestions hidden, the description cut to 1 of 3 lines` */
function hidden(fit: CardFit, suggestions: number): string {
  const out: string[] = [];
  if (fit.suggestions < suggestions) out.push(`${suggestions - fit.suggestions} of ${plural(suggestions, 'suggestion')} hidden`);
  for (const part of ['title', 'description'] as const) {
    const shown = part === 'title' ? fit.titleLines : fit.descriptionLines;
    const whole = fit.whole[part];
    if (shown === 0 && whole > 0) out.push(`the ${part} hidden`);
    else if (shown < whole) out.push(`the ${part} cut to ${shown} of ${whole} lines`);
  }
  return out.join(', ');
}

const fits = (f: CardFit): boolean => f.cut.length === 0;

/**
 * The changes that make the card fit, each checked with the card model: a shorter mediaHeight (the
 * tallest that fits), MEDIUM carousel cards, at most as many suggestions as fit, a description or a
 * title of at most as many characters (with the samples) as fit. An author picks one.
 */
function fixes(layout: CardLayout, card: Loose, sent: (text: string) => string): string[] {
  const out: string[] = [];
  const opts = (change: Loose): CardLayout => cardLayout({ type: layout.carousel ? 'CAROUSEL' : 'STANDALONE', orientation: layout.horizontal ? 'HORIZONTAL' : 'VERTICAL', mediaHeight: layout.mediaHeight, cardWidth: layout.cardWidth, ...change }, 1);
  if (sample(card.fileUrl) && layout.mediaDp !== undefined) {
    // the tallest media that leaves the card whole
    const height = Object.keys(MEDIA_HEIGHT_DP).filter((h) => MEDIA_HEIGHT_DP[h]! < layout.mediaDp!).sort((a, b) => MEDIA_HEIGHT_DP[b]! - MEDIA_HEIGHT_DP[a]!)
      .find((h) => fits(fitRichCard(opts({ mediaHeight: h }), card, sent)));
    if (height) out.push(`mediaHeight ${height}${layout.carousel ? ' (for every card of the carousel)' : ''}`);
  }
  if (layout.carousel && layout.cardWidth !== 'MEDIUM' && fits(fitRichCard(opts({ cardWidth: 'MEDIUM' }), card, sent))) out.push('cardWidth MEDIUM');
  const suggestions = objs(card.suggestions);
  if (suggestions.length) {
    let n = suggestions.length - 1;
    while (n >= 0 && !fits(fitRichCard(layout, { ...card, suggestions: suggestions.slice(0, n) }, sent))) n--;
    if (n > 0) out.push(`at most ${plural(n, 'suggestion')} on the card (move the others to message.suggestions)`);
    else if (n === 0) out.push('no suggestions on the card (move them to message.suggestions)');
  }
  for (const part of ['description', 'title'] as const) {
    const written = sample(card[part]);
    if (!written) continue;
    // the longest start of the text (as sent) that leaves the card whole, the other text as sent beside it
    const text = [...sent(written)];
    const other = part === 'title' ? 'description' : 'title';
    const beside = sample(card[other]);
    const shown = { ...card, ...(beside ? { [other]: sent(beside) } : {}) };
    const whole = (k: number): boolean => fits(fitRichCard(layout, { ...shown, [part]: text.slice(0, k).join('') }, (x) => x));
    let lo = 0;
    let hi = text.length - 1;
    while (lo < hi) { const mid = Math.ceil((lo + hi) / 2); if (whole(mid)) lo = mid; else hi = mid - 1; }
    if (lo > 0) out.push(`a ${part} of at most ${plural(lo, 'character')}${text.join('') !== written ? ' with the samples' : ''} (${text.length} now)`);
  }
  if (!out.length) out.push('a shorter title and description, and fewer suggestions');
  return out;
}
