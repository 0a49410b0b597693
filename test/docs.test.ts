// The user docs stay in step with the code: generated pages are fresh, every relative link and
// anchor resolves, every variable src/ reads is documented, rule links point at docs/rules.md of
// the repository package.json names.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { Command } from '@commander-js/extra-typings';
import { withGlobalOptions } from '../src/cli/command.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ENVIRONMENT, NOTES_DIR, renderAll } from '../scripts/gen-commands-doc.ts';
import { renderConfigSchema, renderRulesDoc, shorten } from '../scripts/gen-rules-doc.ts';
import { COMMANDS } from '../src/cli/main.ts';
import { formatTemplate } from '../src/fmt/format.ts';
import { parse as parseYaml } from 'yaml';
import { EXIT } from '../src/core/exit-codes.ts';
import { sarif } from '../src/lint/formatters/sarif.ts';
import { markdown } from '../src/lint/formatters/markdown.ts';
import { RULES, RULES_BY_ID } from '../src/lint/registry.ts';
import { SECRET_ENV_VARS } from '../src/core/redact.ts';
import { loadConfig } from '../src/config/load.ts';
import { lintProject } from '../src/lint/run.ts';
import { cleanup, cli, cliIn, CONFIG, ROOT, tempDir, VALID, writeFiles } from './helpers.ts';

const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8');

test('docs/rules.md is generated from the current rules (run `npm run docs:rules`)', () => {
  assert.ok(read('docs/rules.md') === renderRulesDoc(), 'docs/rules.md is stale: run npm run docs:rules');
});

test('schema/config.schema.json lists every rule id, as the registry has them (run `npm run docs:rules`)', () => {
  const text = read('schema/config.schema.json');
  assert.ok(text === renderConfigSchema(text), 'schema/config.schema.json is stale: run npm run docs:rules');
});

test('docs/commands/ and docs/environment.md are generated from COMMANDS (run `npm run docs:commands`)', () => {
  const files = renderAll();
  for (const [rel, text] of files) assert.ok(existsSync(path.join(ROOT, rel)) && read(rel) === text, `${rel} is stale: run npm run docs:commands`);
  const extra = readdirSync(path.join(ROOT, 'docs', 'commands')).filter((f) => !files.has(`docs/commands/${f}`));
  assert.equal(extra, [], 'pages of commands that do not exist');
  for (const c of COMMANDS) assert.ok(files.has(`docs/commands/${c.name}.md`), c.name);
});

test('the repository links of help texts and their pages name the installed version\'s tag, never main (whose rules and options may be newer)', () => {
  const version = (JSON.parse(read('package.json')) as { version: string }).version;
  const pages = [...renderAll().values()].join('\n');
  const links = [...pages.matchAll(/https:\/\/github\.com\/tplsync\/tplsync\/blob\/([^/\s]+)\//g)].map((m) => m[1]);
  assert.ok(links.length >= 2, 'the lint and translations pages link the docs');
  assert.equal([...new Set(links)], [`v${version}`]);
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? walk(path.join(dir, f)) : f.endsWith('.ts') ? [path.join(dir, f)] : []));
  for (const f of walk(path.join(ROOT, 'src'))) assert.not.match(readFileSync(f, 'utf8'), /github\.com\/tplsync\/tplsync\/(?:blob|tree)\/main/, f);
});

test('every command page has examples and the exit codes it uses, each from the one table', () => {
  const codes = new Set<number>(Object.values(EXIT));
  for (const c of COMMANDS) {
    const notes = readFileSync(path.join(NOTES_DIR, `${c.name}.md`), 'utf8');
    assert.match(notes, /^## Examples\n\n(?:.+\n)*\n?```/m, `${c.name}: an example (after a paragraph that says what it is run on, if any)`);
    const table = /^## Exit codes\n\n\| code \| when \|\n\| --- \| --- \|\n((?:\|.*\n?)+)/m.exec(notes);
    assert.ok(table, `${c.name}: an exit-code table`);
    const used = table![1]!.trim().split('\n').map((l) => Number(/^\| (\d+) \|/.exec(l)?.[1]));
    for (const u of used) assert.ok(codes.has(u), `${c.name}: exit code ${u} is not in the table`);
    assert.ok(used.includes(0) && used.includes(70), `${c.name}: 0 and 70`);
  }
  // and every option of every command is on its page
  for (const c of COMMANDS) {
    const page = read(`docs/commands/${c.name}.md`);
    for (const o of c.define(withGlobalOptions(new Command('tplsync')).command(c.name)).options) assert.ok(page.includes(`| \`${o.flags}\` | ${o.mandatory ? 'required' : o.defaultValue !== undefined ? `\`${String(o.defaultValue)}\`` : ''} |`), `${c.name}: ${o.flags}`);
  }
});

// src/ reads the variables of a run through io() (src/core/io.ts), the process's own flags from process.env;
// a function given them names them (`env: NodeJS.ProcessEnv`, `const vars = io().env`), and reads `env.X` there
/** Pure: the names of the environment variables a source file reads by name. */
function variablesRead(source: string, listed: readonly string[] = []): Set<string> {
  const names = new Set<string>();
  const NAME = '([A-Za-z_][A-Za-z0-9_]*)';
  // what holds the variables in this file: io().env, process.env, and the names they are given
  const holders = ['io\\(\\)\\.env', 'process\\.env'];
  for (const m of source.matchAll(/\b([A-Za-z_$][\w$]*)\s*(?::\s*NodeJS\.ProcessEnv\b|=\s*(?:io\(\)|process)\.env\b(?!\s*[.[]))/g)) holders.push(m[1]!.replace(/\$/g, '\\$'));
  for (const h of holders) {
    for (const m of source.matchAll(new RegExp(`(?<![\\w$.])${h}(?:\\.${NAME}\\b|\\[\\s*['"]${NAME}['"]\\s*\\])`, 'g'))) names.add(m[1] ?? m[2]!);
    for (const m of source.matchAll(new RegExp(`['"]${NAME}['"] in ${h}\\b`, 'g'))) names.add(m[1]!);
  }
  // names read from a list of them (SECRET_ENV_VARS: masked in every output)
  for (const n of listed) if (source.includes(`'${n}'`)) names.add(n);
  return names;
}

test('variablesRead: the variables a file reads, through io().env, process.env or a name given to them', () => {
  const src = `const a = io().env.ONE; if ('TWO' in io().env) x(); process.env.THREE;
function f(env: NodeJS.ProcessEnv, cfg: EnvironmentConfig) { return env.FOUR ?? env['FIVE'] ?? cfg.values; }
const vars = io().env; vars.SIX; other.env.NOT_THIS; const ci = io().env.CI; ci.toLowerCase();`;
  assert.equal([...variablesRead(src)].sort(), ['CI', 'FIVE', 'FOUR', 'ONE', 'SIX', 'THREE', 'TWO']);
  // a workflow's expression, in a file where nothing holds the variables
  assert.equal([...variablesRead('const step = `${{ env.TPLSYNC_ENV }}`; config.env.values;')], []);
});

test('every environment variable src/ reads is in docs/environment.md', () => {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = path.join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.ts')) for (const n of variablesRead(readFileSync(p, 'utf8'), SECRET_ENV_VARS)) names.add(n);
    }
  };
  walk(path.join(ROOT, 'src'));
  assert.ok(names.size >= 8, [...names].join(' '));
  for (const n of ['GITHUB_WORKSPACE', 'TPLSYNC_CODE_CACHE', 'XDG_CACHE_HOME', 'GITHUB_TOKEN']) assert.ok(names.has(n), `${n} is found (${[...names].join(' ')})`);
  const documented = new Set(ENVIRONMENT.flatMap((v) => [v.name, ...(v.also ?? [])]));
  assert.equal([...names].filter((n) => !documented.has(n)).sort(), [], 'read in src/ and not in ENVIRONMENT of scripts/gen-commands-doc.ts');
  const page = read('docs/environment.md');
  for (const n of names) assert.ok(page.includes(`\`${n}\``), n);
});

/** GitHub's anchors of a Markdown file's headings */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of text.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = m[1]!.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n ? `${base}-${n}` : base);
  }
  return out;
}

/** every .md file of the repository, except the hand-written halves of the command pages (their links are checked in the pages) */
function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    if (['node_modules', '.git', 'dist'].includes(f) || path.join(dir, f) === NOTES_DIR) continue;
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) markdownFiles(p, out);
    else if (f.endsWith('.md')) out.push(p);
  }
  return out;
}

test('every relative link in every .md file resolves, anchors included', () => {
  const broken: string[] = [];
  const files = markdownFiles(ROOT);
  assert.ok(files.length >= 20, `${files.length} files`);
  let links = 0;
  for (const file of files) {
    const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = m[1]!;
      if (/^[a-z]+:/i.test(href)) continue;
      links++;
      const [target, hash] = href.split('#') as [string, string | undefined];
      const resolved = target ? path.resolve(path.dirname(file), decodeURIComponent(target)) : file;
      const where = `${path.relative(ROOT, file)}: ${href}`;
      if (!resolved.startsWith(ROOT) || !existsSync(resolved)) { broken.push(`${where} (no such file)`); continue; }
      if (hash !== undefined && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(hash)) broken.push(`${where} (no such heading)`);
    }
  }
  assert.ok(links > 100, `${links} links checked`);
  assert.equal(broken, []);
});

test('no doc points at files the repository does not hold', () => {
  for (const file of markdownFiles(ROOT)) {
    const text = readFileSync(file, 'utf8');
    assert.not.match(text, /FORMAT\.md|reference\/[a-z-]+\.md/, path.relative(ROOT, file));
  }
});

test('every template of the docs is in fmt\'s layout, comments as written (a file copied from them passes fmt --check): whole ones anywhere, and format.md\'s parts with an identity added', () => {
  // rules.md shows each rule's failing example, wrong on purpose
  const mdFiles = ['README.md', ...readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md') && f !== 'rules.md').map((f) => path.join('docs', f))];
  const checked: string[] = [];
  for (const md of mdFiles) {
    for (const m of read(md).matchAll(/```yaml\n([\s\S]*?)```/g)) {
      const block = m[1]!;
      const whole = /^channel:/m.test(block) && /^name:/m.test(block);
      const part = md === path.join('docs', 'format.md') && /^(category|header|body|buttons|message|footer):/.test(block);
      if (!whole && !part) continue;
      const doc = whole ? block : `channel: shop-whatsapp\nname: doc_example\nlanguage: en_US\n${/^(category|message):/m.test(block) ? '' : 'category: MARKETING\n'}${block}`;
      const r = formatTemplate(doc);
      const where = `${md}, the block at line ${read(md).slice(0, m.index).split('\n').length + 1}`;
      assert.is(r.error, undefined, `${where}: ${r.error}`);
      assert.is(JSON.stringify(parseYaml(r.text)), JSON.stringify(parseYaml(doc)), `${where}: fmt orders its keys otherwise`);
      // and the layout, comments included, as written: `fmt --check` passes on a copy of the docs' file
      assert.fixture(r.text, doc, `${where}: fmt --check fails on it`);
      checked.push(md);
    }
  }
  assert.ok(checked.length >= 15, `blocks checked: ${checked.length}`);
});

test('every whole template of the docs lints clean in a project that names its channel (trial-ax F3: format.md\'s RCS card hid two of its suggestions)', async () => {
  const mdFiles = ['README.md', ...readdirSync(path.join(ROOT, 'docs'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md') && f !== 'rules.md').map((f) => path.join('docs', f))];
  const dir = tempDir();
  try {
    const blocks: { where: string; folder: string; channel: string; rcs: boolean }[] = [];
    for (const md of mdFiles) {
      for (const m of read(md).matchAll(/^( *)```yaml\n([\s\S]*?)^ *```$/gm)) {
        // a block in a list item is indented as the item is
        const block = m[2]!.split('\n').map((l) => l.slice(m[1]!.length)).join('\n');
        const channel = /^channel: ([\w-]+)/m.exec(block)?.[1];
        if (!channel || !/^name:/m.test(block) || !/^language:/m.test(block)) continue;
        const folder = `t${blocks.length}`;
        blocks.push({ where: `${md}, the block at line ${read(md).slice(0, m.index).split('\n').length + 1}`, folder, channel, rcs: /^message:/m.test(block) });
        writeFiles(dir, { [`templates/${folder}/doc.yaml`]: block });
      }
    }
    assert.ok(blocks.length >= 3 && blocks.some((b) => b.rcs) && blocks.some((b) => b.where.startsWith('README')), JSON.stringify(blocks));
    const channels = [...new Map(blocks.map((b) => [b.channel, b.rcs])).entries()];
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels:\n${channels.map(([c], i) => `      ${c}: 0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a1${i}\n`).join('')}channels:\n${channels.map(([c, rcs]) => `  ${c}: { kind: ${rcs ? 'rcs' : 'whatsapp'} }\n`).join('')}` });
    const config = await loadConfig({ cwd: dir, configFile: path.join(dir, 'tplsync.config.yaml') });
    for (const b of blocks) {
      const { diagnostics } = await lintProject({ ...config, templates: [`templates/${b.folder}/*.yaml`] }, [], dir, { now: new Date('2026-01-01T00:00:00Z') });
      assert.equal(diagnostics.map((d) => `${d.line}:${d.column} ${d.ruleId} ${d.message}`), [], b.where);
    }
  } finally { cleanup(dir); }
});

test('ids.md says the template listing exists, where it is configured, and that pull --all adopts a channel with it (trial-ax F4)', () => {
  const ids = read('docs/ids.md');
  assert.not.match(ids, /no operation that lists channels or templates/);
  assert.ok(ids.includes('(api-assumptions.md#the-template-listing-get-list-approved-template)'), 'links the listing\'s section');
  assert.ok(ids.includes('`environments.<env>.list`'));
  assert.match(ids, /\$ tplsync pull --all --channel \S+/);
  // the local environment init writes has the emulator's listing, as the page says
  assert.match(read('src/init/init.ts'), /list:/);
});

test('the README is short and documents every exit code and both set-up commands', () => {
  const readme = read('README.md');
  assert.ok(readme.length < 9000, `${readme.length} characters`);
  for (const code of Object.values(EXIT)) assert.match(readme, new RegExp(`\\| ${code} \\|`), `exit code ${code}`);
  assert.match(readme, /npm ci && npm start/);
  assert.match(readme, /npm ci && npm test/);
});

test('rules.md examples elide only a run of one character, with the line\'s length; nothing is cut after a word (trial-ax F2)', () => {
  assert.is(shorten('short'), 'short');
  assert.is(shorten(`  text: "Hi ${'a'.repeat(200)}"`), `  text: "Hi ${'a'.repeat(10)}…${'a'.repeat(10)}"  # 213 characters`);
  // a long line of words is printed whole: cut inside `{ ... }`, it lost its closing brace and no longer parsed
  const words = `  opts: { ${Array.from({ length: 30 }, (_, i) => `key${i}: VALUE_${i}`).join(', ')} }`;
  assert.is(shorten(words), words);
  // two runs in a line: their lengths would not follow from the line's, so the line is printed whole
  const two = `  text: "${'a'.repeat(60)} ${'b'.repeat(60)}"`;
  assert.is(shorten(two), two);
  // the length is in characters, as lint counts them
  assert.is(shorten(`  text: "${'é'.repeat(120)}"`), `  text: "${'é'.repeat(10)}…${'é'.repeat(10)}"  # 130 characters`);
  for (const line of read('docs/rules.md').split('\n').filter((l) => / {2}# \d+ characters$/.test(l))) {
    assert.match(line, /^[^…]*(.)\1{9}…\1{10}[^…]*  # \d+ characters$/u, line);
  }
  // and the page says so once, at its top
  const top = read('docs/rules.md').split('\n## ')[0]!;
  assert.match(top, /printed shorter\s+than the file: a long run of one character, as `aaaaaaaaaa…aaaaaaaaaa`/);
});

const pkg = JSON.parse(read('package.json')) as { repository: { url: string }; homepage: string; bugs: { url: string } };
const REPO = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
const pkgVersion = (JSON.parse(read('package.json')) as { version: string }).version;
// the installed version's rules (its release tag), not main's, which may differ (trial-q F8)
const RULES_URL = `${REPO}/blob/v${pkgVersion}/docs/rules.md`;

test('package.json names the repository, its home page and where to report bugs', () => {
  assert.is(REPO, 'https://github.com/tplsync/tplsync');
  assert.ok(pkg.homepage.startsWith(REPO));
  assert.is(pkg.bugs.url, `${REPO}/issues`);
});

test('SARIF, Markdown and the preview link each rule to its section of docs/rules.md in that repository', async () => {
  const headings = anchors(read('docs/rules.md'));
  for (const r of RULES) assert.ok(headings.has(r.id), `docs/rules.md has no section ${r.id}`);
  const d = { file: 't.yaml', line: 1, column: 1, endLine: 1, endColumn: 2, ruleId: 'category', severity: 'error' as const, message: 'm' };
  const ctx = { fileCount: 1, color: false, toolVersion: '0.0.0', rules: RULES };
  const log = JSON.parse(sarif([d], ctx)) as { runs: { tool: { driver: { rules: { id: string; helpUri: string }[] } } }[] };
  const uris = log.runs[0]!.tool.driver.rules.map((r) => [r.id, r.helpUri]);
  assert.ok(uris.length >= RULES.length - 1);
  for (const [id, uri] of uris) assert.is(uri, `${RULES_URL}#${id}`);
  assert.ok(markdown([d], ctx).includes(`](${RULES_URL}#category)`));
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/t.yaml': VALID.replace('language: en_US', 'language: xx_YY') });
    const r = await cliIn(['preview', '--out', 'site'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const page = readdirSync(path.join(dir, 'site')).find((f) => f.endsWith('.html') && f !== 'index.html' && f !== 'rules.html')!;
    // the preview links the finding to its own page of the rules, which works offline, and that one to this version's docs
    assert.ok(readFileSync(path.join(dir, 'site', page), 'utf8').includes('href="rules.html#language-unknown"'), 'the preview links the finding');
    const rules = readFileSync(path.join(dir, 'site', 'rules.html'), 'utf8');
    assert.match(rules, /<section id="language-unknown" class="rule"><h2><code>language-unknown<\/code><\/h2>/);
    assert.ok(rules.includes(RULES_BY_ID.get('language-unknown')!.why.slice(0, 40)), 'with the rule\'s why');
    assert.ok(rules.includes(`href="${RULES_URL}#language-unknown"`), 'and its section of this version\'s docs');
    assert.not.ok(rules.includes('blob/main'));
  } finally { cleanup(dir); }
});

test('the CI recipe says GitHub environments on a private repository need a paid plan, and the init page what works without them', () => {
  const root = path.join(import.meta.dirname, '..');
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  assert.match(readme, /GitHub environment of that name \(private repository: a paid plan, \[more\]\(docs\/commands\/init\.md\)\)/);
  const init = readFileSync(path.join(root, 'docs/commands/init.md'), 'utf8');
  assert.match(init, /required reviewers[^.]*need Enterprise/);
  assert.match(init, /Without them the workflows still\s+work: keep `TPLSYNC_<ENV>_API_KEY` as a repository secret/);
});

test('export --to meta\'s page says what the export writes for a URL button\'s sample, a template\'s and a carousel card\'s, and api-assumptions.md tells the partner wire\'s card sample from it (trial-ar F2)', async () => {
  const { toMeta } = await import('../src/formats/meta.ts');
  const { fromFile } = await import('../src/model/canonical.ts');
  const button = { type: 'URL', text: 'Track', url: 'https://shop.example.com/orders/{{1}}', example: 'A-1042' };
  const card = { header: { format: 'IMAGE', example: 'https://cdn.example.com/a.png' }, body: { text: 'Your order.' }, buttons: [button] };
  const req = toMeta(fromFile({ channel: 'c', name: 'a', language: 'en', category: 'MARKETING', body: { text: 'Hello.' }, carousel: [card, card], buttons: [button] }, 'ch', 'id')).request as { components: { type: string; buttons?: { example?: string[] }[]; cards?: { components: { type: string; buttons?: { example?: string[] }[] }[] }[] }[] };
  const top = req.components.find((x) => x.type === 'BUTTONS')!.buttons![0]!.example!;
  const inCard = req.components.find((x) => x.type === 'CAROUSEL')!.cards![0]!.components.find((x) => x.type === 'BUTTONS')!.buttons![0]!.example!;
  const page = read('docs/commands/export.md').replace(/\s+/g, ' ');
  // each shape as the export writes it, and named for what it is
  assert.ok(page.includes(`a template's button's as the whole sample URL (\`"example": ${JSON.stringify(top).replace(/,/g, ', ')}\``), page);
  assert.ok(page.includes(`a carousel card's as the value of its \`{{1}}\` alone (\`"example": ${JSON.stringify(inCard)}\``), page);
  const assumptions = read('docs/api-assumptions.md');
  assert.match(assumptions, /`example: \["<the whole sample URL>"\]` on a URL button[^|]*Meta's own create request, which `export --to meta` writes, takes a card's URL sample as the value of its `\{\{1\}\}` alone/);
});

// trial-bs F9, F4, F10 (README, for a newcomer in a project of their own): a tarball install's lockfile names the .tgz, so
// CI's `npm ci` fails on a checkout without it; `npm ci && npm start` is for a clone of this repository; "the partner
// messaging API" was never said to be the provider's API tplsync talks to. And what made room for it lives in init.md.
test('trial-bs: README says to commit the tarball (or install from the tag), where its first block runs, and what the partner messaging API is', () => {
  const readme = read('README.md');
  const flat = readme.replace(/\s+/g, ' ');
  assert.match(flat, /Commit `package\.json` and `package-lock\.json`[^.]*\.[^.]*\)\)\. From the tarball, the lockfile names the `\.tgz`: commit it too, or CI's `npm ci` fails \(or install from the tag\)\./);
  // the line before the block of `npm ci && npm start`
  assert.match(readme, /In a clone of this repository:\n\n```sh\nnpm ci && npm start/);
  const opening = flat.slice(0, flat.indexOf('Why:'));
  assert.match(opening, /the partner messaging API \(your messaging provider's API, which tplsync talks to, not Meta or Google directly: \[assumptions\]\(docs\/api-assumptions\.md\)\)/);
  // the detail of how the key reaches tplsync, moved from the README's CI recipe to init's page, which it links
  assert.match(readme, '(docs/commands/init.md#the-key-in-the-workflows)');
  const init = read('docs/commands/init.md');
  assert.match(init, /^## The key in the workflows$/m);
  const key = init.slice(init.indexOf('## The key in the workflows')).replace(/\s+/g, ' ');
  for (const said of ['hands the key to tplsync alone, never to the install step', 'the `apiKeyEnv` of the config\'s environment', 'the plan and drift jobs read repository secrets',
    'policy plugins are code that every command, `lint` too, runs with the key', '(../format.md#the-config)', '(../rules.md#a-plugin)', 'its comment names a changed `baseUrl`, `apiKeyEnv` or plugin']) {
    assert.ok(key.includes(said), said);
  }
});

test.run();
