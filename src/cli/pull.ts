// `tplsync pull --channel ALIAS --id UUID...`: adopt existing templates into files that lint
// clean and keep their publicId; never overwrite without --force, never write outside --dir.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { UUID_RE } from '../model/ids.js';
import { loadConfig, schemaModelinePath } from '../config/load.js';
import { UsageError } from '../config/errors.js';
import { connect } from '../env/connect.js';
import { finishProject, lintBytes } from '../lint/engine.js';
import { stylish } from '../lint/formatters/stylish.js';
import { projectOptions } from '../lint/run.js';
import { fromRead } from '../model/canonical.js';
import { safeFileName, toTemplateFile } from '../model/to-file.js';
import { resolveChannel } from '../plan/desired.js';
import { existingTemplates, findExisting } from '../plan/existing.js';
import { EXIT } from './exit-codes.js';
import { useColor, writeFileAtomic } from './output.js';
import { toolVersion } from './version.js';

export interface PullCommandOptions { config?: string; env?: string; channel: string; id: string[]; dir: string; force?: boolean; category: string; allowInsecureHttp?: boolean }

export async function pullCommand(o: PullCommandOptions): Promise<number> {
  if (!['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(o.category)) throw new UsageError(`--category is MARKETING, UTILITY or AUTHENTICATION, not '${o.category}'`);
  for (const id of o.id) if (!UUID_RE.test(id)) throw new UsageError(`--id '${id}' is not a UUID`);
  const config = await loadConfig({ cwd: process.cwd(), ...(o.config ? { configFile: o.config } : {}) });
  const conn = await connect(config, { ...(o.env ? { env: o.env } : {}), ...(o.allowInsecureHttp ? { allowInsecureHttp: true } : {}) });
  try {
    const channelId = resolveChannel(o.channel, conn.environment);
    if (!channelId) throw new UsageError(`Channel '${o.channel}' is neither a UUID nor an alias of environment '${conn.environment.name}' (${Object.keys(conn.environment.channels).join(', ') || 'none'})`);
    const dir = path.resolve(process.cwd(), o.dir);
    const schemaPath = schemaModelinePath(config, dir);
    let code: number = EXIT.OK;
    const existing = await existingTemplates(config, conn.environment, process.cwd(), [dir]);
    for (const id of o.id) {
      const r = await conn.client.getTemplate(channelId, id);
      if (!r) { process.stderr.write(`tplsync: no template ${id} in channel ${o.channel} (${conn.environment.name})\n`); code = EXIT.FINDINGS; continue; }
      const target = path.join(dir, safeFileName(r.chatapp.name ?? r.name, r.chatapp.language));
      const lives = findExisting(existing, { id: r.publicId, channelId, name: r.chatapp.name ?? r.name, language: r.chatapp.language });
      // a second file of a template the project has would fail lint: write it only when asked to
      if (lives && path.resolve(lives.abs) !== path.resolve(target)) {
        if (!o.force) { process.stderr.write(`tplsync: ${r.chatapp.name ?? r.name}/${r.chatapp.language} (${id}) already lives in ${path.relative(process.cwd(), lives.abs)}; nothing written (--force writes ${path.relative(process.cwd(), target)} as well)\n`); continue; }
        process.stderr.write(`tplsync: ${r.chatapp.name ?? r.name}/${r.chatapp.language} also lives in ${path.relative(process.cwd(), lives.abs)}; lint will report the two files until one goes\n`);
      }
      if (path.relative(dir, target).startsWith('..') || path.isAbsolute(path.relative(dir, target))) throw new Error('refusing to write outside the target directory');
      if (existsSync(target) && !o.force) { process.stderr.write(`tplsync: ${path.relative(process.cwd(), target)} exists; pass --force to overwrite it\n`); code = EXIT.FINDINGS; continue; }
      const text = toTemplateFile(fromRead(r, channelId), {
        channel: o.channel, category: o.category, schemaPath,
        note: `Pulled from ${conn.environment.name} by tplsync ${toolVersion()} on ${new Date().toISOString().slice(0, 10)}.`,
      });
      const rel = path.relative(process.cwd(), target);
      const diags = finishProject([lintBytes(rel, Buffer.from(text), { now: new Date() })], projectOptions(config));
      writeFileAtomic(target, text);
      process.stdout.write(`${rel}: ${r.chatapp.name}/${r.chatapp.language} (${r.statusText})\n`);
      if (diags.length) {
        process.stderr.write(stylish(diags, { fileCount: 1, color: useColor(process.stderr), toolVersion: toolVersion() }));
        if (diags.some((d) => d.severity === 'error')) code = EXIT.FINDINGS;
      }
    }
    return code;
  } finally { await conn.close(); }
}
