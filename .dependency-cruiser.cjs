// The dependency rules of src/ (run by `npm run deps`, part of `npm test`): data flows one way,
// between modules and between folders,
// so there is no import cycle, and nothing outside the command line imports src/cli.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Folders form a one-way flow (files -> documents -> canonical model <- remote; plan -> apply/render); a cycle means a module is in the wrong folder.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'Folders of src/ are stages and capabilities: a folder may use a folder below it, never one that uses it back (core <- files <- schemas <- config <- api <- model <- lint ...). A helper both sides need belongs in core/.',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'cli-only-from-cli',
      severity: 'error',
      comment: 'src/cli is the edge: it parses options, calls one core function and prints. Nothing else may depend on it.',
      from: { path: '^src/(?!cli/)' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'document-readers-private',
      severity: 'error',
      comment: 'A template file is read through its located document (src/files/document.ts): the readers behind it (the text read, js-yaml, `yaml` with positions) are its own, so that a file is parsed at most once per reader. Types (Path) may be named anywhere.',
      from: { pathNot: '^src/files/(document|text-locate|fast-parse|parse|locate|scalar-range|yaml-lazy|duplicate-keys)[.]ts$' },
      to: { path: '^src/files/(text-locate|fast-parse|parse|locate|scalar-range|yaml-lazy)[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-missing',
      severity: 'error',
      comment: 'every relative import resolves',
      from: {},
      to: { couldNotResolve: true, dependencyTypesNot: ['type-only'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'], exportsFields: ['exports'], conditionNames: ['import', 'node', 'default'] },
  },
};
