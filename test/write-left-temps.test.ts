// Temp files (FILE.PID.MS.N.tmp) that a writer killed with SIGKILL between their create and their
// rename left beside the templates are removed by the next writer into that folder once their
// process is gone; a running process's, and this process's own, stay.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { AtomicWriter, removeLeftTemps, writeFileAtomic } from '../src/files/write.ts';
import { firstLines, withChild } from './helpers.ts';

/** the pid of a process that has ended (and been reaped) */
async function deadPid(): Promise<number> {
  const p = execa('true');
  await p;
  return p.pid!;
}

const inTemp = async (use: (dir: string) => Promise<void>): Promise<void> => {
  const dir = mkdtempSync(path.join(tmpdir(), 'tplsync-left-temps-'));
  try { await use(dir); } finally { rmSync(dir, { recursive: true, force: true }); }
};

/** a folder with the leftovers of a killed writer, one of a running node process, one of this process, and files that only look alike */
async function seeded(dir: string, running: number): Promise<{ gone: string[]; kept: string[] }> {
  const dead = await deadPid();
  const gone = [`a.de.yaml.${dead}.1796087688445.1.tmp`, `b.de.yaml.${dead}.1796087688448.17.tmp`,
    // this pid, made before this process started: an earlier process's with the same pid (a container's pid 1)
    `c.yaml.${process.pid}.1000000000000.3.tmp`];
  const kept = [`d.yaml.${running}.${Date.now()}.1.tmp`, `e.yaml.${process.pid}.${Date.now()}.2.tmp`, 'notes.tmp', 'f.yaml.12.tmp', 'g.yaml', `h.yaml.${dead}.17960.1.tmp`];
  for (const n of [...gone, ...kept]) writeFileSync(path.join(dir, n), 'x');
  return { gone, kept };
}

test('removeLeftTemps: the temp files of processes that are gone are removed; the others, and other files, stay', () => inTemp(async (dir) => {
  await withChild(() => execa(process.execPath, ['-e', 'console.log("up"); setTimeout(() => {}, 60000)']), async (child) => {
    await firstLines(child, 1);
    const { gone, kept } = await seeded(dir, child.pid!);
    assert.equal(removeLeftTemps(dir).sort(), [...gone].sort());
    assert.equal(readdirSync(dir).sort(), [...kept].sort());
  });
}));

test('writeFileAtomic and AtomicWriter (both roads) remove them from the folder they write into', () => inTemp(async (dir) => {
  await withChild(() => execa(process.execPath, ['-e', 'console.log("up"); setTimeout(() => {}, 60000)']), async (child) => {
    await firstLines(child, 1);
    for (const how of ['writeFileAtomic', 'callbacks', 'threads'] as const) {
      const d = path.join(dir, how);
      mkdirSync(d);
      const { kept } = await seeded(d, child.pid!);
      if (how === 'writeFileAtomic') writeFileAtomic(path.join(d, 'g.yaml'), 'new\n');
      else {
        const w = new AtomicWriter(how === 'threads' ? { threads: 1 } : {});
        w.write(path.join(d, 'g.yaml'), 'new\n');
        await w.flush();
      }
      assert.equal(readdirSync(d).sort(), [...kept].sort(), how);
    }
  });
}));

test.run();
