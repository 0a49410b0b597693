import { readFileSync } from 'node:fs';

/**
 * The address of a page of the project's repository as of this version's release tag (not `main`, whose rule ids,
 * options and advice may be newer than the version installed): help texts and rule links point there
 */
export function docsAt(file: string): string {
  return `https://github.com/tplsync/tplsync/blob/v${toolVersion()}/${file}`;
}

let cached: string | undefined;
export function toolVersion(): string {
  cached ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cached;
}
