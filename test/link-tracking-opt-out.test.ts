// trial-w F4: Meta's create request takes `cta_url_link_tracking_opted_out` (true: the clicks of the
// template's URL buttons are not tracked). Lint called it an unknown key, so a client that must keep
// tracking off could not say so, and every apply created the template with tracking on. It is a key
// of the file now, carried as the other Cloud API template keys are (beside name, language and
// category in the write body's inner chatapp, returned by the read as written): lint, write body,
// emulator, read, plan, pull and export --to meta.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { toMeta } from '../src/formats/meta.ts';
import { lintBytes } from '../src/lint/engine.ts';
import { diffTemplates, fromFile, fromRead, fromWriteBody, toWriteBody } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';
import { toFileValue } from '../src/model/to-file.ts';
import { CHANNEL_A } from './helpers.ts';

const now = new Date('2026-01-01T00:00:00Z');
const YAML = (value: string) => `channel: wa
name: tr
language: en_US
category: MARKETING
cta_url_link_tracking_opted_out: ${value}
body:
  text: "Our spring sale starts today with new colours in every size."
buttons:
  - { type: URL, text: Shop now, url: "https://shop.example.com/spring" }
`;
const lint = (yaml: string) => lintBytes('t.yaml', Buffer.from(yaml), { now }).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`);
const FILE = { channel: 'wa', name: 'tr', language: 'en_US', category: 'MARKETING', cta_url_link_tracking_opted_out: true,
  body: { text: 'Our spring sale starts today with new colours in every size.' }, buttons: [{ type: 'URL', text: 'Shop now', url: 'https://shop.example.com/spring' }] };

let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

test('lint takes Meta\'s key (true or false); another value is a boolean\'s finding', () => {
  assert.equal(lint(YAML('true')), []);
  assert.equal(lint(YAML('false')), []);
  assert.equal(lint(YAML('"yes"')).map((l) => l.split(' ')[0]), ['schema']);
});

test('file -> write body -> emulator -> read -> canonical: the opt-out is written, read back, and a change of it is a change of the plan', async () => {
  const id = templateId(CHANNEL_A, FILE.name, FILE.language);
  const c = fromFile(FILE, CHANNEL_A, id).canonical;
  assert.is(c.ctaUrlLinkTrackingOptedOut, true);
  const body = toWriteBody(c);
  assert.is(body.chatapp!.chatapp.cta_url_link_tracking_opted_out, true);
  assert.equal(diffTemplates(c, fromWriteBody(body, CHANNEL_A, id)), []);
  const client = createClient({ baseUrl: emu.url, apiKey: 'k' });
  await client.writeTemplate(CHANNEL_A, id, body);
  const back = fromRead((await client.getTemplate(CHANNEL_A, id))!, CHANNEL_A);
  assert.equal(diffTemplates(c, back), []);
  // tracking on again (false, the default, or no key): one change, to that key
  const on = fromFile({ ...FILE, cta_url_link_tracking_opted_out: false }, CHANNEL_A, id).canonical;
  assert.is(on.ctaUrlLinkTrackingOptedOut, undefined, 'false equals its absence');
  assert.equal(toWriteBody(on).chatapp!.chatapp.cta_url_link_tracking_opted_out, undefined);
  assert.equal(diffTemplates(on, back).map((d) => d.path), ['ctaUrlLinkTrackingOptedOut']);
  // pull writes it back to the file; export --to meta writes Meta's key
  assert.is(toFileValue(back, { channel: 'wa', category: 'MARKETING', publicId: id }).cta_url_link_tracking_opted_out, true);
  assert.is(toMeta(fromFile(FILE, CHANNEL_A, id)).request?.cta_url_link_tracking_opted_out, true);
});

test.run();
