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
