// Pure: the text WhatsApp writes for an AUTHENTICATION template whose file gives no text of its
// own. One place for it: the preview draws it, `send` sends it, typegen names its one parameter.
import { presetAuthenticationBody, type CanonicalTemplate } from './canonical.js';

/** The parameter of the code in an authentication template without text of its own. */
export const CODE_PARAM = 'code';

export interface PresetText {
  /** the body, in the file's form: the code as {{code}} */
  body: string;
  footer?: string;
  /** false: WhatsApp writes the text in the template's language; this is its English wording */
  exact: boolean;
}

/**
 * WhatsApp's English wording (Meta authentication templates): "*<code>* is your verification
 * code." plus "For your security, do not share this code." and, as the footer, "This code
 * expires in N minutes.". For languages other than en*, WhatsApp localises it.
 */
export function presetAuthenticationText(o: { language: string; addSecurityRecommendation?: boolean; codeExpirationMinutes?: number }): PresetText {
  const body = `*{{${CODE_PARAM}}}* is your verification code.${o.addSecurityRecommendation ? ' For your security, do not share this code.' : ''}`;
  const m = o.codeExpirationMinutes;
  return {
    body,
    ...(m !== undefined ? { footer: expiryLine(m) } : {}),
    exact: /^en(_|$)/.test(o.language),
  };
}

/** WhatsApp's English expiry line of an authentication template ("This code expires in 10 minutes."). */
const expiryLine = (m: number): string => `This code expires in ${m} minute${m === 1 ? '' : 's'}.`;

/**
 * The line WhatsApp writes under an authentication template's body for `footer: {
 * code_expiration_minutes }`, whether the body is WhatsApp's preset text or a text of the file's own
 * (the form pull writes from Meta's listing): its English wording, `exact` for an en* template; for
 * another language WhatsApp words it in that language, which tplsync does not know.
 */
export function expiryLineOf(c: CanonicalTemplate): { text: string; exact: boolean } | undefined {
  if (c.codeExpirationMinutes === undefined || c.footer !== undefined) return undefined;
  return { text: expiryLine(c.codeExpirationMinutes), exact: /^en(_|$)/.test(c.language) };
}

/** The text WhatsApp writes for a template, when it is an authentication template without text of its own. */
export function presetTextOf(c: CanonicalTemplate): PresetText | undefined {
  if (!presetAuthenticationBody(c)) return undefined;
  return presetAuthenticationText({
    language: c.language,
    ...(c.body.addSecurityRecommendation ? { addSecurityRecommendation: true } : {}),
    ...(c.codeExpirationMinutes !== undefined ? { codeExpirationMinutes: c.codeExpirationMinutes } : {}),
  });
}

const SECURITY = 'For your security, do not share this code.';

/**
 * Pure: WhatsApp's English preset body read back, as Meta's listing returns it ("*{{1}}* is your
 * verification code." and the security sentence when it was asked for; the code as any one
 * placeholder, bold or not): what the file says of it, or undefined for a text of its own (or a
 * language other than en*, whose wording WhatsApp localises).
 */
export function readPresetAuthenticationBody(text: string, language: string): { addSecurityRecommendation: boolean } | undefined {
  if (!/^en(_|$)/.test(language)) return undefined;
  const t = text.trim().replace(/\s+/g, ' ').replace(/^\*?\{\{[A-Za-z0-9_]+\}\}\*?/, '{{code}}');
  if (t === '{{code}} is your verification code.') return { addSecurityRecommendation: false };
  if (t === `{{code}} is your verification code. ${SECURITY}`) return { addSecurityRecommendation: true };
  return undefined;
}

/** Meta's authentication templates page: new authentication templates take WhatsApp's preset text only */
export const AUTHENTICATION_PRESET_DOC = 'https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/authentication-templates/';

/**
 * Pure: an authentication template (its category, or an OTP button) whose body has a text of its own:
 * neither WhatsApp's preset text (no text) nor its English wording written out, as Meta's listing
 * returns it. WhatsApp builds a new authentication template from its preset text only, so plan holds
 * such a create and the exports list it: one judgement for all of them.
 */
export function authenticationTextOfItsOwn(c: Pick<CanonicalTemplate, 'body' | 'category' | 'buttons' | 'language'>): boolean {
  if (c.category !== 'AUTHENTICATION' && !c.buttons.some((b) => b.type === 'OTP')) return false;
  return authenticationPresetBody(c) === undefined;
}

/**
 * Pure: an authentication template's body as WhatsApp's preset, the one form its create request
 * takes (`{"type":"BODY","add_security_recommendation":<bool>}`): asked for (no text), or its
 * wording written out (readPresetAuthenticationBody: the security sentence in it or not); undefined
 * for a text of its own (authenticationTextOfItsOwn), or a body that is no preset's (no
 * authentication template). Plan and the exports judge and write the body by this one function.
 */
export function authenticationPresetBody(c: Pick<CanonicalTemplate, 'body' | 'category' | 'buttons' | 'language'>): { addSecurityRecommendation: boolean } | undefined {
  if (presetAuthenticationBody(c)) return { addSecurityRecommendation: c.body.addSecurityRecommendation === true };
  if (c.category !== 'AUTHENTICATION' && !c.buttons.some((b) => b.type === 'OTP')) return undefined;
  return c.body.text === '' ? undefined : readPresetAuthenticationBody(c.body.text, c.language);
}

/** Pure: WhatsApp's English preset footer ("This code expires in 10 minutes.") read back as its minutes. */
export function readPresetExpiryFooter(text: string, language: string): number | undefined {
  if (!/^en(_|$)/.test(language)) return undefined;
  const m = /^This code expires in ([1-9][0-9]*) minutes?\.$/.exec(text.trim().replace(/\s+/g, ' '));
  return m ? Number(m[1]) : undefined;
}
