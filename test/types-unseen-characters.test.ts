// Found trying the tool with right-to-left templates (trial-i): `tplsync types` wrote the
// templates' bidi isolates and marks raw inside the generated module's string literals, which
// GitHub flags as "hidden bidirectional Unicode" (and a reviewer cannot see). Every string literal
// and comment the generator writes now holds them as \uXXXX escapes: the file holds none raw, and
// the TypeScript compiler reads each literal as the template's text, character for character.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG, cleanup, cliIn, tempDir, writeFiles } from './helpers.ts';

// an isolate pair around a placeholder, RLM and LRM around a Latin run, the Arabic letter mark, an RLE/PDF
// embedding, a zero-width joiner inside an emoji sequence, a variation selector, a no-break space, a soft hyphen
const BODY = 'مرحبا \u2067{{customer}}\u2069، طلبك \u200F#A-1042\u200E في الطريق 👨\u200D👩\u200D👧 \u2764\uFE0F\u00A0!';
const FOOTER = '\u061Cأرسل \u202Bتوقف\u202C لإلغاء الاشتراك\u00AD';
const AR = `channel: shop-whatsapp
name: order_shipped
language: ar
category: UTILITY
body:
  text: "${BODY}"
  examples: { customer: Maria }
footer: "${FOOTER}"
`;

/** every raw character a reviewer cannot see, or that GitHub's banner names */
const UNSEEN = /[\u061C\u200B-\u200F\u202A-\u202E\u2066-\u2069\u00A0\u00AD\uFE0F\u2028\u2029]/u;

test('types writes bidi controls and invisible characters as \\u escapes; the compiler reads the same strings', async () => {
  const dir = tempDir();
  writeFiles(dir, { 'tplsync.config.yaml': CONFIG, 'templates/order_shipped.ar.yaml': AR });
  try {
    const r = await cliIn(['types', '--out', 'gen/templates.ts'], { cwd: dir });
    assert.is(r.exitCode, 0, r.stderr + r.stdout);
    const file = readFileSync(path.join(dir, 'gen/templates.ts'), 'utf8');
    const raw = UNSEEN.exec(file);
    assert.is(raw, null, raw ? `raw U+${raw[0].codePointAt(0)!.toString(16)} at ${raw.index}` : '');
    assert.match(file, /\\u2067\{\{customer\}\}\\u2069/);
    // the visible letters stay as they are (only what cannot be seen is escaped)
    assert.match(file, /مرحبا/);
    // the real compiler: every string literal of the module, as it reads it
    const sf = ts.createSourceFile('templates.ts', file, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const strings: string[] = [];
    const visit = (n: ts.Node): void => { if (ts.isStringLiteral(n)) strings.push(n.text); n.forEachChild(visit); };
    visit(sf);
    const body = strings.find((s) => s.startsWith('مرحبا'));
    assert.is(body, BODY);
    assert.ok(strings.includes(FOOTER), JSON.stringify(strings.filter((s) => s.includes('أرسل'))));
    // and no syntax error
    const diags = (sf as unknown as { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
    assert.equal(diags.map((d) => d.messageText), []);
    // types --check agrees with the file it wrote
    const c = await cliIn(['types', '--out', 'gen/templates.ts', '--check'], { cwd: dir });
    assert.is(c.exitCode, 0, c.stderr + c.stdout);
  } finally { cleanup(dir); }
});

test.run();
