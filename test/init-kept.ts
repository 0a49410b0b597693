// The projects with a config of their own that init keeps (package.json#tplsync, .tplsyncrc.json, a
// team's tplsync.config.yaml), with templates in msgs/: shared by init-kept-config (the types module
// init writes for them) and init-path-filters (the workflows' filters).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import picomatch from 'picomatch';
import { parse } from 'yaml';
import { tempDir, writeFiles } from './helpers.ts';

export const CHANNEL = '3b66178b-585b-549b-8664-15b9ad34b735';
export const config = (templates: string, extra = ''): Record<string, unknown> => ({ templates: [templates], defaultEnvironment: 'local', environments: { local: { emulator: '.tplsync/emulator.json', channels: { wa: CHANNEL } } }, channels: { wa: { kind: 'whatsapp' } }, ...(extra ? { typesOut: extra } : {}) });
export const yamlConfig = (templates: string): string => `templates: ["${templates}"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL} }\nchannels:\n  wa: { kind: whatsapp }\n`;
export const TEMPLATE = 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples: { 1: Ana }\n';

export function repo(files: Record<string, string>, branch = 'main'): string {
  const dir = tempDir('tplsync-init-kept-');
  execFileSync('git', ['init', '-q', '-b', branch], { cwd: dir });
  writeFiles(dir, files);
  return dir;
}

export type Workflow = { on: { pull_request?: { paths: string[] }; push?: { branches: string[]; paths: string[] } } };
export const workflow = (dir: string, name: string): Workflow => parse(readFileSync(path.join(dir, '.github/workflows', name), 'utf8')) as Workflow;
/** whether a change to `file` (from the repository's root) runs a workflow of these path filters (GitHub's globs) */
export const runs = (filters: readonly string[], file: string): boolean => filters.some((f) => picomatch(f, { dot: true })(file));

export const KEPT: [string, Record<string, string>, string][] = [
  ['package.json#tplsync', { 'package.json': JSON.stringify({ name: 'shop', private: true, tplsync: config('msgs/**/*.{yaml,yml}') }, null, 2) }, 'package.json'],
  ['.tplsyncrc.json', { '.tplsyncrc.json': JSON.stringify(config('msgs/**/*.{yaml,yml}')) }, '.tplsyncrc.json'],
  ['a tplsync.config.yaml of the team\'s', { 'tplsync.config.yaml': yamlConfig('msgs/**/*.{yaml,yml}') }, 'tplsync.config.*'],
];

