// Effects (the client): orphans found through the template listing instead of --base: every
// template the listing names in a channel of the environment that no file defines. Each is read
// with the documented GET, which gives its name and language for the plan.
import { listTemplateIds } from '../api/list.js';
import type { TemplateReadResponse } from '../api/shapes.js';
import type { Connection } from '../connection/connect.js';
import { UsageError } from '../core/errors.js';
import type { DesiredTemplate, HeldTemplate, OrphanCandidate } from './plan.js';
import { adviceCommand } from '../core/advice.js';
import { shellWord } from '../core/shell-word.js';

/**
 * Pure: the note of a template the listing names and no file defines, with the pull that adopts it as a command that runs as
 * printed: pull needs --channel, and the environment the plan ran with (a bare pull reads the default environment's channel).
 * `twins`: the ids of the other templates of the channel of its name and language the listing names and no file defines,
 * which pull --all refuses (a file can be one of them only): the advice is then what pull says of twins (trial-aq F10).
 */
export function listedOrphanNote(channel: string, id: string, environment: string, twins: readonly string[] = []): string {
  const ch = shellWord(channel);
  const pullOne = adviceCommand(`pull --channel ${ch} --id ${id}`, environment);
  if (twins.length) {
    const one = twins.length === 1;
    return `on the channel but in no template file (found by the listing), and the channel holds ${one ? 'another template' : `${twins.length} other templates`} of this name and language that no file defines (${twins.join(', ')}): a file can be one of them only, so pull --all pulls none of them. Keep this one: pull it by itself (${pullOne}) and remove the other${one ? '' : 's'} in the console; or remove this one in the console`;
  }
  return `on the channel but in no template file (found by the listing); the API has no delete, so tplsync leaves it: pull it to manage it (${pullOne}; every such template of the channel: ${adviceCommand(`pull --all --channel ${ch}`, environment)}), or remove it in the console`;
}

export async function listedOrphans(conn: Connection, known: ReadonlySet<string>, channelIds: readonly string[], read: (ids: { channelId: string; id: string }[]) => Promise<Map<string, TemplateReadResponse | null>>): Promise<{ orphans: OrphanCandidate[]; remote: Map<string, TemplateReadResponse | null> }> {
  const env = conn.environment;
  if (!env.list) {
    throw new UsageError(`plan --orphans needs the template listing of environment '${env.name}': set environments.${env.name}.list (path, items, id) in the config from your provider's documentation (docs/api-assumptions.md), or find orphans in git with --base REF`);
  }
  const alias = new Map(Object.entries(env.channels).map(([a, id]) => [id.toLowerCase(), a]));
  const unknown: { channelId: string; id: string }[] = [];
  for (const channelId of channelIds) {
    for (const id of await listTemplateIds(conn.client, channelId, env.list)) if (!known.has(id.toLowerCase())) unknown.push({ channelId, id: id.toLowerCase() });
  }
  const remote = await read(unknown);
  const found = unknown.flatMap(({ channelId, id }) => {
    const r = remote.get(id);
    return r ? [{ channelId, id, name: r.chatapp?.name ?? r.name, language: r.chatapp?.language ?? r.language ?? '' }] : [];
  });
  // orphans of one channel that share a name and language: twins, which pull --all refuses
  const identity = (o: { channelId: string; name: string; language: string }): string => `${o.channelId.toLowerCase()}\u0000${o.name}\u0000${o.language}`;
  const byIdentity = new Map<string, string[]>();
  for (const o of found) byIdentity.set(identity(o), [...(byIdentity.get(identity(o)) ?? []), o.id]);
  const orphans = found.map(({ channelId, id, name, language }): OrphanCandidate => {
    const twins = (byIdentity.get(identity({ channelId, name, language })) ?? []).filter((x) => x !== id);
    return { channel: alias.get(channelId.toLowerCase()) ?? channelId, channelId, name, language, publicId: id, file: '', note: listedOrphanNote(alias.get(channelId.toLowerCase()) ?? channelId, id, env.name, twins) };
  });
  return { orphans, remote };
}

/** A create, as twinsOfCreates needs it (a DesiredTemplate is one) */
export type NewTemplate = Pick<DesiredTemplate, 'channel' | 'file'> & { canonical: Pick<DesiredTemplate['canonical'], 'channelId' | 'name' | 'language' | 'templateId'> };

/** A template of the channel (found by the listing) that no file names by its id. */
export interface ListedTemplate { channelId: string; publicId: string; name: string; language: string; statusText?: string }

/**
 * Effects (the client): the templates the listing names on `channelIds` that are not among `known`, each read for
 * its name and language (a read that fails leaves that one out: the plan's check of creates is a courtesy, never a stop).
 */
export async function listedUnknown(conn: Connection, known: ReadonlySet<string>, channelIds: readonly string[], read: (ids: { channelId: string; id: string }[]) => Promise<Map<string, TemplateReadResponse | null>>): Promise<ListedTemplate[]> {
  const list = conn.environment.list;
  if (!list) return [];
  const unknown: { channelId: string; id: string }[] = [];
  for (const channelId of channelIds) {
    for (const id of await listTemplateIds(conn.client, channelId, list)) if (!known.has(id.toLowerCase())) unknown.push({ channelId, id: id.toLowerCase() });
  }
  const remote = await read(unknown);
  return unknown.flatMap(({ channelId, id }) => {
    const r = remote.get(id);
    return r ? [{ channelId, publicId: id, name: r.chatapp?.name ?? r.name, language: r.chatapp?.language ?? r.language ?? '', statusText: r.statusText }] : [];
  });
}

const DELETED = new Set(['DELETED', 'PENDING_DELETION']);

/**
 * Pure: the templates of the listing deleted on the channel (DELETED, PENDING_DELETION) whose name and language a
 * create has: WhatsApp refuses a new template under a deleted template's name until 30 days after the deletion, so
 * the plan marks the create (markDeletedNames), whichever plan listed the channel: a plain one that looked for twins
 * of its creates, --orphans, or a saved plan's apply.
 */
export function deletedNamesakes(creates: readonly NewTemplate[], listed: readonly ListedTemplate[], alias: ReadonlyMap<string, string>): { channel: string; channelId: string; name: string; language: string; publicId: string; state: string }[] {
  const key = (channelId: string, name: string, language: string): string => `${channelId.toLowerCase()}\u0000${name}\u0000${language}`;
  const wanted = new Set(creates.map((d) => key(d.canonical.channelId, d.canonical.name, d.canonical.language)));
  return listed.filter((t) => DELETED.has(t.statusText ?? '') && wanted.has(key(t.channelId, t.name, t.language)))
    .map((t) => ({ channel: alias.get(t.channelId.toLowerCase()) ?? t.channelId, channelId: t.channelId, name: t.name, language: t.language, publicId: t.publicId, state: t.statusText! }));
}

/**
 * Pure: the creates (`creates`: desired templates whose id the channel does not have) whose name and language a
 * template of the same channel has under another id (made in the console, or by a file that lost its publicId):
 * a create would make a second template of that name and language, which WhatsApp refuses. Each is held (kind
 * `refused`: plan and apply exit 1 for it, the others go ahead) with the command that adopts the channel's template
 * into the file (`pull --id`, in this environment). A deleted template's name is another matter (markDeletedNames).
 */
export function twinsOfCreates(creates: readonly NewTemplate[], listed: readonly ListedTemplate[], environment: string, alias: ReadonlyMap<string, string>): (HeldTemplate & { twin: string })[] {
  const key = (channelId: string, name: string, language: string): string => `${channelId.toLowerCase()}\u0000${name}\u0000${language}`;
  const byKey = new Map<string, ListedTemplate>();
  for (const t of listed) if (!DELETED.has(t.statusText ?? '')) byKey.set(key(t.channelId, t.name, t.language), t);
  return creates.flatMap((d): (HeldTemplate & { twin: string })[] => {
    const c = d.canonical;
    const twin = byKey.get(key(c.channelId, c.name, c.language));
    if (!twin || twin.publicId.toLowerCase() === c.templateId.toLowerCase()) return [];
    const channel = alias.get(c.channelId.toLowerCase()) ?? c.channelId;
    const pull = adviceCommand(`pull --channel ${shellWord(channel)} --id ${twin.publicId} --force`, environment);
    return [{
      channel: d.channel, name: c.name, language: c.language, file: d.file, kind: 'refused', twin: twin.publicId,
      reasons: [`the channel has ${c.name}/${c.language} already, under id ${twin.publicId}${twin.statusText ? ` (${twin.statusText})` : ''}, made outside tplsync (no file names its id): creating it would make a second template of that name and language, which WhatsApp refuses, so it is not created. To adopt that template, add publicId: ${twin.publicId} to ${d.file} (the next plan then compares the file with it), and to take the channel's copy into the file run \`${pull}\` (compare with git diff and commit); or give the file another name to make a new template`],
    }];
  });
}
