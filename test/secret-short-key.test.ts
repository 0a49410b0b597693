// A key of 4 to 7 characters (docs/emulator.md's own `dev-key`) is masked whole in every letter
// case where it stands alone, through the one masking function (core/redact.ts); the transport's
// fallback used to replace it only as written, so a server echoing it upper-cased printed it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runWithIo, io } from '../src/core/io.ts';
import { addSecret, asIdentifier, redact, REDACTED } from '../src/core/redact.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { VALID } from './helpers.ts';

test('a short key: whole as written anywhere, in another letter case where it stands alone; its pieces and keys under 4 characters are not masked', async () => {
  await runWithIo({ stdout: io().stdout, stderr: io().stderr, stdin: io().stdin, cwd: '/', env: {} }, async () => {
    addSecret('Ab3-xY9');
    addSecret('k1');
    assert.is(redact('key AB3-XY9 forbidden'), `key ${REDACTED} forbidden`);
    assert.is(redact('key ab3-xy9.'), `key ${REDACTED}.`);
    assert.is(redact('{"key":"Ab3-xY9"}'), `{"key":"${REDACTED}"}`);
    assert.is(redact('xAb3-xY9x'), `x${REDACTED}x`, 'as written, even inside a word');
    assert.is(redact('xAB3-XY9x'), 'xAB3-XY9x', 'in another case inside a word: another word, not masked');
    assert.is(redact('Ab3 and k1'), 'Ab3 and k1');
    // inside an identifier the output gate shows whole (marked when a secret value of the environment is registered: a
    // template's name, a file), a short key is masked as a long one is
    addSecret('welcome_offer_code', 'value');
    assert.is(redact(`file ${asIdentifier('templates/Ab3-xY9.yaml')} read`), `file ${REDACTED} read`);
    assert.is(redact(`file ${asIdentifier('templates/welcome.yaml')} read`), 'file templates/welcome.yaml read');
  });
});

test('a 7-character key echoed upper-cased by a server is not printed (plan, exit 6)', async () => {
  const KEY = 'Ab3-xY9';
  const server = createServer((req, res) => {
    req.resume();
    const key = String(req.headers.apikey ?? '');
    res.writeHead(403, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ code: 'FORBIDDEN_ERROR', message: `key ${key.toUpperCase()} forbidden` }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  echo:\n    baseUrl: http://127.0.0.1:${(server.address() as AddressInfo).port}\n    apiKeyEnv: SHORT_KEY\n    retries: 0\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/t.yaml': VALID,
    });
    const r = await cliIn(['plan', '--env', 'echo'], { cwd: dir, env: { SHORT_KEY: KEY } });
    assert.is(r.exitCode, 6, r.stderr);
    assert.match(r.stderr, `key ${REDACTED} forbidden`, r.stderr);
    assert.not.match(`${r.stdout}${r.stderr}`.toLowerCase(), KEY.toLowerCase());
  } finally { server.closeAllConnections(); server.close(); cleanup(dir); }
});

test.run();
