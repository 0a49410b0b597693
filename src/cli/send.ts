// `tplsync send`: a text (with suggestions) or a template with --param, through the conversation
// operation. Prints the clientMessageId (and nothing else on stdout) for `tplsync status`, or with --format json the send.v1 document.
import { adviceCommand } from '../core/advice.js';
import { asIdentifier, identifiersMarked } from '../core/redact.js';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { resolveChannel } from '../plan/desired.js';
import { LintFailed } from '../project/load.js';
import { findTemplate } from '../send/find.js';
import { conversationPath, prepareTemplateSend, SendFailed, sendTemplateAs, sendTextAs, textRequest, type PreparedSend, type Sent } from '../send/send.js';
import type { ConversationResponse } from '../api/shapes.js';
import { urlAddressProblem } from '../model/urls.js';
import { templateKey, type TemplateMeta } from '../model/meta.js';
import type { QualityWarning } from '../core/template-state.js';
import { UUID_RE } from '../model/ids.js';
import { selectEnvironment } from '../config/load.js';
import { commandConfig, withConnection } from './context.js';
import { reportLintFailure } from './report.js';
import { io } from '../core/io.js';
import { onHardStop } from '../core/interrupt.js';
import { randomUUID } from 'node:crypto';

export interface SendCommandOptions {
  config?: string; env?: string; channel?: string; to: string; text?: string; template?: string; language?: string;
  param?: string[]; reply?: string[]; openUrl?: string[]; clientMessageId?: string; allowInsecureHttp?: boolean; textOnly?: boolean;
  /** commander's --no-remote-check: false when given */
  remoteCheck?: boolean;
  presetText?: string;
  /** text (the clientMessageId) or json (sendOutput) */
  format?: string;
  /** everything up to the request, and the request shown instead of made */
  dryRun?: boolean;
  /** each retry said on stderr, as on a terminal, when stderr is not one (a log) */
  verbose?: boolean;
}

/**
 * `send --format json`, version 1 (schema/output/send.v1.schema.json): the message's id, what the
 * service answered of each message, and the parts of the template left out (--text-only's, and a copy-code OTP button).
 */
export function sendOutput(outcome: 'sent' | 'failed', clientMessageId: string, response: ConversationResponse, omitted: readonly string[] = []): string {
  const messages = response.messages.map((m) => ({ publicId: m.publicId, status: m.status, createdDate: m.createdDate }));
  return `${JSON.stringify(identifiersMarked({ version: 1, outcome, clientMessageId, messages, omitted }), null, 2)}\n`;
}

/**
 * `send --dry-run --format json`: send.v1 with outcome `dry-run`, no messages (nothing was sent), and
 * the request the send would make (`request`: its method, path and body; never the API key, which
 * travels in a header and which no message may hold).
 */
export function dryRunOutput(ready: PreparedSend): string {
  const doc = {
    version: 1, outcome: 'dry-run', clientMessageId: ready.clientMessageId, messages: [], omitted: ready.omitted,
    request: { method: 'POST', path: ready.path, body: ready.request },
    remoteCheck: ready.remoteStatus !== undefined ? { status: ready.remoteStatus } : null,
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** `send --dry-run` in text: what would be sent, where, after which checks; the request's body as JSON. */
function dryRunText(ready: PreparedSend, what: string, checked: string): string {
  return [
    `Dry run: ${what} would be sent; nothing was sent.`,
    `  checked:  ${checked}`,
    ...(ready.omitted.length ? [`  left out: ${ready.omitted.join('; ')}`] : []),
    `  request:  POST ${ready.path}`,
    ...JSON.stringify(ready.request, null, 2).split('\n').map((l) => `  ${l}`),
    '',
  ].join('\n');
}

/** NAME=VALUE pairs; a carousel card's values as card_<n>.NAME=VALUE. */
function parseParams(list: readonly string[] = []): Record<string, string | Record<string, string>> {
  // no prototype: a placeholder called constructor or toString is a name like any other
  const out: Record<string, string | Record<string, string>> = Object.create(null) as Record<string, string | Record<string, string>>;
  for (const p of list) {
    const i = p.indexOf('=');
    if (i <= 0) throw new UsageError(`--param takes NAME=VALUE, not '${p}'`);
    const k = p.slice(0, i);
    const card = /^(card_[1-9][0-9]*)\.(.+)$/.exec(k);
    if (card) {
      const cur = out[card[1]!] ?? (Object.create(null) as Record<string, string>);
      if (typeof cur === 'string') throw new UsageError(`--param ${card[1]} is given as a value and as a card`);
      if (Object.hasOwn(cur, card[2]!)) throw new UsageError(`--param ${k} is given twice`);
      out[card[1]!] = Object.assign(Object.create(null) as Record<string, string>, cur, { [card[2]!]: p.slice(i + 1) });
      continue;
    }
    if (Object.hasOwn(out, k)) throw new UsageError(`--param ${k} is given twice`);
    out[k] = p.slice(i + 1);
  }
  return out;
}

function suggestions(o: SendCommandOptions): { action: string; text: string; postbackData: string }[] {
  return [
    ...(o.reply ?? []).map((t) => ({ action: 'reply', text: t, postbackData: t })),
    ...(o.openUrl ?? []).map((s) => {
      const i = s.indexOf('=');
      if (i <= 0 || !/^https?:\/\/\S+$/.test(s.slice(i + 1))) throw new UsageError(`--open-url takes TEXT=URL (an http:// or https:// address), not '${s}'`);
      const bad = urlAddressProblem(s.slice(i + 1));
      if (bad) throw new UsageError(`--open-url ${s.slice(0, i)}: ${bad.message} Nothing was sent.`);
      return { action: 'open_url', text: s.slice(0, i), postbackData: s.slice(i + 1) };
    }),
  ];
}

export async function sendCommand(o: SendCommandOptions): Promise<number> {
  if ((o.text === undefined) === (o.template === undefined)) throw new UsageError('Give either --text TEXT or --template NAME');
  const json = o.format === 'json';
  if (o.format !== undefined && !json && o.format !== 'text') throw new UsageError(`Unknown format '${o.format}'; choose text or json`);
  if (o.template === undefined && (o.param?.length || o.language || o.textOnly || o.presetText !== undefined || o.remoteCheck === false)) throw new UsageError('--param, --language, --text-only, --preset-text and --no-remote-check go with --template');
  if (o.template !== undefined && (o.reply?.length || o.openUrl?.length)) throw new UsageError('--reply and --open-url go with --text; a template brings its own buttons');
  if (o.clientMessageId !== undefined && !UUID_RE.test(o.clientMessageId)) throw new UsageError(`--client-message-id '${o.clientMessageId}' is not a UUID`);
  if (o.template === undefined && o.channel === undefined) throw new UsageError('--text needs --channel ALIAS (a template brings its own channel)');
  const config = await commandConfig(o);
  let meta: TemplateMeta | undefined;
  if (o.template !== undefined) {
    const environment = selectEnvironment(config, o.env);
    // the files name channels by alias: a UUID given (as --channel allows) is the alias the environment maps to it
    const alias = o.channel !== undefined && UUID_RE.test(o.channel)
      ? Object.entries(environment.channels).find(([, id]) => id.toLowerCase() === o.channel!.toLowerCase())?.[0] ?? o.channel
      : o.channel;
    try { meta = await findTemplate(config, io().cwd(), { ...(alias !== undefined ? { channel: alias } : {}), name: o.template, ...(o.language ? { language: o.language } : {}) }, environment); } catch (e) {
      if (e instanceof LintFailed) return reportLintFailure(e, config, 'nothing was sent');
      throw e;
    }
  }
  const extra = o.text !== undefined ? suggestions(o) : [];
  // a send waits for one answer: on a terminal (or with --verbose) each retry is said, else a service that never answers
  // keeps the command silent for every attempt's time-out (5 x 30 s) before it gives up (trial-bf F5); a log says nothing more
  const sayRetries = Boolean(io().stderr.isTTY) || o.verbose === true;
  return withConnection(config, { ...o, sayRetries }, async (conn) => {
    const channel = o.channel ?? meta!.channel;
    const channelId = resolveChannel(channel, conn.environment);
    if (!channelId) throw new UsageError(`Channel '${channel}' is neither a UUID nor an alias of environment '${conn.environment.name}'`);
    // the id chosen here, so that a second Ctrl-C, which ends the run at once, can still name it: the message may be delivered
    // (in one spelling: a UUID is the same in either case, and a repeat must be the same request)
    const clientMessageId = (o.clientMessageId ?? randomUUID()).toLowerCase();
    // what the config says the channel is: a text to an RCS channel is held to RBM's limit, as sendText's channelKind holds it
    // (a template's metadata carries its channel's kind: findTemplate)
    const kind = config.channels?.[channel]?.kind ?? Object.entries(config.channels ?? {}).find(([a]) => conn.environment.channels[a]?.toLowerCase() === channelId.toLowerCase())?.[1].kind;
    // one set of options for the send and its dry run, so that a dry run checks what the send would
    const templateOptions = {
      to: o.to, params: parseParams(o.param), channelId, clientMessageId, ...(o.textOnly ? { textOnly: true } : {}),
      ...(o.remoteCheck === false ? { remoteCheck: false } : {}), ...(o.presetText !== undefined ? { presetText: o.presetText } : {}),
      environment: conn.environment.name,
    };
    if (o.dryRun) {
      // everything a send does up to its request (the same refusals, the same exit codes), and the request shown instead of made
      const ready: PreparedSend = meta
        ? await prepareTemplateSend(conn.client, meta, templateOptions, 'cli')
        : { channelId, clientMessageId, path: conversationPath(channelId), request: textRequest(o.to, o.text!, extra, clientMessageId, kind), omitted: [] };
      const what = meta ? `${asIdentifier(templateKey(meta))} to ${o.to}` : `a text to ${o.to}`;
      const checked = !meta ? 'the text and its suggestions (a --text has no template to read from the channel)'
        : ready.remoteStatus === undefined ? `the file's lint, the values and the message; the channel's copy was NOT checked (--no-remote-check): ${ready.unchecked ?? 'not read'}`
          : `the file's lint, the values and the message; the channel has it ${ready.remoteStatus} and it matches the file${o.textOnly ? ' (its text part: --text-only)' : ''}`;
      io().stdout.write(json ? dryRunOutput(ready) : dryRunText(ready, what, checked));
      if (meta && ready.quality) sayQuality(meta, ready.quality);
      return EXIT.OK;
    }
    const unsaid = onHardStop(() => { io().stderr.write(`tplsync: stopped while the message was being sent: it may have been delivered. Its clientMessageId is ${clientMessageId}: look it up with \`${adviceCommand(`status ${clientMessageId}`, conn.environment.name)}\`, or send it again with --client-message-id ${clientMessageId} (a repeat with the same id is never delivered twice)\n`); });
    let sent: Sent;
    try {
      sent = meta
        ? await sendTemplateAs(conn.client, meta, templateOptions, 'cli')
        : await sendTextAs(conn.client, channelId, o.to, o.text!, { suggestions: extra, clientMessageId, environment: conn.environment.name, ...(kind ? { channelKind: kind } : {}) }, 'cli');
    } catch (e) {
      // taken and answered failed: the service's answer is the output a program reads (the error, on stderr, for people)
      if (json && e instanceof SendFailed) io().stdout.write(sendOutput('failed', e.clientMessageId, e.response, e.omitted));
      throw e;
    } finally { unsaid(); }
    // sent, and the channel rates it RED (or YELLOW): said on stderr (the output a program reads is unchanged)
    if (meta && sent.quality) sayQuality(meta, sent.quality);
    if (json) {
      io().stdout.write(sendOutput('sent', sent.clientMessageId, sent.response, sent.omitted));
      return EXIT.OK;
    }
    io().stdout.write(`${sent.clientMessageId}\n`);
    // the gate could not check it: said, so that a log shows the send was not checked against the channel (--no-remote-check is for a
    // channel that cannot be read, or a test service that keeps no templates; a copy read is checked all the same)
    if (meta && sent.unchecked !== undefined) io().stderr.write(`tplsync: sent ${asIdentifier(templateKey(meta))} unchecked (--no-remote-check): ${sent.unchecked}, so that the channel has it APPROVED as the file says was not checked\n`);
    // (without --text-only, what is left out needs none: a copy-code OTP button, whose code the text carries)
    if (sent.omitted?.length) io().stderr.write(`tplsync: ${o.textOnly ? 'sent the text part only' : 'sent'}; left out: ${sent.omitted.join('; ')}\n`);
    return EXIT.OK;
  });
}

/** a template the channel rates RED (a warning) or YELLOW (a note): approved and sent, and what review and plan say of it (Meta may pause it soon) */
function sayQuality(meta: TemplateMeta, quality: QualityWarning): void {
  io().stderr.write(`tplsync: ${quality.quality === 'RED' ? 'warning' : 'note'}: ${asIdentifier(templateKey(meta))}: ${quality.warning}\n`);
}
