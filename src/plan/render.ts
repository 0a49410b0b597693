// Pure: a plan as text (with a unified diff of each changed template), as JSON (the shape in
// DESIGN.md) and as Markdown for a pull-request comment (at most 65,536 characters).
import { createPatch } from 'diff';
import pc from 'picocolors';
import { stringify } from 'yaml';
import { fileFormText, NOT_OBSERVABLE, unobservedIn, type CanonicalTemplate, type FieldChange } from '../model/canonical.js';

/** The file's placeholder names of a template's texts (file only). */
type Names = { body?: readonly string[]; header?: readonly string[] };
const namesOf = (c: CanonicalTemplate | undefined): Names | undefined => (c ? { ...(c.body.names ? { body: c.body.names } : {}), ...(c.header?.names ? { header: c.header.names } : {}) } : undefined);
import { keyOf, type Plan, type PlanChange } from './plan.js';

/**
 * The readable form of a template that diffs are made of. `names`: the file's placeholder names,
 * shown instead of the wire numbers on both sides (a file with {{first_name}} reads as such).
 */
export function renderTemplateText(c: CanonicalTemplate | undefined, names: Names | undefined = namesOf(c)): string {
  if (!c) return '';
  const { channelId: _c, templateId: _t, category: _unobservable, samples: _fileOnly, unobservable: _u, ...rest } = c;
  // the file's placeholder names are not sent, so they are not part of what is compared; they
  // are shown, though, on both sides: a file with {{first_name}} reads as such, not as {{1}}
  const { names: _bodyNames, ...body } = rest.body;
  const header = rest.header ? (({ names: _n, ...h }) => h)(rest.header) : undefined;
  const nb = names?.body;
  // samples keyed as the file keys them: { customer: Maria } rather than [Maria]
  const examples = nb?.length ? Object.fromEntries(body.examples.map((v, i) => [nb[i] || String(i + 1), v])) : body.examples;
  const shownHeader = header?.text !== undefined ? { ...header, text: fileFormText({ text: header.text, ...(names?.header ? { names: names.header } : {}) }) } : header;
  const noNames = <T>(part: T): T => { if (part && typeof part === 'object' && 'names' in part) { const { names: _n, ...x } = part as { names?: unknown }; return x as T; } return part; };
  const view: Record<string, unknown> = {
    ...rest, body: { text: fileFormText({ text: body.text, ...(nb ? { names: nb } : {}) }), examples }, ...(shownHeader ? { header: shownHeader } : {}),
    ...(rest.carousel ? { carousel: rest.carousel.map((card) => ({ ...card, ...(card.body ? { body: noNames(card.body) } : {}) })) } : {}),
  };
  return stringify(view, { lineWidth: 0, sortMapEntries: false });
}

export function unifiedDiff(change: PlanChange): string {
  const names = namesOf(change.desired);
  const patch = createPatch(keyOf(change), renderTemplateText(change.remote, names), renderTemplateText(change.desired, names), 'remote', 'files', { context: 2 });
  return patch.split('\n').slice(4).join('\n').trimEnd();
}

/** A field change with the file's placeholder names in the texts. */
function named(f: FieldChange, c: PlanChange): FieldChange {
  const names = f.path === 'body.text' ? c.desired?.body.names : f.path === 'header.text' ? c.desired?.header?.names : undefined;
  if (!names) return f;
  const n = (v: unknown) => (typeof v === 'string' ? fileFormText({ text: v, names }) : v);
  return { path: f.path, before: n(f.before), after: n(f.after) };
}

/** The fields the API does not return that matter to this plan: those set by a template that is compared (update or noop). */
export function notCompared(plan: Plan): string[] {
  const seen = new Set<string>();
  for (const c of plan.changes) if (c.action === 'update' || c.action === 'noop') for (const f of unobservedIn(c.desired, c.remote)) seen.add(f);
  return NOT_OBSERVABLE.filter((f) => seen.has(f));
}

const SYMBOL = { create: '+', update: '~', noop: '=', orphan: '?' } as const;

export function renderText(plan: Plan, o: { color: boolean; environment: string; verbose?: boolean }): string {
  const c = pc.createColors(o.color);
  const paint = { create: c.green, update: c.yellow, noop: c.dim, orphan: c.magenta } as const;
  const out: string[] = [];
  for (const ch of plan.changes) {
    if (ch.action === 'noop' && !o.verbose) continue;
    const status = ch.remoteStatus ? c.dim(` (remote: ${ch.remoteStatus})`) : '';
    out.push(paint[ch.action](`${SYMBOL[ch.action]} ${ch.action.padEnd(6)} ${keyOf(ch)}`) + status + c.dim(`  ${ch.publicId}`));
    for (const a of ch.attention ?? []) out.push(`    ${c.yellow('!')} ${a}`);
    if (ch.action === 'update') {
      for (const f of (ch.changes ?? []).map((x) => named(x, ch))) out.push(`    ${f.path}: ${c.red(show(f.before))} → ${c.green(show(f.after))}`);
    }
    if (ch.action === 'update' || (ch.action === 'create' && o.verbose)) {
      for (const line of unifiedDiff(ch).split('\n')) {
        out.push(`    ${line.startsWith('+') ? c.green(line) : line.startsWith('-') ? c.red(line) : line.startsWith('@@') ? c.cyan(line) : c.dim(line)}`);
      }
      out.push('');
    }
  }
  for (const h of plan.held ?? []) {
    out.push(c.red(`! held   ${keyOf(h)}`) + c.dim(`  ${h.file}`));
    for (const r of h.reasons) out.push(`    ${c.red('✗')} ${r}`);
    out.push(`    ${c.dim('not planned and not applied; every other template goes ahead. Retire a finished campaign by deleting its file.')}`);
  }
  const s = plan.summary;
  const none = s.create + s.update === 0;
  if (out.length && out[out.length - 1] !== '') out.push('');
  out.push(none
    ? c.green(`No changes. ${s.noop} template${s.noop === 1 ? '' : 's'} in ${o.environment} ${s.noop === 1 ? 'matches its file' : 'match the files'}.${s.orphan ? ` ${s.orphan} orphan${s.orphan === 1 ? '' : 's'}.` : ''}`)
    : c.bold(`Plan for ${o.environment}: ${s.create} to create, ${s.update} to update, ${s.noop} unchanged${s.orphan ? `, ${s.orphan} orphaned` : ''}.`));
  const unseen = notCompared(plan);
  if (unseen.length) out.push(c.dim(`Not compared, because the API does not return them: ${unseen.join(', ')}.`));
  return `${out.join('\n')}\n`;
}

function show(v: unknown): string {
  if (v === undefined) return '(none)';
  const t = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v);
  return t.length > 120 ? `${t.slice(0, 117)}...` : t;
}

export function renderJson(plan: Plan): string {
  return `${JSON.stringify({
    version: 1,
    changes: plan.changes.map((c) => ({
      channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, action: c.action,
      channelId: c.channelId, ...(c.file ? { file: c.file } : {}), ...(c.remoteStatus ? { remoteStatus: c.remoteStatus } : {}),
      ...(c.changes ? { changes: c.changes } : {}), ...(c.attention ? { attention: c.attention } : {}),
    })),
    summary: plan.summary,
    ...(plan.held?.length ? { held: plan.held } : {}),
    notObservable: NOT_OBSERVABLE,
  }, null, 2)}\n`;
}

export const MARKDOWN_LIMIT = 65_536;
const esc = (s: string): string => s.replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/\r?\n/g, ' ');

/** Summary table first, then what needs attention, then the details collapsed; within the limit of a GitHub comment. */
export interface PreviewLink {
  /** where the before/after site of `tplsync preview --changes` is (e.g. the workflow artifact) */
  url: string;
  /** the page of a change in that site */
  page: (c: PlanChange) => string;
}

export function renderMarkdown(plan: Plan, o: { environment: string; marker?: string; limit?: number; rendered?: (c: PlanChange) => string | undefined; preview?: PreviewLink }): string {
  const limit = o.limit ?? MARKDOWN_LIMIT;
  const s = plan.summary;
  const head: string[] = [];
  if (o.marker) head.push(`<!-- ${o.marker} -->`);
  head.push(`## tplsync plan: ${o.environment}`, '');
  head.push('| create | update | unchanged | orphaned |', '| ---: | ---: | ---: | ---: |', `| ${s.create} | ${s.update} | ${s.noop} | ${s.orphan} |`, '');
  if (s.create + s.update === 0) head.push('✅ No changes: the channels match the files.', '');
  else if (o.preview) head.push(`🔍 [See each change before and after, as the customer sees it](${o.preview.url}) (open \`index.html\`; one page per changed template)`, '');
  const attention = plan.changes.filter((c) => c.attention?.length);
  if (attention.length || plan.held?.length) {
    head.push('### Needs attention', '');
    for (const h of plan.held ?? []) head.push(`- ⛔ \`${keyOf(h)}\` is held back (not planned, not applied): ${esc(h.reasons.join('; '))}`);
    for (const c of attention) for (const a of c.attention!) head.push(`- ⚠️ \`${keyOf(c)}\`: ${esc(a)}`);
    head.push('');
  }
  const details: string[] = [];
  for (const c of plan.changes.filter((x) => x.action !== 'noop')) {
    const parts = [`<details><summary><code>${SYMBOL[c.action]} ${c.action}</code> <b>${esc(keyOf(c))}</b>${c.file ? ` (<code>${esc(c.file)}</code>)` : ''}</summary>`, ''];
    if (c.changes?.length) {
      parts.push('| field | before | after |', '| --- | --- | --- |');
      for (const f of c.changes.map((x) => named(x, c))) parts.push(`| \`${esc(f.path)}\` | ${esc(show(f.before))} | ${esc(show(f.after))} |`);
      parts.push('');
    }
    if (c.action !== 'orphan') parts.push('```diff', unifiedDiff(c), '```', '');
    if (o.preview && (c.action === 'create' || c.action === 'update')) parts.push(`Before and after: \`${o.preview.page(c)}\` in the [preview](${o.preview.url})`, '');
    const preview = o.rendered?.(c);
    if (preview) parts.push('What the customer sees:', '', '```text', preview, '```', '');
    parts.push('</details>', '');
    details.push(parts.join('\n'));
  }
  const unseen = notCompared(plan);
  if (unseen.length) head.push(`<sub>Not compared, because the API does not return them: ${unseen.map((f) => esc(f)).join(', ')}.</sub>`, '');
  let text = head.join('\n');
  if (details.length) text += '\n### Details\n\n';
  const footer = (n: number) => `\n_${n} more change${n === 1 ? '' : 's'} not shown: the comment would exceed GitHub's ${limit.toLocaleString('en')} characters. Run \`tplsync plan\` for all of them._\n`;
  for (let i = 0; i < details.length; i++) {
    const rest = details.length - i - 1;
    if (text.length + details[i]!.length + (rest ? footer(rest).length : 0) > limit - 200) {
      text += footer(details.length - i);
      break;
    }
    text += details[i];
  }
  return text;
}
