// The file-name rule and the file names teams write (verify-10 NEW-1): a project that names its
// files in kebab case (order-shipped.en_US.yaml holding `name: order_shipped`) was warned on every
// such file and told to write `name: order-shipped`, which name-format refuses. A file name's part is
// read as the template name it writes (kebab, camel, Pascal case, capitals); the advice never names
// a value another rule refuses.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, CONFIG, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const tpl = (name: string, language: string, text = 'Hello {{1}}, your order is on its way.') =>
  `channel: shop-whatsapp\nname: ${name}\nlanguage: ${language}\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;

async function findings(files: Record<string, string>, rule = 'file-name'): Promise<string[]> {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
    const { diagnostics } = await lintInProcess(dir);
    return diagnostics.filter((d) => d.ruleId === rule).map((d) => `${d.file.replace(/^.*templates\//, '')}:${d.line} ${d.message}`);
  } finally { cleanup(dir); }
}

test('NEW-1: kebab-case file names beside snake-case ones (the report\'s project) are no finding', async () => {
  assert.equal(await findings({
    'templates/bill.en_US.yaml': tpl('bill', 'en_US'), 'templates/bill.es.yaml': tpl('bill', 'es'),
    'templates/welcome_back.en_US.yaml': tpl('welcome_back', 'en_US'),
    'templates/order-shipped.en_US.yaml': tpl('order_shipped', 'en_US'), 'templates/order-shipped.es.yaml': tpl('order_shipped', 'es'),
  }), []);
});

test('NEW-1: camel case, Pascal case and capitals are read as the names they write', async () => {
  assert.equal(await findings({
    'templates/orderShipped.en_US.yaml': tpl('order_shipped', 'en_US'), 'templates/OrderPaid.en_US.yaml': tpl('order_paid', 'en_US'),
    'templates/STORE_CLOSED.en_US.yaml': tpl('store_closed', 'en_US'), 'templates/bill.de.yaml': tpl('bill', 'de'),
    'templates/bill.en_US.yaml': tpl('bill', 'en_US'), 'templates/welcome.en_US.yaml': tpl('welcome', 'en_US'), 'templates/welcome.de.yaml': tpl('welcome', 'de'),
    'templates/order.en_US.yaml': tpl('order', 'en_US'), 'templates/order.de.yaml': tpl('order', 'de'), 'templates/order.es.yaml': tpl('order', 'es'),
    // a name part no way of writing reads as a template name is not a template's name: not judged
    'templates/Order Summary.en_US.yaml': tpl('order_summary', 'en_US'), 'templates/promo+2.en_US.yaml': tpl('promo_two', 'en_US'),
  }), []);
});

test('NEW-1: a kebab-case file renamed to rename its template is still warned, advised a valid name and a file name in the project\'s way', async () => {
  const got = await findings({
    'templates/order-shipped.en_US.yaml': tpl('order_shipped', 'en_US'), 'templates/order-paid.en_US.yaml': tpl('order_paid', 'en_US'),
    'templates/order-overdue.en_US.yaml': tpl('order_late', 'en_US'),
  });
  assert.is(got.length, 1, got.join('\n'));
  assert.match(got[0]!, /^order-overdue\.en_US\.yaml:2 .*Change `name:` to order_overdue .*rename the file back to order-late\.en_US\.yaml\./);
  assert.not.match(got[0]!, /name:` to order-overdue/);
});

test('NEW-1: the advice never names a value name-format refuses; a copy in kebab case names the language', async () => {
  // every way of writing the file's name part reads it as no valid name: the file is renamed, not the key
  const got = await findings({
    'templates/order-shipped.en_US.yaml': tpl('order_shipped', 'en_US'), 'templates/order-paid.en_US.yaml': tpl('order_paid', 'en_US'),
    'templates/order-late.de.yaml': tpl('order_late', 'en_US'),
  });
  assert.is(got.length, 1, got.join('\n'));
  assert.match(got[0]!, /^order-late\.de\.yaml:3 .*Change `language:` to de, or rename the file to order-late\.en_US\.yaml\./);
  for (const m of got) assert.not.match(m, /`name:` to [^ ]*-/);
  // duplicate-template's advice reads the file name the same way
  const dup = await findings({
    'templates/order-shipped.en_US.yaml': tpl('order_shipped', 'en_US'), 'templates/order-paid.en_US.yaml': tpl('order_shipped', 'en_US'),
  }, 'duplicate-template');
  assert.ok(dup.some((m) => /order-paid\.en_US\.yaml:2 .*This file's name says order_paid .*change `name:` to order_paid/.test(m)), dup.join('\n'));
  assert.not.ok(dup.some((m) => /order-paid if/.test(m)), dup.join('\n'));
});


// verify-11 NEW-A: camel-case file names holding an acronym (smsOTP.en_US.yaml for `name: sms_otp`) were warned and
// advised `name: sms_o_t_p`: a capital was read as a word of its own. A run of capitals is one word, and a camel or
// Pascal file name with the name's letters in their order writes that name, however it breaks the acronym.
test('NEW-A: camel and Pascal file names with an acronym are the names they write; no finding', async () => {
  assert.equal(await findings({
    'templates/smsOTP.en_US.yaml': tpl('sms_otp', 'en_US'), 'templates/smsOTP.es.yaml': tpl('sms_otp', 'es'),
    'templates/resetPasswordURL.en_US.yaml': tpl('reset_password_url', 'en_US'), 'templates/iOSUpdate.en_US.yaml': tpl('ios_update', 'en_US'),
    'templates/XMLExportReady.en_US.yaml': tpl('xml_export_ready', 'en_US'), 'templates/payment2FA.en_US.yaml': tpl('payment_2fa', 'en_US'),
    'templates/orderShipped.en_US.yaml': tpl('order_shipped', 'en_US'), 'templates/promoV2.en_US.yaml': tpl('promo_v2', 'en_US'),
    // most files agree with their keys without an acronym, so the rule judges the project
    ...Object.fromEntries(['bill', 'welcome', 'order', 'refund', 'receipt', 'reminder', 'survey'].flatMap((n) =>
      ['en_US', 'es'].map((l) => [`templates/${n}.${l}.yaml`, tpl(n, l)]))),
  }), []);
});

test('NEW-A: a camel file name with an acronym renamed to rename its template is advised the name with the acronym as one word', async () => {
  const got = await findings({
    'templates/smsOTP.en_US.yaml': tpl('sms_otp', 'en_US'), 'templates/orderShipped.en_US.yaml': tpl('order_shipped', 'en_US'),
    'templates/smsOTP.es.yaml': tpl('sms_otp', 'es'),
    'templates/resetPasswordURL.en_US.yaml': tpl('reset_password', 'en_US'), 'templates/iOSUpdate.en_US.yaml': tpl('android_update', 'en_US'),
  });
  assert.is(got.length, 2, got.join('\n'));
  assert.match(got.join('\n'), /^resetPasswordURL\.en_US\.yaml:2 .*Change `name:` to reset_password_url .*rename the file back to resetPassword\.en_US\.yaml\./m);
  assert.match(got.join('\n'), /^iOSUpdate\.en_US\.yaml:2 .*Change `name:` to i_os_update /m);
  for (const m of got) assert.not.match(m, /_[a-z]_[a-z]_|_u_r_l|_o_t_p/);
});

test('NEW-A: duplicate-template\'s advice reads an acronym the same way: a copy named iOSUpdate for ios_update is told no other name', async () => {
  const dup = await findings({
    'templates/iOSUpdate.en_US.yaml': tpl('ios_update', 'en_US'), 'templates/iosUpdate.en_US.yaml': tpl('ios_update', 'en_US'),
  }, 'duplicate-template');
  assert.is(dup.length, 2, dup.join('\n'));
  for (const m of dup) assert.not.match(m, /name says|i_os_update/);
});

test('NEW-A: a file name that reads as a name with the same letters as the one there is told to be renamed, never advised that name', async () => {
  const got = await findings({
    'templates/order-shipped.en_US.yaml': tpl('order_shipped', 'en_US'), 'templates/order-paid.en_US.yaml': tpl('order_paid', 'en_US'),
    'templates/order-ov-erdue.en_US.yaml': tpl('order_overdue', 'en_US'),
  });
  assert.is(got.length, 1, got.join('\n'));
  assert.match(got[0]!, /^order-ov-erdue\.en_US\.yaml:2 .*rename the file to order-overdue\.en_US\.yaml/);
  assert.not.match(got[0]!, /order_ov_erdue/);
});

test('a language written the BCP 47 way in a file name (pt-BR, fr-ca) is read as the platform\'s code: never a copy of another template, and no advice names a code language-code refuses', async () => {
  const text = (n: number) => `Olá {{1}}, sua fatura ${n} vence amanhã.`;
  const project = {
    'templates/invoice_due.pt_BR.yaml': tpl('invoice_due', 'pt_BR', text(1)), 'templates/invoice_due.es.yaml': tpl('invoice_due', 'es', text(2)),
    'templates/invoice_paid.pt_BR.yaml': tpl('invoice_paid', 'pt_BR', text(3)), 'templates/invoice_paid.es.yaml': tpl('invoice_paid', 'es', text(4)),
  };
  const all = await findings({
    ...project,
    // the code written with BCP 47's hyphen: the same language as `language:`, renamed to the platform's code
    'templates/invoice_void.pt-BR.yaml': tpl('invoice_void', 'pt_BR', text(5)),
    // a copy that kept its language, named with a hyphen and small letters: the advice writes the code fr_CA
    'templates/invoice_late.fr-ca.yaml': tpl('invoice_late', 'es', text(6)),
    // `language:` written the BCP 47 way (language-code says it): the file name is right, never advised to be pt-BR
    'templates/invoice_sent.pt_BR.yaml': tpl('invoice_sent', 'pt-BR', text(7)),
  });
  assert.equal(all, [
    'invoice_late.fr-ca.yaml:3 The file is named invoice_late.fr-ca.yaml, but `language:` is es: a copy keeps the language it was copied from. Change `language:` to fr_CA, or rename the file to invoice_late.es.yaml.',
    'invoice_void.pt-BR.yaml:3 The file is named invoice_void.pt-BR.yaml, which writes the language pt-BR; the platform\'s code, as `language:` says, is pt_BR: rename the file to invoice_void.pt_BR.yaml, the way the project\'s other files write it.',
  ]);
  // two files of one template, one of them named pt-BR: a duplicate, without advice to change `language:` to pt-BR
  const dup = await findings({ ...project, 'templates/invoice_due.pt-BR.yaml': tpl('invoice_due', 'pt_BR', text(8)) }, 'duplicate-template');
  assert.is(dup.length, 2, dup.join('\n'));
  for (const d of dup) assert.not.match(d, /pt-BR if|to pt-BR|change `language:`/, d);
});

// trial-bs F5: `language: english` in hello.en_US.yaml was told "rename the file to hello.en_US.yaml" (its own name)
// and "Change `language:` to en_US" beside language-code's "did you mean 'en'?". A `language:` that is no code is
// language-code's finding alone, with the one code it names; a name the file disagrees with is still told
test('trial-bs F5: a `language:` that is no code gets no file-name advice (never a rename to the file\'s own name); language-code names the one code', async () => {
  const project = {
    'templates/bill.en_US.yaml': tpl('bill', 'en_US'), 'templates/bill.de.yaml': tpl('bill', 'de'),
    'templates/welcome.en_US.yaml': tpl('welcome', 'en_US'),
    'templates/mis/hello.en_US.yaml': tpl('hello', 'english'),
    'templates/mis/bye.de.yaml': tpl('farewell', 'german'),
  };
  const got = await findings(project);
  for (const m of got) assert.not.match(m, /rename the file to hello\.en_US\.yaml|`language:` to en_US/, m);
  // the name bye.de.yaml disagrees with is still its finding, renamed with the file's language kept
  assert.equal(got, [
    'mis/bye.de.yaml:2 The file is named bye.de.yaml, but `name:` is farewell: the name key is the template\'s identity, so renaming the file renamed nothing. Change `name:` to bye (a new template; the old one stays on the channel until deleted) or rename the file back to farewell.de.yaml.',
  ]);
  const codes = await findings(project, 'language-code');
  assert.equal(codes.filter((m) => m.startsWith('mis/hello')), ["mis/hello.en_US.yaml:3 Language 'english' is not of the form ll or ll_CC; did you mean 'en'?"]);
  // a `language:` that is a code of another language is still a copy: the rename names that code
  const copy = await findings({ ...project, 'templates/mis/hello.en_US.yaml': tpl('hello', 'de') });
  assert.ok(copy.some((m) => m.includes('mis/hello.en_US.yaml:3') && m.includes('Change `language:` to en_US, or rename the file to hello.de.yaml.')), copy.join('\n'));
});

test.run();
