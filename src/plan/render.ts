// Pure: a plan as text (with a unified diff of each changed template), as JSON (the shape in
// DESIGN.md) and as Markdown for a pull-request comment (at most 65,536 characters).
import { shellWord } from '../core/shell-word.js';
import { adviceCommand } from '../core/advice.js';
import { createPatch } from 'diff';
import pc from 'picocolors';
import { stringify } from 'yaml';
import { asIdentifier, identifierFields, maskSecretValues, redact, secretValuesIn } from '../core/redact.js';
import { escapeReviewed, reviewed, visible } from '../core/visible.js';
import { canonicalJson, diffValues, NOT_OBSERVABLE, unobservedIn, type CanonicalTemplate, type FieldChange, type FileTemplate } from '../model/canonical.js';
import { remoteNamesOf } from '../model/remote-names.js';
import { fileView } from '../model/to-file.js';
import { afterReviewCount, APPLY_SKIPS, applySkipCount, attentionCount, driftCount, identityHeldCount, inReviewOf, isBreach, keyHeldCount, keyOf, refusedHeldCount, reviewSkipCount, reviewSkipsSaid, type Plan, type PlanChange } from './plan.js';
import { fitLines, GITHUB_COMMENT_CHARACTERS } from '../core/fit-lines.js';
import { creationWindows, describeWindows, duration, WINDOWS_ADVICE, type CreationWindows } from './creation-windows.js';
import { describeBudget, describeExceeding, editBudget } from './edit-budget.js';
import { describeAttention, type NeedsAttention } from './review-state.js';

/** A template's key (`alias/name/language`) as the output gate takes it: an identifier, never masked as a secret value (core/redact.ts asIdentifier) */
const idOf = (x: Parameters<typeof keyOf>[0]): string => asIdentifier(keyOf(x));

/**

 * The readable form of a template that diffs are made of: as its file reads (the file's keys,
 * samples as maps), with the placeholder names of the file `file` (the desired side's, so that a
 * file with {{first_name}} reads as such on both sides, never as {{1}}) and its category.
 */
export function renderTemplateText(c: CanonicalTemplate | undefined, file?: FileTemplate): string {
  if (!c) return '';
  // secret values masked while whole: laid out in lines, a multi-line one would reach the output gate in pieces
  return stringify(maskSecretValues(fileView(c, file?.names, file?.canonical.category)), { lineWidth: 0, sortMapEntries: false });
}

export function unifiedDiff(change: PlanChange): string {
  const file = change.desired;
  const before = change.remote ? { ...(file ?? {}), canonical: file?.canonical ?? change.remote.canonical, names: remoteNamesOf(change) } : undefined;
  const patch = createPatch(keyOf(change), renderTemplateText(change.remote?.canonical, before), renderTemplateText(file?.canonical, file), 'remote', 'files', { context: 2 });
  return patch.split('\n').slice(4).join('\n').trimEnd();
}

/**
 * The field changes of an update in the file's keys and shapes (`footer.code_expiration_minutes`,
 * `body.examples.customer`), from the two sides as their files read; the model's own paths only
 * where the file views cannot tell the change (a change the file does not hold).
 */
export function fileChanges(c: PlanChange): FieldChange[] {
  if (!c.changes?.length || !c.remote || !c.desired) return c.changes ?? [];
  const out: FieldChange[] = [];
  const { canonical, names } = c.desired;
  diffValues(fileView(c.remote.canonical, remoteNamesOf(c), canonical.category), fileView(canonical, names), '', out, false);
  // a file view holds no category (it is the identity's, compared apart): its change comes from the plan's own list
  const category = c.changes.find((x) => x.path === 'category');
  return out.length ? (category ? [category, ...out] : out) : c.changes;
}


/** An array of a template (its buttons, a carousel's cards, an RCS message's suggestions) whose elements kept on both sides stand in another order. */
export interface Reorder {
  /** the array's path in the file's keys (`buttons`, `carousel.cards`, `message.suggestions`) */
  path: string;
  /** for each position on the files' side (1-based), the position the same element has on the channel's side; 0 for an element added */
  order: number[];
  /** how many elements the channel's side has, when it is not as many as the files' (an element added or removed beside the move) */
  channelLength?: number;
}

type Rec = Record<string, unknown>;
const isRec = (x: unknown): x is Rec => typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The identity of an element of a list, by which a list diff matches the two sides' elements
 * before their positions: its type (or RCS action) and what it says (a button's or suggestion's
 * text, a label, a title, a card's body text); undefined for an element that says none.
 */
function identity(x: unknown): string | undefined {
  if (!isRec(x)) return undefined;
  const said = [x.text, x.label, x.title, isRec(x.body) ? x.body.text : undefined].find((v) => typeof v === 'string');
  return said === undefined ? undefined : JSON.stringify([x.type ?? x.action ?? null, said]);
}

/**
 * Pure: the elements of two lists of records paired, the channel's (`before`) with the files'
 * (`after`): the same element whole first (the reorder's own key), then the same identity (type and
 * text: a button moved and edited), then, when nothing moved, what stands at the same position, then the
 * rest in order when as many are left on each side; an element left unpaired is an addition or a removal.
 * `pairOf[i]` is the channel's index of the files' element i, or -1.
 */
function pairLists(before: readonly unknown[], after: readonly unknown[]): number[] {
  const pairOf = after.map(() => -1);
  const used = new Set<number>();
  const match = (key: (x: unknown) => string | undefined): void => {
    after.forEach((x, i) => {
      if (pairOf[i]! >= 0) return;
      const k = key(x);
      if (k === undefined) return;
      const j = before.findIndex((y, n) => !used.has(n) && key(y) === k);
      if (j >= 0) { pairOf[i] = j; used.add(j); }
    });
  };
  match(canonicalJson);
  match(identity);
  // elements moved: the rest is paired by identity only (above); a removal and an addition left are said as such, never as an
  // edit of one into the other (Sneakers removed and Gift wrap added beside a move read as Sneakers rewritten, verify-8 T-6)
  const kept = pairOf.filter((j) => j >= 0);
  if (kept.some((j, n) => n > 0 && j < kept[n - 1]!)) return pairOf;
  after.forEach((_x, i) => { if (pairOf[i]! < 0 && i < before.length && !used.has(i)) { pairOf[i] = i; used.add(i); } });
  const restAfter = after.map((_x, i) => i).filter((i) => pairOf[i]! < 0);
  const restBefore = before.map((_y, j) => j).filter((j) => !used.has(j));
  if (restAfter.length === restBefore.length) restAfter.forEach((i, n) => { pairOf[i] = restBefore[n]!; });
  return pairOf;
}

/**
 * Pure: the changes of the two sides (as their files read) as people read them. Lists of records
 * (buttons, carousel cards, RCS suggestions) are diffed by their elements' identity, not their
 * positions: a move said once as a reorder (`buttons reordered: 1,2 -> 2,1,+`), an element added or
 * removed at its own position (`buttons[2]: (none) → {...}`, the channel's position for a removal),
 * an element kept and edited at its files' position. A field-by-field diff by position shows a move
 * beside an addition as changes of every neighbour; the JSON plan keeps those field paths.
 */
export function shownDiff(before: unknown, after: unknown, path = '', out: { reorders: Reorder[]; changes: FieldChange[] } = { reorders: [], changes: [] }): { reorders: Reorder[]; changes: FieldChange[] } {
  if (canonicalJson(before) === canonicalJson(after)) return out;
  if (Array.isArray(before) && Array.isArray(after) && before.length + after.length > 0 && [...before, ...after].every(isRec)) {
    const pairOf = pairLists(before, after);
    const kept = pairOf.filter((j) => j >= 0);
    if (kept.some((j, n) => n > 0 && j < kept[n - 1]!)) {
      out.reorders.push({ path, order: pairOf.map((j) => j + 1), ...(before.length !== after.length ? { channelLength: before.length } : {}) });
    }
    const paired = new Set(kept);
    before.forEach((y, j) => { if (!paired.has(j)) out.changes.push({ path: `${path}[${j}]`, before: y, after: undefined }); });
    after.forEach((x, i) => {
      const j = pairOf[i]!;
      if (j < 0) out.changes.push({ path: `${path}[${i}]`, before: undefined, after: x });
      else shownDiff(before[j], x, `${path}[${i}]`, out);
    });
    return out;
  }
  // a list of other values (samples): a reorder when it holds the same values in another order, else as the JSON plan says it
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length && before.length > 1) {
    const pairOf = pairLists(before, after);
    if (pairOf.every((j, i) => j >= 0 && canonicalJson(before[j]) === canonicalJson(after[i]))) { out.reorders.push({ path, order: pairOf.map((j) => j + 1) }); return out; }
  }
  const fields: FieldChange[] = [];
  if (isRec(before) && isRec(after)) {
    for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])]) shownDiff(before[k], after[k], path ? `${path}.${k}` : k, out);
    return out;
  }
  diffValues(before, after, path, fields, false);
  out.changes.push(...fields);
  return out;
}

/** Pure: the lists of the two sides whose kept elements moved (shownDiff's reorders). */
export const reordersOf = (before: unknown, after: unknown): Reorder[] => shownDiff(before, after).reorders;

/** `1,2,3 -> 2,1,3`: the channel's order, then where each of the files' elements stands in it (`+`: added) */
export const describeReorder = (r: Reorder): string => `${reorderFrom(r)} -> ${reorderTo(r)}`;
const reorderFrom = (r: Reorder): string => Array.from({ length: r.channelLength ?? r.order.length }, (_x, i) => i + 1).join(',');
const reorderTo = (r: Reorder): string => r.order.map((j) => (j === 0 ? '+' : String(j))).join(',');

/**
 * The changes of an update as people read them (shownDiff): each reordered list once (`reorders`),
 * its elements added, removed or edited at their own positions, never as changes of their
 * neighbours. The JSON plan keeps every field path (fileChanges).
 */
export function shownChanges(c: PlanChange): { reorders: Reorder[]; changes: FieldChange[] } {
  const changes = fileChanges(c);
  if (!c.remote || !c.desired) return { reorders: [], changes };
  const { canonical, names } = c.desired;
  const shown = shownDiff(fileView(c.remote.canonical, remoteNamesOf(c), canonical.category), fileView(canonical, names));
  // nothing the file views tell (a change the file does not hold): the plan's own paths, as fileChanges gives them
  if (!shown.reorders.length && !shown.changes.length) return { reorders: [], changes };
  const category = c.changes?.find((x) => x.path === 'category');
  return { reorders: shown.reorders, changes: category ? [category, ...shown.changes] : shown.changes };
}

/**
 * How many templates (orphans aside) have something to know before applying (an `attention` line):
 * what text plan says as "N need attention (marked ! above)", and the JSON as summary.needsAttention.
 * Those the channel does not approve (needsAttention on the change) are among them.
 */
export function markedCount(plan: Pick<Plan, 'changes'>): number {
  return plan.changes.filter((x) => x.action !== 'orphan' && x.attention?.length).length;
}

/**
 * The fields the API does not return that matter to this plan: those set by a template that is compared (update or noop),
 * and not returned by its read (a read that reports the category makes it compared). What every rendering says (text,
 * Markdown, the JSON's notObservable): one list, of this run.
 */
export function notCompared(plan: Plan): string[] {
  return notComparedIn(plan).map((x) => x.field);
}

/**
 * notCompared with the templates each field concerns (their keys, sorted), where those are not all the templates compared
 * (update or noop): message.examples of the RCS templates alone, say, beside WhatsApp templates whose every field is
 * compared (trial-bq F4: "category" said of the whole plan, under a category the plan compares).
 */
export function notComparedIn(plan: Plan): { field: string; templates?: string[]; of: number }[] {
  const compared = plan.changes.filter((c) => c.action === 'update' || c.action === 'noop');
  const by = new Map<string, Set<string>>();
  for (const c of compared) for (const f of unobservedIn(c.desired, c.remote?.canonical)) (by.get(f) ?? by.set(f, new Set()).get(f)!).add(idOf(c));
  return NOT_OBSERVABLE.filter((f) => by.has(f)).map((field) => {
    const keys = [...by.get(field)!].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return { field, of: compared.length, ...(keys.length < compared.length ? { templates: keys } : {}) };
  });
}

/**
 * What the plan says it did not compare, after "Not compared, because the API does not return them: ": each field, with
 * the templates it concerns where not all (`category (2 of 20 templates: a, b)`, the first 5 named); `; ` between fields
 * then, as a list of templates has commas of its own.
 */
function notComparedSaid(plan: Plan, key: (k: string) => string = (k) => k, text: (s: string) => string = (s) => s): string {
  const fields = notComparedIn(plan);
  const said = fields.map(({ field, templates, of }) => (templates
    ? `${text(field)} (${templates.length} of ${of} templates: ${templates.slice(0, 5).map(key).join(', ')}${templates.length > 5 ? ` and ${templates.length - 5} more` : ''})`
    : text(field)));
  return said.join(fields.some((x) => x.templates) ? '; ' : ', ');
}

const SYMBOL = { create: '+', update: '~', noop: '=', orphan: '?' } as const;

/** the templates approved and rated RED (PlanChange.qualityWarning): in sync and sendable, each said with what Meta warns of */
export function qualityRed(plan: Pick<Plan, 'changes'>): PlanChange[] {
  return plan.changes.filter((c) => c.action !== 'orphan' && c.qualityWarning);
}

/** The lines of the templates rated RED, at most 10 (then how many more, and the command that lists them all). */
export function qualityLines(plan: Pick<Plan, 'changes'>, environment: string): string[] {
  const red = qualityRed(plan);
  const lines = red.slice(0, 10).map((c) => `${idOf(c)}: ${c.qualityWarning!.warning}`);
  if (red.length > 10) lines.push(`and ${red.length - 10} more rated RED: ${adviceCommand('review', environment)} lists them`);
  return lines;
}

/** the templates approved and rated YELLOW (PlanChange.qualityNote): in sync and sendable, each noted with what Meta says of it */
export function qualityYellow(plan: Pick<Plan, 'changes'>): PlanChange[] {
  return plan.changes.filter((c) => c.action !== 'orphan' && c.qualityNote);
}

/** The notes of the templates rated YELLOW, at most 10 (then how many more, and the command that lists them all). */
export function qualityNoteLines(plan: Pick<Plan, 'changes'>, environment: string): string[] {
  const yellow = qualityYellow(plan);
  const lines = yellow.slice(0, 10).map((c) => `${idOf(c)}: ${c.qualityNote!.warning}`);
  if (yellow.length > 10) lines.push(`and ${yellow.length - 10} more rated YELLOW: ${adviceCommand('review', environment)} lists them`);
  return lines;
}

type Colors = ReturnType<typeof pc.createColors>;

/** a change's first line (its action, key, state on the channel and id) and its notes, each marked ! */
function changeHead(ch: Pick<PlanChange, 'action' | 'channel' | 'name' | 'language' | 'publicId' | 'remoteStatus' | 'drift'>, c: Colors, attention: readonly string[]): string[] {
  const paint = { create: c.green, update: c.yellow, noop: c.dim, orphan: c.magenta } as const;
  const status = ch.remoteStatus ? c.dim(` (remote: ${ch.remoteStatus})`) : '';
  return [
    paint[ch.action](`${SYMBOL[ch.action]} ${ch.action.padEnd(6)} ${idOf(ch)}`) + (ch.drift ? c.red(` (${driftLabel(ch)})`) : '') + status + c.dim(`  ${asIdentifier(ch.publicId)}`),
    ...attention.map((a) => `    ${c.yellow('!')} ${visible(a, { oneLine: true })}`),
  ];
}

/**
 * The templates an apply leaves as they are that the channel does not approve, as the plan shows them (a plan made now
 * marks each !, with its state and what to do: describeAttention): what apply of a saved plan prints, which shows no plan.
 */
export function renderStanding(items: readonly (Pick<PlanChange, 'channel' | 'name' | 'language' | 'publicId'> & { remoteStatus: string; attention: NeedsAttention })[], o: { color: boolean }): string {
  const c = pc.createColors(o.color);
  return items.map((i) => `${changeHead({ ...i, action: 'noop' }, c, [describeAttention(i.attention)]).join('\n')}\n`).join('');
}

export function renderText(plan: Plan, o: { color: boolean; environment: string; verbose?: boolean;
  /** false: shown by apply --no-wait-for-quota, which waits for no quota window (its lines say what this run leaves) */
  waitForQuota?: boolean;
  /** shown by apply --wait, which waits for the review of a template in review before it writes its update (said so, not advised) */
  waitsForReviews?: boolean }): string {
  const c = pc.createColors(o.color);
  const out: string[] = [];
  // a category that differs is said once per template, on its first language: the config key it names covers them all
  const categorySaid = new Map<string, string>();
  for (const ch of plan.changes) {
    // a template that matches its file but is not approved on the channel is shown: it is not in sync
    if (ch.action === 'noop' && !o.verbose && !ch.needsAttention) continue;
    out.push(...changeHead(ch, c, []));
    for (const a of ch.attention ?? []) {
      const first = a === ch.categoryNote?.note ? categorySaid.get(`${ch.channel}\u0000${ch.name}\u0000${a}`) : undefined;
      if (a === ch.categoryNote?.note && !first) categorySaid.set(`${ch.channel}\u0000${ch.name}\u0000${a}`, idOf(ch));
      out.push(`    ${c.yellow('!')} ${first ? `${a.startsWith(APPLY_SKIPS) ? APPLY_SKIPS : ''}its category, as for ${first} above` : visible(a, { oneLine: true })}`);
    }
    // what a new template is reviewed and billed as, which cannot change once it is approved: a reviewer sees it here
    const category = createdCategory(ch);
    if (category !== undefined) out.push(`    category: ${c.bold(visible(category, { oneLine: true }))}`);
    // a secret rotated since the last apply: an ordinary update, said as such (no drift)
    if (ch.action === 'update' && ch.valuesChanged?.length) out.push(`    ${c.cyan(valuesChangedLine(ch.valuesChanged))}`);
    if (ch.action === 'update') {
      const shown = shownChanges(ch);
      // a move of whole elements (buttons, cards, suggestions) said once, not as changes of each neighbour
      for (const r of shown.reorders) out.push(`    ${r.path} reordered: ${describeReorder(r)}`);
      for (const f of shown.changes) {
        // the texts are the file's and the channel's: a control, bidi or invisible character in them written as an escape
        // (JSON leaves C1, bidi and the no-break spaces as they are): an edit of an LRM alone reads "\u200e…" → "…"
        const [b, a] = maskedPair(f.before, f.after).map((x) => reviewed(x, { oneLine: true }));
        out.push(secretOnly(f.before, f.after) ? `    ${f.path}: ${SECRET_DIFFERS}` : `    ${f.path}: ${c.red(b)} → ${c.green(a)}${secretAlso(f.before, f.after) ? c.yellow(`  (${SECRET_ALSO})`) : ''}`);
      }
    }
    if (ch.action === 'update' || (ch.action === 'create' && o.verbose)) {
      // no lines when the two sides read alike (a rotated secret: said above)
      const diff = unifiedDiff(ch);
      for (const raw of diff ? diff.split('\n') : []) {
        const line = reviewed(raw, { oneLine: true });
        out.push(`    ${line.startsWith('+') ? c.green(line) : line.startsWith('-') ? c.red(line) : line.startsWith('@@') ? c.cyan(line) : c.dim(line)}`);
      }
      out.push('');
    }
  }
  for (const h of plan.held ?? []) {
    out.push(c.red(`! held   ${idOf(h)}`) + c.dim(`  ${asIdentifier(h.file)}`));
    for (const r of h.reasons) out.push(`    ${c.red('✗')} ${r}`);
    out.push(`    ${c.dim(h.kind === 'not-read'
      ? `not planned and not applied; every other template goes ahead. ${isBreach(h) ? 'A re-run reads it the same until the service answers within the contract.' : 'A re-run reads it again.'}`
      : h.kind === 'source'
        ? 'not promoted; every other template goes ahead.'
        : h.kind === 'key'
          ? 'not planned and not applied; every other template goes ahead. Take the key out where the reason above says, then plan again.'
        : h.kind === 'identity' || h.kind === 'refused'
          ? 'not planned and not applied; every other template goes ahead (plan and apply exit 1 until the file is corrected).'
        : 'not planned and not applied; every other template goes ahead. Retire a finished campaign by deleting its file.')}`);
  }
  const s = plan.summary;
  const none = s.create + s.update === 0;
  const attention = attentionCount(plan);
  const keyHeld = keyHeldCount(plan);
  const renamed = identityHeldCount(plan);
  const refused = refusedHeldCount(plan);
  // every template marked ! above: not approved, and also an edit over its limit, one in review, a category change
  const marked = markedCount(plan);
  if (out.length && out[out.length - 1] !== '') out.push('');
  // an orphan is drift too (exit 2 with --detailed-exitcode): never "No changes" beside one
  out.push(none && !attention && !keyHeld && !renamed && !refused && !s.orphan
    ? c.green(`No changes. ${s.noop} template${s.noop === 1 ? '' : 's'} in ${o.environment} ${s.noop === 1 ? 'matches its file' : 'match the files'}.`)
    : none
      ? c.yellow(`No changes to the content, but not in sync: ${notInSync(attention, keyHeld, o.environment, renamed, s.orphan, refused)}.`)
      : c.bold(`Plan for ${o.environment}: ${s.create} to create, ${updateCounts(plan, o.waitsForReviews)}, ${s.noop} unchanged${s.orphan ? `, ${s.orphan} orphaned` : ''}${heldCounts(plan)}.${marked ? ` ${marked} need${marked === 1 ? 's' : ''} attention (marked ! above).` : ''}`));
  const behind = behindLine(plan, o.environment);
  if (behind) out.push(c.red(behind));
  // approved and sendable (no change, no exit 2), but Meta may pause them soon: said after the verdict, never left out
  for (const line of qualityLines(plan, o.environment)) out.push(c.yellow(`! ${line}`));
  // rated YELLOW: lighter, a note (sendable, nothing to do yet; no exit code moves)
  for (const line of qualityNoteLines(plan, o.environment)) out.push(`${c.dim('i')} ${line}`);
  const connection = connectionLine(plan, o.environment);
  if (connection) out.push(c.red(`! ${connection}`));
  for (const line of windowLines(plan, o.waitForQuota !== false)) out.push(c.yellow(line));
  const budget = editBudget(plan.changes);
  const budgetLine = describeBudget(budget, o.environment);
  if (budgetLine) {
    out.push(budget.exceeding.length ? c.yellow(budgetLine) : budgetLine);
    for (const e of budget.exceeding) out.push(`    ${c.yellow('!')} ${describeExceeding(e)}`);
  }
  const unseen = notComparedSaid(plan);
  if (unseen) out.push(c.dim(`Not compared, because the API does not return them: ${unseen}.`));
  if (plan.categoriesFrom) out.push(c.dim(`Categories compared with the files at ${plan.categoriesFrom} (--base REF to choose another).`));
  const review = inReviewLine(plan, o.environment, (k) => k, o.waitsForReviews);
  if (review) out.push(c.yellow(review));
  for (const line of categoryLines(plan)) out.push(c.yellow(`${line}.`));
  for (const line of acceptedLines(plan)) out.push(c.dim(`${line}.`));
  if (plan.orphansNotLookedFor) out.push(c.yellow(`Orphans not looked for: ${plan.orphansNotLookedFor.reason}.`));
  if (plan.historyMissing) out.push(c.yellow(`History missing: ${plan.historyMissing}.`));
  if (plan.deletedOnChannel?.length) out.push(c.dim(deletedLine(plan, (k) => k)));
  const without = withoutFileLine(plan, (k) => k);
  if (without) out.push(c.yellow(without));
  if (plan.secretsHidden) out.push(c.dim(`(secret) in the channel's copy: ${plan.secretsHidden}.`));
  return `${out.join('\n')}\n`;
}

/**
 * The connection settings (and code) of the environment that differ from the config at --base, in one line: what this plan
 * ran with the environment's API key (a pull request's branch may point the key at another host), undefined when none.
 */
export function connectionLine(plan: Pick<Plan, 'connectionChanged'>, environment: string): string | undefined {
  const c = plan.connectionChanged;
  if (!c?.changes.length) return undefined;
  return `Connection of ${environment} changed since ${c.base}: ${c.changes.join('; ')}. This plan ran with these settings and the environment's API key: check that the change is meant before merging.`;
}

/** What the plan says once of the templates approved under another category than their files' (PlanChange.categoryNote): each distinct explanation once. */
export function categoryLines(plan: Pick<Plan, 'changes'>): string[] {
  return [...new Set(plan.changes.flatMap((c) => (c.categoryNote?.explained ? [c.categoryNote.explained] : [])))];
}

/**
 * "1 template in review in dev, not sendable until approved: wa/cart_reminder/en_US (PENDING)": the templates whose copy on
 * the channel is in review (inReviewOf), named, whether the plan changes them or not (one left in review is seen); at most
 * 10 by name. Undefined when none.
 */
export function inReviewLine(plan: Pick<Plan, 'changes'>, environment: string | undefined, name: (key: string) => string, waiting = false): string | undefined {
  const r = inReviewOf(plan);
  if (!r.length) return undefined;
  const keys = r.map((c) => `${name(idOf(c))} (${c.remoteStatus})`);
  const skipped = reviewSkipCount(plan);
  // planned as apply --wait runs it (plan --wait): no skip, written once the review ends
  const after = afterReviewCount(plan);
  const theirs = (n: number): string => (n === r.length ? (n === 1 ? 'its update' : 'their updates') : `the update${n === 1 ? '' : 's'} of ${n} of them`);
  return `${r.length === 1 ? '1 template' : `${r.length} templates`} in review${environment ? ` in ${environment}` : ''}, not sendable until approved: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ` and ${keys.length - 10} more` : ''}`
    + `${skipped ? `; apply skips ${theirs(skipped)} until the review ends (${waiting ? 'this apply waits' : 'apply --wait waits'} for it, then writes ${skipped === 1 ? 'it' : 'them'})` : ''}`
    + `${after ? `; apply --wait waits for the review to end, then writes ${theirs(after)}` : ''}; \`${adviceCommand('review', environment)}\` follows ${r.length === 1 ? 'it' : 'them'}.`;
}

/**
 * "category MARKETING accepted for staging (config): air-wa/flight_status/en_US": the templates whose
 * channel category the environment's config accepts (environments.<env>.categories), one line a
 * category and environment, said once however many templates (an unchanged one is not shown above).
 */
export function acceptedLines(plan: Pick<Plan, 'changes'>): string[] {
  const groups = new Map<string, string[]>();
  for (const ch of plan.changes) {
    if (!ch.acceptedCategory) continue;
    const { category, environment } = ch.acceptedCategory;
    const k = `category ${category} accepted${environment ? ` for ${environment}` : ''} (config)`;
    (groups.get(k) ?? groups.set(k, []).get(k)!).push(idOf(ch));
  }
  return [...groups].map(([k, keys]) => `${k}: ${keys.slice(0, 10).join(', ')}${keys.length > 10 ? ` and ${keys.length - 10} more` : ''}`);
}

/**
 * What an update says whose channel copy is a version of the file with other values of the environment (a secret
 * rotated since the last apply, PlanChange.valuesChanged): no drift, and no pull (the file holds the reference already)
 */
export function valuesChangedLine(values: NonNullable<PlanChange['valuesChanged']>): string {
  const names = values.map((v) => `((${v.name}))${v.secret ? ' (a secret)' : ''}`);
  return `the environment's value${values.length === 1 ? '' : 's'} of ${names.join(', ')} changed since the last apply: the update writes the current value${values.length === 1 ? '' : 's'}`;
}

/**
 * Two sides that differ only in a secret value (a rotated secret: the channel holds the old one)
 * look the same once the output gate masks them: say what differs instead.
 */
const SECRET_DIFFERS = 'a secret value differs from the channel\'s copy (both show as (secret)): the update writes the environment\'s current value';
function secretOnly(before: unknown, after: unknown): boolean {
  const [b, a] = [JSON.stringify(before) ?? '', JSON.stringify(after) ?? ''];
  return b !== a && redact(b) === redact(a);
}

/**
 * A change of the text that also changes a secret value (rotated, and the text around it edited):
 * the masked sides show the edit alone, so the rotation is said beside it. The current value is in
 * the file's side and not in the channel's, and the channel's side shows a secret too: a secret
 * the channel's copy did not have at all (a reference new in the file) shows as (secret) on the
 * file's side alone, and is no rotation.
 */
const SECRET_ALSO = 'and a secret value differs from the channel\'s copy: the update writes the environment\'s current value';
function secretAlso(before: unknown, after: unknown): boolean {
  const [b, a] = [JSON.stringify(before) ?? '', JSON.stringify(after) ?? ''];
  return secretValuesIn(a).some((w) => !b.includes(w)) && redact(b) !== b;
}

/** a value with every text in it as the output gate will show it (a card, a button: the texts inside them too) */
function masked(v: unknown): unknown {
  if (typeof v === 'string') return redact(v);
  if (Array.isArray(v)) return v.map(masked);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, masked(x)]));
  return v;
}

/** showPair on the values as the output gate will show them: masked before a long text or a value's JSON is cut, so that no cut leaves a piece of a secret too short to be recognised */
function maskedPair(before: unknown, after: unknown): [string, string] {
  return showPair(masked(before), masked(after));
}

const SHOWN = 120;

/** controls but tab and newline (a terminal's escapes, a bell) and the bidi embeddings and overrides (which reorder what a reviewer reads): written as escapes in the comment */
// eslint-disable-next-line no-control-regex
const BLOCK_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/g;
/**
 * where a reviewer reads the file's text (the table, the diff; not the customer's view): the
 * directional marks and isolates, the characters that print as nothing (a zero-width space, a word
 * joiner, a soft hyphen, a byte-order mark) and the spaces that are not U+0020, as escapes:
 * `re\u200bschedule`, not a word that looks unchanged (the text plan's rule: core/visible.ts).
 */
const escapeInvisible = escapeReviewed;
const escapeControls = (s: string): string => s.replace(BLOCK_CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * A Markdown code block of `content` (a template's text, a diff of it): its fence one backtick
 * longer than any run of backticks in it, so that a line of ``` in a text (WhatsApp's monospace
 * block) cannot close the block and write the rest of the comment; control characters as escapes.
 */
function fenced(info: string, content: string): string[] {
  const longest = Math.max(0, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, escapeControls(content), fence];
}

function show(v: unknown): string {
  if (v === undefined) return '(none)';
  // masked again as a whole before the cut (a secret the JSON escapes, or one split across two texts of the value)
  const t = redact(JSON.stringify(v));
  return t.length > SHOWN ? `${t.slice(0, SHOWN - 3)}...` : t;
}

/**
 * Both sides of a change on one line each: a long text is cut around where the two differ (with
 * some context either side), never at the same point on both, which could hide the difference.
 */
export function showPair(before: unknown, after: unknown): [string, string] {
  if (typeof before !== 'string' || typeof after !== 'string' || (before.length <= SHOWN - 2 && after.length <= SHOWN - 2)) return [show(before), show(after)];
  const a = [...before];
  const b = [...after];
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const context = 20;
  const cut = (chars: string[]): string => {
    const from = Math.max(0, p - context);
    const to = Math.min(chars.length, Math.max(chars.length - s + context, from + 1), from + SHOWN - 10);
    return `${from > 0 ? '…' : ''}${JSON.stringify(chars.slice(from, to).join(''))}${to < chars.length ? '…' : ''}`;
  };
  return [cut(a), cut(b)];
}

/** The category a create writes (what WhatsApp reviews and bills the new template as; it cannot change once approved), or undefined (an RCS-only template has none). */
export function createdCategory(c: PlanChange): string | undefined {
  return c.action === 'create' ? c.desired?.canonical.category : undefined;
}

/** What a JSON plan says it describes: the environment and where its templates go, as the saved plan and apply's results name them. */
export interface JsonPlanTarget {
  /** the config's environment planned (a promotion's --to) */
  environment: string;
  /** its base URL, or `embedded emulator (FILE)` (Connection.target) */
  target: string;
  /** a promotion: the environment whose approvals it promotes (--from), and its target */
  source?: { environment: string; target: string };
}

export function renderJson(plan: Plan, o: JsonPlanTarget): string {
  return `${JSON.stringify({
    version: 1,
    // which environment, and where: a plan picked up later (a CI artifact) is attributed by its content, as a saved plan is
    environment: o.environment, target: o.target,
    ...(o.source ? { source: { environment: o.source.environment, target: o.source.target } } : {}),
    ...(plan.categoriesFrom ? { categoriesFrom: plan.categoriesFrom } : {}),
    ...(plan.orphansNotLookedFor ? { orphansNotLookedFor: plan.orphansNotLookedFor.reason } : {}),
    ...(plan.historyMissing ? { historyMissing: plan.historyMissing } : {}),
    ...(plan.secretsHidden ? { secretsHidden: plan.secretsHidden } : {}),
    ...(plan.connectionChanged ? { connectionChanged: plan.connectionChanged } : {}),
    changes: plan.changes.map((c) => ({
      ...identifierFields({ channel: c.channel, name: c.name, language: c.language, publicId: c.publicId }), action: c.action,
      ...identifierFields({ channelId: c.channelId, ...(c.file ? { file: c.file } : {}) }), ...(c.remoteStatus ? { remoteStatus: c.remoteStatus } : {}),
      ...(createdCategory(c) !== undefined ? { category: createdCategory(c) } : {}),
      ...(c.changes ? { changes: fileChanges(c) } : {}), ...(c.attention ? { attention: c.attention } : {}),
      ...(c.needsAttention ? { needsAttention: c.needsAttention } : {}),
      ...(c.qualityWarning && c.action !== 'orphan' ? { qualityWarning: c.qualityWarning } : {}),
      ...(c.qualityNote && c.action !== 'orphan' ? { qualityNote: c.qualityNote } : {}),
      ...(c.edit ? { edit: c.edit } : {}),
      ...(c.acceptedCategory ? { acceptedCategory: c.acceptedCategory.category } : {}),
      ...(c.action === 'update' && c.applySkips !== undefined ? { applySkips: c.applySkips } : {}),
      ...(c.action === 'update' && c.afterReview !== undefined ? { afterReview: c.afterReview } : {}),
      ...(c.action === 'update' && c.valuesChanged?.length ? { valuesChanged: c.valuesChanged.map((v) => v.name) } : {}),
      ...(c.action === 'update' && c.drift ? { drift: { base: c.drift.base, ...(c.drift.upstream ? { upstream: c.drift.upstream } : {}), ...(c.drift.merge ? { merge: true } : {}), ...(c.drift.kind ? { kind: c.drift.kind } : {}), ...(c.drift.branch ? { branch: c.drift.branch } : {}) } } : {}),
    })),
    // applySkips: how many of the updates apply does not attempt (each change says why): absent when none
    // needsAttention: the templates text plan marks ! (its "N need attention"); absent when none, as applySkips
    // qualityRed: the approved templates rated RED (each change has its qualityWarning); absent when none
    // qualityYellow: the approved templates rated YELLOW (each change has its qualityNote); absent when none
    // afterReview (plan --wait): the updates of templates in review that apply --wait writes once the review ends; absent when none
    summary: { ...plan.summary, ...(applySkipCount(plan) ? { applySkips: applySkipCount(plan) } : {}), ...(afterReviewCount(plan) ? { afterReview: afterReviewCount(plan) } : {}), ...(markedCount(plan) ? { needsAttention: markedCount(plan) } : {}), ...(qualityRed(plan).length ? { qualityRed: qualityRed(plan).length } : {}), ...(qualityYellow(plan).length ? { qualityYellow: qualityYellow(plan).length } : {}) },
    ...budgetJson(plan),
    ...windowsJson(plan),
    ...(plan.held?.length ? { held: plan.held.map(identifierFields) } : {}),
    // the templates in review on the channel (PENDING, IN_APPEAL), changed or not: not sendable until approved
    ...(inReviewOf(plan).length ? { inReview: inReviewOf(plan).map((c) => ({ ...identifierFields({ channel: c.channel, name: c.name, language: c.language, publicId: c.publicId }), state: c.remoteStatus!, action: c.action })) } : {}),
    ...(plan.deletedOnChannel?.length ? { deletedOnChannel: plan.deletedOnChannel.map(identifierFields) } : {}),
    ...(plan.withoutFile ? { withoutFile: { source: plan.withoutFile.source, ...(plan.withoutFile.since ? { since: plan.withoutFile.since } : {}), command: plan.withoutFile.command, templates: plan.withoutFile.templates.map(identifierFields) } } : {}),
    // what this run could not compare, as the text and Markdown renderings say it (a category the reads report is compared)
    notObservable: notCompared(plan),
    // the templates each of those concerns, where not all the templates compared (as the text names them); absent when none
    ...(notComparedIn(plan).some((x) => x.templates) ? { notObservableTemplates: Object.fromEntries(notComparedIn(plan).flatMap((x) => (x.templates ? [[x.field, x.templates]] : []))) } : {}),
  }, null, 2)}\n`;
}

/**
 * `creationWindows` of the JSON rendering: what text plan says of the creation quota's windows
 * (windowLines), for a CI job to read (a job's timeout set from waitSeconds)
 */
function windowsJson(plan: Pick<Plan, 'changes' | 'createQuota'>): { creationWindows?: { limit: number; windowSeconds: number; waitSeconds: number; channels: CreationWindows[] } } {
  if (!plan.createQuota) return {};
  const channels = creationWindows(plan.changes, plan.createQuota);
  if (!channels.length) return {};
  return { creationWindows: { limit: plan.createQuota.limit, windowSeconds: plan.createQuota.windowSeconds, waitSeconds: Math.max(...channels.map((w) => w.waitSeconds)), channels } };
}

/** `editBudget` of the JSON rendering, when the plan edits an APPROVED template */
function budgetJson(plan: Plan): { editBudget?: { spends: number; exceeding: number; unknown: number; edits: unknown[] } } {
  const b = editBudget(plan.changes);
  return b.spends ? { editBudget: { spends: b.spends, exceeding: b.exceeding.length, unknown: b.unknown, edits: b.edits.map(identifierFields) } } : {};
}

export const MARKDOWN_LIMIT = GITHUB_COMMENT_CHARACTERS;
/**
 * Text in the comment's Markdown (a key, a file's name, a reason the channel gave): an entity
 * (`&lt;b&gt;`) shown as written, no HTML tag, no link or image (`[x](...)`, `![x](...)`), no cell
 * break; tplsync's own code spans (backticks) kept.
 */
const esc = (s: string): string => escapeInvisible(escapeControls(s)).replace(/&/g, '&amp;').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/[[\]]/g, '\\$&').replace(/\r?\n/g, ' ');
/** inside a code span of a table cell: only what would end the cell (a backslash shows there; Markdown and entities are not read) */
const escCode = (s: string): string => escapeControls(s).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
/** inside the raw HTML of a <details> summary: HTML's escapes only (Markdown's backslashes would show) */
const escHtml = (s: string): string => escapeControls(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\r?\n/g, ' ');
/** a template's text in a table cell: its Markdown (emphasis, a code span, a heading) shown as written too, not rendered in the comment */
const escText = (s: string): string => esc(s.replace(/[\\`*_()!~#>]/g, '\\$&'));

/** Summary table first, then what needs attention, then the details collapsed; within the limit of a GitHub comment. */
export interface PreviewLink {
  /** where the before/after site of `tplsync preview --changes` is (e.g. the workflow artifact) */
  url: string;
  /** the page of a change in that site */
  page: (c: PlanChange) => string;
}

/**
 * Where the project of a comment is, as its reader (a reviewer, at the repository's root) needs it: the commands the
 * comment gives are run in the project's folder, and its files are named from the repository's root, as lint's
 * annotations and the pull request's file list name them (trial-bk F1, F2).
 */
export interface CommentProject {
  /** the project's folder from the repository's root (`teams/messaging`); absent at the root */
  folder?: string;
  /** how the reader runs tplsync (`npx tplsync` for a devDependency: core/invocation.ts); absent: `tplsync` */
  word?: string;
  /** a template file (as the plan names it) as the comment names it */
  file?: (file: string) => string;
}

export function renderMarkdown(plan: Plan, o: { environment: string; marker?: string; limit?: number; rendered?: (c: PlanChange) => string | undefined; preview?: PreviewLink;
  /** a promotion's comment: its own title and its first line (a reviewer tells it from the plan's comment on the same pull request) */
  promotion?: { from: string; lead: string };
  project?: CommentProject }): string {
  const limit = o.limit ?? MARKDOWN_LIMIT;
  const s = plan.summary;
  const head: string[] = [];
  // the command that shows all of it, for the environment of the comment (a bare one plans the default environment)
  const rerun = o.promotion ? `tplsync promote --from ${shellWord(o.promotion.from)} --to ${shellWord(o.environment)}` : adviceCommand('plan', o.environment);
  if (o.marker) head.push(`<!-- ${o.marker} -->`);
  head.push(o.promotion ? `## tplsync promote: ${o.promotion.from} → ${o.environment}` : `## tplsync plan: ${o.environment}`, '');
  if (o.promotion) head.push(esc(o.promotion.lead), '');
  const where = projectLine(o.project);
  if (where) head.push(where, '');
  const shownFile = o.project?.file ?? ((f: string) => f);
  // the updates apply does not attempt (a DISABLED template, an approved template's category) in a column of their own, not as updates
  const skips = applySkipCount(plan);
  const reviewSkips = reviewSkipCount(plan);
  if (skips) head.push('| create | update | apply will skip | unchanged | orphaned |', '| ---: | ---: | ---: | ---: | ---: |', `| ${s.create} | ${s.update - skips}${driftSummary(plan)} | ${skips}${reviewSkips ? ` (${reviewSkips} in review)` : ''} | ${s.noop} | ${s.orphan} |`, '');
  else head.push('| create | update | unchanged | orphaned |', '| ---: | ---: | ---: | ---: |', `| ${s.create} | ${s.update}${driftSummary(plan)} | ${s.noop} | ${s.orphan} |`, '');
  // where the key went, first: the branch's config ran with the environment's secret, and a reviewer reads this comment, not the job's log
  const connection = connectionLine(plan, o.environment);
  if (connection) head.push(`⚠️ **${esc(connection)}**`, '');
  // drift first: a reviewer tells a revert of someone's change on the channel from the pull request's own edits
  const dc = driftCount(plan);
  const drifted = dc.drift - dc.conflict - dc.outside - dc.unmerged;
  if (drifted) head.push(`🔴 ${drifted === 1 ? '1 update reverts' : `${drifted} updates revert`} a change made on the channel, not in this branch (drift, marked in Needs attention and Details): keep ${drifted === 1 ? 'it' : 'them'} with the pull command given, or apply to revert on purpose.`, '');
  if (dc.conflict) head.push(`🔴 ${dc.conflict === 1 ? '1 update replaces' : `${dc.conflict} updates replace`} a change made on the channel to a template this branch changed too (conflict, marked in Needs attention and Details): bring the channel's version into the file with the pull command given and put this branch's change on top, or apply to replace it on purpose.`, '');
  if (dc.outside) head.push(`🔴 ${dc.outside === 1 ? '1 update reverts' : `${dc.outside} updates revert`} a text on the channel that no commit of the file has (edited outside tplsync, marked in Needs attention and Details): keep ${dc.outside === 1 ? 'it' : 'them'} with the pull command given, or apply to revert on purpose.`, '');
  if (dc.unmerged) head.push(`🔴 ${dc.unmerged === 1 ? '1 update reverts' : `${dc.unmerged} updates revert`} a version on the channel applied from a branch not merged here (${esc([...new Set(plan.changes.flatMap((c) => (c.drift?.kind === 'unmerged' && c.drift.branch ? [c.drift.branch] : [])))].join(', '))}: a pull request's preview, marked in Needs attention and Details): leave ${dc.unmerged === 1 ? 'it' : 'them'} until that branch is merged, or apply to revert on purpose; pulling ${dc.unmerged === 1 ? 'it' : 'them'} here would bring the unmerged change into this branch.`, '');
  const behind = behindLine(plan, o.environment);
  if (behind) head.push(`🔴 ${esc(behind)}`, '');
  const notApproved = attentionCount(plan);
  const keyHeld = keyHeldCount(plan);
  const renamed = identityHeldCount(plan);
  const refused = refusedHeldCount(plan);
  if (s.create + s.update === 0 && !notApproved && !keyHeld && !renamed && !refused && !s.orphan) head.push('✅ No changes: the channels match the files.', '');
  else if (s.create + s.update === 0) head.push(`⚠️ No changes to the content, but not in sync: ${notInSync(notApproved, keyHeld, undefined, renamed, s.orphan, refused)} (below).`, '');
  else if (o.preview) head.push(`🔍 [See each change before and after, as the customer sees it](${o.preview.url}) (open \`index.html\`; one page per changed template)`, '');
  // approved and sendable, but rated RED: Meta may pause them soon (a reviewer of the comment sees it; no change, no exit 2)
  const red = qualityRed(plan);
  for (const c of red.slice(0, 10)) head.push(`⚠️ \`${idOf(c)}\`: ${esc(c.qualityWarning!.warning)}`, '');
  if (red.length > 10) head.push(`⚠️ … and ${red.length - 10} more rated RED: \`${adviceCommand('review', o.environment)}\` lists them`, '');
  // rated YELLOW: a lighter note (sendable; Meta says it may soon become paused or disabled)
  const yellow = qualityYellow(plan);
  for (const c of yellow.slice(0, 10)) head.push(`ℹ️ \`${idOf(c)}\`: ${esc(c.qualityNote!.warning)}`, '');
  if (yellow.length > 10) head.push(`ℹ️ … and ${yellow.length - 10} more rated YELLOW: \`${adviceCommand('review', o.environment)}\` lists them`, '');
  // a category the environment's config accepts (the platform re-categorised this environment's copy): said once, not as drift
  for (const line of acceptedLines(plan)) head.push(`ℹ️ ${esc(line)}.`, '');
  // a secret rotated since the last apply: ordinary updates, said once, not as drift
  const rotated = plan.changes.filter((c) => c.action === 'update' && c.valuesChanged?.length);
  if (rotated.length) {
    const names = [...new Set(rotated.flatMap((c) => c.valuesChanged!.map((v) => `((${v.name}))`)))];
    head.push(`ℹ️ ${rotated.length === 1 ? '1 update writes' : `${rotated.length} updates write`} the environment's current value of ${esc(names.join(', '))}, changed since the last apply (the files refer to ${names.length === 1 ? 'it' : 'them'} already: no edit on the channel, nothing to pull).`, '');
  }
  const review = inReviewLine(plan, o.environment, (k) => `\`${k}\``);
  if (review) head.push(`⏳ ${esc(review)}`, '');
  // what the plan did not look at, beside its verdict: a drift issue made of this comment says it too
  if (plan.orphansNotLookedFor) head.push(`ℹ️ Orphans not looked for: ${esc(plan.orphansNotLookedFor.reason)}.`, '');
  if (plan.historyMissing) head.push(`ℹ️ History missing: ${esc(plan.historyMissing)}.`, '');
  const without = withoutFileLine(plan, (k) => `\`${k}\``, shownFile);
  if (without) head.push(`ℹ️ ${esc(without)}`, '');
  for (const line of windowLines(plan)) head.push(`⏳ ${esc(line)}`, '');
  if (plan.secretsHidden) head.push(`ℹ️ (secret) in the channel's copy: ${esc(plan.secretsHidden)}.`, '');
  const attention = plan.changes.filter((c) => c.attention?.length);
  if (attention.length || plan.held?.length) {
    head.push('### Needs attention', '');
    // one line per note, the templates it is about listed on it (600 edits of approved templates say the same thing 600 times);
    // the rarest notes first, and the section kept to a third of the comment
    // notes that differ only in a template's own time (its next possible edit) are one note
    const notes = new Map<string, string[]>();
    const first = new Map<string, string>();
    /** the times of each grouped note's templates: the note says the earliest and the latest */
    const times = new Map<string, string[]>();
    const TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z/g;
    const note = (text: string, key: string): void => {
      const k = text.replace(TIME, '\u0001');
      const ks = notes.get(k);
      if (ks) ks.push(key); else { notes.set(k, [key]); first.set(k, text); }
      (times.get(k) ?? times.set(k, []).get(k)!).push(...(text.match(TIME) ?? []));
    };
    /** a grouped note with its templates' times: one time when they share it, else the span (each template's own in `tplsync plan`) */
    const timed = (k: string): string => {
      const ts = [...new Set(times.get(k) ?? [])].sort();
      // a note about one template ("the service will refuse this one") said of them all
      return k.split('\u0001').join(ts.length <= 1 ? (ts[0] ?? '') : `their own times (from ${ts[0]} to ${ts[ts.length - 1]})`).replace(/\bthis one\b/g, 'each of them');
    };
    for (const h of plan.held ?? []) note(`⛔\u0000is held back (not planned, not applied): ${h.reasons.join('; ')}`, idOf(h));
    for (const c of attention) for (const a of c.attention!) note(`⚠️\u0000${a}`, idOf(c));
    const named = (ks: readonly string[]): string => `${ks.slice(0, 5).map((k) => `\`${k}\``).join(', ')}${ks.length > 5 ? ` and ${ks.length - 5} more` : ''}`;
    const lines = [...notes].map(([k, ks]) => { const [icon, text] = (ks.length === 1 ? first.get(k)! : timed(k)).split('\u0000') as [string, string]; return { icon, text, ks }; })
      .sort((x, y) => Number(y.icon === '⛔') - Number(x.icon === '⛔') || x.ks.length - y.ks.length)
      .map(({ icon, text, ks }) => (ks.length === 1 ? `- ${icon} \`${ks[0]}\`${icon === '⛔' ? ' ' : ': '}${esc(text)}` : `- ${icon} ${ks.length} templates (${named(ks)})${icon === '⛔' ? ` ${esc(text.replace(/^is /, 'are '))}` : `: ${esc(text)}`}`));
    head.push(...fitLines(lines, limit / 3, (n) => `- … and ${n} more note${n === 1 ? '' : 's'}: run \`${rerun}\` (or \`${adviceCommand('review', o.environment)}\`) for all of them`));
    head.push('');
    // the why of a category that differs, once (each template's note above says what differs and the two ways out)
    for (const line of categoryLines(plan)) head.push(`ℹ️ ${esc(line)}.`, '');
  }
  const budget = editBudget(plan.changes);
  const budgetLine = describeBudget(budget, o.environment);
  if (budgetLine) {
    head.push('### Edit budget', '', esc(budgetLine), '');
    // each refused edit on its line, the section kept to a sixth of the comment (300 refused edits made 45,665 characters)
    head.push(...fitLines(budget.exceeding.map((e) => `- ⛔ ${esc(describeExceeding(e))}`), limit / 6, (n) => `- ⛔ … and ${n} more edit${n === 1 ? '' : 's'} over the allowance: run \`${rerun}\` for all of them`));
    if (budget.exceeding.length) head.push('');
  }
  const details: string[] = [];
  for (const c of plan.changes.filter((x) => x.action !== 'noop')) {
    const parts = [`<details><summary><code>${SYMBOL[c.action]} ${c.action}</code> <b>${escHtml(idOf(c))}</b>${c.file ? ` (<code>${escHtml(asIdentifier(shownFile(c.file)))}</code>)` : ''}${c.drift ? ` <b>(${escHtml(driftLabel(c))})</b>` : ''}${c.action === 'update' && c.applySkips !== undefined ? ' <b>(apply will skip)</b>' : ''}${c.action === 'update' && c.afterReview !== undefined ? ' <b>(apply --wait writes it after the review)</b>' : ''}</summary>`, ''];
    // a new template's category (its file view, the diff below, holds none): what it is reviewed and billed as
    const category = createdCategory(c);
    if (category !== undefined) parts.push(`Category: **${escText(category)}** (what WhatsApp reviews and bills it as; it cannot change once approved)`, '');
    if (c.action === 'update' && c.valuesChanged?.length) parts.push(`ℹ️ ${esc(valuesChangedLine(c.valuesChanged))}.`, '');
    if (c.changes?.length) {
      parts.push('| field | before | after |', '| --- | --- | --- |');
      const shown = shownChanges(c);
      for (const r of shown.reorders) parts.push(`| \`${escCode(r.path)}\` reordered | ${reorderFrom(r)} | ${reorderTo(r)} |`);
      for (const f of shown.changes) {
        const [b, a] = maskedPair(f.before, f.after);
        parts.push(secretOnly(f.before, f.after) ? `| \`${escCode(f.path)}\` | ${SECRET_DIFFERS} | |` : `| \`${escCode(f.path)}\` | ${escText(b)} | ${escText(a)}${secretAlso(f.before, f.after) ? ` (${SECRET_ALSO})` : ''} |`);
      }
      parts.push('');
    }
    // a change the template's text does not show (its category alone) has no lines to diff: none drawn
    const patch = c.action === 'orphan' ? '' : unifiedDiff(c);
    // the diff is the file's text for a reviewer: its directional marks and isolates shown as escapes too (the customer's view below keeps them)
    if (patch.trim()) parts.push(...fenced('diff', escapeInvisible(patch)), '');
    if (o.preview && (c.action === 'create' || c.action === 'update')) parts.push(`Before and after: \`${o.preview.page(c)}\` in the [preview](${o.preview.url})`, '');
    const preview = o.rendered?.(c);
    if (preview?.trim()) parts.push('What the customer sees:', '', ...fenced('text', preview), '');
    parts.push('</details>', '');
    details.push(parts.join('\n'));
  }
  const unseen = notComparedSaid(plan, (k) => `\`${escCode(k)}\``, esc);
  if (unseen) head.push(`<sub>Not compared, because the API does not return them: ${unseen}.</sub>`, '');
  if (plan.categoriesFrom) head.push(`<sub>Categories compared with the files at ${esc(plan.categoriesFrom)}.</sub>`, '');
  if (plan.deletedOnChannel?.length) head.push(`<sub>${esc(deletedLine(plan, (k) => `\`${k}\``))}</sub>`, '');
  let text = head.join('\n');
  if (details.length) text += '\n### Details\n\n';
  const footer = (n: number) => `\n_${n} more change${n === 1 ? '' : 's'} not shown in detail: the comment would exceed GitHub's ${limit.toLocaleString('en')} characters. Run \`${rerun}\` for all of them._\n`;
  const shown = plan.changes.filter((x) => x.action !== 'noop');
  for (let i = 0; i < details.length; i++) {
    const rest = details.length - i - 1;
    if (text.length + details[i]!.length + (rest ? footer(rest).length : 0) > limit - 200) {
      text += footer(details.length - i);
      // the rest by name, one line each, as far as the comment has room
      const left = shown.slice(i).map((c) => `- \`${SYMBOL[c.action]} ${c.action}\` ${esc(idOf(c))}`);
      text += `${fitLines(left, limit - 300 - text.length, (n) => `- … and ${n} more`).join('\n')}\n`;
      break;
    }
    text += details[i];
  }
  // the comment never goes over the limit, whatever a section held (cut at a line, with a word why)
  if (text.length > limit) {
    const cut = `\n\n_The rest is not shown: the comment would exceed GitHub's ${limit.toLocaleString('en')} characters. Run \`${rerun}\` for all of it._\n`;
    text = text.slice(0, text.lastIndexOf('\n', limit - cut.length)) + cut;
  }
  return text;
}

/** the comment's line on where its commands run and how its files are named (none for a project at the root run as `tplsync`) */
function projectLine(p: CommentProject | undefined): string | undefined {
  const word = p?.word !== undefined && p.word !== 'tplsync' ? p.word : undefined;
  if (!p?.folder && !word) return undefined;
  const as = word ? `, as \`${escCode(word)} ...\`` : '';
  if (!p?.folder) return `<sub>Run the tplsync commands of this comment${as}.</sub>`;
  return `<sub>📁 \`${escCode(p.folder)}\`: the tplsync commands in this comment run in this folder (\`cd ${escCode(shellWord(p.folder))}\` from the repository's root first)${as}; files are named from the repository's root.</sub>`;
}

/** per channel, the quota's windows its creations need, then what to do about a long apply (none when one window holds them) */
function windowLines(plan: Pick<Plan, 'changes' | 'createQuota'>, wait = true): string[] {
  if (!plan.createQuota) return [];
  const ws = creationWindows(plan.changes, plan.createQuota);
  if (!ws.length) return [];
  // apply --no-wait-for-quota waits for no window: what this run creates and what it leaves, not a run time
  if (!wait) return ws.map((w) => `${describeWindows(w, plan.createQuota!, false)}.`);
  const longest = Math.max(...ws.map((w) => w.waitSeconds));
  return [...ws.map((w) => `${describeWindows(w, plan.createQuota!)}.`), `Apply will take about ${duration(longest)} or more: ${WINDOWS_ADVICE}.`];
}

/**
 * The templates no file defines that the platform deleted, in one line: no orphans (removing one
 * in the console leaves it DELETED), so neither counted nor drift. At most 5 by name.
 */
function deletedLine(plan: Pick<Plan, 'deletedOnChannel'>, name: (key: string) => string): string {
  const d = plan.deletedOnChannel ?? [];
  const keys = d.map((x) => `${name(idOf(x))} (${x.state})`);
  const shown = `${keys.slice(0, 5).join(', ')}${keys.length > 5 ? ` and ${keys.length - 5} more` : ''}`;
  return `Deleted on the platform, so not orphans (nothing to pull or remove; not drift): ${shown}.`;
}

/**
 * The templates no file defines that a plan which did not look for orphans knows of (Plan.withoutFile), in one line:
 * deleting a file deletes no template, and what looks. At most 5 by name (a removed one by its file).
 */
export function withoutFileLine(plan: Pick<Plan, 'withoutFile'>, name: (key: string) => string, file: (file: string) => string = (f) => f): string | undefined {
  const w = plan.withoutFile;
  if (!w?.templates.length) return undefined;
  const n = w.templates.length;
  const keys = w.templates.map((t) => name(w.source === 'git' && t.file ? file(t.file) : idOf(t)));
  const shown = `${keys.slice(0, 5).join(', ')}${n > 5 ? ` and ${n - 5} more` : ''}`;
  const them = n === 1 ? 'it' : 'them';
  if (w.source === 'listing') return `${n === 1 ? '1 template' : `${n} templates`} on the channel ${n === 1 ? 'has' : 'have'} no file (${shown}): tplsync never deletes a template, and this plan compared only the files' templates; \`${w.command}\` lists ${them} as orphans, and the console removes ${them}.`;
  return `${n === 1 ? '1 template file was' : `${n} template files were`} removed since ${w.since}: ${shown}. tplsync never deletes a template, so ${n === 1 ? 'its template' : 'theirs'} may still be on the channel; \`${w.command}\` says whether (as orphans), and the console removes ${them}.`;
}

/** the templates the plan held (marked ! held above), counted as the closing line counts the rest: a read that failed, and the others (a file, the key, an id) */
function heldCounts(plan: Pick<Plan, 'held'>): string {
  const notRead = (plan.held ?? []).filter((h) => h.kind === 'not-read').length;
  const other = (plan.held?.length ?? 0) - notRead;
  return `${notRead ? `, ${notRead} held (not read)` : ''}${other ? `, ${other} held (not planned)` : ''}`;
}

/** why a plan with nothing to write is not in sync: templates not approved, and templates held because their text holds the API key */
function notInSync(attention: number, keyHeld: number, environment?: string, renamed = 0, orphans = 0, refused = 0): string {
  const parts: string[] = [];
  if (orphans) parts.push(`${orphans} template${orphans === 1 ? ' is' : 's are'} on the channel${environment ? ` in ${environment}` : ''} that no file defines (${orphans === 1 ? 'an orphan' : 'orphans'}${environment ? ', marked ? above' : ''}): write ${orphans === 1 ? 'its file' : 'their files'}, or remove ${orphans === 1 ? 'it' : 'them'} in the console`);
  if (attention) parts.push(`${attention} template${attention === 1 ? ' needs' : 's need'} attention${environment ? ` in ${environment}` : ''}: not approved${environment ? '' : ' on the channel'}, or approved under another category${environment ? ' (marked ! above)' : ''}`);
  if (keyHeld) parts.push(`${keyHeld} template${keyHeld === 1 ? ' is' : 's are'} held because ${keyHeld === 1 ? 'its text holds' : 'their texts hold'} the API key${environment ? ' (above)' : ''}: take the key out where each one's reason says`);
  if (renamed) parts.push(`${renamed} template${renamed === 1 ? ' is' : 's are'} held because ${renamed === 1 ? 'its file keeps the id' : 'their files keep the ids'} of a template the channel has under another name or language${environment ? ' (above)' : ''}: correct ${renamed === 1 ? 'the file' : 'each file'} as the reason says`);
  if (refused) parts.push(`${refused} template${refused === 1 ? ' is' : 's are'} held because the platform refuses what ${refused === 1 ? 'its file asks' : 'their files ask'} for${environment ? ' (above)' : ''}: correct ${refused === 1 ? 'the file' : 'each file'} as the reason says`);
  return parts.join('; ');
}

/**
 * "2 to update, 1 that apply will skip": the updates apply writes, then those it does not attempt (a DISABLED template, an
 * approved template's category, one in review: each marked ! above with why), never promised as updates; those in review
 * said apart, as apply --wait writes them once the review ends
 */
function updateCounts(plan: Plan, waiting = false): string {
  const skips = applySkipCount(plan);
  return `${plan.summary.update - skips} to update${driftSummary(plan)}${skips ? `, ${skips} that apply will skip${reviewSkipsSaid(reviewSkipCount(plan), waiting)}` : ''}`;
}

/** what the update line of a drift says beside it */
function driftLabel(c: Pick<PlanChange, 'drift'>): string {
  if (c.drift?.upstream) return `drift: reverts ${c.drift.upstream}'s newer version, which the channel holds`;
  if (c.drift?.kind === 'conflict') return 'conflict: changed on the channel and in this branch; apply would replace the channel\'s edit';
  if (c.drift?.kind === 'outside') return 'drift: edited outside tplsync, no commit of the file has the channel\'s text; apply would revert it';
  if (c.drift?.kind === 'unmerged') return `drift: applied from ${c.drift.branch ?? 'another branch'}, not merged here; apply would revert it`;
  return 'drift: changed on the channel, not in this branch; apply would revert it';
}

/**
 * " (N of them drift: ...)" after the count of updates, when some revert a change made on the channel; a conflict (the
 * channel and this branch both changed the file) counted as one, as its line says, not as drift that apply reverts; in a
 * plan --wait, the updates apply --wait writes once their review ends (PlanChange.afterReview)
 */
function driftSummary(plan: Plan): string {
  // (an update apply does not attempt reverts nothing: counted apart, updateCounts)
  const d = driftCount({ changes: plan.changes.filter((c) => c.applySkips === undefined) });
  const n = d.drift - d.conflict - d.unmerged;
  // planned as apply --wait runs it (plan --wait): the updates of templates in review that it writes once the review ends
  const after = afterReviewCount(plan);
  const parts = [
    ...(after ? [`${after} of them in review: apply --wait writes ${after === 1 ? 'it' : 'them'} once the review ends`] : []),
    ...(n ? [`${n} of them drift: changed on the channel, apply would revert ${n === 1 ? 'it' : 'them'}`] : []),
    ...(d.unmerged ? [`${d.unmerged} of them applied from a branch not merged here, apply would revert ${d.unmerged === 1 ? 'it' : 'them'}`] : []),
    ...(d.conflict ? [`${d.conflict} of them ${d.conflict === 1 ? 'a conflict' : 'conflicts'}: changed on the channel and in this branch, apply would replace the channel's ${d.conflict === 1 ? 'edit' : 'edits'}`] : []),
  ];
  return parts.length ? ` (${parts.join('; ')})` : '';
}

/** the checkout behind its upstream, and updates that revert the upstream's version: said once, with what to do */
export function behindLine(plan: Plan, environment?: string): string | undefined {
  const d = driftCount(plan);
  if (!d.upstream) return undefined;
  if (d.merge) return `This branch is behind ${d.upstreamRef}: ${d.upstream === 1 ? '1 update reverts' : `${d.upstream} updates revert`} ${d.upstreamRef}'s newer version of ${d.upstream === 1 ? 'its file' : 'their files'}, which the channel holds (a change applied from there) and this branch did not change. Merge ${d.upstreamRef} first (git merge ${shellWord(d.upstreamRef!)}), then ${adviceCommand('plan', environment)} again.`;
  return `This checkout is behind ${d.upstreamRef}: ${d.upstream === 1 ? '1 update reverts' : `${d.upstream} updates revert`} ${d.upstreamRef}'s newer version of ${d.upstream === 1 ? 'its file' : 'their files'}, which the channel holds (a change applied from there). git pull first, then plan again.`;
}
