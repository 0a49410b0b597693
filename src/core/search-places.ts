// The config's file names, in the order they are looked for in a folder (cosmiconfig's search
// places for the module name `tplsync`). A module of its own, so that the bin's replay of a kept
// lint (lint/replay.ts) finds the config without loading the config's reader.
export const SEARCH_PLACES = [
  'tplsync.config.yaml', 'tplsync.config.yml', 'tplsync.config.json', 'tplsync.config.js', 'tplsync.config.ts',
  'tplsync.config.mjs', 'tplsync.config.cjs',
  '.tplsyncrc', '.tplsyncrc.yaml', '.tplsyncrc.yml', '.tplsyncrc.json', '.tplsyncrc.js', '.tplsyncrc.ts', '.tplsyncrc.mjs', '.tplsyncrc.cjs',
  'package.json',
];
