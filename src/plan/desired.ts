// Pure: the canonical templates the loaded files ask for, in an environment.
import { UsageError } from '../core/errors.js';
import type { EnvironmentConfig } from '../config/load.js';
import { fromFile } from '../model/canonical.js';
import { templateId, UUID_RE } from '../model/ids.js';
import type { LoadedFile } from '../project/load.js';
import type { DesiredTemplate } from './plan.js';

export function resolveChannel(channel: string, env: EnvironmentConfig): string | undefined {
  return UUID_RE.test(channel) ? channel.toLowerCase() : env.channels[channel]?.toLowerCase();
}

/** The canonical template of each (lint-clean) loaded file, with its channel resolved in `env`. */
export function loadDesired(files: readonly LoadedFile[], env: EnvironmentConfig): DesiredTemplate[] {
  return files.map((f) => {
    const t = f.value;
    if (!t || f.hash === undefined) throw new Error(`${f.file} was not loaded`);
    const channel = String(t.channel);
    const channelId = resolveChannel(channel, env);
    if (!channelId) throw new UsageError(`${f.file}: channel alias '${channel}' is not defined in environment '${env.name}'`);
    const id = templateId(channelId, String(t.name), String(t.language), typeof t.publicId === 'string' ? t.publicId : undefined);
    return { file: f.file, fileHash: f.hash, channel, canonical: fromFile(t, channelId, id) };
  });
}
