// Target files an import must not replace: a read-only file, a symbolic link, a file that is there
// but is not a template tplsync can read (broken YAML) where a new file would be made. Each is that
// template's refusal, at the translation file's line, with the path as the user wrote it; every
// other file is written and listed; exit 1. On both roads of the writer (libuv's threads, and the
// import's own write threads), and a dry run says the same of the broken file.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { importTranslations } from '../src/cli/translations.ts';
import { discoverFiles } from '../src/files/discover.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { writeTranslations } from '../src/translations/formats.ts';
import { extractUnits, type TemplateFile } from '../src/translations/units.ts';
import { shift, writeTranslationsProject } from '../bench/translations-fixture.ts';
import { cleanup, cliIn, ROOT, tempDir } from './helpers.ts';

const N = 6;
const file = (i: number, l: string) => `templates/0/template_${i}.${l}.yaml`;

/** the project, its de and fr translation files (every text changed), and the three files not to replace */
async function project(dir: string): Promise<{ outside: string; before: Record<string, string> }> {
  writeTranslationsProject(dir, N);
  const config = await loadConfig({ cwd: dir });
  const files: TemplateFile[] = (await discoverFiles(config, [], dir)).map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
  mkdirSync(path.join(dir, 'in'));
  for (const [k, l] of ['de', 'fr'].entries()) {
    writeFileSync(path.join(dir, 'in', `${l}.xlf`), writeTranslations('xliff', extractUnits(files, 'en_US', l).map((u) => ({ ...u, target: shift(u.source, 11 + k) })), 'en_US', l));
  }
  // template 1's de file read-only; template 2's de file a link to a file elsewhere; template 3's fr file broken YAML
  chmodSync(path.join(dir, file(1, 'de')), 0o444);
  const outside = path.join(dir, 'elsewhere.yaml');
  renameSync(path.join(dir, file(2, 'de')), outside);
  symlinkSync(outside, path.join(dir, file(2, 'de')));
  writeFileSync(path.join(dir, file(3, 'fr')), 'body: [broken\n');
  const before: Record<string, string> = {};
  for (let i = 0; i < N; i++) for (const l of ['de', 'fr']) before[file(i, l)] = readFileSync(path.join(dir, file(i, l)), 'utf8');
  return { outside, before };
}

for (const road of ['libuv threads', 'write threads'] as const) {
  test(`${road}: a read-only file, a link and a broken file are refused at their line, the other files written`, async () => {
    const dir = tempDir();
    try {
      const { outside, before } = await project(dir);
      const outsideBefore = readFileSync(outside, 'utf8');
      const writing = road === 'write threads' ? { threads: 2, workerFile: path.join(ROOT, 'dist', 'files', 'write-worker.js') } : { threads: 0 };
      const r = await importTranslations(await loadConfig({ cwd: dir }), ['in/de.xlf', 'in/fr.xlf'], dir, false, undefined, writing);
      assert.is(r.onThreads, road === 'write threads');
      const refused = r.refusals.map((x) => `${x.file} ${x.id} ${x.message}`).sort();
      assert.is(refused.length, 3, refused.join('\n'));
      assert.match(refused[0]!, /^in\/de\.xlf shop-[a-z]+\/template_1 templates\/0\/template_1\.de\.yaml is read-only: not overwritten/);
      assert.match(refused[1]!, /^in\/de\.xlf shop-[a-z]+\/template_2 templates\/0\/template_2\.de\.yaml is a symbolic link/);
      assert.match(refused[2]!, /^in\/fr\.xlf shop-[a-z]+\/template_3 templates\/0\/template_3\.fr\.yaml is there but is not a template tplsync can read/);
      for (const x of r.refusals) assert.ok(x.line > 0, `${x.id}: at its line in ${x.file}`);
      // the other nine written, and listed
      const written = r.written.map((w) => w.file).sort();
      const others = Object.keys(before).filter((f) => ![file(1, 'de'), file(2, 'de'), file(3, 'fr')].includes(f)).sort();
      assert.equal(written, others);
      for (const f of others) assert.is.not(readFileSync(path.join(dir, f), 'utf8'), before[f], `${f} written`);
      for (const f of [file(1, 'de'), file(3, 'fr')]) assert.is(readFileSync(path.join(dir, f), 'utf8'), before[f], `${f} as it was`);
      assert.ok(lstatSync(path.join(dir, file(2, 'de'))).isSymbolicLink(), 'the link is still a link');
      assert.is(readFileSync(outside, 'utf8'), outsideBefore, 'the file the link points to as it was');
      assert.is(lstatSync(path.join(dir, file(1, 'de'))).mode & 0o777, 0o444);
    } finally { cleanup(dir); }
  });
}

/**
 * A file the file system will not let be replaced whatever its mode says: made immutable (chattr +i)
 * when this process is root (root writes a read-only file and folder alike), else a folder without
 * write permission. Returns how to undo it.
 */
function unreplaceable(abs: string): () => void {
  if (process.getuid?.() === 0) {
    execFileSync('chattr', ['+i', abs]);
    return () => execFileSync('chattr', ['-i', abs]);
  }
  const folder = path.dirname(abs);
  chmodSync(folder, 0o555);
  return () => chmodSync(folder, 0o755);
}

for (const road of ['libuv threads', 'write threads'] as const) {
  test(`${road}: a file the file system will not let be replaced is that template's refusal, named; the others are written`, async () => {
    const dir = tempDir();
    let undo = (): void => {};
    try {
      writeTranslationsProject(dir, N);
      const config = await loadConfig({ cwd: dir });
      const files: TemplateFile[] = (await discoverFiles(config, [], dir)).map((f) => ({ file: f.file, value: readTemplateValue(readFileSync(f.abs, 'utf8')) }));
      mkdirSync(path.join(dir, 'in'));
      writeFileSync(path.join(dir, 'in', 'de.xlf'), writeTranslations('xliff', extractUnits(files, 'en_US', 'de').map((u) => ({ ...u, target: shift(u.source, 13) })), 'en_US', 'de'));
      const fixed = path.join(dir, file(4, 'de'));
      const before = readFileSync(fixed, 'utf8');
      undo = unreplaceable(fixed);
      const writing = road === 'write threads' ? { threads: 2, workerFile: path.join(ROOT, 'dist', 'files', 'write-worker.js') } : { threads: 0 };
      const r = await importTranslations(config, ['in/de.xlf'], dir, false, undefined, writing);
      const refused = r.refusals.map((x) => `${x.file} ${x.id} ${x.message}`);
      if (process.getuid?.() === 0) {
        // one file refused
        assert.is(refused.length, 1, refused.join('\n'));
        assert.match(refused[0]!, /^in\/de\.xlf shop-[a-z]+\/template_4 templates\/0\/template_4\.de\.yaml: not replaced: the operation is not permitted \(EPERM\)/);
        assert.is(r.written.length, N - 1);
      } else {
        // every file of the folder refused, each named
        assert.ok(refused.length >= 1 && refused.every((x) => / templates\/0\/template_\d+\.de\.yaml: not replaced: permission denied \(EACCES\)/.test(x)), refused.join('\n'));
      }
      assert.ok(r.refusals.every((x) => x.line > 0));
      undo();
      undo = () => {};
      assert.is(readFileSync(fixed, 'utf8'), before, 'the file as it was');
      assert.equal((readdirSync(path.join(dir, 'templates', '0')) as string[]).filter((f) => f.endsWith('.tmp')), [], 'no temp file left');
    } finally { undo(); cleanup(dir); }
  });
}

test('the command: exit 1, each refusal at FILE:LINE with its template, the written files listed; a dry run refuses the broken file too', async () => {
  const dir = tempDir();
  try {
    await project(dir);
    const dry = await cliIn(['translations', 'import', '--dry-run', 'in/de.xlf', 'in/fr.xlf'], { cwd: dir });
    assert.is(dry.exitCode, 1, dry.stderr);
    assert.match(dry.stderr, /^in\/fr\.xlf:\d+: shop-[a-z]+\/template_3: refused: templates\/0\/template_3\.fr\.yaml is there but is not a template tplsync can read/m);
    assert.match(dry.stdout, /^11 files to write; 1 refused/m);
    const r = await cliIn(['translations', 'import', 'in/de.xlf', 'in/fr.xlf'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, /^in\/de\.xlf:\d+: shop-[a-z]+\/template_1: refused: templates\/0\/template_1\.de\.yaml is read-only/m);
    assert.match(r.stderr, /^in\/de\.xlf:\d+: shop-[a-z]+\/template_2: refused: templates\/0\/template_2\.de\.yaml is a symbolic link/m);
    assert.match(r.stderr, /^nothing written from in\/de\.xlf for .*shop-[a-z]+\/template_1/m);
    assert.not.match(r.stderr, new RegExp(dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'paths as the user wrote them, not absolute');
    assert.match(r.stdout, /^updated templates\/0\/template_0\.de\.yaml/m);
    assert.match(r.stdout, /^9 files written; 3 refused/m);
    assert.not.ok(existsSync(path.join(dir, 'templates', '0', 'template_3.fr.yaml.tmp')));
  } finally {
    // a read-only file in the temp folder: removable all the same
    rmSync(dir, { recursive: true, force: true });
    cleanup(dir);
  }
});

test.run();
