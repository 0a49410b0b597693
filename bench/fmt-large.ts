// fmt on one large template file (up to the 1 MiB bound) grows linearly with the file: fmt's core
// (the bounded parse, the layout, the check that the result means the same) against the `yaml`
// package alone parsing and printing the same text, measured in the same run, for 256 KiB,
// 512 KiB and 1 MiB files of many short keys (the worst case: yaml's uniqueKeys check made fmt
// quadratic, 329 s for a 988 KB file). Prints the median of --runs and the ratio to the baseline.
// Usage: npm run bench:fmt-large [-- --runs 5]
import { parseDocument } from 'yaml';
import { parseTemplateBytes } from '../src/files/parse.ts';
import { formatDocument } from '../src/fmt/format.ts';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 5;
const head = 'channel: shop-whatsapp\nname: big\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup at the store."\n  examples:\n    1: Ana\nx_extra:\n';
function file(bytes: number): string {
  let t = head;
  for (let i = 0; t.length < bytes - 20; i++) t += `  k${i}: v${i % 97}\n`;
  return t;
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function time(f: () => void): number { const t0 = performance.now(); f(); return performance.now() - t0; }

console.log('size      keys    fmt core   yaml parse+print   ratio');
for (const kib of [256, 512, 1024]) {
  const text = file(kib * 1024 - 1);
  const bytes = Buffer.from(text);
  const fmt: number[] = [];
  const base: number[] = [];
  for (let r = 0; r < runs; r++) {
    base.push(time(() => { parseDocument(text, { uniqueKeys: false }).toString({ lineWidth: 0 }); }));
    fmt.push(time(() => {
      const p = parseTemplateBytes('big.yaml', bytes);
      const out = formatDocument(p.doc!, p.value);
      if (out.error) throw new Error(out.error);
    }));
  }
  const f = median(fmt);
  const b = median(base);
  console.log(`${String(kib).padStart(4)} KiB  ${String(text.split('\n').length - 10).padStart(6)}  ${f.toFixed(0).padStart(7)} ms  ${b.toFixed(0).padStart(12)} ms  ${(f / b).toFixed(2).padStart(9)}`);
}
