#!/usr/bin/env node
'use strict';
// Start-up path: `--version` answers without loading anything; every command is loaded on demand,
// from the bundled command line (dist/bundle/main.cjs, scripts/bundle.mjs), run with V8's code
// cache of the command (src/core/code-cache.ts: TPLSYNC_CODE_CACHE=off turns it off). CommonJS, so
// that Node starts it without its ES module loader (~5 ms of every command).
const { readFileSync } = require('node:fs');
const path = require('node:path');

// a closed pipe (`tplsync lint | head`) ends the output quietly: what is left to print is dropped,
// and the command finishes and exits with its own code (lint's 1 for findings, under `pipefail`
// too). Exiting at the EPIPE exited 0 or 1 by a race with the command, and could stop an apply
// between two writes.
// Output that cannot be written otherwise (a full disk: ENOSPC, an I/O error) is dropped the same
// way, so that an apply is never stopped between two writes; the run then says so on stderr, and
// one that would have exited 0, 1 or 2 (findings, changes or templates to see to, whose report was lost) exits 3:
// what it was to print was lost, and a CI step must not read "changes present" with no plan to show.
const drop = (stream) => {
  stream.write = (_chunk, encoding, cb) => {
    const done = typeof encoding === 'function' ? encoding : cb;
    if (typeof done === 'function') process.nextTick(done);
    return true;
  };
};
let lost;
process.stdout.on('error', (e) => {
  if (e.code !== 'EPIPE' && !lost) {
    lost = e;
    process.on('exit', () => {
      try { process.stderr.write(`tplsync: the output could not be written (${lost.code || lost.message}${lost.code === 'ENOSPC' ? ': no space left on the device' : ''}): what was to be printed is incomplete\n`); } catch { /* stderr too */ }
      if (!process.exitCode || process.exitCode === 1 || process.exitCode === 2) process.exitCode = 3;
    });
  }
  drop(process.stdout);
});
// stderr that cannot be written (2>/dev/full): nothing more can be said there; the exit code stays the command's
process.stderr.on('error', () => drop(process.stderr));

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')).version}\n`);
} else if (args[0] === 'lint' && args.some((a) => a === '--cache' || a === '--cache-location' || a.startsWith('--cache-location='))) {
  // a kept `lint --cache` given again without loading the command line, when nothing it came from
  // moved (src/lint/replay.ts); otherwise (or on any failure of its own) the command line runs
  let replay;
  try { replay = require('../dist/bundle/lint-replay.cjs').replayLint(args); } catch { replay = Promise.resolve(undefined); }
  replay.then((code) => { if (code === undefined) commandLine(); else process.exitCode = code; }, () => commandLine());
} else {
  commandLine();
}

function commandLine() {
  const { codeCacheDir, commandKey, loadBundle, saveCodeCaches, startCodeCache, worthCaching } = require('../dist/bundle/code-cache.cjs');
  const dir = codeCacheDir();
  startCodeCache(dir);
  // one cache file per command: the names the build wrote (scripts/bundle.mjs)
  const names = new Set(JSON.parse(readFileSync(path.join(__dirname, '..', 'dist', 'bundle', 'commands.json'), 'utf8')));
  const bundle = loadBundle(path.join(__dirname, '..', 'dist', 'bundle', 'main.cjs'), { dir, key: commandKey(args, names) });
  bundle.exports.main(args).then((code) => {
    process.exitCode = code;
    // after the run: the cache files then hold every function the command compiled (not after help or a usage error: little of it)
    if (worthCaching(args, code)) saveCodeCaches();
  });
}
