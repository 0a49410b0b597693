'use strict';
const { readFileSync, writeFileSync, mkdirSync, renameSync } = require('node:fs');
const { createHash } = require('node:crypto');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const path = require('node:path');
const { Script } = require('node:vm');
const args = process.argv.slice(2);
const file = path.join(__dirname, '../dist/bundle/main.cjs');
const dir = process.env.TPLSYNC_CODE_CACHE || path.join(homedir(), '.cache', 'tplsync');
const key = args.find((a) => !a.startsWith('-')) ?? 'none';
const bytes = readFileSync(file);
const runtime = `${process.version}-${process.arch}`;
const name = `${key.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40)}-${createHash('sha256').update(runtime).update('\0').update(bytes).digest('hex').slice(0, 24)}.code`;
const cacheFile = path.join(dir, name);
let cachedData; try { cachedData = readFileSync(cacheFile); } catch {}
const script = new Script(`(function (exports, require, module, __filename, __dirname, __tplsyncImportFrom) { ${bytes.toString('utf8')}\n});`, { filename: file, ...(cachedData ? { cachedData } : {}) });
const used = cachedData && !script.cachedDataRejected;
const module_ = { exports: {} };
script.runInThisContext().call(module_.exports, module_.exports, createRequire(file), module_, file, path.dirname(file), (s) => import(s));
(async () => {
  process.exitCode = await module_.exports.main(args);
  if (!used) { mkdirSync(dir, { recursive: true }); writeFileSync(cacheFile + '.tmp', script.createCachedData()); renameSync(cacheFile + '.tmp', cacheFile); }
})();
