// Types: what lint gives for one file (the result of check and place, the input of finish) and
// the options of one file's lint.
import type { Finding, Span } from '../core/diagnostic.js';
import type { Directive } from '../files/directives.js';
import type { Loose } from './rule.js';
export type { FileFacts } from './facts.js';
import type { FileFacts } from './facts.js';

export interface FileResult {
  file: string;
  /** the file's findings, without severities (decided when the run is finished: finish.ts) */
  diagnostics: Finding[];
  directives: Directive[];
  facts: FileFacts;
  /** findings left out by the per-rule cap, by rule id: how many, and where the first one is */
  truncated?: Record<string, { count: number; span: Span }>;
  /** the plain value of the file, when it parsed to a mapping and the caller asked for it (keepValue) */
  value?: Loose;
  /** sha256 of the file's bytes, with `value` */
  hash?: string;
  /**
   * A rule compared the template with the clock (an expiry time): the verdict holds until this
   * instant (ms since the epoch) and no longer, so a cache keeps it until then. Absent: it holds
   * whenever lint runs. A rule that read the clock itself gives the run's own instant (never kept).
   */
  until?: number;
}


export interface FileLintOptions {
  now: Date;
  keepValue?: boolean;
  /** rules off by default (e.g. key-order) that the config turns on: only these of them run */
  enable?: ReadonlySet<string>;
  /** facts a run may never read (the texts' hashes, the variant facts) are worked out when first read; a run that keeps them all (the cache) leaves this off */
  lazyFacts?: boolean;
}
