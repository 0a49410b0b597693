// pull prints the channel's template names as escapes, never as raw control characters: a name
// of `evil\x1b]0;OWNED\x07\x1b[2J` (a hostile or broken server's) set the terminal's title and
// cleared the screen on `pull --id` and `pull --all`. A proxy in front of the emulator rewrites
// the name in each read of the template.
import { randomUUID } from 'node:crypto';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${randomUUID().replace(/-/g, '')}`;
const EVIL = 'evil\u001b]0;OWNED\u0007\u001b[2Jname';

test('pull --id: a name with terminal escapes is printed escaped', async () => {
  const emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 });
  const target = new URL(emu.url);
  const proxy: Server = createServer((req, res) => {
    const fwd = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      let body = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => { body += c; });
      r.on('end', () => {
        const out = req.method === 'GET' ? body.replaceAll('"order_ready"', JSON.stringify(EVIL)) : body;
        const headers = { ...r.headers }; delete headers['content-length'];
        res.writeHead(r.statusCode!, headers); res.end(out);
      });
    });
    req.pipe(fwd);
  });
  await new Promise<void>((ok) => proxy.listen(0, '127.0.0.1', ok));
  const dir = tempDir('tplsync-pull-esc-');
  try {
    const config = (url: string) => `templates: ["templates/**/*.yaml"]\nenvironments:\n  t:\n    baseUrl: ${url}\n    channels: { wa: ${CHANNEL_A} }\n`;
    writeFiles(dir, {
      'tplsync.config.yaml': config(emu.url),
      'staged/order.yaml': 'channel: wa\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{1}}, your order is ready for pickup."\n  examples: { 1: Ana }\n',
    });
    const env = { TPLSYNC_API_KEY: KEY };
    assert.is((await cliIn(['apply', 'staged/order.yaml', '--auto-approve'], { cwd: dir, env })).exitCode, 0);
    writeFiles(dir, { 'tplsync.config.yaml': config(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`) });
    const r = await cliIn(['pull', '--channel', 'wa', '--id', templateId(CHANNEL_A, 'order_ready', 'en_US'), '--dir', 'templates'], { cwd: dir, env });
    const all = r.stdout + r.stderr;
    assert.not.ok(/[\u001b\u0007]/.test(all), JSON.stringify(all));
    assert.match(all, 'evil\\u001b]0;OWNED\\u0007\\u001b[2Jname');
  } finally { cleanup(dir); proxy.close(); await emu.close(); }
});

test.run();
