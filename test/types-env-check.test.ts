// `tplsync types --env NAME` writes a module with that environment's values, and says so in its
// header; `types --check` without --env checks it against that environment (it reported the
// module stale against the default one, and its advice, `tplsync types`, would have written the
// default environment's values over it).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generatedEnvironment, GENERATED_HEADER } from '../src/typegen/header.ts';
import { VALID } from '../bench/generate.ts';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';
import { twoEnvironments } from './two-environments.ts';

const CONFIG = twoEnvironments({ staging: '{ shop_host: "https://staging.shop.example" }', production: '{ shop_host: "https://shop.example" }' });
/** the smallest valid template, with a URL button whose host is the environment's value */
const TEMPLATE = `${VALID}buttons:
  - { type: URL, text: Track it, url: "((shop_host))/orders/{{1}}", example: "((shop_host))/orders/A-17" }
`;

test('the header names --env; generatedEnvironment reads it back, and none for the default', () => {
  assert.is(generatedEnvironment(GENERATED_HEADER('tplsync.config.yaml', { environment: 'production' })), 'production');
  assert.is(generatedEnvironment(GENERATED_HEADER('tplsync.config.yaml')), undefined);
  assert.match(GENERATED_HEADER('c.yaml', { environment: 'production' }), 'run `tplsync types --env production` to update it');
});

test('types --check checks a module made with --env against that environment', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': TEMPLATE });
    const made = await cliIn(['types', '--env', 'production'], { cwd: dir });
    assert.is(made.exitCode, 0, made.stdout + made.stderr);
    const text = readFileSync(path.join(dir, 'tplsync-templates.ts'), 'utf8');
    assert.match(text, 'https://shop.example');
    assert.match(text.split('\n')[0]!, 'tplsync types --env production');
    const check = await cliIn(['types', '--check'], { cwd: dir });
    assert.is(check.exitCode, 0, check.stdout + check.stderr);
    // against another environment it is stale, and the advice names that environment
    const other = await cliIn(['types', '--check', '--env', 'staging'], { cwd: dir });
    assert.is(other.exitCode, 1, other.stdout + other.stderr);
    assert.match(other.stderr, 'update it with: tplsync types --env staging');
  } finally { cleanup(dir); }
});

test('types --check: a module whose line endings a Windows checkout made CRLF is up to date; --out - writes to stdout (no file named -); a suggested --out with a space is quoted', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_ready.en_US.yaml': TEMPLATE });
    assert.is((await cliIn(['types'], { cwd: dir })).exitCode, 0);
    const file = path.join(dir, 'tplsync-templates.ts');
    const { writeFileSync, existsSync } = await import('node:fs');
    const lf = readFileSync(file, 'utf8');
    writeFileSync(file, lf.replace(/\n/g, '\r\n'));
    const check = await cliIn(['types', '--check'], { cwd: dir });
    assert.is(check.exitCode, 0, check.stdout + check.stderr);
    assert.is(readFileSync(file, 'utf8'), lf.replace(/\n/g, '\r\n'), 'left as it is');
    const out = await cliIn(['types', '--out', '-'], { cwd: dir });
    assert.is(out.exitCode, 0, out.stderr);
    assert.is(`${out.stdout}\n`, lf);
    assert.not.ok(existsSync(path.join(dir, '-')));
    assert.is((await cliIn(['types', '--out', '-', '--check'], { cwd: dir })).exitCode, 3);
    const spaced = await cliIn(['types', '--out', 'src gen/tpl types.ts', '--check'], { cwd: dir });
    assert.is(spaced.exitCode, 1);
    assert.match(spaced.stderr, "update it with: tplsync types --out 'src gen/tpl types.ts'");
  } finally { cleanup(dir); }
});

test.run();
