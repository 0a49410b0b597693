// Discovery gives the same answer with a symbolic link under templates/ as without one. A link
// anywhere in the tree used to hand discovery over to a glob library that lists regular files only:
// a FIFO, an unreadable folder and a `.YAML` file were then skipped in silence (lint passed, plan
// left their templates out), though the same tree without the link reported each of them.
import { chmodSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { walkSimpleGlobs } from '../src/files/walk.ts';
import { CHANNEL_A, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.{yaml,yml}"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/emulator.json\n    channels: { wa: ${CHANNEL_A} }\n`;
const tpl = (name: string): string => `channel: wa\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hi {{1}}, ${name} came from here."\n  examples: { "1": x }\n`;

/** a project with templates/ok.yaml and, when `link`, templates/l.yaml a link to shared/l.yaml (inside the project) */
function project(link: boolean): string {
  const dir = tempDir('tplsync-links-');
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/ok.yaml': tpl('ok'), 'shared/l.yaml': tpl('linked') });
  if (link) symlinkSync('../shared/l.yaml', path.join(dir, 'templates', 'l.yaml'));
  return dir;
}

const said = (d: { file: string; ruleId: string; message: string }[]) => d.map((x) => `${x.file} ${x.ruleId} ${x.message}`).join('\n');

for (const link of [false, true]) {
  test(`a FIFO among the templates is reported file-unreadable (exit 1) ${link ? 'with' : 'without'} a link beside it`, async () => {
    const dir = project(link);
    try {
      execFileSync('mkfifo', [path.join(dir, 'templates', 'pipe.yaml')]);
      const r = await lintInProcess(dir);
      assert.is(r.exitCode, 1, said(r.diagnostics));
      assert.match(said(r.diagnostics), /pipe\.yaml file-unreadable Cannot read the file: it is a FIFO/);
    } finally { cleanup(dir); }
  });

  test(`a .YAML file is reported (its extension not in small letters) ${link ? 'with' : 'without'} a link beside it, whatever the order of the folder`, async () => {
    const dir = project(link);
    try {
      writeFiles(dir, { 'templates/zz/Upper.YAML': tpl('upper_x'), 'templates/aa/Upper.YAML': tpl('upper_y') });
      const r = await lintInProcess(dir);
      assert.is(r.exitCode, 1, said(r.diagnostics));
      const text = said(r.diagnostics);
      for (const d of ['aa', 'zz']) assert.match(text, `${path.join('templates', d, 'Upper.YAML')} file-unreadable Not read as a template: its extension .YAML is not in small letters`);
    } finally { cleanup(dir); }
  });

  test(`a folder that cannot be read is reported ${link ? 'with' : 'without'} a link beside it (simulated for root, which reads every folder)`, async () => {
    const dir = project(link);
    try {
      writeFiles(dir, { 'templates/locked/b.yaml': tpl('hidden_one') });
      const locked = path.join(dir, 'templates', 'locked');
      const read = (d: string) => {
        if (d === locked) throw Object.assign(new Error(`EACCES: permission denied, scandir '${d}'`), { code: 'EACCES' });
        return readdirSync(d, { withFileTypes: true });
      };
      const unreadable: string[] = [];
      const linked: string[] = [];
      const files = walkSimpleGlobs(['templates/**/*.{yaml,yml}'], dir, unreadable, read, [], [], linked);
      assert.ok(files, 'the walk answers');
      assert.equal(unreadable, [locked]);
      assert.equal(linked.length, link ? 1 : 0);
      assert.equal(files!.map((f) => path.relative(dir, f)).sort(), [path.join('templates', 'ok.yaml'), ...(link ? [path.join('templates', 'l.yaml')] : [])].sort());
      if (process.getuid?.() !== 0) {
        chmodSync(locked, 0o000);
        try {
          const r = await lintInProcess(dir);
          assert.is(r.exitCode, 1, said(r.diagnostics));
          assert.match(said(r.diagnostics), /locked file-unreadable Cannot read this folder/);
        } finally { chmodSync(locked, 0o755); }
      }
    } finally { cleanup(dir); }
  });
}

test('a link out of the project and a link to a device are still refused when the walk follows links; a link to a folder is walked, a loop of links is not walked without end', async () => {
  const dir = project(true);
  const outside = tempDir('tplsync-outside-');
  try {
    writeFileSync(path.join(outside, 'x.yaml'), tpl('outside_x'));
    symlinkSync(path.join(outside, 'x.yaml'), path.join(dir, 'templates', 'out.yaml'));
    symlinkSync('/dev/zero', path.join(dir, 'templates', 'zero.yaml'));
    mkdirSync(path.join(dir, 'shared', 'more'));
    writeFileSync(path.join(dir, 'shared', 'more', 'm.yaml'), tpl('more_m'));
    symlinkSync('../shared/more', path.join(dir, 'templates', 'more'));
    symlinkSync('..', path.join(dir, 'templates', 'more', 'up'));
    const r = await lintInProcess(dir);
    const text = said(r.diagnostics);
    assert.is(r.exitCode, 1, text);
    assert.match(text, /out\.yaml file-outside-project The file leads out of the project/);
    assert.match(text, /zero\.yaml file-outside-project The file leads out of the project \(to \/dev\/zero\)/);
    assert.not.match(text, /m\.yaml/, 'the linked folder\'s template is fine');
    const files = walkSimpleGlobs(['templates/**/*.yaml'], dir)!.map((f) => path.relative(dir, f)).sort();
    assert.ok(files.includes(path.join('templates', 'more', 'm.yaml')), files.join(' '));
  } finally { cleanup(dir); cleanup(outside); }
});

test.run();
