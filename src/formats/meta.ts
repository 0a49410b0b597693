// Pure: Meta's WhatsApp template JSON (what `GET /<WABA_ID>/message_templates` returns, one
// template object, or the body of a create request) as tplsync template files, and back. What a
// file cannot express is listed by template and field, never dropped in silence.
// Meta's shapes: developers.facebook.com/docs/whatsapp/business-management-api/message-templates
// (components, examples, parameter_format) and .../message-templates/components.

type J = Record<string, unknown>;
const obj = (v: unknown): J | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? v as J : undefined);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export interface MetaTemplate { source: string; index: number; value: J }

/** The templates of one file's JSON: a listing (`data`), a list, or one template (an answer or a create request). */
export function metaTemplates(json: unknown, source: string): MetaTemplate[] | { error: string } {
  const list = Array.isArray(json) ? json : obj(json) && Array.isArray((json as J).data) ? (json as J).data as unknown[] : obj(json) ? [json] : undefined;
  if (!list) return { error: `${source}: not Meta template JSON (expected {"data": [...]}, a list, or one template object)` };
  const out: MetaTemplate[] = [];
  for (const [i, t] of list.entries()) {
    const v = obj(t);
    if (!v || typeof v.name !== 'string' || !Array.isArray(v.components)) return { error: `${source}: template ${i + 1} has no "name" and "components" (not a WhatsApp message template)` };
    out.push({ source, index: i, value: v });
  }
  return out;
}

export interface Converted { name: string; language: string; value: J; problems: string[] }

const HEADER_MEDIA = new Set(['IMAGE', 'VIDEO', 'DOCUMENT', 'GIF']);

/** Examples keyed by number (positional) or by name (named) for a text and Meta's example of it. */
function examplesOf(text: string, ex: J | undefined, kind: 'header' | 'body', named: boolean, problems: string[], where: string): J | undefined {
  const out: J = {};
  if (named) {
    for (const p of arr(ex?.[`${kind}_text_named_params`])) {
      const q = obj(p);
      if (q && typeof q.param_name === 'string') out[q.param_name] = q.example ?? '';
    }
  } else {
    const raw = kind === 'header' ? arr(ex?.header_text) : arr(arr(ex?.body_text)[0]);
    raw.forEach((v, i) => { out[String(i + 1)] = v; });
  }
  const wanted = [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!);
  for (const w of wanted) if (!(w in out)) problems.push(`${where}: no example for {{${w}}} (a TODO stub was written)`);
  for (const w of wanted) if (!(w in out)) out[w] = 'TODO';
  return Object.keys(out).length ? out : undefined;
}

function button(b: J, where: string, problems: string[]): J | undefined {
  const type = str(b.type);
  const pick = (keys: string[]): J => Object.fromEntries(keys.filter((k) => b[k] !== undefined).map((k) => [k, b[k]]));
  switch (type) {
    case 'QUICK_REPLY': case 'CATALOG': case 'MPM': return { type, ...pick(['text']) };
    case 'PHONE_NUMBER': return { type, ...pick(['text', 'phone_number']) };
    case 'URL': {
      let ex = arr(b.example)[0];
      // Meta's examples give either the full sample URL or only the value of {{1}}: a file holds the full URL
      const url = str(b.url);
      if (typeof ex === 'string' && url?.includes('{{1}}') && !/^https?:\/\//.test(ex)) ex = url.replace('{{1}}', ex);
      return { type, ...pick(['text', 'url']), ...(ex !== undefined ? { example: ex } : {}), ...pick(['app_deep_link']) };
    }
    case 'COPY_CODE': {
      const ex = arr(b.example)[0] ?? b.example;
      return { type, ...(ex !== undefined ? { example: ex } : {}) };
    }
    case 'OTP': return { type, ...pick(['otp_type', 'text', 'autofill_text', 'supported_apps', 'zero_tap_terms_accepted']) };
    case 'FLOW': return { type, ...pick(['text', 'flow_id', 'flow_name', 'flow_json', 'flow_action', 'navigate_screen']) };
    case 'VOICE_CALL': return { type, ...pick(['text', 'ttl_minutes']) };
    default:
      problems.push(`${where}: a ${type ?? 'typeless'} button cannot be written in a tplsync file yet; left out`);
      return undefined;
  }
}

function buttons(c: J, where: string, problems: string[]): J[] {
  return arr(c.buttons).flatMap((b, i) => { const x = obj(b) && button(b as J, `${where}.buttons[${i}]`, problems); return x ? [x] : []; });
}

/** One Meta template as the value of a tplsync file on `channel`. */
export function metaToFile(t: J, channel: string): Converted {
  const problems: string[] = [];
  const name = String(t.name);
  const language = String(t.language ?? 'en_US');
  const named = t.parameter_format === 'NAMED';
  const category = String(t.category ?? 'UTILITY').toUpperCase();
  const v: J = { channel, name, language, category };
  if (t.message_send_ttl_seconds !== undefined) v.message_send_ttl_seconds = t.message_send_ttl_seconds;
  if (t.sub_category !== undefined) problems.push(`sub_category ${JSON.stringify(t.sub_category)}: order details and order status templates cannot be written in a tplsync file yet; left out`);
  for (const k of Object.keys(t)) {
    if (!['name', 'language', 'category', 'components', 'parameter_format', 'message_send_ttl_seconds', 'sub_category', 'id', 'status', 'quality_score', 'rejected_reason', 'previous_category', 'correct_category', 'cta_url_link_tracking_opted_out', 'library_template_name'].includes(k)) {
      problems.push(`${k}: not a field tplsync knows; left out`);
    }
  }
  for (const [i, raw] of arr(t.components).entries()) {
    const c = obj(raw);
    const where = `components[${i}]`;
    if (!c) { problems.push(`${where}: not an object; left out`); continue; }
    const type = str(c.type)?.toUpperCase();
    const ex = obj(c.example);
    if (type === 'HEADER') {
      const format = str(c.format)?.toUpperCase() ?? 'TEXT';
      if (format === 'TEXT') {
        const text = String(c.text ?? '');
        const examples = examplesOf(text, ex, 'header', named, problems, `${where} (header)`);
        v.header = { format, text, ...(examples ? { examples } : {}) };
      } else if (HEADER_MEDIA.has(format)) {
        const sample = arr(ex?.header_handle)[0] ?? arr(ex?.header_url)[0];
        if (typeof sample === 'string' && !/^https:\/\//.test(sample)) problems.push(`${where} (header): the sample is an upload handle, not a URL: replace example with a link to the media`);
        v.header = { format, ...(sample !== undefined ? { example: sample } : {}) };
      } else if (format === 'LOCATION') v.header = { format };
      else problems.push(`${where}: a ${format} header cannot be written in a tplsync file yet; left out`);
    } else if (type === 'BODY') {
      if (category === 'AUTHENTICATION' && c.text === undefined) {
        v.body = { ...(c.add_security_recommendation !== undefined ? { add_security_recommendation: c.add_security_recommendation } : {}) };
      } else {
        const text = String(c.text ?? '');
        const examples = examplesOf(text, ex, 'body', named, problems, `${where} (body)`);
        v.body = { text, ...(examples ? { examples } : {}) };
      }
    } else if (type === 'FOOTER') {
      if (c.code_expiration_minutes !== undefined) v.footer = { code_expiration_minutes: c.code_expiration_minutes };
      else if (c.text !== undefined) v.footer = c.text;
    } else if (type === 'BUTTONS') {
      v.buttons = buttons(c, where, problems);
    } else if (type === 'LIMITED_TIME_OFFER') {
      const o = obj(c.limited_time_offer) ?? {};
      v.limited_time_offer = { ...(o.text !== undefined ? { text: o.text } : {}), ...(o.has_expiration !== undefined ? { has_expiration: o.has_expiration } : {}) };
    } else if (type === 'CAROUSEL') {
      v.carousel = arr(c.cards).map((rawCard, k) => {
        const card: J = {};
        for (const [j, cc] of arr(obj(rawCard)?.components).entries()) {
          const x = obj(cc);
          const w = `${where}.cards[${k}].components[${j}]`;
          const t2 = str(x?.type)?.toUpperCase();
          if (!x) continue;
          if (t2 === 'HEADER') {
            const format = str(x.format)?.toUpperCase() ?? '';
            if (!HEADER_MEDIA.has(format)) { problems.push(`${w}: a ${format || 'formatless'} card header (product cards) cannot be written in a tplsync file yet; left out`); continue; }
            const sample = arr(obj(x.example)?.header_handle)[0];
            if (typeof sample === 'string' && !/^https:\/\//.test(sample)) problems.push(`${w}: the sample is an upload handle, not a URL: replace example with a link to the media`);
            card.header = { format, ...(sample !== undefined ? { example: sample } : {}) };
          } else if (t2 === 'BODY') {
            const text = String(x.text ?? '');
            const examples = examplesOf(text, obj(x.example), 'body', named, problems, w);
            card.body = { text, ...(examples ? { examples } : {}) };
          } else if (t2 === 'BUTTONS') card.buttons = buttons(x, w, problems);
          else problems.push(`${w}: a ${t2} card component cannot be written in a tplsync file yet; left out`);
        }
        return card;
      });
    } else {
      problems.push(`${where}: a ${type ?? 'typeless'} component cannot be written in a tplsync file yet; left out`);
    }
  }
  if (v.body === undefined && category !== 'AUTHENTICATION') problems.push('no BODY component: a WhatsApp template needs one');
  return { name, language, value: v, problems };
}
