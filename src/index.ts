// The library entry of the package: the typed client and sending. Light on purpose (application
// code imports it); the emulator and the linter have their own entries: tplsync/emulator, tplsync/lint.
export { createClient } from './api/client.js';
export type { CallOptions, Client, ClientOptions, RetryInfo, StatusPageOptions } from './api/client.js';
export { ApiError, AuthError, ContractError, NotFoundError, RateLimitedError, RedirectError, RequestError, UnavailableError } from './api/errors.js';
/** a call the library refuses before any request: a bad baseUrl, no key or one an HTTP header cannot carry, validators it cannot load */
export { UsageError } from './core/errors.js';
/** what messageStatusPages and allMessageStatuses reject with once ClientOptions.stopSignal is aborted (the next page not read): exitCode 130; a single request ends with its attempt's error (UnavailableError) */
export { Interrupted } from './core/interrupt.js';
export type * from './api/shapes.js';
export { MESSAGE_STATUS_WORDS, messageStatusText } from './api/shapes.js';
export { sendTemplateWith, sendText, SendFailed, templateOf } from './send/send.js';
export { NotSendable } from './send/gate.js';
export type { NotSendableReason, NotSendableWait } from './send/gate.js';
export type { Sent, SendTemplateOptions, SendTextOptions } from './send/send.js';
export type { QualityWarning } from './core/template-state.js';
export { ParamError, checkParams, renderTemplate } from './send/render.js';
export type { ChannelKind, TemplateCardMeta, TemplateMeta } from './model/meta.js';
export type { TemplateParamValues } from './send/render.js';
