// A FLOW button with an inline flow (flow_json) and the navigate action opens one of that flow's
// screens: navigate_screen names a screen id of flow_json (Meta's example pairs them). In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { stringify, parse } from 'yaml';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { metaToFile, toMeta } from '../src/formats/meta.ts';
import { fromFile } from '../src/model/canonical.ts';

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

test('a flow by id with the navigate action is judged alike in every spelling: no first screen is required (Meta: "Optional if flow_action is navigate")', () => {
  const file = (button: string): string => [
    'channel: shop-whatsapp', 'name: flow_review', 'language: en_US', 'category: MARKETING',
    'body: { text: "We would love to hear about your visit. Tap below to leave a short review." }',
    'buttons:', `  - ${button}`,
  ].join('\n') + '\n';
  const spellings = [
    '{ type: FLOW, text: Review, flow_id: "1234567890", flow_action: navigate }',
    '{ type: FLOW, text: Review, flow: { id: "1234567890", action: navigate } }',
    '{ type: FLOW, text: Review, flow_id: "1234567890" }',
    '{ type: FLOW, text: Review, flow_name: review_flow, flow_action: navigate }',
  ];
  for (const b of spellings) assert.equal(lint(file(b)), [], b);
  // export --to meta writes each as the Cloud API's request, and that request, imported back, lints the same: clean
  for (const b of spellings) {
    const request = toMeta(fromFile(parse(file(b)) as Record<string, unknown>, 'c', 'id')).request!;
    const back = metaToFile(request, '(template)');
    assert.equal(back.issues, [], b);
    assert.equal(lint(stringify({ channel: 'shop-whatsapp', ...back.value })), [], `${b} -> ${JSON.stringify(request.components)}`);
  }
  // a first screen with data_exchange is refused in either spelling, the message naming the keys as the file spells them and what to change
  assert.equal(lint(file('{ type: FLOW, text: Review, flow_id: "1234567890", flow_action: data_exchange, navigate_screen: START }')), [
    "button-flow@7:84 `navigate_screen` goes with `flow_action: navigate` only, and this button's flow_action is data_exchange: remove navigate_screen (a data_exchange flow gets its first screen from your endpoint), or change flow_action to navigate.",
  ]);
  assert.equal(lint(file('{ type: FLOW, text: Review, flow: { id: "1234567890", action: data_exchange, navigateScreen: START } }')), [
    "button-flow@7:82 `navigateScreen` goes with `flow.action: navigate` only, and this button's flow.action is data_exchange: remove navigateScreen (a data_exchange flow gets its first screen from your endpoint), or change flow.action to navigate.",
  ]);
});

test.run();
