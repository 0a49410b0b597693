// Persistence: every acknowledged write survives a restart, and `kill -9` at any moment.
import { randomUUID } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { journalWithOneWrite } from './emulator-journal.ts';
import { BIN, CHANNEL_A, cleanup, firstLines, tempDir, withChild, writeBody } from './helpers.ts';

test('state survives a restart with the same data file', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'emu.json');
    let emu = await startEmulator({ keys: ['k1'], dataFile, reviewDelayMs: 0 });
    let c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    const ids = Array.from({ length: 5 }, () => randomUUID());
    for (const id of ids) await c.writeTemplate(CHANNEL_A, id, writeBody(`t_${id.slice(0, 4)}`));
    const cm = randomUUID();
    const sent = await c.sendConversation(CHANNEL_A, { clientMessageId: cm, messages: [{ receiver: '+4915100000004', type: 'text', data: { message: 'hi' } }] });
    await emu.close();
    emu = await startEmulator({ keys: ['k1'], dataFile, reviewDelayMs: 0 });
    c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    for (const id of ids) assert.is((await c.getTemplate(CHANNEL_A, id))?.statusText, 'APPROVED');
    // the conversation is remembered: the same send answers the same
    assert.equal(await c.sendConversation(CHANNEL_A, { clientMessageId: cm, messages: [{ receiver: '+4915100000004', type: 'text', data: { message: 'hi' } }] }), sent);
    await emu.close();
    // compacted on load: one line per record
    assert.is(readFileSync(dataFile, 'utf8').trim().split('\n').length, 6);
  } finally { cleanup(dir); }
});

test('the emulator\'s clock, moved by its control endpoint, survives a restart: a review that ended stays ended', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'emu.json');
    let emu = await startEmulator({ keys: ['k1'], dataFile, reviewDelayMs: 60 * 60_000 });
    let c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    const id = randomUUID();
    await c.writeTemplate(CHANNEL_A, id, writeBody('t_clock'));
    assert.is((await c.getTemplate(CHANNEL_A, id))?.statusText, 'PENDING');
    const moved = await fetch(`${emu.url}/_emulator/clock`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ advanceMs: 2 * 60 * 60_000 }) });
    assert.is(moved.status, 200);
    assert.is((await c.getTemplate(CHANNEL_A, id))?.statusText, 'APPROVED');
    await emu.close();
    emu = await startEmulator({ keys: ['k1'], dataFile, reviewDelayMs: 60 * 60_000 });
    c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
    assert.is((await c.getTemplate(CHANNEL_A, id))?.statusText, 'APPROVED', 'the review that ended before the restart stays ended');
    await emu.close();
  } finally { cleanup(dir); }
});

test('a torn last line (a write cut short by a crash) is dropped; a damaged middle line is an error', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'emu.json');
    await journalWithOneWrite(dataFile);
    appendFileSync(dataFile, '{"t":"template","key":"x","rec":{"chan');
    const again = await startEmulator({ keys: ['k1'], dataFile });
    assert.is(again.state.templates.size, 1);
    await again.close();
    writeFileSync(dataFile, `garbage\n${readFileSync(dataFile, 'utf8')}`);
    try { await startEmulator({ keys: ['k1'], dataFile }); assert.unreachable(); } catch (e) { assert.match((e as Error).message, /damaged/); }
  } finally { cleanup(dir); }
});

test('a line that is JSON but no entry of the emulator\'s (null, a template without its record) is damage too: the embedded emulator says which file and line (exit 3), never exit 70', async () => {
  const dir = tempDir();
  try {
    const { cliIn } = await import('./helpers.ts');
    const dataFile = await appliedEmbedded(dir);
    const good = readFileSync(dataFile, 'utf8');
    for (const [bad, line] of [['null', 1], ['{"t":"template","key":"x","rec":null}', 1], ['[1,2]', 1], ['{"t":"conversation","key":"y","rec":{}}', 2]] as const) {
      writeFileSync(dataFile, line === 1 ? `${bad}\n${good}` : `${good}${bad}\n${good}`);
      const r = await cliIn(['plan'], { cwd: dir });
      assert.is(r.exitCode, 3, r.stderr);
      assert.match(r.stderr, `e.json:${line}: the emulator data file is damaged (${line === 1 ? "a JSON line that is not one of the emulator's entries" : 'a conversation without its ids, hash or answer'}); repair or remove that line`);
    }
    // a template whose stored request breaks the contract (its body emptied by a hand): said at its line, not a 500 retried on every read
    const entry = JSON.parse(good.split('\n')[0]!) as { rec: { body: unknown } };
    entry.rec.body = {};
    writeFileSync(dataFile, `${JSON.stringify(entry)}\n`);
    const r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, /e\.json:1: the emulator data file is damaged \(a template whose stored request breaks the API contract: .*\); repair or remove that line/);
    // a verdict, a review state or an id a hand changed: the template's read would break the contract, said at its line
    for (const [damage, said] of [[{ verdict: 'BOGUS' }, 'verdict is "BOGUS"'], [{ numericId: null }, 'without its ids'], [{ lifecycle: { quality: 'PURPLE' } }, 'cannot answer for'],
      [{ approvedEdits: 'x' }, 'approved edits are not a list of times'], [{ editsAfterApproval: 'two' }, 'not whole numbers'], [{ lifecycle: { category: 5 } }, 'lifecycle holds a field of the wrong type'],
      [{ approvedEdits: [1e308] }, 'approved edits are not a list of times'], [{ lifecycle: { category: 'FOOD' } }, 're-categorised as "FOOD"']] as const) {
      const rec = { ...(JSON.parse(good.split('\n')[0]!) as { rec: object }).rec, ...damage };
      writeFileSync(dataFile, `${JSON.stringify({ ...JSON.parse(good.split('\n')[0]!), rec })}\n`);
      const d = await cliIn(['plan'], { cwd: dir });
      assert.is(d.exitCode, 3, `${JSON.stringify(damage)}: ${d.stderr}`);
      assert.match(d.stderr, `e.json:1: the emulator data file is damaged (a template`);
      assert.match(d.stderr, said);
    }
    // a copy of a line under another key (a hand duplicating it): it would restore an older copy over the latest, in silence
    writeFileSync(dataFile, `${good}${JSON.stringify({ ...JSON.parse(good.split('\n')[0]!), key: 'copy' })}\n`);
    const copied = await cliIn(['plan'], { cwd: dir });
    assert.is(copied.exitCode, 3, copied.stderr);
    assert.match(copied.stderr, 'a template whose key is not its channel and template id');
    // a clock moved backwards or past its limit: said, not ignored (the clock started over in silence)
    writeFileSync(dataFile, `${good}{"t":"clock","key":"clock","rec":{"offsetMs":-86400000}}\n`);
    const clock = await cliIn(['plan'], { cwd: dir });
    assert.is(clock.exitCode, 3, clock.stderr);
    assert.match(clock.stderr, 'a clock line whose offset is not a number of ms from 0');
    // a line nested without end: refused at its line, not a stack overflow in the compaction (exit 70)
    writeFileSync(dataFile, `${good}{"t":"clock","key":"clock","rec":${'{"a":'.repeat(20000)}1${'}'.repeat(20000)}}\n`);
    const deep = await cliIn(['plan'], { cwd: dir });
    assert.is(deep.exitCode, 3, deep.stderr);
    assert.match(deep.stderr, 'a line nested deeper than any entry');
    writeFileSync(dataFile, good);
    assert.is((await cliIn(['plan'], { cwd: dir })).exitCode, 0, 'the file as the emulator wrote it loads');
  } finally { cleanup(dir); }
});

test('a conversation line under another message\'s key is refused at its line (it replaced that message\'s record in silence); its own key, as written now or by earlier versions, loads', async () => {
  const { loadJournal } = await import('../src/emulator/journal.ts');
  const dir = tempDir();
  try {
    const file = path.join(dir, 'j.json');
    const a = randomUUID(); const b = randomUUID();
    const rec = (id: string) => ({ scope: 's1', channelId: CHANNEL_A, clientMessageId: id, bodyHash: 'h', response: { result: { errcode: 0 } }, receivers: ['+49151'], createdAt: 1 });
    writeFileSync(file, `${JSON.stringify({ t: 'conversation', key: `s1/${a}`, rec: rec(a) })}\n${JSON.stringify({ t: 'conversation', key: a, rec: rec(a) })}\n`);
    assert.is(loadJournal(file).size, 2);
    writeFileSync(file, `${JSON.stringify({ t: 'conversation', key: `s1/${b}`, rec: rec(b) })}\n${JSON.stringify({ t: 'conversation', key: `s1/${b}`, rec: rec(a) })}\n`);
    assert.throws(() => loadJournal(file), /j\.json:2: the emulator data file is damaged \(a conversation whose key is not its own message id\)/);
  } finally { cleanup(dir); }
});

/**
 * Rounds of: start `tplsync emulator --data FILE`, 16 writers write fresh templates (each id
 * written by `copies` identical requests at once, so duplicates arrive while the first is being
 * synced), kill -9 in the middle, then check that every id answered 200 is in the journal.
 */
async function killNineRounds(dataFile: string, rounds: number, copies: number): Promise<{ acked: number; lost: string[] }> {
  let total = 0;
  const lost: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const acked = new Set<string>();
    await withChild(() => execa('node', [BIN, 'emulator', '--port', '0', '--key', 'k1', '--data', dataFile, '--review-delay', '0'], { reject: false, buffer: false }), async (proc) => {
      const url = /^listening on (\S+)$/.exec((await firstLines(proc))[0]!)![1]!;
      // no timer on a write: each ends with its answer or with the reset of the kill (a time-out
      // would only stop a writer early on a loaded machine)
      const c = createClient({ baseUrl: url, apiKey: 'k1', retries: 0, concurrency: 16 * copies, timeoutSignal: () => new AbortController().signal });
      let stop = false;
      const writers = Array.from({ length: 16 }, async () => {
        while (!stop) {
          const id = randomUUID();
          const results = await Promise.allSettled(Array.from({ length: copies }, () => c.writeTemplate(CHANNEL_A, id, writeBody(`r${round}`))));
          if (results.some((r) => r.status === 'fulfilled')) acked.add(id);
          if (results.some((r) => r.status === 'rejected')) return;
        }
      });
      // let it take some writes, then kill it in the middle of others
      const deadline = Date.now() + 60_000; // a guard against a hang, not a speed assertion
      while (acked.size < 50 + round * 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      proc.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      await proc.catch(() => {});
    });
    const check = await startEmulator({ keys: ['k1'], dataFile });
    const reader = createClient({ baseUrl: check.url, apiKey: 'k1' });
    for (const id of acked) if (!(await reader.getTemplate(CHANNEL_A, id))) lost.push(id);
    await check.close();
    assert.ok(acked.size >= 50, `round ${round}: ${acked.size} writes acknowledged`);
    total += acked.size;
  }
  return { acked: total, lost };
}

test('kill -9 under load loses nothing that was acknowledged', async () => {
  const dir = tempDir();
  try {
    const r = await killNineRounds(path.join(dir, 'emu.json'), 3, 1);
    assert.equal(r.lost, [], `${r.lost.length} of ${r.acked} acknowledged writes lost`);
  } finally { cleanup(dir); }
});

test('kill -9 with duplicate concurrent writes loses nothing that was acknowledged', async () => {
  const dir = tempDir();
  try {
    const r = await killNineRounds(path.join(dir, 'emu.json'), 3, 3);
    assert.equal(r.lost, [], `${r.lost.length} of ${r.acked} acknowledged writes lost`);
  } finally { cleanup(dir); }
});

/**
 * A journal whose second batch fails as `failing` makes it fail (its `arm` turns that on), between two
 * batches that succeed: the failure is answered, the journal holds the first and the third whole
 * lines alone, and loads the third.
 */
async function failedBatchIsCutBack(failing: (file: string) => { beforeSync?: () => Promise<void>; write?: ConstructorParameters<typeof import('../src/emulator/journal.ts').Journal>[2]; arm(): void }): Promise<void> {
  const { Journal, loadJournal } = await import('../src/emulator/journal.ts');
  const dir = tempDir();
  try {
    const file = path.join(dir, 'j.json');
    const f = failing(file);
    const journal = new Journal(file, f.beforeSync, f.write);
    await journal.open();
    const clock = (offsetMs: number) => ({ t: 'clock', key: 'clock', rec: { offsetMs } });
    await journal.append(clock(1000));
    f.arm();
    const failed = await journal.append(clock(2000)).then(() => undefined, (e: Error) => e);
    assert.match(String(failed?.message), /no space left/);
    await journal.append(clock(3000));
    await journal.close();
    assert.is(readFileSync(file, 'utf8'), `${JSON.stringify(clock(1000))}\n${JSON.stringify(clock(3000))}\n`, 'the failed batch and its torn bytes are gone');
    assert.equal(loadJournal(file).get('clock\u0000clock')?.rec, { offsetMs: 3000 }, 'the write acknowledged after the failure is kept');
  } finally { cleanup(dir); }
}

const noSpace = (): Error => Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });

test('a journal write that fails part way (a full disk) is cut back: the next acknowledged write is never glued to a torn line, and loads', async () => {
  // the failing batch: part of its line written (as a disk that fills mid-write leaves it), then the error
  await failedBatchIsCutBack((file) => {
    let fail = false;
    return { beforeSync: async () => { if (fail) { fail = false; appendFileSync(file, '{"t":"clock","key":"clo'); throw noSpace(); } }, arm: () => { fail = true; } };
  });
});

test('a short write (a disk that fills takes part of a batch, then refuses the rest): the batch is not acknowledged, and cut back; the next write loads', async () => {
  await failedBatchIsCutBack(() => {
    let full = false;
    return {
      write: async (fh, data, at) => {
        if (!full) return fh.write(data, at, data.length - at);
        if (at === 0) return fh.write(data, 0, Math.floor(data.length / 2));
        full = false;
        throw noSpace();
      },
      arm: () => { full = true; },
    };
  });
});

/** A journal of `n` templates written one by one (each a line), the emulator stopped; the ids in order. */
async function journalOf(dataFile: string, n: number, text?: string): Promise<string[]> {
  const emu = await startEmulator({ keys: ['k1'], dataFile, reviewDelayMs: 0 });
  const c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
  const ids: string[] = [];
  try {
    for (let i = 0; i < n; i++) { const id = randomUUID(); await c.writeTemplate(CHANNEL_A, id, writeBody(`t_${i}`, text)); ids.push(id); }
  } finally { await emu.close(); }
  return ids;
}

test('a last line cut off (a truncated journal) is said, with its file, line and bytes, and its bytes are kept beside the file, exactly (a cut inside a character too), never erased', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'state.json');
    const ids = await journalOf(dataFile, 3, 'Grüße {{1}}, your order is ready for pickup at the store.');
    const whole = readFileSync(dataFile);
    // cut the third line inside its "ü" (between the two bytes of the character)
    const third = whole.lastIndexOf(0x0a, whole.length - 2) + 1;
    const at = whole.indexOf(Buffer.from('ü'), third) + 1;
    truncateSync(dataFile, at);
    const cutBytes = whole.subarray(third, at);
    const emu = await startEmulator({ keys: ['k1'], dataFile });
    try {
      assert.is(emu.state.templates.size, 2);
      assert.is(emu.dataFileNotes.length, 1);
      const note = emu.dataFileNotes[0]!;
      assert.is(note.kind, 'cut');
      assert.match(note.message, `${dataFile}: dropped its last line, line 3, cut off after ${cutBytes.length} bytes (no newline after it): a write a crash interrupted (never acknowledged: nothing lost), or damage to the file`);
      assert.match(note.message, /starting with 2 templates$/);
      const kept = readdirSync(dir).filter((f) => f.startsWith('state.json.cut-'));
      assert.is(kept.length, 1, readdirSync(dir).join(' '));
      assert.match(kept[0]!, /^state\.json\.cut-\d{8}T\d{6}Z$/);
      assert.match(note.message, `its bytes are kept in ${path.join(dir, kept[0]!)}`);
      assert.ok(readFileSync(path.join(dir, kept[0]!)).equals(cutBytes), 'the cut bytes, byte for byte');
      const c = createClient({ baseUrl: emu.url, apiKey: 'k1' });
      assert.ok(await c.getTemplate(CHANNEL_A, ids[1]!));
      assert.not.ok(await c.getTemplate(CHANNEL_A, ids[2]!));
    } finally { await emu.close(); }
    // the journal is whole again: the next start says nothing, and keeps no second copy
    const again = await startEmulator({ keys: ['k1'], dataFile });
    assert.equal(again.dataFileNotes, []);
    await again.close();
    assert.is(readdirSync(dir).filter((f) => f.startsWith('state.json.cut-')).length, 1);
    // a copy never goes over another: a second cut within the same second gets its own name
    const { keepCutLine } = await import('../src/emulator/journal.ts');
    const now = Date.UTC(2026, 11, 3, 10, 15, 0);
    assert.is(keepCutLine(dataFile, { line: 1, bytes: Buffer.from('{"t":"a') }, now), `${dataFile}.cut-20261203T101500Z`);
    assert.is(keepCutLine(dataFile, { line: 1, bytes: Buffer.from('{"t":"b') }, now), `${dataFile}.cut-20261203T101500Z-2`);
    assert.is(readFileSync(`${dataFile}.cut-20261203T101500Z`, 'utf8'), '{"t":"a');
    assert.is(readFileSync(`${dataFile}.cut-20261203T101500Z-2`, 'utf8'), '{"t":"b');
    // an empty file: said (no template), as an empty file is not a cut
    writeFileSync(dataFile, '');
    const empty = await startEmulator({ keys: ['k1'], dataFile });
    assert.equal(empty.dataFileNotes, [{ kind: 'empty', message: `${dataFile} is empty: starting with no templates` }]);
    await empty.close();
  } finally { cleanup(dir); }
});

test('`tplsync emulator --data FILE`: a truncated journal is said on stderr (the file, line, bytes, what it is, where its bytes are); an empty file in one line; a whole one says nothing', async () => {
  const dir = tempDir();
  try {
    const dataFile = path.join(dir, 'state.json');
    await journalOf(dataFile, 3);
    truncateSync(dataFile, readFileSync(dataFile).length - 100);
    const stderrOf = () => withChild(() => execa('node', [BIN, 'emulator', '--port', '0', '--key', 'k1', '--data', dataFile], { reject: false }), async (proc) => {
      await firstLines(proc);
      proc.kill('SIGTERM');
      return (await proc).stderr;
    });
    const said = await stderrOf();
    const lines = said.split('\n').filter(Boolean);
    assert.is(lines.length, 1, said);
    assert.match(lines[0]!, /^tplsync: \S+state\.json: dropped its last line, line 3, cut off after \d+ bytes \(no newline after it\): a write a crash interrupted \(never acknowledged: nothing lost\), or damage to the file .*; its bytes are kept in \S+state\.json\.cut-\d{8}T\d{6}Z; starting with 2 templates$/);
    assert.is(readdirSync(dir).filter((f) => f.startsWith('state.json.cut-')).length, 1);
    assert.is(await stderrOf(), '', 'a whole journal: nothing said');
    writeFileSync(dataFile, '');
    assert.is(await stderrOf(), `tplsync: ${dataFile} is empty: starting with no templates`);
  } finally { cleanup(dir); }
});

test('embedded (`emulator: FILE` of an environment): a cut last line is said by the command that started it, its bytes kept; an empty file, what a run that wrote nothing leaves, is not news', async () => {
  const dir = tempDir();
  try {
    const { cliIn } = await import('./helpers.ts');
    const dataFile = await appliedEmbedded(dir);
    appendFileSync(dataFile, '{"t":"template","key":"x","rec":{"chan');
    const r = await cliIn(['plan'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stderr, /tplsync: \S*e\.json: dropped its last line, line 2, cut off after 38 bytes \(no newline after it\)/);
    const kept = readdirSync(path.join(dir, '.tplsync')).filter((f) => f.startsWith('e.json.cut-'));
    assert.is(kept.length, 1);
    assert.is(readFileSync(path.join(dir, '.tplsync', kept[0]!), 'utf8'), '{"t":"template","key":"x","rec":{"chan');
    writeFileSync(dataFile, '');
    const e = await cliIn(['plan'], { cwd: dir });
    assert.not.match(e.stderr, 'empty');
  } finally { cleanup(dir); }
});

/** a project in DIR whose environment runs the embedded emulator (`emulator: .tplsync/e.json`), one template applied: its data file */
async function appliedEmbedded(dir: string): Promise<string> {
  const { cliIn, VALID, writeFiles } = await import('./helpers.ts');
  writeFiles(dir, { 'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`, 'templates/t.yaml': VALID });
  assert.is((await cliIn(['apply', '--auto-approve'], { cwd: dir })).exitCode, 0);
  return path.join(dir, '.tplsync', 'e.json');
}

test.run();
