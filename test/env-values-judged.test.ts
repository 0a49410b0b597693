// verify-14: where a template's field is one environment value, `((name))`, lint without an environment
// stands in a plausible value (lintStandIn); the environment's value is what lint --env, plan and
// export --env judge, by every rule:
// - NEW-1: an RCS event whose startTime alone was a reference was refused against the stand-in time
//   (2999-01-01), which no user wrote, by lint, lint --env and plan;
// - NEW-6: an expireTime (or event times) given as a reference whose value had passed was judged by no
//   rule: plan created the expired campaign (a literal past expireTime is held back);
// - NEW-8: export --env wrote the values filled in without judging them (exit 0, requests Meta refuses);
// - NEW-4: plan's refusal of a secret value pointed at lint --env, which reads no secret;
// - NEW-9: plan said a warning the file has of its own again, as one the values bring;
// - NEW-3: header-media-type said a .docx document sample "is a .pdf".
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { lintBytes } from '../src/lint/engine.ts';


test('NEW-3: header-media-type names the document sample\'s own type', () => {
  const yaml = `channel: wa\nname: inv\nlanguage: en_US\ncategory: UTILITY\nheader: { format: DOCUMENT, example: "https://cdn.example.com/invoice.docx" }\nbody:\n  text: "Your invoice is attached, thank you for your order."\n`;
  const found = lintBytes('t.yaml', Buffer.from(yaml), { now: new Date('2026-01-01T00:00:00Z') }).diagnostics.filter((d) => d.ruleId === 'header-media-type');
  assert.is(found.length, 1);
  assert.match(found[0]!.message, /sample is a \.docx file/);
  assert.not.match(found[0]!.message, /is a \.pdf/);
});

test.run();
