// language-coverage stops plan for the whole project (a lint error does), and the docs say so and
// how to lower it: with `rules: { language-coverage: warning }` the missing language is reported
// and plan goes on. The rule's page (docs/rules.md) and the translations walkthrough say both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const EN = `channel: shop-whatsapp
name: review_request
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, how was your order?"
  examples: { customer: Maria }
`;
const COVERAGE = 'channels:\n  shop-whatsapp: { kind: whatsapp, languages: [en_US, de] }\n  shop-rcs: { kind: rcs }\n';

test('an untranslated template stops plan while coverage is an error; as a warning it is reported and plan goes on', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG + COVERAGE, 'templates/review_request.en_US.yaml': EN });
    const stopped = await cliIn(['plan'], { cwd: dir });
    assert.is(stopped.exitCode, 1, stopped.stdout + stopped.stderr);
    assert.match(stopped.stderr, /fix the lint errors first; nothing was planned/);
    writeFiles(dir, { 'tplsync.config.yaml': `${CONFIG + COVERAGE}rules:\n  language-coverage: warning\n` });
    const planned = await cliIn(['plan'], { cwd: dir });
    assert.is(planned.exitCode, 0, planned.stdout + planned.stderr);
    assert.match(planned.stdout, /review_request/);
    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout);
    assert.match(lint.stdout, /warning {2}shop-whatsapp\/review_request has no de variant/);
  } finally { cleanup(dir); }
});

test('the docs say it: rules.md\'s language-coverage entry and the translations page', () => {
  const rules = readFileSync(path.join(ROOT, 'docs/rules.md'), 'utf8');
  const entry = rules.slice(rules.indexOf('## language-coverage'), rules.indexOf('\n## ', rules.indexOf('## language-coverage') + 5));
  assert.match(entry, /stops `plan` and `apply` for the whole project/);
  assert.match(entry, /rules: \{ language-coverage: warning \}/);
  const page = readFileSync(path.join(ROOT, 'docs/commands/translations.md'), 'utf8');
  assert.match(page, /a lint error stops `plan` and `apply` for the whole project/);
  assert.match(page, /language-coverage: warning {5}# missing languages reported; plan and apply go on/);
});

test.run();
