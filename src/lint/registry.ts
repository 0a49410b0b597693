// Every rule tplsync knows, by id: the single list docs, severities and SARIF read.
import type { Rule } from './rule.js';
import { fileRules } from './rules/file.js';
import { crossFileRules, directiveRules, limitRules } from './rules/meta.js';
import { policyRules } from './rules/policy.js';
import { rcsRules } from './rules/rcs.js';
import { variantRules } from './rules/variants.js';
import { whatsappRules } from './rules/whatsapp.js';

export const RULES: readonly Rule[] = [...fileRules, ...whatsappRules, ...rcsRules, ...crossFileRules, ...variantRules, ...directiveRules, ...limitRules, ...policyRules];
export const RULES_BY_ID: ReadonlyMap<string, Rule> = new Map(RULES.map((r) => [r.id, r]));
export const CHECKED_RULES: readonly Rule[] = RULES.filter((r) => r.check);
