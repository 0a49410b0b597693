// `tplsync init` as a new user meets it: an empty git repository, init, then lint and apply on
// the embedded emulator; a second run changes nothing; flags for everything, no prompt without a TTY.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { configText, initFiles, localChannelId, pinAdvice, withIgnored } from '../src/init/init.ts';
import { BIN, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

async function emptyRepo(): Promise<string> {
  const dir = tempDir('tplsync-init-');
  await execa('git', ['init', '-q', '-b', 'main'], { cwd: dir });
  return dir;
}

/** every file under dir (but .git) with its bytes and mtime */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.name === '.git') continue;
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = `${statSync(p).mtimeMs} ${readFileSync(p, 'utf8')}`;
    }
  };
  walk(dir);
  return out;
}

test('init in an empty git repository, then lint and apply --auto-approve succeed', async () => {
  const dir = await emptyRepo();
  try {
    const r = await cliIn(['init', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    for (const f of ['tplsync.config.yaml', 'templates/welcome_message.en_US.yaml', '.github/workflows/tplsync-pull-request.yml', '.github/workflows/tplsync-apply.yml', '.github/workflows/tplsync-drift.yml', '.gitignore']) {
      assert.match(r.stdout, new RegExp(`created\\s+${f.replace(/\./g, '\\.')}`), f);
    }
    const config = readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8');
    assert.match(config, /^# yaml-language-server: \$schema=\S+schema\/config\.schema\.json\n/);
    assert.match(config, /\n  local:\n    emulator: \.tplsync\/emulator\.json\n    channels:\n      shop-whatsapp: [0-9a-f-]{36}\n/);
    assert.match(config, /\n  # production:\n  #   baseUrl: https:\/\/api\.example\.com\n  #   apiKeyEnv: TPLSYNC_PRODUCTION_API_KEY\n/);
    const template = readFileSync(path.join(dir, 'templates/welcome_message.en_US.yaml'), 'utf8');
    assert.match(template, /^# yaml-language-server: \$schema=\S+schema\/template\.schema\.json\n/);
    assert.match(template, /\nchannel: shop-whatsapp /);
    assert.match(readFileSync(path.join(dir, '.gitignore'), 'utf8'), /^\.tplsync\/$/m);
    // no package.json yet: init's advice (npm init, npm install) makes this a Node project, whose installed packages are not committed
    assert.match(readFileSync(path.join(dir, '.gitignore'), 'utf8'), /^node_modules\/$/m);
    assert.match(readFileSync(path.join(dir, '.github/workflows/tplsync-apply.yml'), 'utf8'), /uses: tplsync\/tplsync@v\d+\.\d+\.\d+\n\s+with:\n\s+command: apply/);

    const lint = await cliIn(['lint'], { cwd: dir });
    assert.is(lint.exitCode, 0, lint.stdout + lint.stderr);
    const fmt = await cliIn(['fmt', '--check'], { cwd: dir });
    assert.is(fmt.exitCode, 0, fmt.stdout + fmt.stderr);
    const apply = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.match(apply.stdout, /created shop-whatsapp\/welcome_message\/en_US → APPROVED/);
    // the listing init configures for `local` is the emulator's: the channel is fully managed
    const pull = await cliIn(['pull', '--all', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(pull.exitCode, 0, pull.stderr);
    assert.match(pull.stdout, /templates\/welcome_message\.en_US\.yaml: already manages/);
    // the emulator's state stays out of git
    const status = await execa('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: dir });
    assert.not.match(status.stdout, /\.tplsync\//);
    assert.match(status.stdout, /templates\/welcome_message\.en_US\.yaml/);
  } finally { cleanup(dir); }
});

test('the example of docs/commands/init.md is what init prints, in a Node project whose .gitignore then ignores node_modules/', async () => {
  const dir = await emptyRepo();
  try {
    // a project that pinned tplsync first, as README's Install does (else init says how: the test below)
    writeFiles(dir, { 'package.json': '{ "name": "shop", "private": true, "devDependencies": { "tplsync": "git+https://github.com/tplsync/tplsync.git#v0.1.0" } }\n' });
    const doc = readFileSync(path.join(ROOT, 'docs/commands/init.md'), 'utf8');
    const example = /```console\n\$ tplsync init --channel shop-whatsapp --yes\n([\s\S]*?)\n\$ /.exec(doc)?.[1];
    assert.ok(example, 'the example is in the doc');
    const r = await cliIn(['init', '--channel', 'shop-whatsapp', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.fixture(r.stdout.trim(), example.trim());
    assert.is(readFileSync(path.join(dir, '.gitignore'), 'utf8'), '# installed packages\nnode_modules/\n# tplsync: the embedded emulator\'s state and the lint cache\n.tplsync/\n');
  } finally { cleanup(dir); }
});

test('run through npx (npm_command exec) or a package.json script, the hints name `npx tplsync`: a devDependency is no command a shell finds; run without npm, `tplsync`', async () => {
  const dir = await emptyRepo();
  try {
    const r = await cliIn(['init', '--channel', 'shop-whatsapp', '--yes'], { cwd: dir, env: { npm_command: 'exec' } });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /\n {2}npx tplsync lint +check the templates\n {2}npx tplsync apply --auto-approve +sync them/);
    assert.not.match(r.stdout, /^ {2}tplsync /m);
    writeFiles(dir, { 'templates/messy.yaml': 'name: messy\nchannel: shop-whatsapp\nlanguage: en_US\ncategory: UTILITY\nbody: { text: "Hello {{1}}, see you soon at the shop.", examples: { 1: Ana } }\n' });
    const fmt = await cliIn(['fmt', '--check'], { cwd: dir, env: { npm_command: 'run-script' } });
    assert.is(fmt.exitCode, 1, fmt.stderr);
    assert.match(fmt.stderr, 'run: npx tplsync fmt');
    const bare = await cliIn(['fmt', '--check'], { cwd: dir });
    assert.match(bare.stderr, /run: tplsync fmt$/m);
  } finally { cleanup(dir); }
});

test('init twice: the second run says what exists and changes nothing', async () => {
  const dir = await emptyRepo();
  try {
    assert.is((await cliIn(['init', '--yes'], { cwd: dir })).exitCode, 0);
    const before = snapshot(dir);
    const again = await cliIn(['init', '--yes', '--channel', 'other'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stdout, /exists\s+tplsync\.config\.yaml \(left as it is\)/);
    assert.match(again.stdout, /exists\s+\.gitignore/);
    assert.match(again.stdout, /nothing was changed/);
    assert.not.match(again.stdout, /created/);
    assert.equal(snapshot(dir), before);
  } finally { cleanup(dir); }
});

test('init never overwrites: an existing config and .gitignore are kept; only what is missing is written', async () => {
  const dir = await emptyRepo();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': '# ours\ntemplates: ["templates/**/*.yaml"]\n', '.gitignore': 'node_modules' });
    const r = await cliIn(['init'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /exists\s+tplsync\.config\.yaml/);
    assert.match(r.stdout, /updated\s+\.gitignore/);
    assert.is(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), '# ours\ntemplates: ["templates/**/*.yaml"]\n');
    assert.match(readFileSync(path.join(dir, '.gitignore'), 'utf8'), /^node_modules\n# tplsync[^\n]*\n\.tplsync\/\n$/);
  } finally { cleanup(dir); }
});

test('init in a subfolder of a repository says where it put the workflows (test/init-monorepo.test.ts: what they hold)', async () => {
  const dir = await emptyRepo();
  try {
    writeFiles(dir, { 'messaging/README.md': 'ours\n' });
    const r = await cliIn(['init', '--yes'], { cwd: path.join(dir, 'messaging') });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /the workflows are in the repository's \.\.\/\.github\/workflows\/ \(the only place GitHub reads them\), named for messaging and set to run there: each use of the action has working-directory: messaging/);
  } finally { cleanup(dir); }
});

test('init: a channel alias that cannot be one is a usage error, and nothing is written', async () => {
  const dir = await emptyRepo();
  try {
    const r = await cliIn(['init', '--channel', 'my channel!'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /--channel 'my channel!'/);
    assert.equal(readdirSync(dir), ['.git']);
  } finally { cleanup(dir); }
});

test('on a terminal, init asks for the channel alias (util-linux `script` gives it a pseudo-terminal); without one it never asks', async () => {
  const dir = await emptyRepo();
  try {
    const child = execa('script', ['-qec', `node ${JSON.stringify(BIN)} init`, '/dev/null'], { cwd: dir, reject: false, timeout: 60_000, env: { NO_COLOR: '1' } });
    let seen = '';
    await new Promise<void>((resolve) => {
      child.stdout!.on('data', (b: Buffer) => {
        seen += b.toString();
        if (seen.includes('Alias of your first channel')) { child.stdin!.write('acme-wa\r'); resolve(); }
      });
      void child.then(() => resolve());
    });
    const r = await child;
    assert.is(r.exitCode, 0, String(r.stdout));
    assert.match(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8'), /\n      acme-wa: [0-9a-f-]{36}\n/);
  } finally { cleanup(dir); }
  // stdin not a terminal (CI): the defaults, no question
  const ci = await emptyRepo();
  try {
    const r = await cliIn(['init'], { cwd: ci, input: '' });
    assert.is(r.exitCode, 0, r.stderr);
    assert.not.match(r.stdout, /Alias of your first channel/);
    assert.match(readFileSync(path.join(ci, 'tplsync.config.yaml'), 'utf8'), /\n      whatsapp: [0-9a-f-]{36}\n/);
  } finally { cleanup(ci); }
});

test('init (pure): the local channel id is stable per alias; .gitignore gains .tplsync/ once', () => {
  assert.is(localChannelId('a'), localChannelId('a'));
  assert.is.not(localChannelId('a'), localChannelId('b'));
  assert.is(withIgnored('x\n.tplsync/\n'), undefined);
  assert.is(withIgnored('/.tplsync'), undefined);
  assert.is(withIgnored(undefined), '# tplsync: the embedded emulator\'s state and the lint cache\n.tplsync/\n');
  // a .gitignore init creates in a Node project ignores the installed packages too; one the project has is not told what else to ignore
  assert.is(withIgnored(undefined, { node: true }), '# installed packages\nnode_modules/\n# tplsync: the embedded emulator\'s state and the lint cache\n.tplsync/\n');
  assert.is(withIgnored('dist/\n', { node: true }), 'dist/\n# tplsync: the embedded emulator\'s state and the lint cache\n.tplsync/\n');
  // a .gitignore with CRLF line ends keeps them on the lines added
  assert.is(withIgnored('node_modules/\r\ndist'), 'node_modules/\r\ndist\r\n# tplsync: the embedded emulator\'s state and the lint cache\r\n.tplsync/\r\n');
  const files = initFiles({ channel: 'c', version: '1.2.3', configSchemaPath: 's/config.schema.json', templateSchemaPath: '../s/template.schema.json' });
  assert.equal(files.map((f) => f.file), ['tplsync.config.yaml', 'templates/welcome_message.en_US.yaml', '.github/workflows/tplsync-pull-request.yml', '.github/workflows/tplsync-apply.yml', '.github/workflows/tplsync-drift.yml']);
  assert.match(configText({ channel: 'c', version: '1', configSchemaPath: 'x', templateSchemaPath: 'y' }), /apiKeyEnv: TPLSYNC_PRODUCTION_API_KEY/);
});

// trial F13: the Node.js of the workflows is the project's (package.json engines.node, found from
// the project's folder up to the repository's root), else the action's LTS default; trial F2: code
// scanning only with --code-scanning
test('init: the workflows run on the Node.js the project\'s package.json asks for (its folder\'s, else the root\'s), else the action\'s default; code scanning only with --code-scanning', async () => {
  const dir = await emptyRepo();
  try {
    writeFiles(dir, {
      'package.json': JSON.stringify({ name: 'notify-platform', private: true, workspaces: ['apps/*'], engines: { node: '^22.12 || >=24' } }),
      'apps/sms/package.json': JSON.stringify({ name: 'sms', engines: { node: '>=24.3' } }),
      'apps/push/package.json': JSON.stringify({ name: 'push' }),
      'apps/mail/README.md': 'mail\n',
    });
    const pr = (slug: string) => readFileSync(path.join(dir, `.github/workflows/tplsync-pull-request-${slug}.yml`), 'utf8');
    const r1 = await cliIn(['init', '--yes'], { cwd: path.join(dir, 'apps/sms') });
    assert.is(r1.exitCode, 0, r1.stderr);
    assert.match(r1.stdout, 'The workflows run tplsync on the Node.js that engines.node of apps/sms/package.json asks for (>=24.3)');
    assert.match(pr('apps-sms'), /uses: tplsync\/tplsync@v[^\n]+\n\s+with:\n(\s+[\w-]+: [^\n]+\n)*?\s+node-version-file: apps\/sms\/package\.json\n/);
    // a workspace without engines: the root's
    const r2 = await cliIn(['init', '--yes', '--code-scanning'], { cwd: path.join(dir, 'apps/push') });
    assert.is(r2.exitCode, 0, r2.stderr);
    assert.match(pr('apps-push'), 'node-version-file: package.json\n');
    assert.not.match(pr('apps-push'), 'apps/push/package.json');
    assert.match(pr('apps-push'), 'uses: github/codeql-action/upload-sarif@v4');
    assert.match(pr('apps-push'), 'security-events: write');
    assert.not.match(pr('apps-sms'), /upload-sarif|security-events/);
  } finally { cleanup(dir); }
  const bare = await emptyRepo();
  try {
    const r = await cliIn(['init', '--yes'], { cwd: bare });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, 'The workflows run tplsync on Node.js 24 (no engines.node in a package.json here)');
    for (const f of readdirSync(path.join(bare, '.github/workflows'))) {
      const text = readFileSync(path.join(bare, '.github/workflows', f), 'utf8');
      assert.not.match(text, /^\s+node-version(-file)?:|upload-sarif|security-events/m, f);
    }
  } finally { cleanup(bare); }
});

test('init (pure): the pin advice names a release of this version, never the registry name, and npm init only without a package.json', () => {
  const none = pinAdvice(undefined, '9.8.7')!;
  assert.match(none, 'there is no package.json here');
  assert.match(none, /\n {2}npm init -y && npm install --save-dev git\+https:\/\/github\.com\/tplsync\/tplsync\.git#v9\.8\.7\n/);
  assert.match(none, 'exit 3');
  const unpinned = pinAdvice({ file: 'apps/web/package.json', pins: false }, '9.8.7')!;
  assert.match(unpinned, 'apps/web/package.json does not pin tplsync');
  assert.match(unpinned, /\n {2}npm install --save-dev git\+https:\/\/github\.com\/tplsync\/tplsync\.git#v9\.8\.7\n/);
  assert.not.match(unpinned, 'npm init');
  for (const text of [none, unpinned]) assert.not.match(text, /tplsync@/);
  assert.is(pinAdvice({ file: 'package.json', pins: true }, '9.8.7'), undefined);
});

test('init where nothing pins tplsync says how to pin it (its workflows stop with exit 3 without); a pin in a package.json above the folder is taken', async () => {
  const dir = await emptyRepo();
  try {
    const first = await cliIn(['init', '--channel', 'promo', '--yes'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stderr);
    assert.match(first.stdout, /no package\.json here, so every tplsync step of the workflows stops with exit 3[^]*\n {2}npm init -y && npm install --save-dev git\+https:\/\/github\.com\/tplsync\/tplsync\.git#v\d+\.\d+\.\d+\n/);
    // run again after `npm init -y` alone: said again, as the package.json pins nothing yet
    writeFiles(dir, { 'package.json': '{ "name": "promo-site", "version": "1.0.0", "dependencies": { "left-pad": "1.3.0" } }\n' });
    const again = await cliIn(['init', '--channel', 'promo', '--yes'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.match(again.stdout, /package\.json does not pin tplsync[^]*\n {2}npm install --save-dev git\+/);
    // a team folder of a repository whose root package.json pins it: nothing to say
    writeFiles(dir, { 'package.json': '{ "name": "promo-site", "optionalDependencies": { "tplsync": "file:./tplsync-0.1.0.tgz" } }\n', 'teams/eu/.keep': '' });
    const sub = await cliIn(['init', '--channel', 'promo', '--yes'], { cwd: path.join(dir, 'teams/eu') });
    assert.is(sub.exitCode, 0, sub.stderr);
    assert.not.match(sub.stdout, /pin/);
  } finally { cleanup(dir); }
});

test('init: an engines.node that allows no Node.js tplsync runs on is not given to the workflows, and init says why', async () => {
  const { runsTplsync } = await import('../src/cli/init.ts');
  for (const r of ['>=18', '^22.12 || >=24', '20.x', '>=20.19', '18 || 20', 'lts/*']) assert.ok(runsTplsync(r), r);
  for (const r of ['^18', '~20.10', '18.x', '<20.19', '16 || 18']) assert.not.ok(runsTplsync(r), r);
  // the constant is package.json's own engines.node
  assert.is(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).engines.node, '>=20.19');
  const dir = await emptyRepo();
  try {
    writeFiles(dir, { 'package.json': JSON.stringify({ name: 'legacy', engines: { node: '^18' } }) });
    const r = await cliIn(['init', '--yes'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, 'engines.node of package.json (^18) allows no Node.js that tplsync runs on (Node.js 20.19 or newer)');
    for (const f of readdirSync(path.join(dir, '.github/workflows'))) {
      assert.not.match(readFileSync(path.join(dir, '.github/workflows', f), 'utf8'), /^\s+node-version-file:/m, f);
    }
  } finally { cleanup(dir); }
});

test.run();
