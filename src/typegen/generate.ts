// The TypeScript module of every template's placeholders, written with ts-morph (loaded only by
// `tplsync types`). Deterministic: the same templates give the same bytes.
import { IndentationText, Project, QuoteKind, StructureKind, VariableDeclarationKind } from 'ts-morph';
import type { TemplateMeta } from '../model/meta.js';
import { cardParam, LEFT_OUT_KINDS, needsPresetText, quickReplyParams, templateKey, textPartParams } from '../model/meta.js';
import { DEFAULT_IMPORT, escapeUnseen, GENERATED_HEADER } from './header.js';

/** a string literal: JSON's (a valid TypeScript literal), with the invisible characters and bidi controls escaped (escapeUnseen) */
const str = (s: string): string => escapeUnseen(JSON.stringify(s));

function literal(v: unknown, indent: string): string {
  if (Array.isArray(v)) return v.length === 0 ? '[]' : `[${v.map((x) => literal(x, indent)).join(', ')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return '{}';
    return `{ ${entries.map(([k, x]) => `${/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? k : str(k)}: ${literal(x, indent)}`).join(', ')} }`;
  }
  return typeof v === 'string' ? str(v) : String(v);
}

const prop = (p: string): string => (/^[a-z_][a-z0-9_]*$/.test(p) ? p : str(p));

/**
 * The parameters of one template: a string per placeholder, and, as FORMAT.md names them, each
 * carousel card's own under `card_<n>` (n from 1), an object of that card's placeholders (its body's
 * and its URL buttons' `button_<i>`), required: the carousel needs them wherever it is sent. No send
 * of tplsync carries a carousel (the conversation message is a text), so TemplateSendOptions takes
 * none of them (`card_<n>?: never`). Where a part cannot be sent (`omitted`: the send is text-only),
 * another value only that part uses (an RCS card's, an SMS fallback's) is none, here as in
 * TemplateSendOptions: nothing sends it, and sendTemplate refuses it (checkParams), as it refuses a
 * card's.
 */
function paramsType(m: TemplateMeta): string {
  // no text to send (an RCS card alone: the conversation request carries text): no call compiles
  if (m.body.trim() === '') return 'never';
  const fields = [...sentParams(m).map((p) => `${prop(p)}: string`), ...payloadFields(m), ...cardFields(m)];
  return fields.length ? `{ ${fields.join('; ')} }` : 'Record<string, never>';
}

/** a carousel card's values: `card_<n>`, an object of the card's own placeholders; a card without any takes none, and has no property */
const cardFields = (m: TemplateMeta): string[] =>
  (m.cards ?? []).flatMap((card, i) => (card.params.length ? [`${cardParam(i)}: { ${card.params.map((p) => `${prop(p)}: string`).join('; ')} }`] : []));

/** what a send takes of a carousel's cards: nothing (no send carries a carousel; sendTemplate refuses a card's values, ParamError): `card_<n>?: never` for every card, so that values given, in the call or in a variable typed TemplateParams, do not compile */
const cardRefusals = (m: TemplateMeta): string[] => (m.cards ?? []).map((_, i) => `${cardParam(i)}?: never`);

/** the placeholders a send fills: every one, or where parts are left out (`omitted`), those of the text part alone */
const sentParams = (m: TemplateMeta): string[] => {
  if (!m.omitted?.length) return [...m.params];
  const text = textPartParams(m);
  return m.params.filter((p) => text.has(p));
};

/** a quick reply's payload (`button_<i>`): optional, the button's label when not given */
const payloadFields = (m: TemplateMeta): string[] => [...quickReplyParams(m).keys()].map((p) => `${prop(p)}?: string`);

/**
 * The options one template's send takes: a template with parts a conversation message cannot carry
 * (any of LEFT_OUT_KINDS: `omitted`) compiles only with `textOnly: true`, and
 * then takes the text's values alone (a carousel card's values are `never`: nothing sends them); an authentication
 * template whose text (or expiry line) WhatsApp words in the template's language compiles only with `presetText`,
 * and any other template only without it (the run time refuses it there on every call).
 * What the run-time checks refuse, the compiler refuses first.
 */
function optionsType(m: TemplateMeta, key: string): string {
  if (m.body.trim() === '') return 'never';
  // a text with a value the module does not hold (a secret, or any value of a module made without its environment's):
  // sendTemplate refuses it every time (NotSendable 'unfilled'), so no call compiles; tplsync send sends it
  if (m.unfilled?.length) return 'never';
  // the text part's values are required; a value only a part left out uses (an RCS card's, an SMS fallback's) is none: sendTemplate refuses it, as it refuses a card's
  const fields = [...sentParams(m).map((p) => `${prop(p)}: string`), ...payloadFields(m), ...cardRefusals(m)];
  const textParams = fields.length ? `{ ${fields.join('; ')} }` : 'Record<string, never>';
  const base = m.omitted?.length ? `Omit<SendTemplateOptions<${textParams}>, 'textOnly'> & { textOnly: true }` : `SendTemplateOptions<TemplateParams[${str(key)}]>`;
  // presetText is taken exactly where sending needs it (withPresetText refuses it on every other template: one with text of
  // its own, one whose wording tplsync knows): required there, and where it is refused, a call that gives it does not compile
  return needsPresetText(m) ? `${base} & { presetText: string }` : `${base} & { presetText?: never }`;
}

/**
 * Every field of a template's metadata, in the order the module writes them: the compiler refuses
 * a field of TemplateMeta left out here (the module dropped `rcs` and `expireTime` once, and the
 * library then sent an ended RCS campaign under WhatsApp's limits).
 */
const META_FIELDS: { readonly [K in keyof Required<TemplateMeta>]: true } = {
  channel: true, name: true, language: true, params: true, header: true, body: true, footer: true, buttons: true, suggestions: true,
  rcs: true, channelKind: true, expireTime: true, cards: true, omitted: true, notSent: true, presetText: true, presetParts: true, check: true, unfilled: true,
};
const META_KEYS = Object.keys(META_FIELDS) as (keyof TemplateMeta)[];

export function generateTypes(metas: readonly TemplateMeta[], o: { source: string; importFrom?: string; environment?: string }): string {
  const sorted = [...metas].sort((a, b) => (templateKey(a) < templateKey(b) ? -1 : templateKey(a) > templateKey(b) ? 1 : 0));
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { indentationText: IndentationText.TwoSpaces, quoteKind: QuoteKind.Single, useTrailingCommas: true },
  });
  const f = project.createSourceFile('templates.ts', '', { overwrite: true });
  f.addImportDeclaration({
    moduleSpecifier: o.importFrom ?? DEFAULT_IMPORT,
    namedImports: ['sendTemplateWith', 'templateOf', { name: 'Client', isTypeOnly: true }, { name: 'Sent', isTypeOnly: true }, { name: 'SendTemplateOptions', isTypeOnly: true }, { name: 'TemplateMeta', isTypeOnly: true }, { name: 'TemplateParamValues', isTypeOnly: true }],
  });
  f.addTypeAlias({
    isExported: true, name: 'TemplateKey',
    docs: ['Every template of the config, as `<channel>/<name>/<language>`.'],
    type: sorted.length ? `\n  | ${sorted.map((m) => str(templateKey(m))).join('\n  | ')}` : 'never',
  });
  /** an exported interface of one property per template, keyed `<channel>/<name>/<language>` */
  const perTemplate = (name: string, doc: string, typeOf: (m: TemplateMeta) => string): void => {
    f.addInterface({
      isExported: true, name, docs: [doc],
      properties: sorted.map((m) => ({ kind: StructureKind.PropertySignature, name: str(templateKey(m)), type: typeOf(m) })),
    });
  };
  perTemplate('TemplateParams', 'The placeholder values of each template: one string per placeholder (numbered header placeholders are `header_N`, the URL button at index i (counted from 0) is `button_i`, and the quick reply at index i takes its payload as an optional `button_i`, its label when left out); carousel card n takes `card_n`, an object of that card\'s own placeholders, which `sendTemplate` does not take (no send carries a carousel: `textOnly: true` sends the text without the cards); an authentication template without text of its own takes `code`. Another value only a part that cannot be sent uses (an RCS card\'s beside a WhatsApp text, an SMS fallback\'s) is none: `sendTemplate` refuses it, as nothing sends it.', paramsType);
  perTemplate('TemplateSendOptions', `The options of each template's send: \`textOnly: true\` required where a part cannot be sent (${LEFT_OUT_KINDS}: then only the text's values, a carousel card's \`card_n?: never\`), \`presetText\` where WhatsApp words an authentication text in the template's language; \`never\` where nothing can be sent from code (no text, or a value the module does not hold: send it with \`tplsync send\`).`, (m) => optionsType(m, templateKey(m)));
  f.addVariableStatement({
    isExported: true, declarationKind: VariableDeclarationKind.Const,
    docs: ['What each template needs to be rendered and sent.'],
    declarations: [{
      name: 'templates',
      type: 'Readonly<Record<TemplateKey, TemplateMeta>>',
      initializer: `{\n${sorted.map((m) => `  ${str(templateKey(m))}: ${literal(Object.fromEntries(META_KEYS.map((k) => [k, m[k]])), '  ')},`).join('\n')}\n}`,
    }],
  });
  f.addTypeAlias({
    name: 'OneKey', typeParameters: [{ name: 'K' }, { name: 'All', default: 'K' }],
    docs: ['Whether K is a single key (a union of keys would accept the values of any one of them).'],
    type: 'K extends unknown ? ([All] extends [K] ? true : false) : never',
  });
  f.addTypeAlias({
    isExported: true, name: 'TemplateOptions', typeParameters: [{ name: 'K', constraint: 'TemplateKey' }],
    docs: ['What `sendTemplate` takes for the key K: `TemplateSendOptions[K]` for one key, `never` for a union of keys. A generic wrapper types its options with it (`<K extends TemplateKey>(c: Client, key: K, options: TemplateOptions<K>)`), and passes them to `sendTemplate` as they are: its callers are checked as `sendTemplate`\'s are.'],
    type: '[OneKey<K>] extends [true] ? TemplateSendOptions[K] : never',
  });
  f.addFunction({
    isExported: true, name: 'sendTemplate', typeParameters: [{ name: 'K', constraint: 'TemplateKey' }],
    docs: ['Sends a template with its placeholder values, checked at compile time and again at run time. The key is one template (a union of keys does not compile: narrow it first); a template with no text to send (an RCS card alone), or with a value the module does not hold (a secret: `unfilled`), takes no call that compiles; one with parts a conversation cannot carry compiles only with `textOnly: true`, a localised authentication text only with `presetText`.'],
    parameters: [{ name: 'client', type: 'Client' }, { name: 'key', type: 'K' }, { name: 'options', type: 'TemplateOptions<K>' }],
    returnType: 'Promise<Sent>',
    statements: 'return sendTemplateWith(client, templateOf(templates, key), options as SendTemplateOptions<TemplateParamValues>);',
  });
  f.formatText({ indentSize: 2, convertTabsToSpaces: true, ensureNewLineAtEndOfFile: true });
  return GENERATED_HEADER(o.source, { ...(o.environment ? { environment: o.environment } : {}), ...(o.importFrom !== undefined ? { importFrom: o.importFrom } : {}) }) + f.getFullText();
}
