// The category pull writes when the read carries none (docs/api-assumptions.md, "Category of a
// pulled kind"): kindCategory's, else UTILITY. For every WhatsApp kind the format has (the files of
// test/preview-kinds.ts, each lint-clean in its own category), the pulled file with that default
// category must draw no finding the same file in its own category does not: a kind only one
// category takes must be pulled in it (a catalog or multi-product template was pulled as UTILITY,
// which catalog-category then refused).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { collectFindings } from '../src/lint/engine.ts';
import { RULES_BY_ID } from '../src/lint/registry.ts';
import { fromFile, kindCategory } from '../src/model/canonical.ts';
import { toFileValue } from '../src/model/to-file.ts';
import { textOf, WHATSAPP_KINDS } from './preview-kinds.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const errors = (t: Record<string, unknown>): string[] => collectFindings(t, { now: NOW })
  .filter((f) => RULES_BY_ID.get(f.ruleId)?.severity === 'error').map((f) => `${f.ruleId} at ${f.path.join('.')}`);

test('every WhatsApp kind is pulled in a category its rules accept (kindCategory, else UTILITY)', () => {
  const wrong: string[] = [];
  for (const k of WHATSAPP_KINDS) {
    const t = parse(textOf(k)) as Record<string, unknown>;
    const c = fromFile(t, 'ch', 'id').canonical;
    const own = toFileValue(c, { channel: 'shop-whatsapp', category: String(t.category) });
    const pulled = toFileValue(c, { channel: 'shop-whatsapp', category: kindCategory(c) ?? 'UTILITY' });
    const before = new Set(errors(own));
    const more = errors(pulled).filter((e) => !before.has(e));
    if (more.length) wrong.push(`${k.name} (${String(t.category)}) pulled as ${String(pulled.category)}: ${more.join(', ')}`);
  }
  assert.equal(wrong, []);
});

test('a catalog or multi-product template is MARKETING, as `pull --help` says for a catalog; a copy-code button fixes no category (Meta lists it for MARKETING and UTILITY)', () => {
  assert.is(kindCategory({ buttons: [{ type: 'CATALOG', text: 'View catalog' }] }), 'MARKETING');
  assert.is(kindCategory({ buttons: [{ type: 'MPM', text: 'View items' }], header: { format: 'TEXT' } }), 'MARKETING');
  // Meta's utility templates page: "Supported types: Call request, Copy code, Phone number, Quick-reply, URL" (trial-bd F2)
  assert.is(kindCategory({ buttons: [{ type: 'QUICK_REPLY', text: 'Stop' }, { type: 'COPY_CODE', example: 'X' }] }), undefined);
  assert.is(kindCategory({ buttons: [{ type: 'QUICK_REPLY', text: 'Yes' }] }), undefined, 'a kind any category takes has none of its own');
});

test.run();
