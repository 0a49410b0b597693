// `tplsync comment --body-file FILE`: post or update the plan comment of a pull request (GitHub).
import { existsSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import { jsonDepthProblem } from '../core/json-depth.js';
import { leadingMarker, repoProblem, upsertComment } from '../github/comment.js';
import { EXIT } from '../core/exit-codes.js';
import { redact } from '../core/redact.js';
import { loadConfig } from '../config/load.js';
import { io, resolvePath } from '../core/io.js';
import { FileRefused, MAX_DATA_FILE_BYTES, readRegularText } from '../core/read-regular.js';

export interface CommentCommandOptions { config?: string; bodyFile: string; marker?: string; repo?: string; pr?: string; allowInsecureHttp?: boolean }

export async function commentCommand(o: CommentCommandOptions): Promise<number> {
  const token = io().env.GITHUB_TOKEN;
  if (!token) throw new UsageError('Set GITHUB_TOKEN (in a workflow: env: { GITHUB_TOKEN: ${{ github.token }} })');
  const repo = o.repo ?? io().env.GITHUB_REPOSITORY;
  if (!repo) throw new UsageError('Name the repository with --repo OWNER/NAME (default: $GITHUB_REPOSITORY)');
  const wrongRepo = repoProblem(repo);
  if (wrongRepo) throw new UsageError(o.repo === undefined ? wrongRepo.replace(/^--repo /, 'GITHUB_REPOSITORY ') : wrongRepo);
  // a whole number GitHub can have (a longer one lost its last digits as a JavaScript number)
  let issue = o.pr !== undefined ? (/^[1-9]\d{0,11}$/.test(o.pr) ? Number(o.pr) : NaN) : NaN;
  const eventPath = io().env.GITHUB_EVENT_PATH;
  if (o.pr === undefined && eventPath && !existsSync(resolvePath(eventPath))) throw new UsageError(`GITHUB_EVENT_PATH ${eventPath} is not there: name the pull request with --pr N`);
  if (o.pr === undefined && eventPath) {
    let ev: { pull_request?: { number?: number }; issue?: { number?: number; pull_request?: unknown }; number?: number };
    try { ev = JSON.parse(readRegularText(resolvePath(eventPath), { max: MAX_DATA_FILE_BYTES, shown: `GITHUB_EVENT_PATH ${eventPath}`, what: 'the workflow event' })) as typeof ev; } catch (e) {
      if (e instanceof FileRefused) throw e;
      throw new UsageError(`GITHUB_EVENT_PATH ${eventPath} does not read as the workflow event's JSON (${(e as Error).message}): name the pull request with --pr N`);
    }
    const deep = jsonDepthProblem(ev);
    if (deep) throw new UsageError(`GITHUB_EVENT_PATH ${eventPath} ${deep}: name the pull request with --pr N`);
    // a pull request's own event, or a comment on one (issue_comment: an issue that is a pull request)
    issue = ev?.pull_request?.number ?? (ev?.issue?.pull_request ? ev.issue.number : undefined) ?? ev?.number ?? NaN;
    // a comment on an issue that is no pull request: nowhere to post a plan
    if (Number.isNaN(issue) && ev?.issue && !ev.issue.pull_request) throw new UsageError(`the workflow event (GITHUB_EVENT_PATH) is on issue ${ev.issue.number ?? '?'}, which is not a pull request: a plan comment goes on a pull request; name it with --pr N`);
  }
  if (!Number.isInteger(issue) || issue < 1) throw new UsageError(`Name the pull request with --pr N${o.pr !== undefined ? ` (not '${o.pr}')` : ''} (default: the pull request of the workflow event)`);
  if (!existsSync(resolvePath(o.bodyFile))) throw new UsageError(`--body-file ${o.bodyFile} does not exist`);
  // the config's keys and secret values are masked in what is posted, as in every output (a
  // comment needs no config: without one, or with one that does not read, the body goes as it is)
  await loadConfig({ cwd: io().cwd(), ...(o.config ? { configFile: o.config } : {}) }).catch(() => undefined);
  // (a byte-order mark an editor wrote is no part of the text: the marker it hides is the body's first line)
  const body = redact(readRegularText(resolvePath(o.bodyFile), { max: MAX_DATA_FILE_BYTES, shown: `--body-file ${o.bodyFile}`, what: 'the comment body' }));
  // an empty body (a plan step that failed before it wrote its file) would blank the plan comment in place of the plan
  if (body.replace(/^\s*<!--[^\n]*?-->/, '').trim() === '') throw new UsageError(`--body-file ${o.bodyFile} is empty: nothing posted (the comment stays as it is); did the step that writes it fail?`);
  // the plan's own marker (plan --marker, default tplsync-plan:<env>) when none is given: one comment per environment
  const marker = o.marker ?? leadingMarker(body) ?? 'tplsync-plan';
  const r = await upsertComment({ apiUrl: io().env.GITHUB_API_URL ?? 'https://api.github.com', token, repo, issue, marker, body, proxyEnv: io().env, ...(o.allowInsecureHttp ? { allowInsecureHttp: true } : {}) });
  if (r.cutFrom !== undefined) io().stderr.write(`tplsync: the comment would be ${r.cutFrom.toLocaleString('en')} characters; GitHub takes at most 65,536: posted cut at a line, with a note that says so (tplsync plan --format markdown stays under the limit by itself)\n`);
  io().stdout.write(`${r.action} comment ${r.id}${r.url ? ` ${r.url}` : ''}\n`);
  return EXIT.OK;
}
