// Makes a release: the tag `vVERSION` (package.json's version) on a commit that holds the built
// package, and the tarball `tplsync-VERSION.tgz`, so that a team installs tplsync with no
// registry entry and no build on its machines:
//   npm install --save-dev git+https://github.com/tplsync/tplsync.git#vVERSION
//   npm install --save-dev ./tplsync-VERSION.tgz     (the tarball attached to the release)
// The tagged commit is HEAD's tree plus dist/ and a package.json without the scripts that make
// npm prepare a git dependency (NPM_PREPARES: npm's git fetcher, pacote, installs the clone's
// devDependencies when any of them is there, `build` included, even with nothing to run) and
// without postpack: npm installs such a git dependency as it is, without installing tplsync's
// devDependencies or running a script (npm 11 warns about every dependency with one).
// It is a child of HEAD on no branch; push it with `git push origin vVERSION`.
// Usage: node scripts/release.mjs [--no-build] [--out DIR]   (--no-build: dist/ is current)
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
for (const a of args) {
  if (a.startsWith('--') && a !== '--out' && a !== '--no-build') {
    process.stderr.write(`release: unknown option ${a}; usage: node scripts/release.mjs [--no-build] [--out DIR]\n`);
    process.exit(2);
  }
}
const outArg = args.includes('--out') ? args[args.indexOf('--out') + 1] : undefined;
if (args.includes('--out') && (outArg === undefined || outArg.startsWith('--'))) {
  process.stderr.write('release: --out needs a folder: node scripts/release.mjs [--no-build] [--out DIR]\n');
  process.exit(2);
}
const outDir = outArg !== undefined ? path.resolve(outArg) : root;
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const git = (argv, cwd = root) => execFileSync('git', argv, { cwd, stdio: ['ignore', 'pipe', 'inherit'] }).toString().trim();

/** the scripts whose presence makes npm install a git dependency's devDependencies and prepare it (pacote's lib/git.js) */
const NPM_PREPARES = ['build', 'preinstall', 'install', 'postinstall', 'prepack', 'prepare'];

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const tag = `v${pkg.version}`;
if (git(['status', '--porcelain', '--untracked-files=no'])) {
  process.stderr.write('release: commit or stash your changes first (the tag is made from HEAD)\n');
  process.exit(3);
}
if (git(['tag', '--list', tag])) {
  process.stderr.write(`release: the tag ${tag} exists already; raise the version in package.json\n`);
  process.exit(3);
}
// the tarball's folder, made (or refused) before anything is tagged or packed
try { mkdirSync(outDir, { recursive: true }); } catch (e) {
  process.stderr.write(`release: cannot make the folder ${outDir} for the tarball (${e.code ?? e.message}); nothing was tagged or packed\n`);
  process.exit(3);
}
if (!args.includes('--no-build')) execFileSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });

// packed first, tagged after: a pack that fails leaves no tag behind (and package.json as it was:
// its prepack step takes out `prepare`, and npm does not run postpack after a failure)
const saved = path.join(root, '.package.json.prepack');
let packed;
try {
  packed = execFileSync(npm, ['pack', '--json', '--pack-destination', outDir], { cwd: root, env: { ...process.env, TPLSYNC_PACK_BUILT: '1' }, stdio: ['ignore', 'pipe', 'inherit'] }).toString();
} catch (e) {
  if (existsSync(saved)) renameSync(saved, path.join(root, 'package.json'));
  process.stderr.write(`release: npm pack failed (exit ${e.status ?? '?'}); package.json is as it was and nothing was tagged\n`);
  process.exit(1);
}
const [info] = JSON.parse(packed.slice(packed.indexOf('[')));
const tarball = path.join(outDir, info.filename);

const work = mkdtempSync(path.join(tmpdir(), 'tplsync-release-'));
try {
  git(['worktree', 'add', '--detach', '--quiet', work, 'HEAD']);
  cpSync(path.join(root, 'dist'), path.join(work, 'dist'), { recursive: true });
  const released = { ...pkg, scripts: { ...pkg.scripts } };
  for (const s of [...NPM_PREPARES, 'postpack']) delete released.scripts[s];
  writeFileSync(path.join(work, 'package.json'), `${JSON.stringify(released, null, 2)}\n`);
  git(['add', '--force', 'dist', 'package.json'], work);
  git(['-c', 'user.name=tplsync release', '-c', 'user.email=release@tplsync.invalid', 'commit', '--quiet', '--no-verify', '-m', `Release ${tag}: the built package`], work);
  git(['-c', 'user.name=tplsync release', '-c', 'user.email=release@tplsync.invalid', 'tag', '-a', tag, '-m', `tplsync ${tag}`], work);
} catch (e) {
  // no tag: the tarball of a release that was not tagged is not one either
  rmSync(tarball, { force: true });
  process.stderr.write(`release: tagging ${tag} failed (${e.message}); the tarball was removed\n`);
  process.exitCode = 1;
} finally {
  try { git(['worktree', 'remove', '--force', work]); } catch { rmSync(work, { recursive: true, force: true }); }
}
if (!process.exitCode) process.stdout.write(`tagged ${tag} (${git(['rev-parse', '--short', `${tag}^{commit}`])}) and packed ${tarball}\n`);
