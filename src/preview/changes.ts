// Pure: the before/after site of a plan (`tplsync preview --changes`): for every template the plan
// would create or update, the version the customer sees today (rendered from the read) beside
// the version of the files, with the changed text, buttons, cards and media marked; an index of
// the changes (create / update / orphan) with the plan's summary.
import { icon } from './icons.js';
import { boundedStem } from '../core/file-name.js';
import { keyOf, type Plan, type PlanChange } from '../plan/plan.js';
import { asIdentifier } from '../core/redact.js';

/** a change's key as the output gate takes it: an identifier, never masked as a secret value equal to a name */
const shownKey = (c: PlanChange): string => asIdentifier(keyOf(c));
import type { FileTemplate } from '../model/canonical.js';
import { remoteNamesOf } from '../model/remote-names.js';
import { langAttrs } from './direction.js';
import { esc, page, rcs, rowOf, rowsTable, whatsapp, type Marks } from './html.js';
import { escQuoting } from './markup.js';

export interface ChangesSite { pages: Map<string, string>; changed: number }

/** The page of a change: one name per template key, stable across runs. */
export function changePageName(c: Pick<PlanChange, 'channel' | 'name' | 'language'>): string {
  return `${boundedStem(keyOf(c))}.html`;
}

function phone(f: FileTemplate | undefined, marks: Marks | undefined, empty: string): string {
  if (!f) return `<p class="meta">${esc(empty)}</p>`;
  const c = f.canonical;
  const hasBody = c.body.text !== '' || c.header !== undefined || c.buttons.length > 0;
  return `${hasBody ? `<div class="phone"${langAttrs(c.language)}>${whatsapp(f, marks)}</div>` : ''}${rcs(f, marks)}`;
}

function changePage(c: PlanChange, o: { environment: string; against: string }): string {
  const paths = (c.changes ?? []).map((f) => f.path);
  // the channel's version read with the file's names of its placeholders, as plan shows it, and the
  // file's samples where the read has none (an RCS message's samples are the file's alone): {{1}} is {{city}}, Dubai
  // the channel's copy with the file's names only where they certainly stand there (never by position alone: remoteNamesOf)
  const remote = c.remote && c.desired ? { canonical: c.remote.canonical, names: remoteNamesOf(c), ...(c.desired.samples ? { samples: c.desired.samples } : {}) } : c.remote;
  const before = remote ? phone(remote, { paths, side: 'before', ...(c.desired ? { other: c.desired } : {}) }, '') : undefined;
  const after = phone(c.desired, { paths, side: 'after', ...(remote ? { other: remote } : {}) }, 'not in the files');
  const list = paths.length ? `<ul class="meta">${paths.map((p) => `<li><code>${esc(p)}</code></li>`).join('')}</ul>` : '';
  const notes = (c.attention ?? []).map((a) => `<p class="meta">${icon('warning')} ${escQuoting(a)}</p>`).join('');
  return page(`${c.action}: ${shownKey(c)}`, `<header class="top"><a href="index.html">← all changes</a><h1>${esc(c.action)} ${esc(shownKey(c))}</h1>${c.file ? `<code>${esc(asIdentifier(c.file))}</code>` : ''}</header>`
    + `<main class="changes"><div class="sides"><section data-testid="before"><h2>Now${c.remoteStatus ? ` (${esc(c.remoteStatus)})` : ''} · ${esc(o.against)}</h2>${before ?? '<p class="meta">Not on the channel yet: this template is new.</p>'}</section>`
    + `<section data-testid="after"><h2>After this change · the files</h2>${after}</section></div>`
    + `<div class="inset">${notes}${list ? `<p class="meta">Changed fields:</p>${list}` : ''}</div></main>`, false);
}

export function renderChangesSite(plan: Plan, o: { environment: string; against?: string }): ChangesSite {
  const against = o.against ?? o.environment;
  const pages = new Map<string, string>();
  const rows: string[] = [];
  let changed = 0;
  for (const c of plan.changes) {
    if (c.action === 'noop') continue;
    const name = changePageName(c);
    if (c.action === 'create' || c.action === 'update') {
      pages.set(name, changePage(c, { environment: o.environment, against }));
      changed++;
    }
    const link = pages.has(name) ? `<a href="${esc(name)}">${esc(shownKey(c))}</a>` : esc(shownKey(c));
    rows.push(rowOf(` data-action="${esc(c.action)}"`, [esc(c.action), link, esc(c.file ?? ''), esc((c.changes ?? []).map((f) => f.path).join(', '))]));
  }
  const s = plan.summary;
  const summary = `<p class="meta inset">${s.create} to create, ${s.update} to update, ${s.noop} unchanged, ${s.orphan} orphaned (against ${esc(against)})</p>`;
  const table = rows.length
    ? rowsTable('changes', ['action', 'template', 'file', 'changed fields'], rows)
    : '<p class="inset">No changes: the channel matches the files.</p>';
  pages.set('index.html', page(`tplsync changes: ${o.environment}`, `<header class="top"><h1>tplsync changes</h1><span>${esc(o.environment)}</span></header><main class="list">${summary}${table}</main>`, false));
  return { pages, changed };
}
