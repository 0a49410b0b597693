// A living rule pack: every platform rule carries the address of the page it comes from and the
// date it was last checked against that page, and docs/rules.md shows both.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { RULES } from '../src/lint/registry.ts';
import { isOwnSource, SOURCES } from '../src/lint/sources.ts';
import { ROOT } from './helpers.ts';

/** the groups whose rules check what a platform accepts */
const PLATFORM_GROUPS = new Set(['whatsapp', 'rcs', 'schema']);
const platformRules = RULES.filter((r) => (r.source !== undefined && !isOwnSource(r.source)) || (PLATFORM_GROUPS.has(r.group) && r.id !== 'schema'));

test('every WhatsApp and RCS rule names a source: a platform page, or tplsync itself', () => {
  const none = RULES.filter((r) => (r.group === 'whatsapp' || r.group === 'rcs') && !r.source).map((r) => r.id);
  assert.equal(none, []);
});

test('every platform rule carries its source URL and the date it was last checked', () => {
  const missing = platformRules.filter((r) => !isOwnSource(r.source ?? '') && (!r.sourceUrl || !r.checked)).map((r) => `${r.id} (${r.source ?? 'no source'})`);
  assert.equal(missing, [], 'add the page to src/lint/sources.ts');
  for (const r of platformRules.filter((x) => x.sourceUrl)) {
    assert.match(r.sourceUrl!, /^https:\/\/[^\s/]+\/\S*$/, r.id);
    assert.match(r.checked!, /^\d{4}-\d{2}-\d{2}$/, r.id);
    assert.not.ok(Number.isNaN(Date.parse(`${r.checked}T00:00:00Z`)), `${r.id}: ${r.checked} is a date`);
  }
});

test('the table of sources has no page no rule names (a renamed source is caught)', () => {
  const named = new Set(RULES.map((r) => r.source));
  assert.equal(Object.keys(SOURCES).filter((s) => !named.has(s)), []);
});

test('docs/rules.md links each platform rule to its page with the date', () => {
  const doc = readFileSync(path.join(ROOT, 'docs', 'rules.md'), 'utf8');
  for (const r of platformRules.filter((x) => x.sourceUrl)) {
    const section = doc.slice(doc.indexOf(`### ${r.id}\n`), doc.indexOf('\n### ', doc.indexOf(`### ${r.id}\n`) + 4));
    assert.ok(section.includes(`**Source:** [${r.source}](${r.sourceUrl}) (checked ${r.checked})`), r.id);
  }
});

test.run();
