// An RCS calendar event (create_calendar_event): its times are RFC 3339 as Google's Timestamp
// takes them (`Z` or an offset, like expireTime), and an event wholly in the past is a warning
// (rcs-calendar-past) decided by the run's injected clock; lint --cache keeps the verdict only
// until the event's end, as it keeps rcs-expired's until the expiry.
import { readdirSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { loadConfig } from '../src/config/load.ts';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { lintProject } from '../src/lint/run.ts';
import { fromFile, toWriteBody } from '../src/model/canonical.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { CONFIG, cleanup, tempDir, writeFiles } from './helpers.ts';

const END = '2030-05-04T20:00:00Z';
const AT = Date.parse(END);
const DAY = 86_400_000;
const yaml = (start: string, end: string): string => `channel: shop-rcs\nname: sale_event\nlanguage: en_US\nmessage:\n  type: text\n  message: Save the date for our sale\n  suggestions:\n    - { action: create_calendar_event, text: Save the date, startTime: "${start}", endTime: "${end}", title: Sale, postbackData: save }\n`;
const lint = (text: string, now: number): Diagnostic[] => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date(now) })], { severities: {} });
const ids = (ds: Diagnostic[]): string[] => ds.map((d) => d.ruleId);

test('startTime and endTime take an RFC 3339 offset, as expireTime does; a time without a zone is still refused', () => {
  const before = AT - 10 * DAY;
  assert.equal(ids(lint(yaml('2030-05-04T08:00:00+02:00', END), before)), []);
  assert.equal(ids(lint(yaml('2030-05-04T08:00:00.5-01:30', '2030-05-04T23:00:00.000+05:45'), before)), []);
  const none = lint(yaml('2030-05-04T08:00:00', END), before);
  assert.equal(ids(none), ['rcs-calendar-event']);
  assert.match(none[0]!.message, 'is not an RFC 3339 time');
  // the order is by instant: 10:00+02:00 is 08:00Z, after 07:00Z
  assert.equal(ids(lint(yaml('2030-05-04T10:00:00+02:00', '2030-05-04T07:00:00Z'), before)), ['rcs-calendar-event']);
});

test('an event that has ended by the run\'s clock is a warning; one still running or to come is not', () => {
  const past = lint(yaml('2030-05-04T08:00:00Z', END), AT);
  assert.equal(ids(past), ['rcs-calendar-past']);
  assert.is(past[0]!.severity, 'warning');
  assert.equal(ids(lint(yaml('2030-05-04T08:00:00Z', END), AT - 1)), [], 'running: not past');
  // an offset: the end is the instant, not the wall time written
  assert.equal(ids(lint(yaml('2030-05-04T08:00:00Z', '2030-05-04T22:00:00+02:00'), AT)), ['rcs-calendar-past']);
  assert.equal(ids(lint(yaml('2030-05-04T08:00:00Z', '2030-05-04T22:00:00+01:00'), AT)), []);
});

test('lint --cache keeps the verdict until the event ends, then lints afresh and warns', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/event.yaml': yaml('2030-05-04T08:00:00Z', END) });
    const old = new Date('2020-01-01T00:00:00Z');
    for (const f of readdirSync(path.join(dir, 'templates'))) utimesSync(path.join(dir, 'templates', f), old, old);
    const cacheFile = path.join(dir, '.tplsync', 'lint-cache.json');
    const config = await loadConfig({ cwd: dir });
    const run = (ms: number) => lintProject(config, [], dir, { cacheFile, now: new Date(ms) });
    const cold = await run(AT - 10 * DAY);
    assert.not.ok(cold.diagnostics.some((d) => d.ruleId === 'rcs-calendar-past'), JSON.stringify(cold.diagnostics));
    assert.equal(cold.kept?.until, AT, 'kept until the event ends');
    const warm = await run(AT - 1);
    assert.is(warm.results.length, 0, 'the kept answer');
    const at = await run(AT);
    assert.is(at.results.length, 1, 'linted afresh at the end');
    assert.ok(at.diagnostics.some((d) => d.ruleId === 'rcs-calendar-past'), JSON.stringify(at.diagnostics));
  } finally { cleanup(dir); }
});

test('rcs-expired judges an expireTime with an offset too (the schema takes one)', () => {
  const t = (exp: string): string => `channel: shop-rcs\nname: flash\nlanguage: en_US\nmessage:\n  type: text\n  message: Flash sale\n  rcsExpireOpts: { type: EXPIRE_TIME, expireTime: "${exp}" }\n`;
  assert.equal(ids(lint(t('2030-05-04T22:00:00+02:00'), AT)), ['rcs-expired']);
  assert.equal(ids(lint(t('2030-05-04T22:00:00+01:00'), AT)), []);
});

test('an offset is sent as the same instant in UTC (as expireTime): plan compares instants, not spellings', () => {
  const card = (start: string, end: string) => fromFile(readTemplateValue(yaml(start, end)) as Record<string, unknown>, '3f5a1c2e-9b7d-4e6f-8a1b-2c3d4e5f6a7b', '7563f4f9-7a7c-590e-8843-8b805ca99f15').canonical;
  const sent = toWriteBody(card('2030-05-04T08:00:00+02:00', '2030-05-04T20:00:00Z')) as { message?: { suggestions?: { startTime?: string; endTime?: string }[] } };
  assert.equal(sent.message?.suggestions?.map((x) => [x.startTime, x.endTime]), [['2030-05-04T06:00:00.000Z', '2030-05-04T20:00:00.000Z']]);
  assert.equal(card('2030-05-04T08:00:00+02:00', END).message, card('2030-05-04T06:00:00Z', '2030-05-04T20:00:00.000Z').message);
});

test.run();
