// `tplsync pull --channel ALIAS --id UUID...`: adopt existing templates into files that lint
// clean and keep their publicId; never overwrite without --force, never write outside --dir.
import path from 'node:path';
import { schemaModelinePath } from '../config/load.js';
import { EXIT } from '../core/exit-codes.js';
import { UsageError } from '../core/errors.js';
import { toolVersion } from '../core/version.js';
import { stylish } from '../lint/formatters/stylish.js';
import { UUID_RE } from '../model/ids.js';
import { resolveChannel } from '../plan/desired.js';
import { pullTemplates } from '../pull/pull.js';
import { useColor } from '../terminal/output.js';
import { commandConfig, withConnection } from './context.js';

export interface PullCommandOptions { config?: string; env?: string; channel: string; id: string[]; dir: string; force?: boolean; category: string; allowInsecureHttp?: boolean }

export async function pullCommand(o: PullCommandOptions): Promise<number> {
  if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(o.category)) throw new UsageError(`--category is MARKETING, UTILITY or AUTHENTICATION, not '${o.category}'`);
  for (const id of o.id) if (!UUID_RE.test(id)) throw new UsageError(`--id '${id}' is not a UUID`);
  const config = await commandConfig(o);
  return withConnection(config, o, async (conn) => {
    const channelId = resolveChannel(o.channel, conn.environment);
    if (!channelId) throw new UsageError(`Channel '${o.channel}' is neither a UUID nor an alias of environment '${conn.environment.name}' (${Object.keys(conn.environment.channels).join(', ') || 'none'})`);
    const dir = path.resolve(process.cwd(), o.dir);
    let code: number = EXIT.OK;
    await pullTemplates(config, conn, {
      channel: o.channel, channelId, ids: o.id, dir, category: o.category, force: Boolean(o.force), schemaPath: schemaModelinePath(config, dir), cwd: process.cwd(),
    }, (r) => {
      if (r.kind === 'missing') { process.stderr.write(`tplsync: no template ${r.id} in channel ${o.channel} (${conn.environment.name})\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'exists') { process.stderr.write(`tplsync: ${r.file} exists; pass --force to overwrite it\n`); code = EXIT.FINDINGS; return; }
      if (r.kind === 'elsewhere') { process.stderr.write(`tplsync: ${r.name}/${r.language} (${r.id}) already lives in ${r.file}; nothing written (--force writes a second file)\n`); return; }
      if (r.alsoIn) process.stderr.write(`tplsync: ${r.name}/${r.language} also lives in ${r.alsoIn}; lint will report the two files until one goes\n`);
      process.stdout.write(`${r.file}: ${r.name}/${r.language} (${r.status})\n`);
      if (r.diagnostics.length) {
        process.stderr.write(stylish(r.diagnostics, { fileCount: 1, color: useColor(process.stderr), toolVersion: toolVersion() }));
        if (r.diagnostics.some((d) => d.severity === 'error')) code = EXIT.FINDINGS;
      }
    });
    return code;
  });
}
