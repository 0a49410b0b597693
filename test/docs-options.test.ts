// Every option the docs give a command is one the command takes: a `tplsync CMD --option` (or a
// code span that starts with a command's name, `apply --wait`) in README.md, docs/ or the command
// pages' sources names an option of CMD (its own or a global one). (trial-o F7: api-assumptions.md
// documented `review --wait`, which `tplsync review` refuses as an unknown option.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from '@commander-js/extra-typings';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withGlobalOptions } from '../src/cli/command.ts';
import { COMMANDS } from '../src/cli/main.ts';
import { ROOT } from './helpers.ts';

/** each command's long options (and its aliases'), with the global ones and --help */
function optionsByCommand(): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  const global = withGlobalOptions(new Command('tplsync')).options.map((o) => o.long!).filter(Boolean);
  for (const c of COMMANDS) {
    const cmd = c.define(withGlobalOptions(new Command('tplsync')).command(c.name));
    const own = new Set<string>([...global, '--help', ...cmd.options.flatMap((o) => [o.long, o.negate ? o.long!.replace(/^--no-/, '--') : undefined].filter((x): x is string => Boolean(x)))]);
    // (a negatable --no-x is written --no-x; its --x too where declared)
    for (const o of cmd.options) if (o.long?.startsWith('--no-')) own.add(o.long);
    out.set(c.name, own);
    if (c.alias) out.set(c.alias, own);
  }
  return out;
}

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).map((f) => path.join('docs', f));
  const notes = readdirSync(path.join(ROOT, 'scripts', 'command-docs')).filter((f) => f.endsWith('.md')).map((f) => path.join('scripts', 'command-docs', f));
  return ['README.md', 'CONTRIBUTING.md', ...docs, ...notes];
}

/** the commands and the options the text gives each: code spans and console lines that start with `tplsync CMD` or `CMD` */
export function optionsNamed(text: string, commands: ReadonlySet<string>): { command: string; option: string; where: string; bare: boolean }[] {
  const out: { command: string; option: string; where: string; bare: boolean }[] = [];
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  const consoleLines = [...text.matchAll(/^\$ (tplsync .*)$/gm)].map((m) => m[1]!);
  for (const s of [...spans, ...consoleLines]) {
    // each command of the span (`a && tplsync b --x`): from its name to the next shell separator
    for (const part of s.split(/\s*(?:&&|\|\||;|\|)\s*/)) {
      const words = part.trim().split(/\s+/);
      const at = words[0] === 'tplsync' ? 1 : 0;
      const name = words[at];
      if (!name || !commands.has(name)) continue;
      // `translations export` and the like: the subcommand's words are no options
      for (const w of words.slice(at + 1)) {
        const m = /^(--[a-z][a-z0-9-]*)/.exec(w);
        if (m) out.push({ command: name, option: m[1]!, where: s, bare: at === 0 });
      }
    }
  }
  return out;
}

test('every `CMD --option` the docs name is an option CMD takes', () => {
  const options = optionsByCommand();
  const bad: string[] = [];
  for (const file of markdownFiles()) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    // the page of a command: a bare span there may be one of its subcommands (`export --target` on translations' page)
    const page = /^(?:docs[\\/]commands|scripts[\\/]command-docs)[\\/]([a-z-]+)\.md$/.exec(file)?.[1];
    for (const { command, option, where, bare } of optionsNamed(text, new Set(options.keys()))) {
      if (options.get(command)!.has(option) || (bare && page && options.get(page)?.has(option))) continue;
      bad.push(`${file}: \`${where}\`: ${command} has no ${option}`);
    }
  }
  assert.equal(bad, [], bad.join('\n'));
});

test('the scan finds an option a command does not take (review --wait)', () => {
  const named = optionsNamed('Following a review (`apply --wait`, `review --wait`)\n\n```console\n$ tplsync plan --out plan.json && tplsync apply plan.json --auto-approve\n```\n', new Set(['apply', 'review', 'plan']));
  assert.equal(named.map((n) => `${n.command} ${n.option}`), ['apply --wait', 'review --wait', 'plan --out', 'apply --auto-approve']);
  const options = optionsByCommand();
  assert.equal(named.filter((n) => !options.get(n.command)!.has(n.option)).map((n) => `${n.command} ${n.option}`), ['review --wait']);
});

test.run();
