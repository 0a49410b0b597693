// presetText in the generated module, checked by the real TypeScript compiler: the call compiles
// with it exactly where the run time takes it (an authentication template whose text WhatsApp words
// in a language tplsync does not know), and where sendTemplate refuses it on every call (a
// template with text of its own, an authentication template sent in WhatsApp's English wording)
// a call that gives it does not compile (trial-ac F1: both compiled, and threw at run time).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import { CONSUMER_PRELUDE, compileConsumer } from './consumer-compile.ts';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, typesProject, writeFiles } from './helpers.ts';

const dir = typesProject('tplsync-types-preset-');
test.after(() => cleanup(dir));

/** the consumer's diagnostics as "LINE: message" */
const compile = (consumer: string): string[] => compileConsumer(dir, consumer).map((d) => `${d.file ? d.file.getLineAndCharacterOfPosition(d.start!).line + 1 : 0}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
const PRELUDE = CONSUMER_PRELUDE;
const line = (n: number) => (d: string) => d.startsWith(`${n + 3}: `);

test('presetText compiles only where the run time takes it', async () => {
  writeFiles(dir, {
    'templates/whatsapp/login_code.de.yaml': 'channel: shop-whatsapp\nname: login_code\nlanguage: de\ncategory: AUTHENTICATION\nbody: { add_security_recommendation: true }\nfooter: { code_expiration_minutes: 5 }\nbuttons:\n  - { type: OTP, otp_type: COPY_CODE, text: Code kopieren }\n',
  });
  const r = await cliIn(['types'], { cwd: dir });
  assert.is(r.exitCode, 0, r.stderr);
  const d = compile(`${PRELUDE}void sendTemplate(client, 'shop-whatsapp/login_code/de', { to: '+49', params: { code: '1' }, presetText: '*{{code}}* ist dein Code.' });
void sendTemplate(client, 'shop-whatsapp/login_code/en_US', { to: '+49', params: { '1': '1' } });
void sendTemplate(client, 'shop-whatsapp/login_code/en_US', { to: '+49', params: { '1': '1' }, presetText: '*{{code}}* x' });
void sendTemplate(client, 'shop-whatsapp/order_shipped/en_US', { to: '+49', params: { customer: 'M', order_id: 'A', button_2: 'A' }, textOnly: true, presetText: '{{code}}' });
void sendTemplate(client, 'shop-whatsapp/login_code/de', { to: '+49', params: { code: '1' } });
`);
  // the right calls: lines 1 and 2
  assert.equal(d.filter((x) => line(1)(x) || line(2)(x)), []);
  // presetText where it is refused at run time: an English authentication template (WhatsApp's wording), a template with text of its own
  // (the option's type there is never: a string given is "not assignable to type 'undefined'")
  assert.match(d.filter(line(3)).join('\n'), /Type 'string' is not assignable to type 'undefined'/, d.join('\n'));
  assert.match(d.filter(line(4)).join('\n'), /Type 'string' is not assignable to type 'undefined'/, d.join('\n'));
  // and left out where it is needed (as before)
  assert.match(d.filter(line(5)).join('\n'), /presetText/, d.join('\n'));
  assert.is(d.length, 3, d.join('\n'));
});

test.run();
