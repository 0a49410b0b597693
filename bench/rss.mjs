// Preloaded by bench/plan.ts: prints the process's peak resident memory when it exits.
process.on('exit', () => { process.stderr.write(`\nmaxRSS ${process.resourceUsage().maxRSS}\n`); });
