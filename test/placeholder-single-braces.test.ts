// placeholder-single-braces: a placeholder written with single braces, {1} or {first_name} (as other
// tools write a variable), is one finding at it naming {{1}} (trial-ae d): it was silence (a header
// "Order {1}", a body "{first_name}") or a confusing "Sample '1' has no placeholder {{1}}" at the
// sample. In-process.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { CONFIG, cleanup, lintInProcess, tempDir, writeFiles } from './helpers.ts';

const head = (name: string) => `channel: shop-whatsapp\nname: ${name}\nlanguage: en_US\ncategory: UTILITY\n`;

async function findings(files: Record<string, string>): Promise<string[]> {
  const dir = tempDir();
  try {
    writeFiles(dir, { 'tplsync.config.yaml': CONFIG, ...files });
    return (await lintInProcess(dir)).diagnostics.map((d) => `${d.file.replace(/^templates\//, '')}:${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`);
  } finally { cleanup(dir); }
}

test('{1} and {first_name}: one finding each, at the braces, naming the placeholder to write; no finding at their samples', async () => {
  const all = await findings({
    'templates/a.yaml': `${head('numbered')}body:\n  text: "Hi {1}, your order {2} has shipped and arrives on Monday."\n  examples: { 1: Ana, 2: A-1042 }\n`,
    'templates/b.yaml': `${head('named')}header:\n  format: TEXT\n  text: "Order {order_id}"\nbody:\n  text: "Hi {FirstName}, your order has shipped and arrives on {{day}}."\n  examples: { day: Monday }\n`,
  });
  assert.equal(all.filter((f) => f.startsWith('a.yaml')), [
    'a.yaml:6:13 warning placeholder-single-braces "{1}" has single braces: a placeholder has two on each side, {{1}}. WhatsApp fills in only {{...}} and would send "{1}" as written; write {{1}}.',
    'a.yaml:6:29 warning placeholder-single-braces "{2}" has single braces: a placeholder has two on each side, {{2}}. WhatsApp fills in only {{...}} and would send "{2}" as written; write {{2}}.',
  ]);
  const b = all.filter((f) => f.startsWith('b.yaml'));
  assert.ok(b.some((f) => / placeholder-single-braces "\{order_id\}" has single braces: .*write \{\{order_id\}\}\.$/.test(f)), b.join('\n'));
  assert.ok(b.some((f) => / placeholder-single-braces "\{FirstName\}" has single braces: .*write \{\{first_name\}\}\.$/.test(f)), b.join('\n'));
});

test('a card\'s {1} is said once, its sample not as an orphan; {{1}}, {{{1}}} and {{1} are not single braces', async () => {
  const card = (n: number) => `  - header: { format: IMAGE, example: "https://cdn.example.com/p${n}.png" }\n    body:\n      text: "Linen shirt {1}, now in every size."\n      examples: { 1: blue }\n    buttons:\n      - { type: QUICK_REPLY, text: Tell me more }\n`;
  const all = await findings({
    'templates/c.yaml': `channel: shop-whatsapp\nname: cards\nlanguage: en_US\ncategory: MARKETING\nbody:\n  text: "Fresh arrivals for you this week: swipe to see them all."\ncarousel:\n${card(1)}${card(2)}`,
    'templates/d.yaml': `${head('braces')}body:\n  text: "Hi {{1}}, your order {{{2}}} has shipped, {{3} arrives on Monday."\n  examples: { 1: Ana, 2: A-1, 3: it }\n`,
  });
  const c = all.filter((f) => f.startsWith('c.yaml'));
  assert.equal(c.filter((f) => / placeholder-single-braces /.test(f)).length, 2, c.join('\n'));
  assert.equal(c.filter((f) => /has no placeholder/.test(f)), [], c.join('\n'));
  assert.equal(all.filter((f) => f.startsWith('d.yaml') && / placeholder-single-braces /.test(f)), []);
});

test.run();
