#!/usr/bin/env node
// Start-up path: `--version` answers without loading anything; every command is loaded on demand,
// from the bundled command line (dist/bundle/main.cjs, scripts/bundle.mjs), run with V8's code
// cache of the command (src/cli/code-cache.ts: TPLSYNC_CODE_CACHE=off turns it off).
import { readFileSync } from 'node:fs';

// a closed pipe (`tplsync lint | head`) ends the output quietly: what is left to print is dropped,
// and the command finishes and exits with its own code (lint's 1 for findings, under `pipefail`
// too). Exiting at the EPIPE exited 0 or 1 by a race with the command, and could stop an apply
// between two writes.
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE') throw e;
  process.stdout.write = (_chunk, encoding, cb) => {
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
});

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  const { codeCacheDir, loadBundle } = await import('../dist/cli/code-cache.js');
  const bundle = loadBundle(new URL('../dist/bundle/main.cjs', import.meta.url).pathname, { dir: codeCacheDir(), key: args.find((a) => !a.startsWith('-')) ?? 'none' });
  process.exitCode = await bundle.exports.main(args);
  // after the run: the cache then holds every function the command compiled
  bundle.save();
}
