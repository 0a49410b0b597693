// The package's lifecycle around packing, so that what consumers install carries no script
// that npm would flag or run (npm 11 warns about every dependency with a `prepare` script):
//   node scripts/pack.mjs prepack   build, then drop `scripts.prepare` from package.json
//   node scripts/pack.mjs postpack  put package.json back as it was
//   node scripts/pack.mjs prepare   build (a checkout's `npm ci`, or npm preparing a git
//                                   dependency); in the latter case drop `scripts.prepare` too
// A git dependency needs `prepare`: npm installs a git dependency's devDependencies and runs its
// `prepare` (never `prepack`) before packing it, and that is the only moment dist/ can be built.
// npm marks that preparation with _PACOTE_NO_PREPARE_ in the environment; the clone is npm's own
// temporary copy, so editing its package.json touches nothing of the user's.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pkgFile = `${root}package.json`;
const saved = `${root}.package.json.prepack`;
// TPLSYNC_PACK_BUILT=1: dist/ is already built (scripts/check-package.mjs packs right after a build)
const build = () => process.env.TPLSYNC_PACK_BUILT === '1' || execFileSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

function dropPrepare() {
  const text = readFileSync(pkgFile, 'utf8');
  const pkg = JSON.parse(text);
  if (!pkg.scripts?.prepare) return;
  delete pkg.scripts.prepare;
  writeFileSync(pkgFile, `${JSON.stringify(pkg, null, 2)}\n`);
}

const step = process.argv[2];
if (step === 'prepack') {
  build();
  writeFileSync(saved, readFileSync(pkgFile));
  dropPrepare();
} else if (step === 'postpack') {
  if (existsSync(saved)) renameSync(saved, pkgFile);
} else if (step === 'prepare') {
  build();
  if (process.env._PACOTE_NO_PREPARE_ !== undefined) dropPrepare();
} else {
  process.stderr.write('usage: node scripts/pack.mjs prepack|postpack|prepare\n');
  process.exit(2);
}
