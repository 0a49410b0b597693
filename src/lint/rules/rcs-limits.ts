// RCS limits that the rules of rcs.ts do not check: the size of the whole message and calendar
// event texts. One pure check each.
import { charLength } from '../../model/placeholders.js';
import { arr, defineRules, indexed, obj, str, type Loose, type RuleContext } from '../rule.js';

const message = (ctx: RuleContext): Loose | undefined => obj(ctx.t.message);
/** RBM: the stringified message is at most 250 KB */
export const RBM_MAX_MESSAGE_BYTES = 250 * 1024;
const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** the message as it is sent: without the file-only samples */
function wireMessage(m: Loose): Loose {
  const { examples: _fileOnly, ...rest } = m;
  return rest;
}

export const rcsLimitRules = defineRules([
  {
    id: 'rcs-message-size', group: 'rcs', severity: 'error',
    summary: 'The whole RCS message is at most 250 KB.',
    why: 'RBM refuses a message whose JSON is larger than 250 KB; rich cards, suggestions and their postback data all count.',
    fix: 'Shorten the texts and postback data, or split the content into several messages.',
    source: 'RBM send messages guide',
    check(ctx) {
      const m = message(ctx);
      if (!m) return;
      const n = bytes(JSON.stringify(wireMessage(m)));
      if (n > RBM_MAX_MESSAGE_BYTES) ctx.report(['message'], `The message is ${(n / 1024).toFixed(1)} KB as JSON; RBM allows at most 250 KB.`, { part: 'key' });
    },
  },
  {
    id: 'rcs-calendar-text', group: 'rcs', severity: 'warning',
    summary: 'A create_calendar_event suggestion has a title of at most 100 characters and a description of at most 500.',
    why: 'Google\'s RBM reference states no length for the event\'s texts; RCS providers that relay RBM (AWS End User Messaging) refuse a title over 100 characters and a description over 500, and calendar apps cut longer ones.',
    fix: 'Shorten the event title to 100 characters and the description to 500.',
    source: 'AWS RcsCreateCalendarEventAction',
    check(ctx) {
      const m = message(ctx);
      const all: { s: Loose; path: (string | number)[] }[] = [];
      arr(m?.suggestions).forEach((v, k) => { const s = obj(v); if (s) all.push({ s, path: ['message', 'suggestions', k] }); });
      for (const { v: c, i } of indexed(m?.richCards)) arr(c.suggestions).forEach((v, k) => { const s = obj(v); if (s) all.push({ s, path: ['message', 'richCards', i, 'suggestions', k] }); });
      for (const { s, path } of all) {
        if (s.action !== 'create_calendar_event') continue;
        for (const [k, max] of [['title', 100], ['description', 500]] as const) {
          const t = str(s[k]);
          if (t !== undefined && charLength(t) > max) ctx.report([...path, k], `The event ${k} is ${charLength(t)} characters; keep it within ${max}.`);
        }
      }
    },
  },
]);
