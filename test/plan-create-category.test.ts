// A new template's category decides what WhatsApp reviews and bills it as (MARKETING or UTILITY),
// and cannot change once it is approved: every rendering a reviewer reads shows it for a create
// (the text plan under the create's line, the pull-request comment's details, `category` in the
// JSON); an RCS-only template has none, and shows none.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fromFile } from '../src/model/canonical.ts';
import { readTemplateValue } from '../src/files/value.ts';
import { makePlan } from '../src/plan/plan.ts';
import { renderJson, renderMarkdown, renderText } from '../src/plan/render.ts';
import { CHANNEL_A, CHANNEL_B, ROOT } from './helpers.ts';

const ID = (i: number) => `7a1b2c3d-4e5f-4a6b-8c7d-${String(i).padStart(12, '0')}`;
const schema = new Ajv.default({ allErrors: true, strict: true }).compile(JSON.parse(readFileSync(path.join(ROOT, 'schema', 'output', 'plan.v1.schema.json'), 'utf8')));

const desired = (file: string, text: string, channelId: string, id: string, channel: string) => {
  const { canonical, ...fileOnly } = fromFile(readTemplateValue(text), channelId, id);
  return { file, fileHash: 'h', channel, canonical, fileOnly };
};

test('a create shows its category in the text plan, the comment\'s details and the JSON; an RCS-only create shows none', () => {
  const plan = makePlan({
    desired: [
      desired('templates/winter.yaml', 'channel: wa\nname: winter_sale\nlanguage: de\ncategory: MARKETING\nbody:\n  text: "Hallo {{1}}, der Winterschlussverkauf beginnt morgen in allen Filialen."\n  examples: { 1: Ana }\n', CHANNEL_A, ID(1), 'wa'),
      desired('templates/parcel.yaml', 'channel: rcs\nname: parcel_rcs\nlanguage: de\nmessage:\n  type: text\n  message: "Ihr Paket {{order_id}} ist unterwegs zu Ihnen."\n  examples: { order_id: A-1042 }\n', CHANNEL_B, ID(2), 'rcs'),
    ],
    remote: new Map(),
  });
  assert.equal(plan.summary, { create: 2, update: 0, noop: 0, orphan: 0 });

  const text = renderText(plan, { color: false, environment: 'dev' });
  assert.match(text, `+ create wa/winter_sale/de  ${ID(1)}\n    category: MARKETING\n`);
  assert.match(text, `+ create rcs/parcel_rcs/de  ${ID(2)}\n+ create wa/winter_sale/de`);

  const md = renderMarkdown(plan, { environment: 'dev' });
  const details = (key: string) => md.slice(md.indexOf(`<b>${key}</b>`), md.indexOf('</details>', md.indexOf(`<b>${key}</b>`)));
  assert.match(details('wa/winter_sale/de'), 'Category: **MARKETING**');
  assert.not.match(details('rcs/parcel_rcs/de'), 'Category');

  const json = JSON.parse(renderJson(plan, { environment: 'dev', target: 'http://127.0.0.1:8080' })) as { changes: { name: string; category?: string }[] };
  assert.ok(schema(json), JSON.stringify(schema.errors));
  assert.equal(json.changes.map((c) => [c.name, c.category]), [['parcel_rcs', undefined], ['winter_sale', 'MARKETING']]);
});

test.run();
