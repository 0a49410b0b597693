// The canonical templates the loaded files ask for, in an environment (pure but for reading a
// secret value from its environment variable, src/project/values.ts).
import type { SeveritySetting } from '../core/diagnostic.js';
import { UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { errorsInEnvironment, heldOnly, warningsInEnvironment, type EnvironmentFinding } from '../lint/in-environment.js';
import type { EnvironmentConfig } from '../config/load.js';
import { templateId, UUID_RE } from '../model/ids.js';
import type { LoadedFile } from '../project/load.js';
import { leftOutOf, type LeftOut } from '../project/environment-templates.js';
import { lookupValue, refersToSecret, templateIn, valueDigests } from '../project/values.js';
import { addSecret, asIdentifier, MIN_SECRET_LENGTH, redact, SECRET_VALUE_MASK } from '../core/redact.js';
import { fromFile, fromRead, type CanonicalTemplate } from '../model/canonical.js';
import { hasReferences, templateReferences } from '../model/values.js';
import { hideRemnants, secretRemnants } from '../model/remnants.js';
import type { TemplateReadResponse } from '../api/shapes.js';
import type { DesiredTemplate } from './plan.js';
import type { Loose } from '../model/loose.js';

export function resolveChannel(channel: string, env: EnvironmentConfig): string | undefined {
  return UUID_RE.test(channel) ? channel.toLowerCase() : env.channels[channel]?.toLowerCase();
}

/**
 * The canonical template of each (lint-clean) loaded file in `env`: its channel resolved and its
 * references to the environment's values, ((name)), replaced by them (secrets too: this is what
 * is written; every output shows a secret as `(secret)`).
 */
export function loadDesired(files: readonly LoadedFile[], env: EnvironmentConfig, severitiesOf?: Readonly<Record<string, SeveritySetting>> | ((absFile: string) => Readonly<Record<string, SeveritySetting>>), onWarnings?: (file: string, warnings: EnvironmentFinding[]) => void, onLeftOut?: (file: string, why: LeftOut) => void, now = new Date()): DesiredTemplate[] {
  const broken: string[] = [];
  /** the variables the broken templates' secret values come from: the fix is there, not in the config */
  const variables = new Set<string>();
  /** the broken templates that a secret value alone breaks (lint --env cannot read a secret: only plan finds these) */
  let secretsOnly = 0;
  const desired = files.flatMap((f) => {
    if (!f.value || f.hash === undefined) throw new Error(`${f.file} was not loaded`);
    // a template on an alias this environment does not define is not one of its templates (an alias only some
    // environments define: a template only they have; the rule types shares), nor one its `exclude` names (retired
    // there alone); said by the caller, left out of the run
    const why = onLeftOut ? leftOutOf(f.value, env) : undefined;
    if (why !== undefined) { onLeftOut!(f.file, why); return []; }
    const t = templateIn(f.file, f.value, env);
    const judged = judgeInEnvironment(f, t, env, typeof severitiesOf === 'function' ? severitiesOf(f.abs) : severitiesOf, now);
    // the warnings the values bring, which no lint run shows (lint sees the references): said, not refused
    if (onWarnings && !judged.errors.length && judged.warnings.length) onWarnings(f.file, judged.warnings);
    if (judged.errors.length) {
      broken.push(`${asIdentifier(f.file)}: with the values of environment '${env.name}':\n${judged.errors.map((e) => `  ${e.path.join('.') || '(template)'}  ${e.message}  ${e.ruleId}`).join('\n')}`);
      for (const v of judged.variables) variables.add(v);
      if (judged.onlySecrets) secretsOnly++;
    }
    const channel = String(t.channel);
    const channelId = resolveChannel(channel, env);
    if (!channelId) throw new UsageError(`${asIdentifier(f.file)}: channel alias '${asIdentifier(channel)}' is not defined in environment '${env.name}'`);
    const id = templateId(channelId, String(t.name), String(t.language), typeof t.publicId === 'string' ? t.publicId : undefined);
    const secretShape = refersToSecret(f.value, env) ? { secretShape: fromFile(templateIn(f.file, f.value, env, { markSecrets: true }), channelId, id).canonical } : {};
    const { canonical, ...fileOnly } = fromFile(t, channelId, id);
    const values = hasReferences(f.value) ? { values: valueDigests(env, templateReferences(f.value).map((r) => r.name)) } : {};
    return [{ file: f.file, fileHash: f.hash, channel, canonical, fileOnly, ...values, ...secretShape, ...(judged.held.length ? { heldInEnvironment: judged.held } : {}) }];
  });
  if (broken.length) throw new ValuesBreakTemplates(env.name, broken, [...variables].sort(), secretsOnly === broken.length);
  // two files that address one template on the channel (one's id derived from its channel, name and language, another's
  // publicId naming the same, copied from a pulled file): each apply would rewrite the template as the other file has it
  const byId = new Map<string, DesiredTemplate[]>();
  for (const d of desired) (byId.get(d.canonical.templateId) ?? byId.set(d.canonical.templateId, []).get(d.canonical.templateId)!).push(d);
  const same = [...byId].filter(([, ds]) => ds.length > 1);
  if (same.length) throw new SameTemplateTwice(env.name, same.map(([id, ds]) => ({ id, files: ds.map((d) => ({ file: d.file, key: `${d.channel}/${d.canonical.name}/${d.canonical.language}`, pinned: files.find((f) => f.file === d.file)?.value?.publicId !== undefined })) })));
  return desired;
}

/** Two files that are one template on the channel in an environment: nothing is planned or written (exit 1). */
export class SameTemplateTwice extends Error {
  readonly exitCode = EXIT.FINDINGS;
  constructor(environment: string, groups: readonly { id: string; files: readonly { file: string; key: string; pinned: boolean }[] }[]) {
    const pinned = groups.some((g) => g.files.some((f) => f.pinned));
    super(`${groups.map((g) => `${g.files.map((f) => `${f.file} (${f.key}, ${f.pinned ? 'its publicId' : 'its id derived from its channel, name and language'})`).join(' and ')} are one template in environment '${environment}', ${g.id}: each would overwrite the other's on the channel.`).join('\n')}\nNothing was planned or written. ${pinned
      ? 'Remove or correct the publicId that names another file\'s template (a publicId copied with a pulled file?).'
      : `Their channel aliases name the same channel in '${environment}' and they have the same name and language: give one another name or language, or correct the alias's channel id in the config.`}`);
  }
}

/** What the environment's values make of a template: see judgeInEnvironment. */
export interface JudgedInEnvironment {
  /** the errors that refuse the template (the channel would reject it) */
  errors: EnvironmentFinding[];
  /** the errors that keep back this template alone (a time of the values that has passed: an expired campaign) */
  held: EnvironmentFinding[];
  /** the warnings the values bring, which the file as written (what lint shows) does not have; none when there are errors */
  warnings: EnvironmentFinding[];
  /** the variables the secret values that break the template come from */
  variables: string[];
  /** every error is a secret value's (lint --env, which reads no secret, does not find them) */
  onlySecrets: boolean;
}

/**
 * The loaded file `f`, whose template is `t` in `env` (templateIn: its values filled in), judged by every per-file rule
 * as plan, apply, promote and export --env judge it before writing: lint saw the references, the values filled in must
 * pass the same rules (the clock's among them). A finding on a field that holds a secret value says so without its message.
 */
export function judgeInEnvironment(f: Pick<LoadedFile, 'file' | 'value'>, t: Loose, env: EnvironmentConfig, severities?: Readonly<Record<string, SeveritySetting>>, now = new Date()): JudgedInEnvironment {
  const none: JudgedInEnvironment = { errors: [], held: [], warnings: [], variables: [], onlySecrets: false };
  if (!f.value || !hasReferences(f.value)) return none;
  // a finding on a field that holds a secret value says so without its message (the message may show the secret
  // in another form: a phone number's digits without their spaces, which no mask recognises)
  const hidden = secretFields(f, env, (masked) => [...errorsInEnvironment(masked, now, severities), ...warningsInEnvironment(masked, f.value!, now, severities)]);
  const all = hidden(errorsInEnvironment(t, now, severities));
  const errors = all.filter((e) => !heldOnly(e));
  const held = all.filter(heldOnly);
  const warnings = errors.length ? [] : hidden(warningsInEnvironment(t, f.value, now, severities));
  const variables = new Set<string>();
  // the variables a secret comes from, when a secret breaks a field (the plain values' findings are said as they are)
  if (errors.some((e) => e.message.startsWith(SECRET_BLAMED))) for (const r of templateReferences(f.value)) { const v = env.values?.[r.name]; if (v && 'env' in v) variables.add(v.env); }
  return { errors, held, warnings, variables: [...variables].sort(), onlySecrets: errors.length > 0 && errors.every((e) => e.message.startsWith(SECRET_BLAMED)) };
}

/** the findings of `f`'s template in `env`, those on a field that holds a secret value with a message that does not show it */
function secretFields(f: Pick<LoadedFile, 'file' | 'value'>, env: EnvironmentConfig, findingsOf: (t: Loose) => EnvironmentFinding[]): (findings: EnvironmentFinding[]) => EnvironmentFinding[] {
  if (!refersToSecret(f.value!, env)) return (x) => x;
  const marked = templateIn(f.file, f.value!, env, { markSecrets: true });
  // the same field with the secrets shown as (secret) and the plain values filled in: a finding it
  // has too is the plain values' (a host without https:// beside a secret token), said as it is
  let masked: EnvironmentFinding[] | undefined;
  const withoutSecrets = (x: EnvironmentFinding): EnvironmentFinding | undefined =>
    (masked ??= findingsOf(templateIn(f.file, f.value!, env, { mask: true }))).find((m) => m.ruleId === x.ruleId && m.path.join('.') === x.path.join('.'));
  const holdsSecret = (path: readonly (string | number)[]): boolean => {
    let v: unknown = marked;
    for (const k of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined;
    return JSON.stringify(v ?? '').includes('\uE000');
  };
  return (findings) => findings.map((x) => (holdsSecret(x.path) ? withoutSecrets(x) ?? { ...x, message: `${SECRET_BLAMED} '${env.name}' here breaks this rule (its message is not shown: it would show the secret); check the value of the variable it comes from` } : x));
}

/** how a finding that a secret value brings begins (its own message would show the secret) */
const SECRET_BLAMED = 'a secret value of environment';

/** Templates that lint passed with their references, and that the environment's values break: nothing is planned or written (exit 1). */
export class ValuesBreakTemplates extends Error {
  readonly exitCode = EXIT.FINDINGS;
  constructor(environment: string, readonly reports: string[], variables: readonly string[] = [], onlySecrets = false) {
    // lint --env reads no secret: it finds the plain values' refusals at their lines, never a secret's
    super(`${reports.join('\n')}\nNothing was planned or written: the channel would reject ${reports.length === 1 ? 'this template' : 'these templates'}. Fix the value${reports.length === 1 ? '' : 's'} under environments.${environment}.values in the config${variables.length ? `, or the environment variable${variables.length === 1 ? '' : 's'} a secret value comes from (${variables.join(', ')})` : ''}${onlySecrets ? ' (a secret value is judged by plan alone: `tplsync lint` never reads one)' : ` (\`tplsync lint --env ${environment}\` finds ${variables.length ? 'those of the plain values' : 'these'} too, at their lines)`}.`);
  }
}

/**
 * The same for the files at the base of a change (--base, or the merge base with the upstream
 * branch): where a file there referred to a secret, or to a value the config no longer has, what
 * the channel's copy holds is masked. A change that removes a secret's last use (its variable
 * unset in CI, or the secret gone from the config too) showed the channel's copy in clear.
 */
export function maskBaseSecrets(base: ReadonlyMap<string, { channelId: string; channel: string; name: string; language: string; file?: string; secretShape?: CanonicalTemplate }>, remote: ReadonlyMap<string, TemplateReadResponse | null>, desired: readonly DesiredTemplate[] = []): void {
  // `desired`: the templates whose files' own texts now (their secrets as marks) are shown, whatever the base had there (a
  // base found in the file's history: a removal applied leaves the channel with the file's words where it had the secret)
  const now = new Map(desired.map((d) => [d.canonical.templateId, d]));
  for (const [id, b] of base) {
    const r = b.secretShape && remote.get(id);
    if (!r) continue;
    const d = now.get(id);
    // a text the base's file, or the file now, has as text of its own (a word beside its secret, the header) is no secret of it
    const own = [...textsOf(b.secretShape), ...(d ? textsOf(d.secretShape ?? d.canonical) : [])];
    for (const s of secretRemnants(b.secretShape, fromRead(r, b.channelId))) if (!inIdentifiers(s, { ...b, templateId: id }) && !own.some((t) => t.includes(s))) addSecret(s, 'value');
  }
}

/**
 * What the channel's copies hold where the files have a secret (the secret, or an earlier one
 * after a rotation) becomes a secret of the output too: a plan, its comment and the before/after
 * preview show the channel's copy beside the file's, as `(secret)`. Only what is a secret: a text
 * the template's file, or its file at the base (`base`, --base or the merge base), has as text of
 * its own is the channel's approved text, not a secret, whatever its form (the secret was put
 * where it stood); what the base had a secret at is masked by maskBaseSecrets.
 */
export function maskRemoteSecrets(desired: readonly DesiredTemplate[], remote: ReadonlyMap<string, TemplateReadResponse | null>, env?: EnvironmentConfig, base?: ReadonlyMap<string, { template: { canonical: CanonicalTemplate }; secretShape?: CanonicalTemplate }>): void {
  // a secret's current value, where it is read: an edit beside an earlier value is shown, not masked as part of it
  const current = currentValues(env);
  for (const { d, shape, channel, own } of withChannelCopies(desired, remote, base)) {
    for (const s of secretRemnants(shape, channel, current)) {
      if (inIdentifiers(s, { ...d.canonical, channel: d.channel, file: d.file }) || own.some((t) => t.includes(s))) continue;
      addSecret(s, 'value');
    }
  }
}

type MaskingBase = ReadonlyMap<string, { template: { canonical: CanonicalTemplate }; secretShape?: CanonicalTemplate }>;

/**
 * each template whose file refers to a secret and that the channel has: its secrets' shape, its
 * base's entry, the channel's copy in the same shape, and the template's own texts, in its file and
 * in its file at the base (their secrets as marks, never their values): what a file shows in clear
 * is no secret
 */
function* withChannelCopies(desired: readonly DesiredTemplate[], remote: ReadonlyMap<string, TemplateReadResponse | null>, base?: MaskingBase): Generator<{ d: DesiredTemplate; shape: CanonicalTemplate; b: ReturnType<MaskingBase['get']>; channel: CanonicalTemplate; own: string[] }> {
  for (const d of desired) {
    if (!d.secretShape) continue;
    const r = remote.get(d.canonical.templateId);
    if (!r) continue;
    const b = base?.get(d.canonical.templateId);
    yield { d, shape: d.secretShape, b, channel: fromRead(r, d.canonical.channelId), own: [...textsOf(d.secretShape), ...(b ? textsOf(b.secretShape ?? b.template.canonical) : [])] };
  }
}

/** a secret's current value by its name, where the environment has it and it is read (undefined: not known) */
function currentValues(env: EnvironmentConfig | undefined): (name: string) => string | undefined {
  return (name) => {
    if (!env) return undefined;
    try { return lookupValue(env, name)?.value; } catch { return undefined; }
  };
}

/**
 * Where a file's reference stands and nothing tells what the channel's text there is (no base: no
 * git, or the base's file has no reference there and not that text either), that text is hidden in
 * that template's channel copy alone (`(secret)`), never a name, an id or another template: it may
 * be an earlier value of a secret (a letters-only value rotated looks like a word), or the word
 * the approved text had. Run after maskRemoteSecrets and maskBaseSecrets: a text they masked
 * already (a code, the current value, what the base says stood there) needs no hiding of its own.
 * `shown`: the channel's copies to show in the plan by template id (the reads stay as read, their
 * fingerprints too); `names`: the secrets whose place was hidden for want of a base.
 */
export function hideUnbasedRemnants(desired: readonly DesiredTemplate[], remote: ReadonlyMap<string, TemplateReadResponse | null>, env?: EnvironmentConfig, base?: ReadonlyMap<string, { template: { canonical: CanonicalTemplate }; secretShape?: CanonicalTemplate }>): { shown: Map<string, CanonicalTemplate>; names: string[] } {
  const shown = new Map<string, CanonicalTemplate>();
  const names = new Set<string>();
  const current = currentValues(env);
  for (const { d, shape, b, channel, own } of withChannelCopies(desired, remote, base)) {
    // what the base says stood where it had a secret (masked everywhere already, unless a name holds it): hidden, no note
    const based = new Set(b?.secretShape ? secretRemnants(b.secretShape, channel) : []);
    const out = hideRemnants(shape, channel, SECRET_VALUE_MASK, (name, text) => {
      // shorter than any secret value (the config refuses one): no secret stands there
      if (text.replace(/\s/g, '').length < MIN_SECRET_LENGTH) return false;
      const cur = current(name);
      // the current value, with an edit beside it, or a text already masked: the output gate shows it as it should
      if ((cur && text.includes(cur)) || redact(text) !== text) return false;
      // a text the file, or its file at the base, shows as its own is the approved text (no secret)
      if (own.some((t) => t.includes(text))) return false;
      if (!based.has(text)) names.add(name);
      return true;
    });
    if (out.hidden.length) shown.set(d.canonical.templateId, out.value);
  }
  return { shown, names: [...names] };
}

/** what a plan says once when it hid the channel's text where the secrets `names` stand, for want of a base */
export function hiddenForWantOfBase(names: readonly string[]): string | undefined {
  if (!names.length) return undefined;
  const refs = names.map((n) => `((${n}))`);
  const list = refs.length === 1 ? refs[0]! : `${refs.slice(0, -1).join(', ')} and ${refs[refs.length - 1]!}`;
  return `no base to tell whether the channel's text where ${list} ${refs.length === 1 ? 'stands' : 'stand'} is an earlier value: hidden; plan --base REF shows it`;
}

/** every string a value holds */
function textsOf(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) textsOf(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) textsOf(x, out);
  return out;
}

/**
 * A text an identifier of the template holds (its name, id, channel alias and id, language, file)
 * is no secret: identifiers are shown, and no value is put in them. Taken for one, it would be
 * masked in the name too (`wa/(secret)_note/en_US`), and a saved plan would name another template.
 * In any letter case: the masks match a value in another case too (src/core/redact.ts), so a
 * `Cashback` taken for a secret masked `cashback_note`.
 */
function inIdentifiers(s: string, t: { readonly name: string; readonly templateId?: string; readonly channelId?: string; readonly channel?: string; readonly language?: string; readonly file?: string }): boolean {
  const low = s.toLowerCase();
  return [t.name, t.templateId, t.channelId, t.channel, t.language, t.file].some((x) => typeof x === 'string' && x.toLowerCase().includes(low));
}
