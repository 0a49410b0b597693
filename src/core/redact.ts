// The one gate where text leaves the process: every write to stdout and stderr (and the report
// files that carry server messages) passes `redact`, which replaces each registered secret (the
// API keys of the config's environments, GITHUB_TOKEN) with [redacted], whatever a server echoed.

/** Shorter values are not redacted: they would mask ordinary words (and are no real keys). */
export const MIN_SECRET_LENGTH = 8;

export const REDACTED = '[redacted]';

/** Environment variables whose values are secrets in every command. */
export const SECRET_ENV_VARS: readonly string[] = ['GITHUB_TOKEN', 'GH_TOKEN', 'TPLSYNC_API_KEY'];

const secrets = new Set<string>();
/** longest first, so a secret that contains another is replaced whole */
let ordered: string[] = [];

/** Registers a secret (and the forms it takes inside JSON and URLs). Too-short or absent values are ignored. */
export function addSecret(value: string | undefined): void {
  if (!value || value.length < MIN_SECRET_LENGTH) return;
  const forms = [value, JSON.stringify(value).slice(1, -1), encodeURIComponent(value)];
  let added = false;
  for (const f of forms) if (!secrets.has(f)) { secrets.add(f); added = true; }
  if (added) ordered = [...secrets].sort((a, b) => b.length - a.length);
}

/** Registers the values of the given environment variables. */
export function addSecretsFromEnv(names: readonly string[], env: NodeJS.ProcessEnv = process.env): void {
  for (const n of names) addSecret(env[n]);
}

/** Pure given the registry: the text with every registered secret replaced. */
export function redact(text: string): string {
  if (ordered.length === 0) return text;
  let out = text;
  for (const s of ordered) if (out.includes(s)) out = out.split(s).join(REDACTED);
  return out;
}

const installed = new WeakSet<NodeJS.WritableStream>();

/** Wraps `write` of the streams (stdout and stderr) so nothing written through them holds a secret. */
export function installRedaction(streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr]): void {
  addSecretsFromEnv(SECRET_ENV_VARS);
  for (const stream of streams) {
    if (installed.has(stream)) continue;
    installed.add(stream);
    const original = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]): boolean => {
      if (ordered.length === 0) return original(chunk, ...rest);
      if (typeof chunk === 'string') return original(redact(chunk), ...rest);
      if (chunk instanceof Uint8Array) {
        const text = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('utf8');
        const clean = redact(text);
        return original(clean === text ? chunk : Buffer.from(clean, 'utf8'), ...rest);
      }
      return original(chunk, ...rest);
    }) as typeof stream.write;
  }
}
