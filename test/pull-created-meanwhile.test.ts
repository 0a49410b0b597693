// verify-17 NEW-4: pull writes a new template file exclusively. A file created at that path between
// pull's look (none there) and its write (an editor's save, another program, a second pull) is kept,
// and said "created while tplsync ran" (exit 1, as a file changed meanwhile), never replaced by a
// rename in silence. The moment is injected (the file made just before pull's write), never raced.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../src/config/load.ts';
import { connect } from '../src/connection/connect.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { runWithIo } from '../src/core/io.ts';
import { CREATED_WHILE_RUNNING, FileCreated, writeFileAtomic } from '../src/files/write.ts';
import { templateId } from '../src/model/ids.ts';
import { pullTemplates, type PullOutcome } from '../src/pull/pull.ts';
import { CHANNEL_A, cleanup, cliEnv, cliIn, tempDir, writeFiles } from './helpers.ts';

const EN = 'channel: wa\nname: order_news\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order {{1}} is on its way."\n  examples: { 1: "A-1" }\n';
const FILE = 'templates/wa/order_news.en_US.yaml';
const env = { TPLSYNC_API_KEY: 'k' };
const quiet = { write: () => true } as unknown as NodeJS.WritableStream;

test('writeFileAtomic with create: a file that is there is kept, FileCreated, no temp file; none there: written', () => {
  const dir = tempDir('tplsync-created-');
  try {
    const f = path.join(dir, 'a.yaml');
    writeFileSync(f, '# mine\n');
    let err: unknown;
    try { writeFileAtomic(f, 'pulled\n', { verbatim: true, create: true }); } catch (e) { err = e; }
    assert.instance(err, FileCreated);
    assert.match((err as Error).message, CREATED_WHILE_RUNNING);
    assert.is(readFileSync(f, 'utf8'), '# mine\n');
    assert.equal(readdirSync(dir), ['a.yaml']);
    rmSync(f);
    writeFileAtomic(f, 'pulled\n', { verbatim: true, create: true });
    assert.is(readFileSync(f, 'utf8'), 'pulled\n');
  } finally { cleanup(dir); }
});

test('pull: a new file created at its path while pull ran is kept, said "created while tplsync ran" (outcome changed, created)', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-created-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`, [FILE]: EN });
    const a = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(a.exitCode, 0, a.stdout + a.stderr);
    rmSync(path.join(dir, FILE));
    const id = templateId(CHANNEL_A, 'order_news', 'en_US');
    const outcomes: PullOutcome[] = [];
    await runWithIo({ stdout: quiet, stderr: quiet, stdin: process.stdin, cwd: dir, env: cliEnv(env), args: [] } as never, async () => {
      const config = await loadConfig({ cwd: dir });
      const conn = await connect(config, {});
      try {
        await pullTemplates(config, conn, {
          channel: 'wa', channelId: CHANNEL_A, ids: [id], dir: path.join(dir, 'templates'), force: false, cwd: dir,
          // another program creates the file after pull found the path free, before pull writes it
          beforeWrite: (abs) => { mkdirSync(path.dirname(abs), { recursive: true }); writeFileSync(abs, '# mine\n'); },
        }, (o) => outcomes.push(o));
      } finally { await conn.close(); }
    });
    const target = path.join(dir, 'templates/order_news.en_US.yaml');
    assert.is(readFileSync(target, 'utf8'), '# mine\n');
    assert.equal(outcomes.map((o) => [o.kind, 'created' in o ? o.created : undefined]), [['changed', true]]);
    assert.equal(readdirSync(path.dirname(target)).filter((f) => f.endsWith('.tmp')), []);
    // nothing there: the same pull writes it
    rmSync(target);
    const r = await cliIn(['pull', '--channel', 'wa', '--id', id], { cwd: dir, env });
    assert.is(r.exitCode, 0, r.stderr);
    assert.ok(existsSync(target));
    assert.match(readFileSync(target, 'utf8'), 'Your order {{1}} is on its way.');
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
