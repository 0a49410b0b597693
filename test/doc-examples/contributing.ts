// The TypeScript examples of CONTRIBUTING.md (and of docs/architecture.md, which has none today),
// kept here so that they compile: tsconfig.test.json type-checks this file with the tests, and
// test/doc-examples.test.ts type-checks it on its own and requires every ```ts block of those
// pages to be one of the regions below (`// doc-example: NAME` to `// end doc-example`), verbatim
// but for the indentation. Change an example here first, then quote it.
import { defineRules, str } from '../../src/lint/rule.ts';

export const EXAMPLE_RULES = defineRules([
  // doc-example: a lint rule
  {
    id: 'footer-url', group: 'whatsapp', severity: 'warning',
    summary: 'The footer has no URL.',
    why: 'Reviewers reject footers with links; links belong in a URL button.',
    fix: 'Move the link to a URL button.',
    source: 'Meta templates guide',
    check(ctx) {
      const footer = str(ctx.t.footer);
      const start = footer?.search(/https?:\/\//) ?? -1;
      if (start >= 0) ctx.report(['footer'], 'The footer holds a URL; use a URL button instead.', { at: { start, end: start + 4 } });
    },
  },
  // end doc-example
]);
