// An RCS expireTime is written as Google's RBM reference writes it (RFC 3339 UTC, 0 to 9 digits
// of fractions of a second) and sent as the partner API takes it, with milliseconds; the plan
// compares in that form, so `...:00Z` in the file is not a change against `...:00.000Z` read back.
import { test } from 'uvu';
import { loadConfig } from '../src/config/load.ts';
import { lintProject } from '../src/lint/run.ts';
import * as assert from 'uvu/assert';
import { diffTemplates, fromFile, fromWriteBody, millisecondTime, toWriteBody } from '../src/model/canonical.ts';
import { CHANNEL_B, CONFIG, cleanup, tempDir, writeFiles } from './helpers.ts';

const ID = '7563f4f9-7a7c-590e-8843-8b805ca99f15';
const file = (expireTime: string) => ({
  channel: 'shop-rcs', name: 'flash_sale', language: 'en_US',
  message: { type: 'text', message: 'Flash sale until midnight.', rcsExpireOpts: { type: 'EXPIRE_TIME', expireTime } },
});

test('millisecondTime: 0 to 9 digits become 3; anything else is left as it is', () => {
  assert.is(millisecondTime('2031-10-02T15:01:23Z'), '2031-10-02T15:01:23.000Z');
  assert.is(millisecondTime('2031-10-02T15:01:23.5Z'), '2031-10-02T15:01:23.500Z');
  assert.is(millisecondTime('2031-10-02T15:01:23.045Z'), '2031-10-02T15:01:23.045Z');
  assert.is(millisecondTime('2031-10-02T15:01:23.045123456Z'), '2031-10-02T15:01:23.045Z');
  assert.is(millisecondTime('2031-10-02T17:01:23+02:00'), '2031-10-02T15:01:23.000Z', 'an offset: the same instant in UTC');
  assert.is(millisecondTime('2031-10-02T00:30:00.5-01:30'), '2031-10-02T02:00:00.500Z');
  assert.is(millisecondTime('2031-10-02T15:01:23'), '2031-10-02T15:01:23', 'no zone: left for the schema to refuse');
  assert.is(millisecondTime('{{expire_time}}'), '{{expire_time}}');
});

test('the write body carries milliseconds, and the read of it plans as no change', () => {
  for (const t of ['2031-10-02T15:01:23Z', '2031-10-02T15:01:23.045123456Z', '2031-10-02T15:01:23.045Z', '2031-10-02T16:01:23.045+01:00']) {
    const desired = fromFile(file(t), CHANNEL_B, ID).canonical;
    const body = toWriteBody(desired) as { message?: { rcsExpireOpts?: { expireTime?: string } } };
    assert.match(body.message!.rcsExpireOpts!.expireTime!, /^2031-10-02T15:01:23\.\d{3}Z$/, t);
    assert.equal(diffTemplates(desired, fromWriteBody(body as never, CHANNEL_B, ID)), [], t);
  }
});

test('lint: Google\'s forms are accepted; a time without its zone is refused with the forms it takes', async () => {
  const dir = tempDir();
  try {
    const yaml = (t: string) => `channel: shop-rcs\nname: flash_sale\nlanguage: en_US\nmessage:\n  type: text\n  message: Flash sale until midnight.\n  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "${t}" }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG,
      'templates/a.yaml': yaml('2031-10-02T15:01:23Z'),
      'templates/b.yaml': yaml('2031-10-02T15:01:23.045123456Z').replace('flash_sale', 'flash_sale_b'),
      'templates/c.yaml': yaml('2031-10-02 15:01').replace('flash_sale', 'flash_sale_c'),
    });
    // the clock a day before: within RBM's 15 days, not yet expired (no finding depends on when the test runs)
    const { diagnostics } = await lintProject(await loadConfig({ cwd: dir }), [], dir, { now: new Date('2031-10-01T00:00:00Z') });
    assert.equal(diagnostics.map((d) => `${d.file.split('/').pop()} ${d.ruleId}`), ['c.yaml schema']);
    assert.match(diagnostics[0]!.message, "expireTime '2031-10-02 15:01' must be an RFC 3339 timestamp with its zone, e.g. 2030-01-31T23:59:59Z or 2030-01-31T23:59:59.000Z");
  } finally { cleanup(dir); }
});

test.run();
