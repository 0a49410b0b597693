// A template file that is a link out of the project (file-outside-project) was advised a templates glob of its real
// folder (`../elsewhere/**/*.yaml`) even where the config may not name one: in a git repository a glob that starts
// outside it is refused (exit 3), so following the advice made the config refused. Each advice the finding gives is
// followed here, in three layouts (the file outside the repository; outside the config's folder but in its repository;
// no repository), and lint is run again: it passes.
import './seed.ts';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const TEMPLATE = `channel: ${CHANNEL_A}\nname: delivery_window\nlanguage: fr\ncategory: UTILITY\nbody:\n  text: "Bonjour {{client}}, votre livraison arrive entre {{debut}} et {{fin}}."\n  examples: { client: Luc, debut: "9h", fin: "11h" }\n`;
const CONFIG = 'templates: ["tpl/**/*.yaml"]\n';

/** the layouts: where the git repository is (none: undefined), the config's folder and the template's real file, under one temp folder */
const LAYOUTS = [
  { what: 'outside the repository', repo: 'app', project: 'app', real: 'vendor/delivery_window.fr.yaml' },
  { what: 'in the repository, beside the config\'s folder', repo: '.', project: 'svc/app', real: 'svc/common/msgs/delivery_window.fr.yaml' },
  { what: 'no repository', repo: undefined, project: 'app', real: 'vendor/delivery_window.fr.yaml' },
] as const;

/** a fresh layout: the template's real file, the config, and the link to the file in the config's templates folder */
function layout(root: string, l: typeof LAYOUTS[number]): { project: string; link: string } {
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  if (l.repo !== undefined) { mkdirSync(path.join(root, l.repo), { recursive: true }); execFileSync('git', ['init', '-q', path.join(root, l.repo)]); }
  const project = path.join(root, l.project);
  writeFiles(root, { [l.real]: TEMPLATE, [`${l.project}/tplsync.config.yaml`]: CONFIG });
  const link = path.join(project, 'tpl', 'delivery_window.fr.yaml');
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(path.relative(path.dirname(link), path.join(root, l.real)), link);
  return { project, link };
}

test('file-outside-project: every advice it gives, followed, makes a config lint accepts, and lint passes (never a glob the config is refused for)', async () => {
  const outer = tempDir();
  try {
    for (const l of LAYOUTS) {
      const root = path.join(outer, 'case');
      let { project, link } = layout(root, l);
      const first = await cliIn(['lint'], { cwd: project });
      assert.is(first.exitCode, 1, `${l.what}: ${first.stdout}${first.stderr}`);
      assert.match(first.stdout, /file-outside-project/, l.what);
      const glob = /add its folder to the config's templates globs \("([^"]+)"\)/.exec(first.stdout)?.[1];
      // a glob is advised where the config may name it: in its repository, or beside a config in none
      assert.is(glob !== undefined, l.what !== 'outside the repository', `${l.what}: ${first.stdout}`);
      if (glob !== undefined) {
        writeFileSync(path.join(project, 'tplsync.config.yaml'), CONFIG.replace(']', `, "${glob}"]`));
        const r = await cliIn(['lint'], { cwd: project });
        assert.is(r.exitCode, 0, `${l.what}, the glob ${glob} added: ${r.stdout}${r.stderr}`);
      }
      // copying the template in is advised in every layout
      assert.match(first.stdout, /[Cc]opy the template into the project/, l.what);
      ({ project, link } = layout(root, l));
      const text = readFileSync(link, 'utf8');
      rmSync(link);
      writeFileSync(link, text);
      const copied = await cliIn(['lint'], { cwd: project });
      assert.is(copied.exitCode, 0, `${l.what}, copied in: ${copied.stdout}${copied.stderr}`);
      // and naming the path on the command line
      ({ project, link } = layout(root, l));
      const named = await cliIn(['lint', path.relative(project, link)], { cwd: project });
      assert.is(named.exitCode, 0, `${l.what}, named: ${named.stdout}${named.stderr}`);
    }
  } finally { cleanup(outer); }
});

test.run();
