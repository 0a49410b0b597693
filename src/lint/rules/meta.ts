// Rules reported across files (project hook), about suppression directives and about the caps
// on findings (final hook): their metadata and their code (rule.ts).
import type { Span } from '../../core/diagnostic.js';
import { didYouMean, editDistance } from '../../core/suggest.js';
import { languageCode } from '../../core/language.js';
import { lookalikes, lookalikesHeld } from '../../core/lookalikes.js';
import type { Directive } from '../../files/directives.js';
import { UUID_RE } from '../../core/uuid.js';
import { defineRules, MAX_FINDINGS_PER_FILE, MAX_FINDINGS_PER_RULE, type ProjectContext } from '../rule.js';
import { channelAliasOf, channelKindProblem } from './channel-kind.js';
import { missingValueMessage } from './env-values.js';

/** the files whose channel is a config alias (not a UUID), with that alias: those the channel rules judge */
function aliased(ctx: ProjectContext, each: (file: ProjectContext['files'][number], alias: string, span: Span) => void): void {
  if (!ctx.channels) return;
  for (const r of ctx.files) {
    const channel = r.facts.channel;
    if (channel && !UUID_RE.test(channel.value)) each(r, channel.value, channel.span);
  }
}

export const crossFileRules = defineRules([
  { id: 'duplicate-template', group: 'cross-file', severity: 'error', summary: 'No two files define the same (channel, name, language).',
    why: 'The identity of a template is (channel, name, language); two files would overwrite each other on every apply. A file that names the channel by the UUID an environment gives an alias is of that alias\'s channel. Each of the files is reported, naming the others: which one is the mistake is for you to say.',
    fix: 'Delete one file, or change the name or language of one template.',
    checkProject(ctx) {
      const groups = new Map<string, ProjectFileResult[]>();
      for (const r of ctx.files) {
        const { channel, name, language } = r.facts;
        if (!channel || !name || !language) continue;
        // a file that names the channel by the UUID of an alias another file names is of the same channel (plan refuses the pair)
        const key = `${channelAliasOf(ctx.channels?.ids, channel.value)}\u0000${name}\u0000${language}`;
        (groups.get(key) ?? groups.set(key, []).get(key)!).push(r);
      }
      for (const group of groups.values()) {
        if (group.length < 2) continue;
        for (const r of group) {
          const { channel, name, language } = r.facts;
          const said = `${channel!.value}/${name}/${language} is also defined in ${others(group, r)}.`;
          // a file named for another template (a copy started as a translation, usage_alert.de.yaml still saying en_US):
          // the key its file name disagrees with is the one to change, reported at that key's line
          const named = identityOfFileName(r.file);
          // the file name's part read as a template name (order-shipped stands for order_shipped): never advise a name name-format refuses
          const meant = named && nameOfStem(named.name, FILE_STYLES[0]!);
          // (a file name that writes the name there, iOSUpdate for ios_update, says no other name)
          const off = named && !sameLanguage(named.language, language!) ? 'language' : meant !== undefined && !FILE_STYLES.some((s) => s.writes(named!.name, name!)) && letters(meant) !== letters(name!) ? 'name' : undefined;
          const says = off === 'language' ? named!.language : meant;
          if (off) ctx.reportAt(r.file, [off], `${said} This file's name says ${says} (${baseName(r.file)}): change \`${off}:\` to ${says} if the file is that template.`);
          else ctx.report(r.file, r.facts.identitySpan ?? channel!.span, said);
        }
      }
    } },
  { id: 'file-name', group: 'cross-file', severity: 'warning', summary: 'In a project whose files are named NAME.LANGUAGE.yaml (as `tplsync new` names them), a file so named holds that name and language.',
    why: 'A template\'s identity is its `channel`, `name` and `language` keys, not its file name; where the files are named after them, a reader takes the file name for the identity. A file renamed to rename its template (bill_due.en_US.yaml still saying `name: bill_ready`) renames nothing, and a copy started as a translation (usage_alert.de.yaml still saying `language: en_US`) is the same template again. Judged only when at least two files, and most of those named NAME.LANGUAGE.yaml, agree with their keys; a file named otherwise (promo.yaml) is not judged. NAME is the template name as the project writes it in file names: as it is (order_shipped), in kebab case (order-shipped: a template name cannot hold `-`), in camel or Pascal case (orderShipped, OrderShipped) or in capitals (ORDER_SHIPPED) all stand for `name: order_shipped`; in camel and Pascal case a run of capitals is one word, and an acronym may be broken or not (smsOTP stands for `name: sms_otp`, iOSUpdate for `name: ios_update`: the same letters in the same order); a NAME no such way reads as a template name (Order Summary) is not judged. LANGUAGE may be written the BCP 47 way or in other letter case (order_shipped.en-US.yaml, .en_us.yaml): it stands for the platform\'s code (`language: en_US`), and where most files write the code itself such a file is advised to be renamed to it. A `language:` that is no code at all (`english`) is language-code\'s finding, which names the code it means: this rule adds no advice on it. The advice names only codes language-code takes, and names a `name:` that name-format takes (order-overdue.en_US.yaml: `name: order_overdue`) and a file name written the way most of the project\'s files are.',
    fix: 'Change the key the file name disagrees with (`name:` or `language:`), or rename the file after its keys. A new name is a new template: the old one stays on the channel until it is deleted (plan shows it as an orphan).',
    checkProject(ctx) {
      const named = ctx.files.flatMap((r) => {
        const n = identityOfFileName(r.file);
        return n && r.facts.name && r.facts.language ? [{ r, n }] : [];
      });
      // the way the project's files write a template name (order_shipped as order-shipped, orderShipped, ...)
      const style = projectStyle(named.map(({ r, n }) => ({ stem: n.name, name: r.facts.name! })));
      const agrees = (stem: string, name: string): boolean => FILE_STYLES.some((s) => s.writes(stem, name));
      const agree = named.filter(({ r, n }) => agrees(n.name, r.facts.name!) && sameLanguage(n.language, r.facts.language!)).length;
      if (agree < 2 || agree * 2 <= named.length) return;
      // most files write the language as the platform's code (en_US, not en-US): one written otherwise is told so
      const codesWritten = named.filter(({ n }) => n.written === n.language).length * 2 > named.length;
      for (const { r, n } of named) {
        const name = r.facts.name!; const language = r.facts.language!;
        const ext = extensionOf(r.file);
        // the code a rename names: the platform's (a `language:` of en-US, which language-code refuses, renames to en_US)
        const valid = [language, languageCode(language)].find((c) => LANGUAGE_LIKE.test(c));
        const code = valid ?? n.language;
        // a `language:` that is no code at all (english): language-code's finding leads, with the code it means; a rename
        // here would name the file's own name, and `Change language:` a second code beside that finding's
        if (!sameLanguage(n.language, language)) { if (valid !== undefined) ctx.reportAt(r.file, ['language'], `The file is named ${baseName(r.file)}, but \`language:\` is ${language}: a copy keeps the language it was copied from. Change \`language:\` to ${n.language}, or rename the file to ${style.of(name)}.${code}${ext}.`); }
        // the same language, written in the file name another way than the platform's code (BCP 47's en-US for en_US)
        else if (codesWritten && n.written !== n.language && agrees(n.name, name)) ctx.reportAt(r.file, ['language'], `The file is named ${baseName(r.file)}, which writes the language ${n.written}; the platform's code, as \`language:\` says, is ${n.language}: rename the file to ${style.of(name)}.${n.language}${ext}, the way the project's other files write it.`);
        if (agrees(n.name, name)) continue;
        // the name the file's name stands for, read the project's way: never one name-format refuses (identityOfFileName judges no other file)
        const meant = nameOfStem(n.name, style)!;
        // a name the file's name reads as that has the letters of the one there (order-ship-ped for order_shipped) is no
        // better than it: only the file's name is to change
        if (letters(meant) === letters(name)) {
          ctx.reportAt(r.file, ['name'], `The file is named ${baseName(r.file)}, but \`name:\` is ${name}: rename the file to ${style.of(name)}.${code}${ext}, the way the project's other files write their names.`);
          continue;
        }
        ctx.reportAt(r.file, ['name'], `The file is named ${baseName(r.file)}, but \`name:\` is ${name}: the name key is the template's identity, so renaming the file renamed nothing. Change \`name:\` to ${meant} (a new template; the old one stays on the channel until deleted) or rename the file back to ${style.of(name)}.${code}${ext}.`);
      }
    } },
  { id: 'duplicate-public-id', group: 'cross-file', severity: 'error', summary: 'No two files set the same explicit publicId.',
    why: 'The publicId addresses one template; two files with the same id overwrite each other. Each of the files is reported, naming the others.', fix: 'Remove or correct one publicId.',
    checkProject(ctx) {
      const groups = new Map<string, ProjectFileResult[]>();
      for (const r of ctx.files) if (r.facts.publicId) (groups.get(r.facts.publicId.value) ?? groups.set(r.facts.publicId.value, []).get(r.facts.publicId.value)!).push(r);
      for (const [id, group] of groups) {
        if (group.length < 2) continue;
        for (const r of group) ctx.report(r.file, r.facts.publicId!.span, `publicId ${id} is also used by ${others(group, r)}.`);
      }
    } },
  { id: 'unknown-channel', group: 'cross-file', severity: 'error', summary: 'The channel is a UUID or an alias that an environment of the config defines.',
    why: 'An alias no environment maps cannot be synced anywhere: most often a misspelling. An alias only some environments define is a template only they have (plan, apply, promote and review of the others leave it out, and say so, as does the module `types` makes for one of them).',
    fix: 'Add the alias under environments.<env>.channels in tplsync.config.yaml (in each environment that should have the template), or correct its spelling.',
    checkProject(ctx) {
      const channels = ctx.channels!;
      aliased(ctx, (r, alias, span) => {
        if ((channels.aliases[alias] ?? []).length) return;
        const known = Object.keys(channels.aliases);
        // a Cyrillic or Greek letter that looks like a Latin one, in the template's alias or in the config's: named
        const here = lookalikes(alias);
        if (here && known.includes(here.latin)) {
          ctx.report(r.file, span, `Channel alias '${alias}' is not defined in the config: it ${lookalikesHeld(here, 'alias')}; did you mean '${here.latin}'?`);
          return;
        }
        const there = known.map((k) => ({ k, found: lookalikes(k) })).find(({ found }) => found?.latin === alias);
        if (there) {
          ctx.report(r.file, span, `Channel alias '${alias}' is not defined in the config; the config's '${there.k}' ${lookalikesHeld(there.found!, 'alias')}: write it in Latin letters there, or write '${there.k}' here`);
          return;
        }
        ctx.report(r.file, span, `Channel alias '${alias}' is not defined in the config${didYouMean(alias, known) || (known.length ? ` (known: ${known.join(', ')})` : '')}`);
      });
    } },
  { id: 'channel-kind', group: 'cross-file', severity: 'error', summary: 'A template fits the kind of its channel: no RCS-only template on a WhatsApp channel, no WhatsApp-only template on an RCS channel.',
    why: 'The config knows which channel is WhatsApp and which is RCS (`channels.<alias>.kind`); a template the channel cannot send would be created and never delivered. A template that names its channel by the UUID an environment gives an alias is judged by that alias\'s kind.',
    fix: 'Use a channel of the right kind, or write the missing part (a WhatsApp `body`, or the RCS `message`). A template with both fits either kind.',
    checkProject(ctx) {
      const kinds = ctx.channels?.kinds;
      if (!kinds) return;
      aliased(ctx, (r, alias, span) => {
        const kind = kinds[alias];
        const problem = kind && r.facts.content ? channelKindProblem(alias, kind, r.facts.content) : undefined;
        if (problem) ctx.report(r.file, span, problem);
      });
      // a template that names its channel by the UUID of an alias whose kind the config says
      for (const r of ctx.files) {
        const channel = r.facts.channel;
        if (!channel || !UUID_RE.test(channel.value) || !r.facts.content) continue;
        const alias = channelAliasOf(ctx.channels?.ids, channel.value);
        const kind = alias !== channel.value ? kinds[alias] : undefined;
        const problem = kind ? channelKindProblem(alias, kind, r.facts.content) : undefined;
        if (problem) ctx.report(r.file, channel.span, `${problem.replace(`Channel '${alias}'`, `Channel ${channel.value} ('${alias}' in the config)`)}`);
      }
    } },
  { id: 'env-channel-misspelt', group: 'cross-file', severity: 'error', summary: 'No environment leaves a template out because its own alias for the channel is a misspelling of the template\'s.',
    why: 'An alias only some environments define keeps a template to them: the others leave it out, and plan and apply there report no changes. When the environment that leaves the template out has, instead, an alias no template is on that is one letter from the template\'s (or a few, when the config\'s `channels:` declares the template\'s alias and not that one), it is a misspelling in the config, and every template on the alias silently stops being synced there. Judged on a run of the whole project (not of some files, where another file may be on the alias).',
    fix: 'Correct the alias under `environments.<env>.channels` in tplsync.config.yaml to the one the templates name. An environment that is not to have these templates keeps its other alias under a name that is not a near-copy of theirs.',
    source: 'tplsync (docs/format.md#the-environments-checked)',
    checkProject(ctx) {
      const channels = ctx.channels;
      if (!channels || ctx.partial) return;
      const used = new Set<string>();
      aliased(ctx, (_r, alias) => { used.add(alias); });
      // per environment: its aliases no file is on
      const unused = new Map<string, string[]>();
      for (const env of channels.environments) unused.set(env, Object.keys(channels.aliases).filter((a) => !used.has(a) && (channels.aliases[a] ?? []).includes(env)));
      const declared = (a: string): boolean => Object.prototype.hasOwnProperty.call(ctx.languages, a);
      aliased(ctx, (r, alias, span) => {
        const has = channels.aliases[alias] ?? [];
        if (!has.length) return; // unknown-channel's
        for (const env of channels.environments) {
          if (has.includes(env)) continue;
          // a misspelling: one letter apart, or a few where the config's channels: declares the template's alias and not the environment's
          // (a longer or shorter name, wa-test beside wa, is another channel)
          const near = (unused.get(env) ?? []).map((u) => ({ u, d: editDistance(u, alias) }))
            .filter(({ u, d }) => d <= 1 || (d <= Math.max(2, Math.floor(alias.length / 3)) && declared(alias) && !declared(u)))
            .sort((a, b) => a.d - b.d)[0]?.u;
          if (near === undefined) continue;
          // (a look-alike letter of another script in the config's alias: named, as it cannot be seen)
          const found = lookalikes(near);
          const held = found?.latin === alias ? ` (it ${lookalikesHeld(found, 'alias')})` : '';
          ctx.report(r.file, span, `Channel alias '${alias}' is not one of ${env}'s channels, so ${env} leaves this template out (plan and apply there would report no changes); ${env} has '${near}' instead${held}, which no template is on${didYouMean(near, [alias]) || `; did you mean '${alias}'?`} Correct environments.${env}.channels.${near} in the config`);
        }
      });
    } },
  { id: 'env-value-missing', group: 'cross-file', severity: 'error', summary: 'Every value a template refers to, `((name))`, is given by every environment that has the template\'s channel.',
    why: 'A template refers to a value of its environment (a flow id, an address\'s host, a sample) that differs between accounts; an environment without it cannot build the template, so plan and apply would stop there. The finding is at the reference\'s `((`.',
    fix: 'Add the value under `environments.<env>.values` in the config of each environment named (a text, or `{ env: VAR }` for a secret), or correct the reference\'s name. A literal `((name))` is written `\\((name))`.',
    source: 'tplsync (environment values, docs/format.md#environment-values)',
    checkProject(ctx) {
      const values = ctx.values;
      if (!values) return;
      aliased(ctx, (r, alias) => {
        const inEnvs = values[alias];
        if (!inEnvs || !r.facts.references) return;
        for (const ref of r.facts.references) {
          const missing = inEnvs.filter((e) => !e.names.has(ref.name));
          if (missing.length) ctx.report(r.file, ref.span, missingValueMessage(ref.name, alias, missing.map((e) => e.environment), inEnvs.map((e) => [...e.names])));
        }
      });
    } },
]);

/** where a directive's finding points: the comment, on its line */
const spanOf = (dir: Directive): Span => ({ line: dir.line, column: dir.column, endLine: dir.line, endColumn: dir.endColumn });

export const directiveRules = defineRules([
  { id: 'directive-missing-reason', group: 'directive', severity: 'error',
    summary: 'A `# tplsync-disable-next-line RULE -- reason` directive gives its reason.',
    why: 'A suppression without a reason cannot be reviewed; the next reader does not know whether it is still needed.',
    fix: 'Append ` -- ` and why the finding does not apply.',
    checkFinal(ctx) {
      for (const dir of ctx.directives) {
        if (!dir.reason) ctx.report(spanOf(dir), `Give the reason for disabling ${dir.rules.join(', ') || 'the rule'}: append \` -- why it does not apply\`.`);
      }
    } },
  { id: 'directive-unused', group: 'directive', severity: 'warning', summary: 'A disable directive suppresses a finding.',
    why: 'A directive that suppresses nothing hides the next real finding on that line.', fix: 'Remove the directive.',
    checkFinal(ctx) {
      for (const dir of ctx.directives) {
        for (const id of dir.rules) if (ctx.known(id) && !ctx.suppressed(dir, id)) ctx.report(spanOf(dir), `No ${id} finding on line ${dir.target} to disable; remove the directive.`);
      }
    } },
  { id: 'directive-unknown-rule', group: 'directive', severity: 'error', summary: 'A disable directive names existing rule ids.',
    why: 'A misspelt rule id suppresses nothing.', fix: 'Use a rule id from docs/rules.md.',
    checkFinal(ctx) {
      for (const dir of ctx.directives) {
        if (dir.rules.length === 0) ctx.report(spanOf(dir), 'tplsync-disable-next-line names no rule id; write `# tplsync-disable-next-line RULE-ID -- reason`.');
        for (const id of dir.rules) if (!ctx.known(id)) ctx.report(spanOf(dir), `Unknown rule id '${id}'${didYouMean(id, ctx.ids())}`);
      }
    } },
]);

export const limitRules = defineRules([
  { id: 'too-many-findings', group: 'limits', severity: 'warning',
    summary: `Stands for the findings of a file that are not shown: at most ${MAX_FINDINGS_PER_RULE} per rule and ${MAX_FINDINGS_PER_FILE} per file are reported.`,
    why: 'A broken or hostile file (60,000 unknown keys, a text of 100,000 malformed placeholders) would otherwise produce a report larger than the file and take time in proportion to it. Findings over the cap are counted, not placed: this one finding, at the first of them, says how many of each rule were left out. It takes the highest severity of the findings it stands for (so hidden errors still fail the run); a directive cannot suppress a finding that was never placed.',
    fix: 'Fix the findings shown (usually one mistake repeated) and lint again. Setting this rule to off hides the summary, not the findings.',
    checkFinal(ctx) {
      if (!ctx.hidden) return;
      const { counts, severity, span } = ctx.hidden;
      const total = [...counts.values()].reduce((a, b) => a + b, 0);
      const by = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      const list = by.slice(0, 5).map(([id, n]) => `${id} ${n}`).join(', ') + (by.length > 5 ? `, ${by.length - 5} more rules` : '');
      ctx.report(span, `${total} more finding${total === 1 ? '' : 's'} in this file ${total === 1 ? 'is' : 'are'} not shown (${list}); at most ${MAX_FINDINGS_PER_RULE} per rule and ${MAX_FINDINGS_PER_FILE} per file are reported. Fix these and lint again.`, severity);
    } },
]);

type ProjectFileResult = ProjectContext['files'][number];

/** the last part of a file's path */
const baseName = (file: string): string => file.split(/[\\/]/).pop() ?? file;
/** `.yaml` or `.yml`, as the file is named */
const extensionOf = (file: string): string => /\.ya?ml$/i.exec(file)?.[0] ?? '.yaml';
/** a language code as the format writes one: ll, ll_CC, or a script or region after the language (zh_Hans, es_419) */
const LANGUAGE_LIKE = /^[a-z]{2,3}(?:_[A-Za-z0-9]{2,4})?$/;
/** the same code written another way in a file name: BCP 47's hyphen (en-US), or other letter case (en_us, EN-us) */
const LANGUAGE_WRITTEN = /^(?:[a-z]{2,3}|[A-Za-z]{2,3}[-_][A-Za-z0-9]{2,4}|[a-z]{2,3}[-_][A-Za-z0-9]{2,4})$/;

/**
 * The name and language a file named NAME.LANGUAGE.yaml (as `tplsync new` names it) stands for, or
 * undefined. NAME is the file name's part (order-shipped, orderShipped), not yet a template name: a
 * part that no way of writing names (FILE_STYLES) reads as a valid template name is not one
 * (`Order Shipped.en_US.yaml`), and the file is not judged.
 */
function identityOfFileName(file: string): { name: string; language: string; written: string } | undefined {
  const m = /^([^.]+)\.([^.]+)\.ya?ml$/i.exec(baseName(file));
  if (!m || !LANGUAGE_WRITTEN.test(m[2]!) || nameOfStem(m[1]!, FILE_STYLES[0]!) === undefined) return undefined;
  // the code the file name stands for, in the platform's form (en-US, en_us: en_US); never a code the format refuses
  const language = languageCode(m[2]!);
  return LANGUAGE_LIKE.test(language) ? { name: m[1]!, language, written: m[2]! } : undefined;
}
/** a template's `language:` in the platform's form, for comparing it with a file name's (en-US, which language-code refuses, is en_US) */
const sameLanguage = (named: string, language: string): boolean => named === language || named === languageCode(language);
/** the template names WhatsApp and RCS take (the schema's pattern, which name-format holds a name to) */
const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;
const camel = (n: string): string => n.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
/**
 * A camel or Pascal file name's part read as words the way people write acronyms: a run of capitals
 * is one word (smsOTP is sms_otp, resetPasswordURL is reset_password_url, XMLExport is xml_export),
 * a capital after a lower-case letter or digit starts one (orderShipped2, promoV2).
 */
const uncamel = (s: string): string => s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase();
/** a file name's part written in camel or Pascal case: letters and digits only, lower and upper case both */
const CAMEL_SHAPED = /^(?=[^A-Z]*[A-Z])(?=[^a-z]*[a-z])[A-Za-z0-9]+$/;
/** a name's letters and digits, lower-cased, without its word breaks: smsOTP, sms_otp and smsOtp all read smsotp */
const letters = (s: string): string => s.replace(/_/g, '').toLowerCase();
/**
 * The ways a team writes a template name (order_shipped) in its file names: as it is, in kebab case
 * (order-shipped: `-` where the name has `_`, which a name cannot hold), in camel or Pascal case, in
 * capitals. `of` writes a name so; `back` reads a file name's part as the name it writes; `writes`
 * says whether a file name's part is a name written so: for camel and Pascal case, where people
 * break the words of an acronym or not as they like (smsOTP, iOSUpdate for sms_otp, ios_update),
 * the same letters in the same order.
 */
interface FileStyle { of(name: string): string; back(stem: string): string; writes(stem: string, name: string): boolean }
const exactly = (of: (n: string) => string, back: (s: string) => string): FileStyle => ({ of, back, writes: (stem, name) => of(name) === stem });
const camelCased = (of: (n: string) => string, first: RegExp): FileStyle => ({
  of, back: uncamel,
  writes: (stem, name) => of(name) === stem || (CAMEL_SHAPED.test(stem) && first.test(stem) && letters(stem) === letters(name)),
});
const FILE_STYLES: readonly FileStyle[] = [
  exactly((n) => n, (s) => s),
  exactly((n) => n.replace(/_/g, '-'), (s) => s.replace(/-/g, '_')),
  camelCased(camel, /^[^A-Z]/),
  camelCased((n) => { const c = camel(n); return c.charAt(0).toUpperCase() + c.slice(1); }, /^[A-Z]/),
  exactly((n) => n.toUpperCase(), (s) => s.toLowerCase()),
];
/** the way most of the files whose name and file name differ write it (as it is when none does): what the advice writes a file name in */
function projectStyle(files: readonly { stem: string; name: string }[]): FileStyle {
  let best = FILE_STYLES[0]!; let most = 0;
  for (const s of FILE_STYLES.slice(1)) {
    const n = files.filter((f) => f.stem !== f.name && s.writes(f.stem, f.name)).length;
    if (n > most) { best = s; most = n; }
  }
  return best;
}
/** the template name a file name's part stands for, read the project's way first: undefined when no way reads it as a name name-format takes */
function nameOfStem(stem: string, style: FileStyle): string | undefined {
  for (const s of [style, ...FILE_STYLES]) {
    const name = s.back(stem);
    if (TEMPLATE_NAME.test(name) && s.writes(stem, name)) return name;
  }
  return undefined;
}
/** the files of a group but this one, as a list for a message */
function others(group: readonly ProjectFileResult[], r: ProjectFileResult): string {
  return group.filter((x) => x !== r).map((x) => (x.file !== r.file && x.file.normalize('NFC') === r.file.normalize('NFC')
    // two names that look the same: an accent written as one character in one and as a letter and a combining mark in the other
    ? `${x.file} (a name that looks like this file's own: one writes an accent as one character (NFC), the other as a letter and a combining mark (NFD); rename one)`
    : x.file)).join(', ');
}
