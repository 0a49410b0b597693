// lint --fix and a sample left under a placeholder's old key (trial-r F6: `{{order_id}}` replaced
// by `{{2}}`, the sample `order_id: A-1006` left): the repair added `2: TODO` beside the stale
// sample and said "(1 repairable finding left)", and the next lint --fix said "no repair was
// certain". Now the sample's key is renamed when the move is clear (one placeholder without a
// sample, one sample without a placeholder), nothing is added when it is not, and the count of
// what is left counts only what a run would repair.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cliIn, inProjectDir } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { wa: ${CHANNEL_A} }\nchannels: { wa: { kind: whatsapp } }\n`;
/** a repair is made once: a second lint --fix leaves `file` as the first left it, and says it fixed nothing */
async function fixedOnce(dir: string, file: string, text: string): Promise<void> {
  const again = await cliIn(['lint', '--fix'], { cwd: dir });
  assert.is(readFileSync(path.join(dir, file), 'utf8'), text);
  assert.match(again.stderr, '0 findings fixed');
}

const COPY6 = `channel: wa
name: wa_copy_6
language: en_US
category: MARKETING
body:
  text: "Hi {{customer}}, your order {{2}} has shipped and arrives in three working days (ref 6)."
  examples:
    customer: Maria
    order_id: A-1006
buttons:
  - type: COPY_CODE
    example: SAVE6
`;

test('one placeholder without a sample and one sample without a placeholder: the sample\'s key renamed, no TODO, nothing said to be left', () => inProjectDir({ 'tplsync.config.yaml': CONFIG, 'templates/w/wa_copy_6.yaml': COPY6 }, async (dir) => {
  const r = await cliIn(['lint', '--fix'], { cwd: dir });
  const text = readFileSync(path.join(dir, 'templates/w/wa_copy_6.yaml'), 'utf8');
  assert.not.match(text, 'TODO');
  assert.match(text, /\n {4}2: A-1006\n/);
  assert.not.match(text, 'order_id');
  assert.match(r.stderr, 'fixed templates/w/wa_copy_6.yaml: placeholder-sample');
  assert.not.match(r.stderr, 'repairable finding');
  // what is left (the mix of a named and a numbered placeholder) is no repair's: a second run changes nothing
  await fixedOnce(dir, 'templates/w/wa_copy_6.yaml', text);
}));

test('which sample is whose is not certain (two stale samples): no TODO added; a repair of another rule made, and no repairable finding said to be left', () => inProjectDir({
  'tplsync.config.yaml': CONFIG,
  'templates/w/two.yaml': COPY6.replace('{{customer}}', '{{ 1 }}').replace('    customer: Maria\n', '    customer: Maria\n    city: Porto\n'),
}, async (dir) => {
  const r = await cliIn(['lint', '--fix'], { cwd: dir });
  const text = readFileSync(path.join(dir, 'templates/w/two.yaml'), 'utf8');
  // the spaces in {{ 1 }} removed (placeholder-syntax); no stub beside the three stale samples
  assert.match(text, '"Hi {{1}}, your order {{2}}');
  assert.not.match(text, 'TODO');
  assert.match(r.stderr, 'fixed templates/w/two.yaml: placeholder-syntax 1');
  assert.not.match(r.stderr, 'repairable finding');
  await fixedOnce(dir, 'templates/w/two.yaml', text);
}));

test.run();
