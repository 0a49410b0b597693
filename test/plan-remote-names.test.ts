// A placeholder inserted before another: the plan (text, JSON, Markdown) named the channel's numbered
// copy with the file's new names by position, a "before" that never existed ("go to gate {{airport}}",
// the airport's sample "B32": trial-o F10). The channel's side takes a file's name only where it
// certainly stands there (the sample, or the text around it), else keeps its own number.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { namesOfRemoteText } from '../src/model/remote-names.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const OLD = `channel: shop-whatsapp\nname: gate_changed\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Gate change for flight {{flight}}: please go to gate {{gate}} for boarding."\n  examples: { flight: "VY1002", gate: "B32" }\n`;
const NEW = `channel: shop-whatsapp\nname: gate_changed\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Gate change for flight {{flight}} at {{airport}}: please go to gate {{gate}} for boarding."\n  examples: { flight: "VY1002", airport: "MAD", gate: "B32" }\n`;

test('plan: a placeholder inserted before another shows the channel\'s text with the names it had (by sample), never the new ones by position', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  const dir = tempDir('tplsync-remote-names-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: t\nenvironments:\n  t:\n    baseUrl: ${emu.url}\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/gate_changed.en_US.yaml': OLD,
    });
    const env = { TPLSYNC_API_KEY: 'k' };
    const first = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    writeFiles(dir, { 'templates/gate_changed.en_US.yaml': NEW });
    const text = await cliIn(['plan'], { cwd: dir, env });
    assert.is(text.exitCode, 0, text.stdout + text.stderr);
    assert.match(text.stdout, 'body.text: "Gate change for flight {{flight}}: please go to gate {{gate}} for boarding." → "Gate change for flight {{flight}} at {{airport}}: please go to gate {{gate}} for boarding."');
    assert.match(text.stdout, 'body.examples.airport: (none) → "MAD"');
    assert.not.match(text.stdout, 'gate {{airport}}');
    assert.not.match(text.stdout, /airport: "B32"/);
    const json = await cliIn(['plan', '--format', 'json'], { cwd: dir, env });
    const changes = (JSON.parse(json.stdout) as { changes: { changes?: { path: string; before?: unknown; after?: unknown }[] }[] }).changes[0]!.changes!;
    assert.equal(changes.find((c) => c.path === 'body.text')?.before, 'Gate change for flight {{flight}}: please go to gate {{gate}} for boarding.');
    const airport = changes.find((c) => c.path === 'body.examples.airport');
    assert.is(airport?.after, 'MAD');
    assert.is(airport?.before, undefined);
    assert.not.ok(changes.some((c) => c.path === 'body.examples.gate'), JSON.stringify(changes));
    const md = await cliIn(['plan', '--format', 'markdown'], { cwd: dir, env });
    assert.not.match(md.stdout, 'gate {{airport}}');
    assert.match(md.stdout, 'please go to gate {{gate}} for boarding.');
  } finally { cleanup(dir); await emu.close(); }
});

test('namesOfRemoteText: by sample, by the text around, else its own number', () => {
  const file = { text: 'Gate change for flight {{1}} at {{2}}: please go to gate {{3}} for boarding.', examples: ['VY1002', 'MAD', 'B32'] };
  const names = ['flight', 'airport', 'gate'];
  // the samples tell
  assert.equal(namesOfRemoteText({ text: 'Gate change for flight {{1}}: please go to gate {{2}} for boarding.', examples: ['VY1002', 'B32'] }, file, names), ['flight', 'gate']);
  // samples that tell nothing (the same on both): the text before each is the file's text before one name
  assert.equal(namesOfRemoteText({ text: 'Gate change for flight {{1}}: please go to gate {{2}} for boarding.', examples: ['x', 'x'] }, file, names), ['flight', 'gate']);
  // the text after it, where the text before it changed
  assert.equal(namesOfRemoteText({ text: 'Your gate is now {{1}} for boarding.', examples: ['x'] }, file, names), ['gate']);
  // nothing tells: numbered
  assert.equal(namesOfRemoteText({ text: 'Flight {{1}}, gate {{2}}.', examples: ['A', 'B'] }, file, names), ['', '']);
  // the same text: every name where the file has it
  assert.equal(namesOfRemoteText({ text: file.text, examples: ['a', 'b', 'c'] }, file, names), names);
});

test.run();
