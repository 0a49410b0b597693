// Every rule tplsync knows, by id: the single list docs, severities and SARIF read.
import type { Rule, RuleMeta } from './rule.js';
import { fileRules } from './rules/file.js';
import { loadingRules } from './rules/loading.js';
import { schemaRules } from './rules/schema.js';
import { crossFileRules, directiveRules, limitRules } from './rules/meta.js';
import { policyRules } from './rules/policy.js';
import { rcsRules } from './rules/rcs.js';
import { rcsLimitRules } from './rules/rcs-limits.js';
import { variantRules } from './rules/variants.js';
import { translationRules } from './rules/translations.js';
import { wordingRules } from './rules/wording.js';
import { whatsappRules } from './rules/whatsapp.js';
import { authenticationRules } from './rules/authentication.js';
import { carouselRules } from './rules/carousel.js';
import { offerRules } from './rules/offer.js';
import { characterRules } from './rules/characters.js';
import { commerceRules } from './rules/commerce.js';
import { SOURCES } from './sources.js';
import { docsAt, toolVersion } from '../core/version.js';

/** the rules of a group that can only find something in templates with this key (Rule.requires) */
const needing = (requires: NonNullable<Rule['requires']>, rules: readonly Rule[]): Rule[] => rules.map((r) => ({ ...r, requires }));

/**
 * where the built-in rules are documented, one section each (docs/rules.md, `npm run docs:rules`): the page of
 * this version's release tag, not of `main`, whose rule ids and advice may be newer than the version installed
 */
export const RULES_VERSION = toolVersion();
export const RULES_DOC_URL = docsAt('docs/rules.md');

/** a rule with the address of its section in the docs, and the address and check date of its source page when src/lint/sources.ts knows it */
const sourced = (r: Rule): Rule => {
  const page = r.source !== undefined ? SOURCES[r.source] : undefined;
  const documented = { ...r, docsUrl: `${RULES_DOC_URL}#${r.id}` };
  return page && r.sourceUrl === undefined ? { ...documented, sourceUrl: page.url, checked: r.checked ?? page.checked } : documented;
};

export const RULES: readonly Rule[] = ([
  ...loadingRules, ...fileRules, ...schemaRules, ...whatsappRules, ...needing('carousel', carouselRules), ...needing('limited_time_offer', offerRules), ...authenticationRules, ...characterRules, ...commerceRules,
  ...needing('message', rcsRules), ...needing('message', rcsLimitRules), ...crossFileRules, ...wordingRules, ...variantRules, ...translationRules, ...directiveRules, ...limitRules, ...policyRules,
] as Rule[]).map(sourced);
export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((r) => [r.id, r]));
export const CHECKED_RULES: readonly Rule[] = RULES.filter((r) => r.check);

/**
 * The metadata of the rules of a run: the built-in ones, then the project's own (team policies,
 * plugins). What a run hands its report (LintOutcome.ruleMeta, the formatters' FormatContext.rules)
 * and the language server its links and explanations: one source for both.
 */
export function rulesOfRun(own: readonly RuleMeta[]): readonly RuleMeta[] {
  return own.length ? [...RULES, ...own] : RULES;
}

/**
 * Rule ids that no longer exist, with what took their place: a config that still names one
 * (`rules: { rcs-card-text-bytes: off }`) keeps loading, since its setting now concerns nothing.
 */
export const RETIRED_RULES: ReadonlyMap<string, string> = new Map([
  ['rcs-card-text-bytes', 'RBM\'s CardContent counts a card\'s title (200) and description (2000) in characters, which rcs-card-text-length checks; the byte wording was Dialogflow\'s'],
  // it refused a COPY_CODE button on a UTILITY template, on the coupon page alone ("Coupon code templates are marketing
  // templates ..."), which describes one kind of marketing template; Meta's utility page lists the button among a utility
  // template's (checked 2026-12-03, "Updated Jun 17, 2026"); AUTHENTICATION takes its OTP button only (authentication-otp)
  ['copy-code-category', 'it refused a COPY_CODE button on a UTILITY template, which Meta documents: its utility templates page (https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/utility-templates/utility-templates) lists "Supported types: Call request, Copy code, Phone number, Quick-reply, URL", and coupon code templates are MARKETING ones; an AUTHENTICATION template takes only its OTP button (`otp_type: COPY_CODE` for a code to copy), which authentication-otp checks'],
]);
