// Pure: the fields of the channel's copy of a template that a write of it would not carry. A
// write body is made from the canonical model (model/canonical.ts), which holds what a template
// file can say; a service that answers with more on a part tplsync knows (a key Meta added to a
// BODY, a button field the model has no place for) keeps it only until the next write. The plan
// names them on an update, so that a reviewer sees what the write takes away.
import type { TemplateReadResponse } from '../api/shapes.js';
import { fromRead, KNOWN_BUTTON_TYPES, toWriteBody } from '../model/canonical.js';

type Loose = Record<string, unknown>;

/** the component types a template file can hold (the others are unknownComponents, held apart) */
const KNOWN_COMPONENTS = new Set(['HEADER', 'BODY', 'FOOTER', 'BUTTONS', 'CAROUSEL', 'LIMITED_TIME_OFFER', 'CALL_PERMISSION_REQUEST']);

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);
/** a value whose loss changes nothing: absent, null, false, an empty text, list or object */
const empty = (v: unknown): boolean => v === undefined || v === null || v === false || v === '' || (Array.isArray(v) && v.length === 0) || (isObject(v) && Object.keys(v).length === 0);

/**
 * The paths (`BODY.add_learn_more_link`, `BUTTONS.buttons[2].flow_id`,
 * `CAROUSEL.cards[0].BUTTONS.buttons[0].x`) of the fields of `read`'s WhatsApp components that a
 * write of the same template would not carry. Samples (`example`) are carried apart and not
 * compared; the text WhatsApp writes for an authentication body or footer is its own.
 */
export function droppedOnWrite(read: TemplateReadResponse, channelId: string): string[] {
  const components = read.chatapp?.components;
  if (!Array.isArray(components)) return [];
  const written = toWriteBody(fromRead(read, channelId)).chatapp?.chatapp.components ?? [];
  const out: string[] = [];
  compareComponents(components as unknown[], written as unknown[], '', out);
  return out;
}

function compareComponents(read: readonly unknown[], written: readonly unknown[], prefix: string, out: string[]): void {
  const seen = new Map<string, number>();
  for (const comp of read) {
    if (!isObject(comp) || typeof comp.type !== 'string') continue;
    const type = comp.type;
    if (!KNOWN_COMPONENTS.has(type)) continue;
    // the n-th component of a type read is the n-th of that type written
    const n = seen.get(type) ?? 0;
    seen.set(type, n + 1);
    const mine = written.filter((w) => isObject(w) && w.type === type)[n];
    const at = `${prefix}${type}`;
    if (!isObject(mine)) {
      // a part the write leaves out altogether (an empty footer): named when it held anything
      if (Object.entries(comp).some(([k, v]) => k !== 'type' && k !== 'example' && !empty(v))) out.push(at);
      continue;
    }
    for (const [key, value] of Object.entries(comp)) {
      if (key === 'type' || key === 'example' || empty(value)) continue;
      // WhatsApp's own text beside add_security_recommendation or code_expiration_minutes
      if (key === 'text' && (comp.add_security_recommendation !== undefined || comp.code_expiration_minutes !== undefined)) continue;
      if (!(key in mine)) { out.push(`${at}.${key}`); continue; }
      if (key === 'buttons' && Array.isArray(value) && Array.isArray(mine.buttons)) {
        // buttons of a type no file holds are unknownComponents (said apart): the others, in order
        const known = value.filter((b) => isObject(b) && KNOWN_BUTTON_TYPES.has(String(b.type).toUpperCase()));
        known.forEach((b, i) => compareFields(b, mine.buttons instanceof Array ? mine.buttons[i] : undefined, `${at}.buttons[${i}]`, out));
      } else if (key === 'cards' && Array.isArray(value) && Array.isArray(mine.cards)) {
        value.forEach((card, i) => {
          const other = (mine.cards as unknown[])[i];
          if (isObject(card) && Array.isArray(card.components) && isObject(other) && Array.isArray(other.components)) compareComponents(card.components, other.components, `${at}.cards[${i}].`, out);
        });
      } else compareFields(value, mine[key], `${at}.${key}`, out);
    }
  }
}

/** keys of `read` (recursively, objects only) that `written` does not have */
function compareFields(read: unknown, written: unknown, at: string, out: string[]): void {
  if (!isObject(read) || !isObject(written)) return;
  for (const [key, value] of Object.entries(read)) {
    if (empty(value) || key === 'example') continue;
    if (!(key in written)) out.push(`${at}.${key}`);
    else compareFields(value, written[key], `${at}.${key}`, out);
  }
}
