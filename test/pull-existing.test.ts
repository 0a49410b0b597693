// pull of a template that already lives in a file: says where, writes nothing (no duplicate that
// would fail lint) unless --force.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

// trial-bb F7: a template's file whose comment was re-saved in Windows-1252 (not UTF-8) was left out of the files pull
// looks in (rightly: never read with U+FFFD for its value); pull --id then wrote a second file of the template, saying
// the first held "another template", the same one, and the next lint was a duplicate-template error. The file is now
// told apart as the template's (by what can be read of it) and said with lint's encoding message: nothing written,
// --force or not, --dir or not, and pull --from alike; once it is UTF-8, pull finds it as before
test('pull of a template whose file is not UTF-8: that file named with lint\'s encoding message, nothing written (no second file), --force or not; pull --from alike', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir();
  try {
    const name = 'cp1252_comment';
    const body = `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\ndescription: Comment saved in Windows-1252\nbody:\n  text: "Hello {{1}}, your table is booked for tonight at eight."\n  examples: { 1: Maria }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A}, shop-rcs: ${CHANNEL_B} }\n`,
      'templates/booked.yaml': body,
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    const plan = JSON.parse((await cliIn(['plan', '--format', 'json'], { cwd: dir, env })).stdout) as { changes: { publicId: string }[] };
    const id = plan.changes[0]!.publicId;
    // the comment re-saved in Windows-1252 (ü ß é and an en dash, each one byte)
    const cp1252 = Buffer.concat([Buffer.from([0x23, 0x20, 0x47, 0x72, 0xfc, 0xdf, 0x65, 0x20, 0x66, 0x72, 0x6f, 0x6d, 0x20, 0x74, 0x68, 0x65, 0x20, 0x63, 0x61, 0x66, 0xe9, 0x20, 0x96, 0x0a]), Buffer.from(body)]);
    const file = path.join(dir, 'templates/booked.yaml');
    writeFileSync(file, cp1252);
    const lint = await cliIn(['lint'], { cwd: dir });
    const encoding = /^\s*1:5\s+error\s+(Byte 0xfc at offset 4 is not valid UTF-8.*save the file as UTF-8\.)\s+encoding$/m.exec(lint.stdout);
    assert.ok(encoding, lint.stdout);
    const said = `${name}/en_US (${id}) lives in templates/booked.yaml, which is not UTF-8 text: templates/booked.yaml:1:5: ${encoding![1]} Then pull again (nothing written`;
    for (const extra of [[], ['--force'], ['--dir', 'templates'], ['--dir', 'pulled', '--force']]) {
      const r = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', id, ...extra], { cwd: dir, env });
      assert.is(r.exitCode, 1, `${extra.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.ok(r.stderr.includes(said), `${extra.join(' ')}: ${r.stderr}`);
      assert.not.match(r.stderr, /another template/);
      assert.equal(readdirSync(path.join(dir, 'templates')), ['booked.yaml'], 'no second file of the template');
      assert.not.ok(existsSync(path.join(dir, 'pulled')));
      assert.ok(readFileSync(file).equals(cp1252), 'the file keeps every byte');
    }
    // pull --from: the same
    writeFiles(dir, { 'export.json': JSON.stringify({ data: [{ name, language: 'en_US', status: 'APPROVED', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hello {{1}}, your table is booked for tonight at eight.', example: { body_text: [['Maria']] } }] }] }) });
    for (const extra of [[], ['--force']]) {
      const r = await cliIn(['pull', '--from', 'meta', 'export.json', '--channel', 'shop-whatsapp', ...extra], { cwd: dir });
      assert.is(r.exitCode, 1, `--from ${extra.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, `lives in templates/booked.yaml, which is not UTF-8 text: templates/booked.yaml:1:5: ${encoding![1]} Then pull again`);
      assert.equal(readdirSync(path.join(dir, 'templates')), ['booked.yaml']);
      assert.ok(readFileSync(file).equals(cp1252));
    }
    // saved as UTF-8: found as before (held without --force)
    writeFileSync(file, Buffer.from(cp1252.toString('latin1').replace('\u0096', '\u2013'), 'utf8'));
    const fixed = await cliIn(['pull', '--channel', 'shop-whatsapp', '--id', id], { cwd: dir, env });
    assert.is(fixed.exitCode, 0, fixed.stderr);
    assert.match(fixed.stderr, `${name}/en_US (${id}) is in templates/booked.yaml already; nothing written`);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
