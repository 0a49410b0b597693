// Pure: the fields of Meta's template (its create request, its Graph API object) that the partner
// API does not carry, one table for every reader: lint names each written in a file
// (rather than "Unknown key"), and `pull --from meta` reads them (src/formats/meta.ts).
// The partner API's template write carries a template's name, language, category, components and
// samples only (/work/shared/reference/partner-messaging-api.md, "Template write request body"):
// no field for Meta's template library, nor for the settings Meta keeps with a template.
// docs/format.md, "Meta fields the partner API does not carry".

/** One field of Meta's template the partner API has no field for. */
export interface MetaFieldNotCarried {
  /**
   * `library`: part of a create request from Meta's template library (Meta writes the library
   * template's fixed content into the template it creates); `setting`: how Meta delivers, prices or
   * optimises the template's messages, which it keeps with the template, no part of what WhatsApp reviews
   */
  kind: 'library' | 'setting';
  /** what it is, in Meta's terms */
  what: string;
  /** a setting's default (a boolean every listing gives): a value that says nothing */
  default?: boolean;
}

export const META_FIELDS_NOT_CARRIED: Readonly<Record<string, MetaFieldNotCarried>> = {
  // Meta's template library (templates/template-library: "Create via library_template_name +
  // library_template_button_inputs"); the body inputs of an authentication library template as AWS's
  // CreateWhatsAppMessageTemplateFromLibrary restates them (libraryTemplateBodyInputs). On a listing's
  // template (with its components) library_template_name is the library template it was made from
  library_template_name: { kind: 'library', what: 'the name of a template of Meta\'s template library, whose fixed content Meta writes into the template a create request makes' },
  library_template_button_inputs: { kind: 'library', what: 'the list of values a create request from Meta\'s template library gives the library template\'s buttons (a URL, a phone number, an OTP type)' },
  library_template_body_inputs: { kind: 'library', what: 'the set of options a create request from Meta\'s template library gives the library template\'s body (a contact number, a learn-more link, a security recommendation, a code expiry)' },
  // the settings of Meta's template object (Graph API reference, "WhatsApp Business HSM")
  is_primary_device_delivery_only: { kind: 'setting', default: false, what: 'Meta\'s setting that delivers the template\'s messages to the recipient\'s primary device only, not to their linked devices' },
  disable_ios_autofill: { kind: 'setting', default: false, what: 'Meta\'s setting that turns the code\'s autofill off on iOS' },
  // the Marketing Messages API's: which creative optimizations Meta may apply to the messages (send-marketing-messages, "creative_features_spec")
  degrees_of_freedom_spec: { kind: 'setting', what: 'the creative optimizations Meta may apply to the template\'s messages sent through the Marketing Messages API (opted in or out)' },
  // the Marketing Messages API's max price per 1,000 deliveries (beta), optimization_spec its new name from June 2026
  bid_spec: { kind: 'setting', what: 'the maximum price per 1,000 deliveries of the template\'s messages sent through the Marketing Messages API (without it, Meta\'s rate card applies)' },
  optimization_spec: { kind: 'setting', what: 'the maximum price per 1,000 deliveries of the template\'s messages sent through the Marketing Messages API (bid_spec\'s new name; without it, Meta\'s rate card applies)' },
};

/** The field of the table `key` is, if it is one. */
export function metaFieldNotCarried(key: string): MetaFieldNotCarried | undefined {
  return Object.hasOwn(META_FIELDS_NOT_CARRIED, key) ? META_FIELDS_NOT_CARRIED[key] : undefined;
}

/** The fields of one kind: the library's, or the settings. */
export const metaFieldsOfKind = (kind: MetaFieldNotCarried['kind']): string[] => Object.keys(META_FIELDS_NOT_CARRIED).filter((k) => META_FIELDS_NOT_CARRIED[k]!.kind === kind);

const DOC = 'docs/format.md, "Meta fields the partner API does not carry"';

/** Why a create request from Meta's template library cannot be written, said by lint and pull alike. */
export const LIBRARY_NOT_CARRIED = `the partner API's template write carries a template's components only, so it cannot create a template from Meta's template library (${DOC})`;

/**
 * What to do instead: create it at Meta, then pull the template Meta made. `listing` is how the
 * listing is fetched (pull adds the `fields=` it needs).
 */
export function libraryAdvice(listing = 'GET /<WABA_ID>/message_templates'): string {
  return `create the template from the library in WhatsApp Manager or through Meta's Graph API (POST /<WABA_ID>/message_templates with library_template_name), then \`tplsync pull --from meta\` the created template's entry of Meta's listing (${listing}), which holds the components the library wrote`;
}

/** Lint's message for a key of the table written in a template file. */
export function metaFieldMessage(key: string): string | undefined {
  const f = metaFieldNotCarried(key);
  if (!f) return undefined;
  if (f.kind === 'library') return `'${key}' is ${f.what}: ${LIBRARY_NOT_CARRIED}. Write the template's content here instead: ${libraryAdvice()}`;
  return `'${key}' is ${f.what}, which Meta keeps with the template (no content WhatsApp reviews) and which is not carried: the partner API's template write has no field for it, so the channel would never receive it (${DOC}). Set it through Meta (WhatsApp Manager or the Graph API) and remove it here`;
}
