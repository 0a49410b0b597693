// Effects (the client): orphans found through the template listing instead of --base: every
// template the listing names in a channel of the environment that no file defines. Each is read
// with the documented GET, which gives its name and language for the plan.
import { listTemplateIds } from '../api/list.js';
import type { TemplateReadResponse } from '../api/shapes.js';
import type { Connection } from '../connection/connect.js';
import { UsageError } from '../core/errors.js';
import { adviceCommand } from '../core/advice.js';
import { shellWord } from '../core/shell-word.js';
import type { OrphanCandidate } from './plan.js';

/**
 * Pure: the note of a template the listing names and no file defines, with the pull that adopts it as a command that runs as
 * printed: pull needs --channel, and the environment the plan ran with (a bare pull reads the default environment's channel).
 */
export function listedOrphanNote(channel: string, id: string, environment: string): string {
  const ch = shellWord(channel);
  return `on the channel but in no template file (found by the listing); the API has no delete, so tplsync leaves it: pull it to manage it (${adviceCommand(`pull --channel ${ch} --id ${id}`, environment)}; every such template of the channel: ${adviceCommand(`pull --all --channel ${ch}`, environment)}), or remove it in the console`;
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
  const orphans = unknown.flatMap(({ channelId, id }): OrphanCandidate[] => {
    const r = remote.get(id);
    return r ? [{ channel: alias.get(channelId.toLowerCase()) ?? channelId, channelId, name: r.chatapp?.name ?? r.name, language: r.chatapp?.language ?? r.language ?? '', publicId: id, file: '', note: listedOrphanNote(alias.get(channelId.toLowerCase()) ?? channelId, id, env.name) }] : [];
  });
  return { orphans, remote };
}
