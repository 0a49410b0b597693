// Writes docs/rules.md from the rule registry and the rule fixtures (the failing fixture is
// the example). `npm run docs:rules`; test/docs.test.ts fails when the page is stale.
import { isUtf8 } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RETIRED_RULES, RULES } from '../src/lint/registry.ts';
import type { RuleGroup } from '../src/lint/rule.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GROUPS: Record<RuleGroup, string> = {
  file: 'Reading the file', schema: 'Schema', whatsapp: 'WhatsApp', rcs: 'RCS', 'cross-file': 'Across files', directive: 'Suppression directives', limits: 'Limits', policy: 'Policy plugins',
};

/**
 * A fixture line as rules.md prints it: whole, but for a run of 30 or more of one character in a
 * line over 110 characters (a length rule's text of 1,025 `a`), which is elided in its middle
 * (`aaaaaaaaaa…aaaaaaaaaa`) with the line's real length after it (`  # 1035 characters`). Nothing
 * else is cut: a line cut after a word loses what its rule reports (a too-long text, a sample) and,
 * inside `{ ... }`, the closing brace, so that the example no longer parses (trial-ax F2). The
 * page says how to write a run out again (RUNS_NOTE); test/rules.test.ts lints every example as
 * printed, runs written out so.
 */
export function shorten(line: string): string {
  if (line.length <= 110) return line;
  const runs = [...line.matchAll(/(.)\1{29,}/gu)];
  // one run a line: its length then follows from the line's
  if (runs.length !== 1) return line;
  const [run, c] = runs[0] as unknown as [string, string];
  const at = runs[0]!.index!;
  return `${line.slice(0, at)}${c.repeat(10)}…${c.repeat(10)}${line.slice(at + run.length)}  # ${[...line].length} characters`;
}

/** What the page says of its examples: how to copy one, and the two things printed shorter than the file (test/rules.test.ts lints every example so). */
const RUNS_NOTE = [
  'Each rule\'s **Example** is a file the rule reports, as the page prints it: copied into a project whose config names its',
  'channel (`shop-whatsapp` a WhatsApp channel, `shop-rcs` an RCS one), it gives the finding where the line `^ reported here`',
  'points (that line is not part of the file). Files shown by name are one project for a rule across files, separate',
  'examples for any other; a few also give another rule\'s finding about the same mistake. The few rules about the config (`channel-kind`, `language-coverage`,',
  '`env-channel-misspelt`, `env-value-missing`, `key-order`) need the config of the examples, shown below. Two things are printed shorter',
  'than the file: a long run of one character, as `aaaaaaaaaa…aaaaaaaaaa` with the line\'s real length after it',
  '(`  # 1035 characters`: write the run out until the line is that long, comment left out), and a byte that is not',
  'UTF-8, as `\\xE9`.',
  '',
  '<details><summary>The config of the examples</summary>',
  '',
  '```yaml',
  readFileSync(path.join(ROOT, 'test', 'fixtures', 'rules', 'tplsync.config.yaml'), 'utf8').trimEnd(),
  '```',
  '',
  '</details>',
].join('\n');

function example(id: string): string | undefined {
  const dir = path.join(ROOT, 'test', 'fixtures', 'rules', id, 'fail');
  if (!existsSync(dir)) return undefined;
  const parts: string[] = [];
  for (const f of readdirSync(dir).sort()) {
    const raw = readFileSync(path.join(dir, f));
    // a byte that is not UTF-8 (the utf8 rule's example) is shown as the byte it is; a file that is UTF-8 as it is written
    let text = isUtf8(raw) ? raw.toString('utf8') : raw.toString('utf8').replace(/\uFFFD/g, '\\xE9');
    // the first line names one or more positions (`# expect: L:C L:C`, test/rules.test.ts), the line counted
    const m = /^# expect: ([\d: ]+)\n/.exec(text);
    text = text.replace(/^# expect: .*\n/, '');
    const lines = text.split('\n').map(shorten);
    const positions = (m?.[1]?.trim().split(/\s+/) ?? []).map((p) => p.split(':').map(Number) as [number, number]);
    // from the last up, so that an inserted marker does not move the lines of the earlier ones
    for (const [line, column] of positions.sort((a, b) => b[0] - a[0])) {
      lines.splice(line - 1, 0, `${' '.repeat(Math.max(0, column - 1))}^ reported here`);
    }
    parts.push(`${readdirSync(dir).length > 1 ? `\`${f}\`:\n\n` : ''}\`\`\`yaml\n${lines.join('\n').trimEnd()}\n\`\`\``);
  }
  return parts.join('\n\n');
}

const fixture = (f: string): string => readFileSync(path.join(ROOT, 'test', 'fixtures', 'policies', f), 'utf8').trimEnd();

/** The team-policy section: the block, the plugin interface, and the worked example of test/fixtures/policies (test/policies.test.ts runs it). */
function policiesDoc(): string[] {
  return [
    '## Team policies',
    '',
    'A team adds its own rules in the config, under `policies`. They are enforced like the built-in ones:',
    'the same severities (`error`, `warning`, `info`, `off`, overridable under `rules:`), the same',
    '`# tplsync-disable-next-line ID -- reason` suppressions, every `--format`, and SARIF rules whose help',
    'text is the policy\'s message and condition. `plan`, `apply`, `types`, `send` and `preview` stop on a',
    'policy error as on any lint error.',
    '',
    '### A declarative policy',
    '',
    '| key | |',
    '| --- | --- |',
    '| `id` | the rule id, with your team\'s prefix: `acme/marketing-opt-out` (never a built-in id) |',
    '| `message` | what a finding says |',
    '| `severity` | `error` (default), `warning`, `info` or `off` |',
    '| `description` | optional: why the team has the policy (the SARIF help text) |',
    '| `where` | optional: fields that must equal these values for the policy to apply, e.g. `{ category: MARKETING }`; a list means any of them |',
    '| `field` | a path into the template file: `footer`, `body.text`, `buttons[*].text`, `carousel[*].body.text`, `buttons[0].url` |',
    '| `pattern` | a regular expression every value must match; an absent field is a finding too |',
    '| `notPattern` | a regular expression no value may match (the finding points at the match) |',
    '| `flags` | optional flags of `pattern` and `notPattern`: `i`, `m`, `s`, `u` |',
    '| `maxLength` | the most characters a value may have |',
    '| `required` | `true`: the field must be present and not empty |',
    '| `enum` | the values allowed |',
    '',
    'Exactly one of `pattern`, `notPattern`, `maxLength`, `required` and `enum`. `[*]` walks every item of a',
    'list (none when the list is absent). A finding is placed on the field\'s own node; when a field',
    '`required` (or `pattern`) is absent, on the nearest part of the template that exists: the',
    'template\'s first line for a top-level field. The config is checked when it is loaded: an unknown',
    'key, a misspelt severity, two operators or a broken regular expression is a usage error (exit 3)',
    'that says what to write.',
    '',
    '### A plugin',
    '',
    '`- plugin: ./policies/brand.mjs` (relative to the config) names an ES module whose default export',
    '(or export `rules`) is a list of rules with the built-in rules\' shape:',
    '',
    '| key | |',
    '| --- | --- |',
    '| `id` | the rule id (`brand/spelling`) |',
    '| `severity` | `error` (default), `warning`, `info` or `off` |',
    '| `summary`, `why`, `fix` | one line each: what it checks, why, how to fix a finding (SARIF help) |',
    '| `check(ctx)` | called once per template file |',
    '',
    'and `ctx` is what the built-in rules get: `ctx.t` the template as a plain value (untrusted: the file',
    'may not match the schema), `ctx.now`, `ctx.sites()` every text that may hold placeholders (`ctx.placeholders()` the same with their scans, `ctx.examples()` the samples blocks, each worked out once per file), and',
    '`ctx.report(path, message, { at: { start, end } })` with a path into the value (`[\'buttons\', 0, \'text\']`) and',
    'optionally the range of the string value (offsets into it, as `RegExp` matches give them) to point at. A plugin that fails to load is a',
    '`policy-plugin-error` finding on its line of the config; a rule that throws is one on the template',
    'it threw on, naming the plugin; the other rules still run.',
    '',
    'A plugin is code that tplsync runs in its own process, with its rights: it can read and write files,',
    'reach the network and start processes, in `lint`, `plan`, `apply` and the other commands that lint, and in',
    '`tplsync lsp` as soon as an editor opens the folder. Review a plugin as you would the workflow that runs it.',
    'tplsync takes an environment\'s API key out of `process.env` once it has read it, so a plugin does not find',
    'it there; that is no sandbox (the key is in the process\'s memory), and other variables stay. What a plugin',
    'prints with `console` goes to stderr, masked (a report on stdout, `lint --format json`, stays whole).',
    '',
    '### Worked example',
    '',
    '`tplsync.config.yaml`:',
    '',
    '```yaml',
    fixture('tplsync.config.yaml'),
    '```',
    '',
    '`policies/brand.mjs`:',
    '',
    '```js',
    fixture('policies/brand.mjs'),
    '```',
    '',
    '`templates/spring_sale.en_US.yaml`:',
    '',
    '```yaml',
    fixture('templates/spring_sale.en_US.yaml'),
    '```',
    '',
    '`tplsync lint` reports (a French template elsewhere gets the `info` of `acme/languages`):',
    '',
    '```text',
    'templates/spring_sale.en_US.yaml',
    '  1:1    error    Every marketing template says what it is for (description is absent).  acme/description',
    '  6:24   error    Write "ACME Shop", not "Acmeshop".  acme/brand-spelling',
    '  6:64   warning  Legal asks us not to promise anything "free" (body.text contains \'free\').  acme/no-free',
    '  8:9    error    Marketing templates offer an opt-out in the footer (footer does not match /STOP/).  acme/marketing-opt-out',
    '  11:11  error    Button labels fit on a small phone (buttons[0].text has 18 characters; at most 12).  acme/short-buttons',
    '```',
    '',
    'The example lives in `test/fixtures/policies/`, and `test/policies.test.ts` checks these findings.',
    '',
  ];
}

export function renderRulesDoc(): string {
  const out = [
    '# Lint rules',
    '',
    '<!-- generated by `npm run docs:rules` from src/lint/rules and test/fixtures/rules; do not edit by hand -->',
    '',
    'Every finding of `tplsync lint` names one of these rule ids; the SARIF report and the preview link',
    'each finding to its section here. The template format the rules check is in [format.md](format.md);',
    'where a rule comes from a platform\'s documented limit, **Source** links the page that states it and gives the date the rule',
    'was last checked against that page. Change a severity in the config:',
    '',
    '```yaml',
    'rules:',
    '  placeholder-density: off      # error | warning | info | off',
    '```',
    '',
    'or suppress one finding on the next line, with a reason (a team adds its own rules under `policies`: see [Team policies](#team-policies)):',
    '',
    '```yaml',
    '# tplsync-disable-next-line language-unknown -- our partner supports this language',
    'language: xx_YY',
    '```',
    '',
    RUNS_NOTE,
    '',
    '| id | default | checks |',
    '| --- | --- | --- |',
    ...RULES.map((r) => `| [\`${r.id}\`](#${r.id}) | ${r.severity} | ${r.summary.replace(/\|/g, '\\|')} |`),
    '',
  ];
  for (const [group, title] of Object.entries(GROUPS)) {
    if (group === 'policy') out.push(...policiesDoc());
    out.push(`## ${title}`, '');
    for (const r of RULES.filter((x) => x.group === group)) {
      const source = !r.source ? '' : r.sourceUrl ? ` · **Source:** [${r.source}](${r.sourceUrl}) (checked ${r.checked})` : ` · **Source:** ${r.source}`;
      out.push(`### ${r.id}`, '', `**Default:** ${r.severity}${source}`, '', r.summary, '', `**Why:** ${r.why}`, '');
      const ex = example(r.id);
      if (ex) out.push('**Example:**', '', ex, '');
      out.push(`**Fix:** ${r.fix}`, '');
      if (r.repair) out.push(`**Fixable:** \`tplsync lint --fix\` and the editor's quick fix: ${(r.repairTitle ?? 'repairs it').replace(/^./, (c) => c.toLowerCase())}.`, '');
      else if (r.notRepaired) out.push(`**Not fixed by \`lint --fix\`:** ${r.notRepaired}.`, '');
    }
  }
  out.push('## Retired rules', '', 'A config may still name these ids; their setting no longer concerns anything.', '', '| id | what took its place |', '| --- | --- |',
    ...[...RETIRED_RULES].map(([id, why]) => `| \`${id}\` | ${why} |`), '');
  return out.join('\n');
}

const SEVERITIES = ['error', 'warning', 'warn', 'info', 'off'];

/**
 * schema/config.schema.json with its `definitions` made from the registry: every rule id (and
 * retired one) a property of `rules` with its summary, so an editor completes and explains the
 * ids and the config's loading refuses an unknown one with the config's other problems, in one
 * round; a team policy's id (prefix/name) is any key with a slash. Everything before
 * `"definitions"` is the file as written by hand.
 */
export function renderConfigSchema(current: string): string {
  const at = current.lastIndexOf('\n  "definitions": {');
  if (at < 0) throw new Error('schema/config.schema.json: no "definitions" at its end');
  const sev = JSON.stringify(SEVERITIES).replace(/,/g, ', ');
  const prop = (id: string, description: string): string => `        ${JSON.stringify(id)}: { "enum": ${sev}, "description": ${JSON.stringify(description)} }`;
  const props = [
    ...RULES.map((r) => prop(r.id, `${r.summary} (default: ${r.severity})`)),
    ...[...RETIRED_RULES].map(([id, why]) => prop(id, `retired: ${why}; its setting concerns nothing`)),
  ];
  return `${current.slice(0, at)}
  "definitions": {
    "ruleSeverities": {
      "type": "object",
      "description": "Severity per lint rule id: error, warning, info or off. Generated from the rules by \`npm run docs:rules\`.",
      "properties": {
${props.join(',\n')}
      },
      "patternProperties": { "/": { "enum": ${sev}, "description": "a team policy's or plugin's rule (prefix/name)" } },
      "additionalProperties": false
    }
  }
}
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  writeFileSync(path.join(ROOT, 'docs', 'rules.md'), renderRulesDoc());
  const schemaFile = path.join(ROOT, 'schema', 'config.schema.json');
  writeFileSync(schemaFile, renderConfigSchema(readFileSync(schemaFile, 'utf8')));
  console.log(`docs/rules.md, schema/config.schema.json: ${RULES.length} rules`);
  // The built CLI validates a config with the validator the build generated from that schema
  // (dist/schemas/config.validate.cjs): generate it again here, or a config naming a new rule is
  // refused as an "unknown rule id" until the next `npm run build`. Without a build there is
  // nothing to bring up to date (the build generates it).
  if (existsSync(path.join(ROOT, 'dist', 'schemas'))) {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'gen-validators.mjs')], { stdio: 'inherit' });
    console.log('dist/schemas/: the validators generated again from schema/ (the built CLI takes the rule ids at once)');
  }
}
