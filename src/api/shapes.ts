// The wire shapes of schema/openapi.yaml as TypeScript types.

export interface WireButton {
  type: string;
  text?: string;
  url?: string;
  phone_number?: string;
  otp_type?: string;
  flow?: { id: string; action?: string; navigateScreen?: string };
  example?: string | string[];
  /** OTP (ONE_TAP): the autofill button's label */
  autofill_text?: string;
  /** OTP (ONE_TAP, ZERO_TAP): the Android apps that receive the code */
  supported_apps?: { package_name: string; signature_hash: string }[];
  /** OTP (ZERO_TAP) */
  zero_tap_terms_accepted?: boolean;
  /** VOICE_CALL: how long the button works after sending, in minutes (Cloud API) */
  ttl_minutes?: number;
  /** FLOW by name or inline JSON, and its first action and screen (Cloud API; a flow by id is `flow`) */
  flow_name?: string;
  flow_json?: string;
  flow_action?: string;
  navigate_screen?: string;
  /** URL (marketing): the Android app link the button opens on Android (Cloud API) */
  app_deep_link?: { meta_app_id: number | string; android_deep_link: string; android_fallback_playstore_url?: string };
}

/** The samples of a component as the Cloud API writes them inline (carousel cards; the read). */
export interface ComponentExample { header_handle?: string[]; header_text?: string[]; body_text?: string[][] }

/** One component of a carousel card: HEADER (media), BODY, BUTTONS, each with its samples inline. */
export interface CardComponent { type: string; format?: string; text?: string; buttons?: WireButton[]; example?: ComponentExample }

/** The parts the Cloud API adds for carousels, limited-time offers and authentication (FORMAT 1.1). */
export interface KindFields {
  /** CAROUSEL */
  cards?: { components: CardComponent[] }[];
  /** LIMITED_TIME_OFFER */
  limited_time_offer?: { text: string; has_expiration?: boolean };
  /** BODY of an AUTHENTICATION template whose text WhatsApp writes */
  add_security_recommendation?: boolean;
  /** FOOTER of an AUTHENTICATION template */
  code_expiration_minutes?: number;
}

export interface WriteComponent extends KindFields {
  /** CALL_PERMISSION_REQUEST (format 1.2, Cloud API): the component with no fields of its own */
  type: 'HEADER' | 'BODY' | 'FOOTER' | 'BUTTONS' | 'CAROUSEL' | 'LIMITED_TIME_OFFER' | 'CALL_PERMISSION_REQUEST';
  format?: string;
  text?: string;
  buttons?: WireButton[];
}

export interface ReadComponent extends KindFields {
  type: string;
  format?: string;
  text?: string;
  buttons?: WireButton[];
  example?: ComponentExample;
}

export interface WireSuggestion {
  text?: string; action?: string; tracking?: boolean; webviewType?: string; postbackData?: string; openUrlApplication?: string;
  /** dial (assumption: RBM's key names, flat on the suggestion; docs/api-assumptions.md) */
  phoneNumber?: string;
  /** view_location */
  latLong?: { latitude: number; longitude: number }; label?: string; query?: string;
  /** create_calendar_event */
  startTime?: string; endTime?: string; title?: string; description?: string;
}

export interface WireMessage {
  type?: string;
  message?: string;
  fileUrl?: string;
  thumbnailUrl?: string;
  previewUrl?: string | null;
  suggestions?: WireSuggestion[];
  richCards?: { fileUrl?: string; thumbnailUrl?: string; title?: string; description?: string; suggestions?: WireSuggestion[] }[];
  rcsExpireOpts?: { type?: string; ttl?: number; expireTime?: string };
  rcsRichCardsOpts?: { type?: string; imageAlign?: string; orientation?: string; cardWidth?: string; mediaHeight?: string };
  /** assumption: the SMS sent to phones without RCS (docs/api-assumptions.md) */
  fallback?: { text?: string };
}

/** The inner chat-app (WhatsApp) definition of a template write. */
export interface WriteChatapp {
  name?: string;
  description?: string;
  chatapp: {
    name: string;
    language: string;
    category: string;
    components: WriteComponent[];
    example?: Record<string, string>;
    /** drop the message when it is not delivered within this many seconds */
    message_send_ttl_seconds?: number;
    /** assumption (Cloud API): ORDER_STATUS, an order status template */
    sub_category?: string;
    /** assumption (Cloud API): ORDER_DETAILS, an order details template */
    display_format?: string;
    /** assumption (Cloud API): the URL buttons' click tracking turned off (written only when true) */
    cta_url_link_tracking_opted_out?: boolean;
  };
}

export interface TemplateWriteRequest {
  name: string;
  description?: string;
  /** the WhatsApp definition; absent for an RCS-only template (assumption, docs/api-assumptions.md) */
  chatapp?: WriteChatapp;
  /** the language of an RCS-only template, which has no chatapp to carry it (assumption) */
  language?: string;
  message?: WireMessage;
}

export interface TemplateWriteResponse {
  name: string; publicId: string; tariffType?: number; description?: string; status: number; statusText: string; message?: WireMessage;
}

export interface TemplateReadResponse {
  name: string;
  publicId: string;
  tariffType?: number;
  description?: string;
  status: number;
  statusText: string;
  rejectionReason?: string;
  /** assumption: what the reviewer recommends doing about the rejection (WhatsApp's rejection_info.recommendation) */
  recommendation?: string;
  /** assumption: WhatsApp's quality score of the template */
  qualityScore?: QualityScore;
  /** assumption: how often the platform has paused the template for low quality (the third pause disables it) */
  pauseCount?: number;
  /** assumption: while PAUSED, when the pause ends (ISO 8601) */
  pausedUntil?: string;
  /** absent for an RCS-only template (assumption) */
  chatapp?: {
    name: string; components: ReadComponent[]; id?: string; language: string; status: string; message_send_ttl_seconds?: number;
    /** assumption: returned as written (Cloud API's sub_category, display_format) */
    sub_category?: string; display_format?: string;
    /** assumption: returned as written (Cloud API's link tracking opt-out) */
    cta_url_link_tracking_opted_out?: boolean;
    /** assumption: the category the platform approved it under, when the service reports it (a re-categorisation shows here) */
    category?: string;
  };
  /** the language of an RCS-only template (assumption) */
  language?: string;
  message?: WireMessage;
}

export interface ConversationRequest {
  clientMessageId: string;
  messages: { receiver: string; type: string; data: { message: string }; suggestions?: { action: string; text: string; postbackData?: string }[] }[];
}

export interface ConversationResponse {
  clientMessageId: string;
  messages: { createdDate: string; status: number; publicId: string }[];
}

/**
 * One receiver of a message status read. `status` is the service's number (the API document does not
 * give its meaning; tplsync assumes the WeCom shape the answer follows, docs/api-assumptions.md):
 * 0 not sent, 1 sent, 2 failed (not a contact), 3 failed (quota). Not the scale of a send's answer
 * (`messages[].status`: 1 pending, 2 success, 3 fail, 4 delivered, 5 read): 2 there is a success, here a failure.
 * `statusText`, added by the client, is that number in words (MESSAGE_STATUS_WORDS), null for a number outside it.
 */
export interface SendListEntry { external_userid: string; userid: string; status: number; statusText?: string | null }

/** send_list `status` in words (the WeCom meanings the response follows; docs/api-assumptions.md) */
export const MESSAGE_STATUS_WORDS: Readonly<Record<number, string>> = { 0: 'not sent', 1: 'sent', 2: 'failed: not a contact', 3: 'failed: quota reached' };

/** a send_list status in words, or null for a number the assumed scale does not have */
export const messageStatusText = (status: number): string | null => (Object.hasOwn(MESSAGE_STATUS_WORDS, status) ? MESSAGE_STATUS_WORDS[status]! : null);

export interface MessageStatusResponse {
  result: { msgid?: string; errmsg?: string; errcode: number; fail_list?: unknown[] };
  status: { errcode: number; errmsg?: string; next_cursor: string; send_list: SendListEntry[] };
}

export interface ErrorBody { code: number; message: string; errors?: { name?: string; code: string; message: string }[] }

/** WhatsApp's 13 template states, a read's statusText (NotSendable.status: a `switch` over it is checked) */
export type TemplateState = 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED' | 'IN_APPEAL' | 'FLAGGED' | 'LIMIT_EXCEEDED' | 'LOCKED' | 'PENDING_DELETION' | 'DELETED' | 'ARCHIVED' | 'REINSTATED';

/** Template state names (statusText, WhatsApp's 13) and the numbers tplsync assumes for them. */
export const TEMPLATE_STATUS: Readonly<Record<string, number>> = {
  PENDING: 1, APPROVED: 2, REJECTED: 3, PAUSED: 4, DISABLED: 5,
  IN_APPEAL: 6, FLAGGED: 7, LIMIT_EXCEEDED: 8, LOCKED: 9, PENDING_DELETION: 10, DELETED: 11, ARCHIVED: 12, REINSTATED: 13,
} satisfies Record<TemplateState, number>;

/** Whether a read's statusText is one of WhatsApp's 13 states. */
export const isTemplateState = (s: unknown): s is TemplateState => typeof s === 'string' && Object.hasOwn(TEMPLATE_STATUS, s);

/** WhatsApp's quality scores of a template. */
export const QUALITY_SCORES = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type QualityScore = (typeof QUALITY_SCORES)[number];
