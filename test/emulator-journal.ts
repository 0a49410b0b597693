// Test helper: an emulator journal holding one write, made the way the emulator makes it (started
// on the data file, one template written, stopped), for tests that then cut or damage it. Apart from
// helpers.ts so that the emulator is bundled only into the tests that start one.
import { randomUUID } from 'node:crypto';
import { createClient } from '../src/api/client.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, writeBody } from './helpers.ts';

/** Starts an emulator on `dataFile`, writes one template, stops it: the journal then holds that write. */
export async function journalWithOneWrite(dataFile: string): Promise<void> {
  const emu = await startEmulator({ keys: ['k1'], dataFile });
  try {
    await createClient({ baseUrl: emu.url, apiKey: 'k1' }).writeTemplate(CHANNEL_A, randomUUID(), writeBody());
  } finally { await emu.close(); }
}
