// pull of a template that already lives in a file: says where, writes nothing (no duplicate that
// would fail lint) unless --force.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateText } from '../bench/generate.ts';
import { CHANNEL_A, CHANNEL_B, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

test('pull --id of a template in a file: where it lives, nothing written, exit 0; --force writes it', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  try {
    const name = `e${randomUUID().slice(0, 6)}`;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
      // no publicId: the id is derived from channel, name and language
      'templates/mine.yaml': templateText(1).replace('name: template_1', `name: ${name}`),
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const plan = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] };
    const id = plan.changes[0]!.publicId;
    // into the folder it is in (its own file is the one pull would write), or anywhere else: never a second file
    for (const d of ['templates', 'pulled']) {
      const r = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', id, '--dir', d], { cwd: dir, env });
      assert.is(r.exitCode, 0, r.stdout + r.stderr);
      assert.match(r.stderr, d === 'templates'
        ? new RegExp(`${name}/de \\(${id}\\) is in templates/mine\\.yaml already; nothing written`)
        : new RegExp(`${name}/de \\(${id}\\) already lives in templates/mine\\.yaml; nothing written`));
    }
    assert.equal(readdirSync(path.join(dir, 'templates')), ['mine.yaml']);
    assert.not.ok(existsSync(path.join(dir, 'pulled')));
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    const forced = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', id, '--dir', 'pulled', '--force'], { cwd: dir, env });
    assert.is(forced.exitCode, 0, forced.stderr);
    // pulled/ is outside the templates globs: lint never sees the copy, and the message says so (trial-s F8)
    assert.match(forced.stderr, new RegExp(`also lives in templates/mine\\.yaml; pulled/${name}\\.de\\.yaml is outside the config's templates globs, so lint, plan and apply read only templates/mine\\.yaml and leave this copy alone`));
    assert.not.match(forced.stderr, /lint will report/);
    assert.ok(existsSync(path.join(dir, 'pulled', `${name}.de.yaml`)));
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
    // a folder inside the globs: lint reports the two files, as the message says
    const inside = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', id, '--dir', 'templates/again', '--force'], { cwd: dir, env });
    assert.is(inside.exitCode, 0, inside.stderr);
    assert.match(inside.stderr, /also lives in templates\/mine\.yaml; lint will report the two files until one goes/);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 1);
  } finally { cleanup(dir); await emu.close(); }
});

// trial t F3: the config's globs take `.YAML` (templates/**/*.{yaml,YAML}): pull looked for the template's file by walking
// its folder for .yaml and .yml, refused the .YAML file it met there (as a near miss of globs that took it), and wrote a
// second file, templates/NAME.LANG.yaml, beside it (a duplicate-template; the CRLF, BOM and placeholder names lost)
test('pull of a template whose file has an extension in capitals that the globs take: that file is found, held without --force and written in place with it', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  try {
    const name = `u${randomUUID().slice(0, 6)}`;
    const config = (text: string) => `templates: ["templates/**/*.{yaml,YAML}"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n${text}`;
    const file = `\uFEFF${templateText(1).replace('name: template_1', `name: ${name}`).replaceAll('\n', '\r\n')}`;
    writeFiles(dir, { 'tplsync.config.yaml': config(''), 'templates/Upper.YAML': file });
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['lint', 'templates'], { cwd: dir })).exitCode, 0, 'a folder named on the command line takes the .YAML the globs take');
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const plan = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] };
    const id = plan.changes[0]!.publicId;
    const held = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', id], { cwd: dir, env });
    assert.is(held.exitCode, 0, held.stdout + held.stderr);
    assert.match(held.stderr, new RegExp(`${name}/de \\(${id}\\) is in templates/Upper\\.YAML already; nothing written`));
    const forced = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', id, '--force'], { cwd: dir, env });
    assert.is(forced.exitCode, 0, forced.stdout + forced.stderr);
    assert.match(forced.stdout + forced.stderr, /templates\/Upper\.YAML: /);
    assert.equal(readdirSync(path.join(dir, 'templates')), ['Upper.YAML']);
    assert.is(readFileSync(path.join(dir, 'templates/Upper.YAML'), 'utf8'), file);
    assert.is((await cliIn(['lint'], { cwd: dir })).exitCode, 0);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
