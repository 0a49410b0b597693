// A templates folder that is a symbolic link (trial-bb F2, F8): git keeps the link (mode 120000) and the files at the
// link's target (`src/Vör lagen/...`), while the config's globs name them through the link (`templates/**/*.yaml`).
// The base's files were taken by matching the globs against git's paths, so a template whose file was deleted was no
// orphan of `plan --base REF` and no "removed since" line of a plain plan (and a config in a subfolder of the repository
// matched nothing at a base at all: ls-tree gave its paths from that folder). A link that leads out of the repository
// has files git has no history of: the plan says so once. Lint given a template by its real path warned that plan and
// apply "will not see it", which was false; pull of a template whose file behind the link was lost did not find it.
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { gitTemplates, globScope, linkTarget, projectPaths } from '../src/files/git-tree.ts';
import { templateId } from '../src/model/ids.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { git } from './drift-repo.ts';

const CHANNEL = '44444444-4444-4444-8444-444444444444';
const FOLDER = 'src/Vör lagen';
const config = (globs = '"templates/**/*.yaml"') => `templates: [${globs}]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL} }\nchannels: { wa: { kind: whatsapp } }\n`;
const tpl = (name: string) => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\ndescription: ${name}\nbody:\n  text: "Hello {{1}}, this is the ${name} message about your recent order."\n  examples: { 1: Maria }\n`;

/**
 * A repository at `root` whose project (`project`, '' for the top) reaches alpha and beta through the link `templates`
 * (to `target`, from the project's folder), applied; then beta's file removed and committed
 */
async function linkedRepo(root: string, project: string, target: string): Promise<string> {
  const dir = path.join(root, project);
  writeFiles(dir, { 'tplsync.config.yaml': config(), '.gitignore': '.tplsync/\n' });
  const real = path.resolve(dir, target);
  writeFiles(real, { 'alpha.en_US.yaml': tpl('alpha'), 'beta.en_US.yaml': tpl('beta') });
  symlinkSync(target, path.join(dir, 'templates'));
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'one');
  const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir });
  assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
  git(root, 'rm', '-q', path.relative(root, path.join(real, 'beta.en_US.yaml')));
  git(root, 'commit', '-qm', 'beta gone');
  return dir;
}

test('git-tree: a link\'s target, the paths a link gives a file, and the globs matched through them', () => {
  assert.is(linkTarget('templates', 'src/Vör lagen', '/r'), 'src/Vör lagen');
  assert.is(linkTarget('pkg/templates', '../shared/tpl/', '/r'), 'shared/tpl');
  assert.is(linkTarget('templates', '../outside', '/r'), undefined);
  assert.is(linkTarget('templates', '/r/a b', '/r'), 'a b');
  assert.is(linkTarget('templates', '/elsewhere', '/r'), undefined);
  const links = [{ link: 'templates', target: 'src/tpl' }, { link: 'src/tpl/shared', target: 'shared' }];
  assert.equal(projectPaths('shared/x.yaml', links), ['shared/x.yaml', 'src/tpl/shared/x.yaml', 'templates/shared/x.yaml']);
  const globs = gitTemplates(['templates/**/*.yaml', '!templates/drafts/**'], '', links);
  assert.is(globs.taken('src/tpl/a.yaml'), 'templates/a.yaml');
  assert.is(globs.taken('shared/x.yaml'), 'templates/shared/x.yaml');
  // a `!` glob leaves a path out (given to picomatch in one list with the others, it took every path it did not name)
  assert.is(globs.taken('src/tpl/drafts/d.yaml'), undefined);
  assert.is(globs.taken('README.md'), undefined);
  assert.is(gitTemplates(['templates/**/*.yaml'], '', []).taken('src/tpl/a.yaml'), undefined);
  assert.equal(globScope(['templates/**/*.yaml', '../shared/**/*.yaml'], 'pkg'), ['pkg', 'shared']);
  assert.equal(globScope(['**/*.yaml'], ''), ['']);
});

test('F2: templates -> "src/Vör lagen": a file deleted since --base REF is an orphan, and a plain plan says it was removed', async () => {
  const root = tempDir('tplsync-linked-removed-');
  try {
    const dir = await linkedRepo(root, '', FOLDER);
    const based = await cliIn(['plan', '--base', 'HEAD~1', '--detailed-exitcode'], { cwd: dir });
    assert.is(based.exitCode, 2, based.stdout + based.stderr);
    assert.match(based.stdout, /\? orphan wa\/beta\/en_US/);
    assert.match(based.stdout, '1 template is on the channel in local that no file defines (an orphan');
    const plain = await cliIn(['plan'], { cwd: dir });
    assert.is(plain.exitCode, 0, plain.stdout + plain.stderr);
    assert.match(plain.stdout, /1 template file was removed since HEAD~1 \([0-9a-f]{12}\): templates\/beta\.en_US\.yaml\./);
    // the linked folder's files are all in the repository: no word of missing history
    assert.not.match(plain.stdout, 'History missing');
  } finally { cleanup(root); }
});

test('F2: a config in a subfolder whose templates link leads elsewhere in the repository: the orphan and the removed file are found', async () => {
  const root = tempDir('tplsync-linked-sub-');
  try {
    const dir = await linkedRepo(root, 'apps/shop', '../../shared/Vör lagen');
    const based = await cliIn(['plan', '--base', 'HEAD~1', '--format', 'json'], { cwd: dir });
    assert.is(based.exitCode, 0, based.stdout + based.stderr);
    const plan = JSON.parse(based.stdout) as { changes: { action: string; name: string }[] };
    assert.equal(plan.changes.filter((c) => c.action === 'orphan').map((c) => c.name), ['beta']);
    const plain = await cliIn(['plan'], { cwd: dir });
    assert.match(plain.stdout, /1 template file was removed since HEAD~1 \([0-9a-f]{12}\): templates\/beta\.en_US\.yaml\./, plain.stdout + plain.stderr);
  } finally { cleanup(root); }
});

test('a config in a subfolder of the repository (no link): a file deleted since --base REF is an orphan (ls-tree gave paths from the folder)', async () => {
  const root = tempDir('tplsync-sub-removed-');
  try {
    const dir = path.join(root, 'apps', 'Über shop');
    writeFiles(dir, { 'tplsync.config.yaml': config(), '.gitignore': '.tplsync/\n', 'templates/alpha.en_US.yaml': tpl('alpha'), 'templates/beta.en_US.yaml': tpl('beta') });
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'one');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    git(dir, 'rm', '-q', 'templates/beta.en_US.yaml');
    git(root, 'commit', '-qm', 'beta gone');
    const based = await cliIn(['plan', '--base', 'HEAD~1', '--detailed-exitcode'], { cwd: dir });
    assert.is(based.exitCode, 2, based.stdout + based.stderr);
    assert.match(based.stdout, /\? orphan wa\/beta\/en_US/);
  } finally { cleanup(root); }
});

test('F2: a templates link out of the repository: the plan says once that git has no history of its files', async () => {
  const root = tempDir('tplsync-linked-outside-');
  try {
    const dir = path.join(root, 'project');
    mkdirSync(dir);
    writeFiles(dir, { 'tplsync.config.yaml': config(), '.gitignore': '.tplsync/\n' });
    const away = path.join(root, 'somewhere', 'Vör lagen');
    writeFiles(away, { 'alpha.en_US.yaml': tpl('alpha'), 'beta.en_US.yaml': tpl('beta') });
    symlinkSync('../somewhere/Vör lagen', path.join(dir, 'templates'));
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-qm', 'one');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
    rmSync(path.join(away, 'beta.en_US.yaml'));
    const said = `templates (to ${away}, 1 template file) is a link out of the git repository: git keeps a link, not the files behind it, and has no history of them, so a template file removed there is reported neither as an orphan (plan --base) nor as removed`;
    for (const args of [['plan'], ['plan', '--base', 'HEAD']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.is(r.stdout.split(said).length, 2, `said once (${args.join(' ')}): ${r.stdout}`);
      assert.match(r.stdout, /^History missing: /m);
    }
    const json = await cliIn(['plan', '--format', 'json'], { cwd: dir });
    assert.match((JSON.parse(json.stdout) as { historyMissing: string }).historyMissing, said);
  } finally { cleanup(root); }
});

test('F8: lint of a template by its real path behind the linked folder: no "will not see it"; a file the globs miss still warned', async () => {
  const root = tempDir('tplsync-linked-lint-');
  try {
    writeFiles(root, { 'tplsync.config.yaml': config('"templates/**/*.{yaml,yml}"'), [`${FOLDER}/order_ready.en_US.yaml`]: tpl('order_ready'), 'src/loose.en_US.yaml': tpl('loose') });
    symlinkSync(FOLDER, path.join(root, 'templates'));
    for (const [cwd, args] of [[root, [`${FOLDER}/order_ready.en_US.yaml`]], [path.join(root, FOLDER), ['.']], [path.join(root, FOLDER), ['order_ready.en_US.yaml']]] as const) {
      const r = await cliIn(['lint', ...args], { cwd });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.not.match(r.stderr, 'not among the config\'s templates', r.stderr);
    }
    const loose = await cliIn(['lint', 'src/loose.en_US.yaml'], { cwd: root });
    assert.match(loose.stderr, 'src/loose.en_US.yaml is not among the config\'s templates (templates/**/*.{yaml,yml}): plan and apply (and lint without paths) will not see it');
  } finally { cleanup(root); }
});

test('pull of a template whose file behind the linked folder was deleted (not committed): found where git has it, its names taken back', async () => {
  const root = tempDir('tplsync-linked-pull-');
  try {
    writeFiles(root, { 'tplsync.config.yaml': config(), '.gitignore': '.tplsync/\n', [`${FOLDER}/beta.en_US.yaml`]: tpl('beta') });
    symlinkSync(FOLDER, path.join(root, 'templates'));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'one');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: root })).exitCode, 0);
    // the file names its placeholder (the channel numbers it), committed; then lost
    writeFiles(root, { [`${FOLDER}/beta.en_US.yaml`]: tpl('beta').replace('{{1}}', '{{customer}}').replace('1: Maria', 'customer: Maria') });
    git(root, 'commit', '-qam', 'named');
    rmSync(path.join(root, FOLDER, 'beta.en_US.yaml'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL, 'beta', 'en_US')], { cwd: root });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // (the committed version says what the channel has once numbered: written back as git has it, its names with it)
    assert.match(r.stderr, 'beta/en_US: its file was deleted (not committed): written back at templates/beta.en_US.yaml as git has it');
    assert.is(readFileSync(path.join(root, FOLDER, 'beta.en_US.yaml'), 'utf8'), git(root, 'show', `HEAD:${FOLDER}/beta.en_US.yaml`));
  } finally { cleanup(root); }
});

test('behind the linked folder: a secret removed and committed is masked in the channel\'s copy, and a version applied from an unmerged branch is told, as for a file of its own', async () => {
  const root = tempDir('tplsync-linked-history-');
  const TOKEN = 'tok_live_9fQ2xLINKEDz';
  const login = (tok: string) => `channel: wa\nname: account_login\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, sign in to see your orders."\n  examples: { 1: Ana }\nbuttons:\n  - type: URL\n    text: Sign in\n    url: "https://app.example.com/in/${tok}/{{1}}"\n    example: "https://app.example.com/in/${tok}/abc"\n`;
  const withSecret = config().replace('    channels:', '    values:\n      login_tok: { env: L_TOK }\n    channels:');
  try {
    writeFiles(root, { 'tplsync.config.yaml': withSecret, '.gitignore': '.tplsync/\n', [`${FOLDER}/login.en_US.yaml`]: login('((login_tok))'), [`${FOLDER}/alpha.en_US.yaml`]: tpl('alpha') });
    symlinkSync(FOLDER, path.join(root, 'templates'));
    git(root, 'init', '-q');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'one');
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: root, env: { L_TOK: TOKEN } });
    assert.is(applied.exitCode, 0, applied.stdout + applied.stderr);
    // the secret removed from the file and the config, committed: the channel still holds the token
    writeFiles(root, { [`${FOLDER}/login.en_US.yaml`]: login('home'), 'tplsync.config.yaml': config() });
    git(root, 'commit', '-qam', 'no secret');
    const masked = await cliIn(['plan'], { cwd: root });
    assert.is(masked.exitCode, 0, masked.stdout + masked.stderr);
    assert.match(masked.stdout, 'account_login');
    assert.not.ok(masked.stdout.includes(TOKEN), masked.stdout);
    // alpha applied from a branch, then back on main: the channel's copy is that branch's version
    git(root, 'checkout', '-q', '-b', 'feat');
    writeFiles(root, { [`${FOLDER}/alpha.en_US.yaml`]: tpl('alpha').replace('recent order', 'recent parcel') });
    git(root, 'commit', '-qam', 'parcel');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: root })).exitCode, 0);
    git(root, 'checkout', '-q', 'main');
    const plan = await cliIn(['plan'], { cwd: root });
    assert.match(plan.stdout, '~ update wa/alpha/en_US (drift: applied from feat, not merged here; apply would revert it)', plan.stdout + plan.stderr);
  } finally { cleanup(root); }
});

test.run();
