// A lint finding's Markdown code spans (`reader: ...`, as the terminal prints them) are code on a
// preview page, their text escaped, never markup: an outside trial saw the backticks on the page.
// A quoted template text keeps its backticks (WhatsApp's `monospace` is the template's own). The
// terminal's report keeps the message as written. In-process.
import './seed.ts';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Diagnostic } from '../src/core/diagnostic.ts';
import { stylish } from '../src/lint/formatters/stylish.ts';
import { fromFile } from '../src/model/canonical.ts';
import { renderTemplatePage } from '../src/preview/html.ts';
import { escQuoting } from '../src/preview/markup.ts';

test('escQuoting: a code span is <code> with its text escaped; a quoted text keeps its backticks; a lone backtick stays', () => {
  assert.is(escQuoting('{{guest}} has no sample; add `guest: ...` under message.examples.'), '{{guest}} has no sample; add <code>guest: ...</code> under message.examples.');
  // markup in a code span is text, never HTML
  assert.is(escQuoting('write `<img src=x onerror=alert(1)>` & `a "b"`'), 'write <code>&lt;img src=x onerror=alert(1)&gt;</code> &amp; <code>a &quot;b&quot;</code>');
  // the template's own text, quoted, as it is written
  assert.is(escQuoting('The body "Use `SAVE10` today" is long'), 'The body &quot;<bdi>Use `SAVE10` today</bdi>&quot; is long');
  assert.is(escQuoting('a lone ` backtick'), 'a lone ` backtick');
});

const finding = (message: string, ruleId: string): Diagnostic => ({ file: 'tpl/menu.yaml', line: 7, column: 5, endLine: 7, endColumn: 9, ruleId, severity: 'error', message });

test('a preview page shows a finding\'s code spans as <code>, no backtick; the terminal keeps them', () => {
  const t = fromFile({ channel: 'bistro-rbm', name: 'lunch_menu', language: 'en', message: { type: 'text', message: 'Today: {{dish}}', fallback: { text: 'Today: soup' } } }, 'c', '');
  const message = '{{dish}} has no sample; add `dish: ...` under message.examples.';
  const html = renderTemplatePage({ key: 'bistro-rbm/lunch_menu/en', file: 'tpl/menu.yaml', template: t, diagnostics: [finding(message, 'placeholder-sample')], href: 'x.html' });
  const aside = html.slice(html.indexOf('<aside class="findings"'));
  assert.match(aside, 'add <code>dish: ...</code> under message.examples.');
  assert.not.match(aside, '`');
  const terminal = stylish([finding(message, 'placeholder-sample')], { fileCount: 1, color: false, toolVersion: '0' });
  assert.match(terminal, 'add `dish: ...` under message.examples.');
});

test.run();
