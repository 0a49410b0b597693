// Effects: the API keys' variables, read once and then taken out of the environment. A policy
// plugin (config `policies: - plugin: FILE.mjs`) and a JavaScript config are code of the
// repository that tplsync runs in its own process: once tplsync has read an environment's key, the
// variable is gone from the environment (process.env for the command line), so that such code,
// and any process tplsync starts (git), does not find it there. The key stays in this run's memory.
import { io, runState } from './io.js';

const TAKEN = Symbol('secret variables taken');
interface Taken { on: boolean; values: Map<string, string | undefined> }
const taken = (): Taken => runState(TAKEN, () => ({ on: false, values: new Map() }));

/**
 * From now on in this run, a key's variable read with `secretFromEnv` is removed from the
 * environment. Called by the command line's `main`; a program using tplsync as a library keeps
 * its environment as it is.
 */
export function takeSecretsOutOfEnv(): void {
  taken().on = true;
}

/** The value of the variable `name` holding a key: read from the environment once (and, when taking, removed from it), the same value after. */
export function secretFromEnv(name: string): string | undefined {
  const t = taken();
  if (t.values.has(name)) return t.values.get(name);
  const env = io().env;
  const value = env[name];
  if (!t.on) return value;
  t.values.set(name, value);
  if (value !== undefined) delete env[name];
  return value;
}

/** Whether `name` is a variable this run took out of the environment as an API key (`secretFromEnv`): unset now because it held a key. */
export function takenAsKey(name: string): boolean {
  const t = taken();
  return t.on && t.values.get(name) !== undefined;
}
