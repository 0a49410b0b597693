// The plan comment of 400 changed templates stays within GitHub's 65,536 characters whatever the
// body file holds: plan's Markdown keeps under it by itself (summary first, a note of what is not
// shown), and `comment` cuts a longer body (rendered without that limit, or lengthened by the
// marker or by masking) at a line with a note, instead of a body GitHub refuses or an exit 3 that
// leaves the pull request without its plan.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { makePlan, type DesiredTemplate } from '../src/plan/plan.ts';
import { renderMarkdown } from '../src/plan/render.ts';
import { fromFile } from '../src/model/canonical.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { templateText } from '../bench/generate.ts';
import { closersOf, fitComment, rerunOf } from '../src/github/comment.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir } from './helpers.ts';

/** GitHub's limit of a comment's body */
const LIMIT = 65_536;

test('400 changed templates: the plan comment is posted within GitHub\'s limit, summary first, with a note when cut', async () => {
  const desired: DesiredTemplate[] = [];
  for (let i = 0; i < 400; i++) {
    const t = readTemplateValue(templateText(i));
    const { canonical, ...fileOnly } = fromFile(t, CHANNEL_A, `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    desired.push({ file: `templates/t${i}.yaml`, fileHash: 'h', channel: String(t.channel), canonical, fileOnly });
  }
  const plan = makePlan({ desired, remote: new Map() });
  const bodies: string[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    res.writeHead(req.method === 'GET' ? 200 : 201, { 'content-type': 'application/json' });
    if (req.method === 'GET') { res.end('[]'); return; }
    const body = JSON.parse(raw).body as string;
    bodies.push(body);
    res.end(JSON.stringify({ id: bodies.length, body, html_url: 'https://github.example/c' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir();
  try {
    const env = { GITHUB_TOKEN: 'ghs_test_token_400', GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, GITHUB_REPOSITORY: 'acme/shop', GITHUB_EVENT_PATH: undefined };
    // plan's own Markdown: under the limit by itself, posted as it is
    const md = renderMarkdown(plan, { environment: 'production', marker: 'tplsync-plan:production' });
    writeFileSync(path.join(dir, 'plan.md'), md);
    let r = await cliIn(['comment', '--body-file', 'plan.md', '--pr', '7'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.is(bodies.at(-1), md);
    assert.ok(md.length <= LIMIT, `${md.length}`);
    assert.match(md, /\| 400 \| 0 \| 0 \| 0 \|/);
    assert.match(md, /more changes? not shown in detail/);
    // a body past the limit (the same plan without the renderer's limit, no marker of its own): cut at a line, said, never refused
    const whole = renderMarkdown(plan, { environment: 'production', limit: 10_000_000 });
    assert.ok(whole.length > LIMIT, `${whole.length}`);
    writeFileSync(path.join(dir, 'whole.md'), whole);
    r = await cliIn(['comment', '--body-file', 'whole.md', '--pr', '7', '--marker', 'tplsync-plan:production'], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const posted = bodies.at(-1)!;
    assert.ok(posted.length <= LIMIT, `${posted.length}`);
    assert.ok(posted.startsWith('<!-- tplsync-plan:production -->\n## tplsync plan: production'));
    assert.match(posted, /\| 400 \| 0 \| 0 \| 0 \|/);
    assert.match(posted, /_The rest is not shown: the comment would exceed GitHub's 65,536 characters \([\d,]+\)\. Run `tplsync plan --env production` for all of it\._\n$/);
    assert.match(r.stderr, /GitHub takes at most 65,536: posted cut at a line/);
  } finally { cleanup(dir); await new Promise((ok) => server.close(ok)); }
});

// verify-9: a body cut inside a code block and a <details> section hid its own note (shown as code, folded)
test('a body cut inside a code fence and <details>: the fence and the section are closed before the note', () => {
  const body = `<!-- m -->\n## Plan\n<details><summary>more</summary>\n\n\`\`\`diff\n${'- old line of text\n+ new line of text\n'.repeat(4000)}\`\`\`\n</details>\n`;
  const { body: cut, cutFrom } = fitComment(body);
  assert.ok(cutFrom !== undefined && cut.length <= LIMIT, String(cut.length));
  const noteAt = cut.indexOf('_The rest is not shown');
  assert.ok(noteAt > 0);
  const before = cut.slice(0, noteAt);
  assert.is(closersOf(before), '', 'nothing left open before the note');
  assert.match(before, /\n```\n<\/details>\s*$/);
  // closed ones need nothing; a fence's text is not read for <details>
  assert.is(closersOf('```\n<details>\n```\n'), '');
  assert.is(closersOf('<details>\n~~~~\ncode ```\n'), '\n~~~~\n</details>');
});

test('the comment cut at GitHub\'s limit names the environment (or both of a promotion) of its heading', () => {
  assert.is(rerunOf('<!-- m -->\n## tplsync plan: production\n\n| x |'), 'tplsync plan --env production');
  assert.is(rerunOf('## tplsync promote: staging → production\n'), 'tplsync promote --from staging --to production');
  assert.is(rerunOf('## Something else\n'), 'tplsync plan');
});

test.run();
