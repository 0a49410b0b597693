// Every property test is seeded: the same inputs on every run and every machine (FC_SEED picks
// another seed to explore; a failure prints the seed and path that reproduce it).
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261122) });
