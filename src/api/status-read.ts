// Pure: what a message status read takes, checked before any request, by the client (ParamError) and
// by `tplsync status` (UsageError, in the words of its arguments): one rule for both, so that the
// library refuses what the command line refuses, rather than asking the service and reading its 404
// or 400 as the baseUrl's fault.
import type { NumberRule } from '../core/number-option.js';
import { keeps, ruleText } from '../core/number-option.js';
import { UUID_RE } from '../core/uuid.js';
import { visible } from '../core/visible.js';

/** a page's size: the service's limit (1 to 1000; its default is 500) */
export const STATUS_LIMIT_RULE: NumberRule = { min: 1, max: 1000, whole: true };

/** What is wrong with an id given to a status read (no string, empty, not a UUID), or undefined. */
export function clientMessageIdProblem(id: unknown): string | undefined {
  if (typeof id !== 'string') return `is ${id === null ? 'null' : id === undefined ? 'missing' : `${typeof id === 'object' ? 'an object' : `a ${typeof id}`}`}, not a clientMessageId (a UUID)`;
  if (id === '') return 'is an empty string, not a clientMessageId (a UUID): is a variable or a stored id unset?';
  if (!UUID_RE.test(id)) return `'${visible(id, { oneLine: true })}' is not a clientMessageId (a UUID, as a send returns it)`;
  return undefined;
}

/**
 * What is wrong with the arguments of a status read, said with the argument's name (clientMessageId,
 * limit, cursor), or undefined. The id may be in either case (a UUID is the same in both).
 */
export function statusReadProblem(id: unknown, page: { limit?: unknown; cursor?: unknown } = {}): string | undefined {
  const bad = clientMessageIdProblem(id);
  if (bad !== undefined) return `clientMessageId ${bad}`;
  const { limit, cursor } = page;
  if (limit !== undefined && (typeof limit !== 'number' || !keeps(limit, STATUS_LIMIT_RULE))) {
    return `limit takes ${ruleText(STATUS_LIMIT_RULE)} (a page's size), not ${typeof limit === 'number' ? limit : limit === null ? 'null' : typeof limit === 'string' ? `the string '${visible(limit, { oneLine: true })}'` : `a ${typeof limit}`}`;
  }
  if (cursor !== undefined && typeof cursor !== 'string') return `cursor must be a string (the page's status.next_cursor), not ${cursor === null ? 'null' : `a ${typeof cursor}`}`;
  return undefined;
}
