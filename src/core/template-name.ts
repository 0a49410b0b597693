// Pure: a template's name (WhatsApp's: lowercase letters, digits and underscores, 1 to 512), and the
// name meant by one in another form, for lint's name-format and `tplsync new --name` alike.
import { lookalikes, lookalikesHeld } from './lookalikes.js';

export const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;

/**
 * The name `v` means, in the form a name takes (`Hello-World` and `hello world`: hello_world):
 * lower case, each run of other characters one `_`, none at either end, a Cyrillic or Greek letter
 * that looks like a Latin one written as that one (`оrder_ready` with a Cyrillic о: order_ready,
 * not rder_ready: core/lookalikes.ts), a letter's marks dropped (`café_promo`: cafe_promo, as a
 * placeholder's name is made: model/placeholders.ts); undefined when nothing is left of it (`---`)
 * or it is `v` itself.
 */
export function templateNameMeant(v: string): string | undefined {
  const fixed = (lookalikes(v)?.latin ?? v).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 512);
  return fixed && fixed !== v ? fixed : undefined;
}

/**
 * What a name that is no template name is told, after `what` ("Template name 'x'"): the look-alike
 * letter of another script it holds, named with where it is, or what a name may hold; and the name
 * it means, when one follows.
 */
export function templateNameProblem(what: string, v: string, may = 'may use only lowercase letters, digits and underscores (1 to 512)'): string {
  const meant = templateNameMeant(v);
  const suggestion = meant ? `; did you mean '${meant}'?` : '';
  const found = lookalikes(v);
  if (found) return `${what} ${lookalikesHeld(found, 'name')}: a template name is written in Latin letters${suggestion}`;
  return `${what} ${may}${suggestion}`;
}
