// comment: --repo is a GitHub OWNER/NAME or refused (exit 3) before any call, and an answer of
// another shape than GitHub's documents (an object where the list of comments goes) is said as
// GitHub's answer being unexpected (exit 7). `--repo 'o/r?x='` sent the listing to GET /repos/o/r,
// whose object answer crashed comment with "list.filter is not a function" (exit 70, "a bug");
// `--repo 'o/r#'` turned the update of a comment into PATCH /repos/o/r.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { repoProblem } from '../src/github/comment.ts';
import { cleanup, cliIn, tempDir } from './helpers.ts';

test('repoProblem: GitHub names pass; ?, #, .., /, spaces and other characters are refused', () => {
  for (const ok of ['acme/shop', 'o/r', 'my-org/my.repo_2', 'Acme/.github', '_emu/x', 'a/r..b']) assert.is(repoProblem(ok), undefined, ok);
  for (const bad of ['o/r?x=', 'o/r#', '../x', 'o/..', 'o/.', 'o/r/extra', 'o r/x', 'o/r x', 'o/', '/r', 'o', 'o.x/r', 'o/r%2F..', 'o/r\n', '-x/../y']) assert.ok(repoProblem(bad), bad);
});

async function withGitHub(answer: (method: string, path: string) => unknown, use: (url: string, calls: string[]) => Promise<void>): Promise<void> {
  const calls: string[] = [];
  const server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(answer(req.method!, req.url!))); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try { await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls); } finally { server.closeAllConnections(); await new Promise((r) => server.close(r)); }
}

test('--repo with ?, #, .. or a space: a usage error (exit 3), no call made', async () => {
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'plan.md'), '## plan\n\n1 to create\n');
    await withGitHub(() => ({ id: 5, name: 'r', full_name: 'o/r' }), async (url, calls) => {
      const env = { GITHUB_TOKEN: 'ghp_CANARYtokenABCDEF123456', GITHUB_API_URL: url, GITHUB_REPOSITORY: undefined, GITHUB_EVENT_PATH: undefined };
      for (const repo of ['o/r?x=', 'o/r#', '../x', 'o/r x', 'o/..']) {
        const r = await cliIn(['comment', '--body-file', 'plan.md', '--repo', repo, '--pr', '3'], { cwd: dir, env });
        assert.is(r.exitCode, 3, `${repo}: ${r.stderr}`);
        assert.match(r.stderr, `--repo ${JSON.stringify(repo)} is not a GitHub repository's OWNER/NAME`);
      }
      const r = await cliIn(['comment', '--body-file', 'plan.md', '--pr', '3'], { cwd: dir, env: { ...env, GITHUB_REPOSITORY: 'o/r#' } });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, 'GITHUB_REPOSITORY "o/r#" is not');
      assert.equal(calls, [], 'nothing asked of GitHub');
    });
  } finally { cleanup(dir); }
});

test('a listing answered with an object (or a list of non-comments) is GitHub\'s answer being unexpected (exit 7), never an internal error', async () => {
  const dir = tempDir();
  try {
    writeFileSync(path.join(dir, 'plan.md'), '## plan\n\n1 to create\n');
    for (const listing of [{ id: 5, name: 'r', full_name: 'o/r' }, null, ['x'], [{ body: 'no id' }]]) {
      await withGitHub(() => listing, async (url) => {
        const r = await cliIn(['comment', '--body-file', 'plan.md', '--repo', 'o/r', '--pr', '3'], { cwd: dir, env: { GITHUB_TOKEN: 'ghp_CANARYtokenABCDEF123456', GITHUB_API_URL: url } });
        assert.is(r.exitCode, 7, `${JSON.stringify(listing)}: ${r.stderr}`);
        assert.match(r.stderr, /GitHub GET \/repos\/o\/r\/issues\/3\/comments\?per_page=100&page=1: the answer is not a list of comments with their ids/);
        assert.not.match(r.stderr, /internal error|bug/);
      });
    }
    // a created comment answered without its id: said too, not "created comment undefined"
    await withGitHub((method) => (method === 'GET' ? [] : { message: 'ok' }), async (url) => {
      const r = await cliIn(['comment', '--body-file', 'plan.md', '--repo', 'o/r', '--pr', '3'], { cwd: dir, env: { GITHUB_TOKEN: 'ghp_CANARYtokenABCDEF123456', GITHUB_API_URL: url } });
      assert.is(r.exitCode, 7, r.stderr);
      assert.match(r.stderr, 'GitHub POST /repos/o/r/issues/3/comments: the answer is not a comment with its id (an object)');
    });
  } finally { cleanup(dir); }
});

test.run();
