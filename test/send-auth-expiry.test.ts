// An authentication template whose body has a text of its own (the form `pull --from meta` writes
// from Meta's listing) and `footer: { code_expiration_minutes }`: WhatsApp writes the expiry line
// under that text as under its preset text, so send sends it, the preview draws it, and in a
// language whose wording tplsync does not know the caller gives the whole text (or nothing is sent).
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readTemplateValue } from '../src/files/value.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateMeta } from '../src/model/meta.ts';
import { whatsapp } from '../src/preview/html.ts';
import { checkParams, renderTemplate } from '../src/send/render.ts';
import { withPresetText } from '../src/send/send.ts';
import { NotSendable } from '../src/send/gate.ts';
import { generateTypes } from '../src/typegen/generate.ts';
import { CHANNEL_A } from './helpers.ts';

const PULLED = (language: string, text: string) => `channel: wa\nname: otp_plain\nlanguage: ${language}\ncategory: AUTHENTICATION\nbody:\n  text: "${text}"\n  examples:\n    "1": "123456"\nfooter:\n  code_expiration_minutes: 10\nbuttons:\n  - type: OTP\n    text: Copy code\n    otp_type: COPY_CODE\n`;
const EN = PULLED('en_US', '*{{1}}* is your verification code. For your security, do not share this code.');
const PT = PULLED('pt_PT', '*{{1}}* é o seu código de verificação. Por motivos de segurança, não partilhe este código.');
const file = (yaml: string) => fromFile(readTemplateValue(yaml), CHANNEL_A, 'x');

test('send: the English expiry line goes out under a text of the template\'s own, as under the preset text', () => {
  const meta = templateMeta(file(EN), 'wa');
  assert.is(meta.footer, 'This code expires in 10 minutes.');
  const own = withPresetText(meta, undefined);
  assert.equal(renderTemplate(own, checkParams(own, { 1: '123456' })).text,
    '*123456* is your verification code. For your security, do not share this code.\n\nThis code expires in 10 minutes.');
});

test('send: in another language the expiry line is WhatsApp\'s wording, which the caller gives with the whole text (--preset-text), or nothing is sent', () => {
  const meta = templateMeta(file(PT), 'wa');
  assert.is(meta.footer, undefined, 'no English line under a Portuguese text');
  assert.equal(meta.presetParts, { expiryMinutes: 10 });
  assert.throws(() => withPresetText(meta, undefined), (e: unknown) => e instanceof NotSendable && e.reason === 'preset-text'
    && /writes the expiry line \(10 minutes\) in pt_PT/.test(e.message) && /--preset-text/.test(e.message) && /Nothing was sent/.test(e.message));
  assert.throws(() => withPresetText(meta, '*{{code}}* é o seu código de verificação.'), /carries WhatsApp's expiry line \(10 minutes\)/);
  const whole = '*{{code}}* é o seu código de verificação. Por motivos de segurança, não partilhe este código.\n\nEste código expira em 10 minutos.';
  const own = withPresetText(meta, whole);
  assert.equal(renderTemplate(own, checkParams(own, { 1: '123456' })).text, whole.replace('{{code}}', '123456'));
  // the generated module's call compiles only with presetText
  assert.match(generateTypes([meta], { source: 'x' }), /SendTemplateOptions<TemplateParams\["wa\/otp_plain\/pt_PT"\]> & \{ presetText: string \}/);
});

test('send: the expiry line is the text\'s last line, with the minutes as a number of its own (trial-ac F9: 15, 50 or a branch 35 passed for 5)', () => {
  const meta = templateMeta(file(PT.replace('code_expiration_minutes: 10', 'code_expiration_minutes: 5')), 'wa');
  assert.equal(meta.presetParts, { expiryMinutes: 5 });
  const code = '*{{code}}* é o seu código de verificação. Por motivos de segurança, não partilhe este código.';
  for (const [last, why] of [
    ['Este código expira em 15 minutos.', "the text has no 5 as a number of its own ('15' is another number)"],
    ['Este código expira em 50 minutos.', "the text has no 5 as a number of its own ('50' is another number)"],
    ['Ajuda: loja 35.', "the text has no 5 as a number of its own ('35' is another number)"],
    ['Este código expira em 5,5 minutos.', "('5,5' is another number)"],
    ['Este código expira em 5 minutos.\nAjuda: loja 12.', 'its last line ("Ajuda: loja 12."), where WhatsApp writes the expiry line under the text, has no 5'],
  ] as const) {
    assert.throws(() => withPresetText(meta, `${code}\n\n${last}`), (e: unknown) => e instanceof Error && e.message.includes(why) && /carries WhatsApp's expiry line \(5 minutes\)/.test(e.message), last);
  }
  // the line as WhatsApp words it, in digits of any script, the number beside letters of a script that writes no space
  for (const last of ['Este código expira em 5 minutos.', 'Válido: 5 min', 'この認証コードの有効期限は5分です。', 'यह कोड ५ मिनट में समाप्त होगा।']) {
    assert.not.throws(() => withPresetText(meta, `${code}\n\n${last}`), last);
  }
});

test('preview: the expiry line is drawn under a text of the template\'s own (in English, said so in another language)', () => {
  assert.match(whatsapp(file(EN)), /data-testid="footer" data-path="footer"><div class="line" dir="auto">This code expires in 10 minutes\.</);
  const pt = whatsapp(file(PT));
  assert.match(pt, /data-testid="footer" data-path="footer" lang="en" dir="ltr"><div class="line" dir="auto">This code expires in 10 minutes\.</);
  assert.match(pt, /WhatsApp writes the expiry line in the template's language \(pt_PT\); shown here in English/);
});

test.run();
