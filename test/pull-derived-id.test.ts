// pull over a file without publicId: the file's id is derived from channel, name and language in
// each environment (docs/format.md, "Template ids"), so pull keeps it that way rather than pin one
// environment's id into a file every environment shares.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.{yaml,yml}"]
defaultEnvironment: local
environments:
  local:
    emulator: .tplsync/local.json
    channels: { whatsapp: 3b66178b-585b-549b-8664-15b9ad34b735 }
  other:
    emulator: .tplsync/other.json
    channels: { whatsapp: 11111111-2222-4333-8444-555555555555 }
`;
const FILE = `channel: whatsapp
name: order_shipped
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, your order {{order_id}} is on its way and should arrive soon."
  examples: { customer: Maria, order_id: A-1042 }
`;

const idIn = async (dir: string, env: string): Promise<string> =>
  (JSON.parse((await cliIn(['plan', '--env', env, '--format', 'json'], { cwd: dir })).stdout) as { changes: { publicId: string }[] }).changes[0]!.publicId;

test('pull --force from another environment over a file without publicId: none written, both environments plan no change', async () => {
  const dir = tempDir('tplsync-derived-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': FILE });
    for (const env of ['local', 'other']) assert.is((await cliIn(['apply', '--auto-approve', '--env', env], { cwd: dir })).exitCode, 0);
    const id = await idIn(dir, 'other');
    const r = await cliIn(['pull', '--env', 'other', '--channel', 'whatsapp', '--id', id, '--dir', 'templates', '--force'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    const text = readFileSync(path.join(dir, 'templates', 'order_shipped.en_US.yaml'), 'utf8');
    assert.not.match(text, /publicId/);
    for (const env of ['local', 'other']) {
      const plan = await cliIn(['plan', '--env', env, '--detailed-exitcode'], { cwd: dir });
      assert.is(plan.exitCode, 0, `${env}: ${plan.stdout}${plan.stderr}`);
    }
  } finally { cleanup(dir); }
});

test('a file with publicId keeps it; a brand-new file gets the template\'s id when it is not the derived one (a console template: pull adopts it), and none when it is (a template tplsync made, the same in every environment)', async () => {
  const dir = tempDir('tplsync-derived-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': FILE });
    assert.is((await cliIn(['apply', '--auto-approve', '--env', 'other'], { cwd: dir })).exitCode, 0);
    const id = await idIn(dir, 'other');
    const fresh = await cliIn(['pull', '--env', 'other', '--channel', 'whatsapp', '--id', id, '--dir', 'pulled', '--force'], { cwd: dir });
    // the derived id: not pinned (pinned, another environment's plan would create a second template)
    assert.not.match(readFileSync(path.join(dir, 'pulled', 'order_shipped.en_US.yaml'), 'utf8'), 'publicId:', fresh.stderr);
    // a template of an id of its own (made in the console): the new file adopts it
    const console = '6f2b8a3e-1c4d-4e5f-9a6b-7c8d9e0f1a2b';
    writeFiles(dir, { 'made/x.yaml': FILE.replace('name: order_shipped', 'name: order_made').replace('category: UTILITY\n', `category: UTILITY\npublicId: ${console}\n`) });
    assert.is((await cliIn(['apply', '--auto-approve', '--env', 'other', 'made/x.yaml'], { cwd: dir })).exitCode, 0);
    const adopted = await cliIn(['pull', '--env', 'other', '--channel', 'whatsapp', '--id', console, '--dir', 'pulled'], { cwd: dir });
    assert.match(readFileSync(path.join(dir, 'pulled', 'order_made.en_US.yaml'), 'utf8'), new RegExp(`publicId: ${console}`), adopted.stderr);
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': FILE.replace('category: UTILITY\n', `category: UTILITY\npublicId: ${id}\n`) });
    const r = await cliIn(['pull', '--env', 'other', '--channel', 'whatsapp', '--id', id, '--dir', 'templates', '--force'], { cwd: dir });
    assert.match(readFileSync(path.join(dir, 'templates', 'order_shipped.en_US.yaml'), 'utf8'), new RegExp(`publicId: ${id}`), r.stderr);
  } finally { cleanup(dir); }
});

test('a file without publicId over a channel template of another id: written without one, said, exit 1', async () => {
  const dir = tempDir('tplsync-derived-');
  try {
    // the template lives on the channel under an id of its own (made elsewhere, then pulled into another file)
    const console = '6f2b8a3e-1c4d-4e5f-9a6b-7c8d9e0f1a2b';
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'made/x.yaml': FILE.replace('category: UTILITY\n', `category: UTILITY\npublicId: ${console}\n`) });
    assert.is((await cliIn(['apply', '--auto-approve', '--env', 'other', 'made/x.yaml'], { cwd: dir })).exitCode, 0);
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': FILE });
    const r = await cliIn(['pull', '--env', 'other', '--channel', 'whatsapp', '--id', console, '--dir', 'templates', '--force'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, new RegExp(`templates/order_shipped\\.en_US\\.yaml has no publicId[^\\n]*add publicId: ${console}`));
    assert.not.match(readFileSync(path.join(dir, 'templates', 'order_shipped.en_US.yaml'), 'utf8'), /publicId/);
  } finally { cleanup(dir); }
});

test('pull --force over a file that already says what the channel has: left byte for byte as it is (its layout, a false flag, its comments), said; a file that differs is written', async () => {
  const dir = tempDir('tplsync-derived-');
  try {
    // a house layout pull would not write: keys in another order, a flow mapping, a comment, a false flag pull leaves out
    const own = `# order shipped, owned by the shop team\nname: order_shipped\nchannel: whatsapp\nlanguage: en_US\ncategory: UTILITY\nbody:\n  examples: { order_id: A-1042, customer: Maria }\n  text: "Hi {{customer}}, your order {{order_id}} is on its way and should arrive soon."\nbuttons:\n  - { type: URL, text: Track, url: "https://shop.example.com/t/{{1}}", example: "https://shop.example.com/t/A-1042" }\n`;
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.en_US.yaml': own });
    assert.is((await cliIn(['apply', '--auto-approve', '--env', 'local'], { cwd: dir })).exitCode, 0);
    const id = await idIn(dir, 'local');
    const file = path.join(dir, 'templates', 'order_shipped.en_US.yaml');
    let r = await cliIn(['pull', '--env', 'local', '--channel', 'whatsapp', '--id', id, '--dir', 'templates', '--force'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(r.stdout, 'templates/order_shipped.en_US.yaml: order_shipped/en_US already as the channel has it (not written)');
    assert.is(readFileSync(file, 'utf8'), own, 'not rewritten');
    // the file says something else: the channel's copy is written over it
    writeFiles(dir, { 'templates/order_shipped.en_US.yaml': own.replace('should arrive soon', 'should arrive today') });
    r = await cliIn(['pull', '--env', 'local', '--channel', 'whatsapp', '--id', id, '--dir', 'templates', '--force'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stdout + r.stderr);
    assert.match(readFileSync(file, 'utf8'), 'should arrive soon');
  } finally { cleanup(dir); }
});

test.run();
