// Text from outside reaches the terminal with its control characters as escapes: a server's error
// message, a review's status and reason, a file's name and a template name quoted by lint, the
// names of a Meta export. None can set the window's title, clear the screen or move the cursor.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { visible } from '../src/core/visible.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, VALID, writeFiles } from './helpers.ts';

const ESC = '\u001b';
// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
/** a project on the embedded emulator, one WhatsApp channel */
const EMULATOR_CONFIG = `templates: ["templates/**/*.yaml"]\nenvironments:\n  local:\n    emulator: .tplsync/e.json\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`;
const EVIL = `bad ${ESC}]0;PWNED\u0007${ESC}[2J${ESC}[1Aend`;

test('visible: C0 (but tab and newline), DEL and C1 as \\u escapes; one line on request; text without them unchanged', () => {
  assert.is(visible(EVIL), 'bad \\u001b]0;PWNED\\u0007\\u001b[2J\\u001b[1Aend');
  assert.is(visible('a\tb\nc\u009bd\u007f'), 'a\tb\nc\\u009bd\\u007f');
  assert.is(visible('a\r\nb', { oneLine: true }), 'a\\r\\nb');
  const plain = 'Grüße, 日本語 ✓';
  assert.is(visible(plain), plain);
});

test('a server\'s error message, and a read\'s status and rejection reason, are printed with escapes', async () => {
  let mode = 'error';
  const server = createServer((req, res) => {
    if (req.url!.startsWith('/chatapp-message-status/')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(mode === 'status-error'
        ? { result: { errcode: 0 }, status: { errcode: 40001, errmsg: EVIL, next_cursor: '', send_list: [] } }
        : { result: { errcode: 0 }, status: { errcode: 0, next_cursor: `c${ESC}[2J`, send_list: [{ external_userid: `+49${ESC}]0;T\u0007`, userid: `u${ESC}[1A`, status: 2 }] } }));
      return;
    }
    res.writeHead(mode === 'error' ? 400 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(mode === 'error'
      ? { code: 400, message: EVIL, errors: [{ code: 'X' }] }
      : { publicId: req.url!.split('/').pop(), name: 'order_ready', status: 2, statusText: `WEIRD${ESC}]0;T\u0007`, rejectionReason: EVIL, chatapp: { name: 'order_ready', language: 'en_US', category: 'UTILITY', status: 'REJECTED', components: [{ type: 'BODY', text: 'Hello there.' }] } }));
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: r\nenvironments:\n  r:\n    baseUrl: http://127.0.0.1:${(server.address() as AddressInfo).port}\n    apiKeyEnv: ESC_KEY\n    retries: 0\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/t.yaml': VALID,
    });
    const r = await cliIn(['plan'], { cwd: dir, env: { ESC_KEY: 'k-escapes' } });
    assert.is(r.exitCode, 3, r.stderr);
    assert.match(r.stderr, 'bad \\u001b]0;PWNED\\u0007\\u001b[2J');
    assert.not.match(r.stderr, /\(undefined\)/, 'an error entry without a message is named by its code');
    assert.not.ok(RAW.test(r.stderr), JSON.stringify(r.stderr));
    mode = 'read';
    for (const args of [['plan'], ['review']]) {
      // the read answers REJECTED with a status and a reason that hold escape sequences
      const x = await cliIn(args, { cwd: dir, env: { ESC_KEY: 'k-escapes' } });
      assert.match(x.stdout + x.stderr, 'WEIRD\\u001b]0;T\\u0007');
      assert.not.ok(RAW.test(x.stdout + x.stderr), `${args[0]}: ${JSON.stringify(x.stdout + x.stderr)}`);
    }
    // status: the receivers, user ids and cursor of the answer; an errmsg
    for (const m of ['status', 'status-error']) {
      mode = m;
      const s = await cliIn(['status', '2b9f160d-0000-4000-8000-000000000000'], { cwd: dir, env: { ESC_KEY: 'k-escapes' } });
      assert.is(s.exitCode, m === 'status' ? 0 : 3, s.stdout + s.stderr);
      assert.match(s.stdout + s.stderr, m === 'status' ? '+49\\u001b]0;T\\u0007' : 'bad \\u001b]0;PWNED');
      assert.not.ok(RAW.test(s.stdout + s.stderr), `${m}: ${JSON.stringify(s.stdout + s.stderr)}`);
    }
  } finally { cleanup(dir); server.close(); }
});

test('lint: a file name and a template name with escape sequences are printed with escapes (colour or not)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': EMULATOR_CONFIG,
      [`templates/b${ESC}[2Jc.yaml`]: VALID.replace(/^name: .*$/m, `name: "a${ESC}]0;T\u0007"`),
    });
    for (const env of [{}, { FORCE_COLOR: '1' }]) {
      const r = await cliIn(['lint'], { cwd: dir, env });
      assert.is(r.exitCode, 1, r.stderr);
      assert.match(r.stdout, 'templates/b\\u001b[2Jc.yaml');
      assert.match(r.stdout, "'a\\u001b]0;T\\u0007'");
      // colour is the formatter's own SGR codes, nothing else
      assert.not.ok(RAW.test(r.stdout.replace(/\u001b\[[0-9;]*m/g, '')), JSON.stringify(r.stdout));
    }
    // the annotations of a workflow and the step summary, and fmt's list of files
    for (const args of [['lint', '--format', 'github'], ['lint', '--format', 'markdown'], ['fmt', '--check']]) {
      const r = await cliIn(args, { cwd: dir });
      // (markdown doubles the backslash, which renders as one)
      assert.match(r.stdout + r.stderr, /b\\{1,2}u001b\[2Jc\.yaml/, args.join(' '));
      assert.not.ok(RAW.test(r.stdout + r.stderr), `${args.join(' ')}: ${JSON.stringify(r.stdout + r.stderr)}`);
    }
  } finally { cleanup(dir); }
});

test('translations import: the names of the files it writes, with escape sequences, are printed as escapes', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': EMULATOR_CONFIG,
      [`templates/o${ESC}[2Jx.en_US.yaml`]: 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order is ready for pickup at the store today."\n',
      'de.csv': 'id,en_US,de\r\nshop-whatsapp/order_ready:body.text,"Your order is ready for pickup at the store today.","Ihre Bestellung liegt heute im Laden bereit."\r\n',
    });
    const r = await cliIn(['translations', 'import', 'de.csv'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr);
    assert.match(r.stdout, 'created templates/o\\u001b[2Jx.de.yaml');
    assert.not.ok(RAW.test(r.stdout + r.stderr), JSON.stringify(r.stdout + r.stderr));
    // export's report: a line break and a right-to-left override in the file's name stay on its one line, as escapes
    const ex = await cliIn(['translations', 'export', '--source', 'en_US', '--target', 'fr', '--format', 'po', '--out', 'tr/fr\nnew\u202eevil.po'], { cwd: dir });
    assert.is(ex.exitCode, 0, ex.stderr);
    assert.match(ex.stdout, /^tr\/fr\\nnew\\u202eevil\.po: 1 unit/m);
    assert.not.match(ex.stdout, /\u202e/);
  } finally { cleanup(dir); }
});

test('pull --from meta: a name with escape sequences is quoted with escapes', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': EMULATOR_CONFIG,
      'meta.json': JSON.stringify({ data: [{ name: `evil${ESC}]0;PWNED\u0007${ESC}[2Jname`, language: 'en_US', status: 'APPROVED', category: 'UTILITY', id: '1', components: [{ type: 'BODY', text: 'Hello there, your order is ready now.' }] }] }),
    });
    const r = await cliIn(['pull', '--from', 'meta', 'meta.json', '--channel', 'shop-whatsapp'], { cwd: dir });
    assert.is(r.exitCode, 1, r.stderr);
    assert.match(r.stderr, 'evil\\u001b]0;PWNED\\u0007\\u001b[2Jname');
    assert.not.ok(RAW.test(r.stderr), JSON.stringify(r.stderr));
  } finally { cleanup(dir); }
});

test.run();
