// Pure: a path or value as one word of a POSIX shell command line, for the commands tplsync
// suggests (`apply it with: tplsync apply PLAN`): a word of letters, digits and -_./:@%+= , as it
// is; anything else (a space, an accented letter, a quote) in single quotes, a ' written '\''.

export function shellWord(s: string): string {
  return /^[A-Za-z0-9_\-./:@%+=,]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
