// Effects: the fingerprint of tplsync's own code and schema, which keys the lint cache: any
// change to any module (a rule, a helper it calls, the parser, the schema) gives a new one, so a
// new or edited tplsync never reuses an old verdict. The build writes it next to this module
// (scripts/bundle.mjs calls codeFingerprint), so a run reads a few bytes instead of loading
// and hashing the rules; run from the sources (the tests), it is computed once per process.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

const here = path.dirname(fileURLToPath(import.meta.url));
/** the root of the code this module belongs to (dist/ or src/) and the schema directory beside it */
const codeRoot = path.resolve(here, '..');
const schemaRoot = path.resolve(codeRoot, '..', 'schema');
export const FINGERPRINT_FILE = path.join(here, 'fingerprint.json');

const CODE = /\.(?:[cm]?js|ts|json)$/;

/** the code files under `dir` (the records themselves, `fingerprint.json`, are not code) */
function files(dir: string): string[] {
  const out: string[] = [];
  let entries;
  try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return out; }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...files(p));
    else if (e.isFile() && CODE.test(e.name) && !e.name.endsWith('.d.ts') && e.name !== 'fingerprint.json') out.push(p);
  }
  return out;
}

/** sha256 over every code file under `root` and every schema file, by relative path and content */
export function codeFingerprint(root = codeRoot, schemas = schemaRoot): string {
  const h = createHash('sha256');
  for (const [base, list] of [[root, files(root)], [schemas, files(schemas)]] as const) {
    for (const f of [...list].sort()) h.update(`${path.relative(base, f)}\0`).update(readFileSync(f)).update('\0');
  }
  return h.digest('hex');
}

let fp: string | undefined;
/**
 * The fingerprint the build recorded, or the one computed now: running from the sources (the
 * tests), or, in a working copy, when a code file is newer than the record (compiled again
 * without the build's last step, e.g. `tsc --watch`), so that a stale record never lets old
 * verdicts through.
 */
export function rulesFingerprint(): string {
  if (fp) return fp;
  try {
    const v = (JSON.parse(readFileSync(FINGERPRINT_FILE, 'utf8')) as { fingerprint?: unknown }).fingerprint;
    // an installed package is never compiled again in place (and npm gives its files any mtime)
    const installed = here.split(path.sep).includes('node_modules');
    const recorded = statSync(FINGERPRINT_FILE).mtimeMs;
    // the bundle (dist/bundle) runs its own files, the validators and the schemas; the compiled modules, all of dist
    const running = path.basename(here) === 'bundle' ? [...files(here), ...files(path.join(codeRoot, 'schemas')), ...files(schemaRoot)] : [...files(codeRoot), ...files(schemaRoot)];
    if (typeof v === 'string' && /^[0-9a-f]{64}$/.test(v) && (installed || running.every((f) => statSync(f).mtimeMs <= recorded))) return (fp = v);
  } catch { /* not built: compute it */ }
  return (fp = codeFingerprint());
}
