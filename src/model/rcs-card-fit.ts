// Pure: how much of an RCS rich card a phone shows. Google caps a card's height (RBM "Rich cards"
// guide); the preview draws a card cut as this model cuts it, and lint's rcs-card-height warns of
// the same cut, so that the two never disagree. One model, here, for both (lint does not use the
// preview, nor the preview lint).
import { obj, objs, sample, type Loose } from './loose.js';

/** RBM's card widths (carousel) and media heights, in dp. */
export const CARD_WIDTH_DP: Readonly<Record<string, number>> = { SMALL: 120, MEDIUM: 232 };
export const MEDIA_HEIGHT_DP: Readonly<Record<string, number>> = { SHORT: 112, MEDIUM: 168, TALL: 264 };
/** a standalone card spans the conversation; a horizontal card's media takes this share of it */
export const STANDALONE_WIDTH_DP = 320;

/**
 * Google's rich card bounds (RBM "Rich cards" guide, media and heights): a card is at least 112 dp
 * and at most 344 dp high. A card whose content is taller is cut until it fits, in this order:
 * the description to one line, the title to one line, the suggestions that do not fit from the
 * end of the list, the description, the title.
 */
export const CARD_MAX_HEIGHT_DP = 344;
export const CARD_MIN_HEIGHT_DP = 112;
/**
 * The heights a card's parts take on the phone, in dp: a line of title (16 sp, 24 dp a line) and of
 * description (14 sp, 20 dp a line), a suggestion in the card (a 44 dp row), the content's
 * padding. With them the bounds give Google's own advice: TALL media takes a title and a
 * description or one suggestion, MEDIUM up to two suggestions, SHORT up to three, four only
 * without media.
 */
const CARD_LINE_DP = { title: 24, description: 20 } as const;
const CARD_SUGGESTION_DP = 44;
const CARD_PADDING_DP = 16;
/** the width of an average character of a line, in dp (16 sp title, 14 sp description); a wide (CJK) character counts twice */
const CARD_CHAR_DP = { title: 8.8, description: 7.7 } as const;
/** the horizontal padding of a card's text (both sides), dp; a horizontal card's media is 128 dp wide */
const CARD_TEXT_INSET_DP = 32;
const HORIZONTAL_MEDIA_DP = 128;

/** the lines a text takes in a column `widthDp` wide, each paragraph on a line of its own (an estimate by average character widths) */
export function linesOf(text: string, widthDp: number, charDp: number): number {
  const perLine = Math.max(1, Math.floor(widthDp / charDp));
  return text.split('\n').reduce((n, para) => {
    let units = 0;
    for (const ch of para) units += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}]/u.test(ch) ? 2 : 1;
    return n + Math.max(1, Math.ceil(units / perLine));
  }, 0);
}

/** What a phone shows of a card: its title and description in how many lines (0: left out), how many of its suggestions, and what was cut. */
export interface CardFit {
  titleLines: number;
  descriptionLines: number;
  suggestions: number;
  /** the height the card takes, dp (at most CARD_MAX_HEIGHT_DP) */
  heightDp: number;
  /** what the phone cut, in words (empty: the card is shown whole) */
  cut: string[];
  /** the lines of the title and the description uncut */
  whole: { title: number; description: number };
  /** the height the card's content would take uncut, dp (over CARD_MAX_HEIGHT_DP when something is cut) */
  wantedDp: number;
}

/**
 * Pure: a card laid out as RBM lays it out within CARD_MAX_HEIGHT_DP: `mediaDp` the media's height
 * on a vertical card (undefined: none, or a horizontal card's, beside the text), `widthDp` the
 * card's, the title and description as sent (samples in), the number of suggestions.
 */
export function fitCard(card: { mediaDp: number | undefined; horizontal: boolean; widthDp: number; title?: string; description?: string; suggestions: number }): CardFit {
  const textWidth = Math.max(40, card.widthDp - CARD_TEXT_INSET_DP - (card.horizontal ? HORIZONTAL_MEDIA_DP : 0));
  const whole = {
    title: card.title ? linesOf(card.title, textWidth, CARD_CHAR_DP.title) : 0,
    description: card.description ? linesOf(card.description, textWidth, CARD_CHAR_DP.description) : 0,
  };
  let titleLines = whole.title;
  let descriptionLines = whole.description;
  let suggestions = card.suggestions;
  const height = (): number => {
    const text = CARD_PADDING_DP + titleLines * CARD_LINE_DP.title + descriptionLines * CARD_LINE_DP.description + suggestions * CARD_SUGGESTION_DP;
    // a horizontal card's media is beside the text: the taller of the two
    return Math.max(CARD_MIN_HEIGHT_DP, card.horizontal ? Math.max(HORIZONTAL_MEDIA_DP, text) : (card.mediaDp ?? 0) + text);
  };
  const wantedDp = height();
  const cut: string[] = [];
  const fits = (): boolean => height() <= CARD_MAX_HEIGHT_DP;
  if (!fits() && descriptionLines > 1) { cut.push(`the description to 1 line of ${descriptionLines}`); descriptionLines = 1; }
  if (!fits() && titleLines > 1) { cut.push(`the title to 1 line of ${titleLines}`); titleLines = 1; }
  const had = suggestions;
  while (!fits() && suggestions > 0) suggestions--;
  if (suggestions < had) cut.push(`${had - suggestions === 1 ? 'the last suggestion' : `the last ${had - suggestions} suggestions`} left out`);
  if (!fits() && descriptionLines > 0) { cut.push('the description left out'); descriptionLines = 0; }
  if (!fits() && titleLines > 0) { cut.push('the title left out'); titleLines = 0; }
  return { titleLines, descriptionLines, suggestions, heightDp: Math.min(height(), CARD_MAX_HEIGHT_DP), cut, whole, wantedDp };
}

/** How a message lays out its rich cards (rcsRichCardsOpts), as the phone draws every card of it. */
export interface CardLayout {
  carousel: boolean;
  /** a standalone card with orientation HORIZONTAL: its media beside the text, of no height of its own */
  horizontal: boolean;
  /** the media's height on a vertical card that has media, dp (undefined: a horizontal card, or a height RBM does not know) */
  mediaDp: number | undefined;
  /** the media height's name (SHORT, MEDIUM, TALL) the height is of, MEDIUM when none is written */
  mediaHeight: string;
  /** the card's width, dp */
  widthDp: number;
  /** the card width's name (SMALL, MEDIUM) of a carousel, STANDALONE for a standalone card */
  cardWidth: string;
}

/** an option as the channel takes it: RBM's ..._UNSPECIFIED is its default, what an absent value means (as the canonical model drops it) */
const option = (v: unknown): string | undefined => (typeof v === 'string' && !/^[A-Z][A-Z0-9_]*_UNSPECIFIED$/.test(v) ? v : undefined);

/**
 * Pure: the layout of a message's rich cards from its `rcsRichCardsOpts` (a file's or the canonical
 * model's: the same answer) and the number of its cards. A carousel by its type, or by having more
 * than one card when no type is written; MEDIUM cards and MEDIUM media unless written otherwise.
 */
export function cardLayout(opts: Loose | undefined, cards: number): CardLayout {
  const type = option(opts?.type);
  const carousel = type === 'CAROUSEL' || (type === undefined && cards > 1);
  const horizontal = !carousel && option(opts?.orientation) === 'HORIZONTAL';
  const mediaHeight = option(opts?.mediaHeight) ?? 'MEDIUM';
  const cardWidth = carousel ? option(opts?.cardWidth) ?? 'MEDIUM' : 'STANDALONE';
  return {
    carousel, horizontal,
    mediaDp: horizontal ? undefined : MEDIA_HEIGHT_DP[mediaHeight],
    mediaHeight,
    widthDp: carousel ? CARD_WIDTH_DP[cardWidth] ?? CARD_WIDTH_DP.MEDIUM! : STANDALONE_WIDTH_DP,
    cardWidth,
  };
}

/**
 * Pure: what the phone shows of one card (an item of `message.richCards`) in a layout: its media (a
 * `fileUrl`), title and description as sent (`sent`: the text with the values in, the samples for a
 * file), its suggestions. What the preview draws and rcs-card-height reports.
 */
export function fitRichCard(layout: CardLayout, card: Loose, sent: (text: string) => string): CardFit {
  // read as the preview reads a card (a number written where a text belongs is that text)
  const title = sample(card.title);
  const description = sample(card.description);
  return fitCard({
    mediaDp: sample(card.fileUrl) ? layout.mediaDp : undefined,
    horizontal: layout.horizontal,
    widthDp: layout.widthDp,
    ...(title ? { title: sent(title) } : {}),
    ...(description ? { description: sent(description) } : {}),
    suggestions: objs(card.suggestions).length,
  });
}

/** Pure: each card of a message (`message.richCards`) as the phone shows it, in the layout of its `rcsRichCardsOpts`. */
export function fitRichCards(message: Loose, sent: (text: string) => string): CardFit[] {
  const cards = objs(message.richCards);
  const layout = cardLayout(obj(message.rcsRichCardsOpts), cards.length);
  return cards.map((card) => fitRichCard(layout, card, sent));
}

/** a card's part the phone shows: a text or URL that is not blank, a number written where a text belongs */
const given = (v: unknown): boolean => (sample(v)?.trim() ?? '') !== '';

/**
 * Pure: whether a card in this layout is a HORIZONTAL standalone card of media alone, which Google
 * refuses (RBM StandaloneCard.CardOrientation.HORIZONTAL: "If a horizontal rich card's CardContent
 * contains the media field, it must also include at least a title, description, or suggestions[]
 * field"): lint's rcs-horizontal-content reports it and the preview says so under the card, whose
 * text half would be empty. A VERTICAL card (or a carousel's) of media alone is a card.
 */
export function horizontalMediaAlone(layout: CardLayout, card: Loose): boolean {
  return layout.horizontal && given(card.fileUrl) && !given(card.title) && !given(card.description) && objs(card.suggestions).length === 0;
}
