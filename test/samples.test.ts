// The sample templates show every part of the format (and lint clean: cli-lint.test.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ROOT } from './helpers.ts';

type Sg = { action: string };
type T = { header?: { format: string }; body?: { text: string }; buttons?: { type: string }[];
  message?: { rcsRichCardsOpts?: { type: string }; rcsExpireOpts?: { type: string }; suggestions?: Sg[]; richCards?: { suggestions?: Sg[] }[]; fallback?: { text: string } } };
const files = readdirSync(path.join(ROOT, 'templates'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.yaml'));
const all = files.map((f) => parse(readFileSync(path.join(ROOT, 'templates', f), 'utf8')) as T);

test('at least 10 samples covering every header format, button type, placeholder style, RCS layout and expiry', () => {
  assert.ok(all.length >= 10);
  const headers = new Set(all.map((t) => t.header?.format).filter(Boolean));
  assert.equal([...headers].sort(), ['DOCUMENT', 'IMAGE', 'LOCATION', 'TEXT', 'VIDEO']);
  const buttons = new Set(all.flatMap((t) => t.buttons ?? []).map((b) => b.type));
  for (const b of ['QUICK_REPLY', 'URL', 'FLOW', 'CATALOG', 'PHONE_NUMBER', 'COPY_CODE', 'OTP']) assert.ok(buttons.has(b), b);
  assert.ok(all.some((t) => /\{\{[a-z_]+\}\}/.test(t.body?.text ?? '')), 'named placeholders');
  assert.ok(all.some((t) => /\{\{\d+\}\}/.test(t.body?.text ?? '')), 'numbered placeholders');
  const layouts = new Set(all.map((t) => t.message?.rcsRichCardsOpts?.type).filter(Boolean));
  assert.equal([...layouts].sort(), ['CAROUSEL', 'STANDALONE']);
  const expiry = new Set(all.map((t) => t.message?.rcsExpireOpts?.type).filter(Boolean));
  assert.equal([...expiry].sort(), ['TTL']);
  // a fixed expireTime in a sample would be more than 15 days away (rcs-expire-window) or past
  // (rcs-expired) on most days: the samples expire by ttl, and show the EXPIRE_TIME form in a comment
  assert.match(readFileSync(path.join(ROOT, 'templates', 'rcs', 'weekend_offers.en_US.yaml'), 'utf8'), /^ {2}# {3}rcsExpireOpts: \{ type: EXPIRE_TIME, expireTime: "[^"]+" \}$/m);
});

test('one RCS-only sample per suggested action, with SMS fallbacks', () => {
  const rcsOnly = all.filter((t) => t.message && !t.body);
  const actions = (t: T) => [...(t.message?.suggestions ?? []), ...(t.message?.richCards ?? []).flatMap((c) => c.suggestions ?? [])].map((s) => s.action);
  for (const a of ['reply', 'open_url', 'dial', 'view_location', 'share_location', 'create_calendar_event']) {
    assert.ok(rcsOnly.some((t) => actions(t).includes(a)), a);
  }
  assert.ok(rcsOnly.filter((t) => t.message?.fallback).length >= 3, 'fallbacks');
});

test.run();
