// Effects (file reads) around pure mappings: the canonical templates the files ask for.
import { readFileSync } from 'node:fs';
import { UsageError } from '../core/errors.js';
import type { EnvironmentConfig } from '../config/load.js';
import { readTemplateValue } from '../files/value.js';
import type { FileEntry } from '../lint/run.js';
import { fromFile } from '../model/canonical.js';
import { templateId } from '../model/ids.js';
import { sha256, type DesiredTemplate } from './plan.js';
import { UUID_RE } from '../model/ids.js';

export function resolveChannel(channel: string, env: EnvironmentConfig): string | undefined {
  return UUID_RE.test(channel) ? channel.toLowerCase() : env.channels[channel]?.toLowerCase();
}

export function loadDesired(files: readonly FileEntry[], env: EnvironmentConfig): DesiredTemplate[] {
  return files.map((f) => {
    const bytes = readFileSync(f.abs);
    const t = readTemplateValue(bytes.toString('utf8'));
    const channel = String(t.channel);
    const channelId = resolveChannel(channel, env);
    if (!channelId) throw new UsageError(`${f.file}: channel alias '${channel}' is not defined in environment '${env.name}'`);
    const id = templateId(channelId, String(t.name), String(t.language), typeof t.publicId === 'string' ? t.publicId : undefined);
    return { file: f.file, fileHash: sha256(bytes), channel, canonical: fromFile(t, channelId, id) };
  });
}
