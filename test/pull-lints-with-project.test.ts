// pull lints what it wrote beside the project's files (the config's globs), as `tplsync lint`
// would: a pulled variant that differs from the project's variants is a variant-mismatch error
// (exit 1), a language the project has is not said to be missing, and a project file's own
// findings that have nothing to do with the pull are not pull's (issue 25, a new user's trial).
// A second file written with --force stays what pull says it is ("also lives in"), as before.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig, selectEnvironment } from '../src/config/load.ts';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { pullFromExport } from '../src/pull/from-export.ts';
import { writtenFindings } from '../src/pull/lint-written.ts';
import { CHANNEL_A, cleanup, cliIn, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const CONFIG = (url = 'http://127.0.0.1:9') => `templates: ["templates/**/*.yaml"]\nchannels:\n  wa: { kind: whatsapp, languages: [en_US, ar] }\nenvironments:\n  t:\n    baseUrl: ${url}\n    channels: { wa: ${CHANNEL_A} }\n`;
const variant = (language: string, text: string, examples: string) => `channel: wa\nname: order_shipped\nlanguage: ${language}\ncategory: UTILITY\nbody:\n  text: "${text}"\n  examples: { ${examples} }\n`;
const EN = variant('en_US', 'Hi {{first_name}}, order {{order_id}} has shipped.', 'first_name: Ana, order_id: A-1');
const AR_TEXT = (a: string, b: string) => `مرحبا ${a}، تم شحن طلبك ${b} اليوم وسيصل إليك خلال ثلاثة أيام عمل. شكرا لتسوقك معنا.`;
const AR = variant('ar', AR_TEXT('{{first_name}}', '{{order_id}}'), 'first_name: Ana, order_id: A-1');
/** a project file with a finding of its own (no category), unrelated to what is pulled */
const OTHER = 'channel: wa\nname: unrelated\nlanguage: en_US\nbody:\n  text: "Hello."\n';

const rules = (ds: readonly Diagnostic[]) => ds.map((d) => `${d.file} ${d.ruleId} ${d.severity}`);

test('pull --from twilio: the written ar variant is linted with the project\'s en_US variant (variant-mismatch, no false coverage warning)', async () => {
  const dir = tempDir('tplsync-pull-project-');
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': CONFIG(), 'templates/wa/order_shipped.en_US.yaml': EN, 'templates/wa/unrelated.en_US.yaml': OTHER,
      // a Twilio resource of the same template in Arabic, numbered as Twilio numbers it
      'export.json': JSON.stringify({ friendly_name: 'order_shipped', language: 'ar', variables: { 1: 'Ana', 2: 'A-1' }, types: { 'twilio/text': { body: AR_TEXT('{{1}}', '{{2}}') } } }),
    });
    const config = await loadConfig({ cwd: dir });
    const out = path.join(dir, 'templates', 'pulled');
    const { outcomes, diagnostics } = await pullFromExport(config, selectEnvironment(config), {
      format: 'twilio', files: ['export.json'], channel: 'wa', channelId: CHANNEL_A, dir: out, force: false, cwd: dir, note: 'test', category: 'UTILITY',
    }, () => {});
    assert.equal(outcomes.map((o) => o.kind), ['written']);
    assert.equal(rules(diagnostics), ['templates/pulled/order_shipped.ar.yaml variant-mismatch error']);
    assert.match(diagnostics[0]!.message, /\{\{1\}\}, \{\{2\}\}.*\{\{first_name\}\}, \{\{order_id\}\}/);
    // what `tplsync lint` of the project says of the written file, pull said
    const lint = await lintInProcess(dir);
    assert.is(lint.exitCode, 1);
    const all = lint.diagnostics.filter((d) => d.file.endsWith('order_shipped.ar.yaml')).map((d) => d.ruleId);
    assert.equal(all, ['variant-mismatch']);
  } finally { cleanup(dir); }
});

test('a project file\'s cross-file finding that involves a written file is reported; its other findings are not', () => {
  const facts = (name: string, language: string) => ({ channel: { value: 'wa' }, name, language });
  const files = [
    { file: 'templates/order_shipped.en_US.yaml', abs: '/p/templates/order_shipped.en_US.yaml', facts: facts('order_shipped', 'en_US') },
    { file: 'templates/unrelated.en_US.yaml', abs: '/p/templates/unrelated.en_US.yaml', facts: facts('unrelated', 'en_US') },
    { file: 'pulled/order_shipped.ar.yaml', abs: '/p/pulled/order_shipped.ar.yaml', facts: facts('order_shipped', 'ar') },
    { file: 'pulled/order_shipped.es.yaml', abs: '/p/pulled/order_shipped.es.yaml', facts: facts('order_shipped', 'es') },
  ];
  const d = (file: string, ruleId: string): Diagnostic => ({ file, line: 1, column: 1, endLine: 1, endColumn: 2, ruleId, severity: 'error', message: ruleId });
  const all = [
    // the numbered variants are the majority: the project's en_US variant is the one reported
    d('templates/order_shipped.en_US.yaml', 'variant-mismatch'),
    d('templates/order_shipped.en_US.yaml', 'body-text-length'),
    d('templates/unrelated.en_US.yaml', 'variant-mismatch'),
    d('templates/unrelated.en_US.yaml', 'required-fields'),
    d('pulled/order_shipped.ar.yaml', 'required-fields'),
  ];
  const kept = writtenFindings(all, files, new Set(['/p/pulled/order_shipped.ar.yaml', '/p/pulled/order_shipped.es.yaml']));
  assert.equal(kept.map((x) => `${x.file} ${x.ruleId}`), ['templates/order_shipped.en_US.yaml variant-mismatch', 'pulled/order_shipped.ar.yaml required-fields']);
  // a second file written with --force: pull says where the first lives; the duplicate is lint's to report
  const dup = [...all, d('templates/order_shipped.en_US.yaml', 'duplicate-template')];
  assert.ok(writtenFindings(dup, files, new Set(['/p/pulled/order_shipped.ar.yaml'])).some((x) => x.ruleId === 'duplicate-template'));
  assert.not.ok(writtenFindings(dup, files, new Set(['/p/pulled/order_shipped.ar.yaml']), true).some((x) => x.ruleId === 'duplicate-template'));
});

test('pull --channel --id: the ar variant written with the channel\'s numbers beside the en_US file with names exits 1 (CLI: the exit code)', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0 });
  const dir = tempDir('tplsync-pull-project-');
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG(emu.url), 'templates/wa/order_shipped.en_US.yaml': EN, 'templates/wa/order_shipped.ar.yaml': AR });
    const env = { TPLSYNC_API_KEY: 'k' };
    const applied = await cliIn(['apply', '--auto-approve'], { cwd: dir, env });
    assert.is(applied.exitCode, 0, applied.stderr);
    // the ar file is lost; pulled back where nothing is replaced, its placeholders are the channel's numbers
    rmSync(path.join(dir, 'templates', 'wa', 'order_shipped.ar.yaml'));
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_shipped', 'ar'), '--dir', 'templates/pulled'], { cwd: dir, env });
    assert.match(readFileSync(path.join(dir, 'templates', 'pulled', 'order_shipped.ar.yaml'), 'utf8'), /\{\{1\}\}/);
    assert.is(r.exitCode, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /variant-mismatch/);
    assert.not.match(r.stderr, /has no en_US variant/);
  } finally { cleanup(dir); await emu.close(); }
});

test.run();
