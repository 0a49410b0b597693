// Types only: what the per-file stage keeps of each file for the project rules (FileFacts), and
// the facts of the rules that compare files. Kept apart from the rules, so that the rules'
// project hook (rule.ts) can name them without a cycle.
import type { Path } from '../files/locate.js';
import type { Span } from '../core/diagnostic.js';
import type { TranslatedFrom } from '../translations/units.js';

export interface Fact<T> { value: T; path: Path }

/** What one language variant must share with the others (rules/variants.ts). */
export interface VariantFacts {
  kind: Fact<string>;
  category?: Fact<string>;
  header: Fact<string>;
  buttons: Fact<string[]>;
  /** a carousel's cards, each with its buttons' types in order (`[QUICK_REPLY, URL]`): one parameter set a card and a card button */
  cards?: Fact<string[]>;
  /** an RCS message's suggestions, each list with its actions in order (`message.richCards.0.suggestions [reply, open_url]`) */
  suggestions?: Fact<string[]>;
  /** an RCS message's rich cards, how many (`3 cards`): a card added in one language is not sent in another (a card without suggestions has no list above) */
  rcsCards?: Fact<string>;
  /** per text that may hold placeholders (keyed by its path): the names in it, sorted */
  placeholders: { names: string[]; path: Path }[];
}

/** What the translation rules need of a file (rules/translations.ts). */
export interface TranslationFacts {
  /** field path → short hash of the text there */
  hashes: Record<string, string>;
  /** the field paths whose text has words enough to tell a copy from a text the same in two languages (hasWords: rule translation-missing) */
  worded?: string[];
  from?: TranslatedFrom;
}

/** what a template holds: WhatsApp components only, RCS content only, or both (rules/channel-kind.ts) */
export type TemplateContent = 'whatsapp' | 'rcs' | 'both';

/** What the cross-file rules need to know of a file. */
export interface FileFacts {
  channel?: { value: string; span: Span };
  name?: string;
  language?: string;
  identitySpan?: Span;
  publicId?: { value: string; span: Span };
  /** what the language variants of one (channel, name) must share (rules/variants.ts) */
  variant?: VariantFacts;
  /** the hashes of its texts and what it records of its source language (rules/translations.ts) */
  translation?: TranslationFacts;
  /** WhatsApp components only, RCS content only, or both (rules/channel-kind.ts) */
  content?: TemplateContent;
  /** a hash of a WhatsApp template's body text and footer (rule duplicate-content); absent for authentication templates and RCS content */
  wording?: string;
  /** the references to environment values, ((name)), at the `((` of each (rule env-value-missing); absent when none */
  references?: { name: string; span: Span }[];
}

/** The config's channels as the project rules see them: alias -> the environments that define it, and the kind of each alias. */
export interface ProjectChannels {
  environments: string[];
  aliases: Readonly<Record<string, readonly string[]>>;
  /** a channel's id (lower case) -> the alias an environment maps to it (rule duplicate-content) */
  ids?: Readonly<Record<string, string>>;
  kinds?: Readonly<Record<string, 'whatsapp' | 'rcs'>>;
}

/** alias -> the environments that define it, each with the names of its values (rule env-value-missing) */
export type ProjectValues = Readonly<Record<string, readonly { environment: string; names: ReadonlySet<string> }[]>>;
