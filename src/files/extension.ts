// Pure: the extension a new template file takes so that the config's templates globs find it
// (`templates/**/*.yml` takes `.yml` alone), and what keeps a file the globs leave out from them.
import path from 'node:path';
import picomatch from 'picomatch';

export type TemplateExtension = '.yaml' | '.yml' | '.YAML' | '.YML';

/** the extensions a new file may take, in the order they are preferred */
const NEW_FILE_EXTENSIONS: readonly TemplateExtension[] = ['.yaml', '.yml', '.YAML', '.YML'];

/**
 * The globs' matcher of a path relative to the config's folder (with /), as discovery matches them: taken by a glob,
 * and left out by none of the `!` globs (`!templates/drafts/**`). Given to picomatch as one list, a `!` glob matched
 * every path it does not name, so a file it left out was taken, and said to be left out for its extension.
 */
function matcher(templates: readonly string[]): (rel: string) => boolean {
  let m = MATCHERS.get(templates);
  if (!m) {
    const taken = picomatch(templates.filter((g) => !g.startsWith('!')), { dot: false });
    const negated = templates.filter((g) => g.startsWith('!')).map((g) => g.slice(1));
    const left = negated.length ? picomatch(negated, { dot: true }) : undefined;
    MATCHERS.set(templates, m = (rel) => taken(rel) && !left?.(rel));
  }
  return m;
}
/** one matcher for a config's globs, however many files a pull names */
const MATCHERS = new WeakMap<readonly string[], (rel: string) => boolean>();

const relative = (configDir: string, abs: string): string => path.relative(configDir, abs).split(path.sep).join('/');

/** whether the config's globs take the file at `abs` (a folder named on the command line is walked for .yaml and .yml: a `.YAML` the globs name is still a template) */
export function globsTake(config: { dir: string; templates: readonly string[] }, abs: string): boolean {
  const rel = relative(config.dir, abs);
  return rel !== '' && !rel.startsWith('../') && !path.isAbsolute(rel) && matcher(config.templates)(rel);
}

/**
 * The extension of a new file `stem` (`welcome.en_US`) in `dir`: the first of `.yaml`, `.yml`,
 * `.YAML`, `.YML` the globs take there (a config whose globs name `*.YAML` alone finds the file it
 * writes); `.yaml` when they take none (the caller says the file is not among them).
 */
export function templateExtension(config: { dir: string; templates: readonly string[] }, dir: string, stem: string): TemplateExtension {
  const isMatch = matcher(config.templates);
  const takes = (ext: TemplateExtension): boolean => isMatch(relative(config.dir, path.join(dir, stem + ext)));
  return NEW_FILE_EXTENSIONS.find(takes) ?? '.yaml';
}

/**
 * For a file the globs leave out: the other extension, when the globs would take the file under it and not as it is
 * (the extension is the mismatch, not the folder); undefined when they take it as it is: its extension is not what
 * keeps it out, and advice to rename a .yaml file to .yml (both template extensions) would be false.
 */
export function otherExtensionTaken(config: { dir: string; templates: readonly string[] }, abs: string): TemplateExtension | undefined {
  const ext = path.extname(abs);
  if (ext !== '.yaml' && ext !== '.yml') return undefined;
  const other = ext === '.yaml' ? '.yml' : '.yaml';
  const isMatch = matcher(config.templates);
  return !isMatch(relative(config.dir, abs)) && isMatch(relative(config.dir, abs.slice(0, -ext.length) + other)) ? other : undefined;
}

/** For a file the globs leave out: the `!` glob that leaves it out where another glob takes it (`!templates/drafts/**`), else undefined. */
export function negatedBy(config: { dir: string; templates: readonly string[] }, abs: string): string | undefined {
  const rel = relative(config.dir, abs);
  if (!picomatch(config.templates.filter((g) => !g.startsWith('!')), { dot: false })(rel)) return undefined;
  return config.templates.find((g) => g.startsWith('!') && picomatch(g.slice(1), { dot: true })(rel));
}
