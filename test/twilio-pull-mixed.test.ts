// `pull --from twilio` of a resource whose texts name some variables and number others (Twilio
// allows both; export --to twilio writes such resources) writes a file lint takes: the numbered
// ones in the texts are named (`{{1}}` is `{{v_1}}`, with its sample), as pull renames a variable a
// file cannot hold, and that is said (trial z, F7). A URL keeps its own {{1}}.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { namedTextVariables, twilioToFile } from '../src/formats/twilio.ts';
import { CHANNEL_A, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const CONFIG = `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: ${CHANNEL_A} }\nchannels:\n  wa: { kind: whatsapp }\n`;

test('pull --from twilio: a numbered header beside a named body is written named, said, and the file lints clean', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'tw.json': JSON.stringify([{ content: { friendly_name: 'mixed', language: 'en', variables: { 1: 'Berlin', name: 'Ana', 2: 'A-1' },
      types: { 'whatsapp/card': { header_text: 'News from {{1}}', body: 'Hi {{name}}, our new store opens this Saturday with special prices for you.',
        actions: [{ type: 'URL', title: 'Open', url: 'https://shop.example.com/o/{{2}}' }] } } }, approval: { name: 'mixed_vars', category: 'MARKETING' } }]) });
    const r = await cliIn(['pull', '--from', 'twilio', '--channel', 'wa', 'tw.json'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    const text = readFileSync(path.join(dir, 'templates/mixed_vars.en.yaml'), 'utf8');
    assert.match(text, /text: News from \{\{v_1\}\}\n  examples:\n    v_1: Berlin/);
    assert.match(text, /url: https:\/\/shop\.example\.com\/o\/\{\{1\}\}/);
    assert.match(r.stderr, /types\.whatsapp\/card: Twilio's \{\{1\}\} is \{\{v_1\}\} in the file, with its sample: the resource's texts name some variables and number others/);
    assert.equal((await lintInProcess(dir)).diagnostics.filter((d) => d.severity === 'error'), []);
  } finally { cleanup(dir); }
});

test('namedTextVariables: by kind across the texts (header, body, a card\'s body), one text mixing alike; a name taken gets _2; URLs untouched', () => {
  const one = namedTextVariables({ body: 'Hi {{first}}, order {{1}} is {{2}}.' }, { first: 'Ana', 1: 'A-1', 2: 'late', v_2: 'x' });
  assert.equal(one.type, { body: 'Hi {{first}}, order {{v_1}} is {{v_2_2}}.' });
  assert.equal(one.renames, [['1', 'v_1'], ['2', 'v_2_2']]);
  assert.is(one.vars.v_1, 'A-1');
  assert.is(one.vars.v_2_2, 'late');
  const card = namedTextVariables({ body: 'Hi {{name}}.', cards: [{ body: 'Now {{1}}', media: 'https://cdn.example.com/{{2}}' }] }, { name: 'Ana', 1: '€9', 2: 'a.png' });
  assert.equal(card.type.cards, [{ body: 'Now {{v_1}}', media: 'https://cdn.example.com/{{2}}' }]);
  assert.equal(card.vars, { name: 'Ana', 1: '€9', 2: 'a.png', v_1: '€9' });
  // one kind: untouched
  const numbered = { header_text: 'From {{1}}', body: 'Hi {{2}}.', actions: [{ type: 'URL', url: 'https://o.example/{{name}}' }] };
  assert.equal(namedTextVariables(numbered, { 1: 'a', 2: 'b', name: 'c' }).renames, []);
  // and a body mixing the two itself is written, not refused
  const mixed = twilioToFile({ friendly_name: 'm', language: 'en', variables: { first: 'Ana', 1: 'A-1' }, types: { 'twilio/text': { body: 'Hi {{first}}, order {{1}} shipped.' } } }, '(template)', { name: 'm', category: 'UTILITY' });
  assert.equal(mixed.issues, []);
  assert.equal(mixed.value.body, { text: 'Hi {{first}}, order {{v_1}} shipped.', examples: { first: 'Ana', v_1: 'A-1' } });
});

test.run();
