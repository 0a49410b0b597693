// Pure: the secret values of the config (`values: { x: { env: VAR } }`) that the output cannot hide
// reliably, because the project's files hold them in plain: a template's name (which the output
// always shows: names, ids and languages are never masked), or a word a file holds outside any
// `((reference))` (masked wherever it is text, the file's own words too, so which words it hides
// tells the value), or a channel alias of the config (shown in every template's key). Said once by lint and plan, as a warning: the value is still masked wherever it
// stands in a text.
import type { Config } from '../config/load.js';
import { asIdentifier, MIN_SECRET_LENGTH } from '../core/redact.js';

/** A template file's text as read, and its template's name when the caller knows it. */
export interface FileText { file: string; text: string; name?: string }

/** a word made of letters alone, as a dictionary has it (Riverside, smoothie): the only kind a file's prose holds in plain */
const WORD = /^\p{L}+$/u;
/** the most letters a value taken for a dictionary word has: longer runs of letters alone are no common word */
const MAX_WORD = 20;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** the `name:` of a template file's text (its top-level key), when it is written on one line */
function nameOf(text: string): string | undefined {
  const m = /^name:[ \t]*(["']?)([^\s"'#]+)\1[ \t]*(?:#.*)?$/m.exec(text);
  return m?.[2];
}

/** whether `text` holds `word` (in any letter case) where it is no part of a longer word, outside the ((references)) */
function holdsWord(text: string, word: string): boolean {
  const plain = text.replace(/\(\([^()\s]*\)\)/g, ' ');
  const low = plain.toLowerCase();
  const w = word.toLowerCase();
  for (let i = low.indexOf(w); i >= 0; i = low.indexOf(w, i + 1)) {
    const before = plain[i - 1];
    const after = plain[i + w.length];
    if ((before === undefined || !WORD_CHAR.test(before)) && (after === undefined || !WORD_CHAR.test(after))) return true;
  }
  return false;
}

/**
 * One warning for each secret value of the config's environments (its variable set) that is a
 * template's name or a channel alias, or a word of letters alone that a project file holds in plain; none when there is none.
 */
export function unhideableSecretValues(config: Pick<Config, 'environments'>, files: readonly FileText[], vars: Readonly<Record<string, string | undefined>>): string[] {
  const out: string[] = [];
  const said = new Set<string>();
  for (const [envName, env] of Object.entries(config.environments)) {
    for (const [name, v] of Object.entries(env.values ?? {})) {
      if (!('env' in v)) continue;
      const value = vars[v.env]?.trim();
      if (!value || value.length < MIN_SECRET_LENGTH || said.has(`${v.env}\u0000${value}`)) continue;
      const where = `environments.${envName}.values.${name} (from ${v.env})`;
      // a channel alias is an identifier too: every plan line, report and key shows it (wa/name/language)
      const alias = Object.entries(config.environments).find(([, e]) => Object.prototype.hasOwnProperty.call(e.channels ?? {}, value));
      if (alias) {
        said.add(`${v.env}\u0000${value}`);
        out.push(`${where}: its value is also the alias of a channel (environments.${alias[0]}.channels.${asIdentifier(value)}): it cannot be hidden reliably, since a channel alias is never masked (it is in the config and in git), and the output shows it in every template's key; give the secret another value, or write it as a text value if it is no secret`);
        continue;
      }
      const named = files.find((f) => (f.name ?? nameOf(f.text)) === value);
      if (named) {
        said.add(`${v.env}\u0000${value}`);
        out.push(`${where}: its value is also the name of a template (${asIdentifier(named.file)}): it cannot be hidden reliably, since a template's name is never masked (it is in the files and in git), and the output shows it there; give the secret another value, or write it as a text value if it is no secret`);
        continue;
      }
      if (!WORD.test(value) || value.length > MAX_WORD) continue;
      const holder = files.find((f) => holdsWord(f.text, value));
      if (holder) {
        said.add(`${v.env}\u0000${value}`);
        out.push(`${where}: its value is a plain word that ${asIdentifier(holder.file)} holds outside any reference: it cannot be hidden reliably, since it is masked wherever it is text, the files' own words too, and which words are masked tells the value; give the secret a value that is no word of the templates, or write it as a text value if it is no secret`);
      }
    }
  }
  return out;
}

/** A loaded template's texts (every string of its value, keys aside) and name, for unhideableSecretValues. */
export function valueText(file: string, value: unknown): FileText {
  const strings: string[] = [];
  const walk = (x: unknown): void => {
    if (typeof x === 'string') strings.push(x);
    else if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') Object.values(x).forEach(walk);
  };
  walk(value);
  const name = value && typeof value === 'object' && typeof (value as Record<string, unknown>).name === 'string' ? (value as Record<string, unknown>).name as string : undefined;
  return { file, text: strings.join('\n'), ...(name !== undefined ? { name } : {}) };
}
