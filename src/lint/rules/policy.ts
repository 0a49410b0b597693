// The rule of the team-policy stage itself (src/lint/policies.ts): a plugin that fails is reported.
import { defineRules } from '../rule.js';

export const PLUGIN_ERROR_ID = 'policy-plugin-error';

export const policyRules = defineRules([
  {
    id: PLUGIN_ERROR_ID, group: 'policy', severity: 'error',
    summary: 'A policy plugin loads, and its rules run without throwing.',
    why: 'A plugin that fails would otherwise check nothing without anyone noticing; tplsync reports it instead of crashing or passing silently.',
    fix: 'Fix the plugin named in the message (its module, or the rule that threw), or remove it from `policies` in the config.',
  },
]);

