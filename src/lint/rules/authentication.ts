// WhatsApp authentication rules (and the message TTL of every category), one pure check each.
// Sources: Meta authentication templates, zero-tap authentication, time-to-live for templates
// (reference/platform-rules.md, "WhatsApp: authentication").
import { readPresetAuthenticationBody, readPresetExpiryFooter } from '../../model/authentication.js';
import { charLength, distinctKeys } from '../../model/placeholders.js';
import { arr, defineRules, obj, str, type RuleContext } from '../rule.js';
import { buttonsOfType } from './whatsapp.js';
import { footerTextAsMapping } from './schema.js';

const source = 'Meta authentication templates';
const isAuth = (ctx: Pick<RuleContext, 't'>): boolean => ctx.t.category === 'AUTHENTICATION';
/** a valid category other than AUTHENTICATION (a misspelt one is the schema's finding, not a reason for more) */
const isOtherCategory = (ctx: RuleContext): boolean => ctx.t.category === 'MARKETING' || ctx.t.category === 'UTILITY';
const otpButtons = (ctx: RuleContext) => buttonsOfType(ctx, 'OTP');
const URL_IN_TEXT = /\bhttps?:\/\/\S+|\bwww\.\S+/i;
const EMOJI = /\p{Extended_Pictographic}/u;
const ANDROID_PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;

/**
 * What is wrong with an app signature hash, if anything. Meta takes exactly 11 characters of
 * letters, digits, +, / and = (the base64 alphabet: Android's SMS Retriever hash, the first 11
 * characters of a base64 SHA-256); anything else is refused when the template is created. A hash
 * from a base64url encoder writes + as - and / as _, which is said.
 */
export function signatureHashProblem(hash: string): string | undefined {
  const n = charLength(hash);
  const bad = [...hash].find((c) => !/^[A-Za-z0-9+/=]$/.test(c));
  if (bad !== undefined) {
    const which = bad === '-' || bad === '_' ? `'${bad}' (a base64url encoder's; the hash is plain base64: write ${bad === '-' ? '+' : '/'} for ${bad})`
      : /\s/.test(bad) ? (bad === ' ' ? 'a space' : `a blank (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`)
        : /[\p{Cf}\p{Cc}]/u.test(bad) ? `U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}, a character that cannot be seen` : `'${bad}'`;
    return `The signature hash holds ${which}: it is 11 characters of letters, digits, +, / and =${n !== 11 ? ` (this one has ${n})` : ''}.`;
  }
  if (n !== 11) return `The signature hash is exactly 11 characters; this one has ${n}.`;
  return undefined;
}

/** message_send_ttl_seconds bounds per category (Meta time-to-live for templates). */
export const MESSAGE_TTL: Readonly<Record<string, readonly [number, number]>> = {
  AUTHENTICATION: [30, 900], UTILITY: [30, 43200], MARKETING: [43200, 2592000],
};

/** the categories whose message_send_ttl_seconds may be -1: a custom time-to-live of 30 days */
export const TTL_30_DAYS: ReadonlySet<string> = new Set(['AUTHENTICATION', 'UTILITY']);

function ttlCheck(ctx: RuleContext, auth: boolean): void {
  const ttl = ctx.t.message_send_ttl_seconds;
  const cat = str(ctx.t.category);
  if (typeof ttl !== 'number' || !cat || (cat === 'AUTHENTICATION') !== auth) return;
  const range = MESSAGE_TTL[cat];
  // -1 asks for a custom time-to-live of 30 days, for authentication and utility templates only
  if (ttl === -1 && TTL_30_DAYS.has(cat)) return;
  if (range && (ttl < range[0] || ttl > range[1])) {
    const also = TTL_30_DAYS.has(cat) ? ' (or -1 for 30 days)' : '';
    ctx.report(['message_send_ttl_seconds'], `message_send_ttl_seconds of ${cat === 'AUTHENTICATION' ? 'an' : 'a'} ${cat} template is ${range[0]} to ${range[1]}${also}; ${ttl} is out of range.`);
  }
}

/**
 * Whether a custom text says exactly what WhatsApp's preset English text says (the code as any
 * one placeholder, bold or not, with or without the security sentence): then it changes nothing.
 */
function isPresetWording(text: string, language: string): boolean {
  return readPresetAuthenticationBody(text, language) !== undefined;
}

/** the minutes of a footer that is WhatsApp's English expiry line word for word ("This code expires in 5 minutes."), in an en* template */
function presetExpiryFooter(ctx: Pick<RuleContext, 't'>): number | undefined {
  const footer = str(ctx.t.footer);
  return footer === undefined ? undefined : readPresetExpiryFooter(footer, str(ctx.t.language) ?? '');
}

export const authenticationRules = defineRules([
  {
    id: 'authentication-preset-text', group: 'whatsapp', severity: 'warning',
    summary: 'An AUTHENTICATION template leaves its text to WhatsApp: its `body` has no `text` of its own.',
    why: 'Meta\'s authentication templates have preset text, fixed and not customizable: WhatsApp sends "<code> is your verification code." (with the optional security sentence and expiry line, in the template\'s language), not a text of your own. A custom text is kept only in files of version 1 and in older approved templates pulled from Meta\'s listing, which may hold one: a file cannot tell a new template from such a pulled one, so this is a warning. `tplsync plan` and `apply` can: they refuse to create an authentication template with a custom text, or to change an existing one\'s text to a custom one (held, kind `refused`, exit 1); a pulled one unchanged goes ahead.',
    fix: 'Drop `body.text` (and its `examples`) and ask for WhatsApp\'s sentences instead: `body.add_security_recommendation: true`, `footer.code_expiration_minutes: 10`. A template pulled with its approved custom text may keep it unchanged.', source,
    check(ctx) {
      if (!isAuth(ctx)) return;
      const text = str(obj(ctx.t.body)?.text);
      if (text === undefined || isPresetWording(text, str(ctx.t.language) ?? '')) return;
      ctx.report(['body', 'text'], 'WhatsApp writes the text of an authentication template itself and does not take a custom one ("<code> is your verification code."); drop `text` and use `add_security_recommendation` and `footer.code_expiration_minutes`.');
    },
  },
  {
    id: 'authentication-custom-text', group: 'whatsapp', severity: 'error',
    summary: 'A custom AUTHENTICATION body holds one placeholder (the code), no URL and no emoji.',
    why: 'WhatsApp writes authentication texts itself and rejects custom ones with URLs, media or emoji.',
    fix: 'Drop `body.text` and let WhatsApp write the text (`add_security_recommendation`, `footer.code_expiration_minutes`), or remove the URL or emoji.', source,
    check(ctx) {
      if (!isAuth(ctx)) return;
      const text = str(obj(ctx.t.body)?.text);
      if (text === undefined) return;
      const url = URL_IN_TEXT.exec(text);
      if (url) ctx.report(['body', 'text'], 'An authentication text cannot hold a URL.', { at: { start: url.index, end: url.index + url[0].length } });
      const emoji = EMOJI.exec(text);
      if (emoji) ctx.report(['body', 'text'], 'An authentication text cannot hold emoji.', { at: { start: emoji.index, end: emoji.index + emoji[0].length } });
      const s = ctx.scan(['body', 'text']);
      const keys = distinctKeys(s.placeholders);
      if (keys.length > 1) ctx.report(['body', 'text'], `An authentication text has one placeholder, the code; found ${keys.length}.`, { at: s.placeholders.find((p) => p.key === keys[1])! });
    },
  },
  {
    id: 'authentication-preset-keys', group: 'whatsapp', severity: 'error',
    summary: '`add_security_recommendation` and `code_expiration_minutes` belong to AUTHENTICATION templates whose text WhatsApp writes.',
    why: 'They ask WhatsApp to add its own sentences to its own authentication text; elsewhere they mean nothing and are rejected.',
    fix: 'Remove the key, or make the template AUTHENTICATION without `body.text`.', source,
    check(ctx) {
      const body = obj(ctx.t.body);
      if (body?.add_security_recommendation !== undefined) {
        if (isOtherCategory(ctx)) ctx.report(['body', 'add_security_recommendation'], 'add_security_recommendation is only for AUTHENTICATION templates.', { part: 'key' });
        else if (isAuth(ctx) && body.text !== undefined) ctx.report(['body', 'add_security_recommendation'], 'add_security_recommendation adds WhatsApp\'s sentence to WhatsApp\'s text; with your own `text`, write the sentence there.', { part: 'key' });
      }
      const footer = obj(ctx.t.footer);
      // `footer: { text: ... }` (the Cloud API's FOOTER component): the text written as the footer itself, said once
      if (footer && isOtherCategory(ctx) && footerTextAsMapping(ctx.t)) ctx.report(['footer'], `A footer is plain text: write \`footer: ${JSON.stringify(footer.text)}\` (a footer mapping is only AUTHENTICATION's \`{ code_expiration_minutes: N }\`).`, { part: 'key' });
      else if (footer && isOtherCategory(ctx)) ctx.report(['footer', 'code_expiration_minutes'], 'code_expiration_minutes is only for AUTHENTICATION templates; a footer is plain text otherwise.', { part: 'key' });
    },
  },
  {
    id: 'authentication-footer', group: 'whatsapp', severity: 'error',
    summary: 'An AUTHENTICATION template\'s footer is WhatsApp\'s expiry line (`footer: { code_expiration_minutes: N }`), not a text of its own.',
    why: 'Meta\'s authentication templates are preset text, an optional security sentence, an optional expiry warning and the code button: the only footer WhatsApp shows is its own "This code expires in N minutes." A footer text is not part of the template and is rejected.',
    fix: 'Remove the footer text; for the expiry line write `footer: { code_expiration_minutes: 10 }`. A footer that is WhatsApp\'s English expiry line word for word ("This code expires in 5 minutes.", as Meta\'s listing may return it) is that preset: `footer: { code_expiration_minutes: 5 }`.', source,
    check(ctx) {
      if (!isAuth(ctx) || typeof ctx.t.footer !== 'string') return;
      const minutes = presetExpiryFooter(ctx);
      if (minutes !== undefined) ctx.report(['footer'], `"${ctx.t.footer.trim()}" is WhatsApp's own expiry line, which an AUTHENTICATION template asks for as \`footer: { code_expiration_minutes: ${minutes} }\`, not as a text (lint --fix writes it so).`);
      else ctx.report(['footer'], 'An AUTHENTICATION template has no footer text of its own; WhatsApp writes its expiry line from `footer: { code_expiration_minutes: N }`.');
    },
    repair(ctx) {
      const minutes = isAuth(ctx) ? presetExpiryFooter(ctx) : undefined;
      return minutes === undefined ? [] : [{ op: 'remove', path: ['footer'] }, { op: 'add', path: ['footer'], key: 'code_expiration_minutes', value: minutes }];
    },
    repairTitle: 'Write WhatsApp\'s English expiry line ("This code expires in N minutes.") as `footer: { code_expiration_minutes: N }`',
    quickFixTitle: 'Write the expiry line as footer.code_expiration_minutes',
  },
  {
    id: 'authentication-code-expiration', group: 'whatsapp', severity: 'error',
    summary: '`footer.code_expiration_minutes` is 1 to 90.', why: 'WhatsApp accepts a code expiry of 1 to 90 minutes.',
    fix: 'Give a whole number of minutes from 1 to 90.', source,
    check(ctx) {
      const m = obj(ctx.t.footer)?.code_expiration_minutes;
      if (typeof m === 'number' && (m < 1 || m > 90)) ctx.report(['footer', 'code_expiration_minutes'], `code_expiration_minutes is 1 to 90; ${m} is out of range.`);
    },
  },
  {
    id: 'authentication-apps', group: 'whatsapp', severity: 'error',
    summary: 'A ONE_TAP or ZERO_TAP button lists 1 to 5 supported apps, each a package name (at most 224 characters) and a signature hash of exactly 11 letters, digits, +, / or =; COPY_CODE lists none.',
    why: 'WhatsApp hands the code only to the Android apps named here, identified by package and signing-key hash.',
    fix: 'Add `supported_apps: [{ package_name: com.example.app, signature_hash: <11 characters> }]`.', source,
    check(ctx) {
      for (const { v: b, i } of otpButtons(ctx)) {
        const tap = b.otp_type === 'ONE_TAP' || b.otp_type === 'ZERO_TAP';
        const apps = arr(b.supported_apps);
        if (!tap) {
          if (b.supported_apps !== undefined && b.otp_type === 'COPY_CODE') ctx.report(['buttons', i, 'supported_apps'], 'A COPY_CODE button hands the code to no app; remove supported_apps (or use ONE_TAP).', { part: 'key' });
          continue;
        }
        // the app written on the button itself (Meta's older shape): the schema says to move it under supported_apps, once
        const olderShape = b.supported_apps === undefined && (b.package_name !== undefined || b.signature_hash !== undefined);
        if (apps.length === 0 && !olderShape) ctx.report(b.supported_apps === undefined ? ['buttons', i, 'otp_type'] : ['buttons', i, 'supported_apps'], `A ${String(b.otp_type)} button needs supported_apps: 1 to 5 Android apps.`);
        if (apps.length > 5) ctx.report(['buttons', i, 'supported_apps', 5], `At most 5 supported apps; this is app 6 of ${apps.length}: remove ${apps.length - 5 === 1 ? 'one' : `${apps.length - 5}`} (WhatsApp offers the one-tap or zero-tap autofill to 5 apps at most).`);
        apps.forEach((v, k) => {
          const app = obj(v);
          const pkg = str(app?.package_name);
          const hash = str(app?.signature_hash);
          const at = ['buttons', i, 'supported_apps', k];
          if (pkg !== undefined && (charLength(pkg) > 224 || !ANDROID_PACKAGE.test(pkg))) ctx.report([...at, 'package_name'], `'${pkg.slice(0, 40)}' is not an Android package name of at most 224 characters (e.g. com.example.shop).`);
          if (hash !== undefined) {
            const wrong = signatureHashProblem(hash);
            if (wrong) ctx.report([...at, 'signature_hash'], wrong);
          }
        });
      }
    },
  },
  {
    id: 'authentication-autofill', group: 'whatsapp', severity: 'error',
    summary: '`autofill_text` is only on a ONE_TAP or ZERO_TAP button, at most 25 characters.', why: 'Only one-tap buttons (and zero-tap ones, which fall back to one-tap autofill) show an autofill label.',
    fix: 'Remove autofill_text, or shorten it.', source,
    check(ctx) {
      for (const { v: b, i } of otpButtons(ctx)) {
        const t = str(b.autofill_text);
        if (t === undefined) continue;
        // Meta's zero-tap example carries it too: a zero-tap message that cannot be broadcast shows the one-tap autofill button
        if (b.otp_type === 'COPY_CODE') ctx.report(['buttons', i, 'autofill_text'], 'autofill_text is only for ONE_TAP and ZERO_TAP buttons, not COPY_CODE.', { part: 'key' });
        else if (charLength(t) > 25) ctx.report(['buttons', i, 'autofill_text'], `The autofill label is ${charLength(t)} characters; the limit is 25.`);
      }
    },
  },
  {
    id: 'authentication-zero-tap-terms', group: 'whatsapp', severity: 'error',
    summary: 'A ZERO_TAP button sets `zero_tap_terms_accepted: true`; other buttons do not set it.',
    why: 'WhatsApp delivers zero-tap codes only when the business has accepted its zero-tap terms.',
    fix: 'Add `zero_tap_terms_accepted: true` after reading WhatsApp\'s zero-tap terms, or use ONE_TAP.', source: 'Meta zero-tap authentication templates',
    check(ctx) {
      for (const { v: b, i } of otpButtons(ctx)) {
        if (b.otp_type === 'ZERO_TAP') {
          if (b.zero_tap_terms_accepted === undefined) ctx.report(['buttons', i, 'otp_type'], 'A ZERO_TAP button needs `zero_tap_terms_accepted: true`.');
          else if (b.zero_tap_terms_accepted !== true) ctx.report(['buttons', i, 'zero_tap_terms_accepted'], 'A ZERO_TAP button needs `zero_tap_terms_accepted: true`.');
        } else if (b.zero_tap_terms_accepted !== undefined) {
          ctx.report(['buttons', i, 'zero_tap_terms_accepted'], `zero_tap_terms_accepted is only for ZERO_TAP buttons, not ${String(b.otp_type)}.`, { part: 'key' });
        }
      }
    },
  },
  {
    id: 'authentication-message-ttl', group: 'whatsapp', severity: 'error',
    summary: '`message_send_ttl_seconds` of an AUTHENTICATION template is 30 to 900, or -1 (30 days).', why: 'WhatsApp rejects other values for authentication templates; -1 sets a custom time-to-live of 30 days.',
    fix: 'Give 30 to 900 seconds, or -1 for 30 days.', source: 'Meta time-to-live for templates',
    check(ctx) { ttlCheck(ctx, true); },
  },
  {
    id: 'message-ttl', group: 'whatsapp', severity: 'warning',
    summary: '`message_send_ttl_seconds` is 30 to 43200 (or -1, 30 days) for UTILITY and 43200 to 2592000 for MARKETING.',
    why: 'WhatsApp documents these ranges, and -1 (a custom time-to-live of 30 days) for utility templates; a value outside them is not the time-to-live the template gets. A warning, not an error: the MARKETING range is the Marketing Messages API\'s, and the platform may leave the field aside rather than refuse the template.', fix: 'Give a value in the range of the category (-1 only for UTILITY).',
    source: 'Meta time-to-live for templates',
    check(ctx) { ttlCheck(ctx, false); },
  },
]);
