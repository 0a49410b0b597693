// A JavaScript or TypeScript config and a policy plugin are read as they are now, however often a
// process loads them. Seen in an editor trial: the language server reloaded the project after
// `tplsync.config.mjs` (or .cjs, .ts) changed but got the first version from Node's module cache,
// and kept the old severities (and a plugin's old messages) until it was restarted.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { loadPolicies } from '../src/lint/policies.ts';
import { cleanup, tempDir, writeFiles } from './helpers.ts';

const BODY = (footer: string): string => `{ templates: ["templates/**/*.yaml"], rules: { footer: "${footer}" } }`;
const KINDS: [string, (footer: string) => string][] = [
  ['tplsync.config.mjs', (f) => `export default ${BODY(f)};\n`],
  ['tplsync.config.cjs', (f) => `module.exports = ${BODY(f)};\n`],
  ['tplsync.config.ts', (f) => `const config: { templates: string[]; rules: Record<string, string> } = ${BODY(f)};\nexport default config;\n`],
];

for (const [name, text] of KINDS) {
  test(`${name} loaded again after it changed gives the new settings (and the same content the same)`, async () => {
    const dir = tempDir();
    try {
      writeFiles(dir, { [name]: text('warning') });
      assert.is((await loadConfig({ cwd: dir })).rules.footer, 'warning');
      writeFileSync(path.join(dir, name), text('off'));
      assert.is((await loadConfig({ cwd: dir })).rules.footer, 'off');
      writeFileSync(path.join(dir, name), text('error'));
      assert.is((await loadConfig({ cwd: dir })).rules.footer, 'error');
      writeFileSync(path.join(dir, name), text('warning'));
      assert.is((await loadConfig({ cwd: dir })).rules.footer, 'warning');
    } finally { cleanup(dir); }
  });
}

test('a policy plugin loaded again after it changed gives its new rules', async () => {
  const dir = tempDir();
  try {
    const plugin = (v: string): string => `export const rules = [{ id: 'brand/no-shouting', summary: '${v}', check() {} }];\n`;
    writeFiles(dir, { 'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\npolicies:\n  - plugin: ./policies/brand.mjs\n', 'policies/brand.mjs': plugin('V1') });
    const config = await loadConfig({ cwd: dir });
    assert.is((await loadPolicies(config)).rules[0]!.summary, 'V1');
    writeFileSync(path.join(dir, 'policies/brand.mjs'), plugin('V2'));
    assert.is((await loadPolicies(config)).rules[0]!.summary, 'V2');
  } finally { cleanup(dir); }
});

test.run();
