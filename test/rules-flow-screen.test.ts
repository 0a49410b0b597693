// A FLOW button with an inline flow (flow_json) and the navigate action opens one of that flow's
// screens: navigate_screen names a screen id of flow_json (Meta's example pairs them). In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { finishProject, lintBytes } from '../src/lint/engine.ts';

const lint = (text: string): string[] =>
  finishProject([lintBytes('t.yaml', Buffer.from(text), { now: new Date('2026-01-01T00:00:00Z') })], { severities: {} })
    .map((d) => `${d.ruleId}@${d.line}:${d.column} ${d.message}`);

const flow = JSON.stringify({ version: '6.0', screens: [{ id: 'SIGN_UP', title: 'Sign up', terminal: true, layout: { type: 'SingleColumnLayout', children: [] } }, { id: 'THANKS', title: 'Thanks', layout: { type: 'SingleColumnLayout', children: [] } }] });
const template = (screen: string): string => [
  'channel: shop-whatsapp', 'name: club_sign_up', 'language: en_US', 'category: MARKETING',
  'body:', '  text: "Join our club and get early access to every sale."',
  'buttons:', '  - type: FLOW', '    text: Sign up', `    flow_json: '${flow}'`, '    flow_action: navigate', `    navigate_screen: ${screen}`,
].join('\n') + '\n';

test('navigate_screen names a screen of the inline flow; another is button-flow\'s finding, with the screens there are', () => {
  assert.equal(lint(template('SIGN_UP')), []);
  assert.equal(lint(template('THANKS')), []);
  assert.equal(lint(template('WELCOME')), ["button-flow@12:22 navigate_screen 'WELCOME' is no screen of the flow in flow_json, whose screens are 'SIGN_UP', 'THANKS'."]);
});

test.run();
