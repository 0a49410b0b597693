// The CLI in the test process (src/core/io.ts, test/helpers.ts cliIn): a run reads and writes only
// its own stdout, stderr, stdin, working directory and variables, several runs at once each get
// their own answer, and a run leaves nothing behind (no secret registered for the next run, no
// signal listener, nothing written where the test process stands). And the rule that makes it
// hold: src/ reads none of these from `process` outside the places that mean the process itself.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { startEmulator } from '../src/emulator/server.ts';
import { cleanup, cli, cliIn, CONFIG, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

/** a template with a lint error (a placeholder with no example) */
const BROKEN = VALID.replace('  examples: { 1: Ana }\n', '');

function project(files: Record<string, string>): string {
  const dir = tempDir('tplsync-io-');
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
  return dir;
}

test('two runs at once with different working directories and variables: each gets its own answer, files and colours', async () => {
  const a = project({ 'templates/broken_one.yaml': BROKEN.replace('order_ready', 'broken_one') });
  const b = project({ 'templates/fine_one.yaml': VALID.replace('order_ready', 'fine_one') });
  try {
    const [ra, rb, ca, cb] = await Promise.all([
      cliIn(['lint', '--format', 'github'], { cwd: a, env: { GITHUB_STEP_SUMMARY: path.join(a, 'summary.md') } }),
      cliIn(['lint', '--format', 'github'], { cwd: b, env: { GITHUB_STEP_SUMMARY: path.join(b, 'summary.md') } }),
      cliIn(['lint'], { cwd: a, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } }),
      cliIn(['lint'], { cwd: b, env: { NO_COLOR: '1' } }),
    ]);
    assert.is(ra.exitCode, 1, ra.stderr);
    assert.match(ra.stdout, /templates\/broken_one\.yaml/);
    assert.not.match(ra.stdout, /fine_one/);
    assert.is(rb.exitCode, 0, rb.stdout + rb.stderr);
    assert.not.match(rb.stdout, /broken_one/);
    // each run's step summary went to its own variable's file
    assert.match(readFileSync(path.join(a, 'summary.md'), 'utf8'), /broken_one/);
    assert.not.match(readFileSync(path.join(b, 'summary.md'), 'utf8'), /broken_one/);
    // FORCE_COLOR in one run, NO_COLOR in the other
    assert.is(ca.exitCode, 1);
    assert.match(ca.stdout, /\x1b\[/, 'FORCE_COLOR=1 colours the run that has it');
    assert.is(cb.exitCode, 0);
    assert.not.match(cb.stdout + cb.stderr, /\x1b\[/, 'NO_COLOR: no colour');
  } finally { cleanup(a); cleanup(b); }
});

test('three runs at once against one emulator, each with its own key variable: each is answered as its key says, and none prints a key', async () => {
  const KEY = 'io-context-key-0123456789';
  const emu = await startEmulator({ keys: [KEY] });
  const dir = tempDir('tplsync-io-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `environments:\n  t:\n    baseUrl: ${emu.url}\n    apiKeyEnv: IO_CONTEXT_KEY\n    channels: {}\n` });
    const id = '7d1c1c0e-3f4a-4b5c-8d6e-0f1a2b3c4d5e';
    const [right, wrong, none] = await Promise.all([
      cliIn(['status', id], { cwd: dir, env: { IO_CONTEXT_KEY: KEY } }),
      cliIn(['status', id], { cwd: dir, env: { IO_CONTEXT_KEY: 'not-the-key-9876543210' } }),
      cliIn(['status', id], { cwd: dir, env: { IO_CONTEXT_KEY: undefined } }),
    ]);
    assert.is(right.exitCode, 3, right.stderr);
    assert.match(right.stderr, /No messages were sent with clientMessageId/);
    assert.is(wrong.exitCode, 6, wrong.stderr);
    assert.not.match(wrong.stderr, /No messages were sent/);
    assert.is(none.exitCode, 3, none.stderr);
    assert.match(none.stderr, /IO_CONTEXT_KEY/);
    for (const r of [right, wrong, none]) assert.not.match(r.stdout + r.stderr, /io-context-key|not-the-key/);
  } finally { cleanup(dir); await emu.close(); }
});

test('a run writes relative paths under its own working directory, never the process\'s', async () => {
  const dir = project({});
  try {
    const r = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', 'written_here', '--dir', 'made'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.is(r.stdout, 'made/written_here.en_US.yaml');
    assert.ok(existsSync(path.join(dir, 'made', 'written_here.en_US.yaml')));
    assert.not.ok(existsSync(path.join(ROOT, 'made')), 'nothing written where the test process stands');
    assert.is(process.cwd(), path.resolve(ROOT));
  } finally { cleanup(dir); }
});

test('a run leaves nothing behind: the secrets of its variables are not redacted in the next run, no signal listener stays', async () => {
  const dir = project({});
  const listeners = [process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')];
  try {
    const name = 'order_token_value_abc';
    const first = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', name, '--force'], { cwd: dir, env: { GITHUB_TOKEN: name } });
    assert.is(first.exitCode, 0, first.stderr);
    assert.not.match(first.stdout, name, 'the run with GITHUB_TOKEN redacts it');
    assert.match(first.stdout, /\[redacted\]/);
    const second = await cliIn(['new', '--channel', 'shop-whatsapp', '--name', name, '--force'], { cwd: dir });
    assert.is(second.exitCode, 0, second.stderr);
    assert.is(second.stdout, `templates/${name}.en_US.yaml`, 'the next run, without it, has nothing to redact');
    assert.equal([process.listenerCount('SIGINT'), process.listenerCount('SIGTERM')], listeners);
  } finally { cleanup(dir); }
});

test('stdin is the run\'s own: apply reads no answer from the test process, and refuses without a terminal', async () => {
  const dir = project({ 'templates/order_ready.yaml': VALID });
  try {
    const r = await cliIn(['apply'], { cwd: dir, input: 'yes\n' });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /stdin is not a terminal/);
  } finally { cleanup(dir); }
});

test('in-process and child give the same exit code, stdout and stderr (the bin exits with what main returns)', async () => {
  const dir = project({ 'templates/broken_one.yaml': BROKEN.replace('order_ready', 'broken_one'), 'templates/fine_one.yaml': VALID.replace('order_ready', 'fine_one') });
  try {
    for (const args of [['lint'], ['lint', '--format', 'json'], ['lint', 'templates/fine_one.yaml'], ['plan', '--env', 'nowhere'], ['lint', '--no-such-option'], ['--help'], ['nonsense']]) {
      const [child, own] = await Promise.all([cli(args, { cwd: dir }), cliIn(args, { cwd: dir })]);
      assert.equal(own, child, args.join(' '));
    }
  } finally { cleanup(dir); }
});

/**
 * What src/ may not read from `process`: a run's I/O comes from io(). Each exception names why
 * it is the process's own.
 */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/process\.cwd\(\)/, 'process.cwd()'],
  [/process\.env\b/, 'process.env'],
  [/process\.(stdout|stderr|stdin)\b/, 'process.stdout/stderr/stdin'],
  [/process\.argv\b/, 'process.argv'],
  [/process\.exitCode\b/, 'process.exitCode (only the bin sets it)'],
  [/process\.chdir\(/, 'process.chdir'],
  [/path\.resolve\([^,()]+\)/, 'path.resolve(x) against the process\'s directory (resolvePath)'],
];
const ALLOWED: Record<string, { pattern: RegExp; why: string }[]> = {
  'core/io.ts': [{ pattern: /./, why: 'the context itself: its default is the process' }],
  'core/interrupt.ts': [{ pattern: /process\.stderr/, why: 'the signal handler of the process writes to the process\'s stderr' }],
  'lint/lint-files.ts': [{ pattern: /process\.env\.NODE_OPTIONS/, why: 'the flags this process runs with, not the run\'s variables' }],
  'core/code-cache.ts': [{ pattern: /process\.env|path\.resolve\(own\)/, why: 'the bin\'s loader, before any run exists: where this process keeps its compiled code' }],
};

/** what src/ may not read of `process` by any road: the members of the run's I/O */
const PROCESS_MEMBERS = new Set(['cwd', 'env', 'stdout', 'stderr', 'stdin', 'argv', 'exitCode', 'chdir']);
const PROCESS_MODULE = new Set(['process', 'node:process']);

/**
 * trial-ad F5: the line patterns saw `process.env` written so and nothing else: `const { env } =
 * process`, `const p = process; p.cwd()`, `process['env']`, `globalThis['process'].stdout` and
 * `import { cwd } from 'node:process'` all went through. Read from the syntax tree: every `process`
 * (the global, `globalThis.process`, `global.process`, in brackets too) is judged by what is done
 * with it: a member of the run's I/O read (by a dot, `?.` or brackets), or `process` itself handed
 * on (aliased, destructured, passed as an argument) is a finding; `process.pid`, `process.on(...)`
 * and types (`typeof process.stdin` in a type) are not. The process module imported is one too.
 */
function processUses(file: string, text: string): { line: number; what: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { line: number; what: string }[] = [];
  const at = (n: ts.Node, what: string) => out.push({ line: sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1, what });
  const str = (n: ts.Node | undefined): string | undefined => (n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) ? n.text : undefined);
  const isGlobalObject = (n: ts.Expression): boolean => ts.isIdentifier(n) && (n.text === 'globalThis' || n.text === 'global');
  /** the expression around `n` once parentheses, `!`, `as` and `satisfies` are taken off */
  const outer = (n: ts.Node): ts.Node => {
    let p = n.parent;
    while (p && (ts.isParenthesizedExpression(p) || ts.isNonNullExpression(p) || ts.isAsExpression(p) || ts.isSatisfiesExpression(p) || ts.isTypeAssertionExpression(p))) { n = p; p = p.parent; }
    return n;
  };
  const judge = (ref: ts.Node) => {
    const self = outer(ref);
    const p = self.parent;
    if (ts.isPropertyAccessExpression(p) && p.expression === self) {
      if (PROCESS_MEMBERS.has(p.name.text)) at(p, `process.${p.name.text}`);
      return;
    }
    if (ts.isElementAccessExpression(p) && p.expression === self) {
      const k = str(p.argumentExpression);
      at(p, k === undefined ? 'process[...] (a member read by a computed name)' : PROCESS_MEMBERS.has(k) ? `process['${k}']` : `process['${k}'] (brackets)`);
      return;
    }
    if (ts.isTypeOfExpression(p)) return; // whether there is a process at all
    if (ts.isVariableDeclaration(p) && p.initializer === self && ts.isObjectBindingPattern(p.name)) {
      for (const e of p.name.elements) {
        const k = e.propertyName ? (ts.isIdentifier(e.propertyName) || ts.isStringLiteral(e.propertyName) ? e.propertyName.text : undefined) : ts.isIdentifier(e.name) ? e.name.text : undefined;
        if (k === undefined || PROCESS_MEMBERS.has(k) || e.dotDotDotToken) at(e, `process destructured (${e.getText(sf)})`);
      }
      return;
    }
    at(self, 'process itself handed on (aliased, assigned or passed): its members are read elsewhere');
  };
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && PROCESS_MODULE.has(str(n.moduleSpecifier) ?? '') && !n.importClause?.isTypeOnly) at(n, `the process module imported (${str(n.moduleSpecifier)})`);
    else if (ts.isCallExpression(n) && (n.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(n.expression) && n.expression.text === 'require')) && PROCESS_MODULE.has(str(n.arguments[0]) ?? '')) at(n, `the process module loaded (${str(n.arguments[0])})`);
    else if (ts.isIdentifier(n) && n.text === 'process') {
      const p = n.parent;
      const named = (ts.isPropertyAccessExpression(p) && p.name === n) || (ts.isPropertyAssignment(p) && p.name === n) || (ts.isPropertySignature(p) && p.name === n)
        || (ts.isPropertyDeclaration(p) && p.name === n) || (ts.isMethodDeclaration(p) && p.name === n) || (ts.isMethodSignature(p) && p.name === n)
        || (ts.isBindingElement(p) && p.propertyName === n) || ts.isQualifiedName(p) || ts.isTypeReferenceNode(p) || ts.isImportSpecifier(p) || ts.isExportSpecifier(p)
        || ((ts.isVariableDeclaration(p) || ts.isParameter(p) || ts.isFunctionDeclaration(p)) && p.name === n);
      if (!named) judge(n);
    } else if (ts.isPropertyAccessExpression(n) && n.name.text === 'process' && isGlobalObject(n.expression)) judge(n);
    else if (ts.isElementAccessExpression(n) && isGlobalObject(n.expression) && str(n.argumentExpression) === 'process') judge(n);
    else if (ts.isTypeQueryNode(n) || ts.isTypeReferenceNode(n)) return; // a type reads nothing
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('src/ reads the working directory, the variables, the arguments and the streams from io(), not from process', () => {
  const src = path.join(ROOT, 'src');
  const found: string[] = [];
  for (const file of sources(src)) {
    const rel = path.relative(src, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const allowed = (line: string) => (ALLOWED[rel] ?? []).some((a) => a.pattern.test(line));
    lines.forEach((line, i) => {
      if (/^\s*(\/\/|\*)/.test(line)) return;
      for (const [re, what] of FORBIDDEN) {
        if (re.test(line) && !allowed(line)) found.push(`src/${rel}:${i + 1}: ${what}: ${line.trim()}`);
      }
    });
    // the forms no line pattern sees (destructured, aliased, in brackets, through globalThis, the module imported)
    for (const u of processUses(file, text)) {
      const line = lines[u.line - 1]!;
      const key = `src/${rel}:${u.line}:`;
      if (!allowed(line) && !found.some((f) => f.startsWith(key))) found.push(`${key} ${u.what}: ${line.trim()}`);
    }
  }
  assert.equal(found, []);
});

test('F5: the scan finds process read by every road (planted), and not what reads none of the run\'s I/O', () => {
  const planted = [
    'const { cwd, env } = process;',
    'const { env: vars } = globalThis.process;',
    'const { ...all } = process;',
    'const p = process;\np.cwd();',
    'run(process);',
    'const e = process[\'env\'];',
    'const e = process?.[\'stdout\'];',
    'const k = \'env\'; const e = process[k];',
    'const e = globalThis.process.env.HOME;',
    'const e = globalThis[\'process\'].stdout;',
    'const e = (process as NodeJS.Process).env;',
    'const e = process!.env;',
    'const e = process\n  .env;',
    'const e = process?.env;',
    'import { cwd } from \'node:process\';',
    'import proc from \'process\';',
    'const proc = require(\'node:process\');',
    'const proc = await import(\'process\');',
  ];
  for (const src of planted) assert.ok(processUses('planted.ts', src).length > 0, `not found: ${src}`);
  // the process's own, and what merely names it: not findings
  for (const src of [
    'const pid = process.pid;',
    'process.on(\'SIGINT\', stop);',
    'const { pid } = process;',
    'type S = typeof process.stdin;',
    'let s: NodeJS.Process | undefined;',
    'if (typeof process === \'undefined\') return;',
    'const o = { process: 1 }; o.process;',
    '// process.env in a comment',
    'const s = \'process.env in a string\';',
    'import type { Process } from \'node:process\';',
  ]) assert.equal(processUses('fine.ts', src), [], src);
});

test('the scan finds what it looks for (a planted line)', () => {
  const line = 'const here = process.cwd();';
  assert.ok(FORBIDDEN.some(([re]) => re.test(line)));
  assert.ok(FORBIDDEN.some(([re]) => re.test('const abs = path.resolve(file);')));
  assert.not.ok(FORBIDDEN.some(([re]) => re.test('const abs = path.resolve(cwd, file);')));
});

test('colour: TERM=dumb on a terminal and FORCE_COLOR=0 (or false) give plain text; FORCE_COLOR=1 colours; NO_COLOR wins', async () => {
  const { useColor } = await import('../src/terminal/output.ts');
  const { runWithIo } = await import('../src/core/io.ts');
  const tty = { isTTY: true, write: () => true } as never;
  const pipe = { isTTY: false, write: () => true } as never;
  const colour = (env: Record<string, string>, stream: never) => runWithIo({ stdout: stream, stderr: stream, stdin: process.stdin, cwd: process.cwd(), env, args: [] } as never, () => useColor(stream));
  assert.is(colour({}, tty), true);
  assert.is(colour({ TERM: 'dumb' }, tty), false);
  assert.is(colour({ FORCE_COLOR: '0' }, tty), false);
  assert.is(colour({ FORCE_COLOR: 'false' }, tty), false);
  assert.is(colour({ FORCE_COLOR: '1' }, pipe), true);
  assert.is(colour({ FORCE_COLOR: '3', TERM: 'dumb' }, tty), true);
  assert.is(colour({ FORCE_COLOR: '1', NO_COLOR: '1' }, tty), false);
  assert.is(colour({}, pipe), false);
});

// trial-ax F5: plan and apply printed Node's "(node:N) Warning: The 'NO_COLOR' env is ignored due to the
// 'FORCE_COLOR' env being set." (execa's yoctocolors asks Node's colour probe at its import) while tplsync obeys NO_COLOR
test('NO_COLOR beside FORCE_COLOR: plan and apply, as child processes, print no colour and no Node warning; an empty NO_COLOR leaves FORCE_COLOR to colour', async () => {
  const dir = project({ 'templates/order_ready.en_US.yaml': VALID });
  try {
    for (const force of ['1', '2', '']) {
      const plan = await cli(['plan'], { cwd: dir, env: { FORCE_COLOR: force, NO_COLOR: '1' } });
      assert.is(plan.exitCode, 0, plan.stderr);
      assert.match(plan.stdout, /Plan for local: 1 to create/);
      assert.not.match(plan.stderr, /Warning|NO_COLOR/, `FORCE_COLOR=${JSON.stringify(force)}: ${plan.stderr}`);
      assert.not.match(plan.stdout + plan.stderr, /\x1b\[/);
    }
    const apply = await cli(['apply', '--auto-approve'], { cwd: dir, env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    assert.is(apply.exitCode, 0, apply.stderr);
    assert.not.match(apply.stderr, /Warning|NO_COLOR/, apply.stderr);
    assert.not.match(apply.stdout + apply.stderr, /\x1b\[/);
    // an empty NO_COLOR is none (no-color.org): FORCE_COLOR colours, still without Node's warning
    const empty = await cli(['plan', '--detailed-exitcode'], { cwd: dir, env: { FORCE_COLOR: '1', NO_COLOR: '' } });
    assert.is(empty.exitCode, 0, empty.stderr);
    assert.not.match(empty.stderr, /Warning|NO_COLOR/, empty.stderr);
    assert.match(empty.stdout, /\x1b\[/);
  } finally { cleanup(dir); }
});

test('settleColorEnv: the environment says what useColor decides (NO_COLOR not empty wins, an empty one is none); useColor\'s answer is unchanged', async () => {
  const { settleColorEnv, useColor } = await import('../src/terminal/output.ts');
  const { runWithIo } = await import('../src/core/io.ts');
  const tty = { isTTY: true, write: () => true } as never;
  const pipe = { isTTY: false, write: () => true } as never;
  const cases: [Record<string, string>, Record<string, string>][] = [
    [{ FORCE_COLOR: '1', NO_COLOR: '1' }, { NO_COLOR: '1' }],
    [{ FORCE_COLOR: '', NO_COLOR: '1' }, { NO_COLOR: '1' }],
    [{ FORCE_COLOR: '0', NO_COLOR: '1' }, { NO_COLOR: '1' }],
    [{ FORCE_COLOR: '1', NO_COLOR: '' }, { FORCE_COLOR: '1' }],
    [{ FORCE_COLOR: '', NO_COLOR: '' }, { FORCE_COLOR: '' }],
    [{ NO_COLOR: '' }, { NO_COLOR: '' }],
    [{ FORCE_COLOR: '3' }, { FORCE_COLOR: '3' }],
    [{ NO_COLOR: '1', TERM: 'dumb' }, { NO_COLOR: '1', TERM: 'dumb' }],
  ];
  for (const [given, settled] of cases) {
    for (const stream of [tty, pipe]) {
      const env: Record<string, string> = { ...given };
      const run = (f: () => boolean) => runWithIo({ stdout: stream, stderr: stream, stdin: process.stdin, cwd: process.cwd(), env, args: [] } as never, f);
      const before = run(() => useColor(stream));
      run(() => { settleColorEnv(); return true; });
      assert.equal(env, settled, JSON.stringify(given));
      assert.is(run(() => useColor(stream)), before, JSON.stringify(given));
    }
  }
});

test.run();
