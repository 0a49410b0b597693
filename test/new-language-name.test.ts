// `tplsync new --language pt-BR` and `--name Hello-World` (trial-ao F8): BCP 47 is accepted by the
// translations commands and in file names, so new takes it too, as pt_BR, by the same normaliser,
// and says so; a name in another form is refused with the name meant, as lint suggests it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CHANNEL_A, cleanup, cliIn, emulatorConfig, tempDir, writeFiles } from './helpers.ts';

async function inProject(use: (dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir();
  try { writeFiles(dir, { 'tplsync.config.yaml': emulatorConfig({ channels: { wa: CHANNEL_A } }) }); await use(dir); } finally { cleanup(dir); }
}

test('new --language in BCP 47 (pt-BR, pt-br, de-at, ES) is taken in the template files\' form, and said so', async () => {
  await inProject(async (dir) => {
    for (const [i, [given, code]] of ([['pt-BR', 'pt_BR'], ['pt-br', 'pt_BR'], ['de-at', 'de_AT'], ['ES', 'es']] as const).entries()) {
      const name = `t_${i}`;
      const r = await cliIn(['new', '--channel', 'wa', '--name', name, '--language', given], { cwd: dir });
      assert.is(r.exitCode, 0, `${given}: ${r.stderr}`);
      assert.match(r.stderr, `--language ${given} is taken as ${code}`);
      const file = path.join(dir, 'templates', `${name}.${code}.yaml`);
      assert.ok(existsSync(file), `${given}: ${r.stdout}`);
      assert.match(readFileSync(file, 'utf8'), new RegExp(`^language: ${code}\\s`, 'm'));
    }
    // the form itself: nothing said
    const plain = await cliIn(['new', '--channel', 'wa', '--name', 'plain', '--language', 'pt_BR'], { cwd: dir });
    assert.is(plain.exitCode, 0, plain.stderr);
    assert.not.match(plain.stderr, /is taken as/);
    // a code WhatsApp does not list (de_DE): said of --language, not of --kind or --category
    const de = await cliIn(['new', '--channel', 'wa', '--name', 'de_one', '--language', 'de-DE'], { cwd: dir });
    assert.is(de.exitCode, 3);
    assert.match(de.stderr, "--language de_DE: the file would fail lint (language-unknown: WhatsApp does not list language 'de_DE'");
    assert.not.match(de.stderr, /Choose another --kind/);
  });
});

test('new --language that no normalising makes a code: refused, with a hint where there is one', async () => {
  await inProject(async (dir) => {
    const r = await cliIn(['new', '--channel', 'wa', '--name', 'x', '--language', 'Deutsch'], { cwd: dir });
    assert.is(r.exitCode, 3);
    assert.match(r.stderr, "--language 'Deutsch' is not a language code like de, en_US or pt_BR; did you mean 'de'?");
    const zh = await cliIn(['new', '--channel', 'wa', '--name', 'x', '--language', 'zh-Hant-TW'], { cwd: dir });
    assert.is(zh.exitCode, 3);
    assert.match(zh.stderr, "--language 'zh-Hant-TW' is not a language code like de, en_US or pt_BR");
    assert.not.ok(existsSync(path.join(dir, 'templates')), 'nothing written');
  });
});

test('new --name in another form: refused with the name meant (Hello-World: hello_world), as lint suggests it', async () => {
  await inProject(async (dir) => {
    for (const [given, meant] of [['Hello-World', 'hello_world'], ['order shipped', 'order_shipped'], ['Order.Shipped.V2', 'order_shipped_v2']] as const) {
      const r = await cliIn(['new', '--channel', 'wa', '--name', given], { cwd: dir });
      assert.is(r.exitCode, 3);
      assert.match(r.stderr, `--name '${given}' may use only lowercase letters, digits and underscores; did you mean '${meant}'?`);
    }
    const none = await cliIn(['new', '--channel', 'wa', '--name', '---'], { cwd: dir });
    assert.is(none.exitCode, 3);
    assert.not.match(none.stderr, /did you mean/);
    // lint says the same of a file's name
    const { lintInProcess } = await import('./helpers.ts');
    writeFiles(dir, { 'templates/hw.en_US.yaml': 'channel: wa\nname: Hello-World\nlanguage: en_US\ncategory: UTILITY\nbody:\n  text: "Your order is ready for pickup at the store."\n' });
    const l = await lintInProcess(dir);
    assert.ok(l.diagnostics.some((d) => d.message.includes("did you mean 'hello_world'?")), JSON.stringify(l.diagnostics.map((d) => d.message)));
  });
});

test('new in a language other than English says that the scaffold\'s texts are English, to write in that language (WhatsApp rejects a text not in the template\'s language); English ones say nothing', async () => {
  await inProject(async (dir) => {
    const ar = await cliIn(['new', '--channel', 'wa', '--name', 'promo', '--language', 'ar'], { cwd: dir });
    assert.is(ar.exitCode, 0, ar.stderr);
    assert.match(ar.stderr, /note: the texts of templates\/promo\.ar\.yaml are the scaffold's English: write them in ar before you apply; WhatsApp rejects a template whose text is not in its language/);
    for (const language of ['en_GB', 'en']) {
      const en = await cliIn(['new', '--channel', 'wa', '--name', `promo_${language.toLowerCase()}`, '--language', language], { cwd: dir });
      assert.is(en.exitCode, 0, en.stderr);
      assert.not.match(en.stderr, /scaffold's English/, language);
    }
    const plain = await cliIn(['new', '--channel', 'wa', '--name', 'promo_default'], { cwd: dir });
    assert.is(plain.stderr, '');
  });
});

test.run();
