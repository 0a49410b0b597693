// Pure: what is wrong with an address a message opens (a WhatsApp URL button's, a carousel card's, an
// RCS open_url suggestion's), said as lint, plan and send say it.

/** a long address shortened for a message */
const shown = (raw: string): string => (raw.length > 40 ? `${raw.slice(0, 30)}…${raw.slice(-4)}` : raw);

/**
 * What is wrong with a URL button's address, if anything: not an absolute http(s) address; a
 * space, tab or line break in it (from a value filled in, a paste: the channel stores it, and the
 * link breaks there); a host no URL parser takes. The placeholder counts as a plain value.
 */
export function urlAddressProblem(url: string): { message: string; at?: { start: number; end: number } } | undefined {
  if (!/^https?:\/\/[^\s/]+/i.test(url)) return { message: 'The URL must be an absolute http:// or https:// address.' };
  const ws = /\s/.exec(url);
  if (ws) {
    const what = ws[0] === ' ' || ws[0] === '\u00a0' ? 'a space' : ws[0] === '\t' ? 'a tab' : ws[0] === '\n' || ws[0] === '\r' ? 'a line break' : `a blank (U+${ws[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
    return { message: `The URL holds ${what} at character ${ws.index + 1}: an address has none, and the link would end there. Remove it, or write a space that belongs in the path as %20.`, at: { start: ws.index, end: ws.index + 1 } };
  }
  try { new URL(url.replace(/\{\{[^}]*\}\}/g, '1')); } catch {
    return { message: `'${shown(url)}' is not a valid address: check its host and port (the part after ://).` };
  }
  return undefined;
}
