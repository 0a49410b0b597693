// trial-w F6: `call_permission_request` is either `true` (the template has the component) or absent.
// Any other value is one finding, the schema's, saying to remove the key or write true; the rule
// call-permission-request judges only a template that has the component, so it does not tell the
// user to remove the buttons of a template that has no call permission request.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes } from '../src/lint/engine.ts';

const now = new Date('2026-01-01T00:00:00Z');
const lint = (yaml: string) => lintBytes('t.yaml', Buffer.from(yaml), { now }).diagnostics.map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`);

const template = (value: string) => `channel: wa
name: cpf
language: en_US
category: MARKETING
body:
  text: "Hi {{1}}, our rare new succulents are in. Reply to hear more this week."
  examples: { 1: Pablo }
call_permission_request: ${value}
buttons:
  - { type: QUICK_REPLY, text: Tell me more }
`;

test('call_permission_request: false is one finding, remove the key (or write true); the buttons are not judged by call-permission-request', () => {
  assert.equal(lint(template('false')), ['schema 8:26 call_permission_request can only be true, not false; remove the key for a template without it, or write true.']);
});

test('call_permission_request: "no" (a YAML 1.1 word) is one finding, not also "write true or false"', () => {
  assert.equal(lint(template('"no"')), [`schema 8:26 call_permission_request can only be true, not "no" (YAML reads 'no' as text); remove the key for a template without it, or write true.`]);
  assert.equal(lint(template('no')), [`schema 8:26 call_permission_request can only be true, not "no" (YAML reads 'no' as text); remove the key for a template without it, or write true.`]);
});

test('call_permission_request: true beside buttons is still refused by call-permission-request', () => {
  assert.equal(lint(template('true')).map((l) => l.split(' ')[0]), ['call-permission-request']);
});

test.run();
