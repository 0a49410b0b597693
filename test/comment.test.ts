// The plan comment step against a local stand-in of GitHub's issue-comment endpoints:
// the first run adds the comment, later runs edit it, never add another.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir } from './helpers.ts';

interface C { id: number; body: string; html_url: string; user?: { login: string; type: string } }

test('a second run edits its comment (found by its marker across pages), never adds one; the token stays secret', async () => {
  const comments: C[] = Array.from({ length: 130 }, (_, i) => ({ id: i + 1, body: `someone else's comment ${i}`, html_url: `https://github.example/c/${i + 1}` }));
  const calls: string[] = [];
  const TOKEN = `ghs_canary_${Date.now()}`;
  const server = createServer(async (req: IncomingMessage, res) => {
    const url = new URL(req.url!, 'http://gh');
    calls.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.headers.authorization !== `Bearer ${TOKEN}`) { res.writeHead(401); res.end('{"message":"Bad credentials"}'); return; }
    let raw = '';
    for await (const c of req) raw += c;
    const json = (status: number, v: unknown) => { res.writeHead(status, { 'content-type': 'application/json' }); res.end(JSON.stringify(v)); };
    if (url.pathname.startsWith('/repos/acme/limited/')) return json(429, { message: 'API rate limit exceeded' });
    let m = /^\/repos\/acme\/shop\/issues\/7\/comments$/.exec(url.pathname);
    if (m && req.method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1), per = Number(url.searchParams.get('per_page') ?? 30);
      return json(200, comments.slice((page - 1) * per, page * per));
    }
    if (m && req.method === 'POST') {
      const c = { id: 1000 + comments.length, body: JSON.parse(raw).body as string, html_url: 'https://github.example/new' };
      comments.push(c);
      return json(201, c);
    }
    m = /^\/repos\/acme\/shop\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (m && req.method === 'PATCH') {
      const c = comments.find((x) => x.id === Number(m![1]))!;
      c.body = JSON.parse(raw).body;
      return json(200, c);
    }
    json(404, { message: 'Not Found' });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir();
  try {
    const env = { GITHUB_TOKEN: TOKEN, GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, GITHUB_REPOSITORY: 'acme/shop', GITHUB_EVENT_PATH: path.join(dir, 'event.json') };
    writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify({ pull_request: { number: 7 } }));
    writeFileSync(path.join(dir, 'plan.md'), '## tplsync plan: production\n\n1 to create\n');
    let r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:production'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /^created comment 1130/);
    assert.is(comments.length, 131);
    writeFileSync(path.join(dir, 'plan.md'), '## tplsync plan: production\n\n2 to create\n');
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:production'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /^updated comment 1130/);
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:production'], { cwd: dir, env });
    assert.match(r.stdout, /^unchanged comment 1130/);
    assert.is(comments.length, 131, 'never a second comment');
    assert.is(comments.at(-1)!.body, '<!-- tplsync-plan:production -->\n## tplsync plan: production\n\n2 to create\n');
    assert.ok(calls.some((c) => c.includes('page=2')), 'looked past the first page');
    // another environment's plan is its own comment
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:staging'], { cwd: dir, env });
    assert.match(r.stdout, /^created/);
    // a person's comment that quotes a marker is not tplsync's: never edited, a comment of its own is made
    const bobs = { id: 2000, body: 'I think the bot should write `<!-- tplsync-plan:eu -->` here\n<!-- tplsync-plan:eu -->', html_url: 'https://github.example/c/2000' };
    comments.push(bobs);
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:eu'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, /^created comment/);
    assert.is(bobs.body, 'I think the bot should write `<!-- tplsync-plan:eu -->` here\n<!-- tplsync-plan:eu -->');
    assert.not.ok(calls.includes('PATCH /repos/acme/shop/issues/comments/2000'));
    // a person's comment that starts with spaces before the marker, or with the marker itself, is not edited either;
    // the bot's comment of that marker is (found after the person's)
    const carol = { id: 2001, body: '   <!-- tplsync-plan:us -->\nI copied the old plan here', html_url: 'x', user: { login: 'carol', type: 'User' } };
    const dave = { id: 2002, body: '<!-- tplsync-plan:us -->\nmy own notes', html_url: 'x', user: { login: 'dave', type: 'User' } };
    const bot = { id: 2003, body: '<!-- tplsync-plan:us -->\nold plan', html_url: 'x', user: { login: 'github-actions[bot]', type: 'Bot' } };
    comments.push(carol as C, dave as C, bot as C);
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:us'], { cwd: dir, env });
    assert.match(r.stdout, /^updated comment 2003/);
    assert.equal([carol.body, dave.body], ['   <!-- tplsync-plan:us -->\nI copied the old plan here', '<!-- tplsync-plan:us -->\nmy own notes']);
    // no bot's comment, and the token's user is not dave: a new comment
    comments.splice(comments.indexOf(bot as C), 1);
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:us'], { cwd: dir, env });
    assert.match(r.stdout, /^created comment/);
    assert.is(dave.body, '<!-- tplsync-plan:us -->\nmy own notes');
    // a body file an editor saved with a byte-order mark: its marker is still its first line
    writeFileSync(path.join(dir, 'bom.md'), '\uFEFF<!-- tplsync-plan:bom -->\n## tplsync plan: bom\n');
    r = await cliIn(['comment', '--body-file', 'bom.md'], { cwd: dir, env });
    assert.match(r.stdout, /^created comment/);
    assert.is(comments.at(-1)!.body, '<!-- tplsync-plan:bom -->\n## tplsync plan: bom\n');
    // rate limited: GitHub cannot be reached for now (exit 7), not a bad option (3)
    r = await cliIn(['comment', '--body-file', 'plan.md', '--repo', 'acme/limited'], { cwd: dir, env });
    assert.is(r.exitCode, 7, r.stdout + r.stderr);
    assert.match(r.stderr, 'rate limited');
    // a marker that would end the hidden comment early: refused
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'plan-->prod'], { cwd: dir, env });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, 'would end the hidden comment early');
    // no --marker: the plan's own (plan --format markdown --marker, default tplsync-plan:<env>), so two environments keep two comments
    writeFileSync(path.join(dir, 'plan.md'), '<!-- tplsync-plan:asia -->\n## tplsync plan: asia\n\n1 to create\n');
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env });
    assert.match(r.stdout, /^created comment (\d+)/);
    const asia = comments.at(-1)!;
    assert.is(asia.body, '<!-- tplsync-plan:asia -->\n## tplsync plan: asia\n\n1 to create\n');
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env });
    assert.match(r.stdout, new RegExp(`^unchanged comment ${asia.id}`));
    // a body made with another marker than --marker: posted under --marker, with one marker line, not two
    r = await cliIn(['comment', '--body-file', 'plan.md', '--marker', 'tplsync-plan:asia-2'], { cwd: dir, env });
    assert.match(r.stdout, /^created/);
    assert.is(comments.at(-1)!.body, '<!-- tplsync-plan:asia-2 -->\n## tplsync plan: asia\n\n1 to create\n');
    // an empty body file (a plan step that failed before writing it): refused, the plan comment left as it is
    writeFileSync(path.join(dir, 'empty.md'), '\n');
    const before = comments.map((c) => c.body);
    r = await cliIn(['comment', '--body-file', 'empty.md', '--marker', 'tplsync-plan:asia'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, '--body-file empty.md is empty: nothing posted');
    assert.equal(comments.map((c) => c.body), before);
    // a body of its marker line alone is as empty
    writeFileSync(path.join(dir, 'marker-only.md'), '<!-- tplsync-plan:asia -->\n\n  \n');
    r = await cliIn(['comment', '--body-file', 'marker-only.md'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.equal(comments.map((c) => c.body), before);
    // an event file that is not there, or of an issue that is no pull request: said
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env: { ...env, GITHUB_EVENT_PATH: path.join(dir, 'nowhere.json') } });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'nowhere.json is not there');
    writeFileSync(path.join(dir, 'issue.json'), JSON.stringify({ issue: { number: 12 }, comment: { id: 1 } }));
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env: { ...env, GITHUB_EVENT_PATH: path.join(dir, 'issue.json') } });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'is on issue 12, which is not a pull request');
    // an event file that does not read (exit 3, not a bug), a number GitHub cannot have, and a comment's event on a pull request
    writeFileSync(path.join(dir, 'bad-event.json'), 'not json');
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env: { ...env, GITHUB_EVENT_PATH: path.join(dir, 'bad-event.json') } });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.match(r.stderr, 'does not read as the workflow event\'s JSON');
    r = await cliIn(['comment', '--body-file', 'plan.md', '--pr', '99999999999999999999'], { cwd: dir, env });
    assert.is(r.exitCode, 3, r.stdout + r.stderr);
    assert.not.ok(calls.some((c) => c.includes('100000000000000000000')));
    writeFileSync(path.join(dir, 'issue-comment.json'), JSON.stringify({ issue: { number: 7, pull_request: { url: 'https://api.github.example/repos/acme/shop/pulls/7' } }, comment: { id: 1 } }));
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env: { ...env, GITHUB_EVENT_PATH: path.join(dir, 'issue-comment.json') } });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`^unchanged comment ${asia.id}`));
    // a wrong token: exit 6, and the token is never printed
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env: { ...env, GITHUB_TOKEN: `${TOKEN}x` } });
    assert.is(r.exitCode, 6);
    assert.not.ok((r.stdout + r.stderr).includes(TOKEN));
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env: { ...env, GITHUB_TOKEN: undefined } });
    assert.is(r.exitCode, 3);
    // a plain-http API elsewhere than this machine: refused, in the command's own words (its token, its flag)
    r = await cliIn(['comment', '--body-file', 'plan.md'], { cwd: dir, env: { ...env, GITHUB_API_URL: 'http://192.0.2.5' } });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, /Refusing to send the GitHub token over plain http to 192\.0\.2\.5; use https:\/\/, or pass --allow-insecure-http if you really mean it/);
    assert.not.match(r.stderr, /API key|allowInsecureHttp/);
  } finally { server.close(); cleanup(dir); }
});

test.run();
