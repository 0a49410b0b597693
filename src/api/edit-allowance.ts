// Pure: what the read of a template may say besides its body: how many edits an APPROVED
// template may still take (WhatsApp: 1 per 24 h, 10 per 30 days). The documented read body has
// no such field; the emulator sends it as response headers (docs/api-assumptions.md), and the
// client keeps it beside the read body it returns, without changing that body.

export const EDITS_REMAINING_HEADER = 'x-template-edits-remaining';
export const NEXT_EDIT_HEADER = 'x-template-next-edit-at';
/** what is left of the 30-day allowance, whatever the 24-hour one says (so a refusal can be told apart) */
export const EDITS_LEFT_30D_HEADER = 'x-template-edits-left-30d';

export interface EditAllowance {
  /** edits possible now */
  remaining: number;
  /** when no edit is possible now: from when the next one is (ISO 8601) */
  nextAt?: string;
  /** what is left of the 10 edits in 30 days, when the service says */
  left30d?: number;
}

const allowances = new WeakMap<object, EditAllowance>();

/** Remembers the allowance a read's headers state, if they state one. */
export function noteEditAllowance(read: unknown, headers: Headers): void {
  const raw = headers.get(EDITS_REMAINING_HEADER);
  if (raw === null || !read || typeof read !== 'object' || !/^\d{1,6}$/.test(raw.trim())) return;
  const next = headers.get(NEXT_EDIT_HEADER);
  const month = headers.get(EDITS_LEFT_30D_HEADER)?.trim();
  allowances.set(read, {
    remaining: Number(raw), ...(next && !Number.isNaN(Date.parse(next)) ? { nextAt: new Date(next).toISOString() } : {}),
    ...(month !== undefined && /^\d{1,6}$/.test(month) ? { left30d: Number(month) } : {}),
  });
}

/** The allowance stated with this read body, when the service stated one. */
export function editAllowanceOf(read: object): EditAllowance | undefined {
  return allowances.get(read);
}

export function describeEditAllowance(a: EditAllowance): string {
  if (a.remaining > 0) return `${a.remaining} edit${a.remaining === 1 ? '' : 's'} left`;
  return `no edit left${a.nextAt ? ` before ${a.nextAt}` : ''}: the service will refuse this one`;
}
