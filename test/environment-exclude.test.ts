// One template retired in one environment alone (trial-bt F5): production's copy of a template deleted on purpose stayed
// "needs attention" there for good (plan --detailed-exitcode 2, review 2, apply 5), and nothing in the config could say the
// template is not production's. `environments.<env>.exclude` names it (`<alias>/<name>` or `<alias>/<name>/<language>`):
// every command of that environment leaves it out and says so, the other environments keep it, and a key that names no
// template stops the run (exit 3).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startEmulator } from '../src/emulator/server.ts';
import { templateId } from '../src/model/ids.ts';
import { CHANNEL_A, cliIn, inProjectDir } from './helpers.ts';

const config = (url: string, exclude = '') => `templates: ["templates/**/*.yaml"]
defaultEnvironment: dev
environments:
  dev:
    emulator: .tplsync/dev.json
    channels: { shop: ${CHANNEL_A} }
  production:
    baseUrl: ${url}
    channels: { shop: ${CHANNEL_A} }
${exclude}`;
const template = (name: string, language: string, text: string) => `channel: shop\nname: ${name}\nlanguage: ${language}\ncategory: MARKETING\nbody:\n  text: "${text}"\n  examples: { 1: Ana }\n`;
const FILES = {
  'templates/order.en_US.yaml': template('order_ready', 'en_US', 'Hi {{1}}, your order is ready for pickup at the store.'),
  'templates/cart.en_US.yaml': template('cart_reminder', 'en_US', 'Hi {{1}}, your cart is waiting for you.'),
  'templates/cart.es.yaml': template('cart_reminder', 'es', 'Hola {{1}}, tu carrito te espera.'),
};
const CART_ES = templateId(CHANNEL_A, 'cart_reminder', 'es');

test('environments.<env>.exclude: a template deleted in production alone is left out there by plan, apply, review, promote, send, preview and types (said), kept in dev; a key naming nothing stops the run (trial-bt F5)', async () => {
  const emu = await startEmulator({ keys: ['k'], reviewDelayMs: 0, statusDelayMs: 0 });
  try {
    await inProjectDir({ 'tplsync.config.yaml': config(emu.url), ...FILES }, async (dir) => {
      const env = { TPLSYNC_API_KEY: 'k' };
      const run = (args: string[]) => cliIn(args, { cwd: dir, env });
      assert.is((await run(['apply', '--auto-approve'])).exitCode, 0);
      const prod = await run(['apply', '--env', 'production', '--auto-approve']);
      assert.is(prod.exitCode, 0, prod.stdout + prod.stderr);
      // production's Spanish copy deleted in the console: needs attention for good
      const deleted = await fetch(`${emu.url}/_emulator/review`, { method: 'POST', headers: { authorization: `Bearer ${emu.controlToken}`, 'content-type': 'application/json' }, body: JSON.stringify({ channel: CHANNEL_A, template: CART_ES, statusText: 'DELETED' }) });
      assert.is(deleted.status, 200, await deleted.text());
      const before = await run(['plan', '--env', 'production', '--detailed-exitcode']);
      assert.is(before.exitCode, 2, before.stdout + before.stderr);
      assert.match(before.stdout, 'environments.<env>.exclude');
      // retired in production alone
      writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(emu.url, '    exclude:\n      - shop/cart_reminder/es\n'));
      const said = "templates/cart.es.yaml: left out of environment 'production': environments.production.exclude names it ('shop/cart_reminder/es': a template retired in production alone)";
      const plan = await run(['plan', '--env', 'production', '--detailed-exitcode']);
      assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
      assert.match(plan.stderr, said);
      assert.match(plan.stdout, 'No changes. 2 templates in production match the files.');
      const apply = await run(['apply', '--env', 'production', '--auto-approve']);
      assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
      const review = await run(['review', '--env', 'production']);
      assert.is(review.exitCode, 0, review.stdout + review.stderr);
      assert.match(review.stderr, said);
      assert.not.match(review.stdout, 'cart_reminder/es');
      const promote = await run(['promote', '--from', 'dev', '--to', 'production']);
      assert.is(promote.exitCode, 0, promote.stdout + promote.stderr);
      assert.match(promote.stdout, "1 template of dev is not production's (shop/cart_reminder/es: environments.production.exclude names it)");
      const send = await run(['send', '--env', 'production', '--template', 'cart_reminder', '--language', 'es', '--to', '+4915112345678', '--param', '1=Ana']);
      assert.is(send.exitCode, 3, send.stdout + send.stderr);
      assert.match(send.stderr, "templates/cart.es.yaml: shop/cart_reminder/es is excluded from environment 'production' (environments.production.exclude: 'shop/cart_reminder/es'): nothing was sent");
      const types = await run(['types', '--env', 'production', '--out', 'gen.production.ts']);
      assert.is(types.exitCode, 0, types.stdout + types.stderr);
      assert.match(types.stderr, said);
      assert.not.match(readFileSync(path.join(dir, 'gen.production.ts'), 'utf8'), 'cart_reminder/es');
      const preview = await run(['preview', '--env', 'production', '--out', 'site']);
      assert.is(preview.exitCode, 0, preview.stdout + preview.stderr);
      assert.match(preview.stderr, said);
      assert.not.match(readFileSync(path.join(dir, 'site/index.html'), 'utf8'), 'cart_reminder/es');
      // naming only that file: refused, with the key that does it
      const named = await run(['plan', '--env', 'production', 'templates/cart.es.yaml']);
      assert.is(named.exitCode, 3, named.stdout + named.stderr);
      assert.match(named.stderr, "templates/cart.es.yaml: excluded from environment 'production' (environments.production.exclude: 'shop/cart_reminder/es'): nothing to plan or apply there");
      // dev keeps it, with nothing said
      const dev = await run(['plan', '--detailed-exitcode']);
      assert.is(dev.exitCode, 0, dev.stdout + dev.stderr);
      assert.not.match(dev.stderr, 'left out');
      // every language of the template (<alias>/<name>)
      writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(emu.url, '    exclude: [shop/cart_reminder]\n'));
      const whole = await run(['plan', '--env', 'production']);
      assert.is(whole.exitCode, 0, whole.stdout + whole.stderr);
      assert.match(whole.stderr, "templates/cart.en_US.yaml: left out of environment 'production'");
      assert.match(whole.stderr, "templates/cart.es.yaml: left out of environment 'production'");
      // a key that names no template: the template would stay in; refused, naming the nearest
      writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(emu.url, '    exclude: [shop/cart_remindr/es]\n'));
      for (const args of [['plan', '--env', 'production'], ['review', '--env', 'production'], ['types', '--env', 'production', '--out', 'gen.production.ts'], ['preview', '--env', 'production', '--out', 'site']]) {
        const typo = await run(args);
        assert.is(typo.exitCode, 3, `${args.join(' ')}: ${typo.stdout}${typo.stderr}`);
        assert.match(typo.stderr, "environments.production.exclude: 'shop/cart_remindr/es' names no template of the project (the form is <alias>/<name> or <alias>/<name>/<language>); did you mean 'shop/cart_reminder/es'?", args.join(' '));
      }
      // the schema: a key of another form is a problem of the config
      writeFileSync(path.join(dir, 'tplsync.config.yaml'), config(emu.url, '    exclude: [cart_reminder]\n'));
      const form = await run(['plan', '--env', 'production']);
      assert.is(form.exitCode, 3, form.stdout + form.stderr);
      assert.match(form.stderr, 'exclude');
    });
  } finally {
    await emu.close();
  }
});

test.run();
