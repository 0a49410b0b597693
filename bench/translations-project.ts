// bench/translations-project: the project of bench/translations.ts left on disk, to profile the
// command line on it: 2,000 templates x 10 languages and the 9 XLIFF files of an import that
// changes every text (in/LANG.xlf), or with --first the en_US templates alone (a first import
// creates the 18,000 others).
//   node --import tsx bench/translations-project.ts DIR [--templates 2000] [--first]
//   cd DIR && node --cpu-prof ../bin/tplsync.cjs translations import in/*.xlf
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/config/load.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { writeTranslations } from '../src/translations/formats.ts';
import { extractUnits, type TemplateFile } from '../src/translations/units.ts';
import { TARGETS, shift, writeTranslationsProject } from './translations-fixture.ts';

const dir = path.resolve(process.argv[2] ?? 'tplsync-translations-project');
const arg = (name: string, d: string): string => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1]! : d; };
const N = Number(arg('templates', '2000'));
const first = process.argv.includes('--first');
writeTranslationsProject(dir, N, { sourceOnly: first });
const config = await loadConfig({ cwd: dir });
const files: TemplateFile[] = (await discoverFiles(config, [], dir)).map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
mkdirSync(path.join(dir, 'in'), { recursive: true });
for (const [k, l] of TARGETS.entries()) {
  const units = extractUnits(files, 'en_US', l).map((u) => ({ ...u, target: shift(u.source, k + 2) }));
  writeFileSync(path.join(dir, 'in', `${l}.xlf`), writeTranslations('xliff', units, 'en_US', l));
}
console.log(`${dir}: ${files.length} template files, in/*.xlf for ${TARGETS.join(' ')}`);
