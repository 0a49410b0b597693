// `tplsync status CLIENT_MESSAGE_ID`: delivery status of what was sent, one page or --all.
import { identifiersMarked } from '../core/redact.js';
import { commandConfig, withConnection } from './context.js';
import { clientMessageIdProblem, STATUS_LIMIT_RULE } from '../api/status-read.js';
import { MESSAGE_STATUS_WORDS, type MessageStatusResponse, type SendListEntry } from '../api/shapes.js';
import { UsageError } from '../core/errors.js';
import { parseNumberOption } from '../core/number-option.js';
import { adviceCommand } from '../core/advice.js';
import { EXIT } from '../core/exit-codes.js';
import { io } from '../core/io.js';
import { visible } from '../core/visible.js';

export interface StatusCommandOptions { config?: string; env?: string; limit?: string; cursor?: string; all?: boolean; format: string; allowInsecureHttp?: boolean }

/** send_list status in words (the client's, src/api/shapes.ts) */
export const STATUS_WORDS = MESSAGE_STATUS_WORDS;

export function renderStatusTable(entries: readonly SendListEntry[], next?: string, environment?: string): string {
  const rows = [['RECEIVER', 'USER', 'STATUS'], ...entries.map((e) => [e.external_userid, e.userid, STATUS_WORDS[e.status] ?? `status ${e.status}`])];
  const w = [0, 1].map((i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) => `${r[0]!.padEnd(w[0]!)}  ${r[1]!.padEnd(w[1]!)}  ${r[2]}`);
  const counts = new Map<string, number>();
  for (const e of entries) { const k = STATUS_WORDS[e.status] ?? `status ${e.status}`; counts.set(k, (counts.get(k) ?? 0) + 1); }
  lines.push('', `${entries.length} receiver${entries.length === 1 ? '' : 's'}: ${[...counts].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`);
  if (next) lines.push(`more: ${adviceCommand(`status ... --cursor ${next}`, environment)}  (or --all)`);
  // receivers, user ids and the cursor are the server's text: their control characters printed as escapes
  return `${visible(lines.join('\n'))}\n`;
}

export async function statusCommand(given: string, o: StatusCommandOptions): Promise<number> {
  // the client's rule (api/status-read.ts), said in the words of the command line
  if (clientMessageIdProblem(given) !== undefined) throw new UsageError(`'${given}' is not a clientMessageId (a UUID, as printed by tplsync send)`);
  // in small letters, as send sends it (a system that stores ids in capitals gets the same message)
  const id = given.toLowerCase();
  if (!['table', 'json'].includes(o.format)) throw new UsageError(`Unknown format '${o.format}'; choose table or json`);
  let limit: number | undefined;
  if (o.limit !== undefined) {
    limit = parseNumberOption('--limit', o.limit, STATUS_LIMIT_RULE);
  }
  if (o.all && o.cursor) throw new UsageError('--all reads every page; it takes no --cursor');
  const config = await commandConfig(o);
  return withConnection(config, o, async (conn) => {
    let entries: SendListEntry[];
    let next = '';
    if (o.all) entries = await conn.client.allMessageStatuses(id, limit !== undefined ? { limit } : {});
    else {
      const page: MessageStatusResponse = await conn.client.getMessageStatus(id, { ...(limit !== undefined ? { limit } : {}), ...(o.cursor ? { cursor: o.cursor } : {}) });
      entries = page.status.send_list;
      next = page.status.next_cursor;
    }
    io().stdout.write(o.format === 'json'
      ? `${JSON.stringify(identifiersMarked({ version: 1, clientMessageId: id, send_list: entries.map((e) => ({ ...e, statusText: STATUS_WORDS[e.status] ?? null })), next_cursor: next }), null, 2)}\n`
      : renderStatusTable(entries, next, conn.environment.name));
    return EXIT.OK;
  });
}
