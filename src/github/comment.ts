// Effects: one pull-request comment per marker, updated in place. Lists the comments of the
// issue (every page), edits the one whose first line is `<!-- marker -->` (never one that only
// mentions it, as a person's comment may), or adds it when there is none.
import { adviceCommand } from '../core/advice.js';
import { shellWord } from '../core/shell-word.js';
import { checkBaseUrl, hostPort } from '../api/base-url.js';
import { AuthError, UnavailableError, RequestError } from '../api/errors.js';
import { proxyPasswords, routeFor } from '../api/proxy.js';
import { fetchVia, tunnelRefusal } from '../api/proxy-fetch.js';
import { UsageError } from '../core/errors.js';
import { addSecret } from '../core/redact.js';

export interface CommentOptions {
  apiUrl: string;
  token: string;
  repo: string;
  issue: number;
  marker: string;
  body: string;
  allowInsecureHttp?: boolean;
  /** the variables the proxy is read from (HTTPS_PROXY, NO_PROXY, ...: api/proxy.ts); none: no proxy */
  proxyEnv?: NodeJS.ProcessEnv;
}

export interface CommentResult { action: 'created' | 'updated' | 'unchanged'; id: number; url?: string;
  /** the body was longer than GitHub takes: cut at a line, with a note; its length before */
  cutFrom?: number }

/**
 * Pure: the command that shows all of a plan's or promotion's comment, for the environment its heading names
 * (`## tplsync plan: ENV`, `## tplsync promote: FROM → ENV`; a bare plan would show the default environment's).
 */
export function rerunOf(body: string): string {
  const m = /^## tplsync (plan|promote): (?:(\S+) → )?(\S+)\s*$/m.exec(body);
  if (!m) return 'tplsync plan';
  return m[1] === 'promote' && m[2] ? `tplsync promote --from ${shellWord(m[2])} --to ${shellWord(m[3]!)}` : adviceCommand('plan', m[3]);
}

/** the most characters GitHub takes in a comment's body */
export const GITHUB_COMMENT_LIMIT = 65_536;

/**
 * Pure: the body as GitHub takes it: within its limit, counted in UTF-16 code units (never fewer
 * than GitHub's characters). A longer one (a plan of many templates rendered without the Markdown
 * renderer's own limit, or one that masking lengthened) is cut at a line, with a note that says so.
 */
export function fitComment(body: string, limit = GITHUB_COMMENT_LIMIT): { body: string; cutFrom?: number } {
  if (body.length <= limit) return { body };
  const note = `\n\n_The rest is not shown: the comment would exceed GitHub's ${limit.toLocaleString('en')} characters (${body.length.toLocaleString('en')}). Run \`${rerunOf(body)}\` for all of it._\n`;
  // room for the closers of what the cut leaves open (a code fence, <details> sections): the note is read, not shown as code in a fold
  const room = limit - note.length - CLOSERS_ROOM;
  const at = body.lastIndexOf('\n', room);
  const kept = body.slice(0, at > 0 ? at : room);
  return { body: kept + closersOf(kept) + note, cutFrom: body.length };
}

/** the most characters closersOf adds: a fence and ten </details> */
const CLOSERS_ROOM = 200;

/** Pure: what closes the Markdown a cut leaves open: a code fence (``` or ~~~ at a line's start), then each <details> left open. */
export function closersOf(text: string): string {
  let fence: string | undefined;
  let open = 0;
  for (const line of text.split('\n')) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1]!;
      else if (f[1]![0] === fence[0] && f[1]!.length >= fence.length && line.trim() === f[1]) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    open += (line.match(/<details\b/gi) ?? []).length - (line.match(/<\/details>/gi) ?? []).length;
  }
  return `${fence !== undefined ? `\n${fence}` : ''}${'\n</details>'.repeat(Math.min(Math.max(open, 0), 10))}`;
}

interface GhComment { id: number; body?: string; html_url?: string; user?: { login?: string; type?: string } }

/** The marker a comment's first line is (`<!-- tplsync-plan:production -->`), if it is one: what finds tplsync's comment. */
export function leadingMarker(body: string | undefined): string | undefined {
  // at the very start, as tplsync writes it: a comment that starts with spaces (a person's paste) is not tplsync's
  return /^<!-- (\S(?:.*\S)?) -->[ \t]*(?:\r?\n|$)/.exec(body ?? '')?.[1];
}

/** Why `marker` cannot be a hidden HTML comment's text (it would end the comment early or split it), or undefined. */
export function markerProblem(marker: string): string | undefined {
  return /-->|--!>|^-|^>|\r|\n/.test(marker) || marker.trim() === '' ? `--marker '${marker}' would end the hidden comment early (or split it, or be empty): write it without --> and line breaks` : undefined;
}

/**
 * Why `repo` is not a GitHub OWNER/NAME, or undefined. An owner is letters, digits, `-` and `_` (a
 * managed user's `_short`); a name letters, digits, `-`, `_` and `.`, not `.` or `..`. Anything else
 * (`o/r?x=`, `o/r#`, `../x`) would make the calls' paths other endpoints (`PATCH /repos/o/r`).
 */
export function repoProblem(repo: string): string | undefined {
  const m = /^([A-Za-z0-9_][A-Za-z0-9_-]{0,38})\/([A-Za-z0-9._-]{1,100})$/.exec(repo);
  if (m && m[2] !== '.' && m[2] !== '..') return undefined;
  return `--repo ${JSON.stringify(repo)} is not a GitHub repository's OWNER/NAME (an owner of letters, digits, - and _; a name of letters, digits, -, _ and ., not . or ..); name it with --repo OWNER/NAME (default: $GITHUB_REPOSITORY)`;
}

/** how long a call to GitHub (and a proxy's answer to its CONNECT) is waited for */
const ANSWER_MS = 30_000;

export async function upsertComment(o: CommentOptions): Promise<CommentResult> {
  const wrongRepo = repoProblem(o.repo);
  if (wrongRepo) throw new UsageError(wrongRepo);
  const base = checkBaseUrl(o.apiUrl, o.allowInsecureHttp, { name: 'GITHUB_API_URL', secret: 'the GitHub token', allow: 'pass --allow-insecure-http' });
  // behind an egress proxy (a self-hosted runner) as the API's requests are: api/proxy.ts
  for (const p of proxyPasswords(o.proxyEnv ?? {})) addSecret(p);
  const route = routeFor(base, o.proxyEnv ?? {});
  const send = fetchVia(route, ANSWER_MS);
  const via = route.kind === 'proxy' ? ` through the proxy ${route.shown} of ${route.variable}` : '';
  const tag = `<!-- ${o.marker} -->`;
  // the marker is the comment's first line, and the only one: a body made with another marker (plan --marker) goes under this one
  const own = leadingMarker(o.body);
  const bad = markerProblem(o.marker);
  if (bad) throw new UsageError(bad);
  const marked = own === o.marker ? o.body : own !== undefined ? o.body.replace(/^<!-- .* -->[ \t]*(?:\r?\n|$)/, `${tag}\n`) : `${tag}\n${o.body}`;
  // within GitHub's limit whatever the body file holds (with the marker added): cut, and said, rather than refused
  const { body, cutFrom } = fitComment(marked);
  const cut = cutFrom !== undefined ? { cutFrom } : {};
  const call = async (method: string, path: string, payload?: unknown): Promise<unknown> => {
    let res: Response;
    const url = new URL(path.replace(/^\//, ''), base);
    try {
      res = await send(url, {
        method,
        headers: {
          authorization: `Bearer ${o.token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'tplsync',
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
        signal: AbortSignal.timeout(ANSWER_MS),
        // never follow: the token would go along to wherever the answer points
        redirect: 'manual',
      });
    } catch (e) {
      const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } };
      const refused = route.kind === 'proxy' ? tunnelRefusal(e) : undefined;
      if (route.kind === 'proxy' && refused !== undefined) {
        throw new (refused >= 500 ? UnavailableError : RequestError)(`GitHub ${method} ${path}: the proxy ${route.shown} of ${route.variable} ${refused === 407 ? `asks for credentials (407 Proxy Authentication Required): give them in ${route.variable} as http://user:password@${route.shown}` : `answered ${refused} to the request for a tunnel to ${hostPort(url)}`}`);
      }
      const why = err.name === 'TimeoutError' ? 'no answer within 30 s' : err.cause?.code ? `network error ${err.cause.code}` : `network error: ${err.cause?.message ?? err.message}`;
      throw new UnavailableError(`GitHub ${method} ${path}: ${why} (${hostPort(url)}${via})`);
    }
    const text = await res.text();
    if (res.status >= 300 && res.status < 400) {
      throw new RequestError(`GitHub ${method} ${path}: ${res.status}, a redirect to ${res.headers.get('location') ?? '(no Location header)'}; not followed (the token would be sent along): set GITHUB_API_URL to the API's address`, res.status);
    }
    if (res.status === 401 || res.status === 403) throw new AuthError(`GitHub ${method} ${path}: ${res.status}: the token may not comment here (on a pull request from a fork the token is read-only)`, res.status);
    // rate limited (429, or 403 with the rate limit spent) or GitHub's own trouble: GitHub could not be reached for now (exit 7)
    if (res.status >= 500 || res.status === 429) throw new UnavailableError(`GitHub ${method} ${path}: ${res.status}${res.status === 429 ? ' (rate limited; run the job again later)' : ''}`, res.status);
    if (!res.ok) throw new RequestError(`GitHub ${method} ${path}: ${res.status}: ${text.slice(0, 200)}`, res.status);
    if (!text) return undefined;
    try { return JSON.parse(text); } catch {
      throw new UnavailableError(`GitHub ${method} ${path}: ${res.status}, but the answer is not JSON (${text.length} bytes, starting ${JSON.stringify(text.slice(0, 40))}); is GITHUB_API_URL the API's address?`, res.status);
    }
  };
  const [owner, name] = o.repo.split('/').map(encodeURIComponent);
  // GitHub's answers as the calls' documents have them: a list of comments, a comment with its id. Another
  // shape (an object where the list goes: GITHUB_API_URL a proxy or another service) is said as GitHub's
  // answer being unexpected (exit 7), never a crash of tplsync's
  const unexpected = (method: string, path: string, what: string, got: unknown): UnavailableError =>
    new UnavailableError(`GitHub ${method} ${path}: the answer is not ${what} (${Array.isArray(got) ? 'a list' : got === null ? 'null' : typeof got === 'object' ? 'an object' : typeof got}); is GITHUB_API_URL the API's address?`);
  const comment = async (method: string, path: string, payload: unknown): Promise<GhComment> => {
    const c = await call(method, path, payload);
    if (typeof c !== 'object' || c === null || Array.isArray(c) || !Number.isSafeInteger((c as GhComment).id)) throw unexpected(method, path, 'a comment with its id', c);
    return c as GhComment;
  };
  /** the token's own login, once asked ('' when the token cannot say: an app's or the workflow's) */
  let me: string | undefined;
  for (let page = 1; page <= 100; page++) {
    const listPath = `/repos/${owner}/${name}/issues/${o.issue}/comments?per_page=100&page=${page}`;
    const got = await call('GET', listPath);
    if (!Array.isArray(got) || !got.every((c) => typeof c === 'object' && c !== null && !Array.isArray(c) && Number.isSafeInteger((c as GhComment).id))) throw unexpected('GET', listPath, 'a list of comments with their ids', got);
    const list = got as GhComment[];
    // tplsync's comment starts with its marker: a person's comment that quotes the marker, or a comment of another marker, is not it
    // the one this token's account wrote: a bot's (the workflow token is github-actions[bot]), else the
    // token's own user's (a personal token); a person's comment that starts with the marker is not edited
    const marked = list.filter((c) => leadingMarker(c.body) === o.marker);
    let mine = marked.find((c) => c.user?.type === 'Bot');
    if (!mine && marked.length) {
      me ??= await call('GET', '/user').then((u) => String((u as { login?: unknown } | undefined)?.login ?? ''), () => '');
      mine = marked.find((c) => c.user === undefined || (me !== '' && c.user.login === me));
    }
    if (mine) {
      if (mine.body === body) return { action: 'unchanged', id: mine.id, ...(mine.html_url ? { url: mine.html_url } : {}), ...cut };
      const c = await comment('PATCH', `/repos/${owner}/${name}/issues/comments/${mine.id}`, { body });
      return { action: 'updated', id: c.id, ...(c.html_url ? { url: c.html_url } : {}), ...cut };
    }
    if (list.length < 100) break;
  }
  const c = await comment('POST', `/repos/${owner}/${name}/issues/${o.issue}/comments`, { body });
  return { action: 'created', id: c.id, ...(c.html_url ? { url: c.html_url } : {}), ...cut };
}
