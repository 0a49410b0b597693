// Long fuzz of the fast read against the full parse (the property test in test/fast-path.test.ts
// runs a few thousand cases; this runs as many as you like):
//   npm run fuzz:fast-path -- 150000 SEED
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { lintBytes, lintParsed } from '../src/lint/engine.ts';
import { parseTemplateBytes } from '../src/files/parse.ts';
import { templateText } from '../bench/generate.ts';
const now = new Date('2026-01-01T00:00:00Z');
const samples = readdirSync(path.join(import.meta.dirname, '..', 'templates'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml')).map((f) => readFileSync(path.join(import.meta.dirname, '..', 'templates', f)));
const bases = [...samples, ...Array.from({ length: 10 }, (_, i) => Buffer.from(templateText(i)))];
const alphabet = ' :-#"\'\n{}[]&*|>!%@\tabz019_.,?\\`=~^$';
const arb = fc.tuple(fc.constantFrom(...bases), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...alphabet.split('').map((c) => c.charCodeAt(0))), fc.constantFrom('set', 'insert', 'delete')), { minLength: 1, maxLength: 12 }));
let bad = 0; const N = Number(process.argv[2] ?? 100000);
for (const [buf, edits] of fc.sample(arb, { numRuns: N, seed: Number(process.argv[3] ?? 1) })) {
  const b = [...buf];
  for (const [pos, byte, op] of edits) { const i = pos % (b.length + 1); if (op === 'set' && i < b.length) b[i] = byte; else if (op === 'insert') b.splice(i, 0, byte); else b.splice(i, 1); }
  const bytes = Uint8Array.from(b);
  const f = lintBytes('t.yaml', bytes, { now, keepValue: true }); const s = lintParsed(parseTemplateBytes('t.yaml', bytes), { now, keepValue: true });
  // the values are compared as JSON: js-yaml reads `-0` as 0 where yaml reads -0, which nothing downstream can tell apart
  if (!isDeepStrictEqual({ ...f, value: undefined }, { ...s, value: undefined }) || JSON.stringify(f.value) !== JSON.stringify(s.value)) {
    const text = Buffer.from(bytes).toString(); const orig = buf.toString().split('\n');
    console.log('DIFF lines:', JSON.stringify(text.split('\n').filter((l, i) => l !== orig[i]).slice(0, 3)));
    const fd = f.diagnostics.map((d) => JSON.stringify(d)), sd = s.diagnostics.map((d) => JSON.stringify(d));
    console.log(' only fast:', fd.filter((x) => !sd.includes(x)).slice(0, 2).join(' | '));
    console.log(' only slow:', sd.filter((x) => !fd.includes(x)).slice(0, 2).join(' | '));
    console.log(' TEXT', JSON.stringify(text));
    if (JSON.stringify(f.facts) !== JSON.stringify(s.facts)) console.log(' facts', JSON.stringify(f.facts), JSON.stringify(s.facts));
    if (++bad > 8) break;
  }
}
console.log('done', N, 'bad', bad);
