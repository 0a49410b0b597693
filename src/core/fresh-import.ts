// Effects (reads and imports a file): a JavaScript module imported as it is now on disk. Node's
// loader keeps a module by its URL (and a CommonJS one by its file name) for the life of the
// process, so a long-running process (`tplsync lsp`) that imported a config or a policy plugin got
// the first version back after the file changed, and kept the old settings until it was
// restarted. The URL carries the hash of the file's content (`?v=<hash>`), and a CommonJS module's
// entry in require's cache is dropped first: the same content is the same module (imported once),
// a changed one is imported again. (A module the file itself imports is Node's as before.)
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

/** Pure: the URL of a file's version (its content's hash as the query). */
export function versionedUrl(abs: string, content: string | Buffer): string {
  return `${pathToFileURL(abs).href}?v=${createHash('sha256').update(content).digest('hex').slice(0, 16)}`;
}

/** The module at `abs` as its content is now (`content`: the text already read, else read here). */
export async function importFresh(abs: string, content?: string | Buffer): Promise<Record<string, unknown>> {
  const url = versionedUrl(abs, content ?? readFileSync(abs));
  // a CommonJS file (.cjs, or .js in a CommonJS package) imported is loaded through require's cache, by file name
  const cache = createRequire(abs).cache;
  delete cache[abs];
  return await import(url) as Record<string, unknown>;
}
