// Pure: inline suppression comments of a template file, `# tplsync-disable-next-line RULE-ID[, RULE-ID] -- reason`: read by
// lint (which leaves out the findings they name) and by the translations import (which says no finding they name).
export interface Directive {
  /** 1-based line of the comment */
  line: number;
  column: number;
  endColumn: number;
  /** the line whose findings it suppresses */
  target: number;
  rules: string[];
  reason: string;
}

const RE = /#\s*tplsync-disable-next-line\b(.*)$/;

/** the answer for the many files without a directive: one shared, frozen empty list */
const NONE = Object.freeze([]) as unknown as Directive[];

export function parseDirectives(text: string): Directive[] {
  if (!text.includes('tplsync-disable')) return NONE;
  const out: Directive[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((l, i) => {
    const m = RE.exec(l);
    if (!m) return;
    const body = m[1]!;
    const sep = body.indexOf('--');
    const ids = (sep >= 0 ? body.slice(0, sep) : body).split(/[\s,]+/).filter(Boolean);
    out.push({ line: i + 1, column: m.index + 1, endColumn: l.length + 1, target: i + 2, rules: ids, reason: sep >= 0 ? body.slice(sep + 2).trim() : '' });
  });
  return out;
}
