// A plan shows a secret value of an environment as (secret): a long text is masked before it is
// cut around its difference, so that no cut leaves a few characters of a secret at its edge (the
// output gate recognises pieces of 8 characters or more); and a field whose two sides differ only
// in a secret (a rotation) says so rather than showing two identical lines.
import { randomBytes } from 'node:crypto';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { addSecret, redact } from '../src/core/redact.ts';
import { diffTemplates, fromFile, fromWriteBody, toWriteBody, withoutFile } from '../src/model/canonical.ts';
import type { PlanChange } from '../src/plan/plan.ts';
import { renderMarkdown, renderText } from '../src/plan/render.ts';
import { CHANNEL_A } from './helpers.ts';

const ID = '7563f4f9-7a7c-590e-8843-8b805ca99f15';
const SECRET = `cnry${randomBytes(9).toString('hex')}`;
const ROTATED = `cnry${randomBytes(9).toString('hex')}`;
addSecret(SECRET, 'value');
addSecret(ROTATED, 'value');
// a secret of several lines, each shorter than a piece the gate recognises alone
const LINES = `S${randomBytes(2).toString('hex')}\nT${randomBytes(3).toString('hex')}`;
addSecret(LINES, 'value');
// a secret value around a secret: its https:// and .example are no secret of their own
const HOST = `https://H${randomBytes(6).toString('hex')}-ok.example`;
addSecret(HOST, 'value');

const template = (text: string) => ({
  channel: 'shop-whatsapp', name: 'promo', language: 'en_US', category: 'MARKETING',
  body: { text, examples: { customer: 'Maria' } },
});
function update(before: string, after: string): PlanChange {
  const remote = fromWriteBody(toWriteBody(fromFile(template(before), CHANNEL_A, ID).canonical), CHANNEL_A, ID);
  const desired = fromFile(template(after), CHANNEL_A, ID);
  return { channel: 'shop-whatsapp', name: 'promo', language: 'en_US', publicId: ID, channelId: CHANNEL_A, action: 'update', changes: diffTemplates(desired.canonical, remote), remoteFingerprint: 'x', desired, remote: withoutFile(remote) };
}
const plan = (c: PlanChange) => ({ changes: [c], summary: { create: 0, update: 1, noop: 0, orphan: 0 } }) as never;
/** every run of 4 characters of the secret */
const pieces = (s: string) => Array.from({ length: s.length - 3 }, (_, i) => s.slice(i, i + 4));

test('a long text is masked before it is cut: no edge of a secret shows', () => {
  // the two sides differ at "A"/"B"; the cut keeps 20 characters either side of the difference,
  // so a secret starting 17 characters after it would be cut after 4 of its characters
  for (let offset = 8; offset <= 26; offset++) {
    const tail = `${'.'.repeat(offset - 1)} ${SECRET} and more words after it to make the text long enough to be cut.`;
    const lead = 'Thank you for shopping with us, {{customer}}. '.repeat(2);
    const c = update(`${lead}Plan A${tail}`, `${lead}Plan B${tail}`);
    for (const shown of [renderText(plan(c), { color: false, environment: 'dev' }), renderMarkdown(plan(c), { environment: 'dev' })]) {
      // as the output gate writes it
      const leaked = pieces(SECRET).filter((p) => redact(shown).includes(p));
      assert.equal(leaked, [], `offset ${offset}: ${shown}`);
    }
  }
});

test('a value shown as JSON (a button, a card) is masked before it is cut: no edge of a secret shows', () => {
  const withButtons = (buttons: unknown[]): PlanChange => {
    const t = (b: unknown[]) => ({ ...template('Your order is ready, {{customer}}.'), buttons: b });
    const remote = fromWriteBody(toWriteBody(fromFile(t([{ type: 'QUICK_REPLY', text: 'Stop' }]), CHANNEL_A, ID).canonical), CHANNEL_A, ID);
    const desired = fromFile(t(buttons), CHANNEL_A, ID);
    return { channel: 'shop-whatsapp', name: 'promo', language: 'en_US', publicId: ID, channelId: CHANNEL_A, action: 'update', changes: diffTemplates(desired.canonical, remote), remoteFingerprint: 'x', desired, remote: withoutFile(remote) };
  };
  let cut = 0;
  for (let offset = 40; offset <= 70; offset++) {
    const c = withButtons([{ type: 'QUICK_REPLY', text: 'Stop' }, { type: 'URL', text: 'Open', url: `https://shop.example/${'p'.repeat(offset)}/${SECRET}/x`, example: `https://shop.example/${'p'.repeat(offset)}/${SECRET}/x` }]);
    for (const shown of [renderText(plan(c), { color: false, environment: 'dev' }), renderMarkdown(plan(c), { environment: 'dev' })]) {
      if (shown.includes('...')) cut++;
      const leaked = pieces(SECRET).filter((p) => redact(shown).includes(p));
      assert.equal(leaked, [], `offset ${offset}: ${shown}`);
    }
  }
  assert.ok(cut > 10, 'the values were long enough to be cut');
});

test('two sides that differ only in a secret are explained, not shown as two identical lines', () => {
  const c = update(`Your code ${SECRET} is ready, {{customer}}.`, `Your code ${ROTATED} is ready, {{customer}}.`);
  const text = renderText(plan(c), { color: false, environment: 'dev' });
  assert.match(text, "body.text: a secret value differs from the channel's copy");
  assert.equal(text.split('\n').filter((l) => l.length > 0 && l.trim() === ''), [], 'no line of spaces alone');
  assert.match(renderMarkdown(plan(c), { environment: 'dev' }), "a secret value differs from the channel's copy");
  const edited = update(`Your code ${SECRET} is ready, {{customer}}.`, `Your code ${ROTATED} is ready now, {{customer}}.`);
  const shown = renderText(plan(edited), { color: false, environment: 'dev' });
  assert.match(shown, 'body.text: "Your code (secret) is ready, {{customer}}." → "Your code (secret) is ready now, {{customer}}."  (and a secret value differs from the channel\'s copy: the update writes the environment\'s current value)');
  assert.match(renderMarkdown(plan(edited), { environment: 'dev' }), '(and a secret value differs from the channel\'s copy');
  // the text edited, the secret the same: no such note
  const textOnly = renderText(plan(update(`Your code ${SECRET} is ready, {{customer}}.`, `Your code ${SECRET} is ready now, {{customer}}.`)), { color: false, environment: 'dev' });
  assert.match(textOnly, 'is ready now, {{customer}}."');
  assert.not.match(textOnly, 'a secret value differs');
});

test('a secret the channel\'s copy did not have (a reference new in the file) is shown as (secret) on the file\'s side, with no note of a rotation', () => {
  const c = update('Your code is ready, {{customer}}.', `Your code ${SECRET} is ready, {{customer}}.`);
  for (const shown of [renderText(plan(c), { color: false, environment: 'dev' }), renderMarkdown(plan(c), { environment: 'dev' })]) {
    assert.match(shown, 'Your code is ready, {{customer}}.');
    assert.match(shown, 'Your code (secret) is ready, {{customer}}.');
    assert.not.match(shown, 'a secret value differs');
  }
});

test('a secret of several lines: the diff shows (secret), none of its lines, and keeps its lines apart', () => {
  const c = update('Hello {{customer}}, your code is on its way.', `Hello {{customer}}, your code is:\n${LINES}\nKeep it safe.`);
  for (const shown of [renderText(plan(c), { color: false, environment: 'dev' }), renderMarkdown(plan(c), { environment: 'dev' })]) {
    const gated = redact(shown);
    for (const line of LINES.split('\n')) assert.not.ok(gated.includes(line), `${line} in ${gated}`);
    assert.match(gated, '(secret)');
    assert.not.match(gated, '[redacted]');
  }
});

test('a secret value masks its own secret runs, not the https:// or .example it shares with other text', () => {
  const other = 'See https://ci.example.org/artifacts/1 and buttons[0].example';
  assert.is(redact(other), other);
  assert.is(redact(`host: ${HOST}`), 'host: (secret)');
  const run = HOST.slice('https://'.length, HOST.indexOf('-'));
  assert.is(redact(`a piece: ${run.slice(1, 11)} here`), 'a piece: [redacted] here');
  // a run with - or _ in it is one run (secret-line): its pieces are masked, as a key's would be
  const dashed = `x${randomBytes(3).toString('hex')}-line\nother`;
  addSecret(dashed, 'value');
  assert.is(redact(`left: ${dashed.split('\n')[0]} right`), 'left: [redacted] right');
});

test.run();
