// Preloaded by bench/types.ts and test/startup.test.ts: at exit, prints the CommonJS modules
// whose path mentions ts-morph or typescript (ts-morph and typescript are CommonJS).
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
process.on('exit', () => {
  const heavy = Object.keys(require.cache).filter((p) => /[\\/](ts-morph|@ts-morph|typescript)[\\/]/.test(p));
  process.stderr.write(`\nheavy-modules ${JSON.stringify(heavy)}\n`);
});
