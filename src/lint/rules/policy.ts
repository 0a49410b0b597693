// The rule of the team-policy stage itself (src/lint/policies.ts): a plugin that fails is reported,
// through the loading hook, from the stage's problems.
import { claiming, defineRules } from '../rule.js';

/** the problems of the policy stage (policies.ts): a plugin that fails to load, a plugin's rule that throws */
export type PluginProblemKind = 'plugin-load' | 'plugin-threw';

export const policyRules = defineRules([
  {
    id: 'policy-plugin-error', group: 'policy', severity: 'error',
    summary: 'A policy plugin loads, and its rules run without throwing.',
    why: 'A plugin that fails would otherwise check nothing without anyone noticing; tplsync reports it instead of crashing or passing silently.',
    fix: 'Fix the plugin named in the message (its module, or the rule that threw), or remove it from `policies` in the config.',
    checkLoading: claiming('plugin-load', 'plugin-threw'),
  },
]);

