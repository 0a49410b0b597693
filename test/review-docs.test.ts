// docs/commands/review.md shows `tplsync review`'s output: its example is what review prints (the
// rows, the hint, the summary line named after the environment), run here against the emulator,
// so that a grep written from the docs finds the lines the command prints.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.ts';
import { CHANNEL_A, cleanup, cliIn, ROOT, tempDir, writeFiles } from './helpers.ts';

const KEY = `k${Math.random().toString(36).slice(2)}Rd8`;
let emu: RunningEmulator;
test.before(async () => { emu = await startEmulator({ keys: [KEY], reviewDelayMs: 0 }); });
test.after(async () => { await emu.close(); });

/** the console blocks of a command's docs source that start with `$ <command>`: the command line and the output under it */
function examples(file: string): { command: string; output: string }[] {
  const text = readFileSync(path.join(ROOT, 'scripts', 'command-docs', file), 'utf8');
  return [...text.matchAll(/```console\n\$ ([^\n]*)\n([\s\S]*?)```/g)].map((m) => ({ command: m[1]!, output: m[2]! }));
}

async function control(body: unknown): Promise<void> {
  const res = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  assert.is(res.status, 200, await res.text());
}

test('review.md: the example output is what tplsync review prints, its summary line named after the environment', async () => {
  const example = examples('review.md').find((e) => e.command === 'tplsync review');
  assert.ok(example, 'review.md has an example of `tplsync review`');
  const dir = tempDir('tplsync-review-docs-');
  try {
    // the repository's sample project's environment (defaultEnvironment: local) and channel
    writeFiles(dir, {
      'tplsync.config.yaml': `templates: ["templates/**/*.yaml"]\ndefaultEnvironment: local\nenvironments:\n  local:\n    baseUrl: ${emu.url}\n    apiKeyEnv: RD_KEY\n    channels: { shop-whatsapp: ${CHANNEL_A} }\n`,
      'templates/order_ready.en_US.yaml': 'channel: shop-whatsapp\nname: order_ready\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer}}, your order is ready for pickup at the store."\n  examples: { customer: Maria }\n',
      'templates/order_shipped.en_US.yaml': 'channel: shop-whatsapp\nname: order_shipped\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Hello {{customer}}, your order {{order_id}} is on its way to you."\n  examples: { customer: Maria, order_id: A-1042 }\n',
    });
    const run = (args: string[]) => cliIn(args, { cwd: dir, env: { RD_KEY: KEY } });
    assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
    const ids = Object.fromEntries((JSON.parse((await run(['plan', '--format', 'json'])).stdout) as { changes: { name: string; publicId: string }[] }).changes.map((c) => [c.name, c.publicId]));
    await control({ channel: CHANNEL_A, template: ids.order_ready, statusText: 'REJECTED', reason: 'INVALID_FORMAT', recommendation: 'Remove the variable at the start of the text' });
    await control({ channel: CHANNEL_A, template: ids.order_shipped, quality: 'GREEN' });
    const r = await run(['review']);
    assert.is(r.exitCode, 2, r.stderr);
    // (cliIn's output ends where the last line does; the block's ends with its newline)
    assert.fixture(r.stdout.trimEnd(), example!.output.trimEnd());
    // the one line a CI log is grepped for, as the docs say it
    assert.match(readFileSync(path.join(ROOT, 'scripts', 'command-docs', 'review.md'), 'utf8'), '`All M templates in <environment> approved.`');
    await control({ channel: CHANNEL_A, template: ids.order_ready, statusText: 'APPROVED' });
    const all = await run(['review']);
    assert.is(all.exitCode, 0, all.stderr);
    assert.ok(all.stdout.trimEnd().endsWith('\nAll 2 templates in local approved.'), all.stdout);
  } finally { cleanup(dir); }
});

test.run();
