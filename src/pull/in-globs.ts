// Pure: whether a file is one the project's commands read, i.e. under the config's folder and
// matched by its `templates` globs (as discovery matches them). A copy written outside them (pull
// --dir /tmp/x) is never linted, planned or applied.
import path from 'node:path';
import picomatch from 'picomatch';
import type { Config } from '../config/load.js';

export function inTemplateGlobs(config: Pick<Config, 'dir' | 'templates'>, abs: string): boolean {
  const rel = path.relative(config.dir, abs);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
  return picomatch([...config.templates], { dot: false })(rel.split(path.sep).join('/'));
}
