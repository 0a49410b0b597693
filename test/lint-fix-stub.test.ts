// lint --fix and the stub sample: the fix adds `TODO` for a placeholder without a sample so that
// the template has its shape, and rule sample-stub keeps it from going to review as it is; beside
// a misspelt `exmaples:` key the fix adds nothing (the samples are there, under the wrong key, and
// a second block would be a duplicate key once the spelling is corrected).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { fixText } from '../src/lint/fix.ts';

const now = new Date('2026-01-01T00:00:00Z');
const findings = (text: string): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now })], { severities: {} });
const HEAD = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\n';

test('no samples: the fix writes stubs, and each stub is then an error of its own (sample-stub), at its line', () => {
  const text = `${HEAD}body:\n  text: "Hi {{1}}, your order {{2}} is ready for pickup at the store."\n`;
  const r = fixText(text, { findings, now });
  assert.match(r.text, /examples:/);
  const left = findings(r.text);
  assert.equal(left.map((d) => d.ruleId), ['sample-stub', 'sample-stub']);
  assert.ok(left.every((d) => d.severity === 'error'));
  assert.match(left[0]!.message, 'The sample of {{1}} is still the stub TODO that lint --fix wrote');
});

test('a misspelt examples key: the fix adds no second block; the schema names the key to write', () => {
  for (const typo of ['exmaples', 'examles', 'example', 'Examples']) {
    const text = `${HEAD}body:\n  text: "Hi {{1}}, your order is ready for pickup at the store."\n  ${typo}: { 1: Ana }\n`;
    const r = fixText(text, { findings, now });
    assert.not.match(r.text, /TODO/, typo);
    const schema = findings(r.text).find((d) => d.ruleId === 'schema');
    assert.ok(schema, `${typo}: the schema reports the key`);
  }
  // an unrelated key beside a text without samples: the stub is added as before
  const other = `${HEAD}body:\n  text: "Hi {{1}}, your order is ready for pickup at the store."\n  note: hello\n`;
  assert.match(fixText(other, { findings, now }).text, /TODO/);
});

test.run();
