#!/usr/bin/env node
// Start-up path: `--version` answers without loading anything; every command is loaded on demand,
// from the bundled command line (dist/bundle, scripts/bundle.mjs).
import { readFileSync } from 'node:fs';

// a closed pipe (`tplsync lint | head`) ends the output quietly, as Unix tools do
process.stdout.on('error', (e) => { if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0); else throw e; });

const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n`);
} else {
  const { main } = await import('../dist/bundle/main.js');
  process.exitCode = await main(args);
}
