// language-coverage judges a run that holds every template file of the project. A run of some of
// them (`lint one.yaml`, `plan one.yaml`, the files of a saved plan or a promotion being applied)
// cannot see the languages in the others: it said "has no ar variant" beside the ar file, and
// apply of a saved plan refused every update as stale (exit 4).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cleanup, cliIn, CONFIG, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const file = (language: string, text: string) => `channel: shop-whatsapp
name: order_shipped
language: ${language}
category: UTILITY
body:
  text: "${text}"
  examples: { customer: Maria }
`;
const EN = file('en_US', 'Hi {{customer}}, your order is on its way to you.');
const AR = file('ar', 'مرحبا {{customer}}، طلبك في الطريق إليك.');
const CONFIG_LANGS = `${CONFIG}channels:\n  shop-whatsapp:\n    kind: whatsapp\n    languages: [en_US, ar]\n`;

test('lint of one file of a complete project: no coverage finding; of the project without ar: the finding', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG_LANGS, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.ar.yaml': AR });
    assert.equal((await lintInProcess(dir, ['templates/order_shipped.en_US.yaml'])).diagnostics, []);
    assert.equal((await lintInProcess(dir, ['templates'])).diagnostics, [], 'a directory that holds every file is the whole project');
    assert.equal((await lintInProcess(dir)).diagnostics, []);
    rmSync(path.join(dir, 'templates/order_shipped.ar.yaml'));
    const whole = (await lintInProcess(dir)).diagnostics;
    assert.equal(whole.map((d) => d.ruleId), ['language-coverage']);
    assert.equal((await lintInProcess(dir, ['templates/order_shipped.en_US.yaml'])).diagnostics.map((d) => d.ruleId), ['language-coverage'], 'the one file is the whole project');
  } finally { cleanup(dir); }
});

test('a saved plan that updates a template of a channel with languages applies (it was refused as stale, exit 4)', async () => {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG_LANGS, 'templates/order_shipped.en_US.yaml': EN, 'templates/order_shipped.ar.yaml': AR });
    const first = await cliIn(['apply', '--auto-approve'], { cwd: dir });
    assert.is(first.exitCode, 0, first.stdout + first.stderr);
    writeFileSync(path.join(dir, 'templates/order_shipped.en_US.yaml'), EN.replace('on its way to you', 'on its way to you today'));
    const plan = await cliIn(['plan', '--out', 'plan.json'], { cwd: dir });
    assert.is(plan.exitCode, 0, plan.stdout + plan.stderr);
    assert.match(plan.stdout, '1 to update');
    const apply = await cliIn(['apply', 'plan.json', '--auto-approve'], { cwd: dir });
    assert.is(apply.exitCode, 0, apply.stdout + apply.stderr);
    assert.match(apply.stdout, /updated shop-whatsapp\/order_shipped\/en_US/);
  } finally { cleanup(dir); }
});

test.run();
