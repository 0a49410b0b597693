// `tplsync send`: a text (with suggestions) or a template with --param, through the conversation
// operation. Prints the clientMessageId (and nothing else on stdout) for `tplsync status`.
import { readFileSync } from 'node:fs';
import { UUID_RE } from '../schemas/contract.js';
import { loadConfig } from '../config/load.js';
import { UsageError } from '../core/errors.js';
import { connect } from '../connection/connect.js';
import { lintProject } from '../lint/run.js';
import { readTemplateValue } from '../files/value.js';
import { resolveChannel } from '../plan/desired.js';
import { LintFailed } from '../plan/run.js';
import { sendTemplateWith, sendText } from '../send/send.js';
import { templateMeta, type TemplateMeta } from '../model/meta.js';
import { EXIT } from '../core/exit-codes.js';
import { reportLintFailure } from './plan.js';

export interface SendCommandOptions {
  config?: string; env?: string; channel: string; to: string; text?: string; template?: string; language?: string;
  param?: string[]; reply?: string[]; openUrl?: string[]; clientMessageId?: string; allowInsecureHttp?: boolean;
}

function parseParams(list: readonly string[] = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of list) {
    const i = p.indexOf('=');
    if (i <= 0) throw new UsageError(`--param takes NAME=VALUE, not '${p}'`);
    const k = p.slice(0, i);
    if (k in out) throw new UsageError(`--param ${k} is given twice`);
    out[k] = p.slice(i + 1);
  }
  return out;
}

export async function sendCommand(o: SendCommandOptions): Promise<number> {
  if ((o.text === undefined) === (o.template === undefined)) throw new UsageError('Give either --text TEXT or --template NAME');
  if (o.template === undefined && (o.param?.length || o.language)) throw new UsageError('--param and --language go with --template');
  if (o.template !== undefined && (o.reply?.length || o.openUrl?.length)) throw new UsageError('--reply and --open-url go with --text; a template brings its own buttons');
  if (o.clientMessageId !== undefined && !UUID_RE.test(o.clientMessageId)) throw new UsageError(`--client-message-id '${o.clientMessageId}' is not a UUID`);
  const config = await loadConfig({ cwd: process.cwd(), ...(o.config ? { configFile: o.config } : {}) });
  let meta: TemplateMeta | undefined;
  if (o.template !== undefined) {
    try { meta = await findTemplate(config, o.channel, o.template, o.language); } catch (e) {
      if (e instanceof LintFailed) return reportLintFailure(e, 'nothing was sent');
      throw e;
    }
  }
  const conn = await connect(config, { ...(o.env ? { env: o.env } : {}), ...(o.allowInsecureHttp ? { allowInsecureHttp: true } : {}) });
  try {
    const channelId = resolveChannel(o.channel, conn.environment);
    if (!channelId) throw new UsageError(`Channel '${o.channel}' is neither a UUID nor an alias of environment '${conn.environment.name}'`);
    const sent = meta
      ? await sendTemplateWith(conn.client, meta, { to: o.to, params: parseParams(o.param), channelId, ...(o.clientMessageId ? { clientMessageId: o.clientMessageId } : {}) })
      : await sendText(conn.client, channelId, o.to, o.text!, [
        ...(o.reply ?? []).map((t) => ({ action: 'reply', text: t, postbackData: t })),
        ...(o.openUrl ?? []).map((s) => {
          const i = s.indexOf('=');
          if (i <= 0 || !/^https?:\/\/\S+$/.test(s.slice(i + 1))) throw new UsageError(`--open-url takes TEXT=https://..., not '${s}'`);
          return { action: 'open_url', text: s.slice(0, i), postbackData: s.slice(i + 1) };
        }),
      ], o.clientMessageId);
    process.stdout.write(`${sent.clientMessageId}\n`);
    return EXIT.OK;
  } finally { await conn.close(); }
}

async function findTemplate(config: Awaited<ReturnType<typeof loadConfig>>, channel: string, name: string, language?: string): Promise<TemplateMeta> {
  const { files, diagnostics } = await lintProject(config, [], process.cwd());
  const candidates = files.map((f) => ({ f, t: readTemplateValue(readFileSync(f.abs, 'utf8')) }))
    .filter(({ t }) => t && t.channel === channel && t.name === name && (language === undefined || t.language === language));
  if (candidates.length === 0) throw new UsageError(`No template ${channel}/${name}${language ? `/${language}` : ''} in the template files`);
  if (candidates.length > 1) throw new UsageError(`${channel}/${name} exists in ${candidates.map((c) => c.t.language).join(', ')}; choose one with --language`);
  const { f, t } = candidates[0]!;
  const own = diagnostics.filter((d) => d.file === f.file);
  if (own.some((d) => d.severity === 'error')) throw new LintFailed(own, 1);
  return templateMeta(t);
}

