// A saved plan (`plan --out FILE`): what apply will write, with a hash of each file and a
// fingerprint of what each read returned, so that apply can refuse a plan that went stale.
import type { TemplateReadResponse, TemplateWriteRequest } from '../api/shapes.js';
import { canonicalJson } from '../model/canonical.js';
import { templateKey } from '../model/ids.js';
import { fingerprint, sha256, writeBodyOf, type Action, type Plan } from './plan.js';

export const PLAN_FORMAT = 'tplsync-plan';

export interface SavedChange {
  channel: string; name: string; language: string; publicId: string; channelId: string; action: Action;
  file?: string;
  fileHash?: string;
  desiredHash?: string;
  remoteFingerprint: string;
  remoteStatus?: string;
  body?: TemplateWriteRequest;
}

export interface SavedPlan {
  format: typeof PLAN_FORMAT;
  version: 1;
  createdAt: string;
  toolVersion: string;
  environment: string;
  target: string;
  summary: Plan['summary'];
  changes: SavedChange[];
}

export function toSaved(plan: Plan, meta: { environment: string; target: string; toolVersion: string; now: Date }): SavedPlan {
  return {
    format: PLAN_FORMAT, version: 1, createdAt: meta.now.toISOString(), toolVersion: meta.toolVersion,
    environment: meta.environment, target: meta.target, summary: plan.summary,
    changes: plan.changes.map((c) => {
      const body = writeBodyOf(c);
      return {
        channel: c.channel, name: c.name, language: c.language, publicId: c.publicId, channelId: c.channelId, action: c.action,
        ...(c.file ? { file: c.file } : {}), ...(c.fileHash ? { fileHash: c.fileHash } : {}),
        remoteFingerprint: c.remoteFingerprint, ...(c.remoteStatus ? { remoteStatus: c.remoteStatus } : {}),
        ...(body ? { body, desiredHash: sha256(canonicalJson(body)) } : {}),
      };
    }),
  };
}

/** An error message when `v` is not a saved plan this version can apply. */
export function checkSaved(v: unknown): string | undefined {
  const p = v as Partial<SavedPlan> | null;
  if (!p || typeof p !== 'object' || p.format !== PLAN_FORMAT) return 'not a tplsync plan file (make one with `tplsync plan --out FILE`)';
  if (p.version !== 1) return `plan format version ${String(p.version)} is not supported by this tplsync`;
  if (!Array.isArray(p.changes) || typeof p.environment !== 'string') return 'the plan file is incomplete';
  return undefined;
}

export interface Staleness { key: string; what: string }

/** Pure: what moved since the plan, given the files' hashes now and the reads now. */
export function staleness(saved: SavedPlan, now: { fileHash: (file: string) => string | undefined; read: (id: string) => TemplateReadResponse | null }): Staleness[] {
  const out: Staleness[] = [];
  for (const c of saved.changes) {
    const key = templateKey(c);
    if (c.file && c.fileHash) {
      const h = now.fileHash(c.file);
      if (h === undefined) out.push({ key, what: `${c.file} was deleted since the plan` });
      else if (h !== c.fileHash) out.push({ key, what: `${c.file} changed since the plan` });
    }
    const r = now.read(c.publicId);
    const fp = fingerprint(r);
    if (fp !== c.remoteFingerprint) {
      out.push({
        key, what: c.remoteFingerprint === 'absent' ? `the template now exists on the channel (${r!.statusText})`
          : !r ? 'the template is gone from the channel'
            : `the template on the channel changed${c.remoteStatus && c.remoteStatus !== r.statusText ? ` (status ${c.remoteStatus} → ${r.statusText})` : ''}`,
      });
    }
  }
  return out;
}
