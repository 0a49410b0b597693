// The output examples of the docs are what the tool prints: each scenario below does what the page
// says (README's "Five minutes" in a project from `init`, the command pages' examples on the
// repository's samples), runs the documented command line, and compares the page's lines with
// the real output: every line as printed, the page shortening it only with a line "..." (any
// number of lines) or "..." / "…" inside a line (any text). Counts that depend on the samples are
// so compared with a run on the samples of this checkout: a sample added or an output changed
// fails here, instead of leaving the page stale.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse as parseYaml } from 'yaml';
import { BIN, cleanup, cliEnv, firstLines, ROOT, tempDir, withChild, writeFiles } from './helpers.ts';

interface Step { command: string; output: string[] }

/** the commands of the page's console blocks (indented ones too), each with the lines shown under it */
function steps(rel: string): Step[] {
  const page = readFileSync(path.join(ROOT, rel), 'utf8');
  const out: Step[] = [];
  for (const m of page.matchAll(/^( *)```console\n([\s\S]*?)^\1```$/gm)) {
    const indent = m[1]!.length;
    for (const raw of m[2]!.replace(/\n$/, '').split('\n')) {
      const line = raw.slice(Math.min(indent, raw.length - raw.trimStart().length));
      const last = out.at(-1);
      // a command continued on the next line (` \` at its end) is one command
      if (last && !last.output.length && last.command.endsWith(' \\')) last.command = `${last.command.slice(0, -2)} ${line.trim()}`;
      else if (line.startsWith('$ ')) out.push({ command: line.slice(2).replace(/\s+#.*$/, ''), output: [] });
      else last?.output.push(line);
    }
  }
  return out;
}

/** the `n`-th step of the page that runs `command`, and the one after it */
function step(rel: string, command: string, n = 0): { step: Step; next: Step | undefined } {
  const all = steps(rel);
  const found = all.map((s, i) => [s, i] as const).filter(([s]) => s.command === command);
  assert.ok(found.length > n, `${rel} shows \`$ ${command}\`${n ? ` ${n + 1} times` : ''} (it shows: ${all.map((s) => s.command).join(' | ')})`);
  const [s, i] = found[n]!;
  return { step: s, next: all[i + 1] };
}

/** what varies from run to run, the same on both sides: times, ports, tokens */
const normal = (line: string): string => line
  .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<time>')
  .replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>')
  .replace(/\b[0-9a-f]{32}\b/g, '<token>')
  // the id a send makes up for its message when given none (send --dry-run prints it in the request)
  .replace(/("clientMessageId": ")[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"/g, '$1<id>"')
  .replace(/\s+$/, '');

const GAP = /^\s*(?:\.\.\.|…)\s*$/;
const ELLIPSIS = /\.\.\.|…/;

/** whether an output line is a page's line: equal, or with its "..." / "…" standing for any text */
function lineIs(doc: string, actual: string): boolean {
  if (!ELLIPSIS.test(doc)) return doc === actual;
  const parts = doc.split(ELLIPSIS);
  if (!actual.startsWith(parts[0]!)) return false;
  let at = parts[0]!.length;
  for (const p of parts.slice(1, -1)) {
    const j = actual.indexOf(p, at);
    if (j < 0) return false;
    at = j + p.length;
  }
  const last = parts.at(-1)!;
  return actual.length - last.length >= at && actual.endsWith(last);
}

/** Pure: where the page's lines (shortened with "...") depart from the output; undefined when they show it. */
function departure(doc: readonly string[], output: readonly string[]): string | undefined {
  const d = doc.map(normal);
  const a = output.map(normal);
  const chunks: string[][] = [[]];
  for (const l of d) if (GAP.test(l)) chunks.push([]); else chunks.at(-1)!.push(l);
  const openStart = GAP.test(d[0] ?? '');
  const openEnd = GAP.test(d.at(-1) ?? '');
  let at = 0;
  for (const [k, chunk] of chunks.entries()) {
    if (!chunk.length) continue;
    const fits = (i: number) => i + chunk.length <= a.length && chunk.every((l, j) => lineIs(l, a[i + j]!));
    let i = at;
    if (k === 0 && !openStart) {
      const j = chunk.findIndex((l, n) => a[n] === undefined || !lineIs(l, a[n]!));
      if (j >= 0) return `line ${j + 1} of the output is not the page's:\n  page:   ${chunk[j]}\n  output: ${a[j] ?? '(none)'}`;
    }
    else { while (i < a.length && !fits(i)) i++; if (i >= a.length) return `the output has no lines, after line ${at}, that are:\n  ${chunk.join('\n  ')}`; }
    at = i + chunk.length;
  }
  if (!openEnd && at !== a.length) return `the output goes on after the page's last line (line ${at} of ${a.length}): end the example with a line "..." or show:\n  ${a.slice(at).join('\n  ')}`;
  return undefined;
}

/** a stream that keeps what is written to it */
class Kept extends Writable {
  private readonly chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, enc: BufferEncoding, done: (e?: Error | null) => void): void { this.chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, enc)); done(); }
  text(): string { return Buffer.concat(this.chunks).toString('utf8'); }
}

/** `tplsync ARGS` in this process, stdout and stderr into one stream, as a terminal shows them (2>&1) */
async function run(command: string, cwd: string, env: Record<string, string | undefined> = {}): Promise<{ exitCode: number; lines: string[] }> {
  const args = command.replace(/^npx /, '').split(/ +/).slice(1);
  assert.is(command.replace(/^npx /, '').split(' ')[0], 'tplsync', command);
  const [{ main }, { runWithIo }] = await Promise.all([import('../src/cli/main.ts'), import('../src/core/io.ts')]);
  const both = new Kept();
  const exitCode = await runWithIo({ stdout: both, stderr: both, stdin: Readable.from([]), cwd, env: cliEnv(env), args }, () => main(args));
  return { exitCode, lines: both.text().replace(/\n$/, '').split('\n') };
}

/** runs the page's `$ command` (its `n`-th) and compares; a `$ echo $?` after it is the exit code */
async function shows(rel: string, command: string, cwd: string, o: { env?: Record<string, string | undefined>; n?: number } = {}): Promise<{ exitCode: number; lines: string[] }> {
  const { step: s, next } = step(rel, command, o.n);
  const r = await run(command, cwd, o.env);
  const why = departure(s.output, r.lines);
  assert.ok(why === undefined, `${rel}, \`$ ${command}\`: ${why}\n--- the page:\n${s.output.join('\n')}\n--- the output (exit ${r.exitCode}):\n${r.lines.join('\n')}`);
  if (next?.command === 'echo $?') assert.is(String(r.exitCode), next.output.join('\n').trim(), `${rel}, \`$ ${command}\`: the exit code`);
  return r;
}

const edit = (file: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  assert.is.not(next, text, `${file} holds ${String(from)}`);
  writeFileSync(file, next);
};

test('the comparison: lines as printed, shortened only with "..."', () => {
  assert.is(departure(['a', '...', 'c'], ['a', 'b', 'b2', 'c']), undefined);
  assert.is(departure(['a', 'c'], ['a', 'b', 'c']) !== undefined, true, 'a line left out without "..."');
  assert.is(departure(['a ... z'], ['a b c z']), undefined);
  assert.is(departure(['a'], ['a', 'b']) !== undefined, true, 'output after the last line');
  assert.is(departure(['a', '...'], ['a', 'b']), undefined);
  assert.is(departure(['Plan for local: 1 to create.'], ['Plan for local: 2 to create.']) !== undefined, true);
});

test('README "Five minutes": lint and plan in a project made by init, as steps 3 and 4 show them', async () => {
  const dir = tempDir('tplsync-docs-readme-');
  try {
    // installed as the README's Install section does it: init names the schema through node_modules
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(ROOT, path.join(dir, 'node_modules', 'tplsync'), 'dir');
    const init = await run('tplsync init --yes', dir);
    assert.is(init.exitCode, 0, init.lines.join('\n'));
    const file = path.join(dir, 'templates', 'welcome_message.en_US.yaml');
    const kept = readFileSync(file, 'utf8');
    // step 1: the template's schema comment is the one init writes in templates/ (trial-ax F8: it named ../../node_modules)
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const modeline = /^ *(# yaml-language-server: \$schema=\S+)$/m.exec(readme)?.[1];
    assert.is(modeline, kept.split('\n')[0], 'README step 1 names the schema as a file in templates/ does');
    // step 3: a typo in the category
    edit(file, /^category: UTILITY/m, 'category: UTILTY');
    await shows('README.md', 'npx tplsync lint', dir);
    // which lint --fix leaves, as the README says (trial-ax F7): it repairs a category's case, not a typo
    assert.match(readme, /`tplsync lint --fix` repairs what is certain \(a category's case, placeholder numbers\), not a\s+typo/);
    const typo = await run('tplsync lint --fix', dir);
    assert.is(typo.exitCode, 1, typo.lines.join('\n'));
    assert.match(readFileSync(file, 'utf8'), /^category: UTILTY\b/m);
    edit(file, /^category: UTILTY/m, 'category: utility');
    await run('tplsync lint --fix', dir);
    assert.match(readFileSync(file, 'utf8'), /^category: UTILITY\b/m);
    writeFileSync(file, kept);
    // step 4: applied and approved, then the footer edited (the README says so: trial-ax F7)
    assert.match(readme, /4\. \*\*Plan\*\*: [^\n]*after a first apply/);
    const applied = await run('tplsync apply --auto-approve --wait', dir);
    assert.is(applied.exitCode, 0, applied.lines.join('\n'));
    edit(file, /^footer: Reply STOP to opt out/m, 'footer: Reply STOP to unsubscribe');
    await shows('README.md', 'npx tplsync plan', dir);
  } finally { cleanup(dir); }
});

/** a copy of the repository's samples and config (the embedded emulator's state starts empty) */
function samples(): string {
  const dir = tempDir('tplsync-docs-samples-');
  cpSync(path.join(ROOT, 'templates'), path.join(dir, 'templates'), { recursive: true });
  cpSync(path.join(ROOT, 'tplsync.config.yaml'), path.join(dir, 'tplsync.config.yaml'));
  return dir;
}

test('lint, export and translations pages, on the repository\'s samples', async () => {
  const dir = samples();
  try {
    const invoice = path.join(dir, 'templates/whatsapp/invoice_ready.en_US.yaml');
    const kept = readFileSync(invoice, 'utf8');
    edit(invoice, /^category: UTILITY/m, 'category: UTILTY');
    await shows('docs/commands/lint.md', 'tplsync lint', dir);
    await shows('docs/commands/lint.md', 'tplsync lint --format json', dir);
    writeFileSync(invoice, kept);
    // --fix: a placeholder number skipped, a sample missing (as the page says)
    const orderReady = path.join(dir, 'templates/whatsapp/order_ready.en_US.yaml');
    writeFileSync(orderReady, 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, your order {{3}} is ready for pickup at the store."\n  examples: { 1: Ana }\n');
    await shows('docs/commands/lint.md', 'tplsync lint --fix', dir);
    rmSync(orderReady);

    await shows('docs/commands/export.md', 'tplsync export --to meta --out meta-templates.json', dir);
    await shows('docs/commands/export.md', 'tplsync export --to twilio --out twilio-content.json', dir);
    // (the jq lines: the same selections, made here)
    const meta = (JSON.parse(readFileSync(path.join(dir, 'meta-templates.json'), 'utf8')) as Record<string, unknown>[])[0]!;
    assert.is(step('docs/commands/export.md', "jq -c '.[0] | {name, category, parameter_format}' meta-templates.json").step.output.join('\n'), JSON.stringify({ name: meta.name, category: meta.category, parameter_format: meta.parameter_format }));
    const twilio = (JSON.parse(readFileSync(path.join(dir, 'twilio-content.json'), 'utf8')) as { content: { friendly_name: string; types: Record<string, unknown> } }[])[0]!;
    assert.is(step('docs/commands/export.md', "jq -c '.[0] | {name: .content.friendly_name, types: (.content.types | keys)}' twilio-content.json").step.output.join('\n'), JSON.stringify({ name: twilio.content.friendly_name, types: Object.keys(twilio.content.types).sort() }));

    await shows('docs/commands/translations.md', 'tplsync translations export --source en_US --target de --format po', dir);
    await shows('docs/commands/translations.md', 'tplsync translations export --source en_US --target de fr --out translations', dir);
  } finally { cleanup(dir); }
});

test('plan and apply pages, on the repository\'s samples applied to the embedded emulator', async () => {
  const dir = samples();
  try {
    const applied = await run('tplsync apply --auto-approve', dir);
    assert.is(applied.exitCode, 0, applied.lines.join('\n'));
    const shipped = path.join(dir, 'templates/whatsapp/order_shipped.en_US.yaml');
    const kept = readFileSync(shipped, 'utf8');
    // plan: the footer of an APPROVED template edited
    edit(shipped, /^footer: Reply STOP to opt out/m, 'footer: Reply STOP to unsubscribe');
    await shows('docs/commands/plan.md', 'tplsync plan', dir);
    await shows('docs/commands/plan.md', 'tplsync plan --format json', dir);
    await shows('docs/commands/plan.md', 'tplsync plan --out plan.json', dir);
    writeFileSync(shipped, kept);
    rmSync(path.join(dir, 'plan.json'));
    // apply: a new template, written by `tplsync new`
    const made = await run('tplsync new --channel shop-whatsapp --name welcome_offer', dir);
    assert.is(made.exitCode, 0, made.lines.join('\n'));
    await shows('docs/commands/apply.md', 'tplsync apply --auto-approve --wait --results results.json', dir);
    // a saved plan made stale by an edit of a file it writes
    edit(shipped, /^footer: Reply STOP to opt out/m, 'footer: Reply STOP to unsubscribe');
    const planned = await run('tplsync plan --out plan.json', dir);
    assert.is(planned.exitCode, 0, planned.lines.join('\n'));
    edit(shipped, /^footer: Reply STOP to unsubscribe/m, 'footer: Reply STOP, to unsubscribe');
    await shows('docs/commands/apply.md', 'tplsync apply plan.json --auto-approve', dir);
  } finally { cleanup(dir); }
});

test('send page: the dry run\'s request as the CLI prints it, on the samples applied (trial-ax F9)', async () => {
  const dir = samples();
  try {
    const applied = await run('tplsync apply --auto-approve --wait', dir);
    assert.is(applied.exitCode, 0, applied.lines.join('\n'));
    const command = 'tplsync send --to +4915112345678 --template order_shipped --language en_US --param customer=Maria --param order_id=A-1042 --param button_2=A-1042 --text-only --dry-run';
    const r = await shows('docs/commands/send.md', command, dir);
    assert.is(r.exitCode, 0);
  } finally { cleanup(dir); }
});

/** `tplsync emulator ARGS` as a child process (the command is its process); its first two lines */
function emulator(args: string[], cwd: string, env: Record<string, string> = {}) {
  return execa(process.execPath, [BIN, 'emulator', ...args], { cwd, reject: false, env: cliEnv(env) });
}

test('the emulator page\'s first example keeps a data file of its own: the embedded `local` environment of the same project still runs', async () => {
  const dir = samples();
  try {
    const s = steps('docs/commands/emulator.md').find((x) => x.command.startsWith('tplsync emulator '))!;
    const args = s.command.split(/ +/).slice(2);
    await withChild(() => emulator([...args, '--port', '0'], dir), async (child) => {
      const lines = await firstLines(child, 2);
      const why = departure(s.output, lines);
      assert.ok(why === undefined, why);
      const plan = await run('tplsync plan', dir);
      assert.is(plan.exitCode, 0, `the embedded emulator of local (${String((parseYaml(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8')) as { environments: { local: { emulator: string } } }).environments.local.emulator)}) and the example's --data: ${plan.lines.join('\n')}`);
    });
  } finally { cleanup(dir); }
});

test('docs/emulator.md: a standalone emulator, an environment pointed at it with baseUrl, plan and apply of the samples', async () => {
  const dir = samples();
  try {
    const s = steps('docs/emulator.md').find((x) => x.command.startsWith('tplsync emulator '))!;
    const args = s.command.split(/ +/).slice(2).map((a) => (a === '8787' ? '0' : a));
    await withChild(() => emulator(args, dir, { TPLSYNC_API_KEY: 'dev-key' }), async (child) => {
      const lines = await firstLines(child, 2);
      assert.ok(departure(s.output, lines) === undefined, departure(s.output, lines));
      const url = /listening on (\S+)/.exec(lines[0]!)![1]!;
      // the page's environment, at the port the emulator took
      const page = readFileSync(path.join(ROOT, 'docs/emulator.md'), 'utf8');
      const block = [...page.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).find((b) => /^ {2}dev:/m.test(b))!;
      const dev = (parseYaml(block) as { environments: { dev: Record<string, unknown> } }).environments.dev;
      assert.is(dev.baseUrl, 'http://127.0.0.1:8787');
      const config = parseYaml(readFileSync(path.join(dir, 'tplsync.config.yaml'), 'utf8')) as { environments: Record<string, unknown> };
      config.environments.dev = { ...dev, baseUrl: url };
      writeFiles(dir, { 'tplsync.config.yaml': JSON.stringify(config) });
      const env = { TPLSYNC_API_KEY: 'dev-key' };
      await shows('docs/emulator.md', 'tplsync plan --env dev', dir, { env });
      await shows('docs/emulator.md', 'tplsync apply --env dev --auto-approve', dir, { env });
    });
  } finally { cleanup(dir); }
});

test('comment page: created, then unchanged for the same plan.md, updated for a new one', async () => {
  const comments: { id: number; body: string; html_url: string }[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const url = new URL(req.url!, 'http://gh');
    let raw = '';
    for await (const c of req) raw += c;
    const json = (status: number, v: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    if (url.pathname === '/repos/acme/shop/issues/7/comments' && req.method === 'GET') return json(200, Number(url.searchParams.get('page') ?? 1) === 1 ? comments : []);
    if (url.pathname === '/repos/acme/shop/issues/7/comments' && req.method === 'POST') {
      const c = { id: 1130, body: (JSON.parse(raw) as { body: string }).body, html_url: 'https://github.com/acme/shop/pull/7#issuecomment-1130' };
      comments.push(c);
      return json(201, c);
    }
    const m = /^\/repos\/acme\/shop\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'PATCH') { const c = comments.find((x) => x.id === Number(m[1]))!; c.body = (JSON.parse(raw) as { body: string }).body; return json(200, c); }
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir();
  try {
    const env = { GITHUB_TOKEN: 'ghs_docs_example_token', GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, GITHUB_REPOSITORY: 'acme/shop', GITHUB_EVENT_PATH: path.join(dir, 'event.json') };
    writeFiles(dir, { 'event.json': JSON.stringify({ pull_request: { number: 7 } }), 'plan.md': '## tplsync plan: production\n\n1 to create\n' });
    const command = 'tplsync comment --body-file plan.md --marker tplsync-plan:production';
    await shows('docs/commands/comment.md', command, dir, { env, n: 0 });
    await shows('docs/commands/comment.md', command, dir, { env, n: 1 });
    writeFiles(dir, { 'plan.md': '## tplsync plan: production\n\n2 to create\n' });
    await shows('docs/commands/comment.md', command, dir, { env, n: 2 });
  } finally {
    cleanup(dir);
    await new Promise((r) => server.close(r));
  }
});

test.run();
