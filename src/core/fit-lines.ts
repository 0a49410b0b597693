// Pure: a report kept within a size (a GitHub comment's 65,536 characters, a job summary's budget): as many of its
// lines as fit, then one line that says what was left out. Plan's Markdown and lint's Markdown both keep to it.

/**
 * The first of `lines` that fit in `room` characters (each counted with its newline), and, when some do not,
 * `rest(n)` for the n left out, in place of them: the whole never exceeds `room` (room is kept for that last line).
 */
export function fitLines(lines: readonly string[], room: number, rest: (left: number) => string): string[] {
  const out: string[] = [];
  let size = 0;
  for (let i = 0; i < lines.length; i++) {
    const after = lines.length - i - 1;
    const tail = after ? rest(after).length + 1 : 0;
    if (size + lines[i]!.length + 1 + tail > room) { out.push(rest(lines.length - i)); return out; }
    out.push(lines[i]!);
    size += lines[i]!.length + 1;
  }
  return out;
}

/** the most characters GitHub takes in a pull-request comment (plan's and lint's Markdown keep under it) */
export const GITHUB_COMMENT_CHARACTERS = 65_536;
