// The project of the translation benches (bench/translations.ts, bench/translations-project.ts):
// N en_US templates of bench/generate.ts, each with its 9 translations (every text's letters
// shifted: placeholders and lengths kept), 500 to a folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { partsOf } from '../src/translations/units.ts';
import { BENCH_CONFIG, templateText } from './generate.ts';

export const TARGETS = ['de', 'fr', 'es', 'it', 'pt_BR', 'nl', 'pl', 'sv', 'ja'];

/** a stand-in translation that keeps the placeholders and the length: letters shifted k places */
export const shift = (s: string, k: number): string => partsOf(s).map((p) => ('ph' in p ? p.ph : p.text.replace(/[a-z]/g, (c) => String.fromCharCode(97 + ((c.charCodeAt(0) - 97 + k) % 26))))).join('');

/** writes the config and the templates into `dir`; `sourceOnly`: the en_US templates alone */
export function writeTranslationsProject(dir: string, n: number, o: { sourceOnly?: boolean } = {}): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'tplsync.config.yaml'), BENCH_CONFIG);
  for (let i = 0; i < n; i++) {
    const sub = path.join(dir, 'templates', String(Math.floor(i / 500)));
    if (i % 500 === 0) mkdirSync(sub, { recursive: true });
    const en = templateText(i).replace(/^language: \S+$/m, 'language: en_US');
    writeFileSync(path.join(sub, `template_${i}.en_US.yaml`), en);
    if (o.sourceOnly) continue;
    for (const [k, l] of TARGETS.entries()) {
      writeFileSync(path.join(sub, `template_${i}.${l}.yaml`), en.replace(/^language: \S+$/m, `language: ${l}`).replace(/^(\s*text: "?)(.*?)("?)$/gm, (_m, a: string, t: string, b: string) => `${a}${shift(t, k + 1)}${b}`));
    }
  }
}
