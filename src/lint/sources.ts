// Where each platform rule comes from: the page of the platform's documentation that states the
// limit, and the date its rules were last checked against that page (a copy of it, when the live
// page could not be read). Rules name a source by its title (`source` in src/lint/rules/); the
// registry attaches the address and the date, and test/rule-sources.test.ts fails when a rule
// that names a platform document has neither. Re-check a page: compare every rule naming it with
// the page, fix what differs, and move its date.

export interface SourcePage {
  /** the page that states the limit */
  url: string;
  /** when the rules naming it were last compared with it (YYYY-MM-DD) */
  checked: string;
}

const META = 'https://developers.facebook.com/documentation/business-messaging/whatsapp';
const RBM = 'https://developers.google.com/business-communications/rcs-business-messaging';

/** A source that is tplsync's own (a bound on input, a heuristic of its own), not a platform's. */
export function isOwnSource(title: string): boolean { return /^tplsync\b/.test(title); }

export const SOURCES: Readonly<Record<string, SourcePage>> = {
  'Meta components reference': { url: `${META}/templates/components`, checked: '2026-11-25' },
  // what a button label may hold is not on the page: the Graph API's refusal says it ("Buttons can't have any variables, newlines, emojis or formatting characters", subcode 2388060)
  'Meta components reference; Graph API error 2388060': { url: `${META}/templates/components`, checked: '2026-11-30' },
  'Meta components reference; error 132018': { url: `${META}/templates/components`, checked: '2026-11-25' },
  'Meta templates guide': { url: `${META}/templates/overview`, checked: '2026-11-25' },
  'Meta supported languages': { url: `${META}/templates/supported-languages`, checked: '2026-11-25' },
  // Meta's pages no longer list the characters a header or footer cannot hold; a partner's error page quotes the guidelines that did
  'WhatsApp template guidelines (Twilio error 63040)': { url: 'https://www.twilio.com/docs/api/errors/63040', checked: '2026-11-29' },
  // Meta's pages say nothing of a VOICE_CALL beside a PHONE_NUMBER button; a provider that submits to Meta says only one may be on a template
  'Twilio twilio/call-to-action, WhatsApp limitations': { url: 'https://www.twilio.com/docs/content/twilio-call-to-action', checked: '2026-11-30' },
  'Meta supported media types': { url: `${META}/business-phone-numbers/media#supported-media-types`, checked: '2026-11-29' },
  // utility templates are non-promotional; mixed content (an order update with a promo) is marketing
  'Meta template categorization': { url: `${META}/templates/template-categorization`, checked: '2026-12-03' },
  'Meta template review': { url: `${META}/templates/template-review`, checked: '2026-11-25' },
  'Meta template review, "parameter formatting"': { url: `${META}/templates/template-review`, checked: '2026-11-25' },
  'Meta error codes': { url: `${META}/support/error-codes`, checked: '2026-11-25' },
  'Meta error codes; community heuristic': { url: `${META}/support/error-codes`, checked: '2026-11-25' },
  'Meta status webhook rejection info': { url: `${META}/webhooks/reference/message_template_status_update`, checked: '2026-11-25' },
  'Meta Flows templates guide': { url: `${META}/flows/guides/sendingaflow`, checked: '2026-11-25' },
  // the copy-code button's example and the code sent: "Maximum 20 characters" (components page, Jun 2026; coupon page, Dec 2025 and May 2026); older copies of both, and some providers, say 15
  'Meta components reference; Meta coupon code templates': { url: `${META}/templates/marketing-templates/coupon-templates`, checked: '2026-12-01' },
  'Meta coupon code templates': { url: `${META}/templates/marketing-templates/coupon-templates`, checked: '2026-11-28' },
  'Meta authentication templates': { url: `${META}/templates/authentication-templates/authentication-templates`, checked: '2026-11-25' },
  'Meta zero-tap authentication templates': { url: `${META}/templates/authentication-templates/zero-tap-authentication-templates`, checked: '2026-11-25' },
  'Meta time-to-live for templates': { url: `${META}/templates/time-to-live`, checked: '2026-11-25' },
  'Meta limited-time offer templates': { url: `${META}/templates/marketing-templates/limited-time-offer-templates`, checked: '2026-11-25' },
  // the samples count against the offer body's 600 and a card body's 160 (the LTO page's parameter table; the carousel page)
  'Meta error codes; Meta limited-time offer and media card carousel templates': { url: `${META}/templates/marketing-templates/limited-time-offer-templates`, checked: '2026-11-28' },
  'Meta media card carousel templates': { url: `${META}/templates/marketing-templates/media-card-carousel-templates`, checked: '2026-11-25' },
  'Meta media card carousel templates; BSP guides': { url: `${META}/templates/marketing-templates/media-card-carousel-templates`, checked: '2026-11-25' },
  'Meta call button template messages': { url: `${META}/calling/call-button-messages-deep-links#create-and-send-whatsapp-call-button-template-message`, checked: '2026-11-25' },
  'Meta marketing messages deep links': { url: `${META}/marketing-messages/deep-links`, checked: '2026-11-25' },
  'Meta catalog templates': { url: `${META}/templates/marketing-templates/catalog-templates`, checked: '2026-11-25' },
  'Meta multi-product message templates': { url: `${META}/templates/marketing-templates/mpm-templates`, checked: '2026-11-25' },
  'Meta single-product message templates': { url: `${META}/catalogs/spm-template-messages`, checked: '2026-11-25' },
  'Meta product card carousel templates': { url: `${META}/catalogs/product-card-carousel-template-messages`, checked: '2026-11-25' },
  'Meta call permission request templates': { url: `${META}/templates/marketing-templates/call-permission-request-message-template`, checked: '2026-11-25' },
  'Meta order details templates': { url: `${META}/payments/payments-br/orderdetailstemplate`, checked: '2026-11-25' },
  'Meta order status templates': { url: `${META}/payments/payments-in/orderstatustemplate`, checked: '2026-11-25' },
  'RBM send messages guide': { url: `${RBM}/guides/build/messages/send`, checked: '2026-11-25' },
  // the 15 days are said in the page's message expiration section as served in Chinese (hl=zh-cn: ttl 和 expireTime 的最大值为消息提交后的 15 天); the English page speaks of the 30 days an undelivered message is kept without an expiry
  'RBM send messages guide (message expiration, hl=zh-cn)': { url: `${RBM}/guides/build/messages/send?hl=zh-cn#set-message-expiration`, checked: '2026-11-29' },
  'RBM AgentContentMessage': { url: `${RBM}/reference/rest/v1/phones.agentMessages#AgentContentMessage`, checked: '2026-11-25' },
  'RBM phones.agentMessages': { url: `${RBM}/reference/rest/v1/phones.agentMessages`, checked: '2026-11-25' },
  'RBM CardContent': { url: `${RBM}/reference/rest/v1/phones.agentMessages#CardContent`, checked: '2026-11-25' },
  'RBM rich cards guide': { url: `${RBM}/guides/build/messages/send#rich-cards`, checked: '2026-11-25' },
  'RBM CarouselCard': { url: `${RBM}/reference/rest/v1/phones.agentMessages#CarouselCard`, checked: '2026-11-25' },
  // Media.height: "For a standalone card with horizontal layout, height is not customizable, and this field is ignored."
  'RBM Media': { url: `${RBM}/reference/rest/v1/phones.agentMessages#media`, checked: '2026-11-30' },
  'RBM StandaloneCard': { url: `${RBM}/reference/rest/v1/phones.agentMessages#StandaloneCard`, checked: '2026-11-25' },
  'RBM ContentInfo': { url: `${RBM}/reference/rest/v1/phones.agentMessages#ContentInfo`, checked: '2026-11-25' },
  // the file types RBM takes for a file message (images, audio, video, PDF): files.create, read 2026-11-30
  'RBM ContentInfo, files.create': { url: `${RBM}/reference/rest/v1/files/create`, checked: '2026-11-30' },
  'RBM SuggestedReply/SuggestedAction': { url: `${RBM}/reference/rest/v1/phones.agentMessages#Suggestion`, checked: '2026-11-25' },
  'RBM SuggestedAction': { url: `${RBM}/reference/rest/v1/phones.agentMessages#SuggestedAction`, checked: '2026-11-25' },
  'RBM OpenUrlAction': { url: `${RBM}/reference/rest/v1/phones.agentMessages#OpenUrlAction`, checked: '2026-11-25' },
  'RBM DialAction': { url: `${RBM}/reference/rest/v1/phones.agentMessages#DialAction`, checked: '2026-11-25' },
  'RBM ViewLocationAction': { url: `${RBM}/reference/rest/v1/phones.agentMessages#ViewLocationAction`, checked: '2026-11-25' },
  'RBM CreateCalendarEventAction': { url: `${RBM}/reference/rest/v1/phones.agentMessages#CreateCalendarEventAction`, checked: '2026-11-25' },
  'Google Dialogflow RbmStandaloneCard, RbmCardContent': { url: 'https://googleapis.dev/dotnet/Google.Apis.Dialogflow.v3/1.61.0.3098/api/Google.Apis.Dialogflow.v3.Data.GoogleCloudDialogflowV2beta1IntentMessageRbmStandaloneCard.html', checked: '2026-11-29' },
  'AWS RcsCreateCalendarEventAction': { url: 'https://docs.aws.amazon.com/pinpoint/latest/apireference_smsvoicev2/API_RcsCreateCalendarEventAction.html', checked: '2026-11-25' },
  'GSM 03.38 / 3GPP TS 23.040 (SMS part length)': { url: 'https://www.3gpp.org/DynaReport/23040.htm', checked: '2026-11-25' },
};
