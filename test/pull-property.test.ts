// Property (seeded): what tplsync applied, pull writes back as a file that lints clean. Generated
// templates of each kind (a WhatsApp body with an RCS card that reuses some of the body's
// named placeholders in any order, carousels, limited-time offers, authentication) are applied
// to the real emulator, read back, and turned into the file pull writes: no error finding.
// (A pulled RCS card once read `Order {{2}} arrives {{3}}.` and failed placeholder-sequence.)
import fc from 'fast-check';
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { collectFindings } from '../src/lint/engine.ts';
import { RULES_BY_ID } from '../src/lint/registry.ts';
import { fromFile, fromRead, toWriteBody } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';
import { toFileValue } from '../src/model/to-file.ts';
import { CHANNEL_A, CHANNEL_B } from './helpers.ts';
import { authenticationTemplate, carouselTemplate, offerTemplate } from './kinds-arbitraries.ts';

const NAMES = ['customer', 'order_id', 'arrival', 'city'] as const;
const SAMPLES: Record<string, string> = { customer: 'Maria', order_id: 'A-1042', arrival: 'tomorrow', city: 'Berlin' };

/** a body with 1-4 named placeholders, and a rich card whose texts use any of them, in any order */
const hybrid = fc.record({
  count: fc.integer({ min: 1, max: 4 }),
  order: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 0, maxLength: 4 }),
  inTitle: fc.boolean(),
  fallback: fc.boolean(),
}).map((g) => {
  const names = NAMES.slice(0, g.count);
  const used = g.order.filter((i) => i < g.count).map((i) => `{{${NAMES[i]}}}`);
  const body = `Hello ${names.map((n) => `{{${n}}}`).join(' and ')} from the shop.`;
  const card: Record<string, unknown> = {
    title: g.inTitle && used.length ? `Update ${used[0]} now` : 'Your update',
    description: used.length ? `Order ${used.join(' then ')} today.` : 'Nothing to add.',
    fileUrl: 'https://cdn.example.com/p.png',
  };
  return {
    channel: 'shop-rcs', language: 'en_US', category: 'UTILITY', description: 'generated',
    body: { text: body, examples: Object.fromEntries(names.map((n) => [n, SAMPLES[n]!])) },
    message: {
      type: 'rich_card', richCards: [card],
      rcsRichCardsOpts: { type: 'STANDALONE', orientation: 'VERTICAL' },
      ...(g.fallback && used.length ? { fallback: { text: `See ${used[used.length - 1]}.` } } : {}),
    },
  } as Record<string, unknown>;
});

const kinds = fc.oneof(
  hybrid.map((t) => ({ t, channel: CHANNEL_B })),
  carouselTemplate.map((t) => ({ t: t as Record<string, unknown>, channel: CHANNEL_A })),
  offerTemplate.map((t) => ({ t: t as Record<string, unknown>, channel: CHANNEL_A })),
  authenticationTemplate.map((t) => ({ t: t as Record<string, unknown>, channel: CHANNEL_A })),
);

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('property: a template tplsync applied comes back from pull as a file that lints clean', async () => {
  const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
  const now = new Date('2026-01-01T00:00:00Z');
  const errors = (t: Record<string, unknown>) => collectFindings(t, { now }).filter((f) => RULES_BY_ID.get(f.ruleId)?.severity === 'error').map((f) => `${f.ruleId} ${f.path.join('.')}: ${f.message}`);
  let seq = 0;
  await fc.assert(fc.asyncProperty(kinds, async ({ t: generated, channel }) => {
    const t: Record<string, unknown> = { ...generated, name: `pulled_${++seq}` };
    assert.equal(errors(t), [], 'the generated template lints clean');
    const id = templateId(channel, String(t.name), String(t.language));
    await client.writeTemplate(channel, id, toWriteBody(fromFile(t, channel, id).canonical));
    const read = await client.getTemplate(channel, id);
    assert.ok(read, 'read back');
    const pulled = toFileValue(fromRead(read!, channel), { channel: String(t.channel), category: String(t.category ?? 'UTILITY'), publicId: id });
    assert.equal(errors(pulled), [], JSON.stringify(pulled));
  }), { seed: 2020, numRuns: 80 });
});

test.run();
