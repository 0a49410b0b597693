// The contributor's pages name what exists: every path CONTRIBUTING.md and docs/architecture.md
// name (`src/lint/rules/`, `test/fixtures/rules/<id>/fail/template.yaml`, `walk.ts` in the row of
// `src/files/`) is a file or folder of the repository, every `npm run X` a script of package.json,
// and the folder table of docs/architecture.md lists exactly the folders of src/. A file moved or
// renamed without its mention fails here rather than sending a new contributor to look for it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers.ts';

const PAGES = ['CONTRIBUTING.md', 'docs/architecture.md'];
/** what the build, npm and the tests make: named by the pages, absent from a fresh checkout */
const MADE = /^(dist|node_modules|test-output)\//;
/** the first folders of a path named from the repository's top */
const TOPS = 'src|test|scripts|docs|schema|bench|bin|templates|\\.github|\\.ci';
const EXT = /\.(ts|mjs|cjs|js|json|ya?ml|md)$/;

/** the repository's files and folders (a folder with a trailing slash), relative to its top */
export function entriesOf(root: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const d of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const p = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) {
        if (d.name === '.git' || MADE.test(`${p}/`)) continue;
        out.push(`${p}/`);
        walk(p);
      } else out.push(p);
    }
  };
  walk('');
  return out;
}

/** a named path as a pattern: `<id>` one segment, `*` part of one, `{a,b}` either */
function pattern(p: string): RegExp {
  const body = p.replace(/<[^>]+>|\{[^}]+\}|\*|[^<{*]+/g, (m) => m.startsWith('<') ? '[^/]+'
    : m.startsWith('{') ? `(?:${m.slice(1, -1).split(',').map((a) => a.replace(/[.+?^$()|[\]\\]/g, '\\$&')).join('|')})`
    : m === '*' ? '[^/]*' : m.replace(/[.+?^$()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${body}${p.endsWith('/') ? '' : '/?'}$`);
}

/** the units of a page that share a context: paragraphs (a list item with what is indented under it), table rows, fenced blocks other than code */
export function units(page: string): string[] {
  const out: string[] = [];
  const text = page.replace(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm, (_m, _i, lang: string, body: string) => {
    if (!/^(ts|typescript|tsx|js|sh|json|ya?ml)$/.test(lang)) {
      // a diagram: its words with an extension are paths too
      out.push([...body.matchAll(/[\w.-]+(?:\/[\w.-]+)*\.(?:ts|mjs|cjs|json|ya?ml|md)\b|\b(?:src|test)\/[\w/-]+/g)].map((m) => `\`${m[0]}\``).join(' '));
    }
    return '\n';
  });
  // a paragraph indented under a list item is part of it (the text after an example of a step)
  const paras: string[] = [];
  for (const para of text.split(/\n\s*\n/)) {
    if (/^ +\S/.test(para) && paras.length) paras[paras.length - 1] += `\n${para}`;
    else paras.push(para);
  }
  for (const para of paras) {
    const rows = para.split('\n').filter((l) => l.startsWith('|'));
    if (rows.length) out.push(...rows, para.split('\n').filter((l) => !l.startsWith('|')).join('\n'));
    else out.push(para);
  }
  return out;
}

/** the paths a unit names: backticked text that looks like one, and paths from the top in its prose */
export function namedIn(unit: string): string[] {
  const out = new Set<string>();
  for (const m of unit.matchAll(/`([^`\n]+)`/g)) {
    const t = m[1]!;
    if (!/^[\w./<>{},*-]+$/.test(t) || t.startsWith('/') || /^\.\w+$/.test(t) || t.includes('//')) continue;
    if (t.includes('/') || EXT.test(t)) out.add(t);
  }
  for (const m of unit.matchAll(new RegExp(`(?<![\\w\`/.<-])((?:${TOPS})\\/[\\w./<>{},*-]*[\\w>*}/])`, 'g'))) out.add(m[1]!.replace(/\.$/, ''));
  return [...out];
}

/** each path named on `page` that is none of `entries` (relative to the top, to `src/`, or to a folder the same unit names, or one above it) */
export function missingPaths(page: string, entries: readonly string[]): string[] {
  const missing: string[] = [];
  const has = (p: string): boolean => MADE.test(p) || entries.some((e) => pattern(p).test(e));
  for (const unit of units(page)) {
    const named = namedIn(unit);
    const bases = new Set(['', 'src/']);
    // the folders of the unit's paths with a folder in them, from the top or from src/ (`files/load.ts`), and the folders above them
    for (const p of named) {
      const full = ['', 'src/'].map((b) => b + p).find((f) => f.includes('/') && has(f));
      if (!full || !p.includes('/')) continue;
      let dir = full.endsWith('/') || entries.includes(`${full}/`) ? full.replace(/\/?$/, '/') : full.slice(0, full.lastIndexOf('/') + 1);
      while (dir) {
        bases.add(dir);
        dir = dir.slice(0, dir.slice(0, -1).lastIndexOf('/') + 1);
      }
    }
    // a path from the top (`scripts/test.mjs`) from the top only; through a folder the build makes, only a name a build makes (`main.cjs` beside `dist/bundle/`)
    const fromTop = new RegExp(`^(?:${TOPS}|dist|node_modules|test-output)/`);
    const through = (b: string, p: string): boolean => (b === '' || !fromTop.test(p)) && (!MADE.test(b) || /^[\w.-]+\.(c?js|mjs|json)$/.test(p));
    for (const p of named) if (![...bases].some((b) => through(b, p) && has(b + p))) missing.push(p);
  }
  return [...new Set(missing)];
}

const ENTRIES = entriesOf(ROOT);

test('the checker finds a path that is not there, and takes one named from its folder', () => {
  const entries = ['src/', 'src/lint/', 'src/lint/rules/', 'src/lint/rules/file.ts', 'test/', 'test/fixtures/', 'test/fixtures/rules/', 'test/fixtures/rules/a-rule/', 'test/fixtures/rules/a-rule/fail/', 'test/fixtures/rules/a-rule/fail/template.yaml'];
  const page = 'The rules are in `src/lint/rules/`: `file.ts`, `gone.ts`.\n\nA fixture: `test/fixtures/rules/<id>/{fail,pass}/`, `test/fixtures/rules/<id>/fail/template.yaml`.\n\nAlone: `file.ts`; built: `dist/bundle/main.cjs`, `main.cjs`, `scripts/gone.mjs`; see src/lint/old.ts.\n';
  assert.equal(missingPaths(page, entries), ['gone.ts', 'file.ts', 'scripts/gone.mjs', 'src/lint/old.ts']);
});

for (const page of PAGES) {
  test(`${page}: every path it names exists`, () => {
    assert.equal(missingPaths(readFileSync(path.join(ROOT, page), 'utf8'), ENTRIES), [], `${page} names these, and the repository has none of them: correct the page`);
  });

  test(`${page}: every npm script it names is in package.json`, () => {
    const scripts = Object.keys((JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    const named = [...text.matchAll(/\bnpm (?:run ([\w:-]+)|(start|test)\b)|`(bench:[\w-]+)`/g)].map((m) => m[1] ?? m[2] ?? m[3]!);
    assert.equal([...new Set(named)].filter((s) => !scripts.includes(s)), []);
  });
}

test('docs/architecture.md\'s folder table lists exactly the folders of src/', () => {
  const doc = readFileSync(path.join(ROOT, 'docs', 'architecture.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| `src\/([\w-]+)\/` \|/gm)].map((m) => m[1]!).sort();
  const folders = readdirSync(path.join(ROOT, 'src'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
  assert.equal(rows, folders);
});

test.run();
