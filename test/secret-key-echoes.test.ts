// A hostile server (or a proxy or gateway before the service) that echoes the API key back in an
// error, base64-encoded (as a `Basic` credential is written) or reversed, has it masked on stderr and
// in apply's results file, as the key as written is (trial-bi F2: printed in clear, exit 6).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REDACTED } from '../src/core/redact.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const KEY = 'canary-7f3c9e1b2a-prod';
const b64 = (s: string, url = false): string => Buffer.from(s, 'utf8').toString(url ? 'base64url' : 'base64');
/** what the server echoes of the key it was sent */
const echoes = (key: string): string[] => [b64(key), b64(key, true), b64(`apikey:${key}`), b64(`u:${key}`, true), [...key].reverse().join('')];

/** whether `text` holds any echo of KEY, or any 12 characters in a row of one (a piece of it) */
const leaked = (text: string): string | undefined => {
  for (const e of [KEY, ...echoes(KEY)]) for (let i = 0; i + 12 <= e.length; i++) if (text.includes(e.slice(i, i + 12))) return e;
  return undefined;
};

test('a key echoed base64-encoded or reversed in a 401 is masked: plan (exit 6), apply and its --results file', async () => {
  // 'read': every request refused; 'write': no template there (a read answers 404), its creation refused
  let refuse: 'read' | 'write' = 'read';
  const server = createServer((req, res) => {
    req.resume();
    const key = String(req.headers.apikey ?? '');
    if (refuse === 'write' && req.method === 'GET') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 'RESOURCE_NOT_FOUND', message: 'no such template' }));
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'UNAUTHORIZED', message: `bad key ${echoes(key).join(' / ')}`, errors: [{ message: `Basic ${b64(`apikey:${key}`)}` }] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir('tplsync-key-echoes-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  hostile:\n    baseUrl: http://127.0.0.1:${(server.address() as AddressInfo).port}\n    apiKeyEnv: TPLSYNC_HOSTILE_API_KEY\n    retries: 0\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/t.yaml': VALID,
    });
    const env = { TPLSYNC_HOSTILE_API_KEY: KEY };
    const plan = await cliIn(['plan', '--env', 'hostile', '--debug'], { cwd: dir, env });
    assert.is(plan.exitCode, 6, plan.stderr);
    assert.match(plan.stderr, `bad key ${REDACTED} / ${REDACTED} / `);
    assert.is(leaked(`${plan.stdout}${plan.stderr}`), undefined, plan.stderr);
    refuse = 'write';
    const apply = await cliIn(['apply', '--env', 'hostile', '--auto-approve', '--results', 'results.json'], { cwd: dir, env });
    assert.is(apply.exitCode, 6, apply.stderr);
    assert.is(leaked(`${apply.stdout}${apply.stderr}`), undefined, apply.stderr);
    const results = readFileSync(path.join(dir, 'results.json'), 'utf8');
    assert.match(results, `bad key ${REDACTED} / ${REDACTED} / `);
    assert.is(leaked(results), undefined, results);
  } finally { server.closeAllConnections(); server.close(); cleanup(dir); }
});

test.run();
