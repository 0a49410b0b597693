// What an import leaves when it fails or refuses, as the process shows it: a write that fails
// half-way (here the file-size limit of the process, `ulimit -f`: the write of a file past 1 KiB
// stops at 1 KiB, then fails with EFBIG) leaves no partial file, neither a new one (it is
// removed) nor one where a file was (replaced only by rename: the old text stays whole), and no
// temp file; every other file holds its old text or its new one whole. A template refused keeps
// its file as it was, byte for byte and inode for inode.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { BIN, cleanup, cli, cliIn, CONFIG, tempDir, writeFiles } from './helpers.ts';
import { loadConfig } from '../src/config/load.ts';
import { importTranslations } from '../src/cli/translations.ts';
import { Interrupted } from '../src/core/interrupt.ts';

const N = 12;
const LONG = 5; // the template whose German body makes its file larger than the limit
const template = (i: number) => `channel: shop-whatsapp
name: order_${i}
language: en_US
category: UTILITY
body:
  text: "Hi {{customer}}, order ${i} is on its way." # body
  examples: { customer: Maria }
footer: 'Reply STOP to opt out'
`;
const german = (i: number, round: number) => (i === LONG && round === 2 ? `Hallo {{customer}}, ${'Bestellung unterwegs. '.repeat(44).trimEnd()}` : `Hallo {{customer}}, Bestellung ${i} ist unterwegs (${round}).`);

/** the exported PO with every unit translated (round 2: template LONG's body past 1 KiB), or with a placeholder dropped in `drop` */
function fill(po: string, round: number, drop?: number): string {
  return po.replace(/msgctxt "shop-whatsapp\/order_(\d+):([^"]+)"\nmsgid "((?:[^"\\]|\\.)*)"\nmsgstr "(?:[^"\\]|\\.)*"/g, (_m, n: string, field: string, id: string) => {
    const i = Number(n);
    const text = field === 'footer' ? `Antworte STOP (${round})` : german(i, round).replace(drop === i ? '{{customer}}' : '\u0000', 'Kunde');
    return `msgctxt "shop-whatsapp/order_${i}:${field}"\nmsgid "${id}"\nmsgstr "${text}"`;
  });
}

/** the PO exported from the project, and its round 1 imported (every target file written): the PO exported again then (round 1 its targets), to fill again */
async function importedOnce(dir: string, po: () => string): Promise<string> {
  assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
  const empty = po();
  writeFiles(dir, { 'translations/de.po': fill(empty, 1) });
  const first = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
  assert.is(first.exitCode, 0, first.stderr);
  // the next round starts from an export of the files round 1 made (a translation file exported
  // before them would find them changed since, as a reviewer's edit would: docs/commands/translations.md, "How import writes")
  assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
  assert.not.equal(po(), empty);
  return po();
}

const tmpLeft = (dir: string): string[] => readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'));
/** `tplsync ARGS` with the size of any file it writes limited to 1 KiB (node ignores SIGXFSZ: the write fails with EFBIG) */
const limited = (args: string[], cwd: string) => execa('bash', ['-c', 'ulimit -f 1 && exec node "$0" "$@"', BIN, ...args], { cwd, reject: false, env: { NO_COLOR: '1' }, timeout: 120_000 });

function project(): { dir: string; po: () => string } {
  const dir = tempDir();
  const files: Record<string, string> = { 'tplsync.config.yaml': CONFIG };
  for (let i = 0; i < N; i++) files[`templates/order_${i}.en_US.yaml`] = template(i);
  writeFiles(dir, files);
  return { dir, po: () => readFileSync(path.join(dir, 'translations/de.po'), 'utf8') };
}

test('a first import whose write fails half-way: the file it was writing is removed, the others are whole or not there', async () => {
  const { dir, po } = project();
  try {
    assert.is((await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'de', '--format', 'po'], { cwd: dir })).exitCode, 0);
    writeFiles(dir, { 'translations/de.po': fill(po(), 2) });
    const r = await limited(['translations', 'import', 'translations/de.po'], dir);
    assert.is.not(r.exitCode, 0, String(r.stdout));
    assert.match(String(r.stderr), /EFBIG|too large/i);
    assert.not.ok(existsSync(path.join(dir, `templates/order_${LONG}.de.yaml`)), 'the half-written new file is removed');
    for (let i = 0; i < N; i++) {
      const f = path.join(dir, `templates/order_${i}.de.yaml`);
      if (i === LONG || !existsSync(f)) continue;
      const v = parse(readFileSync(f, 'utf8'));
      assert.is(v.body.text, german(i, 2));
      assert.is(v.footer, 'Antworte STOP (2)');
    }
    assert.equal(tmpLeft(dir), []);
  } finally { cleanup(dir); }
});

test('a re-import whose write fails half-way: the file being replaced keeps its old text, the others hold the old or the new one whole, no temp file', async () => {
  const { dir, po } = project();
  try {
    const empty = await importedOnce(dir, po);
    const before = Array.from({ length: N }, (_, i) => readFileSync(path.join(dir, `templates/order_${i}.de.yaml`), 'utf8'));
    writeFiles(dir, { 'translations/de.po': fill(empty, 2) });
    const r = await limited(['translations', 'import', 'translations/de.po'], dir);
    assert.is.not(r.exitCode, 0, String(r.stdout));
    assert.is(readFileSync(path.join(dir, `templates/order_${LONG}.de.yaml`), 'utf8'), before[LONG], 'the file whose write failed keeps its text');
    for (let i = 0; i < N; i++) {
      const t = readFileSync(path.join(dir, `templates/order_${i}.de.yaml`), 'utf8');
      if (t === before[i]) continue;
      const v = parse(t);
      assert.is(v.body.text, german(i, 2), `order_${i}`);
      assert.is(v.footer, 'Antworte STOP (2)');
    }
    assert.equal(tmpLeft(dir), []);
    // without the limit the same import completes
    const again = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(again.exitCode, 0, again.stderr);
    assert.is(parse(readFileSync(path.join(dir, `templates/order_${LONG}.de.yaml`), 'utf8')).body.text, german(LONG, 2));
  } finally { cleanup(dir); }
});

test('a template refused for a dropped placeholder keeps its file byte for byte (the same inode); the others are replaced', async () => {
  const { dir, po } = project();
  try {
    const empty = await importedOnce(dir, po);
    const f3 = path.join(dir, 'templates/order_3.de.yaml');
    const before = readFileSync(f3, 'utf8');
    const ino = statSync(f3).ino;
    writeFiles(dir, { 'translations/de.po': fill(empty, 3, 3) });
    const r = await cliIn(['translations', 'import', 'translations/de.po'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /shop-whatsapp\/order_3:body\.text: refused: the placeholders changed/);
    assert.is(readFileSync(f3, 'utf8'), before);
    assert.is(statSync(f3).ino, ino);
    for (let i = 0; i < N; i++) if (i !== 3) assert.is(parse(readFileSync(path.join(dir, `templates/order_${i}.de.yaml`), 'utf8')).body.text, german(i, 3));
    assert.equal(tmpLeft(dir), []);
  } finally { cleanup(dir); }
});

test('an import whose signal was aborted (Ctrl-C) writes nothing, says so, and leaves the files as they were', async () => {
  const { dir, po } = project();
  try {
    const empty = await importedOnce(dir, po);
    const before = Array.from({ length: N }, (_, i) => readFileSync(path.join(dir, `templates/order_${i}.de.yaml`), 'utf8'));
    writeFiles(dir, { 'translations/de.po': fill(empty, 2) });
    const stop = new AbortController();
    stop.abort();
    const config = await loadConfig({ cwd: dir });
    let err: unknown;
    try { await importTranslations(config, ['translations/de.po'], dir, false, stop.signal); } catch (e) { err = e; }
    assert.instance(err, Interrupted);
    assert.match((err as Error).message, /no file was written/);
    for (let i = 0; i < N; i++) assert.is(readFileSync(path.join(dir, `templates/order_${i}.de.yaml`), 'utf8'), before[i]);
    assert.equal(tmpLeft(dir), []);
  } finally { cleanup(dir); }
});

test.run();
