// The user docs stay in step with the code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { renderRulesDoc } from '../scripts/gen-rules-doc.ts';
import { EXIT } from '../src/core/exit-codes.ts';
import { ROOT } from './helpers.ts';

test('docs/rules.md is generated from the current rules (run `npm run docs:rules`)', () => {
  assert.ok(readFileSync(path.join(ROOT, 'docs', 'rules.md'), 'utf8') === renderRulesDoc(), 'docs/rules.md is stale: run npm run docs:rules');
});

test('the README documents every exit code and both set-up commands', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  for (const code of Object.values(EXIT)) assert.match(readme, new RegExp(`\\| ${code} \\|`), `exit code ${code}`);
  assert.match(readme, /npm ci && npm start/);
  assert.match(readme, /npm ci && npm test/);
});

test.run();
