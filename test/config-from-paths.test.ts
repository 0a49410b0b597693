// trial-t: in a monorepo whose root has no tplsync config, `tplsync lint packages/shop/templates/x.yaml` from the root
// (what a pre-commit hook or lint-staged runs) linted with no config: no channel checked, and `lint packages/shop`
// linted the package's tplsync.config.yaml as a template (8 errors). With no config from the working directory up, the
// config found from the paths up is the run's, said on stderr; paths of two projects are refused (exit 3).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const config = (channel: string) => `templates: ["templates/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
    channels:
      ${channel}: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11
channels:
  ${channel}: { kind: whatsapp, languages: [en_US, de] }
`;
const template = (channel: string) => `channel: ${channel}
name: order_update
language: en_US
category: UTILITY
body:
  text: "Hi {{name}}, your order {{order}} has shipped and will arrive at your door tomorrow morning."
  examples: { name: Ana, order: "A-1" }
`;

function monorepo(withRootConfig = false): string {
  const dir = tempDir('tplsync-config-from-paths-');
  writeFiles(dir, {
    'packages/shop/tplsync.config.yaml': config('shop'),
    'packages/shop/templates/order.en_US.yaml': template('shop'),
    'packages/bank/tplsync.config.yaml': config('bank'),
    'packages/bank/templates/order.en_US.yaml': template('bank'),
    ...(withRootConfig ? { 'tplsync.config.yaml': config('root') } : {}),
  });
  return dir;
}

test('lint of a package\'s file or folder from a root without a config uses the package\'s config, and says so', async () => {
  const dir = monorepo();
  try {
    for (const target of ['packages/shop/templates/order.en_US.yaml', 'packages/shop', 'packages/shop/templates']) {
      const r = await cliIn(['lint', target], { cwd: dir });
      assert.is(r.exitCode, 1, `${target}: ${r.stdout}${r.stderr}`);
      // the package's config is in force: its channel languages are required (no de variant)
      assert.match(r.stdout, /shop\/order_update has no de variant.*language-coverage/, target);
      assert.not.match(r.stdout, /tplsync\.config\.yaml/, `${target}: the config is not linted as a template`);
      assert.match(r.stderr, /no config in .* or above; using packages\/shop\/tplsync\.config\.yaml, the config above the paths given/);
      assert.not.match(r.stderr, /No config found/);
    }
    const fmt = await cliIn(['fmt', '--check', 'packages/shop'], { cwd: dir });
    // (without a config, fmt took the package's config for a template and would have rewritten it)
    assert.not.match(fmt.stdout, /tplsync\.config\.yaml/, fmt.stdout);
    assert.is(fmt.exitCode, 0, `the template is in the canonical layout, and the config is no template: ${fmt.stdout}${fmt.stderr}`);
  } finally { cleanup(dir); }
});

test('paths of two projects are refused, naming each project\'s config and paths (exit 3)', async () => {
  const dir = monorepo();
  try {
    const r = await cliIn(['lint', 'packages/shop', 'packages/bank/templates/order.en_US.yaml'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /the paths belong to 2 projects: packages\/shop\/tplsync\.config\.yaml \(packages\/shop\); packages\/bank\/tplsync\.config\.yaml \(packages\/bank\/templates\/order\.en_US\.yaml\)\. Run tplsync once per project/);
  } finally { cleanup(dir); }
});

test('a folder above two projects: their configs are never linted as templates', async () => {
  const dir = monorepo(true);
  try {
    // (a root config: the run's; the packages' configs below are no templates)
    const r = await cliIn(['lint', 'packages'], { cwd: dir });
    assert.not.match(r.stdout, /tplsync\.config\.yaml/, r.stdout);
    assert.not.match(r.stdout, /Unknown key 'templates'/, r.stdout);
  } finally { cleanup(dir); }
});

// verify-16 NEW-3: `lint packages` from a root without a config linted the packages' templates with no config at all
// (their channels unchecked) and passed: the projects below are named, and the run refused (exit 3)
test('a folder above projects of their own, no config above it: refused, naming them and what to run', async () => {
  const dir = monorepo();
  try {
    for (const args of [['lint', 'packages'], ['lint', '.'], ['fmt', '--check', 'packages']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /projects of their own lie below them: packages\/bank\/tplsync\.config\.yaml, packages\/shop\/tplsync\.config\.yaml\. Name one project's folder \(packages\/bank\), or its config with --config FILE/);
    }
    // a file named beside another project's folder is not looked below
    writeFiles(dir, { 'loose/a.en_US.yaml': template('shop'), 'loose/sub/tplsync.config.yaml': config('shop') });
    const file = await cliIn(['lint', 'loose/a.en_US.yaml'], { cwd: dir });
    assert.is.not(file.exitCode, 3, file.stderr);
  } finally { cleanup(dir); }
});

// verify-16 NEW-4: lint-staged passes a changed config with the templates: `lint packages/shop/tplsync.config.yaml`
// linted it as a template (8 errors, the commit blocked), and fmt rewrote a config in a template's layout
test('a config named as a path is not linted or formatted as a template: said, and read as the config', async () => {
  const dir = monorepo();
  try {
    const cfg = 'packages/shop/tplsync.config.yaml';
    const alone = await cliIn(['lint', cfg], { cwd: dir });
    assert.is(alone.exitCode, 0, alone.stdout + alone.stderr);
    assert.match(alone.stderr, /packages\/shop\/tplsync\.config\.yaml is a config file, not a template: not linted as one/);
    assert.not.match(alone.stdout, /Unknown key/);
    const withTemplate = await cliIn(['lint', cfg, 'packages/shop/templates/order.en_US.yaml'], { cwd: dir });
    assert.is(withTemplate.exitCode, 1, 'the template is linted, with the package\'s config');
    assert.match(withTemplate.stdout, /has no de variant/);
    assert.not.match(withTemplate.stdout, /Unknown key/);
    const before = readFileSync(path.join(dir, cfg), 'utf8');
    const fmt = await cliIn(['fmt', cfg], { cwd: dir });
    assert.is(fmt.exitCode, 0, fmt.stderr);
    assert.is(readFileSync(path.join(dir, cfg), 'utf8'), before, 'fmt leaves the config as it is');
    // a config of another name, named with --config and as a path (verify-17 NEW-5: exit 3, "No template files")
    writeFiles(dir, { 'ci-tplsync.yaml': before });
    const own = await cliIn(['lint', '--config', 'ci-tplsync.yaml', 'ci-tplsync.yaml'], { cwd: dir });
    assert.is(own.exitCode, 0, own.stderr);
    assert.match(own.stderr, /ci-tplsync\.yaml is a config file, not a template/);
    const ownFmt = await cliIn(['fmt', '--config', 'ci-tplsync.yaml', 'ci-tplsync.yaml'], { cwd: dir });
    assert.is(ownFmt.exitCode, 0, ownFmt.stderr);
    // a config that does not read: its problem is said (exit 3)
    writeFiles(dir, { [cfg]: `${before}bogus: [\n` });
    const broken = await cliIn(['lint', cfg], { cwd: dir });
    assert.is(broken.exitCode, 3, broken.stderr);
    assert.match(broken.stderr, /The config cannot be read/);
  } finally { cleanup(dir); }
});

test('a config found from the working directory is the run\'s, as before; so is --config', async () => {
  const dir = monorepo(true);
  try {
    const r = await cliIn(['lint', 'packages/shop/templates/order.en_US.yaml'], { cwd: dir });
    assert.not.match(r.stderr, /the config above the paths given/);
    const named = await cliIn(['lint', '--config', 'packages/bank/tplsync.config.yaml', 'packages/shop/templates/order.en_US.yaml'], { cwd: dir });
    assert.not.match(named.stderr, /the config above the paths given/);
  } finally { cleanup(dir); }
});

// verify-18 NEW-E: `lint` / `plan` with no paths at a monorepo's root said "No template files ... run tplsync init to start a
// project here" / "No config found", where `lint .` names the projects below: no paths are the working directory's
test('no paths at a root above projects of their own, no config above it: refused as `lint .` is, naming them (lint, plan, fmt)', async () => {
  const dir = monorepo();
  try {
    for (const args of [['lint'], ['plan'], ['fmt', '--check'], ['apply', '--auto-approve']]) {
      const r = await cliIn(args, { cwd: dir });
      assert.is(r.exitCode, 3, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /No config in the working directory or above it \(no paths given: the working directory's\), and projects of their own lie below it: packages\/bank\/tplsync\.config\.yaml, packages\/shop\/tplsync\.config\.yaml\. Name one project's folder \(packages\/bank\), or its config with --config FILE/, args.join(' '));
      assert.not.match(r.stderr, /tplsync init|No config found|No template files/, args.join(' '));
    }
    // a folder with no project below keeps the no-config advice
    writeFiles(dir, { 'empty/readme.txt': 'x' });
    const none = await cliIn(['lint'], { cwd: path.join(dir, 'empty') });
    assert.match(none.stderr, /tplsync init/);
  } finally { cleanup(dir); }
});

// verify-18 NEW-H: `plan --out FILE packages/shop` from a root without a config used the package's config and advised
// `tplsync apply FILE`, which failed there (exit 3, no config), as did `apply packages/shop`
test('a plan made from a root without a config is applied from there: its advice names the config, apply FILE and apply PATHS find it as plan did', async () => {
  const dir = monorepo();
  try {
    // (the packages' channels require a de variant)
    for (const p of ['shop', 'bank']) writeFiles(dir, { [`packages/${p}/templates/order.de.yaml`]: template(p).replace('language: en_US', 'language: de').replace('Hi {{name}}, your order {{order}} has shipped and will arrive at your door tomorrow morning.', 'Hallo {{name}}, deine Bestellung {{order}} wurde versandt und kommt morgen früh bei dir an.') });
    const plan = await cliIn(['plan', '--out', 'shop.plan', 'packages/shop'], { cwd: dir });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.match(plan.stderr, 'apply it with: tplsync apply --auto-approve --config packages/shop/tplsync.config.yaml shop.plan');
    const apply = await cliIn(['apply', '--auto-approve', 'shop.plan'], { cwd: dir });
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.match(apply.stderr, /no config in .* or above; using packages\/shop\/tplsync\.config\.yaml, the config above the plan's files/);
    assert.match(apply.stdout + apply.stderr, /2 created/);
    // the package's own emulator holds it: a plan there has nothing to do
    const again = await cliIn(['plan', '--detailed-exitcode'], { cwd: path.join(dir, 'packages/shop') });
    assert.is(again.exitCode, 0, again.stdout + again.stderr);
    // apply of a package's folder from the root: its config, as plan
    writeFiles(dir, { 'packages/bank/templates/order.en_US.yaml': template('bank').replace('tomorrow morning', 'tomorrow at noon') });
    const paths = await cliIn(['apply', '--auto-approve', 'packages/bank'], { cwd: dir });
    assert.is(paths.exitCode, 0, paths.stdout + paths.stderr);
    assert.match(paths.stderr, /using packages\/bank\/tplsync\.config\.yaml, the config above the paths given/);
    // from the project's folder the advice is as before
    const inside = await cliIn(['plan', '--out', 'p.plan'], { cwd: path.join(dir, 'packages/shop') });
    assert.match(inside.stderr, 'apply it with: tplsync apply --auto-approve p.plan');
  } finally { cleanup(dir); }
});

test.run();
