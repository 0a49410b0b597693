// A rejection's hint names the lint rule that checks what the reason says. When the project's config
// turns that rule off (or to info) for the template's file, lint says nothing of it (or does not fail
// on it), so review and plan say where the config turns it down instead of "run tplsync lint".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Ro3`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

/** a template whose body starts with its placeholder (what placeholder-position finds), or (`clean`) one that does not */
const GATE = (name: string) => name.includes('loud')
  ? `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Dear {{1}}, boarding for your flight ends in 10 minutes at the gate shown on your pass."\n  examples: { 1: Ana }\n`
  : `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "{{1}}, the gate for your flight closes in 15 minutes. Please make your way to the gate now."\n  examples: { 1: Ana }\n`;

async function control(body: unknown): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.is(res.status, 200, await res.text());
}

/** a project whose templates (`files`: path -> name) were applied and then rejected for a variable at the start; `rules`: the config's lines after the environment */
async function rejected(rules: string, files: Record<string, string>, use: (run: (args: string[]) => ReturnType<typeof cliIn>) => Promise<void>): Promise<void> {
  const dir = tempDir('tplsync-rule-off-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    apiKeyEnv: RO_KEY\n    channels: { wa: ${CHANNEL_A} }\n${rules}`,
      ...Object.fromEntries(Object.entries(files).map(([f, name]) => [f, GATE(name)])),
    });
    const run = (args: string[]) => cliIn(args, { cwd: dir, env: { RO_KEY: KEY } });
    const applied = await run(['apply', '--auto-approve']);
    // (the emulator's own review may reject it at once: exit 5)
    assert.ok(applied.exitCode === 0 || applied.exitCode === 5, applied.stdout + applied.stderr);
    const plan = JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { publicId: string }[] };
    for (const c of plan.changes) await control({ channel: CHANNEL_A, template: c.publicId, statusText: 'REJECTED', reason: 'INVALID_FORMAT', recommendation: 'Remove the variable at the start of the text' });
    await use(run);
  } finally { cleanup(dir); }
}

const suffix = () => Math.random().toString(36).slice(2, 8);

test('the rule is off in the config: review and plan say so and where (rules), not "run tplsync lint", which finds nothing', async () => {
  const name = `gate_closing_${suffix()}`;
  await rejected('rules:\n  placeholder-position: off\n', { 'templates/gate.yaml': name }, async (run) => {
    const lint = await run(['lint']);
    assert.is(lint.exitCode, 0, 'lint says nothing of a rule turned off');
    const want = 'lint rule placeholder-position checks this, but it is off in tplsync.config.yaml (rules: placeholder-position: off), so tplsync lint says nothing of it: turn it back on there and run tplsync lint';
    const review = await run(['review']);
    assert.is(review.exitCode, 2, review.stderr);
    assert.match(review.stdout, want);
    assert.not.match(review.stdout, 'checks this: run tplsync lint');
    const json = JSON.parse((await run(['review', '--format', 'json'])).stdout) as { templates: { rule?: string; todo?: string }[] };
    assert.is(json.templates[0]!.rule, 'placeholder-position');
    assert.match(json.templates[0]!.todo!, want);
    const plan = await run(['plan']);
    assert.match(plan.stdout, want);
    assert.not.match(plan.stdout, 'checks this: run tplsync lint');
  });
});

test('an override sets it to info for some files: their hint names the override; a file it does not match keeps "run tplsync lint"', async () => {
  const quiet = `gate_quiet_${suffix()}`;
  const loud = `gate_loud_${suffix()}`;
  await rejected('overrides:\n  - files: ["templates/quiet/**"]\n    rules: { placeholder-position: info }\n', { 'templates/quiet/gate.yaml': quiet, 'templates/loud/boarding.yaml': loud }, async (run) => {
    const review = await run(['review']);
    const lines = review.stdout.split('\n');
    const todo = (name: string) => lines[lines.findIndex((l) => l.includes(name)) + 3] ?? '';
    assert.match(todo(quiet), 'lint rule placeholder-position checks this, but it is set to info in tplsync.config.yaml (overrides[0]: placeholder-position: info), so tplsync lint reports it without failing: set it to error there and run tplsync lint');
    assert.match(todo(loud), '(lint rule placeholder-position checks this: run tplsync lint)');
  });
});

test('promote: the target\'s rejection hint says the rule is off in the config, as plan does', async () => {
  const dir = tempDir('tplsync-rule-off-promote-');
  const name = `gate_promote_${suffix()}`;
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: s\nenvironments:\n  s:\n    baseUrl: ${emu.url}\n    apiKeyEnv: RO_KEY\n    channels: { wa: ${CHANNEL_B} }\n  p:\n    baseUrl: ${emu.url}\n    apiKeyEnv: RO_KEY\n    channels: { wa: ${CHANNEL_A} }\nrules:\n  placeholder-position: off\n`,
      'templates/gate.yaml': GATE(name),
    });
    const run = (args: string[]) => cliIn(args, { cwd: dir, env: { RO_KEY: KEY } });
    for (const [env, channel] of [['s', CHANNEL_B], ['p', CHANNEL_A]] as const) {
      const applied = await run(['apply', '--auto-approve', '--env', env]);
      assert.ok(applied.exitCode === 0 || applied.exitCode === 5, applied.stdout + applied.stderr);
      const id = (JSON.parse((await run(['plan', '--format', 'json', '--env', env])).stdout) as { changes: { publicId: string }[] }).changes[0]!.publicId;
      await control(env === 's'
        ? { channel, template: id, statusText: 'APPROVED' }
        : { channel, template: id, statusText: 'REJECTED', reason: 'INVALID_FORMAT', recommendation: 'Remove the variable at the start of the text' });
    }
    const promote = await run(['promote', '--from', 's', '--to', 'p']);
    assert.match(promote.stdout, 'lint rule placeholder-position checks this, but it is off in tplsync.config.yaml (rules: placeholder-position: off)', promote.stdout + promote.stderr);
  } finally { cleanup(dir); }
});

test.run();
