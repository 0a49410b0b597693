// The order plan and review list templates in: by channel, then name, then language, each compared
// on its own (trial-ap F6: the joined keys compared whole put `login_code_onetap/en_US` before
// `login_code/en_US`, '_' sorting before '/').
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import './seed.ts';
import fc from 'fast-check';
import { compareTemplates, templateKey } from '../src/model/ids.ts';

const t = (channel: string, name: string, language: string) => ({ channel, name, language });

test('a name before the longer names it begins; then the language; the channel first', () => {
  const list = [t('wa', 'login_code_onetap', 'en_US'), t('wa', 'login_code', 'en_US'), t('rcs', 'zeta', 'de'), t('wa', 'login_code', 'de'), t('wa', 'login', 'pt_BR')];
  assert.equal([...list].sort(compareTemplates).map(templateKey), ['rcs/zeta/de', 'wa/login/pt_BR', 'wa/login_code/de', 'wa/login_code/en_US', 'wa/login_code_onetap/en_US']);
});

test('property: a name comes before every longer name it begins, whatever the languages and the rest of the name', () => {
  const lang = fc.constantFrom('en', 'en_US', 'de', 'pt_BR', 'zh_CN');
  fc.assert(fc.property(fc.stringMatching(/^[a-z0-9_]{0,6}$/), fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/), fc.stringMatching(/^[_a-z0-9]{1,6}$/), lang, lang, (channel, name, rest, l1, l2) => {
    assert.ok(compareTemplates(t(channel, name, l1), t(channel, name + rest, l2)) < 0);
    assert.ok(compareTemplates(t(channel, name + rest, l2), t(channel, name, l1)) > 0);
  }));
});

test.run();
