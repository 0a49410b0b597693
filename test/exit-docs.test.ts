// The exit codes each command's page documents are the ones it gives: every scenario below runs
// the CLI as a user would and looks its exit code up in the command's "Exit codes" table in
// docs/commands/<command>.md; the row must exist and say what happened. Each documented code is
// covered by a scenario, except those listed in UNCOVERED with the test file that covers them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { cleanup, cliIn, refusedUrl, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

const KEY = 'exit-docs-key';
const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';

/** code -> "when" of a command's documented table */
function documented(command: string): Map<number, string> {
  const page = readFileSync(path.join(ROOT, 'docs', 'commands', `${command}.md`), 'utf8');
  const section = page.slice(page.indexOf('## Exit codes'));
  const rows = new Map<number, string>();
  for (const m of section.matchAll(/^\| (\d+) \| (.+) \|$/gm)) rows.set(Number(m[1]), m[2]!);
  assert.ok(rows.size > 0, `docs/commands/${command}.md has an exit-code table`);
  return rows;
}

/** documented codes no scenario here gives, and where they are tested instead */
const UNCOVERED: Record<string, Record<number, string>> = {
  '*': { 70: 'a bug: the internal-error path is tested in test/exits.test.ts', 130: 'interrupts: test/interrupt.test.ts and test/signals.test.ts', 143: 'SIGTERM: test/signals.test.ts' },
  apply: { 5: 'partial applies: test/apply-exit.test.ts' },
  plan: { 5: 'updates apply would skip: test/plan-apply-skips.test.ts' },
  comment: { 0: 'test/comment.test.ts (a GitHub stand-in)', 6: 'test/comment.test.ts', 7: 'test/comment.test.ts' },
  emulator: { 0: 'stopping with a signal: test/emulator-lock.test.ts' },
  preview: { 1: 'test/preview-changes.test.ts', 6: 'test/preview-changes.test.ts', 7: 'test/preview-changes.test.ts' },
  pull: { 5: 'test/pull-partial.test.ts', 6: 'test/canary-cli.test.ts', 7: 'test/pull-existing.test.ts' },
  send: { 1: 'test/send.test.ts', 6: 'test/canary-cli.test.ts', 7: 'test/send.test.ts' },
  status: { 6: 'test/send.test.ts', 7: 'test/send.test.ts' },
  types: {},
};

interface Scenario { command: string; args: string[]; when: RegExp; env?: Record<string, string>; setup?: (dir: string) => void | Promise<void> }

let emu: RunningEmulator;
let dir: string;
/** a loopback port nothing listens on (taken, then let go) */
let closedPort = 0;
const seen = new Map<string, Set<number>>();

test.before(async () => {
  emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0, statusDelayMs: 0 });
  dir = tempDir('tplsync-exit-docs-');
  closedPort = Number(new URL(await refusedUrl()).port);
});
test.after(async () => { await emu.close(); cleanup(dir); });

/** a fresh project per scenario: one clean template, environments local, remote (the emulator) and down */
function project(name: string): string {
  const d = path.join(dir, name);
  writeFiles(d, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/emulator.json
    channels: { shop-whatsapp: ${CHANNEL} }
  remote:
    baseUrl: ${emu.url}
    apiKeyEnv: EXIT_DOCS_KEY
    channels: { shop-whatsapp: ${CHANNEL} }
  down:
    baseUrl: http://127.0.0.1:${closedPort}
    apiKeyEnv: EXIT_DOCS_KEY
    retries: 0
    channels: { shop-whatsapp: ${CHANNEL} }
`,
    'templates/order_ready.en_US.yaml': VALID,
  });
  return d;
}
const applyLocal = async (d: string) => { const r = await cliIn(['apply', '--auto-approve'], { cwd: d }); assert.is(r.exitCode, 0, r.stderr); };
const broken = (d: string) => writeFiles(d, { 'templates/bad.en_US.yaml': VALID.replace('order_ready', 'bad').replace('UTILITY', 'UTILTY') });

const SCENARIOS: Scenario[] = [
  { command: 'lint', args: [], when: /no errors/ },
  { command: 'lint', args: [], setup: broken, when: /errors/ },
  { command: 'lint', args: ['--format', 'nope'], when: /unknown `--format`/ },
  { command: 'fmt', args: ['--check'], setup: (d) => writeFiles(d, { 'templates/order_ready.en_US.yaml': 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody: {text: "Hello {{1}}, your order is ready for pickup at the store.", examples: {1: Ana}}\n' }), when: /would change/ },
  { command: 'fmt', args: [], when: /formatted/ },
  { command: 'fmt', args: ['--nope'], when: /bad option/ },
  { command: 'init', args: ['--yes', '--channel', 'not an alias!'], when: /bad `--channel`/ },
  { command: 'init', args: ['--yes'], when: /everything already there/ },
  { command: 'new', args: ['--channel', 'shop-whatsapp', '--name', 'welcome_offer'], when: /written/ },
  { command: 'new', args: ['--channel', 'nowhere', '--name', 'welcome_offer'], when: /not an alias/ },
  { command: 'plan', args: [], when: /planned/ },
  { command: 'plan', args: ['--detailed-exitcode'], when: /changes to create/ },
  { command: 'plan', args: [], setup: broken, when: /lint errors/ },
  { command: 'plan', args: ['--env', 'nope'], when: /environment/ },
  { command: 'plan', args: ['--env', 'remote'], env: { EXIT_DOCS_KEY: 'wrong-key' }, when: /key was refused/ },
  { command: 'plan', args: ['--env', 'down'], env: { EXIT_DOCS_KEY: KEY }, when: /could not be reached/ },
  { command: 'review', args: [], when: /not approved/ },
  { command: 'export', args: ['--to', 'meta'], when: /every template exported/ },
  { command: 'export', args: ['--to', 'meta'], setup: broken, when: /lint errors/ },
  { command: 'export', args: ['--to', 'nope'], when: /bad option/ },
  { command: 'promote', args: ['--from', 'local', '--to', 'remote'], env: { EXIT_DOCS_KEY: KEY }, when: /planned/ },
  {
    command: 'promote', args: ['--from', 'local', '--to', 'remote', '--detailed-exitcode'], env: { EXIT_DOCS_KEY: KEY }, when: /something to promote/,
    setup: applyLocal,
  },
  { command: 'promote', args: ['--from', 'local', '--to', 'remote'], env: { EXIT_DOCS_KEY: KEY }, setup: broken, when: /lint errors/ },
  { command: 'promote', args: ['--from', 'local', '--to', 'local'], when: /the same/ },
  // (the target is read only for what the source approved: apply to the source first)
  { command: 'promote', args: ['--from', 'local', '--to', 'remote'], env: { EXIT_DOCS_KEY: 'wrong-key' }, setup: applyLocal, when: /key of either environment was refused/ },
  { command: 'promote', args: ['--from', 'local', '--to', 'down'], env: { EXIT_DOCS_KEY: KEY }, setup: applyLocal, when: /could not be reached/ },
  {
    command: 'review', args: [], when: /every template is APPROVED/,
    setup: async (d) => { const r = await cliIn(['apply', '--auto-approve'], { cwd: d }); assert.is(r.exitCode, 0, r.stderr); },
  },
  { command: 'review', args: [], setup: broken, when: /lint errors/ },
  { command: 'review', args: ['--env', 'nope'], when: /environment/ },
  { command: 'review', args: ['--env', 'remote'], env: { EXIT_DOCS_KEY: 'wrong-key' }, when: /key was refused/ },
  { command: 'review', args: ['--env', 'down'], env: { EXIT_DOCS_KEY: KEY }, when: /could not be reached/ },
  { command: 'apply', args: ['--auto-approve'], when: /everything written/ },
  { command: 'apply', args: [], when: /no `--auto-approve`/ },
  { command: 'apply', args: ['--auto-approve'], setup: broken, when: /lint errors/ },
  {
    command: 'apply', args: ['plan.json', '--auto-approve'], when: /stale/,
    setup: async (d) => {
      const r = await cliIn(['plan', '--out', 'plan.json'], { cwd: d });
      assert.is(r.exitCode, 0, r.stderr);
      writeFileSync(path.join(d, 'templates/order_ready.en_US.yaml'), VALID.replace('Ana', 'Maria'));
    },
  },
  { command: 'apply', args: ['--auto-approve', '--env', 'remote'], env: { EXIT_DOCS_KEY: 'wrong-key' }, when: /key was refused/ },
  { command: 'apply', args: ['--auto-approve', '--env', 'down'], env: { EXIT_DOCS_KEY: KEY }, when: /could not be reached/ },
  { command: 'types', args: [], when: /written/ },
  { command: 'types', args: ['--check'], when: /stale/ },
  { command: 'types', args: ['--nope'], when: /bad option/ },
  { command: 'preview', args: ['--out', 'preview'], when: /written/ },
  { command: 'preview', args: [], when: /no `--out`/ },
  { command: 'pull', args: ['--channel', 'shop-whatsapp', '--id', '7563f4f9-7a7c-590e-8843-8b805ca99f15', '--env', 'remote', '--dir', 'pulled'], env: { EXIT_DOCS_KEY: KEY }, when: /not on the channel/ },
  { command: 'pull', args: ['--channel', 'nowhere', '--id', '7563f4f9-7a7c-590e-8843-8b805ca99f15', '--env', 'remote'], env: { EXIT_DOCS_KEY: KEY }, when: /channel/ },
  {
    command: 'pull', args: ['--channel', 'shop-whatsapp', '--all', '--env', 'local', '--dir', 'pulled', '--force'], when: /written/,
    setup: async (d) => {
      writeFileSync(path.join(d, 'tplsync.config.yaml'), readFileSync(path.join(d, 'tplsync.config.yaml'), 'utf8').replace(`    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: ${CHANNEL} }`, `    emulator: .tplsync/emulator.json\n    channels: { shop-whatsapp: ${CHANNEL} }\n    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId, next: nextCursor }`));
      const r = await cliIn(['apply', '--auto-approve'], { cwd: d });
      assert.is(r.exitCode, 0, r.stderr);
    },
  },
  { command: 'send', args: ['--channel', 'shop-whatsapp', '--to', '+4915100000001', '--text', 'hello', '--env', 'remote'], env: { EXIT_DOCS_KEY: KEY }, when: /sent/ },
  { command: 'send', args: ['--channel', 'shop-whatsapp', '--to', '+4915100000001', '--env', 'remote'], env: { EXIT_DOCS_KEY: KEY }, when: /bad option/ },
  { command: 'status', args: ['3b0c1f7e-8a55-4b8e-9d1c-2f6a7e9b0c44', '--env', 'remote'], env: { EXIT_DOCS_KEY: KEY }, when: /no message was sent/ },
  { command: 'status', args: ['not-a-uuid', '--env', 'remote'], env: { EXIT_DOCS_KEY: KEY }, when: /bad option/ },
  {
    command: 'status', args: [], env: { EXIT_DOCS_KEY: KEY }, when: /status was read/,
    setup: async (d) => {
      const r = await cliIn(['send', '--channel', 'shop-whatsapp', '--to', '+4915100000001', '--text', 'hello', '--env', 'remote'], { cwd: d, env: { EXIT_DOCS_KEY: KEY } });
      assert.is(r.exitCode, 0, r.stderr);
      SCENARIOS.find((s) => s.command === 'status' && s.args.length === 0)!.args.push(r.stdout.trim(), '--env', 'remote');
    },
  },
  { command: 'comment', args: ['--body-file', 'nope.md'], env: { GITHUB_TOKEN: '' }, when: /no `\$GITHUB_TOKEN`/ },
  { command: 'emulator', args: ['--port', '0'], env: { TPLSYNC_API_KEY: '' }, when: /no key/ },
];

SCENARIOS.forEach((s, i) => {
  test(`${s.command} ${s.args.join(' ')}: the exit code is documented for what happened`, async () => {
    const d = project(`s${i}`);
    await s.setup?.(d);
    const r = await cliIn([s.command, ...s.args], { cwd: d, env: { EXIT_DOCS_KEY: undefined, ...s.env } });
    const rows = documented(s.command);
    const when = rows.get(r.exitCode);
    assert.ok(when !== undefined, `tplsync ${s.command} exited ${r.exitCode}, which docs/commands/${s.command}.md does not list (${[...rows.keys()].join(', ')}):\n${r.stdout}${r.stderr}`);
    assert.match(when!, s.when, `exit ${r.exitCode} of tplsync ${s.command} ${s.args.join(' ')} is documented as "${when}":\n${r.stdout}${r.stderr}`);
    const set = seen.get(s.command) ?? new Set<number>();
    set.add(r.exitCode);
    seen.set(s.command, set);
  });
});

test('every documented exit code of every command is given by a scenario, or covered elsewhere by name', () => {
  const missing: string[] = [];
  for (const command of Object.keys(UNCOVERED).filter((c) => c !== '*').concat(['lint', 'fmt', 'init', 'new', 'plan'])) {
    for (const code of documented(command).keys()) {
      if (seen.get(command)?.has(code) || UNCOVERED['*']![code] || UNCOVERED[command]?.[code]) continue;
      missing.push(`${command} ${code}`);
    }
  }
  assert.equal(missing, []);
});

test.run();
