// The `yaml` package, loaded on first use (it is CommonJS, so a synchronous require serves): a
// lint whose files all take the text path (text-locate.ts) never loads it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let mod: typeof import('yaml') | undefined;

export function yaml(): typeof import('yaml') {
  mod ??= require('yaml') as typeof import('yaml');
  return mod;
}
