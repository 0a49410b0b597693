// Rules reported across files and about suppression directives.
import { defineRules, MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE } from '../rule.js';

export const crossFileRules = defineRules([
  { id: 'duplicate-template', group: 'cross-file', severity: 'error', summary: 'No two files define the same (channel, name, language).',
    why: 'The identity of a template is (channel, name, language); two files would overwrite each other on every apply.',
    fix: 'Delete one file, or change the name or language of one template.' },
  { id: 'duplicate-public-id', group: 'cross-file', severity: 'error', summary: 'No two files set the same explicit publicId.',
    why: 'The publicId addresses one template; two files with the same id overwrite each other.', fix: 'Remove or correct one publicId.' },
  { id: 'unknown-channel', group: 'cross-file', severity: 'error', summary: 'The channel is a UUID or an alias that every environment of the config defines.',
    why: 'An alias the config does not map cannot be synced; the apply would fail in that environment.',
    fix: 'Add the alias under environments.<env>.channels in tplsync.config.yaml, or correct its spelling.' },
  { id: 'channel-kind', group: 'cross-file', severity: 'error', summary: 'A template fits the kind of its channel: no RCS-only template on a WhatsApp channel, no WhatsApp-only template on an RCS channel.',
    why: 'The config knows which channel is WhatsApp and which is RCS (`channels.<alias>.kind`); a template the channel cannot send would be created and never delivered.',
    fix: 'Use a channel of the right kind, or write the missing part (a WhatsApp `body`, or the RCS `message`). A template with both fits either kind.' },
  { id: 'env-value-missing', group: 'cross-file', severity: 'error', summary: 'Every value a template refers to, `((name))`, is given by every environment that has the template\'s channel.',
    why: 'A template refers to a value of its environment (a flow id, an address\'s host, a sample) that differs between accounts; an environment without it cannot build the template, so plan and apply would stop there. The finding is at the reference\'s `((`.',
    fix: 'Add the value under `environments.<env>.values` in the config of each environment named (a text, or `{ env: VAR }` for a secret), or correct the reference\'s name. A literal `((name))` is written `\\((name))`.',
    source: 'tplsync (environment values, docs/format.md#environment-values)' },
]);

export const directiveRules = defineRules([
  { id: 'directive-missing-reason', group: 'directive', severity: 'error',
    summary: 'A `# tplsync-disable-next-line RULE -- reason` directive gives its reason.',
    why: 'A suppression without a reason cannot be reviewed; the next reader does not know whether it is still needed.',
    fix: 'Append ` -- ` and why the finding does not apply.' },
  { id: 'directive-unused', group: 'directive', severity: 'warning', summary: 'A disable directive suppresses a finding.',
    why: 'A directive that suppresses nothing hides the next real finding on that line.', fix: 'Remove the directive.' },
  { id: 'directive-unknown-rule', group: 'directive', severity: 'error', summary: 'A disable directive names existing rule ids.',
    why: 'A misspelt rule id suppresses nothing.', fix: 'Use a rule id from docs/rules.md.' },
]);

export const limitRules = defineRules([
  { id: 'too-many-findings', group: 'limits', severity: 'warning',
    summary: `Stands for the findings of a file that are not shown: at most ${MAX_FINDINGS_PER_RULE} per rule and ${MAX_FINDINGS_PER_FILE} per file are reported.`,
    why: 'A broken or hostile file (60,000 unknown keys, a text of 100,000 malformed placeholders) would otherwise produce a report larger than the file and take time in proportion to it. Findings over the cap are counted, not placed: this one finding, at the first of them, says how many of each rule were left out. It takes the highest severity of the findings it stands for (so hidden errors still fail the run); a directive cannot suppress a finding that was never placed.',
    fix: 'Fix the findings shown (usually one mistake repeated) and lint again. Setting this rule to off hides the summary, not the findings.' },
]);
