// The round trip every kind's property test runs: a generated template file that lints clean
// (warnings included) -> write body -> the emulator approves it -> read -> the same canonical
// template -> pulled into a file that lints clean -> the pulled file's canonical template.
import { stringify } from 'yaml';
import * as assert from 'uvu/assert';
import { createClient } from '../src/api/client.ts';
import { collectFindings } from '../src/lint/engine.ts';
import { diffTemplates, fromFile, fromRead, fromWriteBody, kindCategory, toWriteBody, type CanonicalTemplate } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';
import { toFileValue } from '../src/model/to-file.ts';
import { CHANNEL_A } from './helpers.ts';

const NOW = new Date('2026-01-01T00:00:00Z');

/** every finding, warnings included: the generated files are meant to be completely clean */
export const findings = (t: Record<string, unknown>): string[] => collectFindings(t, { now: NOW }).map((f) => `${f.ruleId} at ${f.path.join('.')}: ${f.message}`);

/** Through the emulator at `url` (key `k`) and back; `c` is the file's canonical template, `again` the pulled file's. */
export async function throughTheChannel(url: string, t: Record<string, unknown>): Promise<{ c: CanonicalTemplate; again: CanonicalTemplate }> {
  assert.equal(findings(t), [], `the generated file lints clean:\n${stringify(t)}`);
  const tid = templateId(CHANNEL_A, String(t.name), String(t.language));
  const c = fromFile(t, CHANNEL_A, tid).canonical;
  const w = toWriteBody(c);
  assert.equal(diffTemplates(c, fromWriteBody(w, CHANNEL_A, tid)), [], 'the write body maps back');
  const client = createClient({ baseUrl: url, apiKey: 'k' });
  await client.writeTemplate(CHANNEL_A, tid, w);
  const read = (await client.getTemplate(CHANNEL_A, tid))!;
  assert.is(read.statusText, 'APPROVED', `the review applies the same rules: ${read.rejectionReason ?? ''}`);
  const back = fromRead(read, CHANNEL_A);
  assert.equal(diffTemplates(c, back), [], `${String(t.name)} reads back as written`);
  // the read does not carry the category (docs/api-assumptions.md): pull takes the one the kind requires, else UTILITY
  const pulled = toFileValue(back, { channel: 'shop-whatsapp', category: kindCategory(back) ?? 'UTILITY', publicId: tid });
  assert.equal(findings(pulled), [], `pulled file lints clean:\n${stringify(pulled)}`);
  return { c, again: fromFile(pulled, CHANNEL_A, tid).canonical };
}
