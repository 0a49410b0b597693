// droppedOnWrite (src/plan/dropped.ts): the fields of the channel's copy that a write of the template
// would not carry, on the parts tplsync knows. Pure: read responses in, paths out.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { TemplateReadResponse } from '../src/api/shapes.ts';
import { droppedOnWrite } from '../src/plan/dropped.ts';
import { makePlan, type DesiredTemplate } from '../src/plan/plan.ts';
import { fromFile } from '../src/model/canonical.ts';
import { templateId } from '../src/model/ids.ts';

const CHANNEL = '0b7c3c4e-6f0e-4a4b-9a43-0d6c1d7d2a11';
const ID = templateId(CHANNEL, 'spring_offer', 'en_US');
const read = (components: unknown[]): TemplateReadResponse => ({ name: 'spring_offer', publicId: ID, status: 2, statusText: 'APPROVED', chatapp: { name: 'spring_offer', language: 'en_US', category: 'MARKETING', status: 'APPROVED', components } } as unknown as TemplateReadResponse);
const BODY = { type: 'BODY', text: 'Hi {{1}}, spring prices start today.', example: { body_text: [['Ana']] } };

test('a copy holding only what a file can hold drops nothing, samples and empty values included', () => {
  assert.equal(droppedOnWrite(read([
    { type: 'HEADER', format: 'TEXT', text: 'Spring', example: { header_text: ['x'], header_text_named_params: [] } },
    BODY,
    { type: 'FOOTER', text: 'Reply STOP to opt out' },
    { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Shop', url: 'https://shop.example.com/{{1}}', example: ['https://shop.example.com/a'] }, { type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy', zero_tap_terms_accepted: false }] },
  ]), CHANNEL), []);
  // an authentication body and footer: the text beside the flags is WhatsApp's own
  assert.equal(droppedOnWrite(read([
    { type: 'BODY', add_security_recommendation: true, text: '{{1}} is your verification code. For your security, do not share this code.' },
    { type: 'FOOTER', code_expiration_minutes: 10, text: 'This code expires in 10 minutes.' },
    { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copy code' }] },
  ]), CHANNEL), []);
});

test('every sample template, written and read back as written, drops nothing (a write carries all its own fields)', async () => {
  const { readdirSync, readFileSync } = await import('node:fs');
  const { readTemplateValue } = await import('../src/files/value.ts');
  const { toWriteBody } = await import('../src/model/canonical.ts');
  const files = (readdirSync('templates', { recursive: true }) as string[]).filter((f) => f.endsWith('.yaml'));
  assert.ok(files.length >= 15, `${files.length} samples`);
  for (const f of files) {
    const { canonical } = fromFile(readTemplateValue(readFileSync(`templates/${f}`, 'utf8')) as never, CHANNEL, ID);
    const w = toWriteBody(canonical);
    if (!w.chatapp) continue;
    const echoed = { name: w.name, publicId: ID, status: 2, statusText: 'APPROVED', chatapp: { ...w.chatapp.chatapp, status: 'APPROVED' } } as unknown as TemplateReadResponse;
    assert.equal(droppedOnWrite(echoed, CHANNEL), [], f);
  }
});

test('fields of known parts, buttons and carousel cards that no file can hold are named with their place', () => {
  assert.equal(droppedOnWrite(read([
    { ...BODY, add_learn_more_link: true },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop' }, { type: 'REMINDER', text: 'Remind me' }, { type: 'URL', text: 'Shop', url: 'https://shop.example.com', tracking: { utm: 'spring' } }] },
  ]), CHANNEL), ['BODY.add_learn_more_link', 'BUTTONS.buttons[1].tracking']);
  assert.equal(droppedOnWrite(read([
    BODY,
    { type: 'CAROUSEL', cards: [
      { components: [{ type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://cdn.example.com/a.jpg'] } }, { type: 'BODY', text: 'Card one' }, { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More', payload: 'more-1' }] }] },
      { components: [{ type: 'HEADER', format: 'IMAGE', crop: 'square' }, { type: 'BODY', text: 'Card two' }, { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More' }] }] },
    ] },
  ]), CHANNEL), ['CAROUSEL.cards[0].BUTTONS.buttons[0].payload', 'CAROUSEL.cards[1].HEADER.crop']);
  // a flow button in the Cloud API's form by id (the partner API's is flow: { id })
  assert.equal(droppedOnWrite(read([BODY, { type: 'BUTTONS', buttons: [{ type: 'FLOW', text: 'Book', flow: { id: '1234567890', action: 'NAVIGATE' }, flow_id: '1234567890' }] }]), CHANNEL), ['BUTTONS.buttons[0].flow_id']);
});

test('the plan says so on an update only (the write it reviews), not on a template that is in sync', () => {
  const file = (text: string): DesiredTemplate => {
    const { canonical, ...fileOnly } = fromFile({ channel: 'shop', name: 'spring_offer', language: 'en_US', category: 'MARKETING', body: { text, examples: { 1: 'Ana' } } }, CHANNEL, ID);
    return { file: 'templates/spring_offer.en_US.yaml', fileHash: 'h', channel: 'shop', canonical, fileOnly };
  };
  const remote = new Map([[ID, read([{ ...BODY, add_learn_more_link: true }])]]);
  const same = makePlan({ desired: [file(BODY.text)], remote, ruleIds: new Set() });
  assert.is(same.changes[0]!.action, 'noop');
  assert.not.ok(same.changes[0]!.attention?.some((a) => a.includes('add_learn_more_link')));
  const edited = makePlan({ desired: [file('Hi {{1}}, spring prices start tomorrow.')], remote, ruleIds: new Set() });
  assert.is(edited.changes[0]!.action, 'update');
  assert.ok(edited.changes[0]!.attention?.some((a) => /holds a field no template file can hold \(BODY\.add_learn_more_link\): this update writes the template as its file has it, without it/.test(a)), JSON.stringify(edited.changes[0]!.attention));
});

test.run();
