// Discovery's own walk of the common glob shapes (src/files/walk.ts) is only an optimisation: on
// any tree, for any glob it accepts, it finds exactly the files tinyglobby finds with the options
// discovery uses; for anything else it declines, and discovery asks tinyglobby.
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import './seed.ts';
import { glob } from 'tinyglobby';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { simpleGlob, walkSimpleGlobs } from '../src/files/walk.ts';
import { discoverFiles } from '../src/files/discover.ts';
import type { Config } from '../src/config/load.ts';
import { cleanup, tempDir } from './helpers.ts';

const IGNORE = ['**/node_modules/**', '**/.git/**'];
const library = async (globs: readonly string[], cwd: string): Promise<string[]> =>
  (await glob([...globs], { cwd, absolute: true, ignore: IGNORE, onlyFiles: true })).map((f) => path.resolve(f)).sort();
const ours = (globs: readonly string[], cwd: string): string[] | undefined => {
  const r = walkSimpleGlobs(globs, cwd);
  return r && [...new Set(r)].sort();
};

// names that matter to a matcher: dots (leading, doubled, alone), other and upper-case extensions,
// node_modules and .git, spaces and brackets, and names that merely end like an extension
const NAME = fc.constantFrom(
  'a', 'b', 'templates', 'rcs', 'wa', 'node_modules', '.git', '.hidden', 'x.y', 'with space', '[brackets]', '{b}',
  'a.yaml', 'b.yml', 'c.YAML', 'd.Yml', '.dot.yaml', 'yaml', '.yaml', 'e.yaml.bak', 'f.json', 'g.yaml~', 'h..yaml', 'k.ymll', 'l.txt',
);
type Tree = { [name: string]: Tree | 'file' };
const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
  tree: fc.dictionary(NAME, fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constant<'file'>('file'), tie('tree')), { maxKeys: 6 }),
})).tree;
const GLOBS = fc.constantFrom(
  ['templates/**/*.yaml'], ['templates/**/*.{yaml,yml}'], ['**/*.yaml'], ['**/*.{yaml,yml}'], ['a/**/*.yml'],
  ['templates/**/*.yaml', 'rcs/**/*.yml'], ['templates/wa/**/*.yaml'], ['x.y/**/*.yaml'], ['templates/**/*.YAML'], ['missing/**/*.yaml'],
);

function build(dir: string, t: Tree): void {
  for (const [name, v] of Object.entries(t)) {
    const p = path.join(dir, name);
    if (v === 'file') writeFileSync(p, 'name: x\n');
    else { mkdirSync(p, { recursive: true }); build(p, v); }
  }
}

test('the walk finds exactly what tinyglobby finds, on generated trees', async () => {
  await fc.assert(fc.asyncProperty(fc.record({ templates: tree, rest: tree }), GLOBS, async (t, globs) => {
    const dir = tempDir('tplsync-walk-');
    try {
      build(dir, { ...t.rest, templates: t.templates });
      const mine = ours(globs, dir);
      assert.ok(mine, `the walk declined ${globs.join(', ')}`);
      assert.equal(mine, await library(globs, dir));
    } finally { cleanup(dir); }
  }), { numRuns: 60 });
});

test('the walk declines what it does not answer for, and discovery then asks tinyglobby', async () => {
  for (const g of ['templates/*.yaml', 'templates/**/x-*.yaml', '!templates/**/*.yaml', './templates/**/*.yaml', '../up/**/*.yaml', 'templates/**/*.y?ml', '.hidden/**/*.yaml', 'a/../b/**/*.yaml', 'templates/**', 'templates/node_modules/**/*.yaml', 'node_modules/x/**/*.yaml', 'templates/**/*.{yaml}']) {
    assert.is(simpleGlob(g), undefined, g);
  }
  assert.equal(simpleGlob('templates/wa/**/*.{yaml,yml}'), { base: 'templates/wa', exts: ['yaml', 'yml'] });
  assert.equal(simpleGlob('**/*.yaml'), { base: '', exts: ['yaml'] });
  const dir = tempDir('tplsync-walk-');
  try {
    build(dir, { templates: { 'a.yaml': 'file', sub: { 'b.yaml': 'file' } }, elsewhere: { 'c.yaml': 'file' } });
    symlinkSync(path.join(dir, 'elsewhere'), path.join(dir, 'templates', 'linked'));
    // a symbolic link: followed as the library follows it (the walk no longer hands the tree over)
    assert.equal(ours(['templates/**/*.yaml'], dir), await library(['templates/**/*.yaml'], dir));
    const config = { dir, templates: ['templates/**/*.yaml'], typesOut: 'x.ts', environments: {}, rules: {} } satisfies Config;
    const found = (await discoverFiles(config, [], dir)).map((f) => f.file);
    assert.equal(found, (await library(['templates/**/*.yaml'], dir)).map((f) => path.relative(dir, f)));
    assert.ok(found.includes(path.join('templates', 'linked', 'c.yaml')), 'the linked directory is followed, as before');
    // another shape goes to the library too
    const star = (await discoverFiles({ ...config, templates: ['templates/*.yaml'] }, [], dir)).map((f) => f.file);
    assert.equal(star, [path.join('templates', 'a.yaml')]);
  } finally { cleanup(dir); }
});


test('a folder the walk cannot read is reported (unreadable), not taken for an empty one; a missing one is nothing', () => {
  const dir = tempDir('tplsync-walk-');
  try {
    build(dir, { templates: { 'a.yaml': 'file', locked: { 'b.yaml': 'file' }, open: { 'c.yaml': 'file' } } });
    const locked = path.join(dir, 'templates', 'locked');
    // root reads every folder: the failure a user without permission gets is given by the reader
    const read = (d: string) => {
      if (d === locked) throw Object.assign(new Error(`EACCES: permission denied, scandir '${d}'`), { code: 'EACCES' });
      return readdirSync(d, { withFileTypes: true });
    };
    const unreadable: string[] = [];
    const files = walkSimpleGlobs(['templates/**/*.yaml', 'missing/**/*.yaml'], dir, unreadable, read)!.map((f) => path.relative(dir, f)).sort();
    assert.equal(files, [path.join('templates', 'a.yaml'), path.join('templates', 'open', 'c.yaml')]);
    assert.equal(unreadable, [locked], 'the missing folder is nothing; the locked one is said');
  } finally { cleanup(dir); }
});

test.run();
