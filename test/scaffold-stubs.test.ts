// What a scaffold (`tplsync init`'s first template, `tplsync new` of every kind) writes for its
// author to replace is a stub lint reports (scaffold-stub) until it is replaced: `description: TODO
// say what this template is for` linted clean and was sent with the template (trial-al F7). Every
// text of every scaffold that holds a TODO must be one of SCAFFOLD_STUBS, found there, and nothing
// else of the scaffold is that rule's. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { finishProject, lintBytes } from '../src/lint/engine.ts';
import { formatTemplate } from '../src/fmt/format.ts';
import { KINDS, scaffoldRcsTemplate, scaffoldTemplate } from '../src/scaffold/scaffold.ts';
import { DESCRIPTION_STUB, SCAFFOLD_STUBS } from '../src/scaffold/stubs.ts';

const NOW = new Date('2026-01-01T00:00:00Z');
const lint = (text: string) => finishProject([lintBytes('t.yaml', Buffer.from(text), { now: NOW })], { severities: {} });

/** every scaffold new and init write: each kind, with each category it takes */
function scaffolds(): { what: string; text: string }[] {
  const out: { what: string; text: string }[] = [];
  for (const kind of Object.keys(KINDS)) {
    for (const category of KINDS[kind] ? [KINDS[kind]!] : ['MARKETING', 'UTILITY', 'AUTHENTICATION']) {
      out.push({ what: `${kind} ${category}`, text: formatTemplate(scaffoldTemplate({ channel: 'shop-whatsapp', name: 'scaffolded', language: 'en_US', category, schemaPath: 's.json', kind })).text });
    }
  }
  out.push({ what: 'rcs', text: formatTemplate(scaffoldRcsTemplate({ channel: 'shop-rcs', name: 'scaffolded', language: 'en_US', category: 'UTILITY', schemaPath: 's.json', kind: 'rcs' })).text });
  return out;
}

/** the paths of the string values of `v` that hold a TODO */
function todos(v: unknown, at: string[] = []): string[] {
  if (typeof v === 'string') return /\bTODO\b/.test(v) ? [at.join('.')] : [];
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => todos(x, [...at, k]));
  return [];
}

test('every TODO a scaffold writes is a known stub, and scaffold-stub reports each, where it is', () => {
  const known = new Set(SCAFFOLD_STUBS.map((s) => s.path.join('.')));
  for (const { what, text } of scaffolds()) {
    const found = todos(parse(text));
    assert.ok(found.length > 0, `${what}: the scaffold writes its description stub`);
    for (const p of found) assert.ok(known.has(p), `${what}: ${p} holds a TODO that is no stub of SCAFFOLD_STUBS`);
    const said = lint(text).filter((d) => d.ruleId === 'scaffold-stub');
    assert.equal(said.map((d) => d.line), found.map((p) => text.split('\n').findIndex((l) => l.startsWith(`${p}:`)) + 1), what);
    assert.equal(said.map((d) => d.severity), found.map(() => 'warning'), what);
  }
});

test('the finding names the key and what to write; replaced (or removed), it is gone, and nothing else is the rule\'s', () => {
  const text = scaffolds()[0]!.text;
  const [d] = lint(text).filter((x) => x.ruleId === 'scaffold-stub');
  assert.is(d!.message, "`description` is still the stub 'TODO say what this template is for' that tplsync wrote: replace it with a line that says what the template is for (when it is sent, and to whom), or remove the key; it is sent with the template.");
  for (const replaced of [
    text.replace(DESCRIPTION_STUB, 'Welcomes a customer after their first order'),
    text.replace(`description: ${DESCRIPTION_STUB}\n`, ''),
    // a description the author began from the stub's words, a TODO of their own, or a TODO sample: not this rule's
    text.replace(DESCRIPTION_STUB, `${DESCRIPTION_STUB}: the welcome after sign-up`),
    text.replace(DESCRIPTION_STUB, 'TODO'),
  ]) assert.equal(lint(replaced).filter((x) => x.ruleId === 'scaffold-stub'), [], replaced);
});

test.run();
