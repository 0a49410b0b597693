// An empty string given as an option's value or as an argument (a CI step's `--out "$PLAN"` or
// `apply "$PLAN"` with the variable unset or misspelt) was taken as no option or no argument at all:
// `plan --out ""` saved nothing (exit 0), `apply --auto-approve ""` planned the working tree afresh
// and applied it instead of the reviewed plan, `lint -o ""` wrote to stdout. It is a usage error
// (exit 3) for every command, checked where every command goes through (src/cli/command.ts), before
// anything is read or written.
import './seed.ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Command, Option } from '@commander-js/extra-typings';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { COMMANDS } from '../src/cli/main.ts';
import { defineCommand, emptyAllowed } from '../src/cli/command.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const TEMPLATE = 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{name}}, your order {{order}} is confirmed."\n  examples: { name: Rita, order: "4471" }\n';

/** every file under `dir`, relative, sorted */
function listing(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/')).sort();
}

test('plan --out "", apply "", lint -o "", export --out "", pull FILE "", --env "": exit 3 naming what is empty; nothing written, nothing applied', async () => {
  const requests: string[] = [];
  const emu = await startEmulator({ keys: ['key-1'], reviewDelayMs: 0, log: (line) => { requests.push(line); } });
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/*.yaml"]\ndefaultEnvironment: dev\nenvironments:\n  dev:\n    baseUrl: ${emu.url}\n    apiKeyEnv: SHOP_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\nchannels: { shop-whatsapp: { kind: whatsapp } }\n`,
      'templates/order_ready.en_US.yaml': TEMPLATE,
    });
    const env = { SHOP_KEY: 'key-1' };
    const run = (args: string[]) => cliIn(args, { cwd: dir, env });
    let r = await run(['apply', '--auto-approve']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    // an edit in the working tree, not planned nor reviewed
    writeFiles(dir, { 'templates/order_ready.en_US.yaml': TEMPLATE.replace('is confirmed.', 'is confirmed today.') });
    const channel = JSON.stringify([...emu.state.templates.values()]);
    const files = listing(dir);
    requests.length = 0;

    const refused: [string[], RegExp][] = [
      [['plan', '--out', ''], /^tplsync: --out needs a file name, got an empty string: is a variable unset\?$/],
      [['plan', '--out', '   '], /^tplsync: --out needs a file name, got only blanks \(" {3}"\): is a variable unset\?$/],
      [['plan', '--out='], /--out needs a file name, got an empty string/],
      [['apply', '--auto-approve', ''], /^tplsync: apply: an argument is an empty string, where apply takes a plan file from `plan --out`, or template paths: is a variable unset\?$/],
      [['apply', ''], /apply: an argument is an empty string/],
      [['apply', '--auto-approve', 'templates/order_ready.en_US.yaml', ''], /apply: an argument is an empty string/],
      [['apply', '--auto-approve', '--results', ''], /--results needs a file name, got an empty string/],
      [['lint', '-o', ''], /^tplsync: --output needs a file name, got an empty string: is a variable unset\?$/],
      [['lint', ''], /lint: an argument is an empty string, where lint takes files, directories or globs/],
      [['export', '--to', 'meta', '--out', ''], /--out needs a file name, got an empty string/],
      [['pull', '--channel', 'shop-whatsapp', '--from', 'meta', ''], /pull: an argument is an empty string, where pull takes with --from: the export files/],
      [['pull', '--channel', 'shop-whatsapp', '--all', '--dir', ''], /--dir needs a folder name, got an empty string/],
      [['pull', '--channel', '', '--all'], /--channel needs a channel alias, got an empty string/],
      [['types', '--out', ''], /--out needs a file name/],
      [['translations', 'export', '--source', 'en_US', '--target', 'de', '--out', ''], /--out needs a path/],
      [['preview', '--out', ''], /--out needs a folder name, got an empty string/],
      // the global options, before the command's name or after it
      [['--env', '', 'apply', '--auto-approve'], /^tplsync: --env needs an environment name, got an empty string: is a variable unset\?$/],
      [['apply', '--auto-approve', '--env', ''], /--env needs an environment name/],
      [['plan', '--config', ''], /--config needs a file name/],
    ];
    for (const [args, message] of refused) {
      r = await run(args);
      assert.is(r.exitCode, 3, `${JSON.stringify(args)}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, message, JSON.stringify(args));
      assert.is(r.stdout, '', `${JSON.stringify(args)}: nothing on stdout`);
    }
    assert.equal(listing(dir), files, 'no file written');
    assert.equal(requests, [], 'nothing reached the API');
    assert.is(JSON.stringify([...emu.state.templates.values()]), channel, 'the channel unchanged');
    // the same commands with the values given still work (the refusal is of the empty value only)
    r = await run(['plan', '--out', 'plan.json']);
    assert.is(r.exitCode, 0, r.stderr);
    r = await run(['apply', '--auto-approve', 'plan.json']);
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /1 updated/);
  } finally { cleanup(dir); await emu.close(); }
});

/** the value each required option of a command is given, so that only the option under test is empty */
const FILLER: Record<string, string> = { '--to': 'meta', '--from': 'meta', '--channel': 'shop-whatsapp', '--name': 'x', '--body-file': 'b.md' };

test('every option that takes a value, of every command, and every argument: the empty string is refused (exit 3) before anything is read or written', async () => {
  const dir = tempDir();
  try {
    let checked = 0;
    for (const m of COMMANDS) {
      const c = m.define(new Command(m.name) as never);
      const required = c.options.filter((o) => o.mandatory).flatMap((o) => [o.long!, c.name() === 'send' && o.long === '--to' ? '+4915112345678' : FILLER[o.long!] ?? 'x']);
      const positional = c.registeredArguments.filter((a) => a.required).map(() => 'export');
      for (const o of c.options) {
        if (!o.required && !o.optional) continue; // a flag takes no value
        const args = [m.name, ...positional, ...required.filter((_, i, all) => all[i - (i % 2)] !== o.long), o.long!, ''];
        const r = await cliIn(args, { cwd: dir });
        assert.is(r.exitCode, 3, `${JSON.stringify(args)}: ${r.stdout}${r.stderr}`);
        // an option of fixed choices is refused by the parser, with the choices
        if (o.argChoices) assert.match(r.stderr, /argument '' is invalid/, JSON.stringify(args));
        else assert.ok(r.stderr.startsWith(`tplsync: ${o.long} needs `) && r.stderr.endsWith('got an empty string: is a variable unset?'), `${JSON.stringify(args)}: ${r.stderr}`);
        checked++;
      }
      if (c.registeredArguments.length) {
        const args = [m.name, ...required, ''];
        const r = await cliIn(args, { cwd: dir });
        assert.is(r.exitCode, 3, `${JSON.stringify(args)}: ${r.stdout}${r.stderr}`);
        assert.match(r.stderr, new RegExp(`^tplsync: ${m.name}: an argument is an empty string`), JSON.stringify(args));
        checked++;
      }
    }
    assert.ok(checked > 80, `${checked} options and arguments checked`);
    assert.equal(listing(dir), [], 'nothing written');
  } finally { cleanup(dir); }
});

test('an option declared with emptyAllowed gets its empty value; the others of the same command are refused', async () => {
  const got: unknown[] = [];
  const m = defineCommand('x', (c) => c.addOption(emptyAllowed(new Option('--prefix <text>', 'put before'))).option('--out <file>', 'where'), async (_a, o) => { got.push(o.prefix); return 0; });
  const program = new Command().exitOverride();
  m.install(program as never, () => {});
  await program.parseAsync(['x', '--prefix', ''], { from: 'user' });
  assert.equal(got, ['']);
  try {
    await program.parseAsync(['x', '--prefix', '', '--out', ''], { from: 'user' });
    assert.unreachable('--out "" refused');
  } catch (e) {
    assert.is((e as Error).name, 'UsageError');
    assert.is((e as Error).message, '--out needs a file name, got an empty string: is a variable unset?');
  }
});

test.run();
