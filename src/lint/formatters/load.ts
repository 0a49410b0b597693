// The report formats by name, each loaded only when chosen (the SARIF and markdown formats load
// the rules' metadata, which a run answered from the cache does not otherwise need).
import type { Formatter } from './formatter.js';

export const FORMAT_NAMES = ['stylish', 'json', 'sarif', 'github', 'markdown'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export const isFormatName = (name: string): name is FormatName => (FORMAT_NAMES as readonly string[]).includes(name);

export async function loadFormatter(name: FormatName): Promise<Formatter> {
  switch (name) {
    case 'stylish': return (await import('./stylish.js')).stylish;
    case 'json': return (await import('./json.js')).json;
    case 'sarif': return (await import('./sarif.js')).sarif;
    case 'github': return (await import('./github.js')).github;
    case 'markdown': return (await import('./markdown.js')).markdown;
  }
}
