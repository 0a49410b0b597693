// docs/format.md's URL buttons section says how a dynamic URL and its sample are written, and lint
// holds to it row by row (trial-ae f): each row's URL and sample, on a template's button and on a
// carousel card's, lints without an error where the table says taken and with one where it says
// error. In-process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { collectFindings } from '../src/lint/engine.ts';
import { RULES_BY_ID } from '../src/lint/registry.ts';
import { ROOT } from './helpers.ts';

const NOW = new Date('2026-01-01T00:00:00Z');

function rows(): { url: string; example?: string; verdict: string }[] {
  const doc = readFileSync(path.join(ROOT, 'docs', 'format.md'), 'utf8');
  const start = doc.indexOf('#### URL buttons');
  assert.ok(start > 0, 'format.md has a URL buttons section');
  const section = doc.slice(start, doc.indexOf('\n#', start + 1));
  assert.match(section, /the whole URL the sample message\s+opens/);
  assert.match(section, /the placeholder's value\s+alone/);
  assert.match(section, /always `\{\{1\}\}`/);
  return section.split('\n').filter((l) => /^\| `https?:/.test(l)).map((l) => {
    const [url, example, verdict] = l.split('|').slice(1, 4).map((c) => c.trim());
    return { url: url!.replace(/^`|`$/g, ''), ...(example !== 'none' ? { example: example!.replace(/^`|`$/g, '') } : {}), verdict: verdict! };
  });
}

test('every row of the URL buttons table lints as the table says, on a template\'s button and a card\'s', () => {
  const table = rows();
  assert.ok(table.filter((r) => r.verdict === 'taken').length >= 5 && table.filter((r) => r.verdict === 'error').length >= 4, JSON.stringify(table));
  for (const r of table) {
    const button = { type: 'URL', text: 'Open', url: r.url, ...(r.example !== undefined ? { example: r.example } : {}) };
    const errors = (t: Record<string, unknown>, at: (string | number)[]) => collectFindings(t, { now: NOW })
      .filter((f) => RULES_BY_ID.get(f.ruleId)?.severity === 'error' && at.every((p, i) => f.path[i] === p)).map((f) => `${f.ruleId}: ${f.message}`);
    const top = errors({ channel: 'shop-whatsapp', name: 'url_row', language: 'en_US', category: 'MARKETING', body: { text: 'Fresh arrivals for you this week: tap to see them all.' }, buttons: [button] }, ['buttons', 0]);
    const card = errors({ channel: 'shop-whatsapp', name: 'url_row', language: 'en_US', category: 'MARKETING', body: { text: 'Fresh arrivals for you this week: swipe to see them all.' },
      carousel: [1, 2].map((n) => ({ header: { format: 'IMAGE', example: `https://cdn.example.com/p${n}.png` }, body: { text: `Linen shirt number ${n}, now in every size.` }, buttons: [button] })) }, ['carousel', 0, 'buttons', 0]);
    for (const [where, found] of [['template', top], ['card', card]] as const) {
      if (r.verdict === 'taken') assert.equal(found, [], `${where}: ${r.url} ${r.example ?? '(none)'}`);
      else assert.ok(found.length > 0, `${where}: ${r.url} ${r.example ?? '(none)'} is said to be an error`);
    }
  }
});

test('trial-am F1: a URL sample with a space (the whole URL or the value alone) is refused as the url is (button-url), at the space in the sample', async () => {
  const { cleanup, lintInProcess, tempDir, writeFiles } = await import('./helpers.ts');
  const dir = tempDir();
  try {
    writeFiles(dir, {
      'tplsync.config.yaml': 'templates: ["templates/**/*.yaml"]\nchannels:\n  wa: { kind: whatsapp }\nenvironments:\n  local:\n    emulator: .tplsync/local.json\n    channels: { wa: 11111111-1111-4111-8111-111111111111 }\n',
      'templates/space_url.en_US.yaml': [
        'channel: wa', 'name: space_url', 'language: en_US', 'category: UTILITY', 'body:', '  text: "Hi {{1}}, your receipt is ready to view online now."', '  examples: { 1: Jo }', 'buttons:',
        '  - type: URL', '    text: View receipt', '    url: "https://shop.example.com/r?id={{1}}"', '    example: "https://shop.example.com/r?id=R 12/7"',
        '  - type: URL', '    text: Order', '    url: "https://shop.example.com/o/{{1}}"', '    example: "A\u00a01042"',
        '  - type: URL', '    text: Static', '    url: "https://shop.example.com/a b"', '',
      ].join('\n'),
    });
    const { diagnostics } = await lintInProcess(dir);
    const found = diagnostics.filter((d) => d.ruleId === 'button-url').map((d) => `${d.line}:${d.column} ${d.message}`);
    assert.equal(found, [
      '12:46 The sample URL holds a space at character 32: an address has none, and the link would end there. Remove it, or write a space that belongs in the path as %20.',
      '16:16 The sample value holds a space at character 2: an address has none, and the link would end there. Remove it, or write a space that belongs in the path as %20.',
      '19:37 The URL holds a space at character 27: an address has none, and the link would end there. Remove it, or write a space that belongs in the path as %20.',
    ], found.join('\n'));
  } finally { cleanup(dir); }
});

test.run();
