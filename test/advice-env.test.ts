// Every command a message advises runs as printed, on the environment the advising run used: a
// bare `tplsync plan` (or review, pull ...) acts on the config's defaultEnvironment, so advice
// given by a run of another environment names it (`--env`), and pull's names its --channel.
// (trial-o F1: `pull it (tplsync pull --all)` needed --channel and --env; F4: a stale production
// plan advised `tplsync plan --out FILE`, apply --wait on production `tplsync review`.)
// A scan of src/ keeps it so: a `tplsync <command>` written out in a message is refused unless it
// is listed below with the reason it needs no environment.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, raw, ROOT, tempDir, writeBody, writeFiles } from './helpers.ts';

/** the commands whose run depends on the environment (its channel, its values) */
const COMMANDS = 'plan|apply|review|pull|status|send|promote|export';
/**
 * `tplsync <command>` written out in src/ where no environment applies, by file and the words that follow. Anything
 * else is advice of the run's environment and goes through adviceCommand (src/core/advice.ts).
 */
const ALLOWED: [file: string, text: RegExp, why: string][] = [
  ['src/terminal/output.ts', /^tplsync apply FILE/, 'a saved plan records its environment: apply FILE applies it there'],
  ['src/terminal/output.ts', /^tplsync apply\\` reads a saved/, 'says what apply reads (a saved plan from a file), advising no run: the saved plan records its environment'],
  ['src/cli/context.ts', /^tplsync apply \$\{canConfirm\(\)/, 'the apply of a saved plan (plan --out) or promotion (promote --out), which records its environments'],
  ['src/plan/saved.ts', /^tplsync (plan|promote) --(out|from ENV|format json)|^tplsync plan(:| this)/, 'a file that is no saved plan: no environment is known; or the words "tplsync plan" of a file\'s kind'],
  ['src/plan/saved.ts', /^tplsync promote --from \$\{saved\.source\.environment\} --to \$\{saved\.environment/, 'names both environments'],
  ['src/cli/apply.ts', /^tplsync (promote --from \$\{saved\.source\.environment\} --to|plan --env \$\{o\.env\})/, 'names the environments'],
  ['src/plan/render.ts', /^tplsync (plan|promote): |^tplsync promote --from \$\{shellWord/, 'the heading of a comment; a promotion names both environments'],
  ['src/github/comment.ts', /^tplsync (plan'|promote --from \$\{shellWord)/, 'a body whose heading names no environment; a promotion names both'],
  ['src/plan/review-state.ts', /^tplsync review --env/, 'names the other environment'],
  ['src/cli/pull.ts', /^tplsync review --env/, 'names the other environment'],
  ['src/cli/comment.ts', /^tplsync plan --format markdown stays/, 'a statement of what the renderer does, not a command to run'],
  ['src/cli/pull-from.ts', /^tplsync pull --from/, 'pull --from reads export files, not a channel'],
  ['src/model/meta-fields.ts', /^tplsync pull --from meta/, 'pull --from reads export files, not a channel'],
  ['src/cli/status.ts', /^tplsync send\)/, 'where a clientMessageId comes from'],
  ['src/send/render.ts', /^tplsync send --text/, 'the option of the send under way'],
  ['src/send/send.ts', /^tplsync send, which/, 'the send under way'],
  ['src/init/', /./, 'the files init writes (the config, the workflows name their --env)'],
  ['src/scaffold/', /./, 'the comments of a new template file'],
  ['src/lint/rules/', /./, 'a rule\'s documentation and findings: lint knows no channel'],
  ['src/typegen/', /./, 'the generated module\'s documentation'],
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? sources(path.join(dir, d.name)) : d.name.endsWith('.ts') ? [path.join(dir, d.name)] : []));
}

test('src/: every `tplsync <command>` a message advises goes through adviceCommand, or is listed with why it needs no environment', () => {
  const found: string[] = [];
  for (const abs of sources(path.join(ROOT, 'src'))) {
    const file = path.relative(ROOT, abs).split(path.sep).join('/');
    // the commands' declarations: their help is the documentation, written for every environment
    if (file.startsWith('src/cli/commands/')) continue;
    readFileSync(abs, 'utf8').split('\n').forEach((line, i) => {
      const t = line.trim();
      if (t.startsWith('//') || t.startsWith('*') || t.startsWith('/*')) return;
      for (const m of line.matchAll(new RegExp(`tplsync (?:${COMMANDS})\\b.{0,60}`, 'g'))) {
        const text = m[0];
        if (!ALLOWED.some(([f, re]) => file.startsWith(f) && re.test(text))) found.push(`${file}:${i + 1}: ${text}`);
      }
    });
  }
  assert.equal(found, [], `advice without the run's environment (use adviceCommand from src/core/advice.ts, or list it in ALLOWED with why):\n${found.join('\n')}`);
});

const KEY = 'k-advice-env';
/** the emulator of the test running (each its own: the templates one writes are not the next one's) */
let emu: RunningEmulator;

const TEMPLATE = (text: string) => `channel: wa\nname: seat_held\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { seat: 12A }\n`;
const env = { TPLSYNC_STAGING_KEY: KEY, TPLSYNC_PRODUCTION_KEY: KEY };
const LIST = '    list: { path: "/channel/{channelId}/templates", items: templates, id: publicId, next: nextCursor }\n';

/** staging (the default) and production, on an emulator of their own (its reviews take ten minutes), each its own channel; templates/seat_held.en_US.yaml */
async function inProject(fn: (dir: string) => Promise<void>): Promise<void> {
  emu = await startEmulator({ keys: [KEY], reviewDelayMs: 600_000 });
  const dir = tempDir('tplsync-advice-env-');
  try {
    writeProject(dir);
    await fn(dir);
  } finally { cleanup(dir); await emu.close(); }
}

function writeProject(dir: string): void {
  writeFiles(dir, {
    'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: staging\nenvironments:\n  staging:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_STAGING_KEY\n    channels: { wa: ${CHANNEL_A} }\n${LIST}  production:\n    baseUrl: ${emu.url}\n    apiKeyEnv: TPLSYNC_PRODUCTION_KEY\n    channels: { wa: ${CHANNEL_B} }\n${LIST}`,
    'templates/seat_held.en_US.yaml': TEMPLATE('Seat {{seat}} is reserved for you.'),
  });
}

/** the command lines `tplsync ...` a text advises: the command, then its options (each with its value) and FILE-like words */
const advised = (text: string, command: string): string[] => [...text.matchAll(new RegExp(`tplsync ${command}(?: (?:--[\\w-]+(?: (?!--)[^\\s;)\`]+)?|[A-Z]+\\b))*`, 'g'))].map((m) => m[0]);
/** a command line as printed, as its arguments */
const argsOf = (line: string): string[] => line.split(/\s+/).slice(1);

test('F1: an orphan of a non-default environment: the pull the plan advises names --channel and --env, and runs as printed', async () => {
  await inProject(async (dir) => {
    const id = '0c11bb22-cc33-4d44-8e55-ff6677889901';
    assert.is((await raw(`${emu.url}/channel/${CHANNEL_B}/template/${id}`, { key: KEY, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(writeBody('promo_weekend')) })).status, 200);
    const plan = await cliIn(['plan', '--env', 'production', '--orphans'], { cwd: dir, env });
    const lines = advised(plan.stdout, 'pull');
    assert.equal(lines, [`tplsync pull --channel wa --id ${id} --env production`, 'tplsync pull --all --channel wa --env production'], plan.stdout);
    const pulled = await cliIn(argsOf(lines[0]!), { cwd: dir, env });
    assert.is(pulled.exitCode, 0, pulled.stderr);
    assert.match(pulled.stdout, 'promo_weekend/en_US');
    // (the other: now managed by the file just written, and said so)
    const all = await cliIn(argsOf(lines[1]!), { cwd: dir, env });
    assert.is(all.exitCode, 0, all.stderr);
    assert.match(all.stdout, /already manages/);
  });
});

test('F4: a stale saved plan of a non-default environment advises the plan of that environment', async () => {
  await inProject(async (dir) => {
    assert.is((await cliIn(['plan', '--env', 'production', '--out', 'prod.json'], { cwd: dir, env })).exitCode, 0);
    writeFiles(dir, { 'templates/seat_held.en_US.yaml': TEMPLATE('Seat {{seat}} is held for you.') });
    const r = await cliIn(['apply', 'prod.json', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 4, r.stderr);
    assert.equal(advised(r.stderr, 'plan'), ['tplsync plan --out FILE --env production']);
  });
});

test('F6: a saved plan whose creates another run applied: said as written after the plan was made, by this plan or another run', async () => {
  await inProject(async (dir) => {
    assert.is((await cliIn(['plan', '--env', 'production', '--out', 'prod.json'], { cwd: dir, env })).exitCode, 0);
    assert.is((await cliIn(['apply', '--env', 'production', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const r = await cliIn(['apply', 'prod.json', '--auto-approve'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, '1 template of the plan is on the channel already as the plan writes it: written after the plan was made, by an earlier apply of this plan or by another run');
    assert.not.match(r.stderr, 'an earlier run of it wrote');
  });
});

test('apply on a non-default environment: the wait\'s review, the refusal of an edit in review and the exit name --env', async () => {
  await inProject(async (dir) => {
    // created and PENDING (the emulator's review takes ten minutes): the wait ends first
    const wait = await cliIn(['apply', '--env', 'production', '--auto-approve', '--wait', '--wait-timeout', '200ms'], { cwd: dir, env });
    assert.is(wait.exitCode, 5, wait.stderr);
    assert.ok(advised(wait.stderr, 'review').length >= 2, `${wait.stdout}\n${wait.stderr}`);
    for (const line of advised(wait.stderr, 'review')) assert.is(line, 'tplsync review --env production', wait.stderr);
    // an edit of the template in review: refused until the review ends, with the review of production to follow it
    writeFiles(dir, { 'templates/seat_held.en_US.yaml': TEMPLATE('Seat {{seat}} is held for you.') });
    const edit = await cliIn(['apply', '--env', 'production', '--auto-approve'], { cwd: dir, env });
    assert.is(edit.exitCode, 5, edit.stdout + edit.stderr);
    const all = advised(edit.stdout + edit.stderr, '(?:review|apply)');
    assert.ok(all.length >= 2, edit.stdout + edit.stderr);
    for (const line of all) assert.match(line, / --env production$/, line);
    // the review so advised runs as printed, on production
    const review = await cliIn(argsOf(advised(edit.stdout + edit.stderr, 'review')[0]!), { cwd: dir, env });
    assert.match(review.stdout, 'seat_held');
    assert.match(review.stdout, 'PENDING');
  });
});

test('pull of a template that changed, on a non-default environment: the way to name its placeholders names the environment', async () => {
  await inProject(async (dir) => {
    assert.is((await cliIn(['apply', '--env', 'production', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const id = templateId(CHANNEL_B, 'seat_held', 'en_US');
    const approved = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_B, template: id, statusText: 'APPROVED' }) });
    assert.is(approved.status, 200);
    // applied from elsewhere with another sample: which number is which name cannot be told
    writeFiles(dir, { 'other/seat.yaml': TEMPLATE('Seat {{seat}} in row {{row}} is yours.').replace('{ seat: 12A }', '{ seat: 14C, row: "14" }') });
    const edit = await cliIn(['apply', 'other/seat.yaml', '--env', 'production', '--auto-approve'], { cwd: dir, env });
    assert.is(edit.exitCode, 0, edit.stdout + edit.stderr);
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_B, 'seat_held', 'en_US'), '--env', 'production', '--force'], { cwd: dir, env });
    // the names cannot be told from an export either (the same rule decides): no export advised, the renaming said by hand;
    // every command the pull still advises names production
    assert.equal(advised(r.stderr, 'export'), [], r.stderr);
    assert.match(r.stderr, /by hand/, r.stderr);
    for (const line of advised(r.stderr, '(?:pull|plan|apply|review|lint)')) assert.match(line, / --env production\b|^tplsync lint/, line);
  });
});

test.run();
