// The editor set-ups start the server for every config name tplsync accepts (trial-r F5: the
// Neovim snippets looked for three names and VS Code activated on three, so a project with
// `.tplsyncrc.yaml`, `tplsync.config.ts` or `package.json#tplsync` got no server). The loader's
// SEARCH_PLACES is the one list: docs/editors.md's Lua list and the extension's activation
// events are checked against it.
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SEARCH_PLACES } from '../src/core/search-places.ts';

const root = new URL('..', import.meta.url);
const files = SEARCH_PLACES.filter((n) => n !== 'package.json');

test('docs/editors.md: the Neovim list is the loader\'s file names in its order, and package.json is read for its "tplsync" key', () => {
  const md = readFileSync(new URL('docs/editors.md', root), 'utf8');
  const m = /local tplsync_names = \{([^}]*)\}/.exec(md);
  assert.ok(m, 'the Lua list of names');
  assert.equal([...m[1]!.matchAll(/'([^']+)'/g)].map((x) => x[1]), files);
  assert.ok(SEARCH_PLACES.includes('package.json'));
  assert.match(md, /pkg\.tplsync ~= nil/);
  // both Neovim set-ups use it, and no other hand-written list of names is left
  assert.is(md.match(/tplsync_root\(/g)?.length, 3);
  assert.not.match(md, /root_markers|vim\.fs\.find\(/);
});

test('editors/vscode: activated by every config file name the loader looks for', () => {
  const pkg = JSON.parse(readFileSync(new URL('editors/vscode/package.json', root), 'utf8')) as { activationEvents: string[] };
  const names = pkg.activationEvents.filter((e) => e.startsWith('workspaceContains:**/')).map((e) => e.slice('workspaceContains:**/'.length));
  assert.equal(names, files);
  assert.ok(pkg.activationEvents.includes('onLanguage:yaml'));
});

test.run();
