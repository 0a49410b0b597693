// A replaced file keeps its mode whether or not the umask narrows what the temp file is created
// with: the writers skip the chmod only when the umask leaves the mode whole (src/files/write.ts).
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { AtomicWriter, writeFileAtomic, writeFilesAtomic } from '../src/files/write.ts';

const umask = process.umask();
// modes the umask narrows (group and others may write) and modes it leaves whole
const MODES = [0o666, 0o664, 0o644, 0o640, 0o600, 0o755, 0o777];

test('each writer keeps each mode, narrowed by the umask or not; no temp file is left', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-mode-'));
  try {
    assert.ok(MODES.some((m) => (m & ~umask) !== m), `the umask ${umask.toString(8)} narrows one of the modes tested`);
    const writers: [string, (file: string, text: string) => Promise<void>][] = [
      ['writeFileAtomic', async (f, t) => { writeFileAtomic(f, t); }],
      ['AtomicWriter', async (f, t) => { const w = new AtomicWriter(); w.write(f, t); await w.flush(); }],
      ['writeFilesAtomic', async (f, t) => { await writeFilesAtomic([{ file: f, data: t }]); }],
    ];
    for (const [name, write] of writers) {
      for (const mode of MODES) {
        const file = path.join(dir, `${name}-${mode.toString(8)}.yaml`);
        writeFileSync(file, 'old\n');
        chmodSync(file, mode);
        await write(file, `new ${mode}\n`);
        assert.is(readFileSync(file, 'utf8'), `new ${mode}\n`);
        assert.is((statSync(file).mode & 0o777).toString(8), mode.toString(8), `${name}: ${mode.toString(8)} kept`);
      }
    }
    assert.equal(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test.run();
