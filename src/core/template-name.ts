// Pure: a template's name (WhatsApp's: lowercase letters, digits and underscores, 1 to 512), and the
// name meant by one in another form, for lint's name-format and `tplsync new --name` alike.

export const TEMPLATE_NAME = /^[a-z0-9_]{1,512}$/;

/**
 * The name `v` means, in the form a name takes (`Hello-World` and `hello world`: hello_world):
 * lower case, each run of other characters one `_`, none at either end; undefined when nothing is
 * left of it (`---`) or it is `v` itself.
 */
export function templateNameMeant(v: string): string | undefined {
  const fixed = v.toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 512);
  return fixed && fixed !== v ? fixed : undefined;
}
